"""`companion app` on a machine with no display says so in one line and exits 2 (it never runs invisibly)."""
import os
import subprocess
import sys

import pytest


@pytest.mark.skipif(os.path.isdir("/dev/dri") and any(n.startswith("card") for n in os.listdir("/dev/dri")),
                    reason="this machine has a DRM display device")
def test_the_app_with_no_display_says_so_and_exits_2(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    done = subprocess.run([sys.executable, "-m", "ui.cli", "app", "--journal", str(tmp_path / "j.sqlite")],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "no display" in done.stderr
    assert not (tmp_path / "j.sqlite").exists()
