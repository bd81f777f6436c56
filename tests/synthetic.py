"""Pages generated for tests and benchmarks (sizes no hand-written fixture reaches)."""

from __future__ import annotations


def synthetic_listing(cards: int, words: int) -> str:
    """A product listing of ``cards`` cards (image, linked title, price, description of ``words`` words)."""
    body = "".join(
        f'<div class="card"><a href="/p/{i}"><img src="/i/{i}.jpg"></a><h3 class="t"><a href="/p/{i}">Item {i} '
        + "word " * words + f'</a></h3><span class="price">${i}.99</span><p class="d">' + f"desc {i} " * words
        + "</p></div>" for i in range(cards))
    return f'<html><body><header><a href="/">Shop</a></header><div class="grid">{body}</div></body></html>'
