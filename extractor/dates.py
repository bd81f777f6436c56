"""Publication dates: ISO dates from what markup writes, a date written by the headline, and
htmldate's search as the last resort (:data:`DATE_SEARCHES`). :mod:`extractor.metadata` reads the
markup first and calls these; none of them reads the page's URL.
"""

from __future__ import annotations

import re
import warnings
from datetime import date, datetime, timedelta, timezone

from .page import Page
from .parse import cap_attributes, normalize_space

#: Earliest year taken for a date (older is a placeholder such as 1970-01-01).
MIN_YEAR = 1990
_HAS_TIME = re.compile(r"\d[T ]\d{1,2}:\d{2}")
_DATE_ONLY = re.compile(r"^\s*(\d{4})-(\d{2})-(\d{2})\s*$")


def iso_date(text: str) -> str | None:
    """``text`` as an ISO 8601 date (``YYYY-MM-DD``) or timestamp, or None when it is no date.

    ISO forms are read by ``datetime.fromisoformat``; others ("May 3, 2020", RFC 2822) by
    dateutil. Dates before 1990 or after tomorrow are refused.
    """
    text = text.strip()
    if not text or len(text) > 64 or not any(c.isdigit() for c in text):
        return None
    m = _DATE_ONLY.match(text)
    try:
        if m:
            dt: datetime | date = date(int(m[1]), int(m[2]), int(m[3]))
        else:
            dt = _parse_timestamp(text)
    except (ValueError, OverflowError, TypeError):
        return None
    if dt is None:
        return None
    day = dt.date() if isinstance(dt, datetime) else dt
    if day.year < MIN_YEAR or day > date.today() + timedelta(days=1):
        return None
    if isinstance(dt, datetime) and _HAS_TIME.search(text):
        return dt.isoformat()
    return day.isoformat()


def _parse_timestamp(text: str) -> datetime | None:
    iso = text.replace(" ", "T", 1) if re.match(r"\d{4}-\d\d-\d\d \d", text) else text
    try:
        return datetime.fromisoformat(iso.replace("Z", "+00:00") if iso.endswith("Z") else iso)
    except ValueError:
        pass
    if re.fullmatch(r"\d{10}(?:\d{3})?", text):  # a Unix timestamp (seconds or milliseconds)
        return datetime.fromtimestamp(int(text[:10]), tz=timezone.utc)
    try:
        from dateutil import parser as date_parser  # comes with htmldate
    except ImportError:  # pragma: no cover
        return None
    with warnings.catch_warnings():  # an unknown zone name ("MST") warns; the time is kept without it
        warnings.simplefilter("ignore")
        try:
            parsed = date_parser.parse(text, default=datetime(1, 1, 1), fuzzy=False)
            # a year or a month alone is no day ("2025", "May 2025": `<time datetime="2025">` dated a 145th blind
            # round's thread January 1st): parsed again with another default day and month, it moves
            again = date_parser.parse(text, default=datetime(1, 2, 2), fuzzy=False)
        except (ValueError, OverflowError, TypeError, date_parser.ParserError):
            return None
        return parsed if (parsed.month, parsed.day) == (again.month, again.day) else None


# ---------------------------------------------------------------- a date written by the headline

