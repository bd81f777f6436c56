"""A page's metadata: author, dates, site name, language, description, image, canonical URL, tags.

Each field is read from the page's own statements in one order of trust: JSON-LD (the
``<script type="application/ld+json">`` bodies of ``Page.source_text``; the tree has lost its
scripts), then Open Graph (``og:*``, ``article:*``), then other ``<meta>``/``<link>`` markup
(``name=author``, ``<html lang>``, ``rel=canonical``, Dublin Core, microdata ``itemprop``),
then what a reader sees (a "By Jane Doe" byline, a ``<time datetime>``, ``rel=tag`` links).
The first tier that has a usable value wins; a field no tier gives is ``None`` (``tags``:
``[]``). A publication date no tier gives is then looked for in the short lines around the
headline (:func:`headline_date`: "3 March 2024", "March 3, 2024", "2024-03-03", "03.03.2024",
"2024年3月3日"), and only then by htmldate. A date is never taken from the URL alone.

Nothing here raises on bad markup: invalid JSON-LD, lists, ``@graph``, ``@id`` references and
authors given as strings, objects or arrays are all read or skipped. Dates are ISO 8601:
``YYYY-MM-DD`` when the page gives a day only, else the full timestamp as given.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from dataclasses import MISSING, field, fields, make_dataclass
from functools import partial
from typing import Any

from lxml import etree

from .dates import (
    headline_date,
    htmldate_fallback,
    iso_date,
)
from .page import Page, _ld_scripts
from .parse import normalize_space

#: Fields :func:`page_metadata` fills, in ``Result`` order.
FIELDS = ("author", "date", "date_modified", "site_name", "language", "description", "image",
          "canonical_url", "tags")

#: JSON-LD types that are the page's main piece of writing (their dates are publication dates).
_ARTICLE_TYPES = frozenset(t.lower() for t in (
    "Article", "NewsArticle", "BlogPosting", "Blog", "Report", "ScholarlyArticle", "TechArticle",
    "AnalysisNewsArticle", "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle",
    "BackgroundNewsArticle", "LiveBlogPosting", "SocialMediaPosting", "DiscussionForumPosting",
    "MedicalWebPage", "Review", "Recipe", "HowTo", "VideoObject", "PodcastEpisode", "Episode",
    "CreativeWork", "Book", "Course", "QAPage", "Question", "Answer", "Thesis", "Dataset",
))
_PAGE_TYPES = frozenset(t.lower() for t in (
    "WebPage", "ItemPage", "AboutPage", "FAQPage", "ProfilePage", "CollectionPage", "ContactPage",
    "SearchResultsPage", "CheckoutPage", "RealEstateListing", "MedicalWebPage",
))
_SITE_TYPES = frozenset(("website",))
#: JSON-LD scripts and nodes read at most (a page with thousands is a data dump, not metadata).
MAX_LD_NODES = 2000
#: Longest author text kept (longer is a sentence or a bio, not a name).
MAX_AUTHOR_CHARS = 120

_BY = re.compile(r"^\s*(?:(?:(?:written|posted|published|reported|words|text|story|notes|programme notes|reporting"
                 r"|interview|review)\s+)?(?:by|von|par|por|door|di|av)\b"
                 r"|(?:author|autor|auteur|autore)\b)\s*[:\-–—]?\s*", re.I)
_WORD = r"(?!(?:and|und|et)\b)[^\W\d_][\w.'’\-]*"  # a word of a name; "and" joins two names
_NAME = _WORD + r"(?:\s+" + _WORD + r"){1,3}"
_BYLINE = re.compile(r"^\s*(?:(?:written|posted|reported)\s+)?by\s*:?\s+(" + _NAME +
                     r"(?:\s*(?:,|and|&)\s*" + _NAME + r")*)", re.I)
_BYLINE_LABEL = re.compile(r"^\s*(?:(?:written|posted|reported)\s+)?by\s*:?\s*$", re.I)
_AUTHOR_TAIL = re.compile(r"\s*(?:[|•·,]\s*)?(?:(?:on|am|le|el)\s+)?(?:\d{1,4}[./\-]\d{1,2}[./\-]\d{1,4}|"
                          r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d).*$"
                          # "on", "am", "at" in lower case only: "What's On" is a desk's name
                          # ("By Chloe Marsden, What's On Editor")
                          r"|\s+(?:in|says|said|wrote|posted|(?-i:on|am|at))(?:\s.*)?$", re.I)
#: Last words of a job title after a byline's name ("Jane Doe, Transport Correspondent"): that part is a role
#: (teachers, researchers and analysts write a school's, a lab's and a firm's guides: "Jonas Weber, German
#: teacher", a 134th blind round).
_ROLE_WORDS = frozenset("editor correspondent reporter writer columnist contributor critic producer journalist "
                        "editor-at-large team desk officer manager director coordinator teacher tutor lecturer "
                        "instructor professor researcher analyst photographer engineer".split())
#: ... or a part after the name that opens as a job title does: a rank, or a post "of", "for" or "at" something
#: ("Dr Maya Lindqvist, Head of Conservation Science": a 137th blind round gave no author; "Director of Research").
_ROLE_PART = re.compile(r"(?:head|chief|senior|deputy|lead|principal|associate|assistant|executive|vice|managing)\b"
                        r"|\S+(?:\s+\S+)?\s+(?:of|for|at)\s", re.I)
#: Words of a byline's surroundings (profile links, comment forms), never of a name.
_NOT_NAME = re.compile(r"[*()\[\]{}<>=|#@:/]|\b(?:profile|e-?mail|twitter|facebook|rss|follow|view|posts?|more|"
                       r"required|comments?|reply|login|log in|sign|share|name|admin|anonymous|unknown|staff writer)\b",
                       re.I)
_URLISH = re.compile(r"^(?:https?:|www\.|//)|\.(?:com|org|net)/|@\w+\.\w", re.I)
_TAG_SPLIT = re.compile(r"\s*[,;]\s*")
#: A full stop after a word of two letters or more: the end of a byline's first sentence unless the
#: word is an abbreviation of a title (an initial such as "J. Doe" is one letter and stays).
_FULL_STOP = re.compile(r"([^\W\d_]{2,})\.\s")
_DANGLING_AND = re.compile(r"\s+(?:and|&|und|et|y|e|en)$", re.I)
_TITLE_ABBREVIATIONS = frozenset("dr mr mrs ms mx prof st jr sr rev hon gen col capt sgt lt mt".split())
_SPACE = re.compile(r"\s+")
_LD_JUNK = re.compile(r"^\s*(?:<!--|//\s*<!\[CDATA\[|<!\[CDATA\[)|(?:-->|//\s*\]\]>|\]\]>)\s*$")
#: Author and byline elements of the visible page, by markup that names them.
_NOT_BYLINE_TAGS = frozenset(("article", "main", "section", "img", "meta", "link", "ul", "ol", "table", "form"))
#: Marked author/byline elements read at most, in document order (the cap since the byline reader
#: came in with issue #16, commit 6a7ae79).
MAX_MARKED_BYLINES = 30
#: An author's bio box or picture, not the byline.
_AUTHOR_BOX = re.compile(r"author-?(?:bio|box|info|description|avatar|image|photo|img|pic|list|archive)|about-?author",
                         re.I)
_BY_QUICK = re.compile(r"\s*(?:(?:written|posted|reported)\s+)?by\b", re.I)
_TITLE_SEPARATORS = re.compile(r"\s+[|\-–—·:»]\s+")
_HOSTISH = re.compile(r"(?:[\w-]+\.)+[a-z]{2,}", re.I)

#: ``<meta>`` keys (``property``, ``name``, ``itemprop`` or ``http-equiv``, lower case) per field
#: and tier, in order within the tier.
_OG = {
    "author": ("article:author", "og:article:author", "book:author"),
    "date": ("article:published_time", "og:article:published_time", "og:published_time",
             "video:release_date", "book:release_date"),
    "date_modified": ("article:modified_time", "og:article:modified_time", "og:updated_time",
                      "og:modified_time"),
    "site_name": ("og:site_name",),
    "language": ("og:locale",),
    "description": ("og:description",),
    "image": ("og:image", "og:image:url", "og:image:secure_url"),
    "canonical_url": ("og:url",),
    "tags": ("article:tag", "og:article:tag", "book:tag", "video:tag"),
}
_META = {
    "author": ("author", "dc.creator", "dcterms.creator", "dc.creator.author", "byl", "parsely-author",
               "sailthru.author", "citation_author", "article.author", "twitter:creator:name"),
    "date": ("datepublished", "date", "pubdate", "publishdate", "publish-date", "publish_date", "publication_date",
             "dc.date.issued", "dcterms.issued", "dc.date", "dcterms.date", "dcterms.created", "dc.date.created",
             "citation_publication_date", "citation_date", "citation_online_date", "sailthru.date",
             "parsely-pub-date", "article.published", "article_date_original", "originalpublicationdate",
             "date.available", "created", "datecreated"),
    "date_modified": ("datemodified", "last-modified", "dc.date.modified", "dcterms.modified", "article.updated",
                      "lastmod", "revised"),
    "site_name": ("application-name", "apple-mobile-web-app-title", "publisher", "dc.publisher",
                  "dcterms.publisher", "citation_publisher", "citation_journal_title", "twitter:site"),
    "language": ("content-language", "dc.language", "dcterms.language", "language", "inlanguage"),
    "description": ("description", "twitter:description", "dc.description", "dcterms.description",
                    "dcterms.abstract"),
    "image": ("twitter:image", "twitter:image:src", "thumbnail", "image", "thumbnailurl"),
    "canonical_url": (),
    "tags": ("keywords", "news_keywords", "parsely-tags", "sailthru.tags", "dc.subject", "citation_keywords"),
}


def _metadata_class() -> type:
    """``Metadata``: what :func:`page_metadata` found, the :data:`FIELDS` of ``Result`` (declared
    once, there) plus ``sources``, which names the tier each field came from."""
    from .result import Result

    def same(f: Any) -> Any:
        return field(default_factory=f.default_factory) if f.default_factory is not MISSING else field(
            default=f.default)

    declared = [(f.name, f.type, same(f)) for f in fields(Result) if f.name in FIELDS]
    made = make_dataclass("Metadata", [*declared, ("sources", dict, field(default_factory=dict))])
    made.__module__ = __name__
    return made


Metadata = _metadata_class()


def page_metadata(page: Page, *, date_fallback: Any = None) -> Metadata:
    """Read the metadata of ``page`` (see the module docstring). Never raises on page content.

    ``date_fallback``, when given, is called with the page when no tier names a publication
    date and may return an ISO date (``None`` for none); see :func:`htmldate_fallback`.
    """
    meta = Metadata()
    ld = _JsonLd(page.source_text or "")
    tags = _meta_tags(page.root)
    base = page.url or ""
    tiers = (("json-ld", ld.field), ("opengraph", lambda f: _from_meta(tags, _OG[f], f, base)),
             ("meta", lambda f: _head_field(page.root, tags, f, base)),
             ("visible", lambda f: _visible(page, f)))
    for name in FIELDS:
        for tier, get in tiers:
            try:
                value = _clean(name, get(name), base)
            except Exception:  # noqa: BLE001 - a metadata reader must not fail an extraction
                value = None
            if value:
                setattr(meta, name, value)
                meta.sources[name] = tier
                break
    if meta.date is None:
        value = _clean("date", headline_date(page), base)
        if value:
            meta.date, meta.sources["date"] = value, "headline"
    if meta.date is None and date_fallback is not None:
        add_fallback_date(meta, lambda: date_fallback(page))
    address = page.url or meta.canonical_url
    if meta.site_name is None and address:  # the site's own address names it (as trafilatura does)
        try:
            host = urllib.parse.urlsplit(address).hostname or ""
        except ValueError:
            host = ""
        host = host[4:] if host.startswith("www.") else host
        if "." in host and not host.replace(".", "").isdigit():
            meta.site_name, meta.sources["site_name"] = host, "url"
    _drop_early_modified(meta)
    return meta


def add_fallback_date(meta: Any, find: Any) -> None:
    """Set ``meta.date`` (a :class:`Metadata` or a Result) to what ``find()`` returns, an ISO date or
    None, as the "htmldate" tier; nothing when ``find`` fails or finds nothing. Never raises."""
    try:
        value = _clean("date", find(), "")
    except Exception:  # noqa: BLE001 - a metadata reader must not fail an extraction
        value = None
    if value:
        meta.date = value
        sources = getattr(meta, "sources", None)
        if sources is not None:
            sources["date"] = "htmldate"
        _drop_early_modified(meta)


def _drop_early_modified(meta: Any) -> None:
    if meta.date and meta.date_modified and meta.date_modified[:10] < meta.date[:10]:
        meta.date_modified = None  # a "modified" before the publication is some other date


# ---------------------------------------------------------------- JSON-LD


class _JsonLd:
    """The JSON-LD nodes of a page, with its main entity, its page node and its site node."""

    def __init__(self, text: str) -> None:
        self.nodes: list[dict] = []
        self.ids: dict[str, dict] = {}
        for body in _ld_scripts(text) if text else ():
            data = _load_json(body)
            if data is not None:
                self._walk(data, 0)
            if len(self.nodes) >= MAX_LD_NODES:
                break
        self.main = self._first(_ARTICLE_TYPES)
        self.webpage = self._first(_PAGE_TYPES)
        self.site = self._first(_SITE_TYPES)
        if self.main is None and self.webpage is None and len(self.nodes) == 1:
            self.main = self.nodes[0]  # a page's only node speaks for it (a Product, an Event ...)

    def _walk(self, data: Any, depth: int) -> None:
        if depth > 4 or len(self.nodes) >= MAX_LD_NODES:
            return
        if isinstance(data, list):
            for item in data:
                self._walk(item, depth + 1)
        elif isinstance(data, dict):
            graph = data.get("@graph")
            if "@type" in data or "@id" in data:
                self.nodes.append(data)
                node_id = data.get("@id")
                if isinstance(node_id, str) and len(data) > 2:
                    self.ids.setdefault(node_id, data)
            if graph is not None:
                self._walk(graph, depth + 1)

    def _first(self, types: frozenset[str]) -> dict | None:
        for node in self.nodes:
            if _types(node) & types:
                return node
        return None

    def resolve(self, value: Any) -> Any:
        """``value`` with an ``{"@id": ...}`` reference replaced by the node it names."""
        if isinstance(value, dict) and len(value) <= 2 and isinstance(value.get("@id"), str):
            return self.ids.get(value["@id"], value)
        return value

    def field(self, name: str) -> Any:
        nodes = [n for n in (self.main, self.webpage) if n is not None]
        if name == "author":
            for node in nodes:
                found = _names(node.get("author"), self) or _names(node.get("creator"), self)
                if found:
                    return found
            return None
        if name in ("date", "date_modified"):
            keys = ("datePublished", "dateCreated", "uploadDate") if name == "date" else ("dateModified",)
            for node in nodes:  # the first value that is a date: "not a date" does not end the search
                for key in keys:
                    text = _text(node.get(key))
                    if text and iso_date(text):
                        return text
            return None
        if name == "site_name":  # the WebSite's name (what og:site_name says), else the publisher's
            sites = [self.resolve(node.get("isPartOf")) for node in nodes] + [self.site]
            for site in sites:
                if isinstance(site, dict) and "website" in _types(site) and _text(site.get("name")):
                    return _text(site.get("name"))
            for node in nodes:
                publisher = self.resolve(_one(node.get("publisher")))
                found = _names(publisher, self) if isinstance(publisher, (dict, str)) else None
                if found:
                    return found
            return None
        if name == "language":
            return _first_value(nodes + ([self.site] if self.site else []), ("inLanguage",), names=True)
        if name == "description":
            return _first_value(nodes, ("description",))
        if name == "image":
            for node in nodes:
                for key in ("image", "thumbnailUrl"):
                    value = node.get(key)
                    for item in (value if isinstance(value, list) else [value])[:10]:
                        url = _url_of(self.resolve(item), self)
                        if url:
                            return url
            return None
        if name == "canonical_url":
            for node in nodes:
                entity = self.resolve(node.get("mainEntityOfPage"))
                for value in (node.get("url"), entity.get("@id") if isinstance(entity, dict) else entity):
                    if isinstance(value, str) and value.startswith(("http://", "https://")):
                        return value
            return None
        if name == "tags":
            for node in nodes:
                keywords = node.get("keywords")
                if isinstance(keywords, str):
                    keywords = _TAG_SPLIT.split(keywords)
                if isinstance(keywords, list):
                    found = [_text(k) for k in keywords if isinstance(k, str)]
                    if any(found):
                        return found
            return None
        return None


#: JSON-LD properties that hold a page's whole text as schema.org defines them (an Article's, a Review's).
LD_BODY_KEYS = ("articleBody", "reviewBody")


def ld_body(page: Page) -> tuple[str, str] | None:
    """The longest text the page's JSON-LD nodes hold under :data:`LD_BODY_KEYS`, with its key:
    ``(key, text)`` as written (it may be HTML), or None when no node holds one."""
    best: tuple[str, str] | None = None
    for node in _JsonLd(page.source_text or "").nodes:
        for key in LD_BODY_KEYS:
            value = node.get(key)
            if isinstance(value, str) and value.strip() and (best is None or len(value) > len(best[1])):
                best = (key, value)
    return best


def _load_json(body: str) -> Any:
    """Parse one JSON-LD script body; None when it is not JSON (after stripping comment wrappers)."""
    body = body.strip()
    if not body:
        return None
    for attempt in range(3):
        try:
            return json.loads(body, strict=False)  # strict=False: raw newlines inside strings
        except (ValueError, RecursionError):
            if attempt == 0:
                body = _LD_JUNK.sub("", _LD_JUNK.sub("", body)).strip().rstrip(";")
            elif attempt == 1:
                body = re.sub(r",\s*([}\]])", r"\1", body)  # trailing commas, a common hand-written slip
    return None


def _types(node: dict) -> set[str]:
    value = node.get("@type")
    values = value if isinstance(value, list) else [value]
    return {v.rsplit("/", 1)[-1].rsplit(":", 1)[-1].lower() for v in values if isinstance(v, str)}


def _one(value: Any) -> Any:
    return value[0] if isinstance(value, list) and value else value


def _text(value: Any) -> str | None:
    if isinstance(value, list):
        value = _one(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    return normalize_space(value) or None if isinstance(value, str) else None


def _first_value(nodes: list[dict], keys: tuple[str, ...], names: bool = False) -> str | None:
    for node in nodes:
        for key in keys:
            value = _one(node.get(key))
            if names and isinstance(value, dict):
                value = value.get("alternateName") or value.get("name")
            text = _text(value)
            if text:
                return text
    return None


def _names(value: Any, ld: _JsonLd) -> str | None:
    """Names of people or organisations given as a string, an object, or a list of either."""
    items = _flat(value)
    names = []
    for item in items[:20]:
        item = ld.resolve(item)
        if isinstance(item, dict):
            name = item.get("name")
            if isinstance(name, list):
                name = _one(name)
            if not name and (item.get("givenName") or item.get("familyName")):
                name = " ".join(str(item.get(k) or "") for k in ("givenName", "familyName"))
            item = name
        text = _text(item) if isinstance(item, str) else None
        if text and not _URLISH.search(text) and text not in names:
            names.append(text)
    return "; ".join(names) or None


def _flat(value: Any, depth: int = 0) -> list[Any]:
    """``value`` as a flat list (nested lists opened, three levels at most)."""
    if not isinstance(value, list):
        return [value]
    if depth >= 3:
        return []
    return [item for part in value[:50] for item in _flat(part, depth + 1)]


def _url_of(value: Any, ld: _JsonLd) -> str | None:
    if isinstance(value, dict):
        value = _one(value.get("url") or value.get("contentUrl") or value.get("@id"))
    return value.strip() or None if isinstance(value, str) and not value.startswith("#") else None


# ---------------------------------------------------------------- <meta>, <link>, visible


def _meta_tags(root: etree._Element) -> dict[str, list[str]]:
    """``<meta>`` contents by key (``property``/``name``/``itemprop``/``http-equiv``, lower case)."""
    out: dict[str, list[str]] = {}
    for el in root.iter("meta"):
        content = el.get("content")
        if content is None:
            content = el.get("datetime") or el.get("value")
            if content is None:
                continue
        for attr in ("property", "name", "itemprop", "http-equiv"):
            key = el.get(attr)
            if key:
                out.setdefault(key.strip().lower(), []).append(content)
    return out


def _from_meta(tags: dict[str, list[str]], keys: tuple[str, ...], name: str, base: str) -> Any:
    for key in keys:
        values = tags.get(key)
        if not values:
            continue
        if name == "tags":
            return [t for v in values for t in _TAG_SPLIT.split(v)]
        if name == "author":
            found = [v for v in (normalize_space(x) for x in values) if v and not _URLISH.search(v)]
            if found:
                return "; ".join(dict.fromkeys(found))
            continue
        for value in values:
            if normalize_space(value):
                return value
    return None


def _head_field(root: etree._Element, tags: dict[str, list[str]], name: str, base: str) -> Any:
    value = _from_meta(tags, _META[name], name, base)
    if value:
        return value
    if name == "canonical_url":
        return _link(root, "canonical") or _from_meta(tags, ("twitter:url",), name, base)
    if name == "image":
        return _link(root, "image_src")
    if name == "language":
        for key in ("lang", "{http://www.w3.org/XML/1998/namespace}lang", "xml:lang"):
            lang = root.get(key)
            if lang and lang.strip():
                return lang
        return None
    if name in ("date", "date_modified"):
        prop = "datePublished" if name == "date" else "dateModified"
        for el in root.iter("time"):
            if el.get("itemprop") == prop or (name == "date" and el.get("pubdate") is not None):
                value = el.get("datetime") or el.text
                if value:
                    return value
    if name == "author":
        for el in root.iter("link"):
            if (el.get("rel") or "").lower() == "author" and el.get("title"):
                return el.get("title")
    return None


def _link(root: etree._Element, rel: str) -> str | None:
    for el in root.iter("link"):
        rels = (el.get("rel") or "").lower().split()
        if rel in rels and (el.get("href") or "").strip():
            return el.get("href")
    return None


def _visible(page: Page, name: str) -> Any:
    if name == "author":
        return _byline(page)
    if name == "date":
        for el in page.body.iter("time"):
            value = el.get("datetime")
            if value and value.strip():
                return value
        return None
    if name == "tags":
        return [normalize_space(a.xpath("string()")) for a in page.body.iter("a") if a.get("rel") == "tag"][:50]
    if name == "site_name":  # "Headline | example.com": a title part that is a host name
        parts = _TITLE_SEPARATORS.split(page.html_title or "")[1:]
        return next((p for p in parts if _HOSTISH.fullmatch(p.strip())), None)
    return None


def _byline(page: Page) -> str | None:
    """A visible author name: an element marked as author/byline, else a "By Jane Doe" line.

    Plain loops over ``page.elements`` and ``page.texts``: several times cheaper than an XPath
    with ``contains()`` over every element (see :func:`_marked_bylines`).
    """
    elements = page.elements
    for el in _marked_bylines(page):
        if el.tag in _NOT_BYLINE_TAGS or _AUTHOR_BOX.search((el.get("class") or "") + " " + (el.get("id") or "")):
            continue
        if _in_comments(el):
            continue
        name = _author_text(normalize_space(el.xpath("string()")))
        if name:
            return name
    for i in _by_lines(page):
        text = page.texts[i]
        if len(text) > 200:
            continue
        el = elements[i]
        if _BYLINE_LABEL.match(text) and len(el):  # "By <a>Jane Doe</a>"
            name = _author_text(normalize_space(el[0].xpath("string()")))
            if name:
                return name
        match = _BYLINE.match(text)
        if match:
            name = _author_text(match.group(1))
            if name:
                return name
    return None


def _marked_bylines(page: Page) -> list[etree._Element]:
    """The first :data:`MAX_MARKED_BYLINES` elements after ``<body>`` marked as author or byline.

    Takes a page; returns, in document order, the elements whose ``class`` or ``id`` holds
    "uthor" or "yline", whose ``rel`` is "author" or whose ``itemprop`` holds "author".
    The names are read from ``page.class_id`` (fetched once per page and shared with the other
    readers of class and id), so only ``rel`` and ``itemprop`` are fetched here.
    """
    first = page.body_id + 1
    marked = [el for name, el in zip(page.class_id[first:], page.elements[first:], strict=True)
              if "uthor" in name or "yline" in name or el.get("rel") == "author"
              or "author" in (el.get("itemprop") or "")]
    return marked[:MAX_MARKED_BYLINES]


def _by_lines(page: Page) -> list[int]:
    """Ids of the elements after ``<body>`` whose own text starts like a byline (:data:`_BY_QUICK`).

    Takes a page; returns the ids in document order. Every such text holds a "y" or "Y" (the
    "by"; under ``re.I`` no other code point matches ``y``, checked over all of them), and most
    texts hold neither: testing for the letter first spares the regular expression on them.
    """
    first = page.body_id + 1
    quick = _BY_QUICK.match
    return [i for i, text in enumerate(page.texts[first:], first)
            if text and ("y" in text or "Y" in text) and quick(text)]


def _in_comments(el: etree._Element) -> bool:
    """Whether ``el`` sits in a readers' comment section or a form (a commenter is not the author)."""
    for _ in range(12):
        if el is None or el.tag == "body":
            return False
        if el.tag in ("form", "label") or "comment" in ((el.get("class") or "") + (el.get("id") or "")).lower():
            return True
        el = el.getparent()
    return False


