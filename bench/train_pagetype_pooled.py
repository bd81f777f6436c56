"""The page-type classifier trained on every dev set, and how it carries over to sets it never saw.

``bench/train_pagetype.py`` trains on wcxb_dev, the one set with seven page types; on the other
sets it typed many news articles "listing" (issue #14 item 3). Here the four other text sets
(cleaneval, l3s_gn1, dragnet, chinese_wce: news and article pages, ``PEERS.md``'s "news sets")
join the training with the label ``article`` (their pages with a non-empty gold body; the few
with empty gold are left out), and two honest figures are printed per set:

- **leave-one-set-out**: trained on the other four sets, scored on the fifth (what a user's
  pages from an unseen source look like); not for wcxb_dev, the only set with page types;
- **grouped 5-fold CV** on the pooled sets (folds grouped by set and domain; dragnet has no
  URLs, so its groups are single pages and its CV figure is optimistic).

Per set: the share of pages the shipped rule (:data:`extractor.auto.pagetype.MAIN_TEXT_CUT` on the
mean of both models) says have a main text, and on wcxb_dev also 7-type accuracy and macro-F1.
The wcxb_dev-only model's figures are printed beside them (its wcxb_dev figure by its own
grouped CV, its other-set figures from one model trained on all of wcxb_dev: all out of sample).
Vocabularies and stacked text models are chosen inside each training fold
(:func:`train_pagetype.fold_features`).

    python bench/train_pagetype_pooled.py [--write] [--cache-dir /work/notes/pagetype] [--dump-loso FILE.json]

``--write`` fits the pooled model on every page and writes it as the shipped
``extractor/models/pagetype.json.gz``. Results go to ``bench/results/pagetype_pooled.md``.
``--dump-loso`` writes every page's out-of-sample verdict (page type, has main text, 7-type
probabilities): on each news set from its leave-one-set-out model (its pages with empty gold
too: they are never trained on), on wcxb_dev from the pooled grouped CV, so a leave-one-set-out
score of ``auto`` (or of a learned extractor fed page types) uses a model that never saw the set.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import accuracy_score, f1_score
from sklearn.model_selection import GroupKFold

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import train_pagetype as tp  # noqa: E402

from extractor.auto.pagetype import (  # noqa: E402
    HAS_MAIN_TEXT,
    MAIN_TEXT_CUT,
    MODEL_PATH,
    PAGE_TYPES,
    main_text_mean,
)
from extractor.evaluate import read_gold  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
TYPED_SET = "wcxb_dev"
#: The other text sets, all news or article pages (``PEERS.md``); their label is "article".
ARTICLE_SETS = ("cleaneval", "l3s_gn1", "dragnet", "chinese_wce")
SETS = (TYPED_SET, *ARTICLE_SETS)
#: The row fields that hold one entry per page (``train_pagetype.collect``), plus the set's name.
#: Training weight of an article-only set's page. At 1 the 2,803 extra articles tilt the 7-type
#: model towards "article" on wcxb_dev (grouped CV: 7-type accuracy 0.868 -> 0.845); 0.25 did not
#: win it back (0.843, macro-F1 0.776) and lowered leave-one-set-out on cleaneval and dragnet
#: (main text 0.984 -> 0.971, 0.978 -> 0.968), so every page weighs the same.
ARTICLE_WEIGHT = 1.0
PER_PAGE = ("ids", "urls", "labels", "groups", "num_url", "num_nourl", "words_url", "words_nourl", "body", "set")


def pooled_rows(cache_dir: pathlib.Path | None, empty: list[dict] | None = None) -> dict:
    """Feature rows of every dev text set, labelled, with a ``set`` column (per-set caches).

    ``empty``: when given, the rows of the article sets' pages left out for their empty gold are
    appended to it (one dict a set, same columns), for :func:`with_unscored`."""
    parts = []
    for name in SETS:
        cache = cache_dir / f"pooled_{name}.pkl" if cache_dir else None
        t0 = time.perf_counter()
        rows = tp.collect(DATA / name, cache)
        print(f"{name}: {len(rows['ids'])} pages, features in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
        if name != TYPED_SET:
            body = {g["id"]: bool((g.get("body") or "").strip()) for g in read_gold(DATA / name)}
            keep = [k for k, i in enumerate(rows["ids"]) if body.get(i)]
            if empty is not None:
                gone = [k for k, i in enumerate(rows["ids"]) if not body.get(i)]
                left = {key: (value[gone] if isinstance(value, np.ndarray) else [value[k] for k in gone])
                        for key, value in rows.items() if key in PER_PAGE}
                left["labels"] = ["article"] * len(gone)
                left["groups"] = [f"{name}:{g}" for g in left["groups"]]
                left["set"] = [name] * len(gone)
                empty.append(left)
            rows = {key: (value[keep] if isinstance(value, np.ndarray) else [value[k] for k in keep])
                    if key in PER_PAGE else value for key, value in rows.items()}
            rows["labels"] = ["article"] * len(keep)
        rows["groups"] = [f"{name}:{g}" for g in rows["groups"]]
        rows["set"] = [name] * len(rows["ids"])
        parts.append(rows)
    out = {key: value for key, value in parts[0].items() if key not in PER_PAGE}
    for key in PER_PAGE:
        if isinstance(parts[0][key], np.ndarray):
            out[key] = np.vstack([p[key] for p in parts])
        else:
            out[key] = [x for p in parts for x in p[key]]
    return out


def with_unscored(rows: dict, extra: list[dict]) -> dict:
    """``rows`` with the rows of ``extra`` appended after them and a ``scored`` column (false on
    those): :func:`evaluate` predicts them but never trains on or scores them."""
    out = dict(rows)
    for key in PER_PAGE:
        if isinstance(rows[key], np.ndarray):
            out[key] = np.vstack([rows[key], *[e[key] for e in extra if len(e["ids"])]])
        else:
            out[key] = list(rows[key]) + [x for e in extra for x in e[key]]
    out["scored"] = np.arange(len(out["ids"])) < len(rows["ids"])
    return out


def without_set(rows: dict, name: str) -> dict:
    """``rows`` with the pages of set ``name`` left out (for a leave-one-set-out model file)."""
    keep = [k for k, s in enumerate(rows["set"]) if s != name]
    return {key: (value[keep] if isinstance(value, np.ndarray) else [value[k] for k in keep])
            if key in PER_PAGE else value for key, value in rows.items()}


def weights(rows: dict, article_weight: float) -> np.ndarray:
    """Per-page training weight: 1 on wcxb_dev, ``article_weight`` on the article-only sets."""
    return np.where(np.array(rows["set"]) == TYPED_SET, 1.0, article_weight)


def fit_predict(rows: dict, train: np.ndarray, test: np.ndarray, drop: np.ndarray, weight: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Fit both models on ``train`` (URLs dropped where ``drop``, pages weighted by ``weight``); per
    ``test`` page, read with its URL: the 7-type argmax, the has-main-text verdict (the shipped rule),
    the 7-type probabilities (columns in :data:`PAGE_TYPES` order) and the has-main-text probability."""
    labels = np.array(rows["labels"])
    x_train, x_test, _ = tp.fold_features(rows, train, test, drop)
    multi = HistGradientBoostingClassifier(**tp.GB_PARAMS).fit(x_train, labels[train], sample_weight=weight[train])
    binary = np.array([lab in HAS_MAIN_TEXT for lab in labels[train]])
    two = HistGradientBoostingClassifier(**tp.GB_PARAMS).fit(x_train, binary, sample_weight=weight[train])
    proba = multi.predict_proba(x_test)
    both = main_text_mean(two.predict_proba(x_test)[:, list(two.classes_).index(True)],
                          tp.main_probability(proba, multi.classes_))
    seven = np.zeros((len(test), len(PAGE_TYPES)))
    for j, cls in enumerate(multi.classes_):
        seven[:, PAGE_TYPES.index(cls)] = proba[:, j]
    return multi.predict(x_test), both > MAIN_TEXT_CUT, seven, both


