"""Tests of the CEDP method: signal steps on small arrays, features on small pages, bad input, data."""

from __future__ import annotations

import numpy as np
import pytest

from extractor import extract
from extractor.api import METHODS
from extractor.errors import OptionError
from extractor.evaluate import evaluate
from extractor.methods import cedp
from extractor.methods.cedp.signal import (
    TagPaths,
    gaussian_kernel,
    otsu_threshold,
    path_edit_distance,
    path_similarity,
    smooth,
)
from extractor.page import build_page
from tests.conftest import FIXTURES, data_set

CEDP_DIR = FIXTURES / "cedp"
VARIANTS = ["cedp", "cedp-td", "cedp-ctd", "cedp-dsum", "cedp-nltd"]


# --- Otsu's threshold -------------------------------------------------------------------------

def test_otsu_splits_two_clusters():
    values = np.array([1.0, 1.2, 0.9, 1.1, 9.0, 10.0, 11.0])
    assert otsu_threshold(values) == 9.0


def test_otsu_maximises_between_class_variance():
    rng = np.random.default_rng(3)
    values = rng.random(40)
    cut = otsu_threshold(values)

    def between(c: float) -> float:
        lo, hi = values[values < c], values[values >= c]
        return len(lo) * len(hi) * (lo.mean() - hi.mean()) ** 2

    best = max((v for v in np.unique(values)[1:]), key=between)
    assert cut == best


def test_otsu_constant_and_single_values_keep_everything():
    assert otsu_threshold(np.array([3.0, 3.0, 3.0])) == 3.0
    assert otsu_threshold(np.array([5.0])) == 5.0


def test_otsu_empty_raises():
    with pytest.raises(ValueError):
        otsu_threshold(np.array([]))


def test_otsu_in_log_space_cuts_lower():
    # One huge value dominates a linear cut; in log space the mid values join the top class.
    values = np.array([0.001, 0.002, 0.001, 0.2, 0.25, 0.3, 1.0])
    assert otsu_threshold(values) == 1.0
    assert np.exp(otsu_threshold(np.log(values))) == pytest.approx(0.2)


# --- smoothing --------------------------------------------------------------------------------

def test_gaussian_kernel_shape():
    k = gaussian_kernel(2, 1.0)
    assert k.shape == (5,)
    assert k[2] == 1.0
    assert k[1] == k[3] == pytest.approx(np.exp(-0.5))
    assert k[0] == pytest.approx(np.exp(-2.0))


def test_smooth_keeps_constant_and_spreads_spike():
    ids = np.zeros(7, dtype=np.int64)
    paths = {0: ("html", "body", "p")}
    flat = smooth(np.full(7, 4.0), ids, paths, 2, 1.0)
    assert np.allclose(flat, 4.0)
    spike = np.zeros(7)
    spike[3] = 1.0
    out = smooth(spike, ids, paths, 2, 1.0)
    assert out[3] < 1.0 and out[2] > 0 and out[4] > 0 and out[0] == 0.0
    assert out[2] == pytest.approx(out[4])
    assert out[2] > out[1] > 0


def test_smooth_radius_zero_is_identity():
    v = np.array([1.0, 5.0, 2.0])
    assert np.array_equal(smooth(v, np.zeros(3, dtype=np.int64), {0: ("p",)}, 0, 1.0), v)


def test_smoothing_is_weighted_by_path_similarity():
    paths = {0: ("html", "body", "div", "p"), 1: ("html", "body", "ul", "li", "a")}
    ids = np.array([0, 0, 1, 0, 0])
    values = np.array([1.0, 1.0, 0.0, 1.0, 1.0])
    weighted = smooth(values, ids, paths, 1, 1.0, path_weighted=True)
    plain = smooth(values, ids, paths, 1, 1.0, path_weighted=False)
    # The odd node in the middle pulls its neighbours down less when its path is dissimilar.
    assert weighted[1] > plain[1]
    assert weighted[3] > plain[3]


def test_path_edit_distance():
    assert path_edit_distance(("html", "body", "p"), ("html", "body", "p")) == 0
    assert path_edit_distance(("html", "body", "div", "p"), ("html", "body", "p")) == 1
    assert path_edit_distance(("html", "body", "ul", "li", "a"), ("html", "body", "div", "p")) == 3
    assert path_edit_distance((), ("a", "b")) == 2


