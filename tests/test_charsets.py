"""Charsets as the HTML and Encoding standards say: WHATWG labels only, the <meta> prescan, NULs, UTF-16."""

import codecs
import gzip

import pytest

from extractor import DecodeError, NotHTMLError, extract
from extractor.decode import canonical_encoding, decode, meta_charset, sniff_binary

BODY = "<p>Grüße aus Köln – naïve café</p>"


@pytest.mark.parametrize("before", ["", "<html><head><title>A title</title>", "<!doctype html><p>Some text</p>"])
def test_utf16_meta_on_a_utf8_page_means_utf8(before):
    data = (before + '<meta charset="utf-16le">' + BODY).encode()
    text, used = decode(data)
    assert used == "utf-8" and "Grüße aus Köln – naïve café" in text
    assert meta_charset(data) == "utf-8"


def test_utf16be_in_http_equiv_means_utf8_too():
    data = ('<meta http-equiv="Content-Type" content="text/html; charset=UTF-16BE">' + BODY).encode()
    assert decode(data) == (data.decode(), "utf-8")


def test_non_web_label_is_ignored():
    # cp037 is EBCDIC: Python knows it, the web does not, so the ASCII page must not turn into EBCDIC
    data = ('<html><head><meta charset="cp037"></head><body>' + BODY + "</body></html>").encode()
    text, used = decode(data)
    assert used == "utf-8" and "Grüße" in text
    assert meta_charset(data) is None and canonical_encoding("cp037") is None
    text, used = decode(b"<p>plain ascii</p>", http_charset="cp037")
    assert used == "utf-8" and text == "<p>plain ascii</p>"
    with pytest.raises(DecodeError):
        decode(b"<p>x</p>", encoding="cp037")


def test_latin1_label_means_windows_1252():
    data = '<meta charset="latin1"><p>Price: 5 € – “quoted”</p>'.encode("cp1252")
    assert data.count(b"\x80") == 1  # € is 0x80 in windows-1252, a C1 control in ISO-8859-1
    text, used = decode(data)
    assert used == "cp1252" and "5 € – “quoted”" in text
    assert canonical_encoding("ISO-8859-1") == "cp1252"


def test_x_user_defined():
    # in <meta> it means windows-1252 (HTML standard, prescan)
    data = b'<meta charset="x-user-defined"><p>caf\xe9 \x80</p>'
    assert meta_charset(data) == "windows-1252"
    assert "café €" in decode(data)[0]
    # from HTTP or the caller it is the Encoding Standard's x-user-defined: high bytes to U+F780..U+F7FF
    text, used = decode(b"<p>\x80\xff</p>", http_charset="x-user-defined")
    assert used == "x-user-defined" and text == "<p>\uf780\uf7ff</p>"
    assert decode(b"<p>\x80</p>", encoding="x-user-defined")[0] == "<p>\uf780</p>"


def test_replacement_labels_are_not_used():
    # iso-2022-kr is a label of the 'replacement' encoding: a browser shows one U+FFFD; the text is kept here
    data = '<meta charset="iso-2022-kr"><p>café</p>'.encode()
    assert decode(data) == (data.decode(), "utf-8")
    with pytest.raises(DecodeError):
        decode(data, encoding="iso-2022-kr")


def test_http_equiv_content_type_meta():
    data = ('<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251">'
            "</head><body><p>Привет мир</p></body></html>").encode("cp1251")
    assert meta_charset(data) == "windows-1251"
    text, used = decode(data)
    assert used == "cp1251" and "Привет мир" in text
    # a content charset without the http-equiv pragma is not a declaration
    assert meta_charset(b'<meta content="text/html; charset=windows-1251">') is None


def test_meta_after_a_comment_with_a_fake_charset():
    data = ('<!-- <meta charset="koi8-r"> --><meta charset="windows-1251"><p>Привет мир</p>').encode("cp1251")
    assert meta_charset(data) == "windows-1251"
    text, used = decode(data)
    assert used == "cp1251" and "Привет мир" in text
    # nor inside an attribute value
    assert meta_charset(b'<a title="<meta charset=koi8-r>">x</a>') is None


