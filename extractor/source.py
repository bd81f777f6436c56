"""Resolve what the user passed (HTML text, bytes, a path, a URL) into raw page bytes.

The only job of this module is to get bytes and the facts that come with them (the URL,
the charset an HTTP server declared). Decoding and parsing happen in :mod:`extractor.decode`
and :mod:`extractor.page`.
"""

from __future__ import annotations

import os
import pathlib
import sys
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

from .errors import FetchError, PageTooLarge

#: Default size limit for one page. trafilatura refuses pages over 20 MB for the same
#: reason (its MAX_FILE_SIZE setting); pages larger than that are almost never articles.
DEFAULT_MAX_BYTES = 20_000_000
#: Seconds to wait for an HTTP server (connect and each read).
DEFAULT_TIMEOUT = 20.0
#: Redirects followed before giving up (browsers stop at 20; 10 is plenty for pages).
DEFAULT_MAX_REDIRECTS = 10
USER_AGENT = (
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/156.0 Safari/537.36 pagesight/0.1"
)


@dataclass(frozen=True)
class RawPage:
    """Bytes (or already-decoded text) of one page and what is known about them."""

    data: bytes | str
    url: str | None = None
    http_charset: str | None = None
    content_type: str | None = None


def is_url(source: object) -> bool:
    """True when ``source`` is a string naming an ``http(s)://`` or ``file://`` URL."""
    return isinstance(source, str) and source[:8].lower().startswith(("http://", "https://", "file://"))


def _looks_like_path(text: str) -> bool:
    return "<" not in text and "\n" not in text and len(text) < 4096


def read_source(
    source: str | bytes | os.PathLike,
    *,
    url: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    timeout: float = DEFAULT_TIMEOUT,
) -> RawPage:
    """Read ``source`` into a :class:`RawPage`.

    ``source`` may be HTML as ``str`` or ``bytes``, a :class:`pathlib.Path` or path string,
    an ``http(s)://`` or ``file://`` URL, or ``"-"`` for standard input.
    Raises :class:`FetchError` when it cannot be read and :class:`PageTooLarge` when it
    exceeds ``max_bytes``.
    """
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        _check_size(len(data), max_bytes, "input")
        return RawPage(data, url)
    if isinstance(source, os.PathLike):
        return _read_file(pathlib.Path(source), url, max_bytes)
    if not isinstance(source, str):
        raise FetchError(f"cannot read a source of type {type(source).__name__}")
    if source == "-":
        data = sys.stdin.buffer.read(max_bytes + 1)
        _check_size(len(data), max_bytes, "standard input")
        return RawPage(data, url)
    if is_url(source):
        if source.lower().startswith("file://"):
            path = urllib.request.url2pathname(urllib.parse.urlparse(source).path)
            return _read_file(pathlib.Path(path), url or source, max_bytes)
        return fetch(source, max_bytes=max_bytes, timeout=timeout)
    if _looks_like_path(source) and (os.path.exists(source) or source.lower().endswith((".htm", ".html", ".gz"))):
        return _read_file(pathlib.Path(source), url, max_bytes)
    _check_size(len(source), max_bytes, "input")
    return RawPage(source, url)


def _check_size(size: int, max_bytes: int, what: str) -> None:
    if size > max_bytes:
        raise PageTooLarge(f"{what} is larger than max_bytes={max_bytes:,} bytes")


def _read_file(path: pathlib.Path, url: str | None, max_bytes: int) -> RawPage:
    try:
        size = path.stat().st_size
        _check_size(size, max_bytes, str(path))
        if path.suffix == ".gz":
            import gzip

            with gzip.open(path, "rb") as fh:
                data = fh.read(max_bytes + 1)
            _check_size(len(data), max_bytes, str(path))
        else:
            data = path.read_bytes()
    except FileNotFoundError:
        raise FetchError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise FetchError(f"is a directory, not a page: {path}") from None
    except OSError as exc:
        raise FetchError(f"cannot read {path}: {exc.strerror or exc}") from None
    return RawPage(data, url or path.resolve().as_uri())


class _LimitedRedirects(urllib.request.HTTPRedirectHandler):
    def __init__(self, limit: int) -> None:
        self.max_redirections = limit
        self.max_repeats = limit


def fetch(
    url: str,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    timeout: float = DEFAULT_TIMEOUT,
    max_redirects: int = DEFAULT_MAX_REDIRECTS,
) -> RawPage:
    """GET ``url`` with a timeout, a redirect limit, a size limit and a browser-like User-Agent.

    Returns the body and the charset the server declared. Raises :class:`FetchError` on
    network and HTTP errors, :class:`PageTooLarge` over ``max_bytes``.
    """
    opener = urllib.request.build_opener(_LimitedRedirects(max_redirects))
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "text/html,*/*;q=0.5"})
    try:
        with opener.open(request, timeout=timeout) as response:
            length = response.headers.get("Content-Length")
            if length and length.isdigit():
                _check_size(int(length), max_bytes, url)
            data = response.read(max_bytes + 1)
            _check_size(len(data), max_bytes, url)
            return RawPage(
                data,
                response.geturl(),
                response.headers.get_content_charset(),
                response.headers.get_content_type(),
            )
    except urllib.error.HTTPError as exc:
        if 300 <= exc.code < 400:
            raise FetchError(f"{url}: too many redirects (limit {max_redirects})") from None
        raise FetchError(f"{url}: HTTP {exc.code} {exc.reason}") from None
    except urllib.error.URLError as exc:
        raise FetchError(f"{url}: {exc.reason}") from None
    except TimeoutError:
        raise FetchError(f"{url}: no answer within {timeout:g} s") from None
    except OSError as exc:
        raise FetchError(f"{url}: {exc}") from None


def source_name(source: object) -> str | None:
    """How a source is named in a Result: its path or URL as given; None for HTML given as
    text or bytes (and for a Page, which names itself by its ``url``)."""
    if isinstance(source, os.PathLike):
        return os.fspath(source)
    if isinstance(source, str) and "<" not in source and "\n" not in source and len(source) < 4096:
        return source
    return None
