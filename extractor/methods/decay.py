"""Information-amount decay (Chen Yang, Chen Xingshu, Wu Qi, 2012; ALGORITHMS.md section 1).

The main-content region is the smallest subtree holding the body text: from ``<body>``
follow the child with the most non-link text until that child holds clearly less than its
parent (the *decay* ``r = (Clen - Mlen) / Clen`` exceeds ``T``). Then strip link-dense
block subtrees (CleanTree; inline links inside a kept paragraph stay) and output the region's
text block by block.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from ..content import BLOCK_TAGS, collect_blocks
from ..page import Page
from .base import Extraction, require_range


@dataclass(frozen=True)
class Options:
    """Options of the ``decay`` method."""

    #: Decay threshold ``T``: best of a 0.20-0.50 sweep in steps of 0.02 on 700 pages (paper, section 3).
    decay_threshold: float = 0.34
    #: CleanTree's link-density cut ``DLmax``, taken by the paper from Chibane & Doan 2007.
    max_link_density: float = 0.65
    #: "text": a large decay makes the *current* node the region (the paper's prose, ALGORITHMS 1.2);
    #: "pseudocode": it makes the largest child the region (the paper's pseudo-code, kept to compare).
    reading: Literal["text", "pseudocode"] = "text"
    #: Run CleanTree on the region (ALGORITHMS 1.3); off helps link-heavy regions (calibration table).
    clean_tree: bool = True

    def validate(self) -> None:
        require_range("decay_threshold", self.decay_threshold, 0.0, 1.0)
        require_range("max_link_density", self.max_link_density, 0.0, 1.0)


def find_region(page: Page, opts: Options) -> int:
    """``FindMT``: the element id of the main-content region, starting from ``body``."""
    lc = page.non_link_len.tolist()  # python ints: scalar access to numpy arrays is slow
    text_len = page.text_len.tolist()
    node = page.body_id
    while True:
        children = [c for c in page.children(node) if text_len[c] > 0]
        if not children:
            return node
        if len(children) == 1:
            node = children[0]
            continue
        clen = lc[node]
        if clen <= 0:
            return node
        best = max(children, key=lc.__getitem__)  # first of equals, like argmax
        decay = (clen - lc[best]) / clen
        if decay > opts.decay_threshold:
            return node if opts.reading == "text" else best
        node = best


def link_dense_subtrees(page: Page, region: int, max_link_density: float) -> set[int]:
    """``CleanTree``: ids of the topmost descendants of ``region`` whose link density exceeds the cut.

    Only *block* subtrees count as the paper's nodes: an element of ``BLOCK_TAGS``, or an inline
    element that holds one (a card link wrapping a ``<div>``). An inline anchor (or a ``<span>``
    of anchors) inside a kept paragraph is a part of its sentence, not a node to remove
    (issue #14, item 5: "One <a>a link inside</a> and more" lost its link text); it goes only
    with a link-dense block around it.
    """
    start, stop = region + 1, int(page.end[region])
    text = page.text_len[start:stop]
    links = page.link_len[start:stop]
    tags = page.tags
    is_block = np.fromiter((tags[i] in BLOCK_TAGS for i in range(start, stop)), dtype=bool, count=stop - start)
    blocks_before = np.concatenate(([0], np.cumsum(is_block)))
    # blocks in the subtree of each element (itself included): a prefix-sum difference over its id range
    subtree_blocks = blocks_before[page.end[start:stop] - start] - blocks_before[:-1]
    dense = np.flatnonzero((text > 0) & (links > max_link_density * text) & (subtree_blocks > 0)) + start
    removed: set[int] = set()
    covered_until = -1
    end = page.end
    for i in dense.tolist():
        if i >= covered_until:
            removed.add(i)
            covered_until = int(end[i])
    return removed


def run(page: Page, opts: Options) -> Extraction:
    """Extract the main text of ``page`` by information-amount decay."""
    if page.text_len[page.body_id] == 0:
        return Extraction([], reason="the page body has no text")
    region = find_region(page, opts)
    skip = link_dense_subtrees(page, region, opts.max_link_density) if opts.clean_tree else set()
    blocks = collect_blocks(page, region, skip=skip)
    details = {"region": region, "region_tag": page.elements[region].tag, "removed": len(skip)}
    if not blocks:
        return Extraction([], reason="the main-content region held only link-dense text", details=details)
    return Extraction(blocks, details=details)
