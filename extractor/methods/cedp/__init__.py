"""CEDP: tag-path feature weighted by text block density (Wu Gongqing et al., Sci Sin Inform 2017).

ALGORITHMS.md section 4. The page becomes a sequence of text nodes in document order; each
node gets the ratio of its tag path (CEPR, Wu et al. 2013) times the density of the block
that holds it (CETD, Sun, Song, Liao 2011: TD, CTD, DSum, or the paper's NLTD); the
sequence is smoothed with a Gaussian weighted by tag-path similarity and cut at Otsu's
threshold. Nodes above the cut are the content, output in document order.

A *text node* here is an element's own text (its text plus its children's tails, the
Page's ``own_len``): the Page model's unit, so every statistic is an array operation.

The defaults add documented passes to the paper (Otsu in a power space, paragraph
expansion, a main-region pass, a link-density pass; each an option tuned on
cleaneval+wcxb_dev+dragnet+l3s_gn1 together). The literal reconstruction of ALGORITHMS 4 is
``threshold_space="linear", expand_paragraph=False, region_gap=0, max_link_density=1.0``.
"""

from __future__ import annotations

import weakref
from collections.abc import Container
from dataclasses import dataclass
from typing import Literal

import numpy as np

from ... import content
from ...content import nearest_marked
from ...page import Page
from ...result import Block
from ..base import Extraction, require_range
from .signal import TagPaths, otsu_threshold, smooth

Density = Literal["td", "ctd", "dsum", "nltd", "none"]


@dataclass(frozen=True)
class Options:
    """Options of the ``cedp`` method (the variants ``cedp-td`` … preset ``density``)."""

    #: Block density weighting the path feature: the paper's four (TD, CTD, DSum from CETD;
    #: NLTD, the paper's best, ALGORITHMS 4.3) or "none" (path feature alone, calibration row 2).
    density: Density = "nltd"
    #: "tpr": txtNum/nodeNum per tag path; "etpr": times the std of the node lengths (CEPR; ALGORITHMS 4.2).
    path_feature: Literal["tpr", "etpr"] = "tpr"
    #: Tags that delimit a density block; the nearest such ancestor holds a node. Container
    #: blocks instead of p/li measured +0.04 on cleaneval (ALGORITHMS, calibration). body always counts.
    block_tags: str = "div td section"
    #: Gaussian smoothing radius in nodes (CEPR: 2; ALGORITHMS 4.5).
    smooth_radius: int = 2
    #: Gaussian sigma in nodes (ALGORITHMS calibration row: sigma 1 over +-2 nodes).
    smooth_sigma: float = 1.0
    #: Weight each neighbour by its tag-path similarity (1 - edit distance / longer path) (CEPR; ALGORITHMS 4.5).
    path_weighted: bool = True
    #: Space Otsu thresholds in: "linear" (the paper), "log" (log values, +0.11 on cleaneval, -0.1 on
    #: news, ALGORITHMS calibration) or "power" (values ** threshold_power, between the two; improvement:
    #: mean F1 over cleaneval+wcxb_dev+dragnet+l3s_gn1 0.79 linear, 0.79 log, 0.81 power 0.3-0.4).
    threshold_space: Literal["linear", "log", "power"] = "power"
    #: Exponent of the "power" space (0 -> log-like, 1 -> linear); 0.3 best of 0.25-0.5 with the
    #: passes below on, and the one that keeps cleaneval recall (tuned on cleaneval+wcxb_dev+dragnet+l3s_gn1).
    threshold_power: float = 0.3
    #: Recall pass (improvement): "hysteresis" also keeps every run of nodes above a second, lower
    #: Otsu cut (taken in log space) that touches a node above the main cut: content is contiguous.
    recall_pass: Literal["none", "hysteresis"] = "none"
    #: Added before taking logs in log space, relative to the page maximum of 1 (keeps zeros finite; reconstruction).
    log_floor: float = 1e-4
    #: Expand each selected node to every text node of its enclosing paragraph-level block
    #: (content.BLOCK_TAGS) (improvement: +0.007 cleaneval, +0.004 wcxb_dev, -0.005 l3s_gn1; tuned on
    #: cleaneval+wcxb_dev+dragnet+l3s_gn1).
    expand_paragraph: bool = True
    #: Main-region pass (improvement): kept nodes split into clusters wherever more than this many
    #: text nodes in a row fall below the cut; 0 turns the pass off (10 of 5/10/20, tuned on
    #: cleaneval+wcxb_dev+dragnet+l3s_gn1: it drops far comment and teaser clusters, +0.01 on dragnet).
    region_gap: int = 10
    #: A cluster holding less than this share of the largest cluster's characters is dropped
    #: (0.1 of 0.1/0.3: 0.3 cost cleaneval 0.008; tuned on cleaneval+wcxb_dev+dragnet+l3s_gn1).
    region_min_share: float = 0.1
    #: Drop kept nodes whose paragraph-level block has a link density above this (CleanTree's
    #: cut of 0.65, ALGORITHMS 1.3, reused as a precision pass); 1.0 turns it off. 0.5 of 0.5/0.65/1.0
    #: (+0.01 on dragnet and l3s_gn1; tuned on cleaneval+wcxb_dev+dragnet+l3s_gn1).
    max_link_density: float = 0.5
    #: Structure pass (improvement, issue #14 item 5): a table, list or code block whose text nodes
    #: fell below the cut while the text nodes on both sides of it were kept is kept whole (short
    #: cells and code lines score low beside prose; the link-density pass still applies to it).
    fill_structures: bool = True
    #: Fewer text nodes than this give an empty result: Otsu needs two classes to contrast (issue #4).
    min_text_nodes: int = 2

    def validate(self) -> None:
        require_range("smooth_radius", self.smooth_radius, 0, 50)
        require_range("smooth_sigma", self.smooth_sigma, 1e-3, 100.0)
        require_range("log_floor", self.log_floor, 1e-12, 1.0)
        require_range("threshold_power", self.threshold_power, 1e-3, 10.0)
        require_range("region_gap", self.region_gap, 0, 1_000_000)
        require_range("region_min_share", self.region_min_share, 0.0, 1.0)
        require_range("max_link_density", self.max_link_density, 0.0, 1.0)
        require_range("min_text_nodes", self.min_text_nodes, 1, 1_000_000)


