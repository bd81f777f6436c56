"""What the control that answers one comment says: the words of a thread's "Reply" links and buttons.

Read by :mod:`extractor.parse`, which keeps a reply button's place when it removes the buttons as
noise, and by :mod:`extractor.comments`, which finds a comment thread by its reply controls.
"""

from __future__ import annotations

import re

#: What the link or button that answers one comment says, lower-cased, in the languages of the dev
#: sets and the most common others (English, Spanish/Portuguese, French, German, Italian, Dutch,
#: Polish, Russian, Czech, Turkish, the Nordic languages, Chinese, Japanese, Korean), and Slashdot's
#: "reply to this". Chosen for this project from the words of those sites' interfaces, not from pages.
REPLY_WORDS = frozenset((
    "reply", "reply to this", "reply to comment", "reply to this comment", "responder", "responda",
    "répondre", "antworten", "rispondi", "beantwoorden", "reageer", "odpowiedz", "ответить",
    "odpovědět", "yanıtla", "cevapla", "svara", "svar", "vastaa", "回复", "回覆", "返信", "답글", "답글달기",
))
#: Longest text of an element read as a reply control, in characters ("reply to this comment" has 21).
MAX_REPLY_CHARS = 24
#: The element :func:`extractor.parse.parse_html` leaves, empty, where it removed a reply button.
REPLY_MARK = "pagesight-reply"

#: Marks around a control's word ("Reply ↓", "[reply]", "» Responder").
_EDGES = re.compile(r"^[\W_]+|[\W_]+$")


def is_reply_text(text: str | None) -> bool:
    """True when ``text`` (any case and spacing, marks around it ignored) is a reply word (:data:`REPLY_WORDS`)."""
    if not text or len(text) > 4 * MAX_REPLY_CHARS:
        return False
    words = " ".join(text.lower().split())
    return len(words) <= MAX_REPLY_CHARS and (words in REPLY_WORDS or _EDGES.sub("", words) in REPLY_WORDS)
