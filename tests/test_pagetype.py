"""Page-type features, the shipped model (lazy load, version check) and classification."""

from __future__ import annotations

import gzip
import json

import numpy as np
import pytest

from extractor import extract, load
from extractor.auto.pagetype import (
    HAS_MAIN_TEXT,
    MAIN_TEXT_CUT,
    MODEL_PATH,
    PAGE_TYPES,
    classify,
    classify_source,
    load_model,
    main_text_probability,
    page_type_of,
)
from extractor.auto.pagetype_features import NUMERIC_NAMES, numeric_features, page_words, url_features
from extractor.errors import ModelError
from extractor.evaluate import page_bytes, read_gold
from tests.conftest import FIXTURES, data_set

NEWS = FIXTURES / "blocks" / "news.html"


def test_features_are_finite_and_complete() -> None:
    page = load(NEWS, url="https://example.org/2024/05/harbour-bridge-reopens.html")
    x = numeric_features(page)
    assert x.shape == (len(NUMERIC_NAMES),)
    assert np.isfinite(x).all()
    named = dict(zip(NUMERIC_NAMES, x, strict=False))
    assert named["has_url"] == 1.0 and named["url_date"] == 1.0 and named["og_article"] == 1.0
    assert 0.0 < named["link_share"] < 1.0


@pytest.mark.parametrize("html", [
    "<html><body></body></html>",
    "<html><body>plain words only</body></html>",
    "<html><body>" + "<div></div>" * 3000 + "</body></html>",
    "<html><body><a href='/x'>only a link</a></body></html>",
])
def test_features_on_degenerate_pages(html: str) -> None:
    x = numeric_features(load(html))
    assert x.shape == (len(NUMERIC_NAMES),) and np.isfinite(x).all()


SERVICE_HTML = """<html><head><title>Plumbing services</title></head><body>
<header><nav><a href="/">Home</a> <a href="/services">Our services</a> <a href="/contact">Contact us</a></nav></header>
<h1>Plumbing services</h1><h2>Repairs</h2><p>We fix leaks.</p><h2>Installs</h2><p>We fit boilers.</p>
<a class="btn btn-primary" href="/quote">Get a quote</a> <a href="tel:+15550100">Call now</a>
<footer><a href="mailto:office@example.com">office@example.com</a></footer></body></html>"""

ARTICLE_HTML = """<html><head><title>Storm closes harbour</title>
<meta name="author" content="A. Writer"><meta property="article:published_time" content="2024-05-01"></head>
<body><article><h1>Storm closes harbour</h1><p>By Alex Writer, May 1, 2024</p>
<p>""" + "The storm closed the harbour for two days while crews cleared the channel. " * 12 + """</p>
</article></body></html>"""


def test_service_and_article_cues() -> None:
    service = dict(zip(NUMERIC_NAMES, numeric_features(load(SERVICE_HTML)), strict=True))
    article = dict(zip(NUMERIC_NAMES, numeric_features(load(ARTICLE_HTML)), strict=True))
    assert service["tel_links"] > 0 and service["mailto_links"] > 0 and service["button_links"] > 0
    assert service["service_nav"] > 0 and service["chrome_share"] > 0
    assert service["heading_rate"] > article["heading_rate"]
    assert article["p_share"] > service["p_share"] and article["chrome_share"] == 0.0
    assert article["meta_date"] == 1.0 and article["meta_author"] == 1.0
    assert service["meta_date"] == 0.0 and service["meta_author"] == 0.0


def test_depths_match_the_page() -> None:
    from extractor.auto.pagetype_features import _depths

    page = load(NEWS)
    assert np.array_equal(_depths(page.parent), page.depth)
    assert _depths(np.array([-1], dtype=np.int64)).tolist() == [0]


def test_url_features_degrade_without_url() -> None:
    without = url_features(None)
    assert without["has_url"] == 0.0 and not any(without.values())
    page = load(NEWS)
    assert not any(w.startswith("u:") for w in page_words(page))
    assert "u:products" in page_words(page, "https://shop.example/products/red-kettle")
    assert url_features("file:///home/me/products/page.html")["has_url"] == 0.0


def test_model_loads_lazily_and_matches_features() -> None:
    if not MODEL_PATH.exists():
        pytest.skip("no shipped page-type model (run bench/train_pagetype.py)")
    model = load_model()
    assert model["numeric_names"] == NUMERIC_NAMES
    assert sorted(model["classes"]) == sorted(PAGE_TYPES)
    assert MODEL_PATH.stat().st_size < 1_000_000


