"""The Chronomage `Game`: seats, options (colours, timeline, the cards kept), and where its parts (notation,
state, the checks of a table read back) are. The timeline library and the parts are imported when a table is
made, not with the game: the home screen lists every game before its first frame."""
from __future__ import annotations

from typing import Any

from companion.core import CHANCE_DRAWN, COOPERATIVE, PERFECT, Game, GameType, Option, bad_option

from .rules import COLORS, DEFAULT_TIMELINE, FROM_FILES, MAX_KEPT, RULES


def _library_names() -> tuple[str, ...]:
    from .timeline import library_names  # the library is read when asked, not when the game is listed
    return library_names()


class KeptCards(Option):
    """The `cards` option: the cards a game plays with, kept as it starts (`timeline.keep`). A text option
    too long for the core's 4096 characters: a whole timeline and the saved cards."""

    def check(self, value: Any, players: int, game_id: str) -> Any:
        if not isinstance(value, str) or len(value) > MAX_KEPT:
            bad_option(self.name, f"the text of the cards kept with a game, not {type(value).__name__}", self.rule)
        return value


class Chronomage(Game):
    id = "chronomage"
    title = "Chronomage"
    min_players = 1
    max_players = 4
    type = GameType(chance=CHANCE_DRAWN, information=PERFECT, outcome=COOPERATIVE, hardware=("dice",))
    terminations = ("boss-defeated", "time-deck-empty", "boss-lost", "no-challenge-left")  # the endings in referee.py
    options_schema = (
        Option("colors", "per-seat", lambda n: list(COLORS[:n]), "chronomage/CM-1", label="Chronomage colours",
               choices=COLORS, distinct=True, seat_colors=True, titles=tuple(c.capitalize() for c in COLORS)),
        Option("timeline", "text", DEFAULT_TIMELINE, "chronomage/CM-3", label="Timeline (library name or file)",
               suggest=_library_names),
        KeptCards("cards", "text", FROM_FILES, "chronomage/CM-3", label="Cards kept with the game",
                   hidden=True),
    )
    rules = RULES
    state_noun = "a possible Chronomage table"
    state_class, restore, notation = "state:CMState", "restore:state_from_dict", "actions:NOTATION"
    #: what the table should know about the files read (a saved-cards file that cannot be used), shown in the view
    warnings: tuple[str, ...] = ()

    def load_files(self) -> None:
        """CM-3: the timeline the option names and the cards the table saved, read once, when the game is first
        made, and kept in the `cards` option: the session journals it, so a resume, a replay or an import never
        reads the files again (an edited, broken or deleted library changes nothing for a game begun)."""
        from .timeline import keep, unkeep
        if not hasattr(self, "_cards_given"):  # a game made from the files reads them again if asked to
            self._cards_given = self.options["cards"]
        if self._cards_given != FROM_FILES:
            self.timeline, self.my_cards, self.warnings = unkeep(self.options["cards"], self.options["timeline"])
        else:
            self._read_files()
            self.options["cards"] = keep(self.timeline, self.my_cards, self.warnings)
        #: every card a table may pick by id: the timeline's, and the saved ones it does not shadow
        self.catalogue = {**{c.id: c for c in self.my_cards}, **self.timeline.by_id}

    def _read_files(self) -> None:
        from .my_cards import load_cards
        from .timeline import LibraryError, load_timeline
        self.timeline = load_timeline(self.options["timeline"])  # LibraryError (BadRequest) names file, card, field
        try:
            self.my_cards = load_cards()  # the cards the table typed and saved (my_cards.py)
        except LibraryError as exc:  # only its own cards are lost: every timeline still starts (CM-3)
            self.my_cards = ()
            self.warnings = (f"The table's saved cards are not offered: {exc.reason} Mend or remove the file to "
                             "have them back.",)
