"""Signal steps of CEDP on a text-node sequence: Otsu's threshold and path-weighted smoothing.

Kept apart from :mod:`extractor.methods.cedp` so each step can be tested on small arrays.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def otsu_threshold(values: np.ndarray) -> float:
    """Otsu's threshold of a 1-D sample: the cut that maximises the between-class variance.

    Takes any real values (one sample per node, equal weights). Every distinct value is a
    candidate cut, so no histogram binning is involved. Returns the smallest value of the
    upper class: samples ``>= threshold`` form the upper class. With fewer than two
    distinct values there is nothing to split and the minimum is returned (all samples
    are in the upper class). Raises :class:`ValueError` for an empty array.
    """
    x = np.asarray(values, dtype=np.float64).ravel()
    if x.size == 0:
        raise ValueError("otsu_threshold needs at least one value")
    uniq, counts = np.unique(x, return_counts=True)
    if uniq.size < 2:
        return float(uniq[0])
    total = counts.sum()
    w0 = np.cumsum(counts)[:-1].astype(np.float64)  # samples below each cut
    s0 = np.cumsum(uniq * counts)[:-1]
    w1 = total - w0
    m0 = s0 / w0
    m1 = (float(np.dot(uniq, counts)) - s0) / w1
    between = w0 * w1 * (m0 - m1) ** 2
    best = int(np.argmax(between))
    return float(uniq[best + 1])


def gaussian_kernel(radius: int, sigma: float) -> np.ndarray:
    """Gaussian weights ``exp(-j^2 / 2 sigma^2)`` for offsets ``j = -radius..radius`` (not normalised)."""
    offsets = np.arange(-radius, radius + 1, dtype=np.float64)
    return np.exp(-(offsets ** 2) / (2.0 * sigma * sigma))


def path_edit_distance(a: Sequence[str], b: Sequence[str]) -> int:
    """Levenshtein distance between two tag paths given as tag sequences.

    A shared prefix and suffix are stripped first (this does not change the distance),
    so neighbouring nodes of one subtree cost little.
    """
    i, n, m = 0, len(a), len(b)
    while i < n and i < m and a[i] == b[i]:
        i += 1
    j = 0
    while j < n - i and j < m - i and a[n - 1 - j] == b[m - 1 - j]:
        j += 1
    a, b = a[i:n - j], b[i:m - j]
    if not a or not b:
        return max(len(a), len(b))
    prev = list(range(len(b) + 1))
    for x, ca in enumerate(a, 1):
        cur = [x]
        for y, cb in enumerate(b, 1):
            cur.append(min(prev[y] + 1, cur[y - 1] + 1, prev[y - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


#: Edit distances between tag paths, shared across pages (paths recur from page to page).
_DISTANCE_CACHE: dict[tuple[tuple[str, ...], tuple[str, ...]], int] = {}
#: The cache is emptied when it grows past this many pairs (bounds memory in long runs).
DISTANCE_CACHE_MAX = 200_000


def cached_path_distance(a: tuple[str, ...], b: tuple[str, ...]) -> int:
    """:func:`path_edit_distance` through a bounded cache keyed by the (ordered) pair."""
    key = (a, b) if a <= b else (b, a)
    hit = _DISTANCE_CACHE.get(key)
    if hit is None:
        if len(_DISTANCE_CACHE) >= DISTANCE_CACHE_MAX:
            _DISTANCE_CACHE.clear()
        hit = _DISTANCE_CACHE[key] = path_edit_distance(a, b)
    return hit


def path_similarity(path_ids: np.ndarray, paths: dict[int, tuple[str, ...]], offset: int) -> np.ndarray:
    """Similarity ``1 - ed(p_i, p_{i+offset}) / max(|p_i|, |p_{i+offset}|)`` for each node ``i``.

    ``path_ids`` is the tag-path id per node of the sequence and ``paths`` maps a path id to
    its tag tuple. Entries whose neighbour falls outside the sequence are 0. Distances are
    computed once per distinct pair of path ids.
    """
    n = len(path_ids)
    sim = np.zeros(n, dtype=np.float64)
    if offset == 0:
        sim[:] = 1.0
        return sim
    lo, hi = max(0, -offset), min(n, n - offset)
    if lo >= hi:
        return sim
    left = path_ids[lo:hi].astype(np.int64)
    right = path_ids[lo + offset:hi + offset].astype(np.int64)
    size = int(max(left.max(), right.max())) + 1
    key = np.minimum(left, right) * size + np.maximum(left, right)
    uniq, inverse = np.unique(key, return_inverse=True)
    values = np.empty(len(uniq), dtype=np.float64)
    for k, code in enumerate(uniq.tolist()):
        p, q = divmod(code, size)
        if p == q:
            values[k] = 1.0
        else:
            a, b = paths[p], paths[q]
            values[k] = 1.0 - cached_path_distance(a, b) / max(len(a), len(b), 1)
    sim[lo:hi] = values[inverse.ravel()]
    return sim


def smooth(values: np.ndarray, path_ids: np.ndarray, paths: dict[int, tuple[str, ...]],
           radius: int, sigma: float, path_weighted: bool = True) -> np.ndarray:
    """Gaussian smoothing of a node sequence, each neighbour weighted by tag-path similarity.

    ``out[i] = sum_j g(j) s(i, i+j) v[i+j] / sum_j g(j) s(i, i+j)`` over ``j = -radius..radius``
    (neighbours outside the sequence left out), with ``g`` the Gaussian of ``sigma`` and
    ``s`` :func:`path_similarity` (1 everywhere when ``path_weighted`` is false). Returns a
    new array of the same length.
    """
    v = np.asarray(values, dtype=np.float64)
    n = len(v)
    if n == 0 or radius <= 0:
        return v.copy()
    kernel = gaussian_kernel(radius, sigma)
    num = np.zeros(n, dtype=np.float64)
    den = np.zeros(n, dtype=np.float64)
    sims: dict[int, np.ndarray] = {}
    for k, offset in sorted(enumerate(range(-radius, radius + 1)), key=lambda kv: -kv[1]):
        lo, hi = max(0, -offset), min(n, n - offset)
        if lo >= hi:
            continue
        if path_weighted:
            if offset < 0:  # the pairs (i, i - d) are the pairs (j, j + d) shifted by d
                w = kernel[k] * sims[-offset][:n + offset]
            else:
                sims[offset] = path_similarity(path_ids, paths, offset)
                w = kernel[k] * sims[offset][lo:hi]
        else:
            w = np.full(hi - lo, kernel[k])
        num[lo:hi] += w * v[lo + offset:hi + offset]
        den[lo:hi] += w
    return num / np.where(den > 0, den, 1.0)
