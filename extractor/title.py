"""Find a page's headline from its ``<h1>``, Open Graph title and ``<title>``."""

from __future__ import annotations

import re

from lxml import etree

from .page import Page, normalize_space

#: Separators sites put between the headline and the site name in ``<title>``.
_SITE_SEPARATORS = re.compile(r"\s+[|\-–—·:»]\s+")
_TOKEN = re.compile(r"\w+")
_HEADINGS = etree.XPath("//body//h1 | //body//h2")
_OG_TITLE = etree.XPath(
    "/html/head/meta[@property='og:title' or @name='og:title' or @name='twitter:title']/@content")


def _tokens(text: str) -> set[str]:
    return set(_TOKEN.findall(text.lower()))


def headline(page: Page, content_ids: list[int] | None = None) -> str:
    """The page's headline.

    Prefers an ``<h1>`` (or ``<h2>`` when no h1 fits) whose words overlap the ``<title>``,
    then ``og:title``, then the longest part of ``<title>`` split at site-name separators.
    ``content_ids`` (element ids of the extracted content) breaks ties toward headings
    near the content. Returns '' when the page has none of these.
    """
    html_title = page.html_title
    title_words = _tokens(html_title)
    og = _OG_TITLE(page.root)
    og_title = normalize_space(og[0]) if og else ""
    best, best_score = "", 0.0
    reference = title_words or _tokens(og_title)
    headings = _HEADINGS(page.root)
    for level in ("h1", "h2"):
        for el in headings:
            if el.tag != level:
                continue
            text = normalize_space(" ".join(el.itertext()))
            if not text or len(text) > 300:
                continue
            words = _tokens(text)
            if not words:
                continue
            score = len(words & reference) / len(words) if reference else 0.5
            if score > best_score:
                best, best_score = text, score
        if best_score >= 0.5:
            return best
    if og_title:
        return og_title
    if html_title:
        parts = _SITE_SEPARATORS.split(html_title)
        return max(parts, key=len).strip() if len(parts) > 1 else html_title
    return best
