"""Benchmark of the headline rule (not a test): does the rendered-page branch of ``headline`` help titles?

``extractor.title.headline`` has a branch used only on rendered pages (``page.geometry`` set):
when no h1/h2 matches the ``<title>`` words it tries an h1/h2 matching ``og:title``, then the
visible ``<h1>`` in the largest font, before falling back to ``og:title`` / ``<title>`` parts.
This measures, on every page of a dev set with a non-empty gold ``title``:

1. the HTML path: ``headline(extractor.load(data, url=gold_url))``;
2. the render path, offline (every outside request blocked, as ``shared/data/README.md`` asks):
   on the same rendered Page, the new rule ``headline(page)`` and the old rule (the same
   function with ``page.geometry`` set to None for the call, which skips the rendered-only
   branch: ``headline`` reads nothing else of the geometry);
3. trafilatura's title for reference: ``trafilatura.extract_metadata(html, default_url=url).title``.

Metrics: exact match after the data README's normalisation (``extractor.metrics.normalize``)
and token F1 (``extractor.metrics.word_prf``), means over pages. Also the number of pages
where the old and new render titles differ, and how many of those got better / worse.
Pages that fail to load or render are counted and skipped (left out of every column).

Usage::

    python bench/bench_title.py [--sets wcxb_dev,l3s_gn1] [--limit N] [--json out.json] [--timeout 20]
"""

from __future__ import annotations

import argparse
import gzip
import json
import pathlib
import statistics
import sys
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import extractor  # noqa: E402
import extractor.api  # noqa: E402
from extractor.decode import decode  # noqa: E402
from extractor.metrics import normalize, word_prf  # noqa: E402
from extractor.title import headline  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
COLUMNS = ("html", "old", "new", "trafilatura")


