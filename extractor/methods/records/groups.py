"""Candidate data regions of the ``groups`` variant and their scores (see ``records``).

Candidates are sibling groups (same tag, similar class words) and class families (same tag
and class words anywhere, nested members included). A group scores its text x structure x
regularity (simple tree matching of its members' top levels); one-to-one wrappers of a better
group take its place; regions are ranked without overlap.
"""

from __future__ import annotations

import bisect
import re
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ...page import Page
from .treematch import build_tree, shape_key, simple_tree_match

if TYPE_CHECKING:
    from . import Options


@dataclass
class FoundRegion:
    """A data region: the element holding the records, the record ids, a score."""

    parent: int
    records: list[int]
    score: float



def member_mask(page: Page, images: np.ndarray) -> np.ndarray:
    """Per element id: False for what cannot be a member: elements with neither text nor an image
    (empty ``<a id=…>`` anchors, spacers) and table header rows (``tr`` with ``th`` cells only: they
    name the columns, they are not records)."""
    n = len(page)
    found: dict[str, list[int]] = {"td": [], "th": [], "tr": []}
    for i, tag in enumerate(page.tags):  # one pass over the tag list, not a numpy string array
        ids = found.get(tag)
        if ids is not None:
            ids.append(i)
    parent = page.parent

    def per_parent(tag: str) -> np.ndarray:
        ids = np.asarray([i for i in found[tag] if i > 0], dtype=np.int64)  # the root has no parent
        return np.bincount(parent[ids], minlength=n)

    tds, ths = per_parent("td"), per_parent("th")
    header = np.zeros(n, dtype=bool)
    rows = np.asarray(found["tr"], dtype=np.int64)
    header[rows] = (ths[rows] > 0) & (tds[rows] == 0)
    return ((page.text_len > 0) | (images > 0)) & ~header


def image_counts(page: Page) -> np.ndarray:
    """``<img>`` elements per subtree, per element id."""
    marks = np.zeros(len(page), dtype=np.int64)
    marks[[i for i, tag in enumerate(page.tags) if tag == "img"]] = 1
    prefix = np.concatenate(([0], np.cumsum(marks)))
    return prefix[page.end] - prefix[: len(page)]


_DIGITS = re.compile(r"\d+")


def _class_words(value: str | None) -> frozenset[str]:
    """Class words, lower case, digit runs replaced by ``#`` (``post-123`` and ``post-456`` agree)."""
    return frozenset(_DIGITS.sub("#", w) for w in (value or "").lower().split())


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    union = len(a | b)
    return 1.0 if union == 0 else len(a & b) / union


def _cluster(keys: list[frozenset[str]], threshold: float) -> list[int]:
    """Single-linkage clusters of class-word sets (Jaccard >= threshold); returns a cluster label per key."""
    label = list(range(len(keys)))

    def find(x: int) -> int:
        while label[x] != x:
            label[x] = label[label[x]]
            x = label[x]
        return x

    for i in range(len(keys)):
        for j in range(i):
            if _jaccard(keys[i], keys[j]) >= threshold:
                label[find(i)] = find(j)
    return [find(i) for i in range(len(keys))]


