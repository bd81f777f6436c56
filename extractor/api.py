"""The front door: :func:`extract` (the method registry lives in :mod:`extractor.registry`,
page loading in :mod:`extractor.loader`; both are re-exported here).

Options are checked once here, turned into the method's frozen ``Options`` object, and
nothing deeper receives loose keyword arguments.
"""

from __future__ import annotations

import inspect
import os
import time
from dataclasses import asdict, replace
from functools import partial
from typing import Any

from .appshell import SHELL_WARNING_START, script_shell_warning
from .dates import DATE_SEARCHES, htmldate_day
from .errors import NavigatedAway, OptionError, PagesightError
from .folders import screenshot_folder
from .gcpause import gc_paused
from .loader import get_page
from .memory import trim_heap
from .metadata import add_fallback_date, fill_metadata, read_metadata
from .methods.base import Extraction
from .page import Page
from .registry import AUTO_METHOD, METHODS, MethodEntry, method_names, option_names, option_owners, resolve_method
from .result import Result
from .source import DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT, RawPage, check_limits, is_url, source_name
from .tidy import tidy_blocks
from .title import headline, headline_id

#: A page this long gives its freed heap back (:func:`extractor.memory.trim_heap`) before htmldate parses
#: it again, so that htmldate's tree grows into pages returned to the system rather than on top of
#: our own tree's leftovers: the same bound as the command line's worker release after a big record
#: (``cli_batch.TRIM_AFTER_BYTES``, 11 % of the dev pages).
TRIM_BEFORE_DATE_CHARS = 256 * 1024

__all__ = ["AUTO_METHOD", "METHODS", "EXTRACT_KEYWORDS", "MethodEntry", "build_result", "check_extract_options",
           "extract", "get_page", "method_names", "option_owners", "resolve_method"]


