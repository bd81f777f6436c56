"""Resolve what the user passed (HTML text, bytes, a path, a URL) into raw page bytes.

The only job of this module is to get bytes and the facts that come with them (the URL,
the charset an HTTP server declared). Decoding and parsing happen in :mod:`extractor.decode`
and :mod:`extractor.page`.
"""

from __future__ import annotations

import functools
import numbers
import os
import pathlib
import re
import select
import stat
import sys
import threading
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any

from .errors import FetchError, OptionError, PageTooLarge

#: Default size limit for one page. trafilatura refuses pages over 20 MB for the same
#: reason (its MAX_FILE_SIZE setting); pages larger than that are almost never articles.
DEFAULT_MAX_BYTES = 20_000_000
#: Seconds to wait for an HTTP server (connect and each read).
DEFAULT_TIMEOUT = 20.0


def check_limits(*, timeout: Any = DEFAULT_TIMEOUT, max_bytes: Any = DEFAULT_MAX_BYTES) -> None:
    """Raise :class:`OptionError` unless ``timeout`` is a positive, finite number of seconds and
    ``max_bytes`` a positive whole number (a page's limits, checked before it is read)."""
    if isinstance(timeout, bool) or not isinstance(timeout, numbers.Real) or not 0 < timeout < float("inf"):
        raise OptionError(f"timeout must be a positive number of seconds, not {timeout!r}")
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, numbers.Integral) or max_bytes < 1:
        raise OptionError(f"max_bytes must be a positive whole number, not {max_bytes!r}")
#: Redirects followed before giving up (browsers stop at 20; 10 is plenty for pages).
DEFAULT_MAX_REDIRECTS = 10


@functools.cache
def default_user_agent() -> str:
    """``pagesight/<version> (+<home page>)``: who is asking, honestly (RFC 9110, section 10.1.5), with
    the project's home page when the installed package declares one, else what pagesight is."""
    from .version import __version__

    about = "web page text extraction"
    try:
        from importlib.metadata import metadata

        meta = metadata("pagesight")
        for entry in meta.get_all("Project-URL") or []:
            about = "+" + entry.split(",", 1)[-1].strip()
            break
        else:
            about = "+" + meta["Home-page"] if meta.get("Home-page") else about
    except Exception:  # noqa: BLE001 - not installed as a distribution (run from a source tree)
        pass
    return f"pagesight/{__version__} ({about})"



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
    user_agent: str | None = None,
) -> RawPage:
    """Read ``source`` into a :class:`RawPage`.

    ``source`` may be HTML as ``str`` or ``bytes``, a :class:`pathlib.Path` or path string,
    an ``http(s)://`` or ``file://`` URL (fetched by :func:`fetch` with ``user_agent``), or
    ``"-"`` for standard input. A string that names another scheme (``ftp://…``) or an
    ``http(s)`` URL without a host is a :class:`FetchError`, as is a string that can only be a
    path (no markup, no spaces, a ``/`` or a file suffix) naming nothing: "no such file".
    Raises :class:`FetchError` when it cannot be read and :class:`PageTooLarge` when it
    exceeds ``max_bytes``.
    """
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        _check_size(len(data), max_bytes, "input")
        return RawPage(data, url)
    if isinstance(source, os.PathLike):
        return _read_file(pathlib.Path(source), url, max_bytes, timeout)
    if not isinstance(source, str):
        raise FetchError(f"cannot read a source of type {type(source).__name__}")
    if source == "-":
        data = sys.stdin.buffer.read(max_bytes + 1)
        _check_size(len(data), max_bytes, "standard input")
        return RawPage(data, url)
    if is_url(source):
        if source.lower().startswith("file://"):
            path = urllib.request.url2pathname(urllib.parse.urlparse(source).path)
            return _read_file(pathlib.Path(path), url or source, max_bytes, timeout)
        check_url(source)
        return fetch(source, max_bytes=max_bytes, timeout=timeout, user_agent=user_agent)
    scheme = _OTHER_SCHEME.match(source)
    if scheme and "\n" not in source:
        raise FetchError(f"{source}: unsupported URL scheme {scheme.group(1)!r} (pagesight reads http, https "
                         "and file URLs)")
    if _looks_like_path(source) and (os.path.exists(source) or source.lower().endswith((".htm", ".html", ".gz"))
                                     or _only_a_path(source)):
        return _read_file(pathlib.Path(source), url, max_bytes, timeout)
    _check_size(len(source), max_bytes, "input")
    return RawPage(source, url)


