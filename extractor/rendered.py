"""Bridge from the browser stage (``render``) to a :class:`~extractor.page.Page`.

Imported only when ``render=True``, so the HTML path never imports playwright. The
serialised DOM is parsed like any page, joined to the geometry by the ids the browser
stamped, and cleaned *before* any method runs: elements a person cannot see (hidden, zero
size, off the page, clipped away) and fixed or sticky overlays (cookie banners, sticky
headers) are removed (DESIGN, "Rendering and position").
"""

from __future__ import annotations

import os
import re
import time
import urllib.parse
from typing import Any

import numpy as np
from lxml import etree

from .decode import canonical_encoding, decode, meta_charset
from .errors import PageTooLarge
from .page import MORE_KEY, OVERLAYS_KEY, SERVED_KEY, Geometry, Page, _sizes
from .parse import parse_html, xml_safe
from .source import is_url, read_source

#: A fixed or sticky element holding more than this share of the body's text is the page
#: itself (an app shell laid out with position: fixed), not an overlay, and is kept.
OVERLAY_MAX_TEXT_SHARE = 0.5
_TITLE, _END_TITLE = re.compile(r"<title\b", re.I), re.compile(r"</title", re.I)
_OPEN_TITLE = re.compile(r"(<title\b[^>]*>)([^<]*)", re.I)
_TITLE_B, _END_TITLE_B = re.compile(rb"<title\b", re.I), re.compile(rb"</title", re.I)
_OPEN_TITLE_B = re.compile(rb"(<title\b[^>]*>)([^<]*)", re.I)
#: Sticky elements inside tables are header rows and cells, kept (``th { position: sticky }``).
STICKY_TABLE_TAGS = frozenset({"table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption"})
#: A sticky box at least this share of the viewport tall and at most :data:`STICKY_COLUMN_MAX_WIDTH_SHARE` of it
#: wide is a column that stays in view while the page beside it scrolls (a product page's buy box with the name,
#: price and description: a 67th blind round, 0.00 as the product column went as an overlay), not a bar: a sticky
#: header, share bar or "Add to bag" strip is a line or two tall, or as wide as the screen.
STICKY_COLUMN_MIN_HEIGHT_SHARE = 0.5
#: See :data:`STICKY_COLUMN_MIN_HEIGHT_SHARE`.
STICKY_COLUMN_MAX_WIDTH_SHARE = 0.75
#: Sticky boxes of one kind (the same tag path) this many times or more are the items' own parts, each staying in
#: view beside its item (a changelog's date and version beside each release: a 135th blind round lost all 12), not
#: bars: a page has one sticky header, one share bar.
STICKY_REPEATED_MIN = 3


def rendered_page(source: Any, *, url: str | None, encoding: str | None, max_bytes: int, timeout: float,
                  options: dict[str, Any], timings: dict[str, float] | None) -> Page:
    """Render ``source`` in Chromium and return a Page with geometry, invisible parts removed.

    ``options`` are render options (see :class:`render.options.RenderOptions`); ``timeout``
    bounds the whole rendering unless ``options`` sets its own. Fills ``timings['render']``
    (ms). The rendering's warnings (partial loads), its screenshot and the counts of removed
    elements go to ``page.geometry.extra``. Raises :class:`PageTooLarge` over ``max_bytes``,
    :class:`RenderError` (:class:`RenderTimeout`, :class:`BrowserNotFound`) and
    :class:`OptionError` for bad options.
    """
    from render import render
    from render.browser import BROWSER_ERROR_PAGE, STRING_URL

    t0 = time.perf_counter()
    source, serve_url, page_url, used = _prepare(source, url, encoding, max_bytes, STRING_URL)
    opts = {"timeout": timeout, "max_bytes": max_bytes, **options}
    if serve_url is not None:
        opts.setdefault("url", serve_url)
    rendered = render(_close_open_title(source), **opts)
    if len(rendered.html) > max_bytes:
        raise PageTooLarge(f"the rendered page is larger than max_bytes={max_bytes:,}")
    page = page_from_rendered(rendered)
    if rendered.url.startswith(STRING_URL) or page_url is not None:
        page.url = page_url  # the file's or caller's address; an HTML string has none (as on the HTML path)
    elif rendered.url.startswith(BROWSER_ERROR_PAGE):  # a script sent it where nothing loads: it is still this page
        page.url = serve_url or (source if is_url(source) else None)
        page.geometry.extra[ERROR_PAGE_KEY] = True
    if used is not None:
        page.encoding = used
    if timings is not None:
        timings["render"] = round((time.perf_counter() - t0) * 1000, 3)
    return page


