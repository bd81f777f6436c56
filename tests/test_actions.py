"""A call to action repeated down a list of cards is left out; a link naming a thing, or said once, stays."""

import pytest

from extractor import extract

ABOUT = ("We build {} for ferry operators across the North Sea and have sponsored the conference since its first "
         "year, with a booth in the main hall and two talks on the second day.")
KINDS = ("routing software", "ticket gates", "harbour cranes", "weather radar", "crew rosters")


def _cards(action: str, n: int = 5) -> str:
    return "".join(f"<article class='sponsor'><h3>Sponsor number {k}</h3><p>{ABOUT.format(KINDS[k])}</p>"
                   f"<p>Booth C{k}</p><a href='/go/{k}'>{action}</a></article>" for k in range(n))


@pytest.mark.parametrize("action", ["Visit website", "Plan your visit", "Terms"])
def test_a_call_to_action_on_every_card_is_left_out(action):
    # a sponsor directory's "Visit website" after each card (a 138th blind round kept it 24 times), a nature reserves'
    # "Plan your visit" (a 167th's, 12 times), a link to each ticket's terms (a 172nd's, 12 times)
    html = f"<html><body><main><h1>Our sponsors</h1>{_cards(action)}</main></body></html>"
    for method in ("decay", "cedp"):  # (the learned model itself keeps one of the five here)
        text = extract(html, method=method).text
        assert action not in text and all(kind in text for kind in KINDS), (method, text)


def test_a_link_naming_a_thing_or_said_twice_stays():
    for action, n in (("Army Green", 5), ("Visit website", 2)):
        html = f"<html><body><main><h1>Our sponsors</h1>{_cards(action, n)}</main></body></html>"
        text = extract(html, method="decay").text
        assert text.count(action) == n, (action, text)


def test_a_repeated_sentence_that_is_no_link_stays():
    items = "".join(f"<h3>Option {k}</h3><p>{ABOUT.format(KINDS[k])}</p><p>Read the terms</p>" for k in range(4))
    text = extract(f"<html><body><main><h1>Options</h1>{items}</main></body></html>", method="decay").text
    assert text.count("Read the terms") == 4


def test_a_disclosures_repeated_summary_is_left_out_and_what_it_opens_stays():
    # "More about this event" summing up each event's details (a 147th blind round kept it 14 times)
    events = "".join(f"<article class='event'><h3>Event {k}</h3><p>{ABOUT.format(KINDS[k])}</p><details open>"
                     f"<summary>More about this event</summary><p>Stall {k} opens at ten.</p></details></article>"
                     for k in range(5))
    text = extract(f"<html><body><main><h1>This week</h1>{events}</main></body></html>", method="decay").text
    assert "More about this event" not in text and all(f"Stall {k} opens" in text for k in range(5)), text


def test_a_posts_own_control_left_as_a_link_under_every_post_is_left_out():
    # "Report" under each post of a thread (the 145th and 149th blind rounds kept it 6 and 17 times)
    posts = "".join(f"<article class='post'><p>{ABOUT.format(KINDS[k])}</p><a href='/report/{k}'>Report</a></article>"
                    for k in range(5))
    text = extract(f"<html><body><main><h1>Thread</h1>{posts}</main></body></html>", method="decay").text
    assert "Report" not in text and all(kind in text for kind in KINDS), text


def test_a_repeated_summary_label_is_left_out_and_a_faqs_questions_stay():
    # "Label transcription" over each specimen's transcribed label (a 151st blind round kept it 20 times); a FAQ's
    # questions are summaries too, each said once
    specimens = "".join(f"<article><h3>Specimen {k}</h3><p>{ABOUT.format(KINDS[k])}</p><details open>"
                        f"<summary>Label transcription</summary><p>Collected at site {k}.</p></details></article>"
                        for k in range(5))
    faq = "".join(f"<details open><summary>Question number {k} about the fair?</summary><p>{ABOUT.format(KINDS[k])}"
                  "</p></details>" for k in range(3))
    text = extract(f"<html><body><main><h1>Results</h1>{specimens}{faq}</main></body></html>", method="decay").text
    assert "Label transcription" not in text and all(f"Collected at site {k}." in text for k in range(5)), text
    assert all(f"Question number {k} about the fair?" in text for k in range(3)), text


