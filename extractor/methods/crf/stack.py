"""Stacked and context features of the CRF blocks: what the other methods chose (added here).

Per block, from the same Page: whether it lies in the region chosen by information-amount
decay (:mod:`..decay`, with and without its CleanTree pass), which share of its text CEDP
(:mod:`..cedp`) keeps and how its CEDP score stands to CEDP's Otsu cut, the same signals for
the block's enclosing container and that container's parent, the container's text and link
density, and where the block lies relative to decay's region. The methods' own functions
are called with their default options, so each signal is exactly what that method selects.

All sums over a block's parts are prefix-sum look-ups on per-element arrays (no tree walk).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...page import Page
from .. import cedp, decay
from ..base import require_range
from .blocks import Segment


@dataclass(frozen=True)
class StackOptions:
    """Constants of the stacked features (all added here)."""

    #: CEDP density variants whose selections are features ("nltd" is ``cedp``'s default; "ctd" is
    #: ``cedp-ctd``, the best method on wcxb_dev forum pages; ALGORITHMS 4.3).
    cedp_densities: tuple[str, ...] = ()
    #: Levels of a share (kept text, region coverage, link density): 0, then ``share_bins - 1`` equal steps.
    share_bins: int = 5
    #: Edges of CEDP's score over its cut (power space): below half, below, at, twice, four times and up.
    ratio_edges: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
    #: Cap of the log2 bin of a container's characters per element (text density, CETD's TD).
    density_cap: int = 8

    def validate(self) -> None:
        require_range("share_bins", self.share_bins, 2, 100)
        require_range("density_cap", self.density_cap, 1, 64)


def _prefix(values: np.ndarray) -> np.ndarray:
    return np.concatenate(([0.0], np.cumsum(values, dtype=np.float64)))


def _share_bin(x: np.ndarray, bins: int) -> np.ndarray:
    """0 for nothing, else 1 .. bins-1 by equal steps (1.0 gets the top level)."""
    return np.where(x <= 0, 0, np.minimum(bins - 1, 1 + (x * (bins - 1)).astype(np.int64)))


class BlockParts:
    """A block sequence as flat arrays: subtree parts ``[lo, hi)`` and text runs, with their block index."""

    def __init__(self, page: Page, segs: list[Segment]) -> None:
        end = page.end
        sub_lo, sub_seg, txt_p, txt_len, txt_seg = [], [], [], [], []
        for j, seg in enumerate(segs):
            for i, text in seg.parts:
                if text is None:
                    sub_lo.append(i)
                    sub_seg.append(j)
                else:
                    txt_p.append(i)
                    txt_len.append(len(text))
                    txt_seg.append(j)
        self.m = len(segs)
        self.sub_lo = np.array(sub_lo, dtype=np.int64)
        self.sub_hi = end[self.sub_lo] if sub_lo else self.sub_lo
        self.sub_seg = np.array(sub_seg, dtype=np.int64)
        self.txt_p = np.array(txt_p, dtype=np.int64)
        self.txt_len = np.array(txt_len, dtype=np.float64)
        self.txt_seg = np.array(txt_seg, dtype=np.int64)
        own = page.own_len.astype(np.float64)
        self.own_prefix = _prefix(own)
        self.weight = self.total(self.own_prefix, np.ones(len(own)))

    def total(self, prefix: np.ndarray, per_element: np.ndarray) -> np.ndarray:
        """Per block: the sum of ``prefix``'s values over its subtrees plus its text runs times ``per_element``."""
        out = np.zeros(self.m, dtype=np.float64)
        if len(self.sub_lo):
            np.add.at(out, self.sub_seg, prefix[self.sub_hi] - prefix[self.sub_lo])
        if len(self.txt_p):
            np.add.at(out, self.txt_seg, self.txt_len * per_element[self.txt_p])
        return out

    def mean(self, values: np.ndarray, own: np.ndarray) -> np.ndarray:
        """Per block: the own-text-weighted mean of a per-element value."""
        got = self.total(_prefix(own * values), values)
        return np.divide(got, self.weight, out=np.zeros(self.m), where=self.weight > 0)


def cedp_signals(page: Page, density: str) -> tuple[np.ndarray, np.ndarray] | None:
    """Per element: kept by CEDP (0/1) and its score over CEDP's cut (0 for elements without own text).

    The selection is the paper's (``fill_structures`` off: the output's structure filling is not a
    signal, and the stacked models were trained without it).
    """
    if page.non_link_len[page.body_id] == 0:
        return None
    opts = cedp.Options(density=density, fill_structures=False)  # type: ignore[arg-type]
    nodes = cedp.text_nodes(page)
    if len(nodes) < opts.min_text_nodes:
        return None
    scores = cedp.node_scores(page, nodes, opts)
    keep, cut = cedp.select(page, nodes, scores, opts, cedp.paragraph_owners(page))
    n = len(page)
    kept = np.zeros(n, dtype=np.float64)
    kept[nodes[keep]] = 1.0
    ratio = np.zeros(n, dtype=np.float64)
    values = cedp.to_space(scores, opts.threshold_space, opts)
    ratio[nodes] = values / cut if cut > 0 else 0.0
    return kept, ratio


