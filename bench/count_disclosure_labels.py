"""On which dev pages a disclosure's button keeps its label, and what that does to ``auto``.

Loads every page of the five dev text sets as ``extract(render=False)`` does, notes the pages where
:func:`extractor.parse._titles_disclosure` keeps a button's label (an FAQ's question), and scores
``auto`` on those pages with the rule and with it turned off (shingle F1 against the gold body).
Prints, per set, the pages hit and the mean F1 with and without the rule.

Usage: ``python bench/count_disclosure_labels.py``.
"""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor import extract  # noqa: E402
from extractor import parse as parsing  # noqa: E402
from extractor.errors import PagesightError  # noqa: E402
from extractor.evaluate import page_bytes, read_gold  # noqa: E402
from extractor.metrics import shingle_prf  # noqa: E402
from extractor.page import load  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
SETS = ("cleaneval", "l3s_gn1", "dragnet", "wcxb_dev", "chinese_wce")
RULE = parsing._titles_disclosure


def _f1(data: bytes, gold: dict, rule) -> float:
    parsing._titles_disclosure = rule
    try:
        return shingle_prf(extract(data, url=gold.get("url")).text or "", gold["body"]).f1
    finally:
        parsing._titles_disclosure = RULE


def _keeps_a_label(data: bytes, gold: dict) -> bool:
    kept: list[bool] = []

    def spy(button) -> bool:
        kept.append(RULE(button))
        return kept[-1]

    parsing._titles_disclosure = spy
    try:
        load(data, url=gold.get("url"))
    finally:
        parsing._titles_disclosure = RULE
    return any(kept)


def main() -> int:
    """Command line entry point (see the module docstring)."""
    print("| set | pages | pages with a label kept | auto F1 with the rule | without | change |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in SETS:
        golds = read_gold(DATA / name)
        with_rule, without = [], []
        for gold in golds:
            data = page_bytes(DATA / name, gold["id"])
            try:
                hit = _keeps_a_label(data, gold)
            except PagesightError:
                continue
            if hit:
                with_rule.append(_f1(data, gold, RULE))
                without.append(_f1(data, gold, lambda button: False))
        n = len(with_rule)
        a, b = (sum(with_rule) / n, sum(without) / n) if n else (0.0, 0.0)
        print(f"| {name} | {len(golds)} | {n} | {a:.4f} | {b:.4f} | {a - b:+.4f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
