"""DRMining, RecordMining and simple tree matching of the records method (ALGORITHMS.md section 3)."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest

from extractor.methods.records.clean import removed_mask
from extractor.methods.records.drmining import common_depths, cut_runs, dr_mining, leaves, separation
from extractor.methods.records.schema import record_text
from extractor.methods.records.treematch import Tree, build_tree, node_label, simple_tree_match
from extractor.page import load

#: The paper's worked example (ALGORITHMS 3.2).
S = [6, 7, 8, 7, 6, 9, 7, 8, 7, 6, 8, 7, 6, 8, 7, 6, 9, 8]


def values(runs, seq=S):
    return [seq[a:b] for a, b in runs]


def test_worked_example_runs_at_h9():
    assert values(cut_runs(S, 9)) == [[6, 7, 8, 7, 6], [9], [7, 8, 7, 6, 8, 7, 6, 8, 7, 6], [9], [8]]


def test_worked_example_runs_at_h7_match_the_paper():
    assert values(cut_runs(S, 7)) == [[6], [7, 8, 7], [6], [9, 7, 8, 7], [6], [8, 7], [6], [8, 7], [6], [9, 8]]


def test_runs_at_h8_follow_the_definition():
    # The paper prints {7, 8, 7, 6} and {9} {8} at h = 8, which mix values above and below h (a
    # misprint); maximal runs of >= 8 / < 8 are these.
    assert values(cut_runs(S, 8)) == [[6, 7], [8], [7, 6], [9], [7], [8], [7, 6], [8], [7, 6], [8], [7, 6], [9, 8]]


def test_worked_example_picks_h9_and_the_region():
    run, h, seps = dr_mining(S)
    assert h == 9
    assert S[run[0]:run[1]] == [7, 8, 7, 6, 8, 7, 6, 8, 7, 6]
    # Sep(6) is undefined (one run); the reconstruction's values (ALGORITHMS 3.2): same choice as the paper.
    assert 6.0 not in seps
    assert seps[7.0] == pytest.approx(0.553, abs=1e-3)
    assert seps[8.0] == pytest.approx(0.569, abs=1e-3)
    assert seps[9.0] == pytest.approx(0.474, abs=1e-3)


def test_separation_by_distinct_means_equals_the_pairwise_definition():
    rng = random.Random(3)
    seq = [rng.randint(3, 12) for _ in range(300)]
    for h in (5, 7, 9):
        runs = cut_runs(seq, h)
        means = [sum(seq[a:b]) / (b - a) for a, b in runs]
        pairs = [math.exp(-((x - y) ** 2) / 2) for (i, x), (j, y) in itertools.permutations(enumerate(means), 2)]
        assert separation(seq, runs) == pytest.approx(sum(pairs) / len(pairs), rel=1e-9)


def test_single_run_has_no_separation_and_empty_sequence_no_region():
    assert separation([5, 5, 5], [(0, 3)]) is None
    assert dr_mining([]) == (None, None, {})
    run, h, _ = dr_mining([4, 4, 4])
    assert run == (0, 3) and h is None


def test_similarity_is_the_depth_of_the_deepest_common_ancestor():
    page = load("<html><body><div><p>a</p><p>b</p></div><ul><li><b>c</b></li></ul></body></html>")
    ids = leaves(page, np.zeros(len(page), dtype=bool))
    assert [page.tags[i] for i in ids] == ["p", "p", "b"]
    # p,p share html/body/div (depth 3); p,b share html/body (depth 2)
    assert common_depths(page, ids) == [3, 2]


def _tree(spec):
    """Build a Tree from nested (label, [children]) tuples."""
    ids, tags, kids = [], [], []

    def add(node):
        label, children = node
        k = len(ids)
        ids.append(k)
        tags.append(label)
        kids.append([])
        for child in children:
            kids[k].append(add(child))
        return k

    add(spec)
    return Tree(ids, tags, kids)


def test_simple_tree_matching_counts_the_largest_order_preserving_match():
    a = _tree(("div", [("h3", [("a", [])]), ("span", []), ("p", [])]))
    b = _tree(("div", [("h3", [("a", [])]), ("p", []), ("span", [])]))
    score, pairs = simple_tree_match(a, b)
    assert score == 4  # div, h3, a, and one of span/p (order preserved)
    assert (0, 0) in pairs and (1, 1) in pairs and (2, 2) in pairs
    assert len(pairs) == score


def test_simple_tree_matching_roots_must_agree():
    a = _tree(("div", [("p", [])]))
    b = _tree(("li", [("p", [])]))
    assert simple_tree_match(a, b) == (0, [])


def test_simple_tree_matching_identical_trees_match_fully():
    spec = ("tr", [("td", [("a", [])]), ("td", []), ("td", [("span", []), ("span", [])])])
    a, b = _tree(spec), _tree(spec)
    score, pairs = simple_tree_match(a, b)
    assert score == len(a) and sorted(pairs) == [(k, k) for k in range(len(a))]



def _stm_reference(a: Tree, b: Tree) -> tuple[int, list[tuple[int, int]]]:
    """Yang's STM written plainly (recursion, a full DP table per pair, the same traceback)."""
    tables = {}

    def value(x: int, y: int) -> int:
        if a.tags[x] != b.tags[y]:
            return 0
        ca, cb = a.kids[x], b.kids[y]
        w = [[value(i, j) for j in cb] for i in ca]
        dp = [[0] * (len(cb) + 1) for _ in range(len(ca) + 1)]
        for i in range(1, len(ca) + 1):
            for j in range(1, len(cb) + 1):
                dp[i][j] = max(dp[i][j - 1], dp[i - 1][j], dp[i - 1][j - 1] + w[i - 1][j - 1])
        tables[(x, y)] = (dp, w)
        return dp[-1][-1] + 1

    score = value(0, 0)
    pairs: list[tuple[int, int]] = []
    todo = [(0, 0)] if score else []
    while todo:
        x, y = todo.pop()
        pairs.append((x, y))
        dp, w = tables[(x, y)]
        i, j = len(a.kids[x]), len(b.kids[y])
        while i > 0 and j > 0:
            if dp[i][j] == dp[i - 1][j]:
                i -= 1
            elif dp[i][j] == dp[i][j - 1]:
                j -= 1
            else:
                if w[i - 1][j - 1] > 0:
                    todo.append((a.kids[x][i - 1], b.kids[y][j - 1]))
                i -= 1
                j -= 1
    return score, pairs


