"""Find a page's headline from its ``<h1>``, Open Graph title and ``<title>``."""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Callable

from lxml import etree

from .page import OVERLAYS_KEY, Page
from .parse import INLINE_TAGS, normalize_space

#: Separators sites put between the headline and the site name in ``<title>``.
_SITE_SEPARATORS = re.compile(r"\s+[|\-–—·:»]\s+")
#: Permalink marks that documentation generators put at a heading's end (Sphinx's and MkDocs'
#: ``<a class="headerlink">¶</a>``): not part of the headline.
_PERMALINK_MARKS = " ¶"
_TOKEN = re.compile(r"\w+")
_HEADINGS = etree.XPath("//body//h1 | //body//h2")
_H1 = etree.XPath("//body//h1")
#: The links of the page's navigation (its <nav>s, its header's, and what ARIA calls navigation) and where a page
#: names itself (links to its home page, its logo or brand), as XPath steps after "//body" or, in a subtree removed
#: from a rendered page as an overlay (a sticky header), after "descendant-or-self::".
_NAV_STEPS = ("nav//a", "header//a", "*[@role='navigation']//a")
_SELF_NAME_STEPS = ("a[@href='/' or @href='./' or @href='index.html']",
                    "*[contains(@class, 'logo') or contains(@class, 'brand') or contains(@class, 'site-name') or "
                    "contains(@class, 'site-title') or contains(@id, 'logo') or contains(@id, 'brand')]")


def _steps(prefix: str, steps: tuple[str, ...]) -> etree.XPath:
    return etree.XPath(" | ".join(prefix + step for step in steps))


_NAV_LINKS, _NAV_LINKS_IN = _steps("//body//", _NAV_STEPS), _steps("descendant-or-self::", _NAV_STEPS)
#: A breadcrumb trail (by its class or its label), whose links and last item name the sections above the page.
_CRUMBS = etree.XPath("//body//*[contains(@class, 'crumb') or contains(@aria-label, 'readcrumb')]")
_CRUMB_SEPARATORS = re.compile(r"\s*[›»>/|→]\s*")
_SELF_NAMES, _SELF_NAMES_IN = _steps("//body//", _SELF_NAME_STEPS), _steps("descendant-or-self::", _SELF_NAME_STEPS)
_SITE_NAMES = etree.XPath(
    "/html/head/meta[@property='og:site_name' or @name='application-name' or @name='apple-mobile-web-app-title']"
    "/@content")
#: A title part that is the site's name as its logo or home link says it and one more word of at most this many
#: characters names the site too: the product's kind or the site's section ("Loomwork CI", "Stripe Docs", "Acme
#: Blog", "Acme Online"; a 71st blind round's pricing page was headlined "Loomwork CI"). A longer last word begins a
#: headline ("Loomwork releases").
SITE_NAME_SUFFIX_MAX_CHARS = 6
#: Longest text taken for a headline (longer is a paragraph marked up as a heading).
MAX_HEADLINE_CHARS = 300
#: A part of ``<title>`` (split at :data:`_SITE_SEPARATORS`, not naming the site) of at least this many words found
#: whole in an ``<h1>`` makes it the headline (:func:`_matching_heading`): shorter parts ("News", "Home page") are
#: in many headings. So does an ``<h1>`` sharing this many words with ``<title>``, before any ``<h2>`` (on the dev
#: pages with gold titles, served HTML: exact wcxb_dev 972 -> 988 of 1,358, l3s_gn1 350 of 603 as before).
TITLE_PART_MIN_WORDS = 3
#: A ``<title>`` that, less the site's name, is this many words or fewer names a section ("Blog | Northwind
#: Courier", "News - Example"): a script-built page whose router never set the title of the story it shows
#: (a twelfth blind round: React Router 7) keeps its section's, and its largest ``<h1>`` is the headline.
SECTION_TITLE_MAX_WORDS = 2
#: An ``<h2>`` sharing fewer words than this with ``<title>`` is no headline, however short: a ticket page's "Tickets"
#: section under "Marisol Vega tickets | Harbour Hall, Bristol | …" (a 79th blind round) shares its one word. On the
#: dev pages with gold titles (``headline`` of the served HTML) 30 headlines changed: exact wcxb_dev 990 -> 1006 of
#: 1,358, l3s_gn1 348 -> 350 of 603 ("Soccer", "Why PostHog?", "Buy Terraria" gave way to the title's headline).
H2_MIN_SHARED_WORDS = 2
_OG_TITLE = etree.XPath(
    "/html/head/meta[@property='og:title' or @name='og:title' or @name='twitter:title']/@content")


