"""Legends of the Arena's events and board steps, worded as the table says them (see companion/events.py).

The physical board the steps keep: each Legend's space (0 and 6 are the Edges) and facing, its Fatigue, the
Push tokens on it by direction, its form (Lucius), and Lord Grym's Zombies and Coffins by space. Cards are
named by their printed titles (`Names.game`'s Legends)."""
from __future__ import annotations

from typing import Any

from companion.events import Cards, Event, Names, Shift, Step, local, opt, plural, registry, value


def card(names: Names, seat: int, code: str, form: str | None = None) -> str:
    game = names.game
    if game is None or not getattr(game, "legends", None):
        return code
    return game.legends[seat - 1].card_name(code, form)


def legend(names: Names, seat: int) -> str:
    """A Legend as the Arena shows it, by its name, with whose it is: "Fitz (Ben)" ("Ben's Legend" when the
    game names no Legends, "Fitz" alone when the seat is called Fitz)."""
    legends = getattr(names.game, "legends", None) or ()
    if not 0 < seat <= len(legends):
        return f"{names.possessive(seat)} Legend"
    name = legends[seat - 1].name
    return name if names(seat) == name else f"{name} ({names(seat)})"


def where(space: int | None) -> str:
    return "out of the Arena" if space is None else "the left Edge" if space == 0 else \
        "the right Edge" if space == 6 else f"space {space}"


def other(d: str) -> str:
    return "left" if d == "right" else "right"


# -- board steps -------------------------------------------------------------------------------------

@value
class MoveLegend(Shift):
    type = "move-legend"
    seat: int
    from_: int
    to: int
    undo: bool = opt(False)

    def sentence(self, names: Names) -> str:
        back = "back " if self.undo else ""
        return f"Move {legend(names, self.seat)} {back}from {where(self.from_)} to {where(self.to)}"


@value
class TurnLegend(Step):
    type = "turn-legend"
    seat: int
    facing: str
    undo: bool = opt(False)

    def sentence(self, names: Names) -> str:
        return f"Turn {legend(names, self.seat)} {'back ' if self.undo else ''}to face {self.facing}"

    def back(self) -> Step:
        return TurnLegend(self.seat, other(self.facing), not self.undo)


@value
class Fatigue(Shift):
    type = "fatigue-marker"
    seat: int
    from_: int
    to: int
    undo: bool = opt(False)

    def sentence(self, names: Names) -> str:
        back = "back " if self.undo else ""
        return f"Move {names.possessive(self.seat)} Fatigue marker {back}from {self.from_} to {self.to}"


@value
class PushTokens(Step):
    """`count` Push tokens pointing `dir` put on (`count` > 0) or taken off (< 0) the seat's Legend."""

    type = "push-tokens"
    seat: int
    dir: str
    count: int

    def sentence(self, names: Names) -> str:
        if self.count >= 0:
            return f"Put {plural(self.count, 'Push token')} pointing {self.dir} on {legend(names, self.seat)}"
        return f"Take {plural(-self.count, 'Push token')} pointing {self.dir} off {legend(names, self.seat)}"

    def back(self) -> Step:
        return PushTokens(self.seat, self.dir, -self.count)


@value
class Piece(Step):
    """A Zombie or Coffin on `space`: `from_` the piece there before (None: none), `to` the piece after."""

    type = "zombie"
    space: int
    from_: str | None
    to: str | None

    def sentence(self, names: Names) -> str:
        if self.from_ is None:
            return f"Put a Zombie on {where(self.space)}"
        if self.to is None:
            return f"Take the {self.from_.capitalize()} off {where(self.space)}"
        return f"Turn the {self.from_.capitalize()} on {where(self.space)} over: it is a {self.to.capitalize()}"

    def back(self) -> Step:
        return Piece(self.space, self.to, self.from_)


@value
class Form(Step):
    type = "flip-legend"
    seat: int
    form: str
    was: str

    def sentence(self, names: Names) -> str:
        return f"Turn {legend(names, self.seat)} over to its {self.form} side"

    def back(self) -> Step:
        return Form(self.seat, self.was, self.form)


# -- cards -------------------------------------------------------------------------------------------

@value
class NoDraw(Event):
    type = "no-draw"
    seat: int

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} draws no card: their Meter is empty."


@value
class Drew(Event):
    type = "drew"
    seat: int

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} draws a card from their Meter."

    def steps(self, names: Names) -> list[Step]:
        return [Cards(self.seat, "Move the top card of {whose} Meter to their hand",
                      "Put that card back on top of {whose} Meter")]


@value
class Draw(Event):
    """Which card was drawn: seen by the drawer (and, in Teams, teammates)."""

    type = "draw"
    seat: int
    card: str
    visible_to: list

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} draws {card(names, self.seat, self.card)}."


