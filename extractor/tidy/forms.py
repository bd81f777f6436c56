"""The prompt over a form for writing a reply ("Your answer", "Reply to this thread", "Leave a comment"), left out of
the text.

A thread, a Q&A page or a post ends with a box for the reader's own words, headed by a short heading or label. A
reader copying the page does not copy it, yet it sits right after the last post and a method keeps it: a 163rd blind
round's forum kept "Reply to this thread" (a label holding the box), a 164th's Q&A thread "Your answer" (a heading
over it).
"""

from __future__ import annotations

from ..page import Page
from ..parse import TEXT_BOX_MARK
from ..result import Block

#: Longest prompt, in characters ("Leave a comment", "Reply to this thread", "Add your answer below").
FORM_PROMPT_MAX_CHARS = 40
#: Most elements of a block read as a field's label holding its box (a ``<div>`` around a ``<label>``, a ``<br>`` and
#: the box are four): a larger one is a region that holds a form somewhere, not a label.
FORM_FIELD_MAX_ELEMENTS = 6
#: Elements that head or name a form's field.
_PROMPT_TAGS = ("h1", "h2", "h3", "h4", "h5", "h6", "label", "legend")


def drop_form_prompts(page: Page, blocks: list[Block]) -> None:
    """Take out of ``blocks``, in place, the short blocks (at most :data:`FORM_PROMPT_MAX_CHARS`) that hold a form's
    field, a box to type in or a choice (:data:`FORM_FIELD_MAX_ELEMENTS` elements at most: labels, "Town or postcode
    Region" over a 166th blind round's stockist finder), and the short headings, labels and legends right before a
    ``<textarea>`` (or before a form holding one), in document order (the parse marks where each was:
    :data:`~extractor.parse.TEXT_BOX_MARK`)."""
    blocks[:] = [b for b in blocks if not _prompts_for_text_box(page, b)]


def _prompts_for_text_box(page: Page, block: Block) -> bool:
    """Whether ``block`` is a short label or heading of a ``<textarea>`` (see :func:`drop_form_prompts`)."""
    at = block.id
    if not 0 <= at < len(page.elements) or len(block.text.strip()) > FORM_PROMPT_MAX_CHARS:
        return False
    elements, end = page.elements, page.end_list
    if end[at] - at <= FORM_FIELD_MAX_ELEMENTS and any(  # a label holding its box
            elements[i].get(TEXT_BOX_MARK) in ("in", "box") for i in range(at, end[at])):
        return True
    if page.tags[at] not in _PROMPT_TAGS:
        return False
    if elements[at].get(TEXT_BOX_MARK) == "before":
        return True
    after = end[at]
    return after < len(elements) and page.tags[after] == "form" and any(
        elements[i].get(TEXT_BOX_MARK) == "box" for i in range(after, end[after]))
