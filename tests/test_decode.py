"""Choosing the encoding: explicit > HTTP > BOM > meta > UTF-8 > detection."""

import codecs

import pytest

from extractor import DecodeError, NotHTMLError, extract, load
from extractor.decode import canonical_encoding, decode


def test_meta_charset_is_used():
    data = '<html><head><meta charset="windows-1251"></head><body><p>Привет мир</p></body></html>'.encode("cp1251")
    text, used = decode(data)
    assert used == "cp1251" and "Привет мир" in text


def test_explicit_encoding_wins_over_meta():
    data = '<html><head><meta charset="utf-8"></head><body><p>café</p></body></html>'.encode("latin-1")
    text, used = decode(data, encoding="latin-1")
    assert "café" in text and used == "cp1252"


def test_http_charset_wins_over_meta():
    data = '<meta charset="utf-8"><p>Ünïcode</p>'.encode("cp1252")
    text, used = decode(data, http_charset="windows-1252")
    assert "Ünïcode" in text and used == "cp1252"


def test_bom_wins_over_meta():
    data = codecs.BOM_UTF8 + '<meta charset="iso-8859-1"><p>naïve</p>'.encode()
    text, used = decode(data)
    assert "naïve" in text and used == "utf-8"


def test_gb2312_means_gb18030():
    assert canonical_encoding("GB2312") == "gb18030"
    data = '<html><head><meta charset="gb2312"></head><body><p>中文网页𠀀</p></body></html>'.encode("gb18030")
    text, used = decode(data)
    assert "中文网页𠀀" in text and used == "gb18030"


def test_wrong_meta_charset_falls_back():
    # declared Latin-1 but the bytes are UTF-8: the usual mislabel
    data = '<html><head><meta charset="iso-8859-1"></head><body><p>Grüße aus Köln</p></body></html>'.encode()
    assert "Grüße aus Köln" in load(data).text_of(0)
    # declared UTF-8 but the bytes are Windows-1252: not valid UTF-8, so detection takes over
    data = '<html><head><meta charset="utf-8"></head><body><p>Grüße aus Köln, très bien</p></body></html>'
    page = load(data.encode("cp1252"))
    assert "Köln" in page.text_of(0)


def test_unknown_explicit_encoding_is_a_typed_error():
    with pytest.raises(DecodeError):
        extract(b"<p>x</p>", encoding="no-such-codec")


def test_binary_input_is_refused():
    with pytest.raises(NotHTMLError, match="PNG"):
        extract(b"\x89PNG\r\n\x1a\n" + bytes(100))
    with pytest.raises(NotHTMLError, match="PDF"):
        extract(b"%PDF-1.7\n" + bytes(100))
