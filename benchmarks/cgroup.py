"""A benchmark's server inside a CPU quota and a memory limit, as Community Cloud runs the app.

Cloud gives an app a share of a machine (0.078 to 2 cores, 690 MB to 2.7 GB of memory, by
Streamlit's documentation, docs/deploy.md); a figure taken with the whole machine says little of
what a class feels there. `limited` makes a control group of its own for one run (under this
process's own, so whatever limits the caller already has still hold), gives it the quota and the
limit, and yields a `Box` whose `python` starts a process inside it: the server's whole life is then
counted, its imports too (a process moved in later would leave the memory it had already touched
charged to its old group). The group is removed on exit, once the server has stopped.

Both layouts are served: cgroup v1 (a `cpu` and a `memory` hierarchy, `cpu.cfs_quota_us` over
`cpu.cfs_period_us`, `memory.limit_in_bytes`, `memory.max_usage_in_bytes`) and v2 (one hierarchy
with the `cpu` and `memory` controllers, `cpu.max`, `memory.max`, `memory.peak`). Writing either
needs root; anything missing fails with a message that says what.
"""

from __future__ import annotations

import argparse
import os
import secrets
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT_DIR = Path("/sys/fs/cgroup")
PERIOD_US = 100_000
"""The scheduler's period: a quota of 25,000 microseconds of it is a quarter of a core."""


class Unavailable(RuntimeError):
    """No group with a CPU quota and a memory limit can be made here; the message says why."""


@dataclass(frozen=True)
class Box:
    """One run's control group: `python` starts a process in it; the figures read it afterwards."""

    python: Path
    """An executable that joins the group, then runs this Python with its arguments."""
    dirs: tuple[Path, ...]
    """The group's directories: v1, the cpu one and the memory one; v2, the one."""
    version: int

    def peak_mb(self) -> float | None:
        """The most memory the group has held (None: this kernel does not keep it)."""
        name = "memory.max_usage_in_bytes" if self.version == 1 else "memory.peak"
        path = self.dirs[-1] / name
        return int(path.read_text()) / 2**20 if path.exists() else None

    def throttled(self) -> tuple[int, int]:
        """Of the scheduler periods in which the group ran, how many it was stopped at its quota."""
        fields = dict(line.split() for line in (self.dirs[0] / "cpu.stat").read_text().splitlines())
        return int(fields["nr_periods"]), int(fields["nr_throttled"])

    def hit_memory_limit(self) -> bool:
        """Whether the group asked for more memory than its limit (reclaimed, or killed)."""
        if self.version == 1:
            return int((self.dirs[-1] / "memory.failcnt").read_text()) > 0
        events = (self.dirs[0] / "memory.events").read_text().splitlines()
        counts = {name: int(count) for name, count in (line.split() for line in events)}
        return counts["max"] > 0 or counts.get("oom_kill", 0) > 0


def own_groups() -> dict[str, str]:
    """This process's control group in each hierarchy: controller (v1) or "" (v2) to its path."""
    groups: dict[str, str] = {}
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        for controller in controllers.split(",") if controllers else [""]:
            groups[controller] = path
    return groups


def _v1_dir(controller: str, groups: dict[str, str]) -> Path | None:
    """This process's group in a v1 controller's hierarchy (`cpu` may be mounted `cpu,cpuacct`)."""
    if controller not in groups:
        return None
    for mount in (ROOT_DIR / controller, ROOT_DIR / "cpu,cpuacct"):
        base = mount / groups[controller].lstrip("/")
        if (base / "cgroup.procs").exists() and (
            (base / "cpu.cfs_quota_us").exists() or (base / "memory.limit_in_bytes").exists()
        ):
            return base
    return None


def _v2_dir(groups: dict[str, str]) -> Path | None:
    """This process's v2 group, if it already gives its children the `cpu` and `memory` controllers.

    Not switched on here: that would change the group this process runs in, which is not ours.
    """
    if "" not in groups:
        return None
    for mount in (ROOT_DIR, ROOT_DIR / "unified"):
        base = mount / groups[""].lstrip("/")
        given = base / "cgroup.subtree_control"
        if given.exists() and {"cpu", "memory"} <= set(given.read_text().split()):
            return base
    return None


