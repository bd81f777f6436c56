"""The metrics of the data README, checked on hand-computed cases."""

import pytest

from extractor.metrics import record_prf, shingle_prf, snippet_rate, tokens, word_prf


def test_tokens_normalise_and_split_cjk():
    assert tokens("Ｈｅｌｌｏ,  World!") == ["hello", "world"]
    assert tokens("中文abc 日本") == ["中", "文", "abc", "日", "本"]


def test_shingle_prf_by_hand():
    gold = "a b c d e"          # shingles: abcd, bcde
    cand = "a b c d x"          # shingles: abcd, bcdx
    s = shingle_prf(cand, gold)
    assert s.p == pytest.approx(0.5) and s.r == pytest.approx(0.5) and s.f1 == pytest.approx(0.5)


def test_short_texts_are_one_shingle_and_empty_conventions():
    assert shingle_prf("a b", "a b").f1 == 1.0
    assert shingle_prf("", "").f1 == 1.0
    empty_gold = shingle_prf("some output", "")
    assert (empty_gold.p, empty_gold.r) == (0.0, 1.0)
    empty_out = shingle_prf("", "gold text here")
    assert (empty_out.p, empty_out.r, empty_out.f1) == (1.0, 0.0, 0.0)


def test_word_prf_is_a_multiset():
    w = word_prf("a a b", "a b b")
    assert w.p == pytest.approx(2 / 3) and w.r == pytest.approx(2 / 3)


def test_snippets():
    assert snippet_rate("Hello  WORLD and more", ["hello world", "absent"]) == 0.5
    assert snippet_rate("x", []) is None


def test_record_matching_is_one_to_one_at_sixty_percent():
    gold = [["red shoe", "10 EUR"], ["blue hat", "5 EUR"]]
    # the first prediction holds 3 of 4 gold tokens (75 %) of record 1; the second 2 of 4 (50 %)
    r = record_prf(["red shoe 10", "blue hat"], gold)
    assert (r.p, r.r) == (0.5, 0.5)
    # one prediction cannot match two gold records
    r = record_prf(["red shoe 10 eur blue hat 5 eur"], gold)
    assert (r.p, r.r) == (1.0, 0.5)
    assert record_prf([], gold).p == 1.0
