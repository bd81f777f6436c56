"""What a batch worker gives back after a big page, and what a warm parent hands its workers."""

from __future__ import annotations

import subprocess
import sys

from lxml import etree

from extractor import extract
from extractor.auto.learned_features import _cue_bits
from extractor.memory import clear_cross_page_caches, cross_page_cache, release_memory
from extractor.methods.cedp import signal
from extractor.methods.records import schema, treematch

LISTING = ("<html><head><title>Shop</title></head><body><nav class=menu><a href=/>Home</a></nav>"
           "<ul class='product-list'>" + "".join(
               f"<li class='product card'><a href=/p/{i}><img src=/i/{i}.jpg>Item number {i}</a>"
               f"<span class=price>${i}.99</span><div class=deep><div><span>{i} left</span></div></div></li>"
               for i in range(12)) + "</ul><footer id=footer>Footer text of the shop</footer></body></html>")


def test_cross_page_cache_is_emptied_by_clear():
    calls = []

    @cross_page_cache(maxsize=8)
    def double(x: int) -> int:
        calls.append(x)
        return 2 * x

    assert double(3) == 6 and double(3) == 6 and calls == [3]
    clear_cross_page_caches()
    assert double.cache_info().currsize == 0
    assert double(3) == 6 and calls == [3, 3]


def test_release_memory_empties_the_caches_pages_fill():
    extract(LISTING, method="auto")
    extract(LISTING, method="cedp")
    from extractor import extract_records

    extract_records(LISTING)
    filled = {"cue bits": _cue_bits.cache_info().currsize, "class labels": treematch._class_label.cache_info().currsize,
              "readable classes": schema._readable_class.cache_info().currsize}
    assert all(filled.values()), filled  # the page did go through every cache
    release_memory()
    assert _cue_bits.cache_info().currsize == 0
    assert treematch._class_label.cache_info().currsize == 0
    assert schema._readable_class.cache_info().currsize == 0
    assert not signal._DISTANCE_CACHE


def test_warm_up_leaves_no_codec_for_a_worker_to_import():
    """Pages in legacy encodings with no charset declared import nothing after warm_up (workers fork from it)."""
    code = (
        "import sys\n"
        "from extractor.warm import warm_up\n"
        "from extractor import extract\n"
        "warm_up()\n"
        "before = set(sys.modules)\n"
        "words = 'Текст страницы, который читает читатель. ' * 20\n"
        "for enc in ('koi8-r', 'cp1251', 'iso8859-5'):\n"
        "    extract(('<html><body><p>' + words + '</p></body></html>').encode(enc))\n"
        "extract(('<html><body><p>' + '读者阅读的段落文字。' * 30 + '</p></body></html>').encode('gb18030'))\n"
        "print(sorted(set(sys.modules) - before))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[]", out.stdout


def test_release_memory_empties_the_parsers_error_logs():
    from extractor import parse

    broken = b"<html><body><p>unclosed <b>bold <i>italic</table></div>" * 50
    for parser in (parse._UTF8_PARSER, parse._HUGE_UTF8_PARSER):
        etree.fromstring(broken, parser)
        assert len(parser.error_log) > 0  # libxml2 complained, and lxml kept it
    release_memory()
    assert len(parse._UTF8_PARSER.error_log) == 0
    assert len(parse._HUGE_UTF8_PARSER.error_log) == 0


def _live_pages(text: str) -> int:
    import gc

    from extractor.page import Page

    return sum(1 for o in gc.get_objects() if isinstance(o, Page) and o.source_text == text)


def test_htmldate_runs_after_the_page_is_let_go(monkeypatch):
    """htmldate parses the page again: our tree and Page are gone by then, for a source extract() loads
    itself and for a WARC record, so a big page does not hold both at once. The date still arrives."""
    import extractor.api as api
    from extractor.warc import WarcPage, extract_record

    alive: list[int] = []

    def day(text: str, *, extensive: bool = False) -> str:
        alive.append(_live_pages(text))
        return "2020-05-06"

    monkeypatch.setattr(api, "htmldate_day", day)
    html = "<html><body><article><h1>No date here</h1><p>" + "Words of a paragraph that a reader reads. " * 30 \
        + "</p></article></body></html>"
    assert extract(html).date == "2020-05-06"
    record = WarcPage(source="crawl.warc.gz", url="https://example.org/a", record_id="<urn:1>", data=html.encode())
    assert extract_record(record).date == "2020-05-06"
    assert extract(html, comments=False, method="decay").date == "2020-05-06"
    assert alive == [0, 0, 0]
    assert extract(html, date_search="markup").date is None and len(alive) == 3


def test_a_page_the_caller_holds_keeps_its_date_from_htmldate(monkeypatch):
    import extractor.api as api
    from extractor import load

    monkeypatch.setattr(api, "htmldate_day", lambda text, *, extensive=False: "2019-03-04")
    page = load("<html><head><meta property='article:modified_time' content='2018-01-01'></head><body><p>"
                + "Text of the page. " * 20 + "</p></body></html>")
    result = extract(page)
    assert result.date == "2019-03-04"
    assert result.date_modified is None  # a "modified" before the publication is some other date
    assert page.root is not None  # the caller's Page is left as it was
