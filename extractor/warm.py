"""Warm a worker process before its first page: every model read, every lazily imported module loaded.

A batch worker that loads a model only when the first page of a type needs it grows for its first
few hundred pages, and its memory then says little about the pages themselves. Warmed once at
start (about a second), its memory is set before it reads a page.
"""

from __future__ import annotations

#: A small page of each shape the routes tell apart: an article with a byline and JSON-LD, and a
#: listing of linked, priced items (this project's own text).
_ARTICLE = ("<html lang=en><head><title>A warm-up article | Site</title><meta property='og:site_name' content=Site>"
            "<script type='application/ld+json'>{\"@type\": \"NewsArticle\", \"datePublished\": \"2020-01-02\"}"
            "</script></head><body><nav><a href=/>Home</a></nav><article><h1>A warm-up article</h1>"
            "<p class=byline>By A. Writer</p>" + "<p>" + "Words of a paragraph that a reader reads. " * 12 + "</p>" * 1
            + "<p>Another paragraph, with <a href=/x>a link</a> inside it, ends here.</p></article>"
            "<section id=comments><div class=comment><p>A reader's comment on it.</p></div></section></body></html>")
_LISTING = ("<html><head><title>Shop</title></head><body><ul class=products>"
            + "".join(f"<li class=product><a href=/p/{i}><img src=/i/{i}.jpg>Item {i}</a><span class=price>"
                      f"${i}.99</span></li>" for i in range(12)) + "</ul></body></html>")

#: A page in a legacy single-byte encoding with no charset declared (Cyrillic in windows-1251), so
#: that charset detection runs and imports the codecs it tries: otherwise every forked worker
#: imports them again (35 codec modules over the dev pages, 9 ms a worker).
_UNDECLARED_BYTES = ("<html><body><p>" + "Слова абзаца, который читает читатель. " * 12
                     + "</p></body></html>").encode("cp1251")


def warm_up() -> None:
    """Run every registered method and record mining once on small built-in pages; takes nothing,
    returns nothing, raises nothing (a method that fails here fails again, with its reason, on a page)."""
    from .api import METHODS, extract
    from .records_api import extract_records

    for method in ("auto", *METHODS):
        for page in (_ARTICLE, _LISTING):
            try:
                extract(page, method=method)
            except Exception:  # noqa: BLE001 - warming must never stop a worker from starting
                pass
    try:
        extract_records(_LISTING)
        extract(_UNDECLARED_BYTES)
        import _strptime  # noqa: F401 - datetime.strptime imports it on first use (date parsing)
    except Exception:  # noqa: BLE001
        pass
    from .memory import release_memory

    release_memory()  # what the warm-up pages left goes before workers fork, and glibc's trim is looked up
