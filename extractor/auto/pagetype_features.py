"""Page-type features of a page (ALGORITHMS.md 2.3); the classifier that reads them is :mod:`extractor.auto.pagetype`.

Features, all from one :class:`~extractor.page.Page` and its Block-List:

- block distribution (the paper's ``Dev``, k, shares of the largest blocks, ...), plus runs
  of merged non-link-dense blocks (modern pages split an article over many ``<p>``);
- cheap page-level counts from the Page arrays (link-text share, repeated sibling
  structures, forms, tables, list items, headings per 1,000 characters, the text shares of
  paragraphs, list items, headings and nav/header/footer/aside, phone/mail/button links);
- the main region that ``decay`` finds (its share of the text, its link density);
- URL shape and page-level type cues (``og:type``, JSON-LD ``@type`` names, a declared
  publication date or author), price/cart, forum, article and service words; record answers
  are never read;
- a bag of words of the title, headings, anchors and URL path (vocabulary stored with the model);
- the 7 probabilities of a small text model (tf-idf + logistic regression over those words and
  the first words of the page text), stacked into the tree ensemble.

Without a URL the URL features are zero and ``has_url`` is 0; the model is trained with some
URLs dropped so it degrades gracefully. With rendering, :func:`layout_features` adds where
the text sits on the screen. A model records :data:`FEATURE_VERSION` and the feature names.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from itertools import chain
from urllib.parse import urlsplit

import numpy as np

from ..blocklist import BlockList, block_list
from ..page import Page
from ..parse import CHROME_TAGS, HEADING_TAGS

#: Bump whenever a feature's definition changes; the shipped model must carry the same value.
FEATURE_VERSION = 4

#: A block is link-dense above this link-text share (ALGORITHMS 2.4; same cut as ``blocks``).
LINK_DENSE = 0.5
#: "Blocks above 10 % of the text" (ALGORITHMS 2.3 feature list).
BIG_BLOCK_SHARE = 0.10
#: A merged run of non-link-dense blocks counts as long text above this many characters
#: (reconstruction; about two paragraphs).
LONG_RUN_CHARS = 400
#: A block counts as a paragraph above this many characters (reconstruction).
PARAGRAPH_CHARS = 80
#: Sibling groups (same parent, same tag) of at least this many members count as repeated structures.
REPEAT_MIN = 3
#: Tags counted per page (normalised by the element count, log-scaled).
COUNTED_TAGS = ("a", "p", "li", "tr", "td", "table", "form", "img", "h1", "h2", "h3", "article", "nav",
                "time", "pre", "code", "dl", "blockquote", "ul", "footer", "aside", "header", "section",
                "figure", "label", "span", "div", "input", "button", "textarea", "h4", "iframe", "strong")
#: Words of a link's ``class`` naming a button (call-to-action links on service pages).
BUTTON_CLASS = ("btn", "button", "cta")
_BUTTON_RE = re.compile("|".join(BUTTON_CLASS), re.IGNORECASE)

_WORD = re.compile(r"[^\W\d_]{2,}", re.UNICODE)
#: Currency signs counted in the page text (price cue).
CURRENCY_SIGNS = "$€£¥₹"
#: Only the first this many characters of the page text are scanned for word cues (speed; most
#: pages' cues show early, and the rates are per 1,000 characters of what was scanned).
TEXT_SCAN_CHARS = 5000
#: A year 1900-2099 not inside a longer number. The look-behind sits after the literal prefix
#: (three digits before the year's third digit <=> a digit before the year), so the regex engine
#: can skip to candidate prefixes: 3x faster than ``(?<!\d)(?:19|20)\d\d(?!\d)``, same matches.
_YEAR = re.compile(r"(?:19|20)(?<!\d\d\d)\d\d(?!\d)")
#: Shop words counted in the lower-cased page text (plain substring counts, cheap).
CART_WORDS = ("add to cart", "add to basket", "add to bag", "buy now", "in stock", "out of stock", "checkout",
              "free shipping", "warenkorb", "panier", "sku", "quantity", "wishlist")
#: Forum words counted in the lower-cased page text.
FORUM_WORDS = (" reply", " replies", "joined", "posts:", "quote", "thread", "members", " likes", " views",
               "moderator", "posted by", "permalink", "#1", "reputation")
#: Article words counted in the lower-cased page text (bylines, dates, sharing, comments).
ARTICLE_WORDS = ("posted on", "published", "updated", "min read", "minute read", "share this", "written by",
                 "author", "comments", "related posts", "related articles", "leave a reply", "tags:", "filed under")
#: Service words counted in the lower-cased page text, headings and anchors (calls to action, offers).
SERVICE_WORDS = ("contact us", "get a quote", "free quote", "consultation", "call us", "call now", "our services",
                 "request a", "schedule", "book now", "book a", "apply now", "enroll", "testimonial", "why choose",
                 "our team", "get started", "sign up", "pricing", "free trial", "learn more", "our clients",
                 "appointment", "tuition", "admission", "we offer", "we provide")
#: ``<meta>`` names/properties of a publication date or an author (article cue).
META_DATE = frozenset(("article:published_time", "article:modified_time", "date", "pubdate", "publish-date",
                       "parsely-pub-date", "sailthru.date", "dc.date", "dcterms.date", "citation_publication_date",
                       "og:article:published_time", "datepublished"))
META_AUTHOR = frozenset(("author", "article:author", "parsely-author", "sailthru.author", "dc.creator",
                         "citation_author", "twitter:creator"))
#: Characters frequent in code listings (documentation pages).
CODE_MARKS = ("{", "}", ";", "()", "=>", "::", "def ", "return ", "function")
#: URL path words naming a page kind (named cues; each is one binary feature).
URL_CUES: dict[str, tuple[str, ...]] = {
    "product": ("product", "products", "item", "dp", "p", "shop", "store", "buy", "sku"),
    "collection": ("collection", "collections", "category", "categories", "catalog", "c", "tag", "tags",
                   "shop", "brands", "browse"),
    "listing": ("search", "list", "listing", "listings", "jobs", "events", "results", "directory", "archive",
                "page", "news", "blog"),
    "docs": ("docs", "doc", "documentation", "api", "reference", "guide", "guides", "manual", "wiki", "learn",
             "tutorial", "sdk", "developer", "developers", "kb", "help", "en-us", "latest", "stable"),
    "forum": ("forum", "forums", "thread", "threads", "topic", "topics", "t", "community", "discussion",
              "discussions", "questions", "viewtopic", "showthread", "board", "boards", "comments", "r"),
    "article": ("blog", "news", "article", "articles", "post", "posts", "story", "stories", "insights"),
    "service": ("about", "contact", "services", "service", "pricing", "solutions", "careers", "login",
                "signup", "team", "company", "features", "support", "plans", "locations"),
}
#: ``og:type`` values with a feature of their own (others count as "other").
OG_TYPES = ("article", "website", "product", "product.group", "blog", "book", "profile", "video")
#: JSON-LD ``@type`` name groups (names only, kept by the Page before scripts are stripped).
LD_CUES: dict[str, tuple[str, ...]] = {
    "article": ("article", "newsarticle", "blogposting", "techarticle", "report", "scholarlyarticle"),
    "product": ("product", "offer", "aggregateoffer", "productgroup", "individualproduct"),
    "forum": ("discussionforumposting", "comment", "question", "answer", "qapage", "socialmediaposting"),
    "list": ("itemlist", "collectionpage", "searchresultspage", "listitem", "offercatalog"),
    "faq": ("faqpage",),
    "howto": ("howto", "recipe"),
    "event": ("event", "jobposting"),
    "org": ("organization", "localbusiness", "service", "corporation", "professionalservice"),
    "webpage": ("webpage", "website", "aboutpage", "contactpage"),
}

def numeric_feature_names() -> list[str]:
    """Names of the numeric features, in vector order (the bag of words follows them)."""
    names = ["k_log", "dev_log", "dev_share", "max_share", "top3_share", "n_big", "link_share", "mean_log",
             "max_log", "median_log", "dense_share", "para_share", "n_para_log", "entropy", "peak_pos",
             "run_max_share", "run_max_log", "n_long_runs", "run_count_log", "run_pos",
             "n_el_log", "text_log", "text_per_el", "depth_mean", "depth_max"]
    names += [f"tag_{t}" for t in COUNTED_TAGS]
    names += ["rep_groups_log", "rep_max_log", "rep_text_share", "rep_card_groups_log", "rep_card_share",
              "rep_link_share", "heading_rate", "p_share", "li_share", "heading_share", "chrome_share",
              "tel_links", "mailto_links", "button_links", "region_share", "region_link", "region_depth",
              "region_blocks_log", "price_rate", "cart_count", "forum_rate", "date_rate", "code_rate", "digit_share",
              "title_log", "article_rate", "service_rate", "service_nav",
              "has_url", "url_depth", "url_last_len", "url_last_dash", "url_digits", "url_date", "url_query",
              "url_html", "url_root", "url_numeric_seg"]
    names += [f"url_{k}" for k in URL_CUES]
    names += [f"og_{t}" for t in OG_TYPES] + ["og_other", "og_none", "meta_date", "meta_author", "ld_date"]
    names += ["ld_present"] + [f"ld_{k}" for k in LD_CUES]
    return names


NUMERIC_NAMES = numeric_feature_names()
#: Positions of the distribution features (the first 20 names) in the vector.
N_DISTRIBUTION = 20


def _log(x: float) -> float:
    return math.log1p(max(x, 0.0))


def distribution_features(blocks: BlockList) -> dict[str, float]:
    """Features of the block distribution (ALGORITHMS 2.3) and of merged text runs."""
    keep = blocks.nonempty()
    f: dict[str, float] = {}
    chars = blocks.chars[keep].astype(np.float64)
    links = blocks.link_chars[keep].astype(np.float64)
    n = chars - links
    k = len(n)
    total = float(chars.sum())
    if k == 0 or total <= 0:
        return {name: 0.0 for name in NUMERIC_NAMES[:N_DISTRIBUTION]}
    nl_total = max(float(n.sum()), 1.0)
    delta = np.diff(n) if k > 1 else np.zeros(1)
    dev = float(delta.max() - delta.min())
    srt = np.sort(n)[::-1]
    dense = links > LINK_DENSE * chars
    p = n[n > 0] / nl_total
    para = n >= PARAGRAPH_CHARS
    f.update(k_log=_log(k), dev_log=_log(dev), dev_share=dev / nl_total, max_share=srt[0] / nl_total,
             top3_share=float(srt[:3].sum()) / nl_total, n_big=float((n > BIG_BLOCK_SHARE * nl_total).sum()),
             link_share=float(links.sum()) / total, mean_log=_log(nl_total / k), max_log=_log(float(srt[0])),
             median_log=_log(float(srt[k // 2])), dense_share=float(dense.sum()) / k,
             para_share=float(n[para].sum()) / nl_total, n_para_log=_log(float(para.sum())),
             entropy=float(-(p * np.log(p)).sum() / math.log(k + 1)), peak_pos=float(np.argmax(n)) / k)
    # Runs of consecutive non-link-dense blocks, merged (ALGORITHMS 2 calibration: "merge runs").
    run_id = np.cumsum(dense)
    light = ~dense
    run_sum = np.bincount(run_id[light], weights=n[light]) if light.any() else np.zeros(1)
    best = int(np.argmax(run_sum))
    first_of_best = np.flatnonzero((run_id == best) & light)
    f.update(run_max_share=float(run_sum[best]) / nl_total, run_max_log=_log(float(run_sum[best])),
             n_long_runs=float((run_sum >= LONG_RUN_CHARS).sum()), run_count_log=_log(float((run_sum > 0).sum())),
             run_pos=float(first_of_best[0]) / k if len(first_of_best) else 0.0)
    return f


def _depths(parent: np.ndarray, end: np.ndarray | None = None) -> np.ndarray:
    """Depth per element id by pointer doubling over the ``parent`` array (log-depth numpy steps).

    ``parent`` holds ids into the same array; a negative parent marks a root (depth 0). With
    ``end`` (the exclusive subtree ends of the same document-order ids, as ``Page.end``), the
    depth is counted in one prefix sum instead: the ancestors of ``i`` are the ``j < i`` whose
    subtree has not ended by ``i``, so depth = ``i`` minus the subtrees ended by ``i``.
    """
    n = len(parent)
    if end is not None:
        return np.arange(n, dtype=np.int64) - np.cumsum(np.bincount(end, minlength=n + 1)[:n])
    up = np.where(parent >= 0, parent, n)  # n: a sentinel root above every root
    up = np.append(up, n)
    dist = np.append((parent >= 0).astype(np.int64), 0)
    while True:
        nxt = up[up]
        if (nxt == up).all():
            return dist[:n]
        dist = dist + np.where(up < n, dist[up], 0)
        up = nxt


def _covered_shares(page: Page, groups: list[np.ndarray], lo: int, hi: int, total: float) -> list[float]:
    """Per group of element ids: the share of the own text of elements ``[lo, hi)`` inside their subtrees.

    Takes groups of ascending ids in ``[lo, hi)`` and the share's denominator ``total``; returns
    one float per group. A group's outermost members (inside no earlier member's subtree) have
    disjoint subtrees, so the covered text is a sum of own-text prefix-sum differences over them.
    All groups in one pass: each group's local ids are shifted past the previous group's ends,
    so one running maximum of the ends finds the outermost members of every group.
    """
    k, n = len(groups), hi - lo
    if total <= 0 or n <= 0 or not sum(map(len, groups)):
        return [0.0] * k
    label = np.repeat(np.arange(k, dtype=np.int64), [len(g) for g in groups])
    starts = np.concatenate(groups).astype(np.int64)
    ends = page.end[starts] - lo
    starts = starts - lo
    shift = label * (n + 1)
    reach = np.maximum.accumulate(ends + shift)
    outer = starts + shift >= np.concatenate(([0], reach[:-1]))
    prefix = np.concatenate(([0], np.cumsum(page.own_len[lo:hi])))
    covered = np.bincount(label[outer], weights=prefix[ends[outer]] - prefix[starts[outer]], minlength=k)
    return (covered / total).tolist()


@dataclass(frozen=True)
class TagCodes:
    """The body's elements ``[lo, hi)`` by tag: ``tag_ids`` maps each tag (lower case) to a small
    integer in first-seen order, ``tid`` holds that integer per element (``tid[i - lo]``)."""

    lo: int
    hi: int
    tag_ids: dict[str, int]
    tid: np.ndarray

    def ids_of(self, names: frozenset[str]) -> np.ndarray:
        """Element ids (ascending) of the body's elements whose tag is in ``names``."""
        wanted = [self.tag_ids[t] for t in names if t in self.tag_ids]
        if not wanted:
            return np.zeros(0, dtype=np.int64)
        lut = np.zeros(len(self.tag_ids), dtype=bool)
        lut[wanted] = True
        return np.flatnonzero(lut[self.tid]) + self.lo


