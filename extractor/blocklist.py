"""The paper's *Block-List*: a page cut into text blocks in one pass (ALGORITHMS.md 2.1).

Qiu, Tang, Li, Zhu (2009) walk the tag stream once with a stack: a block tag opens a new
block, an inline tag does not (its text goes to the block on top of the stack), jump tags
are skipped with their content, ``br``/``hr`` separate. Nested blocks are separate blocks:
``<div>hello<table>123</table>world</div>`` gives ``hello world`` and ``123``.

Two implementations of the same walk:

- :func:`block_list_events`: lxml's *target parser* interface (start/end/data callbacks,
  no tree is built), the paper's own setting;
- :func:`block_list`: the same walk over the element arrays of an already parsed
  :class:`~extractor.page.Page` (``parent``/``end``/``in_link``), computed with numpy at once.

Both return a :class:`BlockList` whose blocks are in the order they were opened.
``bench/bench_blocks.py`` times both against ``lxml.html.fromstring``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from lxml import etree

from .page import Page
from .parse import NOISE_TAGS, normalize_space

#: Tags that open a new block. The paper's set G names ``table tr td div`` and ``form``;
#: ALGORITHMS.md 2.1 adds ``p ul ol li h1-h6`` and the HTML5 sectioning tags.
BLOCK_TAGS = frozenset(
    "table tr td th div p ul ol li h1 h2 h3 h4 h5 h6 form section article aside header footer nav main".split()
)
#: Tags that end the current block and start a new one at the same stack level (paper: ``<br> <hr>``).
SEPARATOR_TAGS = frozenset(("br", "hr"))
#: Tags skipped together with their content: the paper's set J (``style script``), plus the
#: noise tags every method drops (ALGORITHMS.md, shared vocabulary) and ``head``
#: (reconstruction: the head holds no body text; the title is read elsewhere).
JUMP_TAGS = frozenset(("style", "script", "head", *NOISE_TAGS))
#: Tags that neither open nor close a block (the paper's set D: ``font span a``; ALGORITHMS
#: adds ``b i em strong``). Any tag not in the other sets is treated the same way; the set is
#: kept to name the paper's choice.
INLINE_TAGS = frozenset("font span a b i em strong".split())


@dataclass
class BlockList:
    """Blocks in the order they were opened.

    ``tags[k]`` is the tag that opened block ``k`` (``br``/``hr`` for a continuation after a
    separator, ``#root`` for text outside every block); ``chars[k]`` its whitespace-normalised
    character count (pieces counted separately, a space between pieces not counted);
    ``link_chars[k]`` the part inside ``<a href>``; ``owners[k]`` the element id of the
    opening element in the Page (-1 in the event variant, which has no ids). ``pieces[k]``
    are the raw text pieces (strings) of the block in stream order. ``places[k]``, when asked
    for (``block_list(page, places=True)``; else empty), says where each piece comes from:
    ``i`` for element ``i``'s ``.text``, ``~j`` for element ``j``'s tail (the codes of
    :func:`extractor.content.piece_blocks`, which writes chosen blocks out in document order).
    """

    tags: list[str]
    chars: np.ndarray
    link_chars: np.ndarray
    owners: np.ndarray
    pieces: list[list[str]] = field(default_factory=list)
    places: list[list[int]] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.tags)

    def text(self, k: int) -> str:
        """The whitespace-normalised text of block ``k``."""
        return normalize_space(" ".join(self.pieces[k]))

    def nonempty(self) -> np.ndarray:
        """Indices of blocks that hold any text."""
        return np.flatnonzero(self.chars > 0)


def _norm_len(text: str | None) -> int:
    return len(" ".join(text.split())) if text else 0


class _Builder:
    """The paper's stack machine for the event variant: receives start/end/data in stream order."""

    def __init__(self, block_tags: frozenset[str], separator_tags: frozenset[str], jump_tags: frozenset[str]) -> None:
        self.block_tags, self.separator_tags, self.jump_tags = block_tags, separator_tags, jump_tags
        self.tags: list[str] = ["#root"]
        self.chars: list[int] = [0]
        self.link_chars: list[int] = [0]
        self.pieces: list[list[str]] = [[]]
        self.stack: list[int] = [0]  # open blocks; the top one receives text
        self.open: list[tuple[str, bool]] = []  # every open element: (tag, opened a link)
        self.jump_depth = 0
        self.link_depth = 0
        self.buffer: list[str] = []  # libxml2 may deliver one text run in several data calls

    def start(self, tag: str, attrib: dict) -> None:
        if self.buffer:
            self._flush()
        tag = tag.lower() if isinstance(tag, str) else ""
        if self.jump_depth or tag in self.jump_tags:
            self.jump_depth += 1
            self.open.append((tag, False))
            return
        is_link = tag == "a" and attrib.get("href") is not None
        self.open.append((tag, is_link))
        if tag in self.block_tags:
            self.stack.append(self._new(tag))
        elif tag in self.separator_tags:
            self.stack[-1] = self._new(tag)
        elif is_link:
            self.link_depth += 1

    def end(self, tag: str) -> None:
        if self.buffer:
            self._flush()
        if not self.open:
            return  # a stray end tag: libxml2 drops these, ignore one if it arrives
        tag, is_link = self.open.pop()
        if self.jump_depth:
            self.jump_depth -= 1
        elif tag in self.block_tags:
            if len(self.stack) > 1:
                self.stack.pop()
        elif is_link:
            self.link_depth -= 1

    def data(self, text: str) -> None:
        if not self.jump_depth:
            self.buffer.append(text)

    def _flush(self) -> None:
        text = "".join(self.buffer)
        self.buffer.clear()
        n = _norm_len(text)
        if not n:
            return
        k = self.stack[-1]
        self.chars[k] += n
        if self.link_depth:
            self.link_chars[k] += n
        self.pieces[k].append(text)

    def close(self) -> BlockList:
        if self.buffer:
            self._flush()
        return BlockList(self.tags, np.array(self.chars, dtype=np.int64), np.array(self.link_chars, dtype=np.int64),
                         np.full(len(self.tags), -1, dtype=np.int64), self.pieces)

    def _new(self, tag: str) -> int:
        self.tags.append(tag)
        self.chars.append(0)
        self.link_chars.append(0)
        self.pieces.append([])
        return len(self.tags) - 1


def block_list_events(
    html: str | bytes,
    *,
    block_tags: frozenset[str] = BLOCK_TAGS,
    separator_tags: frozenset[str] = SEPARATOR_TAGS,
    jump_tags: frozenset[str] = JUMP_TAGS,
) -> BlockList:
    """Block list of decoded HTML ``html`` by lxml's target parser (events, no tree).

    libxml2 repairs the stream first (unclosed tags are closed, stray end tags dropped), so
    the callbacks always nest. Returns a :class:`BlockList` (``owners`` are all -1).
    Raises nothing for odd markup; an input without markup gives only the root block.
    """
    builder = _Builder(block_tags, separator_tags, jump_tags)
    if isinstance(html, str):
        html = html.encode("utf-8", "surrogatepass")
    parser = etree.HTMLParser(target=builder, remove_comments=True, remove_pis=True, encoding="utf-8")
    parser.feed(html)
    return parser.close()


def _nearest_block(parent: np.ndarray, is_block: np.ndarray) -> np.ndarray:
    """Per element of a subtree: the local id of its nearest block ancestor-or-self (``n`` when none).

    Takes ``parent`` (local ids; entry 0, the subtree's root, is ignored) and ``is_block`` (bool),
    both of length ``n``; returns an int64 array of length ``n + 1`` (the last entry is the
    sentinel ``n``). Pointer doubling: log2 of the longest run of non-block ancestors in steps.
    """
    n = len(parent)
    up = np.empty(n + 1, dtype=np.int64)
    up[1:n] = parent[1:]
    up[0] = up[n] = n
    ids = np.flatnonzero(is_block)
    up[ids] = ids
    while True:
        nxt = up[up]
        if np.array_equal(nxt, up):
            return up
        up = nxt


def _split(items: list, counts: np.ndarray) -> list[list]:
    """``items`` cut into consecutive lists of ``counts`` items each (one list per count)."""
    bounds = np.cumsum(counts).tolist()
    # Most blocks are empty (about half on the dev pages): a new empty list is cheaper than a slice.
    return [items[a:b] if a != b else [] for a, b in zip([0, *bounds[:-1]], bounds, strict=True)]


def block_list(
    page: Page,
    *,
    block_tags: frozenset[str] = BLOCK_TAGS,
    separator_tags: frozenset[str] = SEPARATOR_TAGS,
    root_id: int | None = None,
    places: bool = False,
) -> BlockList:
    """Block list of a parsed :class:`Page`, computed over its element arrays at once.

    The Page already dropped the jump tags (``NOISE_TAGS``). It is the event walk of
    :func:`block_list_events` over the element ids from ``root_id`` (default: ``body``): element
    ``i`` opens at stream time ``i`` (its text follows), its tail arrives when its subtree closes
    (time ``end[i]``, before element ``end[i]`` opens; tails closing together innermost first).
    A text goes to the block last opened, by that time, in its *slot*: the nearest enclosing
    block element, whose block a ``br``/``hr`` inside it replaces (the root slot holds block 0).
    So every piece's block is one sorted search among the openers. Returns a :class:`BlockList`
    with element ids as owners (and ``places`` when ``places=True``).
    """
    start = page.body_id if root_id is None else root_id
    stop = int(page.end[start])
    n = stop - start
    tags = page.tags[start:stop]
    is_block = np.fromiter(map(block_tags.__contains__, tags), dtype=bool, count=n)
    is_sep = np.fromiter(map(separator_tags.__contains__, tags), dtype=bool, count=n) & ~is_block
    parent = page.parent[start:stop] - start
    slot = _nearest_block(parent, is_block)
    # Openers: the root block (slot n), then every block and separator element in id order,
    # keyed by (slot, time); time 2r+2 for element r's opening and text, 2e+1 for a tail closing
    # at e (so a tail at e sees what opened before e, and precedes the text of element e).
    opened = np.flatnonzero(is_block | is_sep)
    key_scale = 2 * n + 4
    opener_keys = np.concatenate(([n * key_scale], slot[opened] * key_scale + 2 * opened + 2))
    order = np.argsort(opener_keys, kind="stable")
    opener_keys = opener_keys[order]
    text_sizes = np.fromiter(page.text_sizes[start:stop], dtype=np.int64, count=n)
    tail_sizes = np.fromiter(page.tail_sizes[start:stop], dtype=np.int64, count=n)
    tail_sizes[0] = 0  # the root's own tail lies outside it
    with_text = np.flatnonzero(text_sizes)
    with_tail = np.flatnonzero(tail_sizes)
    tail_time = page.end[with_tail + start] - start
    tail_slot = slot[parent[with_tail]]
    event_time = np.concatenate((2 * with_text + 2, 2 * tail_time + 1))
    event_slot = np.concatenate((slot[with_text], tail_slot))
    # Stream order: by time; tails closing at the same time innermost (highest id) first.
    stream = np.argsort(event_time * (n + 1) + np.concatenate((np.zeros(len(with_text), dtype=np.int64),
                                                                  n - with_tail)), kind="stable")
    event_block = order[np.searchsorted(opener_keys, event_slot * key_scale + event_time, side="right") - 1]
    source = np.concatenate((with_text, with_tail + n))  # into texts + tails of the subtree
    sizes = np.concatenate((text_sizes[with_text], tail_sizes[with_tail]))
    in_link = page.in_link[start:stop]
    linked = np.concatenate((in_link[with_text], in_link[parent[with_tail]]))
    n_blocks = len(opened) + 1
    chars = np.bincount(event_block, weights=sizes, minlength=n_blocks).astype(np.int64)
    links = np.bincount(event_block, weights=np.where(linked, sizes, 0), minlength=n_blocks).astype(np.int64)
    # Pieces grouped by block, in stream order within a block.
    event_block, source = event_block[stream], source[stream]
    grouped = np.argsort(event_block, kind="stable")
    counts = np.bincount(event_block, minlength=n_blocks)
    source = source[grouped]
    strings = page.texts[start:stop] + page.tails[start:stop]
    pieces = _split(list(map(strings.__getitem__, source.tolist())), counts)
    where: list[list[int]] = []
    if places:
        codes = np.where(source < n, source + start, ~(source - n + start))
        where = _split(codes.tolist(), counts)
    out_tags = ["#root", *map(tags.__getitem__, opened.tolist())]
    owners = np.concatenate(([-1], opened + start)).astype(np.int64)
    return BlockList(out_tags, chars, links, owners, pieces, where)
