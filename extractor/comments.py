"""Readers' comment sections: find them by their class/id names, and drop them before a method.

A blog post or news article often carries a thread of readers' comments below it. They are
not the main text (dragnet's gold, for one, excludes them), yet they are long, plain prose
that every text-density method takes for content. Sites name these sections in their markup
(WordPress ``#comments``/``.commentlist``/``#respond``, Disqus ``#disqus_thread``), so a
class/id word is a cheap, reliable cue. Where the names say nothing (a site built with CSS modules
or a minifier writes ``css-1q2w3e``), a thread still shows itself by its reply links: every
comment of a WordPress, Disqus, Slashdot or forum thread carries a link or button that says
"Reply" in the site's language, and an article's own text has none (:func:`reply_threads`); and
a heading opens it ("57 Comments", "Leave a Reply": :func:`headed_sections`). On forum pages the
"comments" are the content: :mod:`extractor.auto.routing` keeps them there.

Measured on the dev sets (shingle F1, comment sections dropped vs kept): dragnet +0.10 with
cedp-dsum (first 400 pages), l3s_gn1 +0.011, cleaneval -0.008, wcxb_dev articles +0.007 but
forums -0.05 (decay without CleanTree).
"""

from __future__ import annotations

import bisect
import re
from itertools import pairwise

import numpy as np

from .page import Page
from .parse import HEADING_TAGS
from .reply import MAX_REPLY_CHARS, REPLY_MARK, is_reply_text

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

#: A thread needs at least this many reply links: one alone may be a sharing widget's (chosen
#: for this project; a thread of one comment is left to the class/id names).
MIN_REPLY_LINKS = 2
#: Elements a reply control is made of (the parse leaves a mark where it removed a reply button).
REPLY_TAGS = ("a", "button", REPLY_MARK)
_CONTROL_TAGS = frozenset(REPLY_TAGS[:2])

_WORD = re.compile(r"[^a-z0-9]+")
#: A heading that opens a comment thread or its form, in the languages of
#: :data:`~extractor.reply.REPLY_WORDS`: the
#: plural alone or after a count ("Comments", "57 Comments", "Kommentare (3)"; "Comment" alone heads
#: opinion columns), a count of comments
#: "to"/"on" the post ("38 comments to ...", "12 thoughts on ..."), or an invitation to write one
#: ("Leave a Reply", "Post a comment"). Chosen for this project from blog and news templates' wording.
COMMENT_HEADING = re.compile(
    r"(?:\d+\s+)?(?:comments|responses|replies|reader comments|kommentare|commentaires|comentarios"
    r"|comentários|commenti|reacties|komentarze|комментарии|yorumlar|评论|評論|留言|网友评论|コメント|댓글)"
    r"\s*(?:\(\d+\)|\d+)?:?"
    r"|\d+\s+(?:comment|response|reply)"
    r"|\d+\s+(?:comments?|responses?|replies|thoughts?)\s+(?:to|on)\b.*"
    r"|(?:leave|post|add|write|submit)\s+an?\s+(?:comment|reply|response)\b.*"
    r"|join the discussion",
    re.IGNORECASE)
#: Longest heading read as a comment heading, in characters (a count of comments "to" a long post title).
MAX_HEADING_CHARS = 120

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
    """Ids of the outermost comment sections under ``<body>``: those named so by a class or id
    (:func:`named_sections`, each at most ``max_share`` of the body's text), the reply threads
    (:func:`reply_threads`) and the sections under a comment heading (:func:`headed_sections`).
    Returns an empty list when the page has none.
    """
    named = named_sections(page, max_share)
    found = reply_threads(page, max_share) + headed_sections(page, max_share)
    if not found:
        return named
    end = page.end_list
    out: list[int] = []
    covered = -1
    for i in sorted(set(named) | set(found)):
        if i >= covered:
            out.append(i)
            covered = end[i]
    return out


def named_sections(page: Page, max_share: float = MAX_SHARE) -> list[int]:
    """Ids of the outermost elements under ``<body>`` whose class or id names a comment section
    (:func:`is_comment_name`), each at most ``max_share`` of the body's text ([] when none)."""
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


def reply_links(page: Page) -> list[int]:
    """Ids of the reply controls under ``<body>``, in document order: the links and buttons whose
    whole text is a reply word (:func:`~extractor.reply.is_reply_text`), and the marks the parse left
    where it removed a reply button with the other noise tags."""
    body = page.body_id
    end, texts, tags = page.end_list, page.texts, page.tags
    lo, hi = body + 1, end[body]
    short = page.text_len[lo:hi]
    # Only elements short enough to be a control are looked at (an array test, not a walk of every link).
    out = [i for i in (np.flatnonzero((short > 0) & (short <= MAX_REPLY_CHARS)) + lo).tolist()
           if tags[i] in _CONTROL_TAGS
           and is_reply_text(texts[i] if end[i] == i + 1 else page.text_of(i))]  # a leaf's text is its own
    index = page.index
    marks = [i for el in page.body.iter(REPLY_MARK) if (i := index.get(el)) is not None]
    return sorted(out + marks) if marks else out


