"""What an extraction returns: :class:`Result` (main text), :class:`Table` (records)."""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field, fields
from typing import Any

Box = tuple[float, float, float, float]


@dataclass
class Block:
    """One piece of extracted content, tied to the element it came from.

    ``tag`` is the element's tag (``p``, ``h2``, ``li``, ``tr``, ``pre`` …), which the
    serialisers use for structure; ``cells`` holds the cell texts of a table row; ``number`` is an
    ordered list item's number (its place in its ``<ol>``, counted from ``start``, or its ``value``;
    None for any other block, an unordered list's items included). ``inline``, when
    asked for (``extract(..., inline=True)``), is the text as runs ``[text, marks, href]`` (marks:
    ``em``/``strong``/``code`` joined by ``+``) that join to ``text``; None when not asked for or
    when the block's text is not its element's inline content as written.
    """

    id: int
    text: str
    tag: str = "p"
    label: str = "body"
    score: float = 1.0
    box: Box | None = None
    cells: list[str] | None = None
    header: bool = False
    inline: list[list[Any]] | None = None
    number: int | None = None


@dataclass
class Result:
    """The main content of one page.

    ``reason`` is set whenever ``text`` is empty, and says why. ``timings`` are in
    milliseconds (``load``, ``render``, ``extract``, ``total``). With ``method="auto"``,
    ``page_type``, ``page_type_confidence`` and ``has_main_text`` say what the classifier found.
    ``title_box`` is where the title sits on a rendered page (None without rendering, or when the title
    is not an element of the page, such as the bare ``<title>``).
    ``warnings`` say what may be missing although ``text`` is not empty (a partial rendering,
    a page built by scripts read without rendering). ``source`` is the path or URL the page
    was read from, as given (None for HTML given as text or bytes).
    ``author``, ``date`` (published), ``date_modified``, ``site_name``, ``language``,
    ``description``, ``image``, ``canonical_url`` and ``tags`` are the page's metadata, each from
    JSON-LD, Open Graph, ``<meta>``/``<link>`` and visible bylines in that order of trust
    (:mod:`extractor.metadata`); ``None`` when unknown (``tags``: empty). Dates are ISO 8601
    (``YYYY-MM-DD``, or the full timestamp when the page gives one), never read from the URL;
    several authors are joined by ``"; "``; ``site_name`` falls back to the URL's host.
    """

    text: str
    title: str
    blocks: list[Block]
    method: str
    options: dict[str, Any]
    rendered: bool = False
    encoding: str | None = None
    url: str | None = None
    timings: dict[str, float] = field(default_factory=dict)
    reason: str | None = None
    page_type: str | None = None
    page_type_confidence: float | None = None
    has_main_text: bool | None = None
    title_box: Box | None = None
    records: Any = None
    details: dict[str, Any] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    source: str | None = None
    author: str | None = None
    date: str | None = None
    date_modified: str | None = None
    site_name: str | None = None
    language: str | None = None
    description: str | None = None
    image: str | None = None
    canonical_url: str | None = None
    tags: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        """True when no main text was found (``reason`` says why)."""
        return not self.text

    def to_dict(self, *, blocks: bool = False) -> dict[str, Any]:
        """The Result as plain JSON-ready data, compact: each block without the text ``text``
        already holds (``id``, ``tag``, ``label``, ``score``, and ``box``/``cells``/``header`` when
        set, ``number`` when not None). ``blocks=True`` gives every block whole, its text included.

        The same data as ``dataclasses.asdict`` would give, built field by field: asdict's
        recursive deep copy of every block was a tenth of a JSON Lines batch's CPU (1,000 dev pages).
        """
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["blocks"] = [_block_dict(b) if blocks else _compact_block(b) for b in self.blocks]
        for key in ("options", "timings", "details"):
            data[key] = copy.deepcopy(data[key])
        data["warnings"], data["tags"] = list(self.warnings), list(self.tags)
        if self.records is not None:
            data["records"] = self.records.to_dict()
        return data



def failed_result(source: str | None, error: str, reason: str, *, url: str | None = None,
                  **details: Any) -> Result:
    """The empty Result of a page that could not be read or extracted, for batches that go on: ``error``
    (the error's type name) in ``details['error']`` beside ``details``, ``reason`` as given."""
    return Result(text="", title="", blocks=[], method="", options={}, url=url, reason=reason, source=source,
                  details={"error": error, **details})

def _block_dict(block: Block) -> dict[str, Any]:
    out: dict[str, Any] = {"id": block.id, "text": block.text, "tag": block.tag, "label": block.label,
                           "score": block.score, "box": block.box,
                           "cells": list(block.cells) if block.cells is not None else None, "header": block.header}
    if block.inline is not None:
        out["inline"] = [list(run) for run in block.inline]
    if block.number is not None:
        out["number"] = block.number
    return out


def _compact_block(block: Block) -> dict[str, Any]:
    out: dict[str, Any] = {"id": block.id, "tag": block.tag, "label": block.label, "score": block.score}
    if block.box:
        out["box"] = block.box
    if block.cells:
        out["cells"] = list(block.cells)
    if block.header:
        out["header"] = block.header
    if block.number is not None:
        out["number"] = block.number
    return out


@dataclass
class Column:
    """A record column: its name and the kind of its values (text, link, image, number, price, date)."""

    name: str
    kind: str = "text"


@dataclass
class Cell:
    """One value of a record, with the element it came from."""

    text: str
    id: int | None = None
    box: Box | None = None


@dataclass
class Region:
    """A data region: the element holding the records, their ids and a score.

    ``record_boxes`` holds one box per record when the page was rendered (else empty).
    """

    id: int
    record_ids: list[int]
    score: float
    box: Box | None = None
    record_boxes: list[Box | None] = field(default_factory=list)


@dataclass
class Table:
    """Repeated data records of a page as a table; ``reason`` says why when it is empty."""

    columns: list[Column]
    rows: list[list[Cell | None]]
    regions: list[Region] = field(default_factory=list)
    record_texts: list[str] = field(default_factory=list)
    method: str = "records"
    options: dict[str, Any] = field(default_factory=dict)
    rendered: bool = False
    cleaning: str | None = None
    url: str | None = None
    timings: dict[str, float] = field(default_factory=dict)
    reason: str | None = None
    tables: list[Table] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        """True when no records were found."""
        return not self.rows

    def to_dict(self) -> dict[str, Any]:
        """Everything in the Table as plain JSON-ready data."""
        return asdict(self)