#: Month names (and their common abbreviations) of the languages of the dev sets and their neighbours.
_MONTH_NAMES = (
    "january jan januar janvier enero gennaio januari janeiro",
    "february feb februar fevrier février febrero febbraio februari fevereiro",
    "march mar märz maerz mars marzo maart março", "april apr avril abril aprile",
    "may mai mayo maggio mei maio", "june jun juni juin junio giugno junho",
    "july jul juli juillet julio luglio julho", "august aug août aout agosto augustus",
    "september sep sept septembre septiembre settembre setembro",
    "october oct oktober octobre octubre ottobre outubro", "november nov novembre noviembre novembro",
    "december dec dezember décembre decembre diciembre dicembre dezembro",
)
_MONTHS = {name: n for n, names in enumerate(_MONTH_NAMES, 1) for name in names.split()}
_MONTH = "|".join(sorted(map(re.escape, _MONTHS), key=len, reverse=True))
#: Full dates with a day, a month and a four-digit year (a bare year or month is no publication day).
_WRITTEN_DATES = (
    ("ymd", re.compile(r"(?<!\d)((?:19|20)\d\d)[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)")),
    ("ymd", re.compile(r"((?:19|20)\d\d)\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日")),
    ("dmy", re.compile(r"(?<!\d)(\d{1,2})(?:st|nd|rd|th|er|\.)?\s+(?:de\s+)?(" + _MONTH +
                       r")\.?,?\s+(?:de\s+)?((?:19|20)\d\d)(?!\d)", re.I)),
    ("mdy", re.compile(r"\b(" + _MONTH + r")\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+((?:19|20)\d\d)(?!\d)", re.I)),
    ("dmy_num", re.compile(r"(?<!\d)(\d{1,2})\.(\d{1,2})\.((?:19|20)\d\d)(?!\d)")),
)
_YEAR = re.compile(r"(?:19|20)\d\d")
#: The window read around the headline, in elements: 60 before the first ``<h1>`` (a date above
#: it) and 250 from it (byline, dateline, first lines), or the first 250 of the body when there is
#: no ``<h1>``. Lines longer than 300 characters are article text, whose dates are events, not the
#: page's. Chosen on the 4,168 dev pages (coverage of extract()'s date, then the share of days that
#: fall on the URL's day on the 157 URL-dated pages, and on the markup's day where JSON-LD, Open
#: Graph or <meta> date the page): 30/80 elements 74.3 %, 108/140, 78.5 % of 559; 60/250 78.6 %,
#: 114/144, 77.0 % of 639; 60/400 79.7 %, 117/148, 76.3 %; 60/1000 80.8 %, 120/151, 75.4 %: wider
#: windows date more pages and agree a little less with the markup. Without this step: 66.3 %.
#: (``python bench/bench_metadata_step.py --windows``, 2026-11-24.)
#: A fraction of a millisecond a page; read before htmldate, it spares htmldate's 2-4 ms on the
#: pages it dates.
HEADLINE_BEFORE, HEADLINE_AFTER, HEADLINE_LINE_CHARS = 60, 250, 300
#: Code samples: their dates are data, not the page's ("Entries before 2025-10-01 are locked." in an API
#: reference's example response dated the page: a 135th blind round).
CODE_TAGS = ("pre", "code", "samp", "kbd")


#: A time said relative to now, as posts and comments date themselves ("3 days ago", "2 hrs ago", "yesterday").
_RELATIVE_TIME = re.compile(r"\b(?:\d+|an?|one)\s*(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?"
                            r"|years?)\s+ago\b|\b(?:yesterday|today) at\b", re.I)


def says_when(text: str) -> bool:
    """Whether ``text`` writes a full day (a day, a month and a four-digit year, as :func:`headline_date` reads
    them) or a time relative to now ("3 days ago", "yesterday at 9:14"). Raises nothing."""
    return bool(_RELATIVE_TIME.search(text)) or any(p.search(text) for _, p in _WRITTEN_DATES)


