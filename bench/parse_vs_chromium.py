"""How much of Chromium's body text survives pagesight's parse (issue #14, item 1).

For N pages per text set (evenly spaced over ``../shared/data/<set>/html/*.html.gz``), the page
is decoded once with pagesight's decoder and given to both parsers:

- Chromium (offline, JavaScript off, so the tree is the HTML5 parser's and not a script's):
  the text nodes of ``<body>`` joined by spaces, less the noise tags pagesight removes
  (ALGORITHMS "Shared vocabulary"; a button inside a heading stays, as in
  ``extractor.parse._keep_heading_buttons``). The same noise tags on both sides, so what is
  measured is where each parser puts the text, not the cleaning.
- pagesight: ``Page.text_of(page.body_id)`` of ``parse_html`` with a chosen set of repairs.

Score per page: token recall, the share of Chromium's tokens (multiset, tokens of
``extractor.metrics.tokens``) found in pagesight's text. A page "loses text" when recall < 0.90.
The report has one row per repair variant: none, each repair alone, all repairs; per set the
pages that lose text, then over all sets the mean recall, ``extra`` (pages where more than 10 %
of pagesight's tokens are not in Chromium's text: text kept that a browser does not have) and
the median parse time (ms, ``parse_html`` alone).

With ``--changed-only`` (for whole sets) only the pages whose parsed text some repair changes
are rendered and scored. Chromium's texts are cached (``--cache``) so that the variants can be re-scored without the
browser. Usage::

    python bench/parse_vs_chromium.py --limit 200 --cache /tmp/parse/chromium.json.gz
"""

from __future__ import annotations

import argparse
import gzip
import json
import pathlib
import statistics
import sys
import time
from collections import Counter

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor.decode import decode  # noqa: E402
from extractor.errors import PagesightError  # noqa: E402
from extractor.metrics import tokens  # noqa: E402
from extractor.page import Page  # noqa: E402
from extractor.parse import NOISE_TAGS, REPAIRS, parse_html  # noqa: E402

SETS = ("cleaneval", "l3s_gn1", "dragnet", "chinese_wce", "wcxb_dev")
DATA = ROOT.parent / "shared" / "data"
#: A page loses text when pagesight keeps less than this share of Chromium's tokens.
LOSS_RECALL = 0.90
#: Where the pages are served from inside the browser (a reserved name, RFC 2606).
PAGE_URL = "http://pagesight.invalid/page.html"

#: Body text as pagesight would read it from Chromium's tree: noise tags out (a heading's
#: button kept), text nodes joined by spaces.
CHROMIUM_TEXT_JS = """
(noise) => {
  const body = document.body;
  if (!body) return "";
  const skip = new Set(noise.map(t => t.toUpperCase()));
  const heading = /^H[1-6]$/;
  const out = [];
  const walk = (node) => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) { out.push(c.data); continue; }
      if (c.nodeType !== 1) continue;
      const tag = c.tagName;
      if (skip.has(tag) && !(tag === "BUTTON" && c.parentElement && heading.test(c.parentElement.tagName))) continue;
      if (tag === "TEMPLATE" && c.content) continue;
      walk(c);
    }
  };
  // iterative enough for real pages; Chromium caps its tree at 512 levels anyway
  walk(body);
  return out.join(" ");
}
"""


def pick_pages(name: str, limit: int) -> list[pathlib.Path]:
    files = sorted((DATA / name / "html").glob("*.html.gz"))
    if limit and len(files) > limit:
        step = len(files) / limit
        files = [files[int(i * step)] for i in range(limit)]
    return files


def decoded(path: pathlib.Path) -> str | None:
    try:
        text, _ = decode(gzip.decompress(path.read_bytes()))
    except PagesightError:
        return None
    return text


def chromium_texts(jobs: list[tuple[str, str]], timeout_ms: int) -> dict[str, str]:
    """``{key: body text}`` from offline Chromium with JavaScript off, one page at a time."""
    from playwright.sync_api import sync_playwright

    from render.browser import LAUNCH_FLAGS, OFFLINE_FLAG, find_chromium

    out: dict[str, str] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=[*LAUNCH_FLAGS, OFFLINE_FLAG])
        context = browser.new_context(java_script_enabled=False)
        current = {"html": ""}

        def route(r):
            if r.request.url == PAGE_URL:
                r.fulfill(status=200, body=current["html"].encode("utf-8", "replace"),
                          headers={"content-type": "text/html; charset=utf-8"})
            else:
                r.abort()

        context.route("**/*", route)
        page = context.new_page()
        for n, (key, html) in enumerate(jobs, 1):
            current["html"] = html
            try:
                page.goto(PAGE_URL, wait_until="domcontentloaded", timeout=timeout_ms)
                out[key] = page.evaluate(CHROMIUM_TEXT_JS, list(NOISE_TAGS))
            except Exception as exc:  # a page Chromium cannot load is left out, and said so
                print(f"  chromium failed on {key}: {type(exc).__name__}: {str(exc)[:120]}", file=sys.stderr)
                page.close()
                page = context.new_page()
            if n % 100 == 0:
                print(f"  chromium {n}/{len(jobs)}", file=sys.stderr)
        browser.close()
    return out


