"""Annotated screenshots: the boxes drawn lie on the elements they name, at any scale.

Where an element really is comes from a second, independent Chromium driven directly by
Playwright in this thread (``locator.bounding_box``), not from pagesight's own geometry.
Skips when no Chromium is found.
"""

from __future__ import annotations

import io

import pytest

from extractor import extract
from render.browser import LAUNCH_FLAGS

from . import test_render_support as support

# The shared fixtures, made visible to pytest in this module.
browser, server = support.browser, support.server

#: Pixels a drawn box may differ from the element's box (rounding of fractional CSS px).
TOLERANCE_PX = 2


@pytest.fixture(scope="module")
def reference(browser):
    """A separate Playwright browser to measure elements independently."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=browser, args=list(LAUNCH_FLAGS))
        yield chromium
        chromium.close()


def _element_boxes(reference, url: str, selector: str, scale: float, lazy: bool = False) -> list[tuple[float, ...]]:
    """Pixel boxes ``(x0, y0, x1, y1)`` of the elements matching ``selector``, measured independently."""
    page = reference.new_page(viewport={"width": 1280, "height": 800}, device_scale_factor=scale)
    try:
        page.goto(url, wait_until="load")
        if lazy:  # bring in the lazy part as a reader would, then go back to the top
            page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            page.wait_for_selector("#more p")
            page.evaluate("window.scrollTo(0, 0)")
        out = []
        for i in range(page.locator(selector).count()):
            box = page.locator(selector).nth(i).bounding_box()
            if box is None or box["width"] < 1 or box["height"] < 1:
                continue
            x, y = box["x"] + page.evaluate("scrollX"), box["y"] + page.evaluate("scrollY")
            out.append(tuple(v * scale for v in (x, y, x + box["width"], y + box["height"])))
        return out
    finally:
        page.close()


def _drawn(result, role: str) -> list[tuple[int, ...]]:
    return [tuple(d["box"]) for d in result.details["screenshot"]["boxes"] if d["role"] == role]


def _close(a, b) -> bool:
    return all(abs(p - q) <= TOLERANCE_PX for p, q in zip(a, b, strict=True))


@pytest.mark.parametrize("scale", [1, 2])
def test_boxes_lie_on_the_extracted_elements(reference, server, tmp_path, scale):
    from PIL import Image

    url = server.url("article.html")
    shot = tmp_path / f"article@{scale}.png"
    result = extract(url, screenshot=shot, render_options={"device_scale_factor": scale})
    assert result.rendered and shot.exists()
    paragraphs = _element_boxes(reference, url, "article p:not(.byline)", scale)
    headline = _element_boxes(reference, url, "h1", scale)
    drawn_text = _drawn(result, "text")
    assert len(paragraphs) == 6
    for box in paragraphs:
        assert any(_close(box, d) for d in drawn_text), (box, drawn_text)
    drawn_headline = _drawn(result, "heading") + _drawn(result, "title")  # in the text, or the title apart
    assert _close(headline[0], drawn_headline[0])
    # Nothing is drawn on the furniture: the side bar and footer hold no box.
    aside = _element_boxes(reference, url, "aside", scale)[0]
    for d in result.details["screenshot"]["boxes"]:
        assert d["box"][0] < aside[0]
    # The image is the page at this scale, plus a legend band below it.
    info = result.details["screenshot"]
    with Image.open(shot) as image:
        assert image.width == info["width"] == 1280 * scale
        assert image.height > info["height"] >= 800 * scale


def test_annotate_draws_generic_items(tmp_path):
    from PIL import Image

    from render.screenshot import ROLE_COLOURS, annotate

    page = Image.new("RGB", (400, 300), (255, 255, 255))
    buf = io.BytesIO()
    page.save(buf, format="PNG")
    items = [((10, 20, 100, 50), "1 region", "region"), ((50, 150, 60, 40), "2 record", "record"),
             ((0, 290, 50, 40), "3 cut", "record"), ((10, 400, 10, 10), "4 below", "record")]
    info = annotate(buf.getvalue(), items, tmp_path / "a.png", 2.0, title="test")
    # At scale 2 a 400x300 picture holds CSS px up to 200x150: the last two items start below it.
    assert [d["label"] for d in info["boxes"]] == ["1 region"]
    assert info["boxes"][0]["box"] == (20, 40, 220, 140)
    assert info["cut"] == 3
    with Image.open(tmp_path / "a.png") as out:
        assert out.width == 400 and out.height > 300  # legend band added below
        assert out.getpixel((20, 90)) == ROLE_COLOURS["region"]  # the outline, in the role's colour
        assert out.getpixel((399, 299)) == (255, 255, 255)  # page pixels outside boxes untouched


def test_raw_capture_and_tall_page_cap(server, browser, tmp_path):
    from PIL import Image

    from render.screenshot import capture

    rendered = capture(server.url("tall.html"), tmp_path / "tall.png", screenshot_max_height=5000)
    assert rendered.geometry.page_height > 40_000
    assert any("cut at 5000" in w for w in rendered.warnings)
    with Image.open(tmp_path / "tall.png") as image:
        assert image.size == (1280, 5000)


#: page, elements that must carry a drawn box, elements that must carry none (when present).
PAGES = [
    ("article.html", "article h1, article p", "aside, aside a, footer, #consent, header.site"),
    ("products.html", ".card h2, .card .price", ""),
    ("lazy.html", "#story h1, #story > p, #more p", ""),
    ("cookie.html", "article h1, article p", ".dialog, .dialog p, .dialog h2, .topbar"),
    ("hidden.html", "article h1, article > p:not(.gone):not(.ghost)",
     ".ghost, .faded, .away, .squeezed, .sr, .tiny, .indent"),
]


@pytest.mark.parametrize(("name", "must", "never"), PAGES, ids=[p[0] for p in PAGES])
def test_boxes_on_each_fixture_page(reference, server, tmp_path, name, must, never):
    url = server.url(name)
    result = extract(url, screenshot=tmp_path / "shot.png")
    drawn = [tuple(d["box"]) for d in result.details["screenshot"]["boxes"]]
    lazy = name == "lazy.html"
    wanted = _element_boxes(reference, url, must, 1, lazy)
    assert wanted
    for box in wanted:
        assert any(_close(box, d) for d in drawn), (name, box)
    if never:
        for box in _element_boxes(reference, url, never, 1, lazy):
            assert not any(_close(box, d) for d in drawn), (name, box)


def test_the_picture_shows_the_layout_measured_and_fetches_no_image(browser, tmp_path):
    # A full-page capture switches Blink's images back on: the photo was fetched (against the network policy) and
    # drawn at its own size, 430 px shorter than the layout measured with images off, so the box of the paragraph
    # after it lay on blank page (a 58th blind round's press release).
    from PIL import Image

    from .http_server import serve

    photo = io.BytesIO()
    Image.new("RGB", (80, 45), (200, 230, 200)).save(photo, format="PNG")
    fetched: list[str] = []

    def send_photo(handler):
        fetched.append(handler.path)
        return 200, {"Content-Type": "image/png"}, photo.getvalue()

    words = "The harbour lights came on one by one as the ferry turned towards the quay at dusk. " * 4
    (tmp_path / "figure.html").write_text(
        "<html><head><style>body { width: 740px } img { display: block; max-width: 100%; height: auto }</style>"
        "</head><body><h1>Harbour lights</h1><figure><img src='/photo.png' width=800 height=450>"
        f"<figcaption>The quay at dusk</figcaption></figure><p>{words}</p><p>{words}</p></body></html>",
        encoding="utf-8")
    shot = tmp_path / "figure.png"
    with serve(str(tmp_path), {"/photo.png": send_photo}) as base:
        result = extract(f"{base}/figure.html", screenshot=shot)
    paragraphs = [d["box"] for d in result.details["screenshot"]["boxes"] if d["role"] == "text" and
                  d["box"][3] - d["box"][1] > 30]
    assert len(paragraphs) == 2
    with Image.open(shot) as image:
        for x0, y0, x1, y1 in paragraphs:  # the words are inside their boxes: dark pixels there
            inside = image.crop((x0 + 4, y0 + 4, x1 - 4, y1 - 4)).convert("L")
            assert sum(inside.histogram()[:90]) > 200, (x0, y0, x1, y1)
    assert not fetched


def test_overlays_fixed_on_the_screen_are_hidden_from_the_picture_a_header_is_not(browser, tmp_path):
    # A capture beyond the viewport draws what is fixed on the screen where the first screen had it, over the text:
    # a 127th blind round's newsletter modal covered the bio its boxes marked. The modal, its backdrop and a cookie
    # bar are hidden while the picture is taken (and counted in the legend); a header bar along the top stays, and
    # so does an app drawn in a fixed pane holding the page's text.
    from PIL import Image

    words = "The mobile library visits thirty-two villages every fortnight with books for every reader. " * 5
    late = ("setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<div id=\\'backdrop\\' style=\\'"
            "position:fixed;inset:0;background:rgba(0,0,0,.5)\\'><div style=\\'position:fixed;left:400px;top:200px;"
            "width:480px;height:300px;background:rgb(0,0,200)\\'>Never miss a story time</div></div>'), 300)")
    html = ("<html><body style='margin:0'><header style='position:fixed;top:0;left:0;right:0;height:60px;"
            "background:rgb(0,150,0)'>Libraries</header><main style='padding:80px 20px'><h1>Ruth Okafor</h1>"
            f"<p>{words}</p><p>{words}</p><p>{words}</p></main><div style='position:fixed;bottom:0;left:0;right:0;"
            f"height:80px;background:rgb(200,0,0)'>We use cookies.</div><script>{late}</script></body></html>")
    shot = tmp_path / "overlay.png"
    result = extract(html.encode(), render=True, screenshot=shot)
    assert "Never miss" not in result.text and "mobile library visits" in result.text
    assert result.details["screenshot"]["hidden"] == 2  # the backdrop (the modal is in it) and the bar, no header
    with Image.open(shot) as out:
        height = result.details["screenshot"]["height"]
        assert out.getpixel((1000, 30)) == (0, 150, 0)  # the header is drawn
        assert out.getpixel((640, 70)) == (255, 255, 255)  # the page above the headline, not shaded by the backdrop
        for y in range(61, height, 7):  # no pixel of the modal or the bar anywhere on the page
            assert out.getpixel((640, y)) not in ((0, 0, 200), (200, 0, 0)), y


def test_a_cookie_bar_fixed_in_a_shadow_root_is_hidden_from_the_picture(browser, tmp_path):
    # A web component's cookie bar, fixed at the bottom inside its shadow root (a 145th blind round's profile had it
    # drawn over its Q&A, and not counted as hidden): hidden while the picture is taken, and counted.
    from PIL import Image

    words = "The trail crosses the beck by stepping stones when the water is low after a dry week. " * 6
    script = """customElements.define('x-cookies', class extends HTMLElement { connectedCallback() {
      this.attachShadow({mode: 'open'}).innerHTML = '<div class="bar" style="position:fixed;left:0;right:0;bottom:0;'
        + 'height:80px;background:rgb(200,0,0);opacity:1">We use cookies.</div>'; } });"""
    html = (f"<html><body style='margin:0'><main style='padding:20px'><h1>Ruth, ranger</h1><p>{words}</p>"
            f"<p>{words}</p><p>{words}</p></main><x-cookies></x-cookies><script>{script}</script></body></html>")
    shot = tmp_path / "shadow.png"
    result = extract(html.encode(), render=True, screenshot=shot)
    assert result.details["screenshot"]["hidden"] == 1
    with Image.open(shot) as out:
        for y in range(0, result.details["screenshot"]["height"], 7):
            assert out.getpixel((640, y)) != (200, 0, 0), y


def test_an_app_drawn_in_a_fixed_pane_is_not_hidden_from_the_picture(browser, tmp_path):
    from PIL import Image

    words = "The ferry leaves the north quay every forty minutes from early morning until late at night. " * 6
    html = ("<html><body style='margin:0'><div id='app' style='position:fixed;inset:0;overflow:auto;"
            f"background:rgb(250,240,200)'><h1>Timetable</h1><p>{words}</p><p>{words}</p></div></body></html>")
    shot = tmp_path / "pane.png"
    result = extract(html.encode(), render=True, screenshot=shot)
    assert "ferry leaves the north quay" in result.text
    assert result.details["screenshot"]["hidden"] == 0
    with Image.open(shot) as out:
        assert out.getpixel((1270, 700)) == (250, 240, 200)


def test_the_legend_counts_in_the_singular_and_the_plural():
    from render.screenshot import _counted

    assert _counted(1, "box", "boxes", "below the captured height", "not drawn") == \
        "1 box below the captured height is not drawn"
    assert _counted(2, "overlay", "overlays", "fixed on the screen", "hidden") == \
        "2 overlays fixed on the screen are hidden"
    assert _counted(0, "box", "boxes", "below the captured height", "not drawn") is None
