"""What every method module shares: its return type and option handling.

A method module exposes ``Options`` (a frozen dataclass whose fields are the method's
named, cited constants) and ``run(page, opts) -> Extraction``.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from dataclasses import dataclass, field
from typing import Any

from ..errors import OptionError
from ..result import Block


@dataclass
class Extraction:
    """What a method found: content blocks, and why there are none when empty.

    ``title_id``: the element the title was read from when it is not among the blocks (its box is
    drawn on screenshots).
    """

    blocks: list[Block]
    reason: str | None = None
    title: str | None = None
    details: dict[str, Any] = field(default_factory=dict)
    title_id: int | None = None


def _coerce(name: str, value: Any, kind: Any) -> Any:
    """Check ``value`` against the field type; accept strings from the command line."""
    if isinstance(kind, str):
        kind = {"float": float, "int": int, "bool": bool, "str": str}.get(kind, kind)
    origin = typing.get_origin(kind)
    if origin is typing.Literal:
        if value not in typing.get_args(kind):
            raise OptionError(f"option {name!r} must be one of {typing.get_args(kind)}, not {value!r}")
        return value
    if kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on", "0", "false", "no", "off"):
            return value.lower() in ("1", "true", "yes", "on")
    elif kind is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        if isinstance(value, str):
            try:
                return float(value)
            except ValueError:
                pass
    elif kind is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lstrip("-").isdigit():
            return int(value)
    elif kind is str:
        if isinstance(value, str):
            return value
    else:
        return value
    raise OptionError(f"option {name!r} expects {getattr(kind, '__name__', kind)}, got {value!r}")


@functools.cache
def _fields_and_hints(cls: type) -> tuple[dict[str, dataclasses.Field], dict[str, Any]]:
    return {f.name: f for f in dataclasses.fields(cls)}, typing.get_type_hints(cls)


@functools.lru_cache(maxsize=256)
def _cached_options(cls: type, method: str, items: tuple[tuple[str, Any], ...]) -> Any:
    return _build_options(cls, method, dict(items))


def make_options(cls: type, method: str, values: dict[str, Any]) -> Any:
    """Build the frozen options object ``cls`` from keyword ``values``.

    Raises :class:`OptionError` naming the valid options when a name is unknown, and when a
    value has the wrong type.
    """
    try:
        return _cached_options(cls, method, tuple(sorted(values.items())))
    except TypeError:  # an unhashable value: build without the cache
        return _build_options(cls, method, values)


def _build_options(cls: type, method: str, values: dict[str, Any]) -> Any:
    fields, hints = _fields_and_hints(cls)
    unknown = sorted(set(values) - set(fields))
    if unknown:
        valid = ", ".join(sorted(fields)) or "(none)"
        raise OptionError(f"unknown option(s) {', '.join(unknown)} for method {method!r}; valid: {valid}")
    checked = {name: _coerce(name, value, hints.get(name, fields[name].type)) for name, value in values.items()}
    opts = cls(**checked)
    check = getattr(opts, "validate", None)
    if check is not None:
        check()
    return opts


def require_range(name: str, value: float, low: float, high: float) -> None:
    """Raise :class:`OptionError` unless ``low <= value <= high``."""
    if not low <= value <= high:
        raise OptionError(f"option {name!r} must lie in [{low}, {high}], got {value}")
