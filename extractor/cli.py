"""The ``pagesight`` command: extract, records, eval, classify, setup-browser.

Every page is handled on its own: a failing page prints one line on stderr and the batch
goes on. Exit codes: 0 all pages handled, 1 at least one page failed, 2 bad usage or options,
3 the output could not be written. No traceback reaches the user unless ``--debug`` is given.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys
from collections.abc import Iterable
from typing import Any

from .cli_batch import (
    EXIT_OK,
    EXIT_OUTPUT,
    EXIT_PAGE_FAILED,
    EXIT_USAGE,
    CliError,
    classify_one,
    extract_one,
    is_jsonl_name,
    is_warc_source,
    output_name,
    progress_bar,
    records_one,
    run_batch,
)
from .dates import DATE_SEARCHES
from .errors import OptionError, OutputError, PagesightError
from .folders import screenshot_folder, writable_folder
from .inputs import PAGE_SUFFIXES, WARC_SUFFIXES, expand, read_input_file, skipped_line
from .version import __version__

__all__ = ["PAGE_SUFFIXES", "WARC_SUFFIXES", "main", "build_parser", "expand_sources"]
#: Batches at least this large use a process pool by default (HTML path only); a WARC counts as large.
POOL_MIN_PAGES = 16
EPILOG_EXTRACT = """examples:
  pagesight extract page.html                       main text of a saved page
  pagesight extract https://example.org/a --format markdown
  pagesight extract pages/ --format json --output out/   one JSON file per page
  pagesight extract -i urls.txt --format jsonl --output all.jsonl   a list of URLs/paths, one per line
  pagesight extract crawl.warc.gz --format jsonl --output out.jsonl.gz   every HTML response of a web archive
  cat page.html | pagesight extract -               read standard input
  pagesight extract page.html --method cedp --option smooth_sigma=2
  pagesight extract app.html --render --screenshot shot.png   render in Chromium, draw what was taken
