"""Links and emphasis inside a block's text, for markdown and for text that keeps link targets.

A :class:`~extractor.result.Block` holds plain text. :func:`add_inline` walks the element each
block came from and, when the inline content it finds reads exactly as the block's text, keeps it
as runs ``[text, marks, href]`` in ``Block.inline`` (``marks``: ``"em"``, ``"strong"``, ``"code"``
joined by ``+``). A block whose text a method built otherwise keeps ``inline = None`` and is
written as plain text: the serialisers never write words the method did not choose.
"""

from __future__ import annotations

import re
import urllib.parse
from typing import Any

from .content import BLOCK_TAGS
from .page import Page
from .parse import normalize_space
from .result import Block

#: Inline elements and the mark they stand for (HTML Living Standard, "text-level semantics").
MARKS = {"em": "em", "i": "em", "cite": "em", "dfn": "em", "strong": "strong", "b": "strong",
         "code": "code", "kbd": "code", "samp": "code", "tt": "code"}
_SPACE = re.compile(r"\s+")


def add_inline(page: Page, blocks: list[Block]) -> None:
    """Fill ``Block.inline`` for each block whose element's inline content matches its text."""
    cache: dict[int, list[list[tuple[str, str, str | None]]]] = {}
    for block in blocks:
        if block.tag in ("pre", "tr") or block.cells or not 0 <= block.id < len(page.elements):
            continue
        pieces = cache.get(block.id)
        if pieces is None:
            pieces = cache[block.id] = _pieces(page.elements[block.id])
        for runs in pieces:
            if any(href or marks for _, marks, href in runs) and \
                    normalize_space("".join(t for t, _, _ in runs)) == block.text:
                block.inline = _normalised(runs)
                break


def _pieces(element: Any) -> list[list[tuple[str, str, str | None]]]:
    """The element's inline content split where a nested block or a line break starts a new block."""
    pieces: list[list[tuple[str, str, str | None]]] = [[]]

    def walk(el: Any, marks: str, href: str | None) -> None:
        if el.text:
            pieces[-1].append((el.text, marks, href))
        for child in el:
            tag = child.tag if isinstance(child.tag, str) else ""
            if tag in BLOCK_TAGS:
                pieces.append([])  # the nested block is a block of its own; what follows is another
            elif tag in ("br", "hr"):
                pieces.append([])
            elif tag:
                mark = MARKS.get(tag)
                inner = "+".join(sorted(set(filter(None, (*marks.split("+"), mark))))) if mark else marks
                link = child.get("href") if tag == "a" and child.get("href") else href
                walk(child, inner, link)
            if child.tail:
                pieces[-1].append((child.tail, marks, href))

    walk(element, "", None)
    return [p for p in pieces if p]


def _normalised(runs: list[tuple[str, str, str | None]]) -> list[list[Any]]:
    """Runs with white space collapsed as :func:`normalize_space` does, neighbours of one kind merged."""
    out: list[list[Any]] = []
    for text, marks, href in runs:
        text = _SPACE.sub(" ", text)
        if out and out[-1][0].endswith(" ") and text.startswith(" "):
            text = text[1:]
        if not text:
            continue
        if out and out[-1][1] == marks and out[-1][2] == href:
            out[-1][0] += text
        else:
            out.append([text, marks, href])
    if out:
        out[0][0] = out[0][0].lstrip()
        out[-1][0] = out[-1][0].rstrip()
    return [r for r in out if r[0]]


def link_target(href: str, base: str | None) -> str:
    """``href`` resolved against the page's web address; left as written for a local file or no address."""
    href = href.strip()
    if base and base.lower().startswith(("http://", "https://")):
        return urllib.parse.urljoin(base, href)
    return href
