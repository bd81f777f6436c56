"""The crf method: segmentation and merge rules on fixture pages, a training round trip, model files."""

from __future__ import annotations

import json
import shutil

import pytest

from extractor import extract
from extractor.errors import ModelError, OptionError
from extractor.methods import crf
from extractor.methods.crf.blocks import TEXT_TAG, SegmentOptions, segment, segment_text
from extractor.methods.crf.features import FEATURE_VERSION, LabelOptions, derive_labels, html_features
from extractor.metrics import tokens
from extractor.page import load

from .conftest import FIXTURES

CRF_DIR = FIXTURES / "crf"
ARTICLES = sorted(CRF_DIR.glob("article_*.html"))
GOLD = json.loads((CRF_DIR / "gold.json").read_text(encoding="utf-8"))


def _page(name: str):
    return load((CRF_DIR / name).read_bytes())


def _texts(page, opts=None):
    return [segment_text(page, s) for s in segment(page, opts or SegmentOptions())]


def test_segmentation_of_an_article_page():
    page = _page("article_river.html")
    segs = segment(page)
    texts = [segment_text(page, s) for s in segs]
    assert texts[0] == "Home News Sport Weather Contact us"  # the nav bar: one leaf
    assert texts[1] == "The Quiet Return of the River Otter"
    assert [s.tag for s in segs][:4] == ["div", "h1", "div", "p"]
    # The three sibling paragraphs merge into one block that keeps the three element ids.
    para = segs[3]
    assert len(para.ids) == 3 and all(page.tags[i] == "p" for i in para.ids)
    assert texts[3].startswith("Otters have come back") and texts[3].endswith("without crossing open fields.")
    assert texts[-1].startswith("Copyright 2026")
    # No text is lost or duplicated: the blocks hold exactly the body's tokens, in order.
    assert tokens(" ".join(texts)) == tokens(page.text_of(page.body_id))


def test_every_block_keeps_its_element_ids():
    for path in [*ARTICLES, CRF_DIR / "merge_rules.html"]:
        page = load(path.read_bytes())
        for seg in segment(page):
            assert seg.ids, path.name
            parts_text = " ".join(page.text_of(i) if t is None else t for i, t in seg.parts)
            assert tokens(parts_text) == tokens(segment_text(page, seg))
            assert seg.chars == sum(int(page.text_len[i]) if t is None else len(t) for i, t in seg.parts)


def test_merge_rule_same_tag_siblings():
    page = _page("merge_rules.html")
    merged = _texts(page)
    assert "First paragraph of the first box.\nSecond paragraph of the first box." in merged
    apart = _texts(page, SegmentOptions(merge_siblings=False, link_merge_share=1.0))
    assert "First paragraph of the first box." in apart and "Second paragraph of the first box." in apart


def test_merge_rule_link_next_to_text():
    page = _page("merge_rules.html")
    segs = segment(page)
    run = next(s for s in segs if segment_text(page, s).startswith("Read the"))
    assert run.tag == TEXT_TAG and len(run.parts) == 3
    assert segment_text(page, run).replace("\n", " ") == "Read the full story online today"
    apart = _texts(page, SegmentOptions(merge_siblings=False, link_merge_share=1.0))
    assert "full story" in apart and "Read the" in apart


def test_merge_rule_link_share_of_neighbours():
    page = _page("merge_rules.html")
    # Sibling merging off: the two link-dense boxes (100 % and 86 % anchor text) still merge.
    only_links = _texts(page, SegmentOptions(merge_siblings=False))
    assert "Link one Link two\nLink three and link four" in only_links
    neither = _texts(page, SegmentOptions(merge_siblings=False, link_merge_share=0.9))
    assert "Link one Link two" in neither and "Link three and link four" in neither


