"""Geometry capture: the one ``evaluate`` (``geometry.js``) and the arrays it returns.

The script walks the page as it is shown (open shadow roots flattened, large frames inlined),
gives every element an id in that order, measures it, and returns parallel arrays plus the
walked tree serialised with the ids (attribute ``ID_ATTR``) in one JSON string, so the lxml
tree parsed from that HTML joins to the arrays by id. Frames of another origin are walked
on their own and spliced in (:func:`merge_frame`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import scripts

#: The attribute carrying each element's browser id in the serialised DOM (short: it is
#: written once per element, 20,000 times on a big page).
ID_ATTR = "data-psid"
#: Boxes narrower or lower than this (CSS px) show nothing when they clip their content or are
#: empty: the screen-reader-only pattern is a 1x1 px clipping box.
MIN_VISIBLE_PX = 2.0
#: Text set below this font size (CSS px) cannot be read; ``font-size: 0`` hides text.
MIN_FONT_PX = 1.0

#: A frame is content, and inlined where it sits, when its box covers at least this share of
#: the viewport's area, width and height. The largest IAB standard ad units stay out: the
#: 970x250 billboard covers 0.237 of a 1280x800 viewport, 300x600/300x1050 are under 0.4 of its
#: width, 728x90/970x90 under 0.25 of its height (IAB New Standard Ad Unit Portfolio, 2017).
FRAME_MIN_AREA_SHARE = 0.25
FRAME_MIN_WIDTH_SHARE = 0.4
FRAME_MIN_HEIGHT_SHARE = 0.25
#: A frame of this origin too short for those shares is read all the same when more than this many
#: characters of its text are outside links (prose: a standfirst or a note in a ``srcdoc`` frame). A
#: native ad's copy is a linked headline and a description of at most 140 characters (OpenRTB Dynamic
#: Native Ads API 1.2, recommended asset lengths); ad servers' frames are of another origin besides.
FRAME_PROSE_CHARS = 140
#: The attribute the settle step marks a frame of another site with that it waited for while blank (an embed
#: that fetches its story, then asks the page to grow it): read as content whatever its height, as it is
#: no ad slot (``render.browser.AD_SLOT_WORDS``). Not written into the serialised page.
EMBED_FRAME_MARK = "data-pagesight-embed"
#: The attribute the settle step marks a dialog with once it has copied what the dialog showed into the page's
#: flow and closed it: no panel one click away, read a second time. Not written into the serialised page.
COPIED_DIALOG_MARK = "data-pagesight-copied"
#: The attribute the settle step marks what a "more" button's press added to the page with ("Show full changelog":
#: the rest of a text the reader asked for). Kept in the serialised page, for the extractor to read.
MORE_MARK = "data-pagesight-more"
#: The page's chrome, whose buttons open menus and panels of the site, not of its content: a panel hidden
#: after its button in here is not read as one click away, and the settle step presses no button in here.
CHROME_SELECTOR = ('nav, header, footer, aside, dialog, [role="navigation"], [role="banner"], '
                   '[role="contentinfo"], [role="complementary"], [role="dialog"]')
#: Frames inside inlined frames are followed this deep, and at most this many are inlined
#: (a frame that loads itself, a frame bomb: bounded, not followed to the browser's own limit).
FRAME_MAX_DEPTH = 3
FRAME_MAX_COUNT = 8

#: Two inline blocks side by side with no space between them in the DOM are two words when the gap
#: between them is at least this many em (a space is about a quarter em in common text faces: Times
#: 0.25, Georgia 0.24, Arial 0.28; the tracking of headings set in capitals is 0.05-0.15 em, so the
#: letters of a headline split into one box each stay one word).
WORD_GAP_EM = 0.2
#: An element hidden from assistive technology (``aria-hidden="true"``) whose whole text is this many characters
#: or fewer is decoration, not content: an avatar's initials ("PN"), an icon font's glyph or a "+" on an
#: accordion, a rating's stars, a separator's bullet (WAI-ARIA 1.2, ``aria-hidden``: for decorative content).
#: Its text is left out as an unseen element's is. Longer text under ``aria-hidden`` is read: a carousel marks
#: its slides out of view so (Slick), and the rendering reads them all. A 73rd blind round's cardiology team kept
#: each consultant's initials between the entries. An element whose every text piece is this short is decoration too
#: (an 80th blind round's branch map: five numbered markers under one ``aria-hidden`` box).
DECORATIVE_MAX_CHARS = 3
#: Bits of ``flags``: the element itself is visible / something in its subtree is visible.
VISIBLE, SHOWN = 1, 2
#: Codes of ``position``.
POSITIONS = ("static", "relative", "absolute", "fixed", "sticky")


def script() -> str:
    """The JavaScript evaluated in the page (``geometry.js``, the shared helpers in its scope): a function of
    ``script_args()``."""
    return scripts.load("geometry.js")


@dataclass
class RawGeometry:
    """Per-element layout in browser order (index = stamped id), CSS pixels in page space.

    ``flags`` holds ``VISIBLE`` and ``SHOWN`` bits; ``position`` codes index ``POSITIONS``;
    ``fixed`` is true inside a fixed or sticky element; ``color``/``background`` index
    ``strings``; ``parent`` is -1 for the root.
    """

    x: np.ndarray
    y: np.ndarray
    w: np.ndarray
    h: np.ndarray
    flags: np.ndarray
    position: np.ndarray
    fixed: np.ndarray
    font_size: np.ndarray
    font_weight: np.ndarray
    color: np.ndarray
    background: np.ndarray
    parent: np.ndarray
    strings: list[str]
    page_width: float
    page_height: float
    viewport_width: float
    viewport_height: float
    device_scale_factor: float

    def __len__(self) -> int:
        return len(self.x)

    @property
    def visible(self) -> np.ndarray:
        """True where the element itself can be seen."""
        return (self.flags & VISIBLE) > 0

    @property
    def shown(self) -> np.ndarray:
        """True where the element or something in its subtree can be seen."""
        return (self.flags & SHOWN) > 0


def script_args() -> dict[str, Any]:
    """The argument object ``geometry.js`` is called with."""
    return {"attr": ID_ATTR, "minSize": MIN_VISIBLE_PX, "minFont": MIN_FONT_PX,
            "frameMinArea": FRAME_MIN_AREA_SHARE, "frameMinWidth": FRAME_MIN_WIDTH_SHARE,
            "frameMinHeight": FRAME_MIN_HEIGHT_SHARE, "frameMaxDepth": FRAME_MAX_DEPTH,
            "frameMaxCount": FRAME_MAX_COUNT, "frameProseChars": FRAME_PROSE_CHARS,
            "wordGapEm": WORD_GAP_EM, "embedMark": EMBED_FRAME_MARK, "copiedMark": COPIED_DIALOG_MARK,
            "chrome": CHROME_SELECTOR, "decorativeMaxChars": DECORATIVE_MAX_CHARS}


def parse(payload: str) -> tuple[RawGeometry, dict[str, Any]]:
    """Turn the JSON string of ``geometry.js`` into ``(RawGeometry, meta)``.

    ``meta`` holds ``html`` (the walked tree serialised with ids), ``url``, ``title``,
    ``charset``, ``frames`` (each large frame: element id, src, box, whether it was inlined),
    ``shadow_roots`` (how many were flattened) and ``closed_read`` (closed roots among them).
    Raises ``ValueError`` when the payload is not what the script returns.
    """
    data = json.loads(payload)
    f32 = np.float32
    position = np.array(data["pos"], dtype=np.int8)
    parent = np.array(data["parent"], dtype=np.int64)
    fixed = _inside_fixed(position, parent)
    geo = RawGeometry(
        x=np.array(data["x"], dtype=f32), y=np.array(data["y"], dtype=f32),
        w=np.array(data["w"], dtype=f32), h=np.array(data["h"], dtype=f32),
        flags=np.array(data["flags"], dtype=np.int8), position=position, fixed=fixed,
        font_size=np.array(data["fs"], dtype=f32), font_weight=np.array(data["fw"], dtype=np.int16),
        color=np.array(data["color"], dtype=np.int32), background=np.array(data["bg"], dtype=np.int32),
        parent=parent, strings=data["strings"],
        page_width=float(data["pageW"]), page_height=float(data["pageH"]),
        viewport_width=float(data["vw"]), viewport_height=float(data["vh"]),
        device_scale_factor=float(data["dsf"] or 1.0),
    )
    meta = {k: data[k] for k in ("html", "url", "title", "charset")}
    meta.update(frames=data.get("frames", []), shadow_roots=data.get("shadowRoots", 0),
                closed_read=data.get("closedRead", 0), capped=data.get("capped", False))
    return geo, meta


def _inside_fixed(position: np.ndarray, parent: np.ndarray) -> np.ndarray:
    """True for fixed/sticky elements and everything inside them (parents precede children)."""
    own = (position == 3) | (position == 4)
    fixed = own.tolist()
    par = parent.tolist()
    for i in range(1, len(fixed)):
        if not fixed[i] and fixed[par[i]]:
            fixed[i] = True
    return np.array(fixed, dtype=bool)


_ID_VALUE = re.compile(" " + ID_ATTR + r'="(\d+)"')


def merge_frame(geo: RawGeometry, meta: dict[str, Any], sub: RawGeometry, sub_meta: dict[str, Any],
                frame: dict[str, Any]) -> tuple[RawGeometry, dict[str, Any]]:
    """Splice the walk of a frame of another origin (``geometry.js`` with ``sub``) into the page's.

    ``frame`` is the page's entry for it (``id``: the frame element's id, ``other``: its marker
    in ``meta['html']``). The frame's elements get ids after the page's, its top elements the
    frame element as parent, its strings the page's table; the frame element (and its
    ancestors) become shown when anything in the frame is. Returns the merged ``(geometry, meta)``.
    """
    base = len(geo)
    parent = np.concatenate([geo.parent, np.where(sub.parent >= 0, sub.parent + base, frame["id"])])
    position = np.concatenate([geo.position, sub.position])
    flags = np.concatenate([geo.flags, sub.flags])
    if (sub.flags & SHOWN).any():
        i = int(frame["id"])
        while i >= 0 and not flags[i] & SHOWN:
            flags[i] |= SHOWN
            i = int(parent[i])
    shift = len(geo.strings)
    merged = RawGeometry(
        x=np.concatenate([geo.x, sub.x]), y=np.concatenate([geo.y, sub.y]), w=np.concatenate([geo.w, sub.w]),
        h=np.concatenate([geo.h, sub.h]), flags=flags, position=position, fixed=_inside_fixed(position, parent),
        font_size=np.concatenate([geo.font_size, sub.font_size]),
        font_weight=np.concatenate([geo.font_weight, sub.font_weight]),
        color=np.concatenate([geo.color, sub.color + shift]),
        background=np.concatenate([geo.background, sub.background + shift]), parent=parent,
        strings=geo.strings + sub.strings, page_width=geo.page_width, page_height=geo.page_height,
        viewport_width=geo.viewport_width, viewport_height=geo.viewport_height,
        device_scale_factor=geo.device_scale_factor,
    )
    inner = _ID_VALUE.sub(lambda m: f' {ID_ATTR}="{int(m.group(1)) + base}"', sub_meta["html"])
    html = meta["html"].replace(f"<!--psframe:{frame['other']}-->", inner, 1)
    return merged, {**meta, "html": html, "shadow_roots": meta["shadow_roots"] + sub_meta["shadow_roots"]}
