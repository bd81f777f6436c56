"""CSV, JSON and markdown output of record tables."""

from __future__ import annotations

import csv
import io
import json

import pytest

from extractor.errors import OptionError
from extractor.records_api import extract_records
from extractor.result import Cell, Column, Table
from extractor.table_output import serialise_table, table_to_csv, table_to_json, table_to_markdown

from .conftest import FIXTURES


@pytest.fixture(scope="module")
def listing() -> Table:
    return extract_records(FIXTURES / "records" / "table_listing.html")


def test_csv_round_trips_header_and_rows(listing):
    rows = list(csv.reader(io.StringIO(table_to_csv(listing))))
    assert rows[0] == ["title_url", "title", "rent", "posted"]
    assert len(rows) == 8
    assert rows[1][1:] == ["Apartment, 2 rooms", "€ 850", "12/03/2024"]  # the comma is quoted, not split


def test_json_has_columns_records_with_ids_and_regions(listing):
    data = json.loads(table_to_json(listing))
    assert [c["kind"] for c in data["columns"]] == ["link", "text", "price", "date"]
    first = data["records"][0]
    assert first["title"]["text"] == "Apartment, 2 rooms" and isinstance(first["title"]["id"], int)
    assert data["regions"][0]["record_ids"] and data["cleaning"] == "html"
    assert len(data["record_texts"]) == 7 and data["reason"] is None


def test_markdown_escapes_pipes_and_marks_missing_values():
    table = Table(columns=[Column("name"), Column("price", "price")],
                  rows=[[Cell("a | b", 1), Cell("$1", 2)], [Cell("c", 3), None]])
    lines = table_to_markdown(table).splitlines()
    assert lines[0] == "| name | price |"
    assert lines[2] == "| a \\| b | $1 |"
    assert lines[3] == "| c |  |"


def test_empty_table_serialises_with_its_reason():
    table = extract_records("<html><body><p>Just one paragraph.</p></body></html>")
    assert table_to_csv(table) == ""
    assert "no repeated structure" in table_to_markdown(table)
    data = json.loads(table_to_json(table))
    assert data["records"] == [] and "no repeated structure" in data["reason"]


def test_serialise_table_dispatches_and_rejects_unknown_formats(listing):
    assert serialise_table(listing, "csv") == table_to_csv(listing)
    assert serialise_table(listing, "json") == table_to_json(listing)
    assert serialise_table(listing, "markdown") == table_to_markdown(listing)
    with pytest.raises(OptionError, match="csv, json, markdown"):
        serialise_table(listing, "xml")