def text_nodes(page: Page) -> np.ndarray:
    """Ids of the elements under ``body`` that own text (the text-node sequence, document order)."""
    start = page.body_id
    stop = int(page.end[start])
    return np.flatnonzero(page.own_len[start:stop] > 0) + start


def tags_in(page: Page, names: Container[str]) -> np.ndarray:
    """Per element, whether its tag is one of ``names``: read once per distinct tag path (the path's
    last tag is the element's), not once per element."""
    tags = tag_paths(page).tag
    return np.fromiter(map(names.__contains__, tags), dtype=bool, count=len(tags))[page.tag_path_id]


def block_ids(page: Page, opts: Options) -> np.ndarray:
    """Per element, the id of the density block holding it (nearest ``block_tags`` ancestor, else body)."""
    marked = tags_in(page, set(opts.block_tags.split()))
    marked[page.body_id] = True
    marked[0] = True
    return nearest_marked(page.parent, marked)


def block_density(page: Page, kind: Density) -> np.ndarray:
    """A CETD density per element id, over the element's subtree (ALGORITHMS 4.3).

    ``C`` chars, ``T`` tags, ``LC`` link chars, ``LT`` link tags; ``LC``/``LT`` at least 1
    where a ratio needs them. Returns float64 values (``kind="none"``: all ones).
    """
    n = len(page)
    if kind == "none":
        return np.ones(n)
    c = page.text_len.astype(np.float64)
    t = page.tag_count.astype(np.float64)
    td = c / t
    if kind == "td":
        return td
    if kind == "dsum":
        dsum = np.zeros(n)
        if n > 1:
            np.add.at(dsum, page.parent[1:], td[1:])
        return dsum
    lc = page.link_len.astype(np.float64)
    lt = page.link_count.astype(np.float64)
    if kind == "nltd":
        return (c - lc) / (t - lt + 1.0)
    body = page.body_id
    c_b = max(float(c[body]), 1.0)
    lc_b = float(lc[body])
    lc1, lt1 = np.maximum(lc, 1.0), np.maximum(lt, 1.0)
    nlc = np.maximum(c - lc, 1.0)
    base = np.log(c / nlc * lc1 + lc_b / c_b * c + np.e)
    arg = np.maximum(c / lc1 * t / lt1, 1e-12)
    return td * np.log(arg) / np.maximum(np.log(base), 1e-9)