@value
class Reshuffle(Event):
    type = "reshuffle"
    seat: int
    cards: int

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} shuffles {plural(self.cards, 'Special')} back into their Meter."

    def steps(self, names: Names) -> list[Step]:
        return [Cards(self.seat, f"Shuffle {plural(self.cards, 'Special')} into {{whose}} Meter",
                      "Take those Specials back out of {whose} Meter")]


@value
class Picked(Event):
    type = "picked"
    seat: int

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} has picked their cards."


@value
class MyPicks(Event):
    type = "my-picks"
    seat: int
    cards: list
    visible_to: list

    def sentence(self, names: Names) -> str:
        titles = [card(names, self.seat, c) for c in self.cards]
        return f"{names(self.seat)} picks {', then '.join(titles)}."


@value
class Reveal(Event):
    type = "reveal"
    constant = {"reveals": True}
    sequence: int
    exchange: int
    cards: dict
    later: dict | None = opt(None)
    edits: dict | None = opt(None)
    replay: bool = opt(False)

    def sentence(self, names: Names) -> str:
        played = [f"{names(int(s))} shows {card(names, int(s), c)}" for s, c in self.cards.items()]
        again = " (played again)" if self.replay else ""
        return f"Sequence {self.sequence}, exchange {self.exchange}{again}: " + ("; ".join(played) or "no cards") + "."


@value
class Revealed(Event):
    type = "revealed"
    seat: int
    card: str
    exchange: int
    edit: bool = opt(False)

    def sentence(self, names: Names) -> str:
        what = "their Edit " if self.edit else ""
        return f"{names(self.seat)} reveals {what}{card(names, self.seat, self.card)}."


@value
class Recovery(Event):
    type = "recovery"
    sequence: int

    def sentence(self, names: Names) -> str:
        return f"Sequence {self.sequence} ends: everyone takes their basic cards back."


@value
class Edit(Event):
    type = "edit"
    seat: int
    card: str

    def sentence(self, names: Names) -> str:
        return f"{names.possessive(self.seat)} Edit: {card(names, self.seat, self.card)}."


@value
class QuickFix(Event):
    type = "quick-fix"
    seat: int

    def sentence(self, names: Names) -> str:
        return f"Quick Fix: {names(self.seat)} draws a fourth card."


@value
class Replay(Event):
    type = "replay"
    seat: int

    def sentence(self, names: Names) -> str:
        return f"Let's Do That Again: {names(self.seat)} plays the exchanges again, back to the first."


# -- resolving cards ---------------------------------------------------------------------------------

@value
class Resolve(Event):
    type = "resolve"
    seat: int
    card: str
    speed: int
    side: str | None = opt(None)

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} plays {card(names, self.seat, self.card, self.side)} (Speed {self.speed})."


@value
class Skipped(Event):
    type = "skipped"
    seat: int
    card: str

    def sentence(self, names: Names) -> str:
        played = card(names, self.seat, self.card)
        return f"{names.possessive(self.seat)} {played} does nothing: {legend(names, self.seat)} is out of the Arena."


@value
class Primitive(Event):
    """A step of a card played by hand (LA-4). `step` is its notation, or the `do` action itself: its notation is
    made when the event is read (a panel step's first apply would otherwise pay more for it than for the step)."""

    type = "primitive"
    seat: int
    step: Any  # str, or an action whose str() is its notation

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "step": str(self.step)}

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} plays a step of their card by hand."


@value
class Turned(Event):
    type = "turn"
    seat: int
    facing: str
    why: str | None = opt(None)

    def sentence(self, names: Names) -> str:
        why = " to face the Legend sharing its space" if self.why == "sharing" else ""
        return f"{legend(names, self.seat)} turns{why} and faces {self.facing}."

    def steps(self, names: Names) -> list[Step]:
        return [TurnLegend(self.seat, self.facing)]


@value
class Move(Event):
    type = "move"
    seat: int
    from_: int
    into: int
    dive: int | str | None = opt(None)
    facing: str | None = opt(None)
    facing_was: str | None = local()

    def sentence(self, names: Names) -> str:
        dive = f" diving at {target(names, self.dive)}" if self.dive is not None else ""
        return f"{legend(names, self.seat)} moves{dive} from {where(self.from_)} to {where(self.into)}."

    def steps(self, names: Names) -> list[Step]:
        turn = [TurnLegend(self.seat, self.facing)] if self.facing and self.facing != self.facing_was else []
        return turn + [MoveLegend(self.seat, self.from_, self.into)]


def target(names: Names, who: int | str) -> str:
    return f"the Zombie {who}" if isinstance(who, str) else names(who)


