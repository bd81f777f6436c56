"""The learned extractor: one model over every block's signals, trained on all five dev text sets.

Issue #14, item 2. The page is cut into the CRF's blocks (:mod:`extractor.methods.crf.blocks`);
each block gets one row of numeric features (:mod:`.learned_features`: its text, tag and place,
class/id cue words of its element and ancestors, the semantic elements around it, readers'
comment sections, information-amount decay's region and CEDP's selection, container densities,
tag-path repetition, a neighbour window); two sets of gradient-boosted trees, the second bound to
rise or fall with a few features (``bench/train_auto.py``, scikit-learn at training time only,
:mod:`extractor.trees` here, which stores them as one ensemble) give each block P(body), the mean
of their logits; the probabilities are smoothed along the block sequence, so the main text comes
out as contiguous runs, and a block is body when the smoothed value reaches the cut, or a share of
the page's best block where that is lower (a page the cut leaves empty keeps its blocks near its
best one: :func:`body_mask`). The smoothing weight, the cut and the share were chosen inside the training
folds on the exact page-level shingle F1 and are stored with the model, one rule for pages ``auto``
types article and one for the other types (:func:`decision_rule`); the model records its feature
version and names (a mismatch is a ``ModelError``).

It is a method like the five papers' (``method="learned"``), and what ``auto`` runs on pages
that have a main text (:mod:`.routing`).
"""

from __future__ import annotations

import os
import pathlib
import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from typing import Any

import numpy as np

from ..dates import says_when
from ..errors import ModelError
from ..methods.base import Extraction, require_range
from ..methods.crf import assemble
from ..methods.crf.blocks import break_prefix, segment, segment_blocks_and_text, segment_text
from ..modelfile import read_json_model
from ..page import MORE_KEY, Page
from ..parse import HEADING_TAGS
from ..title import headline
from ..trees import predict_proba, prepare
from .learned_features import FEATURE_NAMES, FEATURE_VERSION, block_features

#: Blocks before the first body block searched for the ``<h1>`` that opens the content (a byline, a
#: date line and a share bar can stand between them; 3 as in the CRF's title window of seed 004).
TITLE_LOOKBACK = 3
#: The shipped model (package data).
MODEL_PATH = pathlib.Path(__file__).resolve().parent.parent / "models" / "learned.json.gz"
_REMEDY = "retrain with bench/train_auto.py"
IN_COMMENTS = FEATURE_NAMES.index("in_comments")
LINK_SHARE = FEATURE_NAMES.index("link_share")
#: When the cut keeps no block (after readers' comments are dropped), the blocks whose smoothed
#: P(body) is at least this share of the best eligible block's are kept, provided that best reaches
#: :data:`EMPTY_FALLBACK_FLOOR`: ``auto`` runs the model only on pages it finds a main text in, and
#: out of domain the model is often right about where the text is but unsure of it (a short post
#: above a long comment thread). Chosen nested on the dev sets' out-of-fold probabilities
#: (2026-11-25; grid 0.3-0.9 x 0-0.2): for each set left out, on the grouped-CV pages of the other
#: four, and for wcxb_dev's CV on the news sets left out; every choice was 0.3.
EMPTY_FALLBACK_SHARE = 0.3
#: See :data:`EMPTY_FALLBACK_SHARE`: a page whose best block is under this stays empty (3 of the 5
#: nested choices; the other two chose 0.2).
EMPTY_FALLBACK_FLOOR = 0.1


@dataclass(frozen=True)
class Options:
    """Options of the learned extractor."""

    #: Weight of each neighbour's P(body) in a block's smoothed value (``(1 - 2a) p + a (prev + next)``);
    #: -1 (default) takes the one stored in the model, chosen inside the training folds (bench/train_auto.py).
    smooth: float = -1.0
    #: A block is body when its smoothed P(body) reaches this; -1 (default): the model's own cut.
    cut: float = -1.0
    #: A block is also body at this share of the page's best smoothed P(body) where that is under the
    #: cut (:func:`body_mask`); 0 turns it off; -1 (default): the model's own.
    relative: float = -1.0
    #: The page's type as ``auto`` classified it: the model's rule for that type applies when it has
    #: one (``rules`` in the model file, chosen inside the training folds); "" or a type without one:
    #: the model's default rule (the shipped model's is that of the types other than article).
    page_type: str = ""
    #: Another model file (JSON, optionally gzipped); "" = the shipped one.
    model_path: str = ""
    #: Never keep a block inside a readers' comment section. The front door sets it for
    #: ``comments=False`` instead of cutting the sections out of the page first, so the model reads
    #: the page whole, as in training (bench/train_auto.py drops comment blocks after predicting).
    drop_comments: bool = False
    #: Share of the best block's smoothed P(body) kept when the cut keeps nothing
    #: (:data:`EMPTY_FALLBACK_SHARE`); 0 leaves such a page empty.
    empty_fallback: float = EMPTY_FALLBACK_SHARE

    def validate(self) -> None:
        require_range("smooth", self.smooth, -1.0, 0.5)
        require_range("cut", self.cut, -1.0, 1.0)
        require_range("relative", self.relative, -1.0, 1.0)
        require_range("empty_fallback", self.empty_fallback, 0.0, 1.0)


