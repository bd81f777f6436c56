"""Serialise a :class:`Result` as text, markdown, JSON, a JSON Lines line or clean HTML."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Any

from .inline import link_target
from .result import Block, Result

FORMATS = ("text", "markdown", "json", "jsonl", "html")
EXTENSIONS = {"text": ".txt", "markdown": ".md", "json": ".json", "jsonl": ".jsonl", "html": ".html", "csv": ".csv"}
_LIST_ITEM = ("li", "dt", "dd")


def to_text(result: Result, links: bool = False) -> str:
    """The main text as plain text: paragraphs and headings separated by blank lines, a list's items
    one a line (``- `` before each, ``1. `` … in an ordered list), a table's rows one a line (cells
    between `` | ``), a code block line by line as written. The words are ``Result.text``'s, in its
    order. ``links=True`` writes each link's target after its words, ``words <URL>`` (blocks with
    ``Block.inline``; relative targets resolved against the page's web address, left as written for a
    local file). A Result whose text is not its blocks' (one built by hand) is written as its text."""
    if not links and "\n\n".join(b.text for b in result.blocks) != result.text:
        return result.text

    def words(block: Block) -> str:
        if not links or not block.inline:
            return block.text
        return "".join(f"{text} <{link_target(href, result.url)}>" if href else text
                       for text, _marks, href in block.inline)

    out = []
    for kind, blocks in _grouped(result.blocks):
        if kind == "list":
            out.append("\n".join(_list_lines(blocks, words)))
        elif kind == "table":
            out.append("\n".join(b.text for b in blocks))
        else:
            out.append(words(blocks[0]))
    return "\n\n".join(out)


#: A lone surrogate: how Python reads a byte of a file name that is not UTF-8 (``os.fsdecode``).
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def json_text(data: Any, *, indent: int | None = None, compact: bool = False) -> str:
    """``data`` as JSON text, other characters than ASCII written as themselves, except a lone
    surrogate (a source whose file name is not UTF-8), written as its ``\\u`` escape: the text always
    encodes to UTF-8, and a JSON reader gets the name back as Python read it. ``compact``: no spaces."""
    text = json.dumps(data, ensure_ascii=False, indent=indent, separators=(",", ":") if compact else None)
    if _LONE_SURROGATE.search(text):  # only inside a string: JSON's own syntax is ASCII
        text = _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text


def to_json(result: Result, *, indent: int | None = 2) -> str:
    """Every field of the Result as JSON, blocks with their text."""
    return json_text(result.to_dict(blocks=True), indent=indent)


def to_jsonl(result: Result) -> str:
    """The Result as one compact JSON line (:meth:`Result.to_dict`: blocks without their text)."""
    data = result.to_dict()
    data = {"source": data.pop("source"), "url": data.pop("url"), **data}  # what the line is about, first
    return json_text(data, compact=True)


def _md_escape_cell(text: str) -> str:
    return md_escape(text).replace("|", "\\|")


#: What a line may start with that markdown would read as markup (CommonMark: ATX headings, block
#: quotes, list items, thematic breaks, setext underlines, fences, HTML blocks).
_LINE_START = re.compile(r"^(?:[#>+=~]|-(?=\s|-|$)|\*(?=\s|\*|$)|_{3,}|`{3,}|<[A-Za-z/!?])")
_ORDERED = re.compile(r"^(\d{1,9})([.)])(?=\s|$)")
#: Characters that may open or close inline markup (emphasis, code spans, links, autolinks, HTML).
#: ``_`` inside a word is left alone: CommonMark never reads intraword underscores as emphasis.
_INLINE_SPECIAL = re.compile(r"([\\`*\[\]]|(?<!\w)_|_(?!\w)|<(?=[A-Za-z/!?]))")


def md_escape(text: str) -> str:
    """``text`` written so that markdown reads it as the same words: inline markup characters are
    backslash-escaped."""
    return _INLINE_SPECIAL.sub(r"\\\1", text)


