"""The HTML path at scale (#15 item 5, WARC/CLI/Dask part): a WARC of dev pages read by FastWARC and
warcio, then extracted by ``pagesight extract crawl.warc.gz --format jsonl --output out.jsonl`` with 1
and 2 worker processes (pages per CPU-second, wall pages/s, the process tree's RSS after 100 pages
and at the end), and by ``extract_bag`` on a Dask LocalCluster of 2 worker processes.

A pure-CPU control (a Python loop in 1 and then 2 processes, same run) says how much of a second
core the machine had free, so the 2-process figure can be read against it. The VM's speed drifts by
some 15 % from minute to minute, so ``--repeats`` runs (3 by default) alternate -j 1 and -j 2, each
after its own control, and the medians are reported beside every run. Pages per CPU-second are given
over the whole run and over the pages after the first 100 (the start-up, paid once per run however
long the archive, left out: the tree's CPU is read from /proc when the 100th line is written).

For the peaks it also says what each process held (anonymous and file-backed resident memory, from
``/proc/PID/statm``), since the tree's RSS counts the pages a forked worker shares with its parent
once per process.

    python bench/bench_scale_warc.py --pages 1000
writes ``bench/results/scale_warc.md``. Needs the extras warc, dask and bench (psutil, fastwarc).
``--jobs 2 --repeats 3 --no-dask`` runs only the two-worker CLI, three times.
"""

from __future__ import annotations

import argparse
import glob
import gzip
import io
import json
import multiprocessing
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time

import psutil

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"


def dev_pages(n: int) -> list[pathlib.Path]:
    """``n`` dev pages, taken round-robin over the dev sets so every set is in the mix."""
    sets = [sorted(glob.glob(str(DATA / name / "html" / "*.html.gz"))) for name in sorted(os.listdir(DATA))]
    sets = [s for s in sets if s]
    out: list[pathlib.Path] = []
    k = 0
    while len(out) < n and any(k < len(s) for s in sets):
        out.extend(pathlib.Path(s[k]) for s in sets if k < len(s))
        k += 1
    return out[:n]


