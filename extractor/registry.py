"""The method registry: each main-text method's name, module and preset options.

Below the front door (:mod:`extractor.api`, which re-exports it): auto's routing resolves the
methods it routes to here, so nothing below the front door imports the API back.
"""

from __future__ import annotations

import dataclasses
import importlib
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError
from .methods.base import make_options


@dataclass(frozen=True)
class MethodEntry:
    """A registered method: the module that implements it and preset options (for variants)."""

    module: str
    presets: dict[str, Any] = field(default_factory=dict)
    summary: str = ""


#: name -> implementation. Variants share a module and differ by preset options.
METHODS: dict[str, MethodEntry] = {
    "decay": MethodEntry("extractor.methods.decay", {}, "information-amount decay (Chen, Chen, Wu 2012)"),
    "blocks": MethodEntry("extractor.methods.blocks", {}, "block distribution (Qiu, Tang, Li, Zhu 2009)"),
    "cedp": MethodEntry("extractor.methods.cedp", {}, "tag path x text block density, NLTD (Wu et al. 2017)"),
    "cedp-td": MethodEntry("extractor.methods.cedp", {"density": "td"}, "CEDP with CETD's text density TD"),
    "cedp-ctd": MethodEntry("extractor.methods.cedp", {"density": "ctd"}, "CEDP with CETD's composite density CTD"),
    "cedp-dsum": MethodEntry("extractor.methods.cedp", {"density": "dsum"}, "CEDP with CETD's density sum DSum"),
    "cedp-nltd": MethodEntry("extractor.methods.cedp", {"density": "nltd"}, "CEDP with non-link text density"),
    "crf": MethodEntry("extractor.methods.crf", {}, "CRF block labelling, trained on wcxb_dev (seed 004, 2011)"),
    # Not a paper's method: the model auto runs on pages with a main text (issue #14).
    "learned": MethodEntry("extractor.auto.learned", {},
                           "gradient-boosted trees over every block's signals, trained on the five dev text sets"),
}
#: What ``method="auto"`` runs: the method that scores best over the dev sets (README, results).
AUTO_METHOD = "learned"


def method_names() -> list[str]:
    """Names accepted by ``method=``, ``auto`` first."""
    return ["auto", *METHODS]


def resolve_method(method: str, options: dict[str, Any]) -> tuple[str, Any, Any]:
    """Return ``(name, run_function, options_object)`` for a method name and its options.

    Raises :class:`OptionError` for unknown methods (listing the valid ones) and bad options.
    """
    name = AUTO_METHOD if method == "auto" else method
    entry = METHODS.get(name)
    if entry is None:
        raise OptionError(f"unknown method {method!r}; valid: {', '.join(method_names())}")
    module = importlib.import_module(entry.module)
    try:
        opts = make_options(module.Options, name, {**entry.presets, **options})
    except OptionError as exc:
        if method != "auto":
            raise
        owners = {key: option_owners(key) for key in options if key not in option_names(module.Options)}
        named = [f"{key} belongs to method {', '.join(found)} (method={found[0]!r}, --method {found[0]})"
                 if found else f"{key} belongs to no method" for key, found in owners.items()]
        if not named:
            raise
        raise OptionError(f"{exc}; given options, auto runs {AUTO_METHOD} with them: " + "; ".join(named)) from None
    return name, module.run, opts


def option_names(options_class: Any) -> set[str]:
    """The field names of a method's ``Options`` dataclass."""
    return {f.name for f in dataclasses.fields(options_class)}


def option_owners(option: str) -> list[str]:
    """The methods that take an option named ``option`` (preset variants share their module's options)."""
    found = []
    for name, entry in METHODS.items():
        if option in entry.presets:
            continue  # a variant fixes this option: its base method is the one to name
        if option in option_names(importlib.import_module(entry.module).Options):
            found.append(name)
    return found
