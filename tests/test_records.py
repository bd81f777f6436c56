"""extract_records on the fixture list pages written for this project, and on bad input."""

from __future__ import annotations

import pytest

from extractor.errors import OptionError
from extractor.page import load
from extractor.records_api import extract_records

from .conftest import FIXTURES
from .synthetic import synthetic_listing

PAGES = FIXTURES / "records"


def column(table, name):
    names = [c.name for c in table.columns]
    assert name in names, f"no column {name!r} in {names}"
    k = names.index(name)
    return [row[k].text if row[k] is not None else None for row in table.rows], table.columns[k].kind


def test_product_grid_cards_with_price_image_and_uneven_fields():
    table = extract_records(PAGES / "product_grid.html")
    assert table.cleaning == "html" and table.reason is None
    assert len(table.rows) == 8
    titles, kind = column(table, "title")
    assert titles[0] == "Trail Runner 2" and titles[-1] == "Winter Lined" and kind == "text"
    prices, kind = column(table, "price")
    assert kind == "price" and prices[2] == "$64.50"
    ratings, kind = column(table, "rating")
    assert kind == "number" and ratings[2] is None and ratings[0] == "4.5"  # the uneven card has no rating
    badges, _ = column(table, "badge")
    assert badges[2] == "Sale" and badges.count(None) == 7
    images, kind = column(table, "thumb_src")
    assert kind == "image" and images[0].endswith("/img/p1.jpg")
    # consent banner rows (OneTrust ot-sdk-row) and the filter side bar are not records
    assert not any("cookie" in t.lower() for t in table.record_texts)
    assert all("$" in t for t in table.record_texts)


def test_search_results_with_a_nested_list_of_sitelinks():
    table = extract_records(PAGES / "search_results.html")
    assert len(table.rows) == 6
    assert table.record_texts[1].startswith("Web data extraction survey")
    assert "Wrappers" in table.record_texts[1]  # the nested list stays inside its record
    urls, kind = column(table, "h3_url")
    assert kind == "link" and urls[0] == "https://example.org/stm"
    headings, _ = column(table, "h3")
    assert headings[4] == "Evaluating record extraction"
    assert not any("tree edit distance" in t for t in table.record_texts)  # related searches side bar


def test_table_listing_inside_a_layout_table():
    table = extract_records(PAGES / "table_listing.html")
    assert len(table.rows) == 7  # the header row names the columns, it is not a record
    assert [(c.name, c.kind) for c in table.columns] == [
        ("title_url", "link"), ("title", "text"), ("rent", "price"), ("posted", "date")]
    assert table.rows[1][1].text == "House with garden" and table.rows[1][2].text == "€ 1,450"
    # A local file's path is no address a reader could follow: its relative links stay relative (#16) ...
    assert [row[0].text for row in table.rows][:2] == ["/ad/101", "/ad/102"]
    # ... and are resolved against the page's web address when one is given.
    assert extract_records(PAGES / "table_listing.html", url="https://rent.example/list").rows[0][0].text == \
        "https://rent.example/ad/101"


def test_forum_thread_posts_despite_empty_anchors_and_a_prose_list():
    table = extract_records(PAGES / "forum_thread.html")
    assert len(table.rows) == 5
    users, _ = column(table, "username")
    assert users == ["marta", "keith_w", "ana.b", "marta", "old_timer"]
    dates, kind = column(table, "message_attribution")
    assert kind == "date" and dates[0] == "Jan 2, 2024"
    assert "Confirmat screws" in table.record_texts[2]
    assert "Similar threads" not in " ".join(table.record_texts)
    # the record elements are the posts, not the empty <a id=…> anchors before them
    page = load(PAGES / "forum_thread.html")
    assert {page.tags[i] for i in table.regions[0].record_ids} == {"article"}


def test_several_regions_are_ranked_main_first():
    table = extract_records(PAGES / "search_results.html", clean=False)
    assert len(table.regions) >= 2
    scores = [r.score for r in table.regions]
    assert scores == sorted(scores, reverse=True)
    assert len(table.regions[0].record_ids) == 6


def test_paper_variant_on_the_grid_and_its_known_failure_on_empty_anchors():
    grid = extract_records(PAGES / "product_grid.html", variant="paper")
    assert len(grid.record_texts) == 8
    # To the letter, the most frequent tag among the thread's children is a tie between the empty
    # <a id=…> anchors and the posts; the anchors win and are then dropped by size (ALGORITHMS 3).
    forum = extract_records(PAGES / "forum_thread.html", variant="paper")
    assert forum.empty and "DRMining" in forum.reason


def test_no_repeated_structure_gives_an_empty_table_with_a_reason():
    html = "<html><body><h1>About</h1><p>We make chairs.</p><p>Since 1950, in one small shop.</p></body></html>"
    table = extract_records(html)
    assert table.empty and table.rows == [] and table.record_texts == []
    assert "no repeated structure" in table.reason


def test_empty_records_are_dropped():
    html = "<html><body><ul>" + "<li></li>" * 10 + "</ul><p>Nothing listed yet.</p></body></html>"
    assert extract_records(html).empty


def test_bad_options_fail_before_loading():
    with pytest.raises(OptionError, match="unknown option"):
        extract_records("/nonexistent/file.html", no_such_option=1)
    with pytest.raises(OptionError, match="min_records"):
        extract_records("<p>x</p>", min_records=1)
    with pytest.raises(OptionError):
        extract_records("<p>x</p>", variant="letter")


def test_five_thousand_records():
    table = extract_records(synthetic_listing(5000, 3))
    assert len(table.rows) == 5000
    assert table.rows[4999][table.columns.index(next(c for c in table.columns if c.name == "price"))].text == "$4999.99"


def test_five_megabyte_listing():
    html = synthetic_listing(6600, 40)
    assert len(html) > 5_000_000
    table = extract_records(html)
    assert len(table.rows) == 6600
    assert {c.kind for c in table.columns} >= {"link", "image", "price"}
