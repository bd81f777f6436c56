"""The browser stage: render pages in headless Chromium and capture their geometry.

Knows nothing about extraction methods. Imported lazily by ``extractor`` only when
rendering is asked for; playwright itself is imported only when a page is rendered.
"""

from .browser import RenderedPage, close, find_chromium, render, render_async, set_concurrency
from .options import RenderOptions, make_render_options

__all__ = ["RenderOptions", "RenderedPage", "close", "find_chromium", "make_render_options", "render",
           "render_async", "set_concurrency"]
