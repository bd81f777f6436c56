"""Features of the CRF blocks (ALGORITHMS.md 5.4, 5.6) and labels derived from gold (5.5).

Every feature is a string (weight 1 in crfsuite). The paper's block-attribute feature is the
conjunction of tag, anchor share, text share and position, each discretised to one digit
(seed 004, section 2.2.1, example ``T A0 C0 S0``); it also has first/last-block features
(2.2.2, 2.2.3). Added here, and versioned with :data:`FEATURE_VERSION`: each attribute alone,
a log-scale length bin, the parent's tag, and the same attributes of neighbours in a window.
A model records the version it was trained with; :mod:`extractor.methods.crf` refuses a mismatch.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np

from ...metrics import shingles, tokens
from ...page import Page
from ..base import require_range
from .blocks import TEXT_TAG, Segment, break_prefix, segment_text
from .stack import StackOptions, stacked_features

#: Bumped whenever a feature's name or meaning changes; stored in every model's JSON file.
FEATURE_VERSION = "html-3"
#: Version of the layout features (ALGORITHMS 5.6) appended to the HTML ones.
LAYOUT_FEATURE_VERSION = "layout-1"
LABELS = ("title", "body", "noise")


@dataclass(frozen=True)
class FeatureOptions:
    """Constants of the feature functions."""

    #: Levels of each discretised attribute: the paper's features carry one digit each (seed 004, 2.2.1).
    bins: int = 10
    #: Neighbours on each side whose attributes are features of a block (added here; ALGORITHMS 5.4
    #: "neighbours' features in a window"; 2 chosen as the smallest window holding a heading and its text).
    window: int = 2
    #: Cap of the log2 bin of a block's character count (added here: 2**14 chars covers any block).
    length_cap: int = 14
    #: Ancestors (from the block's first element up) whose class/id words are features (added here;
    #: -1: none, 0: the element's own only; 3 levels lost 0.05 F1 on a 300-page wcxb_dev CV, 0 gained 0.004).
    attr_levels: int = 0
    #: Semantic tags among a block's ancestors as features (added here; +0.006 F1 on the same trial).
    context_tags: bool = True
    #: Class/id words shorter or longer than these are ignored (added here: drops hashes and "a", "x").
    attr_min_len: int = 3
    attr_max_len: int = 20
    #: Stacked features: decay's region with and without CleanTree, the container's densities
    #: (html-3, :mod:`.stack`). Grouped 5-fold CV on wcxb_dev, c1 0.02 c2 0.1, Viterbi / best
    #: cut F1: without 0.763 / 0.779, with 0.770 / 0.791 (bench/results/crf.md).
    stacked: bool = True
    #: CEDP density variants whose selections are stacked too. None: on the same CV, CEDP (nltd)
    #: added 0.002 / 0.0005, nltd + ctd 0.003 / 0.001, at 1-2 ms a page (3/4 of an lxml parse).
    stack_cedp: tuple[str, ...] = ()
    #: Cue groups of class/id words (comment, footer, nav, related, share, byline ...) on the block's
    #: element, its 3 nearest ancestors and any ancestor (feature set ``cues-1``, added for the pooled
    #: model of bench/train_learned.py; off in the html-3 models).
    cues: bool = False
    #: Whether the block lies in a readers' comment section (:mod:`extractor.comments`; ``cm-1``).
    comment_section: bool = False
    #: Depth bin and more structural tags among the ancestors (pre, code, h4-h6, figcaption, dt/dd; ``st-1``).
    structure: bool = False

    def validate(self) -> None:
        require_range("bins", self.bins, 2, 100)
        require_range("window", self.window, 0, 10)
        require_range("attr_levels", self.attr_levels, -1, 50)
        require_range("length_cap", self.length_cap, 1, 64)


def feature_version(opts: FeatureOptions | None = None) -> str:
    """The version string of the HTML features ``opts`` switch on (:data:`FEATURE_VERSION` plus one
    suffix per optional group), as stored in a model's JSON file."""
    opts = opts or FeatureOptions()
    out = FEATURE_VERSION
    if opts.cues:
        out += f"+{CUES_VERSION}"
    if opts.comment_section:
        out += "+cm-1"
    if opts.structure:
        out += "+st-1"
    return out


