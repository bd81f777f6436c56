"""Find and drive Chromium: one browser per process, one reused context and page.

All browser work runs on one background thread with its own asyncio loop (Playwright's
async API). The sync face (:func:`render`) and the async face (:func:`render_async`) both
hand a job to that thread, so the sync face also works inside a running loop (Jupyter), and
a page whose scripts never yield can be abandoned at the deadline: the job is cancelled and
the page closed. Pages are rendered one at a time (DESIGN: concurrency gains nothing on 2
cores); the page is reused (DESIGN: 6.8 pages/s against 2.8 with a new page per URL) and
replaced after any failure; the context is recycled every ``recycle_after`` pages.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import contextlib
import dataclasses
import glob
import gzip
import json
import os
import pathlib
import re
import shutil
import threading
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from extractor.decode import sniff_binary
from extractor.errors import BrowserNotFound, NavigatedAway, NotHTMLError, PageTooLarge, RenderError, RenderTimeout

from . import scripts
from .geometry import (
    CHROME_SELECTOR,
    COPIED_DIALOG_MARK,
    EMBED_FRAME_MARK,
    FRAME_MIN_AREA_SHARE,
    FRAME_MIN_HEIGHT_SHARE,
    FRAME_MIN_WIDTH_SHARE,
    MIN_VISIBLE_PX,
    MORE_MARK,
    RawGeometry,
    merge_frame,
    parse,
    script,
    script_args,
)
from .options import RenderOptions, make_render_options

#: Environment variable naming a Chromium executable.
ENV_VAR = "PAGESIGHT_CHROMIUM"
#: Executable names looked up on PATH, in order.
PATH_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
#: Debian's real binary; ``/usr/bin/chromium`` is a shell wrapper (DESIGN "executable").
DEBIAN_CHROMIUM = "/usr/lib/chromium/chromium"
#: Launch flags that keep Chromium quiet on a closed network (DESIGN, last paragraph).
LAUNCH_FLAGS = (
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
    # No hyperlink-auditing pings, and none of Chromium's own background services.
    # (No --disable-features here: Chromium keeps only the last one given, and Playwright's own
    # list turns off HTTPS upgrades, without which an http:// page served from its saved bytes
    # is upgraded away from the route that serves it.)
    "--no-pings", "--disable-domain-reliability", "--disable-client-side-phishing-detection",
    "--no-default-browser-check", "--metrics-recording-only",
)
#: Image blocking inside Blink: no per-request round trip (DESIGN "blocking").
NO_IMAGES_FLAG = "--blink-settings=imagesEnabled=false"
#: Only loopback names resolve (DESIGN "host-resolver-rules").
OFFLINE_FLAG = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"
#: Hosts Chromium calls by itself although the quiet flags are set (seen in its net log here:
#: the clock check, the component updater, the accounts list); they never resolve, in every mode.
CHROMIUM_SERVICE_HOSTS = ("accounts.google.com", "clients2.google.com", "update.googleapis.com",
                          "clientservices.googleapis.com", "safebrowsing.googleapis.com",
                          "optimizationguide-pa.googleapis.com", "content-autofill.googleapis.com")
ONLINE_FLAG = "--host-resolver-rules=" + ", ".join(f"MAP {h} ~NOTFOUND" for h in CHROMIUM_SERVICE_HOSTS)
#: Seconds allowed to launch the browser (DESIGN: 150-400 ms; 30 s covers a cold disk cache).
LAUNCH_TIMEOUT_S = 30.0
#: Part of the timeout kept for capture after waiting (DESIGN: geometry of 20k elements takes
#: 0.2 s and a 40k px screenshot 1.5 s); at most a quarter of the timeout.
CAPTURE_RESERVE_S = 2.0
#: Time the caller needs, per element of the page, to read the rendered page once the browser is done
#: (parse the DOM into a Page, type it, run a method). What exceeds ``READ_GRACE_S`` is kept from the
#: browser: settling stops waiting that much earlier, and capture must end that much before the
#: timeout (else ``RenderTimeout``), so that ``extract(url, render=True, timeout=T)`` ends within
#: T + 2 s on a page of 200,000 elements (issue #17; the fault matrix of tests/test_hardening.py).
#: Measured 2026-11-25 on that page (``python bench/bench_hostile.py``): reading it with ``auto``, which
#: now runs the learned extractor there, took 2.9-3.4 s of CPU (15-17 µs an element), more in wall time
#: on 2 cores shared with other work: 20 µs.
READ_MS_PER_ELEMENT = 0.02
#: Seconds of reading allowed past the timeout (half of the 2 s that issue #17 allows: the rest is for a
#: loaded machine), not kept from the browser.
READ_GRACE_S = 1.0
#: Seconds given to counting a page's elements when settling did not report them (a busy page may not answer).
COUNT_TIMEOUT_S = 0.5
_COUNT_JS = "() => document.getElementsByTagName('*').length"
#: Pages rendered at once by one process's browser, each in its own slot (context + page).
#: DESIGN measured no gain from concurrency on 2 cores for pages that only cost CPU; pages
#: that wait (timers, data, lazy lists) overlap their waits (bench/bench_scale.py).
RENDER_CONCURRENCY = 4
#: Seconds waited, after a page failed, for the renderer's crash event that may have caused it
#: (it can arrive just after the failed navigation, on a loaded machine).
CRASH_NOTICE_S = 0.2
#: Seconds a reused page has to answer before its next page: a renderer that a page's script
#: keeps busy after it was read (a loop started on a timer) would stall the next page, so the
#: page is replaced (an idle renderer answers in about a millisecond).
PING_TIMEOUT_S = 0.5
#: Documents a page may load by itself while it is rendered, once it was first loaded, before it
#: counts as a reload or redirect loop (:class:`NavigatedAway`): a script that sends the page
#: elsewhere once (wcxb_dev 0500) loads one. A page that reloads itself at every ``load`` was read
#: when the settling and the capture happened to fall between two reloads (1 of 40 and 2 of 10
#: renders in two probes here; once in CI, 2026-11-28), and by then it had loaded two documents
#: more. Navigations inside the document (``history.pushState``, a new ``#fragment``: routers,
#: infinite scroll) load none.
MAX_SELF_NAVIGATIONS = 1
#: Wait after a script's navigation destroyed the page's context before waiting for the new document's
#: ``load``: asked at once, the old document still reads as loaded and the next reading fails too
#: (a page sending itself to another one 30 ms after loading read as a loop, 2026-11-28).
NAVIGATION_COMMIT_S = 0.2
#: Seconds a new page's renderer has to answer a DevTools command (it answers in milliseconds when idle).
#: A renderer that dies between the page's creation and the command never answers, and Playwright
#: does not fail the command: without this bound the render hung until the caller's 48 s guard
#: (tests/test_render.py::test_crashed_renderer, 2 runs in 3 on a slow VM, 2026-11-27).
#: The same bound holds for opening the page: Playwright's ``new_page`` never returns when the new
#: renderer dies while the page is made (5 of 80 renders with both cores busy, once in CI,
#: 2026-11-29), while four pages opened at once on busy cores took 0.45 s (median), 1.0 s at most.
CDP_ANSWER_TIMEOUT_S = 3.0
#: Seconds given to closing a page or context before the browser is restarted instead.
CLOSE_TIMEOUT_S = 5.0
#: Seconds past the page timeout after which a caller gives up on a stuck browser and restarts it.
STUCK_GRACE_S = 10.0
#: Where Chromium shows its own error page (an address that could not be loaded).
BROWSER_ERROR_PAGE = "chrome-error://"
#: Where HTML strings and bytes are served when no ``url`` is given (a reserved name, RFC 2606).
STRING_URL = "http://pagesight.invalid/"
#: File types blocked as fonts and as media (by URL, matched in the Playwright driver).
FONT_EXT = ("woff2", "woff", "ttf", "otf", "eot")
MEDIA_EXT = ("mp4", "webm", "ogv", "ogg", "mp3", "wav", "m4a", "m4v", "mov", "flac", "aac", "m3u8")
#: Two-label public suffixes under a country code, for "same site" (co.uk, com.au ...).
SECOND_LEVEL = ("co", "com", "net", "org", "gov", "ac", "edu", "ne", "or", "go")
#: Run in every page and frame before its own scripts: no dialogs, no popups, no print prompts; and
#: the page's own activity, read by the settle step (counting in the page costs nothing;
#: Playwright's request events cost ~20 % of the throughput, measured with bench pages): fetch/XHR
#: requests in flight (a fetch until its body is read too); pending short timers (``setTimeout``
#: with a delay of at most ``TIMER_MAX_MS``, not chained deeper than ``TIMER_CHAIN_MAX`` timers from
#: timers nor repeating one delay more than ``TIMER_REPEAT_MAX`` times: clocks and pollers are not
#: content on its way); the time of the last change to the document made by scripts (nodes added or
#: removed, or text changed, carrying at least ``CHANGE_MIN_CHARS`` characters), shadow roots
#: included; whether the page watches scrolling; and closed shadow roots, so that the geometry walk
#: can read them like open ones.
QUIET_PAGE_JS = (pathlib.Path(__file__).with_name("quiet_page.js")).read_text(encoding="utf-8")


def reading_seconds(elements: int) -> float:
    """Seconds the caller needs to read a rendered page of ``elements`` elements (:data:`READ_MS_PER_ELEMENT`)."""
    return elements * READ_MS_PER_ELEMENT / 1000


def init_script(images_off: bool = False) -> str:
    """The script run in every page and frame before its own (``QUIET_PAGE_JS`` with its limits);
    ``images_off``: Blink's images are switched off (``NO_IMAGES_FLAG``), and the page's images are told
    they failed, as a refused request tells them."""
    return QUIET_PAGE_JS % {"images_off": json.dumps(images_off), "timer_max": TIMER_MAX_MS,
                            "chain_max": TIMER_CHAIN_MAX,
                            "repeat_max": TIMER_REPEAT_MAX, "sig": CHANGE_MIN_CHARS,
                            "history_per_s": HISTORY_PER_S, "interval_min": INTERVAL_MIN_MS,
                            "interact": json.dumps(INTERACTION_EVENTS), "channel_wait": CHANNEL_WAIT_MS,
                            "channel_first_wait": CHANNEL_FIRST_WAIT_MS,
                            "rhythm_max": RHYTHM_MAX_MS, "rhythm_factor": RHYTHM_FACTOR,
                            "scroll_poll_max": SCROLL_POLL_MAX_MS, "message_render": MESSAGE_RENDER_MS,
                            "typed_max": TYPED_MAX_CHARS, "typing_streak": TYPING_STREAK,
                            "count_gap": COUNT_GAP_MS, "count_step": COUNT_STEP_SHARE}


#: Bytes of the served page read to tell a binary file (image, PDF ...) from a page, as the HTML
#: path does (``extractor.decode.sniff_binary``).
BINARY_SNIFF_BYTES = 4096
#: Closed declarative shadow roots: the one kind the init script cannot see attached.
_CLOSED_DECLARATIVE = re.compile(rb"""shadowroot(?:mode)?\s*=\s*["']?closed""", re.I)
#: Bytes of the served page searched for them (a 20 MB page is not scanned whole).
MAX_SCAN_BYTES = 2_000_000
#: What a rendering reports of each large frame (``RenderedPage.frames``).
FRAME_FIELDS = ("id", "src", "x", "y", "w", "h", "inlined", "depth")
#: History changes (``pushState``/``replaceState``) a page may make in one second; more are dropped. A page
#: pushing 100 a millisecond kept the browser process busy for 20 s after it was abandoned, and the
#: next, healthy page timed out (issue #17's fault matrix); an application changes its address a few
#: times per user action.
HISTORY_PER_S = 50
#: Shortest delay of a repeating timer (``setInterval``), in ms: one frame at 60 Hz, the rate at which a
#: page can show anything. A page setting ``location.hash`` every millisecond (which, unlike ``history``,
#: cannot be wrapped) left the browser process a backlog that made the next, healthy page time out
#: (tests/test_hardening.py, 6 full runs in 7 on a slow VM, 2026-11-27).
INTERVAL_MIN_MS = 16
#: Timers the settle step waits for: at most 2.5 s away, the Core Web Vitals bound of a "good"
#: Largest Contentful Paint (web.dev/lcp): content a site means a reader to see comes sooner.
TIMER_MAX_MS = 2500
#: Text typed out (Typed.js, TypeIt): an element's text growing by at most ``TYPED_MAX_CHARS`` characters a change,
#: its old text kept in front, ``TYPING_STREAK`` changes running. Such libraries type a character a step (a
#: 33rd blind round: 16 to 45 ms a letter), several between two reads of the page's observer when the machine is
#: busy (TypeIt at 16 ms a letter: up to a word). The page is waited
#: for while it types, up to the render option ``shell_settle_max_ms`` (an intro of a few hundred letters takes 5
#: to 8 s), and ``TYPING_QUIET_MS`` after its last letter: TypeIt waits 750 ms between strings by default
#: (``nextStringDelay``), Typed.js 700 ms before it erases (``backDelay``).
TYPED_MAX_CHARS = 12
TYPING_STREAK = 3
TYPING_QUIET_MS = 1000
#: Before an element has grown so ``TYPING_STREAK`` times, each growth (a badge's count appearing as well as a
#: first letter typed) is waited on for this many ms: the next letter comes 16 to 45 ms later, from a timer the
#: settle step takes for a loop's, since each letter's timer sets the next.
LETTER_QUIET_MS = 150
#: A response body read chunk by chunk that delivered a chunk within this many ms when the settle step's cap comes
#: is still delivering: waited for up to ``shell_settle_max_ms``, as a page showing nothing yet. Two seconds: twice
#: the gap of a 32nd blind round's NDJSON stream (a paragraph every 0.9 s, 6 s in all).
STREAM_GAP_MS = 2000
#: Text a script fades in step by step (GSAP, anime.js: inline opacity set every frame, 16 ms apart at 60 Hz)
#: is waited for while its opacities changed within this many ms: a dozen frames, so that a frame the machine
#: skips under load does not end the wait.
FADE_QUIET_MS = 200
#: Figures a script counts up in place ("0" to "4,860" in 30 steps 50 ms apart: a 133rd blind round's group
#: statistics, Preact, read as "1,928" and "205" half the time; CountUp.js and react-countup take 2 s by default)
#: are waited for while a text of figures alone changed in place within COUNT_GAP_MS (a count steps at least four
#: times a second, a clock's seconds once), for COUNT_MAX_MS at most from the count's first step (a stopwatch
#: never ends).
COUNT_GAP_MS = 250
COUNT_MAX_MS = 3000
#: A figure's step that moves it by this share of its value or more makes it a count (30 steps up to a target
#: move it by a thirtieth at the last); a clock's ``Date.now()`` moves by a ten-billionth a tick.
COUNT_STEP_SHARE = 0.01
#: A timer set by a timer set by a timer ... deeper than this is a loop (a clock, a poller).
TIMER_CHAIN_MAX = 3
#: A delay scheduled more often than this is periodic (a loop written with promises).
TIMER_REPEAT_MAX = 5
#: Events a page listens for on the window or document to learn that a reader is there: page-speed
#: plugins for WordPress and others ("delay JavaScript") load a site's scripts only on the first of
#: these (their lists: keydown, mousedown, mousemove, mouseover, touchstart, touchmove, touchend,
#: wheel; every one has keydown). Such a page, when it has not shown its content after settling (see
#: ``SHELL_PAGE_CHARS``), is sent a reader's harmless first moves (a Shift key, a mouse move, a wheel
#: turn of 0 px: no clicks, nothing that opens or submits), and settled again.
INTERACTION_EVENTS = ("keydown", "keyup", "mousedown", "mousemove", "mouseover", "pointermove", "pointerdown",
                      "touchstart", "touchmove", "touchend", "wheel")
