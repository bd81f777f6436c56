"""Benchmark (not a test): CPU time and date coverage of the metadata step with and without the
headline-date step (``extractor.metadata.headline_date``), page by page over every dev page.

Each page is loaded once; ``page_metadata(page, date_fallback=htmldate_fallback)`` (what
``extract()`` runs) is then timed twice, the headline step switched off in one arm, the arms'
order alternating from page to page so that a loaded machine weighs on both alike.

Usage: ``python bench/bench_metadata_step.py``
"""

from __future__ import annotations

import gzip
import json
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import extractor  # noqa: E402
import extractor.metadata as md  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
SETS = ("wcxb_dev", "cleaneval", "l3s_gn1", "dragnet", "chinese_wce")


def main() -> None:
    """Print CPU ms per page and date coverage of both arms."""
    headline_date = md.headline_date
    seconds = {"on": 0.0, "off": 0.0}
    dated = {"on": 0, "off": 0}
    pages = 0
    for name in SETS:
        with gzip.open(DATA / name / "gold.jsonl.gz", "rt", encoding="utf-8") as fh:
            gold = [json.loads(line) for line in fh if line.strip()]
        for g in gold:
            try:
                page = extractor.load(gzip.decompress((DATA / name / "html" / f"{g['id']}.html.gz").read_bytes()),
                                      url=g.get("url"))
            except extractor.PagesightError:
                continue
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
    main()
