"""Calls to action repeated down a list ("Visit website", "Read more", "Shop now"), left out of the text.

A list of cards (sponsors, products, posts, projects) often ends every card with the same short link or button
that sends the reader elsewhere. A reader copying the cards does not copy it, yet it sits inside each card, and
a method judging blocks keeps it with the card: a 138th blind round's sponsor directory kept "Visit website" 24
times, as many paragraphs that cut the cards' word runs apart (F1 0.83; 1.00 without them).

Measured on the 4,168 dev pages (``auto``, as served, shingle F1): 102 pages move, 87 up and 15 down (their gold
keeps a shop's "Buy on Amazon" or a list's "View"); wcxb_dev 0.8606 -> 0.8617, cleaneval 0.9145 -> 0.9149, one
l3s_gn1 page up, dragnet and chinese_wce unmoved.
"""

from __future__ import annotations

import re
from collections import Counter

from ..content import data_row_cells
from ..page import Page
from ..parse import normalize_space
from ..result import Block
from .names import LETTER, same_words

#: Longest call to action, in characters ("Visit Trailforks Map", "Read the full story").
ACTION_MAX_CHARS = 25
#: Fewest kept blocks with one and the same call to action that make it the list's, not a sentence's.
ACTION_MIN_REPEATS = 3
#: How a call to action begins: a verb sending the reader on, or "more"/"details" alone, or a post's control. Written
#: for this project from the wording of shops, directories and blogs; a link naming a thing ("Army Green") is data.
ACTION_START = re.compile(
    r"(?:read|learn|view|visit|see|shop|explore|click|back to|find out|discover|get|start|book|buy|more|full"
    r"|details|continue|go to|watch|download|apply|sign|join|register|order|choose|select|contact|request|meet"
    # ("meet": "Meet Biscuit" under each animal's card, a 152nd blind round); and a post's own controls left as links
    # ("Report" under each of 17 posts: the 145th and 149th blind rounds); and a supporter's ("Sponsor as Backer" under
    # each of four tiers, each naming its tier: a 160th blind round)
    # ("plan": "Plan your visit" under each of twelve nature reserves, a 167th blind round)
    # ("terms": "Terms" under each of twelve tickets, a 172nd blind round; "T&Cs apply" under offers)
    r"|report|flag|reply|quote|share|like|sponsor|donate|subscribe|upgrade|install|plan|terms|t&cs)\b",
    re.I)
#: A block that is a share bar's label alone, its buttons (icons) gone: "Share", "Share this article:", "Share on"
#: (a 153rd blind round's history article and pathway page, a 154th's beer page "Share:"). On the 4,168 dev pages
#: (``auto``, as served, shingle F1) 36 pages move, all up (19 wcxb_dev, 11 dragnet, 6 l3s_gn1).
SHARE_LABEL = re.compile(r"share(?: (?:this|the))?(?: (?:article|page|story|post|recipe|event|link))?(?: (?:on|via))?"
                         r"\s*[:…]?", re.I)
#: (a disclosure's summary too: "More about this event" on each of 14 events, a 147th blind round)
_CONTROL_TAGS = ("a", "button", "summary")
#: What a control removed beside a kept one leaves at the block's edge ("View image ·" once "Add to basket" went:
#: a 151st blind round's 20 specimens).
_EDGE_SEPARATORS = " ·•|"


#: Longest row of two or more links or buttons taken for a list's controls ("Scorecard Match report" under each of
#: 17 results: a 153rd blind round's fixtures, F1 0.87 with them, 1.00 without). On the 4,168 dev pages (``auto``,
#: as served, shingle F1) the rows moved 9 pages, 8 up and 1 down; wcxb_dev 0.8619 -> 0.8621. Three controls of two or
#: three words each fit too ("Book at this clinic Get directions Meet the team" under each of ten clinics, 48
#: characters: a 171st blind round).
ACTION_ROW_MAX_CHARS = 60


def drop_repeated_actions(page: Page, blocks: list[Block]) -> None:
    """Take out of ``blocks``, in place, the blocks whose whole text (less separators at its edges) is one link's or
    button's call to action (:data:`ACTION_START`, at most :data:`ACTION_MAX_CHARS`), one disclosure's
    ``<summary>`` label or a row of links and buttons (:data:`ACTION_ROW_MAX_CHARS` at most), that
    :data:`ACTION_MIN_REPEATS` blocks or more repeat: a label on each of a list's items
    ("Label transcription" over each specimen's transcribed label, a 151st blind round) is no more the text than
    a "Read more" is. A summary that is a question of a FAQ is said once."""
    short = Counter(text for b in blocks if len(text := _bare(b)) <= ACTION_ROW_MAX_CHARS)
    repeated = {text for text, n in short.items() if n >= ACTION_MIN_REPEATS}
    if repeated:
        blocks[:] = [b for b in blocks if (text := _bare(b)) not in repeated or not _is_action(page, b, text)]


