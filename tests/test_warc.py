"""WARC input (#15 item 1): HTML responses read record by record, the others counted and skipped,
broken records reported one by one while the rest of the file still comes out."""

from __future__ import annotations

import gzip
import io
import json
import os
import subprocess
import sys

import pytest

from tests.conftest import FIXTURES, ROOT

pytest.importorskip("warcio")

from warcio.statusandheaders import StatusAndHeaders  # noqa: E402
from warcio.warcwriter import WARCWriter  # noqa: E402

import extractor  # noqa: E402
from extractor.warc import WarcStats, extract_warc, read_warc  # noqa: E402

ARTICLE = (FIXTURES / "pages" / "article.html").read_bytes()
NEWS = (FIXTURES / "blocks" / "news.html").read_bytes()


def page(n: int) -> bytes:
    return (f"<html><head><title>Page {n}</title></head><body><article><h1>Page {n}</h1><p>"
            + f"Paragraph of page number {n} with enough words to be the main text of it. " * 4
            + "</p></article></body></html>").encode()


def write_warc(path, records, gz: bool = True) -> None:
    """Write records ``(kind, uri, body, content_type)`` with warcio: responses carry HTTP headers."""
    with open(path, "wb") as fh:
        writer = WARCWriter(fh, gzip=gz)
        for kind, uri, body, ctype in records:
            http = None
            if kind == "response":
                http = StatusAndHeaders("200 OK", [("Content-Type", ctype)] if ctype else [], protocol="HTTP/1.1")
            elif kind == "request":
                http = StatusAndHeaders(f"GET {uri} HTTP/1.1", [("Host", "example.org")], is_http_request=True)
            record = writer.create_warc_record(uri, kind, payload=io.BytesIO(body), http_headers=http,
                                               warc_content_type=ctype if kind == "metadata" else None)
            writer.write_record(record)


def pages(n: int, start: int = 0) -> list[tuple[str, str, bytes, str]]:
    return [("response", f"https://example.org/p{i}", page(i), "text/html; charset=utf-8")
            for i in range(start, start + n)]


