"""The Time Runners referee: one State, checked first and mutated after (ALL-1)."""
from __future__ import annotations

import random
from typing import Any

from companion.core import BadRequest, Outcome, State, Turn
from companion.quoting import quoted

from . import events as ev
from .game import TimeRunners
from .actions import (
    DELTA, END, ROLL_BARE, ROLLS, SENSOR_OFF, SENSOR_ON, End, Play, Roll, Sensor, Shuffle, card_name,
)

# Phases. SETUP and RESHUFFLE wait for a shuffle that `automatic` provides; nothing else is accepted then.
SETUP, ROLL_OFF, ROLL, CARDS, RESHUFFLE, OVER = "setup", "roll-off", "roll", "cards", "reshuffle", "over"
PHASES = (SETUP, ROLL_OFF, ROLL, CARDS, RESHUFFLE, OVER)
GOAL = 60
FINISH = "finish"  # the one way the race ends: landing exactly on GOAL (TR-12)
HAND = 6
R = "time-runners/"


def zone(space: int) -> int:
    """TR-2: the hour zone of a space (0..5 -> 1, 6..10 -> 2, ..., 56..59 -> 12)."""
    return 1 if space <= 5 else (space + 4) // 5


_refuse = TimeRunners.refuse  # _refuse("code", "sentence", "TR-4") cites time-runners/TR-4