@value
class WalkOff(Event):
    type = "walk-off"
    seat: int
    from_: int
    edge: int
    dropped: dict | None = opt(None)

    def sentence(self, names: Names) -> str:
        return f"{legend(names, self.seat)} walks off {where(self.edge)}, out of the Arena."

    def steps(self, names: Names) -> list[Step]:
        return [MoveLegend(self.seat, self.from_, self.edge)] + dropped(self.seat, self.dropped)


@value
class MovedOff(Event):
    type = "moved-off"
    seat: int
    from_: int
    edge: int
    by: int
    dropped: dict | None = opt(None)

    def sentence(self, names: Names) -> str:
        return f"{names(self.by)} moves {legend(names, self.seat)} off {where(self.edge)}, out of the Arena."

    def steps(self, names: Names) -> list[Step]:
        return [MoveLegend(self.seat, self.from_, self.edge)] + dropped(self.seat, self.dropped)


def dropped(seat: int, tokens: dict | None) -> list[Step]:
    return [PushTokens(seat, d, -n) for d, n in (tokens or {}).items() if n]


@value
class EdgeRecovery(Event):
    type = "edge-recovery"
    seat: int
    from_: int
    edge: int
    into: int
    facing: str
    facing_was: str | None = local()

    def sentence(self, names: Names) -> str:
        return (f"{legend(names, self.seat)} reaches {where(self.edge)} and recovers: it steps back "
                f"to {where(self.into)}, facing {self.facing}.")

    def steps(self, names: Names) -> list[Step]:
        turn = [TurnLegend(self.seat, self.facing)] if self.facing_was not in (None, self.facing) else []
        return ([MoveLegend(self.seat, self.from_, self.into)] if self.from_ != self.into else []) + turn


@value
class Initiative(Event):
    type = "initiative"
    seat: int

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} takes the Initiative."

    def steps(self, names: Names) -> list[Step]:
        return [Cards(self.seat, "Give the Initiative to {who}", "Give the Initiative back")]


@value
class Strike(Event):
    type = "strike"
    seat: int
    target: int | str
    force: int
    block: int
    remaining: int
    coffin: int | None = opt(None)
    fatigue: int | None = opt(None)
    tokens: int | None = opt(None)
    dir: str | None = opt(None)
    fatigue_was: int | None = local()

    def sentence(self, names: Names) -> str:
        who = target(names, self.target)
        if isinstance(self.target, str):
            hit = f": it falls, a Coffin on {where(self.coffin)}" if self.coffin is not None else ""
            return f"{names(self.seat)} strikes {who} with Force {self.force}{hit}."
        text = f"{names(self.seat)} strikes {who} with Force {self.force}"
        if self.block:
            text += f", {self.block} blocked"
        if self.remaining <= 0:
            return text + ": no harm done."
        pushed = f" and {plural(self.tokens, 'Push token')} pointing {self.dir}" if self.tokens else ""
        return text + f": Fatigue {self.fatigue}{pushed}."

    def steps(self, names: Names) -> list[Step]:
        if self.coffin is not None:
            return [Piece(self.coffin, "zombie", "coffin")]
        steps: list[Step] = []
        if self.fatigue is not None and self.fatigue_was is not None and self.fatigue != self.fatigue_was:
            steps.append(Fatigue(self.target, self.fatigue_was, self.fatigue))
        if self.tokens:
            steps.append(PushTokens(self.target, self.dir, self.tokens))
        return steps


@value
class Block(Event):
    type = "block"
    seat: int
    amount: int
    against: str

    def sentence(self, names: Names) -> str:
        against = "" if self.against == "all" else " against the Legends it faces"
        return f"{names(self.seat)} blocks {self.amount}{against} this exchange."


@value
class Miss(Event):
    type = "miss"
    seat: int

    def sentence(self, names: Names) -> str:
        return f"{names.possessive(self.seat)} strike finds nobody in range."


@value
class FatigueSet(Event):
    type = "fatigue"
    seat: int
    fatigue: int
    was: int | None = local()

    def sentence(self, names: Names) -> str:
        return f"{names.possessive(self.seat)} Fatigue is now {self.fatigue}."

    def steps(self, names: Names) -> list[Step]:
        return [] if self.was in (None, self.fatigue) else [Fatigue(self.seat, self.was, self.fatigue)]


@value
class Push(Event):
    type = "push"
    seat: int
    target: int
    dir: str
    tokens: int

    def sentence(self, names: Names) -> str:
        tokens = plural(self.tokens, "Push token")
        return f"{names(self.seat)} puts {tokens} pointing {self.dir} on {legend(names, self.target)}."

    def steps(self, names: Names) -> list[Step]:
        return [PushTokens(self.target, self.dir, self.tokens)] if self.tokens else []


@value
class Raise(Event):
    type = "raise"
    seat: int
    space: int
    flipped: bool

    def sentence(self, names: Names) -> str:
        how = "the Coffin there rises" if self.flipped else "a Zombie rises"
        return f"{names(self.seat)} raises a Zombie on {where(self.space)}: {how}."

    def steps(self, names: Names) -> list[Step]:
        return [Piece(self.space, "coffin" if self.flipped else None, "zombie")]


