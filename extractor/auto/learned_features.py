"""Numeric features of a page's blocks for the learned extractor (issue #14, item 2).

The blocks are the CRF's segmentation (:mod:`extractor.methods.crf.blocks`), so labels derived
from gold (:func:`extractor.methods.crf.features.derive_labels`) serve for training. Per block,
one row of floats (:data:`FEATURE_NAMES`): the block's own text statistics and tag, where it
sits (position, depth, before or after the first ``<h1>``), what the class/id words of its
element and its ancestors say (cue groups), which semantic elements hold it, whether it lies in
a readers' comment section, the signals of two unsupervised methods (information-amount
decay's region with and without CleanTree; CEDP's kept share and score over its cut), its
container's densities, how often its tag path repeats on the page, page-level context, and a
window of the same few signals for its neighbours. Every sum over a block's parts is a
prefix-sum look-up (no tree walk); per-element loops are over ``page.parent`` lists only.
"""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np

from ..comments import comment_sections
from ..memory import cross_page_cache
from ..methods.crf.blocks import Segment
from ..methods.crf.features import CUE_GROUPS, cue_groups
from ..methods.crf.stack import BlockParts, cedp_signals, decay_signals
from ..page import Page

#: Bumped whenever a feature's name or meaning changes; stored with the model.
FEATURE_VERSION = "learned-2"

#: Block tags with a column of their own (the rest fall in "other").
BLOCK_TAGS = ("#text", "p", "div", "li", "td", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6", "a", "span",
              "pre", "blockquote", "ul", "ol", "dl", "dd", "dt", "section", "article", "form", "figure",
              "figcaption", "header", "footer", "nav", "aside", "em", "strong", "b", "i", "font", "center", "code")
#: Elements whose presence among a block's ancestors is a feature (a bit each).
CONTEXT_TAGS = ("article", "main", "nav", "header", "footer", "aside", "form", "li", "table", "blockquote",
                "pre", "code", "figure", "figcaption", "h1", "h2", "h3", "h4", "h5", "h6", "a", "button",
                "label", "select", "dl", "address", "time", "section", "ul", "ol", "td", "menu")
CUES = tuple(CUE_GROUPS)
#: Blocks of at most this many words are compared with the page's <title> (a headline is short;
#: 40 words is past any headline in the dev sets' gold titles).
TITLE_MAX_WORDS = 40
#: Neighbour offsets whose signals are features of a block (2 each side, as the CRF's window).
NEIGHBOURS = (-2, -1, 1, 2)

_TAG_BIT = {t: 1 << k for k, t in enumerate(CONTEXT_TAGS)}
_SENT_END = re.compile(r"[.!?](?:\s|$)|[。！？]")
#: Words as the evaluation counts them (data README): a CJK character is a word of its own.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_WORD = re.compile(rf"[{_CJK}]|[^\W{_CJK}]+")


#: Joins the blocks' texts for :func:`text_counts` (no element text holds it).
_JOINER = "\0"
#: Per character of the Basic Multilingual Plane, what :func:`text_counts` counts it as (bit flags).
_RUN, _CJK_CHAR, _DIGIT, _SPACE, _STOP, _CJK_STOP = 1, 2, 4, 8, 16, 32
_BMP = 0x10000


@lru_cache(maxsize=1)
def _char_flags() -> np.ndarray:
    """Bit flags per BMP code point, each taken from the very pattern or test the per-text counts use:
    ``_RUN`` a character of :data:`_WORD`'s second branch (a word character outside the CJK ranges),
    ``_CJK_CHAR`` its first, ``_DIGIT`` ``str.isdigit``, ``_SPACE`` ``\\s``, ``_STOP`` one of ``.!?``,
    ``_CJK_STOP`` one of ``。！？`` (:data:`_SENT_END`)."""
    every = "".join(map(chr, range(_BMP)))

    def mask(pattern: str) -> np.ndarray:
        marked = re.sub(pattern, "\1", re.sub(f"(?!{pattern}).", "\0", every, flags=re.S))
        return np.frombuffer(marked.encode("latin-1"), dtype=np.uint8).astype(bool)

    flags = np.zeros(_BMP, dtype=np.uint8)
    flags[mask(f"[^\\W{_CJK}]")] |= _RUN
    flags[mask(f"[{_CJK}]")] |= _CJK_CHAR
    flags[[c for c in range(_BMP) if chr(c).isdigit()]] |= _DIGIT
    flags[mask("\\s")] |= _SPACE
    flags[[ord(c) for c in ".!?"]] |= _STOP
    flags[[ord(c) for c in "。！？"]] |= _CJK_STOP
    return flags


