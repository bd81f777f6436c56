"""What the learned extractor's gap fill (:func:`extractor.auto.learned.fill_gaps`) would do on the dev sets.

``auto`` fills gaps on rendered pages only: a run of blocks left out between two kept ones becomes body when each
block of it reaches a low threshold of P(body) (the high one being the cut) and is not mostly links. This
script applies it to every page of the five dev text sets as served, on the grouped CV's out-of-fold P(body)
(``bench/train_auto.py --steps cv``), each page under its type's shipped rule (smoothing, cut, relative cut;
comment sections left out where ``auto`` drops them), and prints per set the mean page shingle F1 without the fill
and its change with it at each floor, with the pages that gained or lost more than 0.004. The scored pages choose
nothing: the floors are fixed here and the rule was not fitted to them.

Takes ``bench/train_auto.py``'s cache folder: its prepared pages (``<set>-learned-2-all.pkl``) and the page scores
of its ``cv`` step (``scores-cv.pkl``).

Usage: ``python bench/try_gap_fill.py --cache-dir <folder> [--floors 0.2 0.25 0.3 0.35]``.
"""

from __future__ import annotations

import argparse
import pathlib
import pickle
import statistics
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from train_auto import CM, DROP_TYPES, SETS, decide, page_f1  # noqa: E402

from extractor.auto.learned import fill_gaps, gap_fillable, load_model  # noqa: E402
from extractor.auto.learned_features import FEATURE_VERSION  # noqa: E402

#: A page's F1 moving by more than this counts as a page that gained or lost.
MOVED = 0.004


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cache-dir", required=True, help="bench/train_auto.py's cache folder")
    ap.add_argument("--floors", type=float, nargs="+", default=[0.2, 0.25, 0.3, 0.35])
    args = ap.parse_args(argv)
    cache = pathlib.Path(args.cache_dir)
    model = load_model()
    default = (model["smooth"], model["cut"], model["relative"])
    scores = {(q["set"], q["id"]): q for q in pickle.loads((cache / "scores-cv.pkl").read_bytes())}
    print("| set | pages | F1 without | " + " | ".join(f"floor {f:g}: change (up / down)" for f in args.floors) + " |")
    print("|---|---:|---:|" + "---:|" * len(args.floors))
    for name in SETS:
        base: list[float] = []
        change: dict[float, list[float]] = {f: [] for f in args.floors}
        for page in pickle.loads((cache / f"{name}-{FEATURE_VERSION}-all.pkl").read_bytes()):
            scored = scores.get((name, page["id"]))
            if scored is None or "oof" not in scored:
                continue
            page["ptype"] = scored["ptype"]
            prob = scored["oof"]["cv"]
            weight, cut, relative = model["rules"].get(page["ptype"], default)
            keep = decide(page, prob, weight, cut, relative=relative)
            eligible = page["X"][:, CM] == 0 if page["ptype"] in DROP_TYPES else None
            f1 = page_f1(page, keep)
            base.append(f1)
            fillable = gap_fillable(page["X"], eligible)
            for floor in args.floors:
                filled = fill_gaps(keep, prob, fillable, floor)
                change[floor].append(page_f1(page, filled) - f1)
        cells = [f"{statistics.fmean(d):+.4f} ({sum(x > MOVED for x in d)} / {sum(x < -MOVED for x in d)})"
                 for d in change.values()]
        print(f"| {name} | {len(base)} | {statistics.fmean(base):.4f} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
