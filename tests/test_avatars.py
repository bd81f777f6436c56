"""A poster's initials drawn as an avatar ("P" before "pitwall_pete") are left out of the text; a letter index stays."""

from __future__ import annotations

from extractor import extract
from extractor.result import Block
from extractor.tidy.avatars import drop_avatar_initials, strip_leading_initials

POST = "I watched the onboard footage twice and the move was made well before the turn-in point of the corner."


def test_initials_before_the_posters_names_are_dropped():
    # a 157th blind round's thread: a letter in a disc before each poster's name, kept as a line of its own
    names = ["pitwall_pete", "BeaconBanker", "Marshal Sue", "pitwall_pete"]
    blocks = []
    for k, name in enumerate(names):
        blocks += [Block(3 * k, name[0].upper() if k != 2 else "MS", "div"), Block(3 * k + 1, name, "a"),
                   Block(3 * k + 2, f"{POST} Post {k}.", "p")]
    drop_avatar_initials(blocks)
    assert [b.text for b in blocks[::2]] == names
    one = [Block(0, "P", "div"), Block(1, "pitwall_pete", "a"), Block(2, POST, "p")]
    drop_avatar_initials(one)
    assert len(one) == 3  # one alone may be a drop cap or a label


def test_a_letter_index_and_headings_stay():
    index = [Block(k, t, "div") for k, t in enumerate(["A", "Aberdeen", "B", "Bath", "C", "Cardiff"])]
    drop_avatar_initials(index)
    assert len(index) == 6
    headed = [Block(k, t, "h3" if len(t) == 1 else "a") for k, t in enumerate(["P", "pete", "B", "bea", "P", "pat"])]
    drop_avatar_initials(headed)
    assert len(headed) == 6


def test_a_thread_read_from_html_loses_its_avatar_letters():
    names = ["pete", "bea", "carl", "pete"]
    posts = "".join(f"<article class='post'><div class='avatar'>{n[0].upper()}</div><a href='/u/{n}'>{n}</a>"
                    f"<p>{POST} Post {k} ends here.</p></article>" for k, n in enumerate(names))
    html = f"<html><body><main><h1>The penalty at the hairpin</h1>{posts}</main></body></html>"
    result = extract(html.encode(), method="auto")
    assert "Post 3 ends here." in result.text
    assert not any(line.strip() in {"P", "B", "C"} for line in result.text.splitlines()), result.text


def test_initials_drawn_in_the_line_of_the_posters_name_are_taken_off():
    # a 165th blind round's thread: "D deepend_dave 3 February 2025", the letter in a span of its own in the line; a
    # firm's name written whole ("M Moser Associates", a wcxb_dev page) and an index's letters stay
    from extractor import load

    lines = ["D deepend_dave 3 February 2025", "H Harwick Leisure (staff) 4 February 2025", "D deepend_dave 5 March"]
    firms = ["M Moser Associates", "IA Interior Architects"]
    page = load("<html><body>" + "".join(f"<div><span>{line[0]}</span> {line[2:]}</div>" for line in lines)
                + "".join(f"<div>{firm}</div>" for firm in firms) + f"<p>{POST}</p></body></html>")
    ids = [page.index[el] for el in page.root.iter("div", "p")]
    blocks = [Block(i, page.text_of(i), "div") for i in ids]
    strip_leading_initials(page, blocks)
    assert [b.text for b in blocks] == [line[2:] for line in lines] + firms + [POST]
    index = [Block(k, line, "div") for k, line in enumerate(["A Aberdeen", "B Bath", "C Cardiff"])]
    strip_leading_initials(page, index)
    assert [b.text for b in index] == ["A Aberdeen", "B Bath", "C Cardiff"]
