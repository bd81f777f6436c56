"""What a big page leaves resident in a batch worker. Each WARC record above ``--min-kb`` is extracted
in a fresh child forked from a warm parent (as ``pagesight extract`` forks its workers), once with the
heap trimmed after it (``extractor.memory.trim_heap``) and once released
(``extractor.memory.release_memory``: cross-page caches, type cache and parse logs emptied, a full
collection, then the trim). Prints, per record and in total, the anonymous resident memory the child
has more after the page than before it, and the Python allocator's arenas it holds more.

    python bench/bench_worker_residue.py --pages 1000

Linux only (fork, /proc).
"""

from __future__ import annotations

import argparse
import gc
import os
import pathlib
import statistics
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from bench_scale_warc import build_warc, dev_pages  # noqa: E402

from extractor.memory import release_memory, trim_heap  # noqa: E402
from extractor.warc import extract_record, read_warc  # noqa: E402
from extractor.warm import warm_up  # noqa: E402


def _anon_mb() -> float:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("RssAnon:"):
                return int(line.split()[1]) / 1024
    raise OSError("no RssAnon in /proc/self/status")


def _arenas() -> int:
    """Arenas of Python's small-object allocator in use (from ``sys._debugmallocstats``, written to fd 2)."""
    saved = os.dup(2)
    with tempfile.TemporaryFile() as out:
        os.dup2(out.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        out.seek(0)
        for line in out.read().decode().splitlines():
            if "arenas allocated current" in line:
                return int(line.split("=")[1])
    return -1


def _residue(record, release: bool) -> tuple[float, int]:
    """Anonymous MB and arenas a warm forked child holds more after ``record`` than before it."""
    rd, wr = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(rd)
        release_memory()
        anon, arenas = _anon_mb(), _arenas()
        extract_record(record).to_dict()
        if release:
            release_memory()
        else:
            gc.collect()
            trim_heap()
        os.write(wr, f"{_anon_mb() - anon:.3f} {_arenas() - arenas}".encode())
        os._exit(0)
    os.close(wr)
    mb, arenas = os.read(rd, 64).split()
    os.close(rd)
    os.waitpid(pid, 0)
    return float(mb), int(arenas)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pages", type=int, default=1000)
    ap.add_argument("--min-kb", type=int, default=256, help="records above this size are measured")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        warc = pathlib.Path(tmp) / "crawl.warc.gz"
        build_warc(warc, dev_pages(args.pages))
        records = [(k, r) for k, r in enumerate(read_warc(warc)) if len(r.data or b"") > args.min_kb * 1024]
    warm_up()
    gc.collect()
    gc.freeze()  # as the CLI's parent does before forking its workers
    rows = []
    for k, record in records:
        trimmed, released = _residue(record, False), _residue(record, True)
        rows.append((k, len(record.data) // 1024, trimmed, released))
    print(f"{len(rows)} records over {args.min_kb} KB of {args.pages} pages, each in a fresh warm fork\n")
    print("| record | KB | MB left, trimmed | arenas more | MB left, released | arenas more |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for k, kb, (t_mb, t_ar), (r_mb, r_ar) in sorted(rows, key=lambda r: -r[2][0])[:15]:
        print(f"| {k} | {kb:,} | {t_mb:.1f} | {t_ar} | {r_mb:.1f} | {r_ar} |")
    trimmed = [r[2][0] for r in rows]
    released = [r[3][0] for r in rows]
    print(f"\nIn all: trimmed {sum(trimmed):.1f} MB (mean {statistics.fmean(trimmed):.2f}), "
          f"released {sum(released):.1f} MB (mean {statistics.fmean(released):.2f}); "
          f"released / trimmed {sum(released) / max(sum(trimmed), 1e-9):.3f}.")


if __name__ == "__main__":
    main()
