"""The ``pagesight`` command's batch: each page's work, run in worker processes (the HTML path, each
page bounded in time) or render threads, the outputs written in input order.

A page that fails becomes one line on standard error (and, in JSON Lines, an empty Result whose
reason is the error); the other pages of the batch go on. :func:`run_batch` returns the exit code:
0 all pages handled, 1 at least one page failed, 3 the output could not be written.
"""

from __future__ import annotations

import collections
import json
import os
import pathlib
import re
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from typing import Any

from pebble import ProcessPool

from .errors import ExtractionTimeout, OutputError, PagesightError
from .folders import writable_folder
from .inputs import WARC_SUFFIXES
from .memory import release_memory, trim_heap
from .output import json_text

EXIT_OK, EXIT_PAGE_FAILED, EXIT_USAGE, EXIT_OUTPUT = 0, 1, 2, 3
#: Notes on standard error that mean "this page gave nothing" (counted as empty in the summary).
EMPTY_NOTES = ("empty result", "no records")
#: Pages a worker process reads before it is replaced. A worker's memory creeps with the pages it
#: has read, not with one page: over a 1,000-page WARC one worker went from 63 to 81 MB (caches
#: filling, pages of Python's and glibc's allocators pinned by a few live objects; no one leak),
#: most of it in its first 300 pages, so replacing it every 500 pages left the process tree's peak
#: RSS 9-12 % above that of its first 100 pages (-j 1). Forked from a warm parent
#: (:func:`_process_pool`), a new worker costs 4-11 ms of CPU (a new one every 10 pages added 0.4-1.1 s
#: over 1,000 pages) and about 50 ms of wall time while the pool starts it. At 100 pages the tree's
#: private memory (USS) stayed at 20-28 MB from page 100 to page 900 (-j 1; never replaced: 36-46;
#: 200: 34-43) and its peak RSS 6.5-8.7 % above that of its first 100 pages.
WORKER_MAX_PAGES = 100


#: Pages handed to the workers ahead of the one being written, per worker: a WARC's records are
#: read as the pages go out, so memory stays flat however long the archive.
LOOKAHEAD = 4


class CliError(Exception):
    """A usage problem reported as one line with exit code 2."""


def output_name(source: str, suffix: str, used: set[str]) -> str:
    name = source.rstrip("/").split("/")[-1] or "page"
    name = re.sub(r"(\.html?|\.xhtml)?(\.gz)?$", "", name, flags=re.I) or "page"
    name = re.sub(r"[^\w.\-]+", "_", name)[:100]
    candidate, n = name + suffix, 1
    while candidate in used:
        n += 1
        candidate = f"{name}-{n}{suffix}"
    used.add(candidate)
    return candidate


def progress_bar(total: int | None, quiet: bool) -> Any:
    if (total is not None and total < 2) or quiet:
        return None
    from tqdm import tqdm

    return tqdm(total=total, unit="page", file=sys.stderr, disable=None, leave=False)


# --- work done per page (top-level so a process pool can pickle it) -----------------------

Outcome = tuple[str, "str | None", "str | None", "str | None"]
#: A source that names a URL scheme (``http://``, ``ftp://`` …): read as a URL, not as a path.
_SCHEME = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*://")


def _guarded(job: tuple[str, dict[str, Any]], produce: Callable[[str, dict[str, Any], str], tuple[str, str | None]]
             ) -> Outcome:
    """Run ``produce`` for one source; return ``(source, output, warning, error)``, never raise."""
    source, kw = job
    kw = dict(kw)
    fmt = kw.pop("format")
    debug = kw.pop("_debug", False)
    stdin = kw.pop("_stdin", None)  # standard input, read by the parent process
    record = kw.pop("_warc", None)  # a WARC record the parent read (without its payload when it lies in a file)
    try:
        if record is not None:
            from .warc import with_payload

            record = with_payload(record, kw.get("max_bytes") or _default_max_bytes())
        what: Any = record if record is not None else source if stdin is None else stdin
        if isinstance(what, str) and what != "-" and not _SCHEME.match(what):
            what = pathlib.Path(what)  # a command-line source is a path, never HTML text: "no such file"
        text, warning = produce(what, kw, fmt)
        return source, text, warning, None
    except PagesightError as exc:
        return source, None, None, f"{type(exc).__name__}: {exc}"
    except Exception as exc:  # a bug must not kill the batch
        detail = "\n" + traceback.format_exc() if debug else ""
        return source, None, None, f"internal error ({type(exc).__name__}: {exc}){detail}"


