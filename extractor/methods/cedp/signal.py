"""Signal steps of CEDP on a text-node sequence: Otsu's threshold and path-weighted smoothing.

Kept apart from :mod:`extractor.methods.cedp` so each step can be tested on small arrays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from ...memory import register_cache


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
    so neighbouring nodes of one subtree cost little. The rest is Myers' bit-parallel
    algorithm (Hyyrö's form for the global distance): one pass over the shorter path,
    a few integer operations per tag, the same number as the textbook table.
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
    if len(a) < len(b):
        a, b = b, a
    # Bit k of a column's vectors is the vertical delta (+1: pv, -1: mv) at row k + 1 of the table.
    peq: dict[str, int] = {}
    for k, tag in enumerate(a):
        peq[tag] = peq.get(tag, 0) | (1 << k)
    rows = len(a)
    full = (1 << rows) - 1
    last = 1 << (rows - 1)
    pv, mv, score = full, 0, rows
    for tag in b:
        eq = peq.get(tag, 0)
        xv = eq | mv
        xh = ((((eq & pv) + pv) & full) ^ pv) | eq
        ph = mv | (~(xh | pv) & full)
        mh = pv & xh
        if ph & last:
            score += 1
        elif mh & last:
            score -= 1
        ph = ((ph << 1) | 1) & full
        mh = (mh << 1) & full
        pv = mh | (~(xv | ph) & full)
        mv = ph & xv
    return score


#: Edit distances between the differing parts of two tag paths (what is left below their longest
#: common prefix, bottom-up, when neither part is a single tag), shared across pages. Only about a
#: quarter of the look-ups hit when the cache starts empty every 100 pages (the 1,000 WARC pages):
#: the per-page cost does not rest on it.
_DISTANCE_CACHE: dict[tuple[tuple[str, ...], tuple[str, ...]], int] = {}
#: The cache is emptied when it grows past this many pairs (bounds memory in long runs).
DISTANCE_CACHE_MAX = 200_000
register_cache(_DISTANCE_CACHE.clear)


def cached_path_distance(a: tuple[str, ...], b: tuple[str, ...]) -> int:
    """:func:`path_edit_distance` through a bounded cache keyed by the (ordered) pair."""
    key = (a, b) if a <= b else (b, a)
    hit = _DISTANCE_CACHE.get(key)
    if hit is None:
        if len(_DISTANCE_CACHE) >= DISTANCE_CACHE_MAX:
            _DISTANCE_CACHE.clear()
        hit = _DISTANCE_CACHE[key] = path_edit_distance(a, b)
    return hit


class TagPaths:
    """A set of tag paths as a trie: path id ``p`` is its parent path ``parent[p]`` plus the tag ``tag[p]``.

    Ids are numbered so that a parent comes before its children (``parent[p] < p``; ``-1`` for
    the one root, which every path shares). Two paths then share exactly the prefix ending at
    their lowest common ancestor in the trie, found by walking the larger id up, and their edit
    distance is that of the parts below it: no tag of the common prefix is compared.
    """

    __slots__ = ("parent", "tag", "length", "lengths")

    def __init__(self, parent: list[int], tag: list[str], length: list[int]) -> None:
        """Takes per path id its parent id, its last tag and its length in tags (the root's may be 0)."""
        self.parent = parent
        self.tag = tag
        self.length = length
        #: ``length`` as an int64 array.
        self.lengths = np.array(length, dtype=np.int64)

    @classmethod
    def from_tuples(cls, paths: Mapping[int, tuple[str, ...]], path_ids: np.ndarray) -> tuple[TagPaths, np.ndarray]:
        """The trie of the tag tuples in ``paths`` (path id -> tags) under an empty root path (id 0).

        Returns the trie and ``path_ids`` renumbered into its ids. Raises ``KeyError`` when a
        path id of ``path_ids`` is not in ``paths``.
        """
        parent, tag, length = [-1], [""], [0]
        ids: dict[tuple[int, str], int] = {}
        node_of: dict[int, int] = {}
        for p in sorted(set(np.asarray(path_ids).tolist())):
            node = 0
            for t in paths[p]:
                nxt = ids.get((node, t))
                if nxt is None:
                    nxt = ids[(node, t)] = len(parent)
                    parent.append(node)
                    tag.append(t)
                    length.append(length[node] + 1)
                node = nxt
            node_of[p] = node
        renumbered = np.array([node_of[p] for p in np.asarray(path_ids).tolist()], dtype=np.int64)
        return cls(parent, tag, length), renumbered

    def distance(self, p: int, q: int) -> int:
        """Levenshtein distance between the tag paths ``p`` and ``q`` (ids of this trie).

        The same number as :func:`path_edit_distance` on the two whole tag tuples.
        """
        parent, tag = self.parent, self.tag
        a: list[str] = []
        b: list[str] = []
        while p != q:
            if p > q:
                a.append(tag[p])
                p = parent[p]
            else:
                b.append(tag[q])
                q = parent[q]
        la, lb = len(a), len(b)
        if not la or not lb:
            return la + lb
        # One tag against k: k edits, one fewer when it matches one of them (a substitution saved).
        if la == 1:
            return lb - (a[0] in b)
        if lb == 1:
            return la - (b[0] in a)
        # Both remainders read bottom-up: reversing both strings keeps their edit distance.
        return cached_path_distance(tuple(a), tuple(b))


#: Pairs are deduplicated through a flag table over all ``size * size`` keys up to this size
#: (a few numpy passes); past it, by sorting (``np.unique``).
_PAIR_TABLE_MAX = 1 << 16


def _pair_similarity(trie: TagPaths, left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """``1 - ed / max(len, len, 1)`` per pair of trie ids ``left[k]``, ``right[k]``, each distinct
    unordered pair computed once (1.0 where the ids are equal)."""
    out = np.ones(len(left), dtype=np.float64)
    differ = left != right
    lo, hi = left[differ], right[differ]
    if not len(lo):
        return out
    lo, hi = np.minimum(lo, hi), np.maximum(lo, hi)
    size = len(trie.parent)
    key = lo * size + hi
    if size * size <= _PAIR_TABLE_MAX:
        seen = np.zeros(size * size, dtype=bool)
        seen[key] = True
        uniq = np.flatnonzero(seen)
        slot = np.empty(size * size, dtype=np.int64)
        slot[uniq] = np.arange(len(uniq), dtype=np.int64)
        inverse = slot[key]
    else:
        uniq, inverse = np.unique(key, return_inverse=True)
    p, q = np.divmod(uniq, size)
    length = trie.lengths
    longest = np.maximum(np.maximum(length[p], length[q]), 1)
    ed = np.fromiter(map(trie.distance, p.tolist(), q.tolist()), dtype=np.float64, count=len(uniq))
    out[differ] = (1.0 - ed / longest)[inverse.ravel()]
    return out


def _as_trie(path_ids: np.ndarray, paths: Mapping[int, tuple[str, ...]] | TagPaths) -> tuple[TagPaths, np.ndarray]:
    if isinstance(paths, TagPaths):
        return paths, np.asarray(path_ids).astype(np.int64, copy=False)
    return TagPaths.from_tuples(paths, path_ids)


def path_similarity(path_ids: np.ndarray, paths: Mapping[int, tuple[str, ...]] | TagPaths,
                    offset: int) -> np.ndarray:
    """Similarity ``1 - ed(p_i, p_{i+offset}) / max(|p_i|, |p_{i+offset}|)`` for each node ``i``.

    ``path_ids`` is the tag-path id per node of the sequence and ``paths`` either maps a path id
    to its tag tuple or is the :class:`TagPaths` trie the ids number. Entries whose neighbour
    falls outside the sequence are 0. Distances are computed once per distinct pair of paths.
    Returns a float64 array of the sequence's length.
    """
    n = len(path_ids)
    sim = np.zeros(n, dtype=np.float64)
    if offset == 0:
        sim[:] = 1.0
        return sim
    lo, hi = max(0, -offset), min(n, n - offset)
    if lo >= hi:
        return sim
    trie, ids = _as_trie(path_ids, paths)
    sim[lo:hi] = _pair_similarity(trie, ids[lo:hi], ids[lo + offset:hi + offset])
    return sim


def smooth(values: np.ndarray, path_ids: np.ndarray, paths: Mapping[int, tuple[str, ...]] | TagPaths,
           radius: int, sigma: float, path_weighted: bool = True) -> np.ndarray:
    """Gaussian smoothing of a node sequence, each neighbour weighted by tag-path similarity.

    ``out[i] = sum_j g(j) s(i, i+j) v[i+j] / sum_j g(j) s(i, i+j)`` over ``j = -radius..radius``
    (neighbours outside the sequence left out), with ``g`` the Gaussian of ``sigma`` and
    ``s`` :func:`path_similarity` (1 everywhere when ``path_weighted`` is false; ``paths`` as
    there). Returns a new array of the same length.
    """
    v = np.asarray(values, dtype=np.float64)
    n = len(v)
    if n == 0 or radius <= 0:
        return v.copy()
    kernel = gaussian_kernel(radius, sigma)
    sims: dict[int, np.ndarray] = {}
    if path_weighted and n > 1:
        # The pairs (i, i + d) of every offset d > 0 at once: one unique pass, each distinct pair once.
        trie, ids = _as_trie(path_ids, paths)
        offsets = range(1, min(radius, n - 1) + 1)
        flat = _pair_similarity(trie, np.concatenate([ids[:n - d] for d in offsets]),
                                np.concatenate([ids[d:] for d in offsets]))
        at = 0
        for d in offsets:
            sims[d] = flat[at:at + n - d]
            at += n - d
    num = np.zeros(n, dtype=np.float64)
    den = np.zeros(n, dtype=np.float64)
    # Offsets from +radius down to -radius: the order the sums of num and den were always taken in.
    for k in range(2 * radius, -1, -1):
        offset = k - radius
        lo, hi = max(0, -offset), min(n, n - offset)
        if lo >= hi:
            continue
        w: np.ndarray | np.float64
        if not path_weighted or offset == 0:
            w = kernel[k]  # a node is its own path's match: similarity 1
        else:  # the pairs (i, i - d) are the pairs (j, j + d) shifted by d
            w = kernel[k] * sims[abs(offset)]
        num[lo:hi] += w * v[lo + offset:hi + offset]
        den[lo:hi] += w
    return num / np.where(den > 0, den, 1.0)
