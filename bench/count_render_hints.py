"""How many dev pages, read without rendering, get the render hint, and by which mark.

Reads every page of the five dev text sets as ``extract(render=False)`` would load it and asks
:func:`extractor.appshell.script_shell_signs` for its marks; prints, per set, the pages with any mark,
those with the bare-text mark (under ``BARE_TEXT_MAX_CHARS`` of text besides links on a page with
scripts) and those with that mark alone, with a few page ids and their gold's length in words.

Usage: ``python bench/count_render_hints.py``.
"""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor.api import get_page  # noqa: E402
from extractor.appshell import script_shell_signs  # noqa: E402
from extractor.errors import PagesightError  # noqa: E402
from extractor.evaluate import page_bytes, read_gold  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
SETS = ("cleaneval", "l3s_gn1", "dragnet", "wcxb_dev", "chinese_wce")
BARE = "characters of text besides links"


def main() -> int:
    """Command line entry point (see the module docstring)."""
    print("| set | pages | any mark | bare text | bare text alone | examples (id: gold words) |")
    print("|---|---:|---:|---:|---:|---|")
    for name in SETS:
        pages = marked = bare = alone = 0
        examples: list[str] = []
        for gold in read_gold(DATA / name):
            try:
                page = get_page(page_bytes(DATA / name, gold["id"]))
            except PagesightError:
                continue
            pages += 1
            signs = script_shell_signs(page)
            marked += bool(signs)
            if any(BARE in s for s in signs):
                bare += 1
                alone += len(signs) == 1
                if len(examples) < 4:
                    examples.append(f"{gold['id']}: {len(str(gold.get('body') or '').split())}")
        print(f"| {name} | {pages} | {marked} | {bare} | {alone} | {', '.join(examples)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