def run_cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "extractor", *args], input=stdin, capture_output=True, cwd=ROOT,
                          timeout=180, env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_html_responses_come_out_in_order_with_uri_and_record_id(tmp_path):
    path = tmp_path / "crawl.warc.gz"
    write_warc(path, [
        ("warcinfo", None, b"software: test\r\n", None),
        ("request", "https://example.org/article", b"", None),
        ("response", "https://example.org/article", ARTICLE, "text/html"),
        ("metadata", "https://example.org/article", b"fetchTimeMs: 12\r\n", "application/warc-fields"),
        ("response", "https://example.org/logo.png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 100, "image/png"),
        ("response", "https://example.org/news", NEWS, "application/xhtml+xml"),
    ])
    results = list(extract_warc(path))
    assert [r.url for r in results] == ["https://example.org/article", "https://example.org/news"]
    assert "After an absence of eleven years" in results[0].text
    assert all(r.source == str(path) for r in results)
    ids = [r.details["warc_record_id"] for r in results]
    assert all(i.startswith("<urn:uuid:") for i in ids) and len(set(ids)) == 2
    assert results[0].timings["load"] > 0 and results[0].timings["total"] >= results[0].timings["load"]
    stats = WarcStats()
    assert len(list(read_warc(path, stats=stats))) == 2
    assert stats.html == 2 and stats.skipped == {"warcinfo": 1, "request": 1, "metadata": 1, "image response": 1}


def test_exported_lazily_from_the_package(tmp_path):
    assert extractor.extract_warc is extract_warc and "extract_warc" in extractor.__all__


def test_http_charset_is_honoured_and_a_bad_label_ignored(tmp_path):
    body = "<html><body><p>Le café de la gare ouvre à sept heures, crème brûlée comprise, déjà.</p></body></html>"
    path = tmp_path / "c.warc"
    write_warc(path, [
        ("response", "https://e.org/1252", body.encode("cp1252"), "text/html; charset=windows-1252"),
        ("response", "https://e.org/koi8", "<p>Привет, мир! Это страница на русском языке, много слов.</p>"
         .encode("koi8_r"), "text/html; charset=KOI8-R"),
        ("response", "https://e.org/bogus", body.encode("utf-8"), "text/html; charset=x-no-such-thing"),
        ("response", "https://e.org/bom", b"\xef\xbb\xbf" + body.encode("utf-8"), "text/html; charset=iso-8859-2"),
    ], gz=False)
    r1252, koi8, bogus, bom = extract_warc(path, method="decay")
    assert "café" in r1252.text and r1252.encoding == "cp1252"
    assert "Привет" in koi8.text and koi8.encoding.replace("_", "-") == "koi8-r"
    assert "café" in bogus.text and bogus.encoding == "utf-8"
    assert "café" in bom.text and bom.encoding.startswith("utf")  # a BOM wins over the HTTP charset


def test_streams_bytes_and_folders(tmp_path):
    write_warc(tmp_path / "a.warc.gz", pages(2))
    write_warc(tmp_path / "b.warc", pages(1, start=2), gz=False)
    data = (tmp_path / "a.warc.gz").read_bytes()
    assert [r.title for r in extract_warc(io.BytesIO(data))] == ["Page 0", "Page 1"]
    assert [r.title for r in extract_warc(data)] == ["Page 0", "Page 1"]
    assert [r.title for r in extract_warc(tmp_path)] == ["Page 0", "Page 1", "Page 2"]


def test_truncated_warc_gz_yields_the_records_before_and_reports_the_cut(tmp_path):
    path = tmp_path / "cut.warc.gz"
    write_warc(path, pages(4))
    path.write_bytes(path.read_bytes()[:-200])
    results = list(extract_warc(path, method="decay"))
    assert [r.title for r in results[:3]] == ["Page 0", "Page 1", "Page 2"]
    assert len(results) == 4 and results[3].empty and results[3].details["error"] == "BrokenRecord"
    assert "truncated" in results[3].reason


@pytest.mark.parametrize("gz", [False, True])
def test_lying_content_length_is_reported_and_the_next_records_found(tmp_path, gz):
    one = tmp_path / "one.warc"
    write_warc(one, pages(1), gz=False)
    lying = one.read_bytes().replace(b"Content-Length: ", b"Content-Length: 9", 1)
    rest = tmp_path / "rest.warc"
    write_warc(rest, pages(3, start=1), gz=gz)
    path = tmp_path / ("lie.warc.gz" if gz else "lie.warc")
    path.write_bytes((gzip.compress(lying) if gz else lying) + rest.read_bytes())
    results = list(extract_warc(path, method="decay"))
    assert results[0].empty and results[0].details["error"] == "BrokenRecord"
    assert "Content-Length" in results[0].reason and results[0].url == "https://example.org/p0"
    assert [r.title for r in results[1:]] == ["Page 1", "Page 2", "Page 3"]


def test_gzip_member_that_is_not_warc_is_reported_and_skipped(tmp_path):
    a, b = tmp_path / "a.warc.gz", tmp_path / "b.warc.gz"
    write_warc(a, pages(2))
    write_warc(b, pages(2, start=2))
    path = tmp_path / "mixed.warc.gz"
    path.write_bytes(a.read_bytes() + gzip.compress(b"hello, not a WARC record\n" * 20) + b.read_bytes())
    results = list(extract_warc(path, method="decay"))
    assert [r.title for r in results if not r.empty] == ["Page 0", "Page 1", "Page 2", "Page 3"]
    broken = [r for r in results if r.empty]
    assert len(broken) == 1 and "not a WARC" in broken[0].reason and results[2] is broken[0]


def test_record_over_max_bytes_is_page_too_large_without_being_read(tmp_path):
    path = tmp_path / "big.warc.gz"
    big = b"<html><body><p>" + b"x" * (50 * 1024 * 1024) + b"</p></body></html>"
    write_warc(path, [*pages(1), ("response", "https://example.org/big", big, "text/html"), *pages(1, start=1)])
    del big
    results = list(extract_warc(path, method="decay"))
    assert [r.title for r in results] == ["Page 0", "", "Page 1"]
    assert results[1].details["error"] == "PageTooLarge" and results[1].url == "https://example.org/big"
    small = list(extract_warc(tmp_path / "big.warc.gz", method="decay", max_bytes=100))
    assert [r.details.get("error") for r in small] == ["PageTooLarge"] * 3


def test_warc_without_html_responses_says_so(tmp_path):
    path = tmp_path / "none.warc.gz"
    write_warc(path, [("request", "https://e.org/a", b"", None),
                      ("response", "https://e.org/a.pdf", b"%PDF-1.4 ...", "application/pdf")])
    (result,) = extract_warc(path)
    assert result.empty and result.details["error"] == "NoHTMLRecords"
    assert "request 1" in result.reason and "application response 1" in result.reason


def test_missing_warcio_option_and_file_errors(tmp_path):
    with pytest.raises(extractor.OptionError):
        extract_warc(tmp_path / "x.warc", method="nope")
    with pytest.raises(extractor.FetchError):
        list(extract_warc(tmp_path / "missing.warc.gz"))


def test_extract_keywords_are_not_taken_for_method_options(tmp_path):
    path = tmp_path / "a.warc.gz"
    write_warc(path, pages(1))
    (result,) = extract_warc(path, date_search="markup", inline=True, comments=False, records=False)
    assert not result.empty and result.details.get("error") is None
    proc = run_cli("extract", str(path), "-f", "jsonl", "--date-search", "extensive", "-j", "1")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.decode().splitlines()[0])["title"] == "Page 0"


