"""install.sh and uninstall.sh run for real, into a throwaway root."""

import hashlib
import os
import re
import subprocess
from pathlib import Path

SYSTEMD = Path(__file__).resolve().parent.parent / "systemd"

# Installed path -> source in the repository.
INSTALLED = {
    "etc/systemd/system/board-companion.service": "board-companion.service",
    "etc/udev/rules.d/99-board-companion.rules": "99-board-companion.rules",
    "etc/modules-load.d/board-companion.conf": "modules-load.conf",
    "etc/board-companion/kivy/config.ini": "kivy/config.ini",
    "etc/systemd/system/dev-input-companion\\x2dtouch.device.d/board-companion.conf": "touch-timeout.conf",
}
KIVY_DIRS = ("etc/board-companion/kivy/mods", "etc/board-companion/kivy/icon")


def script(name, *args, env=None):
    result = subprocess.run(
        ["bash", str(SYSTEMD / name), *map(str, args)],
        capture_output=True, text=True, timeout=30, env=env,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def tree(root):
    """Every path under root with its mode and content digest."""
    return {
        str(p.relative_to(root)): (
            p.stat().st_mode,
            hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else None,
        )
        for p in sorted(root.rglob("*"))
    }


def test_install_puts_each_file_in_place(tmp_path):
    script("install.sh", "--root", tmp_path, "--no-venv")
    for installed, source in INSTALLED.items():
        path = tmp_path / installed
        assert path.read_bytes() == (SYSTEMD / source).read_bytes(), installed
        assert path.stat().st_mode & 0o777 == 0o644
    for directory in KIVY_DIRS:
        assert (tmp_path / directory).is_dir()


def test_unit_points_at_what_install_installs(tmp_path):
    output = script("install.sh", "--root", tmp_path, "--no-venv")
    unit = (tmp_path / "etc/systemd/system/board-companion.service").read_text()
    exec_start = re.search(r"(?m)^ExecStart=(\S+) app$", unit).group(1)
    assert f"python3 -m venv --system-site-packages {tmp_path}/opt/board-companion/venv" in output
    assert exec_start == "/opt/board-companion/venv/bin/companion"
    kivy_home = re.search(r"(?m)^Environment=KIVY_HOME=(\S+)$", unit).group(1)
    assert (tmp_path / kivy_home.lstrip("/") / "config.ini").is_file()


def test_a_pi_without_its_panel_waits_seconds_for_it_not_minutes(tmp_path):
    # The unit wants the panel's device and starts after it: a device that never comes (no panel) holds
    # the start for that device's job timeout, 90 s unless a drop-in of the device's own says otherwise.
    script("install.sh", "--root", tmp_path, "--no-venv")
    units = tmp_path / "etc/systemd/system"
    unit = (units / "board-companion.service").read_text()
    (device,) = [name for name in re.findall(r"(?m)^Wants=(.*)$", unit) if name.endswith(".device")]
    assert re.search(rf"(?m)^After=.*{re.escape(device)}", unit)
    dropin = (units / f"{device}.d" / "board-companion.conf").read_text()
    for key in ("JobTimeoutSec", "JobRunningTimeoutSec"):  # the running one is what holds a device's job
        seconds = int(re.search(rf"(?m)^{key}=(\d+)s$", dropin).group(1))
        assert 0 < seconds <= 15, key


def test_install_twice_is_harmless(tmp_path):
    script("install.sh", "--root", tmp_path, "--no-venv")
    first = tree(tmp_path)
    script("install.sh", "--root", tmp_path, "--no-venv")
    assert tree(tmp_path) == first


def test_live_steps_are_only_printed_under_root(tmp_path):
    output = script("install.sh", "--root", tmp_path, "--no-venv")
    for step in ("apt-get install", "useradd", "udevadm control --reload",
                 "systemctl daemon-reload", "systemctl enable board-companion.service"):
        line = next(line for line in output.splitlines() if step in line)
        assert "(skipped under --root)" in line


def test_dry_run_prints_every_step_and_writes_nothing(tmp_path):
    root = tmp_path / "root"
    output = script("install.sh", "--root", root, "--dry-run")
    assert not root.exists()
    for installed in INSTALLED:
        assert f"{root}/{installed}" in output
    for step in ("apt-get install", "python3-lgpio", "--system-site-packages",
                 "bin/python -m pip install", "compileall", "install -d", "systemctl enable"):
        assert step in output


def test_dry_run_without_root_needs_no_privileges():
    output = script("install.sh", "--dry-run", "--no-venv")
    assert "+ install -D -m 0644" in output
    assert " /etc/systemd/system/board-companion.service" in output


def test_uninstall_removes_what_install_added_and_keeps_the_journal(tmp_path):
    script("install.sh", "--root", tmp_path, "--no-venv")
    journal = tmp_path / "var/lib/board-companion/journal.sqlite"
    journal.parent.mkdir(parents=True)
    journal.write_bytes(b"the table as it was")

    script("uninstall.sh", "--root", tmp_path)
    for installed in INSTALLED:
        assert not (tmp_path / installed).exists(), installed
    assert not (tmp_path / "etc/board-companion").exists()
    assert list((tmp_path / "etc/systemd/system").iterdir()) == []
    assert journal.read_bytes() == b"the table as it was"

    script("uninstall.sh", "--root", tmp_path)  # twice is harmless too
    script("uninstall.sh", "--root", tmp_path, "--purge")
    assert not journal.parent.exists()


def test_uninstall_dry_run_changes_nothing(tmp_path):
    script("install.sh", "--root", tmp_path, "--no-venv")
    before = tree(tmp_path)
    output = script("uninstall.sh", "--root", tmp_path, "--dry-run", "--purge")
    assert tree(tmp_path) == before
    assert "rm -f" in output and "var/lib/board-companion" in output


def fake_apt_cache(tmp_path, knows_lgpio):
    """An apt-cache on PATH that knows every package, or every one but python3-lgpio (Debian 12)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    tool = bin_dir / "apt-cache"
    unknown = "" if knows_lgpio else 'if [ "$2" = python3-lgpio ]; then echo "E: No packages found" >&2; exit 100; fi\n'
    tool.write_text("#!/bin/sh\n" + unknown + "exit 0\n")
    tool.chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"}


def apt_line(output):
    return next(line for line in output.splitlines() if "apt-get install" in line)


def test_a_system_without_python3_lgpio_still_gets_the_other_packages(tmp_path):
    # Debian 12 has no python3-lgpio (Raspberry Pi OS has): asking apt for it would refuse the whole list.
    output = script("install.sh", "--dry-run", "--no-venv", env=fake_apt_cache(tmp_path, knows_lgpio=False))
    assert "python3-lgpio" not in apt_line(output)
    assert "python3-venv" in apt_line(output) and "libgbm1" in apt_line(output)
    assert "GPIO will not work" in output


def test_python3_lgpio_is_installed_where_apt_has_it(tmp_path):
    output = script("install.sh", "--dry-run", "--no-venv", env=fake_apt_cache(tmp_path, knows_lgpio=True))
    assert "python3-lgpio" in apt_line(output)
    assert "GPIO will not work" not in output


def test_purge_says_which_groups_it_keeps(tmp_path):
    # install.sh may add the groups (a system without gpio); --purge leaves them, and says so.
    install = script("install.sh", "--root", tmp_path, "--no-venv", "--dry-run")
    added = re.search(r"usermod --append --groups (\S+) companion", install).group(1).split(",")
    output = script("uninstall.sh", "--root", tmp_path, "--purge")
    kept = re.search(r"^Kept the groups ([a-z ]+):", output, re.M)
    assert kept and kept.group(1).split() == added, output
