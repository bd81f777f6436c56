"""Does a page read without rendering look like an app shell that its scripts fill in?

Pages built by front-end frameworks serve a skeleton: an empty mount point (``<div
id="root">``), custom elements whose content lives in shadow roots, un-rendered template
syntax (``{{ title }}``), or text kept hidden until the scripts show it. On the HTML path
such a page yields its chrome (a footer, a cookie line, hidden text) or nothing; the
Result then says so and suggests rendering.
"""

from __future__ import annotations

import re
import urllib.parse

from lxml import etree

from .page import Page
from .parse import HEADING_TAGS, normalize_space

#: Ids frameworks mount their app on: React/CRA ``root``, Vue ``app``, Next ``__next``, Nuxt
#: ``__nuxt``, Gatsby ``___gatsby``, Svelte/SvelteKit ``svelte``, Quasar ``q-app``, Angular's
#: ``app-root`` element (each framework's starter template).
MOUNT_IDS = frozenset({"root", "app", "__next", "__nuxt", "___gatsby", "svelte", "q-app", "main-app", "app-root",
                       "react-root", "application"})
#: A mount point with less text than this was served empty (a "Loading…" line at most).
MOUNT_EMPTY_MAX_CHARS = 40
#: A page whose readable (non-link) text is under this many characters beside an empty mount
#: point or custom element has no server-rendered content: a navigation bar, a footer and a
#: cookie line come to about a thousand characters on the chrome-only pages of the dev sets.
SHELL_TEXT_MAX_CHARS = 1500
#: A page with scripts showing less readable (non-link) text than this has shown nothing of its own yet:
#: a menu and a footer's links at most (the render path's ``EMPTY_PAGE_CHARS``, for a page that has not
#: rendered yet).
BARE_TEXT_MAX_CHARS = 200
#: Text kept hidden until scripts show it: more than this share of the body's text.
HIDDEN_SHARE_MIN = 0.5
#: Elements that hide content until scripts run: Alpine ``x-cloak``, Vue ``v-cloak``, the HTML
#: ``hidden`` attribute, inline ``display: none`` / ``visibility: hidden`` (checked below).
#: The attributes that may hide an element (an attribute axis: 2.4x faster than testing every element
#: under <body>, measured on 300 dev pages).
_HIDING = etree.XPath("//@style[contains(., 'none') or contains(., 'hidden')] | //@hidden | //@x-cloak | //@v-cloak")
_HIDING_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
_MOUNTS = etree.XPath("//body//*[" + " or ".join(f"@id='{m}'" for m in sorted(MOUNT_IDS)) + " or self::app-root]")
#: Lists, tables and content sections served empty under an id: the hooks scripts fill.
_EMPTY_HOLDERS = etree.XPath("//body//*[@id and not(*) and normalize-space() = '' and (self::ul or self::ol or "
                             "self::tbody or self::table or self::main or self::article or self::section)]")
_BUSY = etree.XPath("//body//*[@aria-busy='true']")
#: A loading skeleton (grey bars standing for lines of text until the content comes: "skeleton", "shimmer" in its
#: class, MUI's ``MuiSkeleton-root``, a 70th blind round's death notice built from a JSON island) holding no text.
_SKELETON = etree.XPath("//body//*[contains(translate(@class, 'SKELTONHIMR', 'skeltonhimr'), 'skeleton') or "
                        "contains(translate(@class, 'SKELTONHIMR', 'skeltonhimr'), 'shimmer')]")
#: Elements a framework keeps hidden until it has started (Vue's ``v-cloak``, Alpine's ``x-cloak``): their
#: templates are compiled in the browser, so what they hold comes only then (a 61st blind round: a Vue guide in a
#: ``<main v-cloak>``, an Alpine results page, each read as its cookie banner and no hint).
_CLOAKED = etree.XPath("//body//*[@v-cloak or @x-cloak]")
#: The page's main region as its markup names it (the first ``<main>`` or ``role="main"``): served with at
#: most a "Loading…" line, its content comes from scripts (a seventh blind round, 2026-11-29: 15 of 24 pages
#: built by scripts held their article in an empty ``<main>`` and went without the hint before).
_MAIN = etree.XPath("(//body//*[self::main or @role='main'])[1]")
#: The story's own region (the first ``<main>`` or ``role="main"``, and the first ``<article>``, which a main region
#: holding promos beside it hides) served with its headline and byline and an empty element under an id beside
#: them: the hook the story's paragraphs are put into (the HTML path of a 56th blind round's pages read a headline
#: and a byline and gave no hint; a 107th's data story, its main region also holding a donation box).
_HEADED = etree.XPath("(//body//*[self::main or @role='main'])[1] | (//body//article)[1]")
_HOOKS = etree.XPath(".//*[@id and not(*) and normalize-space() = '' and (self::div or self::section)]")
#: Text a region served as a hook may hold besides its headings and its standfirst: a byline and a date line (the
#: longest "By ..., ... correspondent · Updated ..." line is about 100 characters).
HEADED_SHELL_MAX_CHARS = 120
#: A standfirst under the headline (a 107th blind round's long reads served headline, standfirst and byline beside
#: the empty hook): an element whose class or id has one of these words counts as a heading here.
STANDFIRST_WORDS = frozenset({"dek", "standfirst", "strapline", "subtitle", "subheadline", "subhead", "lede", "lead",
                              "intro"})
