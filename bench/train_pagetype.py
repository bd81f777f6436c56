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
import gzip
import json
import pathlib
import pickle
import sys
import time
from typing import Any
from urllib.parse import urlsplit

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.feature_selection import chi2
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, f1_score
from sklearn.model_selection import GroupKFold
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from extractor.auto.pagetype import (  # noqa: E402
    HAS_MAIN_TEXT,
    MAIN_TEXT_CUT,
    MODEL_PATH,
    PAGE_TYPES,
    RENDER_MODEL_PATH,
    check_model,
    main_text_mean,
    main_text_proba,
    predict_proba,
    scripts_built_text,
    text_model_proba,
)
from extractor.auto.pagetype_features import (  # noqa: E402
    FEATURE_VERSION,
    LAYOUT_NAMES,
    NUMERIC_NAMES,
    body_words,
    layout_features,
    page_features,
    url_features,
)
from extractor.blocklist import block_list  # noqa: E402
from extractor.errors import PagesightError  # noqa: E402
from extractor.evaluate import page_bytes, read_gold  # noqa: E402
from extractor.page import load  # noqa: E402
from extractor.trees import export_trees  # noqa: E402

#: Share of training pages whose URL is dropped (issue #8: "train with some URLs dropped").
DROP_URL_SHARE = 0.3
#: Bag-of-words vocabulary size, chosen by chi-square inside each training fold (tuned on wcxb_dev).
VOCAB_SIZE = 200
#: A word must occur on pages of at least this many training domains to enter the vocabulary
#: (one site's menu words say nothing about other sites; tuned on wcxb_dev).
MIN_DOMAINS = 5
#: Gradient boosting settings (grouped CV on wcxb_dev, out-of-fold log loss and accuracy; the
#: leaf sizes keep the model file small). Balanced class weights: log loss 0.478 against 0.505,
#: has-main-text 0.916 against 0.910; learning rate 0.05 with 200 rounds gave 0.479 / 0.919, no
#: better than 100 rounds at 0.1 for twice the file (/work/notes/pagetype/exp2.txt, exp3.txt). Nested
#: check: an inner grouped CV inside each outer training fold picks balanced weights in all 5 folds
#: (inner log loss), so the CV figures equal the nested ones (/work/notes/pagetype/nested_sel.txt).
GB_PARAMS = dict(max_iter=100, learning_rate=0.1, max_leaf_nodes=15, min_samples_leaf=8,
                 l2_regularization=1.0, class_weight="balanced", random_state=0)
