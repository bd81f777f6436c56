"""The headline rule (``extractor.title.headline``): which heading or title part is the page's headline."""

from extractor import load
from extractor.api import get_page
from extractor.title import headline

from . import test_render_support as support

browser = support.browser

ARTICLE = "".join(f"<p>Paragraph {i} of the article says something about the topic at hand.</p>" for i in range(8))


def test_a_permalink_mark_is_not_part_of_the_headline():
    # Sphinx and MkDocs end a heading with <a class="headerlink">¶</a>
    html = ("<html><head><title>5. Data Structures — Python docs</title></head><body>"
            "<h1>5. Data Structures<a class='headerlink' href='#data-structures'>¶</a></h1>"
            f"{ARTICLE}</body></html>")
    assert headline(load(html)) == "5. Data Structures"


def test_og_title_loses_the_part_that_names_the_site():
    head = ("<title>Workforce</title><meta property='og:title' "
            "content='Workforce Management Software | Workforce.com'>")
    html = f"<html><head>{head}</head><body><h2>Plans</h2>{ARTICLE}</body></html>"
    assert headline(load(html, url="https://workforce.com/software")) == "Workforce Management Software"


def test_title_loses_the_site_name_given_by_og_site_name_not_only_the_shorter_part():
    head = ("<title>The cloud for builders | Acme Industrial Cloud Services Corporation</title>"
            "<meta property='og:site_name' content='Acme Industrial Cloud Services Corporation'>")
    html = f"<html><head>{head}</head><body>{ARTICLE}</body></html>"
    assert headline(load(html, url="https://example.org/")) == "The cloud for builders"
    # a title whose parts name no site keeps its longest part, as before
    html = "<html><head><title>Best movers in 2025 | Top 19 companies compared</title></head><body>" + ARTICLE
    assert headline(load(html + "</body></html>")) == "Top 19 companies compared"


def test_an_h1_holding_a_whole_part_of_the_title_beats_an_h2_sharing_more_of_its_own_words():
    # "Listening to Glaciers – Cryosphere Sensing Lab": the h1 adds a subtitle the <title> leaves out, so a section's
    # h2 shares a larger share of its words with the <title> (a 58th blind round's lab page).
    html = ("<html><head><title>Listening to Glaciers – Cryosphere Sensing Lab</title></head><body>"
            "<h1>Listening to Glaciers: Passive Acoustic Monitoring of Calving and Meltwater</h1>"
            f"<h2>Why listen to glaciers?</h2>{ARTICLE}</body></html>")
    assert headline(load(html)) == "Listening to Glaciers: Passive Acoustic Monitoring of Calving and Meltwater"
    # a part of two words is in too many headings to choose by
    short = ("<html><head><title>Glaciers Today – Cryosphere Sensing Lab</title></head><body>"
             "<h1>Glaciers Today: Passive Acoustic Monitoring of Calving</h1>"
             f"<h2>Glaciers today and tomorrow</h2>{ARTICLE}</body></html>")
    assert headline(load(short)) == "Glaciers today and tomorrow"



def test_an_h1_sharing_three_words_with_the_title_beats_a_short_h2_sharing_a_larger_share():
    # A catalogue essay (a 108th blind round): its h1 shares "Delftware", "Elsworth" and "Collection" with the
    # <title> but adds words of its own; the section "The collection today" shares two of its three words.
    html = ("<html><head><title>Catalogue essay | The Elsworth Collection of English Delftware | Marlow Fine Art"
            "</title></head><body><h1>A Potter's Eye: Delftware from the Elsworth Collection</h1>"
            f"{ARTICLE}<h2>The collection today</h2>{ARTICLE}</body></html>")
    assert headline(load(html)) == "A Potter's Eye: Delftware from the Elsworth Collection"


def _headline_of(title: str, body: str) -> str:
    """The headline of a served page with this ``<title>`` and ``body`` before the article."""
    return headline(load(f"<html><head><title>{title}</title></head><body>{body}{ARTICLE}</body></html>"))