@lru_cache(maxsize=8)
def load_model(path: str | os.PathLike | None = None) -> dict[str, Any]:
    """Load (once per path) and check the learned model; default: the shipped one.

    Raises :class:`ModelError` when the file is missing, unreadable, or made for other features.
    """
    path = pathlib.Path(path) if path else MODEL_PATH
    model = read_json_model(path, "learned extractor model", _REMEDY)
    if model.get("feature_version") != FEATURE_VERSION:
        raise ModelError(f"the learned model at {path} was trained for features {model.get('feature_version')!r}, "
                         f"this code computes {FEATURE_VERSION!r}: {_REMEDY}")
    if model.get("feature_names") != FEATURE_NAMES:
        raise ModelError(f"the learned model at {path} lists other features than this code: {_REMEDY}")
    for key in ("smooth", "cut"):
        if not isinstance(model.get(key), (int, float)):
            raise ModelError(f"the learned model at {path} lacks its decision rule ({key!r}): {_REMEDY}")
    rules = model.get("rules", {})
    def well_formed(rule: Any) -> bool:
        return isinstance(rule, list) and len(rule) == 3 and all(isinstance(v, (int, float)) for v in rule)

    if not isinstance(rules, dict) or not all(well_formed(r) for r in rules.values()):
        raise ModelError(f"the learned model at {path} holds malformed rules per page type: {_REMEDY}")
    return prepare(model)


def decision_rule(model: dict[str, Any], opts: Options) -> tuple[float, float, float]:
    """(smoothing weight, cut, relative cut) for a page: the model's rule for ``opts.page_type`` when it
    has one, else its one rule; each value the option's instead where the option is set (not -1)."""
    rule = model.get("rules", {}).get(opts.page_type) or (model["smooth"], model["cut"], model.get("relative", 0.0))
    return tuple(float(mine if mine >= 0 else theirs)  # type: ignore[return-value]
                 for mine, theirs in zip((opts.smooth, opts.cut, opts.relative), rule, strict=True))


def smooth(prob: np.ndarray, weight: float) -> np.ndarray:
    """``(1 - 2w) p[i] + w (p[i-1] + p[i+1])`` along the block sequence (the ends repeat themselves)."""
    if weight <= 0 or len(prob) < 2:
        return prob
    padded = np.concatenate((prob[:1], prob, prob[-1:]))
    return (1.0 - 2.0 * weight) * prob + weight * (padded[:-2] + padded[2:])


def body_mask(prob: np.ndarray, weight: float, cut: float, eligible: np.ndarray | None = None, *,
              fallback: float = EMPTY_FALLBACK_SHARE, floor: float = EMPTY_FALLBACK_FLOOR,
              relative: float = 0.0) -> np.ndarray:
    """Which blocks are body: the eligible ones (all when ``eligible`` is None) whose smoothed P(body)
    reaches ``cut``, or ``relative`` times the best eligible one where that is lower (``relative`` 0:
    the cut alone); when none does, those at ``fallback`` times the best eligible one or more, if that
    best reaches ``floor`` (``fallback`` 0: none). Takes P(body) per block; returns a boolean array."""
    smoothed = smooth(prob, weight)
    ok = np.ones(len(prob), dtype=bool) if eligible is None else eligible
    if relative > 0 and ok.any():
        cut = min(cut, relative * float(smoothed[ok].max()))
    keep = (smoothed >= cut) & ok
    if fallback > 0 and not keep.any() and ok.any():
        best = float(smoothed[ok].max())
        if best >= floor:
            keep = ok & (smoothed >= fallback * best)
    return keep


