"""The command line as the tests run it: in this process through `main`, or as a real process.

A real process costs an interpreter start (about a third of a second) and checks what only it can:
`python -m pickomino` itself, its exit status and real standard streams. Each subcommand keeps one
such test; every other command-line test calls `main` through the `cli` fixture (conftest.py).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent


class Ran(NamedTuple):
    """What a command printed and returned, named as in `subprocess.CompletedProcess`."""

    returncode: int
    stdout: str
    stderr: str


def run_process(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python -m pickomino ARGS` in a fresh interpreter, `stdin` piped in."""
    return subprocess.run(
        [sys.executable, "-m", "pickomino", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
