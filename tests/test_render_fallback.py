"""A rendering that lost the text the server sent gives way to the served HTML
(:mod:`extractor.served`): pages served from 127.0.0.1 whose scripts wipe, cover or navigate
away from a server-rendered article, rendered in Chromium; and the pages that must keep their
rendering (scripts that add text, a served text too short to lose, the option turned off).
"""

from __future__ import annotations

import json
import time

import pytest

from extractor import NavigatedAway, extract
from extractor.served import LOST_SHARE, SERVED_MIN_WORDS, lost_in_rendering

from . import test_render_support as support
from .http_server import serve

browser = support.browser
PARA = "The harbour works ended in March and the ferries kept to their winter timetable until the spring. "
ARTICLE = (f"<article><h1>The harbour reopens</h1><p>{PARA * 6}</p><p>{PARA * 6}</p>"
           "<p>The last ferry of the season left on time.</p></article>")


def _served(tmp_path, html: str):
    (tmp_path / "story.html").write_text(html, encoding="utf-8")
    return serve(str(tmp_path))


# ---------------------------------------------------------------------------- the rule alone


def test_a_rendering_holding_little_of_the_served_text_has_lost_it():
    served = PARA * 6
    loss = lost_in_rendering(served, "Subscribe for weekly news")
    assert loss is not None and loss.served_words == len(served.split()) and loss.kept_words == 0
    assert loss.rendered_words == 4 and "served HTML was read instead" in loss.describe()


def test_a_rendering_holding_most_of_the_served_text_or_more_is_kept():
    served = PARA * 6
    assert lost_in_rendering(served, served) is None
    assert lost_in_rendering(served, served + " And a comment thread below it.") is None
    half = " ".join(served.split()[: int(len(served.split()) * LOST_SHARE) + 1])
    assert lost_in_rendering(served, half) is None
    # another text, about as long or longer: the rendering shows something else, not less
    assert lost_in_rendering(served, "Other words entirely. " * 60) is None
    assert lost_in_rendering(served, "Other words entirely. " * 20) is None
    assert lost_in_rendering(served, "Other words entirely. " * 10) is not None


def test_a_served_text_too_short_to_lose_is_never_a_loss():
    short = " ".join(["word"] * (SERVED_MIN_WORDS - 1))
    assert lost_in_rendering(short, "") is None


# ---------------------------------------------------------------------------- rendered pages


WIPED = f"""<html><head><title>Harbour news</title></head><body><div id="app">{ARTICLE}</div>
<script>
  // An application that replaces the server-rendered page and then fails to start.
  document.getElementById('app').innerHTML = '<div class="shell"><p>Something went wrong.</p></div>';
</script></body></html>"""


def test_an_article_the_scripts_wiped_comes_from_the_served_html(browser, tmp_path):
    with _served(tmp_path, WIPED) as base:
        result = extract(f"{base}/story.html", render=True)
    assert "The last ferry of the season left on time." in result.text
    assert "Something went wrong" not in result.text
    assert any("served HTML was read instead" in w for w in result.warnings), result.warnings
    lost = result.details["served_fallback"]
    assert lost["served_words"] >= SERVED_MIN_WORDS and lost["rendered_words"] < LOST_SHARE * lost["served_words"]
    assert result.title == "The harbour reopens"
    assert "render" in result.timings


def test_the_fallback_can_be_turned_off(browser, tmp_path):
    with _served(tmp_path, WIPED) as base:
        result = extract(f"{base}/story.html", render=True, served_fallback=False)
    assert "The last ferry" not in result.text
    assert "served_fallback" not in result.details


COVERED = f"""<html><head><title>Harbour news</title>
<style>.reveal-pending article {{ display: none }}</style></head>
<body class="reveal-pending">{ARTICLE}
<div class="signup"><h2>Let's get started</h2><p>Book a call with our team.</p></div>
<script src="/never-there.js"></script></body></html>"""