#: A string that starts like a URL of some scheme (RFC 3986's scheme syntax, then ``://``).
_OTHER_SCHEME = re.compile(r"([a-zA-Z][a-zA-Z0-9+.-]*)://")
#: A string that can only be a file name: no whitespace or markup, and a folder separator or a suffix.
_PATH_ONLY = re.compile(r"[^\s<>]*(/|\\|\.[A-Za-z0-9]{1,5}$)[^\s<>]*")


def _only_a_path(text: str) -> bool:
    return bool(_PATH_ONLY.fullmatch(text))


def check_url(url: str) -> None:
    """Raise :class:`FetchError` when an ``http(s)`` URL cannot name a page (no host, spaces, a bad port)."""
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number or out of range
    except ValueError as exc:
        raise FetchError(f"{url}: not a valid URL ({exc})") from None
    if not parts.hostname:
        raise FetchError(f"{url}: not a valid URL (no host name)")
    if any(c.isspace() for c in url):
        raise FetchError(f"{url}: not a valid URL (it holds spaces; write them as %20)")


def _check_size(size: int, max_bytes: int, what: str) -> None:
    if size > max_bytes:
        raise PageTooLarge(f"{what} is larger than max_bytes={max_bytes:,} bytes")


def _read_file(path: pathlib.Path, url: str | None, max_bytes: int, timeout: float = DEFAULT_TIMEOUT) -> RawPage:
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode) and not stat.S_ISDIR(info.st_mode):
            return RawPage(_read_stream(path, max_bytes, timeout), url)  # a pipe or a device
        _check_size(info.st_size, max_bytes, str(path))
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
    except ValueError:  # what the system calls say of a NUL byte in the name
        raise FetchError(f"not a file name (it holds a NUL byte): {str(path)!r}") from None
    return RawPage(data, url or path.resolve().as_uri())


#: Bytes read at a time from a pipe or a device.
_STREAM_CHUNK = 1 << 16