def test_cli_reads_warc_files_folders_and_stdin(tmp_path):
    write_warc(tmp_path / "a.warc.gz", pages(3))
    proc = run_cli("extract", str(tmp_path / "a.warc.gz"), "-f", "jsonl", "--method", "decay", "--jobs", "2")
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert [d["title"] for d in lines] == ["Page 0", "Page 1", "Page 2"]
    assert lines[0]["url"] == "https://example.org/p0" and lines[0]["details"]["warc_record_id"].startswith("<urn:")
    assert b"3 HTML responses" in proc.stderr
    stdin = run_cli("extract", "-", "-f", "jsonl", stdin=(tmp_path / "a.warc.gz").read_bytes())
    assert stdin.returncode == 0, stdin.stderr
    assert [json.loads(line)["title"] for line in stdin.stdout.decode().splitlines()] == ["Page 0", "Page 1", "Page 2"]
    text = run_cli("extract", str(tmp_path), "--method", "decay")  # a folder, text format: one block per record
    assert text.returncode == 0 and text.stdout.decode().count("==> ") == 3


def test_cli_bad_records_are_reported_the_run_goes_on_exit_code_1(tmp_path):
    write_warc(tmp_path / "good.warc.gz", pages(2))
    write_warc(tmp_path / "none.warc.gz", [("request", "https://e.org/a", b"", None)])
    cut = tmp_path / "cut.warc.gz"
    write_warc(cut, pages(3, start=2))
    cut.write_bytes(cut.read_bytes()[:-150])
    proc = run_cli("extract", str(tmp_path / "good.warc.gz"), str(tmp_path / "none.warc.gz"), str(cut),
                   "-f", "jsonl", "--method", "decay")
    assert proc.returncode == 1
    lines = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert [d["title"] or d["details"]["error"] for d in lines] == [
        "Page 0", "Page 1", "NoHTMLRecords", "Page 2", "Page 3", "BrokenRecord"]
    err = proc.stderr.decode()
    assert "NoHTMLRecords" in err and "BrokenRecord" in err and "6 pages, 0 empty, 2 failed" in err  # the summary line