def test_a_call_to_action_with_a_separator_left_at_its_edge_is_left_out():
    # "View image ·" under each of 20 specimens once the "Add to basket" button after it was removed (a 151st)
    text = extract(f"<html><body><main><h1>Our sponsors</h1>{_cards('View image</a> · <button>Add</button><a>')}"
                   "</main></body></html>", method="decay").text
    assert "View image" not in text and all(kind in text for kind in KINDS), text


def test_a_row_of_links_under_every_card_is_left_out():
    # "Scorecard Match report" under each of 17 results (a 153rd blind round's fixtures, F1 0.87; 1.00 without)
    # ... and "I have seen this pet · Share" under each of 16 posts (a 152nd's lost-and-found board), and "Book at this
    # clinic Get directions Meet the team" under each of ten clinics (a 171st's)
    for row in ("Scorecard</a> <a href='/report'>Match report", "I have seen this pet</a> · <a href='/s'>Share",
                "Book at this clinic</a> <a href='/d'>Get directions</a> <a href='/t'>Meet the team"):
        html = f"<html><body><main><h1>Results</h1>{_cards(row)}</main></body></html>"
        text = extract(html, method="decay").text
        assert all(w not in text for w in ("Scorecard", "seen this pet", "Meet the team")), text
        assert all(kind in text for kind in KINDS), text


@pytest.mark.parametrize("label", ["Share", "Share:", "Share this article", "Share on", "share this story:"])
def test_a_share_bars_label_alone_is_left_out(label):
    # the label of a share bar whose buttons are icons (the 153rd and 154th blind rounds kept "Share" and "Share:")
    html = (f"<html><body><main><h1>150 years of cricket</h1><p>{ABOUT.format(KINDS[0])}</p><div class='share'>"
            f"{label} <button aria-label='Email'></button></div><p>{ABOUT.format(KINDS[1])}</p>"
            "<p>Share your memories of the ground with the club historian.</p></main></body></html>")
    text = extract(html, method="decay").text
    assert label not in text.split("\n") and KINDS[0] in text and KINDS[1] in text, text
    assert "Share your memories of the ground with the club historian." in text


def test_a_call_to_action_naming_its_card_is_left_out():
    # "Meet Biscuit", "Meet Luna" under each animal's card (a 152nd blind round kept 19 of 20): repeated in its first
    # word only, each naming what its card says; links naming what the cards do not say are kept
    names = ("Biscuit", "Luna", "Pickle", "Willow")
    for named in (True, False):
        cards = "".join(f"<article><h3>{name}</h3><p>{ABOUT.format(KINDS[k])}</p><a href='/a/{k}'>Meet "
                        f"{name if named else 'the keeper ' + str(k)}</a></article>" for k, name in enumerate(names))
        text = extract(f"<html><body><main><h1>Adopt</h1>{cards}</main></body></html>", method="decay").text
        assert all(kind in text for kind in KINDS[:4]), text
        assert text.count("Meet ") == (0 if named else 4), text


def test_a_supporters_call_to_action_naming_its_tier_is_left_out():
    # "Sponsor as Backer", "Sponsor as Supporter" ... under each tier (a 160th blind round kept all four)
    tiers = ("Backer", "Supporter", "Sustainer", "Partner")
    cards = "".join(f"<article><h3>{tier}</h3><p>${5 * k + 5} / month</p><p>{ABOUT.format(KINDS[k])}</p><ul><li>Your "
                    f"name on this page</li><li>A badge number {k}</li></ul><a href='/s/{k}'>Sponsor as {tier}</a>"
                    "</article>" for k, tier in enumerate(tiers))
    text = extract(f"<html><body><main><h1>Sponsor us</h1>{cards}</main></body></html>", method="decay").text
    assert all(kind in text for kind in KINDS[:4]) and "Sponsor as" not in text, text

