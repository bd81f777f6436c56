"""CRF block labelling (seed 004, Guangxi Normal Univ. J. 2011; ALGORITHMS.md section 5).

The pruned DOM is cut into a block sequence (:mod:`.blocks`); each block gets features
(:mod:`.features`, plus what decay selects on the same Page and its container's
densities, :mod:`.stack`); a linear-chain CRF trained on the dev sets
(``bench/train_crf.py``) labels the sequence ``title``/``body``/``noise``. A block is ``body``
when its marginal P(body) reaches the cut stored in the model file (chosen by grouped CV);
``body`` blocks are the main text, each with that probability as its score; the best
``title`` block is the headline. With rendering (``page.geometry``) the layout model is used
when it is shipped.

Model files live in ``extractor/models/crf_<kind>.crfsuite`` with a ``.json`` beside it that
records the feature version, the segmentation and feature options and how it was trained.
They are loaded on first use; a file trained for other features raises :class:`ModelError`.
"""

from __future__ import annotations

import json
import pathlib
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal

import pycrfsuite

from ...errors import ModelError
from ...modelfile import read_json_model
from ...page import Page
from ...result import Block
from ..base import Extraction, require_range
from .blocks import Segment, SegmentOptions, break_prefix, segment, segment_blocks, segment_text
from .features import LAYOUT_FEATURE_VERSION, FeatureOptions, feature_version, html_features, layout_features

#: Folder of the shipped model files (package data).
MODEL_DIR = pathlib.Path(__file__).resolve().parent.parent.parent / "models"
#: File stem per model kind.
MODEL_STEMS = {"html": "crf_html", "layout": "crf_layout", "pooled": "crf_pooled"}


@dataclass(frozen=True)
class Options:
    """Options of the ``crf`` method."""

    #: "auto": the layout model when the page was rendered and that model is shipped, else the HTML model.
    #: "pooled": the HTML model trained on all five dev text sets with the cue, comment-section and
    #: structure features (bench/train_learned.py, bench/results/learned.md).
    model: Literal["auto", "html", "layout", "pooled"] = "auto"
    #: Keep the ``title`` block in the main text too. Off: the wcxb_dev gold body holds the
    #: headline on 17 % of pages only (measured on wcxb_dev, see bench/train_crf.py).
    title_in_text: bool = False
    #: A block is ``body`` when its marginal P(body) reaches this, whatever the Viterbi path says;
    #: 0 keeps the Viterbi labels alone; -1 (default) takes the cut stored in the model file,
    #: which bench/train_crf.py chose by grouped CV on the out-of-fold marginals of wcxb_dev.
    body_marginal: float = -1.0
    #: When no block is ``body``, blocks whose P(body) reaches this are taken instead; 1 = off.
    #: Off: on top of ``body_marginal`` 0.3 it lowered the html-2 model's out-of-fold F1 on wcxb_dev (0.779 -> 0.777).
    fallback_marginal: float = 1.0
    #: Path stem of other model files (``<stem>.crfsuite`` + ``<stem>.json``); "" = the shipped ones.
    model_path: str = ""

    def validate(self) -> None:
        require_range("body_marginal", self.body_marginal, -1.0, 1.0)
        require_range("fallback_marginal", self.fallback_marginal, 0.0, 1.0)


@dataclass
class CrfModel:
    """A loaded model: the crfsuite tagger plus what it was trained with."""

    tagger: Any
    meta: dict[str, Any]
    kind: str
    segment_options: SegmentOptions
    feature_options: FeatureOptions
    stem: str


_CACHE: dict[str, CrfModel] = {}


def _options_from(cls: type, values: dict[str, Any]) -> Any:
    names = {f.name for f in fields(cls)}
    return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in values.items() if k in names})


def expected_version(kind: str, feature_options: FeatureOptions | None = None) -> str:
    """The feature version this code computes for a model kind (``html``, ``pooled`` or ``layout``)
    with ``feature_options`` (default: the html-3 features)."""
    base = feature_version(feature_options)
    return f"{base}+{LAYOUT_FEATURE_VERSION}" if kind == "layout" else base


