"""Block distribution (Qiu, Tang, Li, Zhu 2009; ALGORITHMS.md section 2).

The page becomes a Block-List in one pass (:mod:`extractor.blocklist`); the main text is
grown from the tallest block (most non-link text) over its neighbours while they carry
text and are not link-dense (ALGORITHMS 2.4, a reconstruction: the paper gives no
thresholds). Gaps of a few short or link-dense blocks (captions, inline ads, share bars)
are bridged when real text follows, because modern pages split an article over many
``<p>`` blocks separated by such debris (ALGORITHMS 2, calibration).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..blocklist import BlockList, block_list
from ..content import piece_blocks
from ..page import Page
from .base import Extraction, require_range


@dataclass(frozen=True)
class Options:
    """Options of the ``blocks`` method."""

    #: A neighbour joins when its non-link text is at least this share of the peak's
    #: (ALGORITHMS 2.4 "above a fraction of the peak"; reconstruction: 0.05 cost 0.09 F1 on
    #: wcxb_dev and cleaneval against 0, since articles are split over many short blocks).
    grow_fraction: float = 0.0
    #: ...and at least this many non-link characters (1-30 swept on wcxb_dev and cleaneval:
    #: 1 best, 0.735 / 0.886 F1 against 0.693 / 0.862 with 10).
    min_chars: int = 1
    #: A block whose link text exceeds this share of its text is link-dense and never joins
    #: (ALGORITHMS 2.4 "not link-dense"; 0.5 beat 0.33 on wcxb_dev and cleaneval).
    max_link_density: float = 0.5
    #: Up to this many consecutive non-qualifying blocks are bridged when a qualifying block
    #: follows (reconstruction; 1-20 swept on wcxb_dev and cleaneval: flat from 10 on).
    max_gap: int = 10
    #: Keep the bridged (non-qualifying) blocks in the output instead of dropping them.
    keep_gap_blocks: bool = False

    def validate(self) -> None:
        require_range("grow_fraction", self.grow_fraction, 0.0, 1.0)
        require_range("min_chars", self.min_chars, 0, 10**9)
        require_range("max_link_density", self.max_link_density, 0.0, 1.0)
        require_range("max_gap", self.max_gap, 0, 10**6)


def qualifying(blocks: BlockList, opts: Options) -> tuple[np.ndarray, np.ndarray]:
    """``(non_link_chars, ok)`` per block: ``ok`` marks blocks allowed to join the main text."""
    chars = blocks.chars
    non_link = chars - blocks.link_chars
    dense = blocks.link_chars > opts.max_link_density * np.maximum(chars, 1)
    return non_link, (non_link >= opts.min_chars) & ~dense


def grow(non_link: np.ndarray, ok: np.ndarray, opts: Options) -> tuple[int, int, int]:
    """Grow from the tallest block: returns ``(peak, first, last)`` indices into the arrays.

    Raises nothing; on all-zero input the range is the single block 0.
    """
    peak = int(np.argmax(non_link))
    ok = ok & (non_link >= opts.grow_fraction * non_link[peak])
    ok[peak] = True
    n = len(non_link)

    def reach(step: int) -> int:
        edge, i, gap = peak, peak + step, 0
        while 0 <= i < n:
            if ok[i]:
                edge, gap = i, 0
            elif non_link[i] > 0 or gap:
                gap += 1
                if gap > opts.max_gap:
                    break
            i += step
        return edge

    return peak, reach(-1), reach(1)


def select(blocks: BlockList, opts: Options) -> tuple[list[int], dict[str, int]] | str:
    """Indices of the main-text blocks of a Block-List (no tree needed), with details.

    Returns the reason as a string when there is no main text.
    """
    keep = blocks.nonempty()
    if len(keep) == 0:
        return "the page has no text in any block"
    non_link, ok = qualifying(blocks, opts)
    non_link, ok = non_link[keep], ok[keep]
    if int(non_link.max()) <= 0:
        return "every block of the page is link text"
    peak, first, last = grow(non_link, ok, opts)
    chosen = [int(keep[pos]) for pos in range(first, last + 1) if ok[pos] or pos == peak or opts.keep_gap_blocks]
    details = {"blocks": int(len(keep)), "peak": int(keep[peak]), "first": int(keep[first]), "last": int(keep[last]),
               "peak_chars": int(non_link[peak])}
    return chosen, details


def run(page: Page, opts: Options, blocks: BlockList | None = None) -> Extraction:
    """Extract the main text of ``page`` by block distribution.

    ``blocks`` may pass a block list already built (page-type detection builds one too).
    Returns an :class:`Extraction`; empty with a reason when the page has no text.
    """
    if blocks is None or len(blocks.places) != len(blocks):
        blocks = block_list(page, places=True)
    found = select(blocks, opts)
    if isinstance(found, str):
        return Extraction([], reason=found)
    chosen, details = found
    # The chosen blocks' text pieces, written out in document order with the page's structure (a
    # block's text sits where it stands on the page, not where its block opened; a <pre> keeps its
    # lines, a data row its cells); pieces join with a space, as BlockList.text joins them.
    pieces = [code for k in chosen for code in blocks.places[k]]
    return Extraction(piece_blocks(page, pieces, joiner=" "), details=details)
