"""Page cleaning before record mining (ALGORITHMS.md section 3, step 1; DESIGN "Rendering and position").

Two paths, and the Table says which one ran:

``position`` (the page was rendered, ``page.geometry`` is set). An element is furniture when

- it is fixed or sticky (``geometry.fixed``): overlays such as cookie banners and sticky bars;
- it is not visible (``geometry.visible`` false);
- *header band*: its box ends within the top ``header_band`` of the page height (capped at
  ``header_band_px``), i.e. ``y + h <= min(header_band * H, header_band_px)``;
- *footer band*: its box starts within the bottom ``footer_band`` of the page height (capped at
  ``footer_band_px``), i.e. ``y >= H - min(footer_band * H, footer_band_px)``;
- *side column*: it is narrow (``w <= side_max_width * W``), lies wholly in the left or right
  ``side_strip`` of the page width, and is tall (``h >= side_min_height * H``);

where ``W``, ``H`` are the page width and height. Band rules apply only to elements whose box
is not empty and that either span at least ``band_min_width`` of the page width or sit in a
parent that lies in a band too (a narrow element whose parent reaches out of the band, such
as the title of a first-row card, belongs to that parent), and not to an element with a
sibling of the same tag and class outside the bands (the first or last record of a list that
reaches into a band); an element holding more than ``max_furniture_share`` of the body's
text is never removed (a wrapper is not furniture).

``html`` (no geometry). An element is furniture when

- it is ``nav``, or a page-level ``header``/``footer``/``aside`` (no ``article``, ``main``,
  ``section`` ancestor: the HTML spec's rule for which of these belong to the page);
- its ARIA ``role`` is a page landmark (banner, navigation, contentinfo, complementary, search)
  or a dialog;
- a word of its ``class`` or ``id`` (split at ``-``, ``_`` and spaces) names furniture
  (:data:`FURNITURE_WORDS`), or a class/id starts with a consent-banner prefix
  (:data:`CONSENT_PREFIXES`; OneTrust's ``ot-*``/``onetrust`` survive word rules, ALGORITHMS 3).

The same ``max_furniture_share`` guard applies. Consent-banner prefixes apply on both paths;
on the position path the landmark tag and role rules can be added (``rendered_html_rules``).
"""

from __future__ import annotations

import re

import numpy as np

from ...page import Page

#: Class/id words that name page furniture (ALGORITHMS 3.1: "class/id words"; list chosen for
#: this project, checked on records_dev as a whole).
FURNITURE_WORDS = frozenset(
    "header footer nav navbar navigation menu menubar sidebar breadcrumb breadcrumbs cookie cookies "
    "consent gdpr advert advertisement ads adsense sponsor sponsored banner masthead topbar toolbar "
    "newsletter subscribe social share sharing popup modal skiplink".split()
)
#: Class/id prefixes of consent-management banners (OneTrust ``ot-``/``onetrust``, ALGORITHMS 3).
CONSENT_PREFIXES = ("onetrust", "ot-sdk", "ot-pc", "ot-btn", "ot-floating", "optanon", "truste", "didomi",
                    "qc-cmp", "cmp-", "cookie-law", "cookielaw", "cc-window", "cc-banner", "usercentrics",
                    "sp_message", "fc-consent")
#: ARIA roles of page landmarks and dialogs (WAI-ARIA 1.2 landmark roles).
FURNITURE_ROLES = frozenset("banner navigation contentinfo complementary search dialog alertdialog".split())
#: Sectioning elements under which ``header``/``footer``/``aside`` belong to content (HTML spec).
SECTIONING = frozenset(("article", "main", "section"))
_WORD = re.compile(r"[\s_\-]+")


def _split_words(value: str) -> set[str]:
    return {w for w in _WORD.split(value.lower()) if w}


def html_furniture(page: Page, max_share: float, words_in_sections: bool = False, words: bool = True) -> list[int]:
    """Ids of elements that are furniture by what the HTML says (see the module docstring).

    ``words=False`` applies the landmark tag and role rules only (and consent prefixes).
    """
    out: list[int] = []
    body = page.body_id
    stop = int(page.end[body])
    body_text = max(int(page.text_len[body]), 1)
    elements = page.elements
    first = body + 1
    # "class id" as one string: its words are those of the class and of the id together (the space
    # between them is a separator of both rules), and the Page reads the attributes once for every method.
    names = page.class_id[first:stop]
    tags = page.tags[first:stop]
    sectioned = _under_sectioning(page)[first:stop].tolist()
    small = (page.text_len[first:stop] <= max_share * body_text).tolist()
    # The class/id verdicts once per distinct pair: a listing repeats a few thousand times.
    by_words: dict[str, bool] = {}
    by_prefix: dict[str, bool] = {}
    # The rules are or-ed: the attribute read (role) comes last, for the elements no other rule took.
    for i, tag, name, is_small, in_section in zip(range(first, stop), tags, names, small, sectioned, strict=True):
        if not is_small:
            continue
        hit = tag == "nav" or (tag in ("header", "footer", "aside") and not in_section)
        if not hit and name:
            if words and (words_in_sections or not in_section):
                hit = by_words.get(name)
                if hit is None:
                    hit = by_words[name] = bool(_split_words(name) & FURNITURE_WORDS)
            if not hit:
                hit = by_prefix.get(name)
                if hit is None:
                    hit = by_prefix[name] = _consent(name)
        if not hit:
            role = elements[i].get("role")
            hit = bool(role) and role.strip().lower() in FURNITURE_ROLES
        if hit:
            out.append(i)
    return out


