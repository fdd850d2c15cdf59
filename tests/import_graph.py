"""The imports of a package's source, read without running it: every ``import`` and ``from ...
import`` statement anywhere in a file (at module level, in a function, under
``if TYPE_CHECKING``), each resolved to the module it loads.

Used by the architecture test (each module imports only its own layer and those below) and
the import-cycle test.  Both take the package's directory, so a test can run them on a copy
with a planted bad import.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Import:
    """One import statement's target, as found in ``module`` at ``line``."""

    module: str
    target: str
    line: int


def modules_of(package_dir: Path) -> dict[str, Path]:
    """Every module of the package under ``package_dir``, by dotted name (a package by its
    ``__init__.py``)."""
    root = package_dir.parent
    found: dict[str, Path] = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _targets(module: str, is_package: bool, node: ast.Import | ast.ImportFrom,
             known: Mapping[str, Path]) -> Iterator[str]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
        return
    if node.level:
        base = module.split(".")
        # a package's own name is where its relative imports start; a module's is its package
        base = base[: len(base) - node.level + (1 if is_package else 0)]
        prefix = ".".join([*base, node.module] if node.module else base)
    else:
        prefix = node.module or ""
    for alias in node.names:
        sub = f"{prefix}.{alias.name}"
        # `from pkg import name` loads the submodule pkg.name when there is one
        yield sub if sub in known else prefix


def imports_of(package_dir: Path) -> list[Import]:
    """Every import statement of the package's modules, in file and line order."""
    known = modules_of(package_dir)
    found: list[Import] = []
    for module, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        nodes = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
        for node in sorted(nodes, key=lambda n: (n.lineno, n.col_offset)):
            for target in _targets(module, path.name == "__init__.py", node, known):
                found.append(Import(module, target, node.lineno))
    return found


def owning_module(name: str, known: Mapping[str, Path]) -> str | None:
    """The module of the package that importing ``name`` loads last (``pkg.mod.Name`` is
    ``pkg.mod``), or None when no prefix of it is a module of the package."""
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def edges(package_dir: Path) -> dict[str, set[str]]:
    """module -> the package's modules it imports.  An import of one of its own parent
    packages is left out: Python runs a parent's ``__init__`` before any of its modules, so
    such an import never decides an order."""
    known = modules_of(package_dir)
    graph: dict[str, set[str]] = {m: set() for m in known}
    for imp in imports_of(package_dir):
        target = owning_module(imp.target, known)
        if target is None or target == imp.module or imp.module.startswith(target + "."):
            continue
        graph[imp.module].add(target)
    return graph


def cycles(graph: Mapping[str, set[str]]) -> list[tuple[str, ...]]:
    """The import cycles: each set of modules that import one another (a strongly connected
    component of more than one module), sorted, in sorted order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[tuple[str, ...]] = []

    def visit(start: str) -> None:
        # Tarjan's algorithm without recursion: a frame is (node, its successors left)
        frames = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while frames:
            node, successors = frames[-1]
            for succ in successors:
                if succ not in index:
                    index[succ] = low[succ] = len(index)
                    stack.append(succ)
                    on_stack.add(succ)
                    frames.append((succ, iter(sorted(graph[succ]))))
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            else:
                frames.pop()
                if frames:
                    parent = frames[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(tuple(sorted(component)))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)
