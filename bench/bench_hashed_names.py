"""Shingle F1 of a method on the dev pages as served and with their class and id names hashed.

Sites built with CSS modules, styled-components or a minifier ship class names such as
``css-1q2w3e`` that say nothing about what an element holds; every cue pagesight reads from
class/id words (comment sections, the learned model's cue groups, the page-type features) is
then silent. This benchmark rewrites each ``class`` and ``id`` value of a page, word by word, to a
hash of the word (the same word gives the same hash on one page, as a build tool does), and scores
the method on both versions of every page with the metrics of ``../shared/data/README.md``.

The models were trained on these sets as served, so the first column is in-sample; what the
benchmark measures is the difference between the two columns, the loss when names say nothing.

Usage: ``python bench/bench_hashed_names.py [--limit 200] [--method auto] [--sets dragnet,l3s_gn1]``
"""

from __future__ import annotations

import argparse
import hashlib
import pathlib
import re
import statistics
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor import extract  # noqa: E402
from extractor.decode import decode  # noqa: E402
from extractor.errors import PagesightError  # noqa: E402
from extractor.evaluate import page_bytes, read_gold, score_page  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
SETS = ("wcxb_dev", "cleaneval", "l3s_gn1", "dragnet", "chinese_wce")

_NAME_ATTR = re.compile(r"""(\s(?:class|id)\s*=\s*)("[^"]*"|'[^']*'|[^\s"'>]+)""", re.IGNORECASE)
_WORD = re.compile(r"[^\s]+")


def hashed_word(word: str) -> str:
    """A name of the kind a CSS build tool writes: ``c`` and six hex digits of the word's hash."""
    return "c" + hashlib.blake2s(word.encode("utf-8", "replace"), digest_size=3).hexdigest()


def hash_names(html: str) -> str:
    """``html`` with every word of every ``class`` and ``id`` value replaced by :func:`hashed_word`."""
    def one(match: re.Match[str]) -> str:
        value = match.group(2)
        quote = value[0] if value[:1] in "\"'" else ""
        inner = value[1:-1] if quote else value
        return match.group(1) + quote + _WORD.sub(lambda w: hashed_word(w.group(0)), inner) + quote
    return _NAME_ATTR.sub(one, html)


def f1_of(data: str, gold: dict, method: str) -> float:
    """Shingle F1 of ``method`` on one page (0 when it raises a pagesight error)."""
    try:
        text = extract(data, method=method, url=gold.get("url")).text
    except PagesightError:
        text = ""
    return score_page(gold, text, 0.0).f1


def main(argv: list[str] | None = None) -> int:
    """Command line entry point (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=200, help="first N pages of each set (0: all)")
    ap.add_argument("--method", default="auto")
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--show-losses", type=int, default=0, help="list the N pages that lose most when hashed")
    args = ap.parse_args(argv)
    print(f"shingle F1 of {args.method}, pages as served / class and id names hashed "
          f"({'all' if not args.limit else f'first {args.limit}'} pages of each set):")
    print("| set | pages | as served | names hashed | change |\n|---|---:|---:|---:|---:|")
    losses: list[tuple[float, str, str]] = []
    for name in args.sets.split(","):
        golds = read_gold(DATA / name)
        golds = golds[:args.limit] if args.limit else golds
        served, hashed = [], []
        for gold in golds:
            html = decode(page_bytes(DATA / name, gold["id"]))[0]  # both versions read as the same text
            served.append(f1_of(html, gold, args.method))
            hashed.append(f1_of(hash_names(html), gold, args.method))
            losses.append((served[-1] - hashed[-1], name, gold["id"]))
        a, b = statistics.fmean(served), statistics.fmean(hashed)
        print(f"| {name} | {len(golds)} | {a:.3f} | {b:.3f} | {b - a:+.3f} |", flush=True)
    for loss, name, page_id in sorted(losses, reverse=True)[:args.show_losses]:
        print(f"{name}/{page_id}: -{loss:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