def path_feature(page: Page, nodes: np.ndarray, kind: str) -> np.ndarray:
    """TPR (or ETPR) of each node's tag path, over the page's text nodes (ALGORITHMS 4.2)."""
    pid = page.tag_path_id[nodes]
    length = page.own_len[nodes].astype(np.float64)
    size = int(pid.max()) + 1
    count = np.bincount(pid, minlength=size).astype(np.float64)
    chars = np.bincount(pid, weights=length, minlength=size)
    tpr = chars / np.maximum(count, 1.0)
    if kind == "etpr":
        sq = np.bincount(pid, weights=length * length, minlength=size)
        var = np.maximum(sq / np.maximum(count, 1.0) - tpr * tpr, 0.0)
        tpr = tpr * np.sqrt(var)
    return tpr[pid]


def _unit(x: np.ndarray) -> np.ndarray:
    x = np.maximum(x, 0.0)
    top = float(x.max()) if x.size else 0.0
    return x / top if top > 0 else np.zeros_like(x)


def node_scores(page: Page, nodes: np.ndarray, opts: Options) -> np.ndarray:
    """The smoothed combined feature ``pathF * densityF`` per text node (ALGORITHMS 4.4-4.5)."""
    path = _unit(path_feature(page, nodes, opts.path_feature))
    if opts.density == "none":
        combined = path
    else:
        dens = block_density(page, opts.density)[block_ids(page, opts)[nodes]]
        combined = path * _unit(dens)
    pid = page.tag_path_id[nodes]
    paths = tag_paths(page) if opts.path_weighted and opts.smooth_radius > 0 else {}
    return smooth(combined, pid, paths, opts.smooth_radius, opts.smooth_sigma, opts.path_weighted)


#: Per live Page, its tag-path trie (:func:`tag_paths`): both density variants' scores, the block
#: ids and the paragraph owners of a page read the same one.
_PAGE_PATHS: weakref.WeakKeyDictionary[Page, TagPaths] = weakref.WeakKeyDictionary()


def tag_paths(page: Page) -> TagPaths:
    """The page's tag paths as a trie over its ``tag_path_id`` numbers (built once per live Page).

    A path id is (the parent element's path id, the tag) and is numbered at its first element in
    document order, so a parent path's id is smaller than its children's, as :class:`TagPaths` needs.
    """
    got = _PAGE_PATHS.get(page)
    if got is None:
        got = _PAGE_PATHS[page] = _build_tag_paths(page)
    return got


def _build_tag_paths(page: Page) -> TagPaths:
    pid = page.tag_path_id
    size = int(pid.max()) + 1
    up = np.full(size, -1, dtype=np.int64)
    up[pid[1:]] = pid[page.parent[1:]]
    rep = np.zeros(size, dtype=np.int64)
    rep[pid] = np.arange(len(pid), dtype=np.int64)
    parent = up.tolist()
    tags = page.tags
    length = [0] * size
    for p, q in enumerate(parent):
        length[p] = length[q] + 1 if q >= 0 else 1
    return TagPaths(parent, [tags[i] for i in rep.tolist()], length)


def to_space(scores: np.ndarray, space: str, opts: Options) -> np.ndarray:
    """Scores mapped into the space Otsu cuts in ("linear", "log" or "power")."""
    if space == "log":
        return np.log(scores + opts.log_floor)
    if space == "power":
        return np.power(np.maximum(scores, 0.0), opts.threshold_power)
    return scores


def hysteresis(high: np.ndarray, low: np.ndarray) -> np.ndarray:
    """Nodes in a run of consecutive ``low`` nodes that holds at least one ``high`` node (plus ``high``).

    Both are boolean masks over the sequence; returns a new mask.
    """
    low = low | high
    starts = np.flatnonzero(low & ~np.concatenate(([False], low[:-1])))
    run = np.cumsum(low & ~np.concatenate(([False], low[:-1]))) - 1
    hit = np.zeros(len(starts), dtype=bool)
    hit[run[high]] = True
    return low & hit[np.maximum(run, 0)] & (run >= 0)


def main_region(keep: np.ndarray, chars: np.ndarray, gap: int, min_share: float) -> np.ndarray:
    """Drop kept clusters far from the main one.

    ``keep`` marks content nodes of the sequence and ``chars`` their text lengths. Kept
    nodes more than ``gap`` positions apart start a new cluster; clusters with fewer than
    ``min_share`` of the largest cluster's characters are unmarked. Returns a new mask.
    """
    kept = np.flatnonzero(keep)
    if len(kept) < 2:
        return keep.copy()
    cluster = np.concatenate(([0], np.cumsum(np.diff(kept) > gap)))
    size = np.bincount(cluster, weights=chars[kept].astype(np.float64))
    out = np.zeros_like(keep)
    out[kept[size[cluster] >= min_share * size.max()]] = True
    return out