#: On a rendered page, a run of blocks left out between two kept ones is body when every block of it has a P(body)
#: of at least this (the model's own, not smoothed: smoothing lifts an ad between two kept paragraphs) and may be
#: filled (:func:`gap_fillable`): the low threshold of a hysteresis whose high one is the cut. A lesson's vocabulary
#: cards (P 0.37-0.46) between its kept "Vocabulary" and "Grammar" headings (a 118th blind round) were left out.
#: Applied to every page of the five dev sets as served, on their grouped CV's out-of-fold P(body) (``python
#: bench/try_gap_fill.py``, 2026-12-01), floors 0.25-0.4 moved no set's mean by more than 0.0004; at 0.3 none by more
#: than 0.0002: no gain on served pages, so the HTML path is left as its models were measured.
GAP_FLOOR = 0.3
#: ... but a gap that is one heading alone is filled from this P(body) up: a section's title between kept blocks of
#: its section (a 138th blind round's talk cards kept each talk's kind, time and summary but not its linked <h3>
#: title, P 0.25-0.29). Half the floor: chosen for this project, on rendered pages only, as the floor is.
HEADING_GAP_FLOOR = 0.15
#: ... and links under this share of each block's text (a run of menus or "read next" links is not filled).
GAP_MAX_LINK_SHARE = 0.5
#: ... and none of it inside these (a form's labels, a control's words are no prose: a 65th round's pension
#: calculator had its inputs' labels between its kept paragraphs).
GAP_CONTROL_TAGS = ("form", "label", "button", "select")
_IN_CONTROL = [FEATURE_NAMES.index(f"in={tag}") for tag in GAP_CONTROL_TAGS]


def gap_fillable(features: np.ndarray, eligible: np.ndarray | None = None, *,
                 max_link_share: float = GAP_MAX_LINK_SHARE) -> np.ndarray:
    """Which blocks (rows of :func:`block_features`) a gap fill may make body: links under ``max_link_share`` of the
    text, inside none of :data:`GAP_CONTROL_TAGS`, and ``eligible`` (None: all are). Returns a boolean array."""
    ok = (features[:, LINK_SHARE] < max_link_share) & (features[:, _IN_CONTROL] == 0).all(axis=1)
    return ok if eligible is None else ok & eligible


def keep_headline(keep: np.ndarray, prob: np.ndarray, segs: list, tags: list[str],
                  floor: float = HEADING_GAP_FLOOR) -> np.ndarray:
    """``keep`` with the ``<h1>`` among the :data:`TITLE_LOOKBACK` blocks before the first kept one made body when
    its P(body) (``prob``) is ``floor`` or more: the headline opens the text a reader copies. Returns a new array.

    On rendered pages only: a history article's headline (P 0.41) was left out once readers' comments followed the
    text (a 147th blind round), a presenter's (P 0.43) in a 141st; the framework corpus's gold opens each text with
    its headline, where wcxb_dev's mostly does not.
    """
    kept = np.flatnonzero(keep)
    out = keep.copy()
    if not len(kept):
        return out
    first = int(kept[0])
    for j in range(first - 1, max(-1, first - TITLE_LOOKBACK - 1), -1):
        if _is_h1(segs[j], tags):
            out[j] = prob[j] >= floor
            break
    return out


def _is_h1(seg: Any, tags: list[str]) -> bool:
    """Whether block ``seg`` is an ``<h1>``: its own tag, or its first element's."""
    return seg.tag == "h1" or tags[seg.first_id] == "h1"


def fill_gaps(keep: np.ndarray, prob: np.ndarray, fillable: np.ndarray, floor: float = GAP_FLOOR,
              headings: np.ndarray | None = None, closing: np.ndarray | None = None) -> np.ndarray:
    """``keep`` (a boolean per block) with every run of blocks left out between two kept ones made body where each
    block of the run has a P(body) (``prob``, unsmoothed) of ``floor`` or more and is ``fillable``
    (:func:`gap_fillable`), and so are the blocks right after the last kept one up to the first that is not (the
    text's closing section: a 137th blind round's "Good to know" list after a timetable, P 0.36-0.52, before its
    share bar, P 0.03), where ``closing`` (a boolean per block; None: ``fillable``) allows them too. A run of one block
    that ``headings`` (a boolean per block, None for none: the headings a fill may make body, their titles' links or
    not) marks needs :data:`HEADING_GAP_FLOOR` only. Returns a new array."""
    out = keep.copy()
    kept = np.flatnonzero(keep).tolist()
    for a, b in zip(kept[:-1], kept[1:], strict=True):
        run = slice(a + 1, b)
        if b - a == 2 and headings is not None and headings[a + 1]:
            out[a + 1] = prob[a + 1] >= HEADING_GAP_FLOOR
        elif b - a > 1 and (prob[run] >= floor).all() and fillable[run].all():
            out[run] = True
    if kept:
        after = kept[-1] + 1
        closing = fillable if closing is None else closing
        while after < len(keep) and prob[after] >= floor and closing[after]:
            out[after] = True
            after += 1
    return out


