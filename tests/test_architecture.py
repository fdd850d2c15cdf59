"""Standing checks: the layers import only downwards; lint and types stay clean.

The layers, lowest first.  A module imports only the standard library, the third-party
packages of its layer or a lower one, and modules of its own layer or a lower one:

- ``engine``: the rules, solvers and generators (stdlib only, and none of its I/O);
- ``play``: the mid end, UI-free (its session among it), over the engine;
- ``store``: saves, results, names (SQLite, PostgreSQL);
- ``daily``: the daily play, over the store;
- ``ui``: the Textual app, its screens and widgets;
- ``serve``: the SSH server, which starts the app through its entry point (``run_app``);
- ``cli``: the command line, which runs every verb, ``serve`` among them.

Every module of the package must be in exactly one layer (an allow-list: a new module is
placed on purpose), and a layer names modules by their full dotted name, so a sibling
such as ``puzzleterm.store_extra`` is not taken for ``puzzleterm.store``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import warnings
from dataclasses import dataclass
from pathlib import Path

import pytest

from .conftest import REPO
from .import_graph import imports_of, modules_of, owning_module

PACKAGE = REPO / "puzzleterm"
SUDOKU = "puzzleterm.engine.sudoku"
#: The only modules outside the Sudoku package that may reach into it.
SUDOKU_FRIENDS = ("puzzleterm.screens.sudoku", "puzzleterm.widgets.sudoku_board")


@dataclass(frozen=True)
class Layer:
    name: str
    #: its modules: each name stands for that module and, for a package, all of its own
    modules: tuple[str, ...]
    #: the third-party packages it may use (a layer above may use them too)
    third_party: tuple[str, ...] = ()


#: The layers, lowest first (see the module's notes).  ``puzzleterm`` itself (the package's
#: ``__init__``: the version) is below them all.
LAYERS: tuple[Layer, ...] = (
    Layer("root", ("puzzleterm",)),
    Layer("engine", ("puzzleterm.engine",)),
    Layer("play", ("puzzleterm.play",)),
    Layer("store", ("puzzleterm.store",), ("platformdirs", "psycopg")),
    Layer("daily", ("puzzleterm.daily_play",)),
    Layer("ui", ("puzzleterm.app", "puzzleterm.screens", "puzzleterm.widgets"),
          ("textual", "rich")),
    Layer("serve", ("puzzleterm.serve",), ("asyncssh",)),
    Layer("cli", ("puzzleterm.cli", "puzzleterm.__main__")),
)
#: Layer entries that name a module still to be written (it must not exist yet: once it
#: does, its entry leaves this list).
PLANNED: tuple[str, ...] = ()
#: Standard-library modules that do I/O or talk to other programs: not in the layers whose
#: code must stay pure (the engine) or UI- and storage-free (the mid end).
NO_IO_LAYERS = ("engine", "play")
IO_MODULES = ("sqlite3", "socket", "ssl", "asyncio", "subprocess", "http", "urllib",
              "curses", "tkinter", "dbm", "shelve", "multiprocessing")


def layer_of(module: str, layers: tuple[Layer, ...] = LAYERS) -> int | None:
    """The index of the layer holding ``module`` (``puzzleterm`` holds only its own
    ``__init__``), or None."""
    for i, layer in enumerate(layers):
        if any(module == entry or (entry != "puzzleterm" and module.startswith(entry + "."))
               for entry in layer.modules):
            return i
    return None


def layer_problems(package_dir: Path, layers: tuple[Layer, ...] = LAYERS) -> list[str]:
    """Every module outside the layers, and every import that reaches up a layer or out of
    what a layer may use, as ``module:line: what``."""
    known = modules_of(package_dir)
    stdlib = sys.stdlib_module_names
    problems = [f"{m}: in no layer (add it to LAYERS)" for m in known if layer_of(m, layers)
                is None]
    for imp in imports_of(package_dir):
        mine = layer_of(imp.module, layers)
        if mine is None:
            continue
        here = f"{imp.module}:{imp.line}"
        top = imp.target.split(".")[0]
        if top == "puzzleterm":
            target = owning_module(imp.target, known)
            theirs = None if target is None else layer_of(target, layers)
            if theirs is None:
                problems.append(f"{here}: imports {imp.target}, in no layer")
            elif theirs > mine:
                problems.append(f"{here}: imports {target} ({layers[theirs].name}) from "
                                f"{layers[mine].name}, a lower layer")
        elif top in stdlib:
            if layers[mine].name in NO_IO_LAYERS and top in IO_MODULES:
                problems.append(f"{here}: imports {top} in {layers[mine].name}, which does "
                                "no I/O")
        elif not any(top in layer.third_party for layer in layers[: mine + 1]):
            problems.append(f"{here}: imports {top}, not a package of {layers[mine].name} "
                            "or below")
    return problems


def within(module: str, prefixes: tuple[str, ...] | str) -> bool:
    prefixes = (prefixes,) if isinstance(prefixes, str) else prefixes
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def copy_of_package(tmp_path: Path) -> Path:
    """A copy of the package's source under ``tmp_path``, to plant bad imports in."""
    target = tmp_path / "puzzleterm"
    shutil.copytree(PACKAGE, target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def test_imports_resolve_relative_names() -> None:
    found = {imp.target for imp in imports_of(PACKAGE)
             if imp.module == "puzzleterm.engine.sudoku.kind"}
    assert "puzzleterm.engine.kind" in found and "puzzleterm.engine.sudoku.formats" in found


def test_every_module_imports_only_its_layer_and_those_below() -> None:
    problems = layer_problems(PACKAGE)
    assert not problems, "\n".join(problems)


def test_every_layer_entry_names_a_module_that_exists() -> None:
    known = modules_of(PACKAGE)
    for layer in LAYERS:
        for entry in layer.modules:
            if entry in PLANNED:
                assert entry not in known, f"{entry} exists now: remove it from PLANNED"
            else:
                assert entry in known, f"layer {layer.name} names {entry}, not a module"


def test_a_planted_upward_import_fails_the_layer_check(tmp_path: Path) -> None:
    copy = copy_of_package(tmp_path)
    (copy / "engine" / "planted.py").write_text(
        "from __future__ import annotations\n\n\n"
        "def later() -> object:\n"
        "    from ..store import open_store  # function-level: still seen\n\n"
        "    return open_store\n")
    (copy / "engine" / "planted_io.py").write_text("import sqlite3\n")
    (copy / "store_extra.py").write_text("X = 1\n")  # not puzzleterm.store: in no layer
    (copy / "store" / "planted.py").write_text("import textual\n")
    assert sorted(layer_problems(copy)) == [
        "puzzleterm.engine.planted:5: imports puzzleterm.store (store) from engine, a lower "
        "layer",
        "puzzleterm.engine.planted_io:1: imports sqlite3 in engine, which does no I/O",
        "puzzleterm.store.planted:1: imports textual, not a package of store or below",
        "puzzleterm.store_extra: in no layer (add it to LAYERS)",
    ]


def test_only_the_sudoku_package_and_screen_use_sudoku_internals() -> None:
    for imp in imports_of(PACKAGE):
        if within(imp.module, (SUDOKU, *SUDOKU_FRIENDS)):
            continue
        assert not within(imp.target, SUDOKU), \
            f"{imp.module}:{imp.line} imports Sudoku internals ({imp.target})"


def test_the_cli_speaks_to_the_public_engine_only() -> None:
    allowed = ("puzzleterm.engine", "puzzleterm.engine.gameid", "puzzleterm.engine.errors",
               "puzzleterm.engine.kind", "puzzleterm.engine.daily")
    known = modules_of(PACKAGE)
    engine = {owning_module(imp.target, known) for imp in imports_of(PACKAGE)
              if within(imp.module, "puzzleterm.cli") and within(imp.target, "puzzleterm.engine")}
    assert engine and engine <= set(allowed), engine


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
        "ui = ('textual', 'rich', 'sqlite3', 'asyncio', 'asyncssh')\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in ui\n"
        "             or n.startswith(('puzzleterm.store', 'puzzleterm.daily_play',\n"
        "                              'puzzleterm.serve'))\n"
        "             or n.split('.')[:2] == ['puzzleterm', 'play'] or n == 'puzzleterm.app')\n"
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


#: A module this long usually holds more than one job: an alarm to look for where its jobs
#: part (split there, not at a line count); past the hard bound the test fails.
LONG_MODULE = 600
TOO_LONG_MODULE = 1000


def test_long_modules_raise_an_alarm() -> None:
    sizes = {str(p.relative_to(REPO)): len(p.read_text().splitlines())
             for p in PACKAGE.rglob("*.py")}
    long = {p: n for p, n in sizes.items() if n > LONG_MODULE}
    if long:
        warnings.warn(f"modules over {LONG_MODULE} lines (do their jobs part?): {long}",
                      stacklevel=1)
    assert not {p: n for p, n in long.items() if n > TOO_LONG_MODULE}
