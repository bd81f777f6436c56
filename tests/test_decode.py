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


#: A Chinese paragraph long enough for detection (chinese_wce-like), cut mid-character below.
_ZH = ("北京市今天举行新闻发布会，介绍城市交通建设的最新进展。据介绍，今年全市将新建多条地铁线路，"
       "并对老旧公交车辆进行更新改造，方便市民出行。专家认为，这些措施将有效缓解交通拥堵问题。") * 6


def _cut(data: bytes, marker: str, codec: str) -> bytes:
    """``data`` with the second byte of ``marker``'s first character removed: a character cut in two."""
    at = data.index(marker.encode(codec))
    return data[:at + 1] + data[at + 2:]


def test_a_declared_charset_survives_a_cut_character():
    html = f'<html><head><meta charset="gb2312"></head><body><p>{_ZH}</p><p>结束语</p></body></html>'
    data = _cut(html.encode("gb18030"), "结束语", "gb18030")
    text, used = decode(data)
    assert used == "gb18030" and _ZH in text and text.count("\ufffd") == 1


def test_detection_survives_a_cut_character():
    html = f"<html><head><title>新闻</title></head><body><p>{_ZH}</p><p>结束语</p></body></html>"
    data = _cut(html.encode("gb18030"), "结束语", "gb18030")
    text, used = decode(data)
    assert used == "gb18030" and _ZH in text


def test_utf8_with_a_cut_character_stays_utf8():
    html = f"<html><body><p>{_ZH}</p><p>Grüße, très bien</p><p>结束语</p></body></html>"
    data = _cut(html.encode(), "结束语", "utf-8")
    text, used = decode(data)
    assert used == "utf-8" and _ZH in text and "Grüße, très bien" in text


@pytest.mark.parametrize("declared", ['<meta charset="utf-8">', ""])
def test_mostly_english_utf8_with_stray_bytes_stays_utf8(declared):
    # seen on dragnet: a UTF-8 blog post with curly quotes, where a few Windows-1252 bytes were pasted in
    # (the quote's lead byte written as &acirc;): it had been detected as Windows-1250 or Mac Roman
    words = "plain English words about the day " * 40
    html = (f"<html><head>{declared}</head><body><p>{words} It’s “quoted” and café-style.</p>"
            f"<p>{words}</p><p>You&acirc;\x80\x99re here.</p></body></html>")
    data = html.encode().replace("\x80\x99".encode(), b"\x80\x99")  # the two code points as raw bytes
    text, used = decode(data)
    assert used == "utf-8" and "It’s “quoted” and café-style." in text and text.count("\ufffd") == 2


def test_windows_1252_read_as_utf8_is_still_detected():
    # a page in Windows-1252 forms no well-formed UTF-8 character: detection keeps its letters
    body = "Grüße aus Köln, très bien. " * 30
    html = f"<html><head><meta charset='utf-8'></head><body><p>{body}</p></body></html>"
    text, used = decode(html.encode("cp1252"))
    assert used != "utf-8" and "Grüße aus Köln" in text
