"""A kicker over the headline ("Event", "Collection object") is left out; a standfirst, a date or a heading stays."""

import pytest

from extractor import extract
from extractor.result import Block
from extractor.tidy.kickers import drop_kicker

STORY = "The farm opens its gates for a day of tours, tastings and talks in the fields and the packing shed. " * 6


def _blocks(first: str, tag: str = "p", then: str = "h1") -> list[Block]:
    return [Block(0, first, tag=tag), Block(1, "Open Farm Day 2025", tag=then), Block(2, STORY)]


@pytest.mark.parametrize("label", ["Event", "Collection object", "Delivery checker", "Members' forum"])
def test_a_short_label_right_before_the_headline_is_a_kicker(label):
    blocks = _blocks(label)
    drop_kicker(blocks)
    assert [b.text for b in blocks] == ["Open Farm Day 2025", STORY]


@pytest.mark.parametrize(("first", "tag", "then"), [
    ("Saturday 8 November 2025", "p", "h1"),          # a date
    ("Home › Events › Open day", "p", "h1"),           # a breadcrumb trail
    ("Come and see the farm for yourself today", "p", "h1"),  # a line longer than a label
    ("Event", "p", "h2"),                               # not before the headline
    ("Events", "h1", "h1"),                             # a headline itself
    ("Warning: road closed.", "p", "h1"),               # a sentence
])
def test_other_first_lines_stay(first, tag, then):
    blocks = _blocks(first, tag, then)
    drop_kicker(blocks)
    assert blocks[0].text == first


def test_an_event_page_starts_at_its_headline():
    html = (f"<html><body><main><article><p class='eyebrow'>Event</p><h1>Open Farm Day 2025</h1><p>{STORY}</p>"
            f"<p>{STORY}</p></article></main></body></html>")
    text = extract(html.encode(), render=False).text
    assert text.startswith("Open Farm Day 2025") and "Event\n" not in text, text
