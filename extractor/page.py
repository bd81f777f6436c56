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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields, replace
from functools import cached_property

import numpy as np
from lxml import etree

from .decode import decode
from .errors import NotHTMLError
from .memory import register_cache
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

_UTF8_PARSER = etree.HTMLParser(remove_comments=True, remove_pis=True, default_doctype=False, encoding="utf-8")
_XML_DECL = re.compile(r"<\?xml[^>]*\?>", re.I)
#: An XML declaration naming an encoding at the very start: the str lxml refuses to parse (lxml's own test).
_OPENING_ENCODING_DECL = re.compile(r"""^(<\?xml[^>]+)\s+encoding\s*=\s*["'][^"']*["'](\s*\?>|)""")
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
            _remove_keeping_tail(elements[i])
        geometry = self.geometry.rows(keep) if self.geometry is not None else None
        return Page(root, url=self.url, encoding=self.encoding, geometry=geometry, source_text=self.source_text,
                    parse_notes=self.parse_notes)

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
            prev.tail = xml_safe(f"{prev.tail} {tail}" if prev.tail else tail)
        else:
            parent.text = xml_safe(f"{parent.text} {tail}" if parent.text else tail)
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


#: Parse repairs of :func:`parse_html` (issue #14, item 1), each measured against Chromium's body
#: text by ``bench/parse_vs_chromium.py``; all on by default, a subset only to measure them.
#: ``huge_tree``: libxml2's HTML parser stops at 256 open elements (2048 with ``huge_tree``) and
#: drops everything after that point; past the larger limit the source is flattened first.
#: ``controls``: a button/select that swallowed the page (an unclosed ``<button>``) is unwrapped.
#: ``fragment``: a body that comes out (nearly) empty while the source holds text is re-parsed.
#: ``after_body``: what follows ``</body>`` or ``</html>`` goes into the body, as in HTML5 (lxml
#: puts it beside the body, or drops it after ``</html>``: seen on wcxb_dev, a whole article).
REPAIRS = frozenset({"huge_tree", "controls", "fragment", "after_body"})

_HUGE_PARSER = etree.HTMLParser(remove_comments=True, remove_pis=True, default_doctype=False, huge_tree=True)
_HUGE_UTF8_PARSER = etree.HTMLParser(remove_comments=True, remove_pis=True, default_doctype=False,
                                     encoding="utf-8", huge_tree=True)


def _forget_parse_errors() -> None:
    """Empty what lxml keeps of the last parses: each parser's error log (a parser empties its own at the
    start of a parse, so it parses an empty page) and the thread's global log.

    A big page's parse errors stay in those logs until the next parse with the same parser, spread over
    the heap like the cross-page caches' entries (:mod:`extractor.memory`), so they go with them:
    measured after a 0.5 MB record in a warm worker, 101 of the 143 Python blocks left were these.
    """
    for parser in (_UTF8_PARSER, _HUGE_PARSER, _HUGE_UTF8_PARSER):
        etree.fromstring(b"<html></html>", parser)
    etree.clear_error_log()


register_cache(_forget_parse_errors)

