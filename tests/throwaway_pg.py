"""A PostgreSQL server of one's own, to stop and start again: the shared one must stay up.

`initdb` into a temporary folder owned by the `postgres` user (PostgreSQL refuses to run as
root), served on a free port of 127.0.0.1 with trust authentication, its socket in that folder.
The store's fault tests stop it mid-use and start it again; `benchmarks/store_fault.py` times
clicks against it. Needs Debian's PostgreSQL server binaries (`.ci/run` installs them) and root.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

BIN = Path("/usr/lib/postgresql/15/bin")
USER = "postgres"


def available() -> str | None:
    """Why a throwaway server cannot run here, or None when it can."""
    if not (BIN / "pg_ctl").exists():
        return f"no PostgreSQL server binaries in {BIN} (apt-get install postgresql)"
    if os.geteuid() != 0:
        return "starting a PostgreSQL server as its own user needs root"
    try:
        pwd.getpwnam(USER)
    except KeyError:
        return f"no {USER!r} user to run a PostgreSQL server as"
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


class Server:
    """One PostgreSQL cluster in a folder of its own; `url` names its `postgres` database."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.port = _free_port()
        self.url = f"postgresql://{USER}@127.0.0.1:{self.port}/postgres"
        self._run(
            str(BIN / "initdb"), "-D", str(self.data), "-A", "trust", "-U", USER, "-E", "UTF8"
        )

    def _run(self, *command: str) -> None:
        subprocess.run(
            ["runuser", "-u", USER, "--", *command],
            check=True,
            capture_output=True,
            cwd=self.folder,
        )

    def start(self) -> None:
        """Start it and wait until it takes connections."""
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = str(self.folder / "log")
        self._run(
            str(BIN / "pg_ctl"), "-D", str(self.data), "-l", log, "-o", options, "-w", "start"
        )

    def stop(self) -> None:
        """Stop it at once: open connections are cut, new ones refused."""
        self._run(str(BIN / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")


@contextmanager
def server() -> Iterator[Server]:
    """A started throwaway server, stopped and deleted afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="pickomino-pg-"))
    try:
        shutil.chown(folder, USER, USER)
        made = Server(folder)
        made.start()
        try:
            yield made
        finally:
            with suppress(subprocess.CalledProcessError):  # stopped already
                made.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
