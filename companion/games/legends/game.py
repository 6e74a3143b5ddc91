"""The Legends `Game`: options (mode, Legends, card mode) and where its parts (notation, state, the checks of
a state read back) are. The Legend data and the parts are imported when a table is made, not with the game:
the home screen lists every game before its first frame."""
from __future__ import annotations

from companion.core import BadRequest, Game, GameType, Option, RandomPlayer
from companion.events import title_of

from .cards import LEGEND_IDS
from .rules import ID, RULES, SAVED


MODES = ("teams", "ffa", "3v3", "2v2v2")
MODE_TITLES = ("Teams", "Free-for-All", "Three against three", "Three teams of two")
#: LA-11: the table sizes each mode is played by
MODE_SIZES = {"teams": (2, 4), "ffa": (3, 4, 5, 6), "3v3": (6,), "2v2v2": (6,)}


def default_mode(players: int) -> str:
    return "ffa" if players in (3, 5) else "3v3" if players == 6 else "teams"


def default_legends(players: int) -> list[str]:
    return list(LEGEND_IDS[:players])


class Legends(Game):
    id = ID
    title = "Legends of the Arena"
    min_players, max_players = 2, 6  # LA-11
    type = GameType(chance="drawn", information="hidden", outcome="winners", simultaneous=True, teams=True)
    terminations = ("knockouts", "shared", "stocks", "simultaneous-ko", "draw")  # resolve.ENDINGS
    options_schema = (
        Option("mode", "choice", default_mode, ID + "/modes", label="Mode", choices=MODES, titles=MODE_TITLES),
        Option("cards", "choice", "digital", ID + "/LA-8", label="Cards", choices=("digital", "physical"),
               titles=("Digital", "Physical")),
        Option("legends", "per-seat", default_legends, ID + "/R-7", label="Legends", choices=LEGEND_IDS,
               distinct=True, titles=tuple(map(title_of, LEGEND_IDS))),
        Option("values", "text", SAVED, ID + "/LA-3", label="Board values"),
        Option("zombies", "int", 4, ID + "/LA-13", label="Zombie pieces", low=1, high=8),
    )
    rules = RULES
    state_noun = "a valid Legends of the Arena state"
    state_class, restore, notation = "state:LAState", "restore:from_dict", "actions:NOTATION"
    #: LA-16: computer Legends (digital cards), strongest first
    computer_players = {"cpu": "computer:LegendsComputer", "greedy": "computer:GreedyComputer", "random": RandomPlayer}
    #: where a table's typed Legend values are read at game creation; None: `data.default_dir()`
    data_dir: str | None = None

    def check_options(self) -> None:
        mode, n = self.options["mode"], self.players
        if mode == "teams" and n not in (2, 4):
            raise BadRequest("bad-option", f"Teams is played 1v1 or 2v2 (3v3 and 2v2v2 are modes of their own), "
                                           f"not by {n} players.", ID + "/modes")
        if mode == "ffa" and n not in MODE_SIZES["ffa"]:
            raise BadRequest("bad-option", f"Free-for-All is played by 3 to 6 players, not {n}.", ID + "/modes")
        if mode in ("3v3", "2v2v2") and n != 6:
            raise BadRequest("bad-option", f"{mode} is played by 6 players, not {n}.", ID + "/modes")

    def check_computers(self, seats: list[int]) -> None:
        if self.options["cards"] == "physical":  # LA-16: a computer Legend holds no printed hand
            raise BadRequest("physical-cards", "A computer Legend plays digital cards only: with physical cards "
                             "every seat is a person's.", ID + "/LA-16")

    def load_files(self) -> None:
        """LA-3: the Legend data of the Legends in play, with the `values` typed (saved on this machine, or
        given as text) captured once into the options (`values.py`)."""
        from .values import capture
        self.legends, self.options["values"] = capture(self.options["legends"], self.options["values"], self.data_dir)

    def placeholders(self) -> dict[int, tuple[str, ...]]:
        """LA-3: per seat, the Legend's values still placeholders (the app says so at setup)."""
        return {s: self.legends[s - 1].placeholders for s in self.seats if self.legends[s - 1].placeholders}

