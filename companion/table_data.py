"""A table's own data, kept with its session (what a resume list shows): the seats' names and colours
and the computer seats."""
from __future__ import annotations

from typing import Any

from companion.core import BadRequest, Game


#: the longest name or colour text a table keeps for a seat
MAX_NAME = 40


def computer_seats(table: dict[str, Any], game: Game) -> dict[int, str]:
    """Seat -> computer level, from table data `check_table` accepted (anything else there is no seat)."""
    computer = table.get("computer")
    each = computer if isinstance(computer, list) else [computer]
    return {c["seat"]: c.get("level") for c in each
            if isinstance(c, dict) and type(c.get("seat")) is int and c["seat"] in game.seats}


def check_table(table: Any, game: Game) -> dict[str, Any]:
    """The table's own data (what a resume list shows), or BadRequest saying what is wrong with it:
    `names` and `colors` are lists of at most one short text a seat; `computer` is {seat, level}, or a list
    of them (several computer seats: one person playing against several computer players)."""
    if table is None:
        return {}
    def bad(what: str):
        raise BadRequest("bad-table", f"The table data is not usable: {what}.", "protocol/new")
    if not isinstance(table, dict):
        bad("it is an object with names, colors and computer")
    unknown = sorted(set(table) - {"names", "colors", "computer"}, key=str)
    if unknown:
        bad(f"there is no field {str(unknown[0])[:20]!r}")
    for key in ("names", "colors"):
        values = table.get(key, [])
        if (not isinstance(values, list) or len(values) > game.players
                or any(not isinstance(v, str) or not 0 < len(v) <= MAX_NAME for v in values)):
            bad(f"{key} lists at most {game.players} texts of 1 to {MAX_NAME} characters")
    computer = table.get("computer")
    if computer is not None:
        each = computer if isinstance(computer, list) else [computer]

        def fits(c) -> bool:
            return (isinstance(c, dict) and set(c) == {"seat", "level"} and type(c["seat"]) is int
                    and c["seat"] in game.seats and isinstance(c["level"], str) and c["level"] in game.computer_players)
        if not each or not all(fits(c) for c in each) or len({c["seat"] for c in each}) != len(each):
            levels = ", ".join(game.computer_players) or "none"
            bad(f"computer is {{seat, level}}, or a list of them for distinct seats, with a seat at the table and "
                f"a level of {game.title} ({levels})")
    return dict(table)