def recall(reference: str, candidate: str) -> tuple[float, float]:
    """(share of the reference's tokens in the candidate, share of the candidate's tokens in the
    reference): token multisets, 1.0 for an empty side."""
    ref, cand = Counter(tokens(reference)), Counter(tokens(candidate))
    common = sum((ref & cand).values())
    n_ref, n_cand = sum(ref.values()), sum(cand.values())
    return (common / n_ref if n_ref else 1.0), (common / n_cand if n_cand else 1.0)


def pagesight_text(html: str, repairs: frozenset[str]) -> tuple[str, float]:
    t0 = time.perf_counter()
    try:
        root = parse_html(html, repairs=repairs)
    except PagesightError:
        return "", 0.0
    ms = (time.perf_counter() - t0) * 1000
    page = Page(root, source_text=html)
    return page.text_of(page.body_id), ms


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--limit", type=int, default=200, help="pages per set (evenly spaced; 0 = all)")
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--cache", type=pathlib.Path, help="JSON (gzip) file of Chromium's texts, read and extended")
    ap.add_argument("--timeout", type=int, default=15_000, help="ms per page in Chromium")
    ap.add_argument("--show", type=int, default=0, help="list this many worst pages of the full repair set")
    ap.add_argument("--changed-only", action="store_true",
                    help="render and score only the pages whose parsed text some repair changes (the "
                         "others score the same in every row, so before/after differences are exact)")
    args = ap.parse_args(argv)

    sets = [s for s in args.sets.split(",") if s]
    pages: dict[str, str] = {}
    for name in sets:
        for path in pick_pages(name, args.limit):
            html = decoded(path)
            if html is not None:
                pages[f"{name}/{path.name[:-len('.html.gz')]}"] = html
    if args.changed_only:
        before = len(pages)
        pages = {k: h for k, h in pages.items()
                 if len({pagesight_text(h, frozenset(v))[0] for v in [(), *[(r,) for r in REPAIRS], REPAIRS]}) > 1}
        print(f"pages whose text a repair changes: {len(pages)} of {before}")
    cache: dict[str, str] = {}
    if args.cache and args.cache.exists():
        cache = json.loads(gzip.decompress(args.cache.read_bytes()))
    todo = [(k, h) for k, h in pages.items() if k not in cache]
    if todo:
        t0 = time.monotonic()
        print(f"rendering {len(todo)} pages in Chromium ...", file=sys.stderr)
        cache.update(chromium_texts(todo, args.timeout))
        print(f"  {time.monotonic() - t0:.0f} s", file=sys.stderr)
        if args.cache:
            args.cache.parent.mkdir(parents=True, exist_ok=True)
            args.cache.write_bytes(gzip.compress(json.dumps(cache).encode()))

    variants = [("none", frozenset())]
    variants += [(f"only {r}", frozenset({r})) for r in sorted(REPAIRS)]
    variants += [("all", frozenset(REPAIRS))]
    keys = [k for k in pages if k in cache]
    print(f"pages {len(keys)} (of {len(pages)}); loss = pagesight keeps < {LOSS_RECALL:.0%} of Chromium's tokens")
    header = (f"{'variant':<22}" + "".join(f"{s[:11]:>12}" for s in sets)
              + f"{'all':>6}{'mean R':>8}{'extra':>7}{'ms med':>8}")
    print(header)
    worst: list[tuple[float, str]] = []
    for label, repairs in variants:
        lost = Counter()
        rs, times, extra = [], [], 0
        for k in keys:
            text, ms = pagesight_text(pages[k], repairs)
            r, p = recall(cache[k], text)
            extra += p < LOSS_RECALL
            rs.append(r)
            times.append(ms)
            if r < LOSS_RECALL:
                lost[k.split("/")[0]] += 1
                if label == "all":
                    worst.append((r, k))
        n_by_set = Counter(k.split("/")[0] for k in keys)
        cells = "".join(f"{lost[s]:>5} / {n_by_set[s]:<4}" for s in sets)
        print(f"{label:<22}{cells}{sum(lost.values()):>6}{statistics.fmean(rs):>8.4f}{extra:>7}"
              f"{statistics.median(times):>8.2f}")
    for r, k in sorted(worst)[: args.show]:
        print(f"  {r:.3f}  {k}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
