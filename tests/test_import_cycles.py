"""No import cycles: every import of the package counts, function-level and ``TYPE_CHECKING``
ones included (a cycle held apart by a lazy import is still a cycle in the design).

``KNOWN_CYCLES`` lists the cycles still being taken apart, each exactly as it stands.  The
test fails on any other cycle, and on a listed one that is no longer there as listed: whoever
breaks or shrinks a cycle updates its line, and the list ends empty.
"""

from __future__ import annotations

from pathlib import Path

from .conftest import REPO
from .import_graph import cycles, edges
from .test_architecture import copy_of_package

PACKAGE = REPO / "puzzleterm"

#: The cycles that remain, each the sorted modules of one strongly connected component.
KNOWN_CYCLES: tuple[tuple[str, ...], ...] = ()


def cycle_problems(found: list[tuple[str, ...]],
                   known: tuple[tuple[str, ...], ...] = KNOWN_CYCLES) -> list[str]:
    """What differs between the cycles found and those listed."""
    problems = [f"new import cycle: {' <-> '.join(c)}" for c in found if c not in known]
    problems += [f"listed cycle no longer there as listed (update KNOWN_CYCLES): "
                 f"{' <-> '.join(c)}" for c in known if c not in found]
    return problems


def test_no_import_cycles_but_the_listed_ones() -> None:
    problems = cycle_problems(cycles(edges(PACKAGE)))
    assert not problems, "\n".join(problems)


def test_a_planted_cycle_is_found_through_lazy_imports(tmp_path: Path) -> None:
    copy = copy_of_package(tmp_path)
    (copy / "store" / "planted.py").write_text(
        "from __future__ import annotations\n\n"
        "from typing import TYPE_CHECKING\n\n"
        "if TYPE_CHECKING:\n"
        "    from ..cli.planted import later\n")
    (copy / "cli" / "planted.py").write_text(
        "def later() -> None:\n"
        "    from ..store import planted  # noqa: F401\n")
    found = cycles(edges(copy))
    planted = ("puzzleterm.cli.planted", "puzzleterm.store.planted")
    assert planted in found
    assert cycle_problems(found) == [f"new import cycle: {' <-> '.join(planted)}"]


def test_a_listed_cycle_that_is_gone_fails() -> None:
    listed = (*KNOWN_CYCLES, ("puzzleterm.cli", "puzzleterm.store"))
    assert cycle_problems(cycles(edges(PACKAGE)), listed) == [
        "listed cycle no longer there as listed (update KNOWN_CYCLES): "
        "puzzleterm.cli <-> puzzleterm.store"]


def test_a_module_importing_its_own_package_is_no_cycle(tmp_path: Path) -> None:
    # Python runs a package's __init__ before any of its modules, so a module that imports
    # its own package decides no order: the package re-exporting that module is no cycle
    copy = copy_of_package(tmp_path)
    (copy / "store" / "planted.py").write_text("from puzzleterm.store import StoreError\n")
    with (copy / "store" / "__init__.py").open("a") as init:
        init.write("\nfrom . import planted  # noqa: E402\n")
    assert "puzzleterm.store.planted" in edges(copy)["puzzleterm.store"]
    assert cycles(edges(copy)) == cycles(edges(PACKAGE))
