"""A lead for the learned extractor: the logit average of two models' out-of-fold probabilities, scored paired.

``bench/train_auto.py`` stores every page's out-of-fold P(body) of a run (``scores-cv.pkl``,
``scores-loso.pkl`` in its ``--cache-dir``). Given two runs of the same pages and splits (for
example the shipped trees and the same trees with ``--tree-params "$(cat bench/results/monotone_cst.json)"``),
this scores, page by page, each run and the mean of their logits (what one model file could hold:
both tree sets with their outputs halved), all under one fixed rule: the shipped model's rule per
page type (``extractor/models/learned.json.gz``). That rule was chosen on every page, so these are
paired comparisons, not out-of-fold figures of ``auto``: a clean figure needs the rule chosen
inside each split's training pages, as ``train_auto.py`` does.

Usage: ``python bench/try_logit_average.py --cache-dir DIR --first A/scores-cv.pkl --second B/scores-cv.pkl``
(``DIR``: the feature caches both runs read; ``--step loso`` for leave-one-set-out pickles).
"""

from __future__ import annotations

import argparse
import pathlib
import pickle
import statistics
import sys
from collections import defaultdict

from scipy.special import expit, logit

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import train_auto  # noqa: E402

from extractor.auto.learned import Options, decision_rule, load_model  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Command line entry point (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache-dir", required=True)
    ap.add_argument("--first", required=True, help="scores pickle of the first run")
    ap.add_argument("--second", required=True, help="scores pickle of the second run")
    ap.add_argument("--step", default="cv", choices=("cv", "loso"))
    args = ap.parse_args(argv)
    model = load_model()
    first = {(q["set"], q["id"]): q for q in pickle.loads(pathlib.Path(args.first).read_bytes())}
    second = {(q["set"], q["id"]): q for q in pickle.loads(pathlib.Path(args.second).read_bytes())}
    scores: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for p in train_auto.prepare(train_auto.SETS, None, pathlib.Path(args.cache_dir)):
        key = (p["set"], p["id"])
        a, b = first.get(key, {}).get("oof", {}).get(args.step), second.get(key, {}).get("oof", {}).get(args.step)
        if a is None or b is None:
            continue
        p["ptype"] = first[key]["ptype"]
        weight, cut, relative = decision_rule(model, Options(page_type=p["ptype"]))
        mean = expit((logit(a) + logit(b)) / 2)
        for name, prob in (("first", a), ("second", b), ("logit mean", mean)):
            f1 = train_auto.page_f1(p, train_auto.decide(p, prob, weight, cut, relative=relative))
            scores[p["set"]][name].append(f1)
            if p["set"] == "wcxb_dev" and p["gold_type"]:
                scores[f"wcxb_dev/{p['gold_type']}"][name].append(f1)
    print(f"{args.step}: mean shingle F1 per set under the shipped rule, paired")
    print("| set | pages | first | second | logit mean |")
    print("|---|---:|---:|---:|---:|")
    for s in sorted(scores):
        cells = " | ".join(f"{statistics.fmean(scores[s][n]):.4f}" for n in ("first", "second", "logit mean"))
        print(f"| {s} | {len(scores[s]['first'])} | {cells} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