def load_model(stem: str | pathlib.Path) -> CrfModel:
    """Load ``<stem>.json`` and ``<stem>.crfsuite`` (cached per path).

    Raises :class:`ModelError` when a file is missing or unreadable, or when the model was
    trained with another feature version than this code computes.
    """
    key = str(stem)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    meta_path, crf_path = pathlib.Path(key + ".json"), pathlib.Path(key + ".crfsuite")
    meta = read_json_model(meta_path, "CRF model description", "train it with bench/train_crf.py")
    kind = meta.get("kind", "html")
    feature_options = _options_from(FeatureOptions, meta.get("feature_options", {}))
    want = expected_version(kind, feature_options)
    got = meta.get("feature_version")
    if got != want:
        raise ModelError(f"CRF model {crf_path.name} was trained with feature version {got!r}, but this "
                         f"pagesight computes {want!r}: retrain it with bench/train_crf.py")
    if not crf_path.exists():
        raise ModelError(f"CRF model file {crf_path} not found; train it with bench/train_crf.py")
    tagger = pycrfsuite.Tagger()
    try:
        tagger.open(str(crf_path))
    except (OSError, ValueError) as exc:
        raise ModelError(f"CRF model file {crf_path} is not a crfsuite model: {exc}") from None
    model = CrfModel(tagger, meta, kind, _options_from(SegmentOptions, meta.get("segment_options", {})),
                     feature_options, key)
    _CACHE[key] = model
    return model


def choose_model(page: Page, opts: Options) -> CrfModel:
    """The model for this page: ``model_path`` if set, else by ``opts.model`` and geometry."""
    if opts.model_path:
        return load_model(opts.model_path)
    kind = opts.model
    if kind == "auto":
        layout_stem = MODEL_DIR / MODEL_STEMS["layout"]
        kind = "layout" if page.geometry is not None and layout_stem.with_suffix(".json").exists() else "html"
    if kind == "layout" and page.geometry is None:
        kind = "html"
    return load_model(MODEL_DIR / MODEL_STEMS[kind])


def page_features(page: Page, segs: list[Segment], model: CrfModel) -> list[list[str]]:
    """Feature strings per block for ``model`` (HTML ones, plus layout ones for a layout model)."""
    feats = html_features(page, segs, model.feature_options)
    if model.kind == "layout":
        feats = layout_features(page, segs, feats)
    return feats


def tag_sequence(tagger: Any, feats: list[list[str]]) -> tuple[list[str], list[float]]:
    """Viterbi labels of a feature sequence and the marginal probability of each label."""
    tagger.set(feats)
    labels = tagger.tag()
    return labels, [tagger.marginal(label, t) for t, label in enumerate(labels)]


def decide(tagger: Any, labels: list[str], probs: list[float], body_marginal: float,
           fallback_marginal: float) -> tuple[list[str], list[float]]:
    """Final labels from the Viterbi path and the marginals of the sequence last tagged.

    With ``body_marginal > 0`` a block is ``body`` exactly when P(body) reaches it (a ``title``
    stays); when no block is ``body``, blocks with P(body) >= ``fallback_marginal`` are.
    Returns ``(labels, probabilities of those labels)``.
    """
    n = len(labels)
    if body_marginal <= 0 and ("body" in labels or fallback_marginal >= 1.0 or "body" not in tagger.labels()):
        return labels, probs
    p_body = [tagger.marginal("body", t) for t in range(n)]
    labels, probs = list(labels), list(probs)
    if body_marginal > 0:
        for t in range(n):
            if p_body[t] >= body_marginal:
                labels[t], probs[t] = "body", p_body[t]
            elif labels[t] == "body":
                labels[t], probs[t] = "noise", tagger.marginal("noise", t)
    if "body" not in labels and fallback_marginal < 1.0:
        for t in range(n):
            if p_body[t] >= fallback_marginal and labels[t] != "title":
                labels[t], probs[t] = "body", p_body[t]
    return labels, probs


