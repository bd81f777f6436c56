"""Features of the CRF blocks (ALGORITHMS.md 5.4, 5.6) and labels derived from gold (5.5).

Every feature is a string (weight 1 in crfsuite). The paper's block-attribute feature is the
conjunction of tag, anchor share, text share and position, each discretised to one digit
(seed 004, section 2.2.1, example ``T A0 C0 S0``); it also has first/last-block features
(2.2.2, 2.2.3). Added here, and versioned with :data:`FEATURE_VERSION`: each attribute alone,
a log-scale length bin, the parent's tag, and the same attributes of neighbours in a window.
A model records the version it was trained with; :mod:`.crf` refuses a mismatch.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..metrics import shingles, tokens
from ..page import Page
from .base import require_range
from .crf_blocks import TEXT_TAG, Segment, segment_text

#: Bumped whenever a feature's name or meaning changes; stored in every model's JSON file.
FEATURE_VERSION = "html-1"
#: Version of the layout features (ALGORITHMS 5.6) appended to the HTML ones.
LAYOUT_FEATURE_VERSION = "layout-1"
LABELS = ("title", "body", "noise")


@dataclass(frozen=True)
class FeatureOptions:
    """Constants of the feature functions."""

    #: Levels of each discretised attribute: the paper's features carry one digit each (seed 004, 2.2.1).
    bins: int = 10
    #: Neighbours on each side whose attributes are features of a block (added here; ALGORITHMS 5.4
    #: "neighbours' features in a window"; 2 chosen as the smallest window holding a heading and its text).
    window: int = 2
    #: Cap of the log2 bin of a block's character count (added here: 2**14 chars covers any block).
    length_cap: int = 14

    def validate(self) -> None:
        require_range("bins", self.bins, 2, 100)
        require_range("window", self.window, 0, 10)
        require_range("length_cap", self.length_cap, 1, 64)


def _digit(value: float, bins: int) -> int:
    return min(bins - 1, max(0, int(value * bins)))


def block_attributes(page: Page, segs: list[Segment], opts: FeatureOptions) -> list[dict[str, str]]:
    """Discretised attributes of every block: tag ``T``, anchor share ``A``, text share ``C``,
    position ``S``, length bin ``L``, parent tag ``P``."""
    m = len(segs)
    if m == 0:
        return []
    chars = np.array([s.chars for s in segs], dtype=np.float64)
    links = np.array([s.link_chars for s in segs], dtype=np.float64)
    plain = chars - links
    total_plain = float(plain.sum()) or 1.0
    tags = page.tags
    bins, cap = opts.bins, opts.length_cap
    out = []
    for j, s in enumerate(segs):
        share = links[j] / chars[j] if chars[j] else 0.0
        out.append({
            "T": s.tag,
            "A": str(_digit(share, bins)),
            "C": str(_digit(plain[j] / total_plain, bins)),
            "S": str(_digit(j / m, bins)),
            "L": str(min(cap, int(math.log2(1.0 + chars[j])))),
            "P": tags[s.parent] if s.parent >= 0 else "-",
        })
    return out


def html_features(page: Page, segs: list[Segment], opts: FeatureOptions | None = None) -> list[list[str]]:
    """Feature strings per block: own attributes, the paper's conjunction, first/last, neighbours.

    Takes the Page, its block sequence and :class:`FeatureOptions`; returns one list of
    strings per block (crfsuite item features).
    """
    opts = opts or FeatureOptions()
    attrs = block_attributes(page, segs, opts)
    m = len(attrs)
    feats: list[list[str]] = []
    for j, a in enumerate(attrs):
        f = ["bias", f"T={a['T']}", f"A={a['A']}", f"C={a['C']}", f"S={a['S']}", f"L={a['L']}", f"P={a['P']}",
             f"TACS={a['T']}|{a['A']}|{a['C']}|{a['S']}", f"TL={a['T']}|{a['L']}", f"AL={a['A']}|{a['L']}"]
        if j == 0:
            f.append("first")
        if j == m - 1:
            f.append("last")
        for off in range(1, opts.window + 1):
            for sign, k in (("-", j - off), ("+", j + off)):
                if 0 <= k < m:
                    b = attrs[k]
                    f.extend((f"{sign}{off}T={b['T']}", f"{sign}{off}A={b['A']}", f"{sign}{off}L={b['L']}",
                              f"{sign}{off}AL={b['A']}|{b['L']}"))
                else:
                    f.append(f"{sign}{off}out")
        feats.append(f)
    return feats


@dataclass(frozen=True)
class LabelOptions:
    """Constants of deriving block labels from a page's gold answer."""

    #: A block is ``body`` when more than this share of its shingles occur in the gold body (ALGORITHMS 5.5: "most").
    body_share: float = 0.5
    #: A block is the ``title`` when its token F1 with the gold title reaches this (added here).
    title_f1: float = 0.8


def derive_labels(page: Page, segs: list[Segment], body: str, title: str | None,
                  opts: LabelOptions | None = None) -> list[str]:
    """Labels ``title``/``body``/``noise`` of each block from the page's gold ``body`` and ``title``.

    A block shorter than one shingle is ``body`` when its tokens occur as a run in the gold.
    At most one block (the best match) is the ``title``.
    """
    opts = opts or LabelOptions()
    gold_toks = tokens(body)
    gold_sh = shingles(gold_toks)
    gold_line = " " + " ".join(gold_toks) + " "
    title_toks = tokens(title or "")
    labels: list[str] = []
    best_title, best_f1 = -1, 0.0
    for j, seg in enumerate(segs):
        toks = tokens(segment_text(page, seg))
        if title_toks and toks and len(toks) <= 3 * len(title_toks):
            f1 = _token_f1(toks, title_toks)
            if f1 >= opts.title_f1 and f1 > best_f1:
                best_title, best_f1 = j, f1
        if not toks:
            labels.append("noise")
        elif len(toks) < 4:
            labels.append("body" if " " + " ".join(toks) + " " in gold_line else "noise")
        else:
            sh = shingles(toks)
            hit = sum(c for k, c in sh.items() if k in gold_sh)
            labels.append("body" if hit > opts.body_share * sum(sh.values()) else "noise")
    if best_title >= 0:
        labels[best_title] = "title"
    return labels


def _token_f1(a: list[str], b: list[str]) -> float:
    from collections import Counter

    ca, cb = Counter(a), Counter(b)
    tp = sum((ca & cb).values())
    if not tp:
        return 0.0
    p, r = tp / len(a), tp / len(b)
    return 2 * p * r / (p + r)


__all__ = ["FEATURE_VERSION", "LAYOUT_FEATURE_VERSION", "LABELS", "FeatureOptions", "LabelOptions",
           "block_attributes", "html_features", "derive_labels", "TEXT_TAG"]
