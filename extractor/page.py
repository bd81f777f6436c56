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
import time
import urllib.parse
from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace
from functools import cached_property

import numpy as np
from lxml import etree

from .decode import decode
from .errors import NotHTMLError
from .parse import normalize_space, parse_html, remove_keeping_tail
from .source import DEFAULT_MAX_BYTES, DEFAULT_MAX_REDIRECTS, DEFAULT_TIMEOUT, RawPage, read_source

_LD_TYPE = re.compile(r'"@type"\s*:\s*\[?\s*"([^"]{1,60})"')
_JSON_MARK = re.compile(r"\+[jJ][sS][oO][nN]")
_SCRIPT_END = re.compile(r"</script", re.I)
_SCRIPT_TAG = re.compile(r"<script\b", re.I)



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
#: Key of ``Geometry.extra`` holding the fixed and sticky overlays removed from a rendered page (detached subtrees,
#: without the browser's ids): a sticky header goes, and with it the logo and the menu that say what the site is
#: called and what its sections are, which the headline rule reads (:mod:`extractor.title`).
OVERLAYS_KEY = "overlays"
#: Key of ``Geometry.extra`` holding, per element, whether a "more" button's press added it to the rendered page
#: (``render.geometry.MORE_MARK``): the rest of a text a reader asked for.
MORE_KEY = "more"


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

    def boxes(self, element_ids: list[int]) -> list[tuple[float, float, float, float]]:
        """:meth:`box` of each id, read in four vector steps (a page of 200,000 blocks: 0.4 s one by one)."""
        if not element_ids:
            return []
        ids = np.asarray(element_ids, dtype=np.int64)
        columns = [np.asarray(a)[ids].astype(float).tolist() for a in (self.x, self.y, self.w, self.h)]
        return list(zip(*columns, strict=True))

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
    - lazily: ``tag_count``, ``link_count``, ``depth``, ``tags``, ``tag_path``, ``tag_path_id``,
      ``class_id``, ``classes``
    """

    def __init__(
        self,
        root: etree._Element,
        *,
        url: str | None = None,
        encoding: str | None = None,
        geometry: Geometry | None = None,
        source_text: str | None = None,
        parse_notes: list[str] | None = None,
    ) -> None:
        self.root = root
        self.source_text = source_text
        #: What the parse repairs could not keep, or changed, in words for a Result's reason
        #: (``parse_html``'s ``notes``); empty for an ordinary page.
        self.parse_notes: list[str] = list(parse_notes or ())
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

        A page-type cue for :mod:`extractor.auto.pagetype_features`; the records themselves are never read.
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
        return [tag.lower() if isinstance(tag := el.tag, str) else "" for el in self.elements]

    @cached_property
    def class_id(self) -> list[str]:
        """Per element id, its ``class`` and ``id`` values joined by a space as written ('' when it has
        neither): the name cues of several methods read it, so the attributes are fetched once."""
        pairs = [(el.get("class"), el.get("id")) for el in self.elements]
        return [f"{c or ''} {i or ''}" if c or i else "" for c, i in pairs]

    @cached_property
    def classes(self) -> list[str]:
        """Per element id, its ``class`` value as written ('' when it has none, or an empty one).

        Taken from :attr:`class_id` where its one space is the separator (the class before it);
        read from the element only where the class or the id holds spaces of its own.
        """
        return [("" if not name else name[:name.index(" ")] if name.count(" ") == 1 else el.get("class") or "")
                for el, name in zip(self.elements, self.class_id, strict=True)]

    @cached_property
    def depth(self) -> np.ndarray:
        """Depth per element id (the root is 0)."""
        depth = [0] * len(self.elements)
        par = self.parent_list
        for i in range(1, len(depth)):
            depth[i] = depth[par[i]] + 1
        return np.array(depth, dtype=np.int64)

    @cached_property
    def tag_path(self) -> list[str]:
        """Tag path per element id, e.g. ``html/body/div/p``."""
        tags, par = self.tags, self.parent_list
        paths = [""] * len(tags)
        for i, tag in enumerate(tags):
            paths[i] = tag if par[i] < 0 else paths[par[i]] + "/" + tag
        return paths

    @cached_property
    def tag_path_id(self) -> np.ndarray:
        """A small integer per distinct tag path, per element id, numbered in document order.

        Keyed by (the parent's path id, the tag), not by the path string: the same numbers, since
        a tag holds no "/", without building and hashing a string per element.
        """
        ids: dict[tuple[int, str], int] = {}
        setdefault, par = ids.setdefault, self.parent_list
        out = [0] * len(self) + [-1]  # the root's parent (-1) reads the last slot
        for i, tag in enumerate(self.tags):
            out[i] = setdefault((out[par[i]], tag), len(ids))
        return np.array(out[:-1], dtype=np.int64)

    def path_tags(self, element_id: int) -> tuple[str, ...]:
        """The tags from the root down to ``element_id`` (its :attr:`tag_path` split at "/")."""
        tags, par = self.tags, self.parent_list
        out = []
        i = element_id
        while i >= 0:
            out.append(tags[i])
            i = par[i]
        return tuple(reversed(out))

    @cached_property
    def parent_list(self) -> list[int]:
        """``parent`` as a plain list (for per-element Python loops)."""
        return self.parent.tolist()

    @cached_property
    def end_list(self) -> list[int]:
        """``end`` as a plain list: a per-element Python loop indexes it several times faster than the array."""
        return self.end.tolist()

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
            remove_keeping_tail(elements[i])
        geometry = self.geometry.rows(keep) if self.geometry is not None else None
        return Page(root, url=self.url, encoding=self.encoding, geometry=geometry, source_text=self.source_text,
                    parse_notes=self.parse_notes)

    def children(self, element_id: int) -> list[int]:
        """Ids of the element children of ``element_id`` in document order."""
        index = self.index
        return [index[c] for c in self.elements[element_id] if c in index]

    def common_ancestor(self, ids: Iterable[int]) -> int:
        """Deepest common ancestor of the elements ``ids`` (the root, 0, when they share no other)."""
        ids = list(ids)
        last = max(ids)
        x = min(ids)
        parent, end = self.parent, self.end
        while x >= 0 and int(end[x]) <= last:
            x = int(parent[x])
        return max(x, 0)

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


def build_page(text: str, *, url: str | None = None, encoding: str | None = None) -> Page:
    """Parse decoded HTML ``text`` into a :class:`Page`. Raises :class:`NotHTMLError`."""
    notes: list[str] = []
    root = parse_html(text, notes=notes)
    return Page(root, url=url, encoding=encoding, source_text=text, parse_notes=notes)


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
    user_agent: str | None = None,
) -> Page:
    """Load a page from HTML text, bytes, a path, or a URL and return its :class:`Page`.

    ``url`` sets the page's address when the source does not carry one; ``encoding`` forces
    the codec for bytes; ``user_agent`` replaces pagesight's own when a URL is fetched.
    Raises :class:`FetchError`, :class:`PageTooLarge`, :class:`NotHTMLError` or :class:`DecodeError`.
    """
    started = time.monotonic()
    raw = read_source(source, url=url, max_bytes=max_bytes, timeout=timeout, user_agent=user_agent)
    if url and raw.url != url:
        raw = RawPage(raw.data, url, raw.http_charset, raw.content_type)
    page = page_from_raw(raw, encoding=encoding)
    if not (isinstance(source, str) and source.lower().startswith(("http://", "https://"))):
        return page
    seen = {_without_fragment(page.url or source)}
    for _ in range(DEFAULT_MAX_REDIRECTS):  # a meta refresh sent by the web is a redirect, followed as one
        target = refresh_target(page)
        left = timeout - (time.monotonic() - started)
        if target is None or _without_fragment(target) in seen or left <= 0:
            break
        seen.add(_without_fragment(target))
        raw = read_source(target, max_bytes=max_bytes, timeout=left, user_agent=user_agent)
        page = page_from_raw(raw, encoding=encoding)
    return page


#: A page fetched from the web whose ``<meta http-equiv="refresh">`` sends the reader to another
#: address within this many seconds is a redirect, and is followed as one (at most
#: ``DEFAULT_MAX_REDIRECTS`` times, within the same timeout): the reader has no time to read it first.
#: The render path follows such a refresh within ``settle_max_ms`` (5,000 ms by default), as this does.
META_REFRESH_MAX_S = 5
_REFRESH = re.compile(r"\s*(\d+)[\d.]*\s*[;,]?\s*(?:url\s*=\s*)?[\"']?\s*([^\"'\s][^\"']*?)[\"']?\s*", re.I)


def refresh_target(page: Page) -> str | None:
    """The http(s) address that ``page``'s meta refresh sends the reader to within :data:`META_REFRESH_MAX_S`.

    None when the page has none, when it comes later, when it reloads the page itself, and for one
    inside ``<noscript>`` (it sends browsers without scripts to a page that asks for them).
    """
    for meta in page.root.iter("meta"):
        if (meta.get("http-equiv") or "").strip().lower() != "refresh" or any(
                a.tag == "noscript" for a in meta.iterancestors()):
            continue
        found = _REFRESH.fullmatch(meta.get("content") or "")
        if found is None or int(found.group(1)) > META_REFRESH_MAX_S:
            return None
        target = urllib.parse.urljoin(page.url or "", found.group(2).strip())
        same = _without_fragment(target) == _without_fragment(page.url or "")
        return None if same or not target.lower().startswith(("http://", "https://")) else target
    return None


def _without_fragment(url: str) -> str:
    return url.split("#", 1)[0]
