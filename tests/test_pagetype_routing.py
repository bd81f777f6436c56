"""The route table of ``auto`` and ``auto`` itself (page type, confidence, routed method)."""

from __future__ import annotations

import json

import pytest

from extractor import extract
from extractor.api import METHODS, resolve_method
from extractor.auto.pagetype import MODEL_PATH, PAGE_TYPES, class_probabilities, page_type_of
from extractor.auto.routing import ROUTES_PATH, Route, expected_route, load_routes, route
from extractor.errors import ModelError
from extractor.page import load
from tests.conftest import FIXTURES

NEWS = FIXTURES / "blocks" / "news.html"
URL = "https://news.example/2024/05/harbour-bridge-reopens"


def shipped() -> None:
    if not ROUTES_PATH.exists() or not MODEL_PATH.exists():
        pytest.skip("no shipped route table or page-type model (run bench/train_pagetype.py, bench/route_methods.py)")


def test_shipped_routes_name_registered_methods_with_valid_options() -> None:
    shipped()
    table = load_routes()
    assert set(table["routes"]) <= set(PAGE_TYPES)
    for entry in [table["default"], *table["routes"].values()]:
        assert entry["method"] in METHODS
        resolve_method(entry["method"], entry["options"])  # raises OptionError on a stale table


def test_unknown_type_takes_the_default_route() -> None:
    shipped()
    table = load_routes()
    chosen = route("no-such-type")
    assert (chosen.method, chosen.options) == (table["default"]["method"], table["default"]["options"])


def test_route_table_errors(tmp_path) -> None:
    with pytest.raises(ModelError, match="not found"):
        load_routes(str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"routes": {"article": {"options": {}}}, "default": {"method": "decay"}}),
                   encoding="utf-8")
    with pytest.raises(ModelError, match="malformed"):
        load_routes(str(bad))
    (tmp_path / "garbage.json").write_text("[", encoding="utf-8")
    with pytest.raises(ModelError):
        load_routes(str(tmp_path / "garbage.json"))


def test_auto_classifies_and_follows_the_route() -> None:
    shipped()
    result = extract(NEWS, url=URL)
    assert result.page_type in PAGE_TYPES
    assert 0.0 < result.page_type_confidence <= 1.0
    proba = class_probabilities(load(NEWS, url=URL))
    assert result.page_type == max(proba, key=proba.__getitem__)
    assert result.method == expected_route(proba).method
    assert result.has_main_text == page_type_of(load(NEWS, url=URL)).has_main_text
    assert "forty corroded plates" in result.text


def test_explicit_method_does_not_classify() -> None:
    result = extract(NEWS, method="blocks")
    assert result.page_type is None and result.method == "blocks"


def _table_with_variants(tmp_path, variants) -> str:
    path = tmp_path / "routes.json"
    path.write_text(json.dumps({"routes": {"article": {"method": "decay", "options": {}}},
                                "default": {"method": "decay", "options": {}}, "variants": variants}),
                    encoding="utf-8")
    return str(path)


def test_expected_route_weighs_every_likely_type(tmp_path) -> None:
    path = _table_with_variants(tmp_path, [
        {"method": "decay", "options": {"clean_tree": False}, "scores": {"article": 0.9, "product": 0.4}},
        {"method": "crf", "options": {}, "scores": {"article": 0.85, "product": 0.6}},
    ])
    # Sure of an article: the article specialist (0.9*0.9 + 0.1*0.4 = 0.85 against 0.825).
    assert expected_route({"article": 0.9, "product": 0.1}, path) == Route("decay", {"clean_tree": False})
    # Unsure between article and product: the variant good on both (0.75 against 0.70).
    assert expected_route({"article": 0.6, "product": 0.4}, path) == Route("crf", {})


def test_expected_route_without_variants_follows_the_most_likely_type(tmp_path) -> None:
    path = _table_with_variants(tmp_path, [])
    assert expected_route({"article": 0.7, "product": 0.3}, path) == Route("decay", {})


def test_expected_route_chooses_whether_comments_stay(tmp_path) -> None:
    path = _table_with_variants(tmp_path, [
        {"method": "decay", "options": {}, "comments": False, "scores": {"article": 0.9, "forum": 0.6}},
        {"method": "decay", "options": {}, "comments": True, "scores": {"article": 0.88, "forum": 0.7}},
    ])
    assert expected_route({"article": 0.9, "forum": 0.1}, path) == Route("decay", {}, comments=False)
    assert expected_route({"article": 0.1, "forum": 0.9}, path) == Route("decay", {}, comments=True)
    # The caller's choice wins over the table's.
    assert expected_route({"article": 0.9, "forum": 0.1}, path, comments=True).comments is True


def test_route_table_with_malformed_variants_is_a_model_error(tmp_path) -> None:
    path = _table_with_variants(tmp_path, [{"method": "crf", "options": {}}])
    with pytest.raises(ModelError, match="variants"):
        load_routes(path)
