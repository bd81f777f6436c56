"""Turn page bytes into text, choosing the encoding as the HTML and Encoding standards say.

Order: explicit argument > byte-order mark > UTF-16 without a BOM (ASCII markup between NUL bytes) >
HTTP Content-Type charset > ``<meta>`` prescan of the first 1024 bytes (HTML standard, "prescan a byte
stream to determine its encoding") > UTF-8 if the bytes are valid UTF-8 (but for a few cut
characters) > detection with
``charset-normalizer`` among the web's encodings.

Every label is resolved through the WHATWG Encoding Standard's table (the ``webencodings`` package): a
label the web does not know (``cp037``, ``utf-7``) is ignored, never handed to Python's codecs; ``latin1``
and ``iso-8859-1`` mean windows-1252, ``gb2312`` and ``gbk`` mean gb18030. In ``<meta>``, UTF-16 means
UTF-8 and x-user-defined means windows-1252, as the standard says. Where this module departs from a
browser, it does so to keep the text:

- a declared encoding that the bytes cannot be decoded in falls through to the next source, unless
  only a few bytes are unreadable (text cut mid-character: :data:`DAMAGED_MAX_SHARE`), and a
  declared legacy single-byte charset on bytes that are valid UTF-8 with non-ASCII characters reads as
  UTF-8 (the usual mislabel);
- the ``replacement`` encoding (labels of ISO-2022-KR/CN and HZ), which a browser shows as one U+FFFD
  to stop script injection, is ignored like an unknown label (an explicit one is a :class:`DecodeError`);
- detection gives each multi-byte encoding that can read all but a few bytes of the page a chance
  (the detector drops an encoding the bytes do not decode in strictly: one cut character in a GBK page
  made it Windows-1251);
- UTF-16 without a BOM is recognised by its NUL bytes, even when a server says otherwise;
- NUL bytes are dropped from the text (the HTML tree builder drops them from body text); a page that
  starts like markup is HTML even if it holds some. Binary files are told by their magic numbers.
"""

from __future__ import annotations

import codecs
import functools
import re

import webencodings

from .errors import DecodeError, NotHTMLError

#: Bytes the ``<meta>`` prescan reads (the HTML standard's advice; browsers use the same bound).
PRESCAN_BYTES = 1024
#: Kept for importers of the old name: the ``<meta>`` search window is the prescan's.
META_SCAN_BYTES = PRESCAN_BYTES
#: Bytes read to tell a binary file or BOM-less UTF-16 from a page.
SNIFF_BYTES = 4096

