"""Lines a method kept that a reader does not copy, taken out of its blocks before the Result is built.

Each module names one kind, with the measurement that made it a rule: a thread's post counters ("#1", "#2":
:mod:`.permalinks`), feedback prompts ("Was this helpful?": :mod:`.feedback`), calls to action repeated down a list
("Visit website": :mod:`.actions`), blocks of activity counts ("373 posts": :mod:`.counts`), a list's status
("Showing 1–8 of 20": :mod:`.status`), the prompt over a reply box ("Your answer": :mod:`.forms`), a post's
reading time and a poster's signature ("6 min read": :mod:`.postmeta`), a poster's initials drawn as an avatar ("P":
:mod:`.avatars`), a map's credit ("© OpenStreetMap contributors": :mod:`.credits`), the page's table of contents
(:mod:`.contents`) and a kicker over the headline ("Event": :mod:`.kickers`). They work on the blocks, not on the
Page: the methods read the page whole, and only the text leaves these lines out.
"""

from __future__ import annotations

import re

from ..page import Page
from ..result import Block
from .actions import (
    SHARE_LABEL,
    drop_action_columns,
    drop_headline_action,
    drop_named_actions,
    drop_repeated_actions,
    drop_share_rows,
    strip_trailing_controls,
)
from .avatars import drop_avatar_initials, strip_leading_initials
from .contents import drop_contents
from .counts import ACTIVITY_COUNTS, strip_named_counts
from .credits import MAP_CREDIT
from .feedback import FEEDBACK_PROMPT
from .forms import drop_form_prompts
from .kickers import drop_kicker
from .permalinks import strip_post_numbers
from .postmeta import drop_reading_time, drop_signatures
from .status import LIST_STATUS, drop_slide_counters

__all__ = ["drop_blocks_matching", "tidy_blocks"]

#: A block of separators alone, the controls they stood between removed ("·" between "Print table" and "Download
#: CSV": a 156th blind round's tide table).
SEPARATORS_ONLY = re.compile(r"\s*[·•|][\s·•|]*")


def drop_blocks_matching(blocks: list[Block], pattern: re.Pattern[str]) -> None:
    """Take the blocks whose whole text (stripped) ``pattern`` matches out of ``blocks``, in place."""
    blocks[:] = [b for b in blocks if not pattern.fullmatch(b.text.strip())]


def tidy_blocks(page: Page, blocks: list[Block]) -> None:
    """Take out of ``blocks``, in place, the lines of this package's kinds: post numbers and a poster's initials
    from the text of the blocks holding them (a block left empty goes), then the blocks that are a poster's initials,
    a feedback prompt, a reply box's prompt, a repeated call to action or label or one naming its item or one beside
    the headline, a share bar's label or row, a post's reading time or its poster's signature, a count of activity
    (and the counts after a poster's name), a list's status or a carousel's counter, separators alone, a map's
    credit, a table of contents, and a kicker above the headline; and a table's column of calls to action from its
    rows and the controls that end a line repeated down a thread. Raises nothing."""
    strip_post_numbers(page, blocks)
    drop_avatar_initials(blocks)
    strip_leading_initials(page, blocks)
    drop_blocks_matching(blocks, FEEDBACK_PROMPT)
    drop_form_prompts(page, blocks)
    drop_repeated_actions(page, blocks)
    drop_named_actions(page, blocks)
    drop_headline_action(page, blocks)
    drop_action_columns(page, blocks)
    strip_trailing_controls(page, blocks)
    drop_blocks_matching(blocks, SHARE_LABEL)
    drop_share_rows(page, blocks)
    drop_reading_time(blocks)
    drop_signatures(page, blocks)
    drop_blocks_matching(blocks, ACTIVITY_COUNTS)
    strip_named_counts(blocks)
    drop_blocks_matching(blocks, LIST_STATUS)
    drop_slide_counters(page, blocks)
    drop_blocks_matching(blocks, SEPARATORS_ONLY)
    drop_blocks_matching(blocks, MAP_CREDIT)
    drop_contents(page, blocks)
    drop_kicker(blocks)
