"""Load, decode and parse a page into a :class:`Page`: the one object every method reads.

A Page holds the cleaned lxml tree, a stable integer id per element (document order), and
per-element statistics computed in one pass. Because ids follow document order, the subtree
of element ``i`` is exactly the id range ``[i, end[i])``, so subtree sums are prefix-sum
differences (numpy) instead of tree walks.
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace
from functools import cached_property

import numpy as np
from lxml import etree

from .decode import decode
from .errors import NotHTMLError
from .source import DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT, RawPage, read_source

#: Removed before every method (ALGORITHMS.md, "Shared vocabulary"). ``noscript`` is kept
#: on purpose: some sites serve their whole readable page there.
NOISE_TAGS = (
    "script", "style", "template", "select", "option", "iframe", "textarea", "object",
    "embed", "input", "button", "svg", "canvas",
)
#: A ``<title>`` holding more text than this, with markup in it, swallowed the body
#: (lxml's HTML parser is not HTML5: an unclosed title eats the rest; seen on l3s_gn1).
TITLE_SWALLOW_CHARS = 300

_PARSER = etree.HTMLParser(remove_comments=True, remove_pis=True, default_doctype=False)
_UTF8_PARSER = etree.HTMLParser(remove_comments=True, remove_pis=True, default_doctype=False, encoding="utf-8")
_XML_DECL = re.compile(r"<\?xml[^>]*\?>", re.I)
_OPEN_TITLE = re.compile(r"(<title\b[^>]*>)([^<]*)", re.I)
_LD_TYPE = re.compile(r'"@type"\s*:\s*\[?\s*"([^"]{1,60})"')
_JSON_MARK = re.compile(r"\+[jJ][sS][oO][nN]")
_SCRIPT_END = re.compile(r"</script", re.I)
_SCRIPT_TAG = re.compile(r"<script\b", re.I)


def normalize_space(text: str | None) -> str:
    """Collapse whitespace runs to one space and strip the ends ('' for None)."""
    return " ".join(text.split()) if text else ""


def _ld_scripts(text: str) -> list[str]:
    """Contents of the ``<script ...ld+json...>`` elements of an HTML text, in order.

    Goes from each ``ld+json`` mark (any letter case) back to its tag's ``<`` instead of trying
    every ``<script`` with a regular expression: the same elements, several times faster.
    """
    out = []
    at = 0
    for mark in _JSON_MARK.finditer(text):
        m = mark.start() - 2
        if m < at or text[m:m + 2].lower() != "ld":
            continue
        start = text.rfind("<", 0, m)
        close = text.find(">", m)
        if start < 0 or close < 0 or text[start:start + 7].lower() != "<script" or ">" in text[start:m]:
            continue
        end = _SCRIPT_END.search(text, close + 1)
        if end is None:
            break
        out.append(text[close + 1:end.start()])
        at = end.end()
    return out


def _sizes(texts: list[str | None]) -> list[int]:
    """Whitespace-normalised length of each text (0 for None or blank), as one comprehension."""
    return [0 if not t or t.isspace() else len(" ".join(t.split())) for t in texts]


#: Key of ``Geometry.extra`` holding the bytes the server sent for a rendered page (or None).
SERVED_KEY = "served"


@dataclass
class Geometry:
    """Rendered layout per element id (filled by the browser stage; see ``render``).

    Every array is indexed by the Page's element id. Coordinates are CSS pixels in page
    space (not viewport space).
    """

    x: np.ndarray
    y: np.ndarray
    w: np.ndarray
    h: np.ndarray
    visible: np.ndarray
    font_size: np.ndarray
    font_weight: np.ndarray
    fixed: np.ndarray
    page_width: float
    page_height: float
    viewport_width: float
    viewport_height: float
    device_scale_factor: float = 1.0
    extra: dict = field(default_factory=dict)

    def box(self, element_id: int) -> tuple[float, float, float, float]:
        """``(x, y, width, height)`` of one element in page CSS pixels."""
        i = element_id
        return (float(self.x[i]), float(self.y[i]), float(self.w[i]), float(self.h[i]))

    def rows(self, keep: np.ndarray) -> Geometry:
        """The geometry of the elements where the boolean mask ``keep`` is true (ids renumbered)."""
        n = len(keep)
        arrays = {f.name: getattr(self, f.name)[keep] for f in fields(self)
                  if isinstance(getattr(self, f.name), np.ndarray)}
        extra = {k: v[keep] if isinstance(v, np.ndarray) and v.shape[:1] == (n,) else v for k, v in self.extra.items()}
        return replace(self, **arrays, extra=extra)


class Page:
    """A parsed page with element ids and per-element statistics.

    Attributes (arrays are indexed by element id, ids follow document order):

    - ``root``: the ``<html>`` element; ``body``: ``<body>`` (or ``root`` when absent)
    - ``elements``: list of lxml elements; ``index``: element -> id
    - ``parent`` (-1 for the root), ``end`` (subtree of ``i`` is ``[i, end[i])``)
    - ``text_len``: whitespace-normalised characters in the subtree
    - ``link_len``: of those, characters inside ``<a href>``
    - ``own_len``: characters of the element's own text and its children's tails
    - ``texts``, ``tails`` (lists): each element's ``.text`` and ``.tail`` as parsed, and
      ``text_sizes``, ``tail_sizes`` their whitespace-normalised lengths (the tree is not to be
      changed in place once the Page is built; :meth:`without` makes a new Page)
    - ``source_text``: the HTML text the tree was parsed from (for cues the cleaning removes)
    - lazily: ``script_count``, ``ld_types`` (read from ``source_text``)
    - lazily: ``tag_count``, ``link_count``, ``depth``, ``tags``, ``tag_path``, ``tag_path_id``
    """

    def __init__(
        self,
        root: etree._Element,
        *,
        url: str | None = None,
        encoding: str | None = None,
        geometry: Geometry | None = None,
        source_text: str | None = None,
    ) -> None:
        self.root = root
        self.source_text = source_text
        self.url = url
        self.encoding = encoding
        self.geometry = geometry
        body = root.find("body")
        self.body = body if body is not None else root
        self._compute_stats()

    def _compute_stats(self) -> None:
        elements = list(self.root.iter(etree.Element))
        index = {el: i for i, el in enumerate(elements)}
        get = index.get
        n = len(elements)
        # Comprehensions, not per-element function calls: this pass is the hot path of every
        # method on the HTML path (profiled on l3s_gn1).
        parent = np.array([get(el.getparent(), -1) for el in elements], dtype=np.int64)
        texts = [el.text for el in elements]
        tails = [el.tail for el in elements]
        text_sizes, tail_sizes = _sizes(texts), _sizes(tails)
        own = np.array(text_sizes, dtype=np.int64)
        tail = np.array(tail_sizes, dtype=np.int64)
        if n > 1:
            own += np.bincount(parent[1:], weights=tail[1:], minlength=n).astype(np.int64)
        end_arr = _subtree_ends(parent)
        # In-link flag by ranges of <a href> subtrees (a difference array, then a prefix sum).
        links = [index[a] for a in self.root.iter("a") if a.get("href") is not None]
        if links:
            ids = np.array(links, dtype=np.int64)
            marks = np.bincount(ids, minlength=n + 1) - np.bincount(end_arr[ids], minlength=n + 1)
            in_link = np.cumsum(marks[:n]) > 0
        else:
            in_link = np.zeros(n, dtype=bool)
        own_link = np.where(in_link, own, 0)
        self.elements = elements
        self.index = index
        self.texts, self.tails, self.text_sizes, self.tail_sizes = texts, tails, text_sizes, tail_sizes
        self.parent = parent
        self.end = end_arr
        self.own_len = own
        self.in_link = in_link
        self.link_ids = links
        self.text_len = _subtree_sum(own, end_arr)
        self.link_len = _subtree_sum(own_link, end_arr)

    def __len__(self) -> int:
        return len(self.elements)

    @cached_property
    def script_count(self) -> int:
        """``<script>`` elements in the page as served (they are removed from the tree)."""
        return len(_SCRIPT_TAG.findall(self.source_text)) if self.source_text else 0

    @cached_property
    def ld_types(self) -> str | None:
        """Space-separated schema.org ``@type`` names of the page's JSON-LD (None without JSON-LD).

        A page-type cue for :mod:`extractor.pagetype_features`; the records themselves are never read.
        """
        text = self.source_text
        if not text or "ld+json" not in text:
            return None
        return " ".join(sorted(set(_LD_TYPE.findall(" ".join(_ld_scripts(text))))))

    @property
    def body_id(self) -> int:
        """Element id of ``body`` (or of the root when there is no body)."""
        return self.index[self.body]

    @cached_property
    def tags(self) -> list[str]:
        """Tag name per element id (lower case)."""
        return [el.tag.lower() if isinstance(el.tag, str) else "" for el in self.elements]

    @cached_property
    def depth(self) -> np.ndarray:
        """Depth per element id (the root is 0)."""
        depth = [0] * len(self.elements)
        par = self.parent.tolist()
        for i in range(1, len(depth)):
            depth[i] = depth[par[i]] + 1
        return np.array(depth, dtype=np.int64)

    @cached_property
    def tag_path(self) -> list[str]:
        """Tag path per element id, e.g. ``html/body/div/p``."""
        tags, par = self.tags, self.parent.tolist()
        paths = [""] * len(tags)
        for i, tag in enumerate(tags):
            paths[i] = tag if par[i] < 0 else paths[par[i]] + "/" + tag
        return paths

    @cached_property
    def tag_path_id(self) -> np.ndarray:
        """A small integer per distinct tag path, per element id."""
        ids: dict[str, int] = {}
        return np.fromiter((ids.setdefault(p, len(ids)) for p in self.tag_path), dtype=np.int64, count=len(self))

    @cached_property
    def tag_count(self) -> np.ndarray:
        """Elements in the subtree, the element itself included."""
        return self.end - np.arange(len(self), dtype=np.int64)

    @cached_property
    def link_count(self) -> np.ndarray:
        """``<a href>`` elements in the subtree."""
        marks = np.zeros(len(self), dtype=np.int64)
        marks[self.link_ids] = 1
        return _subtree_sum(marks, self.end)

    @cached_property
    def non_link_len(self) -> np.ndarray:
        """``Lc``: subtree text length minus link text length."""
        return self.text_len - self.link_len

    def without(self, ids: Iterable[int], *, copy_tree: bool = True) -> Page:
        """A Page without the subtrees of ``ids``; the text that follows each (its tail) stays.

        With ``copy_tree=True`` the tree is copied and this Page is left as it was; with
        ``False`` the tree is changed in place and this Page must not be used afterwards.
        Geometry, when present, keeps the rows of the elements that remain. Returns ``self``
        when ``ids`` is empty.
        """
        keep = np.ones(len(self), dtype=bool)
        outer = []
        for i in sorted(set(ids)):
            if keep[i]:
                outer.append(i)
                keep[i:self.end[i]] = False
        if not outer:
            return self
        root = copy.deepcopy(self.root) if copy_tree else self.root
        elements = list(root.iter(etree.Element)) if copy_tree else self.elements
        for i in outer:
            _remove_keeping_tail(elements[i])
        geometry = self.geometry.rows(keep) if self.geometry is not None else None
        return Page(root, url=self.url, encoding=self.encoding, geometry=geometry, source_text=self.source_text)

    def children(self, element_id: int) -> list[int]:
        """Ids of the element children of ``element_id`` in document order."""
        index = self.index
        return [index[c] for c in self.elements[element_id] if c in index]

    def text_of(self, element_id: int) -> str:
        """Whitespace-normalised text of an element's subtree (text nodes joined by spaces)."""
        return normalize_space(" ".join(self.elements[element_id].itertext()))

    @cached_property
    def html_title(self) -> str:
        """Text of the document's ``<title>`` ('' when absent)."""
        head = self.root.find("head")
        title = head.find("title") if head is not None else None
        if title is None:
            title = self.root.find(".//title")
        return normalize_space(title.text) if title is not None else ""