#: On a rendered page, gaps between kept blocks that repeat (the same tag paths, block for block, in this many gaps or
#: more), each with a short line that dates it, are the headers of repeated posts whose text is kept: a forum post's
#: author-and-date line between one post's text and the next (a 152nd blind round kept 6 of 14, P 0.15-0.60,
#: falling down the page; a 151st 9 of 16; wcxb_dev's forum golds keep them too). Three: the fewest repeats the
#: records method counts as a record set (seed 005's minimum of repeated patterns).
REPEATED_GAP_MIN = 3
#: ... the dating line and each line of such a gap at most this long (a post header's name, role and date;
#: longer is a post's text or a card's).
REPEATED_GAP_LINE_CHARS = 100
#: ... and each such gap of this many blocks at most (a header's name and date, a post's footer of controls): a
#: member card of six to ten lines ("New member", "Joined", "Feb 20, 2010", "Messages", "12") beside each post is
#: left out by wcxb_dev's forum golds (served HTML: with such cards filled, 27 wcxb_dev pages went down, 8 up).
REPEATED_GAP_MAX_BLOCKS = 4
#: ... and each made body from this P(body) up: a footer's "Advertisement" label repeated between paragraphs sits at
#: P 0.00-0.03 (a third of the lowest header seen in blind rounds 143-149, 0.06; chosen for this project).
REPEATED_GAP_FLOOR = 0.05


def fill_post_headers(keep: np.ndarray, prob: np.ndarray, fillable: np.ndarray, paths: list[int], texts: list[str],
                      floor: float = REPEATED_GAP_FLOOR, repeats: int = REPEATED_GAP_MIN) -> np.ndarray:
    """``keep`` (a boolean per block) with the blocks of repeated dated gaps made body: runs left out between two
    kept blocks, of :data:`REPEATED_GAP_MAX_BLOCKS` at most, whose blocks have the same tag paths (``paths``, one per
    block), each with a block of ``texts`` of :data:`REPEATED_GAP_LINE_CHARS` at most that says when
    (:func:`~extractor.dates.says_when`), in ``repeats`` runs or more, kept blocks on that block's path saying when
    counted too (the headers the model kept: a 154th blind round's thread lost only its last), and gaps of one block
    of one line on one path right before a kept block that says when, in ``repeats`` gaps or more (a poster's card
    before each post's date); of such a run, each short block ``fillable`` (:func:`gap_fillable`) with a P(body)
    (``prob``) of ``floor`` or more. Returns a new array."""
    out = keep.copy()
    kept = np.flatnonzero(keep).tolist()
    dating = [len(text) <= REPEATED_GAP_LINE_CHARS and says_when(text) for text in texts]
    kept_dating = Counter(paths[j] for j in kept if dating[j])  # headers the model kept count as repeats too
    runs: dict[tuple[int, ...], list[range]] = {}
    cards: dict[int, list[int]] = {}  # one block alone between two kept ones, the second a dating line, by path
    for a, b in zip(kept[:-1], kept[1:], strict=True):
        if 1 < b - a <= REPEATED_GAP_MAX_BLOCKS + 1 and any(dating[a + 1:b]):
            runs.setdefault(tuple(paths[a + 1:b]), []).append(range(a + 1, b))
        elif b - a == 2 and dating[b] and "\n" not in texts[a + 1].strip():
            cards.setdefault(paths[a + 1], []).append(a + 1)
    filled = [j for found in runs.values() if len(found) + kept_dating[paths[next(j for j in found[0] if dating[j])]]
              >= repeats for run in found for j in run]
    # a poster's card right before each post's kept date (the 172nd and 173rd blind rounds' threads: a name and a
    # badge in a side column, P 0.14-0.32, kept beside 7 of 16 posts); one block of one line: a listing's title and
    # byline before each card's date are two lines (wcxb_dev pages rendered whose golds leave them out)
    filled += [j for found in cards.values() if len(found) >= repeats for j in found]
    for j in filled:
        out[j] |= bool(fillable[j] and prob[j] >= floor and len(texts[j]) <= REPEATED_GAP_LINE_CHARS)
    return out


#: On a rendered page, a run of cards alike (the same tag paths, block for block, this many times or more in a row) is a
#: record set; the model's choices over it are made the same in every card: a catalogue's cards (title, summary,
#: facts, a button) had their summaries kept, their facts in 9 of 14 and their titles in 2 (P 0.24-0.66: a 156th
#: blind round's data downloads). Three: the fewest repeats the records method counts as a record set (seed 005).
RECORD_MIN_REPEATS = 3
#: ... of cards of this many blocks at most (a card's title, its lines and its controls; longer repeats are sections
#: of a page, not cards).
RECORD_MAX_BLOCKS = 8
#: ... and at least this share of the cards with a block kept (a menu's or a "read next" rail's cards have none): the
#: model cut a list short (a 150th blind round's ten wards' results, five kept whole and five left out)...
RECORD_KEPT_SHARE = 0.5
#: ... where a block place kept in this share of those cards or more is kept in all the cards, and the cards'
#: headings too, each from :data:`HEADING_GAP_FLOOR` (a heading titles the card's kept text). Three in five: at one
#: in two the model's own slips spread to every card (a 140th blind round's listing references kept in 8 of 15
#: cards, a 147th's member cards beside 11 of 21 posts; F1 0.964 -> 0.933 and 0.786 -> 0.753), where the catalogue's
#: facts above were kept in 9 of 14.
RECORD_PLACE_SHARE = 0.6