_WORD = re.compile(r"[a-z]+")
#: A line saying the content is on its way ("Loading…", "Loading the abstract…"), in the languages of the render
#: path's button labels too (a 99th blind round's Polish forum served "Wczytywanie wątku…" and got no hint):
#: German, French, Spanish, Italian, Portuguese, Dutch, Polish, Swedish, Russian, Japanese, Chinese, Korean.
LOADING_WORDS = ("loading", "wird geladen", "lädt", "chargement", "cargando", "caricamento", "carregando", "laden",
                 "wczytywanie", "ładowanie", "laddar", "загрузка", "読み込み中", "加载中", "載入中", "로딩")
_LOADING_LINE = re.compile(r"(" + "|".join(LOADING_WORDS) + r")(?!\w)", re.I)
#: Elements holding no element and a short text (:data:`MOUNT_EMPTY_MAX_CHARS`): where such a line can be. One
#: XPath test of each word cost 18 ms a page against 0.8 ms for "loading" alone; the words are matched in Python.
_SHORT_LEAVES = etree.XPath(f"//body//*[not(*)][string-length(normalize-space()) > 0]"
                            f"[string-length(normalize-space()) <= {MOUNT_EMPTY_MAX_CHARS}]")
_CUSTOM = etree.XPath("//body//*[contains(local-name(), '-')]")
#: Attributes of front-end frameworks that fill an element in the browser: Alpine ``x-``, htmx
#: ``hx-``, Vue ``v-`` and its ``:``/``@`` shorthands, Angular ``ng-``, Knockout ``data-bind``.
_DIRECTIVE_ATTR = re.compile(r"^(x-(data|text|html|for|show)|hx-(get|post|trigger)|v-(if|for|text|html)|ng-|data-bind)")
_DIRECTIVES = etree.XPath("//body//*[@*[starts-with(name(), 'x-text') or starts-with(name(), 'x-html') or "
                          "starts-with(name(), 'x-for') or starts-with(name(), 'x-data') or "
                          "starts-with(name(), 'hx-get') or starts-with(name(), 'hx-post') or "
                          "starts-with(name(), 'v-text') or starts-with(name(), 'v-html') or "
                          "starts-with(name(), 'v-for') or starts-with(name(), 'ng-') or name() = 'data-bind']]")
#: Frames that may hold the page: ``<iframe>``, and ``<object>`` declared to show a page (``type="text/html"``).
_IFRAME = re.compile(r"<iframe\b[^>]*>|<object\b[^>]*\stype\s*=\s*[\"']?text/html[^>]*>", re.I)
_SRC = re.compile(r"""\s(?:src|data)\s*=\s*["']?([^"'\s>]*)""", re.I)
_SIZE = re.compile(r"""\s(width|height)\s*=\s*["']?(\d+)(?!\s*%)|(width|height)\s*:\s*(\d+)px""", re.I)
#: A frame declared smaller than this (px) in either direction is an ad or a tracker, not a
#: page: the IAB standard units a frame of content would exceed (300 px wide, 250 px tall;
#: the frame shares of ``render.geometry``).
FRAME_MIN_DECLARED_PX = {"width": 512, "height": 200}
_MUSTACHE = re.compile(r"\{\{[^{}]{1,80}\}\}")


