"""A post's reading time and a poster's signature are left out of the text; a listing's cards keep their reading
times, and a tag line stays."""

import pytest

from extractor.page import load
from extractor.result import Block
from extractor.tidy.postmeta import drop_reading_time, drop_signatures

POST = "The calf was born early on Saturday and is feeding well, the keepers say."


def test_a_posts_reading_time_is_left_out():
    # a 166th blind round's blog: "By Hester Owusu-Blake, 14 February 2025 · 6 min read" under the headline
    lines = ["By Hester Owusu-Blake, 14 February 2025 · 6 min read", POST, "Filed under: design, playtesting"]
    blocks = [Block(k, line) for k, line in enumerate(lines)]
    drop_reading_time(blocks)
    assert [b.text for b in blocks] == ["By Hester Owusu-Blake, 14 February 2025", POST, lines[-1]]
    alone = [Block(0, "12 minute read"), Block(1, POST)]
    drop_reading_time(alone)
    assert [b.text for b in alone] == [POST]


def test_a_listings_reading_times_stay():
    # a blog index's cards, "Mar 07, 2026 | 4 min read" on each (a wcxb_dev page whose gold keeps them)
    blocks = [Block(k, f"Mar 0{k + 1}, 2026 | {k + 2} min read") for k in range(3)]
    drop_reading_time(blocks)
    assert [b.text for b in blocks] == [f"Mar 0{k + 1}, 2026 | {k + 2} min read" for k in range(3)]


@pytest.mark.parametrize(("name", "dropped"), [("sig-a5", True), ("message-signature", True), ("signature", True),
                                               ("post_sig", True), ("signin", False), ("design-note", False)])
def test_a_posters_signature_is_left_out(name, dropped):
    # a 172nd blind round's thread: "Views my own. Not affiliated with KMT." under each of a poster's posts, in a box
    # named "sig-a5"; a box named otherwise stays
    page = load(f"<html><body><article><p>{POST}</p><div class='{name}'><p>Views my own.</p></div></article>"
                "</body></html>")
    ids = {page.elements[i].text: i for i in range(len(page.elements)) if page.tags[i] == "p"}
    blocks = [Block(ids[POST], POST), Block(ids["Views my own."], "Views my own.")]
    drop_signatures(page, blocks)
    assert [b.text for b in blocks] == [POST] if dropped else [POST, "Views my own."], name


@pytest.mark.parametrize("box", ["<dl><dt class='sig sig-object py'><p>Views my own.</p></dt></dl>",
                                 "<div id='feature-digital-signature-title'><p>Views my own.</p></div>",
                                 "<p class='signature'>Views my own.</p>"])
def test_an_api_signature_and_a_box_whose_id_says_signature_stay(box):
    # Sphinx names an API's signature <dt class="sig sig-object py"> (Python's and Django's docs in wcxb_dev), an id
    # may name a feature ("Digital Signature Compatible" in a product's table), and a paragraph named so is a letter's
    # sign-off (a cleaneval page's essays): their text is the page's
    page = load(f"<html><body><article><p>{POST}</p>{box}</article></body></html>")
    ids = {page.elements[i].text: i for i in range(len(page.elements)) if page.tags[i] == "p"}
    blocks = [Block(ids[POST], POST), Block(ids["Views my own."], "Views my own.")]
    drop_signatures(page, blocks)
    assert [b.text for b in blocks] == [POST, "Views my own."]
