"""End times of ``extract(url, render=True, timeout=T)`` on the fault matrix's page of 200,000 elements.

Serves the page (the "200,000 elements" case of tests/test_hardening.py) from 127.0.0.1, renders a
healthy page first (the browser's launch is not counted), then extracts the big page ``--runs``
times, printing for each run how it ended (a result, with its timings, or the typed error) and the
wall time from the call to its end; issue #17 asks for T + 2 s at most.

    python bench/bench_hostile.py                      # timeout 8 s, 4 runs
    python bench/bench_hostile.py --timeout 15 --runs 2
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor import extract  # noqa: E402
from extractor.errors import PagesightError  # noqa: E402
from tests.http_server import serve  # noqa: E402

BIG = "<html><body>" + "<div>An item of a very long page.</div>" * 200_000 + "</body></html>"
HEALTHY = ("<html><body><article><h1>Healthy</h1><p>" + "A healthy paragraph of plain prose. " * 8
           + "</p></article></body></html>")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=8.0, help="the render timeout T (s)")
    parser.add_argument("--runs", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        (pathlib.Path(folder) / "big.html").write_text(BIG, encoding="utf-8")
        (pathlib.Path(folder) / "healthy.html").write_text(HEALTHY, encoding="utf-8")
        with serve(folder) as base:
            extract(f"{base}/healthy.html", render=True, timeout=args.timeout)
            for _ in range(args.runs):
                t0 = time.monotonic()
                try:
                    result = extract(f"{base}/big.html", render=True, timeout=args.timeout)
                    timings = result.timings
                    how = (f"a result, {len(result.text):,} characters (render {timings['render'] / 1000:.1f} s, "
                           f"extract {timings['extract'] / 1000:.1f} s)")
                except PagesightError as exc:
                    how = f"{type(exc).__name__}: {exc}"
                elapsed = time.monotonic() - t0
                late = "  LATE" if elapsed > args.timeout + 2 else ""
                print(f"ended after {elapsed:5.2f} s (T = {args.timeout:g} s){late}: {how}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
