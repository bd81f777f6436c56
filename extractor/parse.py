"""Parse HTML text into a cleaned lxml tree the way a browser would read it (issue #14, item 1).

lxml's HTML parser is libxml2's, not an HTML5 parser: it stops at 256 open elements, lets an
unclosed ``<button>`` or ``<title>`` swallow the page, and drops what follows ``</html>``. The
repairs here (:data:`REPAIRS`) bring its tree close to Chromium's body text, each measured by
``bench/parse_vs_chromium.py``; then the noise tags are removed. :func:`parse_html` is the one
entry point; :mod:`extractor.page` builds the :class:`~extractor.page.Page` on its result.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lxml import etree

from .errors import NotHTMLError
from .memory import register_cache
from .reply import MAX_REPLY_CHARS, REPLY_MARK, is_reply_text

#: Removed before every method (ALGORITHMS.md, "Shared vocabulary"). ``noscript`` is kept
#: on purpose: some sites serve their whole readable page there.
NOISE_TAGS = (
    "script", "style", "template", "select", "option", "iframe", "textarea", "object",
    "embed", "input", "button", "svg", "canvas",
)
#: Ruby annotations, removed with the noise tags: a reading written over its word (``<rt>``, furigana) and the
#: parentheses shown around it where ruby is not drawn (``<rp>``). A reader reads the word once; inline, the
#: reading doubled every annotated word ("西陣にしじん": a 36th blind round). No dev page holds ruby.
RUBY_ANNOTATION_TAGS = ("rt", "rp")
#: A ``<title>`` holding more text than this, with markup in it, swallowed the body
#: (lxml's HTML parser is not HTML5: an unclosed title eats the rest; seen on l3s_gn1).
TITLE_SWALLOW_CHARS = 300

_UTF8_PARSER = etree.HTMLParser(remove_comments=True, remove_pis=True, default_doctype=False, encoding="utf-8")
_XML_DECL = re.compile(r"<\?xml[^>]*\?>", re.I)
#: An XML declaration naming an encoding at the very start: the str lxml refuses to parse (lxml's own test).
_OPENING_ENCODING_DECL = re.compile(r"""^(<\?xml[^>]+)\s+encoding\s*=\s*["'][^"']*["'](\s*\?>|)""")
_OPEN_TITLE = re.compile(r"(<title\b[^>]*>)([^<]*)", re.I)

def normalize_space(text: str | None) -> str:
    """Collapse whitespace runs to one space and strip the ends ('' for None)."""
    return " ".join(text.split()) if text else ""


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
#: Elements a browser lays out inline by default (their text runs on with the text around them).
INLINE_TAGS = frozenset({"a", "b", "i", "em", "strong", "span", "font", "u", "s", "small", "sup", "sub", "code",
                         "abbr", "big", "tt", "mark", "q", "cite", "dfn", "kbd", "samp", "var"})
#: End tags are matched this far down the open-element stack at most (keeps the scan linear).
_END_TAG_REACH = 64


def parse_html(text: str, *, repairs: frozenset[str] = REPAIRS, notes: list[str] | None = None,
               card_buttons: bool = False) -> etree._Element:
    """Parse HTML text into a cleaned lxml tree and return its root element.

    Noise tags and comments are removed. A ``<title>`` left open (which swallows the body in
    lxml's parser) is detected and closed. ``repairs`` (default: all of :data:`REPAIRS`) makes
    lxml's tree closer to a browser's; what a repair could not keep is appended to ``notes``
    (for the Result's reason). ``card_buttons`` keeps the buttons that are cards (:func:`_card`; a rendered page's:
    on the dev pages as served it moved 16 wcxb_dev pages, 12 down, so the HTML path is left as its models were
    measured). Raises :class:`NotHTMLError` when there is no markup to parse.
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
    _keep_prose_buttons(root, cards=card_buttons)
    _mark_reply_buttons(root)
    _mark_text_boxes(root)
    candidates = _control_candidates(root) if "controls" in repairs else []
    if candidates:  # judged without script and style text, then unwrapped or removed as noise
        etree.strip_elements(root, *(t for t in NOISE_TAGS if t not in _CONTROL_TAGS and t != "option"),
                             with_tail=False)
        _unwrap_swallowing_controls(root, candidates)
    etree.strip_elements(root, *NOISE_TAGS, *RUBY_ANNOTATION_TAGS, with_tail=False)
    if "<table" in text or "<TABLE" in text:  # (a walk of the tree costs a tenth of the parse)
        _drop_action_columns(root)
    if _BRACKETED_LINK_START.search(text):
        _drop_heading_actions(root)
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
    return "" if name in INLINE_TAGS else " "


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


#: The heading elements, h1 to h6 (one set for every module that asks whether an element is a heading).
HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
#: The page's chrome by its sectioning tags: navigation, header, footer, asides (one set for every module).
CHROME_TAGS = frozenset({"nav", "header", "footer", "aside"})
#: A disclosure's button whose label runs to this many words names what it opens (an FAQ's question, a
#: section's title), where a control's own name is shorter: "Menu", "Toggle navigation", "Show more
#: replies" (the labels of the menu, share and "more" toggles that carry ``aria-expanded`` are 1-3 words).
DISCLOSURE_LABEL_MIN_WORDS = 4
#: ... and at most this many characters (besides spaces): a longer one is no label but content a button
#: swallowed (handled by the ``controls`` repair), read here no further.
DISCLOSURE_LABEL_MAX_CHARS = 300
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none", re.I)


#: Elements whose button is their title: a heading (an accordion's header is a button inside a heading) and a table's
#: header cell (a sortable column's name is the button that sorts it: a 72nd blind round's sold prices lost every
#: column name).
_TITLED_BY_BUTTON = HEADING_TAGS | {"th"}


def _keep_heading_buttons(root: etree._Element) -> None:
    """Unwrap a ``<button>`` that titles what it opens, so that its label is not dropped with the noise
    tags: a heading's content (an accordion's header is a button inside a heading), a table's header cell's (a
    sortable column's name), or a disclosure's
    button (WAI-ARIA Authoring Practices, disclosure pattern: it carries ``aria-expanded``, or the panel it
    shows follows it, hidden) labelled with at least :data:`DISCLOSURE_LABEL_MIN_WORDS` words, as an FAQ's
    questions are; a menu's button (``aria-haspopup``) is not one."""
    found, groups = [], {}
    for el in root.iter("button"):
        parent = el.getparent()
        if parent is not None and parent.tag in _TITLED_BY_BUTTON or _titles_disclosure(el):
            found.append(el)
        # (one titled by its own label counts in its accordion: an 87th blind round's "Mobility aids and medical
        # equipment" had left "Sports equipment" and "Musical instruments" a pair, whose labels were dropped)
        if (label := _accordion_label(el)) is not None:
            groups.setdefault(_shape(el), []).append((el, label))
    titled = set(found)
    for group in groups.values():
        if len(group) >= ACCORDION_MIN_BUTTONS and len({label for _, label in group}) == len(group):
            found.extend(el for el, _ in group if el not in titled)
    for el in found:
        _drop_toggle_labels(el)
    _unwrap(root, found)


#: What an accordion's header says of its state beside its title (GOV.UK's "Show" / "Hide this section", a
#: framework's "Show"/"Hide" flipped on each press): a control's word, not the title's. A 78th blind round's
#: step-by-step guide and benefits page read "…you need to make Hide", "If you get Pension Credit Hide".
_TOGGLE_LABEL = re.compile(r"(show|hide|open|close|expand|collapse)(\s+(all|this|the))?"
                           r"(\s+(sections?|answers?|details|content|more|less))?", re.I)


def _drop_toggle_labels(button: etree._Element) -> None:
    """Remove the elements of ``button`` (an accordion's header) that only say whether it is open
    (:data:`_TOGGLE_LABEL`), when the button says something else too."""
    labels = [el for el in button.iterdescendants() if isinstance(el.tag, str)
              and _TOGGLE_LABEL.fullmatch(normalize_space(" ".join(el.itertext())))]
    outer = [el for el in labels if not any(a in labels for a in el.iterancestors())]
    if not outer:
        return
    rest = normalize_space(" ".join(button.itertext()))
    for el in outer:
        rest = rest.replace(normalize_space(" ".join(el.itertext())), "", 1)
    if any(c.isalnum() for c in rest):
        for el in outer:
            remove_keeping_tail(el)


#: Buttons made alike that each open a panel (``aria-expanded``), at least this many, are an accordion's headers:
#: their labels title its sections however short ("Inflation", "Charges": a 65th blind round's assumptions), where
#: one such button alone is as often a control's ("Menu", "Filters"); each label its own, as titles are: a
#: programme's "Show abstract" under every talk is a control. The render path's ``ACCORDION_MIN_ITEMS``.
ACCORDION_MIN_BUTTONS = 3
#: Where a button opens the site's menus and forms, not a section of the content: the page's chrome, a form, a dialog.
_CONTROLS_ONLY_TAGS = CHROME_TAGS | {"form", "dialog"}


def _accordion_label(button: etree._Element) -> str | None:
    """The label of ``button`` when it may be an accordion's header, else None: it carries ``aria-expanded``, opens
    no menu, holds no other button, is labelled with a word at most :data:`DISCLOSURE_LABEL_MAX_CHARS` long, and
    sits in no chrome, form or dialog."""
    if button.get("aria-expanded") is None or button.get("aria-haspopup") not in (None, "false") \
            or button.find(".//button") is not None:
        return None
    label = _short_text(button, DISCLOSURE_LABEL_MAX_CHARS)
    if not label or not any(c.isalnum() for c in label) \
            or any(a.tag in _CONTROLS_ONLY_TAGS for a in button.iterancestors()):
        return None
    return label


def _shape(el: etree._Element) -> tuple[str, ...]:
    """The tag and class of ``el``, its parent and grandparent: buttons of one accordion are made alike."""
    out = []
    for node in (el, el.getparent(), el.getparent().getparent() if el.getparent() is not None else None):
        out.append(f"{node.tag}.{node.get('class') or ''}" if node is not None else "")
    return tuple(out)


#: Buttons side by side in one parent that read as prose: at least this many, ...
PROSE_BUTTONS_MIN = 3
#: ... this share of them or more ending a statement, as a control's label ("Play", "Next", "Share") does not, nor
#: a run of questions (an FAQ's, a shopping assistant's suggested ones: two wcxb_dev pages, each read worse) ...
PROSE_BUTTONS_SENTENCE_SHARE = 0.6
#: ... and this many characters together at least (a paragraph's worth, ``render.browser.PAGE_MIN_CHARS``):
#: an interactive transcript's cues, each a button that seeks the recording to its line (a 44th blind round).
PROSE_BUTTONS_MIN_CHARS = 100
_STATEMENT_END = (".", "!", "…", '"', "\u201d")


#: A button labelled as a time in a recording ("00:08", "1:02:33") seeks it there: a transcript's cue or a chapter
#: list's, shown beside its line (a 60th blind round: every cue's time dropped with the noise tags). Kept where a
#: line follows it and the page has at least :data:`PROSE_BUTTONS_MIN` of them: a player's "0:00" is a control's.
_TIMESTAMP = re.compile(r"\d{1,2}(?::\d{2}){1,2}")


def _keep_prose_buttons(root: etree._Element, *, cards: bool = False) -> None:
    """Unwrap the buttons of a run that reads as prose (see :data:`PROSE_BUTTONS_MIN`), the buttons labelled as times
    in a recording (:data:`_TIMESTAMP`) and, with ``cards``, the buttons that are cards (:func:`_card`), so that the
    text is not dropped with the noise tags."""
    runs: dict[etree._Element, list[tuple[etree._Element, str]]] = {}
    stamps: list[etree._Element] = []
    card_buttons: list[etree._Element] = []
    for el in root.iter("button"):
        parent = el.getparent()
        if parent is None or el.find(".//button") is not None:
            continue
        if cards and _card(el):
            card_buttons.append(el)
            continue
        label = _short_text(el, DISCLOSURE_LABEL_MAX_CHARS)
        if label and label.strip():
            runs.setdefault(parent, []).append((el, label.strip()))
            if _TIMESTAMP.fullmatch(label.strip()) and _line_follows(el):
                stamps.append(el)
    found = stamps if len(stamps) >= PROSE_BUTTONS_MIN else []
    if len(card_buttons) >= PROSE_BUTTONS_MIN:
        found.extend(card_buttons)
    for run in runs.values():
        ends = sum(label.endswith(_STATEMENT_END) for _, label in run)
        if len(run) >= PROSE_BUTTONS_MIN and ends >= PROSE_BUTTONS_SENTENCE_SHARE * len(run) \
                and sum(len(label) for _, label in run) >= PROSE_BUTTONS_MIN_CHARS:
            found.extend(el for el, _ in run)
    _unwrap(root, found)


#: A button holding this many parts with text of their own or more is a card a reader reads, not a control's label,
#: where the page has :data:`PROSE_BUTTONS_MIN` such cards: a station list whose every row (name, street, bikes and
#: docks) is a ``<button>`` that shows it on the map, each in a virtualised list's wrapper of its own (a 142nd blind
#: round lost all 48 rows with the noise tags).
CARD_BUTTON_MIN_PARTS = 3


def _card(button: etree._Element) -> bool:
    """Whether ``button`` holds :data:`CARD_BUTTON_MIN_PARTS` elements or more with text of their own."""
    parts = 0
    for el in button.iterdescendants():
        if isinstance(el.tag, str) and el.text and el.text.strip():
            parts += 1
            if parts >= CARD_BUTTON_MIN_PARTS:
                return True
    return False


def _line_follows(button: etree._Element) -> bool:
    """Whether text follows ``button`` in its parent: its tail, or the next element when that is no button (a cue's
    line after its time; a player's "0:00" is followed by its other controls)."""
    if (button.tail or "").strip():
        return True
    after = button.getnext()
    return after is not None and after.tag != "button" and any(t.strip() for t in after.itertext())


def _unwrap(root: etree._Element, elements: list[etree._Element]) -> None:
    """Replace each of ``elements`` by its content (text, children and tail stay where they were)."""
    for el in elements:
        el.tag = "pagesight-unwrapped"
    if elements:
        etree.strip_tags(root, "pagesight-unwrapped")


def _titles_disclosure(button: etree._Element) -> bool:
    """Whether ``button`` is a disclosure's button labelled as a title (see :func:`_keep_heading_buttons`)."""
    if button.get("aria-haspopup") not in (None, "false") or button.find(".//button") is not None:
        return False
    # a tree item's toggle: the item carries aria-expanded (WAI-ARIA tree pattern), its button the series' title (a
    # 112th blind round's finding aid lost every series heading)
    item = button.getparent()
    toggles_item = item is not None and item.get("role") == "treeitem" and item.get("aria-expanded") is not None
    if button.get("aria-expanded") is None and not toggles_item:
        panel = button.getnext()
        named = (button.get("aria-controls") or "").split()
        if panel is None or not (panel.get("hidden") is not None or _HIDDEN_STYLE.search(panel.get("style") or "")
                                 or panel.get("id") in named):
            return False
        if not named and any(b.tag == "button" and b.get("aria-expanded") is not None
                             for b in button.itersiblings(preceding=True)):
            return False  # the panel's own button comes before ("Show abstract", then "Add to my schedule")
    label = _short_text(button, DISCLOSURE_LABEL_MAX_CHARS)
    return label is not None and len(label.split()) >= DISCLOSURE_LABEL_MIN_WORDS


def _mark_reply_buttons(root: etree._Element) -> None:
    """Leave an empty :data:`~extractor.reply.REPLY_MARK` where a ``<button>`` says "Reply": the
    buttons go with the noise tags, but a comment thread's reply buttons are how
    :mod:`extractor.comments` finds it where its class names say nothing (CSS modules)."""
    for el in root.iter("button"):
        # Only a button holding no other one is read: lxml nests the buttons left open, and the outer
        # ones of 2,000 would each be read down to the innermost.
        if el.find(".//button") is None and is_reply_text(_short_text(el, MAX_REPLY_CHARS)):
            el.clear(keep_tail=True)
            el.tag = REPLY_MARK


#: The attribute :func:`parse_html` leaves where it removed a form's field (whose label, or the heading over the box a
#: reader writes a reply in, :mod:`extractor.tidy.forms` leaves out of the text): on the field's parent (``"in"``; for
#: a ``<textarea>``, ``"box"``) and on the element right before a ``<textarea>`` (``"before"``). An attribute, not an
#: element left in its place: an element more moved the learned model's choices (a dragnet page lost its byline, 0.965
#: -> 0.946).
TEXT_BOX_MARK = "data-pagesight-box"


#: The kinds of ``<input>`` a reader types into (no type is "text"): a label holding one names a form's field (a 166th
#: blind round's stockist finder, "Town or postcode") ...
TYPED_INPUT_TYPES = frozenset(("", "text", "search", "email", "tel", "url", "number", "password", "date"))
#: ... and those a reader ticks, where a ``<label>`` holds them (a 167th blind round's filters, "Accessible paths Dogs
#: welcome"): a task list's items hold theirs in the item, and are the text.
CHOICE_INPUT_TYPES = frozenset(("checkbox", "radio"))


def _mark_text_boxes(root: etree._Element) -> None:
    """Mark where each ``<textarea>``, ``<select>`` and typed ``<input>`` (:data:`TYPED_INPUT_TYPES`) was
    (:data:`TEXT_BOX_MARK`); the fields go with the noise tags."""
    for el in root.iter("textarea", "select", "input"):
        parent, before = el.getparent(), el.getprevious()
        kind = (el.get("type") or "").strip().lower() if el.tag == "input" else ""
        if kind not in TYPED_INPUT_TYPES and not (kind in CHOICE_INPUT_TYPES and parent is not None
                                                  and parent.tag == "label"):
            continue
        if parent is not None and parent.get(TEXT_BOX_MARK) != "box":
            parent.set(TEXT_BOX_MARK, "box" if el.tag == "textarea" else "in")
        if el.tag == "textarea" and before is not None and isinstance(before.tag, str):
            before.set(TEXT_BOX_MARK, "before")


def _short_text(el: etree._Element, limit: int) -> str | None:
    """The text of ``el``'s subtree, or None as soon as it passes ``limit`` non-space characters (so that
    2,000 nested buttons, each holding the rest of the page, are not read whole 2,000 times)."""
    pieces, size = [], 0
    for piece in el.itertext():
        size += len(piece) - piece.count(" ") - piece.count("\n")
        if size > limit:
            return None
        pieces.append(piece)
    return "".join(pieces)


def _open_declarative_shadow_roots(root: etree._Element) -> None:
    """Unwrap ``<template shadowrootmode>``: its content is what the browser shows in the host
    (declarative shadow DOM), not an inert template to remove with the noise tags."""
    found = False
    for el in root.iter("template"):
        if el.get("shadowrootmode") is not None or el.get("shadowroot") is not None:
            el.tag, found = "pagesight-shadow-root", True
    if found:
        etree.strip_tags(root, "pagesight-shadow-root")


#: A table column whose filled body cells are all one and the same link ("Book", "Get A Quote", "Check price"),
#: at least this many of them, is the rows' call to action, not their data. The gold texts of the dev sets leave
#: such columns out: of the tables found so on the 4,168 dev pages (five pages), four keep none of the links'
#: words and one keeps 2 of its 20 (an 87th blind round's sailings kept a "Book" at the end of every row).
ACTION_COLUMN_MIN_ROWS = 3
#: ... each at most this long (a call to action; a longer cell repeated down a column is data: "Not accepted").
ACTION_LABEL_MAX_CHARS = 20


def _drop_action_columns(root: etree._Element) -> None:
    """Remove the call-to-action columns of the page's tables (see :data:`ACTION_COLUMN_MIN_ROWS`): only in a
    table whose rows all have the same number of cells, none spanning, so that the columns stay aligned."""
    for table in root.iter("table"):
        if table.find(".//a") is None:
            continue
        rows = []
        for child in table:
            if child.tag == "tr":
                rows.append(child)
            elif child.tag in ("thead", "tbody", "tfoot"):
                rows.extend(tr for tr in child if tr.tag == "tr")
        if len(rows) < ACTION_COLUMN_MIN_ROWS:
            continue
        cells = [[c for c in tr if c.tag in ("td", "th")] for tr in rows]
        width = len(cells[0])
        if width < 2 or any(len(row) != width for row in cells):
            continue
        body = [row for row in cells if any(c.tag == "td" for c in row)]
        if len(body) < ACTION_COLUMN_MIN_ROWS or any(c.get("colspan", "1").strip() != "1"
                                                     or c.get("rowspan", "1").strip() != "1"
                                                     for row in cells for c in row):
            continue
        action = [j for j in range(width) if _action_column([row[j] for row in body])]
        if action and len(action) < width:
            for row in cells:
                for j in action:
                    remove_keeping_tail(row[j])


def _action_column(column: list[etree._Element]) -> bool:
    """Whether the body cells of a column hold one and the same short link wherever they hold anything."""
    label = None
    filled = 0
    for cell in column:
        raw = _short_text(cell, ACTION_LABEL_MAX_CHARS)  # (a layout table's cell holding a page is not read whole)
        if raw is None:
            return False
        text = normalize_space(raw)
        if not text:
            continue
        if label is None:
            label = text
        if text != label or _link_text(cell) != label:
            return False
        filled += 1
    return filled >= ACTION_COLUMN_MIN_ROWS


def _link_text(el: etree._Element) -> str:
    """The text of the links in ``el``, whitespace-normalised, one space between two links."""
    return normalize_space(" ".join("".join(a.itertext()) for a in el.iter("a")))


#: A heading's action link in square brackets, in it or right after it: MediaWiki's "[edit]" ("[编辑]", "[edit |
#: edit source]"). The gold texts leave it out: wcxb_dev 2904 and a chinese_wce page hold it 26 and 111 times, their
#: gold never (a 92nd blind round's encyclopedia read "Background[edit]"). At most this many characters between
#: the brackets.
HEADING_ACTION_MAX_CHARS = 30
_BRACKETED_LINK_START = re.compile(r"\[\s*(?:</span>\s*)?<a\b", re.I)
_BRACKETED = re.compile(r"\[[^\[\]]{1," + str(HEADING_ACTION_MAX_CHARS) + r"}\]")


def _drop_heading_actions(root: etree._Element) -> None:
    """Remove the bracketed action links of headings (see :data:`HEADING_ACTION_MAX_CHARS`): a ``<span>`` holding
    only "[", links and "]" (not a footnote's number), inside a heading or right after one."""
    found = []
    for link in root.iter("a"):
        box = link.getparent()
        if box is None or box.tag != "span":
            continue
        owner = box.getparent()
        before = box.getprevious()
        if not (owner is not None and owner.tag in HEADING_TAGS or before is not None and before.tag in HEADING_TAGS):
            continue
        text = normalize_space("".join(box.itertext()))
        links = _link_text(box)
        words = text.strip("[]").replace("|", " ").split()
        if _BRACKETED.fullmatch(text) and links and not text.strip("[] ").isdigit() and all(w in links for w in words):
            found.append(box)
    for box in dict.fromkeys(found):
        remove_keeping_tail(box)


def remove_keeping_tail(el: etree._Element) -> None:
    """Remove ``el`` and its subtree from the tree, its tail text staying where it was (joined to the previous
    sibling's tail or the parent's text)."""
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
