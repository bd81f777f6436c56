"""Speed of the decay method against the lxml parse floor, on the same pages, in one run.

Usage: python bench/bench_decay.py [--set ../shared/data/l3s_gn1] [--limit N] [--repeat 3]

Prints the median milliseconds per page of ``lxml.html.fromstring`` (the floor every Python
extractor pays) and of ``extract(bytes, method="decay")`` (decode, parse, clean, per-element
statistics, decay, output, headline), and their ratio. Issue 2's acceptance: ratio <= 2.5.
Each page is timed ``--repeat`` times per side, alternating, and its fastest run is kept,
which damps the noise of a shared 2-core machine.
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

import lxml.html

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from extractor import extract  # noqa: E402
from extractor.evaluate import iter_pages  # noqa: E402

DEFAULT_SET = pathlib.Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "l3s_gn1"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", default=str(DEFAULT_SET))
    parser.add_argument("--limit", type=int)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--method", default="decay")
    args = parser.parse_args()
    pages = [data for _, data in iter_pages(args.set, limit=args.limit)]
    floor, method = [], []
    for data in pages:
        best_floor = best_method = float("inf")
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            lxml.html.fromstring(data)
            t1 = time.perf_counter()
            extract(data, method=args.method)
            t2 = time.perf_counter()
            best_floor, best_method = min(best_floor, t1 - t0), min(best_method, t2 - t1)
        floor.append(best_floor * 1000)
        method.append(best_method * 1000)
    f, m = statistics.median(floor), statistics.median(method)
    print(f"set {pathlib.Path(args.set).name}: {len(pages)} pages, best of {args.repeat} per page")
    print(f"lxml.html.fromstring  median {f:.3f} ms/page")
    print(f"{args.method:<21} median {m:.3f} ms/page")
    print(f"ratio {args.method} / lxml parse = {m / f:.2f}x")


if __name__ == "__main__":
    main()
