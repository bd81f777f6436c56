"""The browser stage end to end: fixture pages served from 127.0.0.1, rendered in Chromium.

Each test checks what a user would: the extracted text, what must be absent, and where
things are. Faults end within their timeout with a typed error or a partial result, and the
browser renders the next page afterwards. Skips when no Chromium is found.
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time

import pytest

from extractor import extract, load
from extractor.api import get_page
from extractor.errors import BrowserNotFound, OptionError, RenderError, RenderTimeout
from render.geometry import ID_ATTR

from . import test_render_support as support
from .test_render_support import SLOW_BODY_TEXT, free_port, renderer_pids

# The shared fixtures, made visible to pytest in this module.
browser, server, other_site = support.browser, support.server, support.other_site

HEADLINE = "Old swing bridge reopens after two winters of repair"
#: Seconds a fault may overrun its timeout (closing the page, the next poll).
SLACK_S = 2.5


def _render(*args, **kwargs):
    from render import render

    return render(*args, **kwargs)


def _assert_usable(server) -> None:
    """The browser still renders a normal page after a fault, and nothing was left open."""
    from render.browser import open_pages

    result = extract(server.url("article.html"), render=True)
    assert result.title == HEADLINE and "turning gear had worn almost through" in result.text
    time.sleep(0.2)  # popups close asynchronously
    assert open_pages() == (1, 1)


# ---------------------------------------------------------------------------- pages


def test_script_built_article(browser, server):
    url = server.url("article.html")
    plain = extract(url)
    assert plain.text == ""
    assert "render" in plain.reason and "scripts" in plain.reason

    result = extract(url, render=True)
    assert result.rendered
    assert result.title == HEADLINE  # the routed method may keep the headline out of the text
    assert result.text.startswith((HEADLINE, "By Maren Holt"))
    assert "turning gear had worn almost through" in result.text
    assert "without closing the crossing again" in result.text
    for furniture in ("Ferry timetable", "Letters to the editor", "We use cookies", "Opinion"):
        assert furniture not in result.text
    assert result.timings["render"] > 0
    assert all(block.box is not None for block in result.blocks)


def test_rendered_page_is_typed_from_the_served_html_unless_scripts_built_it(browser, server):
    from extractor.auto.pagetype import page_type_of, typed_document
    from extractor.page import SERVED_KEY

    script_built = get_page(server.url("article.html"), render=True)
    assert script_built.geometry.extra[SERVED_KEY] == (support.RENDER_FIXTURES / "article.html").read_bytes()
    document = typed_document(script_built)
    assert "turning gear had worn almost through" in document.text_of(0)  # the rendered DOM: scripts built it
    verdict = page_type_of(script_built)
    assert verdict.model == "render" and verdict.page_type in verdict.probabilities
    assert extract(server.url("article.html"), render=True).page_type == verdict.page_type

    html = "<html><body><h1>Served words</h1>" + "<p>Written by the server, not by a script.</p>" * 20 \
        + "<script>document.body.insertAdjacentHTML('beforeend', '<p>One added line.</p>')</script></body></html>"
    served = get_page(html, render=True)
    assert served.geometry.extra[SERVED_KEY] == html.encode("utf-8")
    document = typed_document(served)
    assert "Written by the server" in document.text_of(0) and "One added line" not in document.text_of(0)
    assert page_type_of(served).model == "render"
    assert page_type_of(load(html)).model == "html"

    legacy = get_page(html.replace("Served words", "Café déjà vu").encode("cp1252"), render=True, encoding="cp1252")
    assert "Café déjà vu" in typed_document(legacy).text_of(0)  # the served bytes decoded as the browser did


def test_script_built_product_list(browser, server):
    page = get_page(server.url("products.html"), render=True)
    text = page.text_of(page.body_id)
    names = ["Block plane, low angle", "Marking gauge", "Dovetail saw", "Try square, 150 mm"]
    assert all(name in text for name in names)
    cards = [i for i, el in enumerate(page.elements) if el.get("class") == "card"]
    assert len(cards) == 8
    geo = page.geometry
    xs = sorted({round(float(geo.x[i])) for i in cards})
    ys = sorted({round(float(geo.y[i])) for i in cards})
    assert len(xs) == 4 and len(ys) == 2  # a 4 x 2 grid
    assert {round(float(geo.w[i])) for i in cards} == {220}
    assert all(geo.visible[i] for i in cards)


def test_content_that_appears_after_scrolling(browser, server):
    url = server.url("lazy.html")
    late = "replacing the slipway timbers"
    assert late in extract(url, render=True).text
    still = extract(url, render=True, render_options={"scroll_steps": 0})
    assert "sea walls, piers and slipways" in still.text
    assert late not in still.text


def test_a_response_body_that_arrives_after_its_headers_is_waited_for(browser, server):
    # A fetch is not done when its headers arrive: the page reads the body (``r.json()``) and only
    # then shows what it holds.
    assert SLOW_BODY_TEXT in extract(server.url("slow-body.html"), render=True).text


def test_cookie_overlay_and_sticky_header_are_ignored(browser, server):
    result = extract(server.url("cookie.html"), render=True)
    assert "Spring planting day draws a record crowd" in result.text
    assert "tool shed key now lives in the box" in result.text
    for overlay in ("privacy choices", "Accept all", "Members area"):
        assert overlay not in result.text
    page = get_page(server.url("cookie.html"), render=True)
    assert page.geometry.extra["removed"]["overlay"] == 2
    assert "privacy choices" not in page.text_of(page.body_id)


def test_a_sticky_column_is_read_and_a_sticky_bar_is_not(browser):
    # A product page's buy box sticks in view while the reviews beside it scroll (a 67th blind round: the whole
    # product column went as an overlay); the sticky header bar above is still left out.
    para = "The overshirt is cut from washed linen and sewn with flat seams for a soft, easy drape. "
    reviews = "".join(f"<article><h3>Review {k}</h3><p>Bought it in blue and wear it every week. {para}</p></article>"
                      for k in range(8))
    html = (f"<html><body style='margin:0'><header style='position:sticky;top:0;height:50px;background:#fff'>Members "
            "area and basket</header><main style='display:grid;grid-template-columns:1fr 420px;gap:20px'>"
            f"<section>{reviews}</section><aside class=info style='position:sticky;top:60px;align-self:start'>"
            f"<h1>Relaxed Linen Overshirt</h1><p>£85</p><p>{para * 6}</p><ul><li>100% linen</li><li>Relaxed fit"
            f"</li></ul><p>{para * 2}</p></aside></main></body></html>")
    page = get_page(html.encode(), render=True)
    text = page.text_of(page.body_id)
    assert "Relaxed Linen Overshirt" in text and "100% linen" in text
    assert "Members area" not in text


def test_sticky_parts_of_each_item_are_read_and_the_sticky_bar_is_not(browser):
    # A changelog keeps each release's date and version in a small sticky box beside its notes (Svelte: a 135th
    # blind round lost all 12); repeated item by item, they are the items' own, not bars.
    notes = "Reports now load twice as fast, and exports keep the column order you chose on screen. " * 4
    releases = "".join(f"<article style='display:grid;grid-template-columns:160px 1fr;min-height:500px'>"
                       f"<div class=meta style='position:sticky;top:60px;align-self:start'><time>{k + 1} October 2025"
                       f"</time><span>v4.{k}</span></div><div><h2>Release 4.{k}</h2><p>{notes}</p></div></article>"
                       for k in range(4))
    html = (f"<html><body style='margin:0'><header style='position:sticky;top:0;height:50px;background:#fff'>Members "
            f"area and basket</header><main><h1>Changelog</h1>{releases}</main></body></html>")
    page = get_page(html.encode(), render=True)
    text = page.text_of(page.body_id)
    assert all(f"{k + 1} October 2025" in text and f"v4.{k}" in text for k in range(4)), text
    assert "Members area" not in text


def test_hidden_spam_is_never_output(browser, server):
    url = server.url("hidden.html")
    page = get_page(url, render=True)
    seen = page.text_of(page.body_id)
    for keep in ("heft each hive", "fed a thin syrup", "far fewer empty hives"):
        assert keep in seen
    assert "spam" not in seen
    assert "spam" not in extract(url, render=True).text
    # Without rendering, the same words are in the page: the browser stage is what removes them.
    plain = get_page(url)
    assert plain.text_of(plain.body_id).count("spam") == 9


def test_html_string_resolves_against_given_url(browser, server):
    html = "<html><body><p>Served at <span id=where></span></p><script>where.textContent = location.href</script>"
    rendered = _render(html, url=server.url("virtual/page.html"))
    assert rendered.url == server.url("virtual/page.html")
    assert server.url("virtual/page.html") in rendered.html
    assert f"{ID_ATTR}=" in rendered.html


def test_viewport_user_agent_locale_timezone(browser, server):
    html = ("<html><body><p id=out></p><script>out.textContent = [innerWidth, navigator.language, "
            "Intl.DateTimeFormat().resolvedOptions().timeZone].join(' ')</script></body></html>")
    rendered = _render(html, viewport_width=900, viewport_height=700, locale="de-DE", timezone="Asia/Tokyo")
    assert "900 de-DE Asia/Tokyo" in rendered.html
    assert rendered.geometry.viewport_width == 900
    echoed = _render(server.url("echo-headers"), user_agent="pagesight-test/1.0", locale="fr-FR")
    assert "pagesight-test/1.0" in echoed.html and "fr-FR" in echoed.html


def test_blocking_keeps_what_the_page_needs(browser, server, other_site):
    url = server.url(f"mixed?tag=blocked-test&other={other_site.base}")
    rendered = _render(url, block=("image", "font", "media", "third_party"))
    assert "/blocked-test/site.css" in server.seen  # the page's own stylesheet loads
    assert "/blocked-test/widget.js" in other_site.seen  # another site's script is allowed
    for refused in ("photo.png", "clip.mp4", "face.woff2"):
        assert "/blocked-test/" + refused not in server.seen
    assert "/blocked-test/tracker.json" not in other_site.seen
    assert "photo.png" in rendered.html  # the image element stays, with the size its HTML gives
    assert ((rendered.geometry.w == 40) & (rendered.geometry.h == 30)).sum() == 1
    # Nothing blocked: everything is asked for.
    _render(server.url(f"mixed?tag=open-test&other={other_site.base}"), block=())
    assert "/open-test/photo.png" in server.seen and "/open-test/face.woff2" in server.seen
    assert "/open-test/tracker.json" in other_site.seen


def test_async_face(browser, server):
    from render import render_async

    async def two() -> list:
        return [await render_async(server.url("article.html")), await render_async(server.url("cookie.html"))]

    first, second = asyncio.run(two())
    assert HEADLINE in first.html and "record crowd" in second.html


def test_bad_options_and_missing_browser(browser, monkeypatch):
    with pytest.raises(OptionError, match="viewport_width"):
        _render("<p>x</p>", viewport_widht=3)
    with pytest.raises(OptionError):
        _render("<p>x</p>", wait_until="networkidle")
    with pytest.raises(OptionError):
        _render("<p>x</p>", block="images")
    with pytest.raises(OptionError, match="shell_settle_max_ms"):
        _render("<p>x</p>", shell_settle_max_ms=-1)
    from render import find_chromium

    with pytest.raises(BrowserNotFound, match="setup-browser|not an executable"):
        find_chromium("/nonexistent/chrome")
    monkeypatch.setenv("PAGESIGHT_CHROMIUM", "/nonexistent/chromium")
    with pytest.raises(BrowserNotFound, match="PAGESIGHT_CHROMIUM"):
        find_chromium()
    monkeypatch.setenv("PAGESIGHT_CHROMIUM", browser)
    assert find_chromium() == browser


# ---------------------------------------------------------------------------- faults


def _timed(call, *args, **kwargs) -> tuple[float, object]:
    t0 = time.monotonic()
    try:
        out = call(*args, **kwargs)
    except RenderError as exc:
        out = exc
    return time.monotonic() - t0, out


def test_script_that_loops_forever(browser, server):
    took, out = _timed(_render, server.url("loop.html"), timeout=2)
    assert isinstance(out, RenderTimeout), out
    assert took < 2 + SLACK_S
    _assert_usable(server)


def test_page_that_never_finishes_loading(browser, server):
    took, out = _timed(extract, server.url("never"), render=True, timeout=2)
    assert took < 2 + SLACK_S
    assert "These words arrived before the server stopped sending." in out.text  # partial result ...
    assert "not ready" in out.details["render_warnings"][0]  # ... with its reason
    _assert_usable(server)


def test_refused_connection_and_redirect_loop(browser, server):
    took, out = _timed(_render, f"http://127.0.0.1:{free_port()}/page.html", timeout=5)
    assert isinstance(out, RenderError) and "REFUSED" in str(out) and took < 5
    assert "the connection was refused" in str(out) and "Page." not in str(out)  # in words, not the driver's
    took, out = _timed(_render, server.url("redirect-loop"), timeout=5)
    assert isinstance(out, RenderError) and "REDIRECTS" in str(out) and took < 5
    assert "redirects too many times" in str(out) and "Page." not in str(out)
    took, out = _timed(_render, server.url("no-such-page.html"), timeout=5)
    assert isinstance(out, RenderError) and "404" in str(out)
    _assert_usable(server)


def test_very_tall_page(browser, server):
    page = get_page(server.url("tall.html"), render=True)
    geo = page.geometry
    assert geo.page_height > 40_000
    last = next(i for i, el in enumerate(page.elements) if el.text and "very bottom" in el.text)
    assert geo.y[last] > 40_000 and geo.visible[last]
    _assert_usable(server)


def test_dialogs_and_popups(browser, server):
    took, out = _timed(extract, server.url("dialogs.html"), render=True, timeout=5)
    assert took < 5
    assert "annual general meeting of the rowing club" in out.text
    _assert_usable(server)


def test_crashed_renderer(browser, server):
    _render("<p>warm up</p>")

    done = threading.Event()

    def crash() -> None:  # kill this process's renderers until the render call returns
        while not done.wait(0.3):
            for pid in renderer_pids():
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass

    killer = threading.Thread(target=crash)
    killer.start()
    try:
        took, out = _timed(_render, server.url("loop.html"), timeout=8)
    finally:
        done.set()
        killer.join()
    assert isinstance(out, RenderError) and "crash" in str(out), out
    assert took < 8
    _assert_usable(server)


def test_scrolled_and_clipped_content_is_kept(browser):
    # Clipped is not hidden (issue #13): a carousel's next slide is in the page, one click away.
    html = """<html><head><style>html, body { height: 100%; margin: 0; overflow: hidden }
      main { height: 100%; overflow-y: auto } .tall { height: 3000px }
      .carousel { width: 300px; overflow: hidden; white-space: nowrap }
      .slide { display: inline-block; width: 300px; white-space: normal }</style></head>
      <body><main><p>Top of an app-like layout that scrolls inside main.</p><div class=tall></div>
      <p>Bottom of the scrolling main, reachable by scrolling it.</p>
      <div class=carousel><div class=slide>First slide shows.</div><div class=slide>Second slide waits.</div></div>
      <marquee direction=up height=40 scrollamount=1>""" + "<p>A line scrolling by.</p>" * 12 + """
      <p>The marquee's last line comes by in time.</p></marquee>
      </main></body></html>"""
    from extractor.rendered import page_from_rendered

    page = page_from_rendered(_render(html))
    text = page.text_of(page.body_id)
    assert "Top of an app-like layout" in text and "Bottom of the scrolling main" in text
    assert "First slide shows." in text and "Second slide waits." in text
    assert "The marquee's last line comes by in time." in text


def test_settle_waits_for_timers_or_for_a_selector_or_condition(browser):
    html = ("<html><body><p>Shell.</p><script>setTimeout(() => { const p = document.createElement('p'); "
            "p.id = 'late'; p.textContent = 'Arrived late.'; document.body.append(p) }, 400)</script></body></html>")
    arrived = ">Arrived late.</p>"
    assert arrived in _render(html).html  # a pending short timer is waited for
    assert arrived not in _render(html, settle_max_ms=0).html  # timers that cannot fire within the cap are not
    assert arrived in _render(html, settle_max_ms=0, wait_selector="#late").html
    assert arrived in _render(html, settle_max_ms=0, wait_function="document.getElementById('late') !== null").html
    missing = _render(html, wait_selector="#never", timeout=2)
    assert any("did not appear" in w for w in missing.warnings)


def test_sync_face_inside_a_running_event_loop(browser, server):
    async def notebook_cell() -> str:  # as in Jupyter, where a loop is already running
        return extract(server.url("article.html"), render=True).title

    assert asyncio.run(notebook_cell()) == HEADLINE


def test_find_chromium_order(browser, tmp_path, monkeypatch):
    from render import find_chromium
    from render.setup import setup_browser

    monkeypatch.delenv("PAGESIGHT_CHROMIUM", raising=False)
    downloaded = tmp_path / "chromium-1234" / "chrome-linux"
    downloaded.mkdir(parents=True)
    fake = downloaded / "chrome"
    fake.write_text("#!/bin/sh\n")
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(tmp_path))
    assert find_chromium() != str(fake)  # not executable: Playwright's browser is skipped
    fake.chmod(0o755)
    assert find_chromium() == str(fake)  # Playwright's own browser comes before PATH
    assert find_chromium(browser) == browser  # the explicit option comes first
    monkeypatch.setenv("PAGESIGHT_CHROMIUM", browser)
    assert find_chromium() == browser  # then the environment variable
    assert setup_browser() == f"Chromium is already available: {browser}"


def test_bytes_are_decoded_like_the_html_path(browser):
    # UTF-8 bytes with no declared charset: a browser alone would guess windows-1252.
    data = "<html><body><p>Caf\u00e9 cr\u00e8me \u2014 na\u00efve \u201cquotes\u201d</p></body></html>".encode()
    page = get_page(data, render=True)
    assert page.text_of(page.body_id) == "Caf\u00e9 cr\u00e8me \u2014 na\u00efve \u201cquotes\u201d"
    assert page.encoding == "utf-8" and page.url is None
    # A title never closed swallows the page in a browser too; it is closed, as on the HTML path.
    broken = b"<html><head><title>Broken' + x + '<p>A paragraph the title would swallow.</p></body></html>"
    page = get_page(broken, render=True, url="http://example.invalid/a.html")
    assert "A paragraph the title would swallow." in page.text_of(page.body_id)
    assert page.url == "http://example.invalid/a.html"


def test_killed_browser_is_relaunched(browser, server):
    from render.browser import browser_launches

    _render("<p>warm up</p>")
    before = browser_launches()
    main = support.chromium_pids()
    assert main
    for pid in main:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    time.sleep(0.5)
    _assert_usable(server)
    assert browser_launches() == before + 1
