"""Benchmark (not a test): CPU time and date coverage of the metadata step with and without the
headline-date step (``extractor.dates.headline_date``), page by page over every dev page.

Each page is loaded once; ``page_metadata(page, date_fallback=htmldate_fallback)`` (what
``extract()`` runs) is then timed twice, the headline step switched off in one arm, the arms'
order alternating from page to page so that a loaded machine weighs on both alike.

``--windows`` instead compares windows of the headline step (elements before the first ``<h1>``,
from it, longest line): date coverage of what ``extract()`` gives, days that fall on the URL's day
on URL-dated pages, and days that fall on the markup's day (JSON-LD, Open Graph, ``<meta>``) on the
pages the markup dates, the step run as if the markup said nothing.

Usage: ``python bench/bench_metadata_step.py [--windows]``
"""

from __future__ import annotations

import gzip
import json
import pathlib
import re
import sys
import time
from datetime import date

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import extractor  # noqa: E402
import extractor.metadata as md  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
SETS = ("wcxb_dev", "cleaneval", "l3s_gn1", "dragnet", "chinese_wce")
#: Windows compared by ``--windows``: (before the h1, from the h1, longest line in characters).
WINDOWS = ((30, 80, 300), (60, 250, 300), (60, 400, 300), (60, 1000, 300))
_URL_DATE = re.compile(r"/((?:19|20)\d\d)[/-](\d{1,2})[/-](\d{1,2})(?:/|[-_]|$)")


def _pages():
    """``(page, gold)`` for every dev page that loads."""
    for name in SETS:
        with gzip.open(DATA / name / "gold.jsonl.gz", "rt", encoding="utf-8") as fh:
            gold = [json.loads(line) for line in fh if line.strip()]
        for g in gold:
            try:
                yield extractor.load(gzip.decompress((DATA / name / "html" / f"{g['id']}.html.gz").read_bytes()),
                                     url=g.get("url")), g
            except extractor.PagesightError:
                continue


def _url_day(url: str | None) -> str | None:
    m = _URL_DATE.search(url or "")
    try:
        return date(int(m[1]), int(m[2]), int(m[3])).isoformat() if m else None
    except ValueError:
        return None


def windows() -> None:
    """Print, per window: coverage, agreement with URL days, agreement with the markup's days."""
    headline_date = md.headline_date
    kept = (md.HEADLINE_BEFORE, md.HEADLINE_AFTER, md.HEADLINE_LINE_CHARS)
    stats = {w: {"dated": 0, "url": 0, "url_ok": 0, "markup": 0, "markup_ok": 0} for w in WINDOWS}
    pages = 0
    try:
        for page, g in _pages():
            pages += 1
            md.headline_date = lambda page: None
            tiers = md.page_metadata(page)  # markup and visible tiers only
            markup = tiers.date if tiers.sources.get("date") in ("json-ld", "opengraph", "meta") else None
            fallback = None
            if not tiers.date:
                try:
                    fallback = md.htmldate_fallback(page)
                except Exception:  # noqa: BLE001 - counted as no date, as extract() does
                    fallback = None
            url_day = _url_day(g.get("url"))
            for w in WINDOWS:
                md.HEADLINE_BEFORE, md.HEADLINE_AFTER, md.HEADLINE_LINE_CHARS = w
                found = headline_date(page)
                final = tiers.date or found or fallback
                s = stats[w]
                s["dated"] += bool(final)
                if url_day and final:
                    s["url"] += 1
                    s["url_ok"] += final[:10] == url_day
                if markup and found:
                    s["markup"] += 1
                    s["markup_ok"] += found == markup[:10]
    finally:
        md.headline_date = headline_date
        md.HEADLINE_BEFORE, md.HEADLINE_AFTER, md.HEADLINE_LINE_CHARS = kept
    print(f"{pages} pages; window (before h1, from h1, longest line): date coverage | on the URL's day | "
          "on the markup's day")
    for w, s in stats.items():
        print(f"{w}: {100 * s['dated'] / pages:.1f} % | {s['url_ok']} of {s['url']} | "
              f"{s['markup_ok']} of {s['markup']} ({100 * s['markup_ok'] / max(s['markup'], 1):.1f} %)")


def main() -> None:
    """Print CPU ms per page and date coverage of both arms."""
    headline_date = md.headline_date
    seconds = {"on": 0.0, "off": 0.0}
    dated = {"on": 0, "off": 0}
    pages = 0
    for page, _ in _pages():
        pages += 1
        for arm in ("on", "off") if pages % 2 else ("off", "on"):
            md.headline_date = headline_date if arm == "on" else (lambda page: None)
            t0 = time.process_time()
            meta = md.page_metadata(page, date_fallback=md.htmldate_fallback)
            seconds[arm] += time.process_time() - t0
            dated[arm] += bool(meta.date)
    md.headline_date = headline_date
    print(f"pages {pages}; metadata step, CPU ms/page: with the headline step {1000 * seconds['on'] / pages:.2f}, "
          f"without {1000 * seconds['off'] / pages:.2f}")
    print(f"date coverage: with {100 * dated['on'] / pages:.1f} %, without {100 * dated['off'] / pages:.1f} %")


if __name__ == "__main__":
    windows() if "--windows" in sys.argv[1:] else main()
