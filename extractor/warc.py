"""Web archives in: the HTML ``response`` records of a ``.warc``/``.warc.gz`` file, read one at a time.

:func:`read_warc` walks a WARC record by record (warcio, the optional extra ``warc``) and yields a
:class:`WarcPage` for each HTML response (its payload, target URI, record id and the charset of
its HTTP ``Content-Type``) and for each record it could not read (``error`` set). Other records
(requests, metadata, redirects, images ...) are counted in :class:`WarcStats` and skipped.
:func:`extract_record` turns one WarcPage into a :class:`~extractor.result.Result`, in this
process or in a worker (WarcPage pickles), and :func:`extract_warc` does both in a row.

Why warcio and not FastWARC: FastWARC reads records about twice as fast (7,300 against 3,200
response records per CPU-second on 1,000 dev pages, bench/bench_scale_warc.py, 2026-11-25), but
reading is about 2 % of the time of extracting the pages (about 60 a CPU-second), and warcio
keeps each gzip member to itself when a record's Content-Length lies (FastWARC reads on into
the next members and loses them), decodes HTTP ``Content-Encoding``/chunked payloads, and is
pure Python.

A broken record (a truncated file, a Content-Length that lies, a gzip member that is not WARC)
is reported as its own WarcPage with ``error`` set and reading goes on at the next record
found after it (in a file; a stream that cannot seek stops there).
"""

from __future__ import annotations

import gzip
import io
import os
import pathlib
import re
import zlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import IO, Any

from .errors import FetchError, PagesightError, PageTooLarge
from .gcpause import gc_paused
from .inputs import WARC_SUFFIXES
from .result import Result, failed_result
from .source import DEFAULT_MAX_BYTES

#: HTTP content types read as pages (a response without one is read when it starts like markup).
HTML_TYPES = ("text/html", "application/xhtml+xml")
_GZIP_MAGIC = b"\x1f\x8b\x08"
_PLAIN_START = re.compile(rb"(?:^|\n)(WARC/1\.[01]\r?\n)")
_SCAN_CHUNK = 1 << 20
#: Compressed bytes at an archive's start read to see whether its first gzip member holds more than its
#: first record: an archive gzipped whole (``gzip crawl.warc``) rather than a member a record (the WARC
#: standard's annex D, what crawlers write). The first record is a ``warcinfo`` or a page: kilobytes.
WHOLE_GZIP_PROBE_BYTES = 1 << 20
#: Most bytes that probe inflates (a first record larger than this leaves the archive read member by member).
WHOLE_GZIP_INFLATE_MAX = 8 << 20


class WarcMissing(PagesightError):
    """The optional extra ``warc`` (warcio) is not installed."""


@dataclass
class WarcPage:
    """One HTML response record (``data`` set) or one record that could not be read (``error`` set).

    ``source`` names the WARC file; ``error`` is ``(error type, message)``.
    """

    source: str | None
    url: str | None = None
    record_id: str | None = None
    data: bytes | None = None
    http_charset: str | None = None
    content_type: str | None = None
    offset: int | None = None
    error: tuple[str, str] | None = None
    #: The file the record lies in at ``offset`` (set by :func:`read_warc` for a file, None for a stream):
    #: :func:`without_payload` and :func:`with_payload` hand a record to another process by its place.
    path: str | None = None

    @property
    def label(self) -> str:
        """How the command line names this record: the file, then the URI (or the record id)."""
        return f"{self.source or '-'} {self.url or self.record_id or f'@{self.offset}'}"


@dataclass
class WarcStats:
    """What one WARC held: HTML responses read, records skipped by kind, broken records."""

    html: int = 0
    broken: int = 0
    skipped: Counter = field(default_factory=Counter)

    def summary(self) -> str:
        skipped = sum(self.skipped.values())
        kinds = ", ".join(f"{k} {n}" for k, n in self.skipped.most_common())
        text = f"{self.html} HTML responses, {skipped} other records skipped" + (f" ({kinds})" if kinds else "")
        return text + (f", {self.broken} broken" if self.broken else "")