def _tokens(text: str) -> set[str]:
    return set(_TOKEN.findall(text.lower()))


def headline(page: Page, content_ids: list[int] | None = None) -> str:
    """The page's headline.

    Prefers an ``<h1>`` (or ``<h2>`` when no h1 fits) whose words overlap the ``<title>``;
    on a rendered page, next an h1/h2 overlapping ``og:title``, then, when ``<title>`` is the
    site's own name (a script-built page's often is) or a section's and the site's, the most prominent
    visible ``<h1>``; then
    ``og:title``, then the longest part of ``<title>`` split at site-name separators.
    ``og:title`` and ``<title>`` lose the parts that name the site (:func:`_without_site_name`).
    ``content_ids`` (element ids of the extracted content) breaks ties toward headings
    near the content. Returns '' when the page has none of these.
    """
    html_title = page.html_title
    title_words = _tokens(html_title)
    og = _OG_TITLE(page.root)
    og_title = normalize_space(og[0]) if og else ""
    headings = _headings(page)

    def title_parts() -> list[set[str]]:  # the <title>'s parts besides the site's name, when it has separators
        rest = _title_parts(page, html_title)[1] if _SITE_SEPARATORS.search(html_title) else []
        return [words for part in rest if len(words := _tokens(part)) >= TITLE_PART_MIN_WORDS]

    best, best_score = _matching_heading(headings, title_words or _tokens(og_title),
                                         title_parts if title_words else None)
    if best_score >= 0.5:
        return best
    if page.geometry is not None:
        if og_title and title_words:
            matched, score = _matching_heading(headings, _tokens(og_title))
            if score >= 0.5:
                return matched
        shown = _prominent_h1(page) if _names_the_site(page, html_title) or _names_a_section(page, html_title) else ""
        if shown:
            return shown
    if og_title:
        return _without_site_name(page, og_title)
    if html_title:
        return _without_site_name(page, html_title)
    return best


def headline_id(page: Page, title: str) -> int | None:
    """The element id of the ``<h1>`` (else ``<h2>``) whose text is ``title``, where the headline came from a
    heading of the page; None when no heading reads so (a headline from ``<title>`` or ``og:title``)."""
    found = [el for el in _headings(page) if _heading_text(el) == title]
    found.sort(key=lambda el: el.tag != "h1")  # (stable: the first h1 in document order, else the first h2)
    return page.index.get(found[0]) if found else None


def _without_site_name(page: Page, title: str) -> str:
    """``title`` split at :data:`_SITE_SEPARATORS`, less the parts that name the site (:func:`_site_names`):
    the longest part left ("Workforce Management Software | Workforce.com", "Render | The cloud for
    builders"), or the longest part when every part does; ``title`` itself when it has one part."""
    parts, rest = _title_parts(page, title)
    return max(rest or parts, key=len) if len(parts) > 1 else title


def _title_parts(page: Page, title: str) -> tuple[list[str], list[str]]:
    """``title`` split at :data:`_SITE_SEPARATORS`, and those of its parts that do not name the site."""
    parts = [part.strip() for part in _SITE_SEPARATORS.split(title)]
    if len(parts) < 2:
        return parts, parts
    names, host = _site_names(page)
    return parts, [part for part in parts if not _names_site(part, names, host)]


def _site_names(page: Page) -> tuple[set[str], str]:
    """How the page names its site (lower case): ``og:site_name``/``application-name``, the text of its
    home link and logo or brand, and each piece of that text; and its host, letters and digits only
    ("calgarysuncom")."""
    names = {normalize_space(v).lower() for v in _SITE_NAMES(page.root)}
    for el in _SELF_NAMES(page.root) + [e for o in _overlays(page) for e in _SELF_NAMES_IN(o)]:
        # the whole, and each piece: a logo's name before its tagline ("Hollis Lab<small>Computational
        # Hydrology · Northfield University</small>": a 129th blind round)
        pieces = [normalize_space(piece).lower() for piece in el.itertext()]
        names.update([" ".join(p for p in pieces if p), *(p for p in pieces if len(p) >= 3)])
    host = urllib.parse.urlsplit(page.url or "").hostname or ""
    return names - {""}, "".join(_TOKEN.findall(host.lower()))


def _overlays(page: Page) -> list:
    """The fixed and sticky overlays removed from a rendered page (a sticky header with the site's logo and menu:
    :data:`extractor.page.OVERLAYS_KEY`); [] for a page read without rendering."""
    return page.geometry.extra.get(OVERLAYS_KEY, []) if page.geometry is not None else []