def record_sets(paths: list[int], max_blocks: int = RECORD_MAX_BLOCKS,
                repeats: int = RECORD_MIN_REPEATS) -> list[tuple[int, int, int]]:
    """The record sets of a block sequence by its tag paths (``paths``, one per block): runs of ``repeats`` or more
    consecutive cards with the same paths, block for block, of ``max_blocks`` blocks at most. Returns ``(start,
    length, count)`` triples, the first card at block ``start``, in order and not overlapping; where two would
    overlap, the one starting first (a card opens with its first block, not a rotation of it) is taken."""
    seen: dict[int, list[int]] = {}
    for j, path in enumerate(paths):
        seen.setdefault(path, []).append(j)
    found: list[tuple[int, int, int]] = []
    for places in seen.values():
        if len(places) < repeats:
            continue
        k = 0
        while k < len(places) - 1:
            start, length = places[k], places[k + 1] - places[k]
            if length > max_blocks:
                k += 1
                continue
            card = paths[start:start + length]
            count = 1
            while paths[start + count * length:start + (count + 1) * length] == card:
                count += 1
            if count >= repeats:
                found.append((start, length, count))
                k += count
            else:
                k += 1
    found.sort()
    sets: list[tuple[int, int, int]] = []
    for start, length, count in found:
        if not sets or start >= sets[-1][0] + sets[-1][1] * sets[-1][2]:
            sets.append((start, length, count))
    return sets


def fill_records(keep: np.ndarray, prob: np.ndarray, fillable: np.ndarray, headings: np.ndarray,
                 paths: list[int], floor: float = HEADING_GAP_FLOOR) -> np.ndarray:
    """``keep`` (a boolean per block) made the same over each card of a record set (:func:`record_sets` of
    ``paths``) that has a block kept in :data:`RECORD_KEPT_SHARE` of its cards or more: a block place kept in
    :data:`RECORD_PLACE_SHARE` of those cards or more is kept in all, and so are the cards' ``headings`` (a boolean
    per block), each block made body where ``fillable`` (a boolean per block) with a P(body) (``prob``) of
    ``floor`` or more. Returns a new array."""
    out = keep.copy()
    for start, length, count in record_sets(paths):
        cards = keep[start:start + length * count].reshape(count, length)
        some = cards.any(axis=1)
        if some.mean() < RECORD_KEPT_SHARE:
            continue
        places = (cards[some].mean(axis=0) >= RECORD_PLACE_SHARE) | headings[start:start + length]
        for offset in np.flatnonzero(places).tolist():
            for j in range(start + offset, start + length * count, length):
                out[j] |= bool(fillable[j] and prob[j] >= floor)
    return out


def fill_asked_for(keep: np.ndarray, prob: np.ndarray, fillable: np.ndarray, asked: np.ndarray,
                   headings: np.ndarray, floor: float = HEADING_GAP_FLOOR) -> np.ndarray:
    """``keep`` (a boolean per block) with each run of blocks right after a kept one that a "more" button's press
    brought (``asked``, a boolean per block: the rest of a text the reader asked for, "Show full changelog"), or that
    is a heading (``headings``, a boolean per block) right before such a block, made body while each is ``fillable``
    (a boolean per block) with a P(body) (``prob``) of ``floor`` or more: a release post's changelog, opened under its
    heading after the last section, was left out at P 0.22-0.24 (a 160th blind round). Returns a new array."""
    out = keep.copy()
    n = len(keep)
    for j in range(1, n):
        titles = headings[j] and j + 1 < n and asked[j + 1]
        if out[j - 1] and not out[j] and (asked[j] or titles) and fillable[j] and prob[j] >= floor:
            out[j] = True
    return out


#: A data table's cells hold at most this many characters each: a table whose cells hold paragraphs lays out a
#: page (the old sites of cleaneval and l3s_gn1), one of names, figures and short phrases holds data.
TABLE_CELL_MAX_CHARS = 200


def data_table(page: Page, table: int) -> bool:
    """Whether element ``table`` (a ``<table>``) holds data: two rows or more, no table inside it, every cell
    of :data:`TABLE_CELL_MAX_CHARS` characters at most, links under half its text."""
    tags, text_len = page.tags, page.text_len
    inside = range(table + 1, int(page.end[table]))
    rows = 0
    for j in inside:
        tag = tags[j]
        if tag == "table" or tag in ("td", "th") and text_len[j] > TABLE_CELL_MAX_CHARS:
            return False
        rows += tag == "tr"
    return rows >= 2 and 2 * page.link_len[table] < text_len[table]