def _produce_text(source: Any, kw: dict[str, Any], fmt: str) -> tuple[str, str | None]:
    from .api import extract
    from .output import serialise

    links = kw.pop("_links", False)
    metadata = kw.pop("_metadata", False)
    if isinstance(source, (str, bytes, os.PathLike)):
        result = extract(source, **kw)
    else:  # a WARC record (extractor.warc.WarcPage)
        from .warc import extract_record_or_raise

        try:
            result = extract_record_or_raise(source, **kw)
        finally:
            if len(source.data or b"") > TRIM_AFTER_BYTES:
                release_memory()
    if result.empty:
        return serialise(result, fmt, links=links, metadata=metadata), f"empty result: {result.reason}"
    partial = result.details.get("render_warnings")
    note = "; ".join(result.warnings) if result.warnings else None
    if partial and note:
        note = "rendering was partial: " + note
    return serialise(result, fmt, links=links, metadata=metadata), note


#: After a WARC record this large, a worker empties its cross-page caches and gives the freed heap back
#: to the system (:func:`extractor.memory.release_memory`): a long archive's few big pages would
#: otherwise set the worker's memory for the rest of the run. 256 KB (11 % of the dev pages): with
#: workers forked warm, the process tree's peak RSS over a 1,000-page WARC against its first 100 pages
#: was 1.07-1.09 at 256 KB and 1.07-1.10 at 64 KB (44 % of the pages; four runs each, 2026-11-25),
#: 1.10-1.12 at 1 MB and without trimming; a trim and the page faults that refill the heap after it
#: cost about 1.4 ms of system time.
TRIM_AFTER_BYTES = 256 * 1024


#: The batch's parent process gives its freed heap back every this many pages (measured over a
#: 1,000-page WARC: without it the parent grew 54 -> 62 MB; a trim costs well under a millisecond).
PARENT_TRIM_EVERY = 50


def _process_pool(jobs: int, warm: bool = True) -> tuple[ProcessPool, bool]:
    """The HTML path's pool of worker processes, and whether this process froze its objects for it.

    Without ``warm`` (a batch of one page, where warming would only add to the page's own time) the
    worker is forked cold. Otherwise, where processes fork (Linux), this process warms up once (every
    model and lazily imported module loaded, :func:`extractor.warm.warm_up`, about 0.25 s of CPU)
    and every worker is forked from it already warm, sharing those pages copy-on-write, so replacing
    a worker every ``WORKER_MAX_PAGES`` is cheap. What this process holds is then frozen out of the
    garbage collector's sight (``gc.freeze``), so collections in the workers do not write to, and copy,
    the shared pages; the caller unfreezes it when the pool is gone. Elsewhere (spawned workers) each
    worker warms up itself.
    """
    from .warm import warm_up

    if not sys.platform.startswith("linux"):
        return ProcessPool(max_workers=max(jobs, 1), max_tasks=WORKER_MAX_PAGES, initializer=warm_up), False
    import gc
    import multiprocessing

    if not warm:
        return ProcessPool(max_workers=max(jobs, 1), max_tasks=WORKER_MAX_PAGES,
                           context=multiprocessing.get_context("fork")), False
    warm_up()
    gc.collect()
    gc.freeze()
    return ProcessPool(max_workers=max(jobs, 1), max_tasks=WORKER_MAX_PAGES,
                       context=multiprocessing.get_context("fork")), True


def _produce_records(source: str, kw: dict[str, Any], fmt: str) -> tuple[str, str | None]:
    from .records_api import extract_records
    from .table_output import serialise_table

    table = extract_records(source, **kw)
    return serialise_table(table, fmt), (f"no records: {table.reason}" if table.empty else None)


def extract_one(job: tuple[str, dict[str, Any]]) -> Outcome:
    """Extract the main text of one source (top-level so a process pool can pickle it)."""
    return _guarded(job, _produce_text)