#: Text model (tf-idf + logistic regression over title/heading/anchor/URL words, stacked into the
#: classifier as 7 probabilities; tuned on wcxb_dev by grouped CV): vocabulary cap, min pages, C.
TEXT_MAX_FEATURES = 3000
TEXT_MIN_DF = 3
TEXT_C = 5.0
#: Add the first words of the page text to the text model's documents (grouped CV on wcxb_dev: macro-F1
#: 0.801 with, 0.797 without, has-main-text 0.904 / 0.905: no gain, so off).
TEXT_BODY = False
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
    rows = {"version": FEATURE_VERSION, "names": NUMERIC_NAMES, "ids": [], "urls": [], "labels": [], "groups": [],
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
        rows["urls"].append(url or "")
        rows["labels"].append(gold["page_type"])
        rows["groups"].append(domain(url, gold["id"]))
        for key, value in features_both_ways(page, blocks, url or "").items():
            rows[key].append(value)
        rows["body"].append(body_words(blocks))
        if n % 200 == 0:
            print(f"  features {n}/{len(golds)}", file=sys.stderr)
    return _finish_rows(rows, cache)


def without_url(num: np.ndarray, words: set[str]) -> tuple[np.ndarray, set[str]]:
    """The features of a page as if no URL were known (URL features zero, no ``u:`` words)."""
    num = num.copy()
    zero = url_features(None)
    for name, value in zero.items():
        num[NUMERIC_NAMES.index(name)] = value
    return num, {w for w in words if not w.startswith("u:")}


def features_both_ways(page, blocks, url: str) -> dict[str, Any]:
    """A page's features with and without its URL, keyed as the rows store them."""
    num, words = page_features(page, blocks, url)
    num_nourl, words_nourl = without_url(num, words)
    return {"num_url": num, "num_nourl": num_nourl, "words_url": words, "words_nourl": words_nourl}


#: What the render model reads: the typed document (served HTML, or the rendered DOM when scripts
#: built the text) and the rendered page's layout.
RENDER_KIND = "typed document + layout"
#: Its row in the results table.
RENDER_ROW = "gradient boosting, render on (served HTML or script-built DOM + layout features)"


def with_layout(data: pathlib.Path, rendered_cache: pathlib.Path, html_rows: dict, cache: pathlib.Path | None
                ) -> dict:
    """The render model's rows: each page's HTML features (or, where scripts built most of the text,
    the rendered DOM's; :func:`extractor.auto.pagetype.typed_document`) with :data:`LAYOUT_NAMES` appended.

    Grouped CV on wcxb_dev chose the served HTML over the rendered DOM with hidden parts removed
    (1,258 against 1,241 has-main-text pages right) and over the rendered DOM as scripts left it
    (1,249; /work/notes/s3/hmt_render.py, dom_rows.py). Renders come from the cache of
    ``bench/train_crf.py``; a page whose render failed keeps its HTML features and zero layout.
    """
    if cache and cache.exists():
        stored = pickle.loads(cache.read_bytes())
        if stored.get("version") == FEATURE_VERSION and stored.get("names") == NUMERIC_NAMES + LAYOUT_NAMES \
                and stored.get("kind") == RENDER_KIND and stored.get("ids") == html_rows["ids"]:
            return stored
    from train_crf import load_rendered

    from extractor.rendered import page_from_rendered, rendered_dom

    rendered = load_rendered(rendered_cache)
    rows = {**html_rows, "names": NUMERIC_NAMES + LAYOUT_NAMES, "kind": RENDER_KIND,
            **{key: list(html_rows[key]) for key in ("num_url", "num_nourl", "words_url", "words_nourl")}}
    layout = np.zeros((len(html_rows["ids"]), len(LAYOUT_NAMES)))
    failed = from_dom = 0
    for r, pid in enumerate(html_rows["ids"]):
        item = rendered.get(pid)
        try:
            if item is None or isinstance(item, str):
                raise PagesightError(str(item))
            page = page_from_rendered(item)
            layout[r] = layout_features(page)
            dom = rendered_dom(item.html, url=html_rows["urls"][r] or None)
            served = load(page_bytes(data, pid))
            if scripts_built_text(float(served.text_len[0]), float(dom.text_len[0])):
                from_dom += 1
                for key, value in features_both_ways(dom, block_list(dom), html_rows["urls"][r]).items():
                    rows[key][r] = value
        except (PagesightError, ValueError, IndexError):
            failed += 1
    print(f"  layout features: {len(layout) - failed} rendered pages ({from_dom} typed from the rendered DOM), "
          f"{failed} without a render", file=sys.stderr)
    rows["num_url"] = np.hstack([np.array(rows["num_url"]), layout])
    rows["num_nourl"] = np.hstack([np.array(rows["num_nourl"]), layout])
    if cache:
        cache.write_bytes(pickle.dumps(rows))
    return rows


def _finish_rows(rows: dict, cache: pathlib.Path | None) -> dict:
    """Numeric feature lists to arrays; write the rows to ``cache`` when one is given."""
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
    width = rows["num_url"].shape[1]  # numeric features (plus layout ones on rendered pages)
    out = np.zeros((len(idx), width + len(vocab)))
    for r, (i, d) in enumerate(zip(idx, drop, strict=False)):
        out[r, :width] = rows["num_nourl" if d else "num_url"][i]
        for w in rows["words_nourl" if d else "words_url"][i]:
            j = vpos.get(w)
            if j is not None:
                out[r, width + j] = 1.0
    return out


def classifiers() -> dict:
    """The compared classifiers (fresh instances)."""
    return {
        "GaussianNB": lambda: GaussianNB(var_smoothing=1e-3),
        "decision tree": lambda: DecisionTreeClassifier(max_depth=8, min_samples_leaf=5, random_state=SEED),
        "gradient boosting": lambda: HistGradientBoostingClassifier(**GB_PARAMS),
        "kNN (k=7, scaled)": lambda: make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=7)),
    }


