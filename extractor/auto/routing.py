"""The route table of ``method="auto"``: page type -> method and options.

``bench/route_methods.py`` scores every registered method per page type on the dev sets
and writes ``extractor/models/routes.json``; ``bench/train_auto.py --steps routes`` then makes
the learned extractor the route of every page type (comments kept or dropped by type; the
other methods' scores stay in the table under ``compared``). This module loads the table
(once) and answers :func:`route` and :func:`expected_route`. The table is data, not code:
retraining the classifier or adding a method only needs the scripts to be rerun.
"""

from __future__ import annotations

import os
import pathlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from ..errors import ModelError
from ..modelfile import read_json_model
from ..page import Page
from ..registry import option_names, resolve_method

#: Default route table, shipped in the package.
ROUTES_PATH = pathlib.Path(__file__).resolve().parent.parent / "models" / "routes.json"


@lru_cache(maxsize=4)
def load_routes(path: str | os.PathLike | None = None) -> dict[str, Any]:
    """Load (once) and check the route table.

    Returns the parsed JSON: ``{"routes": {type: {"method": str, "options": dict}}, "default": {...}}``.
    Raises :class:`ModelError` when the file is missing, unreadable or malformed.
    """
    path = pathlib.Path(path) if path is not None else ROUTES_PATH
    table = read_json_model(path, "route table", "run bench/route_methods.py")
    routes = table.get("routes")
    default = table.get("default")
    if not isinstance(routes, dict) or not isinstance(default, dict):
        raise ModelError(f"route table at {path} lacks 'routes' or 'default'")
    variants = table.get("variants", [])
    if not isinstance(variants, list) or any(not isinstance(v, dict) or not isinstance(v.get("scores"), dict)
                                             for v in variants):
        raise ModelError(f"route table at {path} has malformed 'variants' (each needs 'scores')")
    for entry in [default, *routes.values(), *variants]:
        if not isinstance(entry, dict) or not isinstance(entry.get("method"), str) \
                or not isinstance(entry.get("options", {}), dict):
            raise ModelError(f"route table at {path} has a malformed entry: {entry!r}")
    return table


@dataclass(frozen=True)
class Route:
    """One route of the table: a method, its options, and whether comment sections stay."""

    method: str
    options: dict[str, Any]
    comments: bool = False


def _route_of(entry: dict[str, Any], comments: bool | None = None) -> Route:
    keep = bool(entry.get("comments", False)) if comments is None else comments
    return Route(entry["method"], dict(entry.get("options", {})), keep)


def route(page_type: str | None, path: str | os.PathLike | None = None) -> Route:
    """The :class:`Route` that ``auto`` takes for a page type (the default route for unknown types).

    Raises :class:`ModelError` when the route table cannot be loaded.
    """
    table = load_routes(path)
    return _route_of(table["routes"].get(page_type or "", table["default"]))


def expected_route(proba: dict[str, float], path: str | os.PathLike | None = None, *,
                   comments: bool | None = None) -> Route:
    """The :class:`Route` with the best expected F1 under the page-type probabilities ``proba``.

    The table's ``variants`` hold, per method variant (method, options, comments kept or
    dropped), its mean shingle F1 on each page type of the dev set; the expected F1 of a
    variant is ``sum(p[t] * scores[t])``. A page the classifier is unsure about thus goes to
    a method that is good on all of its likely types, instead of the one that is best on the
    single most likely type. ``comments`` (when not None) restricts the choice to variants
    with that setting. Tables without ``variants`` fall back to :func:`route` of the most
    likely type. Raises :class:`ModelError` like :func:`load_routes`.
    """
    table = load_routes(path)
    variants = table.get("variants")
    if comments is not None and variants:
        variants = [v for v in variants if bool(v.get("comments", False)) == comments] or variants
    if not variants or not proba:
        best = route(max(proba, key=proba.__getitem__) if proba else None, path)
        return best if comments is None else Route(best.method, best.options, comments)

    def expected(variant: dict[str, Any]) -> float:
        scores = variant["scores"]
        return sum(p * scores.get(t, 0.0) for t, p in proba.items())

    return _route_of(max(variants, key=expected), comments)


#: Page types on which ``auto`` also mines data records into ``Result.records`` (issue #8).
RECORD_TYPES = frozenset(("listing", "collection"))


@dataclass(frozen=True)
class AutoPlan:
    """What ``auto`` decided for one page: page type, has-main-text, method, checked options, comments kept."""

    page_type: str
    confidence: float
    has_main_text: bool
    method: str
    run: Callable[..., Any]
    options: Any
    comments: bool


def plan(page: Page, comments: bool | None = None) -> AutoPlan:
    """Classify ``page`` and choose its route: the :class:`AutoPlan` that ``auto`` follows.

    ``comments`` (when not None) fixes whether comment sections stay, as the caller asked.
    Raises :class:`ModelError` when the page-type model or the route table cannot be loaded,
    and :class:`~extractor.errors.OptionError` when the table names a method or option that
    does not exist (a stale table: rerun ``bench/route_methods.py``).
    """
    from .pagetype import page_type_of

    verdict = page_type_of(page)
    chosen = expected_route(verdict.probabilities, comments=comments)
    name, run, opts = resolve_method(chosen.method, chosen.options)
    if "page_type" in option_names(type(opts)):  # the learned model may hold a rule per page type
        opts = replace(opts, page_type=verdict.page_type)
    return AutoPlan(verdict.page_type, verdict.confidence, verdict.has_main_text, name, run, opts, chosen.comments)


def records_for(page: Page, page_type: str) -> Any:
    """Record mining's :class:`~extractor.result.Table` for listing/collection pages, else None."""
    if page_type not in RECORD_TYPES:
        return None
    from ..records_api import extract_records

    return extract_records(page)
