"""The CPU a benchmark runs on: this machine at full speed, a Raspberry Pi's share of it (`--pi`), and busy
neighbours (`--load N`).

`--pi` puts the measured process in a cgroup of its own limited to a quarter of one core (about what a Pi 4
core does against this machine's): cgroup v2 `cpu.max`, else v1 `cpu.cfs_quota_us`, whichever the machine
lets us write (root, or a delegated tree). The period is 20 ms rather than the usual 100 ms: a quarter of
100 ms lets a busy process run 25 ms and then stops it for 75, stalls a real slower CPU never makes. The
group's weight is the highest, so that other programs on this machine do not take the quarter core a Pi
would give the app: the quota, not the neighbours, is what slows it.
`Quota(each=True)` gives each Python process its own such quarter core instead (the app and the phone server
it starts: a Pi 4 has four cores), through tools/pi_site/sitecustomize.py and `watch()`.
`Busy(n)` runs n processes that spin beside the benchmark (outside any quota), as other programs would.
"""
from __future__ import annotations

import atexit
import os
import subprocess
import sys
import threading
from pathlib import Path

from tools.pi_site.sitecustomize import ENV, own_quota

PERIOD_US = 20_000
SHARE = 0.25  # of one core
_ROOTS = (Path("/sys/fs/cgroup"), Path("/sys/fs/cgroup/unified"))  # v2 (unified or hybrid)
_V1 = Path("/sys/fs/cgroup/cpu")


