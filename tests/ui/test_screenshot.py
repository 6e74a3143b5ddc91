"""`companion screenshot` renders real screens offscreen to PNG files of the requested size."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pngcheck import read_png

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("size", ["800x480", "1280x720"])
@pytest.mark.parametrize("screen", ["home", "time-runners"])
def test_screenshot_command(tmp_path, screen, size):
    out = tmp_path / f"{screen}-{size}.png"
    env = dict(os.environ, KIVY_HOME=str(tmp_path / "kivy"), COMPANION_DATA=str(tmp_path / "data"))
    proc = subprocess.run([sys.executable, "-m", "ui.cli", "screenshot", screen, str(out), "--size", size],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    w, h, colors = read_png(out)
    assert f"{w}x{h}" == size
    assert len(colors) > 40, f"only {len(colors)} colours: blank?"
