"""Benchmark of pages read at once (not a test): rendering at concurrency 1, 2 and 4.

Serves the framework corpus (``fixtures/js/site``: pages that wait for timers, data and
lazy lists) and, when ``../shared/data`` is there, bare l3s_gn1 article pages, from
127.0.0.1, and renders every page with ``extract_many(urls, render=True, concurrency=N)``.
Prints pages/s per concurrency and its ratio to concurrency 1 measured in the same run,
whether the texts are the same as at concurrency 1, and the peak RSS of this process plus
its children (driver and browser).

Usage: ``python bench/bench_scale.py [--concurrency 1,2,4] [--repeat 2] [--static 40]``
"""

from __future__ import annotations

import argparse
import gzip
import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor import extract_many  # noqa: E402
from tests.http_server import serve  # noqa: E402
from tests.js_corpus import load_gold, serve_site  # noqa: E402

DATA = ROOT.parent / "shared" / "data"


def rss_mb() -> float:
    """Resident memory of this process and its children (MB), from /proc."""
    import psutil

    me = psutil.Process()
    procs = [me, *me.children(recursive=True)]
    total = 0
    for proc in procs:
        try:
            total += proc.memory_info().rss
        except psutil.Error:
            pass
    return total / 1e6


def run(urls: list[str], concurrency: int, repeat: int, options: dict) -> tuple[float, list[str], float]:
    """Best pages/s over ``repeat`` passes, the texts of the last pass, peak RSS seen (MB)."""
    best, texts, peak = 0.0, [], 0.0
    for _ in range(repeat):
        t0 = time.perf_counter()
        texts = []
        for result in extract_many(urls, render=True, concurrency=concurrency, render_options=options):
            texts.append(result.text)
            peak = max(peak, rss_mb())
        best = max(best, len(urls) / (time.perf_counter() - t0))
    return best, texts, peak


def table(name: str, urls: list[str], levels: list[int], repeat: int, options: dict) -> None:
    list(extract_many(urls[:2], render=True, concurrency=1, render_options=options))  # warm up: launch
    base_rate, base_texts = None, None
    print(f"\n{name}: {len(urls)} pages, best of {repeat} passes\n")
    print("| concurrency | pages/s | ratio to concurrency 1 | same texts as concurrency 1 | peak RSS (MB) |")
    print("|---|---|---|---|---|")
    for level in levels:
        rate, texts, peak = run(urls, level, repeat, options)
        if base_rate is None:
            base_rate, base_texts = rate, texts
        same = sum(a == b for a, b in zip(texts, base_texts, strict=True))
        print(f"| {level} | {rate:.2f} | {rate / base_rate:.2f}x | {same}/{len(urls)} | {peak:.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--concurrency", default="1,2,4", help="levels, comma-separated")
    parser.add_argument("--repeat", type=int, default=2, help="passes per level (the best is kept)")
    parser.add_argument("--static", type=int, default=40, help="bare l3s_gn1 pages (0 to skip)")
    args = parser.parse_args()
    levels = [int(v) for v in args.concurrency.split(",")]
    with serve_site() as base:
        table("framework corpus (pages that wait)", [base + g["path"] for g in load_gold()], levels, args.repeat,
              {})
    if args.static and (DATA / "l3s_gn1").is_dir():
        with tempfile.TemporaryDirectory() as tmp:
            for path in sorted((DATA / "l3s_gn1" / "html").glob("*.html.gz"))[:args.static]:
                (pathlib.Path(tmp) / path.name.removesuffix(".gz")).write_bytes(gzip.decompress(path.read_bytes()))
            with serve(tmp) as base:
                urls = [f"{base}/{p.name}" for p in sorted(pathlib.Path(tmp).iterdir())]
                # saved pages: every outside request blocked, as the data README asks
                table("bare l3s_gn1 articles (CPU only)", urls, levels, args.repeat, {"offline": True})


if __name__ == "__main__":
    main()
