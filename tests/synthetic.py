"""Pages generated for tests and benchmarks (sizes no hand-written fixture reaches)."""

from __future__ import annotations


def synthetic_listing(cards: int, words: int) -> str:
    """A product listing of ``cards`` cards (image, linked title, price, description of ``words`` words)."""
    body = "".join(
        f'<div class="card"><a href="/p/{i}"><img src="/i/{i}.jpg"></a><h3 class="t"><a href="/p/{i}">Item {i} '
        + "word " * words + f'</a></h3><span class="price">${i}.99</span><p class="d">' + f"desc {i} " * words
        + "</p></div>" for i in range(cards))
    return f'<html><body><header><a href="/">Shop</a></header><div class="grid">{body}</div></body></html>'


def synthetic_table(rows: int) -> str:
    """A page holding one plain table of ``rows`` rows of three cells (an item, a count, a link)."""
    body = "".join(f"<tr><td>Item {i}</td><td>{i * 3} units</td><td><a href='/p/{i}'>link {i}</a></td></tr>"
                   for i in range(rows))
    return f"<html><body><h1>Stock</h1><table>{body}</table></body></html>"


def synthetic_item_list(items: int) -> str:
    """A page holding one list of ``items`` linked, priced items (``auto`` types it as a collection)."""
    body = "".join(f"<li class='item'><a href='/p/{i}'>Product {i}</a> <span class='price'>${i}.99</span></li>"
                   for i in range(items))
    return f"<html><body><ul>{body}</ul></body></html>"