@gc_paused
def extract(
    source: str | bytes | os.PathLike | Page | RawPage,
    *,
    render: bool = False,
    method: str = "auto",
    url: str | None = None,
    encoding: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    timeout: float = DEFAULT_TIMEOUT,
    render_options: dict[str, Any] | None = None,
    screenshot: str | os.PathLike | None = None,
    comments: bool | None = None,
    records: bool | None = None,
    user_agent: str | None = None,
    inline: bool = False,
    date_search: str = "fast",
    served_fallback: bool = True,
    **options: Any,
) -> Result:
    """Extract the main text and headline of a page.

    ``source`` is HTML (``str`` or ``bytes``), a path, an ``http(s)://``/``file://`` URL, an
    already loaded :class:`Page`, or a :class:`~extractor.source.RawPage` (bytes with the charset
    their HTTP header named, as a WARC record holds them). ``render=True`` renders the page in Chromium first;
    ``screenshot=PATH`` (implies ``render``) saves the full-page PNG with the blocks drawn
    on it (what was drawn goes to ``Result.details['screenshot']``).
    ``method`` is ``"auto"`` or a name from :func:`method_names`; ``options`` are that
    method's options. ``auto`` classifies the page (``Result.page_type``) and runs the method
    the route table names for that type (mining ``Result.records`` on listings and
    collections); given options, it runs ``AUTO_METHOD`` with them instead. ``comments``
    says whether readers' comment sections (found by their class/id names, see
    :mod:`extractor.comments`) stay in the page: ``None`` (default) lets ``auto`` decide by
    page type (its route table drops them from articles and keeps them on forum pages, whose
    posts are the content) and leaves the page whole for a named method; ``True`` keeps
    them, ``False`` drops them on every page. ``records=False`` stops ``auto`` from mining
    ``Result.records`` on listings and collections (``None``, the default, lets it).
    ``user_agent`` replaces the User-Agent sent for a URL (see :func:`get_page`). ``inline=True``
    keeps each block's links and emphasis in ``Block.inline`` (the markdown writer and text with
    links use them; :mod:`extractor.inline`). ``date_search`` says how hard ``Result.date`` is looked
    for when no markup names it: ``"markup"`` (none of htmldate's searches), ``"fast"`` (its
    markup-and-headings search) or ``"extensive"`` (dates anywhere in the text too: more pages
    dated, slower; :data:`extractor.dates.DATE_SEARCHES`). ``served_fallback`` (on by default) lets a
    rendering that lost most of the main text the server sent, or that failed because the page's
    scripts kept navigating away (:class:`NavigatedAway`), give way to the served HTML, read without
    rendering, with a warning (:mod:`extractor.served`). Returns a
    :class:`Result`; an empty one carries a ``reason``.
    Raises :class:`OptionError` for a bad method or option before any loading,
    :class:`OutputError` when the ``screenshot`` folder cannot be made or written to (before
    rendering), and the load/render errors (all subclasses of :class:`PagesightError`).
    """
    name, run, opts = resolve_method(method, options)
    if date_search not in DATE_SEARCHES:
        raise OptionError(f"date_search must be one of {', '.join(DATE_SEARCHES)}, not {date_search!r}")
    check_limits(timeout=timeout, max_bytes=max_bytes)
    if comments not in (None, True, False):
        raise OptionError(f"comments must be True, False or None, not {comments!r}")
    if screenshot is not None:
        screenshot_folder(screenshot)  # before the render it would be saved after
        render, render_options = True, {**(render_options or {}), "screenshot": True}
    asked = {"method": method, "comments": comments, "records": records, "inline": inline, "date_search": date_search,
             "max_bytes": max_bytes, "timeout": timeout, "user_agent": user_agent, **options}
    t0 = time.perf_counter()
    timings: dict[str, float] = {}
    try:
        page = get_page(source, render=render, url=url, encoding=encoding, max_bytes=max_bytes,
                        timeout=timeout, render_options=render_options, timings=timings, user_agent=user_agent)
    except NavigatedAway as exc:  # the page's scripts, not the page: what the server sent is still there
        if not served_fallback:
            raise
        result = extract(source, url=url, encoding=encoding, served_fallback=False, **asked)
        result.warnings = [f"the rendering failed ({exc}), so the served HTML was read instead, without rendering"
                           + ("; no screenshot was taken" if screenshot is not None else ""), *result.warnings]
        result.details = {**result.details, "served_fallback": {"render_error": str(exc)}}
        return result
    t1 = time.perf_counter()
    auto = None
    if method == "auto" and not options:  # route by page type (extractor/auto/routing.py, issue #8)
        from .auto import plan

        auto = plan(page, comments)
        name, run, opts = auto.method, auto.run, auto.options
        comments = auto.comments
    work = page
    metadata = None  # read from the page as loaded (issue #16)
    if comments is False and "drop_comments" in option_names(type(opts)):
        opts = replace(opts, drop_comments=True)  # the method leaves them out itself
    elif comments is False:
        from .auto import RECORD_TYPES
        from .comments import drop_comments

        # A Page the caller passed in, or one that record mining reads below, stays untouched.
        keep_original = isinstance(source, Page) or (auto is not None and auto.page_type in RECORD_TYPES)
        if not keep_original:  # the tree changes in place: what the metadata reads is read first
            metadata = read_metadata(page, date_search="markup")
        work = drop_comments(page, copy_tree=keep_original)
    extraction: Extraction = run(work, opts)
    title = extraction.title or headline(work)
    t2 = time.perf_counter()
    timings["extract"] = round((t2 - t1) * 1000, 3)
    timings["total"] = round((t2 - t0) * 1000, 3)
    result = build_result(work, name, opts, extraction, title, timings)
    result.source = source_name(source)
    if inline:
        from .inline import add_inline

        add_inline(work, result.blocks)
    # author, dates, site name ... (issue #16); reads the page as loaded. htmldate, which parses the
    # page again, comes last (see the end).
    fill_metadata(result, metadata or page, date_search="markup")
    if page.geometry is None and any(w.startswith(SHELL_WARNING_START) for w in result.warnings):
        from .ldbody import read_ld_body

        read_ld_body(result, page)  # an app shell's article as its JSON-LD holds it
    if auto is not None:
        from .auto import records_for

        result.page_type, result.page_type_confidence = auto.page_type, round(auto.confidence, 4)
        result.has_main_text = auto.has_main_text
        t3 = time.perf_counter()
        result.records = records_for(page, auto.page_type) if records is not False else None
        if result.records is not None:
            spent = round((time.perf_counter() - t3) * 1000, 3)
            result.timings = {**result.timings, "records": spent,
                              "total": round(result.timings.get("total", 0.0) + spent, 3)}
        if result.records is not None:
            result.warnings = [*result.warnings, *result.records.notes]
    if served_fallback and page.geometry is not None and not isinstance(source, Page):
        served = _served_instead(page, result, asked, started=t0)
        if served is not None:
            result = served
    if screenshot is not None:
        from .rendered import save_annotated

        result.details = {**result.details, "screenshot": save_annotated(work, result, screenshot)}
    if result.date is None and date_search != "markup" and "served_fallback" not in result.details:
        text = page.source_text or ""
        # Our tree and Page go before htmldate builds its own, so a big page never holds both: on the
        # three largest pages of bench_scale_warc's archive (1.6-2.3 MB) the peak RSS of a warm forked
        # worker fell from 36-41 to 33-37 MB above its start (a temporary script, 2026-11-27); see the
        # README's "At scale" for the -j 2 ratios.
        del page, work, extraction
        if len(text) > TRIM_BEFORE_DATE_CHARS:
            trim_heap()
        add_fallback_date(result, partial(htmldate_day, text, extensive=date_search == "extensive"))
    return result



