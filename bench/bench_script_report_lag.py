"""How long after a page calls ``import()`` the browser's request event reaches the page's counters.

The render path counts the scripts a frame loads from Playwright's request events
(``render.browser._ScriptLoads``), written into the page's ``__pagesightNet.outside``; a page with module
scripts is held ``SCRIPT_REPORT_MS`` from each scroll step for that report to arrive. This renders a
loopback page whose module imports another once a box scrolls into view, ``--renders`` times, and prints
the lag (the page's clock from the ``import()`` call to the first report), sorted, in milliseconds.
Run it idle and with both cores busy to see the spread.

Usage: ``python bench/bench_script_report_lag.py [--renders 15]``.
"""

from __future__ import annotations

import argparse
import asyncio
import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from render import browser  # noqa: E402
from tests.http_server import serve  # noqa: E402

PAGE = """<html><body><h1>Lag</h1><div style="height:1500px"></div><div id="t" style="height:200px"></div>
<script type="module">const io = new IntersectionObserver((es) => { if (es.some((e) => e.isIntersecting)) {
  io.disconnect(); window.__importAt = performance.now(); import('/module.js?' + Math.random()); } });
io.observe(document.getElementById('t'));</script></body></html>"""
#: Records when the page's counters first hear of a script loading.
WATCH_JS = """() => { const n = window.__pagesightNet; let v = n.outside;
  Object.defineProperty(n, 'outside', {get: () => v, set: (x) => { if (x > 0 && !window.__toldAt)
    window.__toldAt = performance.now(); v = x; }});
  window.scrollTo(0, 1400); }"""


def module(_handler):
    """The imported module, served after 0.3 s."""
    time.sleep(0.3)
    return 200, {"Content-Type": "text/javascript"}, b"export const loaded = true;"


async def lags(renders: int) -> list[float]:
    """The lag of each render, in milliseconds."""
    from playwright.async_api import async_playwright

    out: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        (pathlib.Path(tmp) / "page.html").write_text(PAGE, encoding="utf-8")
        with serve(tmp, {"/module.js": module}) as base:
            async with async_playwright() as pw:
                chromium = await pw.chromium.launch(executable_path=browser.find_chromium(), args=["--no-sandbox"])
                context = await chromium.new_context(viewport={"width": 1280, "height": 800})
                await context.add_init_script(browser.init_script())
                page = await context.new_page()
                for _ in range(renders):
                    loads = browser._ScriptLoads(page)
                    await page.goto(f"{base}/page.html")
                    await page.wait_for_load_state("load")
                    await page.evaluate(WATCH_JS)
                    await asyncio.sleep(0.6)
                    out.append(round(await page.evaluate("() => window.__toldAt - window.__importAt"), 1))
                    loads.stop()
                await chromium.close()
    return sorted(out)


def main(argv: list[str] | None = None) -> int:
    """Command line entry point (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--renders", type=int, default=15)
    args = ap.parse_args(argv)
    got = asyncio.run(lags(args.renders))
    print(f"lag in ms over {len(got)} renders: {got} (median {got[len(got) // 2]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