def _names_site(text: str, names: set[str], host: str) -> bool:
    """Whether ``text`` is one of ``names``, or one of them (3 characters at least) and one word more ("Loomwork CI"
    beside a logo saying "loomwork"), or, letters and digits only, part of ``host`` (3 characters at least)."""
    text = normalize_space(text).lower()
    squashed = "".join(_TOKEN.findall(text))
    if text in names or (len(squashed) >= 3 and squashed in host):
        return True
    first, _, rest = text.rpartition(" ")
    return bool(first) and len(first) >= 3 and first in names and len(rest) <= SITE_NAME_SUFFIX_MAX_CHARS


def _headings(page: Page) -> list[etree._Element]:
    """The ``<h1>`` and ``<h2>`` elements inside ``<body>`` and outside a ``<footer>``, in document order (read from
    the Page's tag list: a fifth of the cost of the XPath, which the headline of every page pays). A footer's heading
    names the site or a column of links: a 129th blind round's "Seminars | Hollis Lab" was headlined by its footer's
    "Hollis Lab"."""
    if page.body.tag != "body":
        return [el for el in _HEADINGS(page.root) if not any(a.tag == "footer" for a in el.iterancestors())]
    tags, elements, parent = page.tags, page.elements, page.parent_list
    start = page.body_id
    found = []
    for i in range(start + 1, int(page.end[start])):
        if tags[i] == "h1" or tags[i] == "h2":
            a = parent[i]
            while a > start and tags[a] != "footer":
                a = parent[a]
            if a <= start:
                found.append(elements[i])
    return found


#: Where an inline element starts or ends (:func:`_heading_text`).
_INLINE_EDGE = "\x00"
_WORDS_APART = re.compile(r"(?<=\w)\x00+(?=\w)")


def _heading_text(el: etree._Element) -> str:
    """A heading's text, whitespace-normalised, without a permalink mark at its end (:data:`_PERMALINK_MARKS`).

    Any element parts the words on either side of it, as ``itertext`` joined by spaces does, except that the edge
    of an inline element next to punctuation adds no space: "<span>Low Tide Choir</span>: <em>Glass Orchard</em>"
    reads "Low Tide Choir: Glass Orchard", not "Choir :" (a 79th blind round). Between two words it does, since a
    site that sets words in spans of their own spaces them with style (on the dev pages, "<span>product</span>
    <span>development</span>" with no space in the markup). Comments' text is left out."""
    parts: list[str] = []
    stack: list[tuple[etree._Element, bool]] = [(el, False)]
    while stack:  # a walk by hand: a hostile page may nest a heading's elements deeper than Python recurses
        node, ended = stack.pop()
        element = isinstance(node.tag, str)
        edge = "" if not element or node is el else _INLINE_EDGE if node.tag in INLINE_TAGS else " "
        if ended:
            parts.append(edge)
            if node is not el and node.tail:
                parts.append(node.tail)
            continue
        parts.append(edge)
        if element and node.text:
            parts.append(node.text)
        stack.append((node, True))
        if element:
            stack.extend((child, False) for child in reversed(node))
    text = _WORDS_APART.sub(" ", "".join(parts)).replace(_INLINE_EDGE, "")
    return normalize_space(text).rstrip(_PERMALINK_MARKS)


def _matching_heading(headings: list[etree._Element], reference: set[str],
                      title_parts: Callable[[], list[set[str]]] | None = None) -> tuple[str, float]:
    """The h1 (else h2) whose words overlap ``reference`` most, and the overlap (0..1).

    When no h1 overlaps by half, an h1 holding every word of a part of ``title_parts()`` (the ``<title>``'s
    parts, asked for only then) is taken before any h2, at overlap 0.5: a headline with a subtitle the ``<title>``
    leaves out ("Listening to Glaciers: Passive Acoustic Monitoring of ..." under "Listening to Glaciers – Cryosphere
    Sensing Lab") overlaps it less than a section's "Why listen to glaciers?" (a 58th blind round)."""
    best, best_score = "", 0.0
    h1s: list[tuple[str, set[str]]] = []  # the h1s' texts and words, read once
    for level in ("h1", "h2"):
        if level == "h2" and best_score < 0.5 and title_parts is not None:
            # an h1 holding a part shares at least the part's words with the title: only such h1s ask for the parts
            # (whose site names cost a search of the page)
            near = [(text, words) for text, words in h1s if len(words & reference) >= TITLE_PART_MIN_WORDS]
            parts = title_parts() if near else []
            whole = [text for text, words in near if any(part <= words for part in parts)]
            if whole:
                return whole[0], 0.5
            # an h1 sharing as many words with the title as a part has, before an h2 sharing two: a section's
            # short "The collection today" overlapped "Catalogue essay | The Elsworth Collection of English
            # Delftware" by a larger share than the essay's "A Potter's Eye: Delftware from the Elsworth Collection"
            # (a 108th blind round)
            if near:
                return max(near, key=lambda tw: len(tw[1] & reference))[0], 0.5
        for el in headings:
            if el.tag != level:
                continue
            text = _heading_text(el)
            if not text or len(text) > MAX_HEADLINE_CHARS:
                continue
            words = _tokens(text)
            if not words:
                continue
            if level == "h1":
                h1s.append((text, words))
            elif reference and len(words & reference) < H2_MIN_SHARED_WORDS:
                continue
            score = len(words & reference) / len(words) if reference else 0.5
            if score > best_score:
                best, best_score = text, score
        if best_score >= 0.5:
            break
    return best, best_score


