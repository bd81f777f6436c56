"""Comment sections: found by class/id names, dropped before a method, kept when asked."""

from __future__ import annotations

import numpy as np

from extractor import extract
from extractor.comments import (
    _SIEVE,
    COMMENT_HEADING,
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


# A thread whose class and id names were written by a CSS build tool: only its reply links say what it is.
AUTHORS = ("Maria", "Jonas", "Wei")
HASHED_THREAD = "".join(
    f"<dt class='c3f9a1b'><a href='/u/{who}'>{who}</a> July {day}, 2012 at 9:39 pm</dt>"
    f"<dd class='c81d2e0'><p>{COMMENT} {who} wrote this.</p><p class='c5aa01f'><a href='#r{day}'>Reply</a></p></dd>"
    for day, who in enumerate(AUTHORS, 20))
HASHED_PAGE = f"""<html><head><title>Bridge reopens</title></head><body>
<div class="c1d0e2f"><h1>Bridge reopens</h1><p>{ARTICLE}</p><p>{ARTICLE}</p>
<h2>3 Responses</h2><dl class="c77aa10">{HASHED_THREAD}</dl></div>
<div class="c0b3c4d"><a href="/">Home</a></div></body></html>"""


def test_a_thread_without_comment_names_is_found_by_its_reply_links() -> None:
    page = build_page(HASHED_PAGE)
    ids = comment_sections(page)
    assert [page.tags[i] for i in ids] == ["h2", "dl"]  # the heading's rule takes the heading too
    assert all(who in page.text_of(ids[1]) for who in AUTHORS)
    assert not any("harbour bridge" in page.text_of(i) for i in ids)
    dropped = extract(HASHED_PAGE, method="decay", clean_tree=False, comments=False)
    assert "harbour bridge reopened" in dropped.text
    assert "drove across it" not in dropped.text


def test_a_short_post_under_a_long_thread_keeps_its_text_and_loses_every_comment_with_its_author_line() -> None:
    post = "<p>The bridge is open again; tell us how your first drive went.</p>"
    long_comment = " ".join([COMMENT] * 4)
    thread = "".join(
        f"<dt><a href='/u/{who}'>{who}</a> July 2{k}, 2012</dt>"
        f"<dd><p>{long_comment}</p><p><a href='#r{k}'>Reply ↓</a></p></dd>"
        for k, who in enumerate(AUTHORS))
    page = build_page(f"<html><body><h1>Bridge</h1>{post}<dl>{thread}</dl></body></html>")
    ids = comment_sections(page)
    assert [page.tags[i] for i in ids] == ["dt", "dd"] * len(AUTHORS)  # the thread is most of the text: one by one
    assert "tell us how" not in " ".join(page.text_of(i) for i in ids)


def test_comments_beside_the_article_in_one_container_are_taken_one_by_one() -> None:
    comments = "".join(f"<div><b>{who}</b><p>{COMMENT}</p><a href='#'>Responder</a></div>" for who in AUTHORS)
    page = build_page(f"<html><body><div><h1>Puente</h1><p>{ARTICLE}</p><p>{ARTICLE}</p><p>{ARTICLE}</p>"
                      f"{comments}</div></body></html>")
    ids = comment_sections(page)
    assert [page.text_of(i).split()[0] for i in ids] == list(AUTHORS)
    assert not any("harbour" in page.text_of(i) for i in ids)


def test_one_reply_link_is_not_a_thread_and_nor_is_a_longer_link_text() -> None:
    one = f"<html><body><p>{ARTICLE}</p><div><p>{COMMENT}</p><a href='#'>Reply</a></div></body></html>"
    assert comment_sections(build_page(one)) == []
    answer = f"<div><p>{COMMENT}</p><a href='#'>Reply to the council's consultation</a></div>"
    longer = f"<html><body><p>{ARTICLE}</p>{answer * 3}</body></html>"
    assert comment_sections(build_page(longer)) == []


def test_comment_headings() -> None:
    for heading in ("Comments", "57 Comments", "Kommentare (3)", "1 Response", "38 comments to Participatory Culture",
                    "12 Thoughts on “Bridge reopens”", "Leave a Reply", "Post a comment", "评论", "댓글"):
        assert COMMENT_HEADING.fullmatch(heading), heading
    for heading in ("Comment", "Comments on the draft law", "Recent Comments", "Responses to the crisis", "Reply"):
        assert not COMMENT_HEADING.fullmatch(heading), heading


def test_a_thread_under_a_comment_heading_is_found_whatever_its_names_say() -> None:
    thread = "".join(f"<li><b>{who}</b> wrote:<p>{COMMENT}</p></li>" for who in AUTHORS)
    html = (f"<html><body><div class='c1'><h1>Bridge reopens</h1><p>{ARTICLE}</p><p>{ARTICLE}</p></div>"
            f"<div class='c2'><div class='c3'><h3>3 Comments</h3><ol>{thread}</ol></div>"
            "<div class='c4'><h3>Leave a Reply</h3><form><textarea></textarea></form></div></div>"
            "<p>Footer</p></body></html>")
    page = build_page(html)
    ids = comment_sections(page)
    assert [page.elements[i].get("class") for i in ids] == ["c2"]  # both headings start it: the largest
    dropped = extract(html, method="decay", clean_tree=False, comments=False)
    assert "harbour bridge reopened" in dropped.text and "drove across it" not in dropped.text


def test_a_heading_inside_running_text_opens_its_siblings_up_to_the_next_heading() -> None:
    html = (f"<html><body><div><h2>Bridge reopens</h2><p>{ARTICLE}</p><p>{ARTICLE}</p><p>{ARTICLE}</p>"
            f"<h2>Comments</h2><p>{COMMENT}</p><p>{COMMENT}</p><h2>More news</h2><p>{ARTICLE}</p></div></body></html>")
    page = build_page(html)
    texts = [page.text_of(i) for i in comment_sections(page)]
    assert texts == ["Comments", COMMENT, COMMENT]


def test_a_short_post_under_a_long_headed_thread_loses_the_thread_piece_by_piece() -> None:
    long_comment = " ".join([COMMENT] * 6)
    thread = "".join(f"<li><b>{who}</b><p>{long_comment}</p></li>" for who in AUTHORS)
    page = build_page(f"<html><body><p>Open again: how was your first drive?</p>"
                      f"<div><h3>Comments</h3><ul>{thread}</ul></div></body></html>")
    ids = comment_sections(page)
    assert "how was your first drive" not in " ".join(page.text_of(i) for i in ids)
    assert all(who in " ".join(page.text_of(i) for i in ids) for who in AUTHORS)


def test_a_comment_heading_at_the_bottom_of_deep_nesting_is_read_in_one_pass() -> None:
    depth = 500  # the parse flattens what lies deeper than 512 levels
    html = ("<html><body><p>" + ARTICLE + "</p>" + "<div>" * depth + "<h3>Comments</h3><p>" + COMMENT + "</p>"
            + "</div>" * depth + "</body></html>")
    page = build_page(html)
    ids = comment_sections(page)
    assert ids and "drove across it" in page.text_of(ids[0]) and "harbour" not in page.text_of(ids[0])


def test_reply_buttons_leave_a_mark_when_the_buttons_go_and_the_thread_is_found_by_them() -> None:
    comments = "".join(f"<li><b>{who}</b><p>{COMMENT}</p><button class='c9'><svg></svg> Reply</button></li>"
                       for who in AUTHORS)
    page = build_page(f"<html><body><article><h1>Bridge</h1><p>{ARTICLE}</p><p>{ARTICLE}</p></article>"
                      f"<ol class='c7'>{comments}</ol><button>Load more stories</button></body></html>")
    assert "Reply" not in page.text_of(page.body_id) and "Load more" not in page.text_of(page.body_id)
    assert page.tags.count("button") == 0 and page.tags.count("pagesight-reply") == len(AUTHORS)
    ids = comment_sections(page)
    assert [page.tags[i] for i in ids] == ["ol"]
