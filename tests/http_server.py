"""A real HTTP server on 127.0.0.1 for tests: serves a folder and a few special routes."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class _Handler(http.server.SimpleHTTPRequestHandler):
    routes: dict = {}

    def log_message(self, *args) -> None:  # keep test output quiet
        pass

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        route = self.routes.get(self.path)
        if route is None:
            return super().do_GET()
        answer = route(self) if callable(route) else route
        if answer is None:  # the route wrote its own response (a hostile server's, say)
            return None
        status, headers, body = answer
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextmanager
def serve(directory: str, routes: dict | None = None, *, http11: bool = False,
          host: str = "127.0.0.1") -> Iterator[str]:
    """Serve ``directory`` (plus ``routes``: path -> (status, headers, body), or path -> a function of
    the request handler returning that tuple, or None once it has written the response itself) on a
    free port of ``host`` (another loopback address is another site, as far as a page knows).

    Yields the base URL, e.g. ``http://127.0.0.1:40123``; stops the server on exit. ``http11=True``
    keeps connections open between requests (HTTP/1.1), so that a client can reuse them.
    """
    attrs = {"routes": routes or {}}
    if http11:
        attrs["protocol_version"] = "HTTP/1.1"
    handler = type("Handler", (_Handler,), attrs)
    server = http.server.ThreadingHTTPServer((host, 0), functools.partial(handler, directory=directory))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
