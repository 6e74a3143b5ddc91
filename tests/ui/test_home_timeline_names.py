"""Chronomage's "Timeline (library name or file)" offers the names its library holds (the packaged example
and the table's own files in $COMPANION_DATA/chronomage); the one tapped to is the one the game plays."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from companion.games.chronomage.timeline import PACKAGED

ROOT = Path(__file__).resolve().parents[2]


def own_timeline(name: str) -> None:
    folder = Path(os.environ["COMPANION_DATA"]) / "chronomage"  # the table's own library folder
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(PACKAGED / "example.toml", folder / f"{name}.toml")


def test_CM_3_the_timeline_field_lists_the_library_names_and_starts_the_one_shown(ui, journal_path):
    own_timeline("friday-night")
    ui.start(journal_path)
    home = ui.app.home
    ui.tap(next(b for b in home.ids.games.children if b.game_id == "chronomage"))
    row = next(r for r in home.ids.options.children if r.label.startswith("Timeline"))
    button = row.children[0]
    assert button.text == "example" and not button.disabled
    ui.tap(button)
    button = next(r for r in home.ids.options.children if r.label.startswith("Timeline")).children[0]
    assert button.text == "friday-night"
    ui.tap(home.ids.start)
    assert ui.app.controller.session.game.options["timeline"] == "friday-night"


def test_CM_3_companion_games_and_an_unknown_name_say_which_names_exist(tmp_path):
    own_timeline("friday-night")
    games = subprocess.run([sys.executable, "-m", "companion", "games"], cwd=ROOT, capture_output=True, text=True,
                           timeout=60)
    line = next(x for x in games.stdout.splitlines() if "Timeline" in x)
    assert "example" in line and "friday-night" in line, line
    refused = subprocess.run([sys.executable, "-m", "companion", "referee"], cwd=ROOT, capture_output=True, text=True,
                             timeout=60, input='{"op": "new", "game": "chronomage", "players": 1, '
                                               '"options": {"timeline": "saturday"}}\n')
    assert "example, friday-night" in refused.stdout, refused.stdout
