"""Bridge from the browser stage (``render``) to a :class:`~extractor.page.Page`.

Imported only when ``render=True``, so the HTML path never imports playwright.
"""

from __future__ import annotations

from typing import Any

from .errors import RenderError
from .page import Page


def rendered_page(source: Any, *, url: str | None, encoding: str | None, max_bytes: int, timeout: float,
                  options: dict[str, Any], timings: dict[str, float] | None) -> Page:
    """Render ``source`` in Chromium and return a Page with geometry. Raises :class:`RenderError`."""
    raise RenderError("rendering is not available in this build yet")
