"""Avatars drawn as letters: a poster's initials ("P", "JS") just before the poster's name, left out of the text.

Forums and comment sections built with component kits (a letter in a coloured disc, as MUI's ``Avatar`` draws one)
show a poster who has no picture as the first letters of their name. A reader does not copy them: a 157th blind
round's thread kept "P", "B", "C" ... before each of its 24 posts' names. A list's letter index ("A" over
"Aberdeen", "B" over "Bath") looks alike, but runs in alphabetical order, each letter once, and is left as it is.
"""

from __future__ import annotations

import re

from ..page import Page
from ..parse import HEADING_TAGS
from ..result import Block

#: Longest initials, in letters ("JS", "MKB"); longer capitals are an acronym.
INITIALS_MAX_LETTERS = 3
#: At least this many such letters before names: one alone may be a drop cap or a label.
AVATARS_MIN = 2
_NAME_WORDS = re.compile(r"[\s_.\-]+")


def drop_avatar_initials(blocks: list[Block]) -> None:
    """Take out of ``blocks``, in place, the blocks that are a poster's initials: at most
    :data:`INITIALS_MAX_LETTERS` capitals, no heading, the next block's first words opening with those letters, in
    :data:`AVATARS_MIN` places or more, unless those letters are all different and in alphabetical order (an
    index)."""
    found = [k for k in range(len(blocks) - 1)
             if blocks[k].tag not in HEADING_TAGS and _initials_of(blocks[k].text.strip(), blocks[k + 1].text)]
    letters = [blocks[k].text.strip() for k in found]
    if len(found) < AVATARS_MIN or len(set(letters)) == len(letters) and letters == sorted(letters):
        return
    gone = set(found)
    blocks[:] = [b for k, b in enumerate(blocks) if k not in gone]


def strip_leading_initials(page: Page, blocks: list[Block]) -> None:
    """Take off the start of the ``blocks``' text, in place, a poster's initials drawn in the same line as the name
    they open ("D deepend_dave 3 February 2025": a 165th blind round's thread, the letter in a span of its own), as
    :func:`drop_avatar_initials` takes them when they make a block: in :data:`AVATARS_MIN` blocks or more, not
    an index's letters, each drawn in an element of its own (a firm's "M Moser Associates" in a wcxb_dev page's list
    is a name written whole)."""
    found = []
    for block in blocks:
        first, _, rest = block.text.strip().partition(" ")
        if rest and block.tag not in HEADING_TAGS and not block.cells and _initials_of(first, rest) and _drawn_apart(
                page, block, first):
            found.append((block, first, rest))
    letters = [first for _, first, _ in found]
    if len(found) < AVATARS_MIN or len(set(letters)) == len(letters) and letters == sorted(letters):
        return
    for block, _, rest in found:
        block.text = rest.lstrip()


def _initials_of(text: str, name: str) -> bool:
    """Whether ``text`` is one to :data:`INITIALS_MAX_LETTERS` capitals that open the words of ``name``."""
    if not 0 < len(text) <= INITIALS_MAX_LETTERS or not (text.isalpha() and text.isupper()):
        return False
    words = [w for w in _NAME_WORDS.split(name.strip()) if w][:len(text)]
    return len(words) == len(text) and "".join(w[0] for w in words).upper() == text


def _drawn_apart(page: Page, block: Block, letters: str) -> bool:
    """Whether an element inside ``block``'s holds ``letters`` as all of its text."""
    if not 0 <= block.id < len(page.elements):
        return False
    return any(len(el) == 0 and (el.text or "").strip() == letters for el in page.elements[block.id].iter())