def _prominent_h1(page: Page) -> str:
    """The ``<h1>`` of a rendered page set in the largest font (the higher on a tie), or ''.

    Every element of a rendered Page can be seen: hidden ones were removed when it was built.
    """
    geometry = page.geometry
    best, best_key = "", None
    for el in _H1(page.root):
        i = page.index.get(el)
        if i is None:
            continue
        text = _heading_text(el)
        if not text or len(text) > MAX_HEADLINE_CHARS:
            continue
        key = (float(geometry.font_size[i]), -float(geometry.y[i]))
        if best_key is None or key > best_key:
            best, best_key = text, key
    return best


def _names_a_section(page: Page, html_title: str) -> bool:
    """True when ``<title>`` is a section's name and the site's: parts split at :data:`_SITE_SEPARATORS`, one
    naming the site, the rest :data:`SECTION_TITLE_MAX_WORDS` words at most ("Blog | Northwind Courier"); or three
    parts or more, each that short, whatever names the site ("Tutorial — Nebula Hunters — Starboard": a section of a
    project of a site, none named by a logo: a 109th blind round); or a short part before a last one that opens with
    the site's name ("FAQ | Bright Occasions Event Planning, Chester" beside a logo saying "Bright Occasions": a
    111th); or parts besides the site's name of which one or more are links of the page's navigation and the
    others :data:`SECTION_TITLE_MAX_WORDS` words at most in all.
    """
    parts, rest = _title_parts(page, html_title)
    if len(parts) > 2 and all(len(part.split()) <= SECTION_TITLE_MAX_WORDS for part in parts):
        return True
    if len(parts) == 2 and len(parts[0].split()) <= SECTION_TITLE_MAX_WORDS:
        last = normalize_space(parts[1]).lower()
        if any(len(name) >= 3 and last.startswith(name + " ") for name in _site_names(page)[0]):
            return True
    if 0 < len(rest) < len(parts) and sum(len(part.split()) for part in rest) <= SECTION_TITLE_MAX_WORDS:
        return True
    # a part that is one of the page's navigation links is that section's name ("Get help now | Crisis Compass"
    # beside a menu's "Get help now", over the h1 "Crisis support: helplines you can call or text now": a 120th);
    # so is the rest when it is that short ("Compare fares | Fares and tickets | Firthlink" beside a menu's "Fares
    # and tickets", over the h1 "Ferry and bus fares compared": a 128th)
    if rest and len(parts) > 1:
        links = _NAV_LINKS(page.root) + [a for o in _overlays(page) for a in _NAV_LINKS_IN(o)]
        sections = {normalize_space("".join(a.itertext())).lower() for a in links}
        # and so is a breadcrumb trail's item, its last too ("Spring Elections 2027 | Your voice | Northgate
        # Students' Union" over a trail "Home › Your voice › Spring Elections 2027" and the h1 "Union President 2027:
        # meet the candidates": a 149th blind round)
        for trail in _CRUMBS(page.root):
            sections.update(normalize_space(item).lower()
                            for item in _CRUMB_SEPARATORS.split(normalize_space("".join(trail.itertext()))))
        left = [part for part in rest if normalize_space(part).lower() not in sections]
        return len(left) < len(rest) and sum(len(part.split()) for part in left) <= SECTION_TITLE_MAX_WORDS
    return False


def _names_the_site(page: Page, html_title: str) -> bool:
    """True when ``<title>`` is only the site's name: it carries no separated headline part and
    the page names itself so elsewhere (``og:site_name``/``application-name``, its home link or
    logo) or its host does ("The Calgary Sun" on calgarysun.com)."""
    if not normalize_space(html_title) or _SITE_SEPARATORS.search(html_title):
        return False
    return _names_site(html_title, *_site_names(page))
