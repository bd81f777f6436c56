"""Benchmark of the browser stage (not a test): speed, geometry capture, memory.

One browser reused for everything pagesight renders. Pages are real article pages from
``../shared/data/l3s_gn1`` (or the bundled fixtures when that set is absent), served from a
127.0.0.1 server with every outside request blocked (``offline=True``), as the data README asks.

Figures printed:
1. pages/s rendered with geometry (render + join into a Page), and as a ratio to a
   baseline measured in the same run: bare Playwright, one reused page, ``goto(load)`` only;
2. geometry capture of a generated 20,000-element page (median of runs);
3. memory (PSS of this process and all its child processes: driver and browser) after the
   first 20 pages and after 200 pages rendered in a row.

Usage: ``python bench/bench_render.py [--pages 50] [--total 200]``
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import gzip
import http.server
import json
import os
import pathlib
import statistics
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor.rendered import page_from_rendered  # noqa: E402
from render import find_chromium, render  # noqa: E402
from render.browser import LAUNCH_FLAGS, NO_IMAGES_FLAG, OFFLINE_FLAG  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "l3s_gn1"
#: Elements in the generated geometry page (the acceptance figure is for 20,000).
GEOMETRY_ELEMENTS = 20_000
GEOMETRY_RUNS = 5


def _pages(tmp: pathlib.Path, limit: int) -> list[str]:
    names = []
    if (DATA / "gold.jsonl.gz").exists():
        with gzip.open(DATA / "gold.jsonl.gz", "rt", encoding="utf-8") as fh:
            ids = [json.loads(line)["id"] for line in fh]
        for page_id in sorted(ids)[:limit]:
            data = gzip.open(DATA / "html" / f"{page_id}.html.gz").read()
            (tmp / f"{page_id}.html").write_bytes(data)
            names.append(f"{page_id}.html")
        return names
    for path in sorted((ROOT / "fixtures" / "render").glob("*.html")):
        if path.name not in ("loop.html", "tall.html", "dialogs.html"):
            (tmp / path.name).write_bytes(path.read_bytes())
            names.append(path.name)
    return names


def _geometry_page(tmp: pathlib.Path) -> str:
    rows = GEOMETRY_ELEMENTS // 5
    body = "".join(f"<div class=r><span>Row {i}</span><a href='#{i}'>link</a><b>{i}</b><i>x</i></div>"
                   for i in range(rows))
    (tmp / "geometry.html").write_text(f"<html><head><title>20k</title></head><body>{body}</body></html>")
    return "geometry.html"


def _serve(directory: pathlib.Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(directory)))
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_port}/"


def _descendants(include_self: bool) -> list[int]:
    """Pids of this process's descendants (and itself when ``include_self``), from /proc."""
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as fh:
                    children.setdefault(int(fh.read().rsplit(")", 1)[1].split()[1]), []).append(int(name))
            except (OSError, ValueError, IndexError):
                pass
    found: list[int] = []
    todo = [os.getpid()] if include_self else list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children.get(pid, [])
    return found


def pss_mb() -> float:
    """PSS (MB) of this process and all its descendants, from /proc/<pid>/smaps_rollup."""
    total = 0
    for pid in _descendants(include_self=True):
        try:
            with open(f"/proc/{pid}/smaps_rollup") as fh:
                total += sum(int(line.split()[1]) for line in fh if line.startswith("Pss:"))
        except OSError:
            pass
    return total / 1024


