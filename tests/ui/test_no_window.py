"""When Kivy can open no window (on an installed Pi without libgl1, offscreen Kivy found no libGL.so.1), the
app and `companion screenshot` say so, instead of an AttributeError on `Window`, which is then None.

`KIVY_WINDOW=egl_rpi` asks Kivy for a window provider of the old Broadcom Pi firmware, which no machine
here has: a real Kivy that made no window, as the libGL-less Pi's was.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_without_a_window(tmp_path, *args) -> subprocess.CompletedProcess:
    env = dict(os.environ, KIVY_WINDOW="egl_rpi", KIVY_HOME=str(tmp_path / "kivy"),
               COMPANION_DATA=str(tmp_path / "data"), COMPANION_PHONES="off")
    for name in ("NOTIFY_SOCKET", "KIVY_NO_CONSOLELOG"):  # the kiosk's error goes to Kivy's console log
        env.pop(name, None)
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def says_no_window(done: subprocess.CompletedProcess) -> None:
    assert done.returncode != 0
    assert "Kivy could not open a window" in done.stderr, done.stderr[-3000:]
    assert "AttributeError" not in done.stderr, done.stderr[-3000:]


def test_the_screenshot_says_kivy_made_no_window(tmp_path):
    says_no_window(run_without_a_window(tmp_path, "-m", "ui.cli", "screenshot", "home", str(tmp_path / "home.png")))
    assert not (tmp_path / "home.png").exists()


def test_the_app_says_kivy_made_no_window(tmp_path):
    says_no_window(run_without_a_window(tmp_path, "-m", "ui.cli", "app", "--quit-after-first-frame", "--backend",
                                        "emulated", "--journal", str(tmp_path / "journal.sqlite")))


def test_shutdown_without_a_window_leaves_the_error_that_stopped_the_app(tmp_path):
    # What `finally: app.shutdown()` does after Kivy failed: it must not raise over that failure.
    code = ("from ui.app import CompanionApp\n"
            f"app = CompanionApp({str(tmp_path / 'journal.sqlite')!r}, backend='emulated')\n"
            "app.shutdown()\nprint('shut down')\n")
    done = run_without_a_window(tmp_path, "-c", code)
    assert done.returncode == 0 and "shut down" in done.stdout, done.stderr[-3000:]