#: Version of the class/id cue groups (:data:`CUE_GROUPS`): bump when a group or its words change.
CUES_VERSION = "cues-1"
#: Class/id cue groups: a group fires when a word of an element's class or id starts with one of
#: its stems (words split at non-letters and at lower-to-upper case changes). Chosen by reading the
#: markup conventions of common CMSs, not from gold; ``comment`` excludes "commentary".
CUE_GROUPS: dict[str, tuple[str, ...]] = {
    "comment": ("comment", "respond", "disqus", "reply", "replies"),
    "footer": ("footer", "foot", "copyright", "legal", "disclaimer"),
    "nav": ("nav", "menu", "breadcrumb", "pagination", "pager", "toolbar", "skip"),
    "related": ("related", "recommend", "popular", "trending", "outbrain", "taboola", "more", "also", "next", "prev"),
    "share": ("share", "sharing", "social", "facebook", "twitter", "tweet", "addthis", "print", "email"),
    "byline": ("byline", "author", "dateline", "date", "time", "published", "posted", "meta", "info"),
    "ad": ("advert", "ads", "sponsor", "promo", "banner", "dfp", "adsense", "commercial"),
    "side": ("sidebar", "side", "widget", "aside", "rail", "column"),
    "header": ("header", "masthead", "logo", "brand", "top"),
    "tags": ("tag", "categor", "topic", "label", "keyword"),
    "form": ("subscribe", "newsletter", "signup", "login", "register", "form", "search"),
    "media": ("caption", "figure", "credit", "photo", "image", "img", "gallery", "slide", "video", "thumb"),
    "content": ("article", "content", "post", "entry", "story", "body", "main", "text", "blog", "detail"),
    "title": ("title", "headline", "heading", "head"),
    "hidden": ("hidden", "hide", "modal", "popup", "cookie", "overlay", "tooltip"),
}
_NOT_COMMENT = frozenset(("commentary", "commentaries", "commentator", "commentators"))
_CAMEL = re.compile(r"([a-z])([A-Z])")
_SPLIT = re.compile(r"[^a-z0-9]+")
#: (stem, group) pairs, longest stem first.
_STEMS = sorted(((stem, g) for g, stems in CUE_GROUPS.items() for stem in stems), key=lambda x: -len(x[0]))


#: The stems as one pattern, in :data:`_STEMS`' order: a match is the first stem the word starts with.
_STEM_PATTERN = re.compile("|".join(re.escape(stem) for stem, _ in _STEMS))
_GROUP_OF = {stem: group for stem, group in reversed(_STEMS)}


def _stem_group(word: str) -> str | None:
    """The group of the first stem of :data:`_STEMS` that ``word`` starts with (None: no stem)."""
    found = _STEM_PATTERN.match(word)
    if found is None:
        return None
    group = _GROUP_OF[found.group(0)]
    if group == "comment" and word in _NOT_COMMENT:  # rare: the stems after "comment" decide
        return next((g for stem, g in _STEMS if g != "comment" and word.startswith(stem)), None)
    return group


def cue_groups(class_or_id: str) -> frozenset[str]:
    """The cue groups (:data:`CUE_GROUPS`) that a class/id value names."""
    out = set()
    for word in _SPLIT.split(_CAMEL.sub(r"\1 \2", class_or_id).lower()):
        if len(word) < 2:
            continue
        if word == "ad":
            out.add("ad")
            continue
        group = _stem_group(word)
        if group is not None:
            out.add(group)
    return frozenset(out)


#: More structural tags whose presence among a block's ancestors is a feature (``st-1``).
STRUCTURE_TAGS = frozenset("pre code h4 h5 h6 figcaption dt dd time address caption td th em strong".split())