def test_meta_beyond_1024_bytes_is_ignored():
    filler = "<!-- " + "x" * 1100 + " -->"
    # valid UTF-8 with a late meta saying windows-1251: read as UTF-8
    data = (filler + '<meta charset="windows-1251">' + BODY).encode()
    assert meta_charset(data) is None
    assert decode(data) == (data.decode(), "utf-8")
    # the same meta within the first 1024 bytes is honoured
    short = ('<meta charset="windows-1251"><p>Привет мир</p>').encode("cp1251")
    assert decode(short)[1] == "cp1251"
    # a late declaration on bytes that are not UTF-8: detection, not the declaration
    late = (filler + '<meta charset="koi8-r"><p>' + "Привет мир, как дела? " * 20 + "</p>").encode("cp1251")
    text, used = decode(late)
    assert used == "cp1251" and "Привет мир" in text


def test_some_nul_bytes_in_an_html_page():
    data = b"<!doctype html><html><body><p>Hello\x00 world</p>\x00<p>More\x00text</p></body></html>"
    assert sniff_binary(data) is None
    text, used = decode(data)
    assert "\x00" not in text and "Hello world" in text and "Moretext" in text
    page = b"<html><body><article><p>" + b"A sentence of the article.\x00 " * 30 + b"</p></article></body></html>"
    result = extract(page)
    assert "A sentence of the article." in result.text and "\x00" not in result.text


def test_nul_bytes_without_markup_are_binary():
    assert sniff_binary(b"\x00\x13\x37binary\x00\x00data" * 10) == "binary data (NUL bytes)"
    with pytest.raises(NotHTMLError):
        decode(b"plain words \x00\x00\x00\x01\x02 then more" * 10)


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_utf16_without_bom(codec):
    html = "<!DOCTYPE html><html><head><title>Titre</title></head><body><p>Élan, 中文 and ŝ</p></body></html>"
    data = html.encode(codec)
    assert not data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
    assert sniff_binary(data) is None
    assert decode(data) == (html, codec)
    # a server's wrong charset does not win over bytes that are plainly UTF-16
    assert decode(data, http_charset="iso-8859-1") == (html, codec)


def test_utf16_with_bom():
    html = "<p>Élan</p>"
    assert decode(codecs.BOM_UTF16_BE + html.encode("utf-16-be")) == (html, "utf-16-be")
    assert decode(codecs.BOM_UTF16_LE + html.encode("utf-16-le")) == (html, "utf-16-le")


@pytest.mark.parametrize(("data", "kind"), [
    (b"\x89PNG\r\n\x1a\n" + bytes(100), "PNG"),
    (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\n" + bytes(20), "PDF"),
    (gzip.compress(b"<html><body><p>compressed page</p></body></html>"), "gzip"),
    (b"wOF2\x00\x01\x00\x00" + bytes(40), "WOFF2"),
])
def test_binaries_are_still_refused(data, kind):
    assert kind in (sniff_binary(data) or "")
    with pytest.raises(NotHTMLError, match=kind):
        decode(data)


def test_explicit_encoding_goes_through_whatwg_labels():
    data = "<p>5 €</p>".encode("cp1252")
    assert decode(data, encoding="latin1") == ("<p>5 €</p>", "cp1252")
    assert decode(data, encoding="latin-1") == ("<p>5 €</p>", "cp1252")  # Python's name of a web encoding
    assert decode("<p>中文</p>".encode("gb18030"), encoding="gb2312") == ("<p>中文</p>", "gb18030")
    with pytest.raises(DecodeError):
        decode(data, encoding="utf-7")


def test_prescan_follows_the_standard_on_odd_markup():
    assert meta_charset(b"<meta charset=bogus content='text/html;charset=koi8-r' http-equiv=content-type>") is None
    assert meta_charset(b'<meta http-equiv=content-type content="text/html;charset=koi8-r">') == "koi8-r"
    assert meta_charset(b"<meta/charset=koi8-r>") == "koi8-r"
    assert meta_charset(b"<metacharset=koi8-r>") is None
    assert meta_charset(b"<meta charset=utf-8 charset=koi8-r>") == "utf-8"  # the first of a name counts
    assert meta_charset(b"<!--><meta charset=koi8-r>") == "koi8-r"  # "<!-->" is a whole comment
    assert meta_charset(b'<?xml version="1.0" encoding="windows-1251"?><html>') == "windows-1251"
    assert meta_charset(b"<meta charset=koi8-r") is None  # the bytes end inside the tag


def test_prescan_is_linear_on_hostile_input():
    import time

    hostile = (b"<meta " * 100_000, b"<a " + b"b=" * 300_000, b"<!--" * 150_000,
               b"<meta content='" + b"charset" * 50_000)
    for data in hostile:
        t0 = time.perf_counter()
        meta_charset(data)
        decode(data)
        assert time.perf_counter() - t0 < 1.0