def test_a_one_word_h2_that_the_title_happens_to_hold_is_no_headline():
    # a ticket page: its h1 names the tour, the <title> the artist's tickets; the "Tickets" section shares one word
    title, h1 = "Marisol Vega tickets | Harbour Hall | Tixora", "<h1>Marisol Vega: The Saltwater Tour</h1>"
    assert _headline_of(title, h1 + "<h2>Tickets</h2>") == "Marisol Vega tickets"
    # an h2 sharing two of the title's words still names the page when no h1 does
    assert _headline_of(title, h1 + "<h2>Vega tickets</h2>") == "Vega tickets"


def test_a_headline_in_inline_elements_reads_as_shown():
    title = "Low Tide Choir: Glass Orchard review | Soundcheck"
    assert _headline_of(title, "<h1><span>Low Tide Choir</span>: <em>Glass Orchard</em></h1>") \
        == "Low Tide Choir: Glass Orchard"
    # a line break still parts the words it stands between
    assert _headline_of(title, "<h1><span>Low Tide Choir</span>:<br><em>Glass Orchard</em></h1>") \
        == "Low Tide Choir: Glass Orchard"


def test_a_rendered_page_titled_by_its_section_takes_its_largest_h1(browser):
    # A router that never set the story's title leaves its section's ("Blog | Harbour Weekly", the logo naming
    # the site): the rendered page's largest <h1> is the headline. A title with more words is kept.
    body = ("<header><a class='logo' href='/'>Harbour Weekly</a></header><main><h1 style='font-size:40px'>"
            f"The tide tables of the old harbour</h1>{ARTICLE}</main>")
    for title, expected in (("Blog | Harbour Weekly", "The tide tables of the old harbour"),
                            ("Notes from the pier | Harbour Weekly", "Notes from the pier")):
        html = f"<html><head><title>{title}</title></head><body>{body}</body></html>"
        assert headline(get_page(html, render=True)) == expected
        assert headline(load(html)) == title.split(" | ")[0]



def test_a_rendered_page_titled_by_short_names_or_by_its_site_takes_its_largest_h1(browser):
    # "Tutorial — Nebula Hunters — Starboard": a section, a project and a site, each a name of two words at most,
    # none named by a logo (a 109th blind round); "FAQ | Bright Occasions Event Planning, Chester": a section and a
    # last part opening with the name the logo gives (a 111th). The rendered page's largest <h1> is the headline.
    # "Get help now | Crisis Compass" beside a menu's "Get help now" link: a section's name (a 120th).
    for title, logo, h1 in (("Tutorial — Nebula Hunters — Starboard", "", "Tutorial: How to Classify a Galaxy"),
                            ("FAQ | Bright Occasions Event Planning, Chester",
                             "<a class='logo' href='/'>Bright Occasions</a>", "Frequently Asked Questions"),
                            ("Get help now | Crisis Compass", "<a class='logo' href='/'>Crisis Compass</a><nav><a "
                             "href='/help'>Get help now</a><a href='/s'>Stories</a></nav>",
                             "Crisis support: helplines you can call or text now"),
                            # and "Compare fares | Fares and tickets | Firthlink" beside "Fares and tickets" (a 128th)
                            ("Compare fares | Fares and tickets | Firthlink", "<a class='brand' href='/'>Firthlink</a>"
                             "<nav><a href='/fares/compare'>Fares and tickets</a><a href='/t'>Timetables</a></nav>",
                             "Ferry and bus fares compared"),
                            # and "Spring Elections 2027 | Your voice | ..." over a breadcrumb trail ending in it (a
                            # 149th)
                            ("Spring Elections 2027 | Your voice | Northgate Students' Union",
                             "<a class='logo' href='/'>Northgate Students' Union</a>"
                             "<p class='crumbs'><a href='/'>Home</a> › <a href='/voice'>Your voice</a> › Spring "
                             "Elections 2027</p>", "Union President 2027: meet the candidates")):
        html = (f"<html><head><title>{title}</title></head><body><header>{logo}</header><main>"
                f"<h1 style='font-size:40px'>{h1}</h1>{ARTICLE}</main></body></html>")
        assert headline(get_page(html, render=True)) == h1