def records_one(job: tuple[str, dict[str, Any]]) -> Outcome:
    """Extract the records of one source (top-level so a process pool can pickle it)."""
    return _guarded(job, _produce_records)


def _settle(source: str, pending: Any, budget: float | None) -> Outcome:
    """The outcome of one scheduled page; a page over its budget or a dead worker becomes an error."""
    if not isinstance(pending, Future):
        return pending  # known before any worker saw it (a WARC record that could not be read)
    try:
        return pending.result()
    except FuturesTimeout:
        return source, None, None, (f"{ExtractionTimeout.__name__}: the page took longer than the {budget:g} s "
                                    "timeout and was stopped")
    except Exception as exc:  # noqa: BLE001 - a worker that died (killed, out of memory)
        return source, None, None, f"internal error (the worker stopped: {type(exc).__name__}: {exc})"


def _in_order(items: Iterator[tuple[str, Any, Any]], submit: Callable[[Any], Any], window: int,
              budget: float | None) -> Iterator[tuple[Any, Outcome]]:
    """Schedule jobs at most ``window`` ahead of the one being yielded; yield ``(meta, outcome)`` in input order.

    ``items`` are ``(source, job, meta)``; a job that is already an Outcome is not scheduled.
    """
    pending: collections.deque[tuple[str, Any, Any]] = collections.deque()
    for source, job, meta in items:
        pending.append((source, job if isinstance(job, tuple) and len(job) == 4 else submit(job), meta))
        while len(pending) >= window:
            source_, fut, meta_ = pending.popleft()
            yield meta_, _settle(source_, fut, budget)
    while pending:
        source_, fut, meta_ = pending.popleft()
        yield meta_, _settle(source_, fut, budget)


def is_warc_source(source: str) -> bool:
    """A ``.warc``/``.warc.gz`` file, or standard input that starts like one."""
    if source == "-":
        from .warc import looks_like_warc

        try:
            return looks_like_warc(sys.stdin.buffer.peek(512)[:512])
        except (AttributeError, OSError, ValueError):
            return False
    return source.lower().endswith(WARC_SUFFIXES) and not os.path.isdir(source)


def _expand_jobs(sources: list[str], kwargs_for: Callable[[str], dict[str, Any]], fmt: str, warc: bool,
                 stdin: bytes | None, quiet: bool, counts: dict[str, int]) -> Iterator[tuple[str, Any, Any]]:
    """``(source, job, meta)`` per page: a page source is one job; a WARC gives one per HTML response,
    read only as the batch needs them (a record that cannot be read is an Outcome already)."""
    for source in sources:
        if warc and is_warc_source(source):
            from .warc import WarcStats, read_warc, without_payload

            kw = {**kwargs_for(source), "format": fmt}
            stats = WarcStats()
            stream = sys.stdin.buffer if source == "-" else source
            try:
                for record in read_warc(stream, max_bytes=kw.get("max_bytes") or _default_max_bytes(),
                                        stats=stats, name=source):
                    counts["pages"] += 1
                    if record.error is not None:
                        yield record.label, (record.label, None, None, ": ".join(record.error)), record
                    else:
                        record = without_payload(record)  # the worker reads it again from the file
                        yield record.label, (record.label, {**kw, "_warc": record}), record
            except PagesightError as exc:
                counts["pages"] += 1
                yield source, (source, None, None, f"{type(exc).__name__}: {exc}"), None
                continue
            if not quiet:
                print(f"pagesight: {source}: {stats.summary()}", file=sys.stderr)
            continue
        counts["pages"] += 1
        kw = {**kwargs_for(source), "format": fmt}
        if source == "-" and stdin is not None:
            kw["_stdin"] = stdin
        yield source, (source, kw), None


def _default_max_bytes() -> int:
    from .source import DEFAULT_MAX_BYTES

    return DEFAULT_MAX_BYTES


def is_jsonl_name(output: str | None) -> bool:
    return bool(output) and output.lower().endswith((".jsonl", ".jsonl.gz"))