def _write(path: Path, value: str) -> None:
    try:
        path.write_text(value)
    except OSError as error:
        raise Unavailable(f"cannot write {value!r} to {path}: {error.strerror}") from None


@contextmanager
def limited(cores: float, memory_mb: int) -> Iterator[Box]:
    """A control group of `cores` of CPU time and `memory_mb` of memory, removed on exit."""
    if not 0.01 <= cores <= (os.cpu_count() or 1):
        raise Unavailable(f"a CPU quota of {cores:g} cores: give 0.01 to {os.cpu_count()}")
    if os.geteuid() != 0:
        raise Unavailable("a CPU quota and a memory limit need root (cgroups): run as root")
    groups = own_groups()
    name = f"pickomino-bench-{secrets.token_hex(4)}"
    quota = round(cores * PERIOD_US)
    limit = memory_mb * 2**20
    cpu, memory = _v1_dir("cpu", groups), _v1_dir("memory", groups)
    dirs: tuple[Path, ...]
    if cpu is not None and memory is not None:
        dirs, version = (cpu / name, memory / name), 1
    elif (unified := _v2_dir(groups)) is not None:
        dirs, version = (unified / name,), 2
    else:
        raise Unavailable(
            f"no cgroup to limit CPU and memory under {ROOT_DIR}: neither v1's cpu and memory "
            "hierarchies nor a v2 group whose cgroup.subtree_control gives its children the cpu "
            "and memory controllers"
        )
    made: list[Path] = []
    try:
        for path in dirs:
            try:
                path.mkdir()
            except OSError as error:
                raise Unavailable(f"cannot make {path}: {error.strerror}") from None
            made.append(path)
        if version == 1:
            _write(dirs[0] / "cpu.cfs_period_us", str(PERIOD_US))
            _write(dirs[0] / "cpu.cfs_quota_us", str(quota))
            _write(dirs[-1] / "memory.limit_in_bytes", str(limit))
        else:
            _write(dirs[0] / "cpu.max", f"{quota} {PERIOD_US}")
            _write(dirs[0] / "memory.max", str(limit))
        with tempfile.TemporaryDirectory(prefix="pickomino-cgroup-") as folder:
            python = Path(folder) / "python"
            joins = "".join(f'echo $$ > "{path}/cgroup.procs"\n' for path in dirs)
            python.write_text(f'#!/bin/sh\n{joins}exec "{sys.executable}" "$@"\n')
            python.chmod(python.stat().st_mode | stat.S_IXUSR)
            yield Box(python, dirs, version)
    finally:
        for path in reversed(made):
            _remove(path)


def _remove(path: Path) -> None:
    """Remove an emptied group; its last process may take a moment to leave it."""
    for _ in range(50):
        try:
            path.rmdir()
            return
        except OSError:
            time.sleep(0.1)
    print(f"could not remove {path}: a process is still in it", file=sys.stderr)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """A benchmark's `--cores` and `--memory-mb`, for `maybe_limited`."""
    parser.add_argument(
        "--cores", type=float, help="the server in a CPU quota of this many cores (cgroups, root)"
    )
    parser.add_argument(
        "--memory-mb", type=int, default=690, help="its memory limit with --cores (Cloud's least)"
    )


@contextmanager
def maybe_limited(cores: float | None, memory_mb: int) -> Iterator[Box | None]:
    """`limited` when a quota is asked for, else None: a benchmark's `--cores` and `--memory-mb`."""
    if cores is None:
        yield None
        return
    try:
        with limited(cores, memory_mb) as box:
            yield box
    except Unavailable as error:  # raised while making the group: the benchmark raises none
        raise SystemExit(f"--cores: {error}") from None


def describe(box: Box, cores: float, memory_mb: int) -> str:
    """The limits and what the server met of them, one line for a benchmark's report."""
    periods, throttled = box.throttled()
    peak = box.peak_mb()
    return (
        f"limits (cgroup v{box.version}): {cores:g} of a core, {memory_mb} MB; the server was held "
        f"at its quota in {throttled} of the {periods} periods of 0.1 s it ran in; peak memory "
        f"{'unknown' if peak is None else f'{peak:.0f} MB'}"
        f"{', the memory limit was met' if box.hit_memory_limit() else ''}"
    )
