"""Record F1 of ``extract_records`` on records_dev, render off (and on with ``--render``).

Prints, per variant: record P/R/F1 over all pages and over the pages whose
``records_found_in_html`` >= 0.9 (the acceptance subset), pages with no records, and speed as
median ms per page with the ratio to the lxml load of the same pages measured in the same run.

    python bench/bench_records.py                      # render off: groups, paper letter, paper + nodes
    python bench/bench_records.py --render             # render on as well (needs Chromium)
    python bench/bench_records.py --pages out.jsonl    # per-page scores to a file
    python bench/bench_records.py --scale              # only the synthetic 5,000-record / 5 MB listings
    python bench/bench_records.py --hostile            # CPU s of dump-sized pages (issue #17's bound)
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor.api import extract, get_page  # noqa: E402
from extractor.errors import PagesightError  # noqa: E402
from extractor.evaluate import page_bytes, read_gold  # noqa: E402
from extractor.metrics import record_prf  # noqa: E402
from extractor.records_api import extract_records  # noqa: E402
from tests.synthetic import synthetic_item_list, synthetic_listing, synthetic_table  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "records_dev"
#: The acceptance subset: pages whose gold records are (almost) all in the HTML as served.
IN_HTML = 0.9
VARIANTS = {
    "groups (default)": {},
    "paper, letter (descent by children)": {"variant": "paper", "descent": "children"},
    "paper, descent by nodes": {"variant": "paper", "descent": "nodes"},
}


def run(golds: list[dict], options: dict, render: bool) -> list[dict]:
    """Per-page scores of one configuration."""
    rows = []
    for gold in golds:
        data = page_bytes(DATA, gold["id"])
        t0 = time.perf_counter()
        error = None
        try:
            # saved pages: every outside request is blocked (data README), as in `pagesight eval --render`
            table = extract_records(data, url=gold.get("url"), render=render,
                                    render_options={"offline": True} if render else None, **options)
            texts, cleaning, notes = table.record_texts, table.cleaning, table.notes
        except PagesightError as exc:
            texts, cleaning, notes, error = [], None, [], f"{type(exc).__name__}: {exc}"
        ms = (time.perf_counter() - t0) * 1000
        prf = record_prf(texts, gold["records"])
        rows.append({"id": gold["id"], "in_html": gold.get("records_found_in_html"), "p": prf.p, "r": prf.r,
                     "f1": prf.f1, "predicted": len(texts), "gold": len(gold["records"]), "ms": ms,
                     "cleaning": cleaning, "notes": notes, "error": error})
    return rows


def summary(rows: list[dict]) -> str:
    """One line: pages, mean P/R/F1, empty outputs."""
    if not rows:
        return "no pages"
    n = len(rows)
    p = sum(r["p"] for r in rows) / n
    r_ = sum(r["r"] for r in rows) / n
    f = sum(r["f1"] for r in rows) / n
    empty = sum(1 for r in rows if not r["predicted"])
    return f"pages {n:3d}  P {p:.3f}  R {r_:.3f}  F1 {f:.3f}  empty {empty}"


def load_baseline(golds: list[dict]) -> float:
    """Median ms to load (decode + lxml parse + page stats) each page: the speed baseline."""
    times = []
    for gold in golds:
        data = page_bytes(DATA, gold["id"])
        t0 = time.perf_counter()
        get_page(data, url=gold.get("url"))
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def scale() -> None:
    """Time extract_records on a 5,000-record listing and a 5 MB listing, against loading the same HTML."""
    for cards, words in ((5000, 3), (6600, 40)):
        html = synthetic_listing(cards, words)
        t0 = time.perf_counter()
        get_page(html)
        t1 = time.perf_counter()
        table = extract_records(html)
        t2 = time.perf_counter()
        load_s, total_s = t1 - t0, t2 - t1
        print(f"{cards:,} cards, {len(html) / 1e6:.1f} MB: extract_records {total_s:.2f} s "
              f"({total_s / load_s:.1f}x the load alone, {load_s:.2f} s); {len(table.rows):,} rows, "
              f"{len(table.columns)} columns")


def hostile(repeat: int = 3) -> None:
    """CPU seconds (fastest of ``repeat`` runs, from the HTML text) of ``extract(method="auto")`` and of
    ``extract_records`` on dump-sized pages: what one such page costs a caller of the Python API."""
    pages = {
        "table of 100,000 rows": synthetic_table(100_000),
        "list of 100,000 priced items": synthetic_item_list(100_000),
        "40,000 product cards": synthetic_listing(40_000, 3),
    }
    for name, html in pages.items():
        for what in ("auto", "extract_records"):
            best, note = float("inf"), ""
            for _ in range(repeat):
                t0 = time.process_time()
                if what == "auto":
                    result = extract(html)
                    rows = len(result.records.rows) if result.records is not None else 0
                    note = f"type {result.page_type}, method {result.method}, {rows:,} records"
                else:
                    table = extract_records(html)
                    note = f"{len(table.rows):,} records"
                best = min(best, time.process_time() - t0)
            print(f"{name:30s} {what:16s} {best:5.2f} s CPU  ({note})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--render", action="store_true", help="also run with render on (Chromium)")
    parser.add_argument("--render-only", action="store_true", help="only the default variant, render on")
    parser.add_argument("--pages", help="write per-page scores (JSON lines) here")
    parser.add_argument("--limit", type=int, help="first N pages only")
    parser.add_argument("--scale", action="store_true", help="only time the synthetic large listings")
    parser.add_argument("--hostile", action="store_true", help="only time dump-sized pages (CPU s)")
    args = parser.parse_args()
    if args.scale:
        scale()
        return 0
    if args.hostile:
        hostile()
        return 0
    if not (DATA / "gold.jsonl.gz").exists():
        print(f"records_dev not found at {DATA}", file=sys.stderr)
        return 2
    golds = read_gold(DATA)[: args.limit]
    base = load_baseline(golds)
    print(f"records_dev: {len(golds)} pages; load (decode + parse) median {base:.1f} ms/page")
    configs = [] if args.render_only else [(name, opts, False) for name, opts in VARIANTS.items()]
    if args.render or args.render_only:
        configs.append(("groups (default)", {}, True))
    out = open(args.pages, "w") if args.pages else None
    for name, opts, render in configs:
        rows = run(golds, opts, render)
        med = statistics.median(r["ms"] for r in rows)
        hi = [r for r in rows if (r["in_html"] or 0) >= IN_HTML]
        errors = sum(1 for r in rows if r["error"])
        print(f"\n{name}  render {'on' if render else 'off'}  (errors {errors}; median {med:.1f} ms/page, "
              f"{med / base:.1f}x the load)")
        print(f"  all pages               {summary(rows)}")
        print(f"  records_found_in_html>={IN_HTML}  {summary(hi)}")
        if out:
            for r in rows:
                out.write(json.dumps({"config": name, "render": render, **r}) + "\n")
    if out:
        out.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
