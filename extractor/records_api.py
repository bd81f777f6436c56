"""The front door for data records: :func:`extract_records` returns a :class:`Table`.

Record mining (``extractor.methods.records``) is not a main-text method, so it is not in
``METHODS``; it has its own entry point here.
"""

from __future__ import annotations

import os
import time
from dataclasses import asdict
from functools import lru_cache
from typing import Any

from .folders import screenshot_folder
from .gcpause import gc_paused
from .loader import get_page
from .methods import records as mining
from .methods.base import make_options
from .methods.records.schema import record_text
from .page import Page
from .result import Region, Table
from .source import DEFAULT_TIMEOUT, check_limits

#: Screenshot drawing: a region is drawn this many CSS px outside its box, and this much higher, so
#: that its outline and label stay visible around its records.
REGION_PAD_PX = 4
REGION_LABEL_PX = 20


def record_options(**options: Any) -> mining.Options:
    """Checked options of record mining. Raises :class:`OptionError` for unknown names and bad values."""
    return make_options(mining.Options, "records", options)


@gc_paused
def extract_records(
    source: str | bytes | os.PathLike | Page,
    *,
    render: bool = False,
    url: str | None = None,
    encoding: str | None = None,
    render_options: dict[str, Any] | None = None,
    screenshot: str | os.PathLike | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    user_agent: str | None = None,
    **options: Any,
) -> Table:
    """Repeated data records of a page as a :class:`Table`.

    ``source`` is what :func:`extractor.extract` takes (HTML text or bytes, a path, a URL, or a
    :class:`Page`); ``render=True`` renders it in Chromium first, and cleaning then goes by
    position (``Table.cleaning == "position"``, else ``"html"``). ``options`` are those of
    :class:`extractor.methods.records.Options`. Returns the main region's records as rows
    (columns named and typed), every region found in ``Table.regions`` (main first, with a
    score and a box when rendered), the text of each main-region record in
    ``Table.record_texts``; an empty Table has a ``reason``. ``screenshot=PATH`` (implies
    ``render``) saves the full-page PNG with the main region and each record drawn on it, and
    notes it in ``Table.notes``. Relative links and image addresses are resolved against the
    page's web address (``url``, or the URL it was fetched from) and left relative for a local file,
    whose path is no address a reader could follow. ``timeout`` and ``user_agent`` are
    :func:`extractor.extract`'s. Raises :class:`OptionError` for bad options (before
    loading), :class:`OutputError` for a ``screenshot`` folder that cannot be made or written to
    (before rendering), and the load/render errors (:class:`PagesightError`).
    """
    opts = record_options(**options)
    check_limits(timeout=timeout)
    if screenshot is not None:
        screenshot_folder(screenshot)  # before the render it would be saved after
        render, render_options = True, {**(render_options or {}), "screenshot": True}
    t0 = time.perf_counter()
    timings: dict[str, float] = {}
    page = rendered = get_page(source, render=render, url=url, encoding=encoding, render_options=render_options,
                               timings=timings, timeout=timeout, user_agent=user_agent)
    notes: list[str] = []
    if page.geometry is not None and opts.render_fallback_share > 0 and not isinstance(source, Page):
        page = _served_if_render_lost_text(page, source, url, encoding, opts.render_fallback_share, notes)
    t1 = time.perf_counter()
    found = _mine_with_web_base(page, opts)
    table = build_table(page, found, opts)
    if "records_cut" in found.details:
        kept, total = found.details["records_cut"]
        notes.append(f"the main region holds {total:,} records: the first {kept:,} were read (option max_records)")
    table.notes = notes
    t2 = time.perf_counter()
    timings["extract"] = round((t2 - t1) * 1000, 3)
    timings["total"] = round((t2 - t0) * 1000, 3)
    table.timings = timings
    if screenshot is not None:
        drawn = save_records_screenshot(rendered, table, screenshot)
        cut = f"; {drawn['cut']} boxes lie below the bottom of the screenshot" if drawn.get("cut") else ""
        table.notes.append(f"screenshot with {len(drawn['boxes'])} boxes written to {drawn['path']}{cut}")
    return table


