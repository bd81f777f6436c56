"""Turn a chosen subtree of a Page into text blocks (paragraphs, headings, list items, rows).

Every method picks *which* elements are content; this module alone decides how content
elements become :class:`~extractor.result.Block` objects, so all methods produce the same
kind of output and the serialisers see one structure.
"""

from __future__ import annotations

import weakref
from collections.abc import Collection, Iterable

import numpy as np

from .page import Page
from .parse import normalize_space
from .result import Block

#: Elements that start a new block of text when rendered (HTML's block-level elements).
BLOCK_TAGS = frozenset(
    "address article aside blockquote body center dd details dialog dir div dl dt fieldset figcaption "
    "figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html li main menu nav noscript ol p pre "
    "section summary table tbody td tfoot th thead tr ul caption".split()
)
#: Elements inside a table cell that make its row a layout row rather than a data row.
_LAYOUT_CELL_CONTENT = ("table", "div", "p", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre")
_LAYOUT_SET = frozenset(_LAYOUT_CELL_CONTENT)
_CELL_TAGS = ("td", "th")


def collect_blocks(
    page: Page,
    root_id: int,
    *,
    skip: Collection[int] = (),
    label: str = "body",
    score: float = 1.0,
) -> list[Block]:
    """Blocks of text under element ``root_id``, in document order.

    ``skip`` holds element ids whose whole subtree is left out (their tails stay, since a
    tail belongs to the parent). Returns a list of :class:`Block`, one per paragraph-like
    piece, tagged with the nearest block-level element: a ``<pre>`` as written (its line breaks
    and indentation), a data row as one ``tr`` block with its ``cells``, an ``<ol>`` item with
    its ``number``.
    """
    tags, texts, tails, end = page.tags, page.texts, page.tails, page.end_list
    blocks: list[Block] = []
    owners: list[tuple[int, str]] = []
    buffer: list[str] = []

    def flush() -> None:
        if buffer:
            text = normalize_space("".join(buffer))
            buffer.clear()
            if text and owners:
                owner_id, owner_tag = owners[-1]
                tag, number = block_role(page, owner_id) if owner_tag in _ITEM_PARTS else (owner_tag, None)
                blocks.append(Block(owner_id, text, tag, label, score, number=number))

    def close(j: int, kind: int) -> None:
        if kind == _OWNER:
            flush()
            owners.pop()
        if j != root_id and tails[j]:
            buffer.append(tails[j])

    # A walk over element ids in document order (the Page's tree holds no comments or processing
    # instructions: the parser removes them), reading the Page's tags and texts, not lxml's proxies.
    open_ids: list[tuple[int, int]] = []  # (id, kind) of the elements entered and not yet closed
    i, stop = root_id, end[root_id]
    while i < stop:
        while open_ids and end[open_ids[-1][0]] <= i:
            close(*open_ids.pop())
        tag = tags[i]
        if i in skip:
            open_ids.append((i, _SKIPPED))
            i = end[i]
            continue
        if tag in BLOCK_TAGS or i == root_id:
            flush()
            cell_ids = data_row_cells(page, i) if tag == "tr" else None
            whole = False
            if cell_ids:
                cells = [_cell_text(page, c) for c in cell_ids]
                if any(cells):
                    header = all(tags[c] == "th" for c in cell_ids)
                    blocks.append(Block(i, " | ".join(cells), "tr", label, score, cells=cells, header=header))
                whole = True
            elif tag == "pre":
                text = "".join(page.elements[i].itertext()).strip("\n")
                if text.strip():
                    blocks.append(Block(i, text, "pre", label, score))
                whole = True
            owners.append((i, tag))
            open_ids.append((i, _OWNER))
            if whole:  # its text is taken: the walk goes on after its subtree
                i = end[i]
                continue
        else:
            if tag in ("br", "hr"):
                flush()
            open_ids.append((i, _PLAIN))
        if texts[i]:
            buffer.append(texts[i])
        i += 1
    while open_ids:
        close(*open_ids.pop())
    flush()
    return blocks


#: Kinds of the elements open in :func:`collect_blocks`' walk.
_PLAIN, _OWNER, _SKIPPED = 0, 1, 2


#: Block owners that may be a list item: the item, or the paragraph that opens it.
_ITEM_PARTS = frozenset(("li", "p", "div"))


def block_role(page: Page, owner: int) -> tuple[str, int | None]:
    """The tag and list number a block whose text belongs to element ``owner`` is written with.

    An ``<li>`` is a list item (numbered in an ``<ol>``: :func:`list_number`), and so is the
    paragraph that opens one (``<li><p>first</p><p>more</p></li>``, as documentation pages write
    their lists): its ``p``/``div`` is the item's first child, with no text before it. Any other
    element keeps its tag."""
    tag = page.tags[owner]
    if tag == "li":
        return "li", list_number(page, owner)
    if tag in _ITEM_PARTS:
        item = int(page.parent[owner])
        if item == owner - 1 and page.tags[item] == "li" and not page.text_sizes[item]:
            return "li", list_number(page, item)
    return tag, None


#: Per live Page, its lists' numbers (:func:`list_number`): blocks of one list may be made by many calls.
_PAGE_NUMBERS: weakref.WeakKeyDictionary[Page, dict[int, dict[int, int]]] = weakref.WeakKeyDictionary()


def list_number(page: Page, li: int, cache: dict[int, dict[int, int]] | None = None) -> int | None:
    """The number a browser shows before list item ``li``: its place in its ``<ol>`` counted from the
    list's ``start`` (default 1), a ``value`` attribute restarting the count; None when the item is not
    in an ``<ol>``. ``cache`` (one per page; default: one kept beside the Page while it lives) holds each
    list's numbers, so a list of 100,000 items is counted once."""
    parent = int(page.parent[li])
    if parent < 0 or page.tags[parent] != "ol":
        return None
    if cache is None:
        cache = _PAGE_NUMBERS.setdefault(page, {})
    found = cache.get(parent)
    if found is None:
        found = cache[parent] = _ol_numbers(page, parent)
    return found.get(li)


def _int_attr(value: str | None) -> int | None:
    try:
        return int(value.strip()) if value is not None else None
    except ValueError:
        return None


def _ol_numbers(page: Page, ol: int) -> dict[int, int]:
    """Item id -> number for the ``<li>`` children of ``ol`` (HTML: ``start``, ``value``, ``reversed``)."""
    tags, end, elements = page.tags, page.end, page.elements
    items = []
    c, stop = ol + 1, int(end[ol])
    while c < stop:
        if tags[c] == "li":
            items.append(c)
        c = int(end[c])
    el = elements[ol]
    step = -1 if el.get("reversed") is not None else 1
    start = _int_attr(el.get("start"))
    n = (start if start is not None else (len(items) if step < 0 else 1))
    numbers = {}
    for item in items:
        value = _int_attr(elements[item].get("value"))
        if value is not None:
            n = value
        numbers[item] = n
        n += step
    return numbers


def data_row_cells(page: Page, tr: int) -> list[int] | None:
    """Ids of the cells of table row ``tr`` when it is a data row (at least two cells, none holding
    layout content), else None. Reads the Page's id ranges instead of walking lxml: a table of
    100,000 rows is on a page's hot path."""
    tags, end = page.tags, page.end_list
    cells = []
    c, stop = tr + 1, end[tr]
    while c < stop:
        nxt = end[c]
        if tags[c] in _CELL_TAGS:
            if any(tags[j] in _LAYOUT_SET for j in range(c + 1, nxt)):
                return None
            cells.append(c)
        c = nxt
    return cells if len(cells) >= 2 else None


def _cell_text(page: Page, cell: int) -> str:
    """Whitespace-normalised text of a cell (a leaf's own text without asking lxml)."""
    if page.end_list[cell] == cell + 1:
        return normalize_space(page.texts[cell])
    return normalize_space("".join(page.elements[cell].itertext()))


def blocks_text(blocks: list[Block]) -> str:
    """Plain text of blocks: one block per paragraph, separated by blank lines."""
    return "\n\n".join(b.text for b in blocks if b.text)


#: Elements that split text (block-level ones, and br/hr): text on either side never joins into one word.
_BREAKS = BLOCK_TAGS | {"br", "hr"}


def break_prefix(page: Page) -> list[int]:
    """Prefix counts of line-breaking elements (:data:`_BREAKS`) by id: ``p[k]`` of them have ids below
    ``k``, so ``p[end] - p[i + 1]`` lie under element ``i``."""
    marks = np.fromiter(map(_BREAKS.__contains__, page.tags), dtype=np.int64, count=len(page))
    return np.concatenate(([0], np.cumsum(marks))).tolist()


def nearest_marked(parent: np.ndarray, marked: np.ndarray) -> np.ndarray:
    """Per element, the id of its nearest ancestor-or-self with ``marked`` true (-1 if none).

    Pointer jumping on the parent array: O(n log depth) numpy work, no tree walk. Each round
    jumps only the elements not yet resolved (most are after a round or two).
    """
    n = len(parent)
    up = np.where(marked, np.arange(n, dtype=np.int64), parent)
    done = marked | (up < 0)
    todo = np.flatnonzero(~done)
    while len(todo):
        nxt = up[todo]
        up[todo] = up[nxt]
        now = done[nxt]
        done[todo] = now
        todo = todo[~now]
    return up


def paragraph_owners(page: Page) -> np.ndarray:
    """Per element, its nearest block-level ancestor-or-self (:data:`BLOCK_TAGS`; body at worst): the
    paragraph its own text belongs to (:func:`nearest_marked`)."""
    marked = np.fromiter(map(BLOCK_TAGS.__contains__, page.tags), dtype=bool, count=len(page))
    marked[page.body_id] = True
    marked[0] = True
    return nearest_marked(page.parent, marked)


def own_text_pieces(page: Page, kept: Iterable[int]) -> list[int]:
    """The text pieces of elements ``kept`` (see :func:`piece_blocks`): each one's ``.text`` and its
    children's tails, those that hold more than white space."""
    elements, index = page.elements, page.index
    pieces: list[int] = []
    for i in kept:
        el = elements[i]
        if el.text and el.text.strip():
            pieces.append(i)
        for child in el:
            tail = child.tail
            if tail and tail.strip():
                c = index.get(child)
                if c is not None:
                    pieces.append(~c)
    return pieces


def piece_blocks(page: Page, pieces: Iterable[int], owner: np.ndarray | None = None, *,
                 label: str = "body", score: float = 1.0, joiner: str = "") -> list[Block]:
    """Blocks of chosen text pieces of a page, in document order, with the page's structure.

    For methods that choose text node by node rather than a subtree (CEDP, the Block-List). A piece
    is an element's ``.text`` (code ``i``, placed at the element's start) or the tail of element
    ``c`` (code ``~c``, placed after ``c``'s subtree, inner tails first). Consecutive pieces form one
    block when they share their paragraph ``owner`` (:func:`paragraph_owners`, computed when not
    given) and no block-level element or ``br`` lies between them, as :func:`collect_blocks` splits
    text. Structure comes through as :func:`collect_blocks` gives it: a ``<pre>`` any piece lies in
    is one ``pre`` block holding its text as written (line breaks and indentation); the cells of a
    data row (:func:`data_row_cells`) become one ``tr`` block with ``cells`` when two or more of
    them hold chosen text (a cell none of whose pieces was chosen is empty, so the words are the
    chosen ones; a single chosen cell stays a block of its own); an ``<ol>`` item gets its
    ``number``. Only the chosen pieces are visited, not the whole tree. ``joiner`` goes between
    the pieces of a block before white space is normalised (the Block-List joins its pieces with
    a space).
    """
    if owner is None:
        owner = paragraph_owners(page)
    texts, tails, end, depth, parent = page.texts, page.tails, page.end, page.depth, page.parent
    # (sort position, tie-break, owner, first id after the piece, last id before it, text)
    entries: list[tuple[int, int, int, int, int, str]] = []
    for code in pieces:
        if code >= 0:
            entries.append((code, 1, int(owner[code]), code + 1, code, texts[code] or ""))
        else:
            c = ~code
            e = int(end[c])
            entries.append((e, -int(depth[c]), int(owner[parent[c]]), e, e - 1, tails[c] or ""))
    if not entries:
        return []
    entries.sort(key=lambda entry: (entry[0], entry[1]))
    before = break_prefix(page)  # breaking ids below k
    runs: list[tuple[int, str]] = []
    run_owner, last_after, buffer = -1, 0, []
    for _, _, own, after, last_before, text in entries:
        split = own != run_owner or (last_before >= last_after and before[last_before + 1] > before[last_after])
        if split and buffer:
            runs.append((run_owner, normalize_space(joiner.join(buffer))))
            buffer = []
        run_owner, last_after = own, after
        buffer.append(text)
    if buffer:
        runs.append((run_owner, normalize_space(joiner.join(buffer))))
    return _structured(page, runs, label, score)


def _structured(page: Page, runs: list[tuple[int, str]], label: str, score: float) -> list[Block]:
    """Blocks of ``(paragraph owner, text)`` runs: pre kept as written, data-row cells joined, list numbers."""
    tags, parent, elements = page.tags, page.parent, page.elements
    body = page.body_id
    pre_of: dict[int, int] = {}
    rows: dict[int, list[int] | None] = {}
    out: list[Block] = []
    row: list[Block] = []  # the blocks of the data row being read, one per run of its cells

    def end_row() -> None:
        filled = {b.id for b in row}
        if len(filled) < 2:  # one chosen cell is no row: its text stands as it was chosen
            out.extend(row)
        else:
            cell_ids = rows[int(parent[row[0].id])] or []
            cells = [" ".join(b.text for b in row if b.id == c) for c in cell_ids]
            out.append(Block(int(parent[row[0].id]), " | ".join(cells), "tr", label, score, cells=cells,
                             header=all(tags[c] == "th" for c in cell_ids)))
        row.clear()

    for own, text in runs:
        if not text:
            continue
        tag = tags[own]
        tr = int(parent[own]) if tag in _CELL_TAGS else -1
        if tr >= 0 and tr not in rows:
            rows[tr] = data_row_cells(page, tr) if tags[tr] == "tr" else None
        in_row = tr >= 0 and rows[tr] is not None and own in rows[tr]
        if row and not (in_row and int(parent[row[0].id]) == tr):
            end_row()
        if in_row:
            row.append(Block(own, text, tag, label, score))
            continue
        pre = pre_of.get(own)
        if pre is None:
            pre, i = -1, own
            while i > body:
                if tags[i] == "pre":
                    pre = i  # the outermost pre: a pre nested in a pre is part of its text
                i = int(parent[i])
            pre_of[own] = pre
        if pre >= 0:
            if not (out and out[-1].id == pre and out[-1].tag == "pre"):
                code = "".join(elements[pre].itertext()).strip("\n")
                out.append(Block(pre, code if code.strip() else text, "pre", label, score))
            continue
        role, number = block_role(page, own) if tag in _ITEM_PARTS else (tag, None)
        out.append(Block(own, text, role, label, score, number=number))
    if row:
        end_row()
    return out
