"""`state_from_dict`: a table's books read back and checked (ALL-3), so a hand correction cannot make
an impossible table: cards conserved (CM-2), the card out fitting its place in the deck, rolls that
match their dice, a round that has not already closed. The card out is read from the state itself (its
library fields, checked by the library's checks), so a table comes back without its library file.

The primary fields are read; the derived ones (`challenge_deck`, `challenge`, `damage`) must equal
what the rebuilt state derives.
"""
from __future__ import annotations

import json
from functools import lru_cache, partial
from typing import Any

from companion.core import check_state_fields
from companion.shapes import ANY, Bool, Int, Is, ListOf, Map, Nullable, OneOf, Record, Shape, Text, Tuple

from .game import Chronomage
from .actions import KIND_RE
from .challenge import DECK, ChallengeDeck, Preemptive, RoundBooks
from .piles import LOOT_DECK, LootCards, SpellCards, time_deck_size
from .referee import ENDED_BY, MAX_RESISTANCE
from .timeline import ID_RE, LibraryError, inline, parse_card
from .rules import COLORS
from .state import CHALLENGE, CLEANUP, ENGAGEMENT, OVER, PHASES, STEPS, STRATEGY, TIME_UNITS, CMState

bad = Chronomage.invalid_state  # a table read back (ALL-3)


@lru_cache(maxsize=None)
def fields(n: int, colors: tuple[str, ...], timeline: str) -> dict[str, Shape]:
    """The JSON shape of every field of this table's books (`core.check_state_fields`); the derived fields
    (`challenge_deck`, `challenge`, `damage`) and the card out are checked against what they derive from."""
    per_seat = partial(ListOf, length=n, seats=True)
    count, seat = Int(0, 10**6), Int(1, n, rule="ALL-3", means=f"a seat 1..{n}")
    faces = ListOf(Int(1, 6), ascending=True, rule="ALL-3", means="sorted die faces 1..6")
    return {
        "game": Is("chronomage"), "players": Is(n),
        "colors": Is(list(colors), rule="CM-1"),
        "timeline": Is(timeline, rule="CM-3"),
        "phase": OneOf(PHASES), "step": ANY,
        "time_deck": Int(0, time_deck_size(n)), "loot_deck": Int(0, LOOT_DECK),
        "challenge_deck": ANY,
        "done": ListOf(Record({"id": Text(pattern=ID_RE), "result": OneOf(("won", "lost"))}), high=DECK,
                       means='a list of at most 16 entries {"id": card, "result": "won" or "lost"}'),
        "card": ANY, "challenge": ANY, "damage": ANY,
        "weaknesses": per_seat(Record({c: Int(0, 10**6, rule="ALL-3") for c in COLORS}), rule="CM-12"),
        "formation": per_seat(Int(1, 3)),
        "spellbook": per_seat(count), "hands": per_seat(count), "spent": per_seat(count),
        "loot": per_seat(count),
        "loot_items": per_seat(ListOf(Text(pattern=KIND_RE), high=2 * n + LOOT_DECK, rule="CM-14",
                                      means="a list of loot kinds: temporary or an equipment type in lower case")),
        "loot_discard": Int(0, 2 * n + LOOT_DECK, rule="CM-2"),
        "time_used": per_seat(Int(0, TIME_UNITS)), "bonus": per_seat(Int(0, TIME_UNITS * 9)),
        "rolls": per_seat(Nullable(Record({"dice": faces, "challenge": faces, "result": ANY, "hits": ANY},
                                          rule="CM-11"))),
        "through": per_seat(Bool()),
        "assists": ListOf(Tuple((seat, seat)), rule="ASSIST", means="a list of [from, to] pairs"),
        "preemptive": Nullable(Record({"attempt": Nullable(Bool()), "results": per_seat(ANY),
                                       "rolls": per_seat(Nullable(ListOf(Int(1, 6, rule="ALL-3"), length=3,
                                                                         rule="X-4")))}), rule="PREEMPT"),
        "anomaly": Nullable(faces),
        "reversed": Bool(rule="X-7"),
        "result": ANY, "reason": ANY,
        "last_round": Nullable(Record(  # the closed round's summary the table's tracker shows
            {"round": Int(1, 10**6), "color": OneOf(COLORS), "power": count, "success": Bool(),
             "seats": per_seat(Nullable(count))},
            optional={"total": count, "through": ListOf(seat, distinct=True)}), rule="ALL-3"),
        "resistances": Map(COLORS, Int(0, 3, rule="CM-13"), rule="CM-13"),
    }


#: how deep a table's books nest at most (the card out's chart: state, card, chart, face, weakness), with room
MAX_DEPTH = 12