#: How long a server-events stream, a socket or a worker is waited for, for its first message and, after each
#: message that added content, for the next (a worker: ``RHYTHM_MAX_MS``, as its answer is more often all of
#: the content than a step) (ms): the default ``placeholder_grace_ms``, the wait given to a page's scripts
#: elsewhere.
CHANNEL_WAIT_MS = 1000
#: ... but a server-events stream's or a socket's first message is waited for this long (ms): a live status
#: feed's server answered a second after the stream opened, and at ``CHANNEL_WAIT_MS`` one rendering in three
#: on a loaded machine had settled just before it came (a 43rd blind round); twice the wait covers a second's
#: delay and the stream's opening.
CHANNEL_FIRST_WAIT_MS = 2 * CHANNEL_WAIT_MS
#: A message is taken to have added content when the page changed within this long of it (ms): its handlers
#: may wait for the next frame before they render, as Turbo's stream actions do (a tenth blind round: a live
#: blog's entries over server events, read as messages that added nothing); six frames at 60 Hz.
MESSAGE_RENDER_MS = 100
#: Content that comes in steps (a paragraph a message or a frame) is waited for, after each step, as long as
#: the last gap between two steps times this: the next step is due one gap on, and half a gap covers its jitter.
RHYTHM_FACTOR = 1.5
#: A module asked for by ``import()`` is counted from the browser's request events (:class:`_ScriptLoads`),
#: which reach the page 4-16 ms after ``import()`` was called (15 loopback renders, median 7), 4-30 ms with
#: both cores busy (``python bench/bench_script_report_lag.py``): a page with module scripts is held this long
#: from the start of settling and from each scroll step or press.
SCRIPT_REPORT_MS = 50
#: ... when that gap is at most this long (ms), two steps a second: slower rhythms are left to the timers and
#: channels that announce them, as a ticking clock or an endless carousel (``fixtures/js/bad.json``) has one too.
RHYTHM_MAX_MS = 500
#: A list virtualised on the window's scroll: a holder of at least this many rows (a screenful of a list)...
VIRTUAL_MIN_ROWS = 8
#: ... at least this share of them placed absolutely or by a transform, as list virtualisers place their rows.
VIRTUAL_PLACED_SHARE = 0.8
#: ... or fewer rows, tall ones (a paragraph each), covering less than this share of the holder's height: a
#: virtualiser keeps the holder as tall as every row together and the page only the rows in view (TanStack
#: Virtual with no overscan: three paragraphs of eight, a fifth blind round, 2026-11-29).
VIRTUAL_SPARSE_SHARE = 0.5
#: A repeating timer at most this often (ms) may be polling what the reader did (a flag set by a scroll
#: handler and read on a timer, as htmx 1.x's ``revealed`` does every 200 ms, and the 250 ms of the
#: throttled-scroll idiom popularised by Twitter's infinite scroll in 2011): its next tick after each scroll
#: step is waited for. Slower ones (a clock, a carousel) are not: they would cost a second a step.
SCROLL_POLL_MAX_MS = 250
#: A change carrying fewer characters is a ticker (a clock's digits, a counter), not content.
CHANGE_MIN_CHARS = 20
#: Placeholders the settle step waits to see replaced: busy regions (WAI-ARIA ``aria-busy``),
#: skeleton screens and spinners by their class names, and a main region saying only "Loading".
PLACEHOLDER_SELECTOR = ('[aria-busy="true"], [class*="skeleton" i], [class*="shimmer" i], '
                        '[class*="placeholder" i], [class*="spinner" i], [class*="loading" i], '
                        '[class*="loader" i]')
MAIN_REGION_SELECTOR = 'main, [role="main"], #root, #app, #__next, #__nuxt'
#: A placeholder counts when it covers this share of the viewport (a skeleton screen takes the
#: place of the content it stands for) or sits in a main region that is still empty; a small
#: "Loading ..." line left over by a widget (seen on l3s_gn1 pages whose styles are blocked)
#: does not hold the page.
PLACEHOLDER_MIN_AREA_SHARE = 0.02
#: A page with scripts and less readable text than this has not rendered yet (its first render
#: may still be queued after the load event): it is watched for ``dom_quiet_ms`` at least.
#: The value of ``extractor.appshell.BARE_TEXT_MAX_CHARS`` (an app shell's text).
EMPTY_PAGE_CHARS = 200
#: A main region (``MAIN_REGION_SELECTOR``) holding less text than this has not been filled yet (a
#: headline or a "Loading…" line at most) ...
MAIN_EMPTY_CHARS = 80
#: ... on a page showing less readable text than this in all: a navigation bar, a footer and a cookie
#: line come to about a thousand characters (``extractor.appshell.SHELL_TEXT_MAX_CHARS``, the HTML
#: path's app-shell bound); an article with an empty widget mount elsewhere shows more. Such a page,
#: like one with less readable text than ``EMPTY_PAGE_CHARS``, has not shown its content: it is
#: also waited for on timers longer than ``TIMER_MAX_MS`` or past the chain and repeat bounds, on
#: repeating timers, on workers yet to answer, and for ``placeholder_grace_ms`` after its scripts
#: last did something, all within ``settle_max_ms`` (a page showing its content is held by none).
SHELL_PAGE_CHARS = 1500
#: A line saying a frame is still loading its content ("Loading interview…", "Please wait"; a line of its own, as
#: short as a placeholder's): such a frame of another site, under ``SHELL_PAGE_CHARS`` of text (its masthead and
#: credit lines around the placeholder), is as blank as an empty one (a 34th blind round's embedded interview,
#: drawn by petite-vue 0.7 s after load and then grown by a message: 0.00 before).
FRAME_LOADING_PATTERN = r"^\s*(loading|please wait)\b.{0,40}$"
#: The text length of a frame's body, and whether a line of it says it is loading (``FRAME_LOADING_PATTERN``).
FRAME_TEXT_JS = """(pattern) => {
  const text = document.body ? document.body.innerText.trim() : "";
  return [text.length, new RegExp(pattern, "im").test(text)];
}"""
#: The label of a button that adds the next items of a list or shows the rest of a text (a regular expression,
#: case ignored): "Load more", "Show more", "View more", "See more", "Read more" (… results, posts, comments),
#: with a count or of older items too ("Load 20 more", "Show 4 older releases", "View previous replies": a
#: twelfth blind round), "More results", "Continue reading" ("No thanks, keep reading": a subscribe wall's, a
#: 97th), "Read the full story", "View full job description", "Full course description" (not "View full size"),
#: "Show all", "See all 4 questions and answers" (a 108th; not "View all 24 photos"), "Show transcript" (a
#: podcast's or a video's: an eighteenth blind round), "Show answer" (a Q&A's: a 26th), "View replies (7)",
#: "Show 3 replies" (a thread's, drawn only when asked: a 23rd; "Load more replies" was already); "5 new updates"
#: and "Show 12 new posts" (a live blog's or a feed's waiting entries: a 46th),
#: "Show next step" (a worked example's steps one by one: a 50th), "More about this home" and "About this place"
#: (a listing's description in a dialog: a 49th and a 53rd; not "About this ad", "About the author"), "Read the
#: label" (a museum object's, in a side panel: a 54th; "Read the area summary": a 96th), "Read online" (a fact
#: sheet's, beside its PDF) and "Show references" (a story's sources: a 55th), "Show amendments" and "Show notes"
#: (a statute's annotations: a 56th), "Show text" (a digitised newspaper's, its OCR fetched: a 112th), "Read
#: Dawn's story" and "Read their story" (a charity's stories, each in a dialog: a 63rd), "Reveal", "Show spoiler"
#: and "Show changelog" (a wiki's spoiler, a mod's changelog: a 62nd),
#: "Look inside" and "Read a sample" (a book's first pages in a dialog: an 86th); and the same in German, French,
#: Spanish, Italian, Portuguese, Dutch, Swedish, Finnish, Polish, Russian, Turkish, Greek, Arabic, Hebrew,
#: Japanese, Chinese and Korean ("Mehr laden", "Voir plus", "Показать ещё", "続きを読む"). A button labelled so is
#: pressed after scrolling, settling after each press, while the page grows (within ``scroll_steps`` and
#: ``scroll_max_height``); one that only showed text already there is not pressed again (it would hide it).
MORE_BUTTON_PATTERN = (r"^(load|show|view|see|read) (\d+ )?(more|older|earlier|previous)\b"
                       r"|^more (results|items|posts|stories|articles|products|comments)\b"
                       # and a subscribe wall's way past it: "No thanks, continue reading" (a 97th blind round)
                       r"|^((no,? thanks?|not now|maybe later)[,.!]? )?(continue|keep) reading\b"
                       # a video's description "...more", a programme's "Older episodes" (a 44th blind round)
                       r"|^(\.\.\.|…) ?more\b"
                       r"|^(older|earlier) (posts|entries|episodes|stories|articles|items|results|comments|messages)\b"
                       # a worked example's "Show next step", a list's "Load next 10" (a 50th blind round)
                       r"|^(load|show|view|see) (the )?(\d+ )?next\b"
                       # the rest of a list kept apart: "Show 2 resolved incidents", "Show past events", "Show
                       # remaining 4" (a water company's status page: a 148th blind round)
                       r"|^(load|show|view|see) (the )?(\d+ )?(hidden|remaining|resolved|closed|past|archived"
                       r"|expired|completed|answered)\b"
                       # a live blog's "5 new updates", a feed's "Show 12 new posts" (a 46th blind round)
                       r"|^((show|see|view|load|read) )?\d+ new (updates?|posts?|entries|entry|stories|story|items?"
                       r"|articles?|messages?|comments?|replies|reply|events?)\b"
                       r"|^((read|view|see) (the )?)?(full|whole|entire|rest)\b"
                       r"(?! (size|screen|image|photo|resolution))"
                       r"|^(show|expand) (all|full)\b|^((show|view|read|see|open|expand) (the |full )?)?transcript\b"
                       # "See all 4 questions and answers" (a listing's, fetched when pressed: a 108th blind round),
                       # not a gallery's "View all 24 photos"
                       r"|^(see|view) all\b(?!.*\b(photos?|images?|pictures?|videos?|media)\b)"
                       # a comparison's "Compare all 6 ways to give" (its other columns drawn when pressed: a 152nd)
                       r"|^compare all\b"
                       r"|^(show|view|see|reveal) (the )?answers?\b"
                       # ... and "Read the area summary" (a side panel's, a 96th blind round)
                       r"|^read (the |this )?(\w+ )?(story|article|label|description|summary|overview)$"
                       # a charity's "Read Dawn's story", "Read their story", each in a dialog (a 63rd blind round)
                       r"|^read (\w+['’]s|their|her|his) (full )?story$"
                       # a wiki's spoiler, a mod's changelog behind a spoiler button (a 62nd blind round)
                       r"|^(reveal|(show|view|reveal) (the )?(spoilers?|changelog|change log))$"
                       # a book's first pages in a dialog: "Look inside", "Read a sample" (an 86th blind round)
                       r"|^(look inside|read (a |an |the )?(free )?(sample|excerpt|extract|first chapter))$"
                       # a fact sheet's "Read online" beside its PDF, a story's "Show references" (a 55th blind round)
                       r"|^read (it |this |the \w+ )?online$"
                       r"|^(show|view|see) (all )?(the )?(references|sources|citations)\b"
                       # a statute's "Show amendments" and "Show notes" (a 56th blind round)
                       r"|^(show|view|see) (the )?(amendments|annotations|notes|explanatory notes)$"
                       # a digitised newspaper's "Show text", its OCR fetched when pressed (a 112th blind round)
                       r"|^(show|view|read) (the )?((full|ocr|page|article|plain) )?text$"
                       r"|^(show|view|see|load|read) (all )?(\d+ )?(more )?(replies|reply)\b"
                       # a listing's description in a dialog: "More about this home", "About this place" (a 49th and a
                       # 53rd blind round), not what a site or an ad says of itself
                       r"|^((read|learn|see) )?more about (this|the) (?!(ad|advert\w*|site|website|page|app|cookies?"
                       r"|privacy|author)\b)\w+( \w+)?$"
                       r"|^about (this|the) (?!(ad|advert\w*|result|site|website|page|app|cookies?|privacy"
                       r"|author)\b)\w+$"
                       # the same in the languages of the consent labels below, and a few more
                       r"|^(mehr (laden|anzeigen|lesen)|weitere (laden|anzeigen)|weiterlesen|alle anzeigen"
                       r"|charger plus|voir plus|afficher plus|lire la suite|voir tout|afficher tout"
                       r"|cargar más|ver más|mostrar más|leer más|seguir leyendo|ver todo|mostrar todo"
                       r"|carica altr[io]|mostra (altro|di più|tutto)|leggi (di più|tutto)|continua a leggere"
                       r"|carregar mais|ver mais|mostrar mais|ler mais|continuar (lendo|a ler)|ver tudo"
                       r"|meer (laden|tonen|weergeven)|toon (meer|alles)|lees meer|verder lezen|alles tonen"
                       r"|visa (mer|fler|alla)|läs mer|ladda fler|näytä lisää|lue lisää|lataa lisää"
                       r"|pokaż (więcej|wszystko)|(załaduj|wczytaj) więcej|czytaj (więcej|dalej)"
                       r"|показать (ещё|еще|все|больше)|загрузить (ещё|еще|больше)|читать (далее|полностью)"
                       r"|daha fazla (yükle|göster)|devamını oku|tümünü göster"
                       r"|διαβάστε περισσότερα|δείτε περισσότερα|φόρτωση περισσότερων"
                       r"|اقرأ المزيد|عرض المزيد|تحميل المزيد|קרא עוד|טען עוד|הצג עוד"
                       # in Japanese, Chinese and Korean after a short word of what is shown ("記事の続きを読む",
                       # "点击加载更多", "기사 더보기": a 36th blind round)
                       r"|([\u3040-\u30ff\u4e00-\u9fff]{1,4}の?)?(もっと見る|さらに表示|続きを読む|もっと読む"
                       r"|すべて表示|さらに読み込む)"
                       r"|([\u4e00-\u9fff]{1,4})?(加载更多|查看更多|显示更多|阅读全文|展开全文|阅读更多|查看全部|載入更多"
                       r"|顯示更多)"
                       r"|([가-힣]{1,4} ?)?(더 ?보기|계속 읽기|전체 보기|더 불러오기)"
                       r"|antwort anzeigen|(voir|afficher) la réponse|(mostrar|ver) (la )?respuesta"
                       r"|(mostrar|ver) (a )?resposta|mostra (la )?risposta|toon (het )?antwoord|visa svaret"
                       r"|pokaż odpowiedź|показать ответ|cevabı göster"
                       r"|答えを(見る|表示)|(查看|显示|顯示)答案|(정답|답변) 보기)"
                       # then the end, or a count, an arrow or a mark ("もっと見る（残り8件）", "더보기 ▼": 36th round)
                       r"(?=$|[\s\d(（【…:.!›»>→▼▾⌄↓-])")
