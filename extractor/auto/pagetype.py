"""The page-type classifier: the shipped models, their evaluation, and a page's verdict.

Two gradient-boosted tree ensembles stored as JSON (``models/pagetype.json.gz`` for HTML,
``models/pagetype_render.json.gz`` for rendered pages, which also reads layout), evaluated
with numpy and loaded lazily. Each holds a 7-type model, a has-main-text (binary) model and a
stacked text model. A model records the feature version and names of
:mod:`extractor.auto.pagetype_features`; a mismatch raises :class:`~extractor.errors.ModelError`.
Trained and compared by ``bench/train_pagetype.py``.
"""

from __future__ import annotations

import os
import pathlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from ..blocklist import BlockList, block_list
from ..errors import ModelError
from ..loader import get_page
from ..modelfile import read_json_model
from ..page import SERVED_KEY, Page
from ..trees import predict_proba, prepare, softmax
from .pagetype_features import (
    FEATURE_VERSION,
    LAYOUT_NAMES,
    NUMERIC_NAMES,
    bag_vector,
    body_words,
    layout_features,
    page_features,
)

#: The seven page types of wcxb_dev (data README).
PAGE_TYPES = ("article", "collection", "documentation", "forum", "listing", "product", "service")
#: Page types that have a main text (issue #8: article, documentation, forum, product vs the rest).
HAS_MAIN_TEXT = frozenset(("article", "documentation", "forum", "product"))
#: Default model file, shipped in the package.
MODEL_PATH = pathlib.Path(__file__).resolve().parent.parent / "models" / "pagetype.json.gz"
#: Model for rendered pages: the served HTML's features plus the rendered page's layout features.
RENDER_MODEL_PATH = MODEL_PATH.with_name("pagetype_render.json.gz")


def main_text_proba(model: dict[str, Any], x: np.ndarray) -> np.ndarray:
    """Probability (n_samples,) of the model's has-main-text (binary) part that each row has a main text.

    Raises :class:`ModelError` when the model has no such part.
    """
    binary = model.get("main_text_model")
    if binary is None:
        raise ModelError("the page-type model has no has-main-text part: retrain with bench/train_pagetype.py")
    return predict_proba(binary, x)[:, list(binary["classes"]).index("True")]


#: A page has a main text when the mean of the two models' main-text probabilities is above this
#: (the neutral cut, not tuned). Grouped CV on wcxb_dev (bench/results/pagetype.md): the mean of
#: the binary model and the 7-type model's summed main-text probability beats either alone.
MAIN_TEXT_CUT = 0.5


def main_text_mean(p_binary: Any, p_types: Any) -> Any:
    """The has-main-text probability: the mean of the binary model's and the 7-type model's (summed)."""
    return (p_binary + p_types) / 2.0


def check_model(model: dict[str, Any], source: str = "model") -> dict[str, Any]:
    """Check that a model dict was trained for this feature code; return it ready to use.

    Raises :class:`ModelError` when the version or the feature names differ, or fields are missing.
    """
    if model.get("feature_version") != FEATURE_VERSION:
        raise ModelError(f"{source} was trained for page-type features version {model.get('feature_version')!r}, "
                         f"this code computes version {FEATURE_VERSION}: retrain with bench/train_pagetype.py")
    if model.get("numeric_names") != NUMERIC_NAMES or model.get("layout_names", LAYOUT_NAMES) != LAYOUT_NAMES:
        raise ModelError(f"{source} lists other numeric features than this code: retrain with bench/train_pagetype.py")
    try:
        if "main_text_model" in model:
            model["main_text_model"] = prepare(model["main_text_model"])
        if "text_model" in model:
            tm = model.pop("text_model")
            model["_text"] = {"index": {t: j for j, t in enumerate(tm["terms"])},
                              "idf": np.asarray(tm["idf"], dtype=np.float64),
                              "coef": np.asarray(tm["coef"], dtype=np.float64),
                              "intercept": np.asarray(tm["intercept"], dtype=np.float64),
                              "classes": list(tm["classes"]), "body": bool(tm.get("body"))}
        return prepare(model) if model.get("kind") == "trees" else model
    except (KeyError, TypeError, ValueError) as exc:
        raise ModelError(f"{source} is malformed: {exc}") from None