#: Depth to which a source that exceeds libxml2's limit is flattened: Chromium's own cap
#: (``kMaximumHTMLParserDOMTreeDepth``), past which it, too, adds elements as siblings.
FLATTEN_DEPTH = 512
#: Controls removed as noise tags that may have swallowed the page in lxml's parser.
_CONTROL_TAGS = ("button", "select")
#: Flow elements whose text inside a control marks swallowed content (a real button's label or a
#: select's options sit in inline elements or bare text).
_SWALLOWED_BLOCKS = (
    "p", "div", "ul", "ol", "li", "table", "h1", "h2", "h3", "h4", "h5", "h6", "article", "section",
    "main", "blockquote", "pre", "dl", "form", "header", "footer", "nav", "aside", "figure",
)
#: A control is unwrapped when the text in flow elements inside it is at least this share of the
#: body's text. Chosen on all 4,228 pages of the five dev text sets (lxml, ``huge_tree``): the
#: largest such share of a real control was 0.17 (a select on dragnet), the three swallowing
#: buttons (wcxb_dev, one site template) held 0.998; 0.4 sits in that empty gap (near its
#: geometric middle), so it does not depend on any one page.
CONTROL_SWALLOW_SHARE = 0.4
#: Characters a control must hold before its share is computed (skips the body walk on most pages).
_CONTROL_MIN_CHARS = 200
#: The body counts as nearly empty below this many characters of text ...
EMPTY_BODY_CHARS = 200
#: ... while the source holds at least this many times as much text outside tags.
EMPTY_BODY_RATIO = 5
#: Where raw text (a script, a style sheet, a comment) opens, and a tag (never holding a '<', so every
#: match ends by the next '<': a page whose '>' are missing costs linear time, not quadratic).
_RAW_OPEN = re.compile(r"<(script|style)\b|<!--", re.I)
_TAG = re.compile(r"<[^<>]*>")
_COMMENT_CLOSE = re.compile("-->")


def source_text_outside_tags(text: str) -> str:
    """``text`` with scripts, style sheets, comments and tags replaced by spaces (an unclosed script,
    style sheet or comment counts as its opening tag alone), in time linear in its length; takes and
    returns a string."""
    parts, i, pos = [], 0, 0
    unclosed: set[str] = set()  # no closer after one opener of a kind: none after a later one either
    while True:
        found = _RAW_OPEN.search(text, pos)
        if found is None:
            break
        name = (found.group(1) or "!--").lower()
        close = None
        if name not in unclosed:
            closer = _COMMENT_CLOSE if name == "!--" else re.compile(rf"</{name}\s*>", re.I)
            close = closer.search(text, found.end())
        if close is None:
            unclosed.add(name)
            pos = found.end()  # the rest is read on; the opener goes with the tags below
            continue
        parts.append(text[i:found.start()])
        i = pos = close.end()
    parts.append(text[i:])
    return _TAG.sub(" ", " ".join(parts))
_BODY_START = re.compile(r"<body\b[^>]*>", re.I)
#: Where a page's body content starts when it has no ``<body>`` tag: after ``</head>``, else after the
#: ``<html>`` start tag (:func:`_reparse_empty_body`).
_BODY_STARTS_WITHOUT_TAG = (re.compile(r"</head\s*>", re.I), re.compile(r"<html\b[^>]*>", re.I))
_HTML_END = re.compile(r"</html\s*>", re.I)
_BODY_HTML_END = re.compile(r"</(?:body|html)\s*>", re.I)
_TAG_TOKEN = re.compile(r"<(/?)([A-Za-z][^\s/>]*)[^>]*>")
_RAW_TEXT = frozenset({"script", "style", "textarea", "title", "xmp", "noembed", "noframes"})
_VOID = frozenset({
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr", "basefont", "bgsound", "frame", "keygen", "isindex",
})
_INLINE = frozenset({"a", "b", "i", "em", "strong", "span", "font", "u", "s", "small", "sup", "sub", "code",
                     "abbr", "big", "tt", "mark", "q", "cite", "dfn", "kbd", "samp", "var"})
#: End tags are matched this far down the open-element stack at most (keeps the scan linear).
_END_TAG_REACH = 64


