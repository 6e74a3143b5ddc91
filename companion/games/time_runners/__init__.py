"""Time Runners: the referee for the clock-board racing game (rules reference: `rules.py`, TR-1..TR-18).

Notation: see `actions` (`roll`, `roll N`, `play SEAT CODE [ARG]`, `end`, `shuffle CODE...`, `sensor off|on`).
Flow: setup (a `shuffle` of the 70 cards from `automatic`, then the deal, 6 each, one card at a time from
seat 1) -> roll-off (`roll N` seat by seat, tied-highest re-roll) -> turns (draw to 6, `roll`, cards, `end`)
-> over. A draw from an empty pile parks the state in phase "reshuffle" until `automatic` shuffles the discard.

Rulings where the rules reference (`rules.py`, TR-1..TR-18) is silent (each tested in tests/test_time_runners*.py):
- P holding no card after moving may end the turn without playing (TR-13 cannot be met; blocking the game helps nobody).
- Instants during the roll-off are refused: setup has not finished until the first player is known (TR-15).
- Roll-off rolls are not gated by the clock-hand sensor: nothing can move the hand before the first turn and a
  misreading sensor must not block setup; TR-18 speaks of "the next roll" of play.
- A winning move ends the game at once: P does not have to play a card (TR-12 beats TR-13).
- Change position with a runner on the same space is allowed (a legal, if useless, card play that counts for TR-13).
- No swap can put a runner on 60: a runner on 60 has already ended the game, so swaps never win.
- An instant played by P before rolling does not count toward P's minimum (TR-13 counts plays "after moving").
- `end` and `roll` are always by the player in turn and carry no seat; roll-off rolls by the seat shown as current.
- `sensor off`/`sensor on` may be played by the table any time from the deal to the end of the game (also in
  the roll-off); switching to the state it is already in is refused (sensor-already-off/on), so a journal never
  holds no-op toggles. Switching the check off keeps the latest reading; `sensor on` checks it again.
- A sensor reading of None (hand not seen) after sensing has started counts as out of sync (fail safe).
- The hand reading is an observation, not journaled and not in to_dict: `observations` returns it and the
  session re-applies it after rebuilding a state; view() shows it under "sensor".
- A shuffle is not listed by legal_actions (70! outcomes): while one is pending (phases "setup", "reshuffle")
  legal_actions() is empty, `automatic(rng)` gives it, and apply also accepts any hand-entered permutation of
  the right cards; nothing else is accepted until it is applied.
- The discard pile is public (cards are played face up); views show its size and top card, not the draw order.
- `roll` without a value is refused by apply (roll-not-drawn): the session must `complete` it first.
"""
from companion.lazy import lazy_exports

from .game import TimeRunners

GAME = TimeRunners

#: the package's public names, imported from their modules on first use (importing the package for its
#: GAME must stay cheap: the registry imports every game before the app's first frame)
_LAZY = {
    **dict.fromkeys(("CODES", "DECK", "END", "ROLL_BARE", "ROLLS", "SENSOR_OFF", "SENSOR_ON", "End", "Play", "Roll",
                     "Sensor", "Shuffle", "TRAction", "parse_action"), "actions"),
    **dict.fromkeys(("random_action", "random_legal_action", "random_playout"), "playout"),
    **dict.fromkeys(("TRState", "zone"), "state"),
}
__all__ = ["GAME", "TimeRunners", *_LAZY]


__getattr__, __dir__ = lazy_exports(__name__, _LAZY, globals())
