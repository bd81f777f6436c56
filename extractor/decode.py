"""Turn page bytes into text, choosing the encoding the way browsers broadly do.

Order: explicit argument > HTTP Content-Type charset > byte-order mark > ``<meta>`` charset >
UTF-8 if the bytes are valid UTF-8 > detection with ``charset-normalizer``.
"""

from __future__ import annotations

import codecs
import re

from .errors import DecodeError, NotHTMLError

#: Bytes of the page searched for a ``<meta charset>`` (the HTML standard's prescan looks
#: at the first 1024 bytes; many real pages put it later, so look further).
META_SCAN_BYTES = 8192
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([a-zA-Z0-9_.:\-]+)""", re.I)

#: Labels that browsers decode as a superset (WHATWG Encoding Standard, "labels"); the
#: Chinese set's README notes that declared gb2312 means gb18030.
_SUPERSETS = {
    "gb2312": "gb18030", "gbk": "gb18030", "x-gbk": "gb18030", "chinese": "gb18030",
    "iso-8859-1": "cp1252", "iso8859-1": "cp1252", "latin1": "cp1252", "latin-1": "cp1252",
    "us-ascii": "cp1252", "ascii": "cp1252", "iso-8859-9": "cp1254", "tis-620": "cp874",
    "iso-8859-11": "cp874", "ks_c_5601-1987": "cp949", "euc-kr": "cp949", "big5": "big5hkscs",
    "shift_jis": "cp932", "sjis": "cp932", "x-sjis": "cp932", "windows-31j": "cp932",
    "utf8": "utf-8", "unicode": "utf-8",
}
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
_BINARY_MAGIC = {
    b"\x89PNG": "a PNG image", b"%PDF": "a PDF document", b"GIF8": "a GIF image",
    b"\xff\xd8\xff": "a JPEG image", b"PK\x03\x04": "a ZIP archive", b"\x1f\x8b": "gzip data",
    b"RIFF": "a RIFF (WebP/WAV) file", b"\x7fELF": "an executable",
}


def canonical_encoding(label: str | None) -> str | None:
    """Return the Python codec name for an encoding label, or None if Python has no such codec."""
    if not label:
        return None
    label = label.strip().strip("\"'").lower()
    label = _SUPERSETS.get(label, label)
    try:
        name = codecs.lookup(label).name
    except LookupError:
        return None
    return _SUPERSETS.get(name, name)


def sniff_binary(data: bytes) -> str | None:
    """Name the kind of binary file ``data`` is, or None when it may be text."""
    for magic, kind in _BINARY_MAGIC.items():
        if data.startswith(magic):
            return kind
    head = data[:4096]
    if b"\x00" in head and not head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "binary data (NUL bytes)"
    return None


def meta_charset(data: bytes) -> str | None:
    """The charset declared by a ``<meta>`` tag (or XML declaration) near the top of ``data``."""
    head = data[:META_SCAN_BYTES]
    at = head.lower().find(b"charset")
    if at >= 0:
        # the regex runs only on the short window around the first "charset" (cheap)
        start = head.rfind(b"<", 0, at)
        match = _META_CHARSET.search(head, max(start, 0), at + 64)
        if match:
            return match.group(1).decode("ascii", "replace")
    if head.startswith(b"<?xml"):
        xml = re.match(rb"""<\?xml[^>]*encoding=["']([\w.\-]+)""", head)
        if xml:
            return xml.group(1).decode("ascii")
    return None


def decode(data: bytes, *, encoding: str | None = None, http_charset: str | None = None) -> tuple[str, str]:
    """Decode page bytes; return ``(text, encoding_used)``.

    ``encoding`` forces a codec (errors are replaced). Raises :class:`NotHTMLError` for
    binary files and :class:`DecodeError` when an explicit encoding is unknown.
    """
    if encoding:
        codec = canonical_encoding(encoding)
        if codec is None:
            raise DecodeError(f"unknown encoding {encoding!r}")
        return data.decode(codec, "replace"), codec
    kind = sniff_binary(data)
    if kind:
        raise NotHTMLError(f"input is {kind}, not HTML")
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return data.decode(codec, "replace"), codec.replace("-sig", "")
    for label in (http_charset, meta_charset(data)):
        codec = canonical_encoding(label)
        if codec is None:
            continue
        if codec != "utf-8" and _is_single_byte(codec) and _valid_utf8_with_non_ascii(data):
            # A page that declares a legacy single-byte charset but is valid UTF-8 with
            # non-ASCII bytes is nearly always mislabelled UTF-8.
            return data.decode("utf-8"), "utf-8"
        try:
            return data.decode(codec), codec
        except UnicodeDecodeError:
            continue  # wrong declaration: fall through to detection
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    return _detect(data)


def _is_single_byte(codec: str) -> bool:
    return codec.startswith(("cp12", "iso8859", "latin", "cp874", "koi8"))


def _valid_utf8_with_non_ascii(data: bytes) -> bool:
    if data.isascii():
        return False
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


#: Mean length of runs of non-ASCII bytes below which the page is taken as single-byte Western
#: text: accented Latin letters stand alone, while CJK and Cyrillic text comes in long runs.
#: Short pages fool statistical detectors (a few accented letters read as a CJK pair).
WESTERN_MAX_RUN = 1.5
_NON_ASCII_RUN = re.compile(rb"[\x80-\xff]+")


def _detect(data: bytes) -> tuple[str, str]:
    runs = _NON_ASCII_RUN.findall(data[:200_000])
    if runs and sum(map(len, runs)) / len(runs) < WESTERN_MAX_RUN:
        return data.decode("cp1252", "replace"), "cp1252"  # the browsers' Western default
    from charset_normalizer import from_bytes

    best = from_bytes(data[:200_000]).best()
    codec = canonical_encoding(best.encoding) if best is not None else None
    if codec is None:
        codec = "cp1252"
    return data.decode(codec, "replace"), codec