def _mine_with_web_base(page: Page, opts: mining.Options) -> mining.Mining:
    """Record mining with links resolved only against a web address: a page read from a local file
    (its URL is ``file:``) is mined with no base, so its relative links stay relative."""
    local = (page.url or "").lower().startswith("file:")
    if not local:
        return mining.run(page, opts)
    kept, page.url = page.url, None
    try:
        return mining.run(page, opts)
    finally:
        page.url = kept


def save_records_screenshot(page: Page, table: Table, path: str | os.PathLike) -> dict[str, Any]:
    """Draw the table's regions (the main one labelled ``main``) and the main region's records on the
    rendered page's screenshot; save the PNG at ``path``. Returns what was drawn (see
    :func:`render.screenshot.annotate`). Raises :class:`RenderError` when there is no screenshot."""
    from render.screenshot import annotate

    from .errors import RenderError

    geometry = page.geometry
    png = geometry.extra.get("screenshot") if geometry is not None else None
    if not png:
        raise RenderError("no screenshot was taken for this page (render it with screenshot=True)")
    items: list[tuple[Any, str, str]] = []
    if table.rendered and table.regions:
        # Regions first (records are drawn over them), each drawn a little larger than its box so that
        # its label sits above the first record's label.
        for n, region in reversed(list(enumerate(table.regions))):
            if region.box is not None:
                x, y, w, h = region.box
                pad, top = REGION_PAD_PX, REGION_LABEL_PX
                box = (x - pad, y - top, w + 2 * pad, h + top + pad)
                label = f"{'main region' if n == 0 else f'region {n + 1}'} · {len(region.record_ids)} records"
                items.append((box, label, "region" if n == 0 else "other region"))
        for n, box in enumerate(table.regions[0].record_boxes, 1):
            if box is not None and box[2] > 0 and box[3] > 0:
                items.append((box, f"#{n}", "record"))
    title = (f"pagesight · records · {len(table.rows)} records" if table.rendered
             else "pagesight · records · mined from the HTML as served: no boxes to draw")
    return annotate(png, items, path, geometry.device_scale_factor, title=title,
                    screen_height=geometry.viewport_height, hidden=geometry.extra.get("screenshot_hidden", 0))


def _served_if_render_lost_text(page: Page, source: Any, url: str | None, encoding: str | None, share: float,
                                notes: list[str]) -> Page:
    """The HTML-path page when the rendered one shows less than ``share`` of the served text, else ``page``."""
    served = get_page(source, render=False, url=url, encoding=encoding)
    shown, sent = int(page.text_len[page.body_id]), int(served.text_len[served.body_id])
    if sent > 0 and shown < share * sent:
        notes.append(f"the rendered page shows {shown:,} of the {sent:,} characters of text the HTML serves "
                     "(scripts that cannot run here?): records were mined from the HTML as served")
        return served
    return page


@lru_cache(maxsize=64)
def _options_dict(opts: mining.Options) -> dict[str, Any]:
    """``asdict(opts)`` once per distinct Options (a frozen dataclass of plain values; asdict copies
    each field, ~0.2 ms); callers take a copy of the dict."""
    return asdict(opts)


def build_table(page: Page, found: mining.Mining, opts: mining.Options) -> Table:
    """Assemble a :class:`Table` from a :class:`~extractor.methods.records.Mining` result."""
    geometry = page.geometry

    def box(i: int):
        return geometry.box(i) if geometry is not None else None

    regions = [Region(r.parent, list(r.records), round(r.score, 3), box(r.parent),
                      [box(i) for i in r.records] if geometry is not None else []) for r in found.regions]
    table = Table(columns=[], rows=[], regions=regions, options=dict(_options_dict(opts)),
                  rendered=geometry is not None, cleaning=found.cleaning, url=page.url, reason=found.reason)
    if found.schema is None or not found.regions:
        table.reason = found.reason or "no records found"
        return table
    table.columns = found.schema.columns
    table.rows = found.schema.rows
    main = found.regions[0].records
    skip = frozenset(main)
    table.record_texts = [record_text(page, r, skip) for r in main]
    return table