def test_an_article_kept_hidden_by_a_reveal_that_never_ran_comes_from_the_served_html(browser, tmp_path):
    # The class that hides the article is meant to be lifted by a script that failed to load.
    with _served(tmp_path, COVERED) as base:
        result = extract(f"{base}/story.html", render=True)
    assert "The last ferry of the season left on time." in result.text
    assert "served_fallback" in result.details


#: One article served in three languages, two of them ``hidden``; a script shows the reader's, hiding the
#: English one (i18next's way with server-rendered variants).
VARIANTS = """<html><head><title>Harbour news</title></head><body><nav>Home News Sport</nav><main>
<div class="variant" lang="en"><h1>The harbour reopens</h1><p>{en}</p><p>{en}</p></div>
<div class="variant" lang="de" hidden><h1>Der Hafen öffnet wieder</h1><p>{de}</p><p>{de}</p></div>
<div class="variant" lang="fr" hidden><h1>Le port rouvre</h1><p>{fr}</p><p>{fr}</p></div></main>
<script>setTimeout(() => {{ for (const v of document.querySelectorAll('.variant')) v.hidden = v.lang !== '{shown}'; }},
50);</script></body></html>"""
DE = "Die Arbeiten am Hafen endeten im März und die Fähren hielten sich bis zum Frühjahr an den Winterfahrplan. "
FR = "Les travaux du port ont pris fin en mars et les ferries ont gardé leur horaire d'hiver jusqu'au printemps. "


def test_the_served_languages_a_page_hides_are_not_read_instead_of_the_one_shown(browser, tmp_path):
    html = VARIANTS.format(en=PARA * 3, de=DE * 3, fr=FR * 3, shown="de")
    with _served(tmp_path, html) as base:
        result = extract(f"{base}/story.html", render=True)
    assert "served_fallback" not in result.details, result.warnings
    assert "Hafen endeten" in result.text and "harbour works" not in result.text and "travaux" not in result.text


def test_an_article_served_hidden_whose_reveal_never_ran_still_comes_from_the_served_html(browser, tmp_path):
    # The rendering shows no text of its own: the served page's hidden article is what there is to read.
    html = f"""<html><head><title>Harbour news</title></head><body><nav>Home News Sport</nav>
<div id="story" hidden>{ARTICLE}</div><script src="/missing-reveal.js"></script></body></html>"""
    with _served(tmp_path, html) as base:
        result = extract(f"{base}/story.html", render=True)
    assert "served_fallback" in result.details
    assert "The last ferry of the season left on time." in result.text


AWAY = f"""<html><head><title>Harbour news</title></head><body>{ARTICLE}
<script>setTimeout(() => {{ location.href = "http://pagesight-unreachable.invalid/story"; }}, 30);</script>
</body></html>"""


@pytest.mark.parametrize("given", ["bytes", "url"])
def test_an_article_whose_script_went_to_an_unreachable_address_comes_from_the_served_html(browser, tmp_path, given):
    # As bytes (a saved page) the served bytes are in hand; from a URL they are asked for as soon as the
    # response's headers arrive, before the script (30 ms after loading) takes the page elsewhere.
    if given == "bytes":
        result = extract(AWAY.encode(), render=True, render_options={"offline": True})
    else:
        with _served(tmp_path, AWAY) as base:
            result = extract(f"{base}/story.html", render=True, render_options={"offline": True})
    assert "The last ferry of the season left on time." in result.text
    assert "can’t be reached" not in result.text and "can't be reached" not in result.text
    # Read once the page had gone to Chromium's error page, or, when the navigation beat the reading twice,
    # after the rendering failed with NavigatedAway: either way from the served HTML, and said so.
    assert "served_fallback" in result.details
    assert any("browser's error page" in w or "kept navigating away" in w for w in result.warnings), result.warnings


GROWN = f"""<html><head><title>Harbour news</title></head><body><div id="app">{ARTICLE}</div>
<script>setTimeout(() => {{
  document.querySelector('article').insertAdjacentHTML('beforeend', '<p>An update added by a script.</p>');
}}, 50);</script></body></html>"""