def fit_and_predict(rows: dict, train: np.ndarray, test: np.ndarray, drop: np.ndarray, weight: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray]:
    """The 7-type argmax and has-main-text verdict of :func:`fit_predict`."""
    return fit_predict(rows, train, test, drop, weight)[:2]


def record(verdicts: dict, rows: dict, idx: np.ndarray, pred: np.ndarray, main: np.ndarray, seven: np.ndarray,
           both: np.ndarray) -> None:
    """Store the verdicts of pages ``idx`` in ``verdicts[set][page id]``."""
    for k, i in enumerate(idx):
        verdicts.setdefault(rows["set"][i], {})[rows["ids"][i]] = {
            "page_type": str(pred[k]), "has_main_text": bool(main[k]),
            "probabilities": {cls: float(seven[k, j]) for j, cls in enumerate(PAGE_TYPES)},
            "main_text_probability": float(both[k])}


def per_set(rows: dict, pred: np.ndarray, main: np.ndarray, idx: np.ndarray | None = None) -> dict[str, dict]:
    """Per-set figures of predictions over ``idx`` (all rows when None)."""
    sets = np.array(rows["set"])
    labels = np.array(rows["labels"])
    idx = np.arange(len(labels)) if idx is None else idx
    out = {}
    for name in SETS:
        sel = idx[sets[idx] == name]
        if not len(sel):
            continue
        k = np.searchsorted(idx, sel)
        truth = np.array([lab in HAS_MAIN_TEXT for lab in labels[sel]])
        entry = {"pages": int(len(sel)), "main text": float(main[k].mean()),
                 "has-main-text acc.": float((main[k] == truth).mean())}
        if name == TYPED_SET:
            entry["7-type acc."] = float(accuracy_score(labels[sel], pred[k]))
            entry["7-type macro-F1"] = float(f1_score(labels[sel], pred[k], average="macro"))
        else:
            entry["typed article"] = float((pred[k] == "article").mean())
        out[name] = entry
    return out


