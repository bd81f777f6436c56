"""A thread's post counters ("#1", "#2" permalinks) are left out of the text; a lone "#1" link is not."""

from __future__ import annotations

import pytest

from extractor import extract

POST = "I tried the ensemble run on a smaller grid first and the memory error went away after that change."


def _thread(numbers: int, own_line: bool = False) -> str:
    number = "<div class='num'><a href='#post-{k}'>#{k}</a></div>" if own_line else "<a href='#post-{k}'>#{k}</a>"
    posts = "".join(f"<article class='post'><header><b>user{k}</b> 3 April 2025 · {number.format(k=k)}"
                    f"</header><p>{POST} Post {k} ends here.</p></article>" for k in range(1, numbers + 1))
    return f"<html><head><title>CUDA out of memory</title></head><body><main><h1>CUDA out of memory</h1>{posts}" \
           "</main></body></html>"


@pytest.mark.parametrize("own_line", [False, True])
@pytest.mark.parametrize("method", ["auto", "decay", "cedp"])
def test_post_number_links_are_left_out_of_the_text(method, own_line):
    # 127th, 129th and 130th blind rounds' threads kept "user 3 April 2025 #4" on each post, a 131st's "#4" on a line
    # of its own; the gold texts of 35 wcxb_dev forum pages leave 474 of their 485 such numbers out.
    result = extract(_thread(4, own_line).encode(), method=method)
    assert all(f"Post {k} ends here." in result.text for k in range(1, 5)), result.text
    assert "#" not in result.text and "·" not in result.text, result.text  # the separator before went too (158th)


def test_a_lone_number_link_stays():
    # one "#1" alone may be a ranking's, not a thread's counter
    result = extract(_thread(1).encode())
    assert "#1" in result.text, result.text


def test_a_block_that_holds_only_a_post_number_is_taken_out():
    # a 131st blind round's thread: each "#4" on a line of its own, a block the rendered page's model kept
    from extractor import load
    from extractor.result import Block
    from extractor.tidy.permalinks import strip_post_numbers

    page = load(_thread(3, own_line=True))
    nums = [page.index[el] for el in page.root.iter("div") if el.get("class") == "num"]
    paras = [page.index[el] for el in page.root.iter("p")]
    blocks = [Block(i, page.text_of(i), "div") for i in nums] + [Block(i, page.text_of(i)) for i in paras]
    strip_post_numbers(page, blocks)
    assert [b.id for b in blocks] == paras and all("ends here" in b.text for b in blocks)


def test_post_numbers_written_as_text_between_separators_are_left_out():
    # "9 October 2025, 21:14 · #1 · Quote" heading each post, the numbers not links (a 163rd blind round's thread);
    # numbers that do not count up are something else's
    def thread(numbers):
        return "<html><body><main><h1>Thread</h1>" + "".join(
            f"<article><div>user{k} · 3 April 2025 · #{n}</div><p>{POST} Post {k} ends here.</p></article>"
            for k, n in enumerate(numbers)) + "</main></body></html>"

    text = extract(thread([1, 2, 3]).encode(), method="decay").text
    assert "#" not in text and text.count("3 April 2025") == 3, text
    assert extract(thread([3, 1, 2]).encode(), method="decay").text.count("#") == 3
