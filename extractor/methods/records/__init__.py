"""Record mining on the tag tree (Ren Zhongsheng, Xue Yongsheng 2009; ALGORITHMS.md section 3).

Two variants share cleaning and schema generation:

- ``variant="paper"``: the paper's pipeline — DRMining over the similarity sequence of
  consecutive leaves, RecordMining (descent by ``factor``; ``descent="children"`` is the
  letter, ``"nodes"`` the ALGORITHMS fix), records filtered by most frequent tag and size.
- ``variant="groups"`` (default): where ALGORITHMS shows the letter fails (the sweep picks
  nearly the whole page, the descent follows a navigation list, empty anchors win the tag
  vote, consent banners get mined), the candidate regions are

  * *sibling groups*: at least ``min_records`` siblings with the same tag and similar classes
    (single-linkage over class-word Jaccard >= ``class_similarity``, digit runs ignored), plus
    the union of a parent's repeated same-tag clusters (``tag_union``);
  * *families* (``families``): elements of one tag and the same class words anywhere in the
    page, nested ones included (threaded replies; posts nested by broken markup);

  empty members (no text, no image: ``<a id=…>`` anchors) and header rows are dropped. A group
  scores its text (link text weighted by ``link_weight``, nested members counted once) times
  a *structure* factor (``1 -`` the share of text that members hold as their own text: prose
  paragraphs and code lines are not records) times its *regularity* (mean simple-tree-matching
  similarity of a sample of members to the largest, over the top ``regularity_depth``
  levels). A group wrapping a better group one to one takes its place when within
  ``wrapper_margin`` (the whole post, not its body). Several regions are returned, best
  first, none overlapping a better one.

Then RecordSchemaGen (:mod:`.schema`) turns the main region's records into a table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from ...page import Page
from ..base import require_range
from .clean import consent_furniture, html_furniture, position_furniture, removed_mask
from .drmining import common_depths, descend, dr_mining, leaves, record_set
from .groups import (
    FoundRegion,
    class_families,
    image_counts,
    member_mask,
    prefer_wrappers,
    rank_regions,
    score_groups,
    sibling_groups,
)
from .schema import Schema, generate


@dataclass(frozen=True)
class Options:
    """Options of record mining; every constant cites its source."""

    #: "groups": sibling groups scored by text (ALGORITHMS 3, calibration: the letter scores 0.51);
    #: "paper": DRMining + RecordMining to the letter of the paper (with ``descent`` below).
    variant: Literal["groups", "paper"] = "groups"
    #: RecordMining descent: "children" = child with most children (the paper's line 11);
    #: "nodes" = child with most nodes (ALGORITHMS 3 calibration: 0.51 -> 0.75).
    descent: Literal["children", "nodes"] = "children"
    #: RecordMining ``factor``: descend while the child holds more than this share of the nodes.
    #: The paper gives no value (reconstruction); tuned on records_dev (descent by nodes, record F1 on
    #: pages found in HTML: 0.804 at 0.3, 0.818 at 0.4, 0.816 at 0.5 and 0.6, 0.740 at 0.7).
    factor: float = 0.5
    #: ``sigma`` of the Sep kernel (ALGORITHMS 3.2 reconstruction: sigma = 1).
    sep_sigma: float = 1.0
    #: RecordSchemaGen ``maxcount``: retry rounds for records not fully matched (the paper names it,
    #: gives no value; 3 is this project's choice).
    maxcount: int = 3
    #: Smallest group of siblings that counts as records (ALGORITHMS 3 baseline: ">= 4"; tuned on records_dev:
    #: 0.962 at 2, 0.965 at 3, 0.955 at 4).
    min_records: int = 3
    #: Class-word Jaccard at or above which same-tag siblings are one group (tuned on records_dev).
    class_similarity: float = 0.5
    #: Also offer the same-tag siblings of all repeated class clusters (2+ members each) as one group
    #: when their classes split them into several (tuned on records_dev).
    tag_union: bool = True
    #: Weight of link text in a group's text score (navigation is all links; tuned on records_dev:
    #: 0.956 at 0.1, 0.965 at 0.3 and 0.5, 0.952 at 1).
    link_weight: float = 0.3
    #: Members compared with the seed to measure a group's regularity (bounds tree matching).
    regularity_sample: int = 8
    #: Levels below a member compared for regularity: the upper skeleton of posts and cards repeats,
    #: their content does not (tuned on records_dev, record F1 on pages found in HTML: 0.966 at 1,
    #: 0.968 at 2, 0.965 at 3, 0.963 at 5).
    regularity_depth: int = 2
    #: Also mine *families*: all elements of one tag and the same class words anywhere in the page,
    #: nested ones included (threaded replies; posts nested by broken markup). Tuned on records_dev.
    families: bool = True
    #: Exponent of ``1 - own-text share`` in the group score: a record keeps its text in fields
    #: (child elements); prose paragraphs and code lines keep it as their own text (tuned on records_dev).
    structure_power: float = 1.0
    #: Floor of the structure factor, so a group of plain-text items can still win when nothing else repeats.
    structure_floor: float = 0.05
    #: Exponent of the regularity factor in the group score (tuned on records_dev).
    regularity_power: float = 1.0
    #: A group whose members wrap another group's one to one wins when it scores within this share
    #: of it (the whole post, not its body alone; tuned on records_dev).
    wrapper_margin: float = 0.1
    #: Rendered pages: most characters a member's text counts per CSS px² of its box. A dense 16 px
    #: paragraph draws one character per ~8 x 20 px (0.006); 0.03 is five times that.
    max_text_density: float = 0.03
    #: Most regions returned (main first).
    max_regions: int = 5
    #: Most records of the main region read into the table (the first ones, in document order); the
    #: rest are named in ``Table.notes``. Bounds the work on a hostile or dump-sized table: the table
    #: costs ~50 µs of CPU per record read (``extract_records(page, max_records=...)`` on a parsed Page of
    #: ``tests.synthetic.synthetic_item_list(100_000)``, 2026-11-25: 1.3-1.4 s at 20,000, 0.85-0.9 s at
    #: 10,000); records_dev's largest listing has 104 records and the 5 MB listing of
    #: tests/test_records.py 6,600 (this project's cap).
    max_records: int = 10_000
    #: Most candidate groups whose regularity is measured (best text scores first; bounds the work).
    max_candidates: int = 60
    #: Most distinct class-word sets clustered per parent and tag (Jaccard is quadratic in them); rarer
    #: sets beyond this are one cluster per tag (generated class names).
    max_class_sets: int = 200
    #: Tree matching bound: nodes kept per record tree, in document order (keeps STM O(n^2) small).
    max_match_nodes: int = 200
    #: Tree matching bound: levels kept below a record's root.
    max_match_depth: int = 40
    #: Share of a column's values that must look like a price/number/date to give it that kind.
    kind_share: float = 0.6
    #: Columns filled in fewer than this share of the records are merged into one ``other`` column
    #: (this project's choice, so forum tables stay readable; record texts are not affected).
    min_column_fill: float = 0.2
    #: Remove page furniture before mining (ALGORITHMS 3.1).
    clean: bool = True
    #: With render on: when the rendered body shows less than this share of the text the HTML serves
    #: (an app shell whose scripts cannot run offline; Discourse keeps its posts in ``noscript``), mine
    #: the HTML as served instead, and say so in ``Table.notes``. 0 turns it off. Tuned on records_dev.
    render_fallback_share: float = 0.25
    #: Never remove, as furniture, an element holding more than this share of the body's text
    #: (a wrapper is not furniture; this project's guard, checked on records_dev).
    max_furniture_share: float = 0.4
    #: Position cleaning bands (DESIGN "Rendering and position"; values are this project's defaults:
    #: a header band is the top 12 % of the page, at most 300 px; a footer band the bottom 12 %, at
    #: most 600 px; a side column is at most 25 % of the page wide, within the outer 30 % strip, and
    #: at least 30 % of the page tall).
    header_band: float = 0.12
    header_band_px: float = 300.0
    footer_band: float = 0.12
    footer_band_px: float = 600.0
    side_strip: float = 0.30
    side_max_width: float = 0.25
    side_min_height: float = 0.30
    #: A header/footer band element must span this share of the page width, unless its parent lies
    #: in a band too (this project's rule: page bars span the page; a first-row card title does not).
    band_min_width: float = 0.5
    #: On the position path, also apply the HTML rules: "landmarks" (nav, page-level header/footer/aside,
    #: landmark roles), "all" (plus class/id words) or "none" (position alone). Tuned on records_dev with
    #: render on: none 0.957, landmarks 0.956, all 0.956 (pages with records_found_in_html >= 0.9).
    rendered_html_rules: Literal["none", "landmarks", "all"] = "none"

    def validate(self) -> None:
        require_range("factor", self.factor, 0.0, 1.0)
        require_range("sep_sigma", self.sep_sigma, 1e-6, 1e6)
        require_range("maxcount", self.maxcount, 1, 1000)
        require_range("min_records", self.min_records, 2, 10_000)
        require_range("class_similarity", self.class_similarity, 0.0, 1.0)
        require_range("link_weight", self.link_weight, 0.0, 1.0)
        require_range("regularity_sample", self.regularity_sample, 1, 1000)
        require_range("regularity_depth", self.regularity_depth, 1, 1000)
        require_range("structure_power", self.structure_power, 0.0, 10.0)
        require_range("structure_floor", self.structure_floor, 0.0, 1.0)
        require_range("regularity_power", self.regularity_power, 0.0, 10.0)
        require_range("max_regions", self.max_regions, 1, 1000)
        require_range("wrapper_margin", self.wrapper_margin, 0.0, 1.0)
        require_range("max_text_density", self.max_text_density, 0.0, 1e6)
        require_range("max_candidates", self.max_candidates, 1, 1_000_000)
        require_range("max_records", self.max_records, 1, 100_000_000)
        require_range("max_class_sets", self.max_class_sets, 1, 1_000_000)
        require_range("max_match_nodes", self.max_match_nodes, 1, 100_000)
        require_range("max_match_depth", self.max_match_depth, 1, 1000)
        require_range("kind_share", self.kind_share, 0.0, 1.0)
        require_range("min_column_fill", self.min_column_fill, 0.0, 1.0)
        require_range("render_fallback_share", self.render_fallback_share, 0.0, 1.0)
        require_range("max_furniture_share", self.max_furniture_share, 0.0, 1.0)
        for name in ("header_band", "footer_band", "side_strip", "side_max_width", "side_min_height"):
            require_range(name, getattr(self, name), 0.0, 1.0)


@dataclass
class Mining:
    """What record mining found: regions best first, the main region's schema, cleaning path."""

    regions: list[FoundRegion]
    schema: Schema | None
    cleaning: str
    reason: str | None = None
    details: dict = field(default_factory=dict)