def parse_html(text: str, *, repairs: frozenset[str] = REPAIRS, notes: list[str] | None = None) -> etree._Element:
    """Parse HTML text into a cleaned lxml tree and return its root element.

    Noise tags and comments are removed. A ``<title>`` left open (which swallows the body in
    lxml's parser) is detected and closed. ``repairs`` (default: all of :data:`REPAIRS`) makes
    lxml's tree closer to a browser's; what a repair could not keep is appended to ``notes``
    (for the Result's reason). Raises :class:`NotHTMLError` when there is no markup to parse.
    """
    if not text or text.isspace():
        raise NotHTMLError("input is empty")
    if "<" not in text:
        raise NotHTMLError("input has no HTML markup (plain text?)")
    huge = "huge_tree" in repairs
    text = cap_attributes(text, notes)
    root, parser = _parse(text, huge)
    if root is None:
        raise NotHTMLError("input has no HTML elements")
    if "after_body" in repairs:
        end = _HTML_END.search(text)
        if end is not None and source_text_outside_tags(text[end.end():]).strip():
            # text after </html> (not only scripts and comments): HTML5 reads it into the body
            text = _BODY_HTML_END.sub(" ", text)
            root, parser = _parse(text, huge)
    if huge and _too_deep(parser):
        root = _parse_flattened(text, huge, notes)
    title = root.find("head/title")
    if title is not None and title.text and len(title.text) > TITLE_SWALLOW_CHARS and "<" in title.text:
        root, parser = _parse(_OPEN_TITLE.sub(r"\1\2</title>", text, count=1), huge)
    if "after_body" in repairs:
        _move_after_body(root)
    if "fragment" in repairs:
        root = _reparse_empty_body(root, text)
    if root.find("body") is None and root.tag == "html":
        etree.SubElement(root, "body")  # head-only document: give methods an (empty) body to read
    _open_declarative_shadow_roots(root)
    _keep_heading_buttons(root)
    candidates = _control_candidates(root) if "controls" in repairs else []
    if candidates:  # judged without script and style text, then unwrapped or removed as noise
        etree.strip_elements(root, *(t for t in NOISE_TAGS if t not in _CONTROL_TAGS and t != "option"),
                             with_tail=False)
        _unwrap_swallowing_controls(root, candidates)
    etree.strip_elements(root, *NOISE_TAGS, with_tail=False)
    if text.count("<") > MAX_ELEMENTS:  # cheap test first: every element needs a "<"
        _cap_elements(root, notes)
    return root


#: Elements a page read without rendering keeps, in document order: the methods' per-element
#: work is linear, but a page past this (no dev page comes near: the largest holds tens of
#: thousands) is a generated or hostile one, and the rest of it is dropped with a note.
MAX_ELEMENTS = 300_000


def _cap_elements(root: etree._Element, notes: list[str] | None) -> None:
    """Drop every element after the first :data:`MAX_ELEMENTS` (document order) and say so."""
    cut = None
    for n, el in enumerate(root.iter(), 1):
        if n > MAX_ELEMENTS:
            cut = el
            break
    if cut is None:
        return
    el, dropped = cut, 0
    while el.getparent() is not None:  # the cut element, then what follows it at every level up
        parent = el.getparent()
        following = list(el.itersiblings())
        for sibling in following:
            parent.remove(sibling)
        dropped += len(following)
        if el is cut:
            parent.remove(el)
            dropped += 1
        el = parent
    if notes is not None:
        notes.append(f"the page has more than {MAX_ELEMENTS:,} elements: the rest of it ({dropped:,} subtrees) "
                     "was not read")


#: Attributes kept on one tag. libxml2 checks each new attribute against the tag's earlier
#: ones, so time grows with their square: one tag with 125,000 attributes took 30-50 s to parse
#: (issue #17); real tags carry tens. A tag over the cap keeps its name and loses its attributes.
MAX_TAG_ATTRIBUTES = 1000
#: The shortest attribute is 4 characters ("a=x "): a tag over the cap is at least this long.
_LONG_TAG = re.compile(r"<[a-zA-Z][^<>]{" + str(4 * MAX_TAG_ATTRIBUTES) + "}")
_TAG_NAME = re.compile(r"<[a-zA-Z][^\s/>]*")


