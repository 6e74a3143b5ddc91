"""The registry lists every game before the app's first frame, so importing it loads each game's `Game`
class and its rules text only: actions, states, data files, timelines and computer players load when a
table is made. The packages' public names still import as before."""
from __future__ import annotations

import subprocess
import sys

LIGHT = {"game", "rules", "cards", "board"}  # the Game class and what its class attributes need


def test_the_registry_imports_no_engine():
    from companion.games import GAME_MODULES, REGISTRY
    registered = {cls.__module__.split(".")[2] for cls in REGISTRY.values()}
    assert registered <= {m.rsplit(".", 1)[1] for m in GAME_MODULES}
    code = ("import sys, companion.games; "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('companion.games.'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    heavy = [m for m in loaded if m.count(".") == 3 and m.rsplit(".", 1)[1] not in LIGHT]
    assert not heavy, f"importing the registry also imports {heavy}"
    assert {m.split(".")[2] for m in loaded} == registered  # every registered game's package, and no other


def test_public_names_still_import():
    from companion.games import REGISTRY, make_game
    from companion.games.block_arena import BAState, Flip, parse_action as ba_parse
    from companion.games.legends import data
    from companion.games.time_runners import DECK, GAME, Roll, TRState, zone
    from companion.testing.time_runners_playout import random_playout

    assert len(DECK) == 70 and zone(0) and Roll(3) == GAME(3).parse_action("roll 3")
    assert isinstance(GAME(3).new_state(), TRState) and callable(random_playout)
    assert isinstance(make_game("block-arena", 2).new_state(), BAState) and str(ba_parse("end")) == "end"
    assert Flip and data.LEGEND_IDS and set(REGISTRY) >= {"time-runners", "block-arena"}