#: Longer labels are sentences, not "Load more" buttons.
MORE_BUTTON_MAX_CHARS = 40
#: A "more" button whose press adds the same text its previous press added, at least this many characters of
#: it, is no pager: its handler appends one rest again and again ("No thanks, continue reading" read 50 times,
#: up to the step bound, with a warning that content was missing). The repeat is taken back and the button
#: left; shorter additions (a counter, a "Loading…" line) say too little to tell.
MORE_REPEAT_MIN_CHARS = 20
#: A button labelled only "More" ("More…", "More ›") is a "more" button when it ends a text: the element holding it
#: has at least this many characters of its own besides the label (a series' synopsis cut at 200 characters, its
#: rest added only when "More" is pressed: a 94th blind round). A site's "More" menu stands alone in its list item.
MORE_INLINE_TEXT_MIN_CHARS = 80
#: Such a label, case ignored: "More" and a mark after it.
MORE_INLINE_PATTERN = r"^more\s*[.…›»>+]*$"
#: A button that says it opens a dialog (``aria-haspopup="dialog"``) and that asks to view, see or read something
#: is pressed as a "more" button is, what the dialog shows copied into the page: a deal's itinerary and what is
#: included, in a side panel fetched when opened (a 69th blind round's cruise, React). Not one that opens a site's
#: tools (cart, search, sign-in, sharing, settings) or a picture, which show no part of the page's text.
_SITE_TOOLS = (r"cart|basket|bag|wishlist|search|filters?|sort|menu|sign|log|account|profile|share|settings|preferences"
               r"|cookies?|language|currency|country|region|maps?|photos?|images?|pictures?|gallery|videos?|360|tour"
               r"|room plan")
DIALOG_OPENER_PATTERN = r"^(view|see|read|show|open|explore)\b(?!.*\b(" + _SITE_TOOLS + r")\b)"
#: A label naming one of the site's tools rather than a part of the page (the words of
#: :data:`DIALOG_OPENER_PATTERN`'s exclusion, a page's own tools: contents, options, more), or its readers'
#: comments (which the extractor judges as comments where they are on the page, not opened for).
SITE_TOOL_PATTERN = r"\b(" + _SITE_TOOLS + r"|contents|options|more|navigation|categories|comments?|replies)\b"
#: A collapsed disclosure's button labelled with at least this many words titles what it opens (an FAQ's
#: question), where a control's own name is shorter ("Menu", "Toggle navigation", "Show more replies"); the
#: HTML path keeps such labels as text by the same count (``extractor.parse.DISCLOSURE_LABEL_MIN_WORDS``).
#: Such a button whose panel is not on the page is pressed once settled (a tenth blind round: Headless UI).
DISCLOSURE_TITLE_MIN_WORDS = 4
#: ... and at most this many characters: a longer label is content a button holds, not a title.
DISCLOSURE_TITLE_MAX_CHARS = 300
#: Collapsed disclosures made alike (the same tag and class, in ancestors of the same tags and classes), at
#: least this many, are an accordion, whose panels are content whatever their labels' length ("Care",
#: "Materials": a fourteenth blind round); a lone control with a short name ("Filters", "Share") is not.
#: Three, so that a pair of controls made alike is not taken for one.
ACCORDION_MIN_ITEMS = 3
#: A lazy frame (``loading="lazy"``) this close below the screen (px) is one the browser loads once the page
#: has: Chromium's distance-from-viewport threshold for lazy images and frames on a fast connection (web.dev,
#: "Browser-level lazy loading"); measured here, frames 1,600 px below an 800 px screen loaded, 2,600 px did not.
LAZY_FRAME_MARGIN_PX = 1250
#: A consent wall still to show (its accept button on the page, not shown yet) is waited for this long at most
#: (ms), looked for at each frame: vanilla-cookieconsent's backdrop began to fade in 30-100 ms after the page
#: had settled (a 28th blind round); a page whose hidden consent button never shows (a closed preferences
#: dialog) pays it once.
WALL_SHOW_MS = 300
#: What a box in the page says when the content it stands for waits for cookies to be accepted (a regular expression,
#: case ignored): "Accept cookies to view and book events" (a 167th blind round's timetable, from a third party),
#: "Please enable cookies to see this map", "You need to allow marketing cookies to watch this video", "To watch it you
#: need to accept additional cookies". Where one shows,
#: the cookie bar's accept button is pressed as a wall's is (``RenderOptions.press_consent``).
CONSENT_GATE_PATTERN = (r"\b(accept|allow|enable|agree to)\b[^.]{0,40}\bcookies?\b[^.]{0,30}"
                        r"\bto\s+(view|see|show|display|load|watch|play|read|use|book)\b"
                        # the other way round: "To watch it you need to accept additional cookies" (a 169th round)
                        r"|\bto\s+(view|see|show|display|load|watch|play|read|use|book)\b[^.]{0,40}"
                        r"\b(accept|allow|enable|agree to)\b[^.]{0,30}\bcookies?\b")
#: Longest text of such a box: a placeholder's line or two, not a page's paragraph about cookies.
CONSENT_GATE_MAX_CHARS = 300
#: Where content waits for cookies, the bar's accept button is taken in the page's flow as well when a box around it,
#: this many levels up at most and of ``CONSENT_BAR_MAX_CHARS`` at most, speaks of cookies (GOV.UK's banner sits above
#: the header, in the flow: a 169th blind round). Its design system's banner holds the button 4 levels down.
CONSENT_BAR_LEVELS = 5
#: A cookie banner's heading, a sentence or two and its buttons; not a page's article that mentions cookies.
CONSENT_BAR_MAX_CHARS = 600
#: The label of a button that accepts a consent or cookie wall (a regular expression, case ignored): "Accept",
#: "Accept all", "I agree", "Allow all cookies", "OK", "Got it", "Agree and continue", and the same in the
#: languages of the dev sets' pages and a few more; and an age gate's "I am 18 or older" (a 28th blind round). A
#: wall whose content comes only once it is accepted (a ninth blind round) is accepted as a reader would
#: accept it (``RenderOptions.press_consent``).
CONSENT_BUTTON_PATTERN = (r"^(yes,?\s+)?(i\s+)?(accept|agree|allow|consent|ok|okay|got it|understood|understand)\b"
                          r"(\s+(all|cookies|all cookies|to all|and continue|and close|& continue|& close"
                          # a kind of cookies named: GOV.UK's "Accept additional cookies", "Accept analytics cookies"
                          r"|(additional|analytics|optional|marketing|functional|performance) cookies))?[\s.!]*$"
                          r"|^(alle akzeptieren|akzeptieren|zustimmen|alle zulassen|einverstanden|tout accepter|"
                          r"accepter|j'accepte|aceptar|aceptar todo|acepto|accetta|accetto|"
                          r"accetta tutti|aceitar|aceitar tudo|aceito|accepteren|alles accepteren|akkoord|acceptera|"
                          r"godkänn|hyväksy|zgadzam się|akceptuję|akceptuj|принять|принять все|согласен|согласна|"
                          r"kabul et|kabul ediyorum|موافق|قبول|أوافق|同意|同意する|接受|全部接受|동의)"
                          # "and continue" ("and read on", "and close") as in English: "Akzeptieren und weiterlesen"
                          # (a 36th blind round), "Accepter et continuer"
                          r"(\s+(und (weiter|weiterlesen|fortfahren|schließen)|et (continuer|fermer)"
                          r"|y (continuar|seguir( leyendo)?|cerrar)|e (continua|chiudi|continuar|fechar)"
                          r"|en (doorgaan|sluiten|verder lezen)|och (fortsätt|stäng)"
                          r"|i (kontynuuj|przejdź dalej|zamknij)"
                          r"|и (продолжить|закрыть)|ve (devam et|kapat)))?[\s.!]*$"
                          # an age gate's: "I am 18 or older", "Yes, I'm over 21", "I am of legal drinking age"
                          r"|^(yes,?\s+)?(i\s+am|i'm|i’m)\s+((over|at least)\s+)?(18|19|20|21)(\+|\s+or\s+(older|over)"
                          r"|\s+years(\s+old)?(\s+or\s+(older|over))?)?[\s.!]*$"
                          r"|^(yes,?\s+)?(i\s+am|i'm|i’m)\s+of\s+legal(\s+drinking)?\s+age[\s.!]*$")
#: Longer labels are sentences, not a wall's button.
CONSENT_BUTTON_MAX_CHARS = 40
#: An age gate asks its question and takes a plain "Yes" (a 114th blind round's gin brand: "Are you over 18?",
#: "Yes, I am" / "No, I'm not", the site drawn only after "Yes"): a wall whose text asks for an age (a regular
#: expression, case ignored) is passed by a button labelled ``AGE_GATE_YES_PATTERN``, as a reader of age passes it.
AGE_GATE_QUESTION_PATTERN = (r"\b(are you|you must be|confirm (that )?you are|i am|i'm)\s+((over|at least|aged?)\s+)?"
                             r"(18|19|20|21|of (legal )?(drinking |purchase )?age|old enough)\b"
                             r"|\blegal (drinking|purchase) age\b")
#: "Yes", "Yes, I am", "Yes, I'm over 18", "Enter", "Enter site", "I am" (case ignored).
AGE_GATE_YES_PATTERN = (r"^(yes(,?\s+(i\s+am|i'm|i’m)(\s+(over\s+)?(18|19|20|21))?)?|i\s+am|enter(\s+(the\s+)?site)?)"
                        r"[\s.!]*$")
#: Another site's frame large enough to be content is waited for this long at most each time (ms): the Core
#: Web Vitals bound of a "good" Largest Contentful Paint (web.dev/lcp), as for timers (``TIMER_MAX_MS``);
#: the page's own ``settle_max_ms`` would let a busy embed hold every page it is on.
OTHER_SITE_FRAME_MAX_MS = 2500
#: Another site's frame too short to be content is waited for too when it is still blank (less text than
#: ``MAIN_EMPTY_CHARS``: a "Loading…" line at most), at
#: least ``FRAME_MIN_WIDTH_SHARE`` of the viewport wide, and neither in the page's chrome nor in a box whose
#: class or id names an ad slot: an embed that fetches its story and then asks the page to grow it to its
#: height (iframe-resizer's way; a fifteenth blind round). Ad slots are named so by the ad servers' own tags
#: (Google Publisher Tag's ``div-gpt-ad-…``, Prebid's ``ad-slot``) and by the sites that place them.
AD_SLOT_WORDS = frozenset(("ad", "ads", "adslot", "adunit", "advert", "adverts", "advertisement", "advertising",
                           "banner", "dfp", "gpt", "sponsor", "sponsored", "promo", "taboola", "outbrain"))
#: Whether a frame's element is in the chrome (``CHROME_SELECTOR``) or in an ad slot (``AD_SLOT_WORDS``).
BLANK_FRAME_EXCLUDED_JS = """(el, a) => {
  if (el.closest(a.chrome)) return true;
  const words = new Set(a.words);
  for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
    const names = ((n.getAttribute("class") || "") + " " + (n.id || "")).toLowerCase().split(/[^a-z0-9]+/);
    if (names.some((w) => words.has(w))) return true;
  }
  return false;
}"""
#: The attribute the settle step marks a wall with that is a frame (a consent tool's, of another origin:
#: Sourcepoint's), whose button the page's own script cannot reach; taken off once it is pressed.
WALL_FRAME_MARK = "data-pagesight-wall"
#: Run in such a frame: press the first shown button labelled as consent (``CONSENT_BUTTON_PATTERN``).
ACCEPT_IN_FRAME_JS = """(o) => {
  const consent = new RegExp(o.pattern, "i");
  for (const el of document.querySelectorAll('button, [role="button"], input[type="button"], input[type="submit"], '
                                             + 'a[href="#"], a[href^="javascript:"]')) {
    const label = (el.localName === "input" ? el.value : el.textContent || "").trim()
      || el.getAttribute("aria-label") || "";
    if (label.length <= o.maxChars && consent.test(label) && el.checkVisibility()) { el.click(); return true; }
  }
  return false;
}"""
#: An element fixed over at least this share of the viewport, on top of it, walls the page off: a consent
#: screen or a modal's backdrop, where a cookie bar along an edge of the screen takes a tenth or a fifth of
#: it (the Coalition for Better Ads' desktop standard already counts a sticky ad over 30 % of the screen as
#: one that gets in a reader's way).
WALL_MIN_SHARE = 0.5
#: The label (text or ``aria-label``) of a button that shows the next page of a text or a list paged in place
#: (a regular expression, case ignored): "Next", "Next page", "Next step", "Next chapter", "Next slide" (reveal.js's
#: arrow), "Next »", "Older posts", "›" (an explainer's or a wizard's steps, a story's chapters: a 23rd blind
#: round), and the same in the languages of ``MORE_BUTTON_PATTERN`` ("Weiter", "Suivant", "Volgende", "Далее",
#: "次へ"). Only a button
#: that cannot leave the page (not a link, not a form's submit button), outside the header, footer,
#: sidebars and dialogs (a pager is often a ``<nav>`` of its own, so navigation is not left out).
NEXT_BUTTON_PATTERN = (r"^(next( (page|step|part|chapter|section|slide))?|older( posts| entries)?"
                       # the same in the languages of MORE_BUTTON_PATTERN
                       r"|weiter|nächste( seite)?|suivante?|page suivante|siguiente|página siguiente"
                       r"|successiv[oa]|pagina successiva|avanti|próxim[oa]( página)?|seguinte|volgende( pagina)?"
                       r"|nästa( sida)?|seuraava|następn[ay]( strona)?|dalej|далее|следующая( страница)?|вперёд|вперед"
                       r"|sonraki( sayfa)?|ileri|επόμεν[οη]( σελίδα)?|التالي|הבא|次へ|次のページ|下一页|下一頁|下一步"
                       r"|下一章|다음( 페이지)?)\s*[›»>→←‹«]*$|^[›»>→]$")
