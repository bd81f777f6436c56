"""A kicker: the short label set above a page's headline ("Event", "Collection object", "Delivery checker").

Sites put a section's or a page kind's name over the ``<h1>``, small and in capitals or a colour of its own. A
reader copying the page starts at the headline, and the gold texts do too: three pages of the 143rd and 144th
blind rounds (an open day, a museum object, a delivery checker) opened with one, the model keeping it with the
headline below it.
"""

from __future__ import annotations

import re

from ..result import Block

#: Longest kicker, in characters and in words ("Collection object", "Members' forum"); a longer line is a
#: standfirst or a breadcrumb trail.
KICKER_MAX_CHARS = 30
KICKER_MAX_WORDS = 3
#: A kicker names, it does not say: no digit (a date, a count) and no sentence's or label's end.
_NOT_A_NAME = re.compile(r"\d|[.!?:;|›»>/]")


def drop_kicker(blocks: list[Block]) -> None:
    """Take the first of ``blocks`` out, in place, when it is a kicker: a paragraph of at most
    :data:`KICKER_MAX_WORDS` words and :data:`KICKER_MAX_CHARS` characters, naming (no digit, no sentence or
    label end), right before the kept ``<h1>``."""
    if len(blocks) < 2 or blocks[1].tag != "h1" or blocks[0].tag in ("h1", "li", "tr", "pre"):
        return
    text = blocks[0].text.strip()
    if len(text) <= KICKER_MAX_CHARS and len(text.split()) <= KICKER_MAX_WORDS and not _NOT_A_NAME.search(text):
        del blocks[0]
