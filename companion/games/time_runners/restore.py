"""`state_from_dict` for Time Runners: a state read back (a journal, a table correction) is checked against
every invariant the rules imply (ALL-3) before it becomes a `TRState`. Imported on first use, not with
the game (listing the game must stay cheap)."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from companion.core import check_state_fields
from companion.shapes import ANY, Bool, Int, Is, ListOf, Nullable, OneOf, Record, Shape

from .game import TimeRunners
from .actions import CODE_SET, DECK_COUNTS, DELTA, WITH_ARG
from .state import CARDS, GOAL, HAND, OVER, PHASES, RESHUFFLE, ROLL, ROLL_OFF, SETUP, TRState, zone

_bad = TimeRunners.invalid_state


@lru_cache(maxsize=None)
def fields(n: int) -> dict[str, Shape]:
    """The JSON shape of every field of an n-player state (checked by `core.check_state_fields`)."""
    seat = Int(1, n, rule="TR-4", means=f"a seat 1..{n}")
    space = Int(0, GOAL, rule="TR-1", means=f"a space 0..{GOAL}")
    code = OneOf(CODE_SET, rule="TR-5", means="a card code")
    codes = ListOf(code, rule="TR-5", means="a list of card codes")
    return {
        "game": Is("time-runners"),
        "players": Is(n, rule="TR-4"),
        "phase": OneOf(PHASES),
        "hour": Int(1, 12, rule="TR-3", means="an hour 1..12"),
        "positions": ListOf(space, length=n, seats=True),
        "current": Nullable(seat),
        "winner": Nullable(seat),
        "hands": ListOf(codes, length=n, seats=True, rule="TR-7"),
        "draw_pile": codes,
        "discard_pile": codes,
        "last_roll": Nullable(Record({"seat": seat, "value": Int(1, 6, rule="TR-10", means="a die face 1..6")},
                                     optional={"from": Nullable(space), "to": Nullable(space)})),
        "cards_played": ListOf(Record({"seat": seat, "code": code, "arg": ANY, "after_move": Bool()})),
        "roll_off": Record({"round": Int(0, means="a count"),
                            "seats": ListOf(Int(1, n), distinct=True, ascending=True,
                                            means="distinct seats in seat order"),
                            "rolls": ListOf(Int(1, 6), means="die values"), "starter": Nullable(seat)}, rule="TR-8"),
        "turn_number": Int(0, means="a count"),
        "sensor_off": Bool(rule="TR-18"),
    }


def state_from_dict(game, d: dict[str, Any]) -> TRState:
    n = game.players
    check_state_fields(d, fields(n), _bad)
    phase, hour, pos, current, winner = d["phase"], d["hour"], d["positions"], d["current"], d["winner"]
    hands, draw, discard, lr, plays, ro = (d["hands"], d["draw_pile"], d["discard_pile"], d["last_roll"],
                                           d["cards_played"], d["roll_off"])
    for i, h in enumerate(hands, 1):
        if len(h) > HAND:
            _bad(f"seat {i} holds {len(h)} cards; a hand never exceeds 6", "TR-9")
    total = Counter(draw) + Counter(discard)
    for h in hands:
        total.update(h)
    if total != DECK_COUNTS:
        count = sum(total.values())
        if count != 70:
            _bad(f"hands, draw and discard pile hold {count} cards, not the deck's 70", "TR-6")
        diff = sorted((total - DECK_COUNTS).elements())
        _bad(f"the cards are not the deck's 70 (too many {diff[0]!r})", "TR-5")
    at_goal = [i for i, p in enumerate(pos, 1) if p == GOAL]
    if lr is not None and ("from" in lr) != ("to" in lr):
        _bad('last_roll must be null or {"seat", "value"[, "from", "to"]}')
    tuples = []
    for e in plays:
        s, c, g, m = e["seat"], e["code"], e["arg"], e["after_move"]
        if c in WITH_ARG:
            if type(g) is not int or not (1 <= g <= (12 if c[:3] == "set" else n)) or (c[:4] == "swap" and g == s):
                _bad(f"a played {c} card has a bad argument {g!r}", "TR-14")
        elif g is not None:
            _bad(f"a played {c} card takes no argument", "TR-14")
        if m and c[-1] != "!" and s != current:
            _bad("a normal card in cards_played was played by someone not in turn", "TR-16")
        if not m and c[-1] != "!":
            _bad("a normal card in cards_played was played before moving", "TR-16")
        tuples.append((s, c, g, m))
    ro_seats, ro_rolls, starter = ro["seats"], ro["rolls"], ro["starter"]
    if len(ro_rolls) > len(ro_seats):
        _bad("roll_off.rolls must be die values, one per seat that has rolled", "TR-8")
    turn_no = d["turn_number"]

    # ---- phase consistency
    if phase == SETUP:
        if any(hands) or discard or any(pos) or hour != 12 or current is not None or lr is not None or plays \
                or ro["round"] != 0 or ro_seats or ro_rolls or starter is not None or turn_no:
            _bad("before the shuffle all 70 cards are in the draw pile, runners on 0, the hour 12, nothing rolled",
                 "TR-6")
    elif phase == ROLL_OFF:
        if any(len(h) != HAND for h in hands) or discard or any(pos) or hour != 12 or lr is not None or plays \
                or turn_no or starter is not None:
            _bad("during the roll-off every hand holds 6, runners are on 0, the hour is 12 and nothing is played",
                 "TR-8")
        if ro["round"] < 1 or len(ro_rolls) >= len(ro_seats) or current != ro_seats[len(ro_rolls)]:
            _bad("the roll-off's next roller must be current", "TR-8")
        if ro["round"] == 1 and ro_seats != list(range(1, n + 1)):
            _bad("every player rolls in the first round of the roll-off", "TR-8")
        if ro["round"] > 1 and len(ro_seats) < 2:
            _bad("a roll-off round after the first has at least two tied players", "TR-8")
    else:
        if starter is None or ro["round"] < 1 or len(ro_rolls) != len(ro_seats) or starter not in ro_seats \
                or max(ro_rolls) != ro_rolls[ro_seats.index(starter)] or ro_rolls.count(max(ro_rolls)) != 1:
            _bad("after the roll-off the starter is the one highest roller", "TR-8")
        if current is None or turn_no < 1:
            _bad("once play has started there is a player in turn", "TR-9")
        if phase == OVER:
            if winner is None or winner != current or at_goal != [winner]:
                _bad("a finished game has exactly one winner, the player in turn, on 60", "TR-12")
        else:
            if winner is not None or at_goal:
                _bad("a runner on 60 has won and the game is over", "TR-12")
        if phase == ROLL and any(m for _, _, _, m in tuples):
            _bad("nobody can have played after moving before the roll", "TR-13")
        if phase in (CARDS, OVER) and (lr is None or lr["seat"] != current):
            _bad("the player in turn has rolled: last_roll must be theirs", "TR-10")
        if phase == RESHUFFLE and (draw or not discard or len(hands[current - 1]) >= HAND or plays):
            _bad("a reshuffle is pending only while the player in turn draws from an empty draw pile", "TR-6")
    if phase != OVER and winner is not None:
        _bad("only a finished game has a winner", "TR-12")
    if phase != SETUP:
        _check_roll_off(n, ro)
    if phase in (ROLL, CARDS, RESHUFFLE, OVER):
        _check_turn(n, phase, hour, pos, current, hands, draw, discard, lr, tuples, starter, turn_no)

    return TRState.from_fields(
        game, phase=phase, hour=hour, pos=list(pos), current=current, winner=winner, hands=[list(h) for h in hands],
        draw=draw[::-1], discard=discard[::-1],
        last_roll=None if lr is None else (lr["seat"], lr["value"], lr.get("from"), lr.get("to")),
        plays=tuples, counted=sum(1 for s, _, _, m in tuples if m and s == current),
        ro_round=ro["round"], ro_seats=list(ro_seats), ro_rolls=list(ro_rolls), starter=starter, turn_no=turn_no,
        sensor_off=d["sensor_off"])


def _check_roll_off(n: int, ro: dict) -> None:
    """TR-8: the first round is the whole table; a later round only the players tied for highest."""
    if ro["round"] == 1 and ro["seats"] != list(range(1, n + 1)):
        _bad(f"roll-off round 1 is rolled by every seat 1..{n}, not {ro['seats']!r}", "TR-8")
    if ro["round"] > 1 and len(ro["seats"]) < 2:
        _bad("a roll-off round after the first has at least two tied players", "TR-8")


def _forward(start: int, value: int) -> int:
    to = start + value
    return 2 * GOAL - to if to > GOAL else to  # TR-12: bounce back the extra steps


def _backward(start: int, value: int) -> int:
    return start - value if start > value else 0  # TR-11: never past Start


def _check_turn(n, phase, hour, pos, current, hands, draw, discard, lr, plays, starter, turn_no) -> None:
    """The turn in progress must be one the rules could have produced (ALL-3)."""
    # TR-4: turns go clockwise from the starter, one seat per turn
    expected = (starter - 1 + turn_no - 1) % n + 1
    if current != expected:
        _bad(f"turn {turn_no} after seat {starter} started is seat {expected}'s, not seat {current}'s", "TR-4")
    # TR-6/TR-14: the cards played this turn lie on top of the discard pile, the latest on top
    codes = [c for _, c, _, _ in plays]
    if discard[:len(codes)] != codes[::-1]:
        _bad("the cards played this turn must be the top of the discard pile, the latest first", "TR-14")
    # TR-10: the cards played before the roll come first
    moved = [m for _, _, _, m in plays]
    if moved != sorted(moved):
        _bad("a card played before moving is listed after one played after moving", "TR-10")
    # TR-9: the mover drew up to six at the start of the turn; only their own plays took cards away since
    if phase != RESHUFFLE:
        held = len(hands[current - 1]) + sum(1 for s, _, _, _ in plays if s == current)
        if held < HAND and not draw:
            _bad(f"seat {current} holds {held} cards with their plays this turn and the draw pile is empty: "
                 "that is a pending reshuffle (phase 'reshuffle')", "TR-6")
        if held != HAND:
            _bad(f"seat {current} drew up to 6 at the start of the turn, but hand and plays this turn "
                 f"make {held}", "TR-9")
    if phase == OVER and any(moved):
        _bad("the winning move ends the game at once: no card is played after it", "TR-12")
    # TR-10: one roll a turn; before it, last_roll is the previous turn's (none before the first)
    if phase in (ROLL, RESHUFFLE):
        if turn_no == 1 and lr is not None:
            _bad("nobody has rolled before the first turn's roll", "TR-10")
        before = (current - 2) % n + 1
        if turn_no > 1 and (lr is None or lr["seat"] != before):
            _bad(f"before seat {current} rolls, last_roll is seat {before}'s roll of the previous turn", "TR-10")
    if lr is None:
        return
    start, to, value = lr.get("from"), lr.get("to"), lr["value"]
    if (start is None) != (to is None):
        _bad("last_roll gives both from and to, or neither", "TR-10")
    if start is None:
        return
    if start == GOAL:
        _bad("a runner on 60 has already won and does not roll again", "TR-12")
    fwd, back = _forward(start, value), _backward(start, value)
    if phase in (CARDS, OVER):
        roll_hour = _hour_at_roll(hour, plays)
        if roll_hour is not None:
            backward = zone(start) == roll_hour
            want = back if backward else fwd
            if to != want:
                how = "backward (its zone is the hour)" if backward else "forward"
                _bad(f"a roll of {value} from {start} at hour {roll_hour} runs {how} to {want}, not {to}",
                     "TR-11" if backward else "TR-12" if start + value > GOAL else "TR-10")
        if not any(c.rstrip("!") == "swap" for c, m in zip(codes, moved) if m) and pos[current - 1] != to:
            _bad(f"seat {current} moved to {to} and no runner swapped since, but stands on {pos[current - 1]}",
                 "TR-10")
    if to not in (fwd, back):
        _bad(f"a roll of {value} from {start} reaches {fwd} forward or {back} backward, not {to}",
             "TR-12" if start + value > GOAL else "TR-11")
    if phase == OVER and to != GOAL:
        _bad("the game ended with the winning roll, which lands on 60", "TR-12")


def _hour_at_roll(hour: int, plays) -> int | None:
    """TR-17: the hour the roll read, undoing the cards played after it; None when a Set hour hides it."""
    for _, code, _, after in reversed(plays):
        if not after:
            break
        if code.rstrip("!") == "set":
            return None
        if code in DELTA:
            hour = (hour - 1 - DELTA[code]) % 12 + 1
    return hour
