"""How often pagesight says "try render=True" with rendering off (not a test).

On the framework corpus (``fixtures/js``, served from 127.0.0.1): the share of pages built in
the browser that get the hint (recall). On the dev sets (``../shared/data``): the share of
ordinary saved pages that get it (how often it fires where the HTML holds the page).

Usage: ``python bench/bench_hints.py``
"""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor import extract  # noqa: E402
from extractor.evaluate import iter_pages  # noqa: E402
from tests.js_corpus import load_gold, serve_site  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
SETS = ("wcxb_dev", "cleaneval", "l3s_gn1", "dragnet", "chinese_wce")


def hinted(result) -> bool:
    """True when the Result tells the user to render the page."""
    return any("try render=True" in w for w in result.warnings) or "render=True" in (result.reason or "")


def main() -> None:
    with serve_site() as base:
        pages = load_gold()
        missed = [g["id"] for g in pages if not hinted(extract(base + g["path"], method="decay"))]
    print(f"framework corpus, render off: {len(pages) - len(missed)} of {len(pages)} pages get the hint; "
          f"not: {', '.join(missed)}")
    print("\n| set | pages | hinted | share |\n|---|---|---|---|")
    for name in SETS:
        if not (DATA / name).is_dir():
            continue
        total = count = 0
        for gold, data in iter_pages(DATA / name):
            total += 1
            try:
                count += hinted(extract(data, method="decay", url=gold.get("url")))
            except Exception:  # noqa: BLE001 - a page that cannot be read gets no hint either
                pass
        print(f"| {name} | {total} | {count} | {count / total:.1%} |")


if __name__ == "__main__":
    main()
