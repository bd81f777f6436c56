"""Page cleaning before record mining: by position (rendered geometry) and by what the HTML says."""

from __future__ import annotations

import numpy as np

from extractor.methods.records import Options, clean
from extractor.methods.records.clean import html_furniture, position_furniture
from extractor.page import Geometry, load
from extractor.records_api import extract_records

WIDTH, HEIGHT = 1200.0, 3000.0
LONG = "plenty of ordinary words that make this block look like real content to a text score "

#: Zones with neutral class names, so that only their position tells what they are.
def _items(tag: str, label: str, count: int, body: str) -> str:
    return "".join(f"<{tag}><span>{label} {i}</span> <span>{body}</span></{tag}>" for i in range(count))


#: Zones with neutral class names, so that only their position tells what they are.
HTML = f"""<html><body>
<div class="zone-top"><ul>{_items("li", "Top", 4, LONG)}</ul></div>
<div class="zone-side"><ul>{_items("li", "Side", 6, LONG * 2)}</ul></div>
<div class="zone-main">{''.join(f'<div class="card"><h3>Card {i}</h3><p>{LONG}</p></div>' for i in range(5))}</div>
<div class="zone-foot"><ul>{_items("li", "Foot", 4, LONG)}</ul></div>
<div class="zone-overlay">{''.join(f'<div class="note"><b>Note {i}</b> <i>{LONG * 3}</i></div>' for i in range(4))}
</div>
</body></html>"""

ZONES = {  # class -> (x, y, w, h); cards are stacked inside the main zone
    "zone-top": (0, 0, WIDTH, 120),
    "zone-side": (0, 150, 200, 2600),
    "zone-main": (250, 150, 900, 2600),
    "zone-foot": (0, 2800, WIDTH, 200),
    "zone-overlay": (300, 500, 600, 400),
}


def rendered_like(html: str = HTML):
    """A Page with a geometry laid out by hand: each element takes its zone's (or card's) box."""
    page = load(html)
    n = len(page)
    x, y, w, h = (np.zeros(n) for _ in range(4))
    fixed = np.zeros(n, dtype=bool)
    card = 0
    for i, el in enumerate(page.elements):
        cls = el.get("class") or ""
        p = int(page.parent[i])
        if cls in ZONES:
            box = ZONES[cls]
            fixed[i] = cls == "zone-overlay"
        elif cls == "card":
            box = (260, 150 + card * 300, 880, 280)
            card += 1
        elif p >= 0 and page.tags[i] not in ("body", "head"):
            box = (x[p], y[p], w[p], h[p])
        else:
            box = (0, 0, WIDTH, HEIGHT)
        x[i], y[i], w[i], h[i] = box
    zeros = np.zeros(n)
    page.geometry = Geometry(x, y, w, h, np.ones(n, dtype=bool), zeros, zeros, fixed,
                             WIDTH, HEIGHT, WIDTH, 800.0)
    return page


def zone_of(page, i):
    while i >= 0:
        cls = page.elements[i].get("class") or ""
        if cls.startswith("zone-"):
            return cls
        i = int(page.parent[i])
    return None


def test_position_rules_remove_header_footer_side_column_and_overlay():
    page = rendered_like()
    opts = Options()
    removed = position_furniture(
        page, header_band=opts.header_band, header_band_px=opts.header_band_px, footer_band=opts.footer_band,
        footer_band_px=opts.footer_band_px, side_strip=opts.side_strip, side_max_width=opts.side_max_width,
        side_min_height=opts.side_min_height, max_share=opts.max_furniture_share)
    zones = {zone_of(page, i) for i in removed}
    assert zones == {"zone-top", "zone-side", "zone-foot", "zone-overlay"}
    mask, path = clean(page, opts)
    assert path == "position"
    assert not any(mask[i] for i in range(len(page)) if zone_of(page, i) == "zone-main")


def test_rendered_records_come_from_the_main_zone_with_boxes():
    table = extract_records(rendered_like())
    assert table.cleaning == "position" and table.rendered
    assert [t.split()[1] for t in table.record_texts] == ["0", "1", "2", "3", "4"]
    assert table.record_texts[0].startswith("Card 0")
    region = table.regions[0]
    assert region.box == ZONES["zone-main"]
    assert region.record_boxes[1] == (260, 450, 880, 280)
    assert all(cell.box is not None for row in table.rows for cell in row if cell is not None)


def test_without_geometry_the_neutral_side_column_is_not_removed():
    # The same markup on the HTML path: no landmark, role or word marks the zones, so the side
    # column (more text) wins. Position is what removes it above.
    table = extract_records(HTML)
    assert table.cleaning == "html"
    assert table.record_texts[0].startswith("Side 0")


def test_band_options_change_what_is_removed():
    page = rendered_like()
    table = extract_records(page, side_max_width=0.1)  # 200 px is wider than 10 % of 1200 px
    assert table.record_texts[0].startswith("Side 0")


def test_html_rules_landmarks_roles_words_and_consent_banners():
    html = """<html><body>
    <header><a href="/">Site</a></header>
    <nav><a href="/a">A</a></nav>
    <div role="navigation"><a href="/b">B</a></div>
    <div class="site-sidebar"><p>Side text</p></div>
    <div id="onetrust-banner-sdk"><p>We use cookies</p></div>
    <div class="ot-sdk-row"><p>Accept</p></div>
    <main><article><header><h2>Post title</h2></header><p>Body of the post.</p>
      <footer class="post-footer">Posted by someone</footer></article>
      <section><aside class="note">A note in content</aside></section></main>
    <footer><p>Copyright</p></footer>
    </body></html>"""
    page = load(html)
    removed = html_furniture(page, max_share=0.9)
    texts = {page.text_of(i) for i in removed}
    assert {"Site", "A", "B", "Side text", "We use cookies", "Accept", "Copyright"} <= texts
    # header/footer/aside inside article or section belong to the content (HTML spec)
    assert not texts & {"Post title", "Posted by someone", "A note in content"}


def test_a_wrapper_holding_most_of_the_text_is_never_furniture():
    html = ('<html><body><div class="page-with-sidebar">'
            + "".join(f'<div class="item"><h3>Item {i}</h3><p>{LONG}</p></div>' for i in range(5))
            + '</div><div class="sidebar"><p>short</p></div></body></html>')
    page = load(html)
    removed = html_furniture(page, max_share=Options().max_furniture_share)
    assert [page.elements[i].get("class") for i in removed] == ["sidebar"]
    assert len(extract_records(html).rows) == 5


def test_a_record_reaching_into_the_footer_band_is_kept():
    page = rendered_like()
    cards = [i for i, el in enumerate(page.elements) if el.get("class") == "card"]
    last = cards[-1]
    geometry = page.geometry
    for i in range(last, int(page.end[last])):  # move the last card (and its content) into the footer band
        geometry.y[i], geometry.h[i] = 2700.0, 80.0
    assert geometry.y[last] >= HEIGHT - min(Options().footer_band * HEIGHT, Options().footer_band_px)
    table = extract_records(page)
    assert len(table.rows) == 5 and table.record_texts[-1].startswith("Card 4")
    # and so is what it holds: its row has its cells (a 145th blind round's last map card came out all None)
    assert [c.text if c else None for c in table.rows[-1]] == [c.text.replace("3", "4") if c else None
                                                               for c in table.rows[-2]], table.rows[-1]
