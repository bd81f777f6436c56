"""A poster's initials drawn as an avatar ("P" before "pitwall_pete") are left out of the text; a letter index stays."""

from __future__ import annotations

from extractor import extract
from extractor.result import Block
from extractor.tidy.avatars import drop_avatar_initials

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
