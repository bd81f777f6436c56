"""Python's cyclic garbage collector paused while one page is read and extracted.

A Page of a large document holds hundreds of thousands of lxml element proxies, and extraction
allocates millions of small lists and tuples; with the collector on, its generation scans over
them cost 15-25 % of the CPU time of such a page (a table of 100,000 rows, a list of 100,000
items: ``python bench/bench_records.py --hostile``), and it finds almost nothing, since a Page and
what the methods build from it hold no reference cycles. Only a call that found the collector on
turns it off, and it turns it back on when it returns (or raises); nested calls change nothing.
The garbage a page leaves with cycles is collected at the next ordinary collection.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable)


def gc_paused(fn: F) -> F:
    """Decorate ``fn`` so that it runs with the cyclic garbage collector off (see the module docstring)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if not gc.isenabled():
            return fn(*args, **kwargs)
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            gc.enable()

    return wrapper  # type: ignore[return-value]
