"""Score pagesight on an evaluation set laid out like ``shared/data/<set>``; ``pagesight eval``.

A set is a folder with ``gold.jsonl.gz`` and ``html/<id>.html.gz``. Every figure uses the
metrics of :mod:`extractor.metrics` (the data README's definitions).
"""

from __future__ import annotations

import gzip
import json
import pathlib
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from .errors import FetchError, PagesightError
from .metrics import normalize, record_prf, shingle_prf, snippet_rate, word_prf


def read_gold(dataset: str | pathlib.Path) -> list[dict[str, Any]]:
    """The gold lines of a set (``gold.jsonl.gz``, or plain ``gold.jsonl``).

    Raises :class:`FileNotFoundError` when the folder holds neither, and :class:`ValueError` (naming
    the file and, where it applies, the line) when the file cannot be read or a line is not a JSON
    object with an ``id``.
    """
    folder = pathlib.Path(dataset)
    for name, opener in (("gold.jsonl.gz", gzip.open), ("gold.jsonl", open)):
        path = folder / name
        if path.exists():
            try:
                with opener(path, "rt", encoding="utf-8") as fh:
                    lines = [(n, line) for n, line in enumerate(fh, 1) if line.strip()]
            except (OSError, EOFError, UnicodeDecodeError) as exc:  # gzip.BadGzipFile is an OSError
                raise ValueError(f"{path}: unreadable gold file ({type(exc).__name__}: {exc})") from None
            return [_gold_line(path, n, line) for n, line in lines]
    raise FileNotFoundError(f"{folder} has no gold.jsonl.gz: not an evaluation set")


def _gold_line(path: pathlib.Path, n: int, line: str) -> dict[str, Any]:
    try:
        gold = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}, line {n}: not JSON ({exc.msg})") from None
    if not isinstance(gold, dict) or not isinstance(gold.get("id"), str):
        raise ValueError(f"{path}, line {n}: not a gold record (a JSON object with a string \"id\")")
    return gold


def page_bytes(dataset: str | pathlib.Path, page_id: str) -> bytes:
    """The saved bytes of one page of a set; :class:`FetchError` when the set does not hold it."""
    folder = pathlib.Path(dataset) / "html"
    gz = folder / f"{page_id}.html.gz"
    try:
        if gz.exists():
            with gzip.open(gz, "rb") as fh:
                return fh.read()
        return (folder / f"{page_id}.html").read_bytes()
    except OSError as exc:
        raise FetchError(f"the set's page {page_id} cannot be read: {exc.strerror or exc}") from None


def iter_pages(dataset: str | pathlib.Path, *, limit: int | None = None,
               page_types: set[str] | None = None) -> Iterator[tuple[dict[str, Any], bytes]]:
    """Yield ``(gold, html_bytes)`` for the pages of a set, in gold order."""
    count = 0
    for gold in read_gold(dataset):
        if page_types and gold.get("page_type") not in page_types:
            continue
        if limit is not None and count >= limit:
            return
        count += 1
        yield gold, page_bytes(dataset, gold["id"])


@dataclass
class PageScore:
    """Scores of one page."""

    id: str
    page_type: str | None
    p: float
    r: float
    f1: float
    word_p: float
    word_r: float
    word_f1: float
    with_rate: float | None
    without_rate: float | None
    empty: bool
    ms: float
    record_p: float | None = None
    record_r: float | None = None
    record_f1: float | None = None
    error: str | None = None
    title: str | None = None
    title_exact: float | None = None
    title_f1: float | None = None


@dataclass
class Report:
    """Scores of one method on one set, with the figures the data README asks for."""

    dataset: str
    method: str
    rendered: bool
    pages: list[PageScore] = field(default_factory=list)
    wall_seconds: float = 0.0

    def summary(self, pages: list[PageScore] | None = None) -> dict[str, Any]:
        """Means over pages of P, R, F1 (shingle and word), snippet rates, record scores, speed."""
        pages = self.pages if pages is None else pages
        n = len(pages)

        def mean(values: list[float | None]) -> float | None:
            values = [v for v in values if v is not None]
            return round(sum(values) / len(values), 4) if values else None

        out: dict[str, Any] = {
            "dataset": self.dataset, "method": self.method, "render": self.rendered, "pages": n,
            "p": mean([s.p for s in pages]), "r": mean([s.r for s in pages]), "f1": mean([s.f1 for s in pages]),
            "word_p": mean([s.word_p for s in pages]), "word_r": mean([s.word_r for s in pages]),
            "word_f1": mean([s.word_f1 for s in pages]),
            "with": mean([s.with_rate for s in pages]), "without": mean([s.without_rate for s in pages]),
            "empty": sum(s.empty for s in pages), "errors": sum(1 for s in pages if s.error),
            "median_ms": round(statistics.median([s.ms for s in pages]), 3) if pages else None,
            "pages_per_s": round(n / self.wall_seconds, 2) if self.wall_seconds and pages is self.pages else None,
        }
        if any(s.title_exact is not None for s in pages):
            out.update(title_exact=mean([s.title_exact for s in pages]), title_f1=mean([s.title_f1 for s in pages]))
        if any(s.record_f1 is not None for s in pages):
            out.update(record_p=mean([s.record_p for s in pages]), record_r=mean([s.record_r for s in pages]),
                       record_f1=mean([s.record_f1 for s in pages]))
        return out

    def by_type(self) -> dict[str, dict[str, Any]]:
        """Summary per ``page_type`` (only for sets that have page types)."""
        types = sorted({s.page_type for s in self.pages if s.page_type})
        return {t: self.summary([s for s in self.pages if s.page_type == t]) for t in types}

    def to_dict(self) -> dict[str, Any]:
        """Summary, per-type summaries and per-page scores as JSON-ready data."""
        return {"summary": self.summary(), "by_type": self.by_type(), "pages": [asdict(s) for s in self.pages]}