#: A "Continue" button (an online lesson's screens, "Complete and continue" in a course: a 50th blind round) pages
#: in place like "Next", but it also moves a form on to its next step: it is pressed only where the page asks
#: nothing of the reader (no field to fill or choose outside the page's edges; a 43rd blind round's service steps
#: held a form).
CONTINUE_BUTTON_PATTERN = r"^((mark (as )?)?(complete|completed|done) (and|&) )?continue\s*[›»>→]*$"
#: Where a "Next" button is not looked for: the page's edges and its dialogs.
NEXT_EXCLUDED_SELECTOR = ", ".join(part for part in CHROME_SELECTOR.split(", ")
                                   if part not in ("nav", '[role="navigation"]'))
#: An ``<h1>`` the page's ``<title>`` holds names the page's own article (settle.js: another article a step adds,
#: under an ``<h1>`` of its own, is left out) when it runs to this many characters at least: a headline runs to
#: a sentence (30-80 characters), a section's name ("News", "World news") to a word or two.
HEADLINE_MIN_CHARS = 16
#: A pager's labels ("« Previous", "Page 2 of 4") run to a few dozen characters, a page of the text or list
#: it pages to a paragraph or more: what a "Next" button pages is found in its nearest ancestor holding,
#: beside the button, a part of at least this many characters.
PAGE_MIN_CHARS = 100
#: Longest text of a part beside the slides a "Next" button turns, one shown at a time, that still leaves them the
#: parts it pages: a carousel's "Previous" button and its "2 / 4" counter (a 164th blind round's gallery), where a
#: paragraph beside them is the page's own text. The longest label of a tab (``TAB_LABEL_MAX_CHARS``), as short.
BESIDE_SLIDES_MAX_CHARS = 40
#: What names a carousel (a regular expression over an element's ``aria-roledescription``, class and id, case
#: ignored): WAI-ARIA's carousel pattern and the class names of common slider libraries. A numbered pager inside one
#: pages slides of any length, where elsewhere each page must bring ``PAGE_MIN_CHARS`` of new text (a 173rd blind
#: round's press quotes, 80-90 characters each behind "Quote 1" to "Quote 3", read two of three).
CAROUSEL_NAME_PATTERN = r"carousel|slider|slideshow|swiper|splide|glide|slick"
#: How many ancestors of a numbered pager's box are read for that name (the dots' row, the carousel around it).
CAROUSEL_NAME_LEVELS = 3
#: Pages read at most, by pressing "Next", of a text or list paged in place: a paged article runs to a
#: handful; a paged table is read this deep, with a warning that it went on.
NEXT_PAGES_MAX = 20
#: An index paged by letters is a bar of buttons "A", "B", "C"… in the alphabet's order, at least this many: an
#: A-Z bar runs to 26, and a row of four or five letters answers a quiz.
LETTERS_MIN = 10
#: CSS-only tabs and accordions are read by checking their radio and checkbox inputs in turn, on a page with
#: at most this many such inputs outside forms: a CSS-only FAQ has one a question, tens at most; more are a
#: form's (a filter list, a survey) whose choices are no content to open.
TOGGLES_MAX = 60
#: The closed items of an ARIA tree (``role="treeitem"``, ``aria-expanded="false"``) outside the chrome whose
#: children are not on the page yet are opened, one level, when there are at most this many: an archive's finding
#: aid lists its series, tens at most (an 83rd blind round's five series fetched their files on opening); a larger
#: tree is a catalogue's or a file browser's, whose every branch is no content to fetch.
TREE_ITEMS_MAX = 30
#: A strip of tabs made by hand (no ARIA roles) is read when it holds 2 to this many buttons, each labelled in
#: at most ``TAB_LABEL_MAX_CHARS``: a content's tabs are a few short names ("Instructions", "Materials", "Reviews");
#: a longer row of buttons is a filter bar or a menu. Chosen from the tab sets of the UI kits in the blind rounds
#: (Bootstrap, Radix, Ant Design: 2-6 tabs), not from a page's score.
TABS_MAX = 8
TAB_LABEL_MAX_CHARS = 40
#: A tab list's one panel is looked for beside the list, then beside what holds it, this many levels in all: a
#: row of controls (the tabs and a unit switch) above the panel (a 67th blind round's size guide, Svelte). Three
#: levels: the list's parent, the row and a toolbar around it; higher up, a page's other panels come into reach.
TAB_PANEL_LEVELS = 3
#: What an input's checked state can show is looked for in what follows it, this many levels into its later
#: siblings (``#t2:checked ~ .panels > .p2`` is one level in; themes go two or three).
TOGGLE_DEPTH = 3
#: A panel so shown is content unless more of its text than this share is links (a menu's is nearly all
#: links): the link density past which CleanTree drops a node (ALGORITHMS 1, DLmax), as for a hidden panel
#: after its button (``TOGGLED_MAX_LINK_SHARE`` of the geometry walk).
TOGGLE_MAX_LINK_SHARE = 0.65
#: Frames waited at most, after a watched element was scrolled into view, for its intersection
#: observer to report (it does within two frames on an idle machine; 20 frames, about a third of
#: a second, covers a loaded one).
IO_REPORT_FRAMES = 20
#: An element the page has just begun to watch for intersection is reported to its observer at the next
#: frame, in view or not, and the page may only then ask for what it shows (a rail that fetches its first
#: cards when its sentinel is reported, a seventh blind round, 2026-11-29): settling waits for that first
#: report this long at most after the element was observed (:data:`IO_REPORT_FRAMES` frames and more).
IO_REPORT_MS = 500
#: Rounds of finishing the page's finite animations and settling what their ends set off (a loader whose
#: end starts the article's fetch, then the article's fade-in: two rounds), at most.
FINISH_ROUNDS = 3
#: Settling, run in the page as one evaluate, within ``budgetMs``:
#: 1. wait until the page and its same-origin frames are quiet: no request in flight nor one
#:    ended within ``quietMs``, no pending short timer, no change by scripts within
#:    ``domQuietMs``, and (on a page with scripts, which could replace it) no visible placeholder,
#:    unless placeholders are all that is left and nothing else happened for ``graceMs``;
#:    each wait is capped at ``maxMs``;
#: 2. bring each element the page watches for intersection into view, nearest first, settling
#:    after each, until none is left below the viewport; then, when the page listens to
#:    scrolling, jump to the bottom until it stays put; at most ``steps`` steps and ``maxHeight`` px;
#: 3. back to the top. Returns ``{steps, pending, placeholder, bound}``: what was still pending
#:    when a cap was hit (null when it settled), and which scroll bound stopped it.
SETTLE_JS = scripts.load("settle.js")

#: What a full-page picture keeps of the elements fixed on the screen: a bar along the top at most this share of the
#: viewport's height (a site's header), a column along a side at most ``SCREENSHOT_SIDE_SHARE`` of its width and
#: half its height at least (a docs site's menu), and any element holding more than ``SCREENSHOT_TEXT_SHARE`` of the
#: page's text (an app drawn in a fixed pane that scrolls inside). The rest (a newsletter modal, its backdrop, a
#: cookie bar at the bottom, a chat bubble) is hidden while the picture is taken: a capture beyond the viewport draws
#: them where the first screen had them, over the text the boxes mark (a 127th blind round's profile showed its
#: newsletter modal over the bio). None is in the text: the rendered Page drops such overlays. Shares chosen for
#: this project.
SCREENSHOT_BAR_SHARE = 0.25
SCREENSHOT_SIDE_SHARE = 0.4
SCREENSHOT_TEXT_SHARE = 0.3
#: Hides those elements (marked ``data-pagesight-hidden``, by opacity: no box moves); returns how many.
HIDE_OVERLAYS_JS = """(o) => {
  const w = innerWidth, h = innerHeight, all = (document.body && document.body.innerText.length) || 0;
  let n = 0;
  // the page's elements and those of its shadow roots, open or captured closed (a web component's cookie bar, fixed
  // in its shadow root, was drawn over a 145th blind round's profile): a shadow root's are hidden by an inline style,
  // which the page's style sheet cannot reach, their own inline opacity kept in the mark
  const shadow = (el) => el.shadowRoot || (window.__pagesightShadow ? window.__pagesightShadow.get(el) : null);
  const roots = [document];
  for (let k = 0; k < roots.length; k++) {
    for (const el of roots[k].querySelectorAll(k ? "*" : "body *")) {
      const root = shadow(el);
      if (root) roots.push(root);
      if (el.closest("[data-pagesight-hidden]")) continue;
      const cs = getComputedStyle(el);
      if (cs.position !== "fixed" || cs.display === "none" || cs.visibility === "hidden") continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1 || r.bottom <= 0 || r.top >= h || r.right <= 0 || r.left >= w) continue;
      const bar = r.top <= 1 && r.height <= o.bar * h;
      const side = (r.left <= 1 || r.right >= w - 1) && r.width <= o.side * w && r.height >= h / 2;
      if (bar || side || el.innerText.length > o.text * all) continue;
      el.setAttribute("data-pagesight-hidden", k ? el.style.getPropertyValue("opacity") || "-" : "");
      if (k) el.style.setProperty("opacity", "0", "important");
      n++;
    }
  }
  if (n) {
    const style = document.createElement("style");
    style.id = "pagesight-hidden-style";
    style.textContent = "[data-pagesight-hidden], [data-pagesight-hidden]::backdrop { opacity: 0 !important; }";
    document.documentElement.append(style);
  }
  window.__pagesightHidden = roots;
  return n;
}"""
SHOW_OVERLAYS_JS = """() => {
  for (const root of window.__pagesightHidden || [document]) {
    for (const el of root.querySelectorAll("[data-pagesight-hidden]")) {
      const was = el.getAttribute("data-pagesight-hidden");
      if (was === "-") el.style.removeProperty("opacity");
      else if (was) el.style.setProperty("opacity", was);
      el.removeAttribute("data-pagesight-hidden");
    }
  }
  delete window.__pagesightHidden;
  document.getElementById("pagesight-hidden-style")?.remove();
}"""


@dataclass
class RenderedPage:
    """What rendering one page produced.

    ``html`` is the serialised DOM; every element carries its browser id in
    ``geometry.ID_ATTR``, which indexes the ``geometry`` arrays. ``screenshot`` holds the
    full-page PNG (CSS px x ``geometry.device_scale_factor``) when asked for, cut at
    ``screenshot_height`` CSS px, with ``screenshot_hidden`` overlays hidden (see
    ``SCREENSHOT_BAR_SHARE``). ``warnings`` say what was incomplete (partial result).
    ``timings`` are in ms. ``served`` holds the bytes the server (or the caller) sent for the
    page before any script ran, when the browser could give them. ``frames`` lists the large
    frames (element id, src, box, ``inlined``: whether their document is in ``html``);
    ``shadow_roots`` counts the shadow roots flattened into ``html``.
    """

    url: str
    html: str
    geometry: RawGeometry
    title: str = ""
    charset: str | None = None
    status: int | None = None
    screenshot: bytes | None = None
    screenshot_height: float = 0.0
    screenshot_hidden: int = 0
    warnings: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    served: bytes | None = None
    frames: list[dict[str, Any]] = field(default_factory=list)
    shadow_roots: int = 0


# ---------------------------------------------------------------------------- finding Chromium


def find_chromium(explicit: str | os.PathLike | None = None) -> str:
    """Path of a Chromium executable.

    Looks at, in order: ``explicit``, the ``PAGESIGHT_CHROMIUM`` environment variable,
    Playwright's own downloaded browsers (only when the executable is there), then
    ``chromium`` / ``chromium-browser`` / ``google-chrome`` on PATH and Debian's
    ``/usr/lib/chromium/chromium``. Raises :class:`BrowserNotFound` saying how to get one.
    """
    for what, given in (("the executable option", explicit), (f"${ENV_VAR}", os.environ.get(ENV_VAR))):
        if given:
            path = _executable(str(given))
            if path is None:
                raise BrowserNotFound(f"{what} names {given!r}, which is not an executable file")
            return path
    for path in _playwright_chromiums():
        return path
    for name in PATH_NAMES:
        path = shutil.which(name)
        if path:
            if os.path.realpath(path) == "/usr/bin/chromium" and _executable(DEBIAN_CHROMIUM):
                return DEBIAN_CHROMIUM
            return path
    if _executable(DEBIAN_CHROMIUM):
        return DEBIAN_CHROMIUM
    raise BrowserNotFound(
        "no Chromium found. Run `pagesight setup-browser` (tries `playwright install chromium`, then "
        "`apt-get install chromium` on Debian as root), or install Chromium yourself and point "
        f"${ENV_VAR} (or the executable option) at it"
    )


def _executable(path: str) -> str | None:
    found = shutil.which(path) if os.sep not in path else path
    if found and os.path.isfile(found) and os.access(found, os.X_OK):
        return found
    return None


