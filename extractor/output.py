"""Serialise a :class:`Result` as text, markdown, JSON, a JSON Lines line or clean HTML."""

from __future__ import annotations

import html
import json
from collections.abc import Callable

from .result import Block, Result

FORMATS = ("text", "markdown", "json", "jsonl", "html")
EXTENSIONS = {"text": ".txt", "markdown": ".md", "json": ".json", "jsonl": ".jsonl", "html": ".html", "csv": ".csv"}
_LIST_ITEM = ("li", "dt", "dd")


def to_text(result: Result) -> str:
    """The main text, paragraphs separated by blank lines."""
    return result.text


def to_json(result: Result, *, indent: int | None = 2) -> str:
    """Every field of the Result as JSON, blocks with their text."""
    return json.dumps(result.to_dict(blocks=True), ensure_ascii=False, indent=indent)


def to_jsonl(result: Result) -> str:
    """The Result as one compact JSON line (:meth:`Result.to_dict`: blocks without their text)."""
    data = result.to_dict()
    data = {"source": data.pop("source"), "url": data.pop("url"), **data}  # what the line is about, first
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _md_escape_cell(text: str) -> str:
    return text.replace("|", "\\|")


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
    """Group consecutive list items and consecutive table rows."""
    groups: list[tuple[str, list[Block]]] = []
    for block in blocks:
        kind = "list" if block.tag in _LIST_ITEM else "table" if block.cells else "block"
        if groups and kind != "block" and groups[-1][0] == kind:
            groups[-1][1].append(block)
        else:
            groups.append((kind, [block]))
    return groups


def to_markdown(result: Result) -> str:
    """The content as markdown: a ``#`` title, headings, paragraphs, lists, tables, code blocks."""
    out: list[str] = []
    if result.title:
        out.append(f"# {result.title}")
    for kind, blocks in _grouped(result.blocks):
        if kind == "list":
            out.append("\n".join(f"- {b.text}" for b in blocks))
        elif kind == "table":
            out.append("\n".join(_table_rows_md(blocks)))
        else:
            block = blocks[0]
            if block.tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
                if block.text == result.title:
                    continue
                out.append("#" * max(2, int(block.tag[1])) + " " + block.text)
            elif block.tag == "pre":
                out.append("```\n" + block.text + "\n```")
            elif block.tag == "blockquote":
                out.append("> " + block.text)
            else:
                out.append(block.text)
    return "\n\n".join(out)


def to_html(result: Result) -> str:
    """The content as a small, clean HTML document (no scripts, styles or attributes)."""
    esc = html.escape
    out = ["<!DOCTYPE html>", '<html><head><meta charset="utf-8">', f"<title>{esc(result.title)}</title></head><body>"]
    if result.title:
        out.append(f"<h1>{esc(result.title)}</h1>")
    for kind, blocks in _grouped(result.blocks):
        if kind == "list":
            out.append("<ul>" + "".join(f"<li>{esc(b.text)}</li>" for b in blocks) + "</ul>")
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


def serialise(result: Result, fmt: str) -> str:
    """Serialise ``result`` in format ``fmt`` (one of :data:`FORMATS`)."""
    return SERIALISERS[fmt](result)