def _prepare(source: Any, url: str | None, encoding: str | None, max_bytes: int,
             string_url: str) -> tuple[Any, str | None, str | None, str | None]:
    """What to hand the browser: ``(source, serve_url, page_url, encoding_used)``.

    Bytes and local files are decoded like on the HTML path (declared charset checked against
    the bytes, else detected), so the browser never guesses a charset differently; a file whose
    bytes are ASCII or match their declared charset is loaded as itself (its relative links
    work). Strings and remote URLs pass through. Raises the errors of ``read_source``/``decode``.
    """
    local = isinstance(source, (bytes, bytearray, memoryview, os.PathLike)) or isinstance(source, str) and (
        source[:7].lower() == "file://" or "<" not in source and "\n" not in source and len(source) < 4096
        and os.path.isfile(source))
    if not local:
        if isinstance(source, str) and len(source) > max_bytes:
            raise PageTooLarge(f"input is larger than max_bytes={max_bytes:,} bytes")
        return source, url, url, None
    raw = read_source(source, url=url, max_bytes=max_bytes)
    data = raw.data.encode("utf-8") if isinstance(raw.data, str) else bytes(raw.data)
    text, used = decode(data, encoding=encoding)
    is_file = not isinstance(source, (bytes, bytearray, memoryview)) and (raw.url or "").startswith("file:")
    if is_file and not str(source).endswith(".gz"):
        declared = canonical_encoding(meta_charset(data))
        bom = data.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"))
        if encoding is None and (data.isascii() or bom or declared == used):
            return source, None, raw.url, used
    if is_file:
        name = urllib.parse.quote(os.path.basename(str(source)).removesuffix(".gz"))
        return text, url or string_url + name, url or raw.url, used
    return text, url, url, used


def _close_open_title(source: Any) -> Any:
    """Close a ``<title>`` that is never closed in HTML text or bytes (else left as is).

    A browser, like lxml, reads everything after an unclosed title as its text and shows an
    empty page; the HTML path repairs the same breakage (``extractor.parse.parse_html``).
    """
    if isinstance(source, (bytes, bytearray)):
        if _TITLE_B.search(source) and not _END_TITLE_B.search(source):
            return _OPEN_TITLE_B.sub(rb"\1\2</title>", bytes(source), count=1)
    elif isinstance(source, str) and "<" in source:
        if _TITLE.search(source) and not _END_TITLE.search(source):
            return _OPEN_TITLE.sub(r"\1\2</title>", source, count=1)
    return source