#: How many blocks before a call to action naming its item are searched for the name ("Meet Biscuit" after the
#: card's name, its kind and its lines; "Sponsor as Backer" after a tier's name, price, line and what it gives, the
#: name six blocks up: a 160th blind round).
NAMED_ACTION_LOOKBACK = 8


#: A word between a call to action's verb and the item it names ("Sponsor as Backer", "Meet the Hendersons").
_LEADING_LINK_WORD = re.compile(r"^(?:as|the|a|an|to|for|with|our)\s+", re.I)


def drop_named_actions(page: Page, blocks: list[Block]) -> None:
    """Take out of ``blocks``, in place, the calls to action that name their item, each one link's or button's whole
    text (:data:`ACTION_START`, at most :data:`ACTION_MAX_CHARS`) whose words after the first are in one of the
    :data:`NAMED_ACTION_LOOKBACK` blocks before it, when :data:`ACTION_MIN_REPEATS` or more open with the same word:
    "Meet Biscuit", "Meet Luna" under each of 20 animals' cards (a 152nd blind round) differ from card to card, so
    :func:`drop_repeated_actions` does not see them repeated. On the 4,168 dev pages (``auto``, as served, shingle
    F1) 4 wcxb_dev pages move, 3 up."""
    openers: dict[str, list[int]] = {}
    for k, block in enumerate(blocks):
        text = _bare(block)
        first, _, rest = text.partition(" ")
        rest = _LEADING_LINK_WORD.sub("", rest)
        if rest and len(text) <= ACTION_MAX_CHARS and ACTION_START.match(text) and any(
                rest.lower() in b.text.lower() for b in blocks[max(0, k - NAMED_ACTION_LOOKBACK):k]):
            openers.setdefault(first.lower(), []).append(k)
    named = {k for found in openers.values() if len(found) >= ACTION_MIN_REPEATS for k in found
             if _is_control(page, blocks[k], _bare(blocks[k]))}
    if named:
        blocks[:] = [b for k, b in enumerate(blocks) if k not in named]


def drop_headline_action(page: Page, blocks: list[Block]) -> None:
    """Take out of ``blocks``, in place, a call to action right after the kept ``<h1>``: one link's or button's whole
    text (:data:`ACTION_START`, at most :data:`ACTION_MAX_CHARS`) in the banner that holds the headline ("Volunteer
    as a marshal" beside "Register your interest": a 157th blind round; "Apply now" beside a job's title, a 158th).
    A reader copies the headline, not the button."""
    at = next((k for k, b in enumerate(blocks) if b.tag == "h1"), None)
    if at is None or at + 1 >= len(blocks):
        return
    after = blocks[at + 1]
    text = _bare(after)
    if len(text) <= ACTION_MAX_CHARS and ACTION_START.match(text) and _is_control(page, after, text):
        del blocks[at + 1]


#: Fewest data rows of a column of calls to action: two, the empty header and a control in every cell saying what
#: the column is (a 160th blind round's macOS downloads, two files each with its "Download" button).
ACTION_COLUMN_MIN_ROWS = 2


def drop_action_columns(page: Page, blocks: list[Block]) -> None:
    """Take out of the table rows among ``blocks``, in place, the columns of calls to action: in a run of rows of as
    many cells, :data:`ACTION_COLUMN_MIN_ROWS` data rows or more, a column whose every data cell is one link's or
    button's whole text calling to action (:data:`ACTION_START`, at most :data:`ACTION_MAX_CHARS`) and whose
    header cells are empty: "Book" and "Join waiting list" at the end of each date's row (a 157th blind round's
    track days, whose gold reads the dates, days and places left)."""
    k = 0
    while k < len(blocks):
        width = len(blocks[k].cells or [])
        end = k
        while end < len(blocks) and blocks[end].cells and len(blocks[end].cells) == width:
            end += 1
        rows = blocks[k:end]
        k = max(end, k + 1)
        data = [row for row in rows if not row.header]
        if len(data) < ACTION_COLUMN_MIN_ROWS:
            continue
        cells = [data_row_cells(page, row.id) for row in data]
        gone = [c for c in range(width)
                if all(not row.cells[c] for row in rows if row.header)
                and all(ids is not None and len(ids) == width and _calls_to_action(page, ids[c], row.cells[c])
                        for ids, row in zip(cells, data, strict=True))]
        for row in rows if gone else []:
            row.cells = [cell for c, cell in enumerate(row.cells) if c not in gone]
            row.text = " | ".join(row.cells)


