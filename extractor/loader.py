"""Load (and with ``render=True`` render) a source into a :class:`~extractor.page.Page`.

Below the front door: :mod:`extractor.api`, :mod:`extractor.records_api` and the page-type
classifier all get their pages here.
"""

from __future__ import annotations

import os
import time
from typing import Any

from .page import Page, load, page_from_raw
from .source import DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT, RawPage


def get_page(
    source: str | bytes | os.PathLike | Page | RawPage,
    *,
    render: bool = False,
    url: str | None = None,
    encoding: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    timeout: float = DEFAULT_TIMEOUT,
    render_options: dict[str, Any] | None = None,
    timings: dict[str, float] | None = None,
    user_agent: str | None = None,
) -> Page:
    """Load (and with ``render=True`` render) a source into a :class:`Page`.

    ``user_agent`` is the User-Agent sent when a URL is fetched or rendered (default: pagesight's own
    for a fetch, Chromium's for a rendering); a ``user_agent`` in ``render_options`` wins when rendering.

    A :class:`~extractor.source.RawPage` (bytes and their HTTP charset, as a WARC record holds them)
    is parsed as received (:func:`extractor.page.page_from_raw`); it is not rendered.

    Raises the errors of :func:`extractor.load`, and :class:`RenderError` when rendering fails.
    """
    if isinstance(source, Page):
        return source
    t0 = time.perf_counter()
    if isinstance(source, RawPage):
        page = page_from_raw(source, encoding=encoding)
    elif render:
        from .rendered import rendered_page

        rendering = render_options or {}
        if user_agent and "user_agent" not in rendering:
            rendering = {**rendering, "user_agent": user_agent}
        page = rendered_page(source, url=url, encoding=encoding, max_bytes=max_bytes, timeout=timeout,
                             options=rendering, timings=timings)
    else:
        page = load(source, url=url, encoding=encoding, max_bytes=max_bytes, timeout=timeout, user_agent=user_agent)
    if timings is not None:
        timings["load"] = round((time.perf_counter() - t0) * 1000 - timings.get("render", 0.0), 3)
    return page
