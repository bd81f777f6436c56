"""A list's status lines ("Showing 1–8 of 20", "You have reached the end of the board") are left out; sentences
with counts in them stay."""

import pytest

from extractor import extract
from extractor.tidy.status import LIST_STATUS

ITEMS = ("A pressed sheet of wood anemone collected in the beech hanger behind the old walled garden",
         "Three fronds of hart's-tongue fern taken from the lime mortar of the north glasshouse wall",
         "A flowering stem of early purple orchid found on the chalk bank beside the arboretum car park")


@pytest.mark.parametrize("text", ["Showing 1–8 of 20", "Showing 14 of 14 walks and courses", "Showing all 16 nurseries",
                                  "Showing 12 of 12 places within 10 miles of MB2 4QT",
                                  "Displaying 21-40 of 132 results", "1–10 of 57 results",
                                  "You have reached the end of the board.", "You've reached the end",
                                  "No more posts to show", "End of results", "Sort by:", "Sort by: · Showing 10 shows"])
def test_a_list_status_is_recognised(text):
    assert LIST_STATUS.fullmatch(text)


@pytest.mark.parametrize("text", ["3 of 4 people found this helpful", "Chapter 1 of 12", "Showing films in London",
                                  "The end of the war", "2 of the 5 trails reopened this week", "Showing",
                                  "Sort by date, newest first"])
def test_other_lines_are_no_list_status(text):
    assert not LIST_STATUS.fullmatch(text)


def test_a_search_page_loses_its_status_lines_and_keeps_its_results():
    # a herbarium's search results, "Showing 1–3 of 3" above them and the end of the list below (the 151st and
    # 152nd blind rounds kept both)
    results = "".join(f"<li><h3>Specimen {k}</h3><p>{item}.</p></li>" for k, item in enumerate(ITEMS))
    html = (f"<html><body><main><h1>Search the herbarium</h1><p>Showing 1–3 of 3</p><ul>{results}</ul>"
            "<p>You have reached the end of the list.</p></main></body></html>")
    for method in ("auto", "decay"):
        text = extract(html, method=method).text
        assert "Showing" not in text and "reached the end" not in text, (method, text)
        assert all(item in text for item in ITEMS), (method, text)


def test_a_line_of_separators_alone_is_left_out():
    # "·" left between two controls once both were removed (a 156th blind round's tide table's tools)
    rows = "".join(f"<p>{item}</p>" for item in ITEMS)
    html = (f"<html><body><main><h1>Tide table</h1>{rows}<div class='tools'><button>Print table</button> · "
            "<button>Download CSV</button></div></main></body></html>")
    text = extract(html, method="decay").text
    assert all(item in text for item in ITEMS) and "·" not in text, text


def test_a_carousels_counter_is_left_out_and_a_score_stays():
    # "2 / 4" under a 165th blind round's photo carousel, "1 / 3" under a 167th's; "3 / 5" in a review is its score
    from extractor import load
    from extractor.result import Block
    from extractor.tidy.status import drop_slide_counters

    page = load("<html><body><section aria-roledescription='carousel'><figure>A</figure><div class='controls'>"
                "<span>2 / 4</span></div></section><div class='review'><p>3 / 5</p></div></body></html>")
    counter, score = page.index[next(page.root.iter("span"))], page.index[next(page.root.iter("p"))]
    blocks = [Block(counter, "2 / 4"), Block(score, "3 / 5")]
    drop_slide_counters(page, blocks)
    assert [b.text for b in blocks] == ["3 / 5"]
