"""Shared test fixtures: where the evaluation data lives, and skipping when it is absent."""

from __future__ import annotations

import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
DATA = ROOT.parent / "shared" / "data"


def data_set(name: str) -> pathlib.Path:
    """Path of an evaluation set under ``../shared/data``; skips the test when it is absent."""
    path = DATA / name
    if not (path / "gold.jsonl.gz").exists():
        pytest.skip(f"evaluation set {name!r} not found at {path} (check out ../shared beside the repo)")
    return path


@pytest.fixture
def fixtures_dir() -> pathlib.Path:
    """The folder of fixture pages written for this project."""
    return FIXTURES
