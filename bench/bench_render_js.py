"""Benchmark on the JS-framework corpus (``fixtures/js``; not a test).

Serves ``fixtures/js/site`` on 127.0.0.1 and runs, on every gold page, ``--runs`` runs of:

- ``pagesight-render``: ``extractor.extract(url, render=True).text``
- ``pagesight``: ``extractor.extract(url).text`` (the served HTML, no browser)
- ``pw-trafilatura``: Playwright on the same Chromium (``render.browser.find_chromium()``,
  ``LAUNCH_FLAGS``), ``goto(url, wait_until="networkidle")``, ``page.content()``, then
  ``trafilatura.extract(html, url=url)``
- ``pw-readability``: the same HTML through readability-lxml (``Document(html).summary()``,
  text via lxml)

The two Playwright tools share one rendering per page and run; each tool's time is the
rendering plus its own extraction. Metrics are those of ``shared/data/README.md`` through
``extractor.metrics``: shingle P/R/F1 on ``body``, ``with``/``without`` snippet rates. A page
that fails is recorded with F1 0 and printed; the run goes on.

Usage: ``python bench/bench_render_js.py [--runs 3] [--tools pagesight-render,pw-trafilatura]
[--limit N] [--json per_page.json]``
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time
import traceback

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor.metrics import normalize, shingle_prf, snippet_rate  # noqa: E402
from tests.js_corpus import load_gold, serve_site  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from peers import build  # noqa: E402

#: The peers' own adapters (bench/peers.py), fed the HTML Playwright rendered.
PEERS = {"pw-trafilatura": build("peer", "trafilatura"), "pw-readability": build("peer", "readability")}

TOOLS = ("pagesight-render", "pagesight", "pw-trafilatura", "pw-readability")
PW_TOOLS = ("pw-trafilatura", "pw-readability")
class Playwright:
    """One Chromium (the one pagesight uses) for the Playwright tools."""

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        from render.browser import LAUNCH_FLAGS, find_chromium

        self._pw = sync_playwright().start()
        self.browser = self._pw.chromium.launch(executable_path=find_chromium(), args=list(LAUNCH_FLAGS))

    def content(self, url: str) -> str:
        page = self.browser.new_page()
        try:
            page.goto(url, wait_until="networkidle", timeout=30_000)
            return page.content()
        finally:
            page.close()

    def close(self) -> None:
        self.browser.close()
        self._pw.stop()


def score(text: str, gold: dict) -> dict:
    m = shingle_prf(text, gold["body"])
    return {"p": m.p, "r": m.r, "f1": m.f1, "with": snippet_rate(text, gold.get("with") or []),
            "without": snippet_rate(text, gold.get("without") or []), "empty": not normalize(text)}


def failed(error: str, ms: float) -> dict:
    return {"p": 0.0, "r": 0.0, "f1": 0.0, "with": 0.0, "without": 0.0, "empty": True, "ms": ms, "error": error}


def run_pagesight(url: str, gold: dict, render: bool) -> dict:
    from extractor import extract

    t0 = time.perf_counter()
    try:
        text = extract(url, render=render).text or ""
    except Exception as e:  # noqa: BLE001 - a failing page is a data point, not a crash
        return failed(f"{type(e).__name__}: {e}", (time.perf_counter() - t0) * 1000)
    out = score(text, gold)
    out["ms"] = (time.perf_counter() - t0) * 1000
    return out


def run_playwright(pw: Playwright, url: str, gold: dict, tools: list[str]) -> dict[str, dict]:
    t0 = time.perf_counter()
    try:
        html = pw.content(url)
    except Exception as e:  # noqa: BLE001
        ms = (time.perf_counter() - t0) * 1000
        return {t: failed(f"{type(e).__name__}: {e}", ms) for t in tools}
    render_ms = (time.perf_counter() - t0) * 1000
    results = {}
    for tool in tools:
        t1 = time.perf_counter()
        try:
            text = PEERS[tool](html, url)
        except Exception as e:  # noqa: BLE001
            results[tool] = failed(f"{type(e).__name__}: {e}", render_ms + (time.perf_counter() - t1) * 1000)
            continue
        results[tool] = score(text, gold)
        results[tool]["ms"] = render_ms + (time.perf_counter() - t1) * 1000
    return results


def mean(values) -> float | None:
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else None


def fmt(v, digits: int = 3) -> str:
    return "–" if v is None else f"{v:.{digits}f}"


def page_summary(runs: list[dict]) -> dict:
    """Per-page figures: means over the runs, plus the spread of F1."""
    f1s = [r["f1"] for r in runs]
    return {"p": mean(r["p"] for r in runs), "r": mean(r["r"] for r in runs), "f1": mean(f1s),
            "with": mean(r["with"] for r in runs), "without": mean(r["without"] for r in runs),
            "empty": mean(1.0 if r["empty"] else 0.0 for r in runs), "ms": [r["ms"] for r in runs],
            "spread": max(f1s) - min(f1s), "f1_runs": f1s, "errors": [r["error"] for r in runs if "error" in r]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--tools", default=",".join(TOOLS), help=f"comma-separated subset of {', '.join(TOOLS)}")
    ap.add_argument("--limit", type=int, default=0, help="only the first N gold pages")
    ap.add_argument("--json", help="write per-page F1 of pagesight-render (or the first tool) here")
    args = ap.parse_args()
    tools = [t.strip() for t in args.tools.split(",") if t.strip()]
    for t in tools:
        if t not in TOOLS:
            ap.error(f"unknown tool {t!r}; choose from {', '.join(TOOLS)}")
    gold = load_gold()
    if args.limit:
        gold = gold[: args.limit]

    results: dict[str, dict[str, list[dict]]] = {t: {g["id"]: [] for g in gold} for t in tools}
    pw_tools = [t for t in tools if t in PW_TOOLS]
    with serve_site() as base:
        for tool in ("pagesight-render", "pagesight"):
            if tool not in tools:
                continue
            for run in range(args.runs):
                for g in gold:
                    r = run_pagesight(base + g["path"], g, render=(tool == "pagesight-render"))
                    if "error" in r:
                        print(f"[{tool} run {run + 1}] {g['id']}: FAILED {r['error']}", file=sys.stderr)
                    results[tool][g["id"]].append(r)
                print(f"[{tool}] run {run + 1}/{args.runs} done", file=sys.stderr)
        if pw_tools:
            pw = None
            try:
                pw = Playwright()
            except Exception:  # noqa: BLE001
                traceback.print_exc()
            for run in range(args.runs):
                for g in gold:
                    if pw is None:
                        rs = {t: failed("Playwright did not start", 0.0) for t in pw_tools}
                    else:
                        rs = run_playwright(pw, base + g["path"], g, pw_tools)
                    for t, r in rs.items():
                        if "error" in r:
                            print(f"[{t} run {run + 1}] {g['id']}: FAILED {r['error']}", file=sys.stderr)
                        results[t][g["id"]].append(r)
                print(f"[playwright] run {run + 1}/{args.runs} done", file=sys.stderr)
            if pw is not None:
                pw.close()

    summaries = {t: {gid: page_summary(rs) for gid, rs in per.items()} for t, per in results.items()}
    print(f"\n## JS corpus: {len(gold)} pages, {args.runs} run(s) per page and tool\n")
    print("| tool | pages | P | R | F1 | with | without (leak) | empty pages | median ms/page | max F1 change |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for t in tools:
        s = list(summaries[t].values())
        ms = statistics.median([m for x in s for m in x["ms"]]) if s else 0.0
        empty = sum(x["empty"] for x in s)
        spread = max((x["spread"] for x in s), default=0.0)
        print(f"| {t} | {len(s)} | {fmt(mean(x['p'] for x in s))} | {fmt(mean(x['r'] for x in s))} | "
              f"{fmt(mean(x['f1'] for x in s))} | {fmt(mean(x['with'] for x in s))} | "
              f"{fmt(mean(x['without'] for x in s))} | {empty:g} | {ms:.0f} | {spread:.3f} |")

    difficulties = sorted({d for g in gold for d in g["difficulties"]})
    print("\n### F1 by difficulty (a page counts in each of its difficulties)\n")
    print("| difficulty | pages | " + " | ".join(tools) + " |")
    print("|---|---|" + "---|" * len(tools))
    for d in difficulties:
        ids = [g["id"] for g in gold if d in g["difficulties"]]
        cells = [fmt(mean(summaries[t][i]["f1"] for i in ids)) for t in tools]
        print(f"| {d} | {len(ids)} | " + " | ".join(cells) + " |")

    print("\n### F1 by framework\n")
    print("| framework | pages | " + " | ".join(tools) + " |")
    print("|---|---|" + "---|" * len(tools))
    for fw in dict.fromkeys(g["framework"] for g in gold):
        ids = [g["id"] for g in gold if g["framework"] == fw]
        cells = [fmt(mean(summaries[t][i]["f1"] for i in ids)) for t in tools]
        print(f"| {fw} | {len(ids)} | " + " | ".join(cells) + " |")

    if args.json and tools:
        tool = "pagesight-render" if "pagesight-render" in tools else tools[0]
        out = {"tool": tool, "runs": args.runs, "pages": {
            g["id"]: {"path": g["path"], "framework": g["framework"], "difficulties": g["difficulties"],
                      "f1": summaries[tool][g["id"]]["f1"], "f1_runs": summaries[tool][g["id"]]["f1_runs"],
                      "p": summaries[tool][g["id"]]["p"], "r": summaries[tool][g["id"]]["r"],
                      "with": summaries[tool][g["id"]]["with"], "without": summaries[tool][g["id"]]["without"],
                      "errors": summaries[tool][g["id"]]["errors"]} for g in gold}}
        pathlib.Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
        print(f"\nper-page F1 of {tool} written to {args.json}")


if __name__ == "__main__":
    main()
