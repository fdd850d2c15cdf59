"""Standing checks: the engine stays pure; lint and types stay clean."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import REPO

PACKAGE = REPO / "puzzleterm"
ENGINE = PACKAGE / "engine"
#: What the engine must never import: UI, storage, I/O, or the layers above it.
FORBIDDEN = ("textual", "rich", "sqlite3", "asyncssh", "puzzleterm.session", "puzzleterm.store",
             "puzzleterm.app", "puzzleterm.screens", "puzzleterm.widgets", "puzzleterm.cli",
             "puzzleterm.serve", "puzzleterm.daily")
SUDOKU = "puzzleterm.engine.sudoku"
#: The only modules outside the Sudoku package that may reach into it.
SUDOKU_FRIENDS = ("puzzleterm.screens.sudoku", "puzzleterm.widgets.sudoku_board")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path) -> set[str]:
    """Every module a source file imports, relative imports resolved to full names
    (``from .x import y`` names both ``pkg.x`` and ``pkg.x.y``, which may be a module)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package.pop()
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{a.name}" for a in node.names)
    return names


def within(module: str, prefixes: tuple[str, ...] | str) -> bool:
    prefixes = (prefixes,) if isinstance(prefixes, str) else prefixes
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def test_imports_resolve_relative_names() -> None:
    names = imported_modules(ENGINE / "sudoku" / "kind.py")
    assert "puzzleterm.engine.kind" in names and "puzzleterm.engine.sudoku.formats" in names


def test_engine_sources_import_no_ui_storage_or_upper_layers() -> None:
    files = sorted(ENGINE.rglob("*.py"))
    assert files
    for path in files:
        bad = {m for m in imported_modules(path) if within(m, FORBIDDEN)}
        assert not bad, f"{path.relative_to(REPO)} imports {sorted(bad)}"


def test_only_the_sudoku_package_and_screen_use_sudoku_internals() -> None:
    for path in sorted(PACKAGE.rglob("*.py")):
        name = module_name(path)
        if within(name, (SUDOKU, *SUDOKU_FRIENDS)):
            continue
        bad = {m for m in imported_modules(path) if within(m, SUDOKU)}
        assert not bad, f"{name} imports Sudoku internals {sorted(bad)}"


def test_the_cli_speaks_to_the_public_engine_only() -> None:
    allowed = ("puzzleterm.engine", "puzzleterm.engine.gameid", "puzzleterm.engine.errors",
               "puzzleterm.engine.kind", "puzzleterm.engine.daily")
    engine = {m for path in sorted((PACKAGE / "cli").glob("*.py"))
              for m in imported_modules(path) if within(m, "puzzleterm.engine")}
    assert engine and all(m in allowed or m.rsplit(".", 1)[0] in allowed for m in engine), engine


def test_importing_the_whole_engine_loads_no_ui_module() -> None:
    code = (
        "import importlib, pkgutil, sys, puzzleterm.engine as e\n"
        "for m in pkgutil.walk_packages(e.__path__, 'puzzleterm.engine.'):\n"
        "    importlib.import_module(m.name)\n"
        "ui = ('textual', 'rich', 'sqlite3')\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in ui)\n"
        "print(','.join(bad))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == ""


def test_solving_on_the_command_line_loads_no_ui_nor_storage(tmp_path: Path) -> None:
    """`solve` starts fast: the parser of every command is built, but the UI, the store and
    the session are imported only by the commands that use them."""
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("1.34\n34.2\n2.43\n.321\n")
    code = (
        "import sys\n"
        "from puzzleterm.cli import main\n"
        f"status = main(['solve', 'sudoku', {str(puzzle)!r}])\n"
        "ui = ('textual', 'rich', 'sqlite3', 'asyncio')\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in ui\n"
        "             or n in ('puzzleterm.store', 'puzzleterm.session', 'puzzleterm.app'))\n"
        "print('loaded:', status, ','.join(bad))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    [line] = [ln for ln in proc.stdout.splitlines() if ln.startswith("loaded:")]
    assert line.split() == ["loaded:", "0"], proc.stdout


def _tool(name: str) -> str:
    exe = Path(sys.executable).parent / name
    found = str(exe) if exe.exists() else shutil.which(name)
    if not found:
        pytest.fail(f"{name} is not installed: pip install -e '.[test]'")
    return found


def test_ruff_is_clean() -> None:
    proc = subprocess.run(
        [_tool("ruff"), "check", "puzzleterm", "tests", "benchmarks", "scripts"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize("target", ["puzzleterm/engine", "puzzleterm"])
def test_mypy_strict_is_clean(target: str) -> None:
    # the engine on its own (what the project promises), then the whole package
    proc = subprocess.run(
        [_tool("mypy"), "--strict", target], cwd=REPO, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_no_module_is_over_600_lines() -> None:
    long = {str(p.relative_to(REPO)): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text().splitlines())) > 600}
    assert not long, f"split these by responsibility: {long}"