def _open_output(output: str) -> Any:
    """One output file, gzipped when its name ends in ``.gz``; its folder is made if needed."""
    parent = os.path.dirname(output)
    if parent and not os.path.lexists(parent):
        os.makedirs(parent, exist_ok=True)
    if output.lower().endswith(".gz"):
        import gzip

        return gzip.open(output, "wt", encoding="utf-8", errors="surrogateescape")
    # errors: a name that is not UTF-8 keeps its bytes in a text output, as on standard output
    return open(output, "w", encoding="utf-8", errors="surrogateescape")  # noqa: SIM115 - closed by the caller


def _error_line(source: str, meta: Any, error: str) -> str:
    """The JSON line of a page that failed: an empty Result whose reason is the error."""
    from .output import to_jsonl
    from .result import failed_result

    kind = error.split(":", 1)[0] if ":" in error and " " not in error.split(":", 1)[0] else "InternalError"
    if meta is not None:  # a WARC record
        from .warc import error_result

        result = error_result(meta, kind, error.split(": ", 1)[-1])
        result.reason = error
    else:
        result = failed_result(source, kind, error)
    return to_jsonl(result)


def _output_target(output: str | None) -> tuple[pathlib.Path | None, str | None]:
    """``(folder, file)`` for ``--output``: a path that ends in a separator or names an existing folder
    is a folder (one file per page); any other path is one file; neither is standard output."""
    if not output:
        return None, None
    if output.endswith(("/", os.sep)) or os.path.isdir(output):
        folder = pathlib.Path(output)
        writable_folder(folder, f"--output {output}")
        return folder, None
    return None, output


def run_batch(
    worker: Callable[[tuple[str, dict[str, Any]]], Outcome],
    sources: list[str],
    kwargs_for: Callable[[str], dict[str, Any]],
    fmt: str,
    output: str | None,
    jobs: int,
    quiet: bool,
    budget: float | None = None,
    warc: bool = False,
    kind: str = "text",
    skipped: int = 0,
) -> int:
    """Run ``worker`` over sources, write outputs in input order, report failures; return exit code.

    With a ``budget`` (seconds; the HTML path) pages run in worker processes and a page that
    takes longer is stopped and reported as failed; without one (rendering, whose own timeout
    bounds each page) they run here. With ``warc`` a ``.warc``/``.warc.gz`` source (or standard
    input holding one) stands for its HTML response records, read here a few at a time and sent
    to the workers as bytes.

    Output (:func:`_output_target`): a folder gets one file per page, named after its source; one
    file or standard output gets every page in turn: JSON Lines for ``jsonl``, and for ``json``
    when there are several pages (or the file ends in ``.jsonl``), a failed page's line too for main
    text (``kind="text"``); other formats are concatenated, each page under a ``==> source <==``
    line when there are several (``kind="classify"``: one line per page, no header). A file ending
    in ``.gz`` is gzipped. Ends with a summary line on standard error (pages, empty, failed,
    seconds; ``skipped`` files a folder held that are not HTML) for a batch, ``quiet`` or not.
    """
    from .output import EXTENSIONS

    started = time.monotonic()
    has_warc = warc and any(is_warc_source(s) for s in sources)
    many = len(sources) > 1 or has_warc
    if fmt == "jsonl" and output and (output.endswith(("/", os.sep)) or os.path.isdir(output)):
        raise CliError(f"--output {output}: JSON Lines go to one file, not a folder (--format json writes "
                       "one file per page into a folder)")
    out_dir, out_file = _output_target(output)
    lines = fmt == "jsonl" or (fmt == "json" and (many or is_jsonl_name(out_file)))
    try:
        single_file = _open_output(out_file) if out_file else None
    except OSError as exc:
        raise OutputError(f"--output {output}: cannot write: {exc.strerror or exc}") from None
    used: set[str] = set()
    failed = empty = unwritten = 0
    stdin = None
    if budget is not None and "-" in sources and not (has_warc and is_warc_source("-")):
        stdin = sys.stdin.buffer.read()  # workers do not see standard input: read it here
    counts = {"pages": 0}
    items = _expand_jobs(sources, kwargs_for, fmt, warc, stdin, quiet, counts)
    bar = progress_bar(None if has_warc else len(sources), quiet)
    window = max(jobs, 1) * LOOKAHEAD
    frozen = False
    pool: Any
    if budget is not None:  # the HTML path: worker processes, each page bounded in time
        pool, frozen = _process_pool(jobs, warm=many)
        results = _in_order(items, lambda job: pool.schedule(worker, args=[job], timeout=budget), window, budget)
    elif jobs > 1:  # rendering: pages render at once in the one browser, each in its own context
        from render import set_concurrency

        set_concurrency(jobs)
        pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="pagesight-render")
        results = _in_order(items, lambda job: pool.submit(worker, job), window, budget)
    else:
        pool = None
        results = _in_order(items, worker, 1, budget)
    sink = single_file or sys.stdout
    done = 0
    try:
        for meta, (source, text, warning, error) in results:
            if bar is not None:
                bar.update(1)
            if error:
                failed += 1
                _note(bar, f"pagesight: {source}: {error}")
                if lines and kind == "text":
                    _write(sink, _error_line(source, meta, error) + "\n", output)
                continue
            is_empty = bool(warning) and warning.startswith(EMPTY_NOTES)
            empty += is_empty
            if warning and not quiet:
                _note(bar, f"pagesight: {source}: {warning}")
            if out_dir is not None:
                name = meta.url or meta.record_id or source if meta is not None else source
                target = out_dir / output_name(name, EXTENSIONS.get(fmt, ".txt"), used)
                try:
                    target.write_text(text or "", encoding="utf-8", errors="surrogateescape")
                except OSError as exc:
                    unwritten += 1
                    _note(bar, f"pagesight: {source}: cannot write {target}: {exc.strerror or exc}")
            elif lines:
                line = (text or "") if fmt == "jsonl" else json_text(json.loads(text or "null"), compact=True)
                _write(sink, line + "\n", output)
            elif many and kind != "classify":
                _write(sink, f"==> {source} <==\n{text or ''}\n\n", output)
            else:
                _write(sink, (text or "") + "\n", output)
            if single_file is None:
                sys.stdout.flush()
            done += 1
            if budget is not None and done % PARENT_TRIM_EVERY == 0:
                trim_heap()  # the parent reads the records and writes the lines: its heap churns too
    finally:
        if bar is not None:
            bar.close()
        if single_file is not None:
            try:
                single_file.close()
            except OSError as exc:
                raise OutputError(f"--output {output}: cannot write: {exc.strerror or exc}") from None
        if isinstance(pool, ProcessPool):
            pool.stop()  # nothing is left running: a page still over its budget is killed
            pool.join()
        elif pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        if frozen:
            import gc

            gc.unfreeze()
    if many or skipped:
        parts = [f"{counts['pages']} pages", f"{empty} empty", f"{failed} failed"]
        if unwritten:
            parts.append(f"{unwritten} not written")
        if skipped:
            parts.append(f"{skipped} files skipped as not HTML")
        print(f"pagesight: {', '.join(parts)}, {time.monotonic() - started:.1f} s", file=sys.stderr)
    if unwritten:
        return EXIT_OUTPUT
    return EXIT_PAGE_FAILED if failed else EXIT_OK


