"""Does a page read without rendering look like an app shell that its scripts fill in?

Pages built by front-end frameworks serve a skeleton: an empty mount point (``<div
id="root">``), custom elements whose content lives in shadow roots, un-rendered template
syntax (``{{ title }}``), or text kept hidden until the scripts show it. On the HTML path
such a page yields its chrome (a footer, a cookie line, hidden text) or nothing; the
Result then says so and suggests rendering.
"""

from __future__ import annotations

import re

from lxml import etree

from .page import Page

#: Ids frameworks mount their app on: React/CRA ``root``, Vue ``app``, Next ``__next``, Nuxt
#: ``__nuxt``, Gatsby ``___gatsby``, Svelte/SvelteKit ``svelte``, Quasar ``q-app``, Angular's
#: ``app-root`` element (each framework's starter template).
MOUNT_IDS = frozenset({"root", "app", "__next", "__nuxt", "___gatsby", "svelte", "q-app", "main-app", "app-root",
                       "react-root", "application"})
#: A mount point with less text than this was served empty (a "Loading…" line at most).
MOUNT_EMPTY_MAX_CHARS = 40
#: A page whose readable (non-link) text is under this many characters beside an empty mount
#: point or custom element has no server-rendered content: a navigation bar, a footer and a
#: cookie line come to about a thousand characters on the chrome-only pages of the dev sets.
SHELL_TEXT_MAX_CHARS = 1500
#: Text kept hidden until scripts show it: more than this share of the body's text.
HIDDEN_SHARE_MIN = 0.5
#: Elements that hide content until scripts run: Alpine ``x-cloak``, Vue ``v-cloak``, the HTML
#: ``hidden`` attribute, inline ``display: none`` / ``visibility: hidden`` (checked below).
_HIDING = etree.XPath("//body//*[@hidden or @x-cloak or @v-cloak or contains(@style, 'none') "
                      "or contains(@style, 'hidden')]")
_HIDING_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
_MOUNTS = etree.XPath("//body//*[" + " or ".join(f"@id='{m}'" for m in sorted(MOUNT_IDS)) + " or self::app-root]")
_CUSTOM = etree.XPath("//body//*[contains(local-name(), '-')]")
_MUSTACHE = re.compile(r"\{\{[^{}]{1,80}\}\}")


def script_shell_signs(page: Page) -> list[str]:
    """What marks ``page`` (read without rendering) as built by its scripts; [] when nothing does.

    Takes a Page parsed from served HTML; returns short descriptions ("an empty #root", ...).
    Pages that carry no script are never app shells.
    """
    if not page.script_count or page.geometry is not None:
        return []
    body = page.body_id
    total = int(page.text_len[body])
    signs: list[str] = []
    if int(page.non_link_len[body]) < SHELL_TEXT_MAX_CHARS:
        for el in _MOUNTS(page.root):
            i = page.index.get(el)
            if i is not None and page.text_len[i] < MOUNT_EMPTY_MAX_CHARS:
                signs.append(f"an empty #{el.get('id') or el.tag}")
        if not signs:
            empty = [el.tag for el in _CUSTOM(page.root) if el in page.index and not page.text_len[page.index[el]]]
            if empty:
                signs.append(f"an empty <{empty[0]}>")
        if _MUSTACHE.search(page.text_of(body)):
            signs.append("un-rendered template syntax ({{ … }})")
    if total:
        hidden, covered = 0, -1
        for el in _HIDING(page.root):
            i = page.index.get(el)
            if i is None or i < covered:
                continue  # inside a hidden element already counted
            hides = any(el.get(a) is not None for a in ("hidden", "x-cloak", "v-cloak"))
            if not hides and not _HIDING_STYLE.search(el.get("style") or ""):
                continue  # a style such as "border: none"
            hidden += int(page.text_len[i])
            covered = int(page.end[i])
        if hidden > HIDDEN_SHARE_MIN * total:
            signs.append(f"{hidden * 100 // total} % of its text hidden until scripts run")
    return signs


def script_shell_warning(page: Page) -> str | None:
    """The warning for an app shell read without rendering (see :func:`script_shell_signs`), or None."""
    signs = script_shell_signs(page)
    if not signs:
        return None
    return (f"the page looks built by scripts ({', '.join(dict.fromkeys(signs))}; {page.script_count} scripts): "
            "its content is probably missing without rendering: try render=True (--render)")