def md_block_start(text: str) -> str:
    """Escape what would make a paragraph a heading, a list, a quote, a rule or a fence."""
    match = _ORDERED.match(text)
    if match:
        return match.group(1) + "\\" + text[match.end(1):]
    if _LINE_START.match(text):
        return "\\" + text
    return text


def _md_inline(block: Block, base: str | None) -> str:
    """A block's text as markdown: its links and emphasis when known, every other character escaped."""
    if not block.inline:
        return md_escape(block.text)
    parts = []
    for text, marks, href in block.inline:
        lead, core, trail = _split_space(text)
        if "code" in marks:
            fence = "``" if "`" in core else "`"
            core = f"{fence}{core}{fence}" if core else core
        else:
            core = md_escape(core)
            if core and "strong" in marks:
                core = f"**{core}**"
            if core and "em" in marks:
                core = f"*{core}*"
        if href and core:
            target = link_target(href, base).replace(" ", "%20").replace(")", "%29")
            core = f"[{core}]({target})"
        parts.append(lead + core + trail)
    return "".join(parts)


def _split_space(text: str) -> tuple[str, str, str]:
    core = text.strip()
    if not core:
        return text, "", ""
    start = text.index(core[0])
    return text[:start], core, text[start + len(core):]


def _table_rows_md(rows: list[Block]) -> list[str]:
    width = max(len(r.cells or []) for r in rows)
    lines = []
    for n, row in enumerate(rows):
        cells = [_md_escape_cell(c) for c in (row.cells or [])] + [""] * (width - len(row.cells or []))
        lines.append("| " + " | ".join(cells) + " |")
        if n == 0:
            lines.append("|" + " --- |" * width)
    return lines


def _grouped(blocks: list[Block]) -> list[tuple[str, list[Block]]]:
    """Group consecutive list items of one list and consecutive table rows.

    An ordered item (``Block.number``) and an unordered one never share a list, nor do ordered items
    whose numbers do not follow on (a new ``<ol>``); the blocks of one item (``<li>a<br>b</li>``) do."""
    groups: list[tuple[str, list[Block]]] = []
    for block in blocks:
        kind = "list" if block.tag in _LIST_ITEM else "table" if block.cells else "block"
        if groups and kind != "block" and groups[-1][0] == kind and \
                (kind != "list" or _same_list(groups[-1][1][-1], block)):
            groups[-1][1].append(block)
        else:
            groups.append((kind, [block]))
    return groups


def _same_list(prev: Block, block: Block) -> bool:
    if prev.id == block.id:
        return True
    if prev.number is None or block.number is None:
        return prev.number is None and block.number is None
    return abs(block.number - prev.number) == 1


def _items(blocks: list[Block]) -> list[list[Block]]:
    """A list's blocks by item: consecutive blocks of one element are one item's lines."""
    items: list[list[Block]] = []
    for block in blocks:
        if items and items[-1][-1].id == block.id:
            items[-1].append(block)
        else:
            items.append([block])
    return items


def _marker(block: Block) -> str:
    """``1.`` … for an ordered item (CommonMark takes at most nine digits, none negative), else ``-``."""
    return f"{block.number}." if block.number is not None and 0 <= block.number < 10**9 else "-"


def _list_lines(blocks: list[Block], words: Callable[[Block], str], hard_break: str = "") -> list[str]:
    """A list as lines: each item's marker, then its first line; its other lines indented under it."""
    lines = []
    for item in _items(blocks):
        marker = _marker(item[0])
        indent = " " * (len(marker) + 1)
        texts = [words(b) for b in item]
        lines.append(f"{marker} {texts[0]}" + "".join(f"{hard_break}\n{indent}{t}" for t in texts[1:]))
    return lines


