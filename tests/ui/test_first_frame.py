"""`companion app --quit-after-first-frame` comes up, draws its first frame and exits 0 (the Pi's smoke
test, and what `python -m tools.bench_ui` times); that first frame already shows the whole home screen."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", KIVY_HOME=str(tmp_path / "kivy"),
               COMPANION_DATA=str(tmp_path / "data"), KIVY_NO_CONSOLELOG="1")
    env.pop("NOTIFY_SOCKET", None)
    return env


def test_quit_after_first_frame_exits_0_and_says_when(tmp_path):
    journal = tmp_path / "journal.sqlite"
    done = subprocess.run([sys.executable, "-m", "ui.cli", "app", "--quit-after-first-frame", "--backend", "emulated",
                           "--journal", str(journal)], cwd=ROOT, env=_env(tmp_path), capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [line for line in done.stdout.splitlines() if line.startswith("companion app: first frame on screen")]
    assert len(lines) == 1, done.stdout
    seconds = float(lines[0].split(" s after")[0].rsplit(" ", 1)[1])
    assert 0 < seconds < 120
    assert journal.exists()  # the app really opened its journal before drawing


def test_the_first_frame_is_the_whole_home_screen(tmp_path):
    """Pixels of the first frame equal those of the tenth: nothing is filled in after it."""
    done = subprocess.run([sys.executable, "-m", "tools.bench_ui", "--child", "frames", "--journal",
                           str(tmp_path / "journal.sqlite")], cwd=ROOT, env=_env(tmp_path), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(next(line for line in done.stdout.splitlines() if line.startswith("RESULT "))[7:])
    assert result["first_is_settled"], f"{result['pixels_differing']} pixels change after the first frame"