def _first_sentence(text: str) -> str:
    for match in _FULL_STOP.finditer(text):
        if match.group(1).lower() not in _TITLE_ABBREVIATIONS:
            return text[:match.end(1)]
    return text


def _author_text(text: str) -> str | None:
    """An author name out of byline text ("By Jane Doe | May 3, 2020" -> "Jane Doe"), or None."""
    text = _BY.sub("", normalize_space(text), count=1)
    text = _first_sentence(text)  # "Jane Doe, reporter. Published 3 May" -> "Jane Doe, reporter"
    text = _AUTHOR_TAIL.sub("", text).strip(" -–—|,:;·•")
    text = _DANGLING_AND.sub("", text)  # "J. R. Smith and" (the name pattern ran out of words)
    if "," in text:  # "Jane Doe, transport correspondent": a part in lower case, or after the name ending in a job,
        # is a role, and what follows a job is where it is held ("Jane Doe, Product Manager, Google Maps")
        parts = []
        for k, part in enumerate(p.strip() for p in text.split(",")):
            if k and part and (part.split()[-1].lower() in _ROLE_WORDS or _ROLE_PART.match(part)):
                break
            if part and part != part.lower():
                parts.append(part)
        text = ", ".join(parts)
    if not text or len(text) > 60 or _URLISH.search(text) or not any(c.isalpha() for c in text):
        return None
    if _NOT_NAME.search(text) or (text == text.lower() and " " in text and any(c.isascii() for c in text)):
        return None  # "Name (required)", "View Profile", "business size": not a name
    words = text.split()
    if len(words) > 6 or sum(c.isdigit() for c in text) > 0:
        return None
    return text