def text_docs(rows: dict, idx: np.ndarray, drop: np.ndarray) -> list[str]:
    """Documents of the text model: the page's bag of words (and body words) as one string."""
    out = []
    for i, d in zip(idx, drop, strict=True):
        words = " ".join(sorted(rows["words_nourl" if d else "words_url"][i]))
        out.append(words + (" " + " ".join(rows["body"][i]) if TEXT_BODY else ""))
    return out


def fit_text_model(docs: list[str], labels: np.ndarray) -> tuple[TfidfVectorizer, LogisticRegression]:
    """Fit the text model (tf-idf, multinomial logistic regression) on documents."""
    vec = TfidfVectorizer(token_pattern=r"\S+", lowercase=False, min_df=TEXT_MIN_DF, sublinear_tf=True,
                          max_features=TEXT_MAX_FEATURES)
    lr = LogisticRegression(C=TEXT_C, max_iter=3000).fit(vec.fit_transform(docs), labels)
    return vec, lr


def text_proba(vec: TfidfVectorizer, lr: LogisticRegression, docs: list[str]) -> np.ndarray:
    """Text-model probabilities in :data:`PAGE_TYPES` order."""
    proba = lr.predict_proba(vec.transform(docs))
    out = np.zeros((len(docs), len(PAGE_TYPES)))
    for j, cls in enumerate(lr.classes_):
        out[:, PAGE_TYPES.index(cls)] = proba[:, j]
    return out


def stacked_text(rows: dict, train: np.ndarray, labels: np.ndarray, groups: np.ndarray, drop: np.ndarray
                 ) -> np.ndarray:
    """Out-of-fold text-model probabilities for training pages (inner grouped CV), to train on."""
    docs = text_docs(rows, train, drop)
    out = np.zeros((len(train), len(PAGE_TYPES)))
    for a, b in GroupKFold(n_splits=FOLDS).split(train, labels[train], groups[train]):
        vec, lr = fit_text_model([docs[k] for k in a], labels[train][a])
        out[b] = text_proba(vec, lr, [docs[k] for k in b])
    return out


