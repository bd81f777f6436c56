"""Pages per CPU-second of ``extract(method="auto")`` for this checkout and another one, in the same run.

The VM's speed drifts from day to day (the pure-CPU loop of ``bench_scale_warc.py`` took 1.2 s on
fast days and 2.8 s on slow ones), so an absolute pages-per-CPU-second figure says little on its
own. This bench times two versions of the code on the same dev pages, each in a fresh process,
alternating (``--runs`` pairs), and prints each one's pages per CPU-second and their ratio: for
example the code of today against the commit an issue was filed on
(``git worktree add /tmp/then <commit>``).

Usage: ``python bench/bench_versions.py --other /tmp/then [--pages 300] [--runs 3]``.
"""

from __future__ import annotations

import argparse
import glob
import gzip
import pathlib
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
SETS = ("cleaneval", "chinese_wce", "dragnet", "l3s_gn1", "wcxb_dev")


def dev_pages(n: int) -> list[bytes]:
    """``n`` dev pages, taken round-robin over the five text sets."""
    files = [sorted(glob.glob(str(DATA / s / "html" / "*.html.gz"))) for s in SETS]
    pages: list[bytes] = []
    k = 0
    while len(pages) < n and any(k < len(f) for f in files):
        pages += [gzip.decompress(pathlib.Path(f[k]).read_bytes()) for f in files if k < len(f)]
        k += 1
    return pages[:n]


def pages_per_cpu_second(n: int) -> float:
    """In this process (the checkout on ``sys.path`` first): ``n`` dev pages through ``extract``, warmed up."""
    from extractor import extract
    from extractor.errors import PagesightError

    pages = dev_pages(n)
    extract(pages[0], method="auto")  # models and lazy imports loaded before timing
    t0 = time.process_time()
    for data in pages:
        try:
            extract(data, method="auto")
        except PagesightError:
            pass
    return n / (time.process_time() - t0)


def run_one(checkout: pathlib.Path, n: int) -> float:
    """Pages per CPU-second of ``checkout``'s code, measured in a fresh process."""
    code = (f"import sys; sys.path.insert(0, {str(checkout)!r}); sys.path.insert(1, {str(ROOT / 'bench')!r}); "
            f"import bench_versions; print(bench_versions.pages_per_cpu_second({n}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=checkout)
    return float(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    """Command line entry point (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--other", required=True, help="another checkout of pagesight (a git worktree)")
    ap.add_argument("--pages", type=int, default=300)
    ap.add_argument("--runs", type=int, default=3, help="pairs of runs, the two versions alternating")
    args = ap.parse_args(argv)
    other = pathlib.Path(args.other).resolve()
    this, that = [], []
    for _ in range(args.runs):
        that.append(run_one(other, args.pages))
        this.append(run_one(ROOT, args.pages))
    ratios = [a / b for a, b in zip(this, that, strict=True)]
    print(f"{args.pages} dev pages, extract(method='auto') from bytes, {args.runs} runs each, alternating")
    print(f"this checkout:  {', '.join(f'{v:.1f}' for v in this)} pages per CPU-second "
          f"(median {statistics.median(this):.1f})")
    print(f"{other}:  {', '.join(f'{v:.1f}' for v in that)} (median {statistics.median(that):.1f})")
    print(f"ratio this / other: {', '.join(f'{r:.2f}' for r in ratios)} (median {statistics.median(ratios):.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