def clean(page: Page, opts: Options) -> tuple[np.ndarray, str]:
    """Furniture mask (True = removed) and the cleaning path that ran ("position", "html" or "none")."""
    path = "position" if page.geometry is not None else "html"
    if not opts.clean:
        return np.zeros(len(page), dtype=bool), "none"
    ids = consent_furniture(page)
    if page.geometry is not None:
        ids += position_furniture(
            page, header_band=opts.header_band, header_band_px=opts.header_band_px, footer_band=opts.footer_band,
            footer_band_px=opts.footer_band_px, side_strip=opts.side_strip, side_max_width=opts.side_max_width,
            side_min_height=opts.side_min_height, max_share=opts.max_furniture_share,
            band_min_width=opts.band_min_width)
        if opts.rendered_html_rules != "none":
            ids += html_furniture(page, opts.max_furniture_share, words=opts.rendered_html_rules == "all")
    else:
        ids += html_furniture(page, opts.max_furniture_share)
    return removed_mask(page, sorted(set(ids))), path


def paper_region(page: Page, removed: np.ndarray, opts: Options) -> FoundRegion | None:
    """DRMining + RecordMining (the paper's letter, with ``opts.descent``); ``None`` when nothing repeats."""
    leaf_ids = leaves(page, removed)
    if len(leaf_ids) < 2:
        return None
    sims = common_depths(page, leaf_ids)
    run, _, _ = dr_mining(sims, opts.sep_sigma)
    if run is None:
        return None
    region_leaves = leaf_ids[run[0]:run[1] + 1].tolist()
    top = page.common_ancestor(region_leaves)
    node = descend(page, top, opts.factor, opts.descent)
    records = record_set(page, node, removed)
    if len(records) < 2:
        return None
    return FoundRegion(node, records, float(sum(int(page.text_len[r]) for r in records)))


