"""Page metadata (issue #16, item 1): exact values on fixture pages written for this project."""

from __future__ import annotations

import re

import pytest

import extractor
from extractor.dates import iso_date, says_when, written_only_as_event
from extractor.metadata import _JsonLd, page_metadata

from .conftest import FIXTURES

META = FIXTURES / "metadata"
NONE = {"author": None, "date": None, "date_modified": None, "site_name": None, "language": None,
        "description": None, "image": None, "canonical_url": None, "tags": []}


def _read(name: str) -> str:
    return (META / name).read_text(encoding="utf-8")


def _meta(html: str, url: str | None) -> dict:
    m = page_metadata(extractor.load(html, url=url))
    return {k: getattr(m, k) for k in NONE}


def test_json_ld_only():
    got = _meta(_read("jsonld.html"), "https://tidewater.example/news/harbour-cranes")
    assert got == {
        "author": "Ruth Calloway; Omar Haddad",  # an @id reference resolved through @graph, then an object
        "date": "2023-06-14T08:30:00+01:00",
        "date_modified": "2023-06-15T17:05:00+01:00",
        "site_name": "The Tidewater Gazette",  # the WebSite's name, not the publisher organisation's
        "language": "en-GB",
        "description": "Two restored cranes are back on the quay after a decade in storage.",
        "image": "https://tidewater.example/img/cranes.jpg",
        "canonical_url": "https://tidewater.example/news/harbour-cranes",  # mainEntityOfPage, fragment cut
        "tags": ["harbour", "cranes", "heritage"],  # split, trimmed, deduplicated
    }


def test_open_graph_only():
    got = _meta(_read("opengraph.html"), "https://woodland.example/guides/winter-mosses")
    assert got == {
        "author": "Lena Brightwater",  # the article:author that is a profile URL is dropped
        "date": "2022-01-09T07:00:00+00:00",
        "date_modified": "2022-01-11",
        "site_name": "Northern Woodland Notes",
        "language": "en-CA",
        "description": "Six mosses you can still find in January, and how to tell them apart.",
        "image": "https://woodland.example/media/mosses-cover.jpg",  # relative, resolved
        "canonical_url": "https://woodland.example/guides/winter-mosses?utm_source=feed",
        "tags": ["mosses", "winter", "field guides"],
    }


def test_plain_meta_lang_and_canonical():
    got = _meta(_read("meta.html"), "https://kochbuch.example/rezepte/kuerbissuppe-ingwer?print=1")
    assert got == {
        **NONE,
        "author": "Franziska Hörmann",
        "site_name": "Küchenbuch Online",
        "language": "de-AT",
        "description": "Eine schnelle Kürbissuppe mit frischem Ingwer und Kokosmilch.",
        "canonical_url": "https://kochbuch.example/rezepte/kuerbissuppe-ingwer",
        "tags": ["Suppe", "Kürbis", "Ingwer", "vegetarisch"],
    }


def test_visible_byline_only():
    got = _meta(_read("byline.html"), "https://nightbus.example/city/night-bus")
    assert got == {
        **NONE,
        "author": "Jane Doe",
        "date": "2021-03-04T22:15:00-05:00",
        "site_name": "nightbus.example",  # nothing names the site: its host does
        "tags": ["Transit", "Night life"],
    }


def test_byline_name_in_a_link():
    html = "<html><body><h1>T</h1><div class='x'>by <a href='/u/kim'>Kim Park</a></div><p>Text.</p></body></html>"
    assert _meta(html, None)["author"] == "Kim Park"


def test_author_element_with_date_after_the_name():
    html = ("<html><body><h1>T</h1><span class='byline'>By Sam Ortiz | May 3, 2020</span>"
            "<div class='author-bio'>Sam Ortiz writes about trains and has done so for years.</div></body></html>")
    assert _meta(html, None)["author"] == "Sam Ortiz"


def test_no_date_from_the_url_alone():
    html = re.sub(r"<time[^>]*>.*?</time>", "", _read("byline.html"))
    page = extractor.load(html, url="https://nightbus.example/2019/01/01/night-bus")
    assert page_metadata(page).date is None
    result = extractor.extract(page)  # the htmldate fallback of extract() must not read the URL either
    assert result.date is None


