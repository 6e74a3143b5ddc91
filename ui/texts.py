"""Player-facing sentences built from an engine view: no rules here, only wording.

Every function reads fields the engine already decided (`next`, `current`, `sensor.turn_hand_to`,
`winner`, ...) and names seats the way the table does (their names, not numbers).
"""
from __future__ import annotations

import time
from typing import Any

from companion.core import Refusal


def seat_name(names: list[str], seat: int | None) -> str:
    if seat is None:
        return "Nobody"
    if 1 <= seat <= len(names) and names[seat - 1]:
        return names[seat - 1]
    return f"Seat {seat}"


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


def roll_text(view: dict[str, Any], names: list[str]) -> str:
    ro = view.get("roll_off") or {}
    if view.get("phase") == "roll-off":
        rolls = [f"{seat_name(names, s)} {r}" for s, r in zip(ro.get("seats", []), ro.get("rolls", []))]
        return "Roll-off: " + (", ".join(rolls) if rolls else "nobody has rolled yet")
    last = view.get("last_roll")
    if not last:
        return "No roll yet"
    return f"{seat_name(names, last['seat'])} rolled {last['value']}"


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


def session_line(title: str, summary: dict[str, Any], head: int, updated: float, now: float | None = None) -> tuple[str, str]:
    """Two lines for a resume list: game and players; progress, whose turn, when."""
    names = (summary.get("table") or {}).get("names") or []
    current = summary.get("current")
    turn = f"{seat_name(names, current)}'s turn" if current else "setting up"
    actions = summary.get("actions", head)
    first = f"{title}  -  {', '.join(names) if names else 'unnamed table'}"
    second = f"{actions} actions  -  {turn}  -  {ago(updated, now)}"
    return first, second
