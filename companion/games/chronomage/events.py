"""Chronomage's events and board steps, worded as the table says them (see companion/events.py).

The physical board the steps keep: each mage's place in the formation (spaces 1..3), the weakness tokens
on each player's board by colour, the time cards in hand, the spellbook, the loot, the challenge card."""
from __future__ import annotations

from companion.events import Cards, Event, Names, Shift, Step, and_list, opt, plural, registry, value


def dice(faces: list) -> str:
    return and_list([str(f) for f in faces])


def a(word: str) -> str:
    """"a staff", "an orange"."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def kind_name(kind: str) -> str:
    return a(f"{kind} loot card") if kind != "loot" else "a loot card"


# -- board steps -------------------------------------------------------------------------------------

@value
class MoveMage(Shift):
    type = "move-mage"
    seat: int
    from_: int | None
    to: int | None
    undo: bool = opt(False)

    def sentence(self, names: Names) -> str:
        who = f"{names.possessive(self.seat)} mage"
        if self.from_ is None:
            return f"Put {who} on space {self.to} of the formation"
        if self.to is None:
            return f"Take {who} off the formation"
        return f"Move {who} {'back ' if self.undo else ''}from space {self.from_} to space {self.to} of the formation"


@value
class Weakness(Step):
    """One weakness token of `color` on (or, undone, off) the seat's board."""

    type = "weakness-token"
    seat: int
    color: str
    undo: bool = opt(False)

    def sentence(self, names: Names) -> str:
        if self.undo:
            return f"Take {a(self.color)} weakness token off {names.possessive(self.seat)} board"
        return f"Put {a(self.color)} weakness token on {names.possessive(self.seat)} board"

    def back(self) -> Step:
        return Weakness(self.seat, self.color, not self.undo)


# -- strategy ----------------------------------------------------------------------------------------

@value
class Spellbook(Event):
    type = "spellbook"
    seat: int
    runes: int
    hand: int

    def sentence(self, names: Names) -> str:
        return (f"{names(self.seat)} keeps {plural(self.runes, 'rune')} in their spellbook and "
                f"{plural(self.hand, 'time card')} in hand.")

    def steps(self, names: Names) -> list[Step]:
        return [Cards(self.seat, f"{{who}} lays {plural(self.runes, 'card')} face down as their spellbook",
                      "{who} takes their spellbook back as it was")]


@value
class Formation(Event):
    type = "formation"
    seat: int
    from_: int | None
    to: int

    def sentence(self, names: Names) -> str:
        if self.from_ == self.to:
            return f"{names.possessive(self.seat)} mage stays on space {self.to} of the formation."
        return f"{names.possessive(self.seat)} mage takes space {self.to} of the formation."

    def steps(self, names: Names) -> list[Step]:
        return [] if self.from_ == self.to else [MoveMage(self.seat, self.from_, self.to)]


@value
class Spell(Event):
    type = "spell"
    seat: int
    cost: int
    runes: int
    bonus: int
    time_left: int | None

    def sentence(self, names: Names) -> str:
        text = f"{names(self.seat)} casts a spell costing {self.cost}"
        if self.runes:
            text += f" with {plural(self.runes, 'rune')}"
        if self.bonus:
            text += f" for +{self.bonus} damage"
        return text + (f"; {self.time_left} time left this round." if self.time_left is not None else ".")

    def steps(self, names: Names) -> list[Step]:
        return [Cards(self.seat, "{who} lays a time card from their hand on their spent spells",
                      "{who} takes their last spell back into their hand")]


@value
class Resistances(Event):
    type = "resistances"
    resistances: dict

    def sentence(self, names: Names) -> str:
        each = [f"{color} {n}" for color, n in self.resistances.items()]
        return f"A constant spell sets the resistances: {and_list(each)}."


@value
class Engagement(Event):
    type = "engagement"

    def sentence(self, names: Names) -> str:
        return "The players are ready: engagement begins."


@value
class Strategy(Event):
    type = "strategy"
    challenge_deck: int

    def sentence(self, names: Names) -> str:
        return f"Strategy: {plural(self.challenge_deck, 'challenge card')} left in the deck."


@value
class SpellsRestored(Event):
    type = "spells-restored"

    def sentence(self, names: Names) -> str:
        return "Spells restored: the spells spent in this challenge can be cast again."

    def steps(self, names: Names) -> list[Step]:
        return [Cards(None, "Everyone takes their spent spells back into their hand",
                      "Everyone lays their spells back where they were spent")]


# -- engagement --------------------------------------------------------------------------------------

@value
class Revealed(Event):
    type = "revealed"
    card: str
    name: str
    kind: str
    boss: bool
    preemptive: str
    eligible: list
    typed: bool

    def sentence(self, names: Names) -> str:
        what = "the boss" if self.boss else f"a {self.kind}"
        return f"The challenge card is {self.name}, {what}."

    def steps(self, names: Names) -> list[Step]:
        return [Cards(None, f"Turn over the top challenge card: {self.name}", f"Put {self.name} back on the deck")]