class TRState(State):
    """The whole table. Internally the draw pile is kept bottom first (top = last item) so drawing is O(1)."""

    __slots__ = (
        "game", "n", "phase", "hour", "pos", "current", "winner", "hands", "draw", "discard",
        "last_roll", "plays", "counted", "ro_round", "ro_seats", "ro_rolls", "starter", "turn_no",
        "sensor_off", "sensing", "sensed", "_cards",
    )

    FIELDS = ("phase", "hour", "pos", "current", "winner", "hands", "draw", "discard", "last_roll", "plays", "counted",
              "ro_round", "ro_seats", "ro_rolls", "starter", "turn_no", "sensor_off")

    def _table(self, game) -> None:
        self.game = game
        self.n = game.players
        self._cards = game._card_table
        self.sensing = False  # any observation received (not journaled)
        self.sensed = None  # latest reading of the hand, 1..12 or None

    def __init__(self, game):
        self._table(game)
        from .actions import DECK
        n = self.n
        self.phase = SETUP
        self.hour = 12
        self.pos = [0] * n
        self.current = None
        self.winner = None
        self.hands = [[] for _ in range(n)]
        self.draw = list(reversed(DECK))  # the box order, top first
        self.discard = []
        self.last_roll = None  # (seat, value, from, to) of the last turn roll; from/to None if unknown
        self.plays = []  # cards played this turn: (seat, code, arg, after_move)
        self.counted = 0  # cards P played after moving (TR-13)
        self.ro_round, self.ro_seats, self.ro_rolls, self.starter = 0, [], [], None
        self.turn_no = 0
        self.sensor_off = False  # TR-18 override, journaled

    # ------------------------------------------------------------------ engine API
    def clone(self) -> "TRState":
        c = TRState.__new__(TRState)
        c.game, c.n, c._cards = self.game, self.n, self._cards
        c.phase, c.hour, c.pos, c.current, c.winner = self.phase, self.hour, self.pos[:], self.current, self.winner
        c.hands = [h[:] for h in self.hands]
        c.draw, c.discard = self.draw[:], self.discard[:]
        c.last_roll, c.plays, c.counted = self.last_roll, self.plays[:], self.counted
        c.ro_round, c.ro_seats, c.ro_rolls, c.starter = self.ro_round, self.ro_seats[:], self.ro_rolls[:], self.starter
        c.turn_no, c.sensor_off, c.sensing, c.sensed = self.turn_no, self.sensor_off, self.sensing, self.sensed
        return c

    def current_player(self) -> int | None:
        return self.current if self.phase in (ROLL_OFF, ROLL, CARDS) else None

    def turn(self) -> Turn:
        ph = self.phase
        if ph == SETUP or ph == RESHUFFLE:
            return Turn.chance()
        if ph == OVER:
            return Turn.over()
        return Turn.seat(self.current)

    def actor(self, action) -> int | None:
        """A card belongs to the seat playing it; `sensor on|off` and a shuffle to the table; the rest to P."""
        t = type(action)
        if t is Play:
            return action.seat
        if t is Sensor or t is Shuffle:
            return None
        return self.current_player()

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return Outcome(winners=(self.winner,), reason=f"Seat {self.winner} landed exactly on 60 (TR-12).",
                       termination=FINISH)

    def hand_in_sync(self) -> bool:
        """TR-18: may a turn roll proceed as far as the clock hand is concerned?"""
        return self.sensor_off or not self.sensing or self.sensed == self.hour

    def complete(self, action, rng: random.Random):
        if type(action) is Roll and action.value is None:
            return ROLLS[rng.randint(1, 6) - 1]
        return action

    def automatic(self, rng: random.Random):
        if self.phase == SETUP or self.phase == RESHUFFLE:
            codes = self.draw[::-1] if self.phase == SETUP else self.discard[:]
            rng.shuffle(codes)
            return Shuffle(tuple(codes))
        return None

    def sense(self, observation: dict[str, Any]) -> list[dict[str, Any]]:
        if not isinstance(observation, dict) or set(observation) != {"hand"}:
            raise BadRequest("bad-observation", 'Time Runners senses only {"hand": H}.', R + "TR-18")
        h = observation["hand"]
        if h is not None and (type(h) is not int or not 1 <= h <= 12):
            raise BadRequest("bad-observation", f"The hand of time points at an hour 1..12, not {quoted(h)}.", R + "TR-18")
        self.sensing, self.sensed = True, h
        return [ev.Sensed(h, self.sensed == self.hour)]

    @property
    def observations(self) -> dict[str, Any]:
        return {"hand": self.sensed} if self.sensing else {}

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list:
        ph = self.phase
        if ph == OVER or ph == SETUP or ph == RESHUFFLE:
            return []
        if ph == ROLL_OFF:
            out = [ROLL_BARE, *ROLLS]
        else:
            cur = self.current
            table = self._cards
            out = []
            if ph == ROLL:
                if self.hand_in_sync():
                    out.append(ROLL_BARE)
                    out.extend(ROLLS)
                for seat, hand in enumerate(self.hands, 1):
                    for code in dict.fromkeys(hand):
                        if code[-1] == "!":
                            out.extend(table[seat, code])
            else:  # CARDS
                for seat, hand in enumerate(self.hands, 1):
                    if seat == cur:
                        for code in dict.fromkeys(hand):
                            out.extend(table[seat, code])
                    else:
                        for code in dict.fromkeys(hand):
                            if code[-1] == "!":
                                out.extend(table[seat, code])
                if self.counted or not self.hands[cur - 1]:
                    out.append(END)
        out.append(SENSOR_ON if self.sensor_off else SENSOR_OFF)
        return out

    # ------------------------------------------------------------------ apply
    def apply(self, action) -> list[dict[str, Any]]:
        t = type(action)
        if t is Play:
            return self._play(action)
        if t is Roll:
            return self._roll(action)
        if t is End:
            return self._end()
        if t is Shuffle:
            return self._shuffle(action)
        if t is Sensor:
            return self._sensor(action)
        _refuse("unknown-action", f"{action!s} is not a Time Runners action.", "unknown-action")

    def _running(self, what: str, setup_rule: str):
        """The first checks every action shares: game over, shuffle pending, setup finished."""
        ph = self.phase
        if ph == OVER:
            _refuse("game-over", f"The game is over: seat {self.winner} won. Nothing more may be played.", "TR-12")
        if ph == SETUP:
            _refuse("setup-not-finished", f"The cards must be shuffled and dealt before {what}.", setup_rule)
        if ph == RESHUFFLE:
            _refuse("shuffle-pending", f"The discard pile must be shuffled into a new draw pile before {what}.", "TR-6")

    def _play(self, a: Play):
        seat, code, arg = a.seat, a.code, a.arg
        instant = code[-1] == "!"
        ph = self.phase
        if ph != CARDS and ph != ROLL:
            self._running("cards are played", "TR-15" if instant else "TR-16")
        if ph == ROLL_OFF:
            if instant:
                _refuse("setup-not-finished", "Instant cards may be played once the first player is known.", "TR-15")
            _refuse("setup-not-finished", "Cards may be played once the first player is known and has moved.", "TR-16")
        n = self.n
        if not 1 <= seat <= n:
            _refuse("no-such-seat", f"There is no seat {seat} at this table of {n}.", "TR-4")
        cur = self.current
        if not instant:
            if seat != cur:
                _refuse("not-your-turn", f"Only seat {cur}, whose turn it is, may play a normal card; "
                        "other players may play Instant cards only.", "TR-16")
            if ph == ROLL:
                _refuse("not-moved-yet", "Roll and move before playing a normal card.", "TR-16")
        hand = self.hands[seat - 1]
        if code not in hand:
            _refuse("card-not-held", f"Seat {seat} holds no {card_name(code)} card.", "card-not-held")
        base = code[:-1] if instant else code
        if base == "set":
            if not 1 <= arg <= 12:
                _refuse("bad-hour", f"The hand of time can be set to an hour 1..12, not {arg}.", "TR-14")
        elif base == "swap":
            if arg == seat:
                _refuse("swap-with-self", "Change position swaps with another runner, not with your own.", "TR-14")
            if not 1 <= arg <= n:
                _refuse("bad-swap-target", f"There is no runner {arg} to change position with.", "TR-14")
        # ---- all checks passed: mutate
        hand.remove(code)
        self.discard.append(code)
        after = ph == CARDS
        self.plays.append((seat, code, arg, after))
        if after and seat == cur:
            self.counted += 1
        card = ev.Card(seat, code, arg, instant)
        if base == "swap":
            pos = self.pos
            a_from, b_from = pos[seat - 1], pos[arg - 1]
            pos[seat - 1], pos[arg - 1] = b_from, a_from
            return [card, ev.Swapped(seat, arg, b_from, a_from)]
        old = self.hour
        if base == "set":
            self.hour = arg
        else:
            self.hour = (old - 1 + DELTA[code]) % 12 + 1
        return [card, ev.Hour(old, self.hour)]

    def _roll(self, a: Roll):
        ph = self.phase
        if ph != ROLL:
            self._running("the die is rolled", "TR-6")
        v = a.value
        if ph == ROLL_OFF:
            if v is None:
                _refuse("roll-not-drawn", "Give the die's value (roll 1..6) or let the companion roll.", "TR-8")
            if not 1 <= v <= 6:
                _refuse("bad-roll", f"A die shows 1..6, not {v}.", "TR-8")
            return self._roll_off(v)
        if ph == CARDS:
            _refuse("already-rolled", f"Seat {self.current} has already rolled and moved this turn.", "TR-10")
        if not self.hand_in_sync():
            if self.sensed is None:
                reason = f"The sensor does not see the hand of time: turn it to {self.hour} before rolling."
            else:
                reason = f"Turn the hand of time to {self.hour} before rolling."
            _refuse("hand-out-of-sync", reason, "hand-out-of-sync")
        if v is None:
            _refuse("roll-not-drawn", "Give the die's value (roll 1..6) or let the companion roll.", "TR-10")
        if not 1 <= v <= 6:
            _refuse("bad-roll", f"A die shows 1..6, not {v}.", "TR-10")
        # ---- mutate: TR-17 the hour is read now
        cur = self.current
        p = self.pos[cur - 1]
        hour = self.hour
        backward = hour == (1 if p <= 5 else (p + 4) // 5)
        if backward:
            to = p - v if p > v else 0
        else:
            to = p + v
            if to > GOAL:
                to = 2 * GOAL - to
        self.pos[cur - 1] = to
        self.last_roll = (cur, v, p, to)
        events = [ev.Rolled(cur, v), ev.Moved(cur, p, to, backward, hour)]
        if to == GOAL:
            self.winner = cur
            self.phase = OVER
            events.append(ev.Won(cur))
        else:
            self.phase = CARDS
        return events

    def _roll_off(self, v: int):
        seat = self.current
        self.ro_rolls.append(v)
        events = [ev.Rolled(seat, v, roll_off=True)]
        seats, rolls = self.ro_seats, self.ro_rolls
        if len(rolls) < len(seats):
            self.current = seats[len(rolls)]
            return events
        top = max(rolls)
        tied = [s for s, r in zip(seats, rolls) if r == top]
        if len(tied) > 1:  # TR-8: only the tied-highest roll again
            self.ro_round += 1
            self.ro_seats, self.ro_rolls = tied, []
            self.current = tied[0]
            events.append(ev.RollOffTie(tied, top, self.ro_round))
            return events
        self.starter = tied[0]
        events.append(ev.FirstPlayer(tied[0]))
        self._start_turn(tied[0], events)
        return events

    def _end(self):
        ph = self.phase
        if ph != CARDS:
            self._running("a turn ends", "TR-6")
        if ph == ROLL_OFF:
            _refuse("setup-not-finished", "The first player is still being rolled for.", "TR-8")
        if ph == ROLL:
            _refuse("not-moved-yet", f"Seat {self.current} must roll and move before ending the turn.", "TR-10")
        cur = self.current
        if not self.counted and self.hands[cur - 1]:
            _refuse("must-play-card", f"Seat {cur} must play at least one card before ending the turn.", "TR-13")
        nxt = cur % self.n + 1
        events = [ev.TurnEnded(cur)]
        self._start_turn(nxt, events)
        return events

    def _start_turn(self, seat: int, events: list):
        self.current = seat
        self.turn_no += 1
        self.plays = []
        self.counted = 0
        events.append(ev.TurnStarts(seat, self.turn_no))
        self._draw_up(seat, events)

    def _draw_up(self, seat: int, events: list):
        """TR-9: draw to six; an empty draw pile waits for a reshuffle (TR-6) and drawing goes on after it."""
        hand = self.hands[seat - 1]
        need = HAND - len(hand)
        draw = self.draw
        k = need if need <= len(draw) else len(draw)
        if k > 0:
            taken = draw[-k:]
            del draw[-k:]
            taken.reverse()
            hand.extend(taken)
            events.append(ev.Drew(seat, k))
        self.phase = RESHUFFLE if need > k else ROLL

    def _shuffle(self, a: Shuffle):
        ph = self.phase
        if ph == OVER:
            _refuse("game-over", f"The game is over: seat {self.winner} won.", "TR-12")
        if ph != SETUP and ph != RESHUFFLE:
            _refuse("no-shuffle-now", "Cards are shuffled only at setup and when a card must be drawn from an "
                    "empty draw pile.", "TR-6")
        expected = self.draw if ph == SETUP else self.discard
        if len(a.codes) != len(expected) or sorted(a.codes) != sorted(expected):
            what = "the whole deck" if ph == SETUP else "exactly the discard pile"
            _refuse("bad-shuffle", f"A shuffle must hold {what} ({len(expected)} cards).", "TR-6")
        new = list(a.codes)
        new.reverse()
        self.draw = new
        if ph == SETUP:
            events = [ev.Shuffled(len(new), "deck")]
            hands, n = self.hands, self.n
            for _ in range(HAND):  # TR-6: deal one card at a time, seat 1 first
                for s in range(n):
                    hands[s].append(new.pop())
            events.extend(ev.Drew(s, HAND) for s in range(1, n + 1))
            self.phase = ROLL_OFF
            self.ro_round, self.ro_seats, self.ro_rolls = 1, list(range(1, n + 1)), []
            self.current = 1
            events.append(ev.RollOff(self.ro_seats[:], 1))
            return events
        self.discard = []
        events = [ev.Shuffled(len(new), "discard")]
        self._draw_up(self.current, events)
        return events

    def _sensor(self, a: Sensor):
        self._running("the sensor is switched", "TR-18")
        if a.on != self.sensor_off:
            _refuse("sensor-already-" + ("on" if a.on else "off"),
                    f"The clock-hand sensor check is already {'on' if a.on else 'off'}.", "TR-18")
        self.sensor_off = not a.on
        return [ev.Sensor("on" if a.on else "off")]

    # ------------------------------------------------------------------ serialisation and views
    def _last_roll_dict(self) -> dict[str, Any] | None:
        if self.last_roll is None:
            return None
        seat, value, start, end = self.last_roll
        return {"seat": seat, "value": value, "from": start, "to": end}

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "time-runners",
            "players": self.n,
            "phase": self.phase,
            "hour": self.hour,
            "positions": self.pos[:],
            "current": self.current,
            "winner": self.winner,
            "hands": [h[:] for h in self.hands],
            "draw_pile": self.draw[::-1],
            "discard_pile": self.discard[::-1],
            "last_roll": self._last_roll_dict(),
            "cards_played": [{"seat": s, "code": c, "arg": g, "after_move": m} for s, c, g, m in self.plays],
            "roll_off": {"round": self.ro_round, "seats": self.ro_seats[:], "rolls": self.ro_rolls[:],
                         "starter": self.starter},
            "turn_number": self.turn_no,
            "sensor_off": self.sensor_off,
        }

    def next_step(self) -> str:
        ph = self.phase
        if ph == ROLL:
            return "roll" if self.hand_in_sync() else "turn-hand"
        if ph == CARDS:
            return "play-or-end" if self.counted or not self.hands[self.current - 1] else "play-card"
        return {SETUP: "shuffle", RESHUFFLE: "shuffle", ROLL_OFF: "roll-off", OVER: "over"}[ph]

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None and (type(seat) is not int or not 1 <= seat <= self.n):
            raise BadRequest("bad-seat", f"There is no seat {quoted(seat)} at this table of {self.n}.", R + "TR-4")
        hour = self.hour
        v = {
            "game": "time-runners",
            "seat": seat,
            "players": self.n,
            "phase": self.phase,
            "next": self.next_step(),
            "hour": hour,
            "positions": self.pos[:],
            "zones": [zone(p) for p in self.pos],
            "backward": [zone(p) == hour for p in self.pos],
            "current": self.current,
            "winner": self.winner,
            "hand_sizes": [len(h) for h in self.hands],
            "draw_count": len(self.draw),
            "discard_count": len(self.discard),
            "discard_top": self.discard[-1] if self.discard else None,
            "last_roll": self._last_roll_dict(),
            "cards_played": [{"seat": s, "code": c, "arg": g, "after_move": m} for s, c, g, m in self.plays],
            "cards_counted": self.counted,
            "roll_off": {"round": self.ro_round, "seats": self.ro_seats[:], "rolls": self.ro_rolls[:],
                         "starter": self.starter},
            "turn_number": self.turn_no,
            "sensor": {
                "check": "off" if self.sensor_off else "on",
                "sensing": self.sensing,
                "hand": self.sensed,
                "in_sync": self.sensing and self.sensed == hour,
                "turn_hand_to": None if self.hand_in_sync() or self.phase == OVER else hour,
            },
        }
        if seat is not None:
            v["hand"] = self.hands[seat - 1][:]
        return v