def _remove_keeping_tail(el: etree._Element) -> None:
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail
    if tail and not tail.isspace():
        prev = el.getprevious()
        if prev is not None:
            prev.tail = f"{prev.tail} {tail}" if prev.tail else tail
        else:
            parent.text = f"{parent.text} {tail}" if parent.text else tail
    parent.remove(el)


def _subtree_ends(parent: np.ndarray) -> np.ndarray:
    """Exclusive end id of each subtree, from the parent array of a document-order tree.

    The subtree of ``i`` ends after its rightmost descendant, found by following the last
    child down; pointer doubling resolves those chains in ``log2(depth)`` vector steps.
    """
    n = len(parent)
    ids = np.arange(n, dtype=np.int64)
    last = ids.copy()
    if n > 1:
        np.maximum.at(last, parent[1:], ids[1:])
    while True:
        nxt = last[last]
        if np.array_equal(nxt, last):
            return last + 1
        last = nxt


def _subtree_sum(values: np.ndarray, end: np.ndarray) -> np.ndarray:
    prefix = np.concatenate(([0], np.cumsum(values)))
    return prefix[end] - prefix[: len(values)]


def parse_html(text: str) -> etree._Element:
    """Parse HTML text into a cleaned lxml tree and return its root element.

    Noise tags and comments are removed. A ``<title>`` left open (which swallows the body in
    lxml's parser) is detected and closed. Raises :class:`NotHTMLError` when there is no
    markup to parse.
    """
    if not text or text.isspace():
        raise NotHTMLError("input is empty")
    if "<" not in text:
        raise NotHTMLError("input has no HTML markup (plain text?)")
    try:
        root = etree.fromstring(text, _PARSER)
    except ValueError:  # lxml refuses str input that carries an XML encoding declaration
        text = _XML_DECL.sub("", text)
        root = etree.fromstring(text.encode("utf-8", "surrogatepass"), _UTF8_PARSER)
    except etree.ParserError as exc:
        raise NotHTMLError(f"input could not be parsed as HTML: {exc}") from None
    if root is None:
        raise NotHTMLError("input has no HTML elements")
    title = root.find("head/title")
    if title is not None and title.text and len(title.text) > TITLE_SWALLOW_CHARS and "<" in title.text:
        root = etree.fromstring(_OPEN_TITLE.sub(r"\1\2</title>", text, count=1), _PARSER)
    if root.find("body") is None and root.tag == "html":
        etree.SubElement(root, "body")  # head-only document: give methods an (empty) body to read
    _open_declarative_shadow_roots(root)
    _keep_heading_buttons(root)
    etree.strip_elements(root, *NOISE_TAGS, with_tail=False)
    return root