#: A description list holds data (a listing's key facts, a product's specification, rooms and their sizes) when
#: it has at least this many ``<dd>``, each a cell's length at most (:data:`TABLE_CELL_MAX_CHARS`): a data
#: table's two rows and a header, as pairs.
DATA_LIST_MIN_ITEMS = 3


def data_list(page: Page, dl: int) -> bool:
    """Whether element ``dl`` (a ``<dl>``) holds data: :data:`DATA_LIST_MIN_ITEMS` ``<dd>`` or more, each of
    :data:`TABLE_CELL_MAX_CHARS` characters at most, links under half its text."""
    tags, text_len = page.tags, page.text_len
    items = 0
    for j in range(dl + 1, int(page.end[dl])):
        if tags[j] == "dd":
            if text_len[j] > TABLE_CELL_MAX_CHARS:
                return False
            items += 1
    return items >= DATA_LIST_MIN_ITEMS and 2 * page.link_len[dl] < text_len[dl]


def _enclosing(page: Page, i: int, tag: str) -> int:
    """Element ``i`` or its nearest ancestor that is a ``tag``, or -1."""
    tags, parent = page.tags, page.parent_list
    while i >= 0 and tags[i] != tag:
        i = parent[i]
    return i


def _data_list_block(page: Page, seg: Any) -> bool:
    """Whether block ``seg`` is data lists (:func:`data_list`) for half its text or more: inside one, or holding
    them (a floor's heading and its rooms)."""
    tags, text_len = page.tags, page.text_len
    i = _enclosing(page, seg.first_id, "dl")
    if i >= 0:
        return data_list(page, i)
    inside = 0
    for first, text in seg.parts:
        j, end = first, int(page.end[first]) if text is None else first
        while j < end:
            if tags[j] == "dl":
                inside += int(text_len[j]) if data_list(page, j) else 0
                j = int(page.end[j])
            else:
                j += 1
    return 2 * inside >= seg.chars > 0


#: Lowest P of a caption kept with its figure or table (:func:`fill_captions`): the floor of a heading kept in a gap
#: (:data:`HEADING_GAP_FLOOR`).
CAPTION_FLOOR = HEADING_GAP_FLOOR
#: Elements that caption what they sit in ...
CAPTION_TAGS = ("figcaption", "caption")
#: ... where that is a figure or a table (a ``<figcaption>`` in a page's header, a photo's credit beside the headline,
#: captions nothing a reader reads: one of the first 200 wcxb_dev pages rendered, 0.904 -> 0.902 when it was kept).
CAPTIONED_TAGS = ("figure", "table")


def fill_captions(page: Page, segs: list, keep: np.ndarray, prob: np.ndarray) -> np.ndarray:
    """``keep`` with a caption (:data:`CAPTION_TAGS`, P at least :data:`CAPTION_FLOOR`) made body where its figure or
    table holds a kept block: a reader reads a table's or a figure's caption with it (a 164th blind round's courier
    rates, their figcaption P 0.29 after the table kept). Applied to rendered pages only, as the other fills."""
    out = keep
    parent, end = page.parent_list, page.end_list
    starts = [s.first_id for s in segs]
    for k, seg in enumerate(segs):
        if keep[k] or prob[k] < CAPTION_FLOOR or page.tags[seg.first_id] not in CAPTION_TAGS:
            continue
        holder = parent[seg.first_id]
        inside = range(len(segs)) if holder >= 0 and page.tags[holder] in CAPTIONED_TAGS else ()
        if any(keep[j] and holder <= starts[j] < end[holder] for j in inside if j != k):
            out = out.copy() if out is keep else out
            out[k] = True
    return out