def test_the_served_html_is_not_read_when_reading_it_would_end_past_the_timeout(browser, tmp_path):
    # A rendering that ends close to the timeout on a big page (a 200,000-element page once took 5 s more
    # to read again): the comparison is skipped with a warning instead of overrunning the timeout.
    from extractor.api import _served_instead
    from extractor.loader import get_page

    with _served(tmp_path, WIPED) as base:
        page = get_page(f"{base}/story.html", render=True)
        rendered = extract(page)
        asked = {"method": "auto", "timeout": 10.0}
        late = _served_instead(page, rendered, asked, started=time.perf_counter() - 11.5)
        assert late is None
        assert any("not compared with the rendering" in w and "10 s timeout" in w for w in rendered.warnings)
        in_time = _served_instead(page, extract(page), asked, started=time.perf_counter())
    assert in_time is not None and "The last ferry of the season left on time." in in_time.text


def test_a_rendering_that_added_text_is_kept(browser, tmp_path):
    with _served(tmp_path, GROWN) as base:
        result = extract(f"{base}/story.html", render=True)
    assert "An update added by a script." in result.text
    assert "served_fallback" not in result.details
    assert all(b.box is not None for b in result.blocks)


def test_a_short_served_text_that_scripts_wiped_is_not_brought_back(browser, tmp_path):
    html = """<html><body><div id="app"><p>Loading the harbour news.</p></div>
<script>document.getElementById('app').innerHTML = '';</script></body></html>"""
    with _served(tmp_path, html) as base:
        result = extract(f"{base}/story.html", render=True)
    assert "served_fallback" not in result.details
    assert result.text == "" and result.reason


def test_the_command_line_says_so_and_can_keep_the_rendering(browser, tmp_path):
    from .test_cli import run

    page = tmp_path / "story.html"
    page.write_text(WIPED, encoding="utf-8")
    proc = run("extract", str(page), "--render", "--format", "jsonl")
    assert proc.returncode == 0, proc.stderr
    line = json.loads(proc.stdout)
    assert "The last ferry of the season left on time." in line["text"]
    assert any("served HTML was read instead" in w for w in line["warnings"])
    kept = run("extract", str(page), "--render", "--no-served-fallback")
    assert kept.returncode == 0, kept.stderr
    assert b"The last ferry" not in kept.stdout


RELOADING = f"""<html><head><title>Harbour news</title></head><body>{ARTICLE}
<script>addEventListener("load", () => location.reload());</script></body></html>"""


def test_a_page_whose_scripts_keep_reloading_it_is_read_as_served(browser, tmp_path):
    with _served(tmp_path, RELOADING) as base:
        result = extract(f"{base}/story.html", render=True, timeout=8)
        with pytest.raises(NavigatedAway, match="kept navigating away"):
            extract(f"{base}/story.html", render=True, timeout=8, served_fallback=False)
    assert "The last ferry of the season left on time." in result.text
    assert "render_error" in result.details["served_fallback"]
    assert "kept navigating away" in result.warnings[0]


MOVED = """<html><head><title>Harbour news</title></head><body><p>This story has moved.</p>
<script>addEventListener("load", () => setTimeout(() => { location.href = "next.html"; }, 30));</script>
</body></html>"""
NEXT = f"""<html><head><title>Harbour news</title></head><body>{ARTICLE}</body></html>"""


def test_a_page_whose_script_sends_it_to_another_page_once_is_rendered(browser, tmp_path):
    # One new document loaded by the page itself is no reload loop (render.browser.MAX_SELF_NAVIGATIONS):
    # the rendering stands, whichever of the two documents the capture read.
    (tmp_path / "next.html").write_text(NEXT, encoding="utf-8")
    with _served(tmp_path, MOVED) as base:
        result = extract(f"{base}/story.html", render=True, timeout=8, served_fallback=False)
    assert result.rendered
    assert ("The last ferry of the season left on time." in result.text) or ("has moved" in result.text), result.text
    assert not any("navigating away" in w for w in result.warnings), result.warnings