def headline_date(page: Page) -> str | None:
    """The first full date written in the short lines around the page's headline (see
    :data:`HEADLINE_AFTER`), as ``YYYY-MM-DD``; None when there is none. Never reads the URL."""
    elements, texts, tails = page.elements, page.texts, page.tails
    start = page.body_id
    first_h1 = next(page.body.iter("h1"), None)
    h1 = page.index.get(first_h1, start) if first_h1 is not None else start
    low, high = max(start + 1, h1 - HEADLINE_BEFORE), min(len(elements), h1 + HEADLINE_AFTER)
    for i in range(low, high):
        text, tail = texts[i], tails[i]
        # A year starts "19" or "20" and cannot straddle the space joining text and tail: a line
        # with no "1" or "2" in either is skipped before joining and before the regex.
        if not ((text and ("1" in text or "2" in text)) or (tail and ("1" in tail or "2" in tail))):
            continue
        text = text or ""
        if tail:
            text = text + " " + tail
        if len(text) > HEADLINE_LINE_CHARS or not _YEAR.search(text):
            continue
        if page.tags[i] in CODE_TAGS or next(elements[i].iterancestors(*CODE_TAGS), None) is not None:
            continue
        label = _row_label(page, i)  # a table's or a list's row says what its day is ("Closing date | 30 June 2025")
        if label:
            text = f"{label} {text}"
        for order, pattern in _WRITTEN_DATES:
            match = next((m for m in pattern.finditer(text) if not _names_an_event(text, m)), None)
            if match:
                day = _written_day(order, match)
                if day is not None:
                    return day
    return None


def _row_label(page: Page, i: int) -> str:
    """The label of the row element ``i`` is a value of: the cells before a table cell, the term before a
    definition (``<dd>``); '' for anything else or a row with no label."""
    el, tag = page.elements[i], page.tags[i]
    if tag in ("td", "th"):
        cells = list(el.itersiblings(tag=("td", "th"), preceding=True))
    elif tag == "dd":
        cells = next(([c] for c in el.itersiblings(tag=("dt", "dd"), preceding=True) if c.tag == "dt"), [])
    else:
        return ""
    return normalize_space(" ".join(" ".join(c.itertext()) for c in cells))


#: Words before a date (or in the label of its table's or list's row) that make it an event's, not the page's: a
#: deadline, an opening, a period, a member's joining, a paper's receipt ("Applications open 1 October 2025",
#: "Closing date: 30 June 2025", "Period 1 October 2009 to ...": a 129th blind round dated its FAQ, job and dataset
#: pages so); within this many characters before the date.
EVENT_WORDS_BEFORE_CHARS = 30
_EVENT_BEFORE = re.compile(
    r"\b(?:opens?|opening|closes?|closing|deadline|until|till|due|from|between|starts?|starting|begins?|beginning"
    r"|ends?|ending|apply|applications?|period|expires?|expiry|valid|runs?|held|takes? place|register|registration"
    r"|event|joined|since|received|accepted|submitted"
    # a life's days, an age on a day, a thread's latest post ("Born: 14 March 1998", "aged 65 or over on 1 April
    # 2026", "last reply 12 December 2025": a 153rd blind round's player and membership pages, a 154th's thread)
    r"|born|died|aged|last (?:reply|post|activity|active|seen|visit|message|comment)"
    # a reporting period's end: "the twelve months to 30 September 2026" (a water company's results, a 148th round)
    r"|(?:weeks?|months?|years?|quarters?) (?:to|ending|ended))\b[^.!?]*$", re.I)
#: ... or a range after it, to another day ("1 October 2009 to 30 September 2024", "1 May - 3 June 2025"; not a
#: byline's "3 May 2025 - Reuters" or "- 3 min read"). Written ``^``-less: it is matched from the date's end.
_RANGE_AFTER = re.compile(r"\s*(?:to|until|till|through|[-–—])\s*(?:\d{1,2}(?:st|nd|rd|th)?\.?\s+(?:" + _MONTH
                          + r")\b|(?:" + _MONTH + r")\.?\s+\d|(?:19|20)\d\d[-/.]\d)", re.I)
#: ... or the range's last day, after its first ("9–11 June 2026", "9 to 11 June 2026", "9 June – 11 June 2026":
#: a conference's dates in every page's footer, a 138th blind round).
#: (a weekday may name the last day, and "and" join two: "Tuesday 7 to Sunday 12 October 2025", "Saturday 14 and
#: Sunday 15 June 2025": a festival's and an event's pages in the 145th and 147th blind rounds; a day's number, not a
#: comment's "#1 - Tue Jul 24, 2012")
_WEEKDAY = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\.?,?"
_RANGE_BEFORE = re.compile(r"(?:(?<![#\d.])\d{1,2}|\d{4}|\b(?:" + _MONTH
                           + r"))\.?\s*(?:[-–—&]|to|until|till|through|and)\s*(?:" + _WEEKDAY + r"\s*)?$", re.I)