@value
class PreemptiveSkipped(Event):
    type = "preemptive-skipped"
    reason: str

    def sentence(self, names: Names) -> str:
        return f"No preemptive action: {self.reason}."


@value
class Chose(Event):
    """The told form's `text` is the sentence, which quotes the option's own `text` field."""

    type = "chose"
    seats: list
    option: int
    text: str

    def sentence(self, names: Names) -> str:
        verb = "chooses" if len(self.seats) == 1 else "choose"
        return f"{names.all(self.seats)} {verb} option {self.option}: {self.text.rstrip('.')}."


@value
class Exploit(Event):
    type = "exploit"
    attempt: bool

    def sentence(self, names: Names) -> str:
        return "The group tries the exploit." if self.attempt else "The group lets the exploit pass."


@value
class PreemptiveRoll(Event):
    type = "preemptive-roll"
    seat: int
    dice: list
    goal: int
    success: bool
    seats: list

    def sentence(self, names: Names) -> str:
        how = "succeeds" if self.success else "fails"
        group = f" for {names.all(self.seats)}" if list(self.seats) != [self.seat] else ""
        return f"{names(self.seat)} rolls {dice(self.dice)}{group}: {sum(self.dice)} against {self.goal}, and {how}."


@value
class WeaknessTaken(Event):
    type = "weakness"
    seats: list
    color: str

    def sentence(self, names: Names) -> str:
        return f"{names.all(self.seats)} take{'s' if len(self.seats) == 1 else ''} {a(self.color)} weakness."

    def steps(self, names: Names) -> list[Step]:
        return [Weakness(s, self.color) for s in self.seats]


@value
class Challenge(Event):
    type = "challenge"
    card: str
    round: int
    power: int

    def sentence(self, names: Names) -> str:
        return f"The challenge begins: round {self.round}, power {self.power}."


# -- rolls and rounds --------------------------------------------------------------------------------

def hits_text(hits: list) -> str:
    return f"; the challenge dice give {and_list(hits)} weakness" if hits else ""


@value
class Damage(Event):
    type = "damage"
    seat: int
    dice: list
    challenge: list
    result: int
    hits: list
    power: int
    total: int | None = opt(None)

    def sentence(self, names: Names) -> str:
        extra = self.result - sum(self.dice)
        more = f" + {extra} from spells and spellbook" if extra else ""
        total = f" (the group: {self.total} of {self.power})" if self.total is not None else ""
        return f"{names(self.seat)} rolls {dice(self.dice)}{more}: {self.result} damage{total}{hits_text(self.hits)}."

    def steps(self, names: Names) -> list[Step]:
        return [Weakness(self.seat, c) for c in self.hits]


@value
class EventRoll(Event):
    type = "event-roll"
    seat: int
    dice: list
    challenge: list
    result: int
    hits: list
    power: int

    def sentence(self, names: Names) -> str:
        how = "gets through" if self.result >= self.power else "falls short"
        return (f"{names(self.seat)} rolls {dice(self.dice)}: {self.result} against {self.power}, and {how}"
                f"{hits_text(self.hits)}.")

    def steps(self, names: Names) -> list[Step]:
        return [Weakness(self.seat, c) for c in self.hits]


@value
class Assist(Event):
    type = "assist"
    from_: int
    to: int
    dice: int

    def sentence(self, names: Names) -> str:
        return f"{names(self.from_)} assists {names(self.to)}, who now rolls {plural(self.dice, 'die', 'dice')}."


@value
class ReverseTime(Event):
    type = "reverse-time"
    anomaly: list
    round: int

    def sentence(self, names: Names) -> str:
        return f"Time is reversed: the anomaly dice show {dice(self.anomaly)}, and the challenge starts again at round 1."

    def steps(self, names: Names) -> list[Step]:
        return [Cards(None, f"Put the anomaly dice on the challenge card, showing {dice(self.anomaly)}",
                      "Take the anomaly dice off the challenge card")]


@value
class AnomalyRemoved(Event):
    type = "anomaly-removed"

    def sentence(self, names: Names) -> str:
        return "The anomaly dice are taken off."

    def steps(self, names: Names) -> list[Step]:
        return [Cards(None, "Take the anomaly dice off the challenge card", "Put the anomaly dice back as they were")]


@value
class RoundFailed(Event):
    type = "round-failed"
    round: int
    total: int
    power: int
    weakness: str
    seats: list

    def sentence(self, names: Names) -> str:
        return (f"Round {self.round} fails: {self.total} damage against power {self.power}; {names.all(self.seats)} "
                f"each take {a(self.weakness)} weakness and the round is played again.")

    def steps(self, names: Names) -> list[Step]:
        return [Weakness(s, self.weakness) for s in self.seats]


@value
class RoundWon(Event):
    type = "round-won"
    round: int
    total: int
    power: int

    def sentence(self, names: Names) -> str:
        return f"Round {self.round} is won: {self.total} damage against power {self.power}."


