"""On the kiosk Kivy docks its on-screen keyboard at the bottom (keyboard_mode = systemanddock): a seat's
name opens in a bar above it, never under it. Run in its own process: the keyboard mode is set when
Kivy's window is made."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r"""
import json, sys
from ui import boot
boot.configure(size=(800, 480), headless=True, maxfps=0)
from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch
from kivy.uix.vkeyboard import VKeyboard
from ui.app import CompanionApp

def frames(n=3):
    for _ in range(n):
        EventLoop.idle()

def tap(widget):
    t = UnitTestTouch(*widget.to_window(*widget.center))
    t.touch_down(); t.touch_up(); frames()

app = CompanionApp(sys.argv[1], backend="emulated")
app._run_prepare(); frames()
row = list(reversed(app.home.ids.seats.children))[2]  # the third seat: low on the screen
app.home.ids.setup.scroll_to(row, padding=0, animate=False); frames()  # in sight, as a finger would scroll it
tap(row.ids.name)
bars = [w for w in app.overlay.children if type(w).__name__ == "NameBar"]
keyboards = [w for w in Window.children if isinstance(w, VKeyboard)]
out = {"bars": len(bars), "keyboards": len(keyboards)}
if bars and keyboards:
    field = bars[0].field
    out["field_bottom"] = field.to_window(field.x, field.y)[1]
    out["keyboard_top"] = keyboards[0].y + keyboards[0].height * keyboards[0].scale
    out["focus"] = field.focus
    for key in "Ada":
        Window.dispatch("on_textinput", key)
    frames()
    out["name"] = row.player_name
    tap(next(w for w in bars[0].walk() if getattr(w, "text", "") == "Done"))
    out["bars_after"] = len([w for w in app.overlay.children if type(w).__name__ == "NameBar"])
    out["shown"] = row.ids.name.text
print("RESULT " + json.dumps(out))
"""


def test_a_name_is_typed_in_a_bar_above_the_docked_on_screen_keyboard(tmp_path):
    env = dict(os.environ, KCFG_KIVY_KEYBOARD_MODE="systemanddock", SDL_VIDEODRIVER="offscreen",
               KIVY_NO_CONSOLELOG="1", KIVY_NO_ARGS="1", KIVY_HOME=str(tmp_path / "kivy"),
               COMPANION_HW_BACKEND="emulated")
    proc = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path / "journal.sqlite")], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    line = next((x for x in proc.stdout.splitlines() if x.startswith("RESULT ")), None)
    assert line, proc.stderr[-2000:]
    out = json.loads(line[7:])
    assert out["bars"] == 1 and out["keyboards"] == 1
    assert out["focus"] and out["field_bottom"] > out["keyboard_top"]  # the field is above the keyboard
    assert out["name"] == "Ada" and out["shown"] == "Ada" and out["bars_after"] == 0