def test_model_version_mismatch_raises(tmp_path) -> None:
    if not MODEL_PATH.exists():
        pytest.skip("no shipped page-type model (run bench/train_pagetype.py)")
    model = json.loads(gzip.decompress(MODEL_PATH.read_bytes()))
    model["feature_version"] = model["feature_version"] + 1
    bad = tmp_path / "old.json"
    bad.write_text(json.dumps(model), encoding="utf-8")
    with pytest.raises(ModelError, match="version"):
        load_model(str(bad))
    model["feature_version"] -= 1
    model["numeric_names"] = model["numeric_names"][:-1]
    bad.write_text(json.dumps(model), encoding="utf-8")
    with pytest.raises(ModelError):
        load_model(str(bad) + "")  # a new path string: not the cached one
    with pytest.raises(ModelError, match="not found"):
        load_model(str(tmp_path / "missing.json"))
    (tmp_path / "garbage.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ModelError):
        load_model(str(tmp_path / "garbage.json"))


def test_classify_article_and_service_pages() -> None:
    if not MODEL_PATH.exists():
        pytest.skip("no shipped page-type model (run bench/train_pagetype.py)")
    article = load(ARTICLE_HTML, url="https://news.example/2024/05/storm-closes-harbour")
    page_type, confidence = classify(article)
    assert page_type == "article"
    assert 0.0 < confidence <= 1.0
    assert main_text_probability(article) > MAIN_TEXT_CUT
    service = load(SERVICE_HTML, url="https://plumber.example/services")
    assert classify(service)[0] == "service"
    assert main_text_probability(service) < MAIN_TEXT_CUT
    verdict = classify_source(str(NEWS))
    assert verdict.page_type in PAGE_TYPES and 0.0 < verdict.confidence <= 1.0 and verdict.model == "html"


def test_has_main_text_uses_both_models() -> None:
    """The verdict's main-text probability is the mean of the binary model and the 7-type sum."""
    if not MODEL_PATH.exists():
        pytest.skip("no shipped page-type model (run bench/train_pagetype.py)")
    from extractor.auto.pagetype import feature_row, main_text_proba

    model = load_model()
    for html, url in ((ARTICLE_HTML, "https://news.example/2024/05/storm"), (SERVICE_HTML, None)):
        page = load(html, url=url)
        verdict = page_type_of(page)
        p_types = sum(p for cls, p in verdict.probabilities.items() if cls in HAS_MAIN_TEXT)
        p_binary = float(main_text_proba(model, feature_row(page, model))[0])
        assert verdict.main_text_probability == pytest.approx((p_types + p_binary) / 2)
        assert verdict.has_main_text == (verdict.main_text_probability > MAIN_TEXT_CUT)
        assert abs(sum(verdict.probabilities.values()) - 1.0) < 1e-9


def test_model_without_binary_part_falls_back_to_the_type_sum(tmp_path) -> None:
    if not MODEL_PATH.exists():
        pytest.skip("no shipped page-type model (run bench/train_pagetype.py)")
    model = json.loads(gzip.decompress(MODEL_PATH.read_bytes()))
    del model["main_text_model"]
    path = tmp_path / "types_only.json"
    path.write_text(json.dumps(model), encoding="utf-8")
    verdict = page_type_of(load(ARTICLE_HTML), model_path=path)
    assert verdict.main_text_probability == pytest.approx(
        sum(p for cls, p in verdict.probabilities.items() if cls in HAS_MAIN_TEXT))


def test_classify_dev_pages_smoke() -> None:
    """The shipped model saw these pages in training: this checks the export, not generalisation."""
    if not MODEL_PATH.exists():
        pytest.skip("no shipped page-type model (run bench/train_pagetype.py)")
    data = data_set("wcxb_dev")
    golds = read_gold(data)[::45]
    right = sum(classify(load(page_bytes(data, g["id"]), url=g.get("url")))[0] == g["page_type"] for g in golds)
    assert right >= 0.8 * len(golds)


BAD_PAGES = {
    "no block tags": "<html><body>just some words <b>in bold</b> and more words here</body></html>",
    "one giant block": "<html><body><div>" + " ".join(f"word{i}" for i in range(20000)) + "</div></body></html>",
    "thousands of empty blocks": "<html><body>" + "<div><p></p><span> </span></div>" * 5000
                                 + "<p>the only text on the page</p></body></html>",
    "only empty blocks": "<html><body>" + "<p></p>" * 1000 + "</body></html>",
    "unclosed and stray tags": "<html><body></span></div><div>first block text<p>para one<p>para two</td></tr>"
                               "<table><tr><td>cell</div></td></table>trailing words</body></html></div></p>",
}


@pytest.mark.parametrize("name", sorted(BAD_PAGES))
def test_bad_input_is_classified_and_routed(name: str) -> None:
    """Issue #8's bad-input pages: a verdict with proper probabilities, and ``auto`` answers (text or reason)."""
    if not MODEL_PATH.exists():
        pytest.skip("no shipped page-type model (run bench/train_pagetype.py)")
    html = BAD_PAGES[name]
    verdict = page_type_of(load(html))
    assert verdict.page_type in PAGE_TYPES
    assert abs(sum(verdict.probabilities.values()) - 1.0) < 1e-9
    assert 0.0 <= verdict.main_text_probability <= 1.0
    result = extract(html)
    assert result.page_type == verdict.page_type and result.has_main_text == verdict.has_main_text
    assert result.text or result.reason
    if name == "only empty blocks":
        assert result.text == "" and result.reason


def test_layout_features_are_zero_without_rendering() -> None:
    from extractor.auto.pagetype_features import LAYOUT_NAMES, layout_features

    x = layout_features(load(NEWS))
    assert x.shape == (len(LAYOUT_NAMES),) and not x.any()
