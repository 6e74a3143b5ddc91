"""Time Runners: the referee for the clock-board racing game (rules reference: `rules.py`, TR-1..TR-18).

Notation: see `actions` (`roll`, `roll N`, `play SEAT CODE [ARG]`, `end`, `shuffle CODE...`, `sensor off|on`).
Flow: setup (a `shuffle` of the 70 cards from `automatic`, then the deal, 6 each, one card at a time from
seat 1) -> roll-off (`roll N` seat by seat, tied-highest re-roll) -> turns (draw to 6, `roll`, cards, `end`)
-> over. A draw from an empty pile parks the state in phase "reshuffle" until `automatic` shuffles the discard.

Rulings where the rules reference (TR-1..TR-18) is silent: X-1..X-14, written in `rules.py` with it
(`companion rules time-runners` prints them; each tested in tests/test_time_runners*.py).
"""
from companion.lazy import lazy_exports

from .game import TimeRunners

GAME = TimeRunners

#: the package's public names, imported from their modules on first use (importing the package for its
#: GAME must stay cheap: the registry imports every game before the app's first frame)
_LAZY = {
    **dict.fromkeys(("CODES", "DECK", "END", "ROLL_BARE", "ROLLS", "SENSOR_OFF", "SENSOR_ON", "End", "Play", "Roll",
                     "Sensor", "Shuffle", "TRAction", "parse_action"), "actions"),
    **dict.fromkeys(("TRState", "zone"), "state"),
}
__all__ = ["GAME", "TimeRunners", *_LAZY]


__getattr__, __dir__ = lazy_exports(__name__, _LAZY, globals())
