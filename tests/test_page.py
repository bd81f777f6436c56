"""The Page model: ids, subtree arrays, cleaning, parser repairs."""

import numpy as np

from extractor import load
from extractor.parse import NOISE_TAGS


def test_ids_follow_document_order_and_subtrees_are_ranges():
    page = load("<html><body><div><p>ab</p><p>cd <a href='x'>ef</a></p></div><p>gh</p></body></html>")
    tags = page.tags
    assert tags[:3] == ["html", "body", "div"]
    div = tags.index("div")
    # the div's subtree holds exactly its two paragraphs and the link
    assert [tags[i] for i in range(div, page.end[div])] == ["div", "p", "p", "a"]
    assert all(page.parent[i] < i for i in range(1, len(page)))


def test_text_and_link_lengths_are_subtree_sums():
    page = load("<html><body><div><p>ab</p><p>cd <a href='x'>ef</a> gh</p></div></body></html>")
    div = page.tags.index("div")
    # each text node counts its whitespace-normalised characters: "ab", "cd", "ef", "gh"
    assert page.text_len[div] == 8
    assert page.link_len[div] == 2
    a = page.tags.index("a")
    assert page.in_link[a] and not page.in_link[div]
    assert page.link_count[div] == 1 and page.tag_count[div] == 4
    assert np.array_equal(page.non_link_len, page.text_len - page.link_len)


def test_anchor_without_href_is_not_link_text():
    page = load("<html><body><p><a name='top'>anchor text</a></p></body></html>")
    assert page.link_len[page.body_id] == 0


def test_noise_tags_and_comments_are_removed_but_noscript_kept():
    html = "<html><body><script>var x=1</script><style>p{}</style><!-- note --><noscript><p>shown</p></noscript>" \
           "<form><select><option>choice</option></select></form><p>text</p></body></html>"
    page = load(html)
    assert not set(page.tags) & set(NOISE_TAGS)
    assert "noscript" in page.tags
    assert page.text_of(page.body_id) == "shown text"
    assert page.script_count == 1


def test_tag_paths():
    page = load("<html><body><div><p>x</p></div></body></html>")
    p = page.tags.index("p")
    assert page.tag_path[p] == "html/body/div/p"
    assert page.depth[p] == 3
    assert page.tag_path_id[p] != page.tag_path_id[page.parent[p]]


def test_tag_path_ids_number_the_distinct_path_strings_in_document_order():
    page = load("<html><body><div><p>a</p><p>b</p></div><div><p>c<b>d</b></p><ul><li>e</li></ul></div>"
                "<section><div><p>f</p></div></section></body></html>")
    first_seen: dict[str, int] = {}
    expected = [first_seen.setdefault(path, len(first_seen)) for path in page.tag_path]
    assert page.tag_path_id.tolist() == expected
    assert all(page.path_tags(i) == tuple(page.tag_path[i].split("/")) for i in range(len(page)))



def test_classes_are_the_class_attributes_whatever_spaces_the_class_and_id_hold():
    page = load('<html><body><p class="">a</p><p id="x y">b</p><p class=" a" id="">c</p><p class="a " id=" ">d</p>'
                '<p class="a b" id="c">e</p><p id=" ">f</p><p class=" ">g</p><p class="card">h</p></body></html>')
    assert page.classes == [el.get("class") or "" for el in page.elements]
    assert page.classes[-1] == "card"

def test_unclosed_title_is_repaired():
    body = "".join(f"<p>Paragraph number {i} of the article body.</p>" for i in range(30))
    page = load(f"<html><head><title>Broken title</head><body>{body}</body></html>")
    assert page.text_len[page.body_id] > 500
    assert page.html_title.startswith("Broken title")


def test_xml_declaration_in_a_string_is_accepted():
    page = load('<?xml version="1.0" encoding="utf-8"?><html><body><p>hello</p></body></html>')
    assert page.text_of(page.body_id) == "hello"


def test_a_lone_surrogate_in_a_string_is_replaced_and_the_text_after_it_kept():
    # A str can hold a lone surrogate that UTF-8 cannot: the parser once stopped there, silently.
    page = load("<html><body><p>before \ud800 after</p><p>next \U0001F600 paragraph</p></body></html>")
    assert page.text_of(page.body_id).split() == ["before", "\ufffd", "after", "next", "\U0001F600", "paragraph"]
