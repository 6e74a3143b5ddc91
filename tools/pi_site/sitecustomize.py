"""Imported by every Python process started with this folder on PYTHONPATH (Python's `site` does it at start):
under `Quota(each=True)` (tools/bench_cpu.py) each such process, first thing, moves into a CPU quota of its own,
as each process of the app has a core of its own on a Pi 4. Nothing here imports more than `os`: until it has
moved, a process still runs on its parent's quota."""
import os

ENV = "COMPANION_BENCH_QUOTA_EACH"  # "parent group;file=value,file=value": where and what each process gets


def own_quota(spec: str, pid: int = 0) -> None:
    """This process (or `pid`) into a new cgroup of its own under the spec's parent, limited as the spec says."""
    parent, limits = spec.split(";", 1)
    pid = pid or os.getpid()
    group = os.path.join(parent, f"p{pid}")
    os.makedirs(group, exist_ok=True)
    for item in limits.split(","):
        name, value = item.split("=", 1)
        with open(os.path.join(group, name), "w") as f:
            f.write(value)
    with open(os.path.join(group, "cgroup.procs"), "w") as f:
        f.write(str(pid))


if __name__ == "sitecustomize" and os.environ.get(ENV):  # as `site` imports it, not as tools.pi_site
    try:
        own_quota(os.environ[ENV])
    except OSError as exc:  # the bench says the profile is not what it claims
        import sys
        print(f"{ENV}: could not take a quota of its own ({exc})", file=sys.stderr)