# ---------------------------------------------------------------- cleaning


def _clean(name: str, value: Any, base: str) -> Any:
    """A tier's raw value as the field holds it, or None when it is not usable."""
    if value is None:
        return None
    if name == "tags":
        if isinstance(value, str):
            value = _TAG_SPLIT.split(value)
        out = []
        for tag in value:
            tag = normalize_space(tag) if isinstance(tag, str) else ""
            if tag and len(tag) <= 100 and tag not in out:
                out.append(tag)
        return out[:100] or None
    if not isinstance(value, str):
        return None
    value = normalize_space(value)
    if not value:
        return None
    if name in ("date", "date_modified"):
        return iso_date(value)
    if name in ("image", "canonical_url"):
        if value.startswith("data:"):
            return None
        url = urllib.parse.urljoin(base, value) if base else value
        if name == "canonical_url":
            url = url.split("#", 1)[0]
        return url or None
    if name == "language":
        lang = value.split(",")[0].strip().replace("_", "-")
        return lang if re.fullmatch(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*", lang) else None
    if name == "author":
        names = [n for n in (_author_text(part) if tier_needs_strip(part) else part
                             for part in value.split("; ")) if n and any(c.isalpha() for c in n)]
        value = "; ".join(n for n in names if len(n) <= MAX_AUTHOR_CHARS)
        return value or None
    if name == "site_name":
        value = value.lstrip("@")
        return value if len(value) <= 200 else None
    if name == "description":
        return value[:5000]
    return value


def tier_needs_strip(part: str) -> bool:
    """An author value that starts with "By ..." (a byline copied into the markup)."""
    return bool(_BY.match(part)) and len(part.split()) > 1


def read_metadata(page: Page, *, date_search: str = "fast") -> Metadata:
    """:func:`page_metadata` of ``page``, a publication date looked for as ``date_search`` says
    (:data:`DATE_SEARCHES`)."""
    fallback = None if date_search == "markup" else partial(htmldate_fallback, extensive=date_search == "extensive")
    return page_metadata(page, date_fallback=fallback)


def fill_metadata(result: Any, page: Page | Metadata, *, date_search: str = "fast") -> None:
    """Set the metadata fields of ``result`` (a :class:`~extractor.result.Result`) from ``page``
    (:func:`read_metadata`), or from a :class:`Metadata` already read."""
    meta = page if isinstance(page, Metadata) else read_metadata(page, date_search=date_search)
    for name in FIELDS:
        setattr(result, name, getattr(meta, name))
