"""The learned extractor (issue #14, item 2): its tree evaluator, its model file, its features, its output."""

from __future__ import annotations

import gzip
import json

import numpy as np
import pytest

from extractor import extract
from extractor.auto import learned
from extractor.auto.learned_features import (
    _SENT_END,
    _WORD,
    FEATURE_NAMES,
    FEATURE_VERSION,
    block_features,
    text_counts,
)
from extractor.errors import ModelError, OptionError
from extractor.methods.crf.blocks import break_prefix, segment, segment_text
from extractor.metrics import shingle_prf
from extractor.page import load
from extractor.trees import export_trees, predict_proba, prepare

from .conftest import FIXTURES

CRF_DIR = FIXTURES / "crf"
GOLD = json.loads((CRF_DIR / "gold.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("classes", [2, 3])
def test_tree_evaluator_matches_scikit_learn(classes):
    from sklearn.ensemble import HistGradientBoostingClassifier

    rng = np.random.default_rng(0)
    x = rng.normal(size=(600, 6))
    y = (x[:, 0] + x[:, 1] * x[:, 2] > 0).astype(int) + (classes == 3) * (x[:, 3] > 1)
    clf = HistGradientBoostingClassifier(max_iter=30, max_depth=5, random_state=0).fit(x, y)
    model = prepare(json.loads(json.dumps(export_trees(clf))))
    test = rng.normal(size=(200, 6))
    assert np.abs(predict_proba(model, test) - clf.predict_proba(test)).max() < 1e-4


def test_two_tree_sets_export_as_the_mean_of_their_logits():
    from scipy.special import expit
    from sklearn.ensemble import HistGradientBoostingClassifier

    rng = np.random.default_rng(1)
    x = rng.normal(size=(600, 4))
    y = (x[:, 0] - x[:, 1] + 0.5 * rng.normal(size=600) > 0).astype(int)
    free = HistGradientBoostingClassifier(max_iter=20, max_depth=4, random_state=0).fit(x, y)
    bound = HistGradientBoostingClassifier(max_iter=25, max_depth=6, monotonic_cst=[1, -1, 0, 0],
                                           random_state=0).fit(x, y)
    exported = export_trees(free, bound)
    assert exported["tree_sets"] == 2 and len(exported["trees"]) == 45 and exported["max_depth"] == 6
    model = prepare(json.loads(json.dumps(exported)))
    test = rng.normal(size=(200, 4))
    mean_logit = (free.decision_function(test) + bound.decision_function(test)) / 2
    assert np.abs(predict_proba(model, test)[:, 1] - expit(mean_logit)).max() < 1e-4
    # neither set alone gives it
    assert np.abs(predict_proba(model, test)[:, 1] - free.predict_proba(test)[:, 1]).max() > 1e-3
    with pytest.raises(ValueError, match="different classes"):
        export_trees(free, HistGradientBoostingClassifier(max_iter=2).fit(x, y + 1))


def test_shipped_model_loads_with_this_feature_code():
    model = learned.load_model()
    assert model["feature_version"] == FEATURE_VERSION and model["feature_names"] == FEATURE_NAMES
    assert sorted(model["trained_on"]) == sorted(["wcxb_dev", "cleaneval", "l3s_gn1", "dragnet", "chinese_wce"])
    assert 0.0 <= model["cut"] <= 1.0 and 0.0 <= model["smooth"] <= 0.5
    assert learned.MODEL_PATH.stat().st_size < 5_000_000


def test_a_model_for_other_features_is_refused(tmp_path):
    path = tmp_path / "old.json.gz"
    path.write_bytes(gzip.compress(json.dumps({"kind": "trees", "feature_version": "learned-0", "trees": [],
                                               "feature_names": [], "smooth": 0, "cut": 0.5}).encode()))
    with pytest.raises(ModelError, match="retrain with bench/train_auto.py"):
        extract("<p>Some text of a page.</p>", method="learned", model_path=str(path))
    with pytest.raises(ModelError, match="not found"):
        extract("<p>Some text of a page.</p>", method="learned", model_path=str(tmp_path / "missing.json"))


def test_features_are_finite_one_row_per_block():
    for name in GOLD:
        page = load((CRF_DIR / name).read_bytes())
        segs = segment(page)
        breaks = break_prefix(page)
        x = block_features(page, segs, [segment_text(page, s, breaks) for s in segs])
        assert x.shape == (len(segs), len(FEATURE_NAMES)) and np.isfinite(x).all(), name


@pytest.mark.parametrize("texts", [
    ["Born 1984, died 2001. Next!", "", "no digits", "x²³ and ٣ and ① and ０"],  # superscripts, Arabic, circled
    ["中文字。カナ！한글 words? end.", "a.b c.\n", "tab.\tnbsp.\xa0ideographic space.\u3000", "."],
    ["𝟘𝟙 mathematical digits beyond the BMP. Yes.", "12"],
    ["a NUL\0inside 7.", "8"],
])
def test_text_counts_are_the_per_text_patterns(texts):
    words, ends, digits = text_counts(texts)
    assert words.tolist() == [len(_WORD.findall(t)) for t in texts]
    assert ends.tolist() == [len(_SENT_END.findall(t)) for t in texts]
    assert digits.tolist() == [sum(map(str.isdigit, t)) for t in texts]


def test_smoothing_along_the_sequence():
    p = np.array([0.0, 1.0, 0.0, 0.0])
    assert learned.smooth(p, 0.0) is p
    assert np.allclose(learned.smooth(p, 0.25), [0.25, 0.5, 0.25, 0.0])


def test_body_mask_cut_and_fallback_for_an_empty_page():
    p = np.array([0.05, 0.25, 0.12, 0.2, 0.6])
    comments = np.array([True, True, True, True, False])  # eligible: the last block is in a comment section
    # The cut keeps what reaches it; the fallback is not needed.
    assert learned.body_mask(p, 0.0, 0.5).tolist() == [False, False, False, False, True]
    # Nothing eligible reaches the cut: the blocks at 0.3 x the best eligible one (0.25) or more.
    assert learned.body_mask(p, 0.0, 0.4, comments).tolist() == [False, True, True, True, False]
    # Off, or a best block under the floor: the page stays empty.
    assert not learned.body_mask(p, 0.0, 0.4, comments, fallback=0.0).any()
    assert not learned.body_mask(p * 0.3, 0.0, 0.4, comments).any()


def test_body_mask_relative_cut_keeps_blocks_near_an_unsure_best():
    p = np.array([0.1, 0.26, 0.6, 0.3, 0.2])
    # The cut alone keeps the best block; at 0.4 of the best (0.24) the blocks beside it come too.
    assert learned.body_mask(p, 0.0, 0.45).tolist() == [False, False, True, False, False]
    assert learned.body_mask(p, 0.0, 0.45, relative=0.4).tolist() == [False, True, True, True, False]
    # Never above the cut: a sure page keeps what reaches the cut.
    sure = np.array([0.5, 0.95, 0.48])
    assert learned.body_mask(sure, 0.0, 0.45, relative=0.6).tolist() == [True, True, True]


def _model_with_rules(tmp_path, rules):
    """The shipped model written again with ``rules`` per page type (its path)."""
    model = json.loads(gzip.decompress(learned.MODEL_PATH.read_bytes()))
    path = tmp_path / "rules.json.gz"
    path.write_bytes(gzip.compress(json.dumps({**model, "rules": rules}).encode()))
    return str(path)


TABLE_PAGE = """<html><body><main><h1>Soil moisture in the polders</h1><p>{para}</p><table>{rows}</table>
<p>{para}</p></main></body></html>"""


@pytest.mark.parametrize(("cells", "filled"), [
    (["Year", "1996", "2006", "2016"], True),  # a data table between two kept paragraphs
    (["A whole paragraph of the page laid out in a cell, " * 6] * 4, False),  # a layout table
])
def test_a_data_table_between_kept_blocks_is_kept(cells, filled):
    para = "A paragraph of the story, long enough to be read as prose by any method. " * 3
    rows = "".join(f"<tr><th><div>{c}</div></th><td>{k} mm</td><td>{k + 2} days</td></tr>" for k, c in enumerate(cells))
    _assert_filled_between_kept_blocks(TABLE_PAGE.format(para=para, rows=rows), "table", filled)


def _assert_filled_between_kept_blocks(html: str, tag: str, filled: bool) -> None:
    """The blocks inside the first ``tag`` of ``html``, left out between kept blocks, are made body (``filled``)
    or left out, and the kept ones stay kept."""
    page = load(html)
    segs = segment(page)
    box = page.tags.index(tag)
    inside = np.array([box <= s.first_id < page.end[box] for s in segs])
    assert inside.any() and (~inside).sum() >= 2
    out = learned.fill_tables(page, segs, ~inside)  # the model kept the paragraphs and the headline, not the box
    assert bool(out[inside].all()) is filled and bool(out[~inside].all())


def test_a_data_table_among_other_blocks_left_out_between_kept_ones_is_kept():
    # A tide page (an 85th blind round): the day's "Previous day / Next day" links, then its tide table, both
    # left out between the kept date line and the week's heading; the table is made body, the links are not.
    para = "A paragraph of the page, long enough to be read as prose by any method. " * 3
    rows = "".join(f"<tr><td>{t}</td><td>0{k}:18</td><td>{k + 1}.1 m</td></tr>"
                   for k, t in enumerate(["Low", "High"] * 2))
    html = (f"<html><body><main><h1>Avonmouth tide times</h1><p>{para}</p><p><a href='/d1'>Previous day</a> "
            f"<a href='/d3'>Next day</a></p><table>{rows}</table><h2>The next 7 days</h2><p>{para}</p></main>"
            "</body></html>")
    page = load(html)
    segs = segment(page)
    table = page.tags.index("table")
    texts = [segment_text(page, s) for s in segs]
    in_table = np.array([table <= s.first_id < page.end[table] for s in segs])
    pager = np.array(["Previous day" in t for t in texts])
    assert in_table.any() and pager.any()
    out = learned.fill_tables(page, segs, ~in_table & ~pager)
    assert bool(out[in_table].all()) and not out[pager].any()


LIST_PAGE = """<html><body><main><h1>4 bedroom house for sale</h1><p>{para}</p><h2>Rooms</h2><div class="floor">
<h3>Ground floor</h3><dl>{items}</dl><h3>First floor</h3><dl>{items}</dl></div><p>{para}</p></main></body></html>"""


@pytest.mark.parametrize(("values", "filled"), [
    (["4.62m x 1.85m", "4.88m x 3.96m", "3.35m x 3.05m"], True),  # rooms and sizes between two kept paragraphs
    (["A whole paragraph of the page given as a description, " * 6] * 3, False),  # a glossary's prose
])
def test_description_lists_of_data_between_kept_blocks_are_kept(values, filled):
    para = "A paragraph of the listing, long enough to be read as prose by any method. " * 3
    items = "".join(f"<dt>Room {k}</dt><dd>{v}</dd>" for k, v in enumerate(values))
    _assert_filled_between_kept_blocks(LIST_PAGE.format(para=para, items=items), "div", filled)


HEADED_TABLE_PAGE = """<html><body><main><h1>Herons beat the Owls</h1><p>{para}</p><h3>Lakeport Herons</h3>{between}
<table>{rows}</table></main></body></html>"""


@pytest.mark.parametrize(("cells", "between", "filled"), [
    (["Delane", "Banjo", "Whitcombe"], "", True),  # a box score's table right after its kept heading
    (["A whole paragraph of the page laid out in a cell, " * 6] * 3, "", False),  # a layout table
    (["Delane", "Banjo", "Whitcombe"], "<p>A line left out between the heading and the table.</p>", False),
])
def test_a_data_table_right_after_a_kept_heading_is_kept(cells, between, filled):
    para = "A paragraph of the story, long enough to be read as prose by any method. " * 3
    rows = "".join(f"<tr><td>{c}</td><td>{k + 20} pts</td><td>{k + 3} reb</td></tr>" for k, c in enumerate(cells))
    page = load(HEADED_TABLE_PAGE.format(para=para, between=between, rows=rows))
    segs = segment(page)
    table = page.tags.index("table")
    in_table = np.array([table <= s.first_id < page.end[table] for s in segs])
    kept_text = np.array([s.first_id < table and "left out" not in segment_text(page, s) for s in segs])
    assert in_table.any() and kept_text.sum() >= 2
    out = learned.fill_tables(page, segs, kept_text)  # the model kept the text and the heading, not the table
    assert bool(out[in_table].all()) is filled and bool(out[kept_text].all())


def _left_out_by_the_box_rule(html: str) -> list[str]:
    """The block texts that :func:`learned.drop_inserted_boxes` leaves out of a page whose blocks were all kept."""
    page = load(html)
    segs = segment(page)
    texts = [segment_text(page, s, break_prefix(page)) for s in segs]
    out = learned.drop_inserted_boxes(page, segs, np.ones(len(segs), dtype=bool), [len(t) for t in texts])
    return [t for t, k in zip(texts, out, strict=True) if not k]


@pytest.mark.parametrize(("name", "dropped"), [
    ("ad inline-ad", True), ("newsletter-signup", True), ("adSlot", True), ("headerAd", False),  # not split at case
    ("address", False), ("item__adF2E", False),  # a CSS module's hash
])
def test_a_box_named_an_ad_or_a_sign_up_inside_the_kept_text_is_left_out(name, dropped):
    para = "A paragraph of the story, long enough to be read as prose by any method. " * 3
    box = "A box of its own, one sentence long, put between the paragraphs."
    html = (f"<html><body><main><h1>Soil</h1><p>{para}</p><div class='{name}'><p>{box}</p></div>"
            f"<p>{para}</p><p>{para}</p></main></body></html>")
    assert _left_out_by_the_box_rule(html) == ([box] if dropped else [])


PARA_5 = "A paragraph of the story, long enough to be read as prose by any method. " * 5
ITEMS = "".join(f"<article class='ad'><h2>Road bike {k}</h2><p>A steel frame, ridden for two summers.</p></article>"
                for k in range(8))


@pytest.mark.parametrize("html", [
    # a listing of classified ads, each item an "ad": together they are the kept text, not boxes put into it
    f"<html><body><main><h1>Used bikes</h1><p>Every bike below was listed this fortnight.</p>{ITEMS}</main></body>",
    # the article's own wrapper named "sponsored", and a slide holding a paragraph beside its ad slot
    f"<html><body><div class='sponsored'><h1>Soil</h1><p>{PARA_5}</p></div><p>A line.</p>"
    f"<div class='ad-item'><p>{PARA_5}</p></div><p>{PARA_5}</p><p>{PARA_5}</p></body></html>",
])
def test_boxes_named_ads_are_kept_when_they_hold_the_text(html):
    assert _left_out_by_the_box_rule(html) == []


def test_auto_leaves_out_an_ad_and_a_sign_up_put_into_an_article():
    para = "A paragraph of the story about the polders and their soil, told at some length for a reader. " * 3
    html = (f"<html><head><title>Soil moisture in the polders</title></head><body><nav><a href=/>Home</a></nav>"
            f"<article><h1>Soil moisture in the polders</h1><p>{para}</p><p>{para}</p>"
            "<div class='ad inline-ad'><span>Advertisement</span><p>Fresh pasta delivered to your door today.</p></div>"
            f"<p>{para}</p><div class='newsletter-inline'><h3>Love soil?</h3><p>Join our weekly letter.</p>"
            f"<button>Sign up</button></div><p>{para}</p></article><footer>Contact us</footer></body></html>")
    text = extract(html.encode()).text
    assert text.count("polders and their soil") == 12 and "pasta" not in text and "weekly letter" not in text


def test_the_rule_of_the_page_type_applies(tmp_path):
    path = _model_with_rules(tmp_path, {"listing": [0.0, 0.3, 0.5]})
    model = learned.load_model(path)
    default = (float(model["smooth"]), float(model["cut"]), float(model.get("relative", 0.0)))
    assert learned.decision_rule(model, learned.Options(page_type="listing")) == (0.0, 0.3, 0.5)
    assert learned.decision_rule(model, learned.Options(page_type="product")) == default
    assert learned.decision_rule(model, learned.Options()) == default
    # An option set by the caller wins over the model's rule.
    assert learned.decision_rule(model, learned.Options(page_type="listing", cut=0.7)) == (0.0, 0.7, 0.5)
    page = (FIXTURES / "pages" / "article.html").read_bytes()
    result = extract(page, method="learned", model_path=path, page_type="listing")
    assert (result.details["smooth"], result.details["cut"], result.details["relative"]) == (0.0, 0.3, 0.5)


def test_malformed_rules_are_refused(tmp_path):
    path = _model_with_rules(tmp_path, {"listing": [0.0, "low"]})
    with pytest.raises(ModelError, match="malformed rules"):
        extract("<p>Some text of a page.</p>", method="learned", model_path=path)


def test_auto_gives_the_learned_extractor_its_page_type():
    from extractor.auto import plan

    chosen = plan(load((FIXTURES / "pages" / "article.html").read_bytes()))
    assert chosen.method == "learned" and chosen.options.page_type == chosen.page_type == "article"
    result = extract((FIXTURES / "pages" / "article.html").read_bytes())
    model = learned.load_model()
    rule = model.get("rules", {}).get("article") or [model["smooth"], model["cut"], model.get("relative", 0.0)]
    assert result.page_type == "article"
    assert [result.details["smooth"], result.details["cut"], result.details["relative"]] == [float(v) for v in rule]


def test_empty_fallback_option_is_checked():
    with pytest.raises(OptionError):
        extract("<html><body><p>Text of a page.</p></body></html>", method="learned", empty_fallback=2)


def test_learned_extracts_the_article_of_fixture_pages():
    for name, gold in GOLD.items():
        result = extract((CRF_DIR / name).read_bytes(), method="learned")
        assert result.method == "learned" and result.details["model"] == "learned"
        assert shingle_prf(result.text, gold["body"]).f1 > 0.8, name
        assert "Copyright" not in result.text, name


def test_auto_runs_the_learned_extractor_on_an_article():
    result = extract((FIXTURES / "pages" / "article.html").read_bytes())
    assert result.page_type == "article" and result.method == "learned"
    assert "sleeper carriages will once again leave" in result.text
    assert "first regular service departs" in result.text
    assert "Harbour bridge closes" not in result.text and "reader_41" not in result.text and "Sport" not in result.text


def test_an_empty_body_has_a_reason():
    result = extract("<html><body><div></div></body></html>", method="learned")
    assert result.text == "" and result.reason


def test_a_gap_of_likely_body_between_kept_blocks_is_filled():
    # Hysteresis: the cut keeps blocks 0, 3 and 7; the run 1-2 between them reaches the floor, so it is body (a
    # lesson's vocabulary cards between its "Vocabulary" and "Grammar" headings: a 118th blind round); the run 4-6
    # holds a block under the floor, or one that may not be filled; the blocks after the last kept one are body up to
    # the first under the floor (a timetable's closing "Good to know" list before its share bar: a 137th blind round).
    keep = np.array([1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0], dtype=bool)
    prob = np.array([0.9, 0.4, 0.35, 0.8, 0.4, 0.1, 0.4, 0.9, 0.45, 0.05, 0.6])
    fillable = np.ones(11, dtype=bool)
    out = learned.fill_gaps(keep, prob, fillable)
    assert out.tolist() == [True, True, True, True, False, False, False, True, True, False, False]
    assert not keep[1]  # a new array
    prob[5] = 0.4
    assert learned.fill_gaps(keep, prob, fillable)[4:7].all()
    fillable[5] = fillable[8] = False
    out = learned.fill_gaps(keep, prob, fillable)
    assert not out[4:7].any() and not out[8]
    # a readers' thread after the text (``closing`` false there) is never its closing section
    closing = np.ones(11, dtype=bool)
    closing[8] = False
    assert not learned.fill_gaps(keep, prob, np.ones(11, dtype=bool), closing=closing)[8]
    assert learned.fill_gaps(keep, prob, np.ones(11, dtype=bool), floor=0.5).tolist() == keep.tolist()


def test_repeated_dated_gaps_are_post_headers_and_filled():
    # A thread's posts kept, the author-and-date line between one post and the next left out at P 0.15-0.30 (the
    # 151st and 152nd blind rounds kept 9 of 16 and 6 of 14): three gaps alike, each dated, are filled block by block
    # (a control such as "Share" not); gaps alike but undated, or of two repeats only, stay out.
    texts = ["Hi all, we adopted a dog ten days ago.", "Share", "PaulineT 2 February 2026",
             "Ten days is nothing, honestly.", "Share", "Kerry 2 February 2026", "Lurchers are sensitive souls.",
             "Share", "Dan 3 days ago", "Thank you for posting."]
    paths = [1, 2, 3, 1, 2, 3, 1, 2, 3, 1]
    keep = np.array([1, 0, 0, 1, 0, 0, 1, 0, 0, 1], dtype=bool)
    prob = np.array([0.9, 0.3, 0.1, 0.9, 0.3, 0.2, 0.9, 0.3, 0.06, 0.9])
    fillable = np.array([1, 0, 1, 1, 0, 1, 1, 0, 1, 1], dtype=bool)
    out = learned.fill_post_headers(keep, prob, fillable, paths, texts)
    assert out.tolist() == [True, False, True, True, False, True, True, False, True, True]
    assert not keep[2]  # a new array
    undated = [t.replace("2 February 2026", "wrote").replace("3 days ago", "wrote") for t in texts]
    assert learned.fill_post_headers(keep, prob, fillable, paths, undated).tolist() == keep.tolist()
    keep[6] = False  # two repeats only
    assert learned.fill_post_headers(keep, prob, fillable, paths, texts).tolist() == keep.tolist()
    keep[6] = True
    prob[8] = 0.01  # under the floor: an "Advertisement" label's P
    assert not learned.fill_post_headers(keep, prob, fillable, paths, texts)[8]
    # one gap left, the headers on its path the model kept elsewhere counting as its repeats (a 154th blind round's
    # thread lost only its last post's header)
    prob[8] = 0.06
    keep = np.array([1, 0, 1, 1, 0, 1, 1, 0, 0, 1], dtype=bool)
    assert learned.fill_post_headers(keep, prob, fillable, paths, texts)[8]
    texts[5] = "Kerry wrote"  # one kept header and one gap: two repeats only
    assert not learned.fill_post_headers(keep, prob, fillable, paths, texts)[8]


def test_record_sets_are_runs_of_cards_alike():
    # Cards of paths 1-2-3-4 four times in a row after a lead paragraph (5), then a footer: one set opening on the
    # card's first block (not a rotation of it); two cards alike are no set, nor are repeats longer than the bound.
    paths = [5, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 6]
    assert learned.record_sets(paths) == [(1, 4, 4)]
    assert learned.record_sets([5, 1, 2, 1, 2, 6]) == []
    assert learned.record_sets(paths, max_blocks=3) == []
    assert learned.record_sets([7] * 5) == [(0, 1, 5)]


def test_the_choices_over_a_record_set_are_made_alike_in_every_card():
    # A catalogue's cards (title, summary, facts, a "Download" button): summaries kept, facts in 3 of 4 cards, titles
    # in 1 (a 156th blind round, P 0.24-0.66): the facts and the titles are kept in every card, from the heading
    # floor, the button (kept in none) not; a set with no card kept in half of them (a menu) is left as it is.
    paths = [9] + [1, 2, 3, 4] * 4
    keep = np.array([1] + [1, 1, 1, 0] + [0, 1, 1, 0] + [0, 1, 0, 0] + [0, 1, 1, 0], dtype=bool)
    prob = np.array([0.9] + [0.6, 0.8, 0.5, 0.3] + [0.3, 0.7, 0.5, 0.3] + [0.3, 0.6, 0.4, 0.3] + [0.1, 0.7, 0.5, 0.3])
    fillable = np.ones(17, dtype=bool)
    headings = np.array([0] + [1, 0, 0, 0] * 4, dtype=bool)
    out = learned.fill_records(keep, prob, fillable, headings, paths)
    assert out.tolist() == [True] + [True, True, True, False] * 3 + [False, True, True, False]  # last title: P 0.1
    assert not keep[5]  # a new array
    fillable[11] = False
    assert not learned.fill_records(keep, prob, fillable, headings, paths)[11]
    fillable[11] = True
    keep[3] = False  # the facts kept in 2 of 4 cards: a slip of the model's as likely as not, not spread
    assert not learned.fill_records(keep, prob, fillable, headings, paths)[11]
    # a list cut short: two cards kept whole, two left out; the places are measured on the cards kept
    short = np.array([1] + [1, 1, 1, 0] * 2 + [0, 0, 0, 0] * 2, dtype=bool)
    out = learned.fill_records(short, prob, np.ones(17, dtype=bool), headings, paths)
    assert out.tolist() == [True] + [True, True, True, False] * 3 + [False, True, True, False]
    menu = np.zeros(17, dtype=bool)
    menu[0] = menu[2] = True
    assert learned.fill_records(menu, prob, np.ones(17, dtype=bool), headings, paths).tolist() == menu.tolist()


def test_what_a_more_button_brought_after_the_kept_text_is_kept_from_the_heading_floor():
    # A release post's changelog, shown under its heading by "Show full changelog" after the last section (a 160th
    # blind round, P 0.22-0.24): the heading and the lists the press brought are kept; what follows, brought by no
    # press, or under the floor, or not fillable, is not.
    keep = np.array([1, 1, 0, 0, 0, 0], dtype=bool)
    prob = np.array([0.9, 0.99, 0.24, 0.22, 0.2, 0.11])
    asked = np.array([0, 0, 0, 1, 1, 0], dtype=bool)
    headings = np.array([0, 0, 1, 0, 0, 0], dtype=bool)
    fillable = np.ones(6, dtype=bool)
    out = learned.fill_asked_for(keep, prob, fillable, asked, headings)
    assert out.tolist() == [True, True, True, True, True, False]
    assert not keep[2]  # a new array
    prob[3] = 0.1
    assert learned.fill_asked_for(keep, prob, fillable, asked, headings).tolist() == [1, 1, 1, 0, 0, 0]
    prob[3] = 0.22
    fillable[2] = False
    assert learned.fill_asked_for(keep, prob, fillable, asked, headings).tolist() == keep.tolist()

def test_a_gap_of_one_heading_is_filled_from_a_lower_floor():
    # A talk card's linked <h3> title (P 0.25) between its kept kind and summary (a 138th blind round): a one-block
    # gap that is a heading needs HEADING_GAP_FLOOR only; a longer gap, or one block that is no heading, the floor.
    keep = np.array([1, 0, 1, 0, 0, 1, 0, 1], dtype=bool)
    prob = np.array([0.9, 0.2, 0.9, 0.2, 0.2, 0.9, 0.1, 0.9])
    fillable = np.ones(8, dtype=bool)
    headings = np.array([0, 1, 0, 1, 1, 0, 1, 0], dtype=bool)
    out = learned.fill_gaps(keep, prob, fillable, headings=headings)
    assert out.tolist() == [True, True, True, False, False, True, False, True]
    assert learned.fill_gaps(keep, prob, fillable).tolist() == keep.tolist()


def test_the_headline_before_the_first_kept_block_is_kept_from_the_heading_floor():
    # A history article's <h1> (P 0.41) before its kept standfirst, left out once readers' comments followed the text
    # (a 147th blind round): the <h1> among the TITLE_LOOKBACK blocks before the first kept one is kept from
    # HEADING_GAP_FLOOR; a kicker before it stays out, and an <h1> further back or under the floor too.
    class Seg:
        def __init__(self, tag):
            self.tag, self.first_id = tag, 0

    tags = ["p"]
    segs = [Seg("p"), Seg("h1"), Seg("p"), Seg("p")]
    keep = np.array([0, 0, 1, 1], dtype=bool)
    prob = np.array([0.28, 0.41, 0.75, 0.99])
    assert learned.keep_headline(keep, prob, segs, tags).tolist() == [False, True, True, True]
    assert not keep[1]  # a new array
    prob[1] = 0.1
    assert learned.keep_headline(keep, prob, segs, tags).tolist() == keep.tolist()
    far = [Seg("h1"), Seg("p"), Seg("p"), Seg("p"), Seg("p")]
    assert not learned.keep_headline(np.array([0, 0, 0, 0, 1], dtype=bool), np.full(5, 0.5), far, tags)[0]


def test_links_controls_and_comments_are_not_filled():
    # A block mostly of links, one inside a form's label or a button, and one of a comment section left out:
    # none is filled; a block of words is.
    names = learned.FEATURE_NAMES
    rows = np.zeros((5, len(names)), dtype=np.float32)
    rows[1, names.index("link_share")] = 0.8
    rows[2, names.index("in=label")] = 1
    rows[3, names.index("in=button")] = 1
    assert learned.gap_fillable(rows).tolist() == [True, False, False, False, True]
    eligible = np.array([True, True, True, True, False])
    assert learned.gap_fillable(rows, eligible).tolist() == [True, False, False, False, False]


def test_a_caption_is_kept_with_its_table_or_figure():
    # A table kept and its figcaption not (a 164th blind round's courier rates, P 0.29): the caption is kept from the
    # floor; one under it stays out, and so do a caption of a figure nothing of which was kept and one outside a
    # figure (a photo's credit in a page's header).
    page = load("<html><body><main><p>Rates for sending a bike by courier, booked through your listing.</p>"
                "<figure><table><tr><td>Standard box</td><td>£39</td></tr></table>"
                "<figcaption>Rates include insurance up to £1,000.</figcaption></figure>"
                "<figure><p>A photograph of the depot.</p><figcaption>The depot in Leeds.</figcaption></figure>"
                "<div><p>Our drivers collect from your door.</p><figcaption>Credit: A. Photographer</figcaption></div>"
                "</main></body></html>")
    segs = segment(page)
    tags = [page.tags[s.first_id] for s in segs]
    assert tags == ["p", "table", "figcaption", "p", "figcaption", "p", "figcaption"], tags
    keep = np.array([1, 1, 0, 0, 0, 1, 0], dtype=bool)
    prob = np.array([0.9, 0.8, 0.29, 0.1, 0.5, 0.9, 0.5])
    assert learned.fill_captions(page, segs, keep, prob).tolist() == [True, True, True, False, False, True, False]
    assert not keep[2]  # a new array
    prob[2] = 0.1
    assert learned.fill_captions(page, segs, keep, prob).tolist() == keep.tolist()


def test_a_posters_card_before_each_kept_date_is_filled():
    # A thread's posts and dates kept, the poster's card (name and badge, one line) before each date left out at P
    # 0.14-0.32 (the 172nd and 173rd blind rounds): three such gaps on one path are filled; two are not, nor gaps
    # before undated lines, nor a listing's title and byline (two lines) before each card's date.
    texts = ["Night bus N7 changes", "hannah Member", "12 May 2024, 23:41", "Just seen the notice.",
             "Okafor Regular", "13 May 2024, 07:12", "Same here.", "Jess KMT Staff", "13 May 2024, 10:05",
             "Hi all, thanks for raising this."]
    paths = [0, 1, 2, 3, 1, 2, 3, 1, 2, 3]
    keep = np.array([1, 0, 1, 1, 0, 1, 1, 0, 1, 1], dtype=bool)
    prob = np.array([0.9, 0.29, 0.6, 0.9, 0.2, 0.5, 0.9, 0.14, 0.4, 0.9])
    fillable = np.ones(10, dtype=bool)
    assert learned.fill_post_headers(keep, prob, fillable, paths, texts).all()
    assert not keep[1]  # a new array
    keep[7] = True  # the third card kept by the model: two gaps before kept dates only
    assert learned.fill_post_headers(keep, prob, fillable, paths, texts).tolist() == keep.tolist()
    keep[7] = False
    undated = [t if k % 3 != 2 else "wrote:" for k, t in enumerate(texts)]
    assert learned.fill_post_headers(keep, prob, fillable, paths, undated).tolist() == keep.tolist()
    bylines = [t if k % 3 != 1 else f"A story's title\nBy Eric Chiu {k}" for k, t in enumerate(texts)]
    assert learned.fill_post_headers(keep, prob, fillable, paths, bylines).tolist() == keep.tolist()
