"""Simple tree matching (Yang 1991, "Identifying syntactic differences between two programs").

``STM(A, B)`` is 0 when the roots' labels differ, else 1 plus the best order-preserving
matching of the root's children (a dynamic programme over the child sequences whose cell
weights are the children's own STM values). It costs ``O(|A| * |B|)``; callers bound it by
cutting each tree to its first ``max_nodes`` nodes in document order and to ``max_depth``
levels (see :func:`build_tree`), and reuse one result for every pair of trees of the same
shape (:func:`shape_key`), so a listing of 5,000 identical cards costs one match.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import accumulate
from operator import add

from ...memory import cross_page_cache
from ...page import Page

_DIGITS = re.compile(r"\d+")


def node_label(page: Page, element_id: int) -> str:
    """The label simple tree matching compares: tag plus first class word (digit runs as ``#``)."""
    value = page.classes[element_id]
    if not value:
        return page.tags[element_id]
    label = _class_label(value) if len(value) <= _CACHED_CLASS_CHARS else _class_label.__wrapped__(value)
    return page.tags[element_id] + label


#: Class attributes up to this long are remembered between calls (a listing repeats a few); longer
#: ones are not kept alive by the cache.
_CACHED_CLASS_CHARS = 200


@cross_page_cache(maxsize=4096)
def _class_label(value: str) -> str:
    """``.word`` for the first word of a class attribute ('' when it has none); a listing repeats a few."""
    cls = value.split()
    return "." + _DIGITS.sub("#", cls[0].lower()) if cls else ""


@dataclass
class Tree:
    """A record's element tree in preorder: ``ids`` (page element ids), ``tags`` (node labels, see
    :func:`node_label`), ``kids`` (local indices)."""

    ids: list[int]
    tags: list[str]
    kids: list[list[int]]

    def __len__(self) -> int:
        return len(self.ids)


def build_tree(page: Page, root: int, removed, max_nodes: int, max_depth: int,
               skip: frozenset[int] = frozenset(), with_class: bool = True, ends=None) -> Tree:
    """The subtree of ``root`` as a :class:`Tree`, skipping removed subtrees and the subtrees of ids in
    ``skip`` (records nested in this one), keeping at most the first ``max_nodes`` nodes in preorder
    and ``max_depth`` levels below the root (the matching bound). Labels are :func:`node_label`
    with ``with_class``, else bare tags. ``removed`` is a mask by element id (an array or a list: a
    caller building many trees may pass a list, cheaper to index); ``ends`` is ``page.end`` as a
    list (by default :attr:`Page.end_list`)."""
    end = page.end_list if ends is None else ends
    page_tags = page.tags
    classes = page.classes if with_class else None
    ids: list[int] = [root]
    kids: list[list[int]] = [[]]
    # Preorder is document order: walk the ids of the subtree, jumping over the subtree of each
    # element left out, with the chain of open kept elements as (end, local index, level).
    chain: list[tuple[int, int, int]] = [(end[root], 0, 0)]
    i, stop = root + 1, end[root]
    while i < stop and len(ids) < max_nodes:
        while chain[-1][0] <= i:
            chain.pop()
        _, parent_local, level = chain[-1]
        if level >= max_depth or removed[i] or i in skip:
            i = end[i]
            continue
        local = len(ids)
        ids.append(i)
        kids.append([])
        kids[parent_local].append(local)
        chain.append((end[i], local, level + 1))
        i += 1
    if classes is None:
        tags = [page_tags[i] for i in ids]
    else:
        tags = []
        for i in ids:
            value = classes[i]
            if not value:
                tags.append(page_tags[i])
            elif len(value) <= _CACHED_CLASS_CHARS:
                tags.append(page_tags[i] + _class_label(value))
            else:
                tags.append(page_tags[i] + _class_label.__wrapped__(value))
    return Tree(ids, tags, kids)


def shape_key(tree: Tree) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """A key equal for two trees exactly when they have the same shape and tags: the labels in
    preorder with each node's parent (a preorder with parents determines the tree)."""
    parent = [-1] * len(tree)
    for k, kids in enumerate(tree.kids):
        for c in kids:
            parent[c] = k
    return tuple(tree.tags), tuple(parent)


def simple_tree_match(a: Tree, b: Tree) -> tuple[int, list[tuple[int, int]]]:
    """STM of two trees: ``(score, pairs)`` with ``pairs`` the matched ``(local_a, local_b)`` nodes.

    ``score`` is the number of matched node pairs (0 when the roots differ).
    """
    ta, tb, ka, kb = a.tags, b.tags, a.kids, b.kids
    if ta[0] != tb[0]:
        return 0, []
    if ta == tb and ka == kb:
        # The same tree (a listing's records mostly are): every node matches its copy, and the
        # traceback below would list the pairs in preorder.
        return len(a), [(k, k) for k in range(len(a))]
    nb = len(b)
    # A pair's value needs only its children pairs, and each pair has one parent pair: list the pairs
    # reachable through equal labels top-down, then evaluate them bottom-up (no recursion, no stack).
    # Keys are x * nb + y; a pair absent from ``values`` has different labels and weighs 0.
    # Leaf pairs (no children on one side) are worth 1 and are settled while listing.
    values: dict[int, int] = {}
    tables: dict[int, tuple[list[list[int]], list[list[int]]]] = {}
    get = values.get
    order = [0]
    for key in order:
        x, y = divmod(key, nb)
        cb = kb[y]
        if not cb:
            continue
        for i in ka[x]:
            label, base, leaf = ta[i], i * nb, not ka[i]
            for j in cb:
                if tb[j] == label:
                    if leaf or not kb[j]:
                        values[base + j] = 1
                    else:
                        order.append(base + j)
    for key in reversed(order):
        x, y = divmod(key, nb)
        ca, cb = ka[x], kb[y]
        if not ca or not cb:
            values[key] = 1
            continue
        if len(ca) == 1 and len(cb) == 1:  # the commonest case: a chain of single children
            v = get(ca[0] * nb + cb[0], 0)
            tables[key] = ([[0, 0], [0, v]], [[v]])
            values[key] = v + 1
            continue
        w = [[get(i * nb + j, 0) for j in cb] for i in ca]
        prev = [0] * (len(cb) + 1)
        dp = [prev]
        for wi in w:
            if any(wi):
                # row[j] = max(row[j - 1], prev[j], prev[j - 1] + wi[j - 1]): a running maximum.
                prev = [0, *accumulate(map(max, prev[1:], map(add, prev, wi)), max)]
            # else the row equals the previous one (dp rows never decrease along j)
            dp.append(prev)
        tables[key] = (dp, w)
        values[key] = prev[-1] + 1
    score = values[0]
    pairs: list[tuple[int, int]] = []
    todo = [0]
    while todo:
        key = todo.pop()
        x, y = divmod(key, nb)
        pairs.append((x, y))
        table = tables.get(key)
        if table is None:  # a leaf on either side: no children matched
            continue
        dp, w = table
        ca, cb = ka[x], kb[y]
        i, j = len(ca), len(cb)
        while i > 0 and j > 0:
            if dp[i][j] == dp[i - 1][j]:
                i -= 1
            elif dp[i][j] == dp[i][j - 1]:
                j -= 1
            else:
                if w[i - 1][j - 1] > 0:
                    todo.append(ca[i - 1] * nb + cb[j - 1])
                i -= 1
                j -= 1
    return score, pairs
