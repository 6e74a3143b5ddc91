"""`companion app` on a machine with no display says so in one line and exits 2 (it never runs invisibly)."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest


no_drm = pytest.mark.skipif(os.path.isdir("/dev/dri") and any(n.startswith("card") for n in os.listdir("/dev/dri")),
                            reason="this machine has a DRM display device")


@no_drm
def test_the_app_with_no_display_says_so_and_exits_2(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    done = subprocess.run([sys.executable, "-m", "ui.cli", "app", "--journal", str(tmp_path / "j.sqlite")],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "no display" in done.stderr
    assert not (tmp_path / "j.sqlite").exists()


@no_drm
def test_the_no_display_message_names_the_readmes_xvfb_section(tmp_path):
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = re.search(r"^#+ (.*Xvfb.*)$", readme, re.M).group(1)
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    done = subprocess.run([sys.executable, "-m", "ui.cli", "app", "--journal", str(tmp_path / "j.sqlite")],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and f'README.md, "{section}"' in done.stderr, done.stderr
