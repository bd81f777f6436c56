"""A lean, honest install: the runtime dependencies are exactly what runtime code imports."""

from __future__ import annotations

import ast
import re
import sys

import pytest

from tests.conftest import ROOT

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

#: Distribution name -> the module it is imported as, where they differ.
IMPORT_NAMES = {"python-crfsuite": "pycrfsuite", "python-dateutil": "dateutil", "charset-normalizer":
                "charset_normalizer", "scikit-learn": "sklearn", "sklearn-crfsuite": "sklearn_crfsuite",
                "pillow": "PIL", "dask": "dask"}


def _names(requirements: list[str]) -> set[str]:
    return {IMPORT_NAMES.get(n, n) for n in (re.split(r"[\[<>=;! ]", r, maxsplit=1)[0].lower() for r in requirements)}


def _imported(folder: str) -> set[str]:
    """Top-level modules imported anywhere under ``folder`` that are not ours or the standard library's."""
    found: set[str] = set()
    for path in (ROOT / folder).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return {m for m in found if m not in sys.stdlib_module_names and m not in ("extractor", "render")}


def test_runtime_dependencies_are_what_runtime_code_imports():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    runtime = _names(project["dependencies"])
    extras = project["optional-dependencies"]
    optional = set().union(*(_names(extras[k]) for k in ("render", "warc", "dask", "train")))
    imported = _imported("extractor") | _imported("render")
    assert imported - runtime - optional == set(), "imported but not declared"
    assert runtime - imported == set(), "declared for every install but never imported"
    assert not ({"sklearn", "sklearn_crfsuite"} & runtime), "training libraries belong to the train extra"


def test_the_version_lives_in_one_place():
    from extractor import __version__
    from extractor.source import default_user_agent

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"]["attr"] == "extractor.version.__version__"
    assert default_user_agent().startswith(f"pagesight/{__version__} (")
