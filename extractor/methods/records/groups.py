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
from .drmining import common_ancestor
from .treematch import build_tree, simple_tree_match

if TYPE_CHECKING:
    from . import Options


@dataclass
class FoundRegion:
    """A data region: the element holding the records, the record ids, a score."""

    parent: int
    records: list[int]
    score: float



def _nonempty(page: Page, ids: list[int], images: np.ndarray) -> list[int]:
    """Drop members with neither text nor an image (empty ``<a id=…>`` anchors, spacers) and table
    header rows (``tr`` with ``th`` cells only: they name the columns, they are not records)."""
    return [i for i in ids if (page.text_len[i] > 0 or images[i] > 0) and not _header_row(page, i)]


def _header_row(page: Page, i: int) -> bool:
    if page.tags[i] != "tr":
        return False
    cells = [c.tag for c in page.elements[i] if c.tag in ("td", "th")]
    return bool(cells) and all(t == "th" for t in cells)


def image_counts(page: Page) -> np.ndarray:
    """``<img>`` elements per subtree, per element id."""
    marks = np.fromiter((t == "img" for t in page.tags), dtype=np.int64, count=len(page))
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


def sibling_groups(page: Page, removed: np.ndarray, opts: Options, images: np.ndarray | None = None) -> list[list[int]]:
    """Groups of ``>= min_records`` non-empty siblings with the same tag and similar class words
    (single-linkage over class-word Jaccard >= ``class_similarity``)."""
    images = image_counts(page) if images is None else images
    body = page.body_id
    stop = int(page.end[body])
    parent = page.parent
    tags = page.tags
    elements = page.elements
    by_parent: dict[int, list[int]] = defaultdict(list)
    for i in range(body + 1, stop):
        if not removed[i]:
            by_parent[int(parent[i])].append(i)
    groups: list[list[int]] = []
    for p, kids in by_parent.items():
        if removed[p] or len(kids) < opts.min_records:
            continue
        by_tag: dict[str, dict[frozenset[str], list[int]]] = defaultdict(lambda: defaultdict(list))
        for k in kids:
            by_tag[tags[k]][_class_words(elements[k].get("class"))].append(k)
        for by_words in by_tag.values():
            if sum(len(v) for v in by_words.values()) < opts.min_records:
                continue
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
                members = _nonempty(page, sorted(members), images)
                if len(members) >= opts.min_records:
                    groups.append(members)
    return groups


def class_families(page: Page, removed: np.ndarray, opts: Options, images: np.ndarray | None = None) -> list[list[int]]:
    """Families: ``>= min_records`` non-empty elements anywhere in ``body`` with the same tag and the
    same (non-empty) class words, spread over more than one parent; nested members are kept."""
    images = image_counts(page) if images is None else images
    body = page.body_id
    stop = int(page.end[body])
    tags = page.tags
    elements = page.elements
    parent = page.parent
    by_key: dict[tuple[str, frozenset[str]], list[int]] = defaultdict(list)
    for i in range(body + 1, stop):
        if removed[i]:
            continue
        words = _class_words(elements[i].get("class"))
        if words:
            by_key[(tags[i], words)].append(i)
    out = []
    for members in by_key.values():
        if len(members) < opts.min_records or len({int(parent[m]) for m in members}) < 2:
            continue
        members = _nonempty(page, members, images)
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


def regularity(page: Page, members: list[int], removed: np.ndarray, opts: Options) -> float:
    """Mean STM similarity ``2 * STM / (|A| + |B|)`` of up to ``regularity_sample`` members to the largest
    one, over bare tags (structure, not class names) down to ``regularity_depth`` levels."""
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
    for m in sample:
        b = build_tree(page, m, removed, bound, opts.regularity_depth, skip, with_class=False)
        score, _ = simple_tree_match(a, b)
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


def score_groups(page: Page, groups: list[list[int]], removed: np.ndarray, opts: Options) -> list[FoundRegion]:
    """Score candidate groups, best bounds first; regularity (tree matching) is computed only while a
    group's bound can still beat the ``max_regions``-th best score, and for at most ``max_candidates``."""
    bounds = sorted(((score_bound(page, g, opts), g) for g in groups), key=lambda t: -t[0])
    found: list[FoundRegion] = []
    best: list[float] = []
    for n, (bound, members) in enumerate(bounds):
        if bound <= 0 or n >= opts.max_candidates:
            break
        if len(best) >= opts.max_regions and bound <= best[opts.max_regions - 1]:
            break
        score = bound * regularity(page, members, removed, opts) ** opts.regularity_power
        found.append(FoundRegion(common_ancestor(page, [*members, int(page.parent[members[0]])]), members, score))
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
    for cand in sorted(candidates, key=lambda c: -c.score):
        lo, hi = min(cand.records), int(max(int(end[r]) for r in cand.records))
        clash = False
        for best in chosen:
            blo, bhi = min(best.records), int(max(int(end[r]) for r in best.records))
            if lo < bhi and blo < hi:
                clash = True
                break
        if not clash:
            chosen.append(cand)
            if len(chosen) >= max_regions:
                break
    return chosen