def cap_attributes(text: str, notes: list[str] | None = None) -> str:
    """``text`` with the attributes of any tag carrying more than ``MAX_TAG_ATTRIBUTES`` dropped.

    Cheap on ordinary pages: the tag scan runs only when the page holds more ``=`` than the cap.
    """
    if text.count("=") <= MAX_TAG_ATTRIBUTES:
        return text
    pieces, last, cut = [], 0, 0
    for match in _LONG_TAG.finditer(text):
        start = match.start()
        if start < last:
            continue
        end = text.find(">", match.end())
        end = len(text) if end < 0 else end
        if text.count("=", start, end) > MAX_TAG_ATTRIBUTES:
            pieces += [text[last:start], _TAG_NAME.match(text, start).group(0)]
            last, cut = end, cut + 1
    if not cut:
        return text
    pieces.append(text[last:])
    if notes is not None:
        notes.append(f"{cut} tag(s) carried more than {MAX_TAG_ATTRIBUTES:,} attributes: their attributes were "
                     "dropped")
    return "".join(pieces)


def _parse(text: str, huge: bool) -> tuple[etree._Element | None, etree.HTMLParser]:
    """lxml's parse of ``text`` and the parser used (its error log tells how the parse ended).

    The text goes to libxml2 as UTF-8 bytes: handed a str, lxml passes its 4-byte-per-character
    buffer and libxml2 converts it, which cost 0.1-0.4 ms a page more than encoding it here (same
    trees on the 1,000 pages of ``bench/bench_scale_warc.py``'s archive).
    """
    parser = _HUGE_UTF8_PARSER if huge else _UTF8_PARSER
    if _OPENING_ENCODING_DECL.match(text):  # what lxml refused as a str: it is dropped, as before
        text = _XML_DECL.sub("", text)
    try:
        return etree.fromstring(_utf8(text), parser), parser
    except etree.ParserError as exc:
        raise NotHTMLError(f"input could not be parsed as HTML: {exc}") from None


def _utf8(text: str) -> bytes:
    """``text`` as UTF-8; a lone surrogate (a str can hold one, UTF-8 cannot) becomes U+FFFD."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:  # rare: only a caller's own str can hold one (decoding never makes it)
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace").encode("utf-8")


def _too_deep(parser: etree.HTMLParser) -> bool:
    """Did libxml2 stop at its nesting limit (a fatal error: everything after it is dropped)?"""
    last = parser.error_log.last_error
    return last is not None and last.type_name == "ERR_RESOURCE_LIMIT" and "depth" in last.message


def _parse_flattened(text: str, huge: bool, notes: list[str] | None) -> etree._Element:
    """Re-parse ``text`` with the tags nested deeper than :data:`FLATTEN_DEPTH` taken out.

    Their text stays, in the element at the limit (what Chromium does past its own cap). If the
    parser still stops (an approximate scan of a pathological source), what was lost is noted.
    """
    flat, dropped = _flatten_deep(text, FLATTEN_DEPTH)
    root, parser = _parse(flat, huge) if dropped else (None, None)
    if root is None or _too_deep(parser):
        root, _ = _parse(text, huge)
        if notes is not None:
            notes.append("the page nests elements deeper than the HTML parser's limit; the text after "
                         "the deepest point was lost")
        return root
    if notes is not None:
        notes.append(f"the page nests elements deeper than {FLATTEN_DEPTH} levels; {dropped} tags past that "
                     "depth were flattened (their text is kept)")
    return root


def _flatten_deep(text: str, limit: int) -> tuple[str, int]:
    """``text`` without the start and end tags of elements opened deeper than ``limit``, and how
    many tags were dropped. A linear scan with an open-element stack (raw-text elements skipped,
    void elements not pushed, an end tag closes the nearest open element of its name)."""
    out: list[str] = []
    stack: list[tuple[str, bool]] = []
    pos = dropped = 0
    lower_text = None
    for m in _TAG_TOKEN.finditer(text):
        if m.start() < pos:
            continue  # inside a raw-text element already copied
        name = m.group(2).lower()
        if m.group(1):  # end tag
            reach = max(len(stack) - _END_TAG_REACH, 0)
            for i in range(len(stack) - 1, reach - 1, -1):
                if stack[i][0] == name:
                    kept = stack[i][1]
                    del stack[i:]
                    if not kept:
                        out.append(text[pos:m.start()] + _gap(name))
                        pos = m.end()
                        dropped += 1
                    break
            continue
        if name in _RAW_TEXT:
            if lower_text is None:
                lower_text = text.lower()
            close = lower_text.find("</" + name, m.end())
            end = len(text) if close < 0 else (text.find(">", close) + 1 or len(text))
            out.append(text[pos:end])
            pos = end
            continue
        if name in _VOID or m.group(0).endswith("/>"):
            continue
        deep = len(stack) >= limit
        stack.append((name, not deep))
        if deep:
            out.append(text[pos:m.start()] + _gap(name))
            pos = m.end()
            dropped += 1
    out.append(text[pos:])
    return "".join(out), dropped


def _move_after_body(root: etree._Element) -> None:
    """Elements lxml left after ``<body>`` (content after ``</body>``) go to the body's end."""
    body = root.find("body")
    if body is None:
        return
    following = list(body.itersiblings())
    if following:
        if body.tail and not body.tail.isspace():
            _append_text(body, body.tail)
        body.tail = None
        for el in following:
            body.append(el)