def load_model(path: str | os.PathLike | None = None) -> dict[str, Any]:
    """Load (once per path) and check the page-type model (JSON, optionally gzipped); default: the shipped one.

    Raises :class:`ModelError` when the file is missing, unreadable, or for other features.
    """
    return _load_model(str(pathlib.Path(path) if path is not None else MODEL_PATH))


@lru_cache(maxsize=4)
def _load_model(path: str) -> dict[str, Any]:
    return check_model(read_json_model(pathlib.Path(path), "page-type model", "run bench/train_pagetype.py"), path)


def text_model_proba(model: dict[str, Any], tokens: list[str]) -> np.ndarray:
    """Probabilities (in :data:`PAGE_TYPES` order) of the stacked text model for a page's tokens.

    The text model is tf-idf (sublinear tf, l2 norm) and multinomial logistic regression.
    """
    tm = model["_text"]
    counts: dict[int, int] = {}
    index = tm["index"]
    for t in tokens:
        j = index.get(t)
        if j is not None:
            counts[j] = counts.get(j, 0) + 1
    z = tm["intercept"].copy()
    if counts:
        cols = np.fromiter(counts, dtype=np.int64, count=len(counts))
        tf = 1.0 + np.log(np.fromiter(counts.values(), dtype=np.float64, count=len(counts)))
        w = tf * tm["idf"][cols]
        w /= np.sqrt((w * w).sum())
        z = z + tm["coef"][:, cols] @ w
    p = softmax(z[None, :])[0]
    out = np.zeros(len(PAGE_TYPES))
    for j, cls in enumerate(tm["classes"]):
        out[PAGE_TYPES.index(cls)] = p[j]
    return out


def feature_row(page: Page, model: dict[str, Any], blocks: BlockList | None = None,
                url: str | None = None, layout: np.ndarray | None = None) -> np.ndarray:
    """The full feature row of a page: numeric features, the model's bag of words, text-model probabilities.

    A model that reads layout (the render model) gets ``layout`` (:func:`layout_features`; zeros when None)
    after the numeric features.
    """
    if blocks is None:
        blocks = block_list(page)
    num, words = page_features(page, blocks, url)
    parts = [num]
    if "layout_names" in model:
        parts.append(np.zeros(len(LAYOUT_NAMES)) if layout is None else layout)
    parts.append(bag_vector(words, model["vocab"]))
    if "_text" in model:
        tokens = sorted(words)
        if model["_text"]["body"]:
            tokens += body_words(blocks)
        parts.append(text_model_proba(model, tokens))
    return np.concatenate(parts)[None, :]


@dataclass(frozen=True)
class PageTypeVerdict:
    """What the classifier says of one page.

    ``probabilities`` of the seven types; ``page_type`` the most likely and ``confidence`` its
    probability; ``main_text_probability`` the mean of the has-main-text model's probability and the
    7-type model's summed main-text probability, and ``has_main_text`` whether it passes
    :data:`MAIN_TEXT_CUT`; ``model`` names the model used (``html`` or ``render``).
    """

    page_type: str
    confidence: float
    has_main_text: bool
    main_text_probability: float
    probabilities: dict[str, float]
    model: str


#: A rendered page is typed from the HTML the server sent (what the models were trained on), unless
#: scripts built most of its text: when the rendered DOM holds more than this many times the served
#: text, from the rendered DOM as the scripts left it (nothing removed). On wcxb_dev the ratio is 1.00
#: at the median and above 2 on 4 of 1,355 rendered pages (reconstruction; /work/notes/s3/ratio.py).
SCRIPT_BUILT_RATIO = 2.0


def scripts_built_text(served_chars: float, rendered_chars: float) -> bool:
    """True when the rendered DOM holds over :data:`SCRIPT_BUILT_RATIO` times the served page's text."""
    return rendered_chars > SCRIPT_BUILT_RATIO * served_chars