def _playwright_chromiums() -> list[str]:
    """Chromium executables Playwright downloaded (newest first), only those that exist."""
    root = os.environ.get("PLAYWRIGHT_BROWSERS_PATH") or os.path.expanduser("~/.cache/ms-playwright")
    patterns = ("chromium-*/chrome-linux*/chrome", "chromium_headless_shell-*/chrome-linux*/headless_shell",
                "chromium-*/chrome-mac*/Chromium.app/Contents/MacOS/Chromium", "chromium-*/chrome-win*/chrome.exe")
    found: list[str] = []
    for pattern in patterns:
        found += glob.glob(os.path.join(root, pattern))

    def version(path: str) -> int:
        match = re.search(r"-(\d+)", path[len(root):])
        return int(match.group(1)) if match else 0

    return [p for p in sorted(found, key=version, reverse=True) if _executable(p)]


# ---------------------------------------------------------------------------- what to load


def _check_served(url: str, served: bytes | None, max_bytes: int) -> None:
    """Raise PageTooLarge or NotHTMLError for the bytes the server sent, when they are known."""
    if served is None:
        return
    if len(served) > max_bytes:
        raise _too_large(url, len(served), max_bytes)
    kind = sniff_binary(served[:BINARY_SNIFF_BYTES]) if served else None
    if kind:
        raise NotHTMLError(f"{url}: the page is {kind}, not HTML")


def _labelled_markup(response: Any) -> bool:
    """Whether the response says it is HTML or XML (its body can then be read later)."""
    ctype = (response.headers.get("content-type", "") if response is not None else "").lower()
    return "html" in ctype or "xml" in ctype


#: Content-Type families that are never a page. Chromium shows a PDF in its own viewer page and hands
#: that page's markup, not the PDF, to ``response.body()``, so the type must be read from the header.
MEDIA_TYPES = ("application/pdf", "image/", "audio/", "video/", "font/", "application/zip")


def _labelled_media(response: Any) -> str | None:
    """The response's Content-Type when it names a document or media type that is not a page, else None."""
    ctype = (response.headers.get("content-type", "") if response is not None else "").lower()
    ctype = ctype.split(";")[0].strip()
    return ctype if ctype.startswith(MEDIA_TYPES) else None


def _file_bytes(url: str) -> bytes | None:
    """The bytes of the local file the browser loaded (read from disk, not over the protocol)."""
    try:
        return pathlib.Path(urllib.request.url2pathname(urllib.parse.urlparse(url).path)).read_bytes()
    except OSError:
        return None


#: Tells a frame's counters (``__pagesightNet`` of quiet_page.js) how many scripts it is loading that its
#: own wrappers cannot see, with the time of the change. Not a sign that the page builds itself (``dynamic``):
#: a served page's own ``<script src>`` tags are among them.
#: It is sent the addresses in flight, and leaves out those of its shared workers' scripts (``shared``).
_OUTSIDE_JS = ("(urls) => { const n = window.__pagesightNet; if (n) { "
               "n.outside = urls.filter((u) => !(n.shared && n.shared.has(u))).length; "
               "n.outsideAt = performance.now(); } }")


class _ScriptLoads:
    """The scripts each frame of a page is loading, and its dedicated workers' requests, counted from the
    browser's request events while the page loads and settles: no wrapper in the page sees a module that
    ``import()`` asks for (an island hydrated once on screen, a lazy route) nor what a worker fetches, and
    what either brings comes once it has loaded and run.
    Each start and end writes the frame's count into its counters (``outside`` of quiet_page.js),
    which the settle step adds to the requests it counts itself.
    """

    def __init__(self, page: Any) -> None:
        self._page = page
        self._frame_of: dict[Any, Any] = {}  # request in flight -> its frame
        self._workers: set[str] = set()  # the scripts of the page's dedicated workers
        self._events = (("request", self._started), ("requestfinished", self._ended), ("requestfailed", self._ended),
                        ("worker", self._worker))
        for name, handler in self._events:
            page.on(name, handler)

    def _worker(self, worker: Any) -> None:
        self._workers.add(worker.url)

    def _tell(self, frame: Any) -> None:
        urls = [request.url for request, f in self._frame_of.items() if f is frame]
        task = asyncio.ensure_future(frame.evaluate(_OUTSIDE_JS, urls))
        task.add_done_callback(_consume)

    def _started(self, request: Any) -> None:
        # A dedicated worker's fetch is out of the page's wrappers' sight too: the browser reports it for the
        # worker's frame, its Referer the worker's script (a tenth blind round: an essay a worker fetched).
        if request.resource_type != "script" and request.headers.get("referer") not in self._workers:
            return
        try:
            frame = request.frame
        except Exception:  # noqa: BLE001 - a service worker's request has no frame
            return
        self._frame_of[request] = frame
        self._tell(frame)

    def _ended(self, request: Any) -> None:
        frame = self._frame_of.pop(request, None)
        if frame is not None:
            self._tell(frame)

    def retell(self) -> None:
        """Write every loading frame's count again: a count written while its document was replaced (a
        module asked for by the page's first scripts) was lost with the old one."""
        for frame in set(self._frame_of.values()):
            self._tell(frame)

    def stop(self) -> None:
        """Stop counting (the page is rendered, or abandoned)."""
        for name, handler in self._events:
            self._page.remove_listener(name, handler)


def _consume(task: asyncio.Future) -> None:
    if not task.cancelled():
        task.exception()  # read, so an abandoned body never logs "exception was never retrieved"


async def _forget_site_data(slot: _Slot, page: Any) -> None:
    """Clear what the page last rendered stored for its site (cookies, local and session storage, IndexedDB, caches),
    so that the next page renders as on a first visit: one page reused for a batch kept a site's consent, its last
    tab chosen and its visit counted for the next page of that site, and a page's text hung on the pages before it.
    Raises ``asyncio.TimeoutError`` when the browser does not answer."""
    origin = _site_origin(page.url)
    if origin is None:
        return
    await asyncio.wait_for(slot.context.clear_cookies(), CDP_ANSWER_TIMEOUT_S)
    await asyncio.wait_for(slot.cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"}),
                           CDP_ANSWER_TIMEOUT_S)
    # (the tab's session storage outlives that: it goes with the tab, and the page is reused)
    await asyncio.wait_for(slot.cdp.send("DOMStorage.clear", {"storageId": {"securityOrigin": origin,
                                                                            "isLocalStorage": False}}),
                           CDP_ANSWER_TIMEOUT_S)


def _site_origin(url: str) -> str | None:
    """``scheme://host[:port]`` of an http(s) address, else None (about:blank, file:, data:)."""
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") and parts.netloc else None


def _same_document(current: str, target: str) -> bool:
    """True when going from ``current`` to ``target`` only moves within the document: a ``#fragment``
    in ``target`` and the same address before it (a hash router's ``#/story/3`` after ``#/story/2``)."""
    return "#" in target and urllib.parse.urldefrag(current)[0] == urllib.parse.urldefrag(target)[0]


async def _body(response: Any) -> bytes | None:
    """The bytes the server sent for the page (the page-type model reads them), or None if unavailable."""
    if response is None:
        return None
    from playwright.async_api import Error as PlaywrightError

    try:
        return await response.body()
    except PlaywrightError:
        return None


@dataclass(frozen=True)
class _Target:
    url: str
    body: bytes | None = None
    content_type: str = "text/html"


_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:\S*$")


def _target(source: Any, opts: RenderOptions) -> _Target:
    """Where the browser goes for ``source``: a URL, a file, or HTML served through a route."""
    charset = f"; charset={opts.encoding}" if opts.encoding else ""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return _Target(opts.url or STRING_URL, bytes(source), "text/html" + charset)
    if isinstance(source, os.PathLike):
        return _file_target(pathlib.Path(source), opts)
    if not isinstance(source, str):
        raise RenderError(f"cannot render a source of type {type(source).__name__}")
    text = source.strip()
    looks_like_path = "<" not in text and "\n" not in text and len(text) < 4096
    if looks_like_path and _SCHEME.match(text) and not os.path.exists(text):
        return _Target(text)
    if looks_like_path and (os.path.exists(text) or text.lower().endswith((".htm", ".html", ".gz"))):
        return _file_target(pathlib.Path(text), opts)
    return _Target(opts.url or STRING_URL, source.encode("utf-8"), "text/html; charset=utf-8")


def _file_target(path: pathlib.Path, opts: RenderOptions) -> _Target:
    if not path.is_file():
        raise RenderError(f"no such file: {path}")
    if path.suffix == ".gz" or opts.encoding:
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rb") as fh:
            data = fh.read()
        charset = f"; charset={opts.encoding}" if opts.encoding else ""
        return _Target(opts.url or STRING_URL + urllib.parse.quote(path.name.removesuffix(".gz")), data,
                       "text/html" + charset)
    return _Target(path.resolve().as_uri())


def with_network_policy(opts: RenderOptions, target: _Target) -> RenderOptions:
    """``opts`` with ``offline`` decided for ``target`` when the caller left it open (None).

    A local file or HTML given as a string or bytes renders offline; an http(s) URL does not.
    """
    if opts.offline is not None:
        return opts
    local = target.body is not None or not target.url.lower().startswith(("http://", "https://"))
    return dataclasses.replace(opts, offline=local)


def block_pattern(page_url: str, kinds: tuple[str, ...]) -> str | None:
    """A JavaScript-compatible regex of request URLs to refuse for ``kinds``, or None.

    Fonts and media are matched by file type; ``third_party`` matches http(s)/ws URLs of
    other sites than ``page_url``'s, except stylesheets and scripts.
    """
    parts = []
    exts = (FONT_EXT if "font" in kinds else ()) + (MEDIA_EXT if "media" in kinds else ())
    if exts:
        parts.append(r"^[^?#]*\.(?:" + "|".join(exts) + r")(?:[?#]|$)")
    if "third_party" in kinds:
        host = urllib.parse.urlsplit(page_url).hostname
        same = ""
        if host:
            site = re.escape(site_of(host))
            same = r"(?!(?:[^/?#@]*@)?(?:[^/?#@]*\.)?" + site + r"(?::\d+)?(?:[/?#]|$))"
        parts.append(r"^(?:https?|wss?)://" + same + r"(?![^?#]*\.(?:css|m?js)(?:[?#]|$))")
    return "|".join(f"(?:{p})" for p in parts) or None


def site_of(host: str) -> str:
    """The registrable part of a host name, roughly (``news.bbc.co.uk`` -> ``bbc.co.uk``)."""
    host = host.lower().strip(".")
    if re.fullmatch(r"[\d.]+|\[?[0-9a-f:]+\]?", host):
        return host
    labels = host.split(".")
    keep = 3 if len(labels) >= 3 and len(labels[-1]) == 2 and labels[-2] in SECOND_LEVEL else 2
    return ".".join(labels[-keep:])


# ---------------------------------------------------------------------------- the engine


@dataclass
class _Slot:
    """One page at a time renders in a slot: its own context and reused page, so that pages
    rendered at once do not share a renderer's state (a page abandoned closes its context)."""

    generation: int
    context: Any = None
    context_key: tuple | None = None
    pages: int = 0
    block_src: str | None = None
    block_re: Any = None
    page: Any = None
    crashed: bool = False
    navigating: bool = False
    watch: Any = None  # the page's _SizeWatch
    loads: Any = None  # the page's _ScriptLoads while it renders
    cdp: Any = None  # the page's DevTools session (its site's data is cleared through it)


