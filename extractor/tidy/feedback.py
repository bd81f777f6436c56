"""Feedback prompts ("Was this helpful?  Yes  No"), left out of the text.

Help centres, FAQs and documentation ask after each answer or at a page's foot whether it helped, with buttons to
say so. A reader does not copy the question, and the gold texts leave it out: 26 wcxb_dev pages hold one, their gold
keeps it once. The buttons are controls and go with the page's chrome, but the question is a line of text of its own
beside the answer it follows, and a method judging blocks keeps it with that answer (a 134th blind round's help
centre kept "Was this helpful?" after each of its 16 answers).
"""

from __future__ import annotations

import re

#: A block whose whole text is such a question, its answers after it ("Yes", "No", counts, thumbs) or none.
FEEDBACK_PROMPT = re.compile(
    r"(?:(?:was|is|did) (?:this|the) (?:(?:article|page|answer|information|post|guide|section|content|faq|reply)"
    r" )?(?:helpful|useful|(?:help(?:ful)?|answer your question))"
    r"|(?:was|were) (?:this|these) [a-z]+ (?:helpful|useful)"  # "Was this leaflet helpful?" (a 158th blind round)
    r"|did (?:this|we) (?:help|answer your question|solve your problem)"
    r"|(?:how )?helpful (?:was|is) this(?: (?:article|page|answer|information))?"
    r"|(?:find|found) this (?:article|page|answer)? ?(?:helpful|useful))(?: (?:for|to) you)?\s*\??"
    r"(?:[\s|/·•]*(?:yes|no|[👍👎]|\(?\d+\)?|thanks?(?: you)?(?: for your feedback)?[.!]?))*",
    re.I)
