"""Comment sections: found by class/id names, dropped before a method, kept when asked."""

from __future__ import annotations

import numpy as np

from extractor import extract
from extractor.comments import (
    _SIEVE,
    COMMENT_PREFIX,
    COMMENT_WORDS,
    comment_sections,
    drop_comments,
    is_comment_name,
)
from extractor.page import Geometry, build_page

ARTICLE = " ".join(["The harbour bridge reopened on Monday after two years of repairs to its steel deck."] * 6)
COMMENT = "Great news, I drove across it this morning and the new surface is much quieter than before."

PAGE = f"""<html><head><title>Bridge reopens</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<div class="post"><h1>Bridge reopens</h1><p>{ARTICLE}</p><p>{ARTICLE}</p>
<section id="comments" class="comments-area"><h2>3 Comments</h2>
  <ol class="commentlist"><li class="comment"><p>{COMMENT}</p></li><li class="comment"><p>{COMMENT}</p></li></ol>
  <div id="respond"><p>Leave a reply</p></div>
</section></div>
<footer>Contact us</footer>
</body></html>"""


def test_comment_names() -> None:
    assert is_comment_name("comments-area")
    assert is_comment_name("CommentList")
    assert is_comment_name("disqus_thread")
    assert is_comment_name("respond")
    assert not is_comment_name("commentary opinion")
    assert not is_comment_name("post-content")


def test_the_name_sieve_lets_every_comment_word_through() -> None:
    assert all(any(part in word for part in _SIEVE) for word in (COMMENT_PREFIX, *COMMENT_WORDS))


def test_outermost_sections_only() -> None:
    page = build_page(PAGE)
    ids = comment_sections(page)
    assert [page.elements[i].get("id") for i in ids] == ["comments"]


def test_a_section_holding_most_of_the_text_is_the_content() -> None:
    page = build_page(f"<html><body><div class='comments'><p>{ARTICLE}</p></div><p>Footer</p></body></html>")
    assert comment_sections(page) == []


def test_a_named_method_reads_the_page_whole_unless_asked() -> None:
    kept = extract(PAGE, method="decay", clean_tree=False)
    assert "harbour bridge reopened" in kept.text and "drove across it" in kept.text
    dropped = extract(PAGE, method="decay", clean_tree=False, comments=False)
    assert "harbour bridge reopened" in dropped.text
    assert "drove across it" not in dropped.text


def test_a_page_passed_in_is_left_untouched() -> None:
    page = build_page(PAGE)
    before = len(page)
    extract(page, method="decay", comments=False)
    assert len(page) == before
    assert "drove across it" in page.text_of(page.body_id)


def test_without_keeps_tails_and_geometry_rows() -> None:
    page = build_page("<html><body><p>one <span class='comment'>gone</span> two</p><p>three</p></body></html>")
    n = len(page)
    page.geometry = Geometry(*(np.arange(n, dtype=float) for _ in range(8)), page_width=100.0, page_height=100.0,
                             viewport_width=100.0, viewport_height=100.0, extra={"browser_id": np.arange(n)})
    span = page.tags.index("span")
    smaller = drop_comments(page)
    assert smaller is not page and len(smaller) == n - 1
    assert smaller.text_of(smaller.body_id) == "one two three"
    assert smaller.geometry.x.tolist() == [i for i in range(n) if i != span]
    assert smaller.geometry.extra["browser_id"].tolist() == [i for i in range(n) if i != span]
    assert page.text_of(page.body_id) == "one gone two three"  # the original is unchanged


def test_command_line_comments_flag(tmp_path) -> None:
    from tests.test_cli import run

    path = tmp_path / "post.html"
    path.write_text(PAGE, encoding="utf-8")
    dropped = run("extract", str(path), "--method", "decay", "--option", "clean_tree=false", "--no-comments")
    kept = run("extract", str(path), "--method", "decay", "--option", "clean_tree=false")
    assert dropped.returncode == 0 and kept.returncode == 0, (dropped.stderr, kept.stderr)
    assert b"drove across it" not in dropped.stdout
    assert b"drove across it" in kept.stdout


def test_rendered_page_keeps_boxes_in_step_after_dropping_comments(tmp_path) -> None:
    from tests.test_render_support import chromium_or_skip

    chromium_or_skip()
    path = tmp_path / "post.html"
    path.write_text(PAGE, encoding="utf-8")
    result = extract(path, method="decay", clean_tree=False, render=True, comments=False)
    assert result.rendered and "drove across it" not in result.text
    # Every block's box is the box of its own element: a block of article text sits above the
    # comments, and no box is empty (geometry rows followed the removed subtree).
    assert result.blocks and all(b.box is not None and b.box[2] > 0 and b.box[3] > 0 for b in result.blocks)
    whole = extract(path, method="decay", clean_tree=False, render=True)
    assert [(b.text, b.box) for b in result.blocks] == [(b.text, b.box) for b in whole.blocks][:len(result.blocks)]