class _Engine:
    """The process's one browser and its slots (context + reused page each), on a background
    loop thread; up to ``concurrency`` pages render at once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._gate: asyncio.Semaphore | None = None
        self._gate_size = 0
        self._launching: asyncio.Lock | None = None
        self._pw: Any = None
        self._browser: Any = None
        self._launch_key: tuple | None = None
        self._free: list[_Slot] = []
        self._generation = 0
        self.concurrency = RENDER_CONCURRENCY
        self._stuck = False
        self._closing: set[asyncio.Future] = set()
        self.launches = 0

    # -- thread and loop
    def submit(self, coro: Any) -> concurrent.futures.Future:
        """Run ``coro`` on the browser thread; returns a concurrent future."""
        with self._lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                thread = threading.Thread(target=loop.run_forever, name="pagesight-browser", daemon=True)
                thread.start()
                self._loop, self._thread = loop, thread
                atexit.register(self.shutdown)
        return asyncio.run_coroutine_threadsafe(coro, self._loop)

    def shutdown(self, timeout: float = CLOSE_TIMEOUT_S) -> None:
        """Close the browser and stop the thread (registered with ``atexit``)."""
        loop = self._loop
        if loop is None:
            return
        try:
            asyncio.run_coroutine_threadsafe(self._stop_browser(), loop).result(timeout)
        except Exception:  # noqa: BLE001 - best effort at exit
            pass
        loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(timeout)
        with self._lock:
            self._loop = self._thread = None
            self._gate = self._launching = None

    # -- browser, context, page
    async def _stop_browser(self) -> None:
        self._free.clear()
        self._generation += 1  # slots of the old browser are dropped when they come back
        browser, pw = self._browser, self._pw
        self._browser = self._pw = self._launch_key = None
        if browser is not None:
            try:
                await asyncio.wait_for(browser.close(), CLOSE_TIMEOUT_S)
            except Exception:  # noqa: BLE001 - the driver's stop below ends it anyway
                pass
        if pw is not None:
            try:
                await asyncio.wait_for(pw.stop(), CLOSE_TIMEOUT_S)
            except Exception:  # noqa: BLE001
                pass

    async def _ensure_browser(self, opts: RenderOptions) -> None:
        if self._stuck:  # a context that would not close: its renderer may be hung, start afresh
            self._stuck = False
            await self._stop_browser()
        if self._browser is not None and self._launch_key == opts.launch_key and self._browser.is_connected():
            return
        await self._stop_browser()
        executable = find_chromium(opts.executable)
        try:
            from playwright.async_api import async_playwright
        except ImportError:
            raise BrowserNotFound("the Python package 'playwright' is missing: "
                                  "pip install 'pagesight[render]'") from None
        args = list(LAUNCH_FLAGS) + list(opts.chromium_args)
        if "image" in opts.block:
            args.append(NO_IMAGES_FLAG)
        args.append(OFFLINE_FLAG if opts.offline else ONLINE_FLAG)
        self._pw = await async_playwright().start()
        try:
            self._browser = await self._pw.chromium.launch(
                executable_path=executable, headless=True, args=args, timeout=LAUNCH_TIMEOUT_S * 1000,
                handle_sigint=False, handle_sigterm=False, handle_sighup=False)
        except Exception as exc:
            await self._stop_browser()
            raise RenderError(f"could not launch Chromium at {executable}: {_first_line(exc)}") from None
        self._launch_key = opts.launch_key
        self.launches += 1

    async def _ensure_page(self, slot: _Slot, opts: RenderOptions) -> Any:
        if slot.page is not None and not slot.page.is_closed() and not await _answers(slot.page):
            self._abandon(slot)  # the last page's scripts still hold its renderer (a busy loop)
        if self._launching is None:
            self._launching = asyncio.Lock()
        async with self._launching:
            await self._ensure_browser(opts)
        if slot.generation != self._generation:  # made for a browser that is gone
            slot.context = slot.page = None
            slot.generation = self._generation
        recycle = opts.recycle_after and slot.pages >= opts.recycle_after
        if slot.context is None or slot.context_key != opts.context_key or recycle:
            await self._close_context(slot)
            slot.context = await self._browser.new_context(
                viewport={"width": opts.viewport_width, "height": opts.viewport_height},
                device_scale_factor=opts.device_scale_factor, user_agent=opts.user_agent, locale=opts.locale,
                timezone_id=opts.timezone, service_workers="block")
            await slot.context.add_init_script(init_script("image" in opts.block))
            slot.context_key, slot.pages = opts.context_key, 0
            slot.block_src = slot.block_re = None
        if slot.page is None or slot.page.is_closed():
            try:
                page = await asyncio.wait_for(slot.context.new_page(), CDP_ANSWER_TIMEOUT_S)
            except asyncio.TimeoutError:
                self._abandon(slot)
                raise RenderError(f"the browser could not open a page: its renderer did not answer within "
                                  f"{CDP_ANSWER_TIMEOUT_S:g} s (it crashed or hung)") from None
            slot.crashed, slot.navigating = False, False
            page.on("crash", lambda _page: setattr(slot, "crashed", True))  # before any command: it may crash now
            page.on("popup", lambda popup: asyncio.ensure_future(_close_quietly(popup)))
            slot.watch = await _SizeWatch.open(page)
            slot.cdp = await page.context.new_cdp_session(page)
            slot.page = page
        return slot.page

    async def _close_context(self, slot: _Slot) -> None:
        context, slot.context, slot.page = slot.context, None, None
        if context is not None:
            try:
                await asyncio.wait_for(context.close(), CLOSE_TIMEOUT_S)
            except Exception:  # noqa: BLE001 - a context that will not close: restart the browser
                self._stuck = True

    def _abandon(self, slot: _Slot) -> None:
        """Give up the slot's page and context without waiting for them: they close in the
        background and the next page gets a fresh context at once, so a page whose scripts hold
        its renderer costs the caller nothing past its timeout. A context that will not close
        marks the browser for a restart before the next page."""
        context, slot.context, slot.page = slot.context, None, None
        slot.context_key = None
        if context is not None:
            task = asyncio.ensure_future(self._close_late(context))
            self._closing.add(task)
            task.add_done_callback(self._closing.discard)

    async def _close_late(self, context: Any) -> None:
        try:
            await asyncio.wait_for(context.close(), CLOSE_TIMEOUT_S)
        except Exception:  # noqa: BLE001 - see _abandon
            self._stuck = True

    def _take_slot(self) -> _Slot:
        while self._free:
            slot = self._free.pop()
            if slot.generation == self._generation:
                return slot
        return _Slot(self._generation)

    def _give_back(self, slot: _Slot) -> None:
        if slot.generation == self._generation and slot.context is not None:
            self._free.append(slot)

    # -- one page
    async def render(self, target: _Target, opts: RenderOptions) -> RenderedPage:
        """Render ``target`` with ``opts`` (runs on the browser thread)."""
        if self._gate is None or self._gate_size != self.concurrency:
            self._gate, self._gate_size = asyncio.Semaphore(self.concurrency), self.concurrency
        async with self._gate:
            slot = self._take_slot()
            try:
                return await self._render_in(slot, target, opts)
            finally:
                self._give_back(slot)

    async def _render_in(self, slot: _Slot, target: _Target, opts: RenderOptions) -> RenderedPage:
        t0 = time.perf_counter()
        deadline = time.monotonic() + opts.timeout  # the page's budget includes getting a page
        try:
            page = await self._ensure_page(slot, opts)
        except RenderError:
            raise
        except Exception:  # noqa: BLE001 - the browser went away (killed, crashed): start afresh once
            await self._stop_browser()
            slot.generation = self._generation
            slot.context = slot.page = None
            try:
                page = await self._ensure_page(slot, opts)
            except RenderError:
                raise
            except Exception as exc:  # noqa: BLE001
                await self._stop_browser()
                raise RenderError(f"the browser could not open a page: {_first_line(exc)}") from None
        slot.pages += 1
        t1 = time.perf_counter()
        # From the start: a module the page's first scripts import() is asked for before the load event.
        slot.loads = _ScriptLoads(page) if opts.wait_until == "load" else None
        try:
            rendered = await self._render_on(slot, page, target, opts, deadline)
        except BaseException as exc:
            if not slot.crashed and isinstance(exc, RenderError) and not isinstance(exc, RenderTimeout):
                await asyncio.sleep(CRASH_NOTICE_S)  # the crash event can come just after the error it caused
            crashed = slot.crashed
            self._abandon(slot)
            if crashed:
                raise RenderError(f"{target.url}: the page crashed the renderer "
                                  "(the browser stays usable)") from None
            if isinstance(exc, RenderError):
                raise
            from playwright.async_api import Error as PlaywrightError
            if isinstance(exc, PlaywrightError):
                raise RenderError(f"{target.url}: {_first_line(exc)}") from None
            raise
        finally:
            if slot.loads is not None:
                slot.loads.stop()
                slot.loads = None
        if slot.navigating:
            self._abandon(slot)  # still loading: a fresh page for the next one (DESIGN)
        rendered.timings["launch"] = round((t1 - t0) * 1000, 3)
        return rendered

    async def _render_on(self, slot: _Slot, page: Any, target: _Target, opts: RenderOptions,
                         deadline: float) -> RenderedPage:
        from playwright.async_api import Error as PlaywrightError
        from playwright.async_api import TimeoutError as PlaywrightTimeout

        timings: dict[str, float] = {}
        warnings: list[str] = []
        t0 = time.perf_counter()
        wait_end = deadline - min(CAPTURE_RESERVE_S, opts.timeout / 4)
        await self._set_blocking(slot, target.url, opts)
        route = None
        if target.body is not None:
            body, ctype = target.body, target.content_type
            route = re.compile("^" + re.escape(target.url) + "$", re.IGNORECASE)  # the browser lower-cases hosts

            async def serve(r: Any) -> None:
                await r.fulfill(status=200, headers={"content-type": ctype}, body=body)

            await page.route(route, serve)
        ready = True
        elements = 0  # counted when the page has settled: what reading it will cost
        status = None
        served = None
        body_task: asyncio.Future | None = None
        declared: list[int] = []  # the Content-Length of a page over max_bytes
        refused = asyncio.get_running_loop().create_future()  # set with it: navigation is not waited for

        early: dict[Any, asyncio.Future] = {}  # the document's body, asked for as soon as its headers came

        def on_response(response: Any) -> None:
            length = response.headers.get("content-length", "")
            if response.frame != page.main_frame or not response.request.is_navigation_request():
                return
            if length.isdigit() and int(length) > opts.max_bytes:
                declared.append(int(length))
                if not refused.done():
                    refused.set_result(None)
                asyncio.ensure_future(_close_quietly(page))  # stop reading it now
            elif target.body is None and not early and _labelled_markup(response) and \
                    not 300 <= response.status < 400:
                # Asked for now, not once goto returns: a script that sends the page elsewhere right after
                # it loaded would take the body with it, and with it the served text (extractor/served.py).
                early[response] = asyncio.ensure_future(_body(response))
                early[response].add_done_callback(_consume)

        page.on("response", on_response)
        inflated: list[int] = []  # the decoded size of a compressed page past max_bytes
        watch = slot.watch if target.body is None and not target.url.startswith("file:") else None
        if watch is not None:
            watch.start(opts.max_bytes, inflated)
        try:
            await _forget_site_data(slot, page)
            if _same_document(page.url, target.url):
                # Only the fragment would change: the browser would not load the page again but move within the
                # document the last render left (its scripts' state, the rows put back): each render starts afresh.
                await page.goto("about:blank", timeout=_ms(wait_end))
            response = await _unless_refused(
                page.goto(target.url, wait_until="domcontentloaded", timeout=_ms(wait_end)), refused)
            # A page can arrive whole before it is stopped (from the browser's cache, when the same
            # address was asked for before): it is refused now, not after it was rendered.
            _refuse_if_over(target.url, declared, inflated, opts.max_bytes)
            status = response.status if response is not None else None
            if target.body is not None:
                served = target.body
            elif target.url.startswith("file:"):
                served = _file_bytes(target.url)
            elif _labelled_media(response):
                raise NotHTMLError(f"{target.url}: the address serves {_labelled_media(response)}, not a page")
            elif _labelled_markup(response):
                # Read while the page settles: a body crosses the protocol at ~4 MB/s (8 MB: 2 s).
                body_task = early.get(response) or asyncio.ensure_future(_body(response))
                body_task.add_done_callback(_consume)
            else:
                served = await _body(response)
        except PlaywrightTimeout:
            _refuse_if_over(target.url, declared, inflated, opts.max_bytes)
            ready = False
            slot.navigating = True
            warnings.append(f"the page was not ready within {opts.timeout:g} s; rendered what had arrived")
        except PlaywrightError as exc:
            _refuse_if_over(target.url, declared, inflated, opts.max_bytes)
            if slot.crashed:
                raise
            if "Download is starting" in str(exc):
                raise NotHTMLError(f"{target.url}: the address serves a file to download, not a page") from None
            raise RenderError(f"{target.url}: {_first_line(exc)}") from None
        finally:
            page.remove_listener("response", on_response)
            if watch is not None:
                watch.stop()
            if route is not None and not page.is_closed():
                await page.unroute(route)
        if status is not None and status >= 400:
            raise RenderError(f"{target.url}: HTTP {status}")
        _check_served(target.url, served, opts.max_bytes)
        timings["navigate"] = _since(t0)
        documents: list[int] = []  # documents the page loaded by itself since it was first loaded

        def on_document(_: Any) -> None:
            documents.append(1)

        page.on("domcontentloaded", on_document)
        try:
            if ready:
                elements = await self._settle(page, opts, wait_end, warnings, slot.loads)
            if not elements:  # not settled (or not loaded): count now, if the page answers at once
                try:
                    elements = int(await asyncio.wait_for(page.evaluate(_COUNT_JS), COUNT_TIMEOUT_S) or 0)
                except (asyncio.TimeoutError, PlaywrightError):
                    elements = 0
            timings["wait"] = _since(t0) - timings["navigate"]
            t1 = time.perf_counter()
            # Capture ends early enough for the caller to read what it captured within the timeout.
            reading = max(reading_seconds(elements) - READ_GRACE_S, 0.0)
            capture_end = deadline - reading
            args = {**script_args(), "maxElements": opts.max_elements}
            try:
                payload = await asyncio.wait_for(_evaluate_settled(page, script(), args, capture_end),
                                                 max(capture_end - time.monotonic(), 0.05))
            except asyncio.TimeoutError:
                size = f" ({reading:.1f} s of it kept for reading its {elements:,} elements)" if reading >= 0.5 else ""
                raise RenderTimeout(f"{target.url}: the browser was still busy with the page (its scripts, or its "
                                    f"size) when the {opts.timeout:g} s timeout ran out{size}") from None
        finally:
            page.remove_listener("domcontentloaded", on_document)
        if len(documents) > MAX_SELF_NAVIGATIONS:
            raise _navigated_away(page.url)
        if body_task is not None:
            try:
                served = await asyncio.wait_for(asyncio.shield(body_task), max(capture_end - time.monotonic(), 0.05))
            except asyncio.TimeoutError:
                body_task.cancel()  # the page was measured; only the bytes as served are missing
            _check_served(target.url, served, opts.max_bytes)
        geometry, meta = parse(payload)
        if meta["url"].startswith(BROWSER_ERROR_PAGE):
            warnings.append("the page's scripts sent the browser to an address it could not load: what was read is "
                            "the browser's error page, not the page")
        if meta["capped"]:
            warnings.append(f"the page has more than {opts.max_elements:,} elements: those past it were read "
                            "without layout (not checked for visibility)")
        if served and _CLOSED_DECLARATIVE.search(served[:MAX_SCAN_BYTES]):
            warnings.append("the page declares closed shadow roots (shadowrootmode=closed), which no script can "
                            "read: what they show is missing")
        if any("other" in f for f in meta["frames"]):
            geometry, meta = await _other_origin_frames(page, geometry, meta, deadline, opts.max_elements)
        timings["geometry"] = _since(t1)
        shot, shot_height, shot_hidden = None, 0.0, 0
        if opts.screenshot:
            t2 = time.perf_counter()
            shot, shot_height, shot_hidden = await self._screenshot(slot, page, geometry, opts, deadline, warnings)
            timings["screenshot"] = _since(t2)
        return RenderedPage(url=meta["url"], html=meta["html"], geometry=geometry, title=meta["title"],
                            charset=meta["charset"], status=status, screenshot=shot, screenshot_height=shot_height,
                            screenshot_hidden=shot_hidden,
                            warnings=warnings, timings=timings, served=served,
                            frames=[{k: f[k] for k in FRAME_FIELDS} for f in meta["frames"]],
                            shadow_roots=meta["shadow_roots"])

    async def _settle(self, page: Any, opts: RenderOptions, until: float, warnings: list[str],
                      loads: _ScriptLoads | None = None) -> int:
        """Wait for load, network quiet, the selector/condition asked for, and scroll. Returns the number of
        elements in the page once settled (0 when the wait ran out). ``loads``: the page's script loads."""
        from playwright.async_api import TimeoutError as PlaywrightTimeout

        if opts.wait_until == "load":
            try:
                await page.wait_for_load_state("load", timeout=_ms(min(until, time.monotonic() + opts.load_timeout)))
            except PlaywrightTimeout:
                warnings.append(f"the load event did not come within {opts.load_timeout:g} s; rendered what had loaded")
        for what, wait in (("selector", opts.wait_selector), ("condition", opts.wait_function)):
            if not wait:
                continue
            try:
                if what == "selector":
                    await page.wait_for_selector(wait, state="attached", timeout=_ms(until))
                else:
                    await page.wait_for_function(wait, timeout=_ms(until))
            except PlaywrightTimeout:
                warnings.append(f"the {what} {wait!r} did not appear in time; rendered what was there")
        settle = opts.wait_until == "load"
        args = {"budgetMs": max((until - time.monotonic()) * 1000, 1.0), "readMsPerElement": READ_MS_PER_ELEMENT,
                "readGraceMs": READ_GRACE_S * 1000,
                "quietMs": opts.quiet_ms,
                "domQuietMs": opts.dom_quiet_ms, "rhythmFactor": RHYTHM_FACTOR, "rhythmMaxMs": RHYTHM_MAX_MS,
                "reportMs": SCRIPT_REPORT_MS, "typingQuietMs": TYPING_QUIET_MS, "letterQuietMs": LETTER_QUIET_MS,
                "fadeQuietMs": FADE_QUIET_MS, "streamGapMs": STREAM_GAP_MS,
                "countGapMs": COUNT_GAP_MS, "countMaxMs": COUNT_MAX_MS,
                "virtualMinRows": VIRTUAL_MIN_ROWS, "virtualPlacedShare": VIRTUAL_PLACED_SHARE,
                "virtualSparseShare": VIRTUAL_SPARSE_SHARE,
                "maxMs": opts.settle_max_ms if settle else 0.0,
                "shellMaxMs": opts.shell_settle_max_ms if settle and opts.settle_max_ms > 0 else 0.0,
                "graceMs": opts.placeholder_grace_ms, "steps": opts.scroll_steps, "maxHeight": opts.scroll_max_height,
                "placeholders": PLACEHOLDER_SELECTOR, "mainRegion": MAIN_REGION_SELECTOR,
                "minArea": PLACEHOLDER_MIN_AREA_SHARE, "emptyChars": EMPTY_PAGE_CHARS, "ioFrames": IO_REPORT_FRAMES,
                "ioReportMs": IO_REPORT_MS, "finishRounds": FINISH_ROUNDS,
                "mainEmptyChars": MAIN_EMPTY_CHARS, "shellChars": SHELL_PAGE_CHARS,
                "morePattern": MORE_BUTTON_PATTERN, "moreMaxChars": MORE_BUTTON_MAX_CHARS,
                "repeatMinChars": MORE_REPEAT_MIN_CHARS,
                "moreInlinePattern": MORE_INLINE_PATTERN, "moreInlineMinChars": MORE_INLINE_TEXT_MIN_CHARS,
                "dialogOpenerPattern": DIALOG_OPENER_PATTERN, "toolPattern": SITE_TOOL_PATTERN, "interact": True,
                "titleMinWords": DISCLOSURE_TITLE_MIN_WORDS, "titleMaxChars": DISCLOSURE_TITLE_MAX_CHARS,
                "accordionMinItems": ACCORDION_MIN_ITEMS, "lazyFrameMargin": LAZY_FRAME_MARGIN_PX,
                "consentPattern": CONSENT_BUTTON_PATTERN, "consentMaxChars": CONSENT_BUTTON_MAX_CHARS,
                "ageQuestionPattern": AGE_GATE_QUESTION_PATTERN, "ageYesPattern": AGE_GATE_YES_PATTERN,
                "wallShare": WALL_MIN_SHARE, "pressConsent": opts.press_consent, "wallMark": WALL_FRAME_MARK,
                "copiedMark": COPIED_DIALOG_MARK, "moreMark": MORE_MARK,
                "wallShowMs": WALL_SHOW_MS,
                "nextPattern": NEXT_BUTTON_PATTERN,
                "continuePattern": CONTINUE_BUTTON_PATTERN, "edges": NEXT_EXCLUDED_SELECTOR,
                "pageMinChars": PAGE_MIN_CHARS, "besideSlidesMaxChars": BESIDE_SLIDES_MAX_CHARS,
                "carouselPattern": CAROUSEL_NAME_PATTERN, "carouselLevels": CAROUSEL_NAME_LEVELS,
                "consentGatePattern": CONSENT_GATE_PATTERN, "consentGateMaxChars": CONSENT_GATE_MAX_CHARS,
                "consentBarLevels": CONSENT_BAR_LEVELS, "consentBarMaxChars": CONSENT_BAR_MAX_CHARS,
                "headlineMinChars": HEADLINE_MIN_CHARS,
                "pagesMax": NEXT_PAGES_MAX, "lettersMin": LETTERS_MIN,
                "togglesMax": TOGGLES_MAX, "treeItemsMax": TREE_ITEMS_MAX, "tabsMax": TABS_MAX,
                "tabLabelMaxChars": TAB_LABEL_MAX_CHARS, "tabPanelLevels": TAB_PANEL_LEVELS,
                "toggleDepth": TOGGLE_DEPTH, "toggleMaxLinkShare": TOGGLE_MAX_LINK_SHARE,
                "chrome": CHROME_SELECTOR, "frameMinWidth": FRAME_MIN_WIDTH_SHARE,
                "frameMinHeight": FRAME_MIN_HEIGHT_SHARE, "frameMinArea": FRAME_MIN_AREA_SHARE,
                "minVisiblePx": MIN_VISIBLE_PX}
        if loads is not None:
            loads.retell()
        try:
            done = await asyncio.wait_for(_evaluate_settled(page, SETTLE_JS, args, until),
                                          max(until - time.monotonic(), 0.05))
        except asyncio.TimeoutError:
            warnings.append("waiting for the page to settle did not finish within the timeout; rendered what was there")
            return 0
        if done.get("wallFrame") and await _accept_in_frame(page, until):
            # the wall went (or not) by the frame's own script: the page settled anew, scrolled as a reader would
            again = await _evaluate_settled(page, SETTLE_JS, {**args, "interact": False,
                                                              "budgetMs": max((until - time.monotonic()) * 1000, 1.0)},
                                            until)
            done = again or done
        if settle and await _settle_site_frames(page, {**args, "interact": False}, until):
            # what the frames' content set off in the page (a frame grown to its content by a message); the
            # page is not scrolled again, so what the first settling found of its scrolling stands
            again = await _settle_again(page, args, until)
            if again:
                done = {**done, "pending": again.get("pending"), "elements": again.get("elements")}
        pending, bound = done.get("pending"), done.get("bound")
        if pending == "placeholders" and settle:
            warnings.append("loading placeholders (skeleton, spinner, aria-busy or 'Loading…') were still showing "
                            "when rendering stopped waiting; the content may be partial")
        elif pending and settle:
            what = {"requests": "its requests", "timers": "its timers", "changes": "its scripts' changes",
                    "workers": "its workers", "observers": "its intersection observers",
                    "navigation": "its refresh to another address", "typing": "its typing of text",
                    "animations": "its scripts' fading in of text"}[pending]
            waited = round(done.get("capMs") or opts.settle_max_ms)
            warnings.append(f"the page had not settled ({what} still going) after {waited:g} ms; "
                            "rendered what was there")
        if done.get("wallLeft"):
            warnings.append("a wall over the page (a consent, age or sign-in screen) was left in place: none of its "
                            "buttons is one pagesight presses, and the page behind it shows little text")
        if done.get("pagesLeft"):
            warnings.append(f"the page's text or list is paged in place and went on past {NEXT_PAGES_MAX} pages "
                            "read by pressing 'Next'; the rest was left out")
        if done.get("moved"):
            warnings.append("the page moved its address on to another path as it was scrolled (a continuous scroll "
                            "of articles or pages); what scrolling added was left out")
        if done.get("others"):
            warnings.append(f"the page added {done['others']} other article(s), each under its own headline, as it "
                            "was scrolled or pressed (the page's title names its own); they were left out")
        if bound:
            limit = {"steps": f"{opts.scroll_steps} scroll steps", "height": f"{opts.scroll_max_height:,} px",
                     "time": "the timeout"}[bound]
            warnings.append(f"the page kept growing as it was scrolled (or its 'Load more' pressed); stopped at "
                            f"{limit} (content below is missing)")
        return int(done.get("elements") or 0)

    async def _set_blocking(self, slot: _Slot, url: str, opts: RenderOptions) -> None:
        source = block_pattern(url, opts.block)
        if source == slot.block_src:
            return
        if slot.block_re is not None:
            await slot.context.unroute(slot.block_re)
        slot.block_src, slot.block_re = source, None
        if source:
            slot.block_re = re.compile(source, re.I)
            await slot.context.route(slot.block_re, _refuse)

    async def _screenshot(self, slot: _Slot, page: Any, geometry: RawGeometry, opts: RenderOptions, deadline: float,
                          warnings: list[str]) -> tuple[bytes, float, int]:
        height = min(geometry.page_height, float(opts.screenshot_max_height))
        if height < geometry.page_height:
            warnings.append(f"the screenshot is cut at {height:g} of {geometry.page_height:g} CSS px")
        clip = {"x": 0, "y": 0, "width": geometry.page_width, "height": height}
        # A capture beyond the viewport (what a full-page picture is) switches Blink's images back on: the page's
        # images would be fetched then, against the network policy, and drawn at their own size, moving every
        # box below them away from the layout the geometry measured (Chromium 156: a 800x450 <img> laid out 800
        # px tall with images off, 371 px once loaded; a 58th blind round's press release). They are refused
        # while the picture is taken, so it shows the layout that was measured.
        images_off = "image" in opts.block
        if images_off:
            await page.route("**/*", _refuse_images)
        hidden = 0
        try:
            hidden = await page.evaluate(HIDE_OVERLAYS_JS, {"bar": SCREENSHOT_BAR_SHARE, "side": SCREENSHOT_SIDE_SHARE,
                                                            "text": SCREENSHOT_TEXT_SHARE})
            png = await page.screenshot(full_page=True, clip=clip, type="png", timeout=_ms(deadline))
        except Exception as exc:  # noqa: BLE001 - keep the geometry; say why there is no picture
            if slot.crashed:
                raise
            warnings.append(f"no screenshot: {_first_line(exc)}")
            return b"", 0.0, 0
        finally:
            if not page.is_closed():
                with contextlib.suppress(Exception):
                    if hidden:
                        await page.evaluate(SHOW_OVERLAYS_JS)
                    if images_off:
                        await page.unroute("**/*", _refuse_images)
        return png, height, hidden