def sibling_groups(page: Page, removed: np.ndarray, opts: Options, images: np.ndarray | None = None,
                   keep: np.ndarray | None = None) -> list[list[int]]:
    """Groups of ``>= min_records`` non-empty siblings with the same tag and similar class words
    (single-linkage over class-word Jaccard >= ``class_similarity``)."""
    if keep is None:
        keep = member_mask(page, image_counts(page) if images is None else images)
    body = page.body_id
    stop = int(page.end[body])
    tags = page.tags
    # Kids of parents with at least min_records kept children, grouped by parent (parents in document
    # order, kids in document order): numpy instead of a Python pass over every element.
    ids = np.arange(body + 1, stop, dtype=np.int64)
    ids = ids[~removed[body + 1:stop]]
    par = page.parent[ids]
    counts = np.bincount(par, minlength=len(page))
    wanted = (counts[par] >= opts.min_records) & ~removed[par]
    ids, par = ids[wanted], par[wanted]
    order = np.argsort(par, kind="stable")
    ids, par = ids[order], par[order]
    if not len(ids):
        return []
    starts = np.flatnonzero(np.concatenate(([True], par[1:] != par[:-1])))
    bounds = np.append(starts, len(ids)).tolist()
    # A parent whose kids share one tag and one class attribute forms one group, the common case of a
    # listing: decided without the clustering below (which puts kids of one tag and no class words in
    # one cluster too, so a missing and an empty class may count as the same).
    id_list = ids.tolist()
    page_classes = page.classes
    classes = [page_classes[i] for i in id_list]
    key_of: dict[tuple[str, str], int] = {}
    key_ids = np.fromiter((key_of.setdefault((tags[i], c), len(key_of)) for i, c in zip(id_list, classes,
                                                                                       strict=True)),
                       dtype=np.int64, count=len(ids))
    uniform = (np.minimum.reduceat(key_ids, starts) == np.maximum.reduceat(key_ids, starts)).tolist()
    # Kids whose parent holds fewer than min_records kids of their tag can join no group: counted per
    # (parent, tag) at once, so the clustering below sees only the others (in the same order).
    tag_code: dict[str, int] = {}
    key_tags = np.fromiter((tag_code.setdefault(tag, len(tag_code)) for tag, _ in key_of), dtype=np.int64,
                           count=len(key_of))
    parent_index = np.repeat(np.arange(len(starts), dtype=np.int64), np.diff(bounds))
    _, where, per_pair = np.unique(parent_index * len(tag_code) + key_tags[key_ids], return_inverse=True,
                                   return_counts=True)
    eligible = per_pair[where.ravel()] >= opts.min_records
    any_eligible = (np.add.reduceat(eligible.astype(np.int64), starts) > 0).tolist()
    eligible_list = eligible.tolist()
    kept = keep[ids]
    memo: dict[str, frozenset[str]] = {}
    groups: list[list[int]] = []
    for n, same in enumerate(uniform):
        lo, hi = bounds[n], bounds[n + 1]
        if same:
            members = [i for i, k in zip(id_list[lo:hi], kept[lo:hi].tolist(), strict=True) if k]
            if len(members) >= opts.min_records:
                groups.append(members)
            continue
        if not any_eligible[n]:
            continue
        by_tag: dict[str, dict[frozenset[str], list[int]]] = defaultdict(lambda: defaultdict(list))
        for k, value, ok in zip(id_list[lo:hi], classes[lo:hi], eligible_list[lo:hi], strict=True):
            if ok:
                w = memo.get(value)
                if w is None:
                    w = memo[value] = _class_words(value)
                by_tag[tags[k]][w].append(k)
        for by_words in by_tag.values():  # each tag here has at least min_records kids
            keys = sorted(by_words, key=lambda w: -len(by_words[w]))
            labels = _cluster(keys[: opts.max_class_sets], opts.class_similarity)
            labels += [-1] * (len(keys) - len(labels))  # the long tail: one cluster
            merged: dict[int, list[int]] = defaultdict(list)
            for key, lab in zip(keys, labels, strict=True):
                merged[lab].extend(by_words[key])
            clusters = list(merged.values())
            repeated = [members for members in clusters if len(members) > 1]
            if opts.tag_union and len(repeated) > 1:  # e.g. the topic owner's posts carry an extra class
                clusters.append([k for members in repeated for k in members])
            for members in clusters:
                members = [i for i in sorted(members) if keep[i]]
                if len(members) >= opts.min_records:
                    groups.append(members)
    return groups


def class_families(page: Page, removed: np.ndarray, opts: Options, images: np.ndarray | None = None,
                   keep: np.ndarray | None = None) -> list[list[int]]:
    """Families: ``>= min_records`` non-empty elements anywhere in ``body`` with the same tag and the
    same (non-empty) class words, spread over more than one parent; nested members are kept."""
    if keep is None:
        keep = member_mask(page, image_counts(page) if images is None else images)
    body = page.body_id
    stop = int(page.end[body])
    tags = page.tags
    parent = page.parent
    ids = np.flatnonzero(~removed[body + 1:stop]) + (body + 1)
    classes = page.classes
    memo: dict[str, frozenset[str]] = {}
    by_key: dict[tuple[str, frozenset[str]], list[int]] = defaultdict(list)
    for i in ids.tolist():
        value = classes[i]
        if not value:  # no class words
            continue
        words = memo.get(value)
        if words is None:
            words = memo[value] = _class_words(value)
        if words:
            by_key[(tags[i], words)].append(i)
    out = []
    for members in by_key.values():
        if len(members) < opts.min_records:
            continue
        arr = np.asarray(members, dtype=np.int64)
        if int(parent[arr].min()) == int(parent[arr].max()):  # all under one parent: a sibling group's job
            continue
        members = arr[keep[arr]].tolist()
        if len(members) >= opts.min_records:
            out.append(members)
    return out


