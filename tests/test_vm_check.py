"""The kiosk booted for real: systemd/vm-check.sh builds a Debian 12 machine, boots it under QEMU, runs
install.sh --start inside and checks the service from outside (systemd/README.md, "The check in a virtual
machine"). CI runs it wherever it can: it needs root, QEMU, mmdebstrap and room (.ci/dev installs the packages);
without them it is skipped with the reason. A cold
run (the image built too) takes minutes: the script prints how long each step took."""

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

VM_CHECK = Path(__file__).resolve().parent.parent / "systemd" / "vm-check.sh"
CANNOT_RUN = 77  # vm-check.sh's "cannot run here", with the reason on stderr


@pytest.mark.skipif(shutil.which("qemu-system-x86_64") is None,
                    reason="qemu-system-x86_64 is missing (Debian: apt-get install qemu-system-x86)")
@pytest.mark.skipif(os.geteuid() != 0, reason="the VM check builds a root file system: it needs root")
def test_the_kiosk_installs_runs_and_survives_in_a_booted_debian_12():
    # Its own process group: a timeout stops QEMU too (drive.py quits it on SIGTERM).
    check = subprocess.Popen(["bash", str(VM_CHECK)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             start_new_session=True)
    try:
        stdout, stderr = check.communicate(timeout=3600)
    except subprocess.TimeoutExpired:
        os.killpg(check.pid, signal.SIGTERM)
        stdout, stderr = check.communicate()
    if check.returncode == CANNOT_RUN:
        pytest.skip(stderr.strip().splitlines()[-1])
    print(stdout)  # every check, and the timings (pytest -s shows them)
    assert check.returncode == 0, stdout[-6000:] + stderr[-3000:]


def test_the_arm64_checks_playout_plays_each_game_to_its_end():
    # What vm-check.sh --arm64 runs in the VM against the installed app, here against this checkout.
    playout = VM_CHECK.parent / "vm" / "playout.py"
    done = subprocess.run([sys.executable, str(playout), "--", sys.executable, "-m", "companion"], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASS game-") == 4, done.stdout


@pytest.mark.skipif(os.geteuid() != 0, reason="vm-check.sh says first that it needs root")
def test_the_arm64_check_says_it_cannot_run_without_arch_test_before_building_anything(tmp_path):
    # mmdebstrap refuses a foreign architecture without arch-test: that was a failed run 7 s in, not a reason.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("dirname", "uname", "qemu-system-aarch64", "mmdebstrap", "mkfs.ext4", "zstd"):
        (bin_dir / tool).symlink_to(shutil.which(tool) or "/bin/true")
    env = {**os.environ, "PATH": str(bin_dir), "BC_VM_CACHE": str(tmp_path / "cache")}
    done = subprocess.run(["/bin/bash", str(VM_CHECK), "--arm64"], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == CANNOT_RUN, done.stderr
    assert "cannot run here" in done.stderr
    assert "arch-test is missing" in done.stderr or "qemu-user-static is missing" in done.stderr
    assert not (tmp_path / "cache").exists()  # nothing built, nothing kept
