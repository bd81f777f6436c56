"""extract_records with render on: position cleaning, boxes, the annotated screenshot (needs Chromium)."""

from __future__ import annotations

from extractor.records_api import extract_records

from .conftest import FIXTURES
from .test_render_support import chromium_or_skip

PAGES = FIXTURES / "records"


def test_rendered_grid_has_boxes_and_position_cleaning(tmp_path):
    chromium_or_skip()
    shot = tmp_path / "grid.png"
    table = extract_records(PAGES / "product_grid.html", screenshot=shot)
    assert table.rendered and table.cleaning == "position"
    assert len(table.rows) == 8
    main = table.regions[0]
    assert main.box is not None and len(main.record_boxes) == 8
    tops = [box[1] for box in main.record_boxes]
    assert tops == sorted(tops) and all(box[3] > 0 for box in main.record_boxes)
    # every record lies inside its region
    x, y, w, h = main.box
    assert all(bx >= x - 1 and by >= y - 1 and by + bh <= y + h + 1 for bx, by, _, bh in main.record_boxes)
    assert shot.exists() and shot.stat().st_size > 1000
    assert any("screenshot with" in note for note in table.notes)


def test_rendered_forum_matches_the_html_path():
    chromium_or_skip()
    rendered = extract_records(PAGES / "forum_thread.html", render=True)
    served = extract_records(PAGES / "forum_thread.html")
    assert rendered.record_texts == served.record_texts
    assert rendered.cleaning == "position" and served.cleaning == "html"


def test_first_row_of_a_script_built_grid_keeps_its_titles():
    """The first row of cards sits in the header band; its narrow titles belong to their cards."""
    chromium_or_skip()
    table = extract_records(FIXTURES / "render" / "products.html", render=True)
    assert len(table.record_texts) == 8
    assert table.record_texts[0].startswith("Block plane, low angle")
    assert all(any(c and c.text for c in row[:1]) for row in table.rows)