def _too_deep(x: Any) -> bool:
    """Whether `x` nests lists and objects deeper than any table's books do (walked without recursion, so a
    value nested thousands deep is refused, not a RecursionError in a later check or in the journal)."""
    stack = [(x, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, (list, dict)):
            if depth > MAX_DEPTH:
                return True
            stack.extend((c, depth + 1) for c in (v.values() if isinstance(v, dict) else v))
    return False


def state_from_dict(game, d: dict[str, Any]) -> CMState:
    n = game.players
    if _too_deep(d):
        bad(f"a value is nested more than {MAX_DEPTH} lists or objects deep; a table's books never are")
    check_state_fields(d, fields(n, tuple(game.options["colors"]), game.timeline.name), bad)
    phase, step = d["phase"], d["step"]
    if step not in STEPS[phase]:
        bad(f"there is no phase {phase!r} with step {step!r}")

    spell_cards, loot_cards = SpellCards.from_dict(d), LootCards.from_dict(d)
    spell_cards.check(n, bad)
    if d["loot"] != loot_cards.loot:
        bad("loot must count each player's loot_items", "CM-14")
    loot_cards.check(n, bad)

    # the challenge deck: the cards played, and the card out with its data (no library file needed)
    deck = ChallengeDeck.from_dict(d)
    known = game.catalogue  # the cards kept with the game; a typed card's boss mark went with its reveal
    deck.check(phase == OVER, known, bad)
    done = deck.done
    ch, raw = d["challenge"], d["card"]
    if (ch is None) != (raw is None):
        bad("a challenge is out exactly when its card is", "REVEAL")
    card, round_ = None, 0
    if raw is not None:
        if not isinstance(ch, dict) or not deck.left():
            bad("a card is out only while the deck is not yet played through", "CM-2")
        try:
            card = parse_card(inline(raw), "the card out")
        except (LibraryError, TypeError) as exc:
            bad(exc.reason if isinstance(exc, LibraryError) else "the card out is not a card's table", "CM-3")
        if card.id in known and known[card.id] != card:  # won, it would play the library's card (its boss mark)
            bad(f"the card out has the id {card.id!r} of the library's {known[card.id].name} but other data; a card "
                "typed at the table takes an id of its own", "X-15")
        if not deck.fits(card):
            bad(f"{card.name} cannot be the challenge number {len(done) + 1}", "REVEAL")
        if any(r.power_for(n) is None for r in card.rounds):
            bad(f"{card.name} has no power number for {n} players", "CM-3")
        round_ = ch.get("round")
        if type(round_) is not int or not 0 <= round_ <= len(card.rounds):
            bad(f"challenge.round must be a whole number 0..{len(card.rounds)}, not {round_!r}")
    if d["result"] is not None or phase == OVER:
        if phase != OVER or d["result"] not in ("victory", "defeat") or not isinstance(d["reason"], str) \
                or not d["reason"]:
            bad("a finished timeline, and only one, has a result (victory or defeat) and a reason", "OVER")
    elif d["reason"] != "":
        bad("a running timeline has no reason of an outcome")
    if phase == OVER and d["result"] == "victory" and (
            card is not None or len(done) <= 10 or done[-1][1] != "won"
            or (done[-1][0] in known and not known[done[-1][0]].boss)):
        bad("a timeline is won by defeating the boss, a phase III card", "CM-10")
    last, pre = d["last_round"], d["preemptive"]
    if last is not None and ("total" in last) == ("through" in last):
        bad("last_round is a monster round's summary (with its total) or an event round's (with who got through)")

    st = CMState.from_fields(
        game, phase=phase, step=step, spell_cards=spell_cards, loot_cards=loot_cards, challenge_deck=deck, card=card,
        round=round_, formation=list(d["formation"]), weaknesses=[dict(w) for w in d["weaknesses"]],
        preemptive=None if pre is None else Preemptive.from_dict(pre), this_round=RoundBooks.from_dict(d),
        through=list(d["through"]), anomaly=None if d["anomaly"] is None else tuple(d["anomaly"]),
        reversed=d["reversed"], resistances=dict(d["resistances"]), result=d["result"],
        termination=ENDED_BY.get(d["reason"], ""), reason=d["reason"], last_round=None if last is None else dict(last))
    if st.resistances and not any(st.spell_cards.spent):
        bad("resistances are changed only by a constant spell in play, and no spell is", "CM-13")
    in_round = phase == CHALLENGE or (phase == OVER and st.card is not None and st.round)
    _round_checks(st, in_round)
    _phase_checks(st)
    if any(json.dumps(d[k], sort_keys=True) != json.dumps(v, sort_keys=True)  # 16.0 is not the count 16
           for k, v in st.to_dict().items() if k in ("challenge_deck", "challenge", "damage", "card")):
        bad("challenge_deck, challenge or damage do not match the books")
    return st


def _round_checks(st: CMState, in_round: bool) -> None:
    books = st.this_round
    rolls = books.rolls
    event = st.card is not None and st.card.type == "event"
    for s, (used, bonus, spent) in enumerate(zip(books.time_used, books.bonus, st.spell_cards.spent), 1):
        if (used or bonus) and not spent or bonus > 9 * spent:
            bad(f"seat {s}'s time units and bonus this round come from the spells it has cast", "CM-5")
    if not in_round:
        if any(books.time_used) or any(books.bonus) or any(r is not None for r in rolls) or books.assists:
            bad("time units, bonuses, rolls and assists belong to a challenge round", "CM-5")
        if any(st.through) and not (st.phase == CLEANUP and event):
            bad("only an event being fought has players through it", "EVENT")
        return
    if not event and (any(st.through) or books.assists):
        bad("only an event has players through it or dice given", "ASSIST")
    givers = [g for g, _ in books.assists]
    if len(set(givers)) != len(givers) or any(not st.through[g - 1] or st.through[r - 1] for g, r in books.assists):
        bad("a die is given once a round by a player through the event to one still in it", "ASSIST")
    if event and (any(books.time_used) or any(books.bonus)):
        bad("no spells are cast in an event", "EVENT")
    if st.card is None or st.round == 0:
        bad("a challenge being fought is in a round", "CM-11")
    power, m = st.power(), st.round_info().dice
    for s, r in enumerate(rolls, 1):
        if r is None:
            continue
        if event and st.through[s - 1]:
            bad(f"seat {s} is through the event and does not roll", "EVENT")
        dice, chal = list(r["dice"]), list(r["challenge"])
        count_ok = len(dice) == st.own_dice(s) or (  # a constant spell cast after this roll changes later ones
            not event and st.colors[s - 1] in st.resistances and len(dice) <= MAX_RESISTANCE)
        if not count_ok or len(chal) != m:
            bad(f"seat {s} rolls {st.own_dice(s)} dice and {m} challenge dice", "MONSTER")
        result = sum(dice) + (0 if event else books.bonus[s - 1] + st.spell_cards.spellbook[s - 1])
        hits = [w for f in chal for w in st.card.chart[f - 1].weakness
                if st.formation[s - 1] in st.card.chart[f - 1].spaces]
        if event and result < power:
            hits.append(st.round_info().color)
        if r["result"] != result or r["hits"] != hits:
            bad(f"seat {s}'s result and hits do not follow from the dice", "CM-4")
    if st.phase == CHALLENGE and not st.to_roll():
        bad("every player has rolled: the round would have closed", "CM-11")


def _phase_checks(st: CMState) -> None:
    ph, card, pre = st.phase, st.card, st.preemptive
    if pre is not None:
        if card is None:
            bad('preemptive is {"attempt", "results", "rolls"} while a card is out', "PREEMPT")
        pre.check(card, bad)
    if ph != OVER and (card is not None) != (st.preemptive is not None):
        bad("the pre-emptive record exists exactly while a card is out", "PREEMPT")
    if ph == STRATEGY or (ph == ENGAGEMENT and st.step == "reveal"):
        if card is not None:
            bad("no challenge is out before the reveal", "REVEAL")
    elif ph in (ENGAGEMENT, CHALLENGE, CLEANUP) and card is None:
        bad(f"the {ph} phase has a challenge out", "REVEAL")
    over = pre.over(card, st.eligible(), st.seats, bad) if pre is not None else None
    if ph == ENGAGEMENT and st.step == "preemptive":
        if st.round != 0 or over:
            bad("the pre-emptive action is still waiting for somebody", "PREEMPT")
    elif ph in (CHALLENGE, CLEANUP) and st.round == 0:
        bad("a challenge being fought is in a round", "CM-11")
    elif over is False:
        bad("the challenge begins once the pre-emptive action is over", "PREEMPT")
    if ph == CLEANUP and (st.round != len(card.rounds) or (card.type == "event" and not all(st.through))):
        bad("cleanup follows the challenge's last round", "CLEANUP")
    if ph == CLEANUP and st.step == "time" and st.spell_cards.time_deck == 0:
        bad("cleanup's time card cannot come from an empty time deck: the timeline was lost when the challenge "
            "was won", "CM-8")
    if ph == CLEANUP and st.step == "loot" and st.loot_cards.loot_deck == 0:
        bad("the loot step is skipped when the loot deck is empty", "X-9")
    anomaly, rev = st.anomaly, st.reversed
    if anomaly is not None:
        if not rev or ph != CHALLENGE and ph != OVER:
            bad("anomaly dice lie on the table from reversing time until cleanup", "CM-9")
        if len(anomaly) != 2:
            bad("there are two anomaly dice", "CM-9")
    else:
        if rev and ph == CHALLENGE:
            bad("time was reversed: the anomaly dice are on the table", "CM-9")
    if rev and ph not in (CHALLENGE, CLEANUP, OVER):
        bad("time is reversed only during a challenge", "X-7")