def test_a_sticky_header_removed_as_an_overlay_still_names_the_site_and_its_sections(browser):
    # The logo and the menu sit in a sticky header, which the rendered Page leaves out as an overlay: they still say
    # that "Footprintr" is the site and "Methodology" a section of it, so the largest <h1> is the headline (a 121st
    # blind round returned "Methodology").
    header = ("<header style='position:sticky;top:0;background:#fff'><a class='brand' href='/method'>Footprintr</a>"
              "<nav><a href='/calc'>Calculator</a><a href='/method'>Methodology</a></nav></header>")
    h1 = "How we calculate your carbon footprint"
    html = (f"<html><head><title>Methodology | Footprintr</title></head><body>{header}<main>"
            f"<h1 style='font-size:40px'>{h1}</h1>{ARTICLE}{ARTICLE}{ARTICLE}</main></body></html>")
    page = get_page(html, render=True)
    assert page.root.find(".//header") is None  # removed as an overlay
    assert headline(page) == h1


def test_a_site_named_by_its_logo_and_one_word_more_is_a_site_name(browser):
    # "Pricing — Loomwork CI" beside a logo saying "loomwork": "Loomwork CI" names the site, so the title names a
    # section and the rendered page's <h1> is the headline; as served, the part left is "Pricing". A part whose
    # last word is longer than a product's kind ("Loomwork releases") is a headline of its own.
    body = ("<header><a class='logo' href='/pricing'>loomwork</a></header><main><h1 style='font-size:40px'>"
            f"Pricing that scales with your pipelines</h1>{ARTICLE}</main>")
    html = f"<html><head><title>Pricing — Loomwork CI</title></head><body>{body}</body></html>"
    assert headline(get_page(html, render=True)) == "Pricing that scales with your pipelines"
    assert headline(load(html)) == "Pricing"
    html = html.replace("Pricing — Loomwork CI", "Pricing — Loomwork releases")
    assert headline(load(html)) == "Loomwork releases"


def test_a_rendered_headline_read_from_a_heading_carries_the_headings_box(browser):
    # The headline rule's h1 is where the title sits (a 128th blind round's JSON had "title_box": null on every page,
    # its headlines all h1s); a title from <title> alone is no element of the page.
    from extractor import extract

    article = "<p>" + "The ferry timetable changes with the tides and the seasons of the firth. " * 6 + "</p>"
    h1 = "<h1 style='margin-top:120px;font-size:36px'>Ferry and bus fares compared</h1>"
    html = ("<html><head><title>Ferry and bus fares compared | Firthlink</title></head><body><main>"
            + h1 + article + "</main></body></html>")
    result = extract(html.encode(), render=True)
    assert result.title == "Ferry and bus fares compared"
    x, y, w, h = result.title_box
    assert 100 <= y <= 160 and w > 100 and 30 <= h <= 60
    assert extract(html.encode()).title_box is None  # not rendered: no box
    bare = html.replace(h1, "")
    assert extract(bare.encode(), render=True).title_box is None


def test_a_footer_heading_is_no_headline_and_a_logo_names_its_site_before_its_tagline(browser):
    # "Seminars | Hollis Lab" was headlined by the footer's h2 "Hollis Lab", and "NCSA-2 dataset | Hollis Lab" by
    # "NCSA-2 dataset", the logo saying "Hollis Lab" and then its tagline in a <small> (a 129th blind round): the
    # footer's headings are not read for a headline, and each piece of the logo's text names the site.
    logo = "<header><a class='brand' href='/'>Hollis Lab<small>Computational Hydrology</small></a></header>"
    footer = "<footer><div><h2>Hollis Lab</h2><p>Engineering Building, Northfield</p></div></footer>"
    for title, h1 in (("Seminars | Hollis Lab", "Water, Climate and Computation Seminar Series"),
                      ("NCSA-2 dataset | Hollis Lab", "Northfield Catchment Sensor Archive (NCSA-2)")):
        html = (f"<html><head><title>{title}</title></head><body>{logo}<main><h1 style='font-size:40px'>{h1}</h1>"
                f"{ARTICLE}</main>{footer}</body></html>")
        assert headline(get_page(html, render=True)) == h1
        assert headline(load(html)) == title.split(" | ")[0]  # as served: the title's part that is not the site
