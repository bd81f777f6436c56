"""Train and compare page-type classifiers; write the shipped model ``extractor/models/pagetype.json``.

Five-fold cross-validation with folds grouped by domain on ``wcxb_dev`` (label
``page_type``), two tasks: has-main-text (article, documentation, forum, product vs the
rest) and the seven types. Classifiers: GaussianNB, a decision tree, gradient boosting
(scikit-learn's HistGradientBoosting) and kNN (the paper compared NB, ADTree, kNN).
The bag-of-words vocabulary is chosen inside each training fold. A share of the training
pages have their URL dropped (features computed as if no URL were known) so the model
degrades gracefully; the test folds are scored with and without URLs.

Writes the out-of-fold predictions of the shipped model kind (used by
``bench/route_methods.py`` to score ``auto`` honestly) to ``bench/results/pagetype_oof.json``
and a markdown table to ``bench/results/pagetype.md``.

    /work/venv/bin/python bench/train_pagetype.py [--data ../shared/data/wcxb_dev] [--cache FILE]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import pickle
import sys
import time
from urllib.parse import urlsplit

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.feature_selection import chi2
from sklearn.metrics import accuracy_score, f1_score
from sklearn.model_selection import GroupKFold
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor.blocklist import block_list  # noqa: E402
from extractor.errors import PagesightError  # noqa: E402
from extractor.evaluate import page_bytes, read_gold  # noqa: E402
from extractor.page import load  # noqa: E402
from extractor.pagetype import (  # noqa: E402
    FEATURE_VERSION,
    HAS_MAIN_TEXT,
    NUMERIC_NAMES,
    PAGE_TYPES,
    check_model,
    body_words,
    numeric_features,
    page_words,
    predict_proba,
)

#: Share of training pages whose URL is dropped (issue #8: "train with some URLs dropped").
DROP_URL_SHARE = 0.3
#: Bag-of-words vocabulary size, chosen by chi-square inside each training fold (tuned on wcxb_dev).
VOCAB_SIZE = 200
#: A word must occur on pages of at least this many training domains to enter the vocabulary
#: (one site's menu words say nothing about other sites; tuned on wcxb_dev).
MIN_DOMAINS = 5
#: Gradient boosting settings (tuned on wcxb_dev by grouped CV; small to keep the model file small).
GB_PARAMS = dict(max_iter=100, learning_rate=0.1, max_leaf_nodes=15, min_samples_leaf=8,
                 l2_regularization=1.0, random_state=0)
FOLDS = 5
SEED = 0


def domain(url: str | None, fallback: str) -> str:
    """The grouping key of a page: its host without ``www.``."""
    host = urlsplit(url).netloc.lower() if url else ""
    return host[4:] if host.startswith("www.") else host or fallback


def collect(data: pathlib.Path, cache: pathlib.Path | None) -> dict:
    """Features of every page, with and without its URL (cached in ``cache`` when given)."""
    if cache and cache.exists():
        stored = pickle.loads(cache.read_bytes())
        if stored.get("version") == FEATURE_VERSION and stored.get("names") == NUMERIC_NAMES:
            return stored
    rows = {"version": FEATURE_VERSION, "names": NUMERIC_NAMES, "ids": [], "labels": [], "groups": [],
            "num_url": [], "num_nourl": [], "words_url": [], "words_nourl": [], "body": []}
    golds = read_gold(data)
    for n, gold in enumerate(golds, 1):
        url = gold.get("url")
        try:
            page = load(page_bytes(data, gold["id"]), url=url)
        except PagesightError:
            continue
        blocks = block_list(page)
        rows["ids"].append(gold["id"])
        rows["labels"].append(gold["page_type"])
        rows["groups"].append(domain(url, gold["id"]))
        rows["num_url"].append(numeric_features(page, blocks, url or ""))
        rows["num_nourl"].append(numeric_features(page, blocks, ""))
        rows["words_url"].append(page_words(page, url or ""))
        rows["words_nourl"].append(page_words(page, ""))
        rows["body"].append(body_words(blocks))
        if n % 200 == 0:
            print(f"  features {n}/{len(golds)}", file=sys.stderr)
    for key in ("num_url", "num_nourl"):
        rows[key] = np.array(rows[key])
    if cache:
        cache.write_bytes(pickle.dumps(rows))
    return rows


def choose_vocab(words: list[set[str]], labels: np.ndarray, groups: np.ndarray, size: int = VOCAB_SIZE) -> list[str]:
    """The ``size`` words most associated with the labels (chi-square) among words seen on many domains."""
    seen: dict[str, set[str]] = {}
    for ws, g in zip(words, groups, strict=False):
        for w in ws:
            seen.setdefault(w, set()).add(g)
    cand = sorted(w for w, gs in seen.items() if len(gs) >= MIN_DOMAINS)
    if not cand:
        return []
    index = {w: i for i, w in enumerate(cand)}
    x = np.zeros((len(words), len(cand)), dtype=np.float32)
    for r, ws in enumerate(words):
        for w in ws:
            j = index.get(w)
            if j is not None:
                x[r, j] = 1.0
    score, _ = chi2(x, labels)
    score = np.nan_to_num(score)
    order = np.argsort(-score, kind="stable")[:size]
    return [cand[i] for i in sorted(order)]


def matrix(rows: dict, idx: np.ndarray, vocab: list[str], drop: np.ndarray) -> np.ndarray:
    """Feature matrix of pages ``idx``; rows where ``drop`` is true use their no-URL features."""
    vpos = {w: j for j, w in enumerate(vocab)}
    out = np.zeros((len(idx), len(NUMERIC_NAMES) + len(vocab)))
    for r, (i, d) in enumerate(zip(idx, drop, strict=False)):
        out[r, :len(NUMERIC_NAMES)] = rows["num_nourl" if d else "num_url"][i]
        for w in rows["words_nourl" if d else "words_url"][i]:
            j = vpos.get(w)
            if j is not None:
                out[r, len(NUMERIC_NAMES) + j] = 1.0
    return out


def classifiers() -> dict:
    """The compared classifiers (fresh instances)."""
    return {
        "GaussianNB": lambda: GaussianNB(var_smoothing=1e-3),
        "decision tree": lambda: DecisionTreeClassifier(max_depth=8, min_samples_leaf=5, random_state=SEED),
        "gradient boosting": lambda: HistGradientBoostingClassifier(**GB_PARAMS),
        "kNN (k=7, scaled)": lambda: make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=7)),
    }


def cross_validate(rows: dict, numeric_only: bool = False) -> tuple[dict, dict]:
    """Grouped 5-fold CV of every classifier on both tasks; returns (scores, oof predictions)."""
    labels = np.array(rows["labels"])
    groups = np.array(rows["groups"])
    binary = np.array([lab in HAS_MAIN_TEXT for lab in labels])
    rng = np.random.default_rng(SEED)
    drop_train = rng.random(len(labels)) < DROP_URL_SHARE
    scores: dict = {}
    oof: dict = {}
    for name, make in classifiers().items():
        pred = {"7 types": {"url": np.empty(len(labels), dtype=object), "nourl": np.empty(len(labels), dtype=object)},
                "has-main-text": {"url": np.zeros(len(labels), bool), "nourl": np.zeros(len(labels), bool)},
                "has-main-text via 7 types": {"url": np.zeros(len(labels), bool), "nourl": np.zeros(len(labels), bool)}}
        proba_oof = np.zeros((len(labels), len(PAGE_TYPES)))
        for train, test in GroupKFold(n_splits=FOLDS).split(labels, labels, groups):
            train_words = [rows["words_url"][i] for i in train]
            vocab = [] if numeric_only else choose_vocab(train_words, labels[train], groups[train])
            x_train = matrix(rows, train, vocab, drop_train[train])
            x_url = matrix(rows, test, vocab, np.zeros(len(test), bool))
            x_nourl = matrix(rows, test, vocab, np.ones(len(test), bool))
            multi = make().fit(x_train, labels[train])
            two = make().fit(x_train, binary[train])
            for key, x in (("url", x_url), ("nourl", x_nourl)):
                p7 = multi.predict(x)
                pred["7 types"][key][test] = p7
                pred["has-main-text via 7 types"][key][test] = [p in HAS_MAIN_TEXT for p in p7]
                pred["has-main-text"][key][test] = two.predict(x)
            proba = multi.predict_proba(x_url)
            for j, cls in enumerate(multi.classes_):
                proba_oof[test, PAGE_TYPES.index(cls)] = proba[:, j]
        scores[name] = {
            "7-type macro-F1": {k: f1_score(labels, pred["7 types"][k].astype(str), average="macro")
                                for k in pred["7 types"]},
            "7-type accuracy": {k: accuracy_score(labels, pred["7 types"][k].astype(str)) for k in pred["7 types"]},
            "has-main-text accuracy": {k: accuracy_score(binary, pred["has-main-text"][k]) for k in ("url", "nourl")},
            "has-main-text accuracy (from 7-type model)": {
                k: accuracy_score(binary, pred["has-main-text via 7 types"][k]) for k in ("url", "nourl")},
        }
        oof[name] = {"pred": pred["7 types"]["url"].astype(str).tolist(), "proba": proba_oof.round(4).tolist()}
    return scores, oof


def export_hgb(clf: HistGradientBoostingClassifier, vocab: list[str]) -> dict:
    """A fitted HistGradientBoostingClassifier as a JSON-ready dict of flat tree arrays."""
    trees = []
    max_depth = 0
    for iteration in clf._predictors:
        for out, predictor in enumerate(iteration):
            nodes = predictor.nodes
            leaf = nodes["is_leaf"].astype(bool)
            trees.append({
                "output": out,
                "feature": np.where(leaf, -1, nodes["feature_idx"]).astype(int).tolist(),
                "threshold": [float(f"{t:.6g}") for t in nodes["num_threshold"].tolist()],
                "left": nodes["left"].astype(int).tolist(),
                "right": nodes["right"].astype(int).tolist(),
                "value": [float(f"{v:.6g}") for v in nodes["value"].tolist()],
            })
            max_depth = max(max_depth, int(nodes["depth"].max()))
    base = np.asarray(clf._baseline_prediction, dtype=float).ravel().tolist()
    return {"kind": "trees", "feature_version": FEATURE_VERSION, "numeric_names": NUMERIC_NAMES, "vocab": vocab,
            "classes": [str(c) for c in clf.classes_], "base": base, "max_depth": max_depth, "trees": trees,
            "trained_on": "wcxb_dev (all pages; URLs dropped on a share of them)",
            "params": {k: v for k, v in GB_PARAMS.items()}}


def fit_final(rows: dict) -> tuple[dict, HistGradientBoostingClassifier, np.ndarray]:
    """Fit the shipped model on every page (URLs dropped on a share) and export it."""
    labels = np.array(rows["labels"])
    rng = np.random.default_rng(SEED)
    drop = rng.random(len(labels)) < DROP_URL_SHARE
    vocab = choose_vocab(rows["words_url"], labels, np.array(rows["groups"]))
    idx = np.arange(len(labels))
    x = matrix(rows, idx, vocab, drop)
    clf = HistGradientBoostingClassifier(**GB_PARAMS).fit(x, labels)
    return export_hgb(clf, vocab), clf, matrix(rows, idx, vocab, np.zeros(len(idx), bool))


def markdown(scores: dict, pages: int) -> str:
    """The comparison as a markdown table."""
    lines = [f"Grouped 5-fold CV by domain on wcxb_dev ({pages} pages), HTML only (render-on not measured). "
             "Cells: with URL / without URL at test time.", "",
             "| classifier | has-main-text acc. | has-main-text acc. (from 7-type model) | 7-type macro-F1 "
             "| 7-type acc. |",
             "|---|---|---|---|---|"]
    keys = ("has-main-text accuracy", "has-main-text accuracy (from 7-type model)", "7-type macro-F1",
            "7-type accuracy")
    for name, s in scores.items():
        cells = [f"{s[key]['url']:.3f} / {s[key]['nourl']:.3f}" for key in keys]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Command-line entry: compare, report, write the model and the out-of-fold predictions."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "wcxb_dev"))
    ap.add_argument("--cache", default=None, help="pickle file caching the page features between runs")
    ap.add_argument("--model", default=str(ROOT / "extractor" / "models" / "pagetype.json"))
    ap.add_argument("--results", default=str(ROOT / "bench" / "results"))
    ap.add_argument("--no-write", action="store_true", help="compare only; do not write the model")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    rows = collect(pathlib.Path(args.data), pathlib.Path(args.cache) if args.cache else None)
    print(f"features of {len(rows['labels'])} pages in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    scores, oof = cross_validate(rows)
    table = markdown(scores, len(rows["labels"]))
    print(table)
    results = pathlib.Path(args.results)
    results.mkdir(parents=True, exist_ok=True)
    (results / "pagetype.md").write_text(table, encoding="utf-8")
    if args.no_write:
        return 0
    shipped = oof["gradient boosting"]
    (results / "pagetype_oof.json").write_text(json.dumps(
        {"model": "gradient boosting", "folds": "GroupKFold(5) by domain", "ids": rows["ids"],
         "labels": rows["labels"], "pred": shipped["pred"], "classes": list(PAGE_TYPES), "proba": shipped["proba"]}),
        encoding="utf-8")
    model, clf, x_all = fit_final(rows)
    exported = predict_proba(check_model(json.loads(json.dumps(model))), x_all)
    diff = float(np.abs(exported - clf.predict_proba(x_all)).max())
    print(f"exported model vs scikit-learn, largest probability difference: {diff:.2e}", file=sys.stderr)
    if diff > 1e-3:
        raise SystemExit("the exported model does not reproduce scikit-learn's predictions")
    path = pathlib.Path(args.model)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(model, separators=(",", ":")), encoding="utf-8")
    print(f"model written to {path} ({path.stat().st_size // 1024} KB, {len(model['trees'])} trees)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
