"""What the tidy rules share: whether a kept block sits in an element whose class, id or ARIA role description names
a kind of box, and how a line is compared with the texts of the links and buttons in it."""

from __future__ import annotations

import re

from ..page import Page
from ..result import Block


def named_within(page: Page, block: Block, pattern: re.Pattern[str], levels: int, *, ids: bool = True,
                 tags: tuple[str, ...] | None = None) -> bool:
    """Whether ``pattern`` finds a name in the ``aria-roledescription``, class or (with ``ids``) id of ``block``'s
    element or of one of its ``levels`` nearest ancestors, of ``tags`` only where given. Takes the Page the block came
    from; False for a block with no element."""
    if not 0 <= block.id < len(page.elements):
        return False
    el = page.elements[block.id]
    for _ in range(levels + 1):
        if el is None:
            return False
        named = f"{el.get('aria-roledescription') or ''} {el.get('class') or ''} {el.get('id') or '' if ids else ''}"
        if (tags is None or el.tag in tags) and pattern.search(named):
            return True
        el = el.getparent()
    return False


#: Separators between the controls of a row ("I have seen this pet · Share": a 152nd blind round), read as spaces.
_SEPARATED = re.compile(r"\s*[·•|]\s*|\s+")
#: A letter of any script (a row of numbers is a list's markers, a pager's pages or a listing's line numbers).
LETTER = re.compile(r"[^\W\d_]")


def same_words(line: str, other: str) -> bool:
    """Whether ``line`` and ``other`` say the same words, separators (``·``, ``•``, ``|``) read as spaces."""
    return _SEPARATED.sub(" ", line).strip() == _SEPARATED.sub(" ", other).strip()
