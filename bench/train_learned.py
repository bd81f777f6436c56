"""One learned extractor over the five dev text sets pooled (issue #14, item 2): train and score it honestly.

The model is the ``crf`` method's linear-chain CRF over its blocks (``extractor/methods/crf*``),
trained on wcxb_dev, cleaneval, l3s_gn1, dragnet and chinese_wce together, with the html-3
features (block attributes, neighbours, decay's region and container densities) plus, by
``--features``, the optional groups of :mod:`extractor.methods.crf.features`: class/id cue groups
(``cues``), the readers' comment section (``cm``) and depth/structural tags (``st``).

Steps (``--steps``, default all three):

- ``cv``: grouped 5-fold CV on the pooled pages. Groups are ``set:registrable domain``;
  dragnet has no URLs and 20 chinese_wce pages have none, so those pages are each their own
  group (their CV figure is optimistic: one site's pages can sit on both sides).
- ``loso``: leave-one-set-out: train on four sets, score every page of the fifth.
- ``train``: the model on all five sets, written to ``extractor/models/crf_pooled.*`` (or
  ``--out``), with the cut chosen on the CV's out-of-fold marginals.

In ``cv`` and ``loso`` the decision cut (``body_marginal``: a block is body when its marginal
P(body) reaches it; 0 = the Viterbi labels) is chosen inside each training fold: a grouped
2-fold split of the training pages, a model fitted on one half tags the other, and the cut of
:data:`CUT_GRID` with the best mean over sets of the per-set mean shingle F1 on that half wins.
The scored pages choose nothing. Scores are the metrics of ``pagesight eval``
(:func:`extractor.evaluate.score_page` on the text of the body blocks).

Usage: ``python bench/train_learned.py [--limit N] [--features cues,cm,st] [--steps cv loso train]``.
Pieces (page preparation, fitting, tagging, the decision rule) come from ``bench/train_crf.py``.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from train_crf import (  # noqa: E402
    MAX_ITERATIONS,
    PageData,
    Tagged,
    apply_rule,
    fit_and_tag,
    prepare,
    text_of,
)

from extractor.evaluate import Report, score_page  # noqa: E402
from extractor.methods import crf  # noqa: E402
from extractor.methods.crf.blocks import SegmentOptions  # noqa: E402
from extractor.methods.crf.features import FeatureOptions, feature_version  # noqa: E402
from extractor.metrics import shingle_prf  # noqa: E402

DATA = ROOT.parent / "shared" / "data"

SETS = ("wcxb_dev", "cleaneval", "l3s_gn1", "dragnet", "chinese_wce")
#: c1/c2 chosen for the wcxb_dev model by nested grouped CV (bench/results/crf.md): kept here.
C1, C2 = 0.1, 0.3
FOLDS = 5
#: Cuts of P(body) searched inside the training folds (0 = Viterbi labels).
CUT_GRID = (0.0, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6)
KIND = "pooled"
NOTES = ROOT.parent / "notes" / "learned"
#: Figures to print beside the model's (bench/results and PEERS.md): current auto, readability, trafilatura.
REFERENCE = {
    "auto": {"wcxb_dev": 0.814, "cleaneval": 0.874, "l3s_gn1": 0.860, "dragnet": 0.773, "chinese_wce": 0.837},
    "readability": {"wcxb_dev": 0.671, "cleaneval": 0.856, "l3s_gn1": 0.912, "dragnet": 0.880, "chinese_wce": 0.761},
    "trafilatura": {"wcxb_dev": 0.780, "cleaneval": 0.819, "l3s_gn1": 0.876, "dragnet": 0.798, "chinese_wce": 0.732},
}


def feature_options(spec: str) -> FeatureOptions:
    """FeatureOptions from a comma list of optional groups (``cues``, ``cm``, ``st``; empty = html-3)."""
    parts = {p for p in spec.split(",") if p}
    unknown = parts - {"cues", "cm", "st"}
    if unknown:
        raise SystemExit(f"unknown feature groups {sorted(unknown)}")
    return FeatureOptions(cues="cues" in parts, comment_section="cm" in parts, structure="st" in parts)


def group_of(set_name: str, page: PageData) -> str:
    """CV group: the set and the registrable domain (the page id where a page has no URL)."""
    return f"{set_name}:{page.domain}"


def grouped_split(groups: list[str], k: int, seed_fold: int = 0) -> list[int]:
    """Fold index per item for a grouped k-fold split (sklearn's GroupKFold)."""
    from sklearn.model_selection import GroupKFold

    fold = [0] * len(groups)
    for f, (_, test) in enumerate(GroupKFold(n_splits=k).split(groups, groups=groups)):
        for i in test:
            fold[i] = f
    return fold


def macro_f1(items: list[tuple[str, PageData]], labels: list[list[str]]) -> float:
    """Mean over sets of each set's mean shingle F1 (pages of ``items`` with their labels)."""
    by: dict[str, list[float]] = {}
    for (s, p), y in zip(items, labels, strict=True):
        by.setdefault(s, []).append(shingle_prf(text_of(p, y), p.gold.get("body") or "").f1)
    return statistics.fmean(statistics.fmean(v) for v in by.values())


def choose_cut(items: list[tuple[str, PageData]], tagged: list[Tagged]) -> tuple[float, float]:
    """The cut of :data:`CUT_GRID` with the best macro F1 on these tagged pages, and that F1."""
    best = (-1.0, 0.0)
    for cut in CUT_GRID:
        f1 = macro_f1(items, [apply_rule(t, cut) for t in tagged])
        if f1 > best[0] + 1e-9:
            best = (f1, cut)
    return best[1], best[0]


def inner_cut(train: list[tuple[str, PageData]], feat: FeatureOptions, tmp: str, name: str) -> tuple[float, float]:
    """Choose the cut inside a training fold: fit on one half (grouped), tag the other half."""
    fold = grouped_split([group_of(s, p) for s, p in train], 2)
    fit = [p for (_, p), f in zip(train, fold, strict=True) if f == 1]
    held = [x for x, f in zip(train, fold, strict=True) if f == 0]
    tagged = fit_and_tag(fit, [p for _, p in held], C1, C2, SegmentOptions(), feat, KIND, tmp, name + "i")
    return choose_cut(held, tagged)


def run_split(items: list[tuple[str, PageData]], train_idx: list[int], test_idx: list[int], feat: FeatureOptions,
              tmp: str, name: str) -> tuple[float, float, list[Tagged]]:
    """Inner cut choice on the training pages, then fit on all of them and tag the test pages."""
    train = [items[i] for i in train_idx]
    t0 = time.perf_counter()
    cut, inner = inner_cut(train, feat, tmp, name)
    tagged = fit_and_tag([p for _, p in train], [items[i][1] for i in test_idx], C1, C2, SegmentOptions(), feat,
                         KIND, tmp, name)
    print(f"    {name}: train {len(train_idx)} test {len(test_idx)} pages; cut {cut} (inner macro F1 {inner:.4f}); "
          f"{time.perf_counter() - t0:.0f} s", flush=True)
    return cut, inner, tagged


def exact_scores(items: list[tuple[str, PageData]], idx: list[int], stem: str, cut: float,
                 comments: bool | None) -> list:
    """Score pages exactly as ``pagesight eval`` does: ``extract(method="crf")`` with the fold's model file
    and cut (``comments=False`` drops readers' comment sections first), then :func:`score_page`."""
    from extractor import extract
    from extractor.errors import PagesightError
    from extractor.evaluate import page_bytes

    out = []
    for i in idx:
        s, p = items[i]
        text = ""
        try:
            result = extract(page_bytes(DATA / s, p.gold["id"]), method="crf", url=p.gold.get("url"),
                             comments=comments, model_path=stem, body_marginal=cut)
            text = result.text
        except PagesightError:
            pass
        out.append(score_page(p.gold, text, 0.0))
    return out


def summarise(items: list[tuple[str, PageData]], idx: list[int], scores: list, label: str) -> dict[str, dict]:
    """Per-set summary of exact page scores (``idx`` says which item each score belongs to), printed."""
    out = {}
    for s in SETS:
        rep = Report(s, label, False)
        rep.pages = [sc for i, sc in zip(idx, scores, strict=True) if items[i][0] == s]
        if rep.pages:
            out[s] = rep.summary()
    print(f"  {label} (extract() + score_page, as pagesight eval):")
    for s, summ in out.items():
        print(f"    {s:<12} pages {summ['pages']:>5}  P {summ['p']:.3f}  R {summ['r']:.3f}  F1 {summ['f1']:.3f}  "
              f"empty {summ['empty']:>3}", flush=True)
    return out


def report(items: list[tuple[str, PageData]], labels: list[list[str]], label: str) -> dict[str, dict]:
    """Per-set summary (pages, P, R, F1, empty) of out-of-fold labels, printed and returned."""
    out = {}
    for s in SETS:
        rep = Report(s, label, False)
        for (name, p), y in zip(items, labels, strict=True):
            if name == s:
                rep.pages.append(score_page(p.gold, text_of(p, y), 0.0))
        if rep.pages:
            out[s] = rep.summary()
    print(f"  {label}:")
    for s, summ in out.items():
        ref = "  ".join(f"{k} {v[s]:.3f}" for k, v in REFERENCE.items())
        print(f"    {s:<12} pages {summ['pages']:>5}  P {summ['p']:.3f}  R {summ['r']:.3f}  F1 {summ['f1']:.3f}  "
              f"empty {summ['empty']:>3}   ({ref})", flush=True)
    return out


def oracle(items: list[tuple[str, PageData]], tagged: list[Tagged]) -> dict[str, tuple[float, float]]:
    """Per set, the best cut of the grid on the scored pages themselves (diagnostic only: not out of fold)."""
    out = {}
    for s in SETS:
        sub = [(x, t) for x, t in zip(items, tagged, strict=True) if x[0] == s]
        if sub:
            out[s] = choose_cut([x for x, _ in sub], [t for _, t in sub])
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line entry point (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=None, help="pages per set (for a quick try)")
    ap.add_argument("--features", default="", help="optional feature groups: comma list of cues, cm, st")
    ap.add_argument("--steps", nargs="*", default=["cv", "loso", "train"], choices=["cv", "loso", "train"])
    ap.add_argument("--sets", nargs="*", default=list(SETS), choices=list(SETS))
    ap.add_argument("--out", default=str(ROOT / "extractor" / "models" / crf.MODEL_STEMS[KIND]),
                    help="model path stem for step train")
    ap.add_argument("--exact", action="store_true",
                    help="also score the held-out pages through extract() with each fold's model file, with and "
                         "without readers' comment sections (comments=False)")
    ap.add_argument("--keep-models", action="store_true", help="keep the fold models under ../notes/learned/models")
    ap.add_argument("--tag", default="", help="suffix of the JSON written under ../notes/learned/")
    args = ap.parse_args(argv)
    feat = feature_options(args.features)
    seg = SegmentOptions()
    NOTES.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    items: list[tuple[str, PageData]] = []
    for s in args.sets:
        t1 = time.perf_counter()
        pages = prepare(s, args.limit, seg, feat)
        items.extend((s, p) for p in pages)
        print(f"prepared {len(pages)} {s} pages, {sum(len(p.labels) for p in pages)} blocks, "
              f"{time.perf_counter() - t1:.0f} s", flush=True)
    print(f"features {feature_version(feat)}; c1 {C1} c2 {C2}; cut grid {CUT_GRID}", flush=True)
    results: dict = {"features": feature_version(feat), "c1": C1, "c2": C2, "limit": args.limit}
    cv_tagged: list[Tagged] | None = None
    tag = f"{feature_version(feat)}{'_' + args.tag if args.tag else ''}"
    with tempfile.TemporaryDirectory() as scratch:
        tmp = str(NOTES / "models" / tag) if args.keep_models else scratch
        pathlib.Path(tmp).mkdir(parents=True, exist_ok=True)
        if "cv" in args.steps:
            t1 = time.perf_counter()
            fold = grouped_split([group_of(s, p) for s, p in items], FOLDS)
            labels: list[list[str]] = [[] for _ in items]
            cv_tagged = [Tagged([], []) for _ in items]
            cuts = []
            for f in range(FOLDS):
                test_idx = [i for i, g in enumerate(fold) if g == f]
                train_idx = [i for i, g in enumerate(fold) if g != f]
                cut, inner, tagged = run_split(items, train_idx, test_idx, feat, tmp, f"cv{f}")
                cuts.append(cut)
                for i, t in zip(test_idx, tagged, strict=True):
                    cv_tagged[i] = t
                    labels[i] = apply_rule(t, cut)
            print(f"grouped {FOLDS}-fold CV on the pooled sets ({time.perf_counter() - t1:.0f} s), cuts {cuts}")
            results["cv"] = {"cuts": cuts, "sets": report(items, labels, "grouped CV, cut chosen inside each fold")}
            results["cv"]["oracle_cut"] = oracle(items, cv_tagged)
            print(f"  (diagnostic, not out of fold: best cut per set on its own pages {results['cv']['oracle_cut']})")
            if args.exact:
                for comments in (None, False):
                    idx, scores = [], []
                    for f in range(FOLDS):
                        test_idx = [i for i, g in enumerate(fold) if g == f]
                        idx += test_idx
                        scores += exact_scores(items, test_idx, str(pathlib.Path(tmp) / f"cv{f}"), cuts[f], comments)
                    key = "exact" if comments is None else "exact_no_comments"
                    results["cv"][key] = summarise(items, idx, scores, f"grouped CV, comments={comments}")
        if "loso" in args.steps:
            t1 = time.perf_counter()
            labels = [[] for _ in items]
            loso: dict = {"cuts": {}}
            for s in args.sets:
                test_idx = [i for i, (n, _) in enumerate(items) if n == s]
                train_idx = [i for i, (n, _) in enumerate(items) if n != s]
                cut, inner, tagged = run_split(items, train_idx, test_idx, feat, tmp, f"loso-{s}")
                loso["cuts"][s] = cut
                for i, t in zip(test_idx, tagged, strict=True):
                    labels[i] = apply_rule(t, cut)
            print(f"leave-one-set-out ({time.perf_counter() - t1:.0f} s)")
            loso["sets"] = report(items, labels, "leave-one-set-out, cut chosen inside the four training sets")
            if args.exact:
                for comments in (None, False):
                    idx, scores = [], []
                    for s in args.sets:
                        test_idx = [i for i, (n, _) in enumerate(items) if n == s]
                        idx += test_idx
                        scores += exact_scores(items, test_idx, str(pathlib.Path(tmp) / f"loso-{s}"),
                                               loso["cuts"][s], comments)
                    key = "exact" if comments is None else "exact_no_comments"
                    loso[key] = summarise(items, idx, scores, f"leave-one-set-out, comments={comments}")
            results["loso"] = loso
        if "train" in args.steps:
            if cv_tagged is not None:
                cut, f1 = choose_cut(items, cv_tagged)
                chosen_by = f"grouped {FOLDS}-fold CV on the pooled sets: the cut with the best macro F1 out of fold"
            else:
                cut, f1 = 0.0, float("nan")
                chosen_by = "no CV run: Viterbi labels"
            usable = [p for _, p in items if p.feats]
            model = crf.train_model(
                [p.feats for p in usable], [p.labels for p in usable], args.out, c1=C1, c2=C2,
                max_iterations=MAX_ITERATIONS, segment_options=seg, feature_options=feat, kind=KIND,
                extra={"trained_on": list(args.sets), "pages": len(usable), "body_marginal": cut,
                       "chosen_by": chosen_by, "script": "bench/train_learned.py", "limit": args.limit})
            size = sum(pathlib.Path(str(model.stem) + x).stat().st_size for x in (".crfsuite", ".json"))
            print(f"wrote {model.stem}.crfsuite/.json  body_marginal {cut} (CV macro F1 at that cut {f1:.4f})  "
                  f"{size / 1e6:.2f} MB", flush=True)
            results["train"] = {"body_marginal": cut, "cv_macro_f1": f1, "bytes": size}
    results["seconds"] = round(time.perf_counter() - t0)
    name = f"results_{tag}.json"
    (NOTES / name).write_text(json.dumps(results, indent=1) + "\n")
    print(f"total {time.perf_counter() - t0:.0f} s; wrote {NOTES / name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
