"""Speed of the Block-List variants and of the ``blocks`` method, as ratios to lxml's parse.

Every timing is on the same decoded pages, in the same run, one process; decoding bytes
to text is done once beforehand and excluded from every figure. Clock: CPU time of the
process (``time.process_time``, less noisy than wall time on a shared machine; ``--clock wall``
switches to ``time.perf_counter``); each stage's fastest of ``--repeat`` runs per page counts.
Baseline: ``lxml.html.fromstring(text)``. Measured:

- ``events``: :func:`extractor.blocklist.block_list_events` (lxml target parser, no tree);
  with the distribution features and the ``blocks`` selection on that list, it is the
  paper's whole pipeline without any tree;
- ``tree list``: :func:`extractor.blocklist.block_list` over an already built Page;
- ``page build``: :func:`extractor.page.build_page` (parse, clean, per-element statistics);
- ``blocks + distribution features``: build_page + block list + the block-distribution
  features of ALGORITHMS 2.3 + the ``blocks`` method (the paper's pipeline);
- ``blocks + page type``: build_page + block list + every page-type feature + the shipped
  classifier + the ``blocks`` method (the issue's acceptance figure: at most 3x the baseline).

    /work/venv/bin/python bench/bench_blocks.py [--data ../shared/data/wcxb_dev] [--limit 300] [--repeat 3]
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

import lxml.html

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor.auto.pagetype import classify, load_model  # noqa: E402
from extractor.auto.pagetype_features import distribution_features  # noqa: E402
from extractor.blocklist import block_list, block_list_events  # noqa: E402
from extractor.decode import decode  # noqa: E402
from extractor.evaluate import page_bytes, read_gold  # noqa: E402
from extractor.methods import blocks as blocks_method  # noqa: E402
from extractor.page import build_page  # noqa: E402


def stages(text: str, url: str | None, opts: blocks_method.Options, clock=time.process_time) -> dict[str, float]:
    """Seconds per stage for one page."""
    out: dict[str, float] = {}
    t0 = clock()
    lxml.html.fromstring(text)
    t1 = clock()
    events = block_list_events(text)
    t_events = clock()
    distribution_features(events)
    found = blocks_method.select(events, opts)
    if not isinstance(found, str):
        "\n\n".join(events.text(k) for k in found[0])
    t2b = clock()
    t2 = clock()
    page = build_page(text, url=url)
    t3 = clock()
    blocks = block_list(page)
    t4 = clock()
    distribution_features(blocks)
    t4b = clock()
    classify(page, blocks)
    t5 = clock()
    blocks_method.run(page, opts, blocks)
    t6 = clock()
    out["lxml.html.fromstring"] = t1 - t0
    out["events"] = t_events - t1
    out["events + distribution features + blocks (no tree)"] = t2b - t1
    out["page build"] = t3 - t2
    out["tree list"] = t4 - t3
    out["distribution features (ALGORITHMS 2.3)"] = t4b - t4
    out["all page-type features + classify"] = t5 - t4b
    out["blocks method (given the list)"] = t6 - t5
    out["blocks + distribution features, parse included"] = (t4b - t2) + (t6 - t5)
    out["blocks + page type (all, parse included)"] = (t4 - t2) + (t6 - t4b)
    return out


def main(argv: list[str] | None = None) -> int:
    """Command-line entry: time the stages and print totals and ratios to the lxml parse."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "wcxb_dev"))
    ap.add_argument("--limit", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=3, help="runs per page; the fastest run of each stage counts")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="cpu: time.process_time (default); wall: time.perf_counter")
    args = ap.parse_args(argv)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    data = pathlib.Path(args.data)
    golds = read_gold(data)
    step = max(1, len(golds) // args.limit)
    pages = []
    for gold in golds[::step][: args.limit]:
        text, _ = decode(page_bytes(data, gold["id"]))
        pages.append((text, gold.get("url")))
    load_model()  # the lazy model load is a one-off, not per page
    opts = blocks_method.Options()
    totals: dict[str, float] = {}
    per_page_ratio: list[float] = []
    per_page_dist: list[float] = []
    for text, url in pages:
        best: dict[str, float] = {}
        for _ in range(args.repeat):
            for key, sec in stages(text, url, opts, clock).items():
                best[key] = min(best.get(key, sec), sec)
        for key, sec in best.items():
            totals[key] = totals.get(key, 0.0) + sec
        per_page_ratio.append(best["blocks + page type (all, parse included)"] / best["lxml.html.fromstring"])
        per_page_dist.append(best["blocks + distribution features, parse included"] / best["lxml.html.fromstring"])
    base = totals["lxml.html.fromstring"]
    clock_name = "CPU time (time.process_time)" if args.clock == "cpu" else "wall time (time.perf_counter)"
    print(f"{len(pages)} pages of {data.name}, fastest of {args.repeat} runs per page, decoding excluded, "
          f"clock: {clock_name}")
    print(f"{'stage':<52} {'total s':>8} {'ms/page':>8} {'x lxml':>7}")
    for key, sec in totals.items():
        print(f"{key:<52} {sec:8.3f} {1000 * sec / len(pages):8.2f} {sec / base:7.2f}")
    print(f"events variant vs tree list (page build excluded): {totals['events'] / totals['tree list']:.2f}x")
    dist = totals["blocks + distribution features, parse included"]
    print(f"events + distribution features + blocks (no tree), ratio to lxml parse: "
          f"{totals['events + distribution features + blocks (no tree)'] / base:.2f}x")
    print(f"blocks + distribution features, ratio to lxml parse: total {dist / base:.2f}x, "
          f"median per page {statistics.median(per_page_dist):.2f}x")
    whole = totals["blocks + page type (all, parse included)"]
    print(f"blocks + page type, ratio to lxml parse: total {whole / base:.2f}x, "
          f"median per page {statistics.median(per_page_ratio):.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