def _refuse_if_over(url: str, declared: list[int], inflated: list[int], limit: int) -> None:
    """Raise :class:`PageTooLarge` when the page's declared size (``declared``) or its decoded size as it
    arrived (``inflated``) went past ``limit``; nothing otherwise."""
    if declared:
        raise _too_large(url, declared[0], limit) from None
    if inflated:
        raise _too_large_inflated(url, limit) from None


def _too_large(url: str, size: int, limit: int) -> PageTooLarge:
    return PageTooLarge(f"{url}: the page is {size:,} bytes, over max_bytes={limit:,}")


def _too_large_inflated(url: str, limit: int) -> PageTooLarge:
    return PageTooLarge(f"{url}: the page grew past max_bytes={limit:,} bytes as it arrived (it declared a "
                        "smaller size, or none: a compressed or streamed page)")


class _SizeWatch:
    """Counts the decoded bytes of a page's own document as they arrive (a DevTools session on the
    page's network events, opened once per page); past the limit of the current navigation the size
    goes to its list and the page is closed, which ends the navigation. A compressed body declares
    only its compressed length (a gzip bomb: 1 MB on the wire, 1 GB decoded), and a streamed one none,
    so the Content-Length check cannot see them."""

    def __init__(self, page: Any, session: Any) -> None:
        self.page, self.session = page, session
        self.limit, self.over = 0, None
        self.frame = self.request = None
        self.bytes = 0
        session.on("Network.requestWillBeSent", self._sent)
        session.on("Network.dataReceived", self._received)

    @classmethod
    async def open(cls, page: Any) -> _SizeWatch | None:
        """The watch of ``page``, or None when the browser cannot give a session (pages are then read
        without it)."""
        from playwright.async_api import Error as PlaywrightError

        try:
            session = await asyncio.wait_for(page.context.new_cdp_session(page), CDP_ANSWER_TIMEOUT_S)
            await asyncio.wait_for(session.send("Network.enable"), CDP_ANSWER_TIMEOUT_S)
        except (PlaywrightError, asyncio.TimeoutError):
            return None
        return cls(page, session)

    def start(self, limit: int, over: list[int]) -> None:
        """Watch the next navigation: the first document then asked for is the page's own; its frame's
        later documents are its redirects' and reloads'; frames inside it have other frame ids."""
        self.limit, self.over = limit, over
        self.frame = self.request = None
        self.bytes = 0

    def stop(self) -> None:
        self.over = None

    def _sent(self, params: dict) -> None:
        if self.over is None or params.get("type") != "Document":
            return
        if self.frame is None:
            self.frame = params.get("frameId")
        if params.get("frameId") == self.frame and params.get("requestId") != self.request:
            self.request, self.bytes = params.get("requestId"), 0  # a new navigation (a redirect keeps its id)

    def _received(self, params: dict) -> None:
        if self.over is None or self.over or params.get("requestId") != self.request:
            return
        self.bytes += int(params.get("dataLength") or 0)
        if self.bytes > self.limit:
            self.over.append(self.bytes)
            asyncio.ensure_future(_close_quietly(self.page))  # stop reading it now


def _navigated_away(url: str) -> NavigatedAway:
    """The error of a page whose own scripts kept sending the browser elsewhere while it was read."""
    return NavigatedAway(f"{url}: the page kept navigating away while it was read (a reload or redirect loop)")