def _consent(names: str) -> bool:
    """True when a word of ``names`` (a :attr:`Page.class_id` value) starts with a consent-banner prefix."""
    return any(name.startswith(CONSENT_PREFIXES) for name in names.lower().split())


def consent_furniture(page: Page) -> list[int]:
    """Ids of consent-banner elements by class/id prefix (both cleaning paths)."""
    names = page.class_id
    # A prefix that occurs nowhere in the page's class and id values starts no word of them (lower
    # case is taken character by character, so the joined values hold every element's words). Each
    # distinct value once: seventeen substring scans of every element's value cost ~1 ms on a listing.
    joined = " ".join(set(names)).lower()
    if not any(prefix in joined for prefix in CONSENT_PREFIXES):
        return []
    out = []
    seen: dict[str, bool] = {}  # once per distinct value (a listing repeats a few)
    for i, name in enumerate(names):
        if name:
            hit = seen.get(name)
            if hit is None:
                hit = seen[name] = _consent(name)
            if hit:
                out.append(i)
    return out


def _under_sectioning(page: Page) -> np.ndarray:
    """True for elements with an ``article``/``main``/``section`` ancestor."""
    n = len(page)
    marks = np.zeros(n + 1, dtype=np.int64)
    ids = np.asarray([i for i, tag in enumerate(page.tags) if tag in SECTIONING], dtype=np.int64)
    if len(ids):
        np.add.at(marks, ids + 1, 1)  # descendants only, not the element itself
        np.add.at(marks, page.end[ids], -1)
    return np.cumsum(marks[:n]) > 0


def position_furniture(page: Page, *, header_band: float, header_band_px: float, footer_band: float,
                       footer_band_px: float, side_strip: float, side_max_width: float,
                       side_min_height: float, max_share: float, band_min_width: float = 0.5) -> list[int]:
    """Ids of elements that are furniture by where they sit on the rendered page (module docstring).

    Requires ``page.geometry``; vectorised over all elements.
    """
    g = page.geometry
    if g is None:
        return []
    n = len(page)
    width, height = float(g.page_width) or 1.0, float(g.page_height) or 1.0
    x, y, w, h = (np.asarray(a, dtype=float)[:n] for a in (g.x, g.y, g.w, g.h))
    has_box = (w > 0) & (h > 0)
    top = min(header_band * height, header_band_px)
    bottom = height - min(footer_band * height, footer_band_px)
    in_band = has_box & ((y + h <= top) | (y >= bottom))
    # A band element is furniture when it spans the page (a header or footer bar) or its parent
    # lies in a band too; a narrow element whose parent reaches out of the band is part of that
    # parent (the title of a first-row product card), not furniture.
    parent = page.parent
    parent_in_band = np.zeros(n, dtype=bool)
    parent_in_band[1:] = in_band[parent[1:]]
    in_band &= (w >= band_min_width * width) | parent_in_band
    header = in_band & (y + h <= top)
    footer = in_band & (y >= bottom)
    narrow = w <= side_max_width * width
    in_left = x + w <= side_strip * width
    in_right = x >= (1.0 - side_strip) * width
    side = has_box & narrow & (in_left | in_right) & (h >= side_min_height * height)
    fixed = np.asarray(g.fixed, dtype=bool)[:n]
    hidden = ~np.asarray(g.visible, dtype=bool)[:n]
    body = page.body_id
    body_text = max(int(page.text_len[body]), 1)
    small = page.text_len <= max_share * body_text
    band = (header | footer | side) & small
    band[: body + 1] = False
    band[int(page.end[body]):] = False
    # (and what it holds: the last card of a list, above the footer, kept its box and lost its title, text and
    # links, its row of the table empty: a 145th blind round's map catalogue)
    band &= ~removed_mask(page, np.flatnonzero(_repeated_outside(page, band)).tolist())
    hit = band | fixed | hidden
    hit[: body + 1] = False
    hit[int(page.end[body]):] = False
    return np.flatnonzero(hit).tolist()


def _repeated_outside(page: Page, band: np.ndarray) -> np.ndarray:
    """True for band elements that have a sibling of the same tag and class outside the bands: the
    first or last record of a list reaching into a band is content, not furniture."""
    classes, tags, parent = page.classes, page.tags, page.parent
    outside: set[tuple[int, str, str]] = set()
    keys: dict[int, tuple[int, str, str]] = {}
    for i in np.flatnonzero(band).tolist():
        p = int(parent[i])
        keys[i] = (p, tags[i], classes[i])
    parents = {k[0] for k in keys.values()}
    for p in parents:
        for c in page.children(p):
            if not band[c]:
                outside.add((p, tags[c], classes[c]))
    keep = np.zeros(len(page), dtype=bool)
    for i, key in keys.items():
        if key in outside:
            keep[i] = True
    return keep


def removed_mask(page: Page, ids: list[int]) -> np.ndarray:
    """Boolean mask over element ids: True inside the subtree of any id in ``ids``."""
    n = len(page)
    marks = np.zeros(n + 1, dtype=np.int64)
    if ids:
        arr = np.asarray(ids, dtype=np.int64)
        np.add.at(marks, arr, 1)
        np.add.at(marks, page.end[arr], -1)
    return np.cumsum(marks[:n]) > 0
