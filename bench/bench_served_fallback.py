"""What the served-HTML fallback of the render path (``extractor/served.py``) does to the dev sets' F1.

Each page is rendered once, offline (as ``pagesight eval --render``); ``auto`` reads the rendered Page
(the rendering alone) and the served bytes without rendering (the HTML path), and the fallback rule
picks between the two as ``extract(render=True)`` does. Shingle F1 (``../shared/data/README.md``) of
the three, per set, with the pages the rule sent to the served HTML and how many rose or fell. A page
whose rendering fails counts 0 for the rendering and the rule alike (``eval`` scores it so too).
``--dump FILE`` writes each page's figures (words of both main texts, those shared, F1s) as JSON.

Usage: ``python bench/bench_served_fallback.py [--sets l3s_gn1,cleaneval] [--limit N] [--ids 0001,0002]``.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time
from collections import Counter

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor import extract  # noqa: E402
from extractor.api import get_page  # noqa: E402
from extractor.errors import PagesightError  # noqa: E402
from extractor.evaluate import page_bytes, read_gold  # noqa: E402
from extractor.metrics import shingle_prf, tokens  # noqa: E402
from extractor.page import SERVED_KEY  # noqa: E402
from extractor.served import lost_in_rendering  # noqa: E402
from extractor.source import RawPage  # noqa: E402

DATA = ROOT.parent / "shared" / "data"


def page_figures(set_name: str, gold: dict) -> dict:
    """One page: the rendering's, the served HTML's and the rule's F1, and the words behind the rule."""
    data = page_bytes(DATA / set_name, gold["id"])
    url, body = gold.get("url"), gold.get("body") or ""
    served = extract(data, url=url)  # the HTML path: the bytes as served
    row = {"set": set_name, "id": gold["id"], "html": shingle_prf(served.text, body).f1, "render": 0.0,
           "rule": 0.0, "fallback": False, "error": None}
    try:
        page = get_page(data, render=True, url=url, render_options={"offline": True})
    except PagesightError as exc:
        row["error"] = f"{type(exc).__name__}: {exc}"
        return row
    rendered = extract(page)
    served_bytes = page.geometry.extra.get(SERVED_KEY)
    if served_bytes and served_bytes != data:  # the route serves the bytes as given: they should be the same
        served = extract(RawPage(served_bytes, url=page.url, http_charset=page.geometry.extra.get("served_charset")))
    loss = lost_in_rendering(served.text, rendered.text)
    s, r = tokens(served.text), tokens(rendered.text)
    row.update(render=shingle_prf(rendered.text, body).f1, fallback=loss is not None,
               served_words=len(s), rendered_words=len(r), kept_words=sum((Counter(s) & Counter(r)).values()),
               visible_words=len(tokens(page.text_of(page.body_id))))
    row["rule"] = row["html"] if loss is not None else row["render"]
    return row


def main(argv: list[str] | None = None) -> int:
    """Command line entry point (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default="l3s_gn1,cleaneval")
    ap.add_argument("--limit", type=int, help="first N pages of each set")
    ap.add_argument("--ids", help="only these page ids (comma-separated)")
    ap.add_argument("--dump", type=pathlib.Path, help="write each page's figures here (JSON)")
    args = ap.parse_args(argv)
    ids = set(args.ids.split(",")) if args.ids else None
    rows = []
    t0 = time.perf_counter()
    for s in args.sets.split(","):
        for g in read_gold(DATA / s)[:args.limit]:
            if ids is None or g["id"] in ids:
                rows.append(page_figures(s, g))
    print(f"{len(rows)} pages rendered offline in {time.perf_counter() - t0:.0f} s")
    print("| set | pages | rendering alone | served HTML (HTML path) | with the fallback | fell back | rose | fell |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for s in dict.fromkeys(r["set"] for r in rows):
        some = [r for r in rows if r["set"] == s]
        mean = {k: statistics.fmean(r[k] for r in some) for k in ("render", "html", "rule")}
        rose = sum(r["rule"] > r["render"] + 0.005 for r in some)
        fell = sum(r["rule"] < r["render"] - 0.005 for r in some)
        print(f"| {s} | {len(some)} | {mean['render']:.3f} | {mean['html']:.3f} | {mean['rule']:.3f} | "
              f"{sum(r['fallback'] for r in some)} | {rose} | {fell} |")
    if args.dump:
        args.dump.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