def to_markdown(result: Result) -> str:
    """The content as markdown: a ``#`` title, headings, paragraphs, lists, tables, code blocks."""
    out: list[str] = []
    base = result.url
    if result.title:
        out.append(f"# {md_escape(result.title)}")
    previous = ""
    for kind, blocks in _grouped(result.blocks):
        if kind == "list":
            ordered = "ol" if blocks[0].number is not None else "ul"
            if previous == ordered:  # markdown would join two lists of one kind into one (as pandoc does)
                out.append("<!-- -->")
            out.append("\n".join(_list_lines(blocks, lambda b: md_block_start(_md_inline(b, base)), "\\")))
            previous = ordered
            continue
        block = blocks[0]
        if block.tag == "h1" and block.text == result.title:
            continue
        previous = ""
        if kind == "table":
            out.append("\n".join(_table_rows_md(blocks)))
        else:
            if block.tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
                out.append("#" * max(2, int(block.tag[1])) + " " + _md_inline(block, base))
            elif block.tag == "pre":
                fence = "`" * max(3, max((len(m) for m in re.findall(r"`+", block.text)), default=0) + 1)
                out.append(f"{fence}\n{block.text}\n{fence}")
            elif block.tag == "blockquote":
                out.append("> " + md_block_start(_md_inline(block, base)))
            else:
                out.append(md_block_start(_md_inline(block, base)))
    return "\n\n".join(out)


def to_html(result: Result) -> str:
    """The content as a small, clean HTML document (no scripts, styles or attributes)."""
    esc = html.escape
    out = ["<!DOCTYPE html>", '<html><head><meta charset="utf-8">', f"<title>{esc(result.title)}</title></head><body>"]
    if result.title:
        out.append(f"<h1>{esc(result.title)}</h1>")
    for kind, blocks in _grouped(result.blocks):
        if kind == "list":
            items = _items(blocks)
            first = items[0][0].number
            if first is None:
                opening = "<ul>"
            else:
                down = len(items) > 1 and items[1][0].number is not None and items[1][0].number < first
                start = f' start="{first}"' if first != 1 or down else ""
                opening = "<ol" + (" reversed" if down else "") + start + ">"
            body = "".join("<li>" + "<br>".join(esc(b.text) for b in item) + "</li>" for item in items)
            out.append(opening + body + ("</ul>" if first is None else "</ol>"))
        elif kind == "table":
            rows = []
            for b in blocks:
                cell = "th" if b.header else "td"
                rows.append("<tr>" + "".join(f"<{cell}>{esc(c)}</{cell}>" for c in b.cells or []) + "</tr>")
            out.append("<table>" + "".join(rows) + "</table>")
        else:
            block = blocks[0]
            tag = block.tag if block.tag in ("h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote") else "p"
            if tag == "h1" and block.text == result.title:
                continue
            out.append(f"<{tag}>{esc(block.text)}</{tag}>")
    out.append("</body></html>")
    return "\n".join(out)


SERIALISERS: dict[str, Callable[[Result], str]] = {
    "text": to_text, "markdown": to_markdown, "json": to_json, "jsonl": to_jsonl, "html": to_html,
}


#: The Result fields written as front matter by ``metadata=True`` (``--with-metadata``), in this order.
FRONT_MATTER_FIELDS = ("title", "author", "date", "date_modified", "site_name", "language", "description", "image",
                       "canonical_url", "url", "tags")


def front_matter(result: Result) -> str:
    """The page's metadata as a YAML front matter block (``---`` lines around ``name: value``); values are
    JSON strings and lists, which YAML reads as they are; unknown fields are left out."""
    lines = ["---"]
    for name in FRONT_MATTER_FIELDS:
        value = getattr(result, name)
        if value:
            lines.append(f"{name}: {json_text(value)}")
    lines.append("---")
    return "\n".join(lines)


def serialise(result: Result, fmt: str, *, links: bool = False, metadata: bool = False) -> str:
    """Serialise ``result`` in format ``fmt`` (one of :data:`FORMATS`). ``links=True`` keeps link targets in
    text (from ``Block.inline``, filled by ``extract(..., inline=True)``; markdown always keeps them);
    ``metadata=True`` starts text and markdown with :func:`front_matter` (JSON always holds it)."""
    if fmt == "text":
        body = to_text(result, links=links)
    elif fmt == "markdown":
        body = to_markdown(result)
    else:
        return SERIALISERS[fmt](result)
    return front_matter(result) + "\n\n" + body if metadata else body