def test_inner_blocks_are_not_merged_back():
    page = load(b"<html><body><div><div><p>a one</p><div>b two</div></div>"
                b"<div><p>c three</p><div>d four</div></div></div></body></html>")
    leaves_only = _texts(page)
    assert len(leaves_only) == 4
    # The paper's block rule: equal div children are searched, each holds p + div (tags differ): a block.
    assert _texts(page, SegmentOptions(split_rule="paper")) == ["a one\nb two", "c three\nd four"]
    # Merge rule 1 on inner blocks too would glue the two sibling divs the search just separated.
    glued = _texts(page, SegmentOptions(split_rule="paper", merge_leaves_only=False))
    assert glued == ["a one\nb two\nc three\nd four"]


def test_single_child_chain_collapses():
    page = load(b"<html><body><div><div><div><p>only</p><p>two</p></div></div></div></body></html>")
    segs = segment(page)
    assert len(segs) == 1 and len(segs[0].parts) == 2
    assert segs[0].parent == page.index[page.body.find("div/div/div")]


def test_empty_body_gives_no_blocks_and_a_reason():
    page = load(b"<html><body><div> </div></body></html>")
    assert segment(page) == []
    result = extract(page, method="crf")
    assert result.empty and "no text" in result.reason


def test_labels_from_gold():
    page = _page("article_tram.html")
    segs = segment(page)
    gold = GOLD["article_tram.html"]
    labels = derive_labels(page, segs, gold["body"], gold["title"], LabelOptions())
    texts = [segment_text(page, s) for s in segs]
    assert labels[texts.index(gold["title"])] == "title"
    assert labels.count("title") == 1
    assert [t for t, lab in zip(texts, labels, strict=True) if lab == "body"] == [gold["body"].replace("\n\n", "\n")]


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    xs, ys = [], []
    for path in ARTICLES:
        page = load(path.read_bytes())
        segs = segment(page)
        gold = GOLD[path.name]
        xs.append(html_features(page, segs))
        ys.append(derive_labels(page, segs, gold["body"], gold["title"]))
    stem = tmp_path_factory.mktemp("crf") / "fixture_model"
    crf.train_model(xs, ys, stem, c1=0.0, c2=0.01, max_iterations=50)
    return stem


def test_training_round_trip_predicts_the_training_pages(trained):
    for path in ARTICLES:
        gold = GOLD[path.name]
        result = extract(path.read_bytes(), method="crf", model_path=str(trained))
        assert result.title == gold["title"]
        assert tokens(result.text) == tokens(gold["body"])
        assert all(b.label == "body" and 0.5 < b.score <= 1.0 for b in result.blocks)
    meta = json.loads(trained.with_name(trained.name + ".json").read_text())
    assert meta["feature_version"] == FEATURE_VERSION and meta["c2"] == 0.01


def test_mismatched_model_file_gives_a_clear_error(trained, tmp_path):
    stem = tmp_path / "old"
    shutil.copy(trained.with_name(trained.name + ".crfsuite"), stem.with_name("old.crfsuite"))
    meta = json.loads(trained.with_name(trained.name + ".json").read_text())
    meta["feature_version"] = "html-0"
    stem.with_name("old.json").write_text(json.dumps(meta))
    with pytest.raises(ModelError, match="trained with feature version 'html-0'.*retrain"):
        extract(ARTICLES[0].read_bytes(), method="crf", model_path=str(stem))


def test_corrupt_or_missing_model_file_gives_a_clear_error(trained, tmp_path):
    stem = tmp_path / "bad"
    shutil.copy(trained.with_name(trained.name + ".json"), stem.with_name("bad.json"))
    stem.with_name("bad.crfsuite").write_bytes(b"not a model at all")
    with pytest.raises(ModelError, match="not a crfsuite model"):
        crf.load_model(stem)
    with pytest.raises(ModelError, match="not found"):
        crf.load_model(tmp_path / "absent")


def test_shipped_html_model_loads_with_the_current_features():
    model = crf.load_model(crf.MODEL_DIR / crf.MODEL_STEMS["html"])
    assert model.meta["feature_version"] == FEATURE_VERSION
    assert set(model.meta["labels"]) == {"title", "body", "noise"}
    total = sum(p.stat().st_size for p in crf.MODEL_DIR.glob("crf_*"))
    assert total < 5_000_000


