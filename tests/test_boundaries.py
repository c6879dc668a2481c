"""Everything in `pickomino/` but `ui/` is pure Python: the engine and the odds need no Streamlit.

The command line, the tests and any other front end import these modules; a Streamlit import
slipping in would make them slow to start and tie the rules to one UI.
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pickomino

ROOT = Path(__file__).resolve().parent.parent
PURE = sorted(
    f"pickomino.{module.name}"
    for module in pkgutil.iter_modules(pickomino.__path__)
    if module.name != "ui"
)


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


def test_the_pure_modules_are_found() -> None:
    for name in ("rules", "game", "events", "scenario", "share", "sandbox", "odds", "bots", "i18n"):
        assert f"pickomino.{name}" in PURE
    assert "pickomino.__main__" in PURE
    assert not any(name.startswith("pickomino.ui") for name in PURE)


def test_engine_and_odds_import_no_streamlit() -> None:
    assert streamlit_loaded_by(PURE) == []


def test_the_probe_sees_streamlit_when_a_ui_module_is_imported() -> None:
    # Without this, a probe that looked for the wrong name would pass the test above vacuously.
    assert "streamlit" in streamlit_loaded_by(["pickomino.ui.show"])
