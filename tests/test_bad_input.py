"""Bad input gives a typed error or an empty Result with a reason, never a hang or a traceback."""

import time

import pytest

from extractor import NotHTMLError, PageTooLarge, extract


@pytest.mark.parametrize("empty", ["", "   \n\t", b"", b"  \n"])
def test_empty_input(empty):
    with pytest.raises(NotHTMLError, match="empty"):
        extract(empty)


def test_plain_text_is_not_html():
    with pytest.raises(NotHTMLError, match="plain text"):
        extract(b"Just a line of plain text.\nAnd another one, with no markup at all.\n")


def test_html_without_body_text_gives_reason():
    result = extract("<html><head><title>Only a title</title></head></html>")
    assert result.text == "" and "no text" in result.reason
    assert result.title == "Only a title"


def test_script_shell_suggests_rendering():
    html = "<html><head><script src='app.js'></script></head><body><div id='root'></div>" \
        "<script>boot()</script></body></html>"
    result = extract(html)
    assert result.text == ""
    assert "built by scripts" in result.reason and "render" in result.reason


def test_page_over_the_size_limit_is_refused():
    big = b"<html><body>" + b"<p>" + b"word " * 10_000_000 + b"</p></body></html>"  # ~50 MB
    assert len(big) > 50_000_000
    t0 = time.monotonic()
    with pytest.raises(PageTooLarge):
        extract(big)
    assert time.monotonic() - t0 < 5  # refused before parsing, not after


def test_size_limit_is_an_option():
    html = "<html><body><p>" + "word " * 2000 + "</p></body></html>"
    with pytest.raises(PageTooLarge):
        extract(html, max_bytes=1000)
    assert extract(html, max_bytes=100_000).text.startswith("word word")


def test_ten_thousand_nested_divs():
    html = "<html><body>" + "<div>" * 10_000 + "<p>deep text at the bottom of the nesting</p>" + \
        "</div>" * 10_000 + "<p>and a paragraph after it all</p></body></html>"
    result = extract(html)  # must not recurse itself to death
    assert isinstance(result.text, str)
    assert result.text or result.reason


def test_broken_markup_is_repaired():
    html = "<html><body><div><p>First paragraph <b>bold <i>both</b> still</p><p>Second</div></span></td>" \
           "<p>Third paragraph with text</body>"
    result = extract(html, method="decay")  # the repair is the parser's: any named method sees it
    for part in ("First paragraph", "Second", "Third paragraph"):
        assert part in result.text


def test_wrong_meta_charset_still_decodes():
    html = '<html><head><meta charset="utf-8"></head><body><p>' + "Café crème, façade, naïveté. " * 20
    html += "</p></body></html>"
    result = extract(html.encode("cp1252"))
    assert "Café crème" in result.text
    assert result.encoding != "utf-8"
