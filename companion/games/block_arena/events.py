"""Block Arena's events and board steps, worded as the table says them (see companion/events.py).

Squares are named as on the board's edges (`c3`); a block is named by the squares it covers."""
from __future__ import annotations

from companion.events import Event, Names, Shift, Step, opt, registry, value


def squares(names: list[str]) -> str:
    return " and ".join(names)


def flip(from_: list[str], to: list[str], back: bool = False) -> str:
    """Where a flip takes a block (BA-4): a standing one lies down over a neighbour, a lying one stands on one
    of its squares: "on a1 down onto a1 and a2", "on a1 and a2 up to stand on a2"."""
    way = "down onto" if len(to) == 2 else "up to stand on"
    return f"on {squares(from_)} {'back ' if back else ''}{way} {squares(to)}"


# -- board steps -------------------------------------------------------------------------------------

@value
class PlaceBlock(Step):
    type = "place-block"
    seat: int
    squares: list
    undo: bool = opt(False)

    def sentence(self, names: Names) -> str:
        how = "standing on" if len(self.squares) == 1 else "lying on"
        if self.undo:
            return f"Take {names.possessive(self.seat)} block off {squares(self.squares)}"
        return f"Put one of {names.possessive(self.seat)} blocks {how} {squares(self.squares)}"

    def back(self) -> Step:
        return PlaceBlock(self.seat, self.squares, not self.undo)


@value
class MoveBlock(Shift):
    """A block slid or flipped from the squares `from_` to `to`; `carries`: the seat whose meeple rides on it."""

    type = "move-block"
    seat: int
    how: str  # "slide" or "flip"
    from_: list
    to: list
    carries: int | None = opt(None)
    undo: bool = opt(False)

    def sentence(self, names: Names) -> str:
        if self.how == "flip":
            text = f"Flip {names.possessive(self.seat)} block {flip(self.from_, self.to, self.undo)}"
        elif self.undo:
            text = f"Put {names.possessive(self.seat)} block back from {squares(self.from_)} to {squares(self.to)}"
        else:
            text = f"Slide {names.possessive(self.seat)} block from {squares(self.from_)} to {squares(self.to)}"
        if self.carries is not None:
            text += f", with {names.possessive(self.carries)} meeple on it"
        return text


@value
class MoveMeeple(Shift):
    """`from_` None: the meeple is put on the board (setup); `to` None: taken off it (an undone setup)."""

    type = "move-meeple"
    seat: int
    from_: str | None
    to: str | None
    undo: bool = opt(False)

    def sentence(self, names: Names) -> str:
        who = f"{names.possessive(self.seat)} meeple"
        if self.from_ is None:
            return f"Put {who} on {self.to}"
        if self.to is None:
            return f"Take {who} off {self.from_}"
        return f"Move {who} {'back ' if self.undo else ''}from {self.from_} to {self.to}"


# -- events ------------------------------------------------------------------------------------------

@value
class Placed(Event):
    type = "placed"
    seat: int
    squares: list

    def sentence(self, names: Names) -> str:
        how = "standing on" if len(self.squares) == 1 else "lying on"
        return f"{names(self.seat)} places a block {how} {squares(self.squares)}."

    def steps(self, names: Names) -> list[Step]:
        return [PlaceBlock(self.seat, self.squares)]


@value
class MeeplePlaced(Event):
    type = "meeple-placed"
    seat: int
    square: str

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} puts their meeple on {self.square}."

    def steps(self, names: Names) -> list[Step]:
        return [MoveMeeple(self.seat, None, self.square)]


@value
class Slid(Event):
    type = "slid"
    seat: int
    from_: list
    to: list
    carries: int | None = opt(None)  # whose meeple rode on the block (BA-5)

    def sentence(self, names: Names) -> str:
        ride = f", carrying {names.possessive(self.carries)} meeple" if self.carries is not None else ""
        return f"{names(self.seat)} slides a block from {squares(self.from_)} to {squares(self.to)}{ride}."

    def steps(self, names: Names) -> list[Step]:
        return [MoveBlock(self.seat, "slide", self.from_, self.to, self.carries)]


@value
class Flipped(Event):
    type = "flipped"
    seat: int
    from_: list
    to: list

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} flips their block {flip(self.from_, self.to)}."

    def steps(self, names: Names) -> list[Step]:
        return [MoveBlock(self.seat, "flip", self.from_, self.to)]


@value
class MeepleMoved(Event):
    type = "meeple-moved"
    seat: int
    from_: str
    to: str

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} moves their meeple from {self.from_} to {self.to}."

    def steps(self, names: Names) -> list[Step]:
        return [MoveMeeple(self.seat, self.from_, self.to)]


@value
class TurnEnded(Event):
    type = "turn-ended"
    seat: int

    def sentence(self, names: Names) -> str:
        return f"{names.possessive(self.seat)} turn ends."


@value
class TurnStarts(Event):
    type = "turn"
    seat: int

    def sentence(self, names: Names) -> str:
        return f"{names.possessive(self.seat)} turn."


#: the ways a game ends (state.GOAL, STUCK, LIMIT), as the table says them
WHY = {"goal": "reaching the far row", "stuck": "leaving the opponent no move",
       "turn-limit": "being closer to the far row when the turns ran out"}


@value
class GameOver(Event):
    type = "game-over"
    winner: int
    reason: str

    def sentence(self, names: Names) -> str:
        return f"{names(self.winner)} wins by {WHY.get(self.reason, self.reason)}!"


EVENTS = registry(Placed, MeeplePlaced, Slid, Flipped, MeepleMoved, TurnEnded, TurnStarts, GameOver)