def _random_spec(rng: random.Random, depth: int) -> tuple:
    kids = [] if depth == 0 else [_random_spec(rng, depth - 1) for _ in range(rng.choice([0, 0, 1, 1, 2, 3, 5]))]
    return (rng.choice(["div", "div", "p", "a", "span"]), kids)


def test_simple_tree_matching_agrees_with_the_plain_recursion_on_random_trees():
    # The same score and the same pairs in the same order (the schema's columns follow the pairs).
    rng = random.Random(7)
    for _ in range(400):
        a = _tree(_random_spec(rng, rng.randint(0, 4)))
        b = _tree(_random_spec(rng, rng.randint(0, 4)))
        assert simple_tree_match(a, b) == _stm_reference(a, b)
        assert simple_tree_match(a, a) == _stm_reference(a, a)


def _tree_reference(page, root, removed, max_nodes, max_depth, skip, with_class):
    """build_tree written plainly: preorder by recursion over Page.children, then cut to max_nodes."""
    ids, tags, kids = [], [], []

    def visit(node, parent_local, level):
        local = len(ids)
        ids.append(node)
        tags.append(node_label(page, node) if with_class else page.tags[node])
        kids.append([])
        if parent_local >= 0:
            kids[parent_local].append(local)
        if level < max_depth:
            for c in page.children(node):
                if not removed[c] and c not in skip:
                    visit(c, local, level + 1)

    visit(root, -1, 0)
    keep = ids[:max_nodes]
    return keep, tags[:max_nodes], [[c for c in k if c < max_nodes] for k in kids[:max_nodes]]


def test_build_tree_is_the_cut_preorder_without_removed_and_skipped_subtrees():
    rng = random.Random(3)
    html = "".join(f"<div class='c{k % 3} x'><p>{k}<a href='#'>a</a></p><ul><li>1</li><li><b>2</b></li></ul></div>"
                   for k in range(12))
    page = load(f"<html><body><main>{html}</main></body></html>")
    n = len(page)
    for _ in range(60):
        removed = removed_mask(page, rng.sample(range(2, n), 3))
        skip = frozenset(rng.sample(range(n), 4))
        root = rng.randrange(n)
        for max_nodes, max_depth, with_class in ((200, 40, True), (7, 2, False), (1, 1, True), (30, 1, False)):
            tree = build_tree(page, root, removed.tolist(), max_nodes, max_depth, skip, with_class=with_class)
            want = _tree_reference(page, root, removed, max_nodes, max_depth, skip, with_class)
            assert (tree.ids, tree.tags, tree.kids) == want


def test_record_text_reads_the_page_lists_as_itertext_reads_the_tree():
    page = load("<html><body><ul><li>a <b>b</b> c<ul><li>d <i>e</i></li><li>f</li></ul> g</li>"
                "<li> h <span>i<em>j</em>k</span>l </li></ul><p>m</p> n</body></html>")
    for i in range(len(page)):
        assert record_text(page, i) == page.text_of(i)
    outer = page.tags.index("li")
    inner = [i for i, t in enumerate(page.tags) if t == "li"][1:3]
    assert record_text(page, outer, frozenset([outer, *inner])) == "a b c g"  # nested records left out, tails kept
