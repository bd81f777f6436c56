"""The main text of an app shell read from its JSON-LD, when the served HTML shows none of it.

A page built by scripts often serves an empty mount point and, for search engines, its article as
JSON-LD (``articleBody``, a review's ``reviewBody``). Read without rendering, such a page gives no
main text (:mod:`extractor.appshell` says it looks built by scripts); when its JSON-LD holds a text
the extracted one lost as a rendering loses a served text (:func:`extractor.served.lost_in_rendering`: 50
words or more, at least twice the words extracted), that text is the
Result's, one block a paragraph, with a warning that says where it came from. On the dev sets'
pages that carry one, an ``articleBody`` is often a teaser or empty (its mean F1 on the 132 such pages
is 0.16), so a page that shows its own text keeps it: only an app shell's JSON-LD is read.
"""

from __future__ import annotations

import re

import lxml.html
from lxml import etree

from .metadata import ld_body
from .page import Page
from .parse import normalize_space
from .result import Block, Result
from .served import lost_in_rendering

_HTML_BREAKS = ("p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "br", "blockquote", "pre", "tr")


def paragraphs(text: str) -> list[str]:
    """The paragraphs of a JSON-LD text: its lines, or its block elements' texts where it is HTML."""
    if re.search(r"<(p|br|div|li|h[1-6])\b", text, re.I):
        try:
            fragment = lxml.html.fragment_fromstring(text, create_parent="div")
        except (etree.ParserError, ValueError):
            fragment = None
        if fragment is not None:
            for el in fragment.iter(*_HTML_BREAKS):
                el.tail = "\n" + (el.tail or "")
            text = fragment.text_content()
    return [line for line in (normalize_space(part) for part in text.splitlines()) if line]


def read_ld_body(result: Result, page: Page) -> bool:
    """Give ``result`` (of ``page``, an app shell read without rendering) the text of the page's JSON-LD
    (:func:`extractor.metadata.ld_body`) when the extracted text lost it, as
    :func:`extractor.served.lost_in_rendering` says (50 words or more, the extracted text under half of
    them). Returns whether it did; the blocks are tied to the page's ``<body>`` (the text has no element of
    its own)."""
    found = ld_body(page)
    if found is None:
        return False
    key, text = found
    loss = lost_in_rendering(text, result.text)  # the same test as a rendering that lost the served text
    if loss is None:
        return False
    words = loss.served_words
    result.blocks = [Block(id=page.body_id, text=line, tag="p") for line in paragraphs(text)]
    result.text = "\n\n".join(b.text for b in result.blocks)
    result.reason = None
    result.warnings = [*result.warnings, f"the main text was read from the page's JSON-LD {key} ({words:,} words), "
                       "as the served HTML shows none of it; its blocks have no element of their own"]
    result.details = {**result.details, "json_ld_text": {"key": key, "words": words}}
    return True