@value
class Round(Event):
    type = "round"
    round: int
    power: int

    def sentence(self, names: Names) -> str:
        return f"Round {self.round}: power {self.power}."


@value
class EventRound(Event):
    type = "event-round"
    through: list
    remaining: list

    def sentence(self, names: Names) -> str:
        done = f"{names.all(self.through)} got through" if self.through else "Nobody got through"
        left = f"; {names.all(self.remaining)} roll again" if self.remaining else ""
        return done + left + "."


@value
class ChallengeWon(Event):
    type = "challenge-won"
    card: str

    def sentence(self, names: Names) -> str:
        return "The challenge is won!"


@value
class ChallengeLost(Event):
    type = "challenge-lost"
    card: str

    def sentence(self, names: Names) -> str:
        return "The challenge is lost."


# -- cards and loot ----------------------------------------------------------------------------------

@value
class TimeCards(Event):
    type = "time-cards"
    seats: list
    each: int
    time_deck: int

    def sentence(self, names: Names) -> str:
        each = " each draw" if len(self.seats) > 1 else " draws"
        return (f"{names.all(self.seats)}{each} {plural(self.each, 'time card')}; {self.time_deck} left in the "
                "time deck.")

    def steps(self, names: Names) -> list[Step]:
        return [Cards(s, f"Deal {plural(self.each, 'time card')} from the time deck to {{who}}",
                      f"Put {plural(self.each, 'time card')} from {{whose}} hand back on the time deck")
                for s in self.seats]


@value
class TimeCard(Event):
    type = "time-card"
    seat: int
    time_deck: int

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} draws a time card; {self.time_deck} left in the time deck."

    def steps(self, names: Names) -> list[Step]:
        return [Cards(self.seat, "Deal a time card from the time deck to {who}",
                      "Put a time card from {whose} hand back on the time deck")]


@value
class LootSkipped(Event):
    type = "loot-skipped"
    reason: str

    def sentence(self, names: Names) -> str:
        return f"No loot: {self.reason}."


@value
class LootCard(Event):
    type = "loot-card"
    seat: int
    loot_deck: int
    kind: str
    loot_discard: int | None = opt(None)  # a second equipment of a kind: one of the two is discarded
    refused: bool = opt(False)

    def sentence(self, names: Names) -> str:
        text = f"{names(self.seat)} draws {kind_name(self.kind)}"
        if self.refused:
            text += " and discards it: they keep the one they have"
        elif self.loot_discard is not None:
            text += " and discards the one they had"
        return text + "."

    def steps(self, names: Names) -> list[Step]:
        steps = [Cards(self.seat, f"Deal {kind_name(self.kind)} from the loot deck to {{who}}",
                       f"Put {kind_name(self.kind)} from {{whose}} hand back on the loot deck")]
        if self.loot_discard is not None:
            which = "new" if self.refused else "old"
            steps.append(Cards(self.seat, f"Put {{whose}} {which} {self.kind} loot card on the loot discard",
                               f"Give {{who}} their {which} {self.kind} loot card back from the loot discard"))
        return steps


@value
class LootDiscarded(Event):
    type = "loot-discarded"
    seat: int
    kind: str
    loot_discard: int

    def sentence(self, names: Names) -> str:
        return f"{names(self.seat)} uses {kind_name(self.kind)} and discards it."

    def steps(self, names: Names) -> list[Step]:
        return [Cards(self.seat, f"Put {{whose}} {self.kind} loot card on the loot discard",
                      f"Give {{who}} their {self.kind} loot card back from the loot discard")]


@value
class TemporaryLootDiscarded(Event):
    type = "temporary-loot-discarded"
    seats: list
    loot_discard: int

    def sentence(self, names: Names) -> str:
        return (f"The challenge is over: {names.all(self.seats)} discard{'s' if len(self.seats) == 1 else ''} "
                "their temporary loot.")

    def steps(self, names: Names) -> list[Step]:
        return [Cards(s, "Put {whose} temporary loot on the loot discard",
                      "Give {who} their temporary loot back from the loot discard") for s in self.seats]


@value
class Victory(Event):
    type = "victory"
    reason: str

    def sentence(self, names: Names) -> str:
        return f"Victory! {self.reason}"


@value
class Defeat(Event):
    type = "defeat"
    reason: str

    def sentence(self, names: Names) -> str:
        return f"Defeat. {self.reason}"


EVENTS = registry(Spellbook, Formation, Spell, Resistances, Engagement, Strategy, SpellsRestored, Revealed,
                  PreemptiveSkipped, Chose, Exploit, PreemptiveRoll, WeaknessTaken, Challenge, Damage, EventRoll,
                  Assist, ReverseTime, AnomalyRemoved, RoundFailed, RoundWon, Round, EventRound, ChallengeWon,
                  ChallengeLost, TimeCards, TimeCard, LootSkipped, LootCard, LootDiscarded, TemporaryLootDiscarded,
                  Victory, Defeat)