#: The conflicting page read with tiers taken away one by one: the most trusted one left decides.
CONFLICT = [
    ("all tiers", {
        "author": "Ana Ledger", "date": "2020-09-01", "date_modified": "2020-09-03",
        "site_name": "Valley Courier Ltd", "language": "en-US", "description": "From the JSON-LD.",
        "image": "https://courier.example/og.jpg", "canonical_url": "https://courier.example/2020/budget-vote",
        "tags": ["budget", "council"]}),
    ("no JSON-LD", {
        "author": "Bob Opengraph", "date": "2020-08-15", "date_modified": "2020-08-20",
        "site_name": "Valley Courier (Open Graph)", "language": "en-GB", "description": "From Open Graph.",
        "image": "https://courier.example/og.jpg", "canonical_url": "https://courier.example/og-url",
        "tags": ["from-og"]}),
    ("no Open Graph", {
        "author": "Cy Metaname", "date": "2020-07-01", "date_modified": "2020-07-02",
        "site_name": "Courier App", "language": "fr", "description": "From the meta description.",
        "image": None, "canonical_url": "https://courier.example/canonical", "tags": ["from-meta"]}),
    ("visible only", {
        "author": "Dee Visible", "date": "2020-06-01", "date_modified": None,
        "site_name": "courier.example", "language": None, "description": None,
        "image": None, "canonical_url": None, "tags": ["from-visible"]}),
]


@pytest.mark.parametrize("case", range(len(CONFLICT)), ids=[c[0] for c in CONFLICT])
def test_trust_order_decides(case):
    html = _read("conflict.html")
    if case >= 1:
        html = re.sub(r"<script.*?</script>", "", html, flags=re.S)
    if case >= 2:
        html = re.sub(r'<meta property="[^"]*" content="[^"]*">', "", html)
    if case >= 3:
        html = re.sub(r'<meta name="[^"]*" content="[^"]*">|<link rel="canonical"[^>]*>', "", html)
        html = html.replace('<html lang="fr">', "<html>")
    assert _meta(html, "https://courier.example/some/page") == CONFLICT[case][1]


def test_broken_json_ld():
    got = _meta(_read("broken_jsonld.html"), "https://cape.example/stories/keepers")
    assert got == {
        **NONE,
        "author": "Marta Quist",  # nested arrays opened; an unresolved @id, a number, null and an object skipped
        "date": "2019-03-05T10:00:00+00:00",  # "not a date" and 2019-02-30 passed over; RFC 2822 read
        "site_name": "Cape Stories",  # publisher given as a plain string
        "description": "Three former keepers on forty years of nights.",  # JSON-LD's is an object: Open Graph's
        "image": "https://cape.example/img/lamp.png",
        "tags": ["lighthouses", "keepers"],
    }


@pytest.mark.parametrize("body", [
    "", "{", "null", "[]", "[[[[[[[[[[]]]]]]]]]]", '"x"', "3.5", "true", '{"@graph": "nope"}',
    '{"@graph": [null, 1, {"@type": 5}]}', '{"@type": "Article", "author": {"@id": 3}}',
    '{"@type": ["Article", null, 3], "datePublished": ["2020-01-01"], "author": [{"name": null}]}',
    '{"@type": "Article", "publisher": [[]], "image": {"url": ["a.png"]}, "keywords": {"a": 1}}',
    "[" * 5000 + "]" * 5000, '{"a": ' * 2000 + "1" + "}" * 2000,
])
def test_bad_json_ld_never_raises(body):
    html = f'<html><head><script type="application/ld+json">{body}</script></head><body><p>x</p></body></html>'
    page = extractor.load(html)
    page_metadata(page)
    ld = _JsonLd(html)
    for name in NONE:
        ld.field(name)


@pytest.mark.parametrize(("text", "expected"), [
    ("2020-05-01", "2020-05-01"),
    ("2020-05-01T10:00:00Z", "2020-05-01T10:00:00+00:00"),
    ("2020-05-01 10:00:00", "2020-05-01T10:00:00"),
    ("May 3, 2020", "2020-05-03"),
    ("Tue, 05 Mar 2019 10:00:00 GMT", "2019-03-05T10:00:00+00:00"),
    ("2019-02-30", None),
    ("3 May", None),  # no year: not a date
    ("1970-01-01", None),  # a placeholder
    ("2999-01-01", None),  # the future
    ("soon", None),
    ("2025", None), ("2025-05", None), ("May 2025", None),  # a year or a month is no day (a 145th blind round)
])
def test_iso_date(text, expected):
    assert iso_date(text) == expected