def _table_distance(a: tuple[str, ...], b: tuple[str, ...]) -> int:
    """The textbook Levenshtein table (the reference for the bit-parallel one)."""
    prev = list(range(len(b) + 1))
    for x, ca in enumerate(a, 1):
        cur = [x]
        for y, cb in enumerate(b, 1):
            cur.append(min(prev[y] + 1, cur[y - 1] + 1, prev[y - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def test_path_edit_distance_matches_the_table():
    rng = np.random.default_rng(5)
    for alphabet, longest in ((["a", "b"], 6), (list("abcdef"), 12), ([f"t{k}" for k in range(20)], 80)):
        for _ in range(400):
            a = tuple(rng.choice(alphabet, rng.integers(0, longest + 1)).tolist())
            b = tuple(rng.choice(alphabet, rng.integers(0, longest + 1)).tolist())
            assert path_edit_distance(a, b) == _table_distance(a, b), (a, b)


def test_tag_path_trie_distance_matches_whole_paths():
    rng = np.random.default_rng(7)
    tags = ["div", "p", "ul", "li", "a"]
    paths = {k: ("html", "body") + tuple(rng.choice(tags, rng.integers(0, 7)).tolist()) for k in range(60)}
    paths[60] = ()
    trie, ids = TagPaths.from_tuples(paths, np.arange(61))
    for p in range(61):
        for q in range(61):
            assert trie.distance(int(ids[p]), int(ids[q])) == _table_distance(paths[p], paths[q])


def test_paragraph_owners_are_the_content_ones():
    from extractor import content

    page = _page("<html><body><div><p>a<b>b</b></p><ul><li>c</li><li><a href='x'>d</a></li></ul></div>"
                 "<p>e</p><section><div><p>f</p><table><tr><td>g</td></tr></table></div></section></body></html>")
    assert cedp.paragraph_owners(page).tolist() == content.paragraph_owners(page).tolist()
    assert cedp.tags_in(page, {"p", "td"}).tolist() == [t in ("p", "td") for t in page.tags]


def test_page_tag_paths_are_the_page_paths():
    page = _page("<html><body><div><p>a<b>b</b></p><ul><li>c</li><li><a href='x'>d</a></li></ul></div>"
                 "<p>e</p><section><div><p>f</p></div></section></body></html>")
    trie = cedp.tag_paths(page)
    pid = page.tag_path_id.tolist()
    for i in range(len(page)):
        assert trie.length[pid[i]] == len(page.path_tags(i))
        for j in range(len(page)):
            assert trie.distance(pid[i], pid[j]) == _table_distance(page.path_tags(i), page.path_tags(j))
    nodes = cedp.text_nodes(page)
    paths = {p: page.path_tags(i) for i, p in zip(nodes.tolist(), page.tag_path_id[nodes].tolist(), strict=True)}
    ids = page.tag_path_id[nodes]
    values = np.linspace(0.1, 1.0, len(nodes))
    for radius in (1, 2, 3):
        assert smooth(values, ids, trie, radius, 1.0).tobytes() == smooth(values, ids, paths, radius, 1.0).tobytes()


def test_path_similarity_per_offset():
    paths = {0: ("html", "body", "p"), 1: ("html", "body", "div", "p")}
    ids = np.array([0, 1, 0])
    sim = path_similarity(ids, paths, 1)
    assert sim.tolist() == pytest.approx([0.75, 0.75, 0.0])
    assert path_similarity(ids, paths, 0).tolist() == [1.0, 1.0, 1.0]


def test_hysteresis_keeps_low_runs_touching_high():
    high = np.array([0, 0, 1, 0, 0, 0, 0, 0], dtype=bool)
    low = np.array([1, 1, 1, 0, 1, 1, 0, 1], dtype=bool)
    assert cedp.hysteresis(high, low).astype(int).tolist() == [1, 1, 1, 0, 0, 0, 0, 0]


# --- features on small pages -----------------------------------------------------------------

def _page(html: str):
    return build_page(html)


def test_text_nodes_and_path_ratio():
    page = _page("<html><body><p>aaaa</p><p>bb<a href='x'>cc</a></p><div>d</div></body></html>")
    nodes = cedp.text_nodes(page)
    assert [page.tags[i] for i in nodes] == ["p", "p", "a", "div"]
    tpr = cedp.path_feature(page, nodes, "tpr")
    # Path html/body/p: 4 + 2 characters over 2 nodes; a: 2 over 1; div: 1 over 1.
    assert tpr.tolist() == [3.0, 3.0, 2.0, 1.0]
    etpr = cedp.path_feature(page, nodes, "etpr")
    assert etpr.tolist() == [3.0, 3.0, 0.0, 0.0]  # std of (4, 2) is 1; single nodes have none


def test_block_densities_by_hand():
    page = _page("<html><body><div><p>abcdef</p><a href='x'>gh</a></div></body></html>")
    div = page.index[page.body.find("div")]
    # div subtree: C = 8 chars, T = 3 tags, LC = 2, LT = 1.
    assert cedp.block_density(page, "td")[div] == pytest.approx(8 / 3)
    assert cedp.block_density(page, "nltd")[div] == pytest.approx((8 - 2) / (3 - 1 + 1))
    p_id, a_id = div + 1, div + 2
    assert cedp.block_density(page, "dsum")[div] == pytest.approx(6 / 1 + 2 / 1)
    body = page.body_id
    c_b, lc_b = 8.0, 2.0
    base = np.log(8 / 6 * 2 + lc_b / c_b * 8 + np.e)
    expected = 8 / 3 * np.log(8 / 2 * 3 / 1) / np.log(base)
    assert cedp.block_density(page, "ctd")[div] == pytest.approx(expected)
    assert cedp.block_density(page, "none")[p_id] == 1.0
    assert body < div < a_id


def test_block_ids_use_nearest_container():
    page = _page("<html><body><div><p><b>x</b></p></div><p>y</p></body></html>")
    blocks = cedp.block_ids(page, cedp.Options())
    b = page.index[page.body.find(".//b")]
    div = page.index[page.body.find("div")]
    lone_p = page.index[page.body.findall("p")[0]]
    assert blocks[b] == div
    assert blocks[lone_p] == page.body_id


def test_nearest_marked_pointer_jumping():
    parent = np.array([-1, 0, 1, 2, 3, 0])
    marked = np.array([False, True, False, False, False, False])
    assert cedp.nearest_marked(parent, marked).tolist() == [-1, 1, 1, 1, 1, -1]


# --- the method on fixture pages -------------------------------------------------------------

@pytest.mark.parametrize("method", VARIANTS)
def test_article_fixture(method):
    result = extract(CEDP_DIR / "article.html", method=method)
    assert not result.empty, result.reason
    assert "nineteen of the twenty-two survey points" in result.text
    assert "fenced off the banks" in result.text
    assert "Bridge closed for repairs" not in result.text
    assert "Weather" not in result.text
    assert result.method == method
    assert [b.id for b in result.blocks] == sorted(b.id for b in result.blocks)


def test_variants_registered_as_presets():
    for name in VARIANTS:
        assert METHODS[name].module == "extractor.methods.cedp"
    assert METHODS["cedp-ctd"].presets == {"density": "ctd"}
    assert extract(CEDP_DIR / "article.html", method="cedp-td").options["density"] == "td"


def test_bad_option_is_rejected():
    with pytest.raises(OptionError):
        extract(CEDP_DIR / "article.html", method="cedp", density="nope")
    with pytest.raises(OptionError):
        extract(CEDP_DIR / "article.html", method="cedp", smooth_sigma=0.0)


@pytest.mark.parametrize(
    ("fixture", "words"),
    [
        ("empty_body.html", "no text"),
        ("no_text_nodes.html", "no text"),
        ("all_links.html", "link text"),
        ("giant_node.html", "1 text node"),
    ],
)
@pytest.mark.parametrize("method", VARIANTS)
def test_bad_inputs_give_empty_result_with_reason(fixture, words, method):
    result = extract(CEDP_DIR / fixture, method=method)
    assert result.empty
    assert result.blocks == []
    assert words in result.reason


def test_no_text_nodes_reason_differs_from_empty_body():
    empty = extract(CEDP_DIR / "empty_body.html", method="cedp").reason
    images = extract(CEDP_DIR / "no_text_nodes.html", method="cedp").reason
    assert empty != images


def test_giant_node_is_kept_when_one_node_is_allowed():
    result = extract(CEDP_DIR / "giant_node.html", method="cedp", min_text_nodes=1)
    assert "Sentence number 399" in result.text


# --- on data (skips without ../shared/data) ---------------------------------------------------

def test_cleaneval_sample_scores_well():
    folder = data_set("cleaneval")
    # CleanEval's gold keeps readers' comments, so the method runs on the whole page here.
    report = evaluate(folder, method="cedp", limit=150, comments=True)
    summary = report.summary()
    assert summary["pages"] == 150
    # Full set (README results): F1 >= 0.88; this 150-page sample is a quick regression guard.
    assert summary["f1"] >= 0.85, summary


def test_main_region_drops_far_small_clusters():
    keep = np.array([1, 1, 1, 0, 0, 0, 0, 1, 0, 1], dtype=bool)
    chars = np.array([100, 100, 100, 5, 5, 5, 5, 10, 5, 200])
    # gap 2: clusters {0,1,2}=300, {7,9}=210 (7 and 9 are 2 apart) -> both kept at share 0.5
    assert cedp.main_region(keep, chars, 2, 0.5).tolist() == keep.tolist()
    # gap 1: {0,1,2}=300, {7}=10, {9}=200 -> the 10-char cluster goes
    out = cedp.main_region(keep, chars, 1, 0.5)
    assert np.flatnonzero(out).tolist() == [0, 1, 2, 9]


def test_literal_reconstruction_options_run():
    literal = {"threshold_space": "linear", "expand_paragraph": False, "region_gap": 0, "max_link_density": 1.0}
    result = extract(CEDP_DIR / "article.html", method="cedp", **literal)
    assert "nineteen of the twenty-two survey points" in result.text
    assert result.options["threshold_space"] == "linear"


def test_emitter_keeps_document_order_and_word_boundaries():
    page = _page("<html><body><div>Alpha<p>skip <a href='#'>me</a></p>Beta<br>Gamma <b>bold</b>tail</div>"
                 "<p>One <i>two</i> three</p></body></html>")
    owners = cedp.paragraph_owners(page)
    everything = np.flatnonzero(page.own_len > 0)
    texts = [b.text for b in cedp.emit_blocks(page, everything, owners)]
    assert texts == ["Alpha", "skip me", "Beta", "Gamma boldtail", "One two three"]
    without_p = np.array([i for i in everything if page.tags[i] not in ("p", "a")])
    texts = [b.text for b in cedp.emit_blocks(page, without_p, owners)]
    assert texts == ["Alpha", "Beta", "Gamma boldtail", "two"]
