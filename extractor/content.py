"""Turn a chosen subtree of a Page into text blocks (paragraphs, headings, list items, rows).

Every method picks *which* elements are content; this module alone decides how content
elements become :class:`~extractor.result.Block` objects, so all methods produce the same
kind of output and the serialisers see one structure.
"""

from __future__ import annotations

from collections.abc import Collection

from lxml import etree

from .page import Page, normalize_space
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
    piece, tagged with the nearest block-level element.
    """
    index = page.index
    blocks: list[Block] = []
    owners: list[tuple[int, str]] = []
    buffer: list[str] = []

    def flush() -> None:
        if buffer:
            text = normalize_space("".join(buffer))
            buffer.clear()
            if text and owners:
                owner_id, owner_tag = owners[-1]
                blocks.append(Block(owner_id, text, owner_tag, label, score))

    root = page.elements[root_id]
    walker = etree.iterwalk(root, events=("start", "end"))
    skipped_el = None
    for event, el in walker:
        tag = el.tag if isinstance(el.tag, str) else ""
        if event == "start":
            i = index.get(el, -1)
            if i in skip or i < 0:
                walker.skip_subtree()
                skipped_el = el
                continue
            if tag in BLOCK_TAGS or el is root:
                flush()
                cell_ids = _data_row_cells(page, i) if tag == "tr" else None
                if cell_ids:
                    cells = [_cell_text(page, c) for c in cell_ids]
                    if any(cells):
                        header = all(page.tags[c] == "th" for c in cell_ids)
                        blocks.append(Block(i, " | ".join(cells), "tr", label, score, cells=cells, header=header))
                    walker.skip_subtree()
                    owners.append((i, tag))
                    continue
                if tag == "pre":
                    text = "".join(el.itertext()).strip("\n")
                    if text.strip():
                        blocks.append(Block(i, text, "pre", label, score))
                    walker.skip_subtree()
                    owners.append((i, tag))
                    continue
                owners.append((i, tag))
            elif tag in ("br", "hr"):
                flush()
            if el.text:
                buffer.append(el.text)
        else:
            if el is skipped_el:
                skipped_el = None
            elif tag in BLOCK_TAGS or el is root:
                flush()
                owners.pop()
            if el is not root and el.tail:
                buffer.append(el.tail)
    flush()
    return blocks


def _data_row_cells(page: Page, tr: int) -> list[int] | None:
    """Ids of the cells of table row ``tr`` when it is a data row (at least two cells, none holding
    layout content), else None. Reads the Page's id ranges instead of walking lxml: a table of
    100,000 rows is on a page's hot path."""
    tags, end = page.tags, page.end
    cells = []
    c, stop = tr + 1, int(end[tr])
    while c < stop:
        nxt = int(end[c])
        if tags[c] in _CELL_TAGS:
            if any(tags[j] in _LAYOUT_SET for j in range(c + 1, nxt)):
                return None
            cells.append(c)
        c = nxt
    return cells if len(cells) >= 2 else None


def _cell_text(page: Page, cell: int) -> str:
    """Whitespace-normalised text of a cell (a leaf's own text without asking lxml)."""
    if int(page.end[cell]) == cell + 1:
        return normalize_space(page.texts[cell])
    return normalize_space("".join(page.elements[cell].itertext()))


def blocks_text(blocks: list[Block]) -> str:
    """Plain text of blocks: one block per paragraph, separated by blank lines."""
    return "\n\n".join(b.text for b in blocks if b.text)