async def _evaluate_settled(page: Any, script_text: str, args: Any, until: float) -> Any:
    """``page.evaluate`` that survives one navigation of the page (a script reloading it, a
    meta refresh): it waits for the new document to load and runs again, without the reader's first
    moves (``args["interact"]``: a page whose scripts, once loaded by them, sent it elsewhere, wcxb_dev
    0500); a page that keeps navigating is a :class:`RenderError` in plain words."""
    from playwright.async_api import Error as PlaywrightError

    for attempt in range(2):
        try:
            return await page.evaluate(script_text, args)
        except PlaywrightError as exc:
            if "context was destroyed" not in str(exc) and "navigat" not in str(exc):
                raise
            if attempt:
                raise _navigated_away(page.url) from None
            # The context goes before the new document commits: until then the old one still reads as loaded.
            await asyncio.sleep(min(NAVIGATION_COMMIT_S, max(until - time.monotonic(), 0.0)))
            try:
                await page.wait_for_load_state("load", timeout=_ms(until))
            except PlaywrightError:
                pass
            if isinstance(args, dict) and "interact" in args:
                args = {**args, "interact": False}
    return None


async def _answers(page: Any) -> bool:
    """True when the reused page's renderer runs a script within ``PING_TIMEOUT_S``."""
    try:
        await asyncio.wait_for(page.evaluate("1"), PING_TIMEOUT_S)
        return True
    except Exception:  # noqa: BLE001 - busy, crashed or gone: a fresh page either way
        return False


def _same_site(a: str, b: str) -> bool:
    """Whether two http(s) addresses are of one site (:func:`site_of` their hosts: ``www.example.org`` and
    ``embed.example.org``), whatever their scheme and port."""
    ha, hb = (urllib.parse.urlsplit(u).hostname or "" for u in (a, b))
    return bool(ha and hb) and site_of(ha) == site_of(hb)


async def _settle_site_frames(page: Any, args: dict[str, Any], until: float) -> bool:
    """Settle each frame that is content, as the page was settled (a frame of another origin: its counters are its
    own, out of the page's reach; a large one of the page's origin: its tabs, accordions and "more" buttons are out
    of the page's settling, which reads its own document: a show's schedule of classes by day, its day tabs in an
    embed of the site's, a 110th blind round); True when there was one. A frame of the page's own site counts when
    shown at least ``FRAME_MIN_WIDTH_SHARE`` of the viewport wide: one on a subdomain or another port that fetches the
    article and then asks the page to grow it to its height (an eighth blind round, 2026-11-29) is small and
    busy when the page is quiet. Another site's frame counts when as large as a frame the geometry reads as
    content (``FRAME_MIN_*_SHARE``: the IAB's ad units stay out), each wait capped at
    ``OTHER_SITE_FRAME_MAX_MS`` (an article framed from another site, fetched after its frame loaded: a
    fourteenth blind round); a smaller one only while it is blank, out of the chrome and of ad slots
    (``AD_SLOT_WORDS``): the others (ads, players, social embeds) are not waited for.
    """
    from playwright.async_api import Error as PlaywrightError

    settled = False
    vw, vh = (page.viewport_size["width"], page.viewport_size["height"]) if page.viewport_size else (0, 0)
    for frame in page.main_frame.child_frames:
        left = until - time.monotonic()
        if left <= 0.05:
            break
        url = frame.url
        if not url.startswith(("http://", "https://")):
            continue
        same = _origin(url) == _origin(page.url)
        site = same or _same_site(url, page.url)
        try:
            handle = await frame.frame_element()
            box = await handle.bounding_box()
            if box is None or box["width"] < FRAME_MIN_WIDTH_SHARE * vw or box["height"] <= 0:
                continue
            if same and (box["height"] < FRAME_MIN_HEIGHT_SHARE * vh
                         or box["width"] * box["height"] < FRAME_MIN_AREA_SHARE * vw * vh):
                continue  # a small frame of this origin: the page's settling counted its requests
            if not site and (box["height"] < FRAME_MIN_HEIGHT_SHARE * vh
                             or box["width"] * box["height"] < FRAME_MIN_AREA_SHARE * vw * vh):
                shown, loading = await frame.evaluate(FRAME_TEXT_JS, FRAME_LOADING_PATTERN)
                blank = shown < MAIN_EMPTY_CHARS or loading and shown < SHELL_PAGE_CHARS
                if not blank or await handle.evaluate(BLANK_FRAME_EXCLUDED_JS, {
                        "chrome": CHROME_SELECTOR, "words": sorted(AD_SLOT_WORDS)}):
                    continue
                # read once grown, whatever its height: it may stay under the size shares (a few paragraphs)
                await handle.evaluate("(el, mark) => el.setAttribute(mark, '')", EMBED_FRAME_MARK)
            budget = {**args, "budgetMs": max(left * 1000, 1.0)}
            if not site:
                budget["maxMs"] = min(budget["maxMs"], OTHER_SITE_FRAME_MAX_MS)
            await asyncio.wait_for(frame.evaluate(SETTLE_JS, budget), left)
            settled = True
        except (asyncio.TimeoutError, PlaywrightError):
            continue
    return settled


async def _accept_in_frame(page: Any, until: float) -> bool:
    """Press the accept button of a consent wall that is a frame (the settle step marked it with
    ``WALL_FRAME_MARK``: a consent tool's frame of another origin, out of the page's own reach); True when
    one was pressed. The mark is taken off again."""
    from playwright.async_api import Error as PlaywrightError

    left = until - time.monotonic()
    if left <= 0.05:
        return False
    try:
        handle = await page.query_selector(f"[{WALL_FRAME_MARK}]")
        if handle is None:
            return False
        frame = await handle.content_frame()
        await handle.evaluate("(el, mark) => el.removeAttribute(mark)", WALL_FRAME_MARK)
        if frame is None:
            return False
        return bool(await asyncio.wait_for(frame.evaluate(ACCEPT_IN_FRAME_JS, {
            "pattern": CONSENT_BUTTON_PATTERN, "maxChars": CONSENT_BUTTON_MAX_CHARS}), left))
    except (asyncio.TimeoutError, PlaywrightError):
        return False


async def _settle_again(page: Any, args: dict[str, Any], until: float) -> dict[str, Any] | None:
    """The page settled once more, without the reader's first moves and without scrolling (no step: its
    ``bound`` says nothing then); None when it did not answer in time."""
    from playwright.async_api import Error as PlaywrightError

    left = until - time.monotonic()
    again = {**args, "interact": False, "steps": 0, "budgetMs": max(left * 1000, 1.0)}
    try:
        return await asyncio.wait_for(page.evaluate(SETTLE_JS, again), max(left, 0.05))
    except (asyncio.TimeoutError, PlaywrightError):
        return None


def _origin(url: str) -> tuple[str, str | None, int | None]:
    parts = urllib.parse.urlsplit(url)
    return parts.scheme, parts.hostname, parts.port


async def _other_origin_frames(page: Any, geometry: RawGeometry, meta: dict[str, Any], deadline: float,
                               max_elements: int) -> tuple[RawGeometry, dict[str, Any]]:
    """Walk each large frame of another origin in its own context and splice it into the page.

    The page's walk left the frames in ``window.__pagesightCross`` (marker order); each child
    frame is matched to its marker through its element. A frame that went away, or the
    deadline, leaves its placeholder empty (``inlined`` stays false).
    """
    wanted = {f["other"]: f for f in meta["frames"] if "other" in f}
    for child in page.main_frame.child_frames:
        remaining = deadline - time.monotonic()
        if not wanted or remaining <= 0:
            break
        try:
            handle = await child.frame_element()
            k = await handle.evaluate("(el) => (window.__pagesightCross || []).indexOf(el)")
            frame = wanted.pop(k, None)
            if frame is None:
                continue
            args = {**script_args(), "sub": {"dx": frame["cx"], "dy": frame["cy"]},
                    "maxElements": max(max_elements - len(geometry), 1)}
            payload = await asyncio.wait_for(child.evaluate(script(), args), remaining)
            sub, sub_meta = parse(payload)
            geometry, meta = merge_frame(geometry, meta, sub, sub_meta, frame)
            frame["inlined"] = True
        except Exception:  # noqa: BLE001 - a frame that navigated away or never answered stays out
            continue
    return geometry, meta


async def _refuse(route: Any) -> None:
    try:
        await route.abort("blockedbyclient")
    except Exception:  # noqa: BLE001 - the request went away meanwhile
        pass


async def _refuse_images(route: Any) -> None:
    """Refuse an image request (see ``_screenshot``); hand any other to the context's routes."""
    try:
        if route.request.resource_type == "image":
            await route.abort("blockedbyclient")
        else:
            await route.fallback()
    except Exception:  # noqa: BLE001 - the request went away meanwhile
        pass


async def _unless_refused(navigation: Any, refused: asyncio.Future) -> Any:
    """The navigation's response, or None as soon as ``refused`` is set first (a page over max_bytes by
    its declared size): its page's close returns only once the renderer is done with the document
    (16.5 s for 30 MB, 2026-11-28), so the navigation ends in the background, with the page the caller
    abandons."""
    task = asyncio.ensure_future(navigation)
    await asyncio.wait({task, refused}, return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        return task.result()
    task.add_done_callback(_consume)
    return None


async def _close_quietly(page: Any) -> None:
    try:
        await page.close()
    except Exception:  # noqa: BLE001
        pass


def _ms(until: float) -> float:
    """Milliseconds left until the monotonic time ``until`` (at least 1)."""
    return max((until - time.monotonic()) * 1000, 1.0)


def _since(t0: float) -> float:
    return round((time.perf_counter() - t0) * 1000, 3)


#: Chromium's network errors a page load commonly ends with, in words (their meanings as Chromium's
#: net/base/net_error_list.h gives them); the code stays in the message, in parentheses.
NET_ERRORS = {
    "ERR_NAME_NOT_RESOLVED": "its host name does not resolve",
    "ERR_CONNECTION_REFUSED": "the connection was refused",
    "ERR_CONNECTION_RESET": "the connection was reset",
    "ERR_CONNECTION_CLOSED": "the connection was closed before an answer",
    "ERR_EMPTY_RESPONSE": "the server closed the connection without an answer",
    "ERR_TIMED_OUT": "the connection timed out",
    "ERR_CONNECTION_TIMED_OUT": "the connection timed out",
    "ERR_ADDRESS_UNREACHABLE": "its address cannot be reached",
    "ERR_INTERNET_DISCONNECTED": "the machine is offline",
    "ERR_TOO_MANY_REDIRECTS": "it redirects too many times",
    "ERR_ABORTED": "loading it was stopped, by a download or by the page going elsewhere at once",
    "ERR_BLOCKED_BY_CLIENT": "the request was blocked (offline, or by the network policy)",
    "ERR_SSL_PROTOCOL_ERROR": "the secure connection failed",
}
#: Playwright's "Page.goto: net::ERR_X at URL": the driver's method name, then Chromium's code.
_API_PREFIX = re.compile(r"^[A-Z]\w*\.\w+: ")
_NET_ERROR = re.compile(r"^net::(ERR_[A-Z0-9_]+)")


def _first_line(exc: BaseException) -> str:
    """The first line of a Playwright error in a reader's words: a network error named
    (:data:`NET_ERRORS`, its code kept), the driver's method name taken off the front."""
    text = str(exc).strip().splitlines()
    if not text:
        return type(exc).__name__
    line = _API_PREFIX.sub("", text[0])
    net = _NET_ERROR.match(line)
    if net:
        code = net.group(1)
        words = NET_ERRORS.get(code) or (
            "its certificate was refused" if code.startswith("ERR_CERT_") else "the browser could not load it")
        return f"{words} (net::{code})"
    return line


_ENGINE = _Engine()


# ---------------------------------------------------------------------------- public faces


def render(source: Any, **options: Any) -> RenderedPage:
    """Render ``source`` (URL, file path, or HTML ``str``/``bytes``) in Chromium.

    ``options`` are the fields of :class:`~render.options.RenderOptions` (viewport, waits,
    scrolling, blocking, timeout, user agent, locale, time zone, screenshot ...). Returns a
    :class:`RenderedPage`; incomplete loads come back with ``warnings``. Raises
    :class:`OptionError` for bad options, :class:`BrowserNotFound` without a browser,
    :class:`RenderTimeout` when the page keeps the browser busy past the timeout, and
    :class:`RenderError` for navigation failures (refused, redirect loop, HTTP error, crash).
    """
    opts = make_render_options(options)
    target = _target(source, opts)
    opts = with_network_policy(opts, target)
    future = _ENGINE.submit(_ENGINE.render(target, opts))
    try:
        return future.result(opts.timeout + STUCK_GRACE_S + LAUNCH_TIMEOUT_S)
    except concurrent.futures.TimeoutError:
        future.cancel()
        _restart()
        raise RenderTimeout(f"{target.url}: the browser did not answer within the timeout; it was restarted") from None


async def render_async(source: Any, **options: Any) -> RenderedPage:
    """Async face of :func:`render` (same arguments, result and errors)."""
    opts = make_render_options(options)
    target = _target(source, opts)
    opts = with_network_policy(opts, target)
    future = _ENGINE.submit(_ENGINE.render(target, opts))
    try:
        return await asyncio.wait_for(asyncio.wrap_future(future), opts.timeout + STUCK_GRACE_S + LAUNCH_TIMEOUT_S)
    except asyncio.TimeoutError:
        future.cancel()
        _restart()
        raise RenderTimeout(f"{target.url}: the browser did not answer within the timeout; it was restarted") from None


def _restart() -> None:
    try:
        _ENGINE.submit(_ENGINE._stop_browser()).result(CLOSE_TIMEOUT_S * 3)
    except Exception:  # noqa: BLE001 - the next render launches a fresh browser either way
        pass


def close() -> None:
    """Close the process's browser now (it is also closed at exit; the next render relaunches)."""
    _ENGINE.shutdown()


def open_pages() -> tuple[int, int]:
    """``(contexts, pages)`` open in the process's browser now (popups included), for leak checks."""

    async def count() -> tuple[int, int]:
        if _ENGINE._browser is None:
            return 0, 0
        contexts = _ENGINE._browser.contexts
        return len(contexts), sum(len(c.pages) for c in contexts)

    return _ENGINE.submit(count()).result(CLOSE_TIMEOUT_S)


def set_concurrency(pages: int) -> int:
    """Let up to ``pages`` pages render at once in this process's browser; returns the previous
    number. Raises :class:`OptionError` when ``pages`` is not a positive whole number."""
    from extractor.errors import OptionError

    if isinstance(pages, bool) or not isinstance(pages, int) or pages < 1:
        raise OptionError(f"concurrency must be a positive whole number, got {pages!r}")
    previous, _ENGINE.concurrency = _ENGINE.concurrency, pages
    return previous


def browser_launches() -> int:
    """How many times this process launched Chromium (for tests and benchmarks)."""
    return _ENGINE.launches