def run(page: Page, opts: Options) -> Mining:
    """Mine the data regions of ``page`` and build the main region's table."""
    removed, path = clean(page, opts)
    candidates: list[FoundRegion] = []
    if opts.variant == "paper":
        paper = paper_region(page, removed, opts)
        if paper is not None:
            candidates.append(paper)
    else:
        keep = member_mask(page, image_counts(page))
        groups = sibling_groups(page, removed, opts, keep=keep)
        if opts.families:
            groups += class_families(page, removed, opts, keep=keep)
        candidates = score_groups(page, groups, removed, opts)
        prefer_wrappers(page, candidates, opts.wrapper_margin)
    regions = rank_regions(page, candidates, opts.max_regions)
    if not regions:
        if opts.variant == "paper":
            reason = ("no repeated structure found: DRMining/RecordMining left fewer than 2 records "
                      "of the most frequent tag")
        else:
            reason = (f"no repeated structure found: no group of at least {opts.min_records} similar "
                      "elements with text")
        return Mining([], None, path, reason=reason)
    main = regions[0]
    details: dict = {"candidates": len(candidates)}
    if len(main.records) > opts.max_records:
        details["records_cut"] = (opts.max_records, len(main.records))
        main = FoundRegion(main.parent, main.records[:opts.max_records], main.score)
        regions = [main, *regions[1:]]
    schema = generate(page, main.records, removed, maxcount=opts.maxcount, max_nodes=opts.max_match_nodes,
                      max_depth=opts.max_match_depth, kind_share=opts.kind_share,
                      min_column_fill=opts.min_column_fill)
    return Mining(regions, schema, path, details=details)