def typed_document(page: Page) -> Page:
    """The Page a rendered ``page`` is typed from (parsed once): the served HTML, else the rendered DOM.

    See :data:`SCRIPT_BUILT_RATIO`; the rendered DOM is ``page.source_text`` with the browser's id
    attributes removed. A page without geometry is returned as it is.
    """
    extra = page.geometry.extra if page.geometry is not None else None
    if extra is None:
        return page
    if "typed_document" not in extra:
        from ..errors import PagesightError
        from ..page import load
        from ..rendered import DOM_CHARS_KEY, rendered_dom

        # The DOM's Page is built only when it is chosen; its text length was counted when the page was read.
        dom = None
        dom_chars = extra.get(DOM_CHARS_KEY)
        if dom_chars is None:
            dom = rendered_dom(page.source_text or "", url=page.url)
            dom_chars = dom.text_len[0]
        chosen = None
        data = extra.get(SERVED_KEY)  # extractor/rendered.py keeps the served bytes here
        if data:
            try:
                served = load(data, url=page.url, encoding=extra.get("served_charset"))
                if not scripts_built_text(float(served.text_len[0]), float(dom_chars)):
                    chosen = served
            except PagesightError:
                pass
        if chosen is None:
            chosen = dom if dom is not None else rendered_dom(page.source_text or "", url=page.url)
        extra["typed_document"] = chosen
    return extra["typed_document"]


def page_type_of(page: Page, blocks: BlockList | None = None, *, model_path: str | os.PathLike | None = None
                 ) -> PageTypeVerdict:
    """Classify ``page``: its :class:`PageTypeVerdict`.

    A rendered page is read by the render model: the features of :func:`typed_document` plus
    the rendered page's layout. Any other page is read by the HTML model; ``model_path`` names
    another model file (one trained with layout features reads rendered pages like the render
    model). ``blocks`` may pass the page's Block-List already built. Raises :class:`ModelError`
    when the model is missing or does not match this feature code.
    """
    rendered = page.geometry is not None
    model = load_model(model_path if model_path is not None else RENDER_MODEL_PATH if rendered else None)
    if "layout_names" in model and rendered:
        name, row = "render", feature_row(typed_document(page), model, layout=layout_features(page, blocks))
    else:
        name, row = "html", feature_row(page, model, blocks)
    proba = predict_proba(model, row)[0]
    probabilities = {cls: float(p) for cls, p in zip(model["classes"], proba, strict=True)}
    page_type = max(probabilities, key=probabilities.__getitem__)
    p_types = sum(p for cls, p in probabilities.items() if cls in HAS_MAIN_TEXT)
    p_main = float(main_text_mean(float(main_text_proba(model, row)[0]), p_types)
                   if "main_text_model" in model else p_types)
    return PageTypeVerdict(page_type, probabilities[page_type], p_main > MAIN_TEXT_CUT, p_main, probabilities, name)


def class_probabilities(page: Page, blocks: BlockList | None = None, *,
                        model_path: str | os.PathLike | None = None) -> dict[str, float]:
    """The model's probability of each page type for ``page`` (see :func:`page_type_of`).

    Raises :class:`ModelError` when the model is missing or does not match this feature code.
    """
    return page_type_of(page, blocks, model_path=model_path).probabilities


def classify(page: Page, blocks: BlockList | None = None, *, model_path: str | os.PathLike | None = None
             ) -> tuple[str, float]:
    """Page type of ``page`` and the model's probability for it (see :func:`page_type_of`).

    Raises :class:`ModelError` like :func:`page_type_of`.
    """
    verdict = page_type_of(page, blocks, model_path=model_path)
    return verdict.page_type, verdict.confidence


def main_text_probability(page: Page, blocks: BlockList | None = None, *,
                          model_path: str | os.PathLike | None = None) -> float:
    """The probability that ``page`` has a main text (article, documentation, forum, product).

    The page has one above :data:`MAIN_TEXT_CUT`. Raises :class:`ModelError` like :func:`page_type_of`.
    """
    return page_type_of(page, blocks, model_path=model_path).main_text_probability


def has_main_text(page_type: str) -> bool:
    """True for the page types that carry a main text (article, documentation, forum, product)."""
    return page_type in HAS_MAIN_TEXT


def classify_source(source: str | bytes | os.PathLike, *, render: bool = False, url: str | None = None
                    ) -> PageTypeVerdict:
    """Load (optionally render) a source and classify it (see :func:`page_type_of`).

    Raises the load/render errors of :func:`extractor.loader.get_page` and :class:`ModelError`.
    """
    return page_type_of(get_page(source, render=render, url=url))