#: Headings whose text may sit in a button (kept when the noise tags go).
_HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


def _keep_heading_buttons(root: etree._Element) -> None:
    """Unwrap a ``<button>`` that is a heading's content: an accordion's header is a button inside
    a heading, its label the section's title (WAI-ARIA Authoring Practices, accordion pattern),
    not a control to drop with the noise tags."""
    found = False
    for el in root.iter("button"):
        parent = el.getparent()
        if parent is not None and parent.tag in _HEADING_TAGS:
            el.tag, found = "pagesight-heading-button", True
    if found:
        etree.strip_tags(root, "pagesight-heading-button")


def _open_declarative_shadow_roots(root: etree._Element) -> None:
    """Unwrap ``<template shadowrootmode>``: its content is what the browser shows in the host
    (declarative shadow DOM), not an inert template to remove with the noise tags."""
    found = False
    for el in root.iter("template"):
        if el.get("shadowrootmode") is not None or el.get("shadowroot") is not None:
            el.tag, found = "pagesight-shadow-root", True
    if found:
        etree.strip_tags(root, "pagesight-shadow-root")


def build_page(text: str, *, url: str | None = None, encoding: str | None = None) -> Page:
    """Parse decoded HTML ``text`` into a :class:`Page`. Raises :class:`NotHTMLError`."""
    return Page(parse_html(text), url=url, encoding=encoding, source_text=text)


