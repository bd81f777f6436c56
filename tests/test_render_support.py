"""Shared helpers of the browser-stage tests (no tests here).

A real HTTP server on 127.0.0.1 serves ``fixtures/render`` plus a few fault routes, and
records the paths it was asked for; tests needing Chromium skip with a clear message when
none is found.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import socket
import threading
import time
import urllib.parse
from collections.abc import Iterator

import pytest

from extractor.errors import BrowserNotFound

from .conftest import FIXTURES

RENDER_FIXTURES = FIXTURES / "render"
#: How long the "never finishes" route keeps its connection open (s); longer than any test timeout.
NEVER_HOLD_S = 6.0
#: How long the "slow body" route waits between its headers and its body (s): far longer than the
#: render stage's network quiet (30 ms), well within its settle cap (5 s).
SLOW_BODY_S = 0.4
#: The text the "slow body" route sends, which its page shows once the body is read.
SLOW_BODY_TEXT = "The ferry timetable for the winter months was published once the harbour works were done."


def chromium_or_skip() -> str:
    """Path of Chromium, or skip the test saying how to get one."""
    try:
        import playwright  # noqa: F401

        from render import find_chromium
    except ImportError as exc:
        pytest.skip(f"the render extra is not installed ({exc}); pip install 'pagesight[render]'")
    try:
        return find_chromium()
    except BrowserNotFound as exc:
        pytest.skip(f"no browser for the render tests: {exc}")


class _Handler(http.server.SimpleHTTPRequestHandler):
    seen: list[str]

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        self.seen.append(self.path)
        if self.path == "/redirect-loop":
            self.send_response(302)
            self.send_header("Location", "/redirect-loop")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if self.path == "/never":  # half a page, then the connection stays open
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(b"<html><head><title>Half</title></head><body><h1>Half a page</h1><p>"
                             + b"These words arrived before the server stopped sending. " * 8 + b"</p>")
            self.wfile.flush()
            time.sleep(NEVER_HOLD_S)
            return
        if self.path == "/slow-body.json":  # the headers at once, the body a while later
            return self._send(json.dumps({"paragraphs": [SLOW_BODY_TEXT]}).encode(), "application/json",
                              hold=SLOW_BODY_S)
        if self.path.startswith("/mixed?"):  # own and another site's resources, of every kind
            query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
            tag, other = query["tag"][0], query["other"][0]
            body = f"""<html><head><link rel=stylesheet href="/{tag}/site.css"></head><body>
              <img src="/{tag}/photo.png" width=40 height=30><video src="/{tag}/clip.mp4"></video>
              <script src="{other}/{tag}/widget.js"></script>
              <script>fetch("{other}/{tag}/tracker.json").catch(() => 0)</script>
              <style>@font-face {{ font-family: F; src: url(/{tag}/face.woff2) }} p {{ font-family: F }}</style>
              <p>A page that asks for many resources.</p></body></html>""".encode()
            return self._send(body)
        if self.path.startswith("/echo-headers"):
            body = f"<html><body><p id=ua>{self.headers.get('User-Agent')}</p>" \
                   f"<p id=lang>{self.headers.get('Accept-Language')}</p></body></html>".encode()
            return self._send(body)
        super().do_GET()

    def _send(self, body: bytes, content_type: str = "text/html; charset=utf-8", hold: float = 0.0) -> None:
        """A 200 response with ``body``; its headers are sent first, the body ``hold`` seconds later."""
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if hold:
            self.wfile.flush()
            time.sleep(hold)
        self.wfile.write(body)


class Server:
    """A running fixture server: ``base`` URL and ``seen`` request paths."""

    def __init__(self, base: str, seen: list[str]) -> None:
        self.base = base
        self.seen = seen

    def url(self, path: str) -> str:
        """Absolute URL of ``path`` on this server."""
        return self.base + "/" + path.lstrip("/")


@contextlib.contextmanager
def serving(host: str = "127.0.0.1") -> Iterator[Server]:
    """Serve ``fixtures/render`` from ``host`` on a free port until the block ends."""
    seen: list[str] = []
    handler = type("Handler", (_Handler,), {"seen": seen})
    httpd = http.server.ThreadingHTTPServer((host, 0), functools.partial(handler, directory=str(RENDER_FIXTURES)))
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield Server(f"http://{host}:{httpd.server_port}", seen)
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    """The fixture server on 127.0.0.1 for the whole session."""
    with serving() as running:
        yield running


@pytest.fixture(scope="session")
def other_site() -> Iterator[Server]:
    """A second server on another loopback address: another site, as far as the page knows."""
    with serving("127.0.0.2") as running:
        yield running


@pytest.fixture(scope="session")
def browser() -> str:
    """Chromium's path; skips the test when there is none."""
    return chromium_or_skip()


def free_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def chromium_pids(kind: bytes | None = None) -> list[int]:
    """Chromium processes started by this test process (its descendants only).

    ``kind`` picks a ``--type=`` (``b"renderer"``); None gives the browser processes (no type).
    """
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as fh:
                ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(name))
    found, todo = [], [os.getpid()]
    while todo:
        for pid in children.get(todo.pop(), []):
            todo.append(pid)
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as fh:
                    cmdline = fh.read()  # zygote children rewrite theirs into one string
            except OSError:
                continue
            if b"chrom" not in cmdline.split(b"\0")[0].split(b" ")[0]:
                continue
            if (b"--type=" + kind in cmdline) if kind else (b"--type=" not in cmdline):
                found.append(pid)
    return found


def renderer_pids() -> list[int]:
    """Chromium renderer processes started by this test process (its descendants only)."""
    return chromium_pids(b"renderer")