def fold_features(rows: dict, train: np.ndarray, test: np.ndarray, drop_train: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Feature matrices of one outer fold: training rows, test rows with URL, test rows without URL."""
    labels = np.array(rows["labels"])
    groups = np.array(rows["groups"])
    vocab = choose_vocab([rows["words_url"][i] for i in train], labels[train], groups[train])
    x_train = matrix(rows, train, vocab, drop_train[train])
    x_url = matrix(rows, test, vocab, np.zeros(len(test), bool))
    x_nourl = matrix(rows, test, vocab, np.ones(len(test), bool))
    inner = stacked_text(rows, train, labels, groups, drop_train[train])
    vec, lr = fit_text_model(text_docs(rows, train, drop_train[train]), labels[train])
    p_url = text_proba(vec, lr, text_docs(rows, test, np.zeros(len(test), bool)))
    p_nourl = text_proba(vec, lr, text_docs(rows, test, np.ones(len(test), bool)))
    return np.hstack([x_train, inner]), np.hstack([x_url, p_url]), np.hstack([x_nourl, p_nourl])


def main_probability(proba: np.ndarray, classes) -> np.ndarray:
    """Summed probability of the main-text types, per row of ``proba`` (columns in ``classes`` order)."""
    cols = [j for j, cls in enumerate(classes) if cls in HAS_MAIN_TEXT]
    return proba[:, cols].sum(axis=1)


#: Candidate temperatures of the calibration (probabilities become softmax(log p / T)).
TEMPERATURES = tuple(round(0.5 + 0.05 * k, 2) for k in range(51))


def scale(proba: np.ndarray, temperature: float) -> np.ndarray:
    """Probabilities with their logits divided by ``temperature`` (argmax unchanged)."""
    z = np.log(np.clip(proba, 1e-12, 1.0)) / temperature
    z -= z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def choose_temperature(proba: np.ndarray, labels: np.ndarray, classes) -> float:
    """The temperature of :data:`TEMPERATURES` with the lowest log loss of ``proba`` (columns ``classes``)."""
    truth = np.searchsorted(np.asarray(classes), labels)
    losses = [float(-np.log(np.clip(scale(proba, t)[np.arange(len(labels)), truth], 1e-12, 1.0)).mean())
              for t in TEMPERATURES]
    return TEMPERATURES[int(np.argmin(losses))]


def inner_temperature(make, x: np.ndarray, labels: np.ndarray, groups: np.ndarray) -> float:
    """Temperature of the calibration chosen by grouped CV inside a training set only (nested:
    never sees the test fold)."""
    classes = sorted(set(labels))
    proba = np.zeros((len(labels), len(classes)))
    for a, b in GroupKFold(n_splits=FOLDS).split(x, labels, groups):
        clf = make().fit(x[a], labels[a])
        proba[b] = clf.predict_proba(x[b])
    return choose_temperature(proba, labels, classes)


def cross_validate(rows: dict, only: tuple[str, ...] | None = None, nested: tuple[str, ...] = ("gradient boosting",),
                   fold_cache: pathlib.Path | None = None, calibrate: bool = False) -> tuple[dict, dict]:
    """Grouped 5-fold CV of every classifier on both tasks; returns (scores, oof predictions)."""
    labels = np.array(rows["labels"])
    groups = np.array(rows["groups"])
    binary = np.array([lab in HAS_MAIN_TEXT for lab in labels])
    rng = np.random.default_rng(SEED)
    drop_train = rng.random(len(labels)) < DROP_URL_SHARE
    key = (FEATURE_VERSION, rows["names"], len(labels), VOCAB_SIZE, MIN_DOMAINS, TEXT_MAX_FEATURES, TEXT_MIN_DF,
           TEXT_C, TEXT_BODY, DROP_URL_SHARE, rows.get("kind"))
    folds = None
    if fold_cache and fold_cache.exists():
        stored = pickle.loads(fold_cache.read_bytes())
        folds = stored["folds"] if stored.get("key") == key else None
    if folds is None:
        folds = []
        for train, test in GroupKFold(n_splits=FOLDS).split(labels, labels, groups):
            folds.append((train, test, *fold_features(rows, train, test, drop_train)))
        if fold_cache:
            fold_cache.write_bytes(pickle.dumps({"key": key, "folds": folds}))
    print("  fold features ready", file=sys.stderr)
    scores: dict = {}
    oof: dict = {}
    n = len(labels)
    for name, make in classifiers().items():
        if only and name not in only:
            continue
        pred = {"7 types": {"url": np.empty(n, dtype=object), "nourl": np.empty(n, dtype=object)},
                "has-main-text": {"url": np.zeros(n, bool), "nourl": np.zeros(n, bool)},
                "has-main-text via 7 types": {"url": np.zeros(n, bool), "nourl": np.zeros(n, bool)},
                "has-main-text, both models": {"url": np.zeros(n, bool), "nourl": np.zeros(n, bool)}}
        temperatures = []
        proba_oof = np.zeros((n, len(PAGE_TYPES)))
        raw_oof = np.zeros((n, len(PAGE_TYPES)))
        main_oof = np.zeros(n)
        for train, test, x_train, x_url, x_nourl in folds:
            multi = make().fit(x_train, labels[train])
            two = make().fit(x_train, binary[train])
            temp = inner_temperature(make, x_train, labels[train], groups[train]) if calibrate and name in nested \
                else 1.0
            temperatures.append(temp)
            for key, x in (("url", x_url), ("nourl", x_nourl)):
                p7 = multi.predict(x)
                pred["7 types"][key][test] = p7
                pred["has-main-text via 7 types"][key][test] = [p in HAS_MAIN_TEXT for p in p7]
                pred["has-main-text"][key][test] = two.predict(x)
                both = main_text_mean(two.predict_proba(x)[:, list(two.classes_).index(True)],
                                      main_probability(multi.predict_proba(x), multi.classes_))
                pred["has-main-text, both models"][key][test] = both > MAIN_TEXT_CUT
                if key == "url":
                    main_oof[test] = both
            raw = multi.predict_proba(x_url)
            proba = scale(raw, temp)
            for j, cls in enumerate(multi.classes_):
                proba_oof[test, PAGE_TYPES.index(cls)] = proba[:, j]
                raw_oof[test, PAGE_TYPES.index(cls)] = raw[:, j]
        scores[name] = {
            "7-type macro-F1": {k: f1_score(labels, pred["7 types"][k].astype(str), average="macro")
                                for k in pred["7 types"]},
            "7-type accuracy": {k: accuracy_score(labels, pred["7 types"][k].astype(str)) for k in pred["7 types"]},
            "has-main-text accuracy": {k: accuracy_score(binary, pred["has-main-text"][k]) for k in ("url", "nourl")},
            "has-main-text accuracy (from 7-type model)": {
                k: accuracy_score(binary, pred["has-main-text via 7 types"][k]) for k in ("url", "nourl")},
            "has-main-text accuracy (both models)": {
                k: accuracy_score(binary, pred["has-main-text, both models"][k]) for k in ("url", "nourl")},
            "has-main-text pages right (both models)": int((pred["has-main-text, both models"]["url"] == binary).sum()),
            "temperatures": temperatures,
            "log loss": float(-np.log(np.clip(proba_oof[np.arange(n), [PAGE_TYPES.index(lab) for lab in labels]],
                                              1e-12, 1.0)).mean()),
        }
        oof[name] = {"pred": pred["7 types"]["url"].astype(str).tolist(), "proba": proba_oof.round(4).tolist(),
                     "raw": raw_oof.tolist(), "main_text": main_oof.round(4).tolist()}
        print(f"  {name}: 7-type macro-F1 {scores[name]['7-type macro-F1']['url']:.3f}", file=sys.stderr)
    return scores, oof


def export_text_model(vec: TfidfVectorizer, lr: LogisticRegression) -> dict:
    """The text model as JSON-ready parameters (vocabulary, idf, coefficients, intercepts)."""
    terms = vec.get_feature_names_out().tolist()
    return {"terms": terms, "idf": [float(f"{v:.6g}") for v in vec.idf_.tolist()],
            "classes": [str(c) for c in lr.classes_],
            "coef": [[float(f"{v:.4g}") for v in row] for row in lr.coef_.tolist()],
            "intercept": [float(f"{v:.6g}") for v in lr.intercept_.tolist()], "body": TEXT_BODY}


def export_hgb(clf: HistGradientBoostingClassifier, vocab: list[str], layout: bool = False) -> dict:
    """The 7-type model as a JSON-ready dict: its trees, the feature version and names, the vocabulary.

    ``layout``: the rows carry :data:`LAYOUT_NAMES` after the numeric features (the render model).
    """
    return {**export_trees(clf), "feature_version": FEATURE_VERSION, "numeric_names": NUMERIC_NAMES,
            **({"layout_names": LAYOUT_NAMES} if layout else {}), "vocab": vocab,
            "trained_on": "wcxb_dev (all pages; URLs dropped on a share of them)",
            "params": {k: v for k, v in GB_PARAMS.items()}}


def fit_final(rows: dict, sample_weight: np.ndarray | None = None
              ) -> tuple[dict, list[HistGradientBoostingClassifier], np.ndarray]:
    """Fit the shipped models on every page (URLs dropped on a share) and export them.

    The 7-type model carries the has-main-text (binary) model as ``main_text_model``. Returns the
    JSON-ready model, the fitted boosters (7-type, binary) and the feature rows (with URLs) to check the export.
    ``sample_weight`` (one per page) weighs the boosters' training pages.
    """
    labels = np.array(rows["labels"])
    groups = np.array(rows["groups"])
    rng = np.random.default_rng(SEED)
    drop = rng.random(len(labels)) < DROP_URL_SHARE
    vocab = choose_vocab(rows["words_url"], labels, groups)
    idx = np.arange(len(labels))
    inner = stacked_text(rows, idx, labels, groups, drop)
    x = np.hstack([matrix(rows, idx, vocab, drop), inner])
    clf = HistGradientBoostingClassifier(**GB_PARAMS).fit(x, labels, sample_weight=sample_weight)
    two = HistGradientBoostingClassifier(**GB_PARAMS).fit(x, np.array([lab in HAS_MAIN_TEXT for lab in labels]),
                                                          sample_weight=sample_weight)
    vec, lr = fit_text_model(text_docs(rows, idx, drop), labels)
    no_drop = np.zeros(len(idx), bool)
    x_check = np.hstack([matrix(rows, idx, vocab, no_drop), text_proba(vec, lr, text_docs(rows, idx, no_drop))])
    model = export_hgb(clf, vocab, layout=rows["names"] != NUMERIC_NAMES)
    model["main_text_model"] = export_trees(two)
    model["text_model"] = export_text_model(vec, lr)
    return model, [clf, two], x_check


KEYS = ("has-main-text accuracy", "has-main-text accuracy (from 7-type model)",
        "has-main-text accuracy (both models)", "7-type macro-F1", "7-type accuracy")
HEADS = ("has-main-text acc. (binary model)", "has-main-text acc. (7-type argmax)",
         "has-main-text acc. (mean of both models' probabilities > 0.5: shipped)", "7-type macro-F1", "7-type acc.")


def markdown(scores: dict, pages: int, command: str) -> str:
    """The comparison as markdown: every classifier, then HTML-only and render-on side by side."""
    lines = [f"Grouped 5-fold CV by domain on wcxb_dev ({pages} pages). Cells: with URL / without URL at test "
             "time. Every vocabulary (and, with --calibrate, temperature) is chosen inside the training folds; "
             "has-main-text by both models: the mean of the binary model's probability and the 7-type model's "
             "summed main-text probability above 0.5 (neutral, not tuned).", "",
             f"    {command}", "",
             "HTML only:", "",
             "| classifier | " + " | ".join(HEADS) + " |", "|---" * (len(HEADS) + 1) + "|"]
    for name, s in scores.items():
        if name == RENDER_ROW:
            continue
        lines.append(f"| {name} | " + " | ".join(f"{s[k]['url']:.3f} / {s[k]['nourl']:.3f}" for k in KEYS) + " |")
    html, rendered = scores.get("gradient boosting"), scores.get(RENDER_ROW)
    if html and rendered:
        lines += ["", "Gradient boosting (the shipped kind), HTML only and with rendering (pages rendered offline in "
                  "Chromium; the served HTML's features, or the rendered DOM's where scripts built most of the text, "
                  "plus layout features of the rendered page), side by side, "
                  "with URL:", "",
                  "| measure | HTML only | render on |", "|---|---|---|"]
        for key, head in zip(KEYS, HEADS, strict=True):
            lines.append(f"| {head} | {html[key]['url']:.3f} | {rendered[key]['url']:.3f} |")
        lines.append(f"| 7-type log loss (out of fold) | {html['log loss']:.3f} "
                     f"| {rendered['log loss']:.3f} |")
        if any(t != 1.0 for t in html["temperatures"] + rendered["temperatures"]):
            lines.append(f"| nested temperatures per fold | {html['temperatures']} | {rendered['temperatures']} |")
        right = "has-main-text pages right (both models)"
        lines.append(f"| has-main-text pages right of {pages} (both models) | {html[right]} | {rendered[right]} |")
    return "\n".join(lines) + "\n"


def write_model(rows: dict, path: pathlib.Path, raw_oof: np.ndarray | None, calibrate: bool,
                sample_weight: np.ndarray | None = None, trained_on: str | None = None) -> None:
    """Fit the shipped models on ``rows``, check the export reproduces scikit-learn, write it to ``path``.

    ``raw_oof``: out-of-fold 7-type probabilities to choose the temperature on (with ``calibrate``).
    Raises SystemExit when the exported model does not reproduce scikit-learn's predictions.
    """
    model, (clf, two), x_all = fit_final(rows, sample_weight)
    if trained_on:
        model["trained_on"] = trained_on
    checked = check_model(json.loads(json.dumps(model)))
    diff = float(np.abs(predict_proba(checked, x_all) - clf.predict_proba(x_all)).max())
    binary_diff = float(np.abs(main_text_proba(checked, x_all) - two.predict_proba(x_all)[:, 1]).max())
    print(f"exported models vs scikit-learn, largest probability difference: 7 types {diff:.2e}, "
          f"has-main-text {binary_diff:.2e}", file=sys.stderr)
    n_text = len(PAGE_TYPES)
    text_diff = max(float(np.abs(text_model_proba(checked, doc.split()) - x_all[i, -n_text:]).max())
                    for i, doc in enumerate(text_docs(rows, np.arange(50), np.zeros(50, bool))))
    print(f"exported text model vs scikit-learn, largest probability difference: {text_diff:.2e}", file=sys.stderr)
    if max(diff, binary_diff, text_diff) > 1e-3:
        raise SystemExit("the exported model does not reproduce scikit-learn's predictions")
    # The shipped temperature: chosen on the raw out-of-fold probabilities of every page (the CV
    # figures chose it inside each training fold instead).
    model["temperature"] = choose_temperature(raw_oof, np.array(rows["labels"]), PAGE_TYPES) \
        if calibrate and raw_oof is not None else 1.0
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(model, separators=(",", ":")).encode("utf-8")
    path.write_bytes(gzip.compress(text, mtime=0) if path.suffix == ".gz" else text)
    print(f"model written to {path} ({path.stat().st_size // 1024} KB, {len(model['trees'])} + "
          f"{len(model['main_text_model']['trees'])} trees, temperature {model['temperature']})", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry: compare, report, write the models and the out-of-fold predictions."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "wcxb_dev"))
    ap.add_argument("--cache", default=None, help="pickle file caching the page features between runs")
    ap.add_argument("--model", default=str(MODEL_PATH))
    ap.add_argument("--render-model", default=str(RENDER_MODEL_PATH),
                    help="where the render model goes (written with --render-cache)")
    ap.add_argument("--results", default=str(ROOT / "bench" / "results"))
    ap.add_argument("--no-write", action="store_true", help="compare only; do not write the models")
    ap.add_argument("--calibrate", action="store_true",
                    help="temperature-scale the probabilities (temperature chosen inside the training folds; "
                         "grouped CV on wcxb_dev: out-of-fold log loss 0.431 against 0.499, same predictions). "
                         "Off by default: the route table of auto is built on uncalibrated out-of-fold types")
    ap.add_argument("--skip-cv", action="store_true", help="only fit and write the models (no comparison)")
    ap.add_argument("--render-cache", default=None,
                    help="render cache of bench/train_crf.py: also score, and write, the render model (the served "
                         "HTML's features plus layout features of the rendered page)")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    rows = collect(pathlib.Path(args.data), pathlib.Path(args.cache) if args.cache else None)
    print(f"features of {len(rows['labels'])} pages in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    fold_cache = pathlib.Path(args.cache).with_suffix(".folds.pkl") if args.cache else None
    scores, oof = ({}, {}) if args.skip_cv else cross_validate(rows, fold_cache=fold_cache, calibrate=args.calibrate)
    results = pathlib.Path(args.results)
    results.mkdir(parents=True, exist_ok=True)
    rendered_rows, render_oof = None, {}
    if args.render_cache:
        cache = pathlib.Path(args.cache).with_suffix(".layout.pkl") if args.cache else None
        rendered_rows = with_layout(pathlib.Path(args.data), pathlib.Path(args.render_cache), rows, cache)
        render_folds = pathlib.Path(args.cache).with_suffix(".layout.folds.pkl") if args.cache else None
        if not args.skip_cv:
            render_scores, render_oof = cross_validate(rendered_rows, only=("gradient boosting",),
                                                       fold_cache=render_folds, calibrate=args.calibrate)
            scores[RENDER_ROW] = render_scores["gradient boosting"]
    if scores:
        table = markdown(scores, len(rows["labels"]), "/work/venv/bin/python bench/train_pagetype.py "
                         + " ".join(argv if argv is not None else sys.argv[1:]))
        print(table)
        (results / "pagetype.md").write_text(table, encoding="utf-8")
    if args.no_write:
        return 0
    if oof:
        shipped = oof["gradient boosting"]
        (results / "pagetype_oof.json").write_text(json.dumps(
            {"model": "gradient boosting", "folds": "GroupKFold(5) by domain", "ids": rows["ids"],
             "labels": rows["labels"], "pred": shipped["pred"], "classes": list(PAGE_TYPES),
             "proba": shipped["proba"], "main_text": shipped["main_text"]}), encoding="utf-8")
    raw = np.array(oof["gradient boosting"]["raw"]) if oof else None
    write_model(rows, pathlib.Path(args.model), raw, args.calibrate)
    if rendered_rows is not None:
        raw = np.array(render_oof["gradient boosting"]["raw"]) if render_oof else None
        write_model(rendered_rows, pathlib.Path(args.render_model), raw, args.calibrate)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
