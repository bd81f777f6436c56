"""CPU cost of ``auto`` and ``learned`` as a ratio to ``lxml.html.fromstring``, measured page by page in one process.

Issue #14 asks for ``auto`` at most 4x the lxml parse. On a shared machine wall times drift with
the load, so each page is parsed by lxml and extracted by every method in turn, in the same
process, and timed with the process's CPU clock; the ratio of the totals (and the median of the
per-page ratios) cancels most of what the load does. Bytes in, Result out: decoding, parsing,
the Page, the method, the headline and the metadata are all counted, as a user pays them.

``--stages`` times instead the steps of ``auto`` one after another, in the order ``extract()`` runs
them (loading: decode, parse and Page; the page type; the routed method; the headline; the Result
with its app-shell check; the metadata; htmldate's date fallback where the markup named no date), each as a ratio to
the lxml parse: where the CPU goes, for whoever makes ``auto`` faster. The steps are called one by
one, so their sum is close to, not exactly, what one ``extract()`` costs.

Usage: ``python bench/bench_auto_speed.py [--limit 200] [--methods auto,learned,decay] [--stages]``.
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import lxml.html  # noqa: E402

from extractor import extract  # noqa: E402
from extractor.errors import PagesightError  # noqa: E402
from extractor.evaluate import page_bytes, read_gold  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
SETS = ("cleaneval", "l3s_gn1", "dragnet", "wcxb_dev", "chinese_wce")


def cpu(fn) -> float:
    """CPU seconds of one call."""
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def main(argv: list[str] | None = None) -> int:
    """Command line entry point (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=200, help="first N pages of each set")
    ap.add_argument("--methods", default="auto,learned,decay")
    ap.add_argument("--stages", action="store_true", help="time the steps of auto instead (see the docstring)")
    args = ap.parse_args(argv)
    if args.stages:
        return stages(args.limit)
    methods = args.methods.split(",")
    pages = [(s, g, page_bytes(DATA / s, g["id"])) for s in SETS for g in read_gold(DATA / s)[:args.limit]]
    for m in methods:  # models and lazy imports loaded before timing
        extract(pages[0][2], method=m)
    totals = {s: {m: 0.0 for m in ["lxml", *methods]} for s in SETS}
    ratios: dict[str, dict[str, list[float]]] = {s: {m: [] for m in methods} for s in SETS}
    for s, gold, data in pages:
        base = cpu(lambda: lxml.html.fromstring(data))  # noqa: B023
        totals[s]["lxml"] += base
        for m in methods:
            try:
                spent = cpu(lambda: extract(data, method=m, url=gold.get("url")))  # noqa: B023
            except PagesightError:
                continue
            totals[s][m] += spent
            if base > 0:
                ratios[s][m].append(spent / base)
    print(f"CPU time as a ratio to lxml.html.fromstring, first {args.limit} pages of each set "
          "(total ratio / median per-page ratio):")
    print("| set | " + " | ".join(methods) + " |")
    print("|---|" + "---|" * len(methods))
    for s in SETS:
        cells = [f"{totals[s][m] / totals[s]['lxml']:.2f}x / {statistics.median(ratios[s][m]):.2f}x" for m in methods]
        print(f"| {s} | " + " | ".join(cells) + " |")
    all_lxml = sum(t["lxml"] for t in totals.values())
    cells = [f"{sum(t[m] for t in totals.values()) / all_lxml:.2f}x" for m in methods]
    print("| all (total) | " + " | ".join(cells) + " |")
    return 0


def stages(limit: int) -> int:
    """Print CPU time per step of ``auto`` over the first ``limit`` pages of each set, as ratios to the lxml parse."""
    from functools import partial

    from extractor.api import build_result, get_page
    from extractor.auto import plan
    from extractor.dates import htmldate_day
    from extractor.gcpause import gc_paused
    from extractor.metadata import add_fallback_date, fill_metadata
    from extractor.title import headline

    pages = [(g, page_bytes(DATA / s, g["id"])) for s in SETS for g in read_gold(DATA / s)[:limit]]
    extract(pages[0][1])  # models and lazy imports loaded before timing
    spent: dict[str, float] = {}

    @gc_paused  # as extract() runs
    def one(gold: dict, data: bytes) -> None:
        t = time.process_time()

        def step(name: str) -> None:
            nonlocal t
            now = time.process_time()
            spent[name] = spent.get(name, 0.0) + now - t
            t = now

        lxml.html.fromstring(data)
        step("lxml parse")
        page = get_page(data, url=gold.get("url"))
        step("load (decode, parse, Page)")
        route = plan(page)
        step("page type")
        extraction = route.run(page, route.options)
        step(f"method ({route.method})")
        title = extraction.title or headline(page)
        step("headline")
        result = build_result(page, route.method, route.options, extraction, title, {})
        step("Result (its app-shell check)")
        fill_metadata(result, page, date_search="markup")
        step("metadata (markup)")
        if result.date is None:
            add_fallback_date(result, partial(htmldate_day, page.source_text or "", extensive=False))
            step("htmldate fallback")

    for gold, data in pages:
        try:
            one(gold, data)
        except PagesightError:
            continue
    base = spent.pop("lxml parse")
    print(f"CPU time of auto's steps as a ratio to lxml.html.fromstring, first {limit} pages of each set:")
    print("| step | x lxml parse |\n|---|---:|")
    for name, value in sorted(spent.items(), key=lambda kv: -kv[1]):
        print(f"| {name} | {value / base:.2f}x |")
    print(f"| sum | {sum(spent.values()) / base:.2f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
