"""Chronomage sentences from the engine's view: wording only, every number is the engine's.

The view is `CMState.view(None)` (see companion/games/chronomage/__init__.py for its fields); seats
are named the way the table named them, coloured with their Chronomage colour. The rules' numbers
(time units, pre-emptive dice, the deck's phases) are the engine's constants; an ending is worded from
its `Outcome.termination`.
"""
from __future__ import annotations

from typing import Any

from kivy.utils import escape_markup

from companion.core import Outcome
from companion.events import plural
from companion.games.chronomage.actions import TEMPORARY, UNSORTED
from companion.games.chronomage.challenge import phase_at
from companion.games.chronomage.referee import PRE_DICE
from companion.games.chronomage.state import TIME_UNITS
from companion.games.chronomage.words import loot_words  # noqa: F401 (T.loot_words, worded in companion)

from ... import palette
from ...texts import seat_name

ROMAN = {1: "I", 2: "II", 3: "III"}
PHASES = {"strategy": "Strategy", "engagement": "Engagement", "challenge": "Challenge", "cleanup": "Cleanup",
          "over": "Timeline over"}
#: below this many affordable lost challenges the time deck is shown as a warning
WARN_FAILURES = 1
#: how a timeline ended, by its `Outcome.termination` (the game's `terminations`)
ENDINGS = {"boss-defeated": "The boss is defeated: the timeline is safe.",
           "time-deck-empty": "A time card had to be drawn and the time deck was empty.",
           "boss-lost": "The boss was not defeated: the timeline is lost.",
           "no-challenge-left": "The boss was not defeated and no challenge is left."}


def dice(n: int, kind: str = "") -> str:
    """"1 green die", "2 challenge dice"."""
    kind = kind + " " if kind else ""
    return plural(n, kind + "die", kind + "dice")


def colored(text: str, color: str) -> str:
    return f"[color={palette.hex_of(palette.seat_rgba(color))}]{text}[/color]"


def names_of(seats, names: list[str]) -> str:
    who = [seat_name(names, s) for s in seats]
    if len(who) <= 1:
        return "".join(who)
    return ", ".join(who[:-1]) + " and " + who[-1]


def phase_text(v: dict[str, Any]) -> str:
    """The phase and step, e.g. "Challenge · round 1 of 2"."""
    phase, ch = v.get("phase"), v.get("challenge") or {}
    text = PHASES.get(phase, str(phase))
    if phase == "engagement":
        text += " · reveal" if v.get("step") == "reveal" else " · " + ((v.get("card") or {}).get("preemptive") or {}).get("kind", "")
    elif phase == "challenge" and ch:
        text += f" · round {ch['round']} of {ch['rounds']}"
    elif phase == "cleanup":
        text += f" · {v.get('step')} card"
    constant = resist_text(v) if ch.get("type") != "event" else ""  # an event ignores them
    return f"{text} · {constant}" if constant else text


def card_title(v: dict[str, Any]) -> str:
    ch, done = v.get("challenge"), v.get("done") or []
    if not ch and v.get("phase") == "over":
        won = sum(1 for d in done if d.get("result") == "won")
        return f"{won} of {len(done)} challenges won"
    if not ch:
        return f"Challenge {len(done) + 1} of {len(done) + v.get('challenge_deck', 0)}"
    boss = " (boss)" if ch.get("boss") else ""
    return f"{ch['name']}{boss}"


def deck_text(v: dict[str, Any]) -> tuple[str, str]:
    """The time deck and how many lost challenges it still pays for; level "", "warn" or "danger"."""
    deck, left = v.get("time_deck", 0), v.get("failures_left", 0)
    if v.get("phase") == "over":
        return f"Time deck {deck}", ""
    if left <= 0:
        return f"Time deck {deck}\na lost challenge loses", "danger"
    lost = plural(left, "lost challenge") + " left"
    return f"Time deck {deck}\n{lost}", "warn" if left <= WARN_FAILURES else ""


def decks_text(v: dict[str, Any]) -> str:
    """Between challenges: which phase the next card comes from, the decks, the timeline so far."""
    done = v.get("done") or []
    phase = ROMAN[phase_at(len(done))]
    won = sum(1 for d in done if d.get("result") == "won")
    return (f"Next: a phase {phase} card · challenge deck {v.get('challenge_deck', 0)} · loot deck "
            f"{v.get('loot_deck', 0)}\nSo far: {won} won, {len(done) - won} lost")