def tag_codes(page: Page) -> TagCodes:
    """The :class:`TagCodes` of a page's body (one pass over its tags)."""
    lo = page.body_id
    hi = int(page.end[lo])
    tags = page.tags[lo:hi]
    tag_ids = {t: i for i, t in enumerate(dict.fromkeys(tags))}
    return TagCodes(lo, hi, tag_ids, np.fromiter(map(tag_ids.__getitem__, tags), dtype=np.int64, count=hi - lo))


def dom_features(page: Page, codes: TagCodes | None = None) -> dict[str, float]:
    """Cheap page-level counts from the Page arrays: sizes, tag counts, repeated sibling structures,
    text shares of paragraphs, list items, headings and page chrome, phone/mail/button links.

    ``codes``: the page's :func:`tag_codes` when already computed.
    """
    codes = tag_codes(page) if codes is None else codes
    lo, hi, tag_ids, tid = codes.lo, codes.hi, codes.tag_ids, codes.tid
    n_el = hi - lo
    text = float(page.text_len[lo])
    depth = _depths(page.parent[lo:hi] - lo, page.end[lo:hi] - lo) if n_el else np.zeros(1)
    counts = np.bincount(tid, minlength=len(tag_ids)).tolist()
    f: dict[str, float] = {"n_el_log": _log(n_el), "text_log": _log(text), "text_per_el": text / max(n_el, 1),
                           "depth_mean": float(depth.mean()), "depth_max": float(depth.max())}
    per_k = 1000.0 / max(n_el, 1)
    for t in COUNTED_TAGS:
        j = tag_ids.get(t)
        f[f"tag_{t}"] = _log(per_k * (counts[j] if j is not None else 0))
    # Repeated sibling structures: groups of >= REPEAT_MIN siblings with the same tag and text.
    f.update(rep_groups_log=0.0, rep_max_log=0.0, rep_text_share=0.0, rep_card_groups_log=0.0,
             rep_card_share=0.0, rep_link_share=0.0)
    if n_el > 1:
        members = np.flatnonzero(page.text_len[lo + 1:hi] > 0) + lo + 1
        if len(members):
            key = page.parent[members] * (len(tag_ids) + 1) + tid[members - lo]
            _, inverse, sizes = np.unique(key, return_inverse=True, return_counts=True)
            group_text = np.bincount(inverse, weights=page.text_len[members])
            group_link = np.bincount(inverse, weights=page.link_len[members])
            card_sizes = np.bincount(inverse, weights=(page.end[members] - members >= 3).astype(np.float64))
            rep = sizes >= REPEAT_MIN
            card_rep = card_sizes >= REPEAT_MIN
            f.update(rep_groups_log=_log(float(rep.sum())), rep_max_log=_log(float(sizes.max())),
                     rep_card_groups_log=_log(float(card_rep.sum())))
            if rep.any():
                f.update(rep_text_share=float(group_text[rep].max()) / max(text, 1.0),
                         rep_link_share=float(group_link[rep].sum() / max(group_text[rep].sum(), 1.0)))
            if card_rep.any():
                f["rep_card_share"] = float(group_text[card_rep].max()) / max(text, 1.0)
    # Where the text sits: paragraphs, list items, headings, page chrome (service pages: short
    # sections under many headings; articles: most text in <p>).
    own_total = float(page.own_len[lo:hi].sum())
    headings = codes.ids_of(HEADING_TAGS)
    shares = _covered_shares(page, [codes.ids_of(_P_TAG), codes.ids_of(_LI_TAG), headings,
                                    codes.ids_of(CHROME_TAGS)], lo, hi, own_total)
    f.update(heading_rate=_log(1000.0 * len(headings) / max(text, 1.0)), p_share=shares[0], li_share=shares[1],
             heading_share=shares[2], chrome_share=shares[3])
    elements = page.elements
    links = [elements[i] for i in page.link_ids]
    hrefs = "\n" + "\n".join([el.get("href") or "" for el in links])  # one string: C-level counts
    tel = hrefs.count("\ntel:")
    mail = hrefs.count("\nmailto:")
    button = len(list(filter(_BUTTON_RE.search, filter(None, [el.get("class") for el in links]))))
    f.update(tel_links=_log(tel), mailto_links=_log(mail), button_links=_log(button))
    return f


