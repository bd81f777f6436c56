"""Loading from URLs through a real HTTP server on 127.0.0.1."""

import socket
import time

import pytest

from extractor import FetchError, NotHTMLError, PageTooLarge, extract
from tests.http_server import serve

LATIN1_PAGE = "<html><body><p>" + "Überraschung in Köln, très bien. " * 30 + "</p></body></html>"


def _routes():
    return {
        "/latin1": (200, {"Content-Type": "text/html; charset=iso-8859-1"}, LATIN1_PAGE.encode("latin-1")),
        "/loop": (302, {"Location": "/loop"}, b""),
        "/missing": (404, {"Content-Type": "text/html"}, b"not here"),
        "/big": (200, {"Content-Type": "text/html"}, b"<p>" + b"x" * 5000 + b"</p>"),
        "/png": (200, {"Content-Type": "image/png"}, b"\x89PNG\r\n\x1a\n" + bytes(64)),
        "/moved": (301, {"Location": "/pages/article.html"}, b""),
    }


def test_fetch_article_and_http_charset(fixtures_dir):
    with serve(str(fixtures_dir), _routes()) as base:
        result = extract(f"{base}/pages/article.html")
        assert "After an absence of eleven years" in result.text
        assert result.url == f"{base}/pages/article.html"
        latin = extract(f"{base}/latin1")
        assert "Überraschung in Köln" in latin.text and latin.encoding == "cp1252"
        moved = extract(f"{base}/moved")
        assert moved.url.endswith("/pages/article.html")


def _refresh(content: str, text: str = "This page has moved to a new address.") -> tuple:
    body = f'<html><head><meta http-equiv="Refresh" content="{content}"></head><body><p>{text}</p></body></html>'
    return 200, {"Content-Type": "text/html"}, body.encode()


def test_a_meta_refresh_is_followed_as_a_redirect(fixtures_dir):
    # A page that sends the reader on within META_REFRESH_MAX_S is a redirect: the page it leads to is
    # read, and its address is the Result's. A refresh later than that, to the page itself, inside
    # <noscript> (to a page asking for scripts) or back to a page already seen is not followed.
    routes = {"/soon": _refresh("1; url=/pages/article.html"), "/quoted": _refresh("0;URL='/soon'"),
              "/later": _refresh("30; url=/pages/article.html"), "/self": _refresh("2; url=/self#top"),
              "/a": _refresh("0; url=/b", "Page a of the loop, which sends the reader to page b at once."),
              "/b": _refresh("0; url=/a", "Page b of the loop, which sends the reader back to page a.")}
    noscript = ('<html><head><noscript><meta http-equiv="refresh" content="0; url=/pages/article.html">'
                '</noscript></head><body><p>This page needs scripts for its comments.</p></body></html>')
    routes["/noscript"] = (200, {"Content-Type": "text/html"}, noscript.encode())
    with serve(str(fixtures_dir), routes) as base:
        for path in ("/soon", "/quoted"):
            result = extract(f"{base}{path}")
            assert "After an absence of eleven years" in result.text, path
            assert result.url == f"{base}/pages/article.html"
        for path, text in (("/later", "has moved"), ("/self", "has moved"), ("/noscript", "needs scripts"),
                           ("/a", "Page b of the loop")):
            result = extract(f"{base}{path}")
            assert text in result.text and "eleven years" not in result.text, (path, result.text)


def test_fetch_errors_are_typed(fixtures_dir):
    with serve(str(fixtures_dir), _routes()) as base:
        with pytest.raises(FetchError, match="404"):
            extract(f"{base}/missing")
        t0 = time.monotonic()
        with pytest.raises(FetchError, match="redirect"):
            extract(f"{base}/loop")
        assert time.monotonic() - t0 < 10
        with pytest.raises(PageTooLarge):
            extract(f"{base}/big", max_bytes=1000)
        with pytest.raises(NotHTMLError, match="PNG"):
            extract(f"{base}/png")


def test_refused_connection_is_a_fetch_error():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # bound but not listening: connections are refused
        with pytest.raises(FetchError):
            extract(f"http://127.0.0.1:{port}/", timeout=5)


def test_file_url_and_missing_file(fixtures_dir, tmp_path):
    result = extract((fixtures_dir / "pages" / "article.html").as_uri())
    assert "Night trains" in result.title
    with pytest.raises(FetchError, match="no such file"):
        extract(str(tmp_path / "absent.html"))
    with pytest.raises(FetchError, match="directory"):
        extract(tmp_path)