#: ... or hours after it, from and to ("Saturday 8 November 2025, 10 am to 4 pm", "2 May 2026, 10.30–12.00": an open
#: day's and a what's-on list's first event dated their pages in the 143rd and 144th blind rounds); a publication's
#: time is one time ("3 May 2025, 10:32"), not a span.
_HOUR = r"\d{1,2}(?:[.:]\d\d)?\s*(?:[ap]\.?m\b\.?)?"
_HOUR_MARKED = r"\d{1,2}(?:[.:]\d\d\s*(?:[ap]\.?m\b\.?)?|\s*[ap]\.?m\b\.?)"  # "12.00", "4 pm", not "3" of "2-3 min"
_HOURS_AFTER = re.compile(rf"\s*[,·|–—-]?\s*(?:from\s+)?{_HOUR}\s*(?:[-–—]|to|until|till)\s*{_HOUR_MARKED}", re.I)


def _names_an_event(text: str, match: re.Match) -> bool:
    before = text[max(0, match.start() - EVENT_WORDS_BEFORE_CHARS):match.start()]
    return bool(_EVENT_BEFORE.search(before)) or _in_a_range_or_hours(text, match)


def _written_day(order: str, match: re.Match) -> str | None:
    try:
        if order == "ymd":
            day = date(int(match[1]), int(match[2]), int(match[3]))
        elif order == "dmy":
            day = date(int(match[3]), _MONTHS[match[2].lower()], int(match[1]))
        elif order == "mdy":
            day = date(int(match[3]), _MONTHS[match[1].lower()], int(match[2]))
        else:
            day = date(int(match[3]), int(match[2]), int(match[1]))
    except (ValueError, KeyError):
        return None
    if day.year < MIN_YEAR or day > date.today():
        return None
    return day.isoformat()


# ---------------------------------------------------------------- filling a Result

#: htmldate's extensive search (date expressions anywhere in the text) finds a date on more
#: pages but cost 27 ms a page against 3.3 ms for its markup-and-headings search, on 300 pages of
#: l3s_gn1, wcxb_dev and dragnet (283 against 234 pages dated; our markup alone: 112, 0.7 ms):
#: eight times the whole extraction of a page. Off by default, for batches of millions of pages;
#: ``date_search="extensive"`` asks for it (:data:`DATE_SEARCHES`).
HTMLDATE_EXTENSIVE = False
#: How hard a publication date is looked for once JSON-LD, Open Graph, ``<meta>``, ``<time>`` and
#: the lines around the headline named none: "markup" stops there; "fast" (the default) adds
#: htmldate's markup-and-headings search; "extensive" adds its search of the whole text.
DATE_SEARCHES = ("markup", "fast", "extensive")
#: Largest page text handed to htmldate (its pruning copies the tree; beyond this it costs more
#: than the extraction itself).
HTMLDATE_MAX_CHARS = 3_000_000


def htmldate_fallback(page: Page, *, extensive: bool = HTMLDATE_EXTENSIVE) -> str | None:
    """A publication day found by ``htmldate`` in the page's markup and text, never in its URL:
    :func:`htmldate_day` of the page's source text."""
    return htmldate_day(page.source_text or "", extensive=extensive)