_P_TAG = frozenset(("p",))
_LI_TAG = frozenset(("li",))


def region_features(page: Page, blocks: BlockList) -> dict[str, float]:
    """Features of the main region that ``decay`` finds (issue #8: main-region features)."""
    from ..methods.decay import Options as DecayOptions
    from ..methods.decay import find_region

    body = page.body_id
    region = find_region(page, DecayOptions())
    total = max(float(page.text_len[body] - page.link_len[body]), 1.0)
    text = float(page.text_len[region])
    owners = blocks.owners
    inside = (owners >= region) & (owners < page.end[region]) & (blocks.chars > 0)
    depth = 0
    node = region
    while node > body:
        node = int(page.parent[node])
        depth += 1
    return {"region_share": float(page.text_len[region] - page.link_len[region]) / total,
            "region_link": float(page.link_len[region]) / max(text, 1.0),
            "region_depth": float(depth),
            "region_blocks_log": _log(float(inside.sum()))}


def _leading_text(blocks: BlockList, limit: int) -> str:
    """The first ``limit`` characters of the blocks' pieces joined by spaces, whitespace-normalised.

    Joins the blocks up to the first one at which the normalised character count (``chars``, never
    more than the pieces' raw length) reaches ``limit``: their raw text is then at least ``limit``
    long, so the cut is the same as joining every block.
    """
    reached = np.flatnonzero(np.cumsum(blocks.chars) >= limit)
    upto = int(reached[0]) + 1 if len(reached) else len(blocks.pieces)
    return " ".join(" ".join(chain.from_iterable(blocks.pieces[:upto]))[:limit].split())