def text_counts(texts: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per text: its words (:data:`_WORD`), sentence ends (:data:`_SENT_END`) and digits (``str.isdigit``).

    Counted over the texts joined, one numpy pass over their characters' flags (:func:`_char_flags`),
    the same counts as the patterns per text at a third of the cost; texts with a character beyond
    the BMP, or holding the joiner, are counted one by one.
    """
    joined = _JOINER.join(texts)
    codes = np.frombuffer(joined.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    if joined.count(_JOINER) != len(texts) - 1 or (len(codes) and int(codes.max()) >= _BMP):
        return (np.array([len(_WORD.findall(t)) for t in texts], dtype=np.float64),
                np.array([len(_SENT_END.findall(t)) for t in texts], dtype=np.float64),
                np.array([sum(map(str.isdigit, t)) for t in texts], dtype=np.float64))
    flags = _char_flags()[codes]
    run = (flags & _RUN) > 0
    run_start = run.copy()
    run_start[1:] &= ~run[:-1]
    # A stop ends a sentence before a space or at its text's end (the joiner or the string's end).
    after = np.ones(len(flags), dtype=bool)
    after[:-1] = ((flags[1:] & _SPACE) > 0) | (codes[1:] == 0)
    ends = (((flags & _STOP) > 0) & after) | ((flags & _CJK_STOP) > 0)
    words = run_start | ((flags & _CJK_CHAR) > 0)
    bounds = np.cumsum([0] + [len(t) + 1 for t in texts])  # each text's start, and one past its joiner

    def per_text(marks: np.ndarray) -> np.ndarray:
        total = np.concatenate(([0], np.cumsum(marks, dtype=np.int64)))
        return (total[bounds[1:] - 1] - total[bounds[:-1]]).astype(np.float64)

    return per_text(words), per_text(ends), per_text((flags & _DIGIT) > 0)


@cross_page_cache(maxsize=65536)
def _cue_bits(name: str) -> int:
    bits = 0
    for g in cue_groups(name):
        bits |= 1 << CUES.index(g)
    return bits


def _chain_bits(page: Page, firsts: list[int]) -> tuple[list[int], list[int], list[int], list[int]]:
    """For the blocks' first elements: own cue-group bits, cue bits OR-ed over the 3 nearest ancestors
    and over all strict ancestors, and context-tag bits of the element and all its ancestors.

    Only the elements on the blocks' ancestor chains are visited (on the dev pages most elements
    are inline or leaves that start no block and hold none).
    """
    parent = page.parent_list
    need = bytearray(len(parent))
    for i in firsts:
        while i >= 0 and not need[i]:
            need[i] = 1
            i = parent[i]
    names, tags, bit = page.class_id, page.tags, _TAG_BIT.get
    n = len(parent)
    # Lists indexed by element id (faster than dicts); the root's parent (-1) reads the extra last slot.
    cue = [0] * (n + 1)
    cue_anc = [0] * (n + 1)
    tag_all = [0] * (n + 1)  # the element's own tag bit included
    near = [0] * (n + 1)
    for i in np.flatnonzero(np.frombuffer(need, dtype=np.uint8)).tolist():  # parents before children
        name = names[i]
        cue[i] = _cue_bits(name) if name else 0
        p = parent[i]
        cue_anc[i] = cue_anc[p] | cue[p]
        tag_all[i] = tag_all[p] | bit(tags[i], 0)
        if p >= 0:
            g = parent[p]
            near[i] = cue[p] | cue[g] | (cue[parent[g]] if g >= 0 else 0)
    return ([cue[i] for i in firsts], [near[i] for i in firsts], [cue_anc[i] for i in firsts],
            [tag_all[i] for i in firsts])


def _bits_matrix(values: np.ndarray, width: int) -> np.ndarray:
    return ((values[:, None] >> np.arange(width, dtype=np.int64)[None, :]) & 1).astype(np.float32)


def _names() -> list[str]:
    own = ["log_chars", "link_share", "log_words", "sent_ends", "commas_per_word", "digit_share",
           "mean_word_len", "ends_sentence", "title_overlap", "title_cover", "leaf", "pos", "chars_before",
           "depth", "rel_depth",
           "after_h1", "blocks_from_h1", "in_comments", "decay_share", "decay_clean_share",
           "decay_before", "decay_in", "decay_after", "decay_up", "decay_cover", "cedp_kept",
           "cedp_ratio", "cedp_container", "cont_link", "cont_density", "grand_link", "grand_density",
           "cont_share", "path_repeat", "path_chars_share", "page_log_chars", "page_log_blocks",
           "page_link_share", "page_region_share", "page_has_comments"]
    own += [f"tag={t}" for t in BLOCK_TAGS] + ["tag=other"]
    own += [f"c0={g}" for g in CUES] + [f"c1={g}" for g in CUES] + [f"c2={g}" for g in CUES]
    own += [f"in={t}" for t in CONTEXT_TAGS]
    for k in NEIGHBOURS:
        own += [f"n{k:+d}:{x}" for x in NEIGHBOUR_SIGNALS]
    return own


#: Signals repeated for each neighbour (a neighbour past the sequence's end gets -1).
NEIGHBOUR_SIGNALS = ("log_chars", "link_share", "decay_share", "cedp_kept", "ends_sentence", "heading",
                     "c0=content", "c1=comment", "c2=nav", "path_same")
FEATURE_NAMES = _names()
_COLUMN = {name: k for k, name in enumerate(FEATURE_NAMES)}


def block_features(page: Page, segs: list[Segment], texts: list[str]) -> np.ndarray:
    """The feature matrix (len(segs), len(FEATURE_NAMES)) of a page's blocks.

    ``texts`` are the blocks' texts (:func:`extractor.methods.crf.blocks.segment_text`).
    """
    m = len(segs)
    out = np.zeros((m, len(FEATURE_NAMES)), dtype=np.float32)
    if m == 0:
        return out
    col = _COLUMN
    n = len(page)
    end = page.end
    parent = page.parent
    own = page.own_len.astype(np.float64)
    text_len = page.text_len.astype(np.float64)
    parts = BlockParts(page, segs)

    chars = np.array([s.chars for s in segs], dtype=np.float64)
    links = np.array([s.link_chars for s in segs], dtype=np.float64)
    firsts = np.array([s.first_id for s in segs], dtype=np.int64)
    body = page.body_id
    containers = np.array([s.parent if s.parent >= 0 else body for s in segs], dtype=np.int64)
    grand = np.where(parent[containers] >= 0, parent[containers], containers)

    def put(name: str, values) -> None:
        out[:, col[name]] = values

    # The block's own text.
    words, ends, digits = text_counts(texts)
    put("log_chars", np.log1p(chars))
    put("link_share", np.divide(links, chars, out=np.zeros(m), where=chars > 0))
    put("log_words", np.log1p(words))
    put("sent_ends", np.log1p(ends))
    put("commas_per_word", np.divide([t.count(",") + t.count("，") for t in texts], words, out=np.zeros(m),
                                     where=words > 0))
    lengths = np.array([len(t) for t in texts], dtype=np.float64)
    put("digit_share", np.divide(digits, lengths, out=np.zeros(m), where=lengths > 0))
    put("mean_word_len", np.divide(lengths, words, out=np.zeros(m), where=words > 0))
    ends_sentence = np.array([1.0 if t.rstrip()[-1:] in ".!?。！？\"'”’)" else 0.0 for t in texts])
    put("ends_sentence", ends_sentence)
    put("leaf", [1.0 if s.leaf else 0.0 for s in segs])
    # The page's <title>: a headline block shares most of its words (short blocks only).
    title_words = set(_WORD.findall(page.html_title.lower())) if page.html_title else set()
    if title_words:
        overlap, cover = np.zeros(m), np.zeros(m)
        for j, t in enumerate(texts):
            if 0 < words[j] <= TITLE_MAX_WORDS:
                mine = set(_WORD.findall(t.lower()))
                common = len(mine & title_words)
                overlap[j] = common / len(mine)
                cover[j] = common / len(title_words)
        put("title_overlap", overlap)
        put("title_cover", cover)

    # Position.
    before = np.concatenate(([0.0], np.cumsum(chars)[:-1]))
    total = float(chars.sum()) or 1.0
    put("pos", np.arange(m) / max(m - 1, 1))
    put("chars_before", before / total)
    depth = page.depth
    d = depth[firsts].astype(np.float64) - depth[body]
    put("depth", d)
    put("rel_depth", d / max(float(d.max()), 1.0))
    tags = page.tags
    try:
        h1 = tags.index("h1", body, int(end[body]))
    except ValueError:
        h1 = -1
    if h1 >= 0:
        put("after_h1", np.where(firsts >= h1, 1.0, -1.0))
        h1_block = int(np.searchsorted(firsts, h1, side="right")) - 1
        put("blocks_from_h1", np.clip(np.arange(m) - h1_block, -50, 50))

    # Readers' comment sections.
    sections = comment_sections(page)
    if sections:
        inside = np.zeros(n, dtype=np.float64)
        for s in sections:
            inside[s:int(end[s])] = 1.0
        put("in_comments", inside[firsts])
        put("page_has_comments", 1.0)

    # Decay's region (clean_tree off) and what CleanTree keeps of it.
    region, in_region, clean = decay_signals(page)
    r_end = int(end[region])
    decay_share = parts.mean(in_region, own)
    put("decay_share", decay_share)
    put("decay_clean_share", parts.mean(clean, own))
    holds = (firsts <= region) & (end[firsts] > region) & (firsts != region)
    put("decay_up", holds)
    put("decay_before", ~holds & (firsts < region))
    put("decay_after", ~holds & (firsts >= r_end))
    put("decay_in", (firsts >= region) & (firsts < r_end))
    nonlink = page.non_link_len.astype(np.float64)
    region_text = float(nonlink[region]) or 1.0
    put("decay_cover", np.minimum(1.0, nonlink[containers] / region_text))
    body_text = float(text_len[body]) or 1.0
    put("page_region_share", float(nonlink[region]) / body_text)

    # CEDP (nltd, its default): the share of the block it keeps, its score over the cut.
    got = cedp_signals(page, "nltd")
    cedp_kept = np.zeros(m)
    if got is not None:
        kept, ratio = got
        cedp_kept = parts.mean(kept, own)
        put("cedp_kept", cedp_kept)
        put("cedp_ratio", np.minimum(parts.mean(ratio, own), 8.0))
        kp = np.concatenate(([0.0], np.cumsum(own * kept)))
        op = np.concatenate(([0.0], np.cumsum(own)))
        sub_own = op[end[containers]] - op[containers]
        put("cedp_container", np.divide(kp[end[containers]] - kp[containers], sub_own, out=np.zeros(m),
                                        where=sub_own > 0))

    # Containers.
    tag_count = page.tag_count.astype(np.float64)
    for name, ids in (("cont", containers), ("grand", grand)):
        put(f"{name}_link", np.divide(page.link_len[ids], text_len[ids], out=np.zeros(m), where=text_len[ids] > 0))
        put(f"{name}_density", np.log1p(text_len[ids] / tag_count[ids]))
    put("cont_share", text_len[containers] / body_text)

    # Tag-path repetition: blocks whose first element shares its tag path.
    path_ids = page.tag_path_id[firsts]
    uniq, inverse, counts = np.unique(path_ids, return_inverse=True, return_counts=True)
    put("path_repeat", np.log1p(counts[inverse] - 1))
    path_chars = np.bincount(inverse, weights=chars)
    put("path_chars_share", path_chars[inverse] / total)

    # Page level.
    put("page_log_chars", np.log1p(body_text))
    put("page_log_blocks", np.log1p(m))
    put("page_link_share", float(page.link_len[body]) / body_text)

    # Tag of the block.
    k_other = col["tag=other"]
    tag_cols = {t: col[f"tag={t}"] for t in BLOCK_TAGS}
    for j, s in enumerate(segs):
        out[j, tag_cols.get(s.tag, k_other)] = 1.0

    # Cue groups and context tags of the element and its ancestors.
    c0, c1, c2, inside_tags = (np.array(v, dtype=np.int64) for v in _chain_bits(page, firsts.tolist()))
    g = len(CUES)
    out[:, col["c0=" + CUES[0]]:col["c0=" + CUES[0]] + g] = _bits_matrix(c0, g)
    out[:, col["c1=" + CUES[0]]:col["c1=" + CUES[0]] + g] = _bits_matrix(c1, g)
    out[:, col["c2=" + CUES[0]]:col["c2=" + CUES[0]] + g] = _bits_matrix(c2, g)
    t0 = col["in=" + CONTEXT_TAGS[0]]
    out[:, t0:t0 + len(CONTEXT_TAGS)] = _bits_matrix(inside_tags, len(CONTEXT_TAGS))

    # Neighbours.
    heading = np.isin([s.tag for s in segs], ("h1", "h2", "h3", "h4", "h5", "h6")).astype(np.float64)
    signals = {
        "log_chars": out[:, col["log_chars"]], "link_share": out[:, col["link_share"]],
        "decay_share": decay_share, "cedp_kept": cedp_kept, "ends_sentence": ends_sentence, "heading": heading,
        "c0=content": out[:, col["c0=content"]], "c1=comment": out[:, col["c1=comment"]],
        "c2=nav": out[:, col["c2=nav"]],
    }
    for k in NEIGHBOURS:
        lo, hi = max(0, -k), min(m, m - k)
        for name in NEIGHBOUR_SIGNALS:
            column = np.full(m, -1.0)
            if name == "path_same":
                if hi > lo:
                    column[lo:hi] = (path_ids[lo + k:hi + k] == path_ids[lo:hi]).astype(np.float64)
            elif hi > lo:
                column[lo:hi] = signals[name][lo + k:hi + k]
            out[:, col[f"n{k:+d}:{name}"]] = column
    return out