def test_extract_fills_the_result():
    result = extractor.extract(_read("opengraph.html"), url="https://woodland.example/guides/winter-mosses")
    assert (result.author, result.date, result.site_name, result.tags) == (
        "Lena Brightwater", "2022-01-09T07:00:00+00:00", "Northern Woodland Notes",
        ["mosses", "winter", "field guides"])
    assert result.to_dict()["language"] == "en-CA"


def test_htmldate_fallback_reads_the_text():
    from extractor.dates import HEADLINE_AFTER

    filler = "".join(f"<span>item {n}</span>" for n in range(HEADLINE_AFTER + 20))  # past the headline's window
    html = ("<html><head><title>Notes</title></head><body><h1>Notes</h1>" + filler +
            "<p class='date'>Published 12 February 2018</p><p>Some text of the article here.</p></body></html>")
    result = extractor.extract(html)
    assert result.date == "2018-02-12"
    assert page_metadata(extractor.load(html)).date is None  # no tier of our own reads text that far away


@pytest.mark.parametrize(("line", "day"), [
    ("Published 12 February 2018", "2018-02-12"), ("Posted on March 3rd, 2021 by Ann", "2021-03-03"),
    ("Mis à jour le 7 juin 2019", "2019-06-07"), ("Stand: 05.11.2020, 10:12 Uhr", "2020-11-05"),
    ("2017-08-30 09:00", "2017-08-30"), ("发布时间：2016年5月4日", "2016-05-04"),
    ("12 de mayo de 2015", "2015-05-12"),
    # a byline's dash, reading time or one time of day is no range
    ("3 May 2025 - Reuters", "2025-05-03"), ("12 March 2024 - 3 min read", "2024-03-12"),
    ("Published 3 May 2025, 10:32 BST", "2025-05-03"), ("Updated on Tuesday, 3 May 2025", "2025-05-03"),
    ("<table><tr><td>Contributed by Ann Lee</td><td>Friday, 28 December 2007</td></tr></table>", "2007-12-28"),
])
def test_a_date_written_by_the_headline(line, day):
    html = f"<html><body><header><a href='/'>Home</a></header><h1>A headline</h1><p>{line}</p>" \
           "<p>" + "Words of the article itself. " * 20 + "</p></body></html>"
    meta = page_metadata(extractor.load(html, url="https://news.example/2001/01/01/story"))
    assert meta.date == day and meta.sources["date"] == "headline"


def test_the_headline_date_is_not_a_year_an_event_in_the_text_a_future_day_or_the_url():
    for body in ("<h1>Review of 2019</h1><p>Season 2019/20</p>",  # years and seasons are no days
                 "<h1>T</h1><p>" + "The bridge opened on 3 March 2011 after years of work. " * 8 + "</p>",  # prose
                 "<h1>T</h1><p>Event on 1 January 2999</p>",  # a day to come
                 # an event's day, not the page's: a deadline, an opening, a period (a 129th blind round)
                 "<h1>PhD admissions</h1><p>Applications open 1 October 2025</p>",
                 "<h1>Postdoc</h1><p>Closing date: 30 June 2025</p>",
                 "<h1>Key dates</h1><table><tr><th>Applications open</th><td>1 October 2025</td></tr></table>",
                 "<h1>Postdoc</h1><dl><dt>Salary</dt><dd>Grade 7</dd><dt>Closes</dt><dd>30 June 2025</dd></dl>",
                 "<h1>Archive</h1><p>Period 1 October 2009 to 30 September 2024</p>",
                 "<h1>Offer</h1><p>Price valid Feb 13, 2026 - Mar 15, 2026</p>",
                 # a range's last day (a conference's dates in its footer: a 138th blind round)
                 "<h1>Venue</h1><footer>9–11 June 2026 · Havnehallen, Bergen</footer>",
                 "<h1>Venue</h1><p>9 to 11 June 2026</p>", "<h1>Venue</h1><p>30 May - 1 June 2026</p>",
                 # a range's first day (a blog archive's week), an event's hours (an open day's line, a what's-on
                 # list's first event: the 143rd and 144th blind rounds)
                 "<h1>Archive</h1><p>« January 11, 2004 - January 17, 2004 | next »</p>",
                 "<h1>Open day</h1><p>Saturday 8 November 2025, 10 am to 4 pm · Hollowbrook Farm</p>",
                 "<h1>What's on</h1><p>Saturday 2 May 2026, 10.30–12.00</p>",
                 # a range's days with their weekdays, or joined by "and" (the 145th and 147th blind rounds); a
                 # reporting period's end (a 148th's water quality results)
                 "<h1>Events</h1><p>Tuesday 7 to Sunday 12 October 2025</p>",
                 "<h1>Fair</h1><p>Saturday 14 and Sunday 15 June 2025, 9.30am to 4pm each day</p>",
                 "<h1>Water quality</h1><p>Results for the twelve months to 30 September 2025</p>",
                 # a life's day, an age on a day, a thread's last reply (the 153rd and 154th blind rounds)
                 "<h1>Sam Patel</h1><dl><dt>Born</dt><dd>14 March 1998</dd></dl>",
                 "<h1>Membership</h1><p>Senior: aged 65 or over on 1 April 2026</p>",
                 "<h1>Winter stout</h1><p>14 replies · last reply 12 December 2025</p>",
                 # a code sample's data (an API reference's example response: a 135th blind round)
                 '<h1>Create a time entry</h1><pre><code>{"message": "Entries before 2025-10-01 are locked."}'
                 "</code></pre>"):
        html = f"<html><body>{body}</body></html>"
        meta = page_metadata(extractor.load(html, url="https://news.example/2020/05/06/story"))
        assert meta.date is None, body