def evaluate(rows: dict, only_typed: bool = False, article_weight: float = 1.0, verdicts: dict | None = None
             ) -> dict[str, dict]:
    """Grouped CV and leave-one-set-out of the pooled model; with ``only_typed``, the wcxb_dev-only
    model (grouped CV on wcxb_dev, and one model of all of wcxb_dev on each other set).

    ``verdicts``: when given, filled with every page's out-of-sample verdict (:func:`record`): on
    wcxb_dev from the grouped CV, on each other set from its leave-one-set-out model, which also
    types the set's unscored rows (:func:`with_unscored`); the figures leave those out."""
    labels = np.array(rows["labels"])
    groups = np.array(rows["groups"])
    sets = np.array(rows["set"])
    n = len(labels)
    scored = np.asarray(rows.get("scored", np.ones(n, bool)))
    drop = np.zeros(n, bool)  # unscored rows come after the scored ones, which draw as without them
    drop[scored] = np.random.default_rng(tp.SEED).random(int(scored.sum())) < tp.DROP_URL_SHARE
    weight = weights(rows, article_weight)
    results: dict[str, dict] = {}
    pool = np.flatnonzero(scored & (sets == TYPED_SET)) if only_typed else np.flatnonzero(scored)
    pred = np.empty(n, dtype=object)
    main = np.zeros(n, bool)
    for a, b in GroupKFold(n_splits=tp.FOLDS).split(pool, labels[pool], groups[pool]):
        p, m, seven, both = fit_predict(rows, pool[a], pool[b], drop, weight)
        pred[pool[b]], main[pool[b]] = p, m
        if verdicts is not None:
            typed = sets[pool[b]] == TYPED_SET
            record(verdicts, rows, pool[b][typed], p[typed], m[typed], seven[typed], both[typed])
        print(f"  CV fold done ({len(b)} pages)", file=sys.stderr)
    results["grouped CV"] = per_set(rows, pred.astype(str)[pool], main[pool], pool)
    loso: dict[str, dict] = {}
    for name in SETS:
        test = np.flatnonzero(scored & (sets == name))
        extra = np.flatnonzero(~scored & (sets == name)) if verdicts is not None else np.zeros(0, int)
        train = pool[sets[pool] != name]
        if name == TYPED_SET:
            continue  # no other set has page types: a model trained without wcxb_dev knows one class
        p, m, seven, both = fit_predict(rows, train, np.concatenate([test, extra]), drop, weight)
        if verdicts is not None:
            record(verdicts, rows, np.concatenate([test, extra]), p, m, seven, both)
        p, m = p[:len(test)], m[:len(test)]
        loso[name] = per_set(rows, p.astype(str), m, test)[name]
        print(f"  held out {name}: main text {loso[name]['main text']:.3f}", file=sys.stderr)
    results["leave-one-set-out" if not only_typed else "trained on wcxb_dev only"] = loso
    return results


def markdown(pooled: dict, typed: dict, pages: dict[str, int], command: str) -> str:
    """The figures as a markdown table, one row per set."""
    lines = ["# Page types trained on every dev set (issue #14 item 3)", "",
             f"    {command}", "",
             "Share of pages given a main text (has-main-text by both models, the shipped rule), "
             "out of sample. wcxb_dev also: has-main-text accuracy, 7-type accuracy and macro-F1. "
             "The four other sets are labelled article (pages with empty gold left out).", "",
             "| set | pages | wcxb_dev-only model | pooled, grouped CV | pooled, leave-one-set-out |",
             "|---|---:|---|---|---|"]
    def cell(block: dict, name: str) -> str:
        e = block.get(name)
        if not e:
            return "-"
        if name == TYPED_SET:
            return (f"main text {e['main text']:.3f}, acc. {e['has-main-text acc.']:.3f}; "
                    f"7 types acc. {e['7-type acc.']:.3f}, macro-F1 {e['7-type macro-F1']:.3f}")
        return f"main text **{e['main text']:.3f}** (typed article {e['typed article']:.3f})"

    only = {**typed["grouped CV"], **typed["trained on wcxb_dev only"]}
    for name in SETS:
        lines.append(f"| {name} | {pages[name]} | {cell(only, name)} | {cell(pooled['grouped CV'], name)} | "
                     f"{cell(pooled['leave-one-set-out'], name)} |")
    return "\n".join(lines) + "\n"


