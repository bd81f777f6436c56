"""Adapters that turn each extractor into ``text = extractor(html_bytes, url)`` for the benchmark.

Peers (trafilatura, readability-lxml, jusText, resiliparse) come from the optional ``bench``
extra and are imported only when their adapter is built, so a missing one fails alone.
Every adapter gets the page's bytes exactly as saved; each peer decodes them its own way,
with its default settings. ``lxml`` is the floor: ``lxml.html.fromstring`` and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata

Extractor = Callable[[bytes, "str | None"], str]

#: Peer name -> the distribution whose version is reported.
PEER_PACKAGES = {
    "trafilatura": "trafilatura",
    "readability": "readability-lxml",
    "justext": "justext",
    "resiliparse": "resiliparse",
    "lxml": "lxml",
}
#: Peers run by default (``lxml`` is the floor and always runs).
DEFAULT_PEERS = ("trafilatura", "readability", "justext", "resiliparse")
#: jusText needs a stop-word list; English is its documented default use (the sets are mostly English).
JUSTEXT_LANGUAGE = "English"

_BLOCK = frozenset(
    "address article aside blockquote body br dd div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6 "
    "header hr li main nav ol p pre section table td th tr ul".split()
)


def html_to_text(html: str) -> str:
    """Visible text of an HTML fragment, with a line break at every block-level element."""
    import lxml.html

    if not html or not html.strip():
        return ""
    root = lxml.html.fromstring(html)
    for el in root.iter():
        if isinstance(el.tag, str) and el.tag.lower() in _BLOCK:
            el.tail = "\n" + (el.tail or "")
            el.text = "\n" + (el.text or "")
    return "\n".join(line.strip() for line in root.text_content().splitlines() if line.strip())


def version(name: str) -> str:
    """Installed version of a peer's distribution ('' when it is not installed)."""
    package = PEER_PACKAGES.get(name)
    if package is None:
        return ""
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return ""


def _trafilatura() -> Extractor:
    import trafilatura

    def run(data: bytes, url: str | None) -> str:
        return trafilatura.extract(data, url=url) or ""

    return run


def _readability() -> Extractor:
    import logging

    from readability import Document

    # readability logs a traceback for every page it cannot parse; the benchmark counts those as errors.
    logging.getLogger("readability.readability").setLevel(logging.CRITICAL)

    def run(data: bytes, url: str | None) -> str:
        return html_to_text(Document(data, url=url).summary(html_partial=True))

    return run


def _justext() -> Extractor:
    import justext

    stoplist = justext.get_stoplist(JUSTEXT_LANGUAGE)

    def run(data: bytes, url: str | None) -> str:
        paragraphs = justext.justext(data, stoplist)
        return "\n\n".join(p.text for p in paragraphs if not p.is_boilerplate)

    return run


def _resiliparse() -> Extractor:
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.encoding import detect_encoding
    from resiliparse.parse.html import HTMLTree

    def run(data: bytes, url: str | None) -> str:
        tree = HTMLTree.parse_from_bytes(data, detect_encoding(data))
        return extract_plain_text(tree, main_content=True)

    return run


def _lxml_floor() -> Extractor:
    import lxml.html

    def run(data: bytes, url: str | None) -> str:
        lxml.html.fromstring(data)
        return ""

    return run


_PEERS: dict[str, Callable[[], Extractor]] = {
    "trafilatura": _trafilatura,
    "readability": _readability,
    "justext": _justext,
    "resiliparse": _resiliparse,
    "lxml": _lxml_floor,
}


def peer_names() -> list[str]:
    """Every peer adapter name, the ``lxml`` floor included."""
    return list(_PEERS)


#: Suffix of a method name that runs it with readers' comment sections dropped (``comments=False``).
NO_COMMENTS = ":no-comments"


def pagesight_extractor(method: str) -> Extractor:
    """An adapter running a pagesight method through :func:`extractor.extract` (errors give '').

    ``method`` may end in :data:`NO_COMMENTS`, e.g. ``cedp-dsum:no-comments``.
    """
    from extractor import extract
    from extractor.errors import PagesightError

    comments = False if method.endswith(NO_COMMENTS) else None
    method = method.removesuffix(NO_COMMENTS)

    def run(data: bytes, url: str | None) -> str:
        try:
            return extract(data, method=method, url=url, comments=comments).text
        except PagesightError:
            return ""

    return run


def build(kind: str, name: str) -> Extractor:
    """The adapter for ``name``: ``kind`` is "pagesight" (a method name) or "peer".

    Raises :class:`KeyError` for an unknown peer and :class:`ImportError` when a peer's
    package is not installed (``pip install -e .[bench]``).
    """
    if kind == "pagesight":
        return pagesight_extractor(name)
    if name not in _PEERS:
        raise KeyError(f"unknown peer {name!r}; known: {', '.join(_PEERS)}")
    return _PEERS[name]()
