"""Gradient-boosted tree ensembles stored as JSON, evaluated with numpy.

The shipped models of :mod:`extractor.auto` (page types, the learned extractor) are scikit-learn
``HistGradientBoostingClassifier`` ensembles exported as flat arrays (:func:`export_trees`, called
by the ``bench/train_*.py`` scripts): per tree its output index and per node ``feature`` (-1 at a leaf),
``threshold``, ``left``, ``right`` and ``value``. Inference needs no scikit-learn: every
tree of the ensemble steps together, for every row at once (a single row, as the page-type
models are called with, finds every node's next node at once and then walks by lookups).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .errors import ModelError

#: Rows walked through the trees at a time: the (rows x trees) node arrays of a chunk stay in the
#: CPU's cache: 40,000 rows of the learned model took 0.96 s of CPU at once, 0.35 s by 1,024 (0.36 by 256,
#: 0.51 by 4,096), measured 2026-11-25 on this machine under load.
ROW_CHUNK = 1024


def export_trees(*classifiers: Any) -> dict[str, Any]:
    """The trees of fitted scikit-learn ``HistGradientBoostingClassifier`` models as one JSON-ready dict of flat arrays.

    Takes one classifier, or several fitted on the same classes, whose raw scores (logits) are
    averaged: every leaf value is divided by their number and the base scores are averaged, so the
    one ensemble :func:`prepare` reads gives exactly the mean logit. Returns the format
    :func:`prepare` reads; used by the training scripts (``bench/train_*.py``), reads only attributes
    of the fitted models, so this module never imports scikit-learn. Raises ``ValueError`` when
    given none, or classifiers of different classes.
    """
    if not classifiers:
        raise ValueError("export_trees needs at least one fitted classifier")
    classes = [[str(c) for c in clf.classes_] for clf in classifiers]
    if any(c != classes[0] for c in classes):
        raise ValueError(f"the classifiers were fitted on different classes: {classes}")
    share = 1.0 / len(classifiers)
    trees = []
    max_depth = 0
    for clf in classifiers:
        for iteration in clf._predictors:
            for out, predictor in enumerate(iteration):
                nodes = predictor.nodes
                leaf = nodes["is_leaf"].astype(bool)
                trees.append({
                    "output": out,
                    "feature": np.where(leaf, -1, nodes["feature_idx"]).astype(int).tolist(),
                    "threshold": nodes["num_threshold"].tolist(),
                    "left": nodes["left"].astype(int).tolist(),
                    "right": nodes["right"].astype(int).tolist(),
                    "value": [float(f"{v * share:.5g}") for v in nodes["value"].tolist()],
                })
                max_depth = max(max_depth, int(nodes["depth"].max()))
    base = np.mean([np.asarray(clf._baseline_prediction, dtype=float).ravel() for clf in classifiers], axis=0)
    return {"kind": "trees", "classes": classes[0], "base": base.tolist(), "max_depth": max_depth,
            "trees": trees, "tree_sets": len(classifiers)}


def prepare(model: dict[str, Any]) -> dict[str, Any]:
    """Turn an exported ensemble's per-tree lists into flat numpy arrays (in place); return the model.

    Leaves point to themselves, so every tree takes exactly ``max_depth`` steps without a leaf test.
    Raises :class:`ModelError` when the model has no trees or they are malformed.
    """
    try:
        # The flat arrays replace the parsed JSON lists: tens of thousands of list items the cyclic
        # garbage collector would otherwise walk again and again in a long run.
        trees = model.pop("trees")
        sizes = [len(t["feature"]) for t in trees]
        offsets = np.concatenate(([0], np.cumsum(sizes)[:-1])).astype(np.int64)
        feature = np.concatenate([np.asarray(t["feature"], dtype=np.int64) for t in trees])
        threshold = np.concatenate([np.asarray(t["threshold"], dtype=np.float64) for t in trees])
        shift = np.repeat(offsets, sizes)
        left = np.concatenate([np.asarray(t["left"], dtype=np.int64) for t in trees]) + shift
        right = np.concatenate([np.asarray(t["right"], dtype=np.int64) for t in trees]) + shift
        model["_value"] = np.concatenate([np.asarray(t["value"], dtype=np.float64) for t in trees])
        model["_tree_output"] = np.array([t["output"] for t in trees], dtype=np.int64)
    except (KeyError, TypeError, ValueError) as exc:
        raise ModelError(f"malformed tree ensemble: {exc!r}") from None
    model["_roots"] = offsets
    outputs = model["_tree_output"]
    model["_output_trees"] = [np.flatnonzero(outputs == k) for k in range(int(outputs.max(initial=-1)) + 1)]
    leaf = feature < 0
    own = np.arange(len(leaf), dtype=np.int64)
    model["_walk_feature"] = np.where(leaf, 0, feature)
    model["_walk_threshold"] = np.where(leaf, np.inf, threshold)
    model["_walk_left"] = np.where(leaf, own, left)
    model["_walk_right"] = np.where(leaf, own, right)
    # For walking many rows: node k stands as 2k and 2k + 1, the second for "the row goes left", so
    # one step is ``child[node + (x <= threshold)]`` (see _leaves_of_rows).
    model["_walk2_feature"] = np.repeat(model["_walk_feature"], 2)
    model["_walk2_threshold"] = np.repeat(model["_walk_threshold"], 2)
    child = np.empty(2 * len(leaf), dtype=np.int64)
    child[0::2], child[1::2] = 2 * model["_walk_right"], 2 * model["_walk_left"]
    model["_walk2_child"] = child
    return model


def _leaves_of_row(model: dict[str, Any], row: np.ndarray) -> np.ndarray:
    """Leaf node per tree (shape (1, n_trees)) of a :func:`prepare`-d ensemble for one feature row.

    Every node's next node is found at once (one gather and compare over all nodes), then the
    trees walk by lookups alone: for one row that is cheaper than stepping the trees together
    (the page-type models' two calls a page: 0.24 CPU-s per 1,000 dev pages stepping, 0.13 so).
    Each node compares the same feature with the same threshold as in :func:`_leaves_of_rows`.
    """
    step = np.where(row.take(model["_walk_feature"]) <= model["_walk_threshold"], model["_walk_left"],
                    model["_walk_right"])
    node = model["_roots"]
    for _ in range(int(model["max_depth"])):
        node = step.take(node)
    return node[None, :]


def _leaves_of_rows(model: dict[str, Any], part: np.ndarray) -> np.ndarray:
    """Leaf node per row and tree (shape (n_rows, n_trees)) for C-contiguous feature rows ``part``.

    Every tree steps together, ``max_depth`` steps. Gathers are ``take`` on flat arrays (a row's
    features at ``row * n_features + feature``): the same elements as fancy indexing, with less
    per-call work (the learned model's walk, ~60 rows by 120 trees a page, took 0.49 CPU-s per
    1,000 dev pages by fancy indexing, 0.39 by ``take``). Nodes are walked as their doubled ids
    (:func:`prepare`), so a step is one gather of the next node instead of two and a select
    (``python bench/bench_tree_walk.py``, 2026-11-28, two tree sets over 8,606 blocks of 120 dev
    pages: 0.78x the CPU time of gathering both children and selecting one).
    """
    feat, thr, child = model["_walk2_feature"], model["_walk2_threshold"], model["_walk2_child"]
    flat = part.ravel()
    offset = (np.arange(len(part), dtype=np.int64) * part.shape[1])[:, None]
    node = np.broadcast_to(2 * model["_roots"], (len(part), len(model["_roots"])))
    for _ in range(int(model["max_depth"])):
        node = child.take(node + (flat.take(offset + feat.take(node)) <= thr.take(node)))
    return node >> 1


def raw_scores(model: dict[str, Any], x: np.ndarray) -> np.ndarray:
    """Raw scores (n_rows, n_outputs) of a :func:`prepare`-d ensemble for feature rows ``x`` (n_rows, n_features)."""
    value, groups = model["_value"], model["_output_trees"]
    base = np.asarray(model["base"], dtype=np.float64)
    x = np.ascontiguousarray(x, dtype=np.float64)
    n = x.shape[0]
    scores = np.tile(base, (n, 1))
    if n == 0:
        return scores
    none = np.zeros(0, dtype=np.int64)
    for lo in range(0, n, ROW_CHUNK):
        part = x[lo:lo + ROW_CHUNK]
        leaf_values = value.take(_leaves_of_row(model, part[0]) if len(part) == 1 else _leaves_of_rows(model, part))
        if scores.shape[1] == 1:
            scores[lo:lo + ROW_CHUNK, 0] += leaf_values.sum(axis=1)
        else:
            for k in range(scores.shape[1]):
                scores[lo:lo + ROW_CHUNK, k] += leaf_values[:, groups[k] if k < len(groups) else none].sum(axis=1)
    return scores


def softmax(z: np.ndarray) -> np.ndarray:
    """Row-wise softmax of raw scores."""
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def predict_proba(model: dict[str, Any], x: np.ndarray) -> np.ndarray:
    """Class probabilities (n_rows, n_classes) of a :func:`prepare`-d ensemble for feature rows ``x``.

    Logits are divided by the model's ``temperature`` (calibration stored with it; 1 when absent).
    Raises :class:`ModelError` for a model kind this code cannot evaluate.
    """
    kind = model.get("kind")
    if kind != "trees":
        raise ModelError(f"unknown tree model kind {kind!r}")
    raw = raw_scores(model, x) / float(model.get("temperature", 1.0))
    if raw.shape[1] == 1:
        p = 1.0 / (1.0 + np.exp(-raw[:, 0]))
        return np.column_stack([1.0 - p, p])
    return softmax(raw)
