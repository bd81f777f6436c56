"""What the command line reads: sources given as arguments or listed in a file, folders walked.

A folder stands for every regular file under it (symbolic links followed, each folder visited
once, so a link loop ends): files named as pages (``.html``, ``.htm``, ``.xhtml``, gzipped too)
and web archives are taken as they are; any other file is sniffed and taken when it starts like
HTML. Files that are not HTML are counted and named on standard error, never silently dropped.
"""

from __future__ import annotations

import collections
import os
import re
import sys
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field

from .decode import SNIFF_BYTES, _utf16_without_bom, sniff_binary

#: Files a folder source always expands to, whatever they hold (a broken one is a failed page).
PAGE_SUFFIXES = (".html", ".htm", ".xhtml", ".html.gz", ".htm.gz")
#: Web archives a folder source of ``pagesight extract`` also expands to.
WARC_SUFFIXES = (".warc", ".warc.gz")
#: Names of skipped files shown on standard error per folder (the rest are counted).
SHOWN_SKIPPED = 5
#: Elements whose tag near the start of a file marks it as HTML: the document's own structure
#: and the commonest body elements (HTML Living Standard, "the elements of HTML"); a file that
#: is a fragment of a page starts with one of them too.
_MARKUP = re.compile(
    rb"<(?:!doctype\s+html|!--|html|head|body|title|meta|link|base|style|script|main|article|section|header|"
    rb"footer|nav|aside|div|p|span|a|h[1-6]|ul|ol|li|dl|table|tr|td|pre|blockquote|form|img|br|hr|b|i|em|"
    rb"strong|svg|template|noscript|iframe)(?=[\s>/])",
    re.I,
)


@dataclass
class Inputs:
    """The sources to read, in order, and what folders held that is not a page.

    ``skipped`` maps each folder to ``[(path, why)]`` for the files left out; ``empty_folders`` are
    the folders that held no page at all.
    """

    sources: list[str] = field(default_factory=list)
    skipped: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    empty_folders: list[str] = field(default_factory=list)

    @property
    def skipped_count(self) -> int:
        """How many files in folders were left out as not HTML."""
        return sum(len(v) for v in self.skipped.values())


def read_input_file(path: str) -> list[str]:
    """The sources listed in ``path`` (``-``: standard input): one URL or path per line.

    Blank lines and lines starting with ``#`` are skipped; surrounding spaces are dropped.
    Raises :class:`OSError` when the list cannot be read or holds NUL bytes (a binary file, not a
    list: no path or URL holds one).
    """
    if path == "-":
        text = sys.stdin.read()
    else:
        with open(path, encoding="utf-8-sig", errors="replace") as fh:
            text = fh.read()
    if "\0" in text:
        raise OSError("a binary file (NUL bytes), not a list of paths and URLs")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]


def sniff_file(path: str) -> str | None:
    """None when the file at ``path`` looks like an HTML page, else what it is (``"empty"``, ``"a PDF
    document"``, ``"text without HTML markup"``, ``"unreadable: ..."``)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(SNIFF_BYTES)
    except OSError as exc:
        return f"unreadable: {exc.strerror or exc}"
    if head.startswith(b"\x1f\x8b") and path.lower().endswith(".gz"):
        try:
            head = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(head, SNIFF_BYTES)
        except zlib.error:
            return "damaged gzip data"
    if not head.strip():
        return "empty"
    if head.startswith(b"WARC/"):
        return "a web archive (WARC; pagesight extract reads them)"
    kind = sniff_binary(head)
    if kind:
        return kind
    utf16 = _utf16_without_bom(head) or ("utf-16" if head[:2] in (b"\xff\xfe", b"\xfe\xff") else None)
    if utf16:
        head = head.decode(utf16, "replace").encode("utf-8", "replace")
    return None if _MARKUP.search(head) else "text without HTML markup"


def _walk(folder: str) -> list[str]:
    """Every regular file under ``folder`` (links followed, each real folder once), sorted."""
    found: list[str] = []
    seen: set[tuple[int, int]] = set()
    for root, dirs, files in os.walk(folder, followlinks=True):
        try:
            st = os.stat(root)
        except OSError:
            dirs[:] = []
            continue
        if (st.st_dev, st.st_ino) in seen:  # reached again through a link: a loop or a second name
            dirs[:] = []
            continue
        seen.add((st.st_dev, st.st_ino))
        dirs.sort()
        found.extend(os.path.join(root, name) for name in files)
    return sorted(found)


def expand(sources: Iterable[str], *, warc: bool = False) -> Inputs:
    """Expand folders into the pages they hold; keep files, URLs and ``-`` as given.

    ``warc=True`` also takes the ``.warc``/``.warc.gz`` files of a folder. A path that does not
    exist is kept, so that reading it reports "no such file" in its turn.
    """
    suffixes = PAGE_SUFFIXES + WARC_SUFFIXES if warc else PAGE_SUFFIXES
    out = Inputs()
    for source in sources:
        if source == "-" or not os.path.isdir(source):
            out.sources.append(source)
            continue
        skipped: list[tuple[str, str]] = []
        before = len(out.sources)
        for path in _walk(source):
            if not os.path.isfile(path):  # a broken link, a link loop, a socket or a fifo
                skipped.append((path, "not a regular file" if os.path.exists(path) else "a broken link"))
            elif path.lower().endswith(suffixes):
                out.sources.append(path)
            else:
                why = sniff_file(path)
                if why is None:
                    out.sources.append(path)
                else:
                    skipped.append((path, why))
        if skipped:
            out.skipped[source] = skipped
        if len(out.sources) == before:
            out.empty_folders.append(source)
    return out


def skipped_line(folder: str, skipped: list[tuple[str, str]]) -> str:
    """One line naming what a folder held that is not a page: counts by kind, then the first names."""
    kinds = collections.Counter(why for _, why in skipped)
    counts = ", ".join(f"{n} {why}" for why, n in kinds.most_common())
    names = ", ".join(os.path.relpath(path, folder) for path, _ in skipped[:SHOWN_SKIPPED])
    more = f" and {len(skipped) - SHOWN_SKIPPED} more" if len(skipped) > SHOWN_SKIPPED else ""
    return f"{folder}: skipped {len(skipped)} files that are not HTML ({counts}): {names}{more}"