def _read_stream(path: pathlib.Path, max_bytes: int, timeout: float) -> bytes:
    """The bytes of a pipe or a device (``/dev/fd/N`` of a shell's ``<(...)``, a named pipe), read
    without blocking: at most ``max_bytes`` (past that, :class:`PageTooLarge`: ``/dev/zero`` never
    ends) and for at most ``timeout`` seconds (past that, :class:`FetchError`). A named pipe that no
    one writes to reads as empty."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        chunks: list[bytes] = []
        size, deadline = 0, time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise FetchError(f"{path}: not ended within the {timeout:g} s timeout (a pipe or a device)")
            if not select.select([fd], [], [], left)[0]:
                continue
            try:
                chunk = os.read(fd, _STREAM_CHUNK)
            except BlockingIOError:
                continue
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            size += len(chunk)
            _check_size(size, max_bytes, str(path))
    finally:
        os.close(fd)

#: Answers worth asking again after a pause: rate limited (429) and a gateway or server that is
#: briefly down (502, 503, 504), as RFC 9110 describes them; every other status is final.
RETRY_STATUSES = frozenset({429, 502, 503, 504})
#: Further attempts after the first one fails in a way that may pass (see RETRY_STATUSES, a
#: refused or dropped connection). urllib3's own Retry default is 3; two keep a dead host cheap.
DEFAULT_RETRIES = 2
#: Seconds before the first retry, doubled before each next one (urllib3's backoff_factor idea).
BACKOFF_SECONDS = 0.5
#: Longest pause a server's Retry-After may ask for; a longer wait is not worth a page.
MAX_RETRY_AFTER = 5.0
_clients: dict[tuple[int, int], Any] = {}
_clients_lock = threading.Lock()


def _client(max_redirects: int) -> Any:
    """One httpx client per process and redirect limit: connections (and their TLS sessions) are kept
    and reused across pages, compressed answers (gzip, deflate, brotli) are decoded. Keyed by process
    id too: a forked worker never shares its parent's sockets."""
    import httpx

    with _clients_lock:
        client = _clients.get((os.getpid(), max_redirects))
        if client is None:
            client = httpx.Client(follow_redirects=True, max_redirects=max_redirects,
                                  headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.5"})
            _clients[(os.getpid(), max_redirects)] = client
        return client


def _retry_after(value: str | None, default: float) -> float:
    """Seconds a ``Retry-After`` header asks for (a number of seconds; a date counts as the default)."""
    if value and value.strip().isdigit():
        return min(float(value.strip()), MAX_RETRY_AFTER)
    return default


def fetch(
    url: str,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    timeout: float = DEFAULT_TIMEOUT,
    max_redirects: int = DEFAULT_MAX_REDIRECTS,
    user_agent: str | None = None,
    retries: int = DEFAULT_RETRIES,
) -> RawPage:
    """GET ``url`` over HTTP(S) with httpx and return the body and the charset the server declared.

    Redirects are followed (at most ``max_redirects``), compressed answers decoded, connections
    reused across calls. ``timeout`` bounds the whole fetch, retries and the body included (a
    server trickling bytes is cut off). A refused or dropped connection and a 429/502/503/504
    answer are tried again up to ``retries`` times, after ``BACKOFF_SECONDS`` doubled each time
    (or the server's ``Retry-After``, at most ``MAX_RETRY_AFTER``), within that same timeout.
    The User-Agent is ``user_agent`` or :func:`default_user_agent`, which names pagesight and its version.
    Raises :class:`FetchError` on network and HTTP errors, :class:`PageTooLarge` over ``max_bytes``.
    """
    import httpx

    deadline = time.monotonic() + timeout
    headers = {"User-Agent": user_agent or default_user_agent()}
    client = _client(max_redirects)
    attempt = 0
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise FetchError(f"{url}: no answer within {timeout:g} s")
        pause = BACKOFF_SECONDS * 2 ** attempt
        try:
            with client.stream("GET", url, headers=headers, timeout=httpx.Timeout(left)) as response:
                if response.status_code in RETRY_STATUSES and attempt < retries:
                    pause = _retry_after(response.headers.get("Retry-After"), pause)
                    failure = f"HTTP {response.status_code} {response.reason_phrase}"
                else:
                    return _read_response(response, url, max_bytes, deadline, timeout)
        except httpx.TooManyRedirects:
            raise FetchError(f"{url}: too many redirects (limit {max_redirects})") from None
        except httpx.TimeoutException:
            raise FetchError(f"{url}: no answer within {timeout:g} s") from None
        except (httpx.ConnectError, httpx.ReadError, httpx.RemoteProtocolError) as exc:
            if attempt >= retries:
                raise FetchError(f"{url}: {_reason(exc)}") from None
            failure = _reason(exc)
        except httpx.InvalidURL as exc:
            raise FetchError(f"{url}: not a valid URL ({exc})") from None
        except httpx.UnsupportedProtocol as exc:
            raise FetchError(f"{url}: {exc}") from None
        except httpx.HTTPError as exc:
            raise FetchError(f"{url}: {_reason(exc)}") from None
        attempt += 1
        if time.monotonic() + pause >= deadline:
            raise FetchError(f"{url}: {failure}, and no time left to try again within {timeout:g} s")
        time.sleep(pause)


def _reason(exc: Exception) -> str:
    """What went wrong, in words (httpx's message, or its cause's)."""
    text = str(exc) or str(exc.__cause__ or "") or type(exc).__name__
    return text.removeprefix("[Errno 111] ")


def _read_response(response: Any, url: str, max_bytes: int, deadline: float, timeout: float) -> RawPage:
    """The body of a final answer, read within the deadline and the size limit."""
    if response.status_code >= 400:
        raise FetchError(f"{url}: HTTP {response.status_code} {response.reason_phrase}")
    length = response.headers.get("Content-Length", "")
    if length.isdigit() and response.headers.get("Content-Encoding", "identity") == "identity":
        _check_size(int(length), max_bytes, url)
    chunks: list[bytes] = []
    size = 0
    for chunk in response.iter_bytes():  # decoded: the limit applies to the page, not its compressed form
        chunks.append(chunk)
        size += len(chunk)
        _check_size(size, max_bytes, url)
        if time.monotonic() > deadline:
            raise FetchError(f"{url}: the page did not arrive whole within {timeout:g} s")
    content_type = response.headers.get("Content-Type", "")
    mime = content_type.split(";", 1)[0].strip().lower() or None
    charset = None
    for param in content_type.split(";")[1:]:
        name, _, value = param.partition("=")
        if name.strip().lower() == "charset" and value.strip():
            charset = value.strip().strip("\"'").lower()
    return RawPage(b"".join(chunks), str(response.url), charset, mime)


def source_name(source: object) -> str | None:
    """How a source is named in a Result: its path or URL as given; None for HTML given as
    text or bytes (and for a Page, which names itself by its ``url``)."""
    if isinstance(source, os.PathLike):
        return os.fspath(source)
    if isinstance(source, str) and "<" not in source and "\n" not in source and len(source) < 4096:
        return source
    return None
