"""The Chronomage `Game`: seats, options (colours, timeline), and `state_from_dict` with its checks (ALL-3).

The timeline library, actions, state and checks are imported when a table is made, not with the game:
the home screen lists every game before its first frame."""
from __future__ import annotations

from functools import partial
from typing import Any

from companion.core import CHANCE_DRAWN, COOPERATIVE, PERFECT, Game, GameType, Option, invalid_state

from .rules import COLORS, DEFAULT_TIMELINE, RULES


class Chronomage(Game):
    id = "chronomage"
    title = "Chronomage"
    min_players = 1
    max_players = 4
    type = GameType(chance=CHANCE_DRAWN, information=PERFECT, outcome=COOPERATIVE, hardware=("dice",))
    terminations = ("boss-defeated", "time-deck-empty", "no-challenge-left")  # referee.TERMINATIONS
    options_schema = (
        Option("colors", "per-seat", lambda n: list(COLORS[:n]), "chronomage/CM-1", label="Chronomage colours",
               choices=COLORS, distinct=True, seat_colors=True),
        Option("timeline", "text", DEFAULT_TIMELINE, "chronomage/CM-3", label="Timeline (library name or file)"),
    )
    rules = RULES
    #: what the table should know about the files read (a saved-cards file that cannot be used), shown in the view
    warnings: tuple[str, ...] = ()

    def __init__(self, players: int, options: dict[str, Any] | None = None):
        super().__init__(players, options)
        from .actions import parse_action
        self._parse = parse_action  # bound once here: parse_action is on the hot path

    def load_files(self) -> None:
        """CM-3: the timeline the option names and the cards the table saved, read once, when the game is made."""
        from .my_cards import load_cards
        from .timeline import LibraryError, load_timeline
        self.timeline = load_timeline(self.options["timeline"])  # LibraryError (BadRequest) names file, card, field
        try:
            self.my_cards = load_cards()  # the cards the table typed and saved (my_cards.py)
        except LibraryError as exc:  # only its own cards are lost: every timeline still starts (CM-3)
            self.my_cards = ()
            self.warnings = (f"The table's saved cards are not offered: {exc.reason} Mend or remove the file to "
                             "have them back.",)
        #: every card a table may pick by id: the timeline's, and the saved ones it does not shadow
        self.catalogue = {**{c.id: c for c in self.my_cards}, **self.timeline.by_id}

    def new_state(self):
        from .state import CMState
        return CMState(self)

    def parse_action(self, text: str):
        return self._parse(text)

    def state_from_dict(self, data: dict[str, Any]):
        from .restore import state_from_dict
        return state_from_dict(self, data)


bad = partial(invalid_state, game="chronomage", noun="a possible Chronomage table")  # a state read back (ALL-3)