def round_text(v: dict[str, Any]) -> str:
    """The round's colour, power and dice, e.g. "green round · power 14 for 3 · 1 challenge die"."""
    ch = v.get("challenge") or {}
    if not ch.get("power"):
        return ""
    kind = "each player alone reaches" if ch.get("type") == "event" else "power"
    return f"{colored(ch['color'] + ' round', ch['color'])} · {kind} {ch['power']} · {dice(ch.get('dice') or 0, 'challenge')}"


def weakness_text(weak: dict[str, int]) -> str:
    shown = [colored(f"{n} {c}", c) for c, n in weak.items() if n]
    return "weak: " + ", ".join(shown) if shown else "no weaknesses"


def loot_text(items: list[str]) -> str:
    """A seat's loot by kind (CM-14): the equipment by type, then the temporary and the unsorted cards
    counted, e.g. "robes, staff, 2 temporary"."""
    held = {k: items.count(k) for k in items}
    equipment = [k if n == 1 else f"{n} {k}" for k, n in held.items() if k not in (TEMPORARY, UNSORTED)]
    counted = [f"{held[k]} {word}" for k, word in ((TEMPORARY, "temporary"), (UNSORTED, "loot")) if k in held]
    return ", ".join(equipment + counted)


def row_books_text(v: dict[str, Any], seat: int) -> str:
    """A row's third line: the weaknesses (said only when there are some, if loot is held) and the loot."""
    weak, loot = v["weaknesses"][seat - 1], loot_text(v["loot_items"][seat - 1])
    if not loot:
        return weakness_text(weak)
    return " · ".join(([weakness_text(weak)] if any(weak.values()) else []) + [loot])


def warnings_text(v: dict[str, Any]) -> list[str]:
    """The engine's warnings about the files a game's cards came from (a saved-cards file left out)."""
    return [f"[color={palette.hex_of(palette.WARN)}]{escape_markup(w)}[/color]" for w in v.get("warnings") or []]


def resist_text(v: dict[str, Any]) -> str:
    """The resistances the constant spells in play set (CM-13), e.g. "constant spell: orange 2 dice"; colours
    set to the same dice are named together ("orange, blue 3 dice; green 1 die"), so four fit under the title.
    A spell may name every colour the card prints (the table types what it says); only the table's are shown."""
    playing = v.get("colors") or []
    resist = {c: n for c, n in (v.get("resistances") or {}).items() if c in playing}  # a colour nobody rolls: moot
    if not resist:
        return ""
    by_dice: dict[int, list[str]] = {}
    for c, n in resist.items():
        by_dice.setdefault(n, []).append(c)
    return "constant spell: " + "; ".join(
        ", ".join(colored(c, c) for c in cs[:-1]) + (", " if len(cs) > 1 else "") + colored(f"{cs[-1]} {dice(n)}", cs[-1])
        for n, cs in by_dice.items())


def seat_stats(v: dict[str, Any], seat: int) -> str:
    """Runes showing, hand, formation space, and during a monster round the time units left."""
    i = seat - 1
    parts = [plural(v["spellbook"][i], "rune"), f"{v['hands'][i]} in hand"]
    ch = v.get("challenge") or {}
    if v.get("phase") == "challenge" and ch.get("type") == "monster":
        parts.append(f"{v['time_units_left'][i]}/{TIME_UNITS} time")
    if v.get("phase") == "challenge" and v.get("dice_count"):
        parts.append(dice(v["dice_count"][i]))
    return " · ".join(parts)


def chart_text(v: dict[str, Any], roll: dict[str, Any]) -> str:
    """The attack chart's result of a roll's challenge dice, and the weaknesses it gave."""
    chart = (v.get("card") or {}).get("chart") or []
    faces = []
    for f in roll.get("challenge") or []:
        title = chart[f - 1]["title"] if 0 < f <= len(chart) and chart[f - 1].get("title") else ""
        faces.append(f"{f} {title}".strip())
    hits = roll.get("hits") or []
    got = ", ".join(colored("+" + c, c) for c in hits) if hits else "no hit"
    return f"chart {' & '.join(faces)}: {got}"


