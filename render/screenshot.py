"""Full-page screenshots: raw capture, and annotation of boxes with Pillow.

Screenshot pixels are page CSS pixels times the device scale factor (DESIGN: exact at DSF 1
and 2), and geometry and screenshot are taken at the same scroll, so a box in CSS pixels
lands on its element at ``box * device_scale_factor``. The legend goes in a band *below*
the page, so page pixels keep their coordinates, and, given the screen height, a compact copy
sits in a corner of the first screen (the plainest corner that covers no extracted box), where a
picture opens, when the page is taller than a screen. Once, not on every screen: six blind rounds'
readers (143-148) took the copies down a tall picture, two nearly on top of each other at its end,
for a fixed element drawn again. A box's label sits outside the box (above it, else left, right or
below), where it covers no other box when such a place exists: a label never hides the words it
names unless the box fills the page from edge to edge.
"""

from __future__ import annotations

import io
import os
import pathlib
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from extractor.errors import RenderError

Box = Sequence[float]

#: Colours by role (RGB); other roles take the fallback colours in order of appearance.
ROLE_COLOURS = {
    "text": (30, 136, 229), "heading": (216, 27, 96), "title": (142, 36, 170), "list": (67, 160, 71),
    "table": (251, 140, 0), "code": (109, 76, 65), "record": (0, 137, 123), "region": (229, 57, 53),
    "field": (57, 73, 171),
}
FALLBACK_COLOURS = ((0, 172, 193), (124, 179, 66), (253, 216, 53), (94, 53, 177), (244, 81, 30), (84, 110, 122))
#: Outline width and label font size in CSS px (scaled by the device scale factor).
LINE_CSS_PX = 2
FONT_CSS_PX = 12
#: Opacity (0-255) of the fill drawn inside each box: enough to see the box, not to hide the text.
FILL_ALPHA = 36
#: Opacity (0-255) of a compact legend's background: the page shows through a little.
LEGEND_ALPHA = 235
#: zlib level for the saved PNG: 3 is ~3x faster than the default 6 on tall pages for a few % more bytes.
PNG_COMPRESS_LEVEL = 3


def capture(source: Any, path: str | os.PathLike, **options: Any) -> Any:
    """Render ``source`` and save its raw full-page PNG at ``path`` (no annotation).

    ``options`` are render options. Returns the :class:`~render.browser.RenderedPage`.
    Raises the errors of :func:`render.render`, and :class:`RenderError` when no picture
    could be taken.
    """
    from .browser import render

    rendered = render(source, **{**options, "screenshot": True})
    if not rendered.screenshot:
        raise RenderError(f"{rendered.url}: no screenshot could be taken ({'; '.join(rendered.warnings)})")
    target = pathlib.Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(rendered.screenshot)
    return rendered


