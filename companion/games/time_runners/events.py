"""Time Runners' events and board steps, worded as the table says them (see companion/events.py)."""
from __future__ import annotations

from companion.events import Event, Names, Shift, Step, opt, plural, registry, value

from .actions import card_name

GOAL = 60  # state.GOAL (not imported: the state imports these events)


def space(n: int) -> str:
    return "Start" if n == 0 else "the Goal" if n >= GOAL else f"space {n}"


# -- board steps -------------------------------------------------------------------------------------

@value
class MoveRunner(Shift):
    type = "move-runner"
    seat: int
    from_: int
    to: int
    undo: bool = opt(False)

    def sentence(self, names: Names) -> str:
        if self.undo:
            return f"{names.possessive(self.seat)} runner back from {space(self.from_)} to {space(self.to)}"
        return f"Move {names.possessive(self.seat)} runner from {space(self.from_)} to {space(self.to)}"


@value
class SwapRunners(Step):
    """The two runners change places: `seat`'s goes to `seat_to`, `other`'s to `other_to`."""

    type = "swap-runners"
    seat: int
    other: int
    seat_to: int
    other_to: int
    undo: bool = opt(False)

    def sentence(self, names: Names) -> str:
        verb = "Swap back" if self.undo else "Swap"
        return (f"{verb} the runners of {names(self.seat)} and {names(self.other)}: {names(self.seat)} to "
                f"{space(self.seat_to)}, {names(self.other)} to {space(self.other_to)}")

    def back(self) -> Step:
        return SwapRunners(self.seat, self.other, self.other_to, self.seat_to, not self.undo)


@value
class TurnHand(Shift):
    type = "turn-hand"
    from_: int
    to: int
    undo: bool = opt(False)

    def sentence(self, names: Names) -> str:
        return f"Turn the hand of time {'back ' if self.undo else ''}from {self.from_} to {self.to}"


@value
class DrawCards(Step):
    type = "draw-cards"
    seat: int
    count: int
    undo: bool = opt(False)

    def sentence(self, names: Names) -> str:
        if self.undo:
            return f"Put {plural(self.count, 'card')} from {names.possessive(self.seat)} hand back on the draw pile"
        return f"Deal {plural(self.count, 'card')} from the draw pile to {names(self.seat)}"

    def back(self) -> Step:
        return DrawCards(self.seat, self.count, not self.undo)


@value
class Discard(Step):
    type = "discard"
    seat: int
    code: str
    undo: bool = opt(False)

    def sentence(self, names: Names) -> str:
        if self.undo:
            return f"{names(self.seat)} takes {card_name(self.code)} back into their hand from the discard pile"
        return f"{names(self.seat)} puts {card_name(self.code)} face up on the discard pile"

    def back(self) -> Step:
        return Discard(self.seat, self.code, not self.undo)


@value
class Shuffle(Step):
    type = "shuffle"
    what: str  # "deck" (all 70 cards, at setup) or "discard"

    def sentence(self, names: Names) -> str:
        if self.what == "deck":
            return "Shuffle the 70 cards into a draw pile"
        return "Shuffle the discard pile into a new draw pile"

    def back(self) -> Step:
        return self  # never taken back: undo stops at a shuffle (ALL-2)


# -- events ------------------------------------------------------------------------------------------

@value
class Card(Event):
    type = "card"
    seat: int
    code: str
    arg: int | None
    instant: bool

    def sentence(self, names: Names) -> str:
        who, card = names(self.seat), card_name(self.code)
        if self.code.rstrip("!") == "swap":
            return f"{who} plays {card} with {names(self.arg)}."
        if self.code.rstrip("!") == "set":
            return f"{who} plays {card}: the hour becomes {self.arg}."
        return f"{who} plays {card}."

    def steps(self, names: Names) -> list[Step]:
        return [Discard(self.seat, self.code)]


@value
class Swapped(Event):
    type = "swapped"
    seat: int
    other: int
    seat_to: int
    other_to: int

    def sentence(self, names: Names) -> str:
        return (f"{names(self.seat)} and {names(self.other)} change places: {names(self.seat)} to "
                f"{space(self.seat_to)}, {names(self.other)} to {space(self.other_to)}.")

    def steps(self, names: Names) -> list[Step]:
        if self.seat_to == self.other_to:
            return []  # the two runners share a space: nothing moves
        return [SwapRunners(self.seat, self.other, self.seat_to, self.other_to)]