def _calls_to_action(page: Page, cell: int, text: str) -> bool:
    """Whether ``text``, the text of table cell ``cell``, is one link's or button's whole text calling to action."""
    return (0 < len(text) <= ACTION_MAX_CHARS and bool(ACTION_START.match(text))
            and any(normalize_space("".join(el.itertext())) == text for el in page.elements[cell].iter(_CONTROL_TAGS)))


#: Separators between a line's parts ("9 October 2025, 21:14 · #1 · Quote · Report").
_PART_SEPARATOR = re.compile(r"\s+[·•|]\s+")


def strip_trailing_controls(page: Page, blocks: list[Block]) -> None:
    """Take off the end of the ``blocks``' text, in place, the calls to action closing a line after a separator, each
    one link's or button's whole text (:data:`ACTION_START`, at most :data:`ACTION_MAX_CHARS`), where
    :data:`ACTION_MIN_REPEATS` blocks or more end with the same ones: "· Quote · Report" after each post's date
    (a 163rd blind round's thread, whose gold keeps the dates). The line's other parts stay; table rows are left."""
    tails: dict[tuple[str, ...], list[tuple[int, int]]] = {}
    for k, block in enumerate(blocks):
        if block.cells:
            continue
        parts = _PART_SEPARATOR.split(block.text.strip())
        n = 0
        while n < len(parts) - 1 and len(parts[-1 - n]) <= ACTION_MAX_CHARS and ACTION_START.match(parts[-1 - n]):
            n += 1
        if n:
            tails.setdefault(tuple(p.lower() for p in parts[-n:]), []).append((k, n))
    for found in tails.values():
        if len(found) < ACTION_MIN_REPEATS:
            continue
        for k, n in found:
            block = blocks[k]
            text = block.text.strip()
            parts = _PART_SEPARATOR.split(text)
            if all(_is_control(page, block, part) for part in parts[-n:]):
                cut = list(_PART_SEPARATOR.finditer(text))[-n]
                block.text = text[:cut.start()]


def drop_share_rows(page: Page, blocks: list[Block]) -> None:
    """Take out of ``blocks``, in place, a share bar kept as a line: its label (:data:`SHARE_LABEL`) and then only the
    texts of two or more links or buttons inside it ("Share: Facebook Bluesky Email Download printable chart (PDF)"
    under a 163rd blind round's sky guide)."""
    blocks[:] = [b for b in blocks if not _is_share_row(page, b)]


def _is_share_row(page: Page, block: Block) -> bool:
    """Whether ``block`` is a share bar's label followed by its controls' texts alone (two or more)."""
    label = SHARE_LABEL.match(block.text.strip())
    if label is None or not label.group(0).strip() or not 0 <= block.id < len(page.elements):
        return False
    rest = block.text.strip()[label.end():]
    texts = (normalize_space("".join(el.itertext())) for el in page.elements[block.id].iter(_CONTROL_TAGS))
    controls = [c for c in texts if c]
    return len(controls) >= 2 and same_words(" ".join(controls), rest)


def _is_action(page: Page, block: Block, text: str) -> bool:
    """Whether ``text`` (``block``'s, repeated) is a call to action, a disclosure's label or a row of controls."""
    if len(text) <= ACTION_MAX_CHARS and _is_control(page, block, text,
                                                     _CONTROL_TAGS if ACTION_START.match(text) else ("summary",)):
        return True
    if not 0 <= block.id < len(page.elements):
        return False
    if not LETTER.search(text):  # a row of numbers is a list's markers or a pager's pages (wcxb_dev's gold keeps them)
        return False
    controls = [normalize_space("".join(el.itertext())) for el in page.elements[block.id].iter("a", "button")]
    return len(controls) >= 2 and same_words(" ".join(c for c in controls if c), text)


def _bare(block: Block) -> str:
    """``block``'s text without whitespace or separators at its edges (:data:`_EDGE_SEPARATORS`)."""
    return block.text.strip(_EDGE_SEPARATORS + "\n\t")


def _is_control(page: Page, block: Block, text: str, tags: tuple[str, ...] = _CONTROL_TAGS) -> bool:
    """Whether ``text`` (``block``'s) is the whole text of one of ``tags`` at or inside its element."""
    if not 0 <= block.id < len(page.elements):
        return False
    return any(normalize_space("".join(el.itertext())) == text for el in page.elements[block.id].iter(tags))
