"""Typed errors raised by pagesight.

Every error derives from :class:`PagesightError`, so a caller can catch one type. An
*empty extraction is not an error*: it is a :class:`~extractor.result.Result` whose
``reason`` says why it is empty.
"""

from __future__ import annotations


class PagesightError(Exception):
    """Base class of every error pagesight raises on purpose."""


class FetchError(PagesightError):
    """A source could not be read: missing file, refused connection, HTTP error, timeout."""


class DecodeError(PagesightError):
    """The bytes of a page could not be decoded to text with any plausible encoding."""


class NotHTMLError(PagesightError):
    """The input is not an HTML page (an image, a PDF, plain text)."""


class PageTooLarge(PagesightError):
    """The page is larger than the configured ``max_bytes`` limit."""


class OptionError(PagesightError, ValueError):
    """An unknown method, an unknown option, or an option value of the wrong type or range."""


class RenderError(PagesightError):
    """The browser stage failed for this page."""


class BrowserNotFound(RenderError):
    """No Chromium executable could be found or installed."""


class NavigatedAway(RenderError):
    """The page's own scripts kept sending the browser elsewhere (a reload or redirect loop) while it was read."""


class RenderTimeout(RenderError):
    """Rendering the page did not finish within the configured timeout."""


class ExtractionTimeout(PagesightError):
    """Reading a page on the HTML path took longer than its time budget (the command line's
    ``--timeout``): the worker was stopped and the batch went on."""


class OutputError(PagesightError, OSError):
    """A file pagesight was asked to write cannot be: a screenshot, or the command line's ``--output``
    (a folder that cannot be made or written to, a file that cannot be opened, a full disk)."""


class ModelError(PagesightError):
    """A shipped model file is missing, unreadable, or was trained for other features."""