def is_warc_name(name: str) -> bool:
    """True for a ``.warc`` or ``.warc.gz`` file name."""
    return name.lower().endswith(WARC_SUFFIXES)


def looks_like_warc(head: bytes) -> bool:
    """True when the first bytes of a file or stream are a WARC record (plain or gzipped)."""
    if head.startswith(b"WARC/"):
        return True
    if head.startswith(_GZIP_MAGIC):
        try:
            return zlib.decompressobj(31).decompress(head, 16).startswith(b"WARC/")
        except zlib.error:
            return False
    return False


def _archive_iterator() -> Any:
    try:
        from warcio.archiveiterator import ArchiveIterator
    except ImportError:
        raise WarcMissing("reading WARC files needs warcio: pip install 'pagesight[warc]'") from None

    class QuietIterator(ArchiveIterator):
        # warcio writes a warning on stderr when a record is not followed by blank lines (a lying
        # Content-Length); the record is reported here instead, as a broken record.
        INC_RECORD = ""

        def _raise_invalid_gzip_err(self) -> None:
            # A gzip member further on that holds several records: its offsets mean nothing to warcio.
            raise _ManyInOneMember("a gzip member holds more than one record (part of the archive was gzipped "
                                   "whole): reading stops here; `warcio recompress` rewrites it a member a record")

    return QuietIterator


class _ManyInOneMember(Exception):
    pass


