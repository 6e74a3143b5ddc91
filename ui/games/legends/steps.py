"""An exchange told step by step: the engine's events, each with the Arena as it stood after it.

The engine resolves a whole exchange (often all three) in the one action that revealed it, whoever made
that action (a tap here, a phone, the computer), and returns what happened as events. The table screen
plays them back one step at a time: each step is the event's own sentence and board steps (its `text`
and `board`, as companion/events.py tells it: nothing here words an event) and a frame, the public Arena
after that event, rebuilt from the table view before the action plus what the events themselves say
(positions, facing, the new Fatigue, tokens). No rule is applied here: a value no event states is left
as it was, and the screen shows the engine's own view again once the playback ends.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from kivy.utils import escape_markup

from ...widgets.told import told_markup

#: events that are not steps of the resolution (the draw, who has picked, private ones, the card panel's
#: own echo of a step, whose events say what happened), and an undo's or a correction's (told whole)
QUIET = {"picked", "drew", "draw", "no-draw", "reshuffle", "my-picks", "primitive", "undone", "corrected"}
#: how a game ended, by its termination code (`Outcome.termination`, the game-over event's `reason`)
ENDINGS = {
    "knockouts": "{who} {wins} on Knock Outs!",
    "shared": "{who} share the win: equal on Knock Outs and on every tie-break",
    "stocks": "{who} {wins}: the other team has no Stock left!",
    "simultaneous-ko": "{who} {wins}: both teams lost their last Stock at once and the tie-breaks decided",
    "draw": "A draw: both teams lost their last Stock at once and every tie-break is equal",
}


def ending_text(termination: str, names: list[str]) -> str:
    """One sentence for how the game ended, worded from the engine's termination code."""
    who = " and ".join(names)
    return ENDINGS.get(termination, "The game is over").format(who=who, wins="wins" if len(names) == 1 else "win")


@dataclass
class Step:
    text: str  # markup: the event's sentence, then its board steps
    sentence: str  # markup: the sentence alone (the steps before the one shown)
    frame: dict[str, Any]
    seats: tuple[int, ...] = field(default_factory=tuple)  # the Legends this step is about
    before: dict[str, Any] = field(default_factory=dict)  # the table view before the change it is a step of


def start_frame(view: dict[str, Any]) -> dict[str, Any]:
    """The public Arena of a table view, in the shape the steps change."""
    return {
        "legends": [{"space": lg["space"], "facing": lg["facing"], "fatigue": lg["fatigue"],
                     "tokens": dict(lg["tokens"]), "block": sum(b[0] for b in lg["block"]),
                     "out": lg["out"] is not None, "form": lg.get("form")} for lg in view.get("legends", [])],
        "initiative": view.get("initiative"),
        "revealed": {int(k): v for k, v in (view.get("revealed") or {}).items()},
        "exchange": view.get("exchange"),
        "pieces": [list(p) for p in view.get("pieces") or []],  # LA-13
    }


def seats_of(event: dict[str, Any]) -> tuple[int, ...]:
    """The seats a step is about (lit on the Arena): its seat, and whoever it struck, pushed or dived into."""
    seats = [event.get(k) for k in ("seat", "target", "by", "dive")]
    seats += list(event.get("seats") or event.get("winners") or [])
    if event.get("type") == "reveal":
        seats += [int(k) for k in event.get("cards") or {}]
    return tuple(dict.fromkeys(s for s in seats if isinstance(s, int)))


def steps_of(events: list[dict[str, Any]], before: dict[str, Any]) -> list[Step]:
    """The told events (the controller's `last_events`) as steps, each with the Arena after it."""
    frame = start_frame(before)
    out: list[Step] = []
    for e in events:
        if e.get("type") in QUIET:
            continue
        change(frame, e)
        if e.get("text"):
            out.append(Step(told_markup([e]), escape_markup(e["text"]), copy.deepcopy(frame), seats_of(e), before))
    return out


def change(frame: dict[str, Any], e: dict[str, Any]) -> None:
    t, s = e["type"], e.get("seat")
    lgs = frame["legends"]
    lg = lgs[s - 1] if isinstance(s, int) and 0 < s <= len(lgs) else None
    if t == "reveal":
        frame["revealed"] = {int(k): v for k, v in e["cards"].items()}
        frame["exchange"] = e["exchange"]
        for x in lgs:
            x["block"], x["tokens"] = 0, {"left": 0, "right": 0}
    elif t == "revealed":
        frame["revealed"][s] = e["card"]
    elif t == "move" or (t == "slide" and e["into"] is not None):
        lg["space"] = e["into"]
        lg["facing"] = e.get("facing", lg["facing"])
    elif t == "turn":
        lg["facing"] = e["facing"]
    elif t == "edge-recovery":
        lg["space"], lg["facing"] = e["into"], e["facing"]
    elif t in ("walk-off", "moved-off", "slide"):
        lg["space"], lg["out"] = e["edge"], True
        lg["tokens"] = {"left": 0, "right": 0}
    elif t == "strike" and isinstance(e["target"], str):
        if e.get("coffin") is not None:
            frame["pieces"][int(e["target"][1:]) - 1][1] = "coffin"
    elif t == "raise":
        coffin = next((p for p in frame["pieces"] if p == [e["space"], "coffin"]), None) if e["flipped"] else None
        if coffin is not None:
            coffin[1] = "zombie"
        else:
            frame["pieces"].append([e["space"], "zombie"])
    elif t == "bury":
        zombie = next((p for p in frame["pieces"] if p == [e["space"], "zombie"]), None)
        if zombie is not None:
            zombie[1] = "coffin"
    elif t == "strike" and e["remaining"]:
        target = lgs[e["target"] - 1]
        target["fatigue"] = e["fatigue"]
        target["tokens"][e["dir"]] += e["tokens"]
    elif t == "fatigue":
        lg["fatigue"] = e["fatigue"]
    elif t == "push":
        lgs[e["target"] - 1]["tokens"][e["dir"]] += e["tokens"]
    elif t == "block":
        lg["block"] += e["amount"]
    elif t == "tokens":
        lg["tokens"] = {"left": 0, "right": 0}
    elif t == "initiative":
        frame["initiative"] = s
    elif t == "form":
        lg["form"] = e["form"]
    elif t == "team-out":
        for x in e["seats"]:
            lgs[x - 1]["eliminated"] = True
    elif t == "return":
        lg["space"], lg["facing"], lg["out"] = e["space"], e["facing"], False
        if "fatigue" in e:
            lg["fatigue"] = e["fatigue"]
    elif t in ("recovery", "game-over"):
        for x in lgs:
            x["block"], x["tokens"] = 0, {"left": 0, "right": 0}
