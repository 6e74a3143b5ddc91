"""companion/ runs headless: it imports no Kivy, gpiozero, serial, hardware or ui (even inside
functions), no module of it names a game outside its own package, and its modules stay small."""
import ast
import re
from pathlib import Path

import pytest

from imports import imported_roots

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "companion"
FORBIDDEN = {"kivy", "gpiozero", "serial", "hardware", "ui"}
MODULES = sorted(PKG.rglob("*.py"))
#: the parts that must hold no game's name: a game shows up only through the registry
GAME_BLIND = ["core.py", "session.py", "referee.py", "journal.py", "rules.py", "cli.py", "games/__init__.py"]
GAME_BLIND_UI = ["controller.py", "app.py", "screens/home.py", "screens/table.py", "screens/generic.py"]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PKG)))
def test_companion_module_imports_no_ui_or_hardware(path):
    bad = FORBIDDEN & set(imported_roots(ast.parse(path.read_text())))
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PKG)))
def test_companion_module_is_small(path):
    assert len(path.read_text().splitlines()) < 700


def game_names():
    from companion import games
    names = set()
    for cls in games.REGISTRY.values():
        names |= {cls.id, cls.title, cls.__module__.split(".")[2]}
    return names


@pytest.mark.parametrize("rel", [f"companion/{p}" for p in GAME_BLIND] + [f"ui/{p}" for p in GAME_BLIND_UI])
def test_the_shared_parts_name_no_game(rel):
    text = (ROOT / rel).read_text()
    allowed = text if rel != "companion/games/__init__.py" else re.sub(r"GAME_MODULES = \(.*?\)", "", text, flags=re.S)
    found = {name for name in game_names() if name in allowed}
    assert not found, f"{rel} names {found}"
