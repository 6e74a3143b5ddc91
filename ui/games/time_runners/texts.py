"""Time Runners' player-facing sentences built from its engine view: no rules here, only wording.

Every function reads fields the engine already decided (`next`, `current`, `sensor.turn_hand_to`,
the outcome's `termination`, ...) and names seats the way the table does (their names, not numbers).
The track's length and its zones are the engine's (`GOAL`, `zone`).
"""
from __future__ import annotations

from typing import Any

from companion.core import Outcome
from companion.games.time_runners.state import FINISH, GOAL

from ...texts import names_list, seat_name


def ending_text(outcome: Outcome, names: list[str]) -> str:
    """How the race ended, from the outcome's termination code."""
    if outcome.termination == FINISH and outcome.winners:
        return f"{seat_name(names, outcome.winners[0])} wins the race!"
    return "The race is over."


def hint(view: dict[str, Any], names: list[str]) -> str:
    """What the table should do next, in one short sentence (once the race is over: `ending_text`)."""
    nxt = view.get("next")
    who = seat_name(names, view.get("current"))
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
        # where the runner moves is the roll's board step, told under the table (ToldStrip)
        return f"{who}: " + ("play at least one card" if nxt == "play-card" else "play more cards or end the turn")
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
    where = "at Start" if space == 0 else "at the Goal" if space >= GOAL else f"on space {space}"
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