def text_features(page: Page, blocks: BlockList, nav_text: str = "") -> dict[str, float]:
    """Word cues over the page text: currency signs, shop, forum, article and service words, years,
    code marks, digits.

    ``nav_text`` is the lower-cased text of the headings and anchors (service words counted there too).
    """
    text = _leading_text(blocks, TEXT_SCAN_CHARS).lower()
    per_k = 1000.0 / max(len(text), 1)
    # Counted on the UTF-8 bytes: UTF-8 is self-synchronising, so an encoded word matches exactly
    # where the word does, and byte search is much faster than search in a wide (non-Latin-1) str.
    data = text.encode("utf-8", "surrogatepass")
    count = data.count
    nav_count = nav_text.encode("utf-8", "surrogatepass").count
    return {"price_rate": sum(map(count, _B_CURRENCY)) * per_k,
            "cart_count": _log(sum(map(count, _B_CART))),
            "forum_rate": sum(map(count, _B_FORUM)) * per_k,
            "date_rate": len(_YEAR.findall(text)) * per_k,
            "code_rate": sum(map(count, _B_CODE)) * per_k,
            "digit_share": (len(data) - len(data.translate(None, _B_DIGIT_SET))) / max(len(text), 1),
            "title_log": _log(len(page.html_title)),
            "article_rate": sum(map(count, _B_ARTICLE)) * per_k,
            "service_rate": sum(map(count, _B_SERVICE)) * per_k,
            "service_nav": _log(sum(map(nav_count, _B_SERVICE)))}