#: The keyword arguments :func:`extract` takes itself (read from its signature, so a new one is never
#: taken for a method's option); the rest of its keywords are the method's options.
EXTRACT_KEYWORDS = frozenset(name for name, p in inspect.signature(extract).parameters.items()
                             if p.kind is inspect.Parameter.KEYWORD_ONLY)


def check_extract_options(options: dict[str, Any]) -> None:
    """Check :func:`extract`'s keyword arguments ``options`` before any page is read, for callers that
    run it on many pages: the method and its options, ``timeout`` and ``max_bytes``. Raises
    :class:`OptionError` for a bad one."""
    resolve_method(options.get("method", AUTO_METHOD), {k: v for k, v in options.items() if k not in EXTRACT_KEYWORDS})
    check_limits(**{k: options[k] for k in ("timeout", "max_bytes") if k in options})

def _served_instead(page: Page, rendered: Result, asked: dict[str, Any], *, started: float) -> Result | None:
    """The served HTML's Result when the rendering of ``page`` lost its main text (see
    :func:`extractor.served.lost_in_rendering`), else None. ``asked``: what :func:`extract` was asked
    for besides the source; ``started``: its ``time.perf_counter()`` at the start. The Result keeps the
    rendering's timings and warnings, adds its own, and says in ``details['served_fallback']`` how much
    was lost. When reading the served HTML would end past the timeout (at the browser's reading pace per
    element, :data:`render.browser.READ_MS_PER_ELEMENT`, with its grace), it is not read: ``rendered``
    gets a warning saying so and None is returned."""
    from render.browser import READ_GRACE_S, reading_seconds

    from .page import SERVED_KEY
    from .rendered import ERROR_PAGE_KEY
    from .served import lost_in_rendering

    extra = page.geometry.extra
    data = extra.get(SERVED_KEY)
    # The served page is about as large as the rendered one: reading it again takes about as long.
    ends_at = time.perf_counter() - started + reading_seconds(len(page))
    if (data or extra.get(ERROR_PAGE_KEY)) and ends_at > asked["timeout"] + READ_GRACE_S:
        rendered.warnings = [*rendered.warnings, "the served HTML was not compared with the rendering: reading it "
                             f"as well ({len(page):,} elements) would end past the {asked['timeout']:g} s timeout"]
        return None
    if data:
        again: Any = RawPage(data, url=page.url, http_charset=extra.get("served_charset"))
    elif extra.get(ERROR_PAGE_KEY) and is_url(page.url):
        # A page whose script sent it where nothing loads as soon as it had loaded can take its body out of
        # the browser before it is read: its address is asked for again, once.
        again = page.url
    else:
        return None
    try:
        served = extract(again, url=page.url, served_fallback=False, **asked)
    except PagesightError:  # the rendering stands when the served HTML cannot be read
        return None
    loss = lost_in_rendering(served.text, rendered.text)
    if loss is None or isinstance(again, RawPage) and _hidden_by_choice(again, rendered, asked):
        return None
    # It was rendered: the served HTML's advice to render it is moot.
    served.warnings = [*rendered.warnings, loss.describe(),
                       *(w for w in served.warnings if not w.startswith(SHELL_WARNING_START))]
    served.details = {**served.details, "served_fallback": {
        "served_words": loss.served_words, "rendered_words": loss.rendered_words, "kept_words": loss.kept_words}}
    served.timings = {**served.timings, "render": rendered.timings.get("render", 0.0),
                      "total": round(rendered.timings.get("total", 0.0) + served.timings.get("total", 0.0), 3)}
    served.source = rendered.source
    return served