@pytest.mark.parametrize("gz", [True, False])
def test_a_record_is_handed_over_by_its_place_and_read_again(tmp_path, gz):
    from extractor.warc import with_payload, without_payload

    path = tmp_path / ("a.warc.gz" if gz else "a.warc")
    write_warc(path, [("request", "https://example.org/p0", b"", None), *pages(3)], gz=gz)
    read = list(read_warc(path))
    assert len(read) == 3
    for page_read in read:
        light = without_payload(page_read)
        assert light.data is None and light.path == str(path.resolve()) and light.offset == page_read.offset
        again = with_payload(light)
        assert again == page_read
    streamed = next(read_warc(io.BytesIO(path.read_bytes())))
    assert streamed.path is None and without_payload(streamed) is streamed  # a stream cannot be read again


def test_a_record_that_cannot_be_read_again_is_a_broken_record(tmp_path):
    from extractor.cli_batch import _guarded, _produce_text
    from extractor.warc import with_payload, without_payload

    path = tmp_path / "a.warc.gz"
    write_warc(path, pages(2))
    light = [without_payload(p) for p in read_warc(path)]
    write_warc(path, [("request", "https://example.org/x", b"", None), *pages(2, start=5)])  # rewritten meanwhile
    changed = with_payload(light[1])
    assert changed.data is None and changed.error[0] == "BrokenRecord" and "read again" in changed.error[1]
    path.unlink()
    gone = with_payload(light[0])
    assert gone.error[0] == "BrokenRecord" and "No such file" in gone.error[1]
    outcome = _guarded((light[0].label, {"format": "json", "method": "decay", "_warc": light[0]}), _produce_text)
    assert outcome[1] is None and outcome[3].startswith("BrokenRecord")  # the batch's error line, not a crash


def test_the_batch_hands_workers_records_without_their_payload(tmp_path):
    from extractor.cli_batch import _expand_jobs

    write_warc(tmp_path / "a.warc.gz", pages(2))
    counts = {"pages": 0}
    jobs = list(_expand_jobs([str(tmp_path / "a.warc.gz")], lambda s: {}, "jsonl", True, None, True, counts))
    assert [job[1]["_warc"].data for _, job, _ in jobs] == [None, None] and counts["pages"] == 2


@pytest.mark.parametrize("gz", [False, True])
def test_a_record_warcio_cannot_parse_is_a_broken_record_between_the_others(tmp_path, gz):
    # A response record without WARC-Target-URI: warcio's reader raises AttributeError inside its
    # iterator. The record is one BrokenRecord line and the records after it still come out.
    before, after = tmp_path / "before.warc", tmp_path / "after.warc"
    write_warc(before, pages(1), gz=gz)
    write_warc(after, pages(2, start=1), gz=gz)
    odd = (b"WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:odd>\r\nContent-Length: 25\r\n\r\n"
           b"HTTP/1.1 200 OK\r\n\r\n<p>x</p>\r\n\r\n")
    path = tmp_path / ("odd.warc.gz" if gz else "odd.warc")
    path.write_bytes(before.read_bytes() + (gzip.compress(odd) if gz else odd) + after.read_bytes())
    results = list(extract_warc(path, method="decay"))
    assert [r.title for r in results if not r.details.get("error")] == ["Page 0", "Page 1", "Page 2"]
    broken = [r for r in results if r.details.get("error")]
    assert len(broken) == 1 and broken[0].details["error"] == "BrokenRecord" and broken[0].empty
    assert "warcio could not parse it (AttributeError" in broken[0].reason


