"""A page's own table of contents is left out of the text; links elsewhere, or two, stay."""

import pytest

from extractor import extract
from extractor.page import load
from extractor.result import Block
from extractor.tidy.contents import drop_contents

SECTION = ("Type where you are starting from and where you want to go in the From and To boxes. You can enter a stop "
           "name, a postcode or the name of a place, and the planner suggests matches as you type.")
NAMES = ("Getting started", "Results and live information", "Accessibility options")


def _page(hrefs: list[str]) -> str:
    links = " ".join(f"<a href='{h}'>{n}</a>" for h, n in zip(hrefs, NAMES, strict=False))
    sections = "".join(f"<h2 id='s{k}'>{n}</h2><p>{SECTION}</p>" for k, n in enumerate(NAMES))
    return (f"<html><body><main><h1>Journey planner help</h1><p>{SECTION}</p><nav class='toc'>{links}</nav>"
            f"{sections}</main></body></html>")


def test_a_pages_own_table_of_contents_is_left_out():
    # the 171st and 172nd blind rounds' help pages kept "Getting started Results and live information ..." (P 0.34)
    text = extract(_page(["#s0", "#s1", "#s2"]), method="decay").text
    assert "Getting started Results" not in text and text.count("Accessibility options") == 1, text


@pytest.mark.parametrize(("hrefs", "dropped"), [(["#s0", "#s1", "#s2"], True), (["/a", "/b", "/c"], False),
                                               (["#s0", "#s1"], False), (["#", "#", "#"], False)])
def test_only_three_links_or_more_to_the_pages_own_places_are_contents(hrefs, dropped):
    page = load(_page(hrefs))
    nav = page.tags.index("nav")
    paragraph = len(page.tags) - 1 - page.tags[::-1].index("p")
    line = " ".join(NAMES[:len(hrefs)])
    blocks = [Block(nav, line), Block(paragraph, SECTION)]
    drop_contents(page, blocks)
    assert [b.text for b in blocks] == [SECTION] if dropped else [line, SECTION]


def test_a_code_listings_line_numbers_stay():
    # a wcxb_dev page's code listings, each line number an anchor to its line ("#L1"): its gold keeps them
    page = load("<html><body><pre><span class='linenos'>" + "".join(f"<a href='#L{k}'>{k}</a>\n" for k in range(1, 6))
                + f"</span></pre><p>{SECTION}</p></body></html>")
    numbers = "\n".join(str(k) for k in range(1, 6))
    blocks = [Block(page.tags.index("span"), numbers)]
    drop_contents(page, blocks)
    assert [b.text for b in blocks] == [numbers]
