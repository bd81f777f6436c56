"""Benchmark of page metadata (not a test): coverage beside trafilatura, htmldate for dates, speed.

On every page of the dev sets (HTML path: ``extractor.load(data, url=gold_url)``) this runs

1. ``extractor.metadata.page_metadata(page)`` without a date library (JSON-LD, Open Graph,
   ``<meta>``, visible bylines and ``<time>``), timed alone (CPU ms per page);
2. ``htmldate.find_date`` on the same decoded text, URL reading off (``url=""``: pagesight never
   takes a date from the URL alone), ``original_date=True``, in its fast mode
   (``extensive_search=False``) and its extensive mode (bare dates anywhere in the text), timed.
   What ``extract()`` returns is column "ps": the tiers, else htmldate's day (fast mode unless
   ``HTMLDATE_EXTENSIVE``) unless it is
   a January 1st (a bare year, ``extractor.dates.year_only``);
3. ``trafilatura.extract_metadata(text, default_url=url)`` (author, date, sitename, title), which
   reads the URL for dates and falls back to the URL's host for the site name;
4. on the sets whose gold has titles (wcxb_dev, l3s_gn1), ``extractor.extract(page).title`` vs the gold
   title and vs trafilatura's title (exact match after ``extractor.metrics.normalize``).

Coverage is the share of pages with a value. Date agreement compares days (``YYYY-MM-DD``).
"URL-dated pages" are those whose gold URL holds a full ``/YYYY/MM/DD/`` date: there the URL date
is taken as the likely publication day and each reader's day is checked against it (readers that
read the URL, trafilatura, are then right by construction; the column says so).

Usage::

    python bench/bench_metadata.py [--sets wcxb_dev,cleaneval] [--limit N] [--json out.json]
"""

from __future__ import annotations

import argparse
import gzip
import json
import pathlib
import re
import statistics
import sys
import time
import warnings
from datetime import date
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import extractor  # noqa: E402
from extractor.dates import HTMLDATE_EXTENSIVE, year_only  # noqa: E402
from extractor.metadata import page_metadata  # noqa: E402
from extractor.metrics import normalize  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
SETS = ("wcxb_dev", "cleaneval", "l3s_gn1", "dragnet", "chinese_wce")
_URL_DATE = re.compile(r"/((?:19|20)\d\d)[/-](\d{1,2})[/-](\d{1,2})(?:/|[-_]|$)")


