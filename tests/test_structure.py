"""Structure survives (issue #14, item 5): headings, ordered and unordered lists, tables and code blocks
inside the main content come through in text, markdown and HTML output, whichever method kept them."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import numpy as np
import pytest

from extractor import extract, load
from extractor.content import block_role, collect_blocks, list_number, piece_blocks
from extractor.errors import ModelError
from extractor.methods import cedp
from extractor.methods.crf.blocks import segment, segment_blocks, segment_text
from extractor.metrics import tokens
from extractor.output import serialise, to_text
from extractor.result import Block, Result
from tests.conftest import ROOT

PAGE = ROOT / "fixtures" / "pages" / "structure.html"
METHODS = ["auto", "decay", "blocks", "cedp", "cedp-td", "crf", "learned"]
FORMATS = ["text", "markdown", "html"]

#: What each format must hold, in this order: heading, unordered list, ordered list (numbered),
#: table (row by row, cell by cell), code (its line break and indentation), the last paragraph.
EXPECTED = {
    "text": [
        "\n\nA section heading\n\n",
        "- First item of a list with words\n- Second item of a list with words",
        "1. Step one of the ordered list\n2. Step two of the ordered list",
        "Name | Value\nalpha | 1\nbeta | 2",
        "def f(x):\n    return x + 1",
        "Third paragraph",
    ],
    "markdown": [
        "\n## A section heading\n",
        "- First item of a list with words\n- Second item of a list with words",
        "1. Step one of the ordered list\n2. Step two of the ordered list",
        "| Name | Value |\n| --- | --- |\n| alpha | 1 |\n| beta | 2 |",
        "```\ndef f(x):\n    return x + 1\n```",
        "Third paragraph",
    ],
    "html": [
        "<h2>A section heading</h2>",
        "<ul><li>First item of a list with words</li><li>Second item of a list with words</li></ul>",
        "<ol><li>Step one of the ordered list</li><li>Step two of the ordered list</li></ol>",
        "<table><tr><th>Name</th><th>Value</th></tr><tr><td>alpha</td><td>1</td></tr>"
        "<tr><td>beta</td><td>2</td></tr></table>",
        "<pre>def f(x):\n    return x + 1</pre>",
        "Third paragraph",
    ],
}


def _extract(method: str) -> Result:
    try:
        return extract(PAGE, method=method)
    except ModelError as exc:  # the learned extractor ships its model separately (bench/train_auto.py)
        pytest.skip(f"{method}: {exc}")


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("fmt", FORMATS)
def test_structure_survives_in_every_format(method, fmt):
    out = serialise(_extract(method), fmt)
    at = -1
    for piece in EXPECTED[fmt]:
        found = out.find(piece, at + 1)
        assert found > at, f"{method} {fmt}: {piece!r} missing or out of order in\n{out}"
        at = found


@pytest.mark.parametrize("method", METHODS)
def test_blocks_carry_the_structure(method):
    result = _extract(method)
    tags = {b.tag for b in result.blocks}
    assert {"h2", "li", "tr", "pre"} <= tags
    assert [b.number for b in result.blocks if b.tag == "li"] == [None, None, 1, 2]
    rows = [b.cells for b in result.blocks if b.tag == "tr"]
    assert rows == [["Name", "Value"], ["alpha", "1"], ["beta", "2"]]
    assert [b.header for b in result.blocks if b.tag == "tr"] == [True, False, False]
    assert next(b.text for b in result.blocks if b.tag == "pre") == "def f(x):\n    return x + 1"


@pytest.mark.parametrize("method", METHODS)
def test_text_output_has_the_words_of_result_text(method):
    """Result.text (what the metrics score) holds no list markers; the text format adds only them."""
    result = _extract(method)
    plain = re.sub(r"(?m)^(?:\d+\.|-) ", "", to_text(result))
    assert tokens(plain) == tokens(result.text)
    assert "1. Step one" not in result.text and "Step one of the ordered list" in result.text


def test_command_line_writes_the_structure():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for fmt in FORMATS:
        proc = subprocess.run([sys.executable, "-m", "extractor", "extract", str(PAGE), "-f", fmt, "--method", "crf"],
                              capture_output=True, cwd=ROOT, timeout=120, env=env)
        assert proc.returncode == 0, proc.stderr
        out = proc.stdout.decode()
        assert all(piece in out for piece in EXPECTED[fmt]), (fmt, out)


# --- lists ---------------------------------------------------------------------------------------------

LISTS = """<html><body><article>
<ol start="3"><li id="a">three</li><li>four</li><li value="10">ten</li><li>eleven</li></ol>
<ol reversed><li>two</li><li>one</li></ol>
<ul><li>bullet</li></ul>
<ol><li><p>First paragraph of an item</p><p>its second paragraph</p></li><li>Line one<br>line two</li></ol>
</article></body></html>"""


def test_list_numbers_follow_start_value_and_reversed():
    page = load(LISTS)
    items = [i for i, t in enumerate(page.tags) if t == "li"]
    assert [list_number(page, i) for i in items] == [3, 4, 10, 11, 2, 1, None, 1, 2]


def test_a_paragraph_that_opens_an_item_is_the_item():
    page = load(LISTS)
    first_p = page.tags.index("p")
    assert block_role(page, first_p) == ("li", 1)
    assert block_role(page, first_p + 1) == ("p", None)  # the item's second paragraph: a paragraph


def test_lists_in_markdown_html_and_text():
    page = load(LISTS)
    blocks = collect_blocks(page, page.body_id)
    result = Result(text="\n\n".join(b.text for b in blocks), title="", blocks=blocks, method="x", options={})
    md = serialise(result, "markdown")
    # a new <ol> (or a value that breaks the count) is a new list: a comment keeps markdown from joining them
    assert "3. three\n4. four\n\n<!-- -->\n\n10. ten\n11. eleven\n\n<!-- -->\n\n2. two\n1. one\n\n- bullet" in md
    assert "1. First paragraph of an item\n\nits second paragraph\n\n2. Line one\\\n   line two" in md
    html = serialise(result, "html")
    assert '<ol start="3"><li>three</li><li>four</li></ol>\n<ol start="10"><li>ten</li><li>eleven</li></ol>' in html
    assert '<ol reversed start="2"><li>two</li><li>one</li></ol>' in html and "<ul><li>bullet</li></ul>" in html
    assert "<li>Line one<br>line two</li>" in html
    assert "2. Line one\n   line two" in to_text(result)


# --- the shared emitters -------------------------------------------------------------------------------

def test_piece_blocks_keep_pre_rows_and_numbers():
    page = load("<html><body><div><p>Intro text here.</p><pre><span>a</span>\n  <span>b</span></pre>"
                "<table><tr><td>x</td><td>1</td><td>note</td></tr><tr><td>y</td><td><img></td><td>2</td></tr>"
                "<tr><td>only</td><td></td></tr></table><ol><li>one</li></ol></div></body></html>")
    everything = np.flatnonzero(page.own_len > 0)
    blocks = cedp.emit_blocks(page, everything, cedp.paragraph_owners(page))
    assert [b.tag for b in blocks] == ["p", "pre", "tr", "tr", "td", "li"]
    assert blocks[1].text == "a\n  b"  # the white space between the spans is the code's
    assert blocks[2].cells == ["x", "1", "note"] and blocks[3].cells == ["y", "", "2"]
    assert blocks[3].text == "y |  | 2" and blocks[4].text == "only"  # one chosen cell is no row
    assert blocks[5].number == 1
    no_note = [i for i in everything if page.texts[i] != "note"]
    rows = [b.cells for b in piece_blocks(page, no_note) if b.tag == "tr"]
    assert rows[0] == ["x", "1", ""]  # a cell not chosen is empty: the words are the chosen ones


def test_collect_blocks_and_crf_segments_agree_on_structure():
    page = load((PAGE).read_bytes())
    region = page.tags.index("article")
    via_tree = [(b.tag, b.text, b.number, b.cells) for b in collect_blocks(page, region)]
    via_crf = [(b.tag, b.text, b.number, b.cells) for s in segment(page) for b in segment_blocks(page, s)]
    assert all(block in via_crf for block in via_tree)


def test_segment_text_stays_what_the_models_were_trained_on():
    """The CRF's and the learned model's features read segment_text: a leaf <pre> stays normalised there."""
    page = load((PAGE).read_bytes())
    seg = next(s for s in segment(page) if page.tags[s.first_id] == "pre")
    assert segment_text(page, seg) == "def f(x): return x + 1"
    assert segment_blocks(page, seg)[0].text == "def f(x):\n    return x + 1"


def test_cedp_fills_a_table_between_kept_text_unless_asked_not_to():
    assert any(b.tag == "tr" for b in extract(PAGE, method="cedp").blocks)
    assert not any(b.tag == "tr" for b in extract(PAGE, method="cedp", fill_structures=False).blocks)


def test_number_in_json_and_a_hand_made_result_written_as_its_text():
    result = extract(PAGE, method="decay")
    compact = result.to_dict()["blocks"]
    assert [b.get("number") for b in compact if b["tag"] == "li"] == [None, None, 1, 2]
    assert all("number" not in b for b in result.to_dict(blocks=True)["blocks"] if b["tag"] != "li")
    hand = Result(text="Some text", title="", blocks=[Block(0, "other")], method="x", options={})
    assert to_text(hand) == "Some text"
