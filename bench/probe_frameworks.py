"""The framework probe (``fixtures/probe_js``): fifteen pages built with front-end libraries and loading
patterns the framework corpus lacks (Solid, Mithril, jQuery, Stimulus, Knockout, petite-vue, uhtml, closed
shadow roots; a slow endpoint, a fetch-timer-fetch chain, a worker, animation-frame and idle-callback
loops, closed ``<details>``, ``content-visibility``, line clamps, ``hidden="until-found"``, a ``srcdoc``
frame, a lazy list in a scrolling panel, virtualised lists), written on 2026-11-29 by someone who had not
read the render code, and first run on the code of that morning.

    python bench/probe_frameworks.py [--runs 2] [--only id ...] [--out DIR]

Starts ``fixtures/probe_js/serve.py`` on a free 127.0.0.1 port, runs ``extract(url, render=True)`` and
``extract(url, render=False)`` on every page of its ``gold.jsonl`` (one page at a time), scores shingle
P/R/F1 against the gold body, checks the ``without`` snippets, and repeats the whole pass ``--runs``
times. Writes ``results.json``, ``run<N>/<id>.{render,html}.txt`` and ``table.md`` under ``--out``
(default: a temporary folder) and prints the table; stops the server at the end.
"""

import argparse
import json
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

MAIN = Path(__file__).resolve().parent.parent
ROOT = MAIN / "fixtures" / "probe_js"
if str(MAIN) not in sys.path:
    sys.path.insert(0, str(MAIN))

from extractor import extract  # noqa: E402
from extractor.metrics import normalize, shingle_prf  # noqa: E402

OUT = Path()  # set by main()


def start_server():
    proc = subprocess.Popen([sys.executable, str(ROOT / "serve.py"), "--port", "0"],
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    if not line.startswith("PORT "):
        proc.kill()
        raise RuntimeError(f"server did not start: {line!r}")
    return proc, int(line.split()[1])


def stop_server(proc):
    proc.terminate()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def record_hits(text, g):
    """For listings: how many records (first field) occur in the output."""
    blocks = g["body"].split("\n\n")[2:]
    if len(blocks) < 20:
        return None
    t = normalize(text)
    firsts = [b.split("\n")[0] for b in blocks]
    return sum(1 for f in firsts if normalize(f) in t), len(firsts)


def one(url, g, render):
    t0 = time.time()
    try:
        r = extract(url, render=render)
        text, title, reason, warnings = r.text or "", r.title or "", r.reason, list(r.warnings or [])
        err = None
    except Exception as e:  # a failure is a result too
        text, title, reason, warnings = "", "", None, []
        err = f"{type(e).__name__}: {e}"
        traceback.print_exc()
    dt = time.time() - t0
    p = shingle_prf(text, g["body"])
    low = normalize(text)
    leaks = [w for w in g["without"] if normalize(w) in low]
    return dict(p=round(p.p, 3), r=round(p.r, 3), f1=round(p.f1, 3), seconds=round(dt, 1),
                title=title, title_ok=normalize(title) == normalize(g["title"]), reason=reason,
                warnings=[str(w) for w in warnings], error=err, leaks=leaks, chars=len(text),
                records=record_hits(text, g), text=text)


def main():
    global OUT
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--out", help="output folder (default: a new temporary folder)")
    a = ap.parse_args()
    OUT = Path(a.out) if a.out else Path(tempfile.mkdtemp(prefix="probe_frameworks-"))
    gold = [json.loads(line) for line in open(ROOT / "gold.jsonl")]
    if a.only:
        gold = [g for g in gold if g["id"] in a.only]
    OUT.mkdir(exist_ok=True)
    proc, port = start_server()
    results = {g["id"]: {"pattern": g["pattern"], "framework": g["framework"], "runs": []} for g in gold}
    try:
        for run in range(1, a.runs + 1):
            rdir = OUT / f"run{run}"
            rdir.mkdir(exist_ok=True)
            for g in gold:
                url = f"http://127.0.0.1:{port}{g['path']}{g.get('url_suffix', '')}"
                res = {}
                for mode, render in (("render", True), ("html", False)):
                    res[mode] = one(url, g, render)
                    (rdir / f"{g['id']}.{mode}.txt").write_text(res[mode].pop("text"), encoding="utf-8")
                results[g["id"]]["runs"].append(res)
                rr, hh = res["render"], res["html"]
                print(f"run{run} {g['id']:18s} render F1 {rr['f1']:.3f} P {rr['p']:.3f} R {rr['r']:.3f} "
                      f"({rr['seconds']}s) leaks {len(rr['leaks'])} | html F1 {hh['f1']:.3f} "
                      f"| reason={rr['reason']!r} warnings={rr['warnings']} err={rr['error']}", flush=True)
    finally:
        stop_server(proc)

    # stability: render F1 within 0.02 and identical output text across runs
    for pid, res in results.items():
        f1s = [r["render"]["f1"] for r in res["runs"]]
        texts = [(OUT / f"run{i + 1}" / f"{pid}.render.txt").read_text() for i in range(len(res["runs"]))]
        res["stable"] = (max(f1s) - min(f1s) <= 0.02) if f1s else None
        res["identical_text"] = len(set(texts)) == 1
    (OUT / "results.json").write_text(json.dumps(results, indent=1, ensure_ascii=False))

    lines = ["| id | pattern | render F1 / P / R (run1; run2…) | html-only F1 | without leaks: render; html-only "
             "| title ok | stable |",
             "|---|---|---|---|---|---|---|"]
    for pid, res in results.items():
        rs = res["runs"]
        rend = "; ".join(f"{r['render']['f1']:.2f} / {r['render']['p']:.2f} / {r['render']['r']:.2f}" for r in rs)
        html_f1 = "; ".join(f"{r['html']['f1']:.2f}" for r in rs)
        leaks = sorted({w for r in rs for w in r["render"]["leaks"]})
        leak_s = f"{len(leaks)}/3" + (f" ({', '.join(repr(w) for w in leaks)})" if leaks else "")
        hleaks = sorted({w for r in rs for w in r["html"]["leaks"]})
        leak_s += f"; html-only {len(hleaks)}/3"
        title_ok = "/".join("y" if r["render"]["title_ok"] else "n" for r in rs)
        stable = ("yes" if res["stable"] else "NO") + ("" if res["identical_text"] else " (text differs)")
        lines.append(f"| {pid} | {res['pattern']} | {rend} | {html_f1} | {leak_s} | {title_ok} | {stable} |")
    table = "\n".join(lines)
    (OUT / "table.md").write_text(table + "\n")
    print(table)


if __name__ == "__main__":
    main()
