"""Everything in `pickomino/` but `ui/` is pure Python, and the layers import only downwards.

The command line, the tests, the notebook and any other front end import these modules; a Streamlit
import slipping in would make them slow to start and tie the rules to one UI. Inside the package,
the engine (`rules`, `game`, `events`) stands alone, so the odds, the bots, the scenario format
and the sandbox can each be understood (and changed) on top of it without a cycle.
"""

from __future__ import annotations

import ast
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pickomino

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pickomino"
MODULES = sorted(
    module.name
    for module in pkgutil.walk_packages(pickomino.__path__, "pickomino.")
    if not module.ispkg
)
PURE = [name for name in MODULES if not name.startswith("pickomino.ui")]
ENGINE = ("pickomino.errors", "pickomino.rules", "pickomino.game", "pickomino.events")


def streamlit_loaded_by(modules: list[str]) -> list[str]:
    """The Streamlit modules a fresh interpreter holds after importing `modules`."""
    code = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'streamlit')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return json.loads(done.stdout)


def imported_by(module: str) -> set[str]:
    """The `pickomino` modules (and packages) that `module`'s source imports, read from its AST."""
    path = ROOT / (module.replace(".", "/") + ".py")
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.split(".")[0] == "pickomino"}


def test_the_pure_modules_are_found() -> None:
    pure = ("rules", "game", "events", "scenario", "share", "sandbox", "odds", "bots", "review")
    for name in (*pure, "i18n", "narrate", "store.documents"):
        assert f"pickomino.{name}" in PURE
    for name in ("examples", "explore", "faq", "tips"):
        assert f"pickomino.lessons.{name}" in PURE
    assert "pickomino.__main__" in PURE
    assert "pickomino.ui.show" in MODULES and "pickomino.ui.show" not in PURE


def test_engine_odds_bots_and_lessons_import_no_streamlit() -> None:
    assert streamlit_loaded_by(PURE) == []


def test_the_probe_sees_streamlit_when_a_ui_module_is_imported() -> None:
    # Without this, a probe that looked for the wrong name would pass the test above vacuously.
    assert "streamlit" in streamlit_loaded_by(["pickomino.ui.show"])


def test_nothing_outside_ui_imports_ui() -> None:
    leaks = {
        module: sorted(name for name in imported_by(module) if name.startswith("pickomino.ui"))
        for module in PURE
    }
    assert {module: names for module, names in leaks.items() if names} == {}


def test_the_engine_imports_only_the_engine() -> None:
    above = {
        module: sorted(
            name
            for name in imported_by(module)
            if not any(name == low or name.startswith(f"{low}.") for low in ENGINE)
        )
        for module in ENGINE
    }
    assert above == {module: [] for module in ENGINE}


def test_the_layer_probe_reads_imports() -> None:
    # The checks above pass vacuously if the reader finds nothing: it must see the known imports.
    assert {"pickomino.game", "pickomino.rules"} <= imported_by("pickomino.odds")
    assert "pickomino.narrate" in imported_by("pickomino.ui.show")