def test_a_folder_without_warc_files_is_a_fetch_error(tmp_path):
    (tmp_path / "page.html").write_bytes(page(0))
    with pytest.raises(extractor.FetchError, match="no WARC files"):
        list(extract_warc(tmp_path))


def test_a_partition_reports_a_file_it_cannot_open_and_reads_the_others(tmp_path):
    # One dict for the missing file (it raised FetchError and ended the partition, and with it a
    # Dask or Spark job), then the next file's pages.
    from extractor.dask_bag import extract_partition

    write_warc(tmp_path / "b.warc.gz", pages(2))
    dicts = list(extract_partition([tmp_path / "missing.warc.gz", tmp_path / "b.warc.gz"], method="decay"))
    assert [d["details"].get("error") for d in dicts] == ["FetchError", None, None]
    assert dicts[0]["source"] == str(tmp_path / "missing.warc.gz") and "no such file" in dicts[0]["reason"]
    assert [d["title"] for d in dicts[1:]] == ["Page 0", "Page 1"]


def test_an_archive_gzipped_whole_is_read_from_files_and_stdin(tmp_path):
    write_warc(tmp_path / "a.warc.gz", [("request", "https://example.org/p0", b"", None), *pages(3)])
    whole = gzip.compress(gzip.decompress((tmp_path / "a.warc.gz").read_bytes()))  # `zcat | gzip`: one member
    (tmp_path / "whole.warc.gz").write_bytes(whole)
    records = list(read_warc(tmp_path / "whole.warc.gz"))
    assert [(r.url, r.error) for r in records] == [(f"https://example.org/p{i}", None) for i in range(3)]
    assert all(r.path is None for r in records)  # offsets are in the inflated archive: handed on with payloads
    proc = run_cli("extract", str(tmp_path / "whole.warc.gz"), "-f", "jsonl", "--method", "decay", "--jobs", "2")
    assert proc.returncode == 0, proc.stderr
    assert [json.loads(line)["title"] for line in proc.stdout.decode().splitlines()] == ["Page 0", "Page 1", "Page 2"]
    stdin = run_cli("extract", "-", "-f", "jsonl", "--method", "decay", stdin=whole)
    assert stdin.returncode == 0, stdin.stderr
    assert [json.loads(line)["title"] for line in stdin.stdout.decode().splitlines()] == ["Page 0", "Page 1", "Page 2"]


def test_an_archive_gzipped_whole_and_cut_short_gives_the_records_before_the_cut(tmp_path):
    write_warc(tmp_path / "a.warc.gz", pages(3), gz=False)
    whole = gzip.compress((tmp_path / "a.warc.gz").read_bytes())
    (tmp_path / "cut.warc.gz").write_bytes(whole[:-200])
    for source in (tmp_path / "cut.warc.gz", io.BufferedReader(io.BytesIO(whole[:-200]))):
        records = list(read_warc(source))
        assert [r.url for r in records[:-1]] == ["https://example.org/p0"]
        assert records[-1].error[0] == "BrokenRecord" and "cut short" in records[-1].error[1]


def test_a_member_holding_several_records_after_good_ones_ends_the_reading_with_a_broken_record(tmp_path):
    write_warc(tmp_path / "a.warc.gz", pages(2))
    write_warc(tmp_path / "b.warc", pages(2, start=2), gz=False)
    mixed = tmp_path / "mixed.warc.gz"
    mixed.write_bytes((tmp_path / "a.warc.gz").read_bytes() + gzip.compress((tmp_path / "b.warc").read_bytes()))
    records = list(read_warc(mixed))
    assert [r.url for r in records[:3]] == [f"https://example.org/p{i}" for i in range(3)]
    assert records[3].error[0] == "BrokenRecord" and "more than one record" in records[3].error[1]
    proc = run_cli("extract", str(mixed), "-f", "jsonl", "--method", "decay")
    assert proc.returncode == 1 and b"internal error" not in proc.stderr
    assert len(proc.stdout.decode().splitlines()) == 4