def extra_features(page: Page, segs: list[Segment], opts: FeatureOptions) -> list[list[str]]:
    """Per block, the optional groups: class/id cue groups (``c0=``: the block's first element,
    ``c1=``: one of its 3 nearest ancestors, ``c2=``: any ancestor), ``cm`` inside a readers'
    comment section, the depth bin ``dp=`` and structural ancestors ``st=``."""
    out: list[list[str]] = [[] for _ in segs]
    if not segs:
        return out
    parent = page.parent.tolist()
    elements, names = page.elements, page.class_id
    body = page.body_id
    if opts.cues:
        own: dict[int, frozenset[str]] = {}

        def groups(i: int) -> frozenset[str]:
            got = own.get(i)
            if got is None:
                name = names[i]
                got = cue_groups(name) if name else frozenset()
                own[i] = got
            return got

        anywhere: dict[int, frozenset[str]] = {-1: frozenset()}

        def above(i: int) -> frozenset[str]:
            """Cue groups of the strict ancestors of ``i`` (memoised up the chain)."""
            chain = []
            while i not in anywhere:
                chain.append(i)
                i = parent[i]
            got = anywhere[i]
            for j in reversed(chain):
                up = parent[j]
                got = got | groups(up) if up >= 0 else got
                anywhere[j] = got
            return anywhere[chain[0]] if chain else got

        for f, seg in zip(out, segs, strict=True):
            node = seg.first_id
            mine = groups(node)
            near: set[str] = set()
            up, level = parent[node], 1
            while up >= 0 and level <= 3:
                near |= groups(up)
                up, level = parent[up], level + 1
            f.extend(f"c0={g}" for g in sorted(mine))
            f.extend(f"c1={g}" for g in sorted(near))
            f.extend(f"c2={g}" for g in sorted(above(node) - near))
    if opts.comment_section:
        from ...comments import comment_sections

        sections = comment_sections(page)
        if sections:
            end = page.end
            spans = [(s, int(end[s])) for s in sections]
            for f, seg in zip(out, segs, strict=True):
                node = seg.first_id
                if any(lo <= node < hi for lo, hi in spans):
                    f.append("cm")
    if opts.structure:
        depth: dict[int, int] = {body: 0, -1: 0}
        tags_above: dict[int, frozenset[str]] = {-1: frozenset(), body: frozenset()}

        def walk(i: int) -> None:
            chain = []
            while i not in depth:
                chain.append(i)
                i = parent[i]
            d, t = depth[i], tags_above.get(i, frozenset())
            for j in reversed(chain):
                up = parent[j]
                tag = elements[up].tag if up >= 0 else ""
                t = t | {tag} if tag in STRUCTURE_TAGS else t
                d += 1
                depth[j], tags_above[j] = d, t

        for f, seg in zip(out, segs, strict=True):
            node = seg.first_id
            walk(node)
            f.append(f"dp={min(12, depth[node] // 2)}")
            f.extend(f"st={t}" for t in sorted(tags_above[node]))
    return out


#: Semantic and structural tags whose presence among a block's ancestors is a feature (added here).
CONTEXT_TAGS = frozenset(
    "main article nav header footer aside form section ul ol li table blockquote figure h1 h2 h3 dl".split())
_WORD = re.compile(r"[a-z]+")


def context_features(page: Page, segs: list[Segment], opts: FeatureOptions) -> list[list[str]]:
    """Per block: semantic tags among its ancestors (``in=``) and class/id words of its first
    element (``k0=``) and of its ``attr_levels`` nearest ancestors (``k1=``)."""
    parent = page.parent.tolist()
    elements, names = page.elements, page.class_id
    lo, hi, levels = opts.attr_min_len, opts.attr_max_len, opts.attr_levels
    words_cache: dict[int, tuple[str, ...]] = {}
    above_cache: dict[int, frozenset[str]] = {-1: frozenset()}
    use_tags = opts.context_tags

    def words(i: int) -> tuple[str, ...]:
        got = words_cache.get(i)
        if got is None:
            raw = names[i].lower()
            got = tuple({w for w in _WORD.findall(raw) if lo <= len(w) <= hi}) if raw else ()
            words_cache[i] = got
        return got

    def above(i: int) -> frozenset[str]:
        """Context tags among the strict ancestors of ``i`` (memoised up the chain)."""
        chain = []
        while i not in above_cache:
            chain.append(i)
            i = parent[i]
        got = above_cache[i]
        for j in reversed(chain):
            up = parent[j]
            tag = elements[up].tag if up >= 0 else ""
            if tag in CONTEXT_TAGS and tag not in got:
                got = got | {tag}
            above_cache[j] = got
        return above_cache[chain[0]] if chain else got

    out = []
    for seg in segs:
        node = seg.first_id
        f = [f"k0={w}" for w in words(node)] if levels >= 0 else []
        if use_tags:
            f.extend(f"in={t}" for t in sorted(above(node)))
        up, level = parent[node], 1
        while up >= 0 and level <= levels:
            f.extend(f"k1={w}" for w in words(up))
            level += 1
            up = parent[up]
        out.append(f)
    return out


def _digit(value: float, bins: int) -> int:
    return min(bins - 1, max(0, int(value * bins)))


