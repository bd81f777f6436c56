"""Do the CLI's short-lived workers cost speed? The records of a WARC of dev pages, extracted in chunks
of 100 by a fresh child forked from a warm parent (as ``pagesight extract`` replaces its workers,
``WORKER_MAX_PAGES``), against the same chunks in one long-lived child forked once. The two
alternate chunk by chunk in one run, so a slower spell of the machine hits both.

    python bench/bench_worker_fork.py --pages 1000

Prints the CPU seconds of each side, per chunk and in total. Linux only (fork).
"""

from __future__ import annotations

import argparse
import gc
import os
import pathlib
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from bench_scale_warc import build_warc, dev_pages  # noqa: E402

from extractor.warc import extract_record, read_warc  # noqa: E402
from extractor.warm import warm_up  # noqa: E402

CHUNK = 100


def _chunk_cpu(records: list, lo: int) -> float:
    started = time.process_time()
    for record in records[lo:lo + CHUNK]:
        extract_record(record).to_dict()
    return time.process_time() - started


def _in_fresh_child(records: list, lo: int) -> float:
    rd, wr = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(rd)
        os.write(wr, f"{_chunk_cpu(records, lo):.6f}".encode())
        os._exit(0)
    os.close(wr)
    spent = float(os.read(rd, 64))
    os.close(rd)
    os.waitpid(pid, 0)
    return spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pages", type=int, default=1000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        warc = pathlib.Path(tmp) / "crawl.warc.gz"
        build_warc(warc, dev_pages(args.pages))
        records = list(read_warc(warc))
    warm_up()
    gc.collect()
    gc.freeze()  # as the CLI's parent does before forking its workers
    cmd_r, cmd_w = os.pipe()
    res_r, res_w = os.pipe()
    long_lived = os.fork()
    if long_lived == 0:
        while (lo := int(os.read(cmd_r, 32))) >= 0:
            os.write(res_w, f"{_chunk_cpu(records, lo):.6f}".encode().ljust(32))
        os._exit(0)
    fresh: list[float] = []
    kept: list[float] = []
    for k, lo in enumerate(range(0, len(records), CHUNK)):
        for side in (("fresh", "kept") if k % 2 == 0 else ("kept", "fresh")):
            if side == "fresh":
                fresh.append(_in_fresh_child(records, lo))
            else:
                os.write(cmd_w, str(lo).encode().ljust(32))
                kept.append(float(os.read(res_r, 32)))
    os.write(cmd_w, b"-1".ljust(32))
    os.waitpid(long_lived, 0)
    print(f"{len(records)} records in chunks of {CHUNK}, CPU seconds")
    print(f"a fresh child per chunk: {sum(fresh):.2f}  ({', '.join(f'{x:.2f}' for x in fresh)})")
    print(f"one long-lived child:    {sum(kept):.2f}  ({', '.join(f'{x:.2f}' for x in kept)})")
    print(f"fresh / long-lived: {sum(fresh) / sum(kept):.3f}")


if __name__ == "__main__":
    main()
