"""An exchange told step by step: the engine's events as sentences, each with the Arena as it stood.

The engine resolves a whole exchange (often all three) in the one action that revealed it, and
returns what happened as events. The table screen plays them back one step at a time: each step is
a sentence ("Alysia strikes Fitz: Force 2 - Block 1 = 1 ...") and a frame, the public Arena after
that event, rebuilt from the table view before the action plus what the events themselves say
(positions, facing, the new Fatigue, tokens). No rule is applied here: a value no event states is
left as it was, and the screen shows the engine's own view again once the playback ends.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Callable

from .arena import EDGES

#: events that are not steps of the resolution (the draw, who has picked, private ones), and the
#: card panel's own echo of a step (the events it sets off say what happened)
QUIET = {"picked", "drew", "draw", "no-draw", "reshuffle", "my-picks", "primitive"}
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
    text: str
    frame: dict[str, Any]
    seats: tuple[int, ...] = field(default_factory=tuple)  # the Legends this step is about


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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Teller:
    """Sentences for one table: `who(seat)` names a Legend (markup), `card(seat, id)` names a card,
    `winners(seats, termination)` says how the game ended."""

    def __init__(self, who: Callable[[int], str], card: Callable[[int, str], str], winners: Callable[[list, str], str]):
        self.who, self.card, self.winners = who, card, winners

    def steps(self, events: list[dict[str, Any]], before: dict[str, Any]) -> list[Step]:
        frame = start_frame(before)
        out: list[Step] = []
        for e in events:
            if e.get("type") in QUIET:
                continue
            text, seats = self.sentence(e, frame)
            self.change(frame, e)
            if text:
                out.append(Step(text, copy.deepcopy(frame), seats))
        return out

    # -- what a step says ------------------------------------------------------------------------
    def sentence(self, e: dict[str, Any], frame: dict[str, Any]) -> tuple[str, tuple[int, ...]]:
        w, t = self.who, e["type"]
        s = e.get("seat")
        if t == "reveal":
            cards = {int(k): v for k, v in e["cards"].items()}
            later = {int(k): v for k, v in (e.get("later") or {}).items()}  # LA-12 Perfect Timing
            again = "Again, exchange" if e.get("replay") else "Exchange"
            return (f"{again} {e['exchange']}: " + ",  ".join(
                f"{w(k)} " + " then ".join(self.card(k, x) for x in [c, *later.get(k, [])])
                for k, c in sorted(cards.items())), tuple(sorted(cards)))
        if t == "revealed":
            cards = {**frame["revealed"], s: e["card"]}
            return (f"Exchange {e['exchange']}: " + ",  ".join(f"{w(k)} {self.card(k, c)}" for k, c in sorted(cards.items())),
                    (s,))
        if t == "resolve":
            return f"{w(s)} plays {e.get('side') or self.card(s, e['card'])} (Speed {e['speed']})", (s,)  # LA-14
        if t == "edit":
            return f"{w(s)}'s Edit: {self.card(s, e['card'])}, before anything else", (s,)
        if t == "quick-fix":
            return f"Quick Fix: {w(s)} draws, then everyone adds a fourth card for a fourth exchange", (s,)
        if t == "replay":
            return (f"Let's Do That Again: the exchanges again, last first; only {w(s)}'s cards act in full, "
                    "the others only block"), (s,)
        if t == "raise":
            return (f"{w(s)} raises the Coffin on {e['space']}: a Zombie again" if e["flipped"] else
                    f"{w(s)} raises a Zombie on {e['space']}"), (s,)
        if t == "bury":
            return f"{w(s)} buries the Zombie on {e['space']}: a Coffin", (s,)
        if t == "form":
            return f"{w(s)} takes his {e['form']} form", (s,)
        if t == "block":
            return f"{w(s)} blocks {e['amount']}" + (" against foes faced" if e["against"] == "faced" else ""), (s,)
        if t == "move":
            if e.get("dive"):
                return f"{w(s)} dives from {e['from']} to {e['into']}, into {w(e['dive'])}'s space", (s, e["dive"])
            return f"{w(s)} moves from {e['from']} to {e['into']}", (s,)
        if t == "turn":
            why = " (sharing a space)" if e.get("why") == "sharing" else ""
            return f"{w(s)} turns to face {e['facing']}{why}", (s,)
        if t == "edge-recovery":
            return f"{w(s)} lands on the Edge and recovers to {e['into']}, facing {e['facing']}", (s,)
        if t == "walk-off":
            return f"{w(s)} walks off the Edge", (s,)
        if t == "moved-off":
            return f"{w(e['by'])} moves {w(s)} off the Edge", (s, e["by"])
        if t == "strike":
            head = f"{w(s)} strikes {w(e['target'])}: Force {e['force']}"
            if e["remaining"] == 0:
                return head + f", Block {e['block']}: fully blocked", (s, e["target"])
            blocked = f" - Block {e['block']} = {e['remaining']}" if e["block"] else ""
            if isinstance(e["target"], str):  # LA-13: a Zombie
                return head + ": it falls, a Coffin", (s,)
            return (head + blocked + f". Fatigue {e['fatigue']}, {_plural(e['tokens'], 'token')} {e['dir']}",
                    (s, e["target"]))
        if t == "miss":
            return f"{w(s)} strikes, but no foe is in reach", (s,)
        if t == "initiative":
            return f"{w(s)} takes the Initiative", (s,)
        if t == "skipped":
            return f"{w(s)} is out of the Arena: {self.card(s, e['card'])} does nothing", (s,)
        if t == "fatigue":
            return f"{w(s)}'s Fatigue is now {e['fatigue']}", (s,)
        if t == "push":
            return f"{w(s)} puts {_plural(e['tokens'], 'token')} {e['dir']} on {w(e['target'])}", (s, e["target"])
        if t == "tokens":
            held = f"{w(s)} holds {e['right']} right, {e['left']} left"
            if e["net"] == 0:
                return held + ": they cancel out", (s,)
            return held + f": slides {abs(e['net'])} {'right' if e['net'] > 0 else 'left'}", (s,)
        if t == "slide":
            if e["into"] is None:
                return f"{w(s)} is pushed past the Edge ({e['overshoot']} beyond)", (s,)
            onto = " onto the Edge" if e["into"] in EDGES else ""
            return f"{w(s)} slides from {e['from']} to {e['into']}{onto}", (s,)
        if t == "knock-out":
            by = f" by {w(e['by'])}" if e.get("by") else ""
            how = "walked off: Knocked Out" if e["walked"] else "is Knocked Out"
            return f"{w(s)} {how}{by}!", (s,) + ((e["by"],) if e.get("by") else ())
        if t == "team-out":
            return " and ".join(w(x) for x in e["seats"]) + ": no Stock left, the team leaves the Arena", tuple(e["seats"])
        if t == "walked-back":
            return f"{w(s)} walked off the Edge: nobody scores", (s,)
        if t == "return":
            return f"{w(s)} comes back on {e['space']} facing {e['facing']}, Fatigue {e.get('fatigue', '?')}", (s,)
        if t == "recovery":
            return f"End of sequence {e['sequence']}: cards go back to the hands", ()
        if t == "game-over":
            code = e.get("reason", "")  # the game-over event's termination code, not a sentence
            return f"Game over: {self.winners(e['winners'], code)}", tuple(e["winners"])
        return "", ()

    # -- what a step changes on the Arena ------------------------------------------------------------
    @staticmethod
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
