"""When a rendering lost the text the server sent: read the served HTML instead.

A rendered page is usually the served page and more (what scripts fetched, expanded or built).
But scripts can also take the page's text away: an application that fails to start without
its blocked or unreachable requests and replaces the server-rendered article with an empty
shell or an error screen, a script that sends the browser to an address that cannot be
reached, a sign-up box left in front of an article whose reveal never ran, answers kept
collapsed by class. Then the served HTML, read without rendering, holds the text and the
rendering does not. :func:`lost_in_rendering` tells such a rendering from one that simply
shows something else; the front door (:func:`extractor.api.extract`) then returns the served
HTML's Result with a warning saying so.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .metrics import tokens
from .page import Page

#: Below this many words the served page's main text is a line or two (a "JavaScript is required"
#: note, a cookie notice): nothing a rendering could lose. A paragraph of news prose runs 40-80 words.
SERVED_MIN_WORDS = 50
#: A rendering lost the served text when its main text is shorter than this share of the served main
#: text (in the evaluation's words). One half: below it, most of what the server sent is gone from what
#: the reader is given. A rendering with a text at least this long, even another one, shows something
#: else rather than less (a first version also counted the words the two share: on wcxb_dev that sent
#: two pages whose rendering found a different text of about the served one's length, rightly, back to the
#: served HTML; docs/results/render.md, "When the rendering lost the served text").
LOST_SHARE = 0.5


@dataclass(frozen=True)
class Loss:
    """How much of the served page's main text a rendering's main text holds."""

    served_words: int
    rendered_words: int
    kept_words: int

    def describe(self) -> str:
        """A sentence for the Result's warnings."""
        return (f"the rendered page's main text held {self.rendered_words:,} words against the {self.served_words:,} "
                "the server sent (its scripts may have failed, been blocked, or removed or hidden the text), so the "
                "served HTML was read instead; the blocks have no boxes on the screenshot")


def lost_in_rendering(served_text: str, rendered_text: str) -> Loss | None:
    """Whether a rendering lost the served page's main text: a :class:`Loss`, or None when it did not.

    Takes the main text extracted from the served HTML and from the rendering (same method).
    A loss needs a served main text of at least :data:`SERVED_MIN_WORDS` words and a rendered main
    text of less than :data:`LOST_SHARE` of its words (the evaluation's tokens); ``kept_words`` says
    how many of the served words (as a multiset) the rendered text holds.
    """
    served = tokens(served_text)
    if len(served) < SERVED_MIN_WORDS:
        return None
    rendered = tokens(rendered_text)
    if len(rendered) >= LOST_SHARE * len(served):
        return None
    return Loss(len(served), len(rendered), sum((Counter(served) & Counter(rendered)).values()))


def hidden_elements(page: Page) -> list[int]:
    """Ids of the elements of ``page`` that a browser does not show even with scripts off: those with the
    ``hidden`` attribute, but ``hidden="until-found"`` (find-in-page opens those)."""
    return [i for i, el in enumerate(page.elements)
            if el.get("hidden") is not None and el.get("hidden").strip().lower() != "until-found"]


def shows_own_text(rendered_text: str) -> bool:
    """Whether a rendering's main text is a text of its own (:data:`SERVED_MIN_WORDS` words or more),
    not a line or two left after a failure."""
    return len(tokens(rendered_text)) >= SERVED_MIN_WORDS