def _encoded(words) -> tuple[bytes, ...]:
    return tuple(w.encode("utf-8") for w in words)


_B_CURRENCY, _B_CART, _B_FORUM, _B_CODE = (_encoded(CURRENCY_SIGNS), _encoded(CART_WORDS), _encoded(FORUM_WORDS),
                                           _encoded(CODE_MARKS))
_B_ARTICLE, _B_SERVICE = _encoded(ARTICLE_WORDS), _encoded(SERVICE_WORDS)
#: ASCII digits: the bytes deleted to count them (one pass instead of a count per digit).
_B_DIGIT_SET = b"0123456789"



def web_url(url: str | None) -> str | None:
    """``url`` when it is an http(s) address, else None (a ``file://`` path says nothing of the page type)."""
    if not url or not url.lower().startswith(("http://", "https://")):
        return None
    return url


def _url_parts(url: str | None) -> list[str]:
    url = web_url(url)
    if not url:
        return []
    try:
        path = urlsplit(url).path
    except ValueError:
        return []
    return [s for s in path.lower().split("/") if s]


_URL_STEM = re.compile(r"\.(html?|php|aspx?|jsp)$")
_URL_DATE = re.compile(r"/(?:19|20)\d\d/(?:\d\d/)?")
_URL_SPLIT = re.compile(r"[-_.]")