def cpu_ms() -> float:
    """CPU time (user + system, ms) used so far by this process's descendants (driver, browser)."""
    total = 0
    for pid in _descendants(include_self=False):
        try:
            with open(f"/proc/{pid}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, ValueError, IndexError):
            pass
    return total * 1000 / os.sysconf("SC_CLK_TCK")


def baseline(urls: list[str], geometry_url: str) -> tuple[float, list[float], list[float]]:
    """Pages/s of bare Playwright: same browser and flags, one reused page, goto(load), nothing else.

    Also times the geometry evaluate alone on ``geometry_url`` in that browser: wall ms (with
    the JSON parse) and CPU ms of the browser and driver, per run.
    """
    from playwright.async_api import async_playwright

    from render.geometry import parse, script, script_args

    async def run() -> tuple[float, list[float], list[float]]:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=find_chromium(),
                                               args=[*LAUNCH_FLAGS, NO_IMAGES_FLAG, OFFLINE_FLAG])
            page = await (await browser.new_context(viewport={"width": 1280, "height": 800})).new_page()
            for url in urls[:3]:
                await page.goto(url, wait_until="load")
            t0 = time.perf_counter()
            for url in urls:
                try:
                    await page.goto(url, wait_until="load", timeout=20_000)
                except Exception:  # noqa: BLE001 - count it like pagesight counts its failures
                    pass
            rate = len(urls) / (time.perf_counter() - t0)
            walls, cpus = [], []
            await page.goto(geometry_url, wait_until="load")
            for _ in range(GEOMETRY_RUNS):
                c0, t1 = cpu_ms(), time.perf_counter()
                parse(await page.evaluate(script(), script_args()))
                walls.append((time.perf_counter() - t1) * 1000)
                cpus.append(cpu_ms() - c0)
                await page.reload(wait_until="load")
            await browser.close()
            return rate, walls, cpus

    return asyncio.run(run())


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=50, help="distinct article pages")
    parser.add_argument("--total", type=int, default=200, help="pages rendered in a row for the memory figure")
    args = parser.parse_args()
    options = {"offline": True}
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = pathlib.Path(tmpdir)
        names = _pages(tmp, args.pages)
        geometry_name = _geometry_page(tmp)
        httpd, base = _serve(tmp)
        urls = [base + n for n in names]
        source = "l3s_gn1 (first pages by id)" if (DATA / "gold.jsonl.gz").exists() else "fixtures/render"
        print(f"pages: {len(urls)} article pages from {source}, served from 127.0.0.1, outside requests blocked")

        base_rate, walls, cpus = baseline(urls, base + geometry_name)
        print(f"baseline (bare Playwright, reused page, goto load): {base_rate:.2f} pages/s")
        print(f"geometry evaluate alone on the {GEOMETRY_ELEMENTS}-element page: median "
              f"{statistics.median(walls):.0f} ms wall, {statistics.median(cpus):.0f} ms CPU of browser + driver")

        for url in urls[:3]:  # warm up: launch, first context, caches
            render(url, **options)
        failures = 0
        times: list[float] = []
        mem_after_20 = None
        samples: dict[int, float] = {}  # memory after every fifth of the run
        t_start = time.perf_counter()
        for k in range(args.total):
            t0 = time.perf_counter()
            try:
                page_from_rendered(render(urls[k % len(urls)], **options))
            except Exception as exc:  # noqa: BLE001 - a failing page is counted, not fatal
                failures += 1
                print(f"  failed: {urls[k % len(urls)]}: {type(exc).__name__}: {exc}")
            times.append(time.perf_counter() - t0)
            if k + 1 == 20:
                mem_after_20 = pss_mb()
            if (k + 1) % max(args.total // 5, 1) == 0:
                samples[k + 1] = pss_mb()
            if k + 1 == len(urls):
                first_rate = len(urls) / (time.perf_counter() - t_start)
        all_rate = args.total / (time.perf_counter() - t_start)
        mem_after_total = pss_mb()
        print(f"pagesight render + geometry + Page: {first_rate:.2f} pages/s over the {len(urls)} distinct pages "
              f"({first_rate / base_rate:.2f}x baseline); {all_rate:.2f} pages/s over {args.total} in a row; "
              f"median {statistics.median(times) * 1000:.0f} ms/page; {failures} failed")

        geo_ms, join_ms, count = [], [], 0
        for _ in range(GEOMETRY_RUNS):
            rendered = render(base + geometry_name, **options)
            t0 = time.perf_counter()
            page = page_from_rendered(rendered)
            join_ms.append((time.perf_counter() - t0) * 1000)
            geo_ms.append(rendered.timings["geometry"])
            count = len(rendered.geometry)
        print(f"geometry capture, {count} elements: median {statistics.median(geo_ms):.0f} ms "
              f"(one evaluate + JSON parse; runs {', '.join(f'{v:.0f}' for v in geo_ms)}); "
              f"join into a Page of {len(page)} elements: median {statistics.median(join_ms):.0f} ms")
        growth = (mem_after_total / mem_after_20 - 1) * 100
        print(f"memory (PSS, process + driver + browser): {mem_after_20:.0f} MB after 20 pages, "
              f"{mem_after_total:.0f} MB after {args.total} pages: {growth:+.1f} %; samples: "
              + ", ".join(f"{mb:.0f} MB after {n}" for n, mb in samples.items()))
        httpd.shutdown()


if __name__ == "__main__":
    main()
