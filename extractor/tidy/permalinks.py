"""A thread's post counters: links whose whole text is "#" and the post's number, left out of the text.

vBulletin, XenForo, phpBB, Discourse and hand-made threads put a permalink on each post reading "#1", "#2", ... at
the post's head, beside its author and date. A reader does not copy them, and the gold texts leave them out: 35
wcxb_dev forum pages hold 485 such links, their gold 11 (three blind rounds' threads, the 127th, 129th and 130th,
kept "#1" to "#18" on each post's header line). They are taken out of the blocks a method kept, not out of the
Page: a Page without them reads differently to the learned model (wcxb_dev forum pages 0.769 -> 0.767 when the parse
dropped them), while the text without them only loses the numbers.
"""

from __future__ import annotations

import re

import numpy as np

from ..page import Page
from ..result import Block

#: At least this many such links on the page: one alone may be a ranking's ("#1 in Travel").
POST_NUMBERS_MIN = 2
#: Longest text of such a link, in characters ("#" and six digits).
POST_NUMBER_MAX_CHARS = 7
_POST_NUMBER = re.compile(r"#\d{1,6}")
_SEPARATOR_BEFORE = r"(?:(?<!\S)[·•|]\s+)?"


def post_number_links(page: Page) -> list[int]:
    """The element ids of the page's post-number links, or [] when it has fewer than :data:`POST_NUMBERS_MIN`."""
    links = np.asarray(page.link_ids, dtype=np.int64)
    if not len(links):
        return []
    short = links[page.text_len[links] <= POST_NUMBER_MAX_CHARS]
    found = [int(i) for i in short if _POST_NUMBER.fullmatch(page.text_of(int(i)).strip())]
    return found if len(found) >= POST_NUMBERS_MIN else []


#: A post number written as text between a line's separators, or ending it ("9 October 2025, 21:14 · #1 · Quote":
#: a 163rd blind round's thread, its numbers not links).
_PARTED_NUMBER = re.compile(r"\s+[·•|]\s+#(\d{1,6})(?=\s+[·•|]\s+|\s*$)")


def strip_post_numbers(page: Page, blocks: list[Block]) -> None:
    """Take the post numbers of :func:`post_number_links` out of the text (and cells) of the ``blocks`` that hold
    them, in place; a block that held nothing else is taken out of the list. Numbers written as text between a
    line's separators go too where :data:`POST_NUMBERS_MIN` blocks or more hold one and they count up."""
    _strip_parted_numbers(blocks)
    found = post_number_links(page)
    if not found:
        return
    end = page.end
    marks = {i: page.text_of(i).strip() for i in found}
    emptied = set()
    for k, block in enumerate(blocks):
        if not 0 <= block.id < len(end):
            continue
        inside = [marks[i] for i in found if block.id <= i < end[block.id]]
        if not inside:
            continue
        # the separator before a number goes with it ("3 June 2025, 9:14pm · #1": a 158th blind round kept the "·")
        pattern = re.compile(_SEPARATOR_BEFORE + r"(?<!\S)(?:" + "|".join(map(re.escape, set(inside))) + r")(?!\S)")
        block.text = _without(pattern, block.text)
        if block.cells:
            block.cells = [_without(pattern, c) for c in block.cells]
        if not block.text:
            emptied.add(k)
    if emptied:
        blocks[:] = [b for k, b in enumerate(blocks) if k not in emptied]


def _without(pattern: re.Pattern[str], text: str) -> str:
    """``text`` with ``pattern``'s matches taken out, its spaces made single and separators left at its edges gone."""
    return " ".join(pattern.sub(" ", text).split()).strip(" ·•|")


def _strip_parted_numbers(blocks: list[Block]) -> None:
    """Take :data:`_PARTED_NUMBER`'s numbers out of the blocks' text, in place, where they count up block by block."""
    found = [(b, m) for b in blocks if not b.cells and (m := _PARTED_NUMBER.search(b.text))]
    numbers = [int(m.group(1)) for _, m in found]
    if len(found) < POST_NUMBERS_MIN or any(b <= a for a, b in zip(numbers, numbers[1:], strict=False)):
        return
    for block, m in found:
        block.text = block.text[:m.start()] + block.text[m.end():]