_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16le"), (codecs.BOM_UTF16_BE, "utf-16be"))
#: Magic numbers of files that are not pages (WHATWG MIME Sniffing's patterns and a few more).
_BINARY_MAGIC = (
    (b"\x89PNG", "a PNG image"), (b"%PDF", "a PDF document"), (b"GIF8", "a GIF image"),
    (b"\xff\xd8\xff", "a JPEG image"), (b"II*\x00", "a TIFF image"), (b"MM\x00*", "a TIFF image"),
    (b"\x00\x00\x01\x00", "an icon image"), (b"RIFF", "a RIFF (WebP/WAV/AVI) file"),
    (b"PK\x03\x04", "a ZIP archive"), (b"PK\x05\x06", "a ZIP archive"), (b"\x1f\x8b", "gzip data"),
    (b"\xfd7zXZ\x00", "xz data"), (b"(\xb5/\xfd", "zstd data"), (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!\x1a\x07", "a RAR archive"), (b"wOFF", "a WOFF font"), (b"wOF2", "a WOFF2 font"),
    (b"OTTO", "an OpenType font"), (b"\x00\x01\x00\x00", "a TrueType font"), (b"ttcf", "a TrueType font"),
    (b"OggS", "an Ogg media file"), (b"ID3", "an MP3 audio file"), (b"fLaC", "a FLAC audio file"),
    (b"\x1a\x45\xdf\xa3", "a WebM/Matroska video"), (b"\x7fELF", "an executable"),
    (b"\x00asm", "a WebAssembly module"), (b"SQLite format 3\x00", "an SQLite database"),
)

_WS = frozenset(b"\t\n\x0c\r ")
_WS_SLASH = frozenset(b"\t\n\x0c\r /")
_WS_OR_GT = re.compile(rb"[\t\n\x0c\r >]")
_NAME_END = re.compile(rb"[\t\n\x0c\r />=]")
_WS_OR_SEMI = re.compile(rb"[\t\n\x0c\r ;]")
_PRINTABLE = bytes(range(0x20, 0x7F)) + b"\t\n\x0c\r"
#: WHATWG encodings that map each byte to one character (a declaration of one on valid UTF-8 is a mislabel).
_SINGLE_BYTE = ("windows-", "iso-8859-", "koi8-", "ibm866", "macintosh", "x-mac-cyrillic", "x-user-defined")
#: An encoding whose decoder cannot read at most this share of a page's non-ASCII bytes still reads
#: the page: text cut mid-character loses a byte or two at each cut (0.04 % of the non-ASCII bytes on
#: chinese_wce's two such GBK pages), while a wrong encoding errs all along the page (the same pages
#: read as Big5, the nearest double-byte encoding: 1.3 % and 2.1 %; Windows-1252 read as UTF-8:
#: every accented letter).
DAMAGED_MAX_SHARE = 0.002
#: Python codecs of the web's multi-byte encodings (WHATWG: GBK/gb18030, Big5, EUC-JP, Shift_JIS,
#: EUC-KR), which :func:`_detect` retries on pages with a few unreadable bytes.
_MULTI_BYTE = ("gb18030", "big5hkscs", "euc_jp", "cp932", "cp949")
_ASCII = bytes(range(0x80))


def _lookup(label: str | bytes | None) -> webencodings.Encoding | None:
    """The WHATWG "get an encoding" of ``label``: its encoding, or None for a label the web does not know."""
    if not label:
        return None
    if isinstance(label, bytes):
        label = label.decode("latin-1")
    return webencodings.lookup(label)


def _usable(enc: webencodings.Encoding | None) -> webencodings.Encoding | None:
    return None if enc is None or enc.name == "replacement" else enc


def _codec(enc: webencodings.Encoding) -> codecs.CodecInfo:
    """The Python codec that decodes ``enc`` as the Encoding Standard does."""
    if enc.name == "gbk":
        return codecs.lookup("gb18030")  # the standard's GBK decoder is its gb18030 decoder
    return enc.codec_info


@functools.lru_cache(maxsize=1)
def _by_codec() -> dict[str, webencodings.Encoding]:
    """WHATWG encodings by the name of the Python codec that decodes them (webencodings' own table)."""
    table = {}
    for name in sorted(set(webencodings.LABELS.values())):
        if name not in ("replacement", "x-user-defined"):
            enc = webencodings.lookup(name)
            table.setdefault(_codec(enc).name, enc)
    return table


def _from_codec_name(name: str) -> webencodings.Encoding | None:
    """The web encoding a Python codec name stands for (``latin-1`` -> windows-1252, ``cp874`` ->
    windows-874), or None when it names none (``cp037``, ``utf-7``)."""
    try:
        python_name = codecs.lookup(name).name
    except LookupError:
        return None
    return _usable(webencodings.lookup(python_name) or webencodings.lookup(python_name.replace("_", "-"))
                   or _by_codec().get(python_name))


def canonical_encoding(label: str | None) -> str | None:
    """The Python codec name for a WHATWG encoding label (``latin1`` -> ``cp1252``, ``gb2312`` ->
    ``gb18030``), or None for a label the web does not know (``cp037``) or the replacement encoding."""
    if not label:
        return None
    enc = _usable(_lookup(label.strip().strip("\"'")))
    return _codec(enc).name if enc else None


def sniff_binary(data: bytes) -> str | None:
    """Name the kind of binary file ``data`` is, or None when it may be text.

    Known magic numbers name a file; otherwise NUL bytes in the first 4 KB make it binary data unless the
    bytes are UTF-16 (with or without a BOM) or start like markup with NULs in at most a tenth of them.
    """
    for magic, kind in _BINARY_MAGIC:
        if data.startswith(magic):
            return kind
    if data[4:8] == b"ftyp":
        return "an MP4/QuickTime/HEIF file"
    if data[:3] == b"BZh" and data[4:10] == b"1AY&SY":
        return "bzip2 data"
    head = bytes(data[:SNIFF_BYTES])
    if b"\x00" not in head or head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return None
    if _utf16_without_bom(head) or _looks_like_markup(head) and head.count(0) * 10 <= len(head):
        return None
    return "binary data (NUL bytes)"


def _looks_like_markup(head: bytes) -> bool:
    """Whether ``head`` starts (past a UTF-8 BOM, whitespace and NULs) with a tag, comment or doctype."""
    rest = head.removeprefix(codecs.BOM_UTF8).lstrip(b"\x00\t\n\x0c\r ")[:2]
    return len(rest) == 2 and rest[:1] == b"<" and (rest[1:].isalpha() or rest[1:] in (b"!", b"?", b"/"))


def _utf16_without_bom(data: bytes) -> str | None:
    """``"utf-16le"``/``"utf-16be"`` when ``data`` is text in UTF-16 without a BOM, else None.

    Markup is mostly ASCII: in UTF-16 every other byte is then NUL and the bytes between are printable.
    """
    sample = bytes(data[:SNIFF_BYTES])
    if b"\x00" not in sample:
        return None
    sample = sample[: len(sample) - len(sample) % 2]
    pairs = len(sample) // 2
    if pairs < 2:
        return None
    for name, low, high in (("utf-16le", sample[0::2], sample[1::2]), ("utf-16be", sample[1::2], sample[0::2])):
        if high.count(0) * 2 < pairs or low.count(0) * 20 > pairs:
            continue
        ascii_part = bytes(lo for lo, hi in zip(low, high, strict=True) if hi == 0)
        if len(ascii_part.translate(None, _PRINTABLE)) * 20 <= len(ascii_part):
            return name
    return None


# --- the HTML standard's prescan ---------------------------------------------------------------


class _OutOfBytes(Exception):
    """The prescan ran past the end of its input (the standard's "abort the prescan")."""


def _get_attribute(s: bytes, pos: int) -> tuple[tuple[bytes, bytes] | None, int]:
    """The standard's "get an attribute" at ``pos``: ``((name, value) or None, new position)``.

    Names and values are lowercased (ASCII); each step moves forward, so a tag costs its length.
    """
    n = len(s)
    while pos < n and s[pos] in _WS_SLASH:
        pos += 1
    if pos >= n:
        raise _OutOfBytes
    if s[pos] == 0x3E:  # '>'
        return None, pos
    m = _NAME_END.search(s, pos + 1)  # the first byte is part of the name, even '='
    if m is None:
        raise _OutOfBytes
    name, pos = s[pos:m.start()].lower(), m.start()
    if s[pos] in _WS:
        while pos < n and s[pos] in _WS:
            pos += 1
        if pos >= n:
            raise _OutOfBytes
        if s[pos] != 0x3D:
            return (name, b""), pos
    elif s[pos] != 0x3D:  # '/' or '>'
        return (name, b""), pos
    pos += 1
    while pos < n and s[pos] in _WS:
        pos += 1
    if pos >= n:
        raise _OutOfBytes
    quote = s[pos]
    if quote in (0x22, 0x27):
        end = s.find(s[pos:pos + 1], pos + 1)
        if end < 0:
            raise _OutOfBytes
        return (name, s[pos + 1:end].lower()), end + 1
    if quote == 0x3E:
        return (name, b""), pos
    m = _WS_OR_GT.search(s, pos + 1)
    if m is None:
        raise _OutOfBytes
    return (name, s[pos:m.start()].lower()), m.start()


def _charset_from_content(value: bytes) -> webencodings.Encoding | None:
    """The standard's "extracting a character encoding from a meta element" (``value`` lowercased)."""
    pos, n = 0, len(value)
    while True:
        at = value.find(b"charset", pos)
        if at < 0:
            return None
        pos = at + 7
        while pos < n and value[pos] in _WS:
            pos += 1
        if pos >= n:
            return None
        if value[pos] != 0x3D:
            continue  # look for the next "charset" from this character on
        pos += 1
        while pos < n and value[pos] in _WS:
            pos += 1
        if pos >= n:
            return None
        if value[pos] in (0x22, 0x27):
            end = value.find(value[pos:pos + 1], pos + 1)
            return _lookup(value[pos + 1:end]) if end >= 0 else None
        m = _WS_OR_SEMI.search(value, pos)
        return _lookup(value[pos:m.start() if m else n])


def _meta(s: bytes, pos: int) -> tuple[webencodings.Encoding | None, int]:
    """Read the attributes of a ``<meta`` whose name ends at ``pos``; ``(encoding or None, position)``."""
    seen: set[bytes] = set()
    got_pragma, need_pragma, charset, failed = False, None, None, False
    while True:
        attr, pos = _get_attribute(s, pos)
        if attr is None:
            break
        name, value = attr
        if name in seen:
            continue
        seen.add(name)
        if name == b"http-equiv":
            got_pragma = got_pragma or value == b"content-type"
        elif name == b"content":
            found = _charset_from_content(value)
            if found is not None and charset is None and not failed:
                charset, need_pragma = found, True
        elif name == b"charset":
            charset = _lookup(value)
            failed, need_pragma = charset is None, False
    if need_pragma is None or need_pragma and not got_pragma or charset is None:
        return None, pos + 1
    if charset.name in ("utf-16le", "utf-16be"):
        return webencodings.lookup("utf-8"), pos + 1
    if charset.name == "x-user-defined":
        return webencodings.lookup("windows-1252"), pos + 1
    return charset, pos + 1


def _xml_encoding(s: bytes) -> webencodings.Encoding | None:
    """The standard's "get an XML encoding": the ``encoding`` of a leading ``<?xml ...?>``."""
    if not s.startswith(b"<?xml"):
        return None
    end = s.find(b">")
    at = s.find(b"encoding", 5, end)
    if end < 0 or at < 0:
        return None
    pos = at + 8
    while pos < end and s[pos] <= 0x20:
        pos += 1
    if s[pos:pos + 1] != b"=":
        return None
    pos += 1
    while pos < end and s[pos] <= 0x20:
        pos += 1
    quote = s[pos:pos + 1]
    if quote not in (b'"', b"'"):
        return None
    close = s.find(quote, pos + 1)
    label = s[pos + 1:close] if close >= 0 else b""
    if not label or min(label) <= 0x20:
        return None
    enc = _lookup(label)
    return webencodings.lookup("utf-8") if enc is not None and enc.name.startswith("utf-16") else enc


def _prescan(data: bytes) -> webencodings.Encoding | None:
    """The HTML standard's "prescan a byte stream to determine its encoding" over the first 1024 bytes."""
    s = bytes(data[:PRESCAN_BYTES])
    if s.startswith(b"<\x00?\x00x\x00"):
        return webencodings.lookup("utf-16le")
    if s.startswith(b"\x00<\x00?\x00x"):
        return webencodings.lookup("utf-16be")
    pos = 0
    try:
        while True:
            pos = s.find(b"<", pos)
            if pos < 0:
                break
            if s.startswith(b"<!--", pos):
                end = s.find(b"-->", pos + 2)  # "<!-->" is a whole comment
                if end < 0:
                    break
                pos = end + 3
            elif s[pos + 1:pos + 5].lower() == b"meta" and s[pos + 5:pos + 6] and s[pos + 5] in _WS_SLASH:
                enc, pos = _meta(s, pos + 5)
                if enc is not None:
                    return enc
            elif s[pos + 1:pos + 2].isalpha() or s[pos + 1:pos + 2] == b"/" and s[pos + 2:pos + 3].isalpha():
                m = _WS_OR_GT.search(s, pos)
                if m is None:
                    break
                pos = m.start()
                while True:
                    attr, pos = _get_attribute(s, pos)
                    if attr is None:
                        break
                pos += 1
            elif s[pos + 1:pos + 2] in (b"!", b"/", b"?"):
                end = s.find(b">", pos)
                if end < 0:
                    break
                pos = end + 1
            else:
                pos += 1
    except _OutOfBytes:
        pass
    return _xml_encoding(s)


def meta_charset(data: bytes) -> str | None:
    """The encoding a page declares in its first 1024 bytes (``<meta charset>``, ``<meta http-equiv=
    content-type content="...; charset=...">``, else an XML declaration), as the HTML standard's prescan
    reads it: its WHATWG name (``"windows-1252"`` for ``latin1``, ``"utf-8"`` for a ``<meta>``'s UTF-16),
    or None when nothing the web knows is declared there."""
    enc = _usable(_prescan(data))
    return enc.name if enc else None


# --- decoding ----------------------------------------------------------------------------------


def _text(data: bytes, info: codecs.CodecInfo, errors: str = "replace") -> str:
    text = info.decode(data, errors)[0]
    return text.replace("\x00", "") if "\x00" in text else text


def _explicit_encoding(label: str) -> webencodings.Encoding:
    enc = _lookup(label.strip().strip("\"'")) or _from_codec_name(label.strip())
    if enc is None:
        raise DecodeError(f"unknown encoding {label!r} (not a label of the WHATWG Encoding Standard)")
    if enc.name == "replacement":
        raise DecodeError(f"encoding {label!r} is one the web never decodes (WHATWG 'replacement')")
    return enc


def decode(data: bytes, *, encoding: str | None = None, http_charset: str | None = None) -> tuple[str, str]:
    """Decode page bytes; return ``(text, encoding_used)`` with the Python codec's name (``cp1252``).

    ``encoding`` forces an encoding (a WHATWG label, or a Python codec name of a web encoding such as
    ``latin-1``; errors are replaced). Raises :class:`NotHTMLError` for binary files and
    :class:`DecodeError` when an explicit encoding is not one the web knows.
    """
    if encoding:
        enc = _explicit_encoding(encoding)
        info = _codec(enc)
        for bom, name in _BOMS:
            if enc.name == name and data.startswith(bom):
                data = data[len(bom):]
        return _text(data, info), info.name
    kind = sniff_binary(data)
    if kind:
        raise NotHTMLError(f"input is {kind}, not HTML")
    for bom, name in _BOMS:
        if data.startswith(bom):
            info = _codec(webencodings.lookup(name))
            return _text(data[len(bom):], info), info.name
    utf16 = _utf16_without_bom(data)
    if utf16:
        info = _codec(webencodings.lookup(utf16))
        return _text(data, info), info.name
    http = _usable(_lookup(http_charset.strip().strip("\"'"))) if http_charset else None
    for enc in (http, _usable(_prescan(data))):
        if enc is None or enc.name in ("utf-16le", "utf-16be"):
            continue  # declared UTF-16 but the bytes are not (else the sniff above took them)
        info = _codec(enc)
        if enc.name.startswith(_SINGLE_BYTE) and _valid_utf8_with_non_ascii(data):
            # A page that declares a legacy single-byte charset but is valid UTF-8 with
            # non-ASCII bytes is nearly always mislabelled UTF-8.
            return _text(data, codecs.lookup("utf-8")), "utf-8"
        try:
            return _text(data, info, "strict"), info.name
        except UnicodeDecodeError:
            text = _despite_damage(data, info)
            if text is not None:
                return text, info.name
            continue  # wrong declaration: fall through to detection
    utf8 = codecs.lookup("utf-8")
    try:
        return _text(data, utf8, "strict"), "utf-8"
    except UnicodeDecodeError:
        text = _despite_damage(data, utf8)  # UTF-8 with a character cut here and there
        if text is not None:
            return text, "utf-8"
    return _detect(data)


def _despite_damage(data: bytes, info: codecs.CodecInfo) -> str | None:
    """The page's text in ``info``'s encoding when it cannot read only a few of the non-ASCII bytes
    (:data:`DAMAGED_MAX_SHARE`; unreadable ones become U+FFFD), or, in UTF-8, when it reads more
    non-ASCII characters than it cannot (:func:`_mostly_utf8`); else None."""
    text = _text(data, info)
    bad = text.count("\ufffd")
    if bad <= DAMAGED_MAX_SHARE * len(data.translate(None, _ASCII)):
        return text
    return text if info.name == "utf-8" and _mostly_utf8(text, bad) else None


def _mostly_utf8(text: str, bad: int) -> bool:
    """Whether ``text``, bytes read as UTF-8 with ``bad`` unreadable ones, holds more well-formed
    non-ASCII characters than that: UTF-8 with a few stray bytes (a CMS pasting Windows-1252 into a
    UTF-8 page), which a browser reads as UTF-8 when the page says so. A page in a single-byte
    encoding read as UTF-8 forms almost no well-formed characters (an accented letter before ASCII
    never is one), however few non-ASCII bytes it has. Seen on dragnet: six mostly English UTF-8
    pages with 1-11 stray bytes had been detected as Windows-1250, ISO-8859-10 or Mac Roman."""
    return len(text) - len(text.encode("ascii", "ignore")) - bad > bad


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


@functools.lru_cache(maxsize=1)
def _detectable() -> list[str]:
    """Python codecs of the web's encodings that detection may choose (not UTF-8/16: sniffed before)."""
    return [name for name, enc in _by_codec().items() if enc.name not in ("utf-8", "utf-16le", "utf-16be", "gbk")]


def _detect(data: bytes) -> tuple[str, str]:
    cp1252 = codecs.lookup("cp1252")
    sample = data[:200_000]
    runs = _NON_ASCII_RUN.findall(sample)
    if runs and sum(map(len, runs)) / len(runs) < WESTERN_MAX_RUN:
        return _text(data, cp1252), "cp1252"  # the browsers' Western default
    from charset_normalizer import from_bytes

    best = from_bytes(sample, cp_isolation=_detectable()).best()
    for codec in _MULTI_BYTE:  # a few unreadable bytes hide the right one from the detector: repair, judge again
        text = _despite_damage(sample, codecs.lookup(codec))
        if text is not None and "\ufffd" in text:  # read strictly, the detector has seen it already
            got = from_bytes(text.encode(codec, "replace"), cp_isolation=_detectable()).best()
            if got is not None and (best is None or got.chaos < best.chaos):
                best = got
    enc = _from_codec_name(best.encoding) if best is not None else None
    info = _codec(enc) if enc is not None else cp1252
    return _text(data, info), info.name