def url_features(url: str | None) -> dict[str, float]:
    """URL shape and path-word cues; all zero (``has_url`` 0) without a URL."""
    f = dict.fromkeys(_URL_NAMES, 0.0)
    url = web_url(url)
    if not url:
        return f
    try:
        parts = urlsplit(url)
    except ValueError:
        return f
    segs = _url_parts(url)
    last = segs[-1] if segs else ""
    stem = _URL_STEM.sub("", last)
    words = set()
    for s in segs:
        words.update(_URL_SPLIT.split(s))
        words.add(s)
    f.update(has_url=1.0, url_depth=float(len(segs)), url_last_len=_log(len(stem)),
             url_last_dash=float(stem.count("-")),
             url_digits=float(sum(ch.isdigit() for ch in parts.path)) / max(len(parts.path), 1),
             url_date=1.0 if _URL_DATE.search(parts.path) else 0.0,
             url_query=1.0 if parts.query else 0.0, url_html=1.0 if stem != last else 0.0,
             url_root=1.0 if not segs else 0.0,
             url_numeric_seg=1.0 if any(s.isdigit() for s in segs) else 0.0)
    for kind, cues in URL_CUES.items():
        f[f"url_{kind}"] = 1.0 if words.intersection(cues) else 0.0
    return f


_URL_NAMES = ["has_url"] + [name for name in NUMERIC_NAMES if name.startswith("url_")]


