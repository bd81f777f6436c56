"""Serialise a records :class:`~extractor.result.Table` as CSV, JSON or markdown."""

from __future__ import annotations

import csv
import io
from typing import Any

from .errors import OptionError
from .output import json_text
from .result import Table

#: Formats :func:`serialise_table` accepts.
TABLE_FORMATS = ("csv", "json", "markdown")


def _cell_texts(table: Table) -> list[list[str]]:
    return [[cell.text if cell is not None else "" for cell in row] for row in table.rows]


def table_to_csv(table: Table) -> str:
    """The table as CSV: a header row of column names, then one row per record ('' for no value).

    An empty table gives just its header (no columns: an empty string).
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if table.columns:
        writer.writerow([c.name for c in table.columns])
    writer.writerows(_cell_texts(table))
    return out.getvalue()


def table_to_json(table: Table) -> str:
    """The table as JSON: columns (name, kind), records as objects keyed by column name, regions,
    cleaning path, reason; each value also carries its element id (and box when rendered)."""
    names = [c.name for c in table.columns]
    records: list[dict[str, Any]] = []
    for row in table.rows:
        record: dict[str, Any] = {}
        for name, cell in zip(names, row, strict=True):
            if cell is not None:
                value: dict[str, Any] = {"text": cell.text, "id": cell.id}
                if cell.box is not None:
                    value["box"] = list(cell.box)
                record[name] = value
        records.append(record)
    data = {
        "columns": [{"name": c.name, "kind": c.kind} for c in table.columns],
        "records": records,
        "regions": [
            {"id": r.id, "score": r.score, "record_ids": r.record_ids,
             **({"box": list(r.box)} if r.box is not None else {}),
             **({"record_boxes": [list(b) if b else None for b in r.record_boxes]} if r.record_boxes else {})}
            for r in table.regions
        ],
        "record_texts": table.record_texts,
        "rendered": table.rendered,
        "cleaning": table.cleaning,
        "url": table.url,
        "reason": table.reason,
        "timings": table.timings,
    }
    return json_text(data, indent=2)


def _md_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def table_to_markdown(table: Table) -> str:
    """The table as a GitHub-flavoured markdown table; an empty table gives a one-line note with its reason."""
    if not table.rows or not table.columns:
        return f"_no records: {table.reason or 'none found'}_\n"
    lines = ["| " + " | ".join(_md_escape(c.name) for c in table.columns) + " |",
             "| " + " | ".join("---" for _ in table.columns) + " |"]
    for row in _cell_texts(table):
        lines.append("| " + " | ".join(_md_escape(v) for v in row) + " |")
    return "\n".join(lines) + "\n"


def serialise_table(table: Table, fmt: str) -> str:
    """The table in format ``fmt`` (one of :data:`TABLE_FORMATS`). Raises :class:`OptionError` otherwise."""
    if fmt == "csv":
        return table_to_csv(table)
    if fmt == "json":
        return table_to_json(table)
    if fmt in ("markdown", "md"):
        return table_to_markdown(table)
    raise OptionError(f"unknown table format {fmt!r}; valid: {', '.join(TABLE_FORMATS)}")