def fill_tables(page: Page, segs: list, keep: np.ndarray) -> np.ndarray:
    """``keep`` with every run of blocks left out between two kept ones made body where the run lies inside one data
    table (:func:`data_table`): a reader's text does not skip the table in its middle (a specification table, a data
    story's table, a grid drawn by a library: blind rounds 27, 29 and 30, four pages, each gaining 0.02-0.10), or
    where each of its blocks is data lists (:func:`data_list`: a property's key facts and rooms as ``<dl>``, a 72nd
    blind round, 0.85 before); the data tables of such a run that holds other blocks too (an 85th blind round's tide
    table after the day's "Previous day / Next day" links, 0.90 before); and with a data table made body where it
    comes right after a kept heading, which titles it (a box score's "Lakeport Herons" kept and its players' table
    left out: a 52nd blind round). Applied to rendered pages: on the five dev sets as served the first rule moved 44
    pages of 4,168 either way and no set's mean by more than 0.0002 (2026-11-30), so the HTML path is left as its
    models were measured."""
    kept = np.flatnonzero(keep)
    if not len(kept):
        return keep
    tags = page.tags

    def table_of(i: int) -> int:
        return _enclosing(page, i, "table")

    out = keep.copy()
    data_tables: dict[int, bool] = {}  # table -> data_table(), asked once a table
    for a, b in zip(kept[:-1].tolist(), kept[1:].tolist(), strict=True):
        if b - a < 2:
            continue
        if all(_data_list_block(page, segs[k]) for k in range(a + 1, b)):
            out[a + 1:b] = True
            continue
        for k in range(a + 1, b):  # the blocks inside data tables: the whole run, or a table among other blocks
            table = table_of(segs[k].first_id)
            if table >= 0 and table not in data_tables:
                data_tables[table] = data_table(page, table)
            out[k] |= table >= 0 and data_tables[table]
    for k in kept.tolist():
        first = segs[k].first_id
        after = k + 1
        if after >= len(segs) or keep[after] or HEADING_TAGS.isdisjoint((segs[k].tag, tags[first])):
            continue
        table = table_of(segs[after].first_id)
        if table <= first or not data_table(page, table):
            continue  # no table after the heading (a heading inside the table starts after it)
        stop = after
        while stop < len(segs) and table <= segs[stop].first_id < page.end[table]:
            stop += 1
        out[after:stop] = True
    return out


#: Class/id words naming a box a site puts into its own article: an ad slot, a sponsor's line, a newsletter
#: sign-up (whole words between non-letters, not stems, and not split at case changes: "adsense" and "ad-slot"
#: yes; "address", "subscriber" and a CSS module's hashed "item__adF2E" no). The model keeps such a box when
#: the paragraphs around it are body (a 45th blind round: an ad and a sign-up box inserted between an article's
#: paragraphs, both kept).
INSERTED_BOX_WORDS = frozenset(("ad ads advert adverts advertisement advertisements advertising adslot adunit "
                                "adsense dfp sponsored newsletter newsletters signup").split())
#: Such boxes are left out only while together they hold at most this share of the kept text (an article whose own
#: wrapper is named "sponsored" stays, and so do the items of a listing of classified ads, each an "ad").
INSERTED_BOX_MAX_SHARE = 0.3
#: ... and at most this many characters in all: an ad's or a sign-up's label, a sentence or two and a button
#: (about 50 words). A list item or a slide holding a paragraph beside its ad slot is content.
INSERTED_BOX_MAX_CHARS = 300
#: A word of :data:`INSERTED_BOX_WORDS` not followed by an ASCII letter or digit (lower case); what goes before it
#: is checked apart (:func:`_box_words`): a look-behind in the pattern made the search twice as slow.
_BOX_WORD = re.compile("(?:" + "|".join(sorted(INSERTED_BOX_WORDS, key=len, reverse=True)) + ")(?![a-z0-9])")


def _box_words(low: str) -> list[int]:
    """Where the words of :data:`INSERTED_BOX_WORDS` start in ``low`` (lower case), each a whole word."""
    return [m.start() for m in _BOX_WORD.finditer(low)
            if m.start() == 0 or not ("a" <= low[m.start() - 1] <= "z" or "0" <= low[m.start() - 1] <= "9")]


def named_box(name: str) -> bool:
    """Whether a class/id value (:attr:`~extractor.page.Page.class_id`) names an inserted box
    (:data:`INSERTED_BOX_WORDS`)."""
    return bool(_box_words(name.lower()))


def named_boxes(page: Page) -> list[int]:
    """Ids of the elements of ``page`` whose class/id value names an inserted box (:func:`named_box`), in
    order: one search over all the values joined, a line each."""
    names = page.class_id
    found = _box_words("\n".join(names).lower())
    if not found:
        return []
    starts = list(accumulate((len(name) + 1 for name in names), initial=0))
    return sorted({bisect_right(starts, at) - 1 for at in found})


def drop_inserted_boxes(page: Page, segs: list, keep: np.ndarray, sizes: list[int]) -> np.ndarray:
    """``keep`` without the blocks of the kept text that lie in boxes named an ad or a sign-up
    (:func:`named_box`) of at most :data:`INSERTED_BOX_MAX_CHARS` characters each, when together they hold at
    most :data:`INSERTED_BOX_MAX_SHARE` of the kept text (``sizes``: each block's characters)."""
    kept = np.flatnonzero(keep).tolist()
    if not kept:
        return keep
    total = sum(sizes[k] for k in kept)
    firsts = np.array([segs[k].first_id for k in kept])
    end, text_len = page.end, page.text_len
    dropped: set[int] = set()
    for box in named_boxes(page):
        if box == page.body_id or text_len[box] > INSERTED_BOX_MAX_CHARS:
            continue
        dropped.update(kept[i] for i in np.flatnonzero((firsts >= box) & (firsts < end[box])).tolist())
    if not dropped or sum(sizes[k] for k in dropped) > INSERTED_BOX_MAX_SHARE * total:
        return keep  # the boxes are the content: a listing of classified ads, each an "ad"
    out = keep.copy()
    out[sorted(dropped)] = False
    return out