def meta_features(page: Page) -> dict[str, float]:
    """Page-level type names: ``og:type`` and JSON-LD ``@type`` names, and whether a publication date
    or an author is declared (``<meta>`` or JSON-LD ``datePublished``).

    (Microdata ``itemtype`` names and the ``generator`` meta were dropped in version 4: grouped CV
    on wcxb_dev showed no gain, and the source scan cost time.)
    """
    f = {f"og_{t}": 0.0 for t in OG_TYPES}
    f.update({"og_other": 0.0, "og_none": 0.0, "meta_date": 0.0, "meta_author": 0.0})
    og = None
    head = page.root.find("head")
    metas = head.iter("meta") if head is not None else page.root.iter("meta")
    for meta in metas:
        key = (meta.get("property") or meta.get("name") or meta.get("itemprop") or "").lower()
        if key == "og:type" and og is None:
            og = (meta.get("content") or "").strip().lower()
        elif key in META_DATE:
            f["meta_date"] = 1.0
        elif key in META_AUTHOR:
            f["meta_author"] = 1.0
    if og is None:
        f["og_none"] = 1.0
    elif og in OG_TYPES:
        f[f"og_{og}"] = 1.0
    else:
        f["og_other"] = 1.0
    ld = page.ld_types
    source = page.source_text
    f["ld_present"] = 0.0 if ld is None else 1.0
    f["ld_date"] = 1.0 if ld is not None and source and '"datePublished"' in source else 0.0
    ld_names = set(ld.lower().split()) if ld else set()
    for kind, cues in LD_CUES.items():
        f[f"ld_{kind}"] = 1.0 if ld_names.intersection(cues) else 0.0
    return f


#: Headings whose text goes into the bag of words and the service-word counts.
NAV_HEADINGS = frozenset(("h1", "h2", "h3"))


def _nav_texts(page: Page, codes: TagCodes | None = None) -> tuple[str, str]:
    """Lower-cased text of the headings (h1-h3) and of the link anchors of a page.

    The headings are the body's elements named h1-h3 in document order (what ``body.iter("h1",
    "h2", "h3")`` yields, found from the tag codes instead of a walk over the tree; a tag is
    matched as written, like ``iter`` does). ``codes``: the page's :func:`tag_codes` when known.
    """
    codes = tag_codes(page) if codes is None else codes
    elements = page.elements
    found = map(elements.__getitem__, codes.ids_of(NAV_HEADINGS).tolist())
    headings = " ".join([" ".join(el.itertext()) for el in found if el.tag in NAV_HEADINGS]).lower()
    texts = page.texts  # each element's .text, read once when the Page was built
    anchors = " ".join([texts[i] or "" for i in page.link_ids]).lower()
    return headings, anchors


def _words_of(page: Page, url: str | None, headings: str, anchors: str) -> set[str]:
    words = set(map("t:".__add__, _WORD.findall(page.html_title.lower())))
    words.update(map("h:".__add__, set(_WORD.findall(headings))))
    words.update(map("a:".__add__, set(_WORD.findall(anchors))))
    for seg in _url_parts(url):
        words.update(map("u:".__add__, _WORD.findall(seg)))
    return words


