"""Standing checks: the engine stays pure; lint and types stay clean."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import REPO

ENGINE = REPO / "puzzleterm" / "engine"
FORBIDDEN = {"textual", "rich", "sqlite3", "asyncssh", "puzzleterm.session", "puzzleterm.store"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_engine_sources_import_no_ui_or_storage() -> None:
    files = sorted(ENGINE.rglob("*.py"))
    assert files
    for path in files:
        bad = {m for m in imported_modules(path) if m.split(".")[0] in FORBIDDEN or m in FORBIDDEN}
        assert not bad, f"{path.relative_to(REPO)} imports {sorted(bad)}"


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