def written_only_as_event(text: str, day: str) -> bool:
    """Whether ``text`` (a page's HTML or text) writes ``day`` (``YYYY-MM-DD``) in full and every time as a range's
    day or with hours from and to after it: htmldate dated a plant sale's page by its second day, "Saturday 25 April
    and Sunday 26 April 2026, 10:00–16:00" (a 151st blind round). Of the 2,751 dev pages htmldate dates (served
    HTML), 2 lose their day: a conference site's home page (a range's last day) and a report's "DATE: 2025-12-12 -
    2025-12-17". Words before the day (:data:`_EVENT_BEFORE`) are not asked for: in a whole page they are often a
    title's ("... Your Next Event a Success November 5, 2024") or a member card's ("Joined 2002 ... #1 · Jan 3,
    2024"); asked for, they undated 13 wcxb_dev pages, most of them wrongly. False when ``text`` never writes
    ``day``."""
    found = False
    for start, end in _spans_around(text, day[:4]):
        for order, pattern in _WRITTEN_DATES:
            for match in pattern.finditer(text, start, end):
                if _written_day(order, match) == day:
                    if not _in_a_range_or_hours(text, match):
                        return False
                    found = True
    return found


#: Characters read on each side of a year when looking for the full dates that write it: a written date is
#: a few dozen characters around its year ("Saturday, the 25th of September 2026"). Reading only there, not
#: the whole page, took :func:`written_only_as_event` from 16 ms to under 1 ms a page (cProfile, 200 dev pages).
DATE_AROUND_YEAR_CHARS = 80


def _spans_around(text: str, year: str) -> list[tuple[int, int]]:
    """The spans of ``text`` within :data:`DATE_AROUND_YEAR_CHARS` of each place it writes ``year``, overlapping
    ones joined, in order."""
    spans: list[tuple[int, int]] = []
    at = text.find(year)
    while at >= 0:
        start, end = max(0, at - DATE_AROUND_YEAR_CHARS), at + len(year) + DATE_AROUND_YEAR_CHARS
        if spans and start <= spans[-1][1]:
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
        at = text.find(year, at + len(year))
    return spans


def _in_a_range_or_hours(text: str, match: re.Match) -> bool:
    before = text[max(0, match.start() - EVENT_WORDS_BEFORE_CHARS):match.start()]
    return bool(_RANGE_BEFORE.search(before) or _RANGE_AFTER.match(text, match.end())
                or _HOURS_AFTER.match(text, match.end()))


def htmldate_day(text: str, *, extensive: bool = HTMLDATE_EXTENSIVE) -> str | None:
    """A publication day found by ``htmldate`` in ``text``, a page's HTML, never in its URL.

    Runs htmldate's markup-and-headings search (dated markup, ``<time>``, ``<abbr>``, title and
    headings), and with ``extensive=True`` its search of the whole text too (see
    :data:`HTMLDATE_EXTENSIVE`), ``original_date=True``, with URL reading off (``url=""``, which
    also stops it from reading a date out of ``rel=canonical``).
    None when htmldate is not installed or finds nothing, when its day is a bare year's (:func:`year_only`), or when
    ``text`` writes that day only in a range or with hours (:func:`written_only_as_event`).
    """
    if not text or len(text) > HTMLDATE_MAX_CHARS or text.lstrip()[:4].lower() == "http":
        return None  # htmldate would take a text starting with "http" for a URL to download
    text = cap_attributes(text)  # htmldate parses the page again: the same cap as ours (hostile pages)
    try:
        from htmldate import find_date
    except ImportError:  # pragma: no cover - htmldate is a dependency
        return None
    import logging

    logger = logging.getLogger("htmldate")
    level, logger.level = logger.level, logging.CRITICAL  # its lxml-cleaner errors are not ours to show
    try:
        found = find_date(text, url="", extensive_search=extensive, original_date=True,
                          max_date=date.today().isoformat())
    finally:
        logger.level = level
    return None if year_only(found) or found and written_only_as_event(text, found) else found


def year_only(day: str | None) -> bool:
    """Whether an htmldate day is what it gives for a bare year ("© 2024" -> ``2024-01-01``).

    A year is no publication date: on wcxb_dev two thirds of the days only the extensive search
    finds are January 1sts. A real January 1st found only by htmldate is lost with them.
    """
    return bool(day) and day.endswith("-01-01")
