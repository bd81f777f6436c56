"""Activity counts that make a block of their own are left out; a sentence with a count in it stays."""

import pytest

from extractor import extract
from extractor.tidy.counts import ACTIVITY_COUNTS

POSTS = ("The calf was born early on Saturday and is feeding well",
         "How much did the calf weigh at birth, and when",
         "Usually around twenty kilograms, and she looks a good size",
         "Is this the first one born at the zoo here then",
         "It is the first, and a real milestone for the breeding programme")


@pytest.mark.parametrize("text", ["373 posts", "1 Like", "7 Likes", "Posts: 4,198", "Reputation: 265",
                                  "21 replies · 3874 views", "15 replies 412 views", "12.5k views", "0 comments",
                                  "Solved 9 replies 1,284 views", "15 replies · 2,341 views ·",
                                  "Started by Priya_K in Step-free travel · 11 replies · 1,284 views · Answered",
                                  "Started by Gareth (warehouse coordinator) · 15 replies · 418 views",
                                  "Started by Miso_mum · 3 June 2025 · 11 replies · 1,204 views",
                                  "Started by perihelion_pete · 10 replies · 1,284 views · Watch thread · Share",
                                  "Joined 2023", "Member since 2024", "Joined: Jun 17, 2003", "41 posts · Joined 2023",
                                  "Started by quillon_dave in Rules questions · 2,318 views · Tags: lanternfall, dice"])
def test_an_activity_count_is_recognised(text):
    assert ACTIVITY_COUNTS.fullmatch(text)


@pytest.mark.parametrize("text", ["1996 post", "260 followers", "373 posts were deleted", "Posts", "3 replies to Ana",
                                  "Solved", "Posted by Rajk @ 10:48 PM 4 comments", "Started by the river · a story",
                                  "Joined the club in 2023"])
def test_other_lines_are_no_activity_count(text):
    assert not ACTIVITY_COUNTS.fullmatch(text)


def test_a_thread_loses_its_member_cards_counts_and_keeps_its_posts():
    # a member card beside each post: the member's post count (a 137th blind round kept it on each of 22 posts)
    posts = "".join(f"<div class='post'><div class='card'><b>member{k}</b><div>{100 + k} posts</div></div>"
                    f"<p>{text}.</p><div class='reactions'>{k + 1} Likes</div></div>" for k, text in enumerate(POSTS))
    html = f"<html><body><main><h1>Our okapi calf has arrived</h1>{posts}</main></body></html>"
    for method in ("decay", "cedp"):
        text = extract(html, method=method).text
        assert " posts" not in text and "Likes" not in text and all(p in text for p in POSTS), (method, text)


def test_a_posters_name_keeps_itself_and_loses_its_counts():
    # "quillon_dave 41 posts" heading each post of a 166th blind round's thread; one such line alone stays
    from extractor.result import Block
    from extractor.tidy.counts import strip_named_counts

    blocks = [Block(0, "quillon_dave 41 posts"), Block(1, "Marisol K 312 posts · 7 likes"), Block(2, POSTS[0])]
    strip_named_counts(blocks)
    assert [b.text for b in blocks] == ["quillon_dave", "Marisol K", POSTS[0]]
    one = [Block(0, "quillon_dave 41 posts"), Block(1, POSTS[0])]
    strip_named_counts(one)
    assert one[0].text == "quillon_dave 41 posts"

