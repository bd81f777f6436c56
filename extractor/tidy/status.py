"""A list's status lines ("Showing 1–8 of 20", "You have reached the end of the board"), left out of the text.

Search results, catalogues and boards say above or below their items how many are shown and, after the last
load, that there are no more. A reader copying the items does not copy the status, yet a method judging blocks
keeps it beside them: a 151st blind round's herbarium search kept "Showing 1–8 of 20" over each of its three
pages (the pager's turns read in place), its course catalogue "Showing 14 of 14 walks and courses"; a 152nd's
lost-and-found board "You have reached the end of the board."
"""

from __future__ import annotations

import re

from ..page import Page
from ..result import Block
from .names import named_within

_N = r"\d[\d,.]*"
#: A block that is nothing but such a line: a count of the items shown ("Showing 1–8 of 20", "Showing 14 of 14
#: walks and courses", "Displaying 21-40 of 132 results", "1–10 of 57 results"), or the end of a list reached
#: ("You have reached the end of the board.", "You've reached the end", "No more posts to show", "End of
#: results").
#: (up to eight words after the count: "Showing 12 of 12 places within 10 miles of MB2 4QT", a 162nd blind round)
_WORDS = r"(?:\s+[\w’'-]+){0,8}"
#: A list's sort control, its choices (a ``<select>``'s options) not text, may lead the line or be all of it ("Sort by:
#: · Showing 10 shows" over a 163rd blind round's shows, "Sort by:" over a 164th's listings).
_SORT = r"(?:sort(?:ed)?|order(?:ed)?)\s+by\s*:?"
LIST_STATUS = re.compile(
    rf"{_SORT}|(?:{_SORT}\s*[·|•]?\s*)?"
    rf"(?:(?:showing|displaying|viewing)\s+(?:results?\s+|items?\s+)?(?:all\s+)?{_N}(?:\s*[–—-]\s*{_N})?"
    rf"(?:\s+of\s+{_N})?{_WORDS}"
    rf"|{_N}\s*[–—-]\s*{_N}\s+of\s+{_N}(?:\s+(?:results|items|entries|matches|records|products|listings))?"
    r"|(?:you(?:'ve|’ve| have) )?reached the end(?: of (?:the |this )?[\w’'-]+(?:\s+[\w’'-]+)?)?"
    r"|no more (?:posts|results|items|entries|stories|articles|comments|replies|messages|records)"
    r"(?: to (?:show|load|display))?"
    r"|end of (?:the )?(?:results|list|feed|board|thread))[\s.!…]*",
    re.I)


#: A carousel's counter ("2 / 4", "1 of 3"): which slide shows, of how many.
SLIDE_COUNTER = re.compile(r"(\d{1,3})\s*(?:/|of)\s*(\d{1,3})")
#: How a carousel names itself: its ARIA role description, or a class or id word of the carousel kits.
_CAROUSEL = re.compile(r"carousel|slider|slideshow|swiper|splide|glide|slick|gallery", re.I)
#: Levels above a counter searched for the carousel holding it (the counter in the carousel's controls' row).
SLIDE_COUNTER_LEVELS = 3


def drop_slide_counters(page: Page, blocks: list[Block]) -> None:
    """Take out of ``blocks``, in place, a carousel's counter (:data:`SLIDE_COUNTER`, the first number at most the
    second) in an element of a carousel, :data:`SLIDE_COUNTER_LEVELS` levels up at most ("2 / 4" under a 165th blind
    round's photo carousel, "1 / 3" under a 167th's)."""
    blocks[:] = [b for b in blocks if not _slide_counter(page, b)]


def _slide_counter(page: Page, block: Block) -> bool:
    """Whether ``block`` is a carousel's counter (see :func:`drop_slide_counters`)."""
    m = SLIDE_COUNTER.fullmatch(block.text.strip())
    return (m is not None and 1 <= int(m.group(1)) <= int(m.group(2))
            and named_within(page, block, _CAROUSEL, SLIDE_COUNTER_LEVELS))
