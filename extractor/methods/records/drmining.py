"""DRMining and RecordMining of Ren & Xue 2009 (ALGORITHMS.md section 3, steps 2 and 3).

DRMining finds the data region from the *similarity sequence* of consecutive leaves:
``S[i]`` is the depth of the deepest common ancestor of leaf ``i`` and leaf ``i + 1``
(reconstruction, ALGORITHMS 3.2). For every threshold ``h`` from ``min S`` to ``max S`` the
sequence is cut into maximal runs of values ``>= h`` and ``< h``; each cut is scored with the
separation measure ``Sep`` (He, Tan, Tan et al. 2002, as reconstructed in ALGORITHMS 3.2:
lower is better, undefined for a single run); the best cut's largest run is the region.

RecordMining takes the deepest common ancestor ``T`` of the region's leaves, descends while
one child holds more than ``factor`` of the current node, and returns the final node's
children of the most frequent tag that are not much smaller than average.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

import numpy as np

from ...page import Page

Run = tuple[int, int]  # [start, stop) indices into S


def cut_runs(sequence: Sequence[float], h: float) -> list[Run]:
    """Maximal runs of consecutive values all ``>= h`` or all ``< h``, as ``[start, stop)`` pairs."""
    runs: list[Run] = []
    start = 0
    for i in range(1, len(sequence) + 1):
        if i == len(sequence) or (sequence[i] >= h) != (sequence[start] >= h):
            runs.append((start, i))
            start = i
    return runs


def separation(sequence: Sequence[float], runs: list[Run], sigma: float = 1.0) -> float | None:
    """``Sep`` of a cut: mean over ordered pairs of distinct runs of ``exp(-(c_i - c_j)^2 / 2 sigma^2)``.

    ``c`` are the run means. Returns ``None`` (undefined) for fewer than two runs. Lower is
    better: runs with far-apart means are well separated.
    """
    if len(runs) < 2:
        return None
    starts = np.fromiter((a for a, _ in runs), dtype=np.int64, count=len(runs))
    stops = np.fromiter((b for _, b in runs), dtype=np.int64, count=len(runs))
    prefix = np.concatenate(([0.0], np.cumsum(np.asarray(sequence, dtype=float))))
    means = (prefix[stops] - prefix[starts]) / (stops - starts)
    # Pairs are summed over distinct mean values with their counts: O(u^2) for u distinct means,
    # not O(k^2) for k runs (a listing of 5,000 cards cuts into ~10,000 runs with few distinct means).
    values, counts = np.unique(np.round(means, 12), return_counts=True)
    diff = values[:, None] - values[None, :]
    kernel = np.exp(-(diff ** 2) / (2.0 * sigma * sigma))
    weights = counts.astype(float)
    total = float(weights @ kernel @ weights) - float(weights.sum())  # minus the k self-pairs (kernel 1)
    k = len(runs)
    return total / (k * (k - 1))


def dr_mining(sequence: Sequence[float], sigma: float = 1.0) -> tuple[Run | None, float | None, dict[float, float]]:
    """DRMining over a similarity sequence: ``(region_run, best_h, sep_by_h)``.

    Sweeps integer thresholds from ``min S`` to ``max S``, keeps the cut with the lowest
    ``Sep`` (ties: the first, as in the paper's ``curOcq < Ocq``), and returns its longest run
    (ties: the first). ``region_run`` is ``None`` for an empty sequence; when every cut is a
    single run the whole sequence is the region and ``best_h`` is ``None``.
    """
    if len(sequence) == 0:
        return None, None, {}
    seq = [float(v) for v in sequence]
    low, high = int(math.floor(min(seq))), int(math.ceil(max(seq)))
    best: tuple[float, float, list[Run]] | None = None
    seps: dict[float, float] = {}
    for h in range(low, high + 1):
        runs = cut_runs(seq, h)
        sep = separation(seq, runs, sigma)
        if sep is None:
            continue
        seps[float(h)] = sep
        if best is None or sep < best[0]:
            best = (sep, float(h), runs)
    if best is None:
        return (0, len(seq)), None, seps
    runs = best[2]
    longest = max(runs, key=lambda r: (r[1] - r[0], -r[0]))
    return longest, best[1], seps


def leaves(page: Page, removed: np.ndarray) -> np.ndarray:
    """Ids of the content leaves in document order: elements with no element children that
    carry text (or are images), outside removed subtrees."""
    n = len(page)
    has_child = np.zeros(n, dtype=bool)
    parent = page.parent
    has_child[parent[parent >= 0]] = True
    tags = page.tags
    is_img = np.fromiter((t == "img" for t in tags), dtype=bool, count=n)
    keep = ~has_child & ~removed & ((page.text_len > 0) | is_img)
    inside = np.zeros(n, dtype=bool)
    body = page.body_id
    inside[body:int(page.end[body])] = True
    return np.flatnonzero(keep & inside)


def common_depths(page: Page, leaf_ids: np.ndarray) -> list[int]:
    """``S``: for each pair of consecutive leaves, the depth (root = 1) of their deepest common ancestor."""
    parent = page.parent.tolist()
    depth = page.depth.tolist()
    out: list[int] = []
    ids = leaf_ids.tolist()
    for a, b in zip(ids[:-1], ids[1:], strict=True):
        x = parent[b]
        while x > a:
            x = parent[x]
        out.append(depth[x] + 1 if x >= 0 else 0)
    return out


def descend(page: Page, top: int, factor: float, by: str) -> int:
    """RecordMining lines 4-18: from ``top``, move to the child with most children (``by='children'``,
    the letter) or most nodes (``by='nodes'``) while its node count exceeds ``factor`` of the current."""
    sizes = page.tag_count
    node = top
    while True:
        kids = page.children(node)
        if not kids:
            return node
        if by == "children":
            counts = [len(page.elements[k]) for k in kids]
        else:
            counts = [int(sizes[k]) for k in kids]
        best = kids[int(np.argmax(counts))]
        if sizes[node] > 0 and sizes[best] / sizes[node] > factor:
            node = best
        else:
            return node


def record_set(page: Page, node: int, removed: np.ndarray) -> list[int]:
    """RecordMining lines 19-26: children of ``node`` with its most frequent tag, dropping those with
    fewer nodes than half the average (``avgsize`` = the node's descendants / number of children)."""
    kids = [k for k in page.children(node) if not removed[k]]
    if not kids:
        return []
    tags = page.tags
    tag = Counter(tags[k] for k in kids).most_common(1)[0][0]
    avgsize = (int(page.tag_count[node]) - 1) / len(kids)
    sizes = page.tag_count
    return [k for k in kids if tags[k] == tag and sizes[k] >= avgsize / 2]
