"""pagesight's methods against the extractors people use today, side by side, in one run.

Usage:
    python bench/bench_peers.py [--data ../shared/data] [--sets cleaneval,l3s_gn1,...]
        [--limit N] [--methods cedp,decay|all|none] [--peers trafilatura,...|all|none]
        [--jobs 2] [--json out.json] [--markdown out.md]

Every registered pagesight method (``extractor.api.METHODS``, read at run time) and every
peer (trafilatura, readability-lxml, jusText, resiliparse; ``pip install -e .[bench]``) runs in
a process of its own over the same pages, plus the floor ``lxml.html.fromstring``. Quality
is the shingle P/R/F1 of ``extractor.evaluate.score_page`` (the metric of ``pagesight eval``);
speed is the wall time of the extraction call alone (bytes in, text out; file reading and
scoring excluded), reported as the median ms/page, pages/s, and the ratio of the median to
the lxml floor's median on the same set in the same run. Each process extracts the first
page once before timing so that import costs are not counted. With ``--jobs 2`` two
processes share the machine: compare speeds within one run only.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import multiprocessing
import pathlib
import statistics
import sys
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

DEFAULT_DATA = ROOT.parent / "shared" / "data"
#: The text sets of ``shared/data`` (``records_dev`` is scored by record F1, not here).
TEXT_SETS = ("cleaneval", "l3s_gn1", "dragnet", "wcxb_dev", "chinese_wce")
FLOOR = "lxml"

from peers import NO_COMMENTS  # noqa: E402


def run_extractor(kind: str, name: str, data_dir: str, sets: list[str], limit: int | None) -> dict[str, Any]:
    """Run one extractor over every page of ``sets``; runs inside its own process.

    Returns ``{"name", "kind", "version", "sets": {set: {...figures..., "ms": [...]}}}`` or
    ``{"error": message}`` when the extractor cannot be built.
    """
    import peers

    from extractor.evaluate import page_bytes, read_gold, score_page

    try:
        fn = peers.build(kind, name)
    except (ImportError, KeyError) as exc:
        return {"name": name, "kind": kind, "error": f"{type(exc).__name__}: {exc}"}
    out: dict[str, Any] = {"name": name, "kind": kind, "version": peers.version(name) if kind == "peer" else "",
                           "sets": {}}
    for set_name in sets:
        folder = pathlib.Path(data_dir) / set_name
        golds = read_gold(folder)[:limit] if limit else read_gold(folder)
        pages = [(g, page_bytes(folder, g["id"])) for g in golds]
        if pages:
            try:
                fn(pages[0][1], pages[0][0].get("url"))  # warm-up, not timed
            except Exception:  # noqa: BLE001 - a peer failing on a page scores empty, below
                pass
        ms, p, r, f1, empty, errors = [], [], [], [], 0, 0
        for gold, data in pages:
            t0 = time.perf_counter()
            try:
                text = fn(data, gold.get("url")) or ""
            except Exception:  # noqa: BLE001 - peers raise anything; count it and score empty output
                text, errors = "", errors + 1
            ms.append((time.perf_counter() - t0) * 1000)
            if kind == "peer" and name == FLOOR:
                continue
            score = score_page(gold, text, 0.0)
            p.append(score.p)
            r.append(score.r)
            f1.append(score.f1)
            empty += score.empty
        n = len(ms)

        def mean(values: list[float]) -> float | None:
            return round(sum(values) / len(values), 4) if values else None

        out["sets"][set_name] = {
            "pages": n, "f1": mean(f1), "p": mean(p), "r": mean(r), "empty": empty, "errors": errors,
            "median_ms": round(statistics.median(ms), 3) if ms else None,
            "pages_per_s": round(n / (sum(ms) / 1000), 2) if ms and sum(ms) > 0 else None,
            "ms": ms,
        }
    return out


def _names(arg: str | None, available: list[str], default: list[str]) -> list[str]:
    if arg is None:
        return default
    if arg == "all":
        return available
    if arg == "none":
        return []
    names = [a.strip() for a in arg.split(",") if a.strip()]
    unknown = [a for a in names if a.removesuffix(NO_COMMENTS) not in available]
    if unknown:
        raise SystemExit(f"unknown name(s) {', '.join(unknown)}; available: {', '.join(available)}")
    return names


def run_all(data_dir: str, sets: list[str], limit: int | None, methods: list[str], peer_list: list[str],
            jobs: int) -> dict[str, Any]:
    """Run every extractor in its own process (``jobs`` at a time) and gather their figures."""
    tasks = [("peer", FLOOR)] + [("pagesight", m) for m in methods] + [("peer", p) for p in peer_list]
    results: list[dict[str, Any]] = []
    ctx = multiprocessing.get_context("spawn")
    t0 = time.perf_counter()
    with cf.ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, max_tasks_per_child=1) as pool:
        futures = {pool.submit(run_extractor, k, n, data_dir, sets, limit): (k, n) for k, n in tasks}
        for fut in cf.as_completed(futures):
            kind, name = futures[fut]
            try:
                res = fut.result()
            except Exception as exc:  # noqa: BLE001 - a crashed worker is reported, the run goes on
                res = {"name": name, "kind": kind, "error": f"{type(exc).__name__}: {exc}"}
            print(f"  done {kind:9} {name:16} {time.perf_counter() - t0:7.1f} s"
                  + (f"  ERROR {res['error']}" if "error" in res else ""), file=sys.stderr, flush=True)
            results.append(res)
    order = {t: i for i, t in enumerate(tasks)}
    results.sort(key=lambda r: order[(r["kind"], r["name"])])
    return {"sets": sets, "limit": limit, "jobs": jobs, "wall_seconds": round(time.perf_counter() - t0, 1),
            "python": sys.version.split()[0], "results": add_ratios(results, sets)}


def add_ratios(results: list[dict[str, Any]], sets: list[str]) -> list[dict[str, Any]]:
    """Add ``x_lxml`` (median ms / the floor's median ms, same set) and an ``all`` row per extractor."""
    floor = next((r for r in results if r["name"] == FLOOR and "sets" in r), None)
    floor_all = statistics.median([m for s in sets for m in floor["sets"][s]["ms"]]) if floor else None
    for res in results:
        if "sets" not in res:
            continue
        for set_name, fig in res["sets"].items():
            base = floor["sets"][set_name]["median_ms"] if floor else None
            fig["x_lxml"] = round(fig["median_ms"] / base, 2) if base and fig["median_ms"] is not None else None
        all_ms = [m for fig in res["sets"].values() for m in fig["ms"]]
        scored = [fig for fig in res["sets"].values() if fig["f1"] is not None]
        med = statistics.median(all_ms) if all_ms else None
        res["all"] = {
            "pages": len(all_ms),
            "f1": round(statistics.mean(f["f1"] for f in scored), 4) if scored else None,
            "p": round(statistics.mean(f["p"] for f in scored), 4) if scored else None,
            "r": round(statistics.mean(f["r"] for f in scored), 4) if scored else None,
            "median_ms": round(med, 3) if med is not None else None,
            "pages_per_s": round(len(all_ms) / (sum(all_ms) / 1000), 2) if all_ms and sum(all_ms) else None,
            "x_lxml": round(med / floor_all, 2) if med is not None and floor_all else None,
        }
    return results


def _label(res: dict[str, Any]) -> str:
    if res["kind"] == "pagesight":
        return res["name"]
    if res["name"] == FLOOR:
        return f"lxml parse (floor) {res.get('version', '')}".strip()
    return f"{res['name']} {res.get('version', '')}".strip()


def _f(v: Any, digits: int = 3) -> str:
    return "-" if v is None else f"{v:.{digits}f}" if isinstance(v, float) else str(v)


def rows(report: dict[str, Any]) -> list[list[str]]:
    """Table rows: for each set (then ``all``: F1/P/R means of the set means), each extractor."""
    out = []
    for set_name in [*report["sets"], "all"]:
        for res in report["results"]:
            if "sets" not in res:
                continue
            fig = res["all"] if set_name == "all" else res["sets"][set_name]
            out.append([set_name, _label(res), _f(fig["f1"]), _f(fig["p"]), _f(fig["r"]), _f(fig["median_ms"], 2),
                        _f(fig["pages_per_s"], 1), _f(fig["x_lxml"], 2), str(fig["pages"])])
    return out


HEADER = ["set", "extractor", "F1", "P", "R", "median ms", "pages/s", "x lxml", "pages"]


def format_table(report: dict[str, Any]) -> str:
    """The plain-text table printed at the end of a run."""
    table = [HEADER, *rows(report)]
    widths = [max(len(r[i]) for r in table) for i in range(len(HEADER))]
    lines = []
    previous = None
    for k, row in enumerate(table):
        if k > 1 and row[0] != previous:
            lines.append("")
        previous = row[0]
        cells = zip(row, widths, strict=True)
        lines.append("  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(cells)))
    errors = [f"{r['name']}: {r['error']}" for r in report["results"] if "error" in r]
    return "\n".join(lines + [f"not run: {e}" for e in errors])


def format_markdown(report: dict[str, Any], command: str) -> str:
    """The same figures as a markdown table, with an F1 matrix (extractor x set) first."""
    sets = report["sets"]
    ok = [r for r in report["results"] if "sets" in r and not (r["kind"] == "peer" and r["name"] == FLOOR)]
    first = ok[0]["sets"] if ok else {}
    lines = [f"Command: `{command}`", "",
             "Pages per set: " + ", ".join(f"{s} {first[s]['pages']}" for s in sets if s in first) + ".",
             f"Wall time {report['wall_seconds']} s with {report['jobs']} process(es) at a time.", "",
             "Shingle F1 / median ms per page:", "",
             "| extractor | " + " | ".join(sets) + " | mean F1 | x lxml |",
             "|---" * (len(sets) + 3) + "|"]
    for res in ok:
        cells = [f"{_f(res['sets'][s]['f1'])} / {_f(res['sets'][s]['median_ms'], 1)} ms" for s in sets]
        lines.append(f"| {_label(res)} | " + " | ".join(cells) + f" | {_f(res['all']['f1'])} | "
                     f"{_f(res['all']['x_lxml'], 2)} |")
    floor = next((r for r in report["results"] if r["name"] == FLOOR and "sets" in r), None)
    if floor:
        lines.append(f"| {_label(floor)} | " + " | ".join(f"- / {_f(floor['sets'][s]['median_ms'], 1)} ms"
                                                          for s in sets) + " | - | 1.00 |")
    lines += ["", "All figures:", "", "| " + " | ".join(HEADER) + " |", "|---" * len(HEADER) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows(report)]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Command line entry: run, print the table, write JSON/markdown when asked. Returns the exit code."""
    from peers import DEFAULT_PEERS, peer_names

    from extractor.api import METHODS

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(DEFAULT_DATA), help="folder holding the sets (default ../shared/data)")
    parser.add_argument("--sets", default=",".join(TEXT_SETS), help="comma-separated set names under --data")
    parser.add_argument("--limit", type=int, help="first N pages of each set")
    parser.add_argument("--methods", help="pagesight methods: comma list, 'all' (default) or 'none'")
    parser.add_argument("--peers", help="peers: comma list, 'all' (default) or 'none'")
    parser.add_argument("--jobs", type=int, default=2, help="processes at a time (each runs one extractor)")
    parser.add_argument("--json", help="write the full report (per-set figures) as JSON here")
    parser.add_argument("--markdown", help="write the table as markdown here")
    args = parser.parse_args(argv)
    data = pathlib.Path(args.data)
    sets = [s.strip() for s in args.sets.split(",") if s.strip()]
    missing = [s for s in sets if not (data / s / "gold.jsonl.gz").exists() and not (data / s / "gold.jsonl").exists()]
    if missing:
        print(f"not an evaluation set under {data}: {', '.join(missing)}", file=sys.stderr)
        return 2
    methods = _names(args.methods, ["auto", *METHODS], ["auto", *METHODS])
    peer_list = _names(args.peers, [p for p in peer_names() if p != FLOOR], list(DEFAULT_PEERS))
    print(f"sets {', '.join(sets)}; methods {', '.join(methods) or '-'}; peers {', '.join(peer_list) or '-'}; "
          f"jobs {args.jobs}", file=sys.stderr)
    report = run_all(str(data), sets, args.limit, methods, peer_list, max(1, args.jobs))
    print(format_table(report))
    print(f"wall {report['wall_seconds']} s", file=sys.stderr)
    command = "python bench/bench_peers.py " + " ".join(argv if argv is not None else sys.argv[1:])
    if args.json:
        slim = json.loads(json.dumps(report))
        for res in slim["results"]:
            for fig in res.get("sets", {}).values():
                fig.pop("ms", None)
        slim["command"] = command.strip()
        pathlib.Path(args.json).write_text(json.dumps(slim, indent=1) + "\n", encoding="utf-8")
    if args.markdown:
        pathlib.Path(args.markdown).write_text(format_markdown(report, command.strip()), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
