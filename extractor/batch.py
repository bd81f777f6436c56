"""Many pages at once: :func:`extract_many` (a sync iterator) and :func:`extract_async`.

Both run :func:`extractor.extract` unchanged in worker threads. Rendering happens on the
browser's own thread, where up to ``concurrency`` pages render at once (each in its own
context), so pages that wait for timers, data or lazy lists overlap their waits; reading a
page (parsing, the methods) holds the GIL, so CPU-bound batches on the HTML path gain
nothing here: use the command line's worker processes or a Dask bag for those.
"""

from __future__ import annotations

import asyncio
import collections
import os
from collections.abc import Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any

from .api import check_extract_options, extract
from .errors import OptionError, PagesightError
from .result import Result, failed_result
from .source import source_name

#: Pages read at once by :func:`extract_many` unless asked otherwise: the render engine's own
#: default (``render.browser.RENDER_CONCURRENCY``).
DEFAULT_CONCURRENCY = 4
#: Sources taken ahead of the pages being read, per worker: a long iterable (a crawl's list of
#: URLs) is read as it goes, not all at once.
LOOKAHEAD = 2


async def extract_async(source: str | bytes | os.PathLike, **kwargs: Any) -> Result:
    """Async face of :func:`extractor.extract`: same arguments, result and errors.

    The page is read in a worker thread, so a running event loop (a notebook, a web server)
    is never blocked; several awaited at once with ``render=True`` render at once (up to the
    engine's concurrency, see :func:`render.set_concurrency`).
    """
    return await asyncio.to_thread(extract, source, **kwargs)


def extract_many(
    sources: Iterable[str | bytes | os.PathLike],
    *,
    concurrency: int = DEFAULT_CONCURRENCY,
    render: bool = False,
    ordered: bool = True,
    on_error: str = "result",
    **kwargs: Any,
) -> Iterator[Result]:
    """Extract every source, ``concurrency`` at a time; yields one :class:`Result` per source.

    ``ordered`` yields in input order; ``ordered=False`` yields each Result as it finishes
    (``Result.source`` says which page it is, for paths and URLs). ``kwargs`` are those of
    :func:`extractor.extract`. A page that fails yields an empty Result whose ``reason`` names
    the error (``details['error']`` its type) with ``on_error="result"``, or raises it with
    ``on_error="raise"``. Stopping the iteration early cancels the pages not yet started;
    pages being rendered end within their timeout. Raises :class:`OptionError` for a bad
    method, option, ``concurrency``, ``on_error``, ``timeout`` or ``max_bytes`` before any page is read.
    """
    if isinstance(concurrency, bool) or not isinstance(concurrency, int) or concurrency < 1:
        raise OptionError(f"concurrency must be a positive whole number, got {concurrency!r}")
    if on_error not in ("result", "raise"):
        raise OptionError(f"on_error must be 'result' or 'raise', not {on_error!r}")
    check_extract_options(kwargs)
    return _run(iter(sources), concurrency, render, ordered, on_error, kwargs)


def _run(sources: Iterator[Any], concurrency: int, render: bool, ordered: bool, on_error: str,
         kwargs: dict[str, Any]) -> Iterator[Result]:
    previous = None
    if render:
        from render import set_concurrency

        previous = set_concurrency(concurrency)
    pool = ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="pagesight-extract")
    pending: collections.deque[tuple[Any, Future]] = collections.deque()

    def submit_next() -> bool:
        for source in sources:
            pending.append((source, pool.submit(extract, source, render=render, **kwargs)))
            return True
        return False

    try:
        while len(pending) < concurrency * LOOKAHEAD and submit_next():
            pass
        while pending:
            if ordered:
                source, future = pending.popleft()
            else:
                wait([f for _, f in pending], return_when=FIRST_COMPLETED)
                k = next(i for i, (_, f) in enumerate(pending) if f.done())
                source, future = pending[k]
                del pending[k]
            result = _outcome(source, future, on_error)
            submit_next()
            yield result
    finally:  # also when the consumer stops early (GeneratorExit)
        for _, future in pending:
            future.cancel()
        pool.shutdown(wait=False, cancel_futures=True)
        if previous is not None:
            from render import set_concurrency

            set_concurrency(previous)


def _outcome(source: Any, future: Future, on_error: str) -> Result:
    try:
        return future.result()
    except PagesightError as exc:
        if on_error == "raise":
            raise
        return failed_result(source_name(source), type(exc).__name__, f"{type(exc).__name__}: {exc}")