def _gold(set_dir: pathlib.Path) -> list[dict[str, Any]]:
    with gzip.open(set_dir / "gold.jsonl.gz", "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _url_day(url: str | None) -> str | None:
    m = _URL_DATE.search(url or "")
    if not m:
        return None
    try:
        return date(int(m[1]), int(m[2]), int(m[3])).isoformat()
    except ValueError:
        return None


def measure(set_name: str, limit: int | None, titles: bool) -> list[dict[str, Any]]:
    import htmldate
    import trafilatura

    rows = []
    today = date.today().isoformat()
    for g in _gold(DATA / set_name)[:limit]:
        path = DATA / set_name / "html" / f"{g['id']}.html.gz"
        try:
            page = extractor.load(gzip.decompress(path.read_bytes()), url=g.get("url"))
        except Exception as err:  # noqa: BLE001 - counted, left out
            rows.append({"id": g["id"], "failed": str(err)})
            continue
        row: dict[str, Any] = {"id": g["id"], "url_day": _url_day(g.get("url"))}
        t = time.process_time()
        meta = page_metadata(page)
        row["ms_ps"] = (time.process_time() - t) * 1000
        row["ps"] = {k: getattr(meta, k) for k in ("author", "date", "date_modified", "site_name", "language",
                                                   "description", "image", "canonical_url", "tags")}
        row["ps_src"] = meta.sources
        text = page.source_text or ""
        for mode, extensive in (("hd_fast", False), ("hd_ext", True)):
            t = time.process_time()
            try:
                found = htmldate.find_date(text, url="", extensive_search=extensive, original_date=True,
                                           max_date=today)
            except Exception:  # noqa: BLE001
                found = None
            row["ms_" + mode] = (time.process_time() - t) * 1000
            row[mode] = found
        t = time.process_time()
        try:
            doc = trafilatura.extract_metadata(text, default_url=g.get("url"))
            row["tr"] = {"author": doc.author, "date": doc.date, "sitename": doc.sitename, "title": doc.title}
        except Exception:  # noqa: BLE001
            row["tr"] = {"author": None, "date": None, "sitename": None, "title": None}
        row["ms_tr"] = (time.process_time() - t) * 1000
        if titles and g.get("title"):
            row["gold_title"] = g["title"]
            row["ps_title"] = extractor.extract(page).title
        rows.append(row)
    return rows


def _pct(n: int, d: int) -> str:
    return f"{100 * n / d:5.1f}%" if d else "   n/a"


def _med(values: list[float]) -> str:
    return f"{statistics.median(values):6.2f}" if values else "   n/a"


#: The ``date_search`` of extract() that the "date ps" column follows (``--date-search``).
DATE_SEARCH = {"date_search": "extensive" if HTMLDATE_EXTENSIVE else "fast"}


def _htmldate_day(r: dict[str, Any]) -> str | None:
    mode = DATE_SEARCH["date_search"]
    return None if mode == "markup" else r["hd_ext"] if mode == "extensive" else r["hd_fast"]


def _final_date(r: dict[str, Any]) -> str | None:
    """The date ``extract(date_search=...)`` gives: a tier's, else htmldate's day (none with
    "markup", its fast or extensive search) unless a bare year."""
    day = _htmldate_day(r)
    return r["ps"]["date"] or (None if year_only(day) else day)


def _date_cost(rows: list[dict[str, Any]]) -> float:
    """Mean CPU ms per page that htmldate adds under ``DATE_SEARCH`` (run where no tier dated the page)."""
    mode = DATE_SEARCH["date_search"]
    if mode == "markup" or not rows:
        return 0.0
    key = "ms_hd_ext" if mode == "extensive" else "ms_hd_fast"
    return sum(r[key] for r in rows if not r["ps"]["date"]) / len(rows)


def _tr_date_page(r: dict[str, Any]) -> bool:
    """trafilatura has a date that is neither the URL's day nor a January 1st (a bare year)."""
    day = r["tr"]["date"]
    return bool(day) and day != r["url_day"] and not year_only(day)


def report(all_rows: dict[str, list[dict[str, Any]]]) -> str:
    out = []
    head = (f"{'set':12} {'pages':>5} | {'author ps':>9} {'tr':>6} | {'date ps':>7} {'tiers':>6} {'tr':>6} "
            f"{'tr-page':>7} | {'site ps':>7} {'tiers':>6} {'tr':>6} {'tr-page':>7} | {'lang':>6} {'desc':>6} "
            f"{'image':>6} {'canon':>6} {'tags':>6}")
    out += ["Coverage (share of pages with a value). ps = pagesight as extract() fills it; tiers = from JSON-LD, "
            "Open Graph, <meta> and visible markup only (date: no htmldate; site: no host-name fallback); "
            "tr = trafilatura.extract_metadata; tr-page = trafilatura's values that are not the URL's day or a "
            "January 1st (date) / not its URL-host fallback (site). lang..tags: pagesight only.",
            head, "-" * len(head)]
    every: list[dict[str, Any]] = []
    for name, rows in all_rows.items():
        ok = [r for r in rows if "failed" not in r]
        every.extend(ok)
        out.append(_coverage_line(name, ok))
    if len(all_rows) > 1:
        out.append(_coverage_line("all", every))
    dated = [r for rows in all_rows.values() for r in rows if "failed" not in r]
    out += ["", f"date ps follows date_search={DATE_SEARCH['date_search']!r}: htmldate adds "
            f"{_date_cost(dated):.2f} CPU ms a page on average over these {len(dated)} pages."]
    out.append("")
    out += _date_tables(all_rows)
    out.append("")
    out += _speed_table(all_rows)
    for name, rows in all_rows.items():
        titled = [r for r in rows if "ps_title" in r]
        if titled:
            ps = sum(normalize(r["ps_title"]) == normalize(r["gold_title"]) for r in titled)
            tr = sum(normalize(r["tr"]["title"] or "") == normalize(r["gold_title"]) for r in titled)
            out += ["", f"Title exact match (normalised) on {len(titled)} {name} pages with a gold title: "
                    f"pagesight extract().title {_pct(ps, len(titled))}, trafilatura {_pct(tr, len(titled))}"]
    return "\n".join(out)


def _coverage_line(name: str, ok: list[dict[str, Any]]) -> str:
    n = len(ok)

    def cov(pred) -> str:
        return _pct(sum(1 for r in ok if pred(r)), n)

    return (f"{name:12} {n:5d} | {cov(lambda r: r['ps']['author']):>9} {cov(lambda r: r['tr']['author']):>6} | "
            f"{cov(_final_date):>7} {cov(lambda r: r['ps']['date']):>6} {cov(lambda r: r['tr']['date']):>6} "
            f"{cov(_tr_date_page):>7} | {cov(lambda r: r['ps']['site_name']):>7} "
            f"{cov(lambda r: r['ps']['site_name'] and r['ps_src'].get('site_name') != 'url'):>6} "
            f"{cov(lambda r: r['tr']['sitename']):>6} {cov(lambda r: r['tr']['sitename'] and not _tr_host(r)):>7} | "
            f"{cov(lambda r: r['ps']['language']):>6} {cov(lambda r: r['ps']['description']):>6} "
            f"{cov(lambda r: r['ps']['image']):>6} {cov(lambda r: r['ps']['canonical_url']):>6} "
            f"{cov(lambda r: r['ps']['tags']):>6}")


def _tr_host(row: dict[str, Any]) -> bool:
    site = (row["tr"]["sitename"] or "").lower()
    return bool(site) and site in (row.get("host") or "", row.get("canon_host") or "")


def _day(value: str | None) -> str | None:
    return value[:10] if value else None


def _date_tables(all_rows: dict[str, list[dict[str, Any]]]) -> list[str]:
    head = (f"{'set':12} | {'tiers':>6} {'hd_fast':>7} {'hd_ext':>7} {'ext 1/1':>7} | {'fast=tiers':>11} "
            f"{'ext=tiers':>11} | {'URL-dated':>9} {'tiers ok':>9} {'hd_fast ok':>10} {'hd_ext ok':>10} "
            f"{'ps ok':>9} {'tr ok(URL)':>10}")
    out = ["Dates: coverage of the tiers alone and of htmldate alone (ext 1/1: share of pages where htmldate's "
           "extensive day is a January 1st, a bare year); agreement of htmldate with the tiers (same day, pages "
           "where both have one); on URL-dated pages, dates that fall on the URL's day (ok / dated)",
           head, "-" * len(head)]
    every: list[dict[str, Any]] = []
    for name, rows in [*all_rows.items(), ("all", None)]:
        ok = every if rows is None else [r for r in rows if "failed" not in r]
        if rows is not None:
            every.extend(ok)
        elif len(all_rows) == 1:
            break
        n = len(ok)

        def agree(key: str, ok: list = ok) -> str:
            both = [r for r in ok if r["ps"]["date"] and r[key]]
            same = sum(_day(r["ps"]["date"]) == _day(r[key]) for r in both)
            return f"{same}/{len(both)}"

        dated = [r for r in ok if r["url_day"]]

        def right(get, dated: list = dated) -> str:
            have = [r for r in dated if get(r)]
            return f"{sum(_day(get(r)) == r['url_day'] for r in have)}/{len(have)}"

        out.append(f"{name:12} | {_pct(sum(bool(r['ps']['date']) for r in ok), n):>6} "
                   f"{_pct(sum(bool(r['hd_fast']) for r in ok), n):>7} {_pct(sum(bool(r['hd_ext']) for r in ok), n):>7}"
                   f" {_pct(sum(year_only(r['hd_ext']) for r in ok), n):>7}"
                   f" | {agree('hd_fast'):>11} {agree('hd_ext'):>11} | {len(dated):>9} "
                   f"{right(lambda r: r['ps']['date']):>9} {right(lambda r: r['hd_fast']):>10} "
                   f"{right(lambda r: r['hd_ext']):>10} {right(_final_date):>9} {right(lambda r: r['tr']['date']):>10}")
    return out


def _speed_table(all_rows: dict[str, list[dict[str, Any]]]) -> list[str]:
    head = (f"{'set':12} | {'ps med':>6} {'ps p90':>6} {'ps max':>7} | {'hd_fast':>7} {'hd_ext':>7} | {'tr':>6}")
    out = ["Speed: CPU ms per page (median; ps also p90 and max), decoding and parsing not included for ps "
           "(it reads the Page), included for htmldate and trafilatura (they parse the text)",
           head, "-" * len(head)]
    for name, rows in all_rows.items():
        ok = [r for r in rows if "failed" not in r]
        ps = sorted(r["ms_ps"] for r in ok)
        p90 = ps[int(0.9 * (len(ps) - 1))] if ps else 0.0
        out.append(f"{name:12} | {_med(ps):>6} {p90:6.2f} {max(ps, default=0):7.2f} | "
                   f"{_med([r['ms_hd_fast'] for r in ok]):>7} {_med([r['ms_hd_ext'] for r in ok]):>7} | "
                   f"{_med([r['ms_tr'] for r in ok]):>6}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--limit", type=int, default=None, help="first N pages of each set")
    ap.add_argument("--json", help="write the per-page rows here")
    ap.add_argument("--from-json", help="report rows written earlier by --json instead of measuring")
    ap.add_argument("--date-search", choices=("markup", "fast", "extensive"), default=DATE_SEARCH["date_search"],
                    help="the extract() date_search the 'date ps' column follows")
    args = ap.parse_args(argv)
    DATE_SEARCH["date_search"] = args.date_search
    warnings.filterwarnings("ignore")
    import logging

    logging.disable(logging.WARNING)
    if args.from_json:
        all_rows = json.loads(pathlib.Path(args.from_json).read_text())
    else:
        all_rows = {}
        for name in args.sets.split(","):
            t = time.perf_counter()
            all_rows[name] = measure(name, args.limit, titles=True)  # the sets whose gold has titles
            print(f"# {name}: {len(all_rows[name])} pages in {time.perf_counter() - t:.0f} s", file=sys.stderr)
        if args.json:
            pathlib.Path(args.json).write_text(json.dumps(all_rows))
    golds = {name: {g["id"]: g.get("url") for g in _gold(DATA / name)} for name in all_rows}
    for name, rows in all_rows.items():
        for r in rows:
            url = golds[name].get(r["id"]) or ""
            r["url"] = url
            host = re.match(r"https?://(?:www\.)?([^/:]+)", url)
            r["host"] = host[1].lower() if host else ""
            canon = re.match(r"https?://(?:www\.)?([^/:]+)", r["ps"]["canonical_url"] or "")
            r["canon_host"] = canon[1].lower() if canon else ""
    print(report(all_rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
