"""`--pi` of the computer benches: a quarter of one core for the bench's own process, or a sentence why not."""
import subprocess
import sys
from pathlib import Path

CODE = """
import os
from tools.bench_cpu import quarter_core
print(quarter_core())
print(open('/proc/self/cgroup').read())
"""


def test_the_quota_is_set_or_said_impossible_and_its_cgroup_is_gone_after_the_bench():
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1]).stdout
    said = out.splitlines()[0]
    assert said.startswith(("CPU quota: a quarter of one core", "NO CPU quota could be set"))
    if said.startswith("CPU quota"):
        where = said.split("(", 1)[1].split(":")[0]
        assert "companion-bench-" in where and where.split("/")[-1] in out.split("\n", 1)[1]
        assert not Path(where).exists()  # removed at exit


EACH = """
import json, os, subprocess, sys
from tools.bench_cpu import Quota
quota = Quota(each=True)
print(quota.how)
if quota.ok:
    child = "import json, os; print(json.dumps([os.getpid(), open('/proc/self/cgroup').read()]))"
    grandchild = f"import subprocess, sys; subprocess.run([sys.executable, '-c', {child!r}])"
    env = dict(os.environ, **quota.env())
    out = subprocess.run([sys.executable, "-c", child + "; " + grandchild], env=env, preexec_fn=quota.enter,
                         capture_output=True, text=True, check=True).stdout
    print(json.dumps([str(quota.path), out.splitlines()]))
    quota.close()
    print(os.path.exists(quota.path))
"""


def test_each_python_process_under_a_quota_each_has_a_group_of_its_own_gone_after_the_bench():
    out = subprocess.run([sys.executable, "-c", EACH], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1]).stdout.splitlines()
    if out[0].startswith("no quota"):
        return  # said, as the bench says it
    import json
    parent, lines = json.loads(out[1])
    groups = [next(x for x in cgroup.splitlines() if "cpu" in x.split(":")[1].split(",") or x.startswith("0::"))
              for _, cgroup in map(json.loads, lines)]
    pids = [pid for pid, _ in map(json.loads, lines)]
    assert len(pids) == 2 and groups[0] != groups[1]  # the process and the one it started: a group each
    assert all(g.endswith(f"{Path(parent).name}/p{pid}") for g, pid in zip(groups, pids))
    assert out[2] == "False"


WATCHED = """
import os, subprocess, sys, time
from tools.bench_cpu import Quota
quota = Quota(each=True)
print(quota.how)
if quota.ok:
    quota.watch()
    late = "import os, time; time.sleep(0.3); print(os.getpid()); print(open('/proc/self/cgroup').read())"  # -S: no site, no sitecustomize
    parent = f"import subprocess, sys, time; subprocess.run([sys.executable, '-S', '-c', {late!r}])"
    out = subprocess.run([sys.executable, "-c", parent], env=dict(os.environ, **quota.env()), preexec_fn=quota.enter,
                         capture_output=True, text=True, check=True).stdout
    print(quota.path.name)
    print(out)
    quota.close()
"""


def test_a_process_started_under_a_quota_each_is_moved_to_its_own_group_even_before_its_site_runs():
    out = subprocess.run([sys.executable, "-c", WATCHED], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1]).stdout.splitlines()
    if out[0].startswith("no quota"):
        return
    parent, pid, cgroup = out[1], out[2], out[3:]
    group = next(x for x in cgroup if "cpu" in x.split(":")[1].split(",") or x.startswith("0::"))
    assert group.endswith(f"/{parent}/p{pid}")  # not its parent's group
