"""JSON Lines out (#15 item 2): one compact object per page, in input order, to stdout or one file."""

from __future__ import annotations

import dataclasses
import gzip
import json

import pytest

from extractor import extract
from extractor.output import serialise, to_json, to_jsonl
from tests.conftest import FIXTURES
from tests.test_cli import run

ARTICLE = FIXTURES / "pages" / "article.html"


def test_to_dict_is_compact_unless_blocks_are_asked_for():
    result = extract(ARTICLE)
    compact, whole = result.to_dict(), result.to_dict(blocks=True)
    assert compact["text"] == whole["text"] and len(compact["blocks"]) == len(whole["blocks"])
    assert all("text" not in b and {"id", "tag", "label", "score"} <= set(b) for b in compact["blocks"])
    assert all("text" in b for b in whole["blocks"])
    assert json.loads(to_json(result))["blocks"][0]["text"]  # --format json keeps every field whole
    line = to_jsonl(result)
    assert "\n" not in line and len(line) < len(to_json(result)) and serialise(result, "jsonl") == line
    data = json.loads(line)
    assert list(data)[:2] == ["source", "url"] and data["source"] == str(ARTICLE)
    assert {"title", "text", "page_type", "reason", "warnings", "timings", "details"} <= set(data)


def _asdict_reference(result, blocks):
    """What to_dict gave when it was built on dataclasses.asdict (the field-by-field version must match)."""
    data = dataclasses.asdict(result)
    for b in data["blocks"]:
        if blocks:
            for key in ("inline", "number"):
                if b[key] is None:
                    del b[key]
    if not blocks:
        data["blocks"] = [{**{k: b[k] for k in ("id", "tag", "label", "score")},
                           **{k: b[k] for k in ("box", "cells", "header") if b[k]},
                           **({"number": b["number"]} if b["number"] is not None else {})} for b in data["blocks"]]
    if result.records is not None:
        data["records"] = result.records.to_dict()
    return data


@pytest.mark.parametrize("page, kw", [(ARTICLE, {"inline": True}), (FIXTURES / "pages" / "structure.html", {}),
                                      (FIXTURES / "records" / "table_listing.html", {})])
def test_to_dict_gives_what_asdict_gave_and_copies_what_it_holds(page, kw):
    result = extract(page, **kw)
    for blocks in (False, True):
        data = result.to_dict(blocks=blocks)
        assert data == _asdict_reference(result, blocks)
        data["options"]["extra"] = 1
        data["warnings"].append("x")
        if data["blocks"] and "cells" in data["blocks"][0] and data["blocks"][0]["cells"]:
            data["blocks"][0]["cells"].append("x")
    assert "extra" not in result.options and "x" not in result.warnings  # the dict is the caller's own
    assert all("x" not in (b.cells or []) for b in result.blocks)


def _pages(tmp_path, n):
    for i in range(n):
        (tmp_path / f"p{i}.html").write_text(f"<html><body><p>Page number {i} has some words.</p></body></html>")


def test_jsonl_to_stdout_in_input_order_with_failures_as_lines(tmp_path):
    _pages(tmp_path, 3)
    (tmp_path / "p1.html").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64)  # not a page: fails
    proc = run("extract", str(tmp_path), "-f", "jsonl", "--jobs", "2", "--method", "decay")
    assert proc.returncode == 1
    lines = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert [d["source"] for d in lines] == [str(tmp_path / f"p{i}.html") for i in range(3)]
    assert lines[1]["text"] == "" and lines[1]["details"]["error"] == "NotHTMLError" and "PNG" in lines[1]["reason"]
    assert lines[2]["text"] == "Page number 2 has some words."


def test_output_jsonl_is_one_file_gzip_when_asked_and_format_follows_the_name(tmp_path):
    pages = tmp_path / "pages"
    pages.mkdir()
    _pages(pages, 3)
    out = tmp_path / "out.jsonl"
    proc = run("extract", str(pages), "-f", "jsonl", "--output", str(out), "--method", "decay")
    assert proc.returncode == 0, proc.stderr
    assert out.is_file() and [json.loads(x)["text"] for x in out.read_text().splitlines()] == [
        f"Page number {i} has some words." for i in range(3)]
    gz = tmp_path / "out.jsonl.gz"
    proc = run("extract", str(pages), "-o", str(gz), "--method", "decay")  # no --format: jsonl from the name
    assert proc.returncode == 0, proc.stderr
    assert len(gzip.decompress(gz.read_bytes()).decode().splitlines()) == 3
    single = tmp_path / "one.jsonl"
    assert run("extract", str(pages / "p0.html"), "-f", "json", "-o", str(single)).returncode == 0
    assert len(single.read_text().splitlines()) == 1  # json into a .jsonl name: a line, not a folder


def test_jsonl_usage_errors(tmp_path):
    proc = run("extract", str(ARTICLE), "-f", "text", "-o", str(tmp_path / "x.jsonl"))
    assert proc.returncode == 2 and b"jsonl" in proc.stderr
    proc = run("extract", str(ARTICLE), "-f", "jsonl", "-o", str(tmp_path))
    assert proc.returncode == 2 and b"one file" in proc.stderr
