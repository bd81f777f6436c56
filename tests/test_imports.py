"""The import graph flows one way (issue #14), read from the source with ``ast`` (nothing is imported).

The front door (:mod:`extractor.api`) is imported only by its callers (cli, batch, warc, ...);
what sits below it (auto, the methods, the Page, the loader, the registry) never imports it back;
``render`` knows nothing of ``extractor`` (but its error classes and the binary sniffer, two leaf
modules); the methods know nothing of auto; and no two modules
import each other at module level, directly or round a longer circle.
"""

from __future__ import annotations

import ast
import pathlib
import pkgutil

import extractor

ROOT = pathlib.Path(extractor.__file__).resolve().parent.parent
RENDER = ROOT / "render"

#: Below the front door: these never import extractor.api.
BELOW_API = ("extractor.auto", "extractor.methods", "extractor.page", "extractor.parse", "extractor.loader",
             "extractor.registry")
#: What ``render`` may take from ``extractor``: the shared error classes and the binary sniffer, leaves that
#: import nothing else of ours (so the browser stage never sees a method, the Page or the API).
RENDER_MAY_USE = ("extractor.errors", "extractor.decode")


def _modules() -> dict[str, pathlib.Path]:
    """Every module of the extractor package by dotted name, found without importing any of them."""
    found = {"extractor": pathlib.Path(extractor.__file__)}
    for info in pkgutil.walk_packages(extractor.__path__, "extractor.", onerror=lambda name: None):
        spec = info.module_finder.find_spec(info.name, None)
        if spec is not None and spec.origin and spec.origin.endswith(".py"):
            found[info.name] = pathlib.Path(spec.origin)
    return found


def _under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def _imports(module: str, path: pathlib.Path, known: set[str]) -> list[tuple[str, bool]]:
    """``(imported module, at module level)`` for every import in ``path``; relative ones made absolute.

    ``from X import y`` counts as importing ``X.y`` when that is a module, else ``X``. Imports inside
    functions, and under ``if TYPE_CHECKING:``, are not module level.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    top_level = _module_level_nodes(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        found.extend((name, id(node) in top_level) for name in names)
    return found


def _module_level_nodes(tree: ast.Module) -> set[int]:
    """Ids of the import nodes run when the module is imported (not in a def, not under TYPE_CHECKING)."""
    ids: set[int] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                ids.add(id(node))
            elif isinstance(node, ast.If):
                test = ast.unparse(node.test)
                if test not in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                for part in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                    visit(part)
            elif isinstance(node, (ast.With, ast.ClassDef)):
                visit(node.body)

    visit(tree.body)
    return ids


def _graph() -> dict[str, list[tuple[str, bool]]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


GRAPH = _graph()


def test_the_walk_finds_the_layout():
    for name in ("extractor.api", "extractor.registry", "extractor.loader", "extractor.auto.routing",
                 "extractor.auto.pagetype", "extractor.methods.crf", "extractor.methods.crf.blocks",
                 "extractor.methods.records.schema", "extractor.methods.cedp.signal"):
        assert name in GRAPH, name


def test_nothing_below_the_front_door_imports_it():
    bad = [(module, target) for module, imports in GRAPH.items() if any(_under(module, p) for p in BELOW_API)
           for target, _ in imports if _under(target, "extractor.api")]
    assert not bad, f"modules below the front door import extractor.api: {bad}"


def test_methods_never_import_auto():
    bad = [(module, target) for module, imports in GRAPH.items() if _under(module, "extractor.methods")
           for target, _ in imports if _under(target, "extractor.auto")]
    assert not bad, f"methods import auto: {bad}"


def test_render_imports_nothing_of_extractor():
    assert RENDER.is_dir()
    bad = []
    for path in sorted(RENDER.rglob("*.py")):
        module = "render." + ".".join(path.relative_to(RENDER).with_suffix("").parts)
        module = module.removesuffix(".__init__")
        for target, _ in _imports(module, path, set()):
            if _under(target, "extractor") and target not in RENDER_MAY_USE:
                bad.append((module, target))
    assert not bad, f"render imports extractor: {bad}"
    for leaf in RENDER_MAY_USE:
        ours = {target for target, _ in GRAPH[leaf] if _under(target, "extractor")}
        assert ours <= set(RENDER_MAY_USE), f"{leaf}, which render uses, imports more of extractor: {ours}"


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle in ``edges`` (as a path that ends where it starts), or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_no_module_level_import_cycle():
    edges: dict[str, set[str]] = {}
    for module, imports in GRAPH.items():
        for target, top in imports:
            if not top or not _under(target, "extractor") or target == module or target not in GRAPH:
                continue
            edges.setdefault(module, set()).add(target)
    assert _cycle(edges) is None, f"module-level import cycle: {' -> '.join(_cycle(edges))}"


def test_the_cycle_finder_finds_one():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}}) is None