def page_from_rendered(rendered: Any) -> Page:
    """Build a :class:`Page` from a :class:`render.RenderedPage`, geometry joined by id.

    Removes unseen elements and overlays inside ``<body>`` first (``<head>`` is kept for the
    title). ``geometry.extra`` gets ``browser_id``, ``position``, ``color``/``background``
    (indexes into ``colors``), ``removed`` counts, ``warnings``, the screenshot and the
    served bytes (``served``: the page-type model reads the HTML as the server sent it).
    """
    from render.geometry import ID_ATTR, MORE_MARK

    raw = rendered.geometry
    root = parse_html(rendered.html, card_buttons=True)
    dom_chars = dom_text_chars(root)
    removed, overlays = _clean(root, raw, ID_ATTR)
    removed["clones"] = drop_carousel_clones(root)
    captions_drawn_below(root, raw, ID_ATTR)
    aria_tables(root)
    page = Page(root, url=rendered.url, encoding=rendered.charset, source_text=rendered.html)
    bid = _browser_ids(page.elements, ID_ATTR, len(raw))
    parent = page.parent
    for i in np.flatnonzero(bid < 0).tolist():  # made by the parser, not the browser: the parent's
        bid[i] = bid[parent[i]] if i > 0 else 0
    more = np.zeros(len(page.elements), dtype=bool)
    for el in root.iterfind(f".//*[@{MORE_MARK}]"):
        i = page.index.get(el)
        if i is not None:
            more[i:page.end[i]] = True
    etree.strip_attributes(root, ID_ATTR, MORE_MARK)
    for el in overlays:
        etree.strip_attributes(el, ID_ATTR)
    page.geometry = Geometry(
        x=raw.x[bid], y=raw.y[bid], w=raw.w[bid], h=raw.h[bid], visible=raw.visible[bid],
        font_size=raw.font_size[bid], font_weight=raw.font_weight[bid], fixed=raw.fixed[bid],
        page_width=raw.page_width, page_height=raw.page_height, viewport_width=raw.viewport_width,
        viewport_height=raw.viewport_height, device_scale_factor=raw.device_scale_factor,
        extra={
            "browser_id": bid, "position": raw.position[bid], "color": raw.color[bid],
            "background": raw.background[bid], "colors": raw.strings, "removed": removed,
            "warnings": list(rendered.warnings), "screenshot": rendered.screenshot,
            "screenshot_height": rendered.screenshot_height, "render_timings": dict(rendered.timings),
            "screenshot_hidden": getattr(rendered, "screenshot_hidden", 0),  # renders pickled before it: none
            SERVED_KEY: getattr(rendered, "served", None),  # renders pickled before the field existed lack it
            "served_charset": rendered.charset,  # how the browser decoded the served bytes
            "frames": list(getattr(rendered, "frames", ())),
            "shadow_roots": getattr(rendered, "shadow_roots", 0),
            DOM_CHARS_KEY: dom_chars,
            OVERLAYS_KEY: overlays,
            MORE_KEY: more,
        },
    )
    return page


#: Key of ``Geometry.extra`` set when what was read is Chromium's error page: the page's scripts sent it to
#: an address that did not load (``render.browser.BROWSER_ERROR_PAGE``).
ERROR_PAGE_KEY = "error_page"
#: Key of ``Geometry.extra`` holding :func:`dom_text_chars` of the rendered DOM before anything was removed.
DOM_CHARS_KEY = "dom_text_chars"


def dom_text_chars(root: etree._Element) -> int:
    """Characters of text in a tree, counted as ``Page(root).text_len`` of its root counts them (each
    text and tail whitespace-normalised), without building the Page: the page-type step compares the
    rendered DOM's text with the served page's and needs the DOM's Page only when it is chosen."""
    elements = list(root.iter(etree.Element))
    return sum(_sizes([el.text for el in elements])) + sum(_sizes([el.tail for el in elements[1:]]))


def _browser_ids(elements: list[etree._Element], attr: str, limit: int) -> np.ndarray:
    """The browser id stamped on each element (-1 where there is none or it is out of range)."""
    values = [el.get(attr) for el in elements]
    ids = np.fromiter((int(v) if v is not None and v.isdigit() else -1 for v in values), dtype=np.int64,
                      count=len(values))
    ids[ids >= limit] = -1
    return ids


