"""The front door for data records: :func:`extract_records` returns a :class:`Table`.

Record mining (``extractor.methods.records``) is not a main-text method, so it is not in
``METHODS``; it has its own entry point here.
"""

from __future__ import annotations

import os
import time
from dataclasses import asdict
from typing import Any

from .methods import records as mining
from .methods.base import make_options
from .methods.records_schema import record_text
from .page import Page
from .result import Region, Table


def record_options(**options: Any) -> mining.Options:
    """Checked options of record mining. Raises :class:`OptionError` for unknown names and bad values."""
    return make_options(mining.Options, "records", options)


def extract_records(
    source: str | bytes | os.PathLike | Page,
    *,
    render: bool = False,
    url: str | None = None,
    encoding: str | None = None,
    render_options: dict[str, Any] | None = None,
    **options: Any,
) -> Table:
    """Repeated data records of a page as a :class:`Table`.

    ``source`` is what :func:`extractor.extract` takes (HTML text or bytes, a path, a URL, or a
    :class:`Page`); ``render=True`` renders it in Chromium first, and cleaning then goes by
    position (``Table.cleaning == "position"``, else ``"html"``). ``options`` are those of
    :class:`extractor.methods.records.Options`. Returns the main region's records as rows
    (columns named and typed), every region found in ``Table.regions`` (main first, with a
    score and a box when rendered), the text of each main-region record in
    ``Table.record_texts``; an empty Table has a ``reason``. Raises :class:`OptionError` for
    bad options (before loading), and the load/render errors (:class:`PagesightError`).
    """
    from .api import get_page

    opts = record_options(**options)
    t0 = time.perf_counter()
    timings: dict[str, float] = {}
    page = get_page(source, render=render, url=url, encoding=encoding, render_options=render_options,
                    timings=timings)
    notes: list[str] = []
    if page.geometry is not None and opts.render_fallback_share > 0 and not isinstance(source, Page):
        page = _served_if_render_lost_text(page, source, url, encoding, opts.render_fallback_share, notes)
    t1 = time.perf_counter()
    found = mining.run(page, opts)
    table = build_table(page, found, opts)
    table.notes = notes
    t2 = time.perf_counter()
    timings["extract"] = round((t2 - t1) * 1000, 3)
    timings["total"] = round((t2 - t0) * 1000, 3)
    table.timings = timings
    return table


def _served_if_render_lost_text(page: Page, source: Any, url: str | None, encoding: str | None, share: float,
                                notes: list[str]) -> Page:
    """The HTML-path page when the rendered one shows less than ``share`` of the served text, else ``page``."""
    from .api import get_page

    served = get_page(source, render=False, url=url, encoding=encoding)
    shown, sent = int(page.text_len[page.body_id]), int(served.text_len[served.body_id])
    if sent > 0 and shown < share * sent:
        notes.append(f"the rendered page shows {shown:,} of the {sent:,} characters of text the HTML serves "
                     "(scripts that cannot run here?): records were mined from the HTML as served")
        return served
    return page


def build_table(page: Page, found: mining.Mining, opts: mining.Options) -> Table:
    """Assemble a :class:`Table` from a :class:`~extractor.methods.records.Mining` result."""
    geometry = page.geometry

    def box(i: int):
        return geometry.box(i) if geometry is not None else None

    regions = [Region(r.parent, list(r.records), round(r.score, 3), box(r.parent),
                      [box(i) for i in r.records] if geometry is not None else []) for r in found.regions]
    table = Table(columns=[], rows=[], regions=regions, options=asdict(opts), rendered=geometry is not None,
                  cleaning=found.cleaning, url=page.url, reason=found.reason)
    if found.schema is None or not found.regions:
        table.reason = found.reason or "no records found"
        return table
    table.columns = found.schema.columns
    table.rows = found.schema.rows
    main = found.regions[0].records
    skip = frozenset(main)
    table.record_texts = [record_text(page, r, skip) for r in main]
    return table