@value
class Hour(Event):
    type = "hour"
    from_: int
    to: int

    def sentence(self, names: Names) -> str:
        if self.from_ == self.to:
            return f"The hour of time stays at {self.to}."
        return f"The hour of time goes from {self.from_} to {self.to}."

    def steps(self, names: Names) -> list[Step]:
        return [] if self.from_ == self.to else [TurnHand(self.from_, self.to)]


@value
class Rolled(Event):
    type = "rolled"
    seat: int
    value: int
    roll_off: bool = opt(False)

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} rolls {self.value}" + (" to see who starts." if self.roll_off else ".")


@value
class Moved(Event):
    type = "moved"
    seat: int
    from_: int
    to: int
    backward: bool
    hour: int

    def sentence(self, names: Names) -> str:
        who = f"{names.possessive(self.seat)} runner"
        if self.from_ == self.to:
            return f"{who} stays at {space(self.to)}."
        way = f" backward (it stands in the zone of hour {self.hour})" if self.backward else ""
        return f"{who} moves{way} from {space(self.from_)} to {space(self.to)}."

    def steps(self, names: Names) -> list[Step]:
        return [] if self.from_ == self.to else [MoveRunner(self.seat, self.from_, self.to)]


@value
class Won(Event):
    type = "won"
    seat: int

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} lands exactly on the Goal and wins the race!"


@value
class RollOff(Event):
    type = "roll-off"
    seats: list
    round: int

    def sentence(self, names: Names) -> str:
        return f"Who starts? {names.all(self.seats)} each roll the die, {names(self.seats[0])} first."


@value
class RollOffTie(Event):
    type = "roll-off-tie"
    seats: list
    value: int
    round: int

    def sentence(self, names: Names) -> str:
        return f"{names.all(self.seats)} tie with {self.value} and roll again."


@value
class FirstPlayer(Event):
    type = "first-player"
    seat: int

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} rolled highest and starts."


@value
class TurnEnded(Event):
    type = "turn-ended"
    seat: int

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} ends the turn."


@value
class TurnStarts(Event):
    type = "turn"
    seat: int
    turn: int

    def sentence(self, names: Names) -> str:
        return f"Turn {self.turn}: {names.possessive(self.seat)} turn."


@value
class Drew(Event):
    """Cards drawn (which ones only the drawer sees, in their hand): made known, so undo stops here."""

    type = "drew"
    constant = {"reveals": True}
    seat: int
    count: int

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} draws {plural(self.count, 'card')}."

    def steps(self, names: Names) -> list[Step]:
        return [DrawCards(self.seat, self.count)]


@value
class Shuffled(Event):
    type = "shuffled"
    cards: int
    what: str

    def sentence(self, names: Names) -> str:
        if self.what == "deck":
            return f"The {self.cards} cards are shuffled and dealt, 6 to each player, one at a time."
        return f"The draw pile is empty: the discard pile's {self.cards} cards are shuffled into a new draw pile."

    def steps(self, names: Names) -> list[Step]:
        return [Shuffle(self.what)]


@value
class Sensor(Event):
    type = "sensor"
    check: str

    def sentence(self, names: Names) -> str:
        if self.check == "off":
            return "The clock-hand sensor check is off: rolls no longer wait for the hand."
        return "The clock-hand sensor check is on: a roll waits until the hand points at the hour."


@value
class Sensed(Event):
    type = "sensed"
    hand: int | None
    in_sync: bool

    def sentence(self, names: Names) -> str:
        if self.hand is None:
            return "The sensor does not see the hand of time."
        return f"The hand of time points at {self.hand}" + ("." if self.in_sync else ", not at the hour.")


EVENTS = registry(Card, Swapped, Hour, Rolled, Moved, Won, RollOff, RollOffTie, FirstPlayer, TurnEnded, TurnStarts,
                  Drew, Shuffled, Sensor, Sensed)