def _hidden_by_choice(served: RawPage, rendered: Result, asked: dict[str, Any]) -> bool:
    """Whether the served text a rendering lacks is only what the served page itself hides: the rendering
    shows a text of its own, and the served page read without its ``hidden`` elements holds no more than
    the rendering could have lost (:func:`extractor.served.lost_in_rendering` finds no loss). The served
    page that keeps its article three times, in three languages, two of them ``hidden``, and shows one
    (a 41st blind round) is not read whole instead of the one a reader is shown. Reads the served HTML
    again only when it has ``hidden`` elements."""
    from .page import page_from_raw
    from .served import hidden_elements, lost_in_rendering, shows_own_text

    if not shows_own_text(rendered.text):
        return False
    try:
        page = page_from_raw(served, encoding=None)
        hidden = hidden_elements(page)
        if not hidden:
            return False
        shown = extract(page.without(hidden, copy_tree=False), url=page.url, served_fallback=False, **asked)
    except PagesightError:
        return False
    return lost_in_rendering(shown.text, rendered.text) is None


def build_result(page: Page, name: str, opts: Any, extraction: Extraction, title: str,
                 timings: dict[str, float]) -> Result:
    """Assemble a :class:`Result` from a method's :class:`Extraction` (adds a reason if empty)."""
    blocks = extraction.blocks
    tidy_blocks(page, blocks)
    geometry = page.geometry
    if geometry is not None:
        for block, box in zip(blocks, geometry.boxes([b.id for b in blocks]), strict=True):
            block.box = box
    text = "\n\n".join(b.text for b in blocks)
    reason = None
    details = extraction.details
    warnings = list(geometry.extra.get("warnings") or ()) if geometry is not None else []
    if warnings:  # a partial rendering (page never finished loading ...)
        details = {**details, "render_warnings": list(warnings)}
    if geometry is not None and geometry.extra.get("frames"):
        details = {**details, "frames": geometry.extra["frames"]}
    warnings.extend(getattr(page, "parse_notes", ()))  # what the parser had to repair or could not keep
    shell = script_shell_warning(page) if geometry is None else None
    if shell:
        warnings.append(shell)
    if not text:
        reason = extraction.reason or "no main content found"
        if geometry is not None and warnings:
            reason += "; rendering was partial: " + "; ".join(warnings)
        if getattr(page, "parse_notes", None):
            reason += "; " + "; ".join(page.parse_notes)
        if shell:
            reason += "; " + shell
    title_id = extraction.title_id
    if geometry is not None and title_id is None and title:  # the headline rule's heading, when it read one
        title_id = headline_id(page, title)
    title_box = geometry.box(title_id) if geometry is not None and title_id is not None else None
    return Result(
        text=text,
        title=title,
        title_box=title_box,
        blocks=blocks,
        method=name,
        options=asdict(opts),
        rendered=page.geometry is not None,
        encoding=page.encoding,
        url=page.url,
        timings=timings,
        reason=reason,
        details=details,
        warnings=warnings,
    )
