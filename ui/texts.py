"""Player-facing sentences built from an engine view: no rules here, only wording.

Every function reads fields the engine already decided (`next`, `current`, `sensor.turn_hand_to`,
`winner`, ...) and names seats the way the table does (their names, not numbers).
"""
from __future__ import annotations

import re
import time
from typing import Any

from companion.core import CHANCE, SEAT, SEATS, TABLE, Refusal, Turn
from companion.events import and_list, plural


#: what a table reads from the hardware, as the "?" reference says it: (id, the real part, its stand-in on
#: an emulated table: a key, a tap or a drag)
HARDWARE = {
    "dice": ("hardware/dice", "The dice button rolls for whoever is to roll; the screen shows the result.",
             "Emulated: Space or the on-screen Dice button presses the dice button."),
    "hand": ("hardware/hand", "The clock hand's sensor reads the hour the physical hand points at.",
             "Emulated: 1-9, 0, - and = point the clock hand at 1 to 12; Left and Right step it; or drag the "
             "hand on the dial."),
}


def hardware_rules(parts: tuple[str, ...], emulated: bool) -> list[tuple[str, str]]:
    """The "?" reference's section on the hardware: each part the table reads, with its keys when emulated."""
    if not parts:
        return [("hardware", "This game uses no dice button or clock hand: everything is played on the screen.")]
    return [(rule, f"{real} {stand_in}" if emulated else real) for rule, real, stand_in in (HARDWARE[p] for p in parts)]


def seat_name(names: list[str], seat: int | None) -> str:
    if seat is None:
        return "Nobody"
    if 1 <= seat <= len(names) and names[seat - 1]:
        return names[seat - 1]
    return f"Seat {seat}"


def names_list(names: list[str], seats) -> str:
    """"Red", "Red and Blue", "Red, Blue and Green"."""
    return and_list([seat_name(names, s) for s in seats])


#: "seat 2", "Seat 2", "seats 1 and 3", "seats 1, 2 and 4" as the engines write them (a whole word, a whole number)
_SEATS = re.compile(r"\b([Ss])eats? (\d+(?:(?:, | and )\d+)*)\b")


def named(text: str, names: list[str]) -> str:
    """`text` with each "seat N" a sentence names (an engine's refusal, a rule's words) called as the table
    calls it: "Seat 1 must play" -> "Ana must play", "b5 is seat 2's block" -> "b5 is Green's block". A
    number that is no seat here stays as written ("There is no seat 7 at this table")."""
    if not names:
        return text

    def name(match: re.Match) -> str:
        seats = [int(n) for n in re.findall(r"\d+", match.group(2))]
        if not all(1 <= s <= len(names) and names[s - 1] for s in seats):
            return match.group(0)
        return names_list(names, seats)

    return _SEATS.sub(name, text)


def refusal_text(refusal: Refusal, names: list[str] | None = None) -> str:
    """The reason, with the seats by the table's `names`, and the rule it comes from, as a player reads it."""
    rule = f" ({refusal.rule})" if refusal.rule else ""
    return f"{named(refusal.reason, names or [])}{rule}"


def ago(then: float, now: float | None = None) -> str:
    s = max(0, int((time.time() if now is None else now) - then))
    if s < 60:
        return "just now"
    if s < 3600:
        return f"{s // 60} min ago"
    if s < 86400:
        return f"{s // 3600} h ago"
    return time.strftime("%d %b", time.localtime(then))


def turn_text(turn: Turn | None, names: list[str]) -> str:
    """Who acts now, in a few words, whatever the game's shape."""
    if turn is None:
        return "turn unknown"
    if turn.kind == SEAT:
        return f"{seat_name(names, turn.current)}'s turn"
    if turn.kind == SEATS:
        return "waiting for " + ", ".join(seat_name(names, s) for s in turn.seats)
    if turn.kind == TABLE:
        return "the table decides"
    if turn.kind == CHANCE:
        return "setting up"
    return "finished"


def session_line(title: str, summary: Any, head: int, updated: Any, now: float | None = None) -> tuple[str, str]:
    """Two lines for a resume list: game and players; progress, whose turn, when.

    The summary comes from a journal that may be older or foreign: anything odd in it is shown as
    unknown, never a crash."""
    summary = summary if isinstance(summary, dict) else {}
    table = summary.get("table") if isinstance(summary.get("table"), dict) else {}
    names = table.get("names") if isinstance(table.get("names"), list) else []
    names = [str(n) for n in names]
    turn = Turn.from_dict(summary.get("turn"))
    if turn is None and type(summary.get("current")) is int:  # a journal written before turns had kinds
        turn = Turn.seat(summary["current"])
    actions = summary.get("actions", head)
    when = ago(updated, now) if isinstance(updated, (int, float)) else "some time ago"
    first = f"{title}  -  {', '.join(names) if names else 'unnamed table'}"
    count = plural(actions, "action") if type(actions) is int else f"{actions} actions"  # a damaged summary's text
    second = f"{count}  -  {turn_text(turn, names)}  -  {when}"
    return first, second