def _clean(root: etree._Element, raw: Any, attr: str) -> tuple[dict[str, int], list[etree._Element]]:
    """Remove unseen subtrees and fixed/sticky overlays under ``<body>``; return counts and the overlays removed."""
    body = root.find("body")
    if body is None:
        return {"hidden": 0, "overlay": 0}, []
    elements = list(body.iter(etree.Element))[1:]
    b = _browser_ids(elements, attr, len(raw))
    known = b >= 0
    b = np.where(known, b, 0)
    parent = raw.parent[b]
    has_parent = known & (parent >= 0)
    parent = np.maximum(parent, 0)
    shown, fixed = raw.shown, raw.fixed
    # Top-most unseen elements: not shown under a shown parent (shown-ness only grows upwards).
    hidden_at = np.flatnonzero(has_parent & ~shown[b] & shown[parent])
    # Top-most fixed or sticky elements that are shown.
    own_fixed = (raw.position[b] == 3) | (raw.position[b] == 4)
    overlay_at = np.flatnonzero(has_parent & shown[b] & own_fixed & ~fixed[parent])
    hidden = [elements[i] for i in hidden_at.tolist()]
    overlays, sticky = [], set()
    for i in overlay_at.tolist():
        el = elements[i]
        in_table = el.tag in STICKY_TABLE_TAGS or any(a.tag in STICKY_TABLE_TAGS for a in el.iterancestors())
        if raw.position[b[i]] == 4:
            if in_table or (raw.h[b[i]] >= STICKY_COLUMN_MIN_HEIGHT_SHARE * raw.viewport_height
                            and raw.w[b[i]] <= STICKY_COLUMN_MAX_WIDTH_SHARE * raw.viewport_width):
                continue
            sticky.add(el)
        overlays.append(el)
    if overlays:
        most = OVERLAY_MAX_TEXT_SHARE * _text_len(body)
        sizes = {el: _text_len(el) for el in overlays}
        # Sticky boxes of one kind (the same tag path) holding more than that share together are the page laid
        # out in them (a story told in sticky text boxes, one a chapter, in an eighth blind round), not bars; so
        # are STICKY_REPEATED_MIN of them or more.
        kinds: dict[str, list] = {}
        for el in sticky:
            kinds.setdefault("/".join(a.tag for a in el.iterancestors()) + "/" + el.tag, []).append(el)
        laid_out = {el for group in kinds.values()
                    if len(group) >= STICKY_REPEATED_MIN or sum(sizes[el] for el in group) > most for el in group}
        overlays = [el for el in overlays if sizes[el] <= most and el not in laid_out]
    for el in hidden + overlays:
        _drop(el)
    return {"hidden": len(hidden), "overlay": len(overlays)}, overlays


def captions_drawn_below(root: etree._Element, raw: Any, attr: str) -> int:
    """Move each table's ``<caption>`` drawn below its rows (``caption-side: bottom``) after them, where a reader reads
    it (a 164th blind round's tension table and a 165th's price tables read their notes before their heads); return
    how many moved. Captions without a measured box are left."""
    moved = 0
    for caption in list(root.iter("caption")):
        table = caption.getparent()
        parts = [] if table is None or table.tag != "table" else [el for el in table if el is not caption]
        ids = _browser_ids([caption, *parts], attr, len(raw)) if parts else np.array([-1])
        if (ids >= 0).all() and raw.y[ids[0]] >= (raw.y[ids[1:]] + raw.h[ids[1:]]).max() - 1:
            table.append(caption)
            moved += 1
    return moved


#: A class naming an element a copy that a looping carousel or ticker made of one of its items (Splide's
#: ``splide__slide--clone``, Slick's ``slick-cloned``, Glide's ``glide__slide--clone``, Owl's ``cloned``,
#: Swiper's ``swiper-slide-duplicate``).
CLONE_CLASS = re.compile(r"(^|[-_])(clone|cloned|duplicate)$")


def drop_carousel_clones(root: etree._Element) -> int:
    """Remove the copies a looping carousel made of its slides (a class naming a clone, the same text as a
    sibling that is no such copy): read once, not twice (a 30th blind round's Splide gallery, whose captions
    all came through once those positioned in its slides were read); returns how many were removed."""
    found = [el for el in root.xpath('//*[contains(@class, "clone") or contains(@class, "duplicate")]')
             if any(CLONE_CLASS.search(word) for word in (el.get("class") or "").split())]
    if not found:
        return 0
    copies = set(found)
    originals: dict[etree._Element, set[str]] = {}  # parent -> the texts of its children that are no copies
    dropped = 0
    for el in found:
        parent = el.getparent()
        text = _words(el)
        if parent is None or not text:
            continue
        if parent not in originals:
            originals[parent] = {_words(s) for s in parent if isinstance(s.tag, str) and s not in copies}
        if text in originals[parent]:
            _drop(el)
            dropped += 1
    return dropped


#: The table a ``div`` or ``span`` is a part of by its ARIA role (WAI-ARIA 1.2: ``table``, ``grid`` and
#: ``treegrid`` are tables; ``rowgroup``, ``row``, ``columnheader``, ``rowheader``, ``cell`` and ``gridcell``
#: their parts), as the data-grid libraries draw tables (Tabulator, AG Grid, MUI's DataGrid: a 27th blind
#: round's specification grid, read as loose lines and half dropped).
ARIA_TABLE_TAGS = {"table": "table", "grid": "table", "treegrid": "table", "rowgroup": "tbody", "row": "tr",
                   "columnheader": "th", "rowheader": "th", "cell": "td", "gridcell": "td"}