def nested_ids(page: Page, members: list[int]) -> set[int]:
    """Members that lie inside another member (``members`` in document order)."""
    end = page.end
    inner: set[int] = set()
    stack: list[int] = []
    for m in members:
        while stack and int(end[stack[-1]]) <= m:
            stack.pop()
        if stack:
            inner.add(m)
        stack.append(m)
    return inner


def regularity(page: Page, members: list[int], removed: np.ndarray | list[bool], opts: Options) -> float:
    """Mean STM similarity ``2 * STM / (|A| + |B|)`` of up to ``regularity_sample`` members to the largest
    one, over bare tags (structure, not class names) down to ``regularity_depth`` levels. ``removed``
    is the furniture mask (a list is cheaper to index than the array)."""
    sizes = page.tag_count
    seed = max(members, key=lambda m: int(sizes[m]))
    step = max(1, len(members) // opts.regularity_sample)
    sample = [m for m in members[::step] if m != seed][: opts.regularity_sample]
    if not sample:
        return 1.0
    bound = min(opts.max_match_nodes, 60)
    skip = frozenset(members)
    a = build_tree(page, seed, removed, bound, opts.regularity_depth, skip, with_class=False)
    sims = []
    scores: dict[tuple, int] = {}  # by tree shape: a listing's members mostly share one
    for m in sample:
        b = build_tree(page, m, removed, bound, opts.regularity_depth, skip, with_class=False)
        key = shape_key(b)
        score = scores.get(key)
        if score is None:
            score = scores[key] = simple_tree_match(a, b)[0]
        sims.append(2.0 * score / (len(a) + len(b)))
    return float(np.mean(sims))


def score_bound(page: Page, members: list[int], opts: Options) -> float:
    """The cheap part of a group's score: text (non-link text plus ``link_weight`` x link text, nested
    members counted once) x max(1 - own-text share, floor)^``structure_power``. An upper bound of
    :func:`score_groups`'s score, since regularity is at most 1. On a rendered page a member counts at most
    ``max_text_density`` characters per CSS px² of its box (text that does not fit is not drawn:
    collapsed or clipped blocks); members with an empty box are not capped (floats in a collapsed
    parent)."""
    inner = nested_ids(page, members)
    ids = np.asarray([m for m in members if m not in inner], dtype=np.int64)
    per_member = page.non_link_len[ids] + opts.link_weight * page.link_len[ids]
    geometry = page.geometry
    if geometry is not None and opts.max_text_density > 0:
        area = np.asarray(geometry.w, dtype=float)[ids] * np.asarray(geometry.h, dtype=float)[ids]
        per_member = np.where(area > 0, np.minimum(per_member, opts.max_text_density * area), per_member)
    text = float(np.sum(per_member))
    if text <= 0:
        return 0.0
    own = float(np.sum(page.own_len[ids])) / max(float(np.sum(page.text_len[ids])), 1.0)
    return text * max(1.0 - own, opts.structure_floor) ** opts.structure_power


def score_bounds(page: Page, groups: list[list[int]], opts: Options) -> list[float]:
    """:func:`score_bound` of every group at once (numpy over all members; a listing's rows of three
    cells make tens of thousands of small groups). Gives the same floats: ``np.sum`` adds fewer than 8
    values one after the other, as the column sums below do; longer groups call ``np.sum`` itself."""
    if not groups:
        return []
    sizes = np.fromiter((len(g) for g in groups), dtype=np.int64, count=len(groups))
    flat = np.fromiter((m for g in groups for m in g), dtype=np.int64, count=int(sizes.sum()))
    which = np.repeat(np.arange(len(groups), dtype=np.int64), sizes)
    # Nested members (inside an earlier member of the same group) are counted once: a member is nested
    # when the running maximum of the earlier members' subtree ends passes it. Offsetting each group by
    # its index times (n + 1) restarts the running maximum at every group.
    n = len(page) + 1
    ends = which * n + page.end[flat]
    before = np.maximum.accumulate(ends)
    before = np.concatenate(([-1], before[:-1]))
    first = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    before[first] = -1
    outer = before <= which * n + flat
    flat, which = flat[outer], which[outer]
    sizes = np.bincount(which, minlength=len(groups))
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    per_member = page.non_link_len[flat] + opts.link_weight * page.link_len[flat]
    geometry = page.geometry
    if geometry is not None and opts.max_text_density > 0:
        area = np.asarray(geometry.w, dtype=float)[flat] * np.asarray(geometry.h, dtype=float)[flat]
        per_member = np.where(area > 0, np.minimum(per_member, opts.max_text_density * area), per_member)
    # Groups of fewer than 8 members: a row per group, summed column after column (adding the padding's
    # 0.0 changes nothing).
    small = sizes < 8
    row_of = np.cumsum(small) - 1
    cols = np.zeros((int(small.sum()), 7))
    member_small = small[which]
    position = np.arange(len(flat)) - starts[which]
    cols[row_of[which[member_small]], position[member_small]] = per_member[member_small]
    sums = cols[:, 0].copy()
    for c in range(1, 7):
        sums += cols[:, c]
    texts = np.zeros(len(groups))
    texts[small] = sums
    texts = texts.tolist()
    owns = np.add.reduceat(page.own_len[flat], starts).tolist()
    totals = np.add.reduceat(page.text_len[flat], starts).tolist()
    out = []
    for g, (start, size) in enumerate(zip(starts.tolist(), sizes.tolist(), strict=True)):
        text = float(np.sum(per_member[start:start + size])) if size >= 8 else texts[g]
        if text <= 0:
            out.append(0.0)
            continue
        own = float(owns[g]) / max(float(totals[g]), 1.0)
        out.append(text * max(1.0 - own, opts.structure_floor) ** opts.structure_power)
    return out


def score_groups(page: Page, groups: list[list[int]], removed: np.ndarray, opts: Options) -> list[FoundRegion]:
    """Score candidate groups, best bounds first; regularity (tree matching) is computed only while a
    group's bound can still beat the ``max_regions``-th best score, and for at most ``max_candidates``."""
    bounds = sorted(zip(score_bounds(page, groups, opts), groups, strict=True), key=lambda t: -t[0])
    found: list[FoundRegion] = []
    best: list[float] = []
    removed_list: list[bool] | None = None
    for n, (bound, members) in enumerate(bounds):
        if bound <= 0 or n >= opts.max_candidates:
            break
        if len(best) >= opts.max_regions and bound <= best[opts.max_regions - 1]:
            break
        if removed_list is None:
            removed_list = removed.tolist()
        score = bound * regularity(page, members, removed_list, opts) ** opts.regularity_power
        found.append(FoundRegion(page.common_ancestor([*members, int(page.parent[members[0]])]), members, score))
        best = sorted([*best, score], reverse=True)
    return found


def _wraps(page: Page, outer: list[int], inner: list[int]) -> bool:
    """True when every ``outer`` member holds exactly one ``inner`` member (inner sorted)."""
    end = page.end
    for x in outer:
        lo = bisect.bisect_right(inner, x)
        hi = bisect.bisect_left(inner, int(end[x]))
        if hi - lo != 1:
            return False
    return True


def prefer_wrappers(page: Page, candidates: list[FoundRegion], margin: float) -> None:
    """Resolve groups that describe the same records at two levels, within ``margin`` of the better score.

    When each member of candidate A holds exactly one member of B: with as many members, A is
    the whole record and B a part of it (a post's body without its author), so A takes B's
    score; with fewer members, B also has records A lacks (the question beside the answers),
    so B takes A's score. Changes scores in place.
    """
    if margin <= 0:
        return
    for a in candidates:
        for b in candidates:
            if a is b or len(a.records) > len(b.records):
                continue
            winner, loser = (a, b) if len(a.records) == len(b.records) else (b, a)
            if winner.score >= loser.score or winner.score < (1.0 - margin) * loser.score:
                continue
            if _wraps(page, a.records, b.records):
                winner.score = loser.score * (1.0 + 1e-9)


def rank_regions(page: Page, candidates: list[FoundRegion], max_regions: int) -> list[FoundRegion]:
    """Best first; drop a candidate that overlaps a better one (nested in or holding its records)."""
    end = page.end
    chosen: list[FoundRegion] = []
    spans: list[tuple[int, int]] = []
    for cand in sorted(candidates, key=lambda c: -c.score):
        records = np.asarray(cand.records, dtype=np.int64)
        lo, hi = int(records.min()), int(end[records].max())
        clash = False
        for blo, bhi in spans:
            if lo < bhi and blo < hi:
                clash = True
                break
        if not clash:
            chosen.append(cand)
            spans.append((lo, hi))
            if len(chosen) >= max_regions:
                break
    return chosen
