"""Readers' comment sections: find them by their class/id names, and drop them before a method.

A blog post or news article often carries a thread of readers' comments below it. They are
not the main text (dragnet's gold, for one, excludes them), yet they are long, plain prose
that every text-density method takes for content. Sites name these sections in their markup
(WordPress ``#comments``/``.commentlist``/``#respond``, Disqus ``#disqus_thread``), so a
class/id word is a cheap, reliable cue. On forum pages the "comments" are the content:
:mod:`extractor.auto.routing` keeps them there.

Measured on the dev sets (shingle F1, comment sections dropped vs kept): dragnet +0.10 with
cedp-dsum (first 400 pages), l3s_gn1 +0.011, cleaneval -0.008, wcxb_dev articles +0.007 but
forums -0.05 (decay without CleanTree).
"""

from __future__ import annotations

import re

from .page import Page

#: Class/id words that name a comment section: any word starting with ``comment`` (comment,
#: comments, commentlist, comment-body split at ``-``), WordPress's reply form ``respond``,
#: Disqus's thread. Chosen for this project on the dev sets as a whole.
COMMENT_PREFIX = "comment"
COMMENT_WORDS = frozenset(("respond", "disqus", "disqusthread"))
#: Words that start with ``comment`` but name opinion articles, not readers' comments.
NOT_COMMENT_WORDS = frozenset(("commentary", "commentaries", "commentator", "commentators"))
#: A section holding more than this share of the body's text is kept: it is the content
#: (tuned on dragnet, l3s_gn1, cleaneval and wcxb_dev together; 0.5 kept every article body).
MAX_SHARE = 0.5

_WORD = re.compile(r"[^a-z0-9]+")
#: Substrings that any comment name holds once lower-cased ("disqus" covers "disqusthread"): a cheap
#: test before the word split (substring tests, a fifth of the cost of a case-blind regex search).
_SIEVE = (COMMENT_PREFIX, "disqus", "respond")


def is_comment_name(class_or_id: str) -> bool:
    """True when a class or id value names a comment section (see :data:`COMMENT_WORDS`)."""
    for word in _WORD.split(class_or_id.lower()):
        if word in COMMENT_WORDS or (word.startswith(COMMENT_PREFIX) and word not in NOT_COMMENT_WORDS):
            return True
    return False


def comment_sections(page: Page, max_share: float = MAX_SHARE) -> list[int]:
    """Ids of the outermost comment sections under ``<body>`` (each at most ``max_share`` of its text).

    Returns an empty list when the page has none.
    """
    body = page.body_id
    limit = max_share * max(int(page.text_len[body]), 1)
    names, end, text_len = page.class_id, page.end_list, page.text_len
    stop = end[body]
    out: list[int] = []
    covered = -1
    a, b, c = _SIEVE  # spelled out below: a generator per name would cost more; is_comment_name decides
    for i in [i for i, name in enumerate(names[body + 1:stop], body + 1)
              if name and (a in (lower := name.lower()) or b in lower or c in lower)]:
        if i >= covered and is_comment_name(names[i].lower()) and text_len[i] <= limit:
            out.append(i)
            covered = end[i]  # the outermost section only
    return out


def drop_comments(page: Page, *, copy_tree: bool = True, max_share: float = MAX_SHARE) -> Page:
    """``page`` without its comment sections (``page`` itself when it has none).

    ``copy_tree=False`` changes ``page``'s tree in place (then ``page`` must not be used again).
    """
    return page.without(comment_sections(page, max_share), copy_tree=copy_tree)