def decay_signals(page: Page) -> tuple[int, np.ndarray, np.ndarray]:
    """Decay's region with its default options: its element id, and per element 1.0 inside it
    (clean_tree off) and 1.0 inside it once CleanTree's link-dense subtrees are out (on)."""
    opts = decay.Options()
    region = decay.find_region(page, opts)
    in_region = np.zeros(len(page), dtype=np.float64)
    in_region[region:int(page.end[region])] = 1.0
    clean = in_region.copy()
    for i in decay.link_dense_subtrees(page, region, opts.max_link_density):
        clean[i:int(page.end[i])] = 0.0
    return region, in_region, clean


def stacked_features(page: Page, segs: list[Segment], opts: StackOptions | None = None) -> list[list[str]]:
    """Feature strings per block from decay's and CEDP's selections and the block's container.

    Takes the Page and its block sequence; returns one list of strings per block.
    """
    opts = opts or StackOptions()
    m = len(segs)
    if m == 0:
        return []
    n = len(page)
    end, parent = page.end, page.parent
    own = page.own_len.astype(np.float64)
    parts = BlockParts(page, segs)
    bins = opts.share_bins
    feats: list[list[str]] = [[] for _ in range(m)]

    # Decay: the region (clean_tree off) and the region minus CleanTree's link-dense subtrees (on).
    region, in_region, clean = decay_signals(page)
    r_end = int(end[region])
    reg_share = _share_bin(parts.mean(in_region, own), bins)
    clean_share = _share_bin(parts.mean(clean, own), bins)
    firsts = np.array([s.first_id for s in segs], dtype=np.int64)
    containers = np.array([s.parent if s.parent >= 0 else page.body_id for s in segs], dtype=np.int64)
    grand = np.where(parent[containers] >= 0, parent[containers], containers)
    # Where the block starts relative to the region: before it, inside, after, or an ancestor of it.
    holds = (firsts <= region) & (end[firsts] > region) & (firsts != region)
    where = np.where(holds, "up", np.where(firsts < region, "before", np.where(firsts >= r_end, "after", "in")))
    nonlink = page.non_link_len.astype(np.float64)
    region_text = float(nonlink[region]) or 1.0
    cover = _share_bin(np.minimum(1.0, nonlink[containers] / region_text), bins)

    # Container context: link density and characters per element of the enclosing element and its parent.
    text_len = page.text_len.astype(np.float64)
    link_den = np.divide(page.link_len[containers], text_len[containers], out=np.zeros(m),
                         where=text_len[containers] > 0)
    tag_count = (end - np.arange(n))
    dens = np.minimum(opts.density_cap, np.log2(1.0 + text_len / tag_count).astype(np.int64))
    link_bin = _share_bin(link_den, bins)

    rows = [reg_share, clean_share, where, cover, link_bin, dens[containers], dens[grand]]
    for j, (rs, cs, wh, cv, lb, dc, dg) in enumerate(zip(*(r.tolist() for r in rows), strict=True)):
        feats[j].extend((f"X:dr={rs}", f"X:dc={cs}", f"X:dw={wh}", f"X:cov={cv}", f"X:cl={lb}",
                         f"X:cd={dc}", f"X:gd={dg}", f"X:dcl={cs}|{lb}"))

    for density in opts.cedp_densities:
        got = cedp_signals(page, density)
        if got is None:
            for f in feats:
                f.append(f"X:{density}=none")
            continue
        kept, ratio = got
        kshare = _share_bin(parts.mean(kept, own), bins)
        rbin = np.searchsorted(np.array(opts.ratio_edges), parts.mean(ratio, own), side="right")
        kp = _prefix(own * kept)
        sub_own = parts.own_prefix[end] - parts.own_prefix[:-1]
        sub_kept = kp[end] - kp[:-1]
        cont_share = np.divide(sub_kept, sub_own, out=np.zeros(n), where=sub_own > 0)
        kc = _share_bin(cont_share[containers], bins)
        kg = _share_bin(cont_share[grand], bins)
        prev = np.concatenate((["out"], kshare[:-1].astype(str)))
        nxt = np.concatenate((kshare[1:].astype(str), ["out"]))
        for j, (ks, rb, c, g, pv, nx, cs) in enumerate(zip(
                kshare.tolist(), rbin.tolist(), kc.tolist(), kg.tolist(), prev.tolist(), nxt.tolist(),
                clean_share.tolist(), strict=True)):
            d = density
            feats[j].extend((f"X:{d}k={ks}", f"X:{d}r={rb}", f"X:{d}kc={c}", f"X:{d}kg={g}",
                             f"X:{d}k-1={pv}", f"X:{d}k+1={nx}", f"X:{d}kd={ks}|{cs}"))
    return feats

