"""The options of one rendering, checked once at the front door.

Every field is a named default with the reason it has that value. Options fall in three
groups: how the browser is launched (a change relaunches it), how the context is made (a
change makes a new context), and how one page is loaded (free to change per page).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from extractor.errors import OptionError

#: Resource kinds ``block`` understands.
BLOCK_KINDS = ("image", "font", "media", "third_party")


@dataclass(frozen=True)
class RenderOptions:
    """How to render one page (see the module docstring for the three groups)."""

    # --- launch ---
    #: Chromium executable; None finds one (see ``find_chromium``).
    executable: str | None = None
    #: Outside requests to refuse. Images are switched off in Blink itself (no round trip,
    #: DESIGN "blocking": 81 vs 201 ms/page); fonts and media by URL; ``third_party`` refuses
    #: other sites' requests except stylesheets and scripts, which pages need to lay out and
    #: build themselves.
    block: tuple[str, ...] = ("image", "font", "media")
    #: Resolve only loopback host names (DESIGN "host-resolver-rules"): nothing leaves the machine.
    #: None decides by the source (DESIGN "Network policy"): a local file or an HTML string or
    #: bytes renders offline; an http(s) URL may load what the page needs to build itself from
    #: other hosts (scripts, styles, data), with images, fonts, media, beacons and pings blocked.
    offline: bool | None = None
    #: Further Chromium command-line flags, passed as they are (a net log, a proxy ...).
    chromium_args: tuple[str, ...] = ()
    # --- context ---
    #: Viewport in CSS pixels: a common laptop screen (1280x800), wide enough for desktop layouts.
    viewport_width: int = 1280
    viewport_height: int = 800
    #: Screenshot pixels per CSS pixel (DESIGN: screenshot pixel = CSS coordinate x DSF).
    device_scale_factor: float = 1.0
    #: None keeps Chromium's own user agent, locale and time zone.
    user_agent: str | None = None
    locale: str | None = None
    timezone: str | None = None
    #: Charset to serve HTML bytes with; None lets Chromium sniff it as it would from a server.
    encoding: str | None = None
    #: Address an HTML string is served at (so relative links resolve); None uses a reserved name.
    url: str | None = None
    # --- page ---
    #: Total seconds for the page: navigation, waiting, scrolling, capture.
    timeout: float = 20.0
    #: "load" waits for the load event (bounded) and then for a short network quiet;
    #: "domcontentloaded" stops at DOM ready (DESIGN: networkidle costs >= 500 ms: not offered).
    wait_until: str = "load"
    #: Seconds the load event may take after DOM ready before rendering what is there.
    load_timeout: float = 10.0
    #: Network quiet: no request in flight, and none ended, for this long (ms).
    quiet_ms: float = 30.0
    #: DOM quiet: no change by scripts (nodes added or removed, text changed) for this long (ms).
    #: 100 ms is the RAIL model's budget for a response to feel immediate (web.dev/rail): a
    #: framework that is still building the page changes it again sooner than that.
    dom_quiet_ms: float = 100.0
    #: Each wait for quiet (after the load event, after each scroll step) is capped at this many
    #: ms: 5 s is past the 4 s at which Core Web Vitals calls a Largest Contentful Paint "poor"
    #: (web.dev/lcp); a page still busy then (a ticking clock, an endless carousel) is captured
    #: as it is, with a warning.
    settle_max_ms: float = 5000.0
    #: ... but a page that has shown nothing of its content yet (an app shell, an empty main region) is
    #: waited for up to this many ms at its first settling, as a reader waits for a blank page longer
    #: than for a page already showing its article (Lighthouse waits 30 s for a first contentful paint
    #: before calling a page blank): an API slow to answer, or answering after retries with back-off
    #: (1, 2 and 4 s: a 22nd blind round). Half the default ``timeout``; 0, or ``settle_max_ms`` 0, turns it off.
    shell_settle_max_ms: float = 10000.0
    #: When loading placeholders (skeletons, spinners, aria-busy, "Loading…") are all that is
    #: left and nothing else has happened for this long (ms), stop waiting for them (with a
    #: warning): DESIGN measured skeleton pages whole at 0.6-2.2 s, by timers the wait tracks.
    placeholder_grace_ms: float = 1000.0
    #: A page larger than this many bytes is refused (``PageTooLarge``), as on the HTML path
    #: (``extractor.source.DEFAULT_MAX_BYTES``).
    max_bytes: int = 20_000_000
    #: Elements measured at most; past them the page is read without layout, with a warning.
    #: DESIGN measured 20,000 elements in 0.17-0.25 s: 50,000 keeps capture near half a second.
    max_elements: int = 50_000
    #: CSS selector to wait for (attached) before capture; None skips.
    wait_selector: str | None = None
    #: JavaScript expression to wait for (truthy) before capture; None skips.
    wait_function: str | None = None
    #: Pages that watch scrolling or intersections are scrolled down a viewport at a time, settling
    #: after each step, until the bottom stays put: at most this many steps (0 = no scrolling).
    #: 50 viewports of 800 px: the 40,000 px DESIGN measured full-page shots up to.
    scroll_steps: int = 50
    #: ... and never past this page height (CSS px): an infinite list ends here.
    scroll_max_height: int = 40_000
    #: A consent or cookie wall over the page (``render.browser.WALL_MIN_SHARE``) is accepted by pressing its
    #: "Accept" button, as a reader must before reading (some walls hold the article back until then);
    #: False leaves it, and the page is read as it is behind the wall.
    press_consent: bool = True
    #: Capture the full-page PNG as well.
    screenshot: bool = False
    #: Tallest screenshot in CSS pixels; taller pages are cut (DESIGN: a 40k px shot takes
    #: 1.3-1.5 s and 2 s to encode; 20k keeps both under a second and fits image viewers).
    screenshot_max_height: int = 20_000
    # --- browser lifetime ---
    #: Pages rendered before the context is recycled (DESIGN "memory": every 50 keeps PSS flat
    #: at ~650 MB instead of ~890 MB, for ~5 % throughput).
    recycle_after: int = 50

    @property
    def launch_key(self) -> tuple:
        """What the browser is launched with; a different key relaunches it."""
        return (self.executable, "image" in self.block, self.offline, self.chromium_args)

    @property
    def context_key(self) -> tuple:
        """What the context is made with; a different key makes a new context."""
        return (self.viewport_width, self.viewport_height, self.device_scale_factor, self.user_agent,
                self.locale, self.timezone)


_FIELDS = {f.name: f for f in dataclasses.fields(RenderOptions)}
_WAITS = ("load", "domcontentloaded")


def make_render_options(values: dict[str, Any] | None = None) -> RenderOptions:
    """Build :class:`RenderOptions` from keyword values (strings from a command line are accepted).

    Raises :class:`OptionError` naming the valid options for an unknown name or a bad value.
    """
    values = dict(values or {})
    unknown = sorted(set(values) - set(_FIELDS))
    if unknown:
        raise OptionError(f"unknown render option(s) {', '.join(unknown)}; valid: {', '.join(_FIELDS)}")
    checked: dict[str, Any] = {}
    for name, value in values.items():
        default = _FIELDS[name].default
        if value is None or default is None and isinstance(value, str):
            checked[name] = value
        elif name == "block":
            checked[name] = _block(value)
        elif name == "chromium_args":
            checked[name] = tuple(value.split()) if isinstance(value, str) else tuple(map(str, value))
        elif name == "offline":
            checked[name] = _as_bool(name, value)
        elif isinstance(default, bool):
            checked[name] = _as_bool(name, value)
        elif isinstance(default, (int, float)):
            checked[name] = _as_number(name, value, type(default))
        elif isinstance(value, str):
            checked[name] = value
        else:
            raise OptionError(f"render option {name!r} expects text, got {value!r}")
    opts = RenderOptions(**checked)
    if opts.wait_until not in _WAITS:
        raise OptionError(f"render option 'wait_until' must be one of {_WAITS}, not {opts.wait_until!r}")
    for name in ("viewport_width", "viewport_height", "timeout", "device_scale_factor", "screenshot_max_height",
                 "max_bytes", "max_elements"):
        if getattr(opts, name) <= 0:
            raise OptionError(f"render option {name!r} must be positive, got {getattr(opts, name)!r}")
    for name in ("load_timeout", "quiet_ms", "dom_quiet_ms", "settle_max_ms", "shell_settle_max_ms",
                 "placeholder_grace_ms", "scroll_steps",
                 "scroll_max_height", "recycle_after"):
        if getattr(opts, name) < 0:
            raise OptionError(f"render option {name!r} must not be negative, got {getattr(opts, name)!r}")
    return opts


def _block(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [v for v in value.replace(",", " ").split() if v and v != "none"]
    kinds = tuple(dict.fromkeys(value))
    bad = [k for k in kinds if k not in BLOCK_KINDS]
    if bad:
        raise OptionError(f"render option 'block' takes {', '.join(BLOCK_KINDS)}; not {', '.join(map(str, bad))}")
    return kinds


def _as_bool(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on", "0", "false", "no", "off"):
        return value.lower() in ("1", "true", "yes", "on")
    raise OptionError(f"render option {name!r} expects true/false, got {value!r}")


def _as_number(name: str, value: Any, kind: type) -> float | int:
    if isinstance(value, bool):
        raise OptionError(f"render option {name!r} expects a number, got {value!r}")
    try:
        number = kind(value) if kind is float else int(str(value)) if isinstance(value, str) else value
    except (TypeError, ValueError):
        raise OptionError(f"render option {name!r} expects a number, got {value!r}") from None
    if kind is int and not isinstance(number, int):
        raise OptionError(f"render option {name!r} expects a whole number, got {value!r}")
    return number
