"""Tried, not kept: a cut chosen per page by a model of how each cut would score on that page.

Chosen per page with hindsight, the best of 17 cuts on the stored out-of-fold P(body) would lift
leave-one-set-out dragnet from 0.889 to 0.938: most of what dragnet misses is a cut that suits the
sets the rule was chosen on and not its pages. This script asks whether the page tells which cut
suits it. For every page and cut (0.10, 0.15 ... 0.90; the smoothing of the page type's shipped
rule) it computes the page's shingle F1 under that cut, minus its F1 under the shipped rule; a
gradient-boosted regressor learns that gain from page-level features of the probabilities (the
text share at or above nine cuts, the mean, the maximum, the share between 0.2 and 0.8, the
blocks) with the page type and the learned model's page-level columns, and each page takes the cut
of the best predicted gain when that gain is positive, else the shipped rule.

Scored as ``bench/train_auto.py`` scores: leave one set out (the regressor fitted on the other
sets' pages; their probabilities those of the leave-one-set-out models, wcxb_dev's those of
grouped CV, as it has no such model) and grouped CV over the pooled sets (the same folds), beside
the out-of-fold F1 of the rule chosen inside each split's training pages (``<split>-byrel`` in the
scores) and that of the shipped model's rule, which was chosen on every page and is the per-page
cut's fallback: against that in-sample rule, not the out-of-fold one, the per-page cut is judged.

Takes ``bench/train_auto.py``'s cache folder: its prepared pages (``<set>-learned-2-all.pkl``) and
the page scores of its ``cv`` and ``loso`` steps (``scores-cv.pkl``, ``scores-loso.pkl``).

Usage: ``python bench/try_page_cut.py --cache-dir <folder> [--markdown bench/results/page_cut_tried.md]``.
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import pickle
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from train_auto import LOG_CHARS, SETS, decide, grouped_folds, page_f1  # noqa: E402

from extractor.auto.learned import load_model, smooth  # noqa: E402
from extractor.auto.learned_features import FEATURE_NAMES, FEATURE_VERSION  # noqa: E402

#: The cuts a page may take.
CUTS = np.round(np.arange(0.10, 0.91, 0.05), 2)
TYPES = ("article", "collection", "documentation", "forum", "listing", "product", "service")
PAGE_COLUMNS = [FEATURE_NAMES.index(n) for n in ("page_link_share", "page_region_share", "page_has_comments",
                                                 "page_log_chars", "page_log_blocks")]
#: The regressor: small trees, many pages per leaf (a page gives 17 rows that share their features).
PARAMS = {"max_iter": 200, "learning_rate": 0.05, "max_depth": 4, "min_samples_leaf": 100, "random_state": 0}
#: The leave-one-set-out sets (wcxb_dev is scored by grouped CV only).
NEWS = ("cleaneval", "l3s_gn1", "dragnet", "chinese_wce")


def page_row(page: dict, prob: np.ndarray, weight: float) -> list[float]:
    """Page-level features of ``prob`` (smoothed by ``weight``), the page type and the page's own columns."""
    chars = np.expm1(page["X"][:, LOG_CHARS]) + 1.0
    total = chars.sum()
    prob = smooth(prob, weight)
    row = [float(chars[prob >= c].sum() / total) for c in CUTS[::2]]
    row += [float(chars @ prob / total), float(prob.max()), float(chars @ ((prob > 0.2) & (prob < 0.8)) / total),
            float(np.log1p(len(prob)))]
    row += [1.0 if page["ptype"] == t else 0.0 for t in TYPES]
    return row + page["X"][0, PAGE_COLUMNS].tolist()