def build_warc(path: pathlib.Path, pages: list[pathlib.Path]) -> None:
    """A gzipped WARC: a request and a response record per page (so half the records are skipped)."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    with open(path, "wb") as fh:
        writer = WARCWriter(fh, gzip=True)
        for page in pages:
            uri = f"https://{page.parent.parent.name}.example/{page.name[:-8]}"
            req = StatusAndHeaders(f"GET {uri} HTTP/1.1", [("Host", "example")], is_http_request=True)
            writer.write_record(writer.create_warc_record(uri, "request", payload=io.BytesIO(b""), http_headers=req))
            http = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
            body = gzip.decompress(page.read_bytes())
            writer.write_record(writer.create_warc_record(uri, "response", payload=io.BytesIO(body),
                                                          http_headers=http))


def read_speed(path: pathlib.Path) -> dict[str, float]:
    """Response records per second (and per CPU-second), payload read, for FastWARC and warcio; best of 3."""
    def fastwarc() -> int:
        from fastwarc.warc import ArchiveIterator, WarcRecordType

        with open(path, "rb") as fh:
            return sum(1 for r in ArchiveIterator(fh, record_types=WarcRecordType.response) if r.reader.read())

    def warcio() -> int:
        from warcio.archiveiterator import ArchiveIterator

        with open(path, "rb") as fh:
            return sum(1 for r in ArchiveIterator(fh) if r.rec_type == "response" and r.content_stream().read())

    out = {}
    for fn in (fastwarc, warcio):
        best = None
        for _ in range(3):
            t, c = time.perf_counter(), time.process_time()
            n = fn()
            wall, cpu = time.perf_counter() - t, time.process_time() - c
            best = max(best or 0, n / cpu)
            out[f"{fn.__name__} records/s (wall)"] = max(out.get(f"{fn.__name__} records/s (wall)", 0), n / wall)
        out[f"{fn.__name__} records/CPU-s"] = best
    return out


#: Seconds between two samples of the process tree's RSS. A big page's working memory lasts a tenth
#: of a second or two: sampled every 0.1 s, the peak of the first 100 pages caught the spike of page
#: 30 (1.7 MB) in some runs and not in others (131-132 or 142 MB for the same code, so a ratio to the
#: final peak of 1.08 to 1.19); every 20 ms it caught it in 6 runs of 6 (141.6-142.4 MB). The
#: sampling (children read from /proc, not by psutil's scan of every process) took under 0.5 s of
#: CPU over a 16-20 s run.
SAMPLE_EVERY = 0.02
PAGE = os.sysconf("SC_PAGE_SIZE")


def _children(pid: int) -> list[int]:
    """Child pids from /proc (every thread's ``children`` file: pool workers are started by a thread);
    a tenth of the cost of psutil's scan of every process, so the tree can be sampled often."""
    kids: list[int] = []
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/children") as fh:
                kids.extend(int(k) for k in fh.read().split())
    except OSError:
        pass
    return kids


def tree_rss(proc: psutil.Process, parts: list[tuple[int, int]] | None = None) -> int:
    """RSS of a process and all its descendants, in bytes. ``parts``, when given, is filled with each
    process's (anonymous, file-backed) resident bytes, the parent first (Linux only)."""
    if not os.path.exists(f"/proc/{proc.pid}/task"):  # not Linux: psutil's scan
        total = 0
        for p in [proc, *proc.children(recursive=True)]:
            try:
                total += p.memory_info().rss
            except psutil.Error:
                pass
        return total
    total, todo = 0, [proc.pid]
    while todo:
        pid = todo.pop(0)
        try:
            with open(f"/proc/{pid}/statm") as fh:
                resident, shared = (int(v) * PAGE for v in fh.read().split()[1:3])
        except OSError:  # gone between listing and reading
            continue
        total += resident
        if parts is not None:
            parts.append((resident - shared, shared))
        todo.extend(_children(pid))
    return total


def describe_parts(parts: list[tuple[int, int]]) -> str:
    """``parent 40+31, 41+19, 63+19`` (MB anonymous + file-backed per process, the parent first)."""
    return ", ".join(("parent " if k == 0 else "") + f"{a / 2**20:.0f}+{f / 2**20:.0f}"
                     for k, (a, f) in enumerate(parts))


def count_lines(path: pathlib.Path, state: dict[str, int]) -> int:
    """Lines written so far (read from where the last call stopped)."""
    if not path.exists():
        return 0
    with open(path, "rb") as fh:
        fh.seek(state.get("pos", 0))
        chunk = fh.read()
    state["pos"] = state.get("pos", 0) + len(chunk)
    state["lines"] = state.get("lines", 0) + chunk.count(b"\n")
    return state["lines"]


TICKS = os.sysconf("SC_CLK_TCK")


def tree_cpu(pid: int) -> float:
    """CPU seconds of a process so far, its reaped children's included, and of its live descendants."""
    total, todo, first = 0.0, [pid], True
    while todo:
        one = todo.pop()
        try:
            with open(f"/proc/{one}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # utime, stime (and for the top process cutime, cstime: workers it has waited for)
        total += sum(int(v) for v in fields[11:15 if first else 13]) / TICKS
        first = False
        todo.extend(_children(one))
    return total


def tree_uss(proc: psutil.Process) -> int:
    """Private memory (USS) of a process and its descendants, in bytes: what RSS counts once per process
    for pages that several processes share (workers forked from a parent share its models) it does not."""
    total = 0
    for pid in [proc.pid, *_children(proc.pid)]:
        try:
            total += psutil.Process(pid).memory_full_info().uss
        except psutil.Error:
            pass
    return total


def run_cli(warc: pathlib.Path, out: pathlib.Path, jobs: int, early: int, n_pages: int) -> dict[str, float]:
    """``pagesight extract WARC --format jsonl --output out.jsonl -j JOBS``; RSS of the process tree sampled."""
    out.unlink(missing_ok=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    cmd = [sys.executable, "-m", "extractor", "extract", str(warc), "--format", "jsonl", "--output", str(out),
           "--jobs", str(jobs), "--quiet"]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, stderr=subprocess.PIPE)
    ps = psutil.Process(proc.pid)
    state: dict[str, int] = {}
    peak_early = peak = at_early = at_end = 0
    parts_early: list[tuple[int, int]] = []
    parts_peak: list[tuple[int, int]] = []
    uss: dict[int, int] = {}  # lines written -> the tree's USS, taken once as each mark is passed
    marks = (early, n_pages * 9 // 10)
    steady_from: tuple[int, float] | None = None  # (lines, tree CPU s) when ``early`` lines were written
    while proc.poll() is None:
        parts: list[tuple[int, int]] = []
        rss = tree_rss(ps, parts)
        lines = count_lines(out, state)
        if steady_from is None and lines >= early:
            steady_from = (lines, tree_cpu(proc.pid))
        for mark in marks:
            if lines >= mark and mark not in uss:
                uss[mark] = tree_uss(ps)
        if rss > peak:
            peak, parts_peak = rss, parts
        if lines <= early:
            if rss > peak_early:
                peak_early, parts_early = rss, parts
            at_early = rss
        at_end = rss if lines < n_pages else at_end
        time.sleep(SAMPLE_EVERY)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = out.read_text(encoding="utf-8").splitlines()
    failed = sum(1 for line in lines if json.loads(line)["details"].get("error"))
    steady = (len(lines) - steady_from[0]) / (cpu - steady_from[1]) if steady_from and cpu > steady_from[1] else 0.0
    return {"jobs": jobs, "exit": proc.returncode, "lines": len(lines), "failed": failed, "wall_s": wall,
            "cpu_s": cpu, "pages_per_cpu_s": len(lines) / cpu, "steady_pages_per_cpu_s": steady,
            "pages_per_s": len(lines) / wall,
            f"peak_rss_mb_first_{early}": peak_early / 2**20, "peak_rss_mb_all": peak / 2**20,
            f"rss_mb_at_{early}": at_early / 2**20, "rss_mb_at_end": at_end / 2**20,
            **{f"uss_mb_at_{mark}": uss.get(mark, 0) / 2**20 for mark in marks},
            "peak_parts_first": describe_parts(parts_early), "peak_parts_all": describe_parts(parts_peak),
            "stderr": proc.stderr.read().decode()[-300:] if proc.stderr else ""}


def _spin(n: int) -> float:
    t = time.perf_counter()
    x = 0
    for i in range(n):
        x += i * i % 7
    return time.perf_counter() - t


def cpu_control(n: int = 12_000_000) -> dict[str, float]:
    """The same pure-Python loop twice, in one process then in two at once: the speed-up the machine gives now."""
    t = time.perf_counter()
    _spin(n)
    _spin(n)
    one = time.perf_counter() - t
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        pool.map(_spin, [1000, 1000])  # start-up out of the timing
        t = time.perf_counter()
        pool.map(_spin, [n, n])
        two = time.perf_counter() - t
    return {"one_process_s": one, "two_processes_s": two, "speedup": one / two}


def run_dask(warc_dir: pathlib.Path) -> dict[str, float]:
    from dask.distributed import Client, LocalCluster

    from extractor.dask_bag import extract_bag

    paths = sorted(str(p) for p in warc_dir.glob("*.warc.gz"))
    with LocalCluster(processes=True, n_workers=2, threads_per_worker=1, dashboard_address=None,
                      silence_logs=40) as cluster, Client(cluster) as client:
        # workers warm, as in a long job
        client.run(lambda: __import__("extractor.auto.pagetype").auto.pagetype.load_model())
        t = time.perf_counter()
        results = extract_bag(paths).compute()
        wall = time.perf_counter() - t
        rss = sum(client.run(lambda: __import__("psutil").Process().memory_info().rss).values())
    return {"files": len(paths), "pages": len(results), "wall_s": wall, "pages_per_s": len(results) / wall,
            "workers_rss_mb": rss / 2**20}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pages", type=int, default=1000)
    ap.add_argument("--early", type=int, default=100, help="pages after which the first RSS peak is taken")
    ap.add_argument("--repeats", type=int, default=3, help="runs of -j 1 and -j 2 (alternating); medians reported")
    ap.add_argument("--jobs", default="1,2", help="worker counts to run, alternating (the summary needs 1 and 2)")
    ap.add_argument("--no-dask", action="store_true", help="leave out the Dask LocalCluster run")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "scale_warc.md"))
    args = ap.parse_args()
    job_counts = [int(j) for j in args.jobs.split(",")]
    rows: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        tmpdir = pathlib.Path(tmp)
        pages = dev_pages(args.pages)
        warc = tmpdir / "crawl.warc.gz"
        build_warc(warc, pages)
        print(f"WARC of {len(pages)} dev pages: {warc.stat().st_size / 2**20:.1f} MB", flush=True)
        speed = read_speed(warc)
        print("read speed:", {k: round(v) for k, v in speed.items()}, flush=True)
        controls, cli = [], []
        for rep in range(args.repeats):  # -j 1 and -j 2 alternate: a slower spell of the VM hits both
            controls.append(cpu_control())
            print(f"run {rep + 1} pure-CPU control:", {k: round(v, 2) for k, v in controls[-1].items()}, flush=True)
            for jobs in job_counts:
                r = run_cli(warc, tmpdir / "out.jsonl", jobs, args.early, len(pages))
                r["run"] = rep + 1
                cli.append(r)
                print(f"run {rep + 1} CLI -j {jobs}:", {k: (round(v, 2) if isinstance(v, float) else v)
                                                       for k, v in r.items() if k != "stderr"}, flush=True)
        dask = None
        if not args.no_dask:
            parts = tmpdir / "parts"
            parts.mkdir()
            for k in range(4):
                build_warc(parts / f"part-{k}.warc.gz", pages[k::4])
            dask = run_dask(parts)
            print("Dask:", {k: round(v, 2) for k, v in dask.items()}, flush=True)
    rows.append(f"WARC of {len(pages)} dev pages (a request and a response record each), load average "
                f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores at the end of the run.\n")
    rows.append("| reader | response records/s (wall) | records per CPU-second |\n| --- | ---: | ---: |")
    for lib in ("fastwarc", "warcio"):
        rows.append(f"| {lib} | {speed[f'{lib} records/s (wall)']:,.0f} | {speed[f'{lib} records/CPU-s']:,.0f} |")
    late = len(pages) * 9 // 10
    rows.append(f"\n| run | lines | failed | wall s | CPU s | pages/CPU-s | pages/CPU-s after {args.early} | "
                f"pages/s | peak RSS MB, first {args.early} | peak RSS MB, all | all / first | "
                f"RSS MB at {args.early} | RSS MB at the end | USS MB at {args.early} | USS MB at {late} |\n"
                "| --- |" + " ---: |" * 14)
    for r in cli:
        first = r[f"peak_rss_mb_first_{args.early}"]
        rows.append(f"| {r['run']}: CLI -j {r['jobs']} | {r['lines']} | {r['failed']} | {r['wall_s']:.1f} | "
                    f"{r['cpu_s']:.1f} | {r['pages_per_cpu_s']:.1f} | {r['steady_pages_per_cpu_s']:.1f} | "
                    f"{r['pages_per_s']:.1f} | {first:.0f} | {r['peak_rss_mb_all']:.0f} | "
                    f"{r['peak_rss_mb_all'] / first:.3f} | {r[f'rss_mb_at_{args.early}']:.0f} | "
                    f"{r['rss_mb_at_end']:.0f} | {r[f'uss_mb_at_{args.early}']:.0f} | {r[f'uss_mb_at_{late}']:.0f} |")
    if dask is not None:
        rows.append(f"| Dask LocalCluster, 2 worker processes, {dask['files']} WARCs | {dask['pages']} | | "
                    f"{dask['wall_s']:.1f} | | | | {dask['pages_per_s']:.1f} | | "
                    f"{dask['workers_rss_mb']:.0f} (workers) | | | | | |")
    one = [r for r in cli if r["jobs"] == 1]
    two = [r for r in cli if r["jobs"] == 2]
    if not one or not two:
        for r in cli:
            rows.append(f"\n-j {r['jobs']}, run {r['run']}: peak RSS all / first {args.early} "
                        f"{r['peak_rss_mb_all'] / r[f'peak_rss_mb_first_{args.early}']:.3f}; at the peaks "
                        f"{r['peak_parts_first']} / {r['peak_parts_all']}")
        text = "\n".join(rows) + "\n"
        print(text)
        pathlib.Path(args.out).write_text("# bench_scale_warc.py\n\n" + text, encoding="utf-8")
        return
    speedups = [b["pages_per_s"] / a["pages_per_s"] for a, b in zip(one, two, strict=True)]
    ratios = [r["peak_rss_mb_all"] / r[f"peak_rss_mb_first_{args.early}"] for r in one]
    ratios_two = [r["peak_rss_mb_all"] / r[f"peak_rss_mb_first_{args.early}"] for r in two]
    def listed(values: list[float], digits: int = 2) -> str:
        return ", ".join(f"{v:.{digits}f}" for v in values)

    whole = statistics.median(r["pages_per_cpu_s"] for r in one)
    steady = statistics.median(r["steady_pages_per_cpu_s"] for r in one)
    rows.append(f"\nMedians over {len(one)} runs: CLI -j 1 {whole:.1f} pages per CPU-second over the whole run "
                f"({steady:.1f} after the first {args.early} pages, start-up left out); -j 2 "
                f"{statistics.median(r['pages_per_cpu_s'] for r in two):.1f}. 2 processes / 1 process: "
                f"{statistics.median(speedups):.2f}x wall pages/s (runs: {listed(speedups)}); pure-CPU control "
                f"in the same runs: {listed([c['speedup'] for c in controls])}x (its one-process loop took "
                f"{listed([c['one_process_s'] for c in controls])} s: the VM's speed). -j 1 peak RSS over all "
                f"pages / first {args.early}: {min(ratios):.3f}-{max(ratios):.3f}; -j 2: {listed(ratios_two, 3)} "
                f"(median {statistics.median(ratios_two):.3f}).")
    rows.append("\nWhat each process held at the peaks (MB resident, anonymous + file-backed, the parent first):")
    for r in cli:
        rows.append(f"- run {r['run']}, -j {r['jobs']}: first {args.early} pages {r['peak_parts_first']}; "
                    f"all {r['peak_parts_all']}")
    text = "\n".join(rows) + "\n"
    print(text)
    pathlib.Path(args.out).write_text("# bench_scale_warc.py\n\n" + text, encoding="utf-8")


if __name__ == "__main__":
    main()
