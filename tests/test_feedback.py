"""Feedback prompts after answers ("Was this helpful? Yes No") are left out of the text."""

from __future__ import annotations

import pytest

from extractor import extract
from extractor.tidy.feedback import FEEDBACK_PROMPT

ANSWER = "You can move a lesson up to a day before it starts, from the lessons page of your account, at no cost. "


@pytest.mark.parametrize("text", [
    "Was this helpful?", "Was this article helpful for you?", "Did this answer your question? Yes No",
    "Is this page useful?", "Was this answer helpful? 👍 12 👎 3", "Did this help? Yes (4) No (1)",
    "How helpful was this article?", "Was this leaflet helpful? Yes No", "Was this helpful? Thanks for your feedback!",
])
def test_a_feedback_prompt_is_recognised(text):
    assert FEEDBACK_PROMPT.fullmatch(text)


@pytest.mark.parametrize("text", [
    "Is the app useful for teams?", "Was this the best season yet?", "Helpful tips for your first lesson",
    "Did this change the rules? Yes: the board voted in March.",
])
def test_a_question_of_the_text_is_not_a_feedback_prompt(text):
    assert not FEEDBACK_PROMPT.fullmatch(text)


def test_a_help_centre_loses_its_prompts_and_keeps_its_answers():
    # a help centre asking after each of its answers (a 134th blind round kept the question 16 times)
    items = "".join(f"<h3>How do I move lesson {k}?</h3><p>{ANSWER}</p><div class='feedback'><p>Was this helpful?</p>"
                    "<button>Yes</button><button>No</button></div>" for k in range(6))
    html = f"<html><body><main><h1>Help centre: lessons</h1>{items}</main></body></html>"
    for method in ("auto", "decay", "cedp"):
        text = extract(html, method=method).text
        assert "helpful" not in text and text.count("You can move a lesson") == 6, (method, text)
