"""Many pages at once: extract_many (sync iterator), extract_async, and --jobs with --render.

Pages of the framework corpus served from 127.0.0.1 (they wait for timers and data, so
rendering them at once overlaps their waits). That their results are the same as one at a time
is tested in test_render_corpus, beside the corpus rendered one page at a time.
"""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from extractor import extract_async, extract_many
from extractor.errors import FetchError, OptionError

from . import test_render_support as support
from .js_corpus import WAITING, load_gold, serve_site

browser = support.browser


@pytest.fixture(scope="module")
def urls(browser):
    with serve_site() as base:
        gold = {g["id"]: g for g in load_gold()}
        yield [base + gold[i]["path"] for i in WAITING]


def test_failures_are_results_or_raised(urls, tmp_path):
    missing = str(tmp_path / "missing.html")
    results = list(extract_many([urls[0], missing], render=False))
    assert results[1].empty and "FetchError" in results[1].reason and results[1].details["error"] == "FetchError"
    with pytest.raises(FetchError):
        list(extract_many([missing], on_error="raise"))
    with pytest.raises(OptionError):
        extract_many(urls, concurrency=0)
    with pytest.raises(OptionError):
        extract_many(urls, bogus_option=1)


def test_stopping_early_leaves_no_worker_behind(urls):
    for result in extract_many(urls * 2, render=True, concurrency=2):
        assert result.text
        break
    deadline = time.monotonic() + 25
    while any(t.name.startswith("pagesight-extract") for t in threading.enumerate()):
        assert time.monotonic() < deadline, "extract_many's workers did not stop"
        time.sleep(0.1)


def test_async_face_does_not_block_the_running_loop(urls):
    async def notebook_cell() -> tuple[list[str], int]:
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        task = asyncio.create_task(ticker())
        results = await asyncio.gather(*(extract_async(u, render=True) for u in urls[:3]))
        task.cancel()
        return [r.text for r in results], ticks

    texts, ticks = asyncio.run(notebook_cell())
    assert all(texts) and ticks > 10  # the loop went on while the pages rendered


def test_jobs_with_render_on_the_command_line(urls, capsys):
    from extractor.cli import main

    assert main(["extract", *urls[:4], "--render", "--jobs", "3", "-q"]) == 0
    out = capsys.readouterr().out
    positions = [out.find(f"==> {u} <==") for u in urls[:4]]
    assert -1 not in positions and positions == sorted(positions)
    assert main(["extract", urls[0], "--jobs", "-1"]) == 2


def test_extract_many_takes_every_keyword_extract_takes():
    # date_search, records, inline, user_agent and served_fallback were once taken for method options.
    prose = b"The harbour reopened in spring after the works. " * 20
    page = b"<html><body><article><p>" + prose + b"</p></article></body></html>"
    (result,) = extract_many([page], date_search="markup", records=False, inline=True, user_agent="pagesight-test",
                             served_fallback=False)
    assert "The harbour reopened" in result.text and result.reason is None