def _note(bar: Any, line: str) -> None:
    """One line on standard error, printed above the progress bar when there is one."""
    if bar is not None:
        bar.write(line, file=sys.stderr)
    else:
        print(line, file=sys.stderr)


def _write(sink: Any, text: str, output: str | None) -> None:
    """Write to the output file or standard output; a failed write ends the batch with exit code 3."""
    try:
        sink.write(text)
    except OSError as exc:
        raise OutputError(f"--output {output or 'standard output'}: cannot write: {exc.strerror or exc}") from None


def _produce_classify(source: Any, kw: dict[str, Any], fmt: str) -> tuple[str, str | None]:
    from .auto import classify_source

    name = kw.pop("_name")
    verdict = classify_source(source, render=kw["render"], url=kw["url"])
    if fmt == "text":
        main_text = "main-text" if verdict.has_main_text else "no-main-text"
        return f"{verdict.page_type}\t{verdict.confidence:.2f}\t{main_text}\t{name}", None
    data = {"source": name, "page_type": verdict.page_type, "confidence": round(verdict.confidence, 4),
            "has_main_text": verdict.has_main_text}
    return json_text(data, compact=fmt == "jsonl"), None


def classify_one(job: tuple[str, dict[str, Any]]) -> Outcome:
    """Classify one source (top-level so a process pool can pickle it)."""
    return _guarded(job, _produce_classify)