def page_features(page: Page, blocks: BlockList | None = None, url: str | None = None
                  ) -> tuple[np.ndarray, set[str]]:
    """The numeric feature vector (order :data:`NUMERIC_NAMES`) and the bag of words of a page, in one pass.

    ``url`` defaults to ``page.url``; pass ``""`` to compute the features as if no URL were known.
    The bag of words holds the words of the title (``t:``), headings (``h:``), anchors (``a:``)
    and URL path (``u:``).
    """
    if blocks is None:
        blocks = block_list(page)
    url = page.url if url is None else url
    codes = tag_codes(page)
    headings, anchors = _nav_texts(page, codes)
    f = distribution_features(blocks)
    f.update(dom_features(page, codes))
    f.update(region_features(page, blocks))
    f.update(text_features(page, blocks, headings + " " + anchors))
    f.update(url_features(url))
    f.update(meta_features(page))
    return np.array([f[name] for name in NUMERIC_NAMES], dtype=np.float64), _words_of(page, url, headings, anchors)


def numeric_features(page: Page, blocks: BlockList | None = None, url: str | None = None) -> np.ndarray:
    """The numeric feature vector (order :data:`NUMERIC_NAMES`) of a page; see :func:`page_features`."""
    return page_features(page, blocks, url)[0]


def page_words(page: Page, url: str | None = None) -> set[str]:
    """Bag of words (a set) of the title (``t:``), headings (``h:``), anchors (``a:``) and URL path (``u:``)."""
    url = page.url if url is None else url
    return _words_of(page, url, *_nav_texts(page))


def body_words(blocks: BlockList, limit: int = 5000) -> list[str]:
    """Words (``b:`` prefixed) of the first ``limit`` characters of the page text, for the text model."""
    text = " ".join(" ".join(p) for p in blocks.pieces)[:limit].lower()
    return ["b:" + w for w in _WORD.findall(text)]


def bag_vector(words: set[str], vocab: list[str]) -> np.ndarray:
    """Binary presence vector of ``words`` over a vocabulary."""
    return np.fromiter((w in words for w in vocab), dtype=np.float64, count=len(vocab))


#: Layout features (rendered pages only; read by the render model, see ``bench/train_pagetype.py
#: --render-cache``; not part of the HTML model).
LAYOUT_NAMES = ["fold_text_share", "fold_largest_block_share", "grid_max_log", "grid_groups_log", "page_height_log",
                "text_above_fold_log"]
#: Boxes narrower or lower than this many CSS pixels do not count as grid cells (reconstruction).
GRID_MIN_PX = 40.0


def layout_features(page: Page, blocks: BlockList | None = None) -> np.ndarray:
    """Layout features of a rendered page (zeros without geometry), order :data:`LAYOUT_NAMES`.

    Share of the first screen's text, and of it the largest block's; the largest group of
    same-sized visible boxes (a grid of cards) and the number of such groups of 3 or more.
    """
    geo = page.geometry
    if geo is None:
        return np.zeros(len(LAYOUT_NAMES))
    if blocks is None:
        blocks = block_list(page)
    owners = blocks.owners
    chars = blocks.chars.astype(np.float64)
    valid = (owners >= 0) & (chars > 0)
    ids = owners[valid]
    ys = geo.y[ids]
    above = (ys < geo.viewport_height) & (geo.visible[ids] > 0)
    total = max(float(chars[valid].sum()), 1.0)
    fold_chars = chars[valid][above]
    w, h = geo.w, geo.h
    cells = (geo.visible > 0) & (w >= GRID_MIN_PX) & (h >= GRID_MIN_PX) & (page.text_len > 0)
    if cells.any():
        key = np.round(w[cells]).astype(np.int64) * 100003 + np.round(h[cells]).astype(np.int64)
        _, sizes = np.unique(key, return_counts=True)
        grid_max, grid_groups = float(sizes.max()), float((sizes >= 3).sum())
    else:
        grid_max = grid_groups = 0.0
    return np.array([float(fold_chars.sum()) / total,
                     float(fold_chars.max()) / max(float(fold_chars.sum()), 1.0) if len(fold_chars) else 0.0,
                     _log(grid_max), _log(grid_groups), _log(float(geo.page_height)), _log(float(fold_chars.sum()))])
