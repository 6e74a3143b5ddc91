"""The app parses only the Kivy style rules it uses (ui/lean_style.py); none it needs may be missing."""
from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import ui
from ui import lean_style

UI = Path(ui.__file__).parent


def kivy_classes_the_app_uses() -> set[type]:
    """Every Kivy class a kv file or a module of ours names, with the Kivy classes it derives from."""
    from kivy.factory import Factory
    for info in pkgutil.walk_packages([str(UI)], "ui."):
        if info.name.startswith(("ui.screens.", "ui.widgets.", "ui.games.")):
            importlib.import_module(info.name)  # registers our classes and loads their kv
    names = set()
    for kv in UI.rglob("*.kv"):  # the shared ones in ui/kv/ and each game's beside its screen
        text = kv.read_text()
        names |= set(re.findall(r"^\s*([A-Z]\w*):", text, re.M))
        names |= {n for header in re.findall(r"^<([^>]+)>", text, re.M) for part in header.split(",")
                  for n in part.strip("-").split("@")}
    for py in UI.rglob("*.py"):
        for imported in re.findall(r"^\s*from kivy\.uix\.[\w.]+ import ([\w, ]+)", py.read_text(), re.M):
            names |= {n.strip() for n in imported.split(",")}
    classes = set()
    for name in names:
        try:
            cls = Factory.get(name)
        except Exception:  # a canvas instruction (Color, Rectangle...) or a dynamic kv class
            continue
        classes |= {c for c in cls.__mro__ if c.__module__.startswith("kivy.")}
    return classes


def test_every_kivy_widget_the_app_uses_keeps_its_style_rule(ui):
    full = (lean_style.kivy_data_dir() / "style.kv").read_text()
    rules = {n.strip("-"): header for header in re.findall(r"^<([^>]+)>", full, re.M) for n in header.split(",")}
    used = kivy_classes_the_app_uses()
    assert {"Label", "Button", "TextInput", "ScrollView"} <= {c.__name__ for c in used}
    missing = sorted({rules[c.__name__] for c in used if c.__name__ in rules} - set(lean_style.USED))
    assert missing == [], f"add these style.kv rules to ui/lean_style.USED: {missing}"


def test_the_lean_style_is_kivys_own_rules_for_those_classes_and_nothing_else(tmp_path):
    folder = lean_style.prepare(tmp_path)
    text = (folder / "style.kv").read_text()
    headers = re.findall(r"^<([^>]+)>", text, re.M)
    assert sorted(headers) == sorted(lean_style.USED)
    full = (lean_style.kivy_data_dir() / "style.kv").read_text()
    assert text.startswith(full.split("\n<", 1)[0])  # Kivy's own opening directives, as they are
    for header in headers:  # each rule exactly as the installed Kivy writes it
        block = text.split(f"<{header}>", 1)[1].split("\n<", 1)[0]
        assert block in full
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in lean_style.kivy_data_dir().iterdir())
    assert lean_style.prepare(tmp_path) == folder  # made once


def test_configure_points_kivy_at_the_lean_style_and_the_floor_keeps_kivys_own(tmp_path):
    import os
    import subprocess
    import sys
    env = {k: v for k, v in os.environ.items() if k != "KIVY_DATA_DIR"}
    env.update(XDG_CACHE_HOME=str(tmp_path), KIVY_NO_CONSOLELOG="1")
    code = "from ui import boot; boot.configure(headless=True, lean={}); import kivy; print(kivy.kivy_data_dir)"
    lean, own = (subprocess.run([sys.executable, "-c", code.format(flag)], env=env, capture_output=True, text=True,
                                cwd=UI.parent, check=True).stdout.split()[-1] for flag in (True, False))
    assert Path(lean).parent == tmp_path / "board-companion" and (Path(lean) / "style.kv").is_file()
    assert Path(own) == lean_style.kivy_data_dir()
