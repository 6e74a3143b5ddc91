"""Player-facing sentences built from an engine view: no rules here, only wording.

Every function reads fields the engine already decided (`next`, `current`, `sensor.turn_hand_to`,
`winner`, ...) and names seats the way the table does (their names, not numbers).
"""
from __future__ import annotations

import time
from typing import Any

from companion.core import CHANCE, SEAT, SEATS, TABLE, Refusal, Turn


#: what the emulated hardware answers to on a laptop (the README lists the same)
EMULATED_CONTROLS = (
    "Emulated hardware: Space or the Dice button presses the dice button. "
    "1-9, 0, - and = point the clock hand at 1 to 12; Left and Right step it; "
    "or drag the hand on the dial."
)


def seat_name(names: list[str], seat: int | None) -> str:
    if seat is None:
        return "Nobody"
    if 1 <= seat <= len(names) and names[seat - 1]:
        return names[seat - 1]
    return f"Seat {seat}"


def names_list(names: list[str], seats) -> str:
    """"Red", "Red and Blue", "Red, Blue and Green"."""
    who = [seat_name(names, s) for s in seats]
    return " and ".join(who) if len(who) < 3 else f"{', '.join(who[:-1])} and {who[-1]}"


def refusal_text(refusal: Refusal) -> str:
    """The reason, and the rule it comes from, as a player reads it."""
    rule = f" ({refusal.rule})" if refusal.rule else ""
    return f"{refusal.reason}{rule}"


def hint(view: dict[str, Any], names: list[str]) -> str:
    """What the table should do next, in one short sentence."""
    nxt = view.get("next")
    who = seat_name(names, view.get("current"))
    if nxt == "over":
        return f"{seat_name(names, view.get('winner'))} wins the race!"
    if nxt == "turn-hand":
        return f"Turn the hand to {view['sensor']['turn_hand_to']}"
    if nxt == "roll-off":
        tied = roll_off_tie(view)
        if tied:
            return f"Tie! {names_list(names, tied)} roll again. {who}: press the dice button"
        return f"Who starts? {who}: press the dice button"
    if nxt == "roll":
        return f"{who}: press the dice button"
    if nxt in ("play-card", "play-or-end"):
        then = "play at least one card" if nxt == "play-card" else "play more cards or end the turn"
        moved = view.get("last_roll") or {}
        if moved.get("seat") == view.get("current") and moved.get("from") not in (None, moved.get("to")):
            return f"Move {who} from {moved['from']} to {moved['to']}, then {then}"
        return f"{who}: {then}"
    if nxt == "shuffle":
        return "Shuffling the cards..."
    return ""


def roll_off_tie(view: dict[str, Any]) -> list[int]:
    """The seats rolling again after a tie for highest (the roll-off record's seats after round 1)."""
    ro = view.get("roll_off") or {}
    if view.get("phase") != "roll-off" or not isinstance(ro.get("round"), int) or ro["round"] < 2:
        return []
    return list(ro.get("seats") or [])


def roll_text(view: dict[str, Any], names: list[str]) -> str:
    ro = view.get("roll_off") or {}
    if view.get("phase") == "roll-off":
        rolls = [f"{seat_name(names, s)} {r}" for s, r in zip(ro.get("seats", []), ro.get("rolls", []))]
        tied = roll_off_tie(view)
        if tied:
            return f"Roll-off: {names_list(names, tied)} tied and roll again" + (". " + ", ".join(rolls) if rolls else "")
        return "Roll-off: " + (", ".join(rolls) if rolls else "nobody has rolled yet")
    last = view.get("last_roll")
    if not last:
        return "No roll yet"
    return f"{seat_name(names, last['seat'])} rolled {last['value']}"


def zone_text(view: dict[str, Any], names: list[str], spaces: list[int]) -> str:
    """What the shaded `spaces` (the hour's zone, as the dial shades it) mean, and who stands there now
    (the engine's `backward`)."""
    if view.get("phase") == "over" or not spaces:
        return ""
    first, last = min(spaces), max(spaces)
    there = [i + 1 for i, back in enumerate(view.get("backward") or []) if back]
    now = f" Now: {names_list(names, there)}." if there else ""
    return f"Shaded spaces {first}-{last}, the zone of hour {view['hour']}: a runner there runs backward by its roll.{now}"


def runner_text(view: dict[str, Any], names: list[str], seat: int) -> str:
    """A tapped runner: its name, space and which way its next roll runs, from the engine's view."""
    who = seat_name(names, seat)
    positions = view.get("positions") or []
    if not 1 <= seat <= len(positions):
        return who
    space = positions[seat - 1]
    where = "at Start" if space == 0 else "at the Goal" if space >= 60 else f"on space {space}"
    if view.get("phase") == "over":
        return f"{who} (seat {seat}) is {where}. The race is over."
    zones, backward = view.get("zones") or [], view.get("backward") or []
    if seat > min(len(zones), len(backward)):
        return f"{who} (seat {seat}) is {where}."
    way = ("backward: it stands in the zone of the hour the hand points at" if backward[seat - 1]
           else f"forward: it stands in hour {zones[seat - 1]}'s zone")
    return f"{who} (seat {seat}) is {where}. With the hand at {view.get('hour')}, its next roll runs {way}."


def piles_text(view: dict[str, Any]) -> str:
    return f"Draw pile {view.get('draw_count', 0)}   Discard {view.get('discard_count', 0)}"


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
    second = f"{actions} actions  -  {turn_text(turn, names)}  -  {when}"
    return first, second