def _gold(set_dir: pathlib.Path) -> list[dict[str, Any]]:
    path = set_dir / "gold.jsonl.gz"
    opener = gzip.open if path.exists() else open
    if not path.exists():
        path = set_dir / "gold.jsonl"
    with opener(path, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _scores(candidate: str, gold: str) -> tuple[int, float]:
    """(exact match after normalisation, token F1) of a candidate title."""
    return int(normalize(candidate) == normalize(gold)), word_prf(candidate, gold).f1


def _old_rule(page: extractor.Page) -> str:
    """``headline`` with the rendered-only branch skipped (geometry hidden for the call)."""
    geometry = page.geometry
    page.geometry = None
    try:
        return headline(page)
    finally:
        page.geometry = geometry


def _trafilatura_title(data: bytes, url: str | None) -> str:
    import trafilatura

    text, _ = decode(data)
    meta = trafilatura.extract_metadata(text, default_url=url)
    return (meta.title or "") if meta is not None else ""


def run_set(name: str, limit: int | None, timeout: float, with_trafilatura: bool) -> tuple[dict, list[dict]]:
    set_dir = DATA / name
    rows = [g for g in _gold(set_dir) if (g.get("title") or "").strip()]
    if limit:
        rows = rows[:limit]
    pages: list[dict[str, Any]] = []
    failed: list[dict[str, str]] = []
    t0 = time.perf_counter()
    for n, gold in enumerate(rows, 1):
        page_id, url, title = gold["id"], gold.get("url"), gold["title"]
        data = gzip.open(set_dir / "html" / f"{page_id}.html.gz").read()
        try:
            html_title = headline(extractor.load(data, url=url))
            page = extractor.api.get_page(data, render=True, url=url, timeout=timeout,
                                          render_options={"offline": True})
            new = headline(page)
            old = _old_rule(page)
        except Exception as exc:  # noqa: BLE001 - any failure of one page is counted, not fatal
            failed.append({"id": page_id, "error": f"{type(exc).__name__}: {exc}"[:300]})
            continue
        traf = ""
        if with_trafilatura:
            try:
                traf = _trafilatura_title(data, url)
            except Exception as exc:  # noqa: BLE001
                traf = ""
                print(f"  trafilatura failed on {page_id}: {type(exc).__name__}", file=sys.stderr)
        titles = {"html": html_title, "old": old, "new": new, "trafilatura": traf}
        record: dict[str, Any] = {"set": name, "id": page_id, "url": url, "gold": title, **titles}
        for col in COLUMNS:
            record[f"{col}_exact"], record[f"{col}_f1"] = _scores(titles[col], title)
        pages.append(record)
        if n % 100 == 0:
            rate = n / (time.perf_counter() - t0)
            print(f"  {name}: {n}/{len(rows)} ({rate:.2f} pages/s, {len(failed)} failed)", file=sys.stderr)
    elapsed = time.perf_counter() - t0
    changed = [p for p in pages if p["new"] != p["old"]]
    summary: dict[str, Any] = {
        "set": name, "with_gold_title": len(rows), "pages": len(pages), "failed": len(failed),
        "seconds": round(elapsed, 1), "pages_per_s": round(len(rows) / elapsed, 2) if elapsed else 0.0,
        "changed": len(changed),
        "better_exact": sum(p["new_exact"] > p["old_exact"] for p in changed),
        "worse_exact": sum(p["new_exact"] < p["old_exact"] for p in changed),
        "better_f1": sum(p["new_f1"] > p["old_f1"] for p in changed),
        "worse_f1": sum(p["new_f1"] < p["old_f1"] for p in changed),
        "failures": failed,
    }
    for col in COLUMNS:
        for metric in ("exact", "f1"):
            values = [p[f"{col}_{metric}"] for p in pages]
            summary[f"{col}_{metric}"] = statistics.fmean(values) if values else 0.0
    return summary, pages


def table(summaries: list[dict], with_trafilatura: bool) -> str:
    head = ["set", "pages", "HTML exact/F1", "render old exact/F1", "render new exact/F1"]
    if with_trafilatura:
        head.append("trafilatura exact/F1")
    head += ["new≠old", "better exact/F1", "worse exact/F1", "failed"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for s in summaries:
        cells = [s["set"], str(s["pages"])]
        for col in COLUMNS if with_trafilatura else COLUMNS[:3]:
            cells.append(f"{s[col + '_exact']:.3f} / {s[col + '_f1']:.3f}")
        cells += [str(s["changed"]), f"{s['better_exact']} / {s['better_f1']}",
                  f"{s['worse_exact']} / {s['worse_f1']}", str(s["failed"])]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default="wcxb_dev,l3s_gn1", help="comma-separated sets under ../shared/data")
    ap.add_argument("--limit", type=int, default=None, help="first N pages with a gold title per set")
    ap.add_argument("--json", type=pathlib.Path, default=None, help="write summaries and per-page titles here")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per rendering")
    ap.add_argument("--no-trafilatura", action="store_true", help="skip the trafilatura reference column")
    args = ap.parse_args(argv)
    with_traf = not args.no_trafilatura
    if with_traf:
        try:
            import trafilatura  # noqa: F401
        except ImportError:
            print("trafilatura not installed (pip install -e .[bench]); column skipped", file=sys.stderr)
            with_traf = False
    sets = [s.strip() for s in args.sets.split(",") if s.strip()]
    missing = [s for s in sets if not (DATA / s).is_dir()]
    if missing:
        print(f"missing sets under {DATA}: {', '.join(missing)}", file=sys.stderr)
        return 2
    summaries, all_pages = [], []
    for name in sets:
        summary, pages = run_set(name, args.limit, args.timeout, with_traf)
        summaries.append(summary)
        all_pages.extend(pages)
        print(f"{name}: {summary['pages']} pages scored, {summary['failed']} failed to load/render "
              f"(skipped), {summary['seconds']} s, {summary['pages_per_s']} pages/s", file=sys.stderr)
    print(table(summaries, with_traf))
    for s in summaries:
        if s["failed"]:
            print(f"\n{s['set']}: {s['failed']} pages failed to load or render and were skipped: "
                  + ", ".join(f["id"] for f in s["failures"][:20]) + (" ..." if s["failed"] > 20 else ""))
    if args.json:
        args.json.write_text(json.dumps({"summaries": summaries, "pages": all_pages}, ensure_ascii=False, indent=1),
                             encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