def test_marginal_decisions(trained):
    model = crf.load_model(trained)
    page = load(ARTICLES[1].read_bytes())
    segs = segment(page)
    labels, probs = crf.tag_sequence(model.tagger, html_features(page, segs))
    body = [t for t, lab in enumerate(labels) if lab == "body"]
    assert body and all(0.5 < p <= 1.0 for p in probs)
    # No body on the path: the fallback takes the blocks whose P(body) reaches its threshold.
    none = ["noise" if lab == "body" else lab for lab in labels]
    fixed, _ = crf.decide(model.tagger, none, probs, 0.0, 0.2)
    assert [t for t, lab in enumerate(fixed) if lab == "body"] == body
    assert crf.decide(model.tagger, none, probs, 0.0, 1.0)[0] == none
    # A marginal rule replaces the path: above 0.5 it agrees with it here.
    assert crf.decide(model.tagger, labels, probs, 0.5, 1.0)[0] == labels
    with pytest.raises(OptionError):
        extract(ARTICLES[0].read_bytes(), method="crf", body_marginal=1.5)


def test_rendered_page_uses_the_layout_model():
    from .test_render_support import chromium_or_skip

    chromium_or_skip()
    html = ARTICLES[2].read_bytes()
    gold = GOLD[ARTICLES[2].name]
    result = extract(html, method="crf", render=True, render_options={"offline": True})
    assert result.rendered and result.details["model"] == "layout"
    assert all(b.box is not None for b in result.blocks)
    plain = extract(html, method="crf")
    assert plain.details["model"] == "html"
    # The shipped models (trained on wcxb_dev only) on a page written for this project: the whole
    # article, the headline as title, no navigation or footer (the byline may come along: the
    # models' body cut, chosen by CV on wcxb_dev, favours recall).
    from extractor.metrics import shingle_prf

    for res in (result, plain):
        assert res.title == gold["title"]
        score = shingle_prf(res.text, gold["body"])
        assert score.r == 1.0 and score.f1 > 0.9, res.details["model"]
        assert "Home News Sport" not in res.text and "Copyright" not in res.text


def test_stacked_features_follow_decay_and_cedp():
    from extractor.methods import cedp, decay
    from extractor.methods.crf.stack import stacked_features

    for path in ARTICLES:
        page = load(path.read_bytes())
        segs = segment(page)
        feats = stacked_features(page, segs)
        texts = [segment_text(page, s) for s in segs]
        # Blocks wholly inside decay's cleaned region hold exactly the text decay outputs.
        inside = " ".join(t for t, f in zip(texts, feats, strict=True) if "X:dc=4" in f)
        decay_text = " ".join(b.text for b in decay.run(page, decay.Options()).blocks)
        assert tokens(inside) == tokens(decay_text), path.name
        # Blocks CEDP keeps whole are in CEDP's output; those it drops wholly are not.
        kept = tokens(" ".join(b.text for b in cedp.run(page, cedp.Options()).blocks))
        for t, f in zip(texts, feats, strict=True):
            if "X:nltdk=4" in f:
                assert set(tokens(t)) <= set(kept), (path.name, t)
        wheres = [next(x for x in f if x.startswith("X:dw=")) for f in feats]
        assert wheres[0] == "X:dw=before" and wheres[-1] == "X:dw=after"


def test_the_model_file_carries_its_decision_cut(trained, tmp_path):
    html = ARTICLES[0].read_bytes()
    assert extract(html, method="crf", model_path=str(trained)).details["body_marginal"] == 0.0
    stem = tmp_path / "cut"
    shutil.copy(trained.with_name(trained.name + ".crfsuite"), stem.with_name("cut.crfsuite"))
    meta = json.loads(trained.with_name(trained.name + ".json").read_text())
    meta["body_marginal"] = 0.99
    stem.with_name("cut.json").write_text(json.dumps(meta))
    strict = extract(html, method="crf", model_path=str(stem))
    assert strict.details["body_marginal"] == 0.99
    assert all(b.score >= 0.99 for b in strict.blocks)
    # An explicit option wins over the file.
    assert extract(html, method="crf", model_path=str(stem), body_marginal=0.0).details["body_marginal"] == 0.0