def scored_pages(cache: pathlib.Path) -> list[dict]:
    """One entry per page and split (``cv``, ``loso``): its features, F1 per cut, under the shipped rule, and
    under the rule chosen inside that split's training pages."""
    rules = load_model()["rules"]
    scores = {split: {(r["set"], r["id"]): r for r in pickle.loads((cache / f"scores-{split}.pkl").read_bytes())}
              for split in ("cv", "loso")}
    out = []
    for s in SETS:
        for page in pickle.loads((cache / f"{s}-{FEATURE_VERSION}-all.pkl").read_bytes()):
            weight, cut, relative = rules.get(page["ptype"], (0.0, 0.35, 0.0))
            for split, by_page in scores.items():
                got = by_page.get((page["set"], page["id"]))
                prob = (got or {}).get("oof", {}).get(split)
                if prob is None or not len(prob):
                    continue
                shipped = page_f1(page, decide(page, prob, weight, cut, relative=relative))
                out.append({"set": s, "group": page["group"], "split": split, "row": page_row(page, prob, weight),
                            "base": shipped, "per_cut": [page_f1(page, decide(page, prob, weight, c)) for c in CUTS],
                            "out_of_fold": got["f1"][f"{split}-byrel"]})
            page.pop("f1_memo", None)
    return out


def fit(pages: list[dict]):
    """The regressor of a cut's gain over the shipped rule, on every (page, cut) of ``pages``."""
    from sklearn.ensemble import HistGradientBoostingRegressor

    x = np.array([p["row"] + [c] for p in pages for c in CUTS])
    y = np.array([f - p["base"] for p in pages for f in p["per_cut"]])
    return HistGradientBoostingRegressor(**PARAMS).fit(x, y)


def chosen_f1(model, pages: list[dict]) -> list[float]:
    """Each page's F1 under the cut of the best predicted gain (the shipped rule when no gain is predicted)."""
    out = []
    for p in pages:
        gain = model.predict(np.array([p["row"] + [c] for c in CUTS]))
        best = int(np.argmax(gain))
        out.append(p["per_cut"][best] if gain[best] > 0 else p["base"])
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line entry point (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache-dir", required=True, help="bench/train_auto.py's cache folder (pages and scores)")
    ap.add_argument("--markdown", default=str(ROOT / "bench" / "results" / "page_cut_tried.md"))
    args = ap.parse_args(argv)
    pages = scored_pages(pathlib.Path(args.cache_dir))
    lines = ["# A cut per page, chosen by a model (tried, not kept)", "",
             f"`python bench/try_page_cut.py --cache-dir {args.cache_dir}` (the folder of `bench/train_auto.py`'s "
             "prepared pages and its `cv` and `loso` page scores)", "",
             "| set | split | pages | rule chosen in the split's training pages | the shipped model's rule (chosen on "
             "every page: in sample) | per-page cut (falls back to the shipped rule) | best cut in hindsight |",
             "|---|---|---:|---:|---:|---:|---:|"]

    def add(s: str, split: str, some: list[dict], got: list[float]) -> None:
        hindsight = np.mean([max(p["per_cut"] + [p["base"]]) for p in some])
        lines.append(f"| {s} | {split} | {len(some)} | {np.mean([p['out_of_fold'] for p in some]):.4f} | "
                     f"{np.mean([p['base'] for p in some]):.4f} | {np.mean(got):.4f} | {hindsight:.4f} |")
        print(lines[-1], flush=True)

    for s in NEWS:
        train = [p for p in pages if (p["split"] == "loso" and p["set"] in NEWS and p["set"] != s)
                 or (p["split"] == "cv" and p["set"] == "wcxb_dev")]
        test = [p for p in pages if p["split"] == "loso" and p["set"] == s]
        add(s, "leave one set out", test, chosen_f1(fit(train), test))
    cv = [p for p in pages if p["split"] == "cv"]
    folds = grouped_folds([p["group"] for p in cv], 5)
    got: dict[int, float] = {}
    for k in range(5):
        held = [i for i, f in enumerate(folds) if f == k]
        model = fit([p for p, f in zip(cv, folds, strict=True) if f != k])
        got.update(zip(held, chosen_f1(model, [cv[i] for i in held]), strict=True))
    by_set: dict[str, list[int]] = collections.defaultdict(list)
    for i, p in enumerate(cv):
        by_set[p["set"]].append(i)
    for s in SETS:
        add(s, "grouped CV", [cv[i] for i in by_set[s]], [got[i] for i in by_set[s]])
    pathlib.Path(args.markdown).write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
