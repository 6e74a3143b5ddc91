"""Each game's house rulings (X-n: where its rules reference is silent) are written once, in its rules.py,
so `companion rules GAME` prints them; the package docstring points there and does not repeat them."""
import importlib
import subprocess
import sys

import pytest

from companion import games


@pytest.mark.parametrize("game_id,rulings", [("block-arena", 10), ("time-runners", 14), ("chronomage", 17)])
def test_companion_rules_prints_every_house_ruling_of_the_game(game_id, rulings):
    proc = subprocess.run([sys.executable, "-m", "companion", "rules", game_id], capture_output=True, text=True,
                          timeout=60, check=True)
    printed = dict(line.split("\t", 1) for line in proc.stdout.splitlines())  # "game/RULE<tab>sentence"
    rules = games.REGISTRY[game_id].rules
    wanted = [f"X-{i}" for i in range(1, rulings + 1)]
    assert {r for r in printed if r.startswith(f"{game_id}/X-")} == {f"{game_id}/{r}" for r in wanted}
    assert all(printed[f"{game_id}/{r}"] == rules[r] and rules[r].endswith(".") for r in wanted), proc.stdout


@pytest.mark.parametrize("game_id", ["block-arena", "time-runners", "chronomage"])
def test_the_package_docstring_points_to_the_rulings_and_does_not_repeat_them(game_id):
    package = importlib.import_module(games.REGISTRY[game_id].__module__.rsplit(".", 1)[0])
    doc = package.__doc__
    assert "rules.py" in doc and f"companion rules {game_id}" in doc
    assert not any(line.lstrip().startswith("- ") for line in doc.splitlines()), "a ruling is listed in the docstring"