def select(page: Page, nodes: np.ndarray, scores: np.ndarray, opts: Options,
           owners: np.ndarray | None = None) -> tuple[np.ndarray, float]:
    """Boolean mask of content nodes (Otsu's cut on the scores) and the cut, in the chosen space.

    ``owners`` (from :func:`paragraph_owners`, computed when not given) serves ``expand_paragraph``.
    """
    values = to_space(scores, opts.threshold_space, opts)
    cut = otsu_threshold(values)
    keep = values >= cut
    if opts.recall_pass == "hysteresis":
        low = to_space(scores, "log", opts)
        keep = hysteresis(keep, low >= otsu_threshold(low))
    if opts.region_gap > 0:
        keep = main_region(keep, page.own_len[nodes], opts.region_gap, opts.region_min_share)
    if opts.expand_paragraph:
        owner = (paragraph_owners(page) if owners is None else owners)[nodes]
        chosen = np.zeros(len(page), dtype=bool)
        chosen[owner[keep]] = True
        keep = chosen[owner]
    if opts.fill_structures:
        keep = fill_structures(page, nodes, keep)
    if opts.max_link_density < 1.0:
        owner = (paragraph_owners(page) if owners is None else owners)[nodes]
        dense = page.link_len[owner] > opts.max_link_density * page.text_len[owner]
        keep = keep & ~dense
    return keep, cut


#: Elements whose text is structure the output keeps (tables, lists, code): see :func:`fill_structures`.
STRUCTURE_TAGS = frozenset(("table", "ul", "ol", "dl", "pre"))


def fill_structures(page: Page, nodes: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """``keep`` with every table, list or code block filled whose text nodes are not all kept while the
    text nodes just before and just after it are: content on both sides makes it part of the content
    (its cells, items or lines are short, so their path and density scores fall below the cut).
    Returns a new mask over ``nodes``."""
    keep = keep.copy()
    n = len(nodes)
    marked = np.fromiter(map(STRUCTURE_TAGS.__contains__, page.tags), dtype=bool, count=len(page))
    for e in np.flatnonzero(marked).tolist():
        a = int(np.searchsorted(nodes, e))
        b = int(np.searchsorted(nodes, page.end[e]))
        if 0 < a < b < n and keep[a - 1] and keep[b] and not keep[a:b].all():
            keep[a:b] = True
    return keep


def paragraph_owners(page: Page) -> np.ndarray:
    """Per element, its nearest block-level ancestor-or-self (:func:`extractor.content.paragraph_owners`)."""
    return content.paragraph_owners(page)


def emit_blocks(page: Page, kept: np.ndarray, owner: np.ndarray, score: float = 1.0) -> list[Block]:
    """Blocks of the kept elements' own text, in document order.

    ``kept`` holds element ids (sorted); an element's own text is its ``.text`` and its children's
    tails. :func:`extractor.content.piece_blocks` makes the blocks, as every method that chooses
    text node by node does: paragraphs split as :func:`extractor.content.collect_blocks` splits
    text, a ``<pre>`` kept as written, a data row's cells as one row, list items numbered.
    Only kept elements are visited, not the whole tree.
    """
    return content.piece_blocks(page, content.own_text_pieces(page, kept.tolist()), owner, score=score)


def run(page: Page, opts: Options) -> Extraction:
    """Extract the main text of ``page`` with CEDP; an empty Extraction carries the reason."""
    body = page.body_id
    if page.text_len[body] == 0:
        inside = int(page.end[body]) - body - 1
        if inside == 0:
            return Extraction([], reason="the page body is empty: no text")
        return Extraction([], reason=f"the page body holds {inside} element(s) but no text node: no text to extract")
    if page.non_link_len[body] == 0:
        return Extraction([], reason="all text on the page is link text: no content to contrast with navigation")
    nodes = text_nodes(page)
    if len(nodes) < opts.min_text_nodes:
        return Extraction([], reason=f"the page has {len(nodes)} text node(s); CEDP needs at least "
                                     f"{opts.min_text_nodes} to contrast content with noise")
    scores = node_scores(page, nodes, opts)
    owners = paragraph_owners(page)
    keep, cut = select(page, nodes, scores, opts, owners)
    kept = nodes[keep]
    details = {"text_nodes": int(len(nodes)), "kept_nodes": int(keep.sum()), "threshold": round(cut, 6),
               "density": opts.density}
    blocks = emit_blocks(page, kept, owners)
    if not blocks:
        return Extraction([], reason="no text node scored above Otsu's threshold", details=details)
    return Extraction(blocks, details=details)
