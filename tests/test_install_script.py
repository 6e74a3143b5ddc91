"""install.sh and uninstall.sh run for real, into a throwaway root."""

import hashlib
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
}
KIVY_DIRS = ("etc/board-companion/kivy/mods", "etc/board-companion/kivy/icon")


def script(name, *args):
    result = subprocess.run(
        ["bash", str(SYSTEMD / name), *map(str, args)],
        capture_output=True, text=True, timeout=30,
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
                 "bin/pip install", "install -d", "systemctl enable"):
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