def test_a_call_to_action_beside_the_headline_is_left_out():
    # a banner holding the <h1> and a "Register your interest" button (a 157th blind round): the button goes, the
    # headline stays; a link after the headline that calls to nothing ("Harrowfield Park") stays, as does a call to
    # action that does not follow the headline
    from extractor import load
    from extractor.result import Block
    from extractor.tidy.actions import drop_headline_action

    for after, gone in (("Register your interest", True), ("Harrowfield Park", False)):
        page = load(f"<html><body><div class=hero><h1>Volunteer as a marshal</h1><a class=btn href=/join>{after}</a>"
                    f"</div><p>{ABOUT.format(KINDS[0])}</p><p><a href=/x>Register your interest</a></p></body></html>")
        h1, link, para, last = (page.index[el] for el in (next(page.root.iter("h1")), next(page.root.iter("a")),
                                                           *page.root.iter("p")))
        blocks = [Block(h1, "Volunteer as a marshal", "h1"), Block(link, after, "a"),
                  Block(para, ABOUT.format(KINDS[0]), "p"), Block(last, "Register your interest", "p")]
        drop_headline_action(page, blocks)
        assert [b.text for b in blocks][1:] == ([] if gone else [after]) + [ABOUT.format(KINDS[0]),
                                                                             "Register your interest"]


def test_a_tables_column_of_calls_to_action_is_left_out():
    # "Book" or "Join waiting list" at the end of each date's row, under an empty header cell (a 157th blind round's
    # track days, rendered: the buttons are kept there): the column goes, the dates stay; a column of links naming
    # things, or under a header naming the column, stays
    from extractor import load
    from extractor.result import Block
    from extractor.tidy.actions import drop_action_columns

    def rows(last, head=""):
        html = "".join(f"<tr><td>Tuesday {k} June</td><td>{14 - k} places left</td><td><a href=/b/{k}>{last(k)}</a>"
                       "</td></tr>" for k in range(1, 6))
        page = load(f"<html><body><table><tr><th>Date</th><th>Availability</th><th>{head}</th></tr>{html}</table>"
                    "</body></html>")
        blocks = []
        for tr in page.root.iter("tr"):
            cells = [" ".join("".join(c.itertext()).split()) for c in tr]
            blocks.append(Block(page.index[tr], " | ".join(cells), "tr", cells=cells, header=tr[0].tag == "th"))
        drop_action_columns(page, blocks)
        return [b.text for b in blocks]

    assert rows(lambda k: f"Book day {k}" if k % 2 else "Join waiting list") == [
        "Date | Availability", *(f"Tuesday {k} June | {14 - k} places left" for k in range(1, 6))]
    assert rows(lambda k: f"Circuit {k}")[3] == "Tuesday 3 June | 11 places left | Circuit 3"
    assert rows(lambda k: f"Book day {k}", head="Booking")[3] == "Tuesday 3 June | 11 places left | Book day 3"


def test_a_posts_controls_after_its_date_are_left_out_and_the_date_stays():
    # "9 October 2025, 21:14 · Quote · Report" heading each post (a 163rd blind round's thread, its gold keeping the
    # dates); a sentence ending in a link said once stays
    posts = "".join(f"<article class='post'><div class='tools'><time>{k + 1} October 2025, 21:14</time> · "
                    f"<a href='#'>Quote</a> · <a href='#'>Report</a></div><p>{ABOUT.format(KINDS[k])}</p></article>"
                    for k in range(4))
    once = "<p>Our rules are on one page · <a href='/rules'>Read the rules</a></p>"
    text = extract(f"<html><body><main><h1>Thread</h1>{posts}{once}</main></body></html>", method="decay").text
    assert "Quote" not in text and "Report" not in text, text
    assert all(f"{k + 1} October 2025, 21:14" in text for k in range(4)) and "Read the rules" in text, text


def test_a_share_row_of_links_is_left_out():
    # "Share: Facebook Bluesky Email Download printable chart (PDF)" under a 163rd blind round's sky guide's byline, a
    # block the rendered page's model kept; a sentence opening with "Share:" stays
    from extractor import load
    from extractor.result import Block
    from extractor.tidy.actions import drop_share_rows

    row = "<div>Share: <a href='#'>Facebook</a> <a href='#'>Bluesky</a> <a href='#'>Email</a></div>"
    said = "<div>Share: the <a href='/clubs'>club</a> and <a href='/shop'>shop</a> lend telescopes to members.</div>"
    page = load(f"<html><body><main><h1>October's sky</h1>{row}{said}</main></body></html>")
    rows = [page.index[el] for el in page.root.iter("div")]
    blocks = [Block(i, page.text_of(i), "div") for i in rows]
    drop_share_rows(page, blocks)
    assert [b.id for b in blocks] == rows[1:], [b.text for b in blocks]
