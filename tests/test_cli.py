"""The pagesight command, run as a real subprocess."""

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT, data_set

RESULT_FIELDS = {"text", "title", "blocks", "method", "options", "rendered", "encoding", "url", "timings",
                 "reason", "page_type", "page_type_confidence", "has_main_text",
                 "title_box"}


def run(*args, stdin=None, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "extractor", *args], input=stdin, capture_output=True,
                          cwd=cwd, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_extract_prints_article_text():
    proc = run("extract", "fixtures/pages/article.html")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode()
    assert "After an absence of eleven years" in out and "Most read" not in out


def test_json_output_has_every_result_field():
    proc = run("extract", "fixtures/pages/article.html", "--format", "json")
    data = json.loads(proc.stdout)
    assert RESULT_FIELDS <= set(data)
    assert data["title"] == "Night trains return to the northern line"
    assert data["blocks"] and {"id", "text", "label", "score"} <= set(data["blocks"][0])
    assert isinstance(data["timings"]["total"], float)


def test_markdown_and_html_formats():
    md = run("extract", "fixtures/pages/article.html", "-f", "markdown").stdout.decode()
    assert md.startswith("# Night trains") and "\n## Cheaper than flying" in md and "\n- Departures" in md
    html = run("extract", "fixtures/pages/article.html", "-f", "html").stdout.decode()
    assert "<ul><li>Departures" in html and "<script" not in html


def test_stdin_source():
    page = (ROOT / "fixtures" / "pages" / "article.html").read_bytes()
    proc = run("extract", "-", stdin=page)
    assert "Night trains" in proc.stdout.decode()


def test_classify_prints_type_confidence_and_main_text(tmp_path):
    missing = tmp_path / "missing.html"
    proc = run("classify", "fixtures/pages/article.html", str(missing))
    assert proc.returncode != 0 and "missing.html" in proc.stderr.decode()
    page_type, confidence, main_text, source = proc.stdout.decode().strip().split("\t")
    assert page_type in {"article", "collection", "documentation", "forum", "listing", "product", "service"}
    assert 0.0 < float(confidence) <= 1.0
    assert main_text == "main-text" and source == "fixtures/pages/article.html"


def test_batch_goes_on_after_a_failing_page(tmp_path):
    good = tmp_path / "good.html"
    good.write_text("<html><body><p>" + "A good page with text. " * 20 + "</p></body></html>")
    (tmp_path / "image.html").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(100))
    (tmp_path / "empty.html").write_text("")
    out = tmp_path / "out"
    proc = run("extract", str(tmp_path), "--output", str(out) + os.sep, "--format", "json")  # a folder
    err = proc.stderr.decode()
    assert proc.returncode == 1
    assert "image.html: NotHTMLError" in err and "empty.html: NotHTMLError" in err
    assert "Traceback" not in err
    written = sorted(p.name for p in out.iterdir())
    assert written == ["good.json"]
    assert "A good page" in json.loads((out / "good.json").read_text())["text"]


def test_missing_file_and_bad_options_exit_codes(tmp_path):
    proc = run("extract", str(tmp_path / "nope.html"))
    assert proc.returncode == 1 and b"no such file" in proc.stderr and b"Traceback" not in proc.stderr
    proc = run("extract", "fixtures/pages/article.html", "--option", "no_such=1")
    assert proc.returncode == 2 and b"valid:" in proc.stderr
    proc = run("extract", "fixtures/pages/article.html", "--method", "nope")
    assert proc.returncode == 2
    for pair in ("cut", "=0.4", " =0.4"):  # no name: said so, not "unknown option(s)  for method"
        proc = run("extract", "fixtures/pages/article.html", "--option", pair)
        assert proc.returncode == 2 and b"takes NAME=VALUE" in proc.stderr, proc.stderr


def test_empty_result_is_reported_not_failed(tmp_path):
    page = tmp_path / "shell.html"
    page.write_text("<html><body><div id=app></div><script>start()</script></body></html>")
    proc = run("extract", str(page))
    assert proc.returncode == 0
    assert b"empty result" in proc.stderr and b"--render" in proc.stderr


def test_many_sources_to_stdout_as_json_lines(tmp_path):
    for n in range(3):
        (tmp_path / f"p{n}.html").write_text(f"<html><body><p>Page number {n} has some words.</p></body></html>")
    # A named method: this test is about batching and output, not about what auto routes to.
    proc = run("extract", str(tmp_path), "-f", "json", "--jobs", "2", "--method", "decay")
    lines = proc.stdout.decode().splitlines()
    assert [json.loads(line)["text"] for line in lines] == [f"Page number {n} has some words." for n in range(3)]


def test_help_has_examples():
    proc = run("extract", "--help")
    assert b"examples:" in proc.stdout


def test_eval_prints_figures():
    path = data_set("cleaneval")
    proc = run("eval", str(path), "--method", "decay", "--limit", "20")
    out = proc.stdout.decode()
    assert proc.returncode == 0, proc.stderr
    assert "pages 20" in out and "F1" in out and "ms/page" in out


def test_eval_on_a_folder_that_is_not_a_set(tmp_path):
    proc = run("eval", str(tmp_path))
    assert proc.returncode == 2 and b"not an evaluation set" in proc.stderr



@pytest.mark.parametrize("gold, said", [(b"x\x00 not gzip", b"unreadable gold file"),
                                        (b'{"id": "p1"}\nnot json\n', b"line 2: not JSON"),
                                        (b'[1, 2]\n', b"line 1: not a gold record")])
def test_eval_on_a_broken_gold_file_is_a_usage_error(tmp_path, gold, said):
    name = "gold.jsonl.gz" if b"gzip" in gold else "gold.jsonl"
    (tmp_path / name).write_bytes(gold)
    proc = run("eval", str(tmp_path))
    assert proc.returncode == 2 and said in proc.stderr, proc.stderr
    assert b"Traceback" not in proc.stderr and b"internal error" not in proc.stderr


def test_eval_scores_the_other_pages_when_the_set_lacks_one(tmp_path):
    import gzip

    (tmp_path / "html").mkdir()
    lines = [{"id": "here", "body": "Words of the page that is here and can be read"},
             {"id": "gone", "body": "Words of a page whose file is missing"}]
    (tmp_path / "gold.jsonl.gz").write_bytes(gzip.compress("\n".join(map(json.dumps, lines)).encode()))
    (tmp_path / "html" / "here.html").write_text("<html><body><article><p>Words of the page that is here and "
                                                 "can be read</p></article></body></html>")
    report = tmp_path / "report.json"
    proc = run("eval", str(tmp_path), "--method", "decay", "--json", str(report))
    assert proc.returncode == 0, proc.stderr
    pages = {p["id"]: p for p in json.loads(report.read_text())["pages"]}
    assert pages["here"]["f1"] == 1.0 and pages["here"]["error"] is None
    assert pages["gone"]["error"].startswith("FetchError: the set's page gone cannot be read")
    assert "errors 1" in proc.stdout.decode()


def test_eval_limit_below_one_is_a_usage_error(tmp_path):
    proc = run("eval", str(tmp_path), "--limit", "0")
    assert proc.returncode == 2 and b"--limit must be 1 or more" in proc.stderr

@pytest.mark.parametrize("fmt", ["text", "markdown", "json", "html"])
def test_output_file(tmp_path, fmt):
    target = tmp_path / f"out.{fmt}"
    proc = run("extract", "fixtures/pages/article.html", "-f", fmt, "-o", str(target))
    assert proc.returncode == 0 and "northern" in target.read_text()
