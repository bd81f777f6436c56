"""A seeded, bounded fuzz run over the fixture pages (issue #17): hostile pages end fast and lose nothing.

Each case is a seed page with 1-3 mutations (``tests/fuzz_cases.py``), run through some of
``extract(method=...)`` for decay, blocks, cedp, crf and auto, ``extract(comments=False)`` and
``extract_records`` (rotated by seed, so every call sees many cases). Every call must:

- raise nothing but a :class:`~extractor.errors.PagesightError`,
- end within ``fuzz_cases.BUDGET_S`` of CPU time (a call still running at ``HARD_LIMIT_S`` wall is killed),
- return text or records, or else a non-empty ``reason``.

``PAGESIGHT_FUZZ_CASES`` sets the number of cases (default DEFAULT_CASES, sized for CI: 10-20 s on
a loaded 2-core machine; the runs that found FOUND_CASES had 10,000), ``PAGESIGHT_FUZZ_SEED`` the
first seed (default 0) and
``PAGESIGHT_FUZZ_CALLS`` the calls per case (default 3 of 7). A failure lists each case's seed
and mutations; ``python -m tests.fuzz_cases SEED`` reproduces it with its traceback.
"""

from __future__ import annotations

import os

import pytest

from . import fuzz_cases

DEFAULT_CASES = 150
#: Cases that failed the 10,000-case run of 2026-11-24 (one failing call each; see the report of
#: ``PAGESIGHT_FUZZ_CASES=10000``), run on every CI run until the library is fixed:
#: a control character after ``</body>`` raises lxml's ValueError in page._move_after_body, e.g.
#: ``extract(b"<html><body><p>Some text.</p></body>-\x0b<i>x</i></html>")``; 1,000 nested unclosed
#: ``<button>`` make page._control_candidates/_flow_chars quadratic (seed 4015: ~5 s CPU). The run of
#: 2026-11-25 found a 560 KB page without a single '>' (seed 7322): the empty-body check's tag-stripping
#: pattern scanned to the end from every '<' (2.7 s CPU; now linear, 0.09 s).
FOUND_CASES = ((1679, ("auto",)), (3318, ("decay",)), (3545, ("cedp",)), (4015, ("decay",)), (7322, ("decay",)),
               (9178, ("crf",)), (9310, ("blocks",)), (9941, ("auto-nocomments",)))


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


def test_fuzzed_pages_fail_typed_in_time_and_never_silently_empty():
    cases = _env_int("PAGESIGHT_FUZZ_CASES", DEFAULT_CASES)
    first = _env_int("PAGESIGHT_FUZZ_SEED", 0)
    per_case = _env_int("PAGESIGHT_FUZZ_CALLS", fuzz_cases.CALLS_PER_CASE)
    report = fuzz_cases.run_cases(range(first, first + cases), per_case=per_case)
    print(report.summary())
    assert report.calls == cases * min(per_case, len(fuzz_cases.CALLS))
    if report.failures:
        pytest.fail(report.failure_report(), pytrace=False)


def test_cases_found_by_the_long_run_pass():
    if not fuzz_cases.DATA.is_dir():  # the seeds map to other cases without the dev pages
        pytest.skip(f"these seeds name cases built with the dev pages of {fuzz_cases.DATA}")
    report = fuzz_cases.run_cases(FOUND_CASES)
    print(report.summary())
    if report.failures:
        pytest.fail(report.failure_report(), pytrace=False)