def dump_verdicts(verdicts: dict[str, dict], path: pathlib.Path) -> None:
    """Write the verdicts (news sets, then wcxb_dev) as JSON; print per set the shares of pages
    given a main text and typed article, and the gold pages that have no verdict (unreadable)."""
    out = {name: verdicts.get(name, {}) for name in (*ARTICLE_SETS, TYPED_SET)}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(f"verdicts written to {path}", file=sys.stderr)
    for name, pages in out.items():
        missing = [g["id"] for g in read_gold(DATA / name) if g["id"] not in pages]
        n = max(len(pages), 1)
        print(f"  {name}: {len(pages)} pages, main text {sum(v['has_main_text'] for v in pages.values()) / n:.3f}, "
              f"typed article {sum(v['page_type'] == 'article' for v in pages.values()) / n:.3f}"
              f"{'; no verdict: ' + ', '.join(missing) if missing else ''}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache-dir", default=None, help="folder for per-set feature caches")
    ap.add_argument("--write", action="store_true", help="fit on every page and write the shipped model")
    ap.add_argument("--model", default=str(MODEL_PATH))
    ap.add_argument("--results", default=str(ROOT / "bench" / "results" / "pagetype_pooled.md"))
    ap.add_argument("--skip-eval", action="store_true")
    ap.add_argument("--skip-typed", action="store_true", help="skip the wcxb_dev-only model's figures")
    ap.add_argument("--leave-out", choices=ARTICLE_SETS, default=None,
                    help="with --write: train without this set (to score `auto` on it out of sample)")
    ap.add_argument("--article-weight", type=float, default=ARTICLE_WEIGHT,
                    help="training weight of a page of the article-only sets (wcxb_dev pages weigh 1)")
    ap.add_argument("--dump-loso", default=None, metavar="FILE.json",
                    help="write every page's out-of-sample verdict: news sets by their leave-one-set-out model "
                         "(pages with empty gold too), wcxb_dev by the pooled grouped CV")
    args = ap.parse_args(argv)
    if args.dump_loso and args.skip_eval:
        ap.error("--dump-loso needs the evaluation (drop --skip-eval)")
    cache_dir = pathlib.Path(args.cache_dir) if args.cache_dir else None
    if cache_dir:
        cache_dir.mkdir(parents=True, exist_ok=True)
    empty: list[dict] = []
    rows = pooled_rows(cache_dir, empty if args.dump_loso else None)
    pages = {name: sum(1 for s in rows["set"] if s == name) for name in SETS}
    if not args.skip_eval:
        t0 = time.perf_counter()
        verdicts: dict[str, dict] | None = {} if args.dump_loso else None
        pooled = evaluate(with_unscored(rows, empty) if args.dump_loso else rows,
                          article_weight=args.article_weight, verdicts=verdicts)
        if verdicts is not None:
            dump_verdicts(verdicts, pathlib.Path(args.dump_loso))
        typed = {"grouped CV": {}, "trained on wcxb_dev only": {}} if args.skip_typed else \
            evaluate(rows, only_typed=True)
        command = "python bench/train_pagetype_pooled.py " + " ".join(argv if argv is not None else sys.argv[1:])
        text = markdown(pooled, typed, pages, command.strip())
        text += f"\n{sum(pages.values())} pages; evaluation {time.perf_counter() - t0:.0f} s.\n"
        pathlib.Path(args.results).write_text(text, encoding="utf-8")
        print(text)
        print(json.dumps({"pooled": pooled, "typed": typed}, indent=1), file=sys.stderr)
    if args.write:
        if args.leave_out:
            rows = without_set(rows, args.leave_out)
        tp.write_model(rows, pathlib.Path(args.model), None, calibrate=False,
                       sample_weight=weights(rows, args.article_weight),
                       trained_on=f"wcxb_dev (7 types) + cleaneval, l3s_gn1, dragnet, chinese_wce (article, weight "
                                  f"{args.article_weight:g}){' without ' + args.leave_out if args.leave_out else ''}; "
                                  "URLs dropped on a share of the pages")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
