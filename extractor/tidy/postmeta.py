"""A post's reading time ("6 min read" after its byline) and a poster's signature, left out of the text.

A blog post or a news story says under its byline how long it takes to read. A reader copying the post does not copy
it: a 166th blind round's designer blog kept "· 6 min read" after its byline. Of the dev pages, 100 wcxb_dev pages
show a reading time and the golds of 3 keep it; but a listing's cards each say theirs, and those golds keep
("Mar 07, 2026 | 4 min read" on each of a blog index's posts: 0.568 -> 0.451 when they went), so only a page's one
reading time goes. A post's tag line ("Filed under: design, playtesting") was tried too and is kept: the golds of
l3s_gn1 keep 13 of 29, cleaneval's a directory's "CATEGORIES: Builders, Construction" lines.

A forum poster's signature is printed under each of their posts ("Views my own. Not affiliated with KMT."): the
forum software names its box so (phpBB's and vBulletin's "signature", XenForo's "message-signature", a 172nd blind
round's "sig-a5"), and a reader copying the thread copies the posts, not the signatures under them.
"""

from __future__ import annotations

import re

from ..page import Page
from ..result import Block
from .names import named_within

#: A reading time, alone or as one part of a line between separators ("6 min read", "· 12 minute read").
READING_TIME = re.compile(r"(?:^|\s*[·|•]\s*)\d{1,3}\s*(?:min|mins|minute|minutes)\.?\s+read(?=\s*[·|•]|\s*$)", re.I)


def drop_reading_time(blocks: list[Block]) -> None:
    """Take the reading time out of ``blocks``, in place, where one block alone says one (a block left with none of
    its words goes). Table rows are left."""
    found = [k for k, b in enumerate(blocks) if not b.cells and READING_TIME.search(b.text)]
    if len(found) != 1:
        return
    block = blocks[found[0]]
    block.text = READING_TIME.sub("", block.text).strip(" ·|•")
    if not block.text:
        del blocks[found[0]]


#: A class or id word naming a poster's signature: "signature", "sig", "post-signature", "sig-a5" (split at "-" and
#: "_"; "signin", "design" and "signup" are other words).
SIGNATURE_NAME = re.compile(r"(?:^|[\s_-])(?:sig|signature|signatures|usersig|postsig)(?=$|[\s_-])", re.I)
#: How many ancestors of a kept block are read for that name (the signature's box, and a line of it inside).
SIGNATURE_LEVELS = 2
#: The boxes whose class names a signature: Sphinx names an API's signature ``<dt class="sig sig-object">``, and
#: an id names a thing ("feature-digital-signature-compatible-title"), so only these tags' classes count (on the dev
#: pages as served, both took text out of 4 wcxb_dev pages whose golds keep it); a paragraph named so is a letter's
#: sign-off, its writer's name (a cleaneval page's essays, each ending ``<p class="signature">Lillian Guerra</p>``).
SIGNATURE_TAGS = ("div", "section", "aside", "footer", "blockquote", "td")


def drop_signatures(page: Page, blocks: list[Block]) -> None:
    """Take out of ``blocks``, in place, those in a poster's signature: a box (:data:`SIGNATURE_TAGS`) whose class
    names it so (:data:`SIGNATURE_NAME`), :data:`SIGNATURE_LEVELS` levels up at most."""
    blocks[:] = [b for b in blocks
                 if not named_within(page, b, SIGNATURE_NAME, SIGNATURE_LEVELS, ids=False, tags=SIGNATURE_TAGS)]