def test_a_time_element_that_gives_a_year_alone_dates_nothing():
    # a thread's `<time datetime="2025">` (a 145th blind round's forum, dated January 1st)
    html = "<html><body><h1>Crossing the Lune</h1><p>Posted <time datetime='2025'>this year</time></p></body></html>"
    assert _meta(html, None)["date"] is None


def test_twitter_handle_and_url_when_nothing_else_names_the_site():
    html = ('<html><head><meta name="twitter:site" content="@ValleyCourier">'
            '<meta name="twitter:url" content="https://courier.example/a/b#top"></head><body><p>x</p></body></html>')
    got = _meta(html, None)
    assert (got["site_name"], got["canonical_url"]) == ("ValleyCourier", "https://courier.example/a/b")


def test_site_name_from_the_canonical_host_when_the_url_is_unknown():
    html = '<html><head><link rel="canonical" href="https://www.courier.example/a"></head><body><p>x</p></body></html>'
    assert _meta(html, None)["site_name"] == "courier.example"


def test_byline_skips_profile_links_comments_and_form_labels():
    html = ("<html><body><h1>T</h1><span class='author-links'>View Profile</span>"
            "<p>The article text, long enough to be one.</p><p>By Ana Real</p>"
            "<div class='comments'><div class='comment-author'>Troll McTroll says</div></div>"
            "<form><label class='author'>Name (required)</label></form></body></html>")
    assert _meta(html, None)["author"] == "Ana Real"


@pytest.mark.parametrize(("line", "author"), [
    ("By Ines Marlow, transport correspondent. Published 3 March.", "Ines Marlow"),
    ("By Dr. Ann Who. Photos by Ben", "Dr. Ann Who"), ("By Jane Doe and Ann Lee", "Jane Doe and Ann Lee"),
    ("By J. R. Smith and", "J. R. Smith"),
    ("By Jane Doe, John Roe", "Jane Doe, John Roe"),
    ("By Tom Reed, Chief Political Correspondent", "Tom Reed"), ("By Jane Doe on 3 May 2024", "Jane Doe"),
    # a team named after the name is a role too (a 128th blind round's news post), and what follows a job is where
    # it is held (dragnet R956's "Cedric Dupont, Product Manager, Google Maps")
    ("By Morag Lindsay, Communications Team", "Morag Lindsay"),
    ("By Cedric Dupont, Product Manager, Google Maps", "Cedric Dupont"),
    ("By Jonas Weber, German teacher", "Jonas Weber"),  # a language school's guide (a 134th blind round)
    # a post "of" something, a rank (a zoo's conservation article: a 137th blind round gave no author)
    ("By Dr Maya Lindqvist, Head of Conservation Science", "Dr Maya Lindqvist"),
    ("By Ana Real, Director of Research", "Ana Real"), ("By Li Wei, Senior Lecturer in Law", "Li Wei"),
])
def test_a_byline_ends_at_its_first_sentence_and_leaves_the_role_out(line, author):
    html = f"<html><body><h1>A headline</h1><p>{line}</p><p>" + "Words of the article. " * 20 + "</p></body></html>"
    assert page_metadata(extractor.load(html)).author == author


@pytest.mark.parametrize("line", ["Notes by Harriet Coombe", "Programme notes by Harriet Coombe",
                                  "Review by Harriet Coombe"])