"""


def _parse_options(pairs: list[str] | None, what: str = "option") -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs or []:
        if "=" not in pair or not pair.split("=", 1)[0].strip():
            raise OptionError(f"--{what.replace(' ', '-')} takes NAME=VALUE, got {pair!r}")
        name, value = pair.split("=", 1)
        options[name.strip().replace("-", "_")] = value.strip()
    return options


def expand_sources(sources: Iterable[str], *, warc: bool = False, input_files: Iterable[str] = (),
                   skipped: list[int] | None = None) -> list[str]:
    """The sources to read: ``sources``, then those listed in ``input_files`` (one per line), with
    folders expanded (:func:`extractor.inputs.expand`). What a folder held that is not HTML is named on
    standard error and its count added to ``skipped[0]``. ``warc=True`` also takes ``.warc`` files."""
    given = list(sources)
    for listing in input_files:
        try:
            given.extend(read_input_file(listing))
        except OSError as exc:
            raise CliError(f"--input-file {listing}: {exc.strerror or exc}") from None
    inputs = expand(given, warc=warc)
    for folder, left_out in inputs.skipped.items():
        print(f"pagesight: {skipped_line(folder, left_out)}", file=sys.stderr)
    for folder in inputs.empty_folders:
        print(f"pagesight: {folder}: the folder holds no HTML pages", file=sys.stderr)
    if skipped is not None:
        skipped[0] += inputs.skipped_count
    return inputs.sources


def _jobs(args: argparse.Namespace, count: int) -> int:
    if getattr(args, "render", False) or getattr(args, "screenshot", None):
        return max(args.jobs, 1)  # pages rendered at once (threads over one browser)
    if count < POOL_MIN_PAGES and args.jobs == 0:
        return 1
    return args.jobs or (os.cpu_count() or 1)


def _screenshot_path(base: str | None, source: str, many: bool, used: set[str]) -> str | None:
    if not base:
        return None
    if not many:
        return base
    return str(pathlib.Path(base) / output_name(source, ".png", used))


def _check_screenshot_target(base: str | None, many: bool) -> None:
    """Make the folder ``--screenshot`` writes into (``base`` itself for many sources, else its parent)
    before any page is read; :class:`OutputError` when it cannot be made or written to."""
    if base and many:
        writable_folder(base, f"--screenshot {base}")
    elif base:
        screenshot_folder(base, f"--screenshot {base}")


def cmd_extract(args: argparse.Namespace) -> int:
    """``pagesight extract``: main text of each source."""
    from .api import resolve_method

    options = _parse_options(args.option)
    resolve_method(args.method, options)  # bad method/option: exit 2 before any page is read
    fmt = args.format or ("jsonl" if is_jsonl_name(args.output) else "text")
    if is_jsonl_name(args.output) and fmt not in ("json", "jsonl"):
        raise CliError(f"--output {args.output} is a JSON Lines file: use --format jsonl, or another file name")
    skipped = [0]
    sources = _sources_of(args, warc=True, skipped=skipped)
    warcs = [s for s in sources if is_warc_source(s)]
    if warcs:
        from .warc import _archive_iterator

        _archive_iterator()  # warcio missing: one clear line, before any page is read
    if args.screenshot_only:
        return _screenshot_only(args, sources)
    _check_screenshot_target(args.screenshot, len(sources) > 1)
    used: set[str] = set()
    render = args.render or bool(args.screenshot)
    rendering = render_options_of(args)

    def kwargs_for(source: str) -> dict[str, Any]:
        kw: dict[str, Any] = dict(method=args.method, render=render, url=args.url, encoding=args.encoding,
                                  timeout=args.timeout, comments=args.comments, user_agent=args.user_agent,
                                  **options)
        if args.records is False:
            kw["records"] = False
        if args.links:
            kw["_links"] = True
        if args.with_metadata:
            kw["_metadata"] = True
        if args.date_search != "fast":
            kw["date_search"] = args.date_search
        if args.served_fallback is False:
            kw["served_fallback"] = False
        if args.links or fmt == "markdown":
            kw["inline"] = True  # each block's links and emphasis, for markdown and --links
        if render and rendering:
            kw["render_options"] = rendering
        shot = _screenshot_path(args.screenshot, source, len(sources) > 1, used)
        if shot:
            kw["screenshot"] = shot
        if args.debug:
            kw["_debug"] = True
        return kw

    count = max(len(sources), POOL_MIN_PAGES) if warcs else len(sources)  # a WARC holds many pages
    return run_batch(extract_one, sources, kwargs_for, fmt, args.output, _jobs(args, count),
                      args.quiet, None if render else args.timeout, warc=True, skipped=skipped[0])


def _sources_of(args: argparse.Namespace, *, warc: bool = False, skipped: list[int] | None = None) -> list[str]:
    """The sources a command reads: its arguments and ``--input-file`` lists, folders expanded; exit 2
    (usage) when there are none."""
    if not args.sources and not args.input_file:
        raise CliError("no sources: give files, folders, URLs or - (standard input), or --input-file FILE")
    sources = expand_sources(args.sources, warc=warc, input_files=args.input_file or (), skipped=skipped)
    if not sources:
        raise CliError("no pages to read")
    return sources


def _screenshot_only(args: argparse.Namespace, sources: list[str]) -> int:
    from render.screenshot import capture

    used: set[str] = set()
    failed = 0
    base = args.screenshot or "screenshot.png"
    _check_screenshot_target(base, len(sources) > 1)
    for source in sources:
        path = _screenshot_path(base, source, len(sources) > 1, used)
        try:
            capture(source, path, timeout=args.timeout)
            print(f"pagesight: {source}: screenshot written to {path}", file=sys.stderr)
        except PagesightError as exc:
            failed += 1
            print(f"pagesight: {source}: {type(exc).__name__}: {exc}", file=sys.stderr)
    return EXIT_PAGE_FAILED if failed else EXIT_OK


def cmd_records(args: argparse.Namespace) -> int:
    """``pagesight records``: repeated data records of each source as a table."""
    from .records_api import record_options

    options = _parse_options(args.option)
    record_options(**options)  # a bad option: exit 2 before any page is read
    skipped = [0]
    sources = _sources_of(args, skipped=skipped)
    _check_screenshot_target(args.screenshot, len(sources) > 1)
    used: set[str] = set()
    rendering = render_options_of(args)

    def kwargs_for(source: str) -> dict[str, Any]:
        kw: dict[str, Any] = dict(render=args.render or bool(args.screenshot), url=args.url,
                                  encoding=args.encoding, timeout=args.timeout, user_agent=args.user_agent,
                                  **options)
        if kw["render"] and rendering:
            kw["render_options"] = rendering
        shot = _screenshot_path(args.screenshot, source, len(sources) > 1, used)
        if shot:
            kw["screenshot"] = shot
        return kw

    return run_batch(records_one, sources, kwargs_for, args.format, args.output, _jobs(args, len(sources)),
                      args.quiet, None if args.render or args.screenshot else args.timeout, kind="records",
                      skipped=skipped[0])


def cmd_eval(args: argparse.Namespace) -> int:
    """``pagesight eval``: score a method on an evaluation set and print the figures."""
    from .evaluate import evaluate, format_report

    options = _parse_options(args.option)
    if not os.path.isdir(args.dataset):
        raise CliError(f"{args.dataset}: not a folder")
    if args.limit is not None and args.limit < 1:
        raise CliError(f"--limit must be 1 or more, not {args.limit}")
    types = set(args.types.split(",")) if args.types else None
    bar = None

    def progress(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = progress_bar(total, args.quiet)
        if bar is not None:
            bar.update(1)

    try:
        report = evaluate(args.dataset, method=args.method, render=args.render, limit=args.limit,
                          page_types=types, options=options, progress=progress, comments=args.comments)
    except (FileNotFoundError, ValueError) as exc:  # not a set, or an unreadable gold file
        raise CliError(str(exc)) from None
    finally:
        if bar is not None:
            bar.close()
    print(format_report(report))
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(report.to_dict(), indent=1), encoding="utf-8")
    return EXIT_OK


def cmd_classify(args: argparse.Namespace) -> int:
    """``pagesight classify``: each source's page type, its confidence, and whether it has a main text
    (text: one tab-separated line per page; json/jsonl: one object per page)."""
    skipped = [0]
    sources = _sources_of(args, skipped=skipped)

    def kwargs_for(source: str) -> dict[str, Any]:
        return {"render": args.render, "url": args.url, "_name": source}

    return run_batch(classify_one, sources, kwargs_for, args.format, args.output, _jobs(args, len(sources)),
                      args.quiet, None if args.render else args.timeout, kind="classify", skipped=skipped[0])


def cmd_setup_browser(args: argparse.Namespace) -> int:
    """``pagesight setup-browser``: make a Chromium available and say what was done."""
    from render.setup import setup_browser

    print(setup_browser())
    return EXIT_OK


COMMENTS_HELP = ("keep (--comments) or drop (--no-comments) readers' comment sections; default: auto keeps "
                 "or drops them by page type (its route table), a named method keeps the page whole")


def render_options(p: argparse.ArgumentParser) -> None:
    """The rendering options of a subcommand (they apply with --render)."""
    g = p.add_argument_group("rendering (with --render)")
    g.add_argument("--wait-selector", metavar="CSS", help="wait until this CSS selector is in the page")
    g.add_argument("--wait-function", metavar="JS", help="wait until this JavaScript expression is true")
    g.add_argument("--settle-ms", type=float, metavar="MS", help="longest wait for the page to go quiet after "
                   "loading and after each scroll step (default 5000)")
    g.add_argument("--scroll-steps", type=int, metavar="N", help="scroll at most N viewports down pages that load "
                   "content as they are scrolled (default 50; 0: no scrolling)")
    net = g.add_mutually_exclusive_group()
    net.add_argument("--offline", action="store_true", help="nothing leaves the machine, for URLs too (the "
                     "default for files, folders and standard input)")
    net.add_argument("--allow-network", action="store_true", help="let a local file or standard input load "
                     "what it links to from other hosts (URLs may by default)")
    g.add_argument("--render-option", action="append", metavar="NAME=VALUE", help="any render option "
                   "(repeatable), e.g. dom_quiet_ms=200, viewport_width=390")


def render_options_of(args: argparse.Namespace) -> dict[str, Any]:
    """The render options given on the command line (checked: an unknown name is a usage error)."""
    from render.options import make_render_options

    values: dict[str, Any] = _parse_options(getattr(args, "render_option", None), what="render option")
    for flag, name in (("wait_selector", "wait_selector"), ("wait_function", "wait_function"),
                       ("settle_ms", "settle_max_ms"), ("scroll_steps", "scroll_steps")):
        if getattr(args, flag, None) is not None:
            values[name] = getattr(args, flag)
    if getattr(args, "offline", False):
        values["offline"] = True
    elif getattr(args, "allow_network", False):
        values["offline"] = False
    make_render_options(values)
    return values


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``pagesight`` command."""
    from .api import method_names
    from .output import FORMATS

    parser = argparse.ArgumentParser(prog="pagesight", description="Main text, headline and data records out of "
                                     "web pages, optionally rendered in headless Chromium first.")
    parser.add_argument("--version", action="version", version=f"pagesight {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def inputs(p: argparse.ArgumentParser) -> None:
        p.add_argument("sources", nargs="*", metavar="SOURCE", help="file, folder (every file in it that is "
                       "HTML), http(s)/file URL, or - for stdin (extract also reads .warc/.warc.gz web archives: "
                       "their HTML responses)")
        p.add_argument("--input-file", "-i", action="append", metavar="FILE", help="read sources from FILE, one "
                       "URL or path per line; blank lines and lines starting with # are skipped; - for stdin "
                       "(repeatable)")
        p.add_argument("--output", "-o", metavar="PATH", help="a path ending in / or an existing folder: one "
                       "file per page; any other path: one file (JSON Lines for json/jsonl with several pages, "
                       "else the pages one after another; gzipped when it ends in .gz); default stdout")
        p.add_argument("--jobs", "-j", type=int, default=0, help="worker processes (default: all cores for "
                       f"batches of {POOL_MIN_PAGES}+ pages); with --render, pages rendered at once (default 1)")
        p.add_argument("--timeout", type=float, default=20.0, help="seconds allowed to fetch or render a page")
        p.add_argument("--quiet", "-q", action="store_true", help="no progress bar and no per-page notes (empty "
                       "results, warnings); failures and the summary line, which counts empty results, remain")
        p.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)

    def common(p: argparse.ArgumentParser) -> None:
        inputs(p)
        p.add_argument("--user-agent", metavar="UA", help="User-Agent sent with each request (default "
                       "'pagesight/VERSION (...)'; with --render, Chromium's unless given)")
        p.add_argument("--render", action="store_true", help="render in headless Chromium first (sees layout, "
                       "runs scripts). A file or standard input renders offline; a URL may load the scripts, "
                       "styles and data it builds itself from, never images, fonts, media, beacons or pings")
        p.add_argument("--screenshot", metavar="PNG", help="save a full-page screenshot with what was extracted "
                       "drawn on it (implies --render; a folder for many sources)")
        p.add_argument("--option", action="append", metavar="NAME=VALUE", help="a method option (repeatable)")
        p.add_argument("--url", help="address of the page, when the source does not carry one")
        p.add_argument("--encoding", help="force the character encoding of the input bytes")
        render_options(p)

    p = sub.add_parser("extract", help="main text and headline of pages", epilog=EPILOG_EXTRACT,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    common(p)
    p.add_argument("--method", "-m", default="auto", choices=method_names(), help="extraction method (default auto)")
    p.add_argument("--format", "-f", choices=FORMATS, help="output format (default text; jsonl when --output "
                   "ends in .jsonl or .jsonl.gz): jsonl is one compact JSON object per page, in input order, "
                   "a failed page's too")
    p.add_argument("--screenshot-only", action="store_true", help="only save the raw full-page screenshot")
    p.add_argument("--comments", action=argparse.BooleanOptionalAction, default=None, help=COMMENTS_HELP)
    p.add_argument("--no-records", dest="records", action="store_false", default=None, help="auto does not mine "
                   "the data records of listing and collection pages (faster; Result.records stays empty)")
    p.add_argument("--links", action="store_true", help="keep link targets in text as 'words <URL>' (markdown "
                   "always keeps them as [words](URL))")
    p.add_argument("--with-metadata", action="store_true", help="start text and markdown with the page's "
                   "metadata as front matter (title, author, date, site name, language, ...); json has it always")
    p.add_argument("--date-search", choices=DATE_SEARCHES, default="fast",
                   help="when no markup names the publication date: markup = look no further, fast (default) = "
                   "htmldate's markup-and-headings search, extensive = dates anywhere in the text too (slower)")
    p.add_argument("--no-served-fallback", dest="served_fallback", action="store_false", default=None,
                   help="with --render, keep the rendering even when it shows less than half of the main text "
                   "the server sent (by default the served HTML is read instead, with a warning)")
    p.set_defaults(func=cmd_extract, parser=p)

    p = sub.add_parser("records", help="repeated data records (product cards, results, posts) as a table",
                       epilog="examples:\n  pagesight records listing.html --format csv\n"
                       "  pagesight records shop.html --render --screenshot records.png",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    common(p)
    p.add_argument("--format", "-f", default="csv", choices=("csv", "json", "markdown"), help="default csv")
    p.set_defaults(func=cmd_records, parser=p)

    p = sub.add_parser("eval", help="score a method on an evaluation set (gold.jsonl.gz + html/)",
                       epilog="example:\n  pagesight eval ../shared/data/cleaneval --method decay",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dataset", metavar="DATASET_DIR")
    p.add_argument("--method", "-m", default="auto", choices=method_names())
    p.add_argument("--limit", type=int, help="score only the first N pages")
    p.add_argument("--types", help="only these page types, comma-separated")
    p.add_argument("--render", action="store_true", help="render each page in Chromium (outside requests blocked)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE")
    p.add_argument("--json", metavar="FILE", help="also write the summary and per-page scores as JSON")
    p.add_argument("--comments", action=argparse.BooleanOptionalAction, default=None, help=COMMENTS_HELP)
    p.add_argument("--quiet", "-q", action="store_true")
    p.set_defaults(func=cmd_eval, parser=p)

    p = sub.add_parser("classify", help="page type (article, forum, product, ...) of pages",
                       epilog="examples:\n  pagesight classify page.html        type, confidence, main-text or "
                       "not, source (tab-separated)\n  pagesight classify pages/ -f jsonl -o types.jsonl",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    inputs(p)
    p.add_argument("--format", "-f", default="text", choices=("text", "json", "jsonl"), help="text: one "
                   "tab-separated line per page (default); json/jsonl: one object per page")
    p.add_argument("--render", action="store_true", help="render in headless Chromium first")
    p.add_argument("--url", help="address of the page, when the source does not carry one")
    p.set_defaults(func=cmd_classify, parser=p)

    p = sub.add_parser("setup-browser", help="make a Chromium available for --render and say how")
    p.set_defaults(func=cmd_setup_browser, parser=p)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``pagesight`` command; returns the exit code."""
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # the command's own usage, not the top-level one
        (getattr(args, "parser", None) or parser).error(f"unrecognized arguments: {' '.join(unknown)}")
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        if getattr(args, "jobs", 0) < 0:
            raise CliError(f"--jobs must be 0 or more, not {args.jobs}")
        if getattr(args, "timeout", 1.0) <= 0:
            raise CliError(f"--timeout must be more than 0 seconds, not {args.timeout:g}")
        return args.func(args)
    except (CliError, OptionError) as exc:
        print(f"pagesight: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except OutputError as exc:
        print(f"pagesight: {exc}", file=sys.stderr)
        return EXIT_OUTPUT
    except PagesightError as exc:
        print(f"pagesight: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_PAGE_FAILED
    except KeyboardInterrupt:
        print("pagesight: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # never a traceback for the user
        if getattr(args, "debug", False):
            raise
        print(f"pagesight: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_PAGE_FAILED


if __name__ == "__main__":
    sys.exit(main())
