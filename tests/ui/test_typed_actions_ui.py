"""The screens read typed actions, not text: a screen or widget matches on the game's Action classes and
fields (`controller.actions`) and plays values, so a change of notation cannot break it silently. The
text is read at the edges only (the session, the controller's `hint_action`). Nor does a screen repeat
an engine constant (Block Arena's turn limit, Time Runners' track) or word an ending from the view's
English `reason` instead of the outcome's termination code."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parents[2] / "ui"
#: every screen and widget: each game's UI, the shared screens and widgets
TYPED = sorted([*(UI / "games").rglob("*.py"), *(UI / "screens").glob("*.py"), *(UI / "widgets").glob("*.py")])
#: a line that takes apart a text that is no action (a card's name, a field's path) says so
NOT_AN_ACTION = "# not an action"
#: what taking notation apart, or sending it, looks like
TEXT_HANDLING = {
    "splits a text": r"\.split\(",
    "reads a text's start": r"\.startswith\(",
    "reads the legal texts": r"\.legal\(",
    "parses notation": r"parse_action\(",
    "plays a written action": r"\.play\(\s*f?[\"']",
}


@pytest.mark.parametrize("path", TYPED, ids=lambda p: str(p.relative_to(UI)))
def test_no_screen_or_widget_parses_or_writes_action_text(path):
    text = "\n".join(line for line in path.read_text().splitlines() if NOT_AN_ACTION not in line)
    found = {what for what, pattern in TEXT_HANDLING.items() if re.search(pattern, text)}
    assert not found, f"ui/{path.relative_to(UI)} {', '.join(sorted(found))}: match on controller.actions instead"


def literals_in_code(path: Path) -> list[str]:
    """The number and text literals a module's code shows (not its comments or docstrings)."""
    tree = ast.parse(path.read_text())
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [str(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, (int, str)) and id(node) not in docstrings]


@pytest.mark.parametrize("package, constant", [("block_arena", "40"), ("time_runners", "60")])
def test_no_screen_repeats_its_engines_constant(package, constant):
    """BGA_TURNS (BA-9) and GOAL (TR-1) come from the engine; the zones from its `zone` (TR-2)."""
    found = [p.name for p in sorted((UI / "games" / package).glob("*.py"))
             if any(re.search(rf"\b{constant}\b", text) for text in literals_in_code(p))]
    assert found == [], f"ui/games/{package}: {found} write {constant} instead of importing it from the engine"


@pytest.mark.parametrize("path", TYPED, ids=lambda p: str(p.relative_to(UI)))
def test_an_ending_is_worded_from_the_termination_code_not_the_views_reason(path):
    """(An event's `reason` that is itself a termination code says so on its line.)"""
    text = "\n".join(line for line in path.read_text().splitlines() if "termination code" not in line)
    assert not re.search(r"""(\[|get\()["']reason["']""", text)


def test_the_checked_files_exist():
    assert len(TYPED) >= 30 and all(p.is_file() for p in TYPED)
    assert {p.parent.name for p in TYPED} >= {"block_arena", "time_runners", "legends", "chronomage", "screens", "widgets"}


def test_the_controller_hands_a_hint_back_as_the_games_value(ui, journal_path):
    """The hint comes back as the game's Action (its text read once, at the controller), one the table may play."""
    from companion.games.block_arena.actions import BAAction
    ui.start(journal_path)
    ui.start_game(None, "block-arena")
    c, got = ui.app.controller, []
    c.hint_action(got.append, seconds=0.1)
    assert ui.until(lambda: got, seconds=15)
    assert isinstance(got[0], BAAction) and got[0] in c.actions
