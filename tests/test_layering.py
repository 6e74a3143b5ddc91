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


PRODUCT = sorted(p for name in ("companion", "hardware", "ui") for p in (ROOT / name).rglob("*.py"))


@pytest.mark.parametrize("path", PRODUCT, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_product_imports_no_tool(path):
    """tools/ (benchmarks, fault injection) may import the product; the installed product never imports it."""
    assert "tools" not in imported_roots(ast.parse(path.read_text())), f"{path.relative_to(ROOT)} imports tools"


@pytest.mark.parametrize("path", [p for p in PRODUCT if "testing" not in p.parts], ids=lambda p: str(p.relative_to(ROOT)))
def test_the_product_imports_no_fixture_or_playout(path):
    """companion.testing (fixtures, playouts) serves the tests and tools/, never the program itself."""
    tree = ast.parse(path.read_text())
    named = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    named |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not {m for m in named if m.startswith("companion.testing") or m == "testing"}, path


def test_no_benchmark_or_fault_injector_lives_in_the_product():
    tools = [p.relative_to(ROOT) for p in PRODUCT if re.search(r"bench|fault|resend|speed|fixtures|playout", p.stem) and "testing" not in p.parts]
    assert not tools, f"these belong in tools/: {tools}"


def game_names():
    """Every way a registered game is named: its id, its title and its package (from GAME_MODULES too, so
    a package whose Game is not written yet counts)."""
    from companion import games
    names = {module.rsplit(".", 1)[1] for module in games.GAME_MODULES}
    for cls in games.REGISTRY.values():
        names |= {cls.id, cls.title, cls.__module__.split(".")[2]}
    return names


def names_in(text: str, names) -> set[str]:
    """The names that occur in `text` as words: not inside a longer word ("nim" is not in "animations"),
    but `_`, `-` and `.` separate words ("legends" is in "legends_arena" and in "ui.games.legends")."""
    return {name for name in names if re.search(rf"(?<![^\W_]){re.escape(name)}(?![^\W_])", text)}


def test_a_game_name_is_matched_as_a_word():
    text = "# the events of the last change, for animations\nfrom ..widgets.legends_arena import Arena\n"
    assert names_in(text, {"nim", "legends", "arena"}) == {"legends", "arena"}
    assert names_in("screen = ui.games.nim.screen", {"nim"}) == {"nim"}
    assert names_in("Nim: take 1 to 3", {"Nim", "nim"}) == {"Nim"}
    assert names_in("nimble, minimum, Nimbus", {"nim", "Nim"}) == set()


@pytest.mark.parametrize("rel", [f"companion/{p}" for p in GAME_BLIND] + [f"ui/{p}" for p in GAME_BLIND_UI])
def test_the_shared_parts_name_no_game(rel):
    text = (ROOT / rel).read_text()
    allowed = text if rel != "companion/games/__init__.py" else re.sub(r"GAME_MODULES = \(.*?\)", "", text, flags=re.S)
    found = names_in(allowed, game_names())
    assert not found, f"{rel} names {found}"
