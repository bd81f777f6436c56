"""Record F1 of extract_records on records_dev (render off): the acceptance figure of issue 5.

The data README's record metric (extractor.metrics.record_prf); the acceptance subset is the
pages whose gold records are (almost) all in the HTML as served.
"""

from __future__ import annotations

from extractor.evaluate import page_bytes, read_gold
from extractor.metrics import record_prf
from extractor.records_api import extract_records

from .conftest import data_set

#: Acceptance (issue 5): record F1 averaged over records_dev pages with records_found_in_html >= 0.9.
MIN_F1 = 0.85
IN_HTML = 0.9


def test_record_f1_on_records_dev_pages_found_in_html():
    folder = data_set("records_dev")
    scores = []
    for gold in read_gold(folder):
        if (gold.get("records_found_in_html") or 0) < IN_HTML:
            continue
        table = extract_records(page_bytes(folder, gold["id"]), url=gold.get("url"))
        scores.append(record_prf(table.record_texts, gold["records"]).f1)
    assert len(scores) >= 70
    mean = sum(scores) / len(scores)
    assert mean >= MIN_F1, f"record F1 {mean:.3f} over {len(scores)} pages is below {MIN_F1}"


def test_the_paper_to_the_letter_scores_below_the_improved_pipeline():
    # ALGORITHMS 3 calibration: the letter of the paper fails on real pages; kept as a variant.
    folder = data_set("records_dev")
    golds = [g for g in read_gold(folder) if (g.get("records_found_in_html") or 0) >= IN_HTML][:20]
    letter, improved = [], []
    for gold in golds:
        data = page_bytes(folder, gold["id"])
        letter.append(record_prf(extract_records(data, variant="paper").record_texts, gold["records"]).f1)
        improved.append(record_prf(extract_records(data).record_texts, gold["records"]).f1)
    assert sum(improved) > sum(letter)
