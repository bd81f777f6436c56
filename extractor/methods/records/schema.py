"""RecordSchemaGen of Ren & Xue 2009 (ALGORITHMS.md section 3, step 4): records into columns.

Items of a record are its data-bearing nodes: *text* items (the topmost elements with text of
their own; the cell is their whole text), *link* items (``a[href]`` not inside a text item, or
a text item itself; the cell is the URL) and *image* items (``img`` not inside a text item;
the cell is its ``src``). The seed is the record with most nodes; every record is matched to
it by simple tree matching, and an item matched to a seed item takes that item's column.
Seed items with the same relative tag path and class share one column (the paragraphs of a
post are one column). An item matched to nothing takes the column of an earlier item with its
path; a record with items still unplaced waits and is retried, at most ``maxcount`` rounds,
each round adding the columns of the largest waiting record; after that, the rest get new
columns (the paper's lines 17-24). Column kinds come from the values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urljoin

import numpy as np

from ...memory import cross_page_cache
from ...page import Page, normalize_space
from ...result import Cell, Column
from .treematch import Tree, build_tree, shape_key, simple_tree_match

_CURRENCY = r"(?:[$€£¥₹]|usd|eur|gbp|chf|rs\.?|kr|zł)"
_PRICE = re.compile(rf"^(?:from\s+)?(?:{_CURRENCY}\s?\d[\d.,\s]*|\d[\d.,\s]*\s?{_CURRENCY})$", re.I)
_NUMBER = re.compile(r"^[+\-]?\d[\d.,\s]*%?$")
_MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec"
_DATE = re.compile(
    rf"^(?:\d{{4}}-\d{{2}}-\d{{2}}(?:[T ][\d:+\-]+)?"
    rf"|\d{{1,2}}[/.\-]\d{{1,2}}[/.\-]\d{{2,4}}(?:,?\s*[\d:]+\s*(?:am|pm)?)?"
    rf"|(?:\w+,?\s+)?(?:{_MONTHS})\w*\.?\s+\d{{1,2}},?\s*(?:\d{{4}})?(?:,?\s*(?:at\s*)?[\d:]+\s*(?:am|pm)?)?"
    rf"|\d{{1,2}}\s+(?:{_MONTHS})\w*\.?,?\s*\d{{2,4}}"
    rf"|(?:\d+|an?)\s+(?:second|minute|hour|day|week|month|year)s?\s+ago)$",
    re.I,
)
_NAME = re.compile(r"[^a-z0-9]+")
#: Tag names that say nothing about a field: a column named after one is named after its kind instead.
_PLAIN_TAGS = frozenset("span div p a b i em strong small td li dd font".split())
#: A class word with a vowel may be readable (a single character class: linear on any input; the
#: earlier ``[a-z]*[aeiouy][a-z]*`` backtracked quadratically on long vowel-less words).
_READABLE = re.compile(r"[aeiouy]", re.I)
_GENERATED = re.compile(r"^(?:css|sc|jsx|svelte|emotion)-[a-z0-9]+$|^[a-z]{1,3}(?:[-_][a-z0-9]{1,3})*$", re.I)
_TD_STEP = re.compile(r"^tr[^/]*/td[^/\[]*\[(\d+)\]")
#: Text-flow tags whose same-label siblings in a record form one field (the paragraphs of a post).
FLOW_TAGS = frozenset("p li blockquote pre code br ul ol dd dt figure".split())


@dataclass
class Schema:
    """The generated table: ``columns`` and one row of cells per record (``None`` = no value)."""

    columns: list[Column]
    rows: list[list[Cell | None]]
    details: dict = field(default_factory=dict)


@dataclass
class _Item:
    local: int  # preorder index in the record's Tree
    element: int
    part: str  # "text" | "link" | "image"
    value: str
    key: str  # relative label path + part
    name: str  # column name suggested by the item's class (or an ancestor's, or its tag)


def _has_inside(page: Page, element_id: int, skip: frozenset[int]) -> bool:
    """True when some id of ``skip`` lies strictly inside the subtree of ``element_id``."""
    stop = page.end_list[element_id]
    if stop - element_id - 1 < len(skip):
        return any(i in skip for i in range(element_id + 1, stop))
    return any(element_id < i < stop for i in skip)


def record_text(page: Page, element_id: int, skip: frozenset[int] = frozenset()) -> str:
    """Whitespace-normalised text of an element, leaving out the subtrees of ids in ``skip``
    (records nested in this one); tails of skipped elements are kept.

    The same text as ``page.text_of`` (lxml's ``itertext``) when nothing is skipped, read from
    the Page's ``texts`` and ``tails`` in document order: lxml would decode every text node again.
    """
    texts, tails, ends = page.texts, page.tails, page.end_list
    stop = ends[element_id]
    if stop == element_id + 1:  # a leaf: its own text
        return normalize_space(texts[element_id])
    if skip and not _has_inside(page, element_id, skip):
        skip = frozenset()
    text = texts[element_id]
    parts = [text] if text else []
    open_ids: list[int] = []  # entered descendants whose tails are still to come
    i = element_id + 1
    while i < stop:
        while open_ids and ends[open_ids[-1]] <= i:
            text = tails[open_ids.pop()]
            if text:
                parts.append(text)
        if skip and i in skip:  # a nested record: its tail only
            text = tails[i]
            if text:
                parts.append(text)
            i = ends[i]
            continue
        text = texts[i]
        if text:
            parts.append(text)
        open_ids.append(i)
        i += 1
    while open_ids:
        text = tails[open_ids.pop()]
        if text:
            parts.append(text)
    return normalize_space(" ".join(parts))


def _shape_paths(tree: Tree) -> tuple[list[int], list[str]]:
    """Each node's parent (local index, -1 for the root) and its path of labels from the record root:
    a step carries its index among same-label siblings (table cells, unnamed fields), except for
    :data:`FLOW_TAGS`, whose repeats are one field (the paragraphs of a post). Depends on the tree's
    shape alone (:func:`shape_key`)."""
    labels = tree.tags
    n = len(tree)
    parent_of = [-1] * n
    step: list[str] = [labels[0]] + [""] * (n - 1)
    flow: dict[str, bool] = {}  # per label: is its tag part one of FLOW_TAGS
    for k, kids in enumerate(tree.kids):
        seen: dict[str, int] = {}
        for c in kids:
            parent_of[c] = k
            label = labels[c]
            count = seen[label] = seen.get(label, 0) + 1
            is_flow = flow.get(label)
            if is_flow is None:
                is_flow = flow[label] = label.split(".", 1)[0] in FLOW_TAGS
            step[c] = label if is_flow else f"{label}[{count}]"
    paths = step[:1] + [""] * (n - 1)
    for k in range(1, n):  # preorder: a parent's path is made before its children's
        paths[k] = paths[parent_of[k]] + "/" + step[k]
    return parent_of, paths


def _items(page: Page, tree: Tree, skip: frozenset[int], urls: dict[str, str] | None = None,
           shape: tuple[list[int], list[str]] | None = None) -> list[_Item]:
    """The data-bearing items of one record tree (see the module docstring).

    An item's key is its path of node labels from the record root (:func:`_shape_paths`; pass
    ``shape``, its result, when trees of one shape repeat). ``urls`` remembers resolved addresses
    (``href``/``src`` as written -> absolute) across the records of one page.
    """
    items: list[_Item] = []
    elements, tags, classes, ends, texts = page.elements, page.tags, page.classes, page.end_list, page.texts
    ids = tree.ids
    own = (page.own_len[ids] > 0).tolist()
    parent_of, paths = _shape_paths(tree) if shape is None else shape
    n = len(tree)
    names: list[str] = [""] * n
    inside_text = [False] * n
    base = page.url or ""
    if urls is None:
        urls = {}
    for k in range(n):
        p = parent_of[k]
        if p >= 0 and inside_text[p]:  # inside a text item: no item of its own, nor a path or name to hand down
            inside_text[k] = True
            continue
        el_id = ids[k]
        tag = tags[el_id]
        path = paths[k]
        if p >= 0:
            value = classes[el_id]
            names[k] = (value and readable_class(value)) or (names[p] if p > 0 else tag)
        else:
            names[k] = tag
        is_text = own[k]
        inside_text[k] = is_text
        name = names[k] or tag
        if tag == "a" or tag == "img":
            el = elements[el_id]
            if tag == "a":
                href = el.get("href")
                if _is_link(href):
                    url = urls.get(href)
                    if url is None:
                        url = urls[href] = urljoin(base, href.strip())
                    items.append(_Item(k, el_id, "link", url, path + "#link", name))
            else:
                src = el.get("src") or el.get("data-src") or ""
                if src:
                    url = urls.get(src)
                    if url is None:
                        url = urls[src] = urljoin(base, src.strip())
                    items.append(_Item(k, el_id, "image", url, path + "#image", name))
        if is_text:
            # a leaf's text is its own text (as record_text reads it)
            text = normalize_space(texts[el_id]) if ends[el_id] == el_id + 1 else record_text(page, el_id, skip)
            items.append(_Item(k, el_id, "text", text, path + "#text", name))
    return items


def header_cells(page: Page, row: int) -> dict[int, str]:
    """Texts of the header row (``th`` cells only) before table row ``row``, by 1-based cell position
    among ``td``s; looks at earlier rows of the same table and at a ``thead``."""
    el = page.elements[row]
    table = el.getparent()
    if table is not None and table.tag in ("tbody", "tfoot") and table.getparent() is not None:
        table = table.getparent()
    if table is None:
        return {}
    for tr in table.iter("tr"):
        if tr is el:
            break
        cells = [c for c in tr if c.tag in ("td", "th")]
        if cells and all(c.tag == "th" for c in cells):
            return {n: normalize_space("".join(c.itertext())) for n, c in enumerate(cells, 1)}
    return {}


def readable_class(value: str | None) -> str | None:
    """The first class word that reads as a name (a run of 3+ letters with a vowel, e.g. ``price``,
    ``post-body``), not a generated one (``yb-z``, ``css-1x2y3z``); ``None`` when there is none."""
    if not value:
        return None
    return _readable_class(value) if len(value) <= _CACHED_CLASS_CHARS else _readable_class.__wrapped__(value)


#: Class attributes up to this long are remembered between calls (a listing repeats a few); longer
#: ones are not kept alive by the cache.
_CACHED_CLASS_CHARS = 200


@cross_page_cache(maxsize=4096)
def _readable_class(value: str) -> str | None:
    for word in value.split():
        if _READABLE.search(word) and not _GENERATED.match(word):
            return word
    return None


def _is_link(href: str | None) -> bool:
    """True for an ``href`` that leads somewhere (not empty, ``#…`` or ``javascript:``)."""
    if not href:
        return False
    href = href.strip().lower()
    return bool(href) and not href.startswith(("#", "javascript:"))


def value_kind(values: list[str], share: float) -> str:
    """``price``, ``number`` or ``date`` when at least ``share`` of the non-empty values look like one;
    else ``text``."""
    values = [v for v in values if v]
    if not values:
        return "text"
    for kind, pattern in (("price", _PRICE), ("number", _NUMBER), ("date", _DATE)):
        if sum(1 for v in values if pattern.match(v)) >= share * len(values):
            return kind
    return "text"


def generate(page: Page, records: list[int], removed: np.ndarray, *, maxcount: int, max_nodes: int,
             max_depth: int, kind_share: float, min_column_fill: float = 0.0) -> Schema:
    """RecordSchemaGen: columns and rows for ``records`` (element ids, document order; a record
    nested in another is left out of the outer one's tree).

    Tree matching is bounded by ``max_nodes``/``max_depth`` per tree and cached per tree shape.
    Columns filled in fewer than ``min_column_fill`` of the records are merged into one last
    ``other`` column (no text is lost; a forum post's one-off spans do not each get a column).
    """
    skip = frozenset(records)
    removed_list, ends = removed.tolist(), page.end.tolist()
    trees = [build_tree(page, r, removed_list, max_nodes, max_depth, skip, ends=ends) for r in records]
    urls: dict[str, str] = {}
    keys = [shape_key(t) for t in trees]
    shapes: dict[tuple, tuple[list[int], list[str]]] = {}  # records of a listing mostly share a few shapes
    items = []
    for tree, key in zip(trees, keys, strict=True):
        shape = shapes.get(key)
        if shape is None:
            shape = shapes[key] = _shape_paths(tree)
        items.append(_items(page, tree, skip, urls, shape))
    seed = max(range(len(trees)), key=lambda i: (len(trees[i]), -i))
    seed_tree = trees[seed]
    col_of_key: dict[str, int] = {}
    col_keys: list[str] = []
    seed_col: dict[tuple[int, str], int] = {}
    for it in items[seed]:
        col = col_of_key.setdefault(it.key, len(col_keys))
        if col == len(col_keys):
            col_keys.append(it.key)
        seed_col[(it.local, it.part)] = col
    cache: dict[tuple, dict[int, int]] = {}
    matches = 0

    def mapping(i: int) -> dict[int, int]:
        nonlocal matches
        if i == seed:
            return {k: k for k in range(len(seed_tree))}
        key = keys[i]
        got = cache.get(key)
        if got is None:
            _, pairs = simple_tree_match(seed_tree, trees[i])
            matches += 1
            got = {b: a for a, b in pairs}
            cache[key] = got
        return got

    placed: dict[int, list[tuple[int, _Item]]] = {}
    waiting = list(range(len(trees)))
    rounds = 0
    while waiting and rounds < maxcount:
        still: list[int] = []
        for i in waiting:
            m = mapping(i)
            cells: list[tuple[int, _Item]] = []
            complete = True
            for it in items[i]:
                col = seed_col.get((m[it.local], it.part)) if it.local in m else None
                if col is None:
                    col = col_of_key.get(it.key)
                if col is None:
                    complete = False
                    break
                cells.append((col, it))
            if complete:
                placed[i] = cells
            else:
                still.append(i)
        rounds += 1
        if still and rounds < maxcount:
            largest = max(still, key=lambda i: len(trees[i]))
            for it in items[largest]:
                if it.key not in col_of_key:
                    col_of_key[it.key] = len(col_keys)
                    col_keys.append(it.key)
        waiting = still
    for i in waiting:  # after maxcount rounds: new columns for whatever matched nothing
        m = mapping(i)
        cells = []
        for it in items[i]:
            col = seed_col.get((m[it.local], it.part)) if it.local in m else None
            if col is None:
                col = col_of_key.get(it.key)
            if col is None:
                col = col_of_key[it.key] = len(col_keys)
                col_keys.append(it.key)
            cells.append((col, it))
        placed[i] = cells
    return _table(page, records, placed, col_keys, kind_share, min_column_fill,
                  {"seed": records[seed], "rounds": rounds, "tree_matches": matches})


def _table(page: Page, records: list[int], placed: dict[int, list[tuple[int, _Item]]], col_keys: list[str],
           kind_share: float, min_column_fill: float, details: dict) -> Schema:
    """Fill the table; order columns by mean position within records; merge sparse columns; name and type them."""
    fill: dict[int, set[int]] = {}
    for i, cells in placed.items():
        for col, _ in cells:
            fill.setdefault(col, set()).add(i)
    sparse = {c for c, rows in fill.items() if len(rows) < min_column_fill * len(records)}
    if len(sparse) > 1:
        other = len(col_keys)
        col_keys = [*col_keys, "other#text"]
        placed = {i: [(other if col in sparse else col, it) for col, it in cells] for i, cells in placed.items()}
    ncol = len(col_keys)
    pos_sum = [0.0] * ncol  # plain floats: the same sums as numpy's, without per-item numpy scalars
    pos_n = [0] * ncol
    values: list[dict[int, list[_Item]]] = [{} for _ in records]  # per record: column -> its items
    for i in range(len(records)):
        cells = placed.get(i, [])
        width = max(len(cells), 1)
        row_values = values[i]
        for order, (col, it) in enumerate(cells):
            got = row_values.get(col)
            if got is None:
                row_values[col] = [it]
            else:
                got.append(it)
            pos_sum[col] += order / width
            pos_n[col] += 1
    used = [c for c in range(ncol) if pos_n[c] > 0]
    used.sort(key=lambda c: pos_sum[c] / pos_n[c])
    headers = header_cells(page, records[0]) if records and page.tags[records[0]] == "tr" else {}
    geometry = page.geometry
    rows: list[list[Cell | None]] = []
    for i in range(len(records)):
        row: list[Cell | None] = []
        row_values = values[i]
        for c in used:
            its = row_values.get(c)
            if not its:
                row.append(None)
                continue
            if col_keys[c] == "other#text":
                text = " ".join(it.value for it in its if it.value and it.part == "text")
                if not text:
                    row.append(None)
                    continue
            elif len(its) == 1:
                text = its[0].value
            else:
                text = " ".join(it.value for it in its if it.value)
            box = geometry.box(its[0].element) if geometry is not None else None
            row.append(Cell(text, its[0].element, box))
        rows.append(row)
    columns: list[Column] = []
    seen: dict[str, int] = {}
    for n, c in enumerate(used):
        part = col_keys[c].rsplit("#", 1)[1]
        first = next(its[0] for its in (values[i].get(c) for i in range(len(records))) if its)
        cell = _TD_STEP.match(col_keys[c])
        header = headers.get(int(cell.group(1))) if cell else None
        if col_keys[c] == "other#text":
            header = "other"
        if part == "link":
            kind = "link"
        elif part == "image":
            kind = "image"
        else:
            kind = value_kind([r[n].text for r in rows if r[n] is not None], kind_share)
        base = _NAME.sub("_", (header or first.name).lower()).strip("_") or "field"
        if base in _PLAIN_TAGS and kind in ("price", "number", "date"):
            base = kind
        name = base if part == "text" else f"{base}_{'url' if part == 'link' else 'src'}"
        count = seen.get(name, 0) + 1
        seen[name] = count
        if count > 1:
            name = f"{name}_{count}"
        columns.append(Column(name, kind))
    return Schema(columns, rows, details)