def _text_chars_at_least(el: etree._Element, n: int) -> bool:
    """Whether ``el`` holds ``n`` characters of non-space text (stops as soon as it does)."""
    seen = 0
    for t in el.itertext():
        seen += len(t.strip())
        if seen >= n:
            return True
    return False


def _gap(name: str) -> str:
    """What stands for a dropped tag: nothing inside a word's inline markup, else a space."""
    return "" if name in _INLINE else " "


def _reparse_empty_body(root: etree._Element, text: str) -> etree._Element:
    """A body that came out empty or nearly so while the source holds text is parsed again as a
    fragment (the part after ``<body>``; in a page without that tag, after ``</head>``, else after
    the ``<html>`` start tag; else the whole source; inside a fresh ``<html><body>``); its body
    replaces the empty one when it holds more text. Seen on l3s_gn1: a garbled ``<html`` start tag
    that swallows the page, and pages cut short by their crawl, whose ``<html>`` start tag lost its
    closing quote or whose ``<head>`` was left open by a broken tag, with no ``<body>`` tag: lxml
    then leaves the text out of the tree (Chromium shows it)."""
    body = root.find("body")
    if body is not None and _text_chars_at_least(body, EMPTY_BODY_CHARS):
        return root
    if body is not None:
        have = len(normalize_space(" ".join(body.itertext())))
    elif root.tag == "html":  # the methods will read an empty body added after the repairs: text lxml
        have = 0              # left in the head counts for nothing there
    else:
        have = len(normalize_space(" ".join(root.itertext())))
    source_chars = len(normalize_space(source_text_outside_tags(text)))
    if source_chars < EMPTY_BODY_CHARS or source_chars < EMPTY_BODY_RATIO * max(have, 1):
        return root
    start = _BODY_START.search(text)
    for opener in _BODY_STARTS_WITHOUT_TAG:
        start = start or opener.search(text)
    part = text[start.end():] if start else text
    try:
        again = etree.fromstring(f"<html><body>{part}</body></html>", _HUGE_PARSER)
    except (etree.ParserError, ValueError):
        return root
    new_body = again.find("body") if again is not None else None
    if new_body is None:
        return root
    if len(normalize_space(" ".join(new_body.itertext()))) <= have:
        return root
    if root.tag != "html":
        root = etree.Element("html")
    if body is not None:
        root.replace(body, new_body)
    else:
        root.append(new_body)
    return root


def _append_text(parent: etree._Element, text: str) -> None:
    last = parent[-1] if len(parent) else None
    if last is None:
        parent.text = xml_safe((parent.text or "") + text)
    else:
        last.tail = xml_safe((last.tail or "") + text)


