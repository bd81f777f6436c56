"""The paper's *Block-List*: a page cut into text blocks in one pass (ALGORITHMS.md 2.1).

Qiu, Tang, Li, Zhu (2009) walk the tag stream once with a stack: a block tag opens a new
block, an inline tag does not (its text goes to the block on top of the stack), jump tags
are skipped with their content, ``br``/``hr`` separate. Nested blocks are separate blocks:
``<div>hello<table>123</table>world</div>`` gives ``hello world`` and ``123``.

Two implementations of the same walk:

- :func:`block_list_events`: lxml's *target parser* interface (start/end/data callbacks,
  no tree is built), the paper's own setting;
- :func:`block_list`: one linear pass over the element ids of an already parsed
  :class:`~extractor.page.Page` (its ``parent``/``end``/``in_link`` arrays give the stack).

Both return a :class:`BlockList` whose blocks are in the order they were opened.
``bench/bench_blocks.py`` times both against ``lxml.html.fromstring``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from lxml import etree

from .page import NOISE_TAGS, Page, normalize_space

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


def block_list(
    page: Page,
    *,
    block_tags: frozenset[str] = BLOCK_TAGS,
    separator_tags: frozenset[str] = SEPARATOR_TAGS,
    root_id: int | None = None,
    places: bool = False,
) -> BlockList:
    """Block list of a parsed :class:`Page` by one linear pass over its element ids.

    The Page already dropped the jump tags (``NOISE_TAGS``). Each element is visited once in
    document order; an explicit stack of open elements, closed by the ``end`` array, places
    every tail after its element's subtree, exactly as the event stream would. Starts at
    ``root_id`` (default: ``body``). Returns a :class:`BlockList` with element ids as owners
    (and ``places`` when ``places=True``).
    """
    tags = page.tags
    texts, tails, text_sizes, tail_sizes = page.texts, page.tails, page.text_sizes, page.tail_sizes
    parent = page.parent.tolist()
    end = page.end.tolist()
    in_link = page.in_link.tolist()
    start = page.body_id if root_id is None else root_id
    stop = end[start]
    out_tags = ["#root"]
    chars = [0]
    links = [0]
    owners = [-1]
    pieces: list[list[str]] = [[]]
    where: list[list[int]] | None = [[]] if places else None
    # Per element id (offset by ``start``): the block receiving its text. A block element
    # receives its own; separators re-point the enclosing block element's slot, and every
    # element in the slot reads it through ``slot_of`` when its text arrives (plain lists, no
    # per-element function calls: this loop is on the hot path of page-type detection).
    n = stop - start
    slot_of = [0] * n  # element -> the position in ``current`` of its enclosing block element
    current = [0] * (n + 1)  # position n: text outside every block
    open_ids: list[int] = []
    pop, push = open_ids.pop, open_ids.append
    for i in range(start, stop + 1):  # the step at ``stop`` only closes what is still open
        while open_ids and end[open_ids[-1]] <= i:
            j = pop()
            size = tail_sizes[j]
            if size and j != start:
                p = parent[j]
                k = current[slot_of[p - start]]
                chars[k] += size
                if in_link[p]:
                    links[k] += size
                pieces[k].append(tails[j])
                if where is not None:
                    where[k].append(~j)
        if i == stop:
            break
        tag = tags[i]
        r = i - start
        if tag in block_tags:
            slot_of[r] = r
            current[r] = len(out_tags)
            out_tags.append(tag)
            chars.append(0)
            links.append(0)
            owners.append(i)
            pieces.append([])
            if where is not None:
                where.append([])
        else:
            s = slot_of[parent[i] - start] if r else n
            slot_of[r] = s
            if tag in separator_tags:
                current[s] = len(out_tags)
                out_tags.append(tag)
                chars.append(0)
                links.append(0)
                owners.append(i)
                pieces.append([])
                if where is not None:
                    where.append([])
        size = text_sizes[i]
        if size:
            k = current[slot_of[r]]
            chars[k] += size
            if in_link[i]:
                links[k] += size
            pieces[k].append(texts[i])
            if where is not None:
                where[k].append(i)
        push(i)
    return BlockList(out_tags, np.array(chars, dtype=np.int64), np.array(links, dtype=np.int64),
                     np.array(owners, dtype=np.int64), pieces, where or [])