def aria_tables(root: etree._Element) -> int:
    """Give the ``div`` and ``span`` elements of a table drawn with ARIA roles (an ancestor's role a table's,
    its own a row's or cell's) their table tags, so that the methods see the table a reader sees; a row none of
    whose children has a cell's role has its ``div`` and ``span`` children for cells (a virtualised list's rows
    of plain spans: a 139th blind round's 22 pistes, read as one line). Returns how many were renamed."""
    renamed = 0
    for table in root.xpath('//*[@role="table" or @role="grid" or @role="treegrid"][self::div or self::span]'):
        parts = [table, *table.iterdescendants("div", "span")]
        rows = []
        for el in parts:
            tag = ARIA_TABLE_TAGS.get((el.get("role") or "").strip())
            if tag is not None and (el is table or tag != "table"):
                el.tag = tag
                renamed += 1
                if tag == "tr":
                    rows.append(el)
        for row in rows:
            if not any(child.tag in ("td", "th") for child in row):
                for child in row:
                    if child.tag in ("div", "span"):
                        child.tag = "td"
                        renamed += 1
    return renamed


def _words(el: etree._Element) -> str:
    return " ".join("".join(el.itertext()).split())


def _text_len(el: etree._Element) -> int:
    return len("".join("".join(el.itertext()).split()))


def _drop(el: etree._Element) -> None:
    """Remove ``el`` and its subtree, keeping its tail text (which belongs to the parent)."""
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail
    if tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = xml_safe((prev.tail or "") + tail)
        else:
            parent.text = xml_safe((parent.text or "") + tail)
    parent.remove(el)


def rendered_dom(html: str, url: str | None = None) -> Page:
    """The Page of a rendered DOM as the scripts left it (nothing removed; the browser's id
    attributes dropped): what the page-type model reads where scripts built the text.

    Raises the errors of :func:`extractor.page.load`.
    """
    from render.geometry import ID_ATTR

    from .page import load

    dom = load(html, url=url)
    etree.strip_attributes(dom.root, ID_ATTR)
    return dom


def annotated_items(blocks: list[Any]) -> list[tuple[tuple[float, float, float, float], str, str]]:
    """``(box, label, role)`` for each block that has a box, numbered in reading order."""
    items = []
    for k, block in enumerate(blocks, 1):
        if block.box is None:
            continue
        items.append((block.box, f"{k} {block.tag}", block_role(block)))
    return items


def block_role(block: Any) -> str:
    """The role a block is drawn with: its label when it is not plain ``body``, else from its tag."""
    if block.label and block.label != "body":
        return block.label
    tag = block.tag
    if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
        return "heading"
    if tag in ("li", "dd", "dt"):
        return "list"
    if tag in ("tr", "td", "th", "table"):
        return "table"
    if tag == "pre":
        return "code"
    return "text"


def save_annotated(page: Page, result: Any, path: str | os.PathLike) -> dict[str, Any]:
    """Draw ``result``'s blocks on the page's screenshot and save the PNG at ``path``.

    Returns what was drawn (see :func:`render.screenshot.annotate`). Raises
    :class:`RenderError` when the page was rendered without a screenshot.
    """
    from render.screenshot import annotate

    from .errors import RenderError

    geometry = page.geometry
    png = geometry.extra.get("screenshot") if geometry is not None else None
    if not png:
        raise RenderError("no screenshot was taken for this page (render it with screenshot=True)")
    title = f"pagesight · {result.method} · {len(result.blocks)} blocks"
    items = annotated_items(result.blocks)
    box = getattr(result, "title_box", None)
    if box is not None and all(b.box != box for b in result.blocks):  # a title read from outside the text blocks
        items.insert(0, (box, "title", "title"))
    return annotate(png, items, path, geometry.device_scale_factor, title=title,
                    screen_height=geometry.viewport_height, hidden=geometry.extra.get("screenshot_hidden", 0))
