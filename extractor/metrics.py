"""The metrics of ``shared/data/README.md``, exactly as written there.

Shingle F1 (4-token windows) and word F1 on ``body``, snippet rates for ``with``/``without``,
and record F1 for record sets.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
TOKEN = re.compile(rf"[{CJK}]|[^\W{CJK}]+")
#: Shingle width of the main metric (data README, metric 1).
SHINGLE = 4
#: Share of a gold record's tokens that a predicted record must hold (data README, metric 4).
RECORD_MATCH = 0.6


def normalize(text: str) -> str:
    """NFKC, lower case, whitespace runs to one space."""
    return " ".join(unicodedata.normalize("NFKC", text or "").lower().split())


def tokens(text: str) -> list[str]:
    """Tokens of the data README: each CJK character alone, else runs of word characters."""
    return TOKEN.findall(normalize(text))


def shingles(toks: list[str], width: int = SHINGLE) -> Counter:
    """Multiset of ``width``-token windows (a shorter non-empty text is one shingle)."""
    if not toks:
        return Counter()
    if len(toks) < width:
        return Counter([tuple(toks)])
    return Counter(tuple(toks[i:i + width]) for i in range(len(toks) - width + 1))


@dataclass(frozen=True)
class PRF:
    """Precision, recall, F1 of one page."""

    p: float
    r: float
    f1: float


def prf(candidate: Counter, gold: Counter) -> PRF:
    """P/R/F1 of multisets with the README's conventions for empty sides."""
    nc, ng = sum(candidate.values()), sum(gold.values())
    if nc == 0 and ng == 0:
        return PRF(1.0, 1.0, 1.0)
    if ng == 0:
        return PRF(0.0, 1.0, 0.0)
    if nc == 0:
        return PRF(1.0, 0.0, 0.0)
    tp = sum((candidate & gold).values())
    p, r = tp / nc, tp / ng
    return PRF(p, r, 2 * p * r / (p + r) if p + r else 0.0)


def shingle_prf(candidate: str, gold: str) -> PRF:
    """Shingle P/R/F1 of a candidate text against the gold body (the main figure)."""
    return prf(shingles(tokens(candidate)), shingles(tokens(gold)))


def word_prf(candidate: str, gold: str) -> PRF:
    """Bag-of-words P/R/F1."""
    return prf(Counter(tokens(candidate)), Counter(tokens(gold)))


def snippet_rate(output: str, snippets: list[str]) -> float | None:
    """Share of ``snippets`` whose normalised text occurs in the normalised output (None if none)."""
    if not snippets:
        return None
    text = normalize(output)
    return sum(1 for s in snippets if normalize(s) in text) / len(snippets)


def record_prf(predicted: list[str], gold: list[list[str]]) -> PRF:
    """Record P/R/F1: one-to-one greedy matching by score, ties to the shorter prediction.

    A prediction matches a gold record when it holds at least 60 % of the gold record's
    tokens (as a multiset). No prediction: P = 1.
    """
    gold_bags = [Counter(tokens(" ".join(fields))) for fields in gold]
    pred_bags = [Counter(tokens(text)) for text in predicted]
    pred_sizes = [sum(b.values()) for b in pred_bags]
    pairs = []
    for gi, g in enumerate(gold_bags):
        total = sum(g.values())
        if total == 0:
            continue
        for pi, p in enumerate(pred_bags):
            score = sum((g & p).values()) / total
            if score >= RECORD_MATCH:
                pairs.append((-score, pred_sizes[pi], gi, pi))
    pairs.sort()
    used_g, used_p = set(), set()
    for _, _, gi, pi in pairs:
        if gi not in used_g and pi not in used_p:
            used_g.add(gi)
            used_p.add(pi)
    matched = len(used_g)
    p = matched / len(predicted) if predicted else 1.0
    r = matched / len(gold) if gold else 1.0
    return PRF(p, r, 2 * p * r / (p + r) if p + r else 0.0)
