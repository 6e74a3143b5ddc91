"""A quarter of one core for a computer benchmark (`--pi`): a Raspberry Pi 4 class core, roughly.

The benchmark puts its own process in a new cgroup with a CPU quota of 5 ms every 20 ms: cgroup v2's
`cpu.max`, else cgroup v1's CFS quota (`cpu.cfs_quota_us`). A short period: a quarter of the usual 100 ms
would run the process 25 ms and then stop it 75 ms, a stall no slower CPU makes, and one that would
count against a decision's deadline. It needs the right to make a cgroup there
(root in most containers); when neither can be set it says so and the figures are at full speed. The
cgroup is removed at exit.
"""
from __future__ import annotations

import atexit
import os
from pathlib import Path

QUOTA_US, PERIOD_US = 5_000, 20_000


def _mounts() -> list[tuple[str, str, str]]:
    """(mount point, type, options) of each cgroup file system."""
    out = []
    for line in Path("/proc/mounts").read_text().splitlines():
        parts = line.split()
        if len(parts) >= 4 and parts[2] in ("cgroup", "cgroup2"):
            out.append((parts[1], parts[2], parts[3]))
    return out


def _own_paths() -> dict[str, str]:
    """This process's cgroup path per controller list ("" for cgroup v2)."""
    out = {}
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        out[controllers] = path
    return out


def _enter(parent: Path, settings: dict[str, str]) -> Path:
    child = parent / f"companion-bench-{os.getpid()}"
    child.mkdir()
    try:
        for name, value in settings.items():
            (child / name).write_text(value)
        (child / "cgroup.procs").write_text(str(os.getpid()))
    except OSError:
        child.rmdir()
        raise

    def leave() -> None:
        try:
            (parent / "cgroup.procs").write_text(str(os.getpid()))
            child.rmdir()
        except OSError:
            pass
    atexit.register(leave)
    return child


def quarter_core() -> str:
    """Limit this process to a quarter of one core; a sentence saying how, or why it could not."""
    paths, why = _own_paths(), []
    for mount, kind, options in _mounts():
        try:
            if kind == "cgroup2" and "" in paths:
                child = _enter(Path(mount + paths[""]), {"cpu.max": f"{QUOTA_US} {PERIOD_US}"})
                return f"CPU quota: a quarter of one core (cgroup v2 {child}: cpu.max {QUOTA_US} {PERIOD_US})"
            if kind == "cgroup" and "cpu" in options.split(","):
                own = next((p for c, p in paths.items() if "cpu" in c.split(",")), None)
                if own is None:
                    continue
                child = _enter(Path(mount + own), {"cpu.cfs_period_us": str(PERIOD_US), "cpu.cfs_quota_us": str(QUOTA_US)})
                return f"CPU quota: a quarter of one core (cgroup v1 {child}: cfs_quota_us {QUOTA_US} of {PERIOD_US})"
        except OSError as err:
            why.append(f"{kind} at {mount}: {err.strerror or err}")
    return ("NO CPU quota could be set (" + ("; ".join(why) or "no cgroup file system with a cpu controller")
            + "): the figures below are at this machine's full speed.")