def page_from_raw(raw: RawPage, *, encoding: str | None = None) -> Page:
    """Decode and parse a :class:`RawPage`. Raises :class:`NotHTMLError`, :class:`DecodeError`."""
    if isinstance(raw.data, str):
        text, used = raw.data, encoding or "unicode"
    else:
        if not raw.data or raw.data.isspace():
            raise NotHTMLError("input is empty")
        text, used = decode(raw.data, encoding=encoding, http_charset=raw.http_charset)
    return build_page(text, url=raw.url, encoding=used)


def load(
    source: str | bytes | os.PathLike,
    *,
    url: str | None = None,
    encoding: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    timeout: float = DEFAULT_TIMEOUT,
) -> Page:
    """Load a page from HTML text, bytes, a path, or a URL and return its :class:`Page`.

    ``url`` sets the page's address when the source does not carry one; ``encoding`` forces
    the codec for bytes. Raises :class:`FetchError`, :class:`PageTooLarge`,
    :class:`NotHTMLError` or :class:`DecodeError`.
    """
    raw = read_source(source, url=url, max_bytes=max_bytes, timeout=timeout)
    if url and raw.url != url:
        raw = RawPage(raw.data, url, raw.http_charset, raw.content_type)
    return page_from_raw(raw, encoding=encoding)
