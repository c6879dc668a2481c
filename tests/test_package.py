"""The package installs like any library: a wheel, in a fresh environment, with numpy only.

The notebook and anyone's own scripts use the engine and the odds outside this checkout. So the
wheel is built and installed where neither Streamlit nor the app's `content/` exists, and the
command line and the imports are run from an empty temporary folder, away from the checkout.
uv's cache provides the build backend and numpy, so the test downloads nothing after its first run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UV = os.environ.get("UV") or shutil.which("uv")
SCENARIO = json.dumps(
    {"players": 2, "actions": [{"roll": ["W", "W", "5", "5", "5", "4", "3", "1"]}, {"keep": "W"}]}
)

pytestmark = pytest.mark.skipif(UV is None, reason="uv not found: it builds and installs the wheel")


@dataclass(frozen=True)
class Installed:
    """A fresh virtual environment holding only the wheel and what it requires."""

    python: Path
    command: Path
    away: Path  # an empty folder: no checkout, no content/ on the path

    def run(self, *args: str | Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
        # Not the caller's environments: a `uv sync` run here (tests/test_deploy.py) would install
        # into UV_PROJECT_ENVIRONMENT, the one running the tests (.ci/run's second Python).
        hidden = ("VIRTUAL_ENV", "PYTHONPATH", "UV_PROJECT_ENVIRONMENT")
        env = {k: v for k, v in os.environ.items() if k not in hidden}
        return subprocess.run(
            [str(arg) for arg in args],
            input=stdin,
            capture_output=True,
            text=True,
            cwd=self.away,
            env=env,
            timeout=120,
        )


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    assert UV is not None
    base = tmp_path_factory.mktemp("wheel")
    python = fresh_environment(base)
    return Installed(python, python.parent / "pickomino", base / "away")


def fresh_environment(base: Path, *also: str) -> Path:
    """The wheel built from this checkout, installed with `also` alone in a new environment.

    Under `base`: `venv/` (its python returned), `away/` (an empty folder, no checkout on the
    path). The package's and the notebook's tests both run what a user would install.
    """
    assert UV is not None
    dist, venv, away = base / "dist", base / "venv", base / "away"
    away.mkdir()

    def uv(*args: str | Path) -> None:
        done = subprocess.run([UV, *map(str, args)], capture_output=True, text=True, cwd=base)
        assert done.returncode == 0, done.stderr

    uv("build", ROOT, "--wheel", "--out-dir", dist)
    (wheel,) = dist.glob("pickomino-*.whl")
    uv("venv", "--quiet", "--python", sys.executable, venv)
    python = venv / "bin" / "python"
    uv("pip", "install", "--quiet", "--python", python, wheel, *also)
    return python


def test_the_wheel_needs_numpy_only_and_ships_no_app_content(installed: Installed) -> None:
    probe = (
        "import importlib.metadata as m, importlib.util as u, json, pathlib, pickomino\n"
        "package = pathlib.Path(pickomino.__file__).parent\n"
        "print(json.dumps({'requires': m.requires('pickomino'), 'where': str(package),\n"
        "  'typed': (package / 'py.typed').is_file(),\n"
        "  'content': (package.parent / 'content').exists(),\n"
        "  'streamlit': u.find_spec('streamlit') is not None}))\n"
    )
    done = installed.run(installed.python, "-c", probe)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert [r for r in found["requires"] if "extra ==" not in r] == ["numpy>=2"]
    assert Path(found["where"]).is_relative_to(installed.python.parent.parent)  # not the checkout
    assert found["typed"]
    assert not found["content"]
    assert not found["streamlit"]


def test_engine_odds_and_bots_work_without_streamlit(installed: Installed) -> None:
    code = (
        "from pickomino.game import Table\n"
        "from pickomino.odds import analyse, bust_chance\n"
        "from pickomino.bots import tournament\n"
        "from pickomino.rules import STANDARD\n"
        "table, _ = Table.new(2, STANDARD).roll(['W', 'W', 'W', '5', '5', '5', '2', '1'])\n"
        "after = analyse(table).keep_success\n"
        "assert after['W'] > after['5'], after\n"
        "assert bust_chance(2, 3) == 0.25\n"
        "print(tournament(['cautious', 'cautious'], 1, 0, STANDARD)['games'])\n"
    )
    done = installed.run(installed.python, "-c", code)
    assert (done.returncode, done.stdout, done.stderr) == (0, "1\n", "")


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        (("replay", "-"), SCENARIO),
        (("replay", "-"), '{"players": 9}'),
        (("tournament", "--rules", "chess"), ""),
        (("bogus",), ""),
    ],
    ids=["replay", "bad-scenario", "bad-rules", "bad-command"],
)
def test_the_console_command_equals_python_m_pickomino(
    installed: Installed, args: tuple[str, ...], stdin: str
) -> None:
    command = installed.run(installed.command, *args, stdin=stdin)
    module = installed.run(installed.python, "-m", "pickomino", *args, stdin=stdin)
    assert (command.returncode, command.stdout, command.stderr) == (
        module.returncode,
        module.stdout,
        module.stderr,
    )
    if command.returncode == 0:
        assert json.loads(command.stdout)["kept"] == ["W", "W"] and command.stderr == ""
    else:
        assert command.returncode == 2 and command.stdout == ""
        assert command.stderr.count("\n") == 1


def test_the_installed_command_gives_the_published_odds_and_plays_games(
    installed: Installed,
) -> None:
    odds = installed.run(installed.command, "odds", "-", stdin='{"players": 2}')
    assert odds.returncode == 0, odds.stderr
    fresh = json.loads(odds.stdout)
    assert fresh["at_least"]["21"] == pytest.approx(0.89303, abs=5e-6)
    assert fresh["exactly"]["36"] == pytest.approx(0.00924, abs=5e-6)
    assert fresh["expected_worms"] == pytest.approx(1.6447, abs=5e-5)
    games = installed.run(installed.command, "tournament", "--games", "2")
    assert games.returncode == 0, games.stderr
    assert json.loads(games.stdout)["games"] == 2
    # the coach needs no content either: keeping the worms of W W 5 5 5 4 3 1 gives 1.63 worms
    # on average, the fives 1.92 (the Tips page's figures), so the fives are the best move
    review = installed.run(installed.command, "review", "-", stdin=SCENARIO)
    assert review.returncode == 0, review.stderr
    (decision,) = json.loads(review.stdout)["decisions"]
    assert decision["played"]["keep"] == "W" and decision["best"]["keep"] == 5
    assert decision["played"]["expected_worms"] == pytest.approx(1.63, abs=5e-3)
    assert decision["best"]["expected_worms"] == pytest.approx(1.92, abs=5e-3)
