"""An app shell's main text read from its JSON-LD articleBody or reviewBody (extractor/ldbody.py)."""

from __future__ import annotations

import json

from extractor import extract
from extractor.ldbody import paragraphs

SENTENCE = "The kettle pours a thin and steady stream, and its handle stays cool over a long brew. "


def shell(body: object, key: str = "articleBody", scripts: str = "<script src='/app.js'></script>") -> bytes:
    ld = json.dumps({"@context": "https://schema.org", "@type": "Review", "name": "A kettle", key: body})
    return (f"<html><head><title>A kettle</title><script type='application/ld+json'>{ld}</script></head>"
            f"<body><div id='root'></div>{scripts}</body></html>").encode()


def test_an_app_shell_gives_the_text_its_json_ld_holds():
    body = "\n\n".join([SENTENCE * 3, SENTENCE * 4])
    result = extract(shell(body, "reviewBody"))
    assert result.text == "\n\n".join([(SENTENCE * 3).strip(), (SENTENCE * 4).strip()])
    assert len(result.blocks) == 2 and result.reason is None
    assert result.details["json_ld_text"]["key"] == "reviewBody"
    assert any("JSON-LD reviewBody" in w for w in result.warnings)
    assert any(w.startswith("the page looks built by scripts") for w in result.warnings)


def test_html_in_an_article_body_is_read_as_paragraphs():
    assert paragraphs("<p>One line.</p><p>Two <b>bold</b> words.<br>Three.</p>") == \
        ["One line.", "Two bold words.", "Three."]
    assert paragraphs("A line.\n\n  Another   line.\n") == ["A line.", "Another line."]


def test_a_short_article_body_is_no_main_text():
    result = extract(shell(SENTENCE))  # 16 words: a summary
    assert result.text == "" and "looks built by scripts" in result.reason
    assert "json_ld_text" not in result.details


def test_a_page_that_shows_its_text_keeps_it():
    # Not an app shell: its own paragraphs are the text, whatever its JSON-LD says (often a teaser).
    ld = json.dumps({"@type": "NewsArticle", "articleBody": "A different text. " * 80})
    html = (f"<html><head><script type='application/ld+json'>{ld}</script></head><body><article><h1>A kettle</h1>"
            f"<p>{SENTENCE * 4}</p><p>{SENTENCE * 3}</p></article><script src='/app.js'></script></body></html>")
    result = extract(html.encode())
    assert "A different text" not in result.text and "thin and steady" in result.text


def test_a_malformed_json_ld_leaves_the_shell_empty_with_its_reason():
    html = (b"<html><head><script type='application/ld+json'>{\"articleBody\": \"unclosed</script></head>"
            b"<body><div id='root'></div><script src='/app.js'></script></body></html>")
    result = extract(html)
    assert result.text == "" and result.reason