def body_probability(model: dict[str, Any], features: np.ndarray) -> np.ndarray:
    """P(body) per block (rows of :func:`block_features`) under a loaded model."""
    return predict_proba(model, features)[:, 1] if len(features) else np.zeros(0)


def opening_heading(page: Page, segs: list, keep: np.ndarray, breaks: list[int]) -> tuple[str | None, int | None]:
    """The ``<h1>`` that opens the kept content (its text and element id), when the page's
    headline rule (:func:`extractor.title.headline`) has nothing better than the bare ``<title>``
    (``breaks``: the page's :func:`~extractor.content.break_prefix`).

    A script-built page or a small site often has the site's name alone as its ``<title>`` and no
    ``og:title``; the learned model labels no title, so the ``<h1>`` within :data:`TITLE_LOOKBACK`
    blocks before the first body block (or that block itself) is the headline; failing that, the first
    ``<h1>`` among the :data:`TITLE_LOOKBACK` body blocks after it (a menu line kept above the
    headline). Returns ``(None, None)`` otherwise, and the front door's headline rule applies.
    """
    kept = np.flatnonzero(keep)
    if not len(kept) or not page.html_title:
        return None, None
    first = int(kept[0])
    tags = page.tags
    before = range(first, max(-1, first - TITLE_LOOKBACK - 1), -1)
    after = [int(j) for j in kept[1:TITLE_LOOKBACK + 1]]
    for places in (before, after):
        for j in places:
            node = segs[j].first_id
            if _is_h1(segs[j], tags):
                text = segment_text(page, segs[j], breaks).replace("\n", " ").strip()
                if text and headline(page) == page.html_title:
                    return text, node
                return None, None
    return None, None


def run(page: Page, opts: Options) -> Extraction:
    """The body blocks of ``page`` by the learned model (see the module docstring), and its title if one is labelled.

    Raises :class:`ModelError` when the model file is missing or made for other features.
    """
    if page.text_len[page.body_id] == 0:
        return Extraction([], reason="the page body has no text")
    model = load_model(opts.model_path or None)
    segs = segment(page)
    if not segs:
        return Extraction([], reason="the page body has no text")
    breaks = break_prefix(page)
    cut_blocks, texts = zip(*(segment_blocks_and_text(page, s, breaks) for s in segs), strict=True)
    features = block_features(page, segs, list(texts))
    prob = body_probability(model, features)
    weight, cut, relative = decision_rule(model, opts)
    eligible = features[:, IN_COMMENTS] == 0 if opts.drop_comments else None
    keep = body_mask(prob, weight, cut, eligible, fallback=opts.empty_fallback, relative=relative)
    if page.geometry is not None:  # rendered: runs of likely body between kept blocks, tables drawn from data
        headings = np.array([s.tag in HEADING_TAGS or page.tags[s.first_id] in HEADING_TAGS for s in segs])
        linked = gap_fillable(features, eligible, max_link_share=np.inf)  # a card's title, a post's author: links
        headings &= linked
        fillable = gap_fillable(features, eligible)
        # a readers' thread after the text is never its closing section, kept or dropped (a framework corpus page's
        # comments, P 0.3-0.5, kept whole by the model's choice to keep them)
        closing = fillable & (features[:, IN_COMMENTS] == 0)
        keep = keep_headline(keep, prob, segs, page.tags)
        keep = fill_tables(page, segs, fill_gaps(keep, prob, fillable, headings=headings, closing=closing))
        keep = fill_captions(page, segs, keep, prob)
        paths = page.tag_path_id[[s.first_id for s in segs]].tolist()
        keep = fill_post_headers(keep, prob, linked, paths, texts)
        keep = fill_records(keep, prob, linked, headings, paths)
        more = page.geometry.extra.get(MORE_KEY)
        if more is not None:
            keep = fill_asked_for(keep, prob, closing, more[[s.first_id for s in segs]], headings)
    if opts.page_type in ("article", ""):  # on a listing, "ad" and "sponsored" name the items (classifieds)
        keep = drop_inserted_boxes(page, segs, keep, [len(t) for t in texts])
    labels = ["body" if k else "noise" for k in keep.tolist()]
    extraction = assemble(page, segs, labels, prob.tolist(), False, cut=cut_blocks)
    if extraction.title is None:
        extraction.title, extraction.title_id = opening_heading(page, segs, keep, breaks)
    if not extraction.blocks:
        extraction.reason = f"the learned model kept none of the {len(segs)} blocks (cut {cut})"
    extraction.details.update({"model": "learned", "smooth": weight, "cut": cut, "relative": relative})
    return extraction