TextExtractor = Callable[[bytes, dict[str, Any]], Any]


def score_page(gold: dict[str, Any], text: str, ms: float, *, records: list[str] | None = None,
               error: str | None = None, title: str | None = None) -> PageScore:
    """Score one page's output text (and record texts, on record sets; its title, on sets with
    gold titles: exact after the data README's normalisation, and token F1) against its gold."""
    body = gold.get("body") or ""
    shingle, word = shingle_prf(text, body), word_prf(text, body)
    score = PageScore(
        id=str(gold["id"]), page_type=gold.get("page_type"), p=shingle.p, r=shingle.r, f1=shingle.f1,
        word_p=word.p, word_r=word.r, word_f1=word.f1,
        with_rate=snippet_rate(text, gold.get("with") or []),
        without_rate=snippet_rate(text, gold.get("without") or []),
        empty=not text.strip(), ms=ms, error=error,
    )
    if title is not None and gold.get("title"):
        score.title = title
        score.title_exact = float(normalize(title) == normalize(gold["title"]))
        score.title_f1 = word_prf(title, gold["title"]).f1
    if records is not None and gold.get("records"):
        rec = record_prf(records, gold["records"])
        score.record_p, score.record_r, score.record_f1 = rec.p, rec.r, rec.f1
    return score


def evaluate(
    dataset: str | pathlib.Path,
    *,
    method: str = "auto",
    render: bool = False,
    limit: int | None = None,
    page_types: set[str] | None = None,
    records: bool | None = None,
    options: dict[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
    render_options: dict[str, Any] | None = None,
    comments: bool | None = None,
) -> Report:
    """Run ``method`` over a set and score every page.

    ``comments`` is passed to :func:`extractor.extract` (None: its default).
    ``records`` scores record sets with :func:`extractor.extract_records` too (default: when
    the gold has records). With ``render=True`` every outside request is blocked, as the
    data README asks (``render_options`` default to ``{"offline": True}``). A page that
    raises a :class:`PagesightError` scores as empty output and keeps its error message.
    A page the set names but does not hold scores as a :class:`FetchError`. Raises
    :class:`FileNotFoundError` for a folder that is not a set, :class:`ValueError` for a gold file
    that cannot be read (:func:`read_gold`), and :class:`OptionError` for bad options.
    """
    from .api import extract, resolve_method

    options = dict(options or {})
    if render and render_options is None:
        render_options = {"offline": True}  # saved pages: nothing may leave the machine
    resolve_method(method, options)  # fail fast on a bad method or option
    folder = pathlib.Path(dataset)
    golds = read_gold(folder)
    selected = [g for g in golds if not page_types or g.get("page_type") in page_types]
    if limit is not None:
        selected = selected[:limit]
    if records is None:
        records = any(g.get("records") for g in selected)
    report = Report(folder.name, method, render)
    start = time.perf_counter()
    for n, gold in enumerate(selected, 1):
        url = gold.get("url")
        t0 = time.perf_counter()
        text, record_texts, error, title = "", None, None, ""
        try:
            data = page_bytes(folder, gold["id"])  # a page the set lacks fails alone; the rest are scored
            result = extract(data, method=method, render=render, url=url, render_options=render_options,
                             comments=comments, **options)
            text, title = result.text, result.title
            if records:
                from .records_api import extract_records

                table = extract_records(data, render=render, url=url, render_options=render_options)
                record_texts = table.record_texts
        except PagesightError as exc:
            error = f"{type(exc).__name__}: {exc}"
            record_texts = [] if records else None
        ms = (time.perf_counter() - t0) * 1000
        report.pages.append(score_page(gold, text, ms, records=record_texts, error=error, title=title))
        if progress is not None:
            progress(n, len(selected))
    report.wall_seconds = time.perf_counter() - start
    return report


def format_report(report: Report) -> str:
    """A short human-readable table of a report (summary, then per page type if any)."""
    s = report.summary()

    def f(v: Any) -> str:
        return "  -  " if v is None else f"{v:.3f}" if isinstance(v, float) else str(v)

    lines = [
        f"set {s['dataset']}  method {s['method']}  render {'on' if s['render'] else 'off'}  pages {s['pages']}",
        f"shingle  P {f(s['p'])}  R {f(s['r'])}  F1 {f(s['f1'])}",
        f"word     P {f(s['word_p'])}  R {f(s['word_r'])}  F1 {f(s['word_f1'])}",
        f"snippets with {f(s['with'])}  without {f(s['without'])}  (with: higher is better, without: lower)",
    ]
    if "title_exact" in s:
        lines.append(f"title    exact {f(s['title_exact'])}  token F1 {f(s['title_f1'])}")
    if "record_f1" in s:
        lines.append(f"records  P {f(s['record_p'])}  R {f(s['record_r'])}  F1 {f(s['record_f1'])}")
    lines.append(f"empty {s['empty']}  errors {s['errors']}  median {f(s['median_ms'])} ms/page  "
                 f"{f(s['pages_per_s'])} pages/s")
    types = report.by_type()
    if types:
        lines.append("by page type:  type          pages  F1     P      R")
        for name, t in types.items():
            lines.append(f"               {name:<13} {t['pages']:>5}  {f(t['f1'])}  {f(t['p'])}  {f(t['r'])}")
    return "\n".join(lines)