def test_a_byline_element_says_what_its_author_wrote_before_by(line):
    # a concert programme's "Notes by Harriet Coombe" gave the author "Notes by Harriet Coombe" (a 136th blind round)
    html = f"<html><body><h1>A headline</h1><p class='byline'>{line}</p><p>" + "Words of the notes. " * 20 + "</p>"
    assert page_metadata(extractor.load(html)).author == "Harriet Coombe"


def test_a_desk_named_in_title_case_does_not_cut_the_byline():
    # "What's On" is the desk's name, not "on <date>"; the byline's date is in a <time> glued to it.
    html = ("<html><body><h1>A headline</h1><div class='byline'><span>By Chloe Marsden, What's On Editor</span>"
            "<time datetime='2026-02-06'>6 February 2026</time></div><p>" + "Words of the article. " * 20
            + "</p></body></html>")
    assert page_metadata(extractor.load(html)).author == "Chloe Marsden"


def _date_deep_in_the_text(paragraph: str = "<p>The survey was made on 12 February 2018 in the hills.</p>") -> str:
    from extractor.dates import HEADLINE_AFTER

    filler = "".join(f"<span>item {n}</span>" for n in range(HEADLINE_AFTER + 20))  # past the headline's window
    return ("<html><head><title>Notes</title></head><body><h1>Notes</h1>" + filler + paragraph +
            "<p>More words here.</p>" * 5 + "</body></html>")


@pytest.mark.parametrize("method", ["decay", "cedp", "auto"])
def test_dropping_comments_leaves_the_metadata_as_read_from_the_page_as_loaded(method):
    html = ("<html><head><title>A post</title></head><body><article><h1>A post</h1>"
            + "<p>Paragraph of the article with enough words to be its main text, again and again.</p>" * 8
            + "</article><div id='comments'><p>A reader wrote this on "
              "<time datetime='2021-03-04'>4 March</time>.</p></div></body></html>")
    kept = extractor.extract(html, method=method, comments=True, date_search="markup")
    dropped = extractor.extract(html, method=method, comments=False, date_search="markup")
    assert kept.date == dropped.date == "2021-03-04"


def test_date_search_says_how_far_the_date_is_looked_for():
    html = _date_deep_in_the_text()  # a date in a plain paragraph: only htmldate's whole-text search reads it
    assert extractor.extract(html, date_search="extensive").date == "2018-02-12"
    assert extractor.extract(html).date is None
    dated = _date_deep_in_the_text("<p class='date'>Published 12 February 2018</p>")
    assert extractor.extract(dated).date == "2018-02-12"  # htmldate's markup search: the default
    assert extractor.extract(dated, date_search="markup").date is None  # no htmldate at all
    with pytest.raises(extractor.OptionError, match="date_search"):
        extractor.extract(html, date_search="everywhere")


def test_date_search_on_the_command_line(tmp_path):
    from .test_cli import run

    page = tmp_path / "notes.html"
    page.write_text(_date_deep_in_the_text())
    got = run("extract", str(page), "-f", "json", "--date-search", "extensive")
    assert got.returncode == 0 and '"date": "2018-02-12"' in got.stdout.decode()
    bad = run("extract", str(page), "--date-search", "everywhere")
    assert bad.returncode == 2 and b"--date-search" in bad.stderr


@pytest.mark.parametrize(("text", "when"), [("PaulineT 2 February 2026", True), ("Dan · Feb 20, 2026, 4:55pm", True),
                                            ("posted 3 days ago", True), ("yesterday at 9:14", True),
                                            ("2026-01-09", True), ("Member since 2020", False),
                                            ("Reply to Dan", False), ("Opened in the spring", False)])
def test_which_lines_say_when(text, when):
    assert says_when(text) is when


def test_htmldate_does_not_date_a_page_by_an_events_days():
    # htmldate read a plant sale's "Saturday 25 April and Sunday 26 April 2026, 10:00–16:00" (a page's meta line) as
    # its publication day (a 151st blind round); a day written once outside a range stays the page's.
    event = "Saturday 25 April and Sunday 26 April 2026, 10:00–16:00"
    html = f"""<html><head><title>Spring plant sale 2026</title></head><body><main><h1>Spring plant sale 2026</h1>
      <p class="meta">{event}</p><p>Over thirty nurseries bring their plants to the lawns for a weekend of rare
      perennials, alpines and trees.</p></main></body></html>"""
    assert extractor.extract(html).date is None
    assert written_only_as_event(event, "2026-04-26")
    assert not written_only_as_event(f"{event}. Posted 26 April 2026.", "2026-04-26")
    assert not written_only_as_event("Posted in April 2026.", "2026-04-26")