def roll_text(v: dict[str, Any], seat: int) -> str:
    """What the seat's roll this round counted and what the attack chart did to them."""
    roll = (v.get("rolls") or [None] * seat)[seat - 1]
    if roll is None:
        return ""
    i, pips = seat - 1, sum(roll["dice"])
    ch = v.get("challenge") or {}
    if ch.get("type") == "monster":
        extra = [f"{v['bonus'][i]} spell" if v["bonus"][i] else "", plural(v["spellbook"][i], "rune") if v["spellbook"][i] else ""]
        extra = [e for e in extra if e]
        on = f"on the {'die' if len(roll['dice']) == 1 else 'dice'}"  # a lone die is no "dice"
        head = f"[b]{roll['result']}[/b] = " + " + ".join([f"{pips} {on}"] + extra) if extra else f"[b]{roll['result']}[/b] {on}"
    else:
        head = f"[b]{roll['result']}[/b] ({'through' if roll['result'] >= (ch.get('power') or 0) else 'short'})"
    faces = roll["dice"]  # the faces the seat rolled, beside the total they make
    rolled = f"rolled {', '.join(map(str, faces[:-1]))} and {faces[-1]}" if len(faces) > 1 else \
        f"rolled {faces[0]}" if faces else "no dice"
    return f"{head} · {rolled} · {chart_text(v, roll)}"


def preemptive_text(v: dict[str, Any], names: list[str]) -> str:
    card = v.get("card") or {}
    p = card.get("preemptive") or {}
    colors = v.get("colors") or []
    who = [s for s in range(1, len(colors) + 1) if colors[s - 1] in p.get("attempt", [])]
    kind = p.get("kind", "")
    scope = "ALL: one for everybody" if p.get("all") else "each alone"
    goal = f", goal {p['goal']}" if p.get("goal") else ""
    weak = f", a miss gives {colored(p['weakness'], p['weakness'])}" if p.get("weakness") else ""
    return f"{kind.capitalize()} ({scope}{goal}{weak}): {p.get('text', '')}\nTakes part: {names_of(who, names) or 'nobody'}"


def hint_text(v: dict[str, Any], names: list[str]) -> str:
    """What the table does next, in one line."""
    phase = v.get("phase")
    if phase == "strategy":
        return "Lay spellbooks, pick spaces, cast preparation spells; then Ready"
    if phase == "engagement" and v.get("step") == "reveal":
        return "Reveal the top card of the challenge deck"
    if phase == "engagement":
        p = (v.get("card") or {}).get("preemptive") or {}
        pre = v.get("preemptive") or {}
        if p.get("kind") == "exploit" and pre.get("attempt") is None:
            return "Exploit: does the table attempt it?"
        if p.get("kind") == "choice":
            return "Choose together" if p.get("all") else "Each player shown chooses"
        return f"Roll {dice(PRE_DICE)}: {names_of(v.get('to_roll') or [], names)}"
    if phase == "challenge":
        waiting = v.get("to_roll") or []
        then = "spells, then dice" if (v.get("challenge") or {}).get("type") == "monster" else "dice"
        return f"Waiting for {names_of(waiting, names)}: {then}" if waiting else ""
    if phase == "cleanup":
        return f"Who takes the {v.get('step')} card?"
    return ""


def ending_text(outcome: Outcome | None) -> str:
    """How the timeline ended, from the engine's termination code."""
    return "" if outcome is None else ENDINGS.get(outcome.termination, "")


def tracker_text(v: dict[str, Any]) -> tuple[str, str]:
    """The big number beside the bar and the sentence under it."""
    dmg, ch = v.get("damage") or {}, v.get("challenge") or {}
    power = dmg.get("power")
    if not power:
        return "", ""
    if ch.get("type") == "event":
        return f"{power} each", ""
    total = dmg.get("total", 0)
    if total >= power:
        return f"{total} / {power}", "enough to win the round"
    return f"{total} / {power}", f"{power - total} more to win the round"


def last_round_text(last: dict[str, Any], names: list[str], won: bool = False) -> str:
    """The round that just closed: the damage and whether it was won, or who got through an event."""
    weak = colored(last["color"], last["color"])
    if "total" in last:
        how = "won" if last.get("success") else f"failed: everyone gains a {weak} weakness; again"
        text = f"Round {last['round']}: {last['total']} / {last['power']} {how}"
    else:
        through = last.get("through") or []
        short = [s for s, x in enumerate(last.get("seats") or [], 1) if x is not None and s not in through]
        text = f"Round {last['round']}: " + (f"{names_of(through, names)} through" if through else "nobody through")
        if short:
            text += f"; {names_of(short, names)} gain a {weak} weakness"
    return text + (" · challenge won" if won else "")