def reply_threads(page: Page, max_share: float = MAX_SHARE) -> list[int]:
    """Ids of the comment threads of ``page`` found by their reply links (:func:`reply_links`), whatever
    their class and id names say; [] when it has fewer than :data:`MIN_REPLY_LINKS` of them.

    The thread is the smallest element holding every reply link. Where that holds more than
    ``max_share`` of the body's text (a short post under a long thread, or the comments beside the
    article in one container), the comments are each the largest element below it that holds one
    reply link, each at most ``max_share`` of the text, as :func:`named_sections` takes each element
    named ``comment``. On forum pages, whose posts carry reply links too, the routing keeps them.
    """
    links = reply_links(page)
    if len(links) < MIN_REPLY_LINKS:
        return []
    parent, end, text_len = page.parent_list, page.end_list, page.text_len
    limit = max_share * max(int(text_len[page.body_id]), 1)
    common = page.common_ancestor(links)
    if common <= page.body_id:
        return []
    if text_len[common] <= limit:
        return [common]
    items = []
    for link in links:
        item = link
        while parent[item] != common and _holds_one(links, parent[item], end):
            item = parent[item]
        if items and item < end[items[-1]]:
            continue  # a reply nested in a comment already taken
        items.append(item)
    return [i for i in _with_headers(page, items) if text_len[i] <= limit]


def _with_headers(page: Page, items: list[int]) -> list[int]:
    """``items`` (comments, in document order) with the siblings between two comments of one parent:
    where a comment's header is an element of its own before its text (WordPress's ``<dt>``
    author line before the ``<dd>`` text and reply link), it sits between the comments. When every
    comment of the parent has the same number of such siblings, as many before the first are its own."""
    parent = page.parent_list
    out = list(items)
    start = 0
    while start < len(items):
        stop = start + 1
        while stop < len(items) and parent[items[stop]] == parent[items[start]]:
            stop += 1
        group = items[start:stop]
        start = stop
        if len(group) < 2:
            continue
        kids = page.children(parent[group[0]])
        place = {k: n for n, k in enumerate(kids)}  # not kids.index: a hostile page has 100,000 comments
        places = [place[i] for i in group]
        gaps = [b - a - 1 for a, b in pairwise(places)]
        for a, b in pairwise(places):
            out.extend(kids[a + 1:b])
        if gaps[0] > 0 and len(set(gaps)) == 1 and places[0] >= gaps[0]:
            out.extend(kids[places[0] - gaps[0]:places[0]])
    return sorted(out)


def headed_sections(page: Page, max_share: float = MAX_SHARE) -> list[int]:
    """Ids of the sections that a comment heading opens (:data:`COMMENT_HEADING`), whatever their
    class and id names say; [] when there is none.

    The section is the largest element under ``<body>`` whose text starts with the heading; where the
    heading starts no element but itself (a flat page), the heading and its following siblings up to
    the next heading of the same or a higher level. As :func:`named_sections` takes each element named
    ``comment`` that holds at most ``max_share`` of the body's text, a section holding more (a short
    post under a long thread) is returned as its parts that each hold at most that much.
    """
    body = page.body_id
    tags, text_len = page.tags, page.text_len
    parent, end = page.parent_list, page.end_list
    limit = max_share * max(int(text_len[body]), 1)
    texts_before = tails_before = None
    siblings_of: dict[int, tuple[list[int], dict[int, int]]] = {}
    out: list[int] = []
    for el in page.body.iter(*HEADING_TAGS):
        h = page.index.get(el, body)
        if h == body or not 0 < text_len[h] <= MAX_HEADING_CHARS:
            continue
        if not COMMENT_HEADING.fullmatch(page.text_of(h)) or (out and h < end[out[-1]]):
            continue
        if texts_before is None:
            texts_before = np.concatenate(([0], np.cumsum(page.text_sizes)))
            tails_before = np.concatenate(([0], np.cumsum(page.tail_sizes)))
        section, chain_tails = h, 0
        while parent[section] != body and parent[section] >= 0:
            up = parent[section]
            if section != h:
                chain_tails += page.tail_sizes[section]
            # Text inside ``up`` before the heading: the texts of the elements from ``up`` to the heading,
            # and the tails of those that are not the heading's ancestors (theirs come after it).
            before = texts_before[h] - texts_before[up] + tails_before[h] - tails_before[up + 1] - chain_tails
            if before > 0:
                break
            section = up
        group = [section]
        if section == h:
            if parent[h] not in siblings_of:  # once per parent: a page may repeat the heading 10,000 times
                kids = page.children(parent[h])
                siblings_of[parent[h]] = (kids, {k: n for n, k in enumerate(kids)})
            kids, place = siblings_of[parent[h]]
            rank = int(tags[h][1])
            for k in kids[place[h] + 1:]:
                if tags[k] in HEADING_TAGS and int(tags[k][1]) <= rank:
                    break
                group.append(k)
        for k in group:
            out.extend(_parts(page, k, limit))
    return out


def _parts(page: Page, element: int, limit: float) -> list[int]:
    """``[element]`` when its text is at most ``limit`` characters, else the same of each of its children."""
    out, todo = [], [element]
    while todo:  # a loop, not recursion: a page may nest elements 100,000 deep
        i = todo.pop()
        if page.text_len[i] <= limit:
            out.append(i)
        else:
            todo.extend(reversed(page.children(i)))
    return out


def _holds_one(links: list[int], element: int, end: list[int]) -> bool:
    """True when the subtree of ``element`` holds exactly one of the sorted ids ``links``."""
    return bisect.bisect_left(links, end[element]) - bisect.bisect_left(links, element) == 1


def drop_comments(page: Page, *, copy_tree: bool = True, max_share: float = MAX_SHARE) -> Page:
    """``page`` without its comment sections (``page`` itself when it has none).

    ``copy_tree=False`` changes ``page``'s tree in place (then ``page`` must not be used again).
    """
    return page.without(comment_sections(page, max_share), copy_tree=copy_tree)
