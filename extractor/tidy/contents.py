"""A page's own table of contents (links to its sections: "Getting started Results Accessibility"), left out.

A help page or a long guide opens with links to its own sections. A reader copies the sections, whose headings say
the same words again, not the list of links: the 171st and 172nd blind rounds' help pages kept theirs (one inside a
shadow root), at P 0.34, between the introduction and the first section.
"""

from __future__ import annotations

from ..page import Page
from ..parse import normalize_space
from ..result import Block
from .names import LETTER, same_words

#: Fewest links of such a list: two may be a sentence's "see below" pair.
CONTENTS_MIN_LINKS = 3


def drop_contents(page: Page, blocks: list[Block]) -> None:
    """Take out of ``blocks``, in place, those whose whole text is :data:`CONTENTS_MIN_LINKS` or more links to
    places on the same page (``href="#section"``), each with a letter in its name (a code listing's line numbers
    link to their lines, and the wcxb_dev golds keep them)."""
    blocks[:] = [b for b in blocks if not _contents(page, b)]


def _contents(page: Page, block: Block) -> bool:
    """Whether ``block``'s whole text is links to the page's own sections (see :func:`drop_contents`)."""
    if block.cells or not 0 <= block.id < len(page.elements):
        return False
    links = list(page.elements[block.id].iter("a"))
    if len(links) < CONTENTS_MIN_LINKS or not all(len(a.get("href") or "") > 1 and a.get("href").startswith("#")
                                                  for a in links):
        return False
    names = [normalize_space("".join(a.itertext())) for a in links]
    if not all(LETTER.search(name) for name in names):  # a code listing's line numbers, each an anchor to its line
        return False
    return same_words(" ".join(names), block.text)