def script_shell_signs(page: Page) -> list[str]:
    """What marks ``page`` (read without rendering) as needing a browser; [] when nothing does.

    Takes a Page parsed from served HTML; returns short descriptions ("an empty #root", ...).
    Only a page that shows little readable text (hidden text aside) qualifies: a same-site
    frame that may hold the page; and, on a page with scripts, almost no text besides links, an
    empty mount point, an empty custom element or list/table/section under an id, elements driven
    by framework directives holding at most a "Loading…" line, un-rendered template syntax, a large
    share of hidden text, or a region marked busy.
    """
    if page.geometry is not None:
        return []
    body = page.body_id
    total = int(page.text_len[body])
    hidden, covered, last = 0, -1, -1
    for attribute in _HIDING(page.root):
        el = attribute.getparent()
        i = page.index.get(el)
        if i is None or i <= body or i >= int(page.end[body]) or i < covered or i == last:
            continue  # outside <body>, inside a hidden element already counted, or seen
        last = i
        hides = any(el.get(a) is not None for a in ("hidden", "x-cloak", "v-cloak"))
        if not hides and not _HIDING_STYLE.search(el.get("style") or ""):
            continue  # a style such as "border: none"
        hidden += int(page.text_len[i])
        covered = int(page.end[i])
    if int(page.non_link_len[body]) - hidden >= SHELL_TEXT_MAX_CHARS:
        return []
    signs: list[str] = []
    if any(_content_frame(m.group(0), page.url) for m in _IFRAME.finditer(page.source_text or "")):
        signs.append("a page inside an inline frame or object (not read without rendering)")
    if not page.script_count:
        return signs
    shown = int(page.non_link_len[body]) - hidden
    if shown < BARE_TEXT_MAX_CHARS:
        signs.append(f"{max(shown, 0)} characters of text besides links")
    for el in _MOUNTS(page.root):
        if _bare(page, el):
            signs.append(f"an empty #{el.get('id') or el.tag}")
    mains = _MAIN(page.root)
    for el in mains:
        if _bare(page, el):
            named = el.get("id")
            signs.append(f"an empty <{el.tag} id={named}>" if named else f"an empty <{el.tag}>")
    for el in _HEADED(page.root):  # the main region, then the first article (one sign at most)
        hook = None if _bare(page, el) else _headed_shell(page, el)
        if hook is not None:
            signs.append(f"an empty <{hook.tag} id={hook.get('id')}> under a headline")
            break
    for el in mains:  # its first element an empty hook, the promos and sign-ups the site adds after it
        hook = _opening_hook(page, el)
        if hook is not None:
            signs.append(f"an empty <{hook.tag} id={hook.get('id')}> opening <{el.tag}>")
    lines = (el for el in _SHORT_LEAVES(page.root) if _LOADING_LINE.match((el.text or "").lstrip()))
    if any(_loading_slot(el, mains) for el in lines):
        signs.append("a loading placeholder")
    custom = _CUSTOM(page.root)
    if custom:  # web components: their content lives in shadow roots that scripts attach
        bare = [el.tag for el in custom if _bare(page, el)]
        signs.append(f"an empty <{bare[0]}>" if bare else f"custom elements (<{custom[0].tag}>)")
    directive = [el for el in _DIRECTIVES(page.root) if _bare(page, el)]
    if directive:
        names = sorted({a.split("-")[0] + "-" if "-" in a else a[0] for el in directive for a in el.attrib
                        if _DIRECTIVE_ATTR.match(a)})
        signs.append(f"empty elements driven by {'/'.join(names)} directives")
    holders = _EMPTY_HOLDERS(page.root)
    if holders:
        signs.append(f"an empty <{holders[0].tag} id={holders[0].get('id')}>")
    if _MUSTACHE.search(page.text_of(body)):
        signs.append("un-rendered template syntax ({{ … }})")
    if total and hidden > HIDDEN_SHARE_MIN * total:
        signs.append(f"{hidden * 100 // total} % of its text hidden until scripts run")
    if _BUSY(page.root):
        signs.append("a loading placeholder")
    elif any(page.text_len[i] == 0 for i in (page.index.get(el) for el in _SKELETON(page.root)) if i is not None):
        signs.append("a loading skeleton")
    cloaked = _CLOAKED(page.root)
    if cloaked:
        cloak = "v-cloak" if cloaked[0].get("v-cloak") is not None else "x-cloak"
        signs.append(f"<{cloaked[0].tag}> kept hidden ({cloak}) until its framework starts")
    return signs


#: How many layout wrappers (a grid row, a column: elements without an id of their own) :func:`_opening_hook`
#: looks through from the main region to its first element: a 78th blind round's council pages served
#: ``<main><div class="grid"><div id="bins-app">Loading…</div><aside>…`` and got no hint at 0.
OPENING_HOOK_LEVELS = 3


def _opening_hook(page: Page, main: etree._Element) -> etree._Element | None:
    """The hook the main region's content goes into, served empty: its first element, or the first element
    of a layout wrapper that opens it (:data:`OPENING_HOOK_LEVELS`), a ``<div>`` or ``<section>`` under an
    id holding nothing or only a "Loading…" line (:data:`_LOADING_LINE`); None when there is none."""
    el = main
    for _ in range(OPENING_HOOK_LEVELS):
        if (el.text or "").strip():
            return None
        first = next((child for child in el if isinstance(child.tag, str)), None)
        if first is None or first.tag not in ("div", "section"):
            return None
        if first.get("id"):
            text = normalize_space("".join(first.itertext()))
            return first if _bare(page, first) and (not text or _LOADING_LINE.match(text)) else None
        el = first
    return None


