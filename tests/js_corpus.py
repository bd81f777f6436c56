"""The JS-framework fixture corpus (``fixtures/js``): gold records and a static server.

Helper module, no tests in it. ``SITE`` is the built site, ``load_gold()`` its gold
records (one dict per page, see ``fixtures/js/README.md``), ``serve_site()`` serves it on
127.0.0.1 with the real HTTP server of :mod:`tests.http_server`.
"""

from __future__ import annotations

import json
import mimetypes
import pathlib
from collections.abc import Iterator
from contextlib import contextmanager

from tests.http_server import serve

ROOT = pathlib.Path(__file__).resolve().parent.parent / "fixtures" / "js"
SITE = ROOT / "site"
GOLD = ROOT / "gold.jsonl"
BAD = ROOT / "bad.json"
#: Pages that wait (timers, fetched data): where rendering pages at once pays.
WAITING = ("react-timer", "vue-docs", "svelte-recipe", "preact-report", "lit-timer", "alpine-fetch")

# SimpleHTTPRequestHandler guesses types through ``mimetypes`` (its own extensions_map only
# covers compression suffixes), whose table depends on the system's mime.types; module
# scripts need a JavaScript type, so make both mappings explicit.
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("application/json", ".json")
mimetypes.add_type("text/css", ".css")


def load_gold() -> list[dict]:
    """The gold records of ``fixtures/js/gold.jsonl``, in file order."""
    with GOLD.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def load_bad() -> list[dict]:
    """The "bad" pages (``path``, ``description``) of ``fixtures/js/bad.json``."""
    return json.loads(BAD.read_text(encoding="utf-8"))


@contextmanager
def serve_site() -> Iterator[str]:
    """Serve ``SITE`` on 127.0.0.1; yields the base URL (no trailing slash).

    Every router path of the single-page apps has its own ``index.html`` in the site, so a
    plain static server resolves history-mode URLs.
    """
    with serve(str(SITE)) as base:
        yield base