def _control_candidates(root: etree._Element) -> list[etree._Element]:
    """Buttons and selects that hold block elements and at least :data:`_CONTROL_MIN_CHARS`
    characters of text (controls without a block inside can never qualify)."""
    holding = [el for el in root.iter(*_CONTROL_TAGS) if next(el.iterdescendants(*_SWALLOWED_BLOCKS), None) is not None]
    if not holding:
        return []
    sizes = _control_sizes(_outermost(holding), len)
    return [el for el in holding if sizes[el][0] >= _CONTROL_MIN_CHARS]


def _outermost(controls: list[etree._Element]) -> list[etree._Element]:
    """Those of ``controls`` (buttons and selects, in document order) inside no other control.
    Each kept one's subtree is walked once, so 2,000 nested buttons cost a walk, not a square."""
    out: list[etree._Element] = []
    inner: set[etree._Element] = set()
    for el in controls:
        if el not in inner:
            out.append(el)
            inner.update(el.iterdescendants(*_CONTROL_TAGS))
    return out


def _unwrap_swallowing_controls(root: etree._Element, candidates: list[etree._Element]) -> None:
    """Unwrap a ``<button>``/``<select>`` whose flow content holds at least
    :data:`CONTROL_SWALLOW_SHARE` of the body's text: lxml nests what follows an unclosed button
    inside it, where a browser's HTML5 parser does not, and removing it as noise would drop the
    article. Its children and text stay; the option elements of an unwrapped select too.
    (``textarea`` is raw text in both parsers, so it never holds swallowed elements.)"""
    body = root.find("body")
    total = sum(len(normalize_space(t)) for t in (body if body is not None else root).itertext())
    sizes = _control_sizes(_outermost(candidates), lambda t: len(normalize_space(t)))
    found = False
    for el in candidates:
        if total and sizes.get(el, (0, 0))[1] >= CONTROL_SWALLOW_SHARE * total:
            for d in el.iter("option", "optgroup"):
                d.tag = "pagesight-unwrapped"
            el.tag, found = "pagesight-unwrapped", True
    if found:
        etree.strip_tags(root, "pagesight-unwrapped")


def _control_sizes(roots: list[etree._Element], measure: Callable[[str], int]
                   ) -> dict[etree._Element, tuple[int, int]]:
    """``(text, flow text)`` of every button and select in the subtrees of ``roots`` (disjoint), in
    one walk of each: all the text inside it, and the text inside :data:`_SWALLOWED_BLOCKS`
    elements within it (``measure`` sizes a piece of text). One walk, so that the nested buttons
    lxml makes of unclosed ones cost no more than flat ones (each measured on its own was
    quadratic: 2,000 nested buttons took 20-75 s); only the outermost controls' subtrees, not the
    whole page."""
    blocks, controls = frozenset(_SWALLOWED_BLOCKS), frozenset(_CONTROL_TAGS)
    sizes: dict[etree._Element, tuple[int, int]] = {}
    for root in roots:
        stack = [[0, 0]]  # per open element: [text, flow text]
        for event, el in etree.iterwalk(root, events=("start", "end")):
            if event == "start":
                stack.append([measure(el.text) if el.text else 0, 0])
                continue
            text, flow = stack.pop()
            if el.tag in blocks:
                flow = text
            if el.tag in controls:
                sizes[el] = (text, flow)
            parent = stack[-1]
            parent[0] += text + (measure(el.tail) if el.tail else 0)
            parent[1] += flow
    return sizes


#: Characters lxml refuses in text set from Python (XML 1.0 forbids them), although its HTML
#: parser leaves some in what it reads (a vertical tab after ``</body>``).
_XML_INCOMPATIBLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def xml_safe(text: str) -> str:
    """``text`` without the characters lxml refuses when text is set from Python (a
    ``ValueError`` otherwise): for text read from one element and written into another."""
    return _XML_INCOMPATIBLE.sub("", text)


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
    raw = read_source(source, url=url, max_bytes=max_bytes, timeout=timeout, user_agent=user_agent)
    if url and raw.url != url:
        raw = RawPage(raw.data, url, raw.http_charset, raw.content_type)
    return page_from_raw(raw, encoding=encoding)
