"""pagesight: main text, headline and data records out of web pages.

>>> from extractor import extract
>>> result = extract("<html><body><p>Hello, world.</p></body></html>")
>>> result.text
'Hello, world.'
"""

from .api import extract, method_names
from .errors import (
    BrowserNotFound,
    DecodeError,
    ExtractionTimeout,
    FetchError,
    ModelError,
    NavigatedAway,
    NotHTMLError,
    OptionError,
    OutputError,
    PagesightError,
    PageTooLarge,
    RenderError,
    RenderTimeout,
)
from .page import Geometry, Page, load
from .result import Block, Result, Table
from .version import __version__  # noqa: F401 - the package version, kept in extractor/version.py


def __getattr__(name: str):
    # extract_records pulls in record mining; load it only when asked for
    if name == "extract_records":
        from .records_api import extract_records

        return extract_records
    if name in ("extract_many", "extract_async"):
        from . import batch

        return getattr(batch, name)
    if name == "extract_warc":  # needs the optional extra "warc" (warcio)
        from .warc import extract_warc

        return extract_warc
    raise AttributeError(f"module 'extractor' has no attribute {name!r}")


__all__ = [
    "Block", "BrowserNotFound", "DecodeError", "ExtractionTimeout", "FetchError", "Geometry", "ModelError",
    "NavigatedAway", "NotHTMLError", "OptionError", "OutputError", "Page", "PageTooLarge", "PagesightError",
    "RenderError", "RenderTimeout", "Result", "Table", "extract", "extract_async", "extract_many", "extract_records",
    "extract_warc", "load", "method_names",
]
