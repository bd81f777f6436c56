"""Prune a Page's DOM and cut it into the block sequence the CRF labels (ALGORITHMS.md 5.1-5.3).

Pruning (seed 004, section 1): empty elements go; an element whose subtree holds no
non-empty ``div``/``p``/``table`` becomes one leaf holding its text; an element with a single
child in the pruned tree is replaced by that child. Text directly inside an inner element is
a ``#text`` child of it (the paper's DOM built by NekoHTML keeps text nodes).

Cutting (depth-first search): a leaf is a block; an inner element is a block when its
children's tags differ, or are equal but not ``table``/``div``/``tr``; otherwise the search
goes into its children. Merging: adjacent sibling blocks with the same tag, or an ``<a>``
next to a ``#text``, and two neighbouring blocks both with anchor-text share above 55 %.

Every block keeps the element ids it covers, so labels map back onto the Page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from ...content import BLOCK_TAGS, block_role, break_prefix, collect_blocks
from ...page import Page, normalize_space
from ...result import Block
from ..base import require_range

TEXT_TAG = "#text"


@dataclass(frozen=True)
class SegmentOptions:
    """Constants of pruning, cutting and merging."""

    #: Tags that keep an element from collapsing into a leaf (seed 004, pruning rule 1: div, p, table).
    keep_tags: tuple[str, ...] = ("div", "p", "table")
    #: Equal child tags that make the search go deeper (seed 004, block rule 2: table, div, tr).
    split_tags: tuple[str, ...] = ("table", "div", "tr")
    #: "paper": block rule 2 as written; "leaves": every pruned leaf is a block (the finest cut,
    #: merging then rebuilds runs). Default chosen by the label ceiling on wcxb_dev (see README).
    split_rule: Literal["paper", "leaves"] = "leaves"
    #: Merge adjacent sibling blocks with the same tag, or an ``<a>`` beside a ``#text`` (seed 004, merge rule 1).
    merge_siblings: bool = True
    #: Apply merge rule 1 to leaf blocks only: merging inner ``div`` blocks back undoes the cut
    #: the search just made (tuned on wcxb_dev, label ceiling).
    merge_leaves_only: bool = True
    #: Two neighbours both above this anchor-text share merge (seed 004, merge rule 2: 55 %).
    link_merge_share: float = 0.55

    def validate(self) -> None:
        require_range("link_merge_share", self.link_merge_share, 0.0, 1.0)


@dataclass
class Segment:
    """One block of the sequence.

    ``parts`` are, in document order, ``(element_id, None)`` for a whole element subtree and
    ``(parent_id, text)`` for a run of text directly inside ``parent_id``. ``chars`` and
    ``link_chars`` count whitespace-normalised characters, as the Page arrays do.
    """

    parts: list[tuple[int, str | None]]
    tag: str
    parent: int
    leaf: bool
    chars: int
    link_chars: int

    @property
    def ids(self) -> list[int]:
        """Element ids the block covers: whole subtrees, then the parents of its text runs."""
        return [i for i, t in self.parts if t is None] + [i for i, t in self.parts if t is not None]

    @property
    def first_id(self) -> int:
        """The element id of the block's first part."""
        return self.parts[0][0]

    @property
    def anchor_share(self) -> float:
        """Share of the block's characters inside ``<a href>``."""
        return self.link_chars / self.chars if self.chars else 0.0


def _inner_mask(page: Page, keep_tags: tuple[str, ...]) -> np.ndarray:
    """True for non-empty elements whose strict subtree holds a non-empty keep tag (pruning rule 1)."""
    text_len = page.text_len
    n = len(text_len)
    keep = frozenset(keep_tags)
    mark = np.fromiter(map(keep.__contains__, page.tags), dtype=bool, count=n) & (text_len > 0)
    prefix = np.concatenate(([0], np.cumsum(mark, dtype=np.int64)))
    idx = np.arange(n)
    desc = prefix[page.end] - prefix[idx + 1]
    return (desc > 0) & (text_len > 0)


def _children(page: Page, node: int) -> list[tuple[str, int, str]]:
    """Pruned children of an inner element: ``(kind, id, text)`` with kind ``el`` or ``text``.

    Read from the Page's lists (a child's next sibling is the id after its subtree), not lxml's proxies.
    """
    texts, tails, end, text_len = page.texts, page.tails, page.end_list, page.text_len
    out: list[tuple[str, int, str]] = []
    text = texts[node]
    if text and not text.isspace():
        out.append(("text", node, text))
    child, stop = node + 1, end[node]
    while child < stop:
        if text_len[child] > 0:
            out.append(("el", child, ""))
        tail = tails[child]
        if tail and not tail.isspace():
            if out and out[-1][0] == "text":
                out[-1] = ("text", node, out[-1][2] + tail)
            else:
                out.append(("text", node, tail))
        child = end[child]
    return out


def segment(page: Page, opts: SegmentOptions | None = None) -> list[Segment]:
    """The page's block sequence in document order, after merging.

    Takes a :class:`Page` and :class:`SegmentOptions`; returns a list of :class:`Segment`
    (empty when the body holds no text).
    """
    opts = opts or SegmentOptions()
    root = page.body_id
    if page.text_len[root] == 0:
        return []
    return merge(page, cut(page, opts), opts)