@value
class Bury(Event):
    type = "bury"
    seat: int
    space: int

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} buries the Zombie on {where(self.space)}: it is a Coffin."

    def steps(self, names: Names) -> list[Step]:
        return [Piece(self.space, "zombie", "coffin")]


@value
class FormChanged(Event):
    type = "form"
    seat: int
    form: str
    was: str | None = local()

    def sentence(self, names: Names) -> str:
        return f"{legend(names, self.seat)} takes its {self.form} form."

    def steps(self, names: Names) -> list[Step]:
        return [] if self.was in (None, self.form) else [Form(self.seat, self.form, self.was)]


# -- end of the exchange -----------------------------------------------------------------------------

@value
class Tokens(Event):
    type = "tokens"
    seat: int
    left: int
    right: int
    net: int

    def sentence(self, names: Names) -> str:
        way = "stays" if not self.net else f"slides {plural(abs(self.net), 'space')} {'right' if self.net > 0 else 'left'}"
        return f"Push tokens on {legend(names, self.seat)}: {self.left} left, {self.right} right; it {way}."

    def steps(self, names: Names) -> list[Step]:
        return [PushTokens(self.seat, d, -n) for d, n in (("left", self.left), ("right", self.right)) if n]


@value
class Slide(Event):
    type = "slide"
    seat: int
    from_: int
    into: int | None
    edge: int | None = opt(None)
    overshoot: int | None = opt(None)

    def sentence(self, names: Names) -> str:
        if self.into is None:
            return (f"{legend(names, self.seat)} slides off {where(self.edge)}, "
                    f"{plural(self.overshoot, 'space')} past it, out of the Arena.")
        return f"{legend(names, self.seat)} slides from {where(self.from_)} to {where(self.into)}."

    def steps(self, names: Names) -> list[Step]:
        to = self.edge if self.into is None else self.into
        return [MoveLegend(self.seat, self.from_, to)] if to != self.from_ else []


@value
class KnockOut(Event):
    type = "knock-out"
    seat: int
    walked: bool
    overshoot: int
    by: int | None
    fatigue: int | None = local()
    fatigue_was: int | None = local()

    def sentence(self, names: Names) -> str:
        by = f" by {names(self.by)}" if self.by is not None else ""
        return f"{legend(names, self.seat)} is Knocked Out{by}."

    def steps(self, names: Names) -> list[Step]:
        if self.fatigue is None or self.fatigue_was is None or self.fatigue == self.fatigue_was:
            return []
        return [Fatigue(self.seat, self.fatigue_was, self.fatigue)]


@value
class WalkedBack(Event):
    type = "walked-back"
    seat: int
    walked: bool
    overshoot: int
    by: int | None

    def sentence(self, names: Names) -> str:
        return f"{legend(names, self.seat)} walked out: no Knock Out, it comes back to its portal."


@value
class Return(Event):
    type = "return"
    seat: int
    space: int
    facing: str
    fatigue: int
    from_: int | None = local()

    def sentence(self, names: Names) -> str:
        return (f"{legend(names, self.seat)} returns on {where(self.space)}, facing {self.facing}, "
                f"Fatigue {self.fatigue}.")

    def steps(self, names: Names) -> list[Step]:
        return [] if self.from_ in (None, self.space) else [MoveLegend(self.seat, self.from_, self.space)]


@value
class TeamOut(Event):
    type = "team-out"
    team: int
    seats: list

    def sentence(self, names: Names) -> str:
        return f"{names.all(self.seats)} have no Stock left and leave the Arena."


WHY = {"stocks": "the other teams ran out of Stocks", "simultaneous-ko": "the last Knock Outs went their way",
       "draw": "the last teams went out together", "knockouts": "two Knock Outs", "shared": "Knock Outs at once"}


@value
class GameOver(Event):
    type = "game-over"
    winners: list
    reason: str

    def sentence(self, names: Names) -> str:
        if not self.winners:
            return f"The game is a draw: {WHY.get(self.reason, self.reason)}."
        return f"{names.all(self.winners)} win{'s' if len(self.winners) == 1 else ''}: {WHY.get(self.reason, self.reason)}!"


EVENTS = registry(NoDraw, Drew, Draw, Reshuffle, Picked, MyPicks, Reveal, Revealed, Recovery, Edit, QuickFix, Replay,
                  Resolve, Skipped, Primitive, Turned, Move, WalkOff, MovedOff, EdgeRecovery, Initiative, Strike, Block,
                  Miss, FatigueSet, Push, Raise, Bury, FormChanged, Tokens, Slide, KnockOut, WalkedBack, Return,
                  TeamOut, GameOver)
