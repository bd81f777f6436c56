"""The pooled learned model (crf ``model="pooled"``, issue #14 item 2): it loads and extracts the article."""

from __future__ import annotations

import json

from extractor import extract
from extractor.methods import crf
from extractor.methods.crf.blocks import segment
from extractor.methods.crf.features import FeatureOptions, cue_groups, feature_version, html_features
from extractor.metrics import shingle_prf
from extractor.page import load

from .conftest import FIXTURES

CRF_DIR = FIXTURES / "crf"
GOLD = json.loads((CRF_DIR / "gold.json").read_text(encoding="utf-8"))
POOLED = crf.MODEL_DIR / crf.MODEL_STEMS["pooled"]


def test_pooled_model_loads_with_its_feature_version():
    model = crf.load_model(POOLED)
    assert model.kind == "pooled"
    assert model.meta["feature_version"] == feature_version(model.feature_options)
    assert model.feature_options.cues and model.feature_options.comment_section
    assert sorted(model.meta["trained_on"]) == sorted(["wcxb_dev", "cleaneval", "l3s_gn1", "dragnet", "chinese_wce"])
    assert 0.0 <= model.meta["body_marginal"] < 1.0
    size = sum(POOLED.with_name(POOLED.name + s).stat().st_size for s in (".crfsuite", ".json"))
    assert size < 5_000_000


def test_pooled_model_extracts_the_article_of_fixture_pages():
    for name, gold in GOLD.items():
        result = extract((CRF_DIR / name).read_bytes(), method="crf", model="pooled")
        assert result.details["model"] == "pooled"
        assert shingle_prf(result.text, gold["body"]).f1 > 0.8, name
        assert "Copyright" not in result.text


def test_html3_features_unchanged_by_the_optional_groups():
    """The shipped html-3 models compute the same features as before the optional groups existed."""
    page = load((CRF_DIR / "article_river.html").read_bytes())
    segs = segment(page)
    base = html_features(page, segs, FeatureOptions())
    more = html_features(page, segs, FeatureOptions(cues=True, comment_section=True, structure=True))
    assert feature_version(FeatureOptions()) == "html-3"
    assert all(b == m[:len(b)] for b, m in zip(base, more, strict=True))
    assert crf.load_model(crf.MODEL_DIR / crf.MODEL_STEMS["html"]).meta["feature_version"] == "html-3"


def test_cue_groups():
    assert cue_groups("comment-list") == {"comment"}
    assert cue_groups("commentary") == frozenset()
    assert cue_groups("articleBody") == {"content"}
    assert cue_groups("site-footer nav-menu") == {"footer", "nav"}
    assert cue_groups("ad-slot") == {"ad"}
