"""Memory a long batch gives back: the caches kept across pages, and the freed heap.

Some look-ups repeat from page to page (a class attribute's cue words, the edit distance of two tag
paths, a URL split by ``urllib``), so they are remembered between pages. Their entries are made
while a page's own objects fill the heap: after a big page, a few hundred of them are left scattered
over the 1 MiB blocks ("arenas") of Python's small-object allocator, which can give a block back
only when all of it is free. Measured by ``bench/bench_worker_residue.py`` (each record of the
1,000-page WARC above 256 KB in a fresh warm fork): a 1.1 MB collection page left 8.4 MB resident
after it with the heap trimmed (8 arenas more), 2.7 MB released (2 more); over the 114 records,
90.3 MB against 69.4 MB (0.77x).
A batch worker calls :func:`release_memory` after a big page.
"""

from __future__ import annotations

import gc
import sys
import urllib.parse
from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_CLEARS: list[Callable[[], None]] = []


def register_cache(clear: Callable[[], None]) -> Callable[[], None]:
    """Add ``clear`` (a function that empties one cross-page cache) to what :func:`release_memory` calls.

    Returns ``clear``.
    """
    _CLEARS.append(clear)
    return clear


def cross_page_cache(maxsize: int) -> Callable[[F], F]:
    """``functools.lru_cache(maxsize)`` whose cache :func:`release_memory` empties."""

    def decorate(function: F) -> F:
        cached = lru_cache(maxsize=maxsize)(function)
        register_cache(cached.cache_clear)
        return cached  # type: ignore[return-value]

    return decorate


# urllib.parse keeps the last 128 URLs it split (Python 3.11+); record mining resolves every link.
if hasattr(urllib.parse.urlsplit, "cache_clear"):
    register_cache(urllib.parse.urlsplit.cache_clear)


def clear_cross_page_caches() -> None:
    """Empty every cache registered with :func:`register_cache` or made by :func:`cross_page_cache`."""
    for clear in _CLEARS:
        clear()


@lru_cache(maxsize=1)
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, looked up once (each ``ctypes.CDLL`` look-up builds a new class); None elsewhere."""
    try:
        import ctypes

        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):  # not glibc
        return None


def trim_heap() -> None:
    """Give the C heap's free pages back to the system (glibc's ``malloc_trim``; nothing elsewhere)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


def release_memory() -> None:
    """After a big page: empty the cross-page caches, collect, then give the freed heap back (:func:`trim_heap`).

    The interpreter's type-attribute cache is emptied too: CPython 3.11 keeps a reference to the
    name of each of its last 4,096 look-ups, and a page's words ended up there (380 of the 560 Python
    blocks a 0.5 MB record left behind, measured with tracemalloc). The full collection also empties
    the interpreter's free lists (tuples, lists, dicts, floats kept for reuse), where the caches'
    emptied entries would otherwise sit pinning arenas; in a warm worker whose parent froze its
    objects (``gc.freeze``) it takes under 0.2 ms.
    """
    clear_cross_page_caches()
    sys._clear_type_cache()  # documented in ``sys``, for such uses; the cache refills on the next look-ups
    gc.collect()
    trim_heap()
