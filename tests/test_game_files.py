"""A game reads its files in one named step, `Game.load_files`, when it is made; `check_options` only
validates (it reads nothing), so a table's options can be checked without the disk."""
from __future__ import annotations

import builtins
import io
import os
import shutil

import pytest

from companion import games
from companion.core import BadRequest


def _no_file(*args, **kwargs):
    raise AssertionError(f"a file was read: {args[:1]}")


def test_check_options_reads_no_file_for_any_game(tmp_path):
    from companion.games.chronomage.timeline import resolve
    timeline = tmp_path / "ours.toml"
    shutil.copy(resolve("example"), timeline)
    made = [games.make_game(game_id, cls.min_players if game_id != "legends-of-the-arena" else 2,
                            {"timeline": str(timeline)} if game_id == "chronomage" else None)
            for game_id, cls in games.REGISTRY.items()]
    timeline.unlink()  # gone: checking the options must not notice
    with pytest.MonkeyPatch.context() as mp:
        for module, name in ((builtins, "open"), (io, "open"), (os, "open"), (os, "stat"), (os, "listdir"),
                             (os, "scandir")):
            mp.setattr(module, name, _no_file)
        for game in made:
            game.check_options()
    with pytest.raises(BadRequest) as err:  # the named step that reads it refuses, naming the file and CM-3
        made[[g.id for g in made].index("chronomage")].load_files()
    assert str(timeline) in err.value.reason and err.value.rule == "chronomage/CM-3"


def test_CM_3_a_missing_timeline_is_still_refused_when_the_game_is_made(tmp_path):
    with pytest.raises(BadRequest) as err:
        games.make_game("chronomage", 2, {"timeline": str(tmp_path / "missing.toml")})
    assert err.value.code == "bad-timeline" and err.value.rule == "chronomage/CM-3"
    assert str(tmp_path / "missing.toml") in err.value.reason
