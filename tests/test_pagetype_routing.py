"""The route table of ``auto`` and ``auto`` itself (page type, confidence, routed method)."""

from __future__ import annotations

import json

import pytest

from extractor import extract
from extractor.api import METHODS, resolve_method
from extractor.errors import ModelError
from extractor.pagetype import MODEL_PATH, PAGE_TYPES
from extractor.routing import ROUTES_PATH, load_routes, route
from tests.conftest import FIXTURES

NEWS = FIXTURES / "blocks" / "news.html"


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
    assert route("no-such-type") == (table["default"]["method"], table["default"]["options"])


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
    result = extract(NEWS, url="https://news.example/2024/05/harbour-bridge-reopens")
    assert result.page_type in PAGE_TYPES
    assert 0.0 < result.page_type_confidence <= 1.0
    method, _ = route(result.page_type)
    assert result.method == method
    assert "forty corroded plates" in result.text


def test_explicit_method_does_not_classify() -> None:
    result = extract(NEWS, method="blocks")
    assert result.page_type is None and result.method == "blocks"