def cut(page: Page, opts: SegmentOptions) -> list[Segment]:
    """Depth-first cut of the pruned tree into blocks, in document order (before merging)."""
    inner = _inner_mask(page, opts.keep_tags)
    tags = page.tags
    text_len, link_len, in_link = page.text_len, page.link_len, page.in_link
    split_tags = set(opts.split_tags)
    paper = opts.split_rule == "paper"
    blocks: list[Segment] = []
    # Explicit stack (no recursion limit on deep pages): (kind, id, parent id, text).
    stack: list[tuple[str, int, int, str]] = [("el", page.body_id, -1, "")]
    while stack:
        kind, node, parent, text = stack.pop()
        if kind == "text":
            norm = normalize_space(text)
            if norm:
                chars = len(norm)
                blocks.append(Segment([(node, norm)], TEXT_TAG, node, True, chars, chars if in_link[node] else 0))
            continue
        if not inner[node]:
            blocks.append(Segment([(node, None)], tags[node], parent, True, int(text_len[node]), int(link_len[node])))
            continue
        kids = _children(page, node)
        # Pruning rule 2: a node with a single child is replaced by that child.
        while len(kids) == 1 and kids[0][0] == "el" and inner[kids[0][1]]:
            node = kids[0][1]
            kids = _children(page, node)
        if paper and len(kids) > 1:
            kid_tags = {tags[c] if k == "el" else TEXT_TAG for k, c, _ in kids}
            if len(kid_tags) > 1 or not kid_tags <= split_tags:
                blocks.append(Segment([(node, None)], tags[node], parent, False,
                                      int(text_len[node]), int(link_len[node])))
                continue
        for k, c, t in reversed(kids):
            stack.append((k, c, node, t))
    return blocks


def _mergeable(prev: Segment, cur: Segment, opts: SegmentOptions) -> bool:
    """Merge rules of seed 004 for two neighbouring blocks."""
    if opts.merge_siblings and prev.parent == cur.parent and (not opts.merge_leaves_only or (prev.leaf and cur.leaf)):
        if prev.tag == cur.tag or {prev.tag, cur.tag} == {"a", TEXT_TAG}:
            return True
    share = opts.link_merge_share
    return prev.anchor_share > share and cur.anchor_share > share


def merge(page: Page, blocks: list[Segment], opts: SegmentOptions) -> list[Segment]:
    """Apply the merge rules left to right; a merged block keeps the first block's tag and parent.

    Takes the cut blocks in document order; returns the merged sequence.
    """
    out: list[Segment] = []
    for cur in blocks:
        if out and _mergeable(out[-1], cur, opts):
            prev = out[-1]
            prev.parts.extend(cur.parts)
            prev.chars += cur.chars
            prev.link_chars += cur.link_chars
            prev.leaf = prev.leaf and cur.leaf
            continue
        out.append(cur)
    return out


def segment_blocks(page: Page, seg: Segment, *, label: str = "body", score: float = 1.0,
                   breaks: list[int] | None = None, structure: bool = True) -> list[Block]:
    """Result blocks (paragraphs, rows) of one segment, tagged with ``label`` and ``score``.

    ``breaks`` is :func:`break_prefix` of the page (computed when not given; pass it when
    converting many segments of one page). Every part is cut as
    :func:`~extractor.content.collect_blocks` cuts text (a ``<pre>`` as written, rows with their
    cells, list items as :func:`~extractor.content.block_role` says, numbered in an ``<ol>``);
    ``structure=False`` gives a leaf ``<pre>`` whitespace-normalised, as the features of the CRF and
    the learned model were computed.
    """
    out: list[Block] = []
    elements, end, texts = page.elements, page.end_list, page.texts
    if breaks is None:
        breaks = break_prefix(page)
    for i, text in seg.parts:
        if text is None:
            stop = end[i]
            # No line break inside: one paragraph (a <pre> is cut by collect_blocks, which keeps its lines).
            if breaks[stop] == breaks[i + 1] and not (structure and page.tags[i] == "pre"):
                el = elements[i]
                # A leaf's text is its own (read from the Page: lxml's itertext costs more, 200,000 times).
                plain = normalize_space(texts[i] if stop == i + 1 else "".join(el.itertext()))
                if plain:
                    tag, number = block_role(page, i) if structure else (el.tag, None)
                    out.append(Block(i, plain, tag if tag in BLOCK_TAGS else "p", label, score, number=number))
            else:
                out.extend(collect_blocks(page, i, label=label, score=score))
        elif out and out[-1].id == i and out[-1].tag == "p" and out[-1].label == label:
            out[-1].text += " " + text
        else:
            out.append(Block(i, text, "p", label, score))
    return out


def segment_blocks_and_text(page: Page, seg: Segment, breaks: list[int]) -> tuple[list[Block], str]:
    """:func:`segment_blocks` of one segment (label ``body``, score 1) and its :func:`segment_text`,
    cut once: the two differ only where a leaf ``<pre>`` without line breaks inside is kept as written
    (then the text is cut again, whitespace-normalised)."""
    blocks = segment_blocks(page, seg, breaks=breaks)
    tags, end = page.tags, page.end_list
    if any(text is None and tags[i] == "pre" and breaks[end[i]] == breaks[i + 1] for i, text in seg.parts):
        return blocks, segment_text(page, seg, breaks)
    return blocks, "\n".join(b.text for b in blocks)


def segment_text(page: Page, seg: Segment, breaks: list[int] | None = None) -> str:
    """Plain text of one segment, paragraphs separated by newlines (``breaks``: see :func:`segment_blocks`).

    The text the CRF's and the learned model's features read: a leaf ``<pre>`` is whitespace-normalised
    (``structure=False``), as when the shipped models were trained.
    """
    return "\n".join(b.text for b in segment_blocks(page, seg, breaks=breaks, structure=False))
