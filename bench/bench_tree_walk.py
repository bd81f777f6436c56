"""CPU time of the learned model's tree walk: the shipped step against a select between left and right.

:func:`extractor.trees._leaves_of_rows` walks nodes by doubled ids, so one step is one gather of
the next node (``child[node + (x <= threshold)]``). The walk it replaced gathered the left and the
right child and selected one (``np.where``); it is kept here as the baseline. Both walk the same
feature rows (the blocks of the first pages of three dev sets, under the shipped model),
alternating, timed with the process's CPU clock; both must give the same leaves.

Usage: ``python bench/bench_tree_walk.py [--pages 40] [--repeats 7]``.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor.auto import learned  # noqa: E402
from extractor.auto.learned_features import block_features  # noqa: E402
from extractor.evaluate import page_bytes, read_gold  # noqa: E402
from extractor.methods.crf.blocks import break_prefix, segment, segment_text  # noqa: E402
from extractor.page import load  # noqa: E402
from extractor.trees import _leaves_of_rows  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
SETS = ("cleaneval", "dragnet", "wcxb_dev")


def select_walk(model: dict, part: np.ndarray) -> np.ndarray:
    """The walk before 2026-11-28: both children gathered, one selected, at every step."""
    feat, thr = model["_walk_feature"], model["_walk_threshold"]
    left, right = model["_walk_left"], model["_walk_right"]
    flat = part.ravel()
    offset = (np.arange(len(part), dtype=np.int64) * part.shape[1])[:, None]
    node = np.broadcast_to(model["_roots"], (len(part), len(model["_roots"])))
    for _ in range(int(model["max_depth"])):
        node = np.where(flat.take(offset + feat.take(node)) <= thr.take(node), left.take(node), right.take(node))
    return node


def feature_rows(pages: int) -> list[np.ndarray]:
    """The learned model's feature rows of the first ``pages`` pages of each of :data:`SETS`."""
    rows = []
    for name in SETS:
        for gold in read_gold(DATA / name)[:pages]:
            page = load(page_bytes(DATA / name, gold["id"]))
            segs = segment(page)
            if not segs:
                continue
            breaks = break_prefix(page)
            texts = [segment_text(page, s, breaks) for s in segs]
            rows.append(np.ascontiguousarray(block_features(page, segs, texts), dtype=np.float64))
    return rows


def main(argv: list[str] | None = None) -> int:
    """Command line entry point (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=40, help="first N pages of each set")
    ap.add_argument("--repeats", type=int, default=7)
    args = ap.parse_args(argv)
    model = learned.load_model()
    rows = feature_rows(args.pages)
    for part in rows:
        if not (select_walk(model, part) == _leaves_of_rows(model, part)).all():
            raise SystemExit("the two walks reach different leaves")
    print(f"{len(rows)} pages, {sum(len(r) for r in rows)} blocks, {len(model['_roots'])} trees")
    old = new = 0.0
    for _ in range(args.repeats):
        t0 = time.process_time()
        for part in rows:
            select_walk(model, part)
        t1 = time.process_time()
        for part in rows:
            _leaves_of_rows(model, part)
        t2 = time.process_time()
        old, new = old + t1 - t0, new + t2 - t1
        print(f"select {t1 - t0:.3f} s, shipped {t2 - t1:.3f} s: {(t2 - t1) / (t1 - t0):.3f}x")
    print(f"shipped walk / select walk, all repeats: {new / old:.3f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