def annotate(png: bytes, items: Iterable[tuple[Box, str, str]], path: str | os.PathLike,
             device_scale_factor: float = 1.0, *, title: str | None = None,
             screen_height: float | None = None, hidden: int = 0) -> dict[str, Any]:
    """Draw ``(box, label, role)`` items on a screenshot and save it as PNG at ``path``.

    ``box`` is ``(x, y, width, height)`` in page CSS pixels; it is drawn at
    ``box * device_scale_factor`` in outline and light fill, coloured by ``role``, with
    ``label`` in a tag at its top-left corner. A legend (``title``, roles, counts) is added
    below the page, and with ``screen_height`` (CSS px: the viewport's height) a compact copy in a
    corner of the first screen when the page is taller than one. Labels go outside their box (see the module's
    docstring). Boxes below the bottom of a cut screenshot are left out and counted; the legend says so,
    and how many elements fixed on the screen were ``hidden`` while the picture was taken.
    Returns ``{"path", "width", "height", "scale", "boxes": [{"box": (x0, y0, x1, y1),
    "label", "role", "label_box"}], "cut", "hidden"}`` with pixel boxes (``label_box``: where the label was
    drawn). Raises :class:`RenderError` when ``png``
    is not an image.
    """
    from PIL import Image, ImageDraw, UnidentifiedImageError

    Image.MAX_IMAGE_PIXELS = None  # full-page shots are tall on purpose (DESIGN "Pillow")
    try:
        page = Image.open(io.BytesIO(png)).convert("RGB")
    except (UnidentifiedImageError, OSError) as exc:
        raise RenderError(f"the screenshot is not a readable image: {exc}") from None
    scale = float(device_scale_factor) or 1.0
    width, height = page.size
    font = _font(round(FONT_CSS_PX * scale))
    line = max(1, round(LINE_CSS_PX * scale))
    colours = dict(ROLE_COLOURS)
    fallback = iter(FALLBACK_COLOURS * 100)
    fill = Image.new("RGBA", page.size, (0, 0, 0, 0))
    fill_draw = ImageDraw.Draw(fill)
    drawn: list[dict[str, Any]] = []
    tags: list[tuple[tuple[int, int, int, int], str, tuple[int, int, int]]] = []
    cut = 0
    for box, label, role in items:
        x, y, w, h = (float(v) for v in box)
        x0, y0 = round(x * scale), round(y * scale)
        x1, y1 = round((x + w) * scale), round((y + h) * scale)
        if y0 >= height or x0 >= width or x1 <= 0 or y1 <= 0:
            cut += 1
            continue
        colour = colours.setdefault(role, next(fallback))
        fill_draw.rectangle((x0, y0, x1, min(y1, height - 1)), fill=(*colour, FILL_ALPHA), outline=(*colour, 255),
                            width=line)
        drawn.append({"box": (x0, y0, x1, y1), "label": label, "role": role})
        tags.append(((x0, y0, x1, y1), label, colour))
    page = Image.alpha_composite(page.convert("RGBA"), fill).convert("RGB")
    draw = ImageDraw.Draw(page)
    boxes = [t[0] for t in tags]
    grid = _Grid(boxes)
    placed: list[tuple[int, int, int, int]] = []
    pad = max(1, line)
    for (box, label, colour), entry in zip(tags, drawn, strict=True):
        tw, th = _text_size(draw, label, font)
        tx, ty = _label_place(box, tw + 2 * pad, th + 2 * pad, width, height, grid, placed)
        placed.append((tx, ty, tx + tw + 2 * pad, ty + th + 2 * pad))
        entry["label_box"] = placed[-1]
        grid.add(placed[-1])
        draw.rectangle(placed[-1], fill=colour)
        draw.text((tx + pad, ty + pad), label, fill=(255, 255, 255), font=font)
    counts = Counter(d["role"] for d in drawn)
    roles = [(r, colours[r], counts[r]) for r in counts]
    notes = [note for note in (_counted(cut, "box", "boxes", "below the captured height", "not drawn"),
                               _counted(hidden, "overlay", "overlays", "fixed on the screen", "hidden")) if note]
    if screen_height:
        _pin_legend(page, round(screen_height * scale), scale, font, title, roles, notes, grid)
    legend = _legend(page.size[0], scale, font, title, roles, notes)
    out = Image.new("RGB", (width, height + legend.size[1]), (255, 255, 255))
    out.paste(page, (0, 0))
    out.paste(legend, (0, height))
    target = pathlib.Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    out.save(target, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return {"path": str(target), "width": width, "height": height, "scale": scale, "boxes": drawn, "cut": cut,
            "hidden": hidden}


class _Grid:
    """Boxes bucketed by horizontal bands of the page, to find the ones a rectangle meets quickly."""

    BAND = 256

    def __init__(self, boxes: list[tuple[int, int, int, int]]) -> None:
        self.bands: dict[int, list[tuple[int, int, int, int]]] = {}
        for box in boxes:
            self.add(box)

    def add(self, box: tuple[int, int, int, int]) -> None:
        for band in range(max(box[1], 0) // self.BAND, max(box[3], 0) // self.BAND + 1):
            self.bands.setdefault(band, []).append(box)

    def hits(self, rect: tuple[int, int, int, int], ignore: tuple[int, int, int, int] | None = None) -> int:
        """How many boxes ``rect`` overlaps (``ignore`` not counted)."""
        seen = set()
        for band in range(max(rect[1], 0) // self.BAND, max(rect[3], 0) // self.BAND + 1):
            for box in self.bands.get(band, ()):
                if box is not ignore and box not in seen and _overlap(rect, box):
                    seen.add(box)
        return len(seen)


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _label_place(box: tuple[int, int, int, int], w: int, h: int, width: int, height: int, grid: _Grid,
                 placed: list[tuple[int, int, int, int]]) -> tuple[int, int]:
    """Top-left corner of a ``w`` x ``h`` label for ``box``: outside the box (above, left, right, below),
    the first place that covers no other box or label, else the one covering fewest; inside the box's
    top-left corner only when no outside place fits on the page."""
    x0, y0, x1, y1 = box
    spots = [(x0, y0 - h), (x0 - w, y0), (x1, y0), (x0, y1), (x1 - w, y0 - h)]
    best, best_hits = None, None
    for tx, ty in spots:
        tx = min(max(tx, 0), max(width - w, 0))
        rect = (tx, ty, tx + w, ty + h)
        if ty < 0 or ty + h > height or _overlap(rect, box):
            continue
        hits = grid.hits(rect, ignore=box)
        if hits == 0:
            return tx, ty
        if best_hits is None or hits < best_hits:
            best, best_hits = (tx, ty), hits
    return best if best is not None else (x0, max(y0, 0))


def _pin_legend(page: Any, screen: int, scale: float, font: Any, title: str | None,
                roles: list[tuple[str, tuple[int, int, int], int]], notes: list[str], grid: _Grid) -> None:
    """Paste a compact legend at a corner of the first ``screen`` px of ``page``: one that covers no drawn box or
    label, and of those the plainest (the least spread of grey levels under it: a margin rather than text the
    extractor left out, which a reader checks by eye too); the top-left one when all cover a box."""
    legend = _legend(None, scale, font, title, roles, notes)
    lw, lh = legend.size
    width, height = page.size
    margin = round(4 * scale)
    bottom = min(screen, height)
    if height <= screen or bottom <= lh + 2 * margin or lw + 2 * margin > width:
        return  # a page of one screen (the band below it is in view) or a screen too small to hold it
    mask = legend.convert("L").point(lambda _: LEGEND_ALPHA)
    corners = [(margin, margin), (width - lw - margin, margin),
               (margin, bottom - lh - margin), (width - lw - margin, bottom - lh - margin)]
    free = [c for c in corners if not grid.hits((c[0], c[1], c[0] + lw, c[1] + lh))]
    spot = min(free, key=lambda c: _busyness(page, (c[0], c[1], c[0] + lw, c[1] + lh))) if free else corners[0]
    page.paste(legend, spot, mask)


def _counted(n: int, one: str, many: str, where: str, what: str) -> str | None:
    """A legend's note on ``n`` things ("1 box below the captured height is not drawn", "2 boxes ... are ..."),
    or None when there are none."""
    if not n:
        return None
    return f"{n} {one if n == 1 else many} {where} {'is' if n == 1 else 'are'} {what}"


def _busyness(image: Any, box: tuple[int, int, int, int]) -> float:
    """How much is drawn in ``box`` of ``image``: the standard deviation of its grey levels (0 for a plain area)."""
    from PIL import ImageStat

    return ImageStat.Stat(image.crop(box).convert("L")).stddev[0]


def _legend(width: int | None, scale: float, font: Any, title: str | None,
            roles: list[tuple[str, tuple[int, int, int], int]], notes: list[str]) -> Any:
    """The legend: ``title``, a swatch and count per role, then ``notes`` (what is not drawn). ``width=None``
    makes it as wide as its longest line, with a frame (the compact copy on the page)."""
    from PIL import Image, ImageDraw

    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    row = _text_size(probe, "Ag", font)[1] + round(8 * scale)
    pad = round(8 * scale)
    lines = ([title] if title else []) + [f"{role}: {n}" for role, _, n in roles] + notes
    if width is None:
        swatch_w = row - round(8 * scale) + pad
        width = 2 * pad + swatch_w + max((_text_size(probe, t, font)[0] for t in lines), default=0)
        framed = True
    else:
        framed = False
    legend = Image.new("RGB", (max(width, 1), pad * 2 + row * len(lines)), (245, 245, 245))
    draw = ImageDraw.Draw(legend)
    draw.line((0, 0, width, 0), fill=(120, 120, 120), width=max(1, round(scale)))
    y = pad
    swatch = row - round(8 * scale)
    for k, text in enumerate(lines):
        x = pad
        role_index = k - (1 if title else 0)
        if 0 <= role_index < len(roles):
            draw.rectangle((x, y, x + swatch, y + swatch), fill=roles[role_index][1])
            x += swatch + pad
        draw.text((x, y), text, fill=(20, 20, 20), font=font)
        y += row
    if framed:
        draw.rectangle((0, 0, legend.size[0] - 1, legend.size[1] - 1), outline=(120, 120, 120),
                       width=max(1, round(scale)))
    return legend


def _font(size: int) -> Any:
    from PIL import ImageFont

    try:
        return ImageFont.load_default(size=max(size, 6))
    except (TypeError, OSError):  # Pillow without FreeType: the fixed bitmap font
        return ImageFont.load_default()


def _text_size(draw: Any, text: str, font: Any) -> tuple[int, int]:
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
    return right - left, bottom - top
