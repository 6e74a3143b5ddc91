"""One multisampling setting for laptop and Pi (ui/boot.py and the kiosk's Kivy config), which an
environment's KCFG_GRAPHICS_MULTISAMPLES can still override (a GPU that does it cheaply)."""
from __future__ import annotations

import configparser
import os
import subprocess
import sys
from pathlib import Path

from ui import boot

ROOT = Path(__file__).resolve().parents[2]
PROBE = "from ui import boot; boot.configure(headless=True); from kivy.config import Config; " \
        "print(Config.get('graphics', 'multisamples'))"


def test_the_kiosk_config_and_boot_agree():
    config = configparser.ConfigParser(interpolation=None, comment_prefixes=(";", "#"))
    config.read(ROOT / "systemd" / "kivy" / "config.ini")
    assert config.getint("graphics", "multisamples") == boot.MULTISAMPLES == 0


def _configured(tmp_path, **env) -> str:
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, KIVY_HOME=str(tmp_path), KIVY_NO_CONSOLELOG="1", **env))
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip().splitlines()[-1]


def test_boot_turns_multisampling_off_unless_the_environment_says(tmp_path):
    assert _configured(tmp_path) == "0"
    assert _configured(tmp_path, KCFG_GRAPHICS_MULTISAMPLES="4") == "4"