def assemble(page: Page, segs: list[Segment], labels: list[str], probs: list[float],
             title_in_text: bool, cut: Sequence[list[Block]] | None = None) -> Extraction:
    """Turn labelled blocks into an :class:`Extraction` (body blocks, best title).

    ``cut``: each segment's :func:`segment_blocks` (label ``body``) when the caller has them already;
    a body segment's blocks then take its score instead of being cut again.
    """
    blocks = []
    title, title_p, title_id = None, -1.0, None
    breaks = break_prefix(page)
    for j, (seg, label, p) in enumerate(zip(segs, labels, probs, strict=True)):
        if label == "title":
            if p > title_p:
                title, title_p = segment_text(page, seg, breaks).replace("\n", " "), p
                title_id = next((i for i, text in seg.parts if text is None), seg.parent)
            if title_in_text:
                blocks.extend(segment_blocks(page, seg, label="title", score=p, breaks=breaks))
        elif label == "body" and cut is not None:
            for block in cut[j]:
                block.score = p
                blocks.append(block)
        elif label == "body":
            blocks.extend(segment_blocks(page, seg, label="body", score=p, breaks=breaks))
    counts = {name: labels.count(name) for name in ("title", "body", "noise")}
    details: dict[str, Any] = {"blocks": len(segs), "labels": counts}
    if not blocks:
        return Extraction([], reason=f"the CRF labelled none of the {len(segs)} blocks as body", title=title,
                          details=details, title_id=title_id)
    return Extraction(blocks, title=title, details=details, title_id=None if title_in_text else title_id)


def run(page: Page, opts: Options) -> Extraction:
    """Label the page's blocks with the CRF and return the ``body`` blocks and the title.

    Raises :class:`ModelError` when the model file is missing or was trained for other features.
    """
    if page.text_len[page.body_id] == 0:
        return Extraction([], reason="the page body has no text")
    model = choose_model(page, opts)
    segs = segment(page, model.segment_options)
    if not segs:
        return Extraction([], reason="the page body has no text")
    labels, probs = tag_sequence(model.tagger, page_features(page, segs, model))
    cut = opts.body_marginal if opts.body_marginal >= 0 else float(model.meta.get("body_marginal", 0.0))
    labels, probs = decide(model.tagger, labels, probs, cut, opts.fallback_marginal)
    extraction = assemble(page, segs, labels, probs, opts.title_in_text)
    extraction.details["model"] = model.kind
    extraction.details["body_marginal"] = cut
    return extraction


def train_model(xs: list[list[list[str]]], ys: list[list[str]], stem: str | pathlib.Path, *, c1: float, c2: float,
                max_iterations: int, kind: str = "html", segment_options: SegmentOptions | None = None,
                feature_options: FeatureOptions | None = None, extra: dict[str, Any] | None = None) -> CrfModel:
    """Fit a linear-chain CRF (L-BFGS, L1 ``c1`` + L2 ``c2``) and write ``<stem>.crfsuite`` and ``<stem>.json``.

    Takes feature sequences ``xs`` and label sequences ``ys``; returns the loaded model.
    Raises :class:`ModelError` when there is nothing to train on.
    """
    import sklearn_crfsuite

    if not xs or not any(ys):
        raise ModelError("no labelled block sequences to train the CRF on")
    stem = pathlib.Path(stem)
    stem.parent.mkdir(parents=True, exist_ok=True)
    crf_path = stem.with_name(stem.name + ".crfsuite")
    crf = sklearn_crfsuite.CRF(algorithm="lbfgs", c1=c1, c2=c2, max_iterations=max_iterations,
                               all_possible_transitions=True, model_filename=str(crf_path))
    crf.fit(xs, ys)
    seg = segment_options or SegmentOptions()
    feat = feature_options or FeatureOptions()
    meta = {
        "kind": kind, "feature_version": expected_version(kind, feature_options), "labels": sorted(crf.classes_),
        "algorithm": "lbfgs", "c1": c1, "c2": c2, "max_iterations": max_iterations,
        "segment_options": {f.name: getattr(seg, f.name) for f in fields(seg)},
        "feature_options": {f.name: getattr(feat, f.name) for f in fields(feat)},
        "sequences": len(xs), "blocks": sum(len(y) for y in ys), **(extra or {}),
    }
    stem.with_name(stem.name + ".json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    _CACHE.pop(str(stem), None)
    return load_model(stem)