class _Inflated(io.RawIOBase):
    """A forward-only reader of ``head`` then ``rest`` (or of ``rest`` inflated as one gzip stream when
    ``inflate``): what warcio reads an archive through when it cannot seek in it. A gzip stream cut
    short is an ``OSError`` here, not the ``EOFError`` warcio would take for the archive's end."""

    def __init__(self, head: bytes, rest: IO[bytes], inflate: bool = False) -> None:
        super().__init__()
        self._head = memoryview(head)
        self._rest: Any = rest
        self._inflating = inflate
        if inflate:
            self._rest = gzip.GzipFile(fileobj=_Inflated(head, rest), mode="rb")
            self._head = memoryview(b"")

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if len(self._head):
            n = min(len(buffer), len(self._head))
            buffer[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        try:  # read1: one inflation at a time, so what came before a cut is handed on before the cut's error
            data = self._rest.read1(len(buffer)) if self._inflating else self._rest.read(len(buffer))
        except EOFError as exc:
            raise OSError(f"the archive's gzip stream is cut short (truncated file?): {exc}") from None
        buffer[:len(data)] = data
        return len(data)


def _whole_gzip(head: bytes) -> bool:
    """True when ``head``, an archive's first bytes, is a gzip member holding more than one record."""
    if not head.startswith(_GZIP_MAGIC):
        return False
    inflater = zlib.decompressobj(31)
    try:
        out = inflater.decompress(head, WHOLE_GZIP_INFLATE_MAX)
    except zlib.error:
        return False
    end = out.find(b"\r\n\r\n")
    length = re.search(rb"(?im)^content-length:[ \t]*(\d+)", out[:end]) if end > 0 else None
    if length is None:
        return False
    after = end + 4 + int(length.group(1))
    return len(out) > after and bool(out[after:].strip())


def _readable_archive(fh: IO[bytes]) -> tuple[Any, bool]:
    """``fh`` as warcio can read it, and whether it was inflated here because it is gzipped whole (then
    offsets are in the inflated archive, and a broken record ends the reading, as in a stream)."""
    if _seekable(fh):
        start = fh.tell()
        head = fh.read(WHOLE_GZIP_PROBE_BYTES)
        fh.seek(start)
        if not _whole_gzip(head):
            return fh, False
        return _Inflated(b"", fh, inflate=True), True
    head = fh.read(WHOLE_GZIP_PROBE_BYTES)
    whole = _whole_gzip(head)
    # Unbuffered: warcio takes short reads, and a buffer would lose what came before a gzip stream's cut.
    return _Inflated(head, fh, inflate=whole), whole


def _charset(content_type: str | None) -> str | None:
    if not content_type:
        return None
    m = re.search(r"charset\s*=\s*[\"']?([^\"';,\s]+)", content_type, re.I)
    return m.group(1) if m else None


def read_warc(
    source: str | os.PathLike | IO[bytes],
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    stats: WarcStats | None = None,
    name: str | None = None,
) -> Iterator[WarcPage]:
    """Yield a :class:`WarcPage` per HTML response record of a WARC file or binary stream, in order.

    Only one record's payload is in memory at a time. A payload over ``max_bytes`` is not read:
    it becomes a :class:`PageTooLarge` error WarcPage. A WARC with no HTML response at all (and
    no broken record) yields one error WarcPage (``NoHTMLRecords``) saying what it held. ``stats``
    (filled as records go by) counts the records read, skipped and broken. Raises
    :class:`WarcMissing` without warcio and :class:`~extractor.errors.FetchError` for a missing file.
    """
    stats = stats if stats is not None else WarcStats()
    if isinstance(source, (str, os.PathLike)):
        path = pathlib.Path(source)
        try:
            fh: IO[bytes] = open(path, "rb")  # noqa: SIM115 - closed below
        except FileNotFoundError:
            raise FetchError(f"no such file: {path}") from None
        except IsADirectoryError:
            raise FetchError(f"is a directory, not a WARC file: {path}") from None
        except OSError as exc:
            raise FetchError(f"cannot read {path}: {exc.strerror or exc}") from None
        name = name or os.fspath(source)
        owned = True
    else:
        fh, owned = source, False
        name = name or getattr(source, "name", None) or "-"
        if not isinstance(name, str):
            name = "-"
    where = os.fspath(pathlib.Path(source).resolve()) if owned else None
    try:
        readable, inflated = _readable_archive(fh)
        if inflated:
            where = None  # no record of it can be read again by its place in the file
        for page in _records(readable, name, max_bytes, stats):
            page.path = where
            yield page
        if stats.html == 0 and stats.broken == 0:
            yield WarcPage(name, error=("NoHTMLRecords", "the WARC holds no HTML response record ("
                                        + stats.summary() + ")"))
    finally:
        if owned:
            fh.close()


def _seekable(fh: IO[bytes]) -> bool:
    try:
        return fh.seekable()
    except (AttributeError, ValueError, OSError):
        return False


def _records(fh: IO[bytes], name: str, max_bytes: int, stats: WarcStats) -> Iterator[WarcPage]:
    iterator_class = _archive_iterator()
    seekable = _seekable(fh)
    gzipped = None
    if seekable:
        start = fh.tell()
        gzipped = fh.read(3) == _GZIP_MAGIC
        fh.seek(start)
    while True:
        it = iterator_class(fh)
        restart_at = None
        while True:
            try:
                record = next(it)
            except StopIteration:
                if seekable and _bytes_left(fh, it.offset):
                    # warcio ends quietly on a gzip member cut short: say so
                    stats.broken += 1
                    yield WarcPage(name, offset=it.offset, error=("BrokenRecord", f"record at byte {it.offset} is "
                                                                  "cut short (truncated file?)"))
                    restart_at = it.offset + 1
                break
            except Exception as exc:  # noqa: BLE001 - warcio raises several kinds for a bad record
                at = it.offset  # where the failing record starts
                stats.broken += 1
                if isinstance(exc, _ManyInOneMember) or at < 0:  # no record boundary to go on from
                    yield WarcPage(name, error=("BrokenRecord", str(exc)))
                    return
                yield WarcPage(name, offset=at, error=_unreadable(exc, at))
                restart_at = at + 1
                break
            at = it.offset  # the record's first byte (warcio moves it on before each record)
            page = _page(record, name, at, max_bytes, stats)
            if page is None:
                continue
            if page.error and page.error[0] == "BrokenRecord":
                stats.broken += 1
                yield page
                restart_at = at + 1
                break
            stats.html += 1  # an HTML response, read or over max_bytes
            yield page
        if restart_at is None or not seekable:
            return
        found = _next_record_start(fh, restart_at, bool(gzipped))
        if found is None:
            return
        fh.seek(found)


def _unreadable(exc: Exception, at: int) -> tuple[str, str]:
    """The error kind and message of a record warcio could not read: its own ``ArchiveLoadFailed`` (not
    WARC at all) by that name; anything else it raised on the way (an ``AttributeError`` for a response
    record without a ``WARC-Target-URI``, say) is a ``BrokenRecord`` naming what warcio raised."""
    text = str(exc).strip()
    if type(exc).__name__ == "ArchiveLoadFailed":
        return "ArchiveLoadFailed", f"unreadable record at byte {at}: {text}"
    return "BrokenRecord", (f"unreadable record at byte {at}: warcio could not parse it "
                            f"({type(exc).__name__}{': ' + text if text else ''})")


def _page(record: Any, name: str, at: int, max_bytes: int, stats: WarcStats) -> WarcPage | None:
    """The WarcPage of one record, or None when it is skipped (counted in ``stats``)."""
    kind = record.rec_type
    headers = record.rec_headers
    uri = headers.get_header("WARC-Target-URI") if headers else None
    record_id = headers.get_header("WARC-Record-ID") if headers else None
    if not kind or not headers or not headers.protocol.startswith("WARC/"):
        return WarcPage(name, uri, record_id, offset=at,
                        error=("BrokenRecord", f"record at byte {at} is cut short or has no WARC header "
                               "(truncated file?)"))
    if kind != "response":
        stats.skipped[kind] += 1
        return None
    http = record.http_headers
    if http is None:
        stats.skipped["non-HTTP response"] += 1
        return None
    status = http.get_statuscode() or ""
    if not status.startswith("2"):
        stats.skipped[f"status {status or '?'}"] += 1
        return None
    content_type = http.get_header("Content-Type")
    mime = (content_type or "").split(";")[0].strip().lower()
    if mime and mime not in HTML_TYPES:
        stats.skipped[f"{mime.split('/')[0] or 'other'} response"] += 1
        return None
    raw = record.raw_stream
    declared = getattr(raw, "limit", None)
    if declared is not None and declared > max_bytes:
        # Not read: the iterator skips the rest of the record on its own.
        return WarcPage(name, uri, record_id, offset=at,
                        error=(PageTooLarge.__name__, f"the payload ({declared:,} bytes) is larger than "
                               f"max_bytes={max_bytes:,} bytes"))
    try:
        data = record.content_stream().read(max_bytes + 1)
    except Exception as exc:  # noqa: BLE001 - a damaged chunked or compressed payload
        return WarcPage(name, uri, record_id, offset=at,
                        error=("BrokenRecord", f"record at byte {at}: payload unreadable ({type(exc).__name__}: "
                               f"{exc})"))
    if len(data) > max_bytes:
        return WarcPage(name, uri, record_id, offset=at,
                        error=(PageTooLarge.__name__, f"the payload is larger than max_bytes={max_bytes:,} bytes"))
    left = getattr(raw, "limit", 0)
    if left and not raw.read(1):
        return WarcPage(name, uri, record_id, offset=at,
                        error=("BrokenRecord", f"record at byte {at} ends {left:,} bytes before its Content-Length "
                               "(truncated file, or a Content-Length that lies)"))
    if not mime and not data.lstrip()[:1] == b"<":
        stats.skipped["untyped non-markup response"] += 1
        return None
    return WarcPage(name, uri, record_id, data, _charset(content_type), mime or None, at)


def without_payload(page: WarcPage) -> WarcPage:
    """``page`` without its payload when :func:`with_payload` can read it again from its file (a record
    read from a file, not from a stream, and read whole); else ``page`` itself.

    The command line's parent process reads each record (so a broken one is reported where it lies)
    and hands its workers this light copy: a worker reads the payload itself, and the parent neither
    keeps the records in flight nor copies them to the workers (a 1,000-page WARC, two workers:
    the process tree's peak RSS over all pages against the first 100 went from 1.106-1.137 to
    1.084-1.095 in three runs each, README "At scale").
    """
    if page.path is None or page.offset is None or page.error is not None or page.data is None:
        return page
    return replace(page, data=None)


def with_payload(page: WarcPage, max_bytes: int = DEFAULT_MAX_BYTES) -> WarcPage:
    """``page`` with its payload read again from its file at its offset, when :func:`without_payload` left
    it out; else ``page`` itself. A record that cannot be read again (the file is gone, or changed so that
    another record lies there) comes back with ``error`` set; never raises."""
    if page.data is not None or page.error is not None or page.path is None or page.offset is None:
        return page
    try:
        with open(page.path, "rb") as fh:
            fh.seek(page.offset)
            again = next(_records(fh, page.source or page.path, max_bytes, WarcStats()), None)
    except Exception as exc:  # noqa: BLE001 - an unreadable file is this record's error, not the batch's
        again = WarcPage(page.source, error=(type(exc).__name__, str(exc)))
    if again is not None and again.error is None and again.record_id == page.record_id:
        again.path = page.path
        return again
    why = again.error[1] if again is not None and again.error else "another record lies there now"
    return replace(page, error=("BrokenRecord", f"record at byte {page.offset} could not be read again from "
                                f"{page.path}: {why}"))


def _bytes_left(fh: IO[bytes], offset: int) -> bool:
    """True when more than blank lines follow ``offset`` in the file."""
    here = fh.tell()
    try:
        fh.seek(offset)
        return bool(fh.read(_SCAN_CHUNK).strip())
    finally:
        fh.seek(here)


def _next_record_start(fh: IO[bytes], pos: int, gzipped: bool) -> int | None:
    """Byte offset of the first WARC record at or after ``pos`` (a gzip member or a ``WARC/1.x`` line)."""
    while True:
        fh.seek(pos)
        chunk = fh.read(_SCAN_CHUNK + 64)
        if not chunk:
            return None
        if gzipped:
            k = chunk.find(_GZIP_MAGIC)
            while 0 <= k < _SCAN_CHUNK:
                fh.seek(pos + k)
                if looks_like_warc(fh.read(512)):
                    return pos + k
                k = chunk.find(_GZIP_MAGIC, k + 1)
        else:
            for m in _PLAIN_START.finditer(chunk):
                if m.start(1) < _SCAN_CHUNK and (m.start(1) > 0 or pos == 0):
                    return pos + m.start(1)
        if len(chunk) <= _SCAN_CHUNK:
            return None
        pos += _SCAN_CHUNK


def error_result(page: WarcPage, error: str, message: str) -> Result:
    """The empty Result of a record that could not be read or extracted."""
    record = {"warc_record_id": page.record_id} if page.record_id else {}
    return failed_result(page.source, error, f"{error}: {message}", url=page.url, **record)


def extract_record(page: WarcPage, **options: Any) -> Result:
    """Extract one record read by :func:`read_warc`; never raises for the page itself.

    ``options`` are those of :func:`extractor.extract`. The HTTP charset is applied as the HTML
    standard says (a BOM wins over it, it wins over ``<meta>``), unless ``encoding=`` forces
    one. A record that failed, or a page that fails, gives an empty Result whose ``reason``
    names the error (``details['error']`` its type). Raises :class:`OptionError` for a bad
    method or option.
    """
    from .errors import OptionError

    if page.error is not None:
        return error_result(page, *page.error)
    try:
        return extract_record_or_raise(page, **options)
    except OptionError:
        raise
    except PagesightError as exc:
        return error_result(page, type(exc).__name__, str(exc))


@gc_paused  # the parse and the Page's lists too, not only the extraction (see extractor.gcpause)
def extract_record_or_raise(page: WarcPage, **options: Any) -> Result:
    """:func:`extract_record` that raises the page's error (what the command line's workers run)."""
    from .api import extract
    from .decode import canonical_encoding
    from .source import RawPage

    if page.error is not None:
        raise _named_error(*page.error)
    options = dict(options)
    options.pop("max_bytes", None)  # applied when the record was read
    options.pop("url", None)  # the record's target URI
    encoding = options.pop("encoding", None)
    if options.get("render") or options.get("screenshot"):
        # The browser reads bytes: the HTTP charset goes in as the encoding when the web knows it.
        if encoding is None and page.http_charset and canonical_encoding(page.http_charset):
            encoding = page.http_charset
        result = extract(page.data or b"", url=page.url, encoding=encoding, **options)
    else:
        # extract() parses it and so owns the Page, which it lets go before htmldate's own parse.
        result = extract(RawPage(page.data or b"", page.url, page.http_charset, page.content_type),
                         encoding=encoding, **options)
    result.source = page.source
    result.url = result.url or page.url
    result.details = {**result.details, "warc_record_id": page.record_id}
    return result


class _RecordError(PagesightError):
    pass


def _named_error(kind: str, message: str) -> PagesightError:
    """A PagesightError whose type name is ``kind`` (PageTooLarge, BrokenRecord ...)."""
    if kind == PageTooLarge.__name__:
        return PageTooLarge(message)
    return type(kind, (_RecordError,), {})(message)


def warc_files(path: str | os.PathLike) -> list[str]:
    """The WARC files of a folder (sorted), or the path itself when it is not a folder."""
    if os.path.isdir(path):
        return sorted(str(p) for p in pathlib.Path(path).rglob("*") if is_warc_name(p.name))
    return [os.fspath(path)]


def extract_warc(source: str | os.PathLike | IO[bytes] | bytes, **options: Any) -> Iterator[Result]:
    """Extract the main text of every HTML response record of a WARC, in order, one at a time.

    ``source`` is a ``.warc``/``.warc.gz`` path, a folder of them, a binary stream, or the bytes
    of one. ``options`` are those of :func:`extractor.extract` (``max_bytes`` bounds each
    record). Each Result carries ``source`` (the file), ``url`` (the record's target URI) and
    ``details['warc_record_id']``. A record that cannot be read or extracted yields an empty
    Result whose ``reason`` names the error and ``details['error']`` its type, and the rest of
    the file still comes out. Raises :class:`OptionError` for a bad method or option (before
    any record is read), :class:`FetchError` for a missing file, :class:`WarcMissing` without
    warcio.
    """
    from .api import check_extract_options

    check_extract_options(options)
    _archive_iterator()
    max_bytes = options.get("max_bytes", DEFAULT_MAX_BYTES)
    return _extract_all(source, max_bytes, options)


def _extract_all(source: Any, max_bytes: int, options: dict[str, Any]) -> Iterator[Result]:
    if isinstance(source, (bytes, bytearray, memoryview)):
        sources: list[Any] = [io.BytesIO(bytes(source))]
    elif isinstance(source, (str, os.PathLike)):
        sources = warc_files(source)
        if not sources:  # a folder without any: said, not an empty run
            raise FetchError(f"no WARC files ({', '.join(WARC_SUFFIXES)}) in the folder {os.fspath(source)}")
    else:
        sources = [source]
    for one in sources:
        for page in read_warc(one, max_bytes=max_bytes):
            yield extract_record(page, **options)
