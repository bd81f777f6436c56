"""The prompt over a box for the reader's reply ("Your answer", "Reply to this thread") is left out of the text; a
heading over the page's own content stays."""

from extractor import extract

ANSWER = ("Take the cups out and look at the races under a good light: a pitted race shows as a row of dull dots "
          "where the balls sat, and no amount of grease will make that hub run smoothly again.")


def test_a_heading_over_a_reply_box_and_a_label_holding_one_are_left_out():
    # a 164th blind round's Q&A thread ended with "Your answer" over its box, a 163rd's forum with "Reply to this
    # thread", a label holding its box
    for form in ("<section><h2>Your answer</h2><textarea></textarea><button>Post answer</button></section>",
                 "<form><div><label>Reply to this thread<br><textarea rows=4></textarea></label></div></form>"):
        html = (f"<html><body><main><h1>Pitted hub cups?</h1><h2>Answers</h2><p>{ANSWER}</p><p>{ANSWER}</p>{form}"
                "</main></body></html>")
        text = extract(html, method="decay").text
        assert ANSWER in text and "Answers" in text, text
        assert "Your answer" not in text and "Reply to this thread" not in text, text


def test_a_heading_before_other_content_stays():
    html = (f"<html><body><main><h1>Pitted hub cups?</h1><h2>Your answer</h2><p>{ANSWER}</p><h2>Answers</h2>"
            f"<p>{ANSWER}</p></main></body></html>")
    text = extract(html, method="decay").text
    assert "Your answer" in text and "Answers" in text, text


def test_labels_of_a_finders_fields_are_left_out_and_a_task_lists_items_stay():
    # "Town or postcode Region" over a 166th blind round's stockist finder: labels holding a box and a choice; a task
    # list's items hold checkboxes, and are the text
    finder = ("<form><label>Town or postcode <input placeholder='e.g. York'></label> <label>Region <select>"
              "<option>North</option></select></label></form>")
    tasks = "<ul><li><input type=checkbox checked> Oil the chain</li><li><input type=checkbox> Pump the tyres</li></ul>"
    # and filters ticked in their labels ("Accessible paths Dogs welcome" over a 167th blind round's reserves)
    ticks = "<div><label><input type=checkbox> Accessible paths</label> <label><input type=checkbox> Dogs</label></div>"
    html = (f"<html><body><main><h1>Stockists</h1>{finder}<p>{ANSWER}</p>{tasks}{ticks}<p>{ANSWER}</p></main>"
            "</body></html>")
    text = extract(html, method="decay").text
    assert "Town or postcode" not in text and "Accessible paths" not in text, text
    assert "Oil the chain" in text and "Pump the tyres" in text, text