class Quota:
    """A cgroup limited to SHARE of one core; `enter` (a Popen preexec_fn) puts the new process in it.

    `each=True`: every Python process started under it gets a quota of its own instead (a group each under
    this one, which has no limit): `enter` and then, through `env()`, each Python process it starts
    (tools/pi_site/sitecustomize.py), as each process of the app would have a core of its own on a Pi 4."""

    def __init__(self, name: str = f"companion-bench-{os.getpid()}", each: bool = False, share: float | None = SHARE):
        """`share=None`: no limit, only the weight (the app favoured over its neighbours, as a service's
        CPUWeight would)."""
        self.path: Path | None = None
        self.root: Path | None = None
        self.each = each
        self.how = ""
        self.limits: dict[str, str] = {}
        self._closing = threading.Event()
        quota = int(PERIOD_US * share) if share else None
        for root in _ROOTS:
            if (root / "cgroup.controllers").exists() and "cpu" in (root / "cgroup.controllers").read_text().split():
                limits = {"cpu.max": f"{quota or 'max'} {PERIOD_US}", "cpu.weight": "10000"}
                try:
                    if "cpu" not in (root / "cgroup.subtree_control").read_text().split():
                        (root / "cgroup.subtree_control").write_text("+cpu")
                    path = root / name
                    path.mkdir(exist_ok=True)
                    if each:  # a group with groups below it holds no process itself (cgroup v2)
                        (path / "cgroup.subtree_control").write_text("+cpu")
                    self._limit(path, limits)
                except OSError:
                    continue
                self.path, self.root, self.how = path, root, f"cgroup v2 cpu.max {quota or 'max'} {PERIOD_US}"
                break
        if self.path is None and (_V1 / "cpu.cfs_quota_us").exists():
            limits = {"cpu.cfs_period_us": str(PERIOD_US), "cpu.cfs_quota_us": str(quota or -1), "cpu.shares": str(1 << 18)}
            try:
                path = _V1 / name
                path.mkdir(exist_ok=True)
                self._limit(path, limits)
            except OSError as exc:
                self.how = f"no quota: cgroup v1 cpu is not writable here ({exc.strerror})"
            else:
                self.path, self.root, self.how = path, _V1, f"cgroup v1 cpu.cfs_quota_us {quota or -1} / period {PERIOD_US}"
        if self.path is None:
            self.how = self.how or "no quota: neither cgroup v2 cpu.max nor v1 cpu.cfs_quota_us can be set here"
        elif each:
            self.how += ", one such group for each Python process"

    def _limit(self, path: Path, limits: dict[str, str]) -> None:
        """The group's limits, or with `each` those its groups will get (it keeps only the weight itself: its
        neighbours are other programs, which should not take its processes' quarter cores)."""
        if self.each:
            self.limits = limits
        for name, value in limits.items():
            if not self.each or name in ("cpu.weight", "cpu.shares"):
                (path / name).write_text(value)

    @property
    def ok(self) -> bool:
        return self.path is not None

    def enter(self) -> None:
        if self.path is None:
            return
        if self.each:
            own_quota(self._spec())
        else:
            (self.path / "cgroup.procs").write_text(str(os.getpid()))

    def watch(self, every: float = 0.002) -> None:
        """With `each`: from this process (outside the quota), move each process that appears in one of the
        groups but is not its own (a process just started, still running its interpreter's start on its
        parent's quota) into a group of its own, every `every` seconds until `close()`. On a Pi the new
        process would run on another core from its first instruction; this leaves it a few ms at most on its
        parent's quarter core instead of its whole start before Python's `site` moves it."""
        def run() -> None:
            while not self._closing.wait(every):
                for group in self.path.glob("p[0-9]*"):
                    try:
                        pids = (group / "cgroup.procs").read_text().split()
                    except OSError:
                        continue
                    for pid in pids:
                        if group.name != f"p{pid}":
                            try:
                                own_quota(self._spec(), int(pid))
                            except OSError:  # it ended
                                pass
        if self.each and self.path is not None:
            threading.Thread(target=run, name="quota-watch", daemon=True).start()

    def env(self, base: dict[str, str] | None = None) -> dict[str, str]:
        """What a process under the quota needs to start helpers outside it (`leave_quota`), and with `each`
        to give every Python process it starts a quota of its own (PYTHONPATH as in `base`, or this one's)."""
        if self.root is None:
            return {}
        env = {"COMPANION_BENCH_FREE_CGROUP": str(self.root)}
        if self.each:
            path = (base if base is not None else os.environ).get("PYTHONPATH")
            site = str(Path(__file__).with_name("pi_site"))
            env.update({ENV: self._spec(), "PYTHONPATH": os.pathsep.join(p for p in (site, path) if p)})
        return env

    def _spec(self) -> str:
        return f"{self.path};" + ",".join(f"{k}={v}" for k, v in self.limits.items())

    def close(self) -> None:
        self._closing.set()
        if self.path is None:
            return
        for group in [*(self.path.glob("p[0-9]*") if self.each else ()), self.path]:
            try:
                group.rmdir()
            except OSError:  # a process still in it (it ends soon): the empty group is harmless
                pass


def quarter_core() -> str:
    """Put this very process under the quota until it exits (the computer players' benches); a sentence
    saying how, or why it could not (the figures are then at full speed)."""
    quota = Quota()
    if not quota.ok:
        return f"NO CPU quota could be set ({quota.how}): the figures below are at this machine's full speed."
    quota.enter()

    def leave() -> None:
        try:
            (quota.root / "cgroup.procs").write_text(str(os.getpid()))
        except OSError:
            pass
        quota.close()
    atexit.register(leave)
    return f"CPU quota: a quarter of one core ({quota.path}: {quota.how})"


def leave_quota() -> None:
    """For a Popen preexec_fn in a process under a quota: the new process runs outside it (a helper that is
    not the Pi, e.g. the phones that talk to it)."""
    root = os.environ.get("COMPANION_BENCH_FREE_CGROUP")
    if root:
        Path(root, "cgroup.procs").write_text(str(os.getpid()))
    os.environ.pop(ENV, None)  # nor a quota of its own (a Popen without env= passes this environ on)


class Busy:
    """`n` processes that spin on the CPU until `stop()` (or the end of a `with` block)."""

    def __init__(self, n: int):
        self.procs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]

    def stop(self) -> None:
        for p in self.procs:
            p.kill()
        for p in self.procs:
            p.wait()

    def __enter__(self) -> "Busy":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