def _bare(page: Page, el: etree._Element) -> bool:
    """True when ``el`` holds at most a "Loading…" line of text, ``<noscript>`` text aside (a browser running
    scripts never shows it: an 80th blind round's React root held "You need to turn on JavaScript to use the
    branch finder" and went without the hint)."""
    i = page.index.get(el)
    if i is None:
        return False
    chars = int(page.text_len[i])
    if chars >= MOUNT_EMPTY_MAX_CHARS:
        index = page.index
        chars -= sum(int(page.text_len[index[n]]) for n in el.iter("noscript") if n in index)
    return chars < MOUNT_EMPTY_MAX_CHARS


#: How many wrappers holding nothing else a "Loading…" line may sit in under the slot that carries the id (a 126th
#: blind round's dementia guide served ``<div id="guide-root"><div class="guide"><p>Loading guide…`` and went
#: without the hint).
LOADING_SLOT_MAX_LEVELS = 3


def _loading_slot(el: etree._Element, mains: list[etree._Element]) -> bool:
    """True when ``el`` is a "Loading…" line (:data:`_LOADING_LINE`) standing for the page's content: it, or a wrapper
    holding nothing else (:data:`LOADING_SLOT_MAX_LEVELS` up), carries an id and sits right in ``<body>`` or in the
    main region (``mains``: :data:`_MAIN`'s answer). A line in a sidebar's search box or a screen reader's spinner
    text is not."""
    text = normalize_space("".join(el.itertext()))
    if not _LOADING_LINE.match(text) or len(text) > MOUNT_EMPTY_MAX_CHARS:
        return False
    slot = el
    for _ in range(LOADING_SLOT_MAX_LEVELS):  # up to the first element with an id
        if slot.get("id") or slot.getparent() is None:
            break
        slot = slot.getparent()
    # what holds the slot holds only the line (so does every wrapper between them)
    if not slot.get("id") or normalize_space("".join(slot.itertext())) != text:
        return False
    holder = slot.getparent()
    return holder is not None and (holder.tag == "body" or holder in mains)


def _headed_shell(page: Page, el: etree._Element) -> etree._Element | None:
    """The first empty element under an id (:data:`_HOOKS`) in ``el`` when ``el`` holds, headings and a standfirst
    aside, at most :data:`HEADED_SHELL_MAX_CHARS` characters of text; else None."""
    i = page.index.get(el)
    hooks = _HOOKS(el) if i is not None else []
    if not hooks:
        return None
    tags, text_len, end = page.tags, page.text_len, int(page.end[i])
    headings, j = 0, i + 1
    while j < end:  # the headings' text, each counted once (a heading inside a heading is not descended into)
        if tags[j] in HEADING_TAGS or _standfirst(page.class_id[j]):
            headings += int(text_len[j])
            j = int(page.end[j])
        else:
            j += 1
    return hooks[0] if int(text_len[i]) - headings <= HEADED_SHELL_MAX_CHARS else None


def _standfirst(class_id: str) -> bool:
    """True for an element's class and id (:attr:`Page.class_id`) naming it a standfirst (:data:`STANDFIRST_WORDS`)."""
    return bool(class_id) and not STANDFIRST_WORDS.isdisjoint(_WORD.findall(class_id.lower()))


def _content_frame(tag: str, page_url: str | None) -> bool:
    """True for an ``<iframe>`` tag that may hold the page: same site, shown, not declared small."""
    if re.search(r"display\s*:\s*none|visibility\s*:\s*hidden|\shidden[\s>=]", tag, re.I):
        return False
    src = _SRC.search(tag)
    if not src or not src.group(1) or src.group(1).startswith(("about:", "javascript:", "data:")):
        return False
    target = urllib.parse.urlsplit(src.group(1))
    if target.netloc and (not page_url or target.netloc.lower() != urllib.parse.urlsplit(page_url).netloc.lower()):
        return False  # another site's frame: an ad, a video, a widget
    for m in _SIZE.finditer(tag):
        name, value = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if int(value) < FRAME_MIN_DECLARED_PX[name.lower()]:
            return False
    return True


#: How :func:`script_shell_warning` begins (a rendered page's fallback to its served HTML leaves it out).
SHELL_WARNING_START = "the page looks built by scripts or frames"


def script_shell_warning(page: Page) -> str | None:
    """The warning for an app shell read without rendering (see :func:`script_shell_signs`), or None."""
    signs = script_shell_signs(page)
    if not signs:
        return None
    return (f"{SHELL_WARNING_START} ({', '.join(dict.fromkeys(signs))}; {page.script_count} "
            "scripts): its content is probably missing without rendering: try render=True (--render)")