def block_attributes(page: Page, segs: list[Segment], opts: FeatureOptions) -> list[dict[str, str]]:
    """Discretised attributes of every block: tag ``T``, anchor share ``A``, text share ``C``,
    position ``S``, length bin ``L``, parent tag ``P``."""
    m = len(segs)
    if m == 0:
        return []
    chars = np.array([s.chars for s in segs], dtype=np.float64)
    links = np.array([s.link_chars for s in segs], dtype=np.float64)
    plain = chars - links
    total_plain = float(plain.sum()) or 1.0
    elements = page.elements
    bins, cap = opts.bins, opts.length_cap
    share = np.divide(links, chars, out=np.zeros(m), where=chars > 0)
    a_dig = _digits(share, bins)
    c_dig = _digits(plain / total_plain, bins)
    s_dig = _digits(np.arange(m) / m, bins)
    l_bin = np.minimum(cap, np.log2(1.0 + chars).astype(np.int64)).tolist()
    out = []
    for j, s in enumerate(segs):
        out.append({"T": s.tag, "A": a_dig[j], "C": c_dig[j], "S": s_dig[j], "L": str(l_bin[j]),
                    "P": elements[s.parent].tag if s.parent >= 0 else "-"})
    return out


def _digits(values: np.ndarray, bins: int) -> list[str]:
    """:func:`_digit` of every value, as strings."""
    return np.clip((values * bins).astype(np.int64), 0, bins - 1).astype(str).tolist()


def html_features(page: Page, segs: list[Segment], opts: FeatureOptions | None = None) -> list[list[str]]:
    """Feature strings per block: own attributes, the paper's conjunction, first/last, neighbours.

    Takes the Page, its block sequence and :class:`FeatureOptions`; returns one list of
    strings per block (crfsuite item features).
    """
    opts = opts or FeatureOptions()
    attrs = block_attributes(page, segs, opts)
    m = len(attrs)
    # The attributes a neighbour contributes, built once per block and prefixed per offset.
    shared = [(f"T={a['T']}", f"A={a['A']}", f"L={a['L']}", f"AL={a['A']}|{a['L']}") for a in attrs]
    offsets = [(f"-{off}", f"+{off}", off) for off in range(1, opts.window + 1)]
    feats: list[list[str]] = []
    for j, a in enumerate(attrs):
        t, an, ln, al = shared[j]
        f = ["bias", t, an, f"C={a['C']}", f"S={a['S']}", ln, f"P={a['P']}",
             f"TACS={a['T']}|{a['A']}|{a['C']}|{a['S']}", f"TL={a['T']}|{a['L']}", al]
        if j == 0:
            f.append("first")
        if j == m - 1:
            f.append("last")
        for before, after, off in offsets:
            if j - off >= 0:
                f.extend([before + x for x in shared[j - off]])
            else:
                f.append(before + "out")
            if j + off < m:
                f.extend([after + x for x in shared[j + off]])
            else:
                f.append(after + "out")
        feats.append(f)
    for f, extra in zip(feats, context_features(page, segs, opts), strict=True):
        f.extend(extra)
    if opts.stacked:
        for f, extra in zip(feats, stacked_features(page, segs, StackOptions(cedp_densities=opts.stack_cedp)),
                            strict=True):
            f.extend(extra)
    if opts.cues or opts.comment_section or opts.structure:
        for f, extra in zip(feats, extra_features(page, segs, opts), strict=True):
            f.extend(extra)
    return feats


@dataclass(frozen=True)
class LabelOptions:
    """Constants of deriving block labels from a page's gold answer."""

    #: A block is ``body`` when more than this share of its shingles occur in the gold body (ALGORITHMS 5.5: "most").
    body_share: float = 0.5
    #: A block is the ``title`` when its token F1 with the gold title reaches this (added here).
    title_f1: float = 0.8


def derive_labels(page: Page, segs: list[Segment], body: str, title: str | None,
                  opts: LabelOptions | None = None) -> list[str]:
    """Labels ``title``/``body``/``noise`` of each block from the page's gold ``body`` and ``title``.

    A block shorter than one shingle is ``body`` when its tokens occur as a run in the gold.
    At most one block (the best match) is the ``title``.
    """
    opts = opts or LabelOptions()
    gold_toks = tokens(body)
    gold_sh = shingles(gold_toks)
    gold_line = " " + " ".join(gold_toks) + " "
    title_toks = tokens(title or "")
    labels: list[str] = []
    best_title, best_f1 = -1, 0.0
    breaks = break_prefix(page)
    for j, seg in enumerate(segs):
        toks = tokens(segment_text(page, seg, breaks))
        if title_toks and toks and len(toks) <= 3 * len(title_toks):
            f1 = _token_f1(toks, title_toks)
            if f1 >= opts.title_f1 and f1 > best_f1:
                best_title, best_f1 = j, f1
        if not toks:
            labels.append("noise")
        elif len(toks) < 4:
            labels.append("body" if " " + " ".join(toks) + " " in gold_line else "noise")
        else:
            sh = shingles(toks)
            hit = sum(c for k, c in sh.items() if k in gold_sh)
            labels.append("body" if hit > opts.body_share * sum(sh.values()) else "noise")
    if best_title >= 0:
        labels[best_title] = "title"
    return labels


