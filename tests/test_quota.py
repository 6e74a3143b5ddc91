"""`--pi` of the computer benches: a quarter of one core for the bench's own process, or a sentence why not."""
import subprocess
import sys
from pathlib import Path

CODE = """
import os
from companion.bench_cpu import quarter_core
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