def _token_f1(a: list[str], b: list[str]) -> float:
    from collections import Counter

    ca, cb = Counter(a), Counter(b)
    tp = sum((ca & cb).values())
    if not tp:
        return 0.0
    p, r = tp / len(a), tp / len(b)
    return 2 * p * r / (p + r)


__all__ = ["FEATURE_VERSION", "feature_version", "cue_groups", "LAYOUT_FEATURE_VERSION", "LABELS", "FeatureOptions",
           "LabelOptions", "block_attributes", "html_features", "derive_labels", "TEXT_TAG"]


@dataclass(frozen=True)
class LayoutOptions:
    """Constants of the layout features (ALGORITHMS 5.6); all bins added here."""

    #: Levels of relative position and size (one digit, as the HTML attributes).
    bins: int = 10
    #: Font size ratio to the page median, bin edges (a 1.0 ratio is body text; headings sit above 1.3).
    font_edges: tuple[float, ...] = (0.8, 0.95, 1.05, 1.3, 1.8)
    #: Font weight counted as bold (CSS: 600 is semi-bold and up).
    bold_weight: int = 600


def layout_features(page: Page, segs: list[Segment], feats: list[list[str]],
                    opts: LayoutOptions | None = None) -> list[list[str]]:
    """Append the layout features of ALGORITHMS 5.6 to each block's feature list (needs ``page.geometry``).

    Box position and size relative to the page, distance of the box centre to the page's
    horizontal centre, first screen, font size relative to the page's median text font, bold,
    visible area, inside a fixed/sticky element. Returns ``feats`` (extended in place).
    """
    geo = page.geometry
    if geo is None:
        return feats
    opts = opts or LayoutOptions()
    bins = opts.bins
    width = float(geo.page_width) or 1.0
    height = float(geo.page_height) or 1.0
    vh = float(geo.viewport_height) or 800.0
    x, y, w, h = geo.x, geo.y, geo.w, geo.h
    texty = page.own_len > 0
    sizes = geo.font_size[texty & geo.visible] if texty.any() else geo.font_size
    median_font = float(np.median(sizes)) if len(sizes) else 16.0
    median_font = median_font or 16.0
    fixed, end = geo.fixed, page.end
    fixed_ids = np.flatnonzero(fixed)
    for seg, f in zip(segs, feats, strict=True):
        ids = sorted({i for i, _ in seg.parts})
        idx = np.array(ids, dtype=np.int64)
        has = (w[idx] > 0) & (h[idx] > 0)
        if not has.any():
            f.append("L:nobox")
            continue
        idx = idx[has]
        x0, y0 = float(x[idx].min()), float(y[idx].min())
        x1, y1 = float((x[idx] + w[idx]).max()), float((y[idx] + h[idx]).max())
        bw, bh = x1 - x0, y1 - y0
        centre = abs((x0 + x1) / 2 - width / 2) / (width / 2)
        first = int(idx[0])
        ratio = float(geo.font_size[first]) / median_font
        fbin = sum(ratio >= e for e in opts.font_edges)
        area = math.log10(1.0 + bw * bh / (width * vh) * 1000.0)
        f.extend((f"L:x={_digit(x0 / width, bins)}", f"L:y={_digit(y0 / height, bins)}",
                  f"L:w={_digit(bw / width, bins)}", f"L:h={min(bins - 1, int(bh / vh * bins))}",
                  f"L:c={_digit(centre, 5)}", f"L:f={fbin}", f"L:area={int(area * 2)}"))
        if y0 < vh:
            f.append("L:fold")
        if int(geo.font_weight[first]) >= opts.bold_weight:
            f.append("L:bold")
        if len(fixed_ids):
            # Inside a fixed/sticky element: an ancestor-or-self of the first id is fixed.
            pos = np.searchsorted(fixed_ids, first, side="right")
            anc = fixed_ids[:pos]
            if len(anc) and bool(np.any(end[anc] > first)):
                f.append("L:fixed")
    return feats
