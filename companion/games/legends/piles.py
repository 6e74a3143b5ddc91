"""Each seat's cards as the referee keeps them: `DigitalCards` when it deals them (LA-6: the hand, the
Meter, the Specials discarded since the last reshuffle, the Ultimates removed) and `PhysicalCards` when the
table plays the printed cards (LA-15: their public bookkeeping: the Meter's size, the Specials discarded, the
Ultimates removed, the cards shown this sequence). Each owns its moves and the checks a table read back
passes on it alone (restore.py checks it against the rest of the table).

The state's JSON keeps each pile as a list per seat (`hands`, `meters`, `discards`, `removed`, `shown`, null
for the pile a card mode has not): a seat's cards are its slice of those lists, its attributes their names in
the singular where the JSON's are plural (`hand`, `meter`)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable

from companion.events import plural

KEYS = ("hands", "meters", "discards", "removed", "shown")


@dataclass(slots=True)
class DigitalCards:
    """The seat's hand, its Meter ({"specials": in any order, "ultimates": stacked in order}), the Specials
    discarded since its last reshuffle and the Ultimates played; `legend` is whose cards they are."""

    legend: Any
    hand: list[str]
    meter: dict[str, list[str]]
    discards: list[str]
    removed: list[str]

    @classmethod
    def new(cls, legend) -> "DigitalCards":
        """LA-3: the basics in hand, the Specials shuffled over the stacked Ultimates."""
        return cls(legend, list(legend.basics), {"specials": sorted(legend.specials), "ultimates": list(legend.ultimates)},
                   [], [])

    @classmethod
    def from_dict(cls, legend, d: dict[str, Any]) -> "DigitalCards":
        m = d["meters"]
        return cls(legend, list(d["hands"]), {"specials": list(m["specials"]), "ultimates": list(m["ultimates"])},
                   list(d["discards"]), list(d["removed"]))

    def to_dict(self) -> dict[str, Any]:
        return {"hands": list(self.hand),
                "meters": {"specials": list(self.meter["specials"]), "ultimates": list(self.meter["ultimates"])},
                "discards": list(self.discards), "removed": list(self.removed)}

    def copy(self) -> "DigitalCards":
        m = self.meter
        return DigitalCards(self.legend, list(self.hand), {"specials": list(m["specials"]), "ultimates": list(m["ultimates"])},
                            list(self.discards), list(self.removed))

    def meter_size(self) -> int:
        return len(self.meter["specials"]) + len(self.meter["ultimates"])

    def draws(self, form: str | None) -> list[str]:
        """R-12: any Special left in the Meter (its order is unknown until drawn), else the next Ultimate
        (LA-14: the one of the Legend's current `form`)."""
        if self.meter["specials"]:
            return list(self.meter["specials"])
        last = self.legend.ultimate_for(form, self.meter["ultimates"])
        return [last] if last else []

    def draw(self, card: str) -> None:
        meter = self.meter
        (meter["specials"] if card in meter["specials"] else meter["ultimates"]).remove(card)
        self.hand.append(card)

    def reshufflable(self) -> list[str]:
        """reshuffle: the Specials in hand and discarded, which a reshuffle makes the new Meter."""
        specials = self.legend.specials
        return [c for c in self.hand + self.discards if c in specials]

    def reshuffle(self) -> int:
        """reshuffle: the Specials in hand and discarded become the Meter; how many."""
        cards = self.reshufflable()
        self.hand = [c for c in self.hand if c not in cards]
        self.discards = [c for c in self.discards if c not in cards]
        self.meter["specials"] = sorted(cards)
        return len(cards)

    def pick(self, cards) -> None:
        for c in cards:
            self.hand.remove(c)

    def recover(self, cards) -> None:
        """recovery: the cards played this sequence go back: basics to the hand, Specials discarded,
        Ultimates removed from the game."""
        lg = self.legend
        for c in cards:
            (self.hand if c in lg.basics else self.discards if c in lg.specials else self.removed).append(c)

    def check(self, s: int, held: list[str], bad: Callable[..., Any]) -> None:
        """LA-3, recovery, R-12: with the cards `held` out of the hand (picks, the Edit) they are the
        Legend's deck, each card once, each kind in its place, the Ultimates in their stacked order."""
        lg, meter = self.legend, self.meter
        have = Counter(self.hand + self.discards + self.removed + meter["specials"] + meter["ultimates"] + held)
        if have != Counter(lg.all_cards):
            bad(f"seat {s}'s cards are not {lg.name}'s deck, each card once", "LA-3")
        if any(c not in lg.specials for c in meter["specials"] + self.discards) \
                or any(c not in lg.ultimates for c in meter["ultimates"] + self.removed):
            bad(f"seat {s}'s Meter holds Specials then Ultimates, discards Specials and removed Ultimates", "recovery")
        if meter["ultimates"] != [u for u in lg.ultimates if u in meter["ultimates"]]:
            bad(f"seat {s}'s Ultimates keep their stacked order", "R-12")


@dataclass(slots=True)
class PhysicalCards:
    """LA-15: the public bookkeeping of the seat's printed cards: how many are still in its Meter, the
    Specials discarded since its last reshuffle, the Ultimates played and the basics shown this sequence."""

    legend: Any
    meter: int
    discards: list[str]
    removed: list[str]
    shown: list[str]

    @classmethod
    def new(cls, legend) -> "PhysicalCards":
        return cls(legend, len(legend.specials) + len(legend.ultimates) - 1, [], [], [])  # one drawn for sequence 1

    @classmethod
    def from_dict(cls, legend, d: dict[str, Any]) -> "PhysicalCards":
        return cls(legend, d["meters"], list(d["discards"]), list(d["removed"]), list(d["shown"]))

    def to_dict(self) -> dict[str, Any]:
        return {"meters": self.meter, "discards": list(self.discards), "removed": list(self.removed),
                "shown": list(self.shown)}

    def copy(self) -> "PhysicalCards":
        return PhysicalCards(self.legend, self.meter, list(self.discards), list(self.removed), list(self.shown))

    def played(self, card: str) -> str | None:
        """Why `card` cannot be revealed again now, or None."""
        lg = self.legend
        if card in lg.ultimates:
            return "an Ultimate leaves the game once played" if card in self.removed else None
        if card in lg.specials:
            return "a Special waits in the discard pile until the Meter is reshuffled" if card in self.discards else None
        return "a basic card comes back to the hand only at the Recovery" if card in self.shown else None

    def held(self) -> int:
        """The cards drawn from the Meter still in the hand: the Meter's size less the cards still in it, the
        Specials discarded and the Ultimates removed (below 0 only in a state `load` refuses)."""
        lg = self.legend
        return len(lg.specials) + len(lg.ultimates) - self.meter - len(self.discards) - len(self.removed)

    def ultimates_drawn(self) -> int:
        """R-12: the most Ultimates drawn: the Specials lie over them, so none while the Meter holds as many
        cards as it has Specials (a reshuffled Meter never does again), all once below."""
        specials, ultimates, m = len(self.legend.specials), len(self.legend.ultimates), self.meter
        return ultimates if m < specials else max(0, ultimates - m)

    def unheld(self, s: int, card: str) -> tuple[str, str] | None:
        """LA-15, R-12: why seat s cannot hold `card` of its Meter now, and the rule; None if it may."""
        lg = self.legend
        if card not in lg.specials + lg.ultimates:
            return None
        if self.held() <= 0:
            return (f"Seat {s} holds no card of its Meter to reveal {lg.card_name(card)}: of its "
                    f"{plural(len(lg.specials) + len(lg.ultimates), 'card')}, {self.meter} are still in the Meter, "
                    f"{len(self.discards)} discarded and {len(self.removed)} removed.", "LA-15")
        if card in lg.ultimates and len(self.removed) >= self.ultimates_drawn():
            return (f"Seat {s} cannot hold {lg.card_name(card)} yet: an Ultimate lies under the Specials of the Meter, "
                    f"which still holds {plural(self.meter, 'card')}.", "R-12")
        return None

    def reveal(self, card: str) -> None:
        """The card revealed is kept among those played: an Ultimate removed, a Special discarded, a basic shown."""
        lg = self.legend
        (self.removed if card in lg.ultimates else self.discards if card in lg.specials else self.shown).append(card)

    def reshuffle(self) -> int:
        """LA-15: the discarded Specials shuffled into a new Meter, then this sequence's card drawn; how many."""
        self.discards = []
        self.meter = len(self.legend.specials) - 1
        return len(self.legend.specials)

    def draw(self) -> None:
        """A card drawn from the Meter, if any is left."""
        self.meter = max(0, self.meter - 1)

    def recover(self) -> None:
        """LA-15: at the Recovery the basics come back to the hand and the next sequence's card is drawn."""
        self.shown = []
        self.draw()

    def check(self, s: int, basics, most_shown: int, revealed: str | None, bad: Callable[..., Any]) -> None:
        """LA-15, R-12: the bookkeeping agrees with the Legend's deck: a card of the Meter drawn each sequence,
        no more played than drawn, no Ultimate before the Specials over it, each card played once and of its
        kind (`basics`: those it may show), at most `most_shown` shown, the `revealed` card among them."""
        lg = self.legend
        size, at = len(lg.specials) + len(lg.ultimates), f"[seat {s}]"
        if self.meter >= size:
            bad(f"meters{at} is {self.meter}, but a card of {lg.name}'s {size}-card Meter is drawn each sequence",
                "LA-15")
        if self.held() < 0:
            bad(f"meters{at}, discards{at} and removed{at} hold {self.meter} + {len(self.discards)} + "
                f"{len(self.removed)} cards, more than the {size} of {lg.name}'s Meter", "LA-15")
        if len(self.removed) > self.ultimates_drawn():
            bad(f"removed{at} holds {len(self.removed)} Ultimates, but with {self.meter} cards in meters{at} "
                f"{self.ultimates_drawn()} can have been drawn from under its Specials", "R-12")
        for pile, kind, cards in ((self.discards, "Specials", lg.specials), (self.removed, "Ultimates", lg.ultimates),
                                  (self.shown, "basics", None)):
            if len(set(pile)) != len(pile) or any((c not in cards) if cards else (c in lg.specials or c in lg.ultimates
                                                                                   or c not in basics) for c in pile):
                bad(f"seat {s}'s played {kind} are distinct {kind} of {lg.name}", "LA-15")
        if len(self.shown) > most_shown:
            bad(f"seat {s} has shown more basics than exchanges played this sequence", "LA-15")
        if revealed is not None and revealed not in self.shown + self.discards + self.removed:
            bad(f"seat {s}'s revealed card is kept among the cards it played", "LA-15")


def new(legends, physical: bool) -> list:
    kind = PhysicalCards if physical else DigitalCards
    return [kind.new(lg) for lg in legends]


def to_dict(piles: list) -> dict[str, Any]:
    """The seats' cards as the JSON keeps them: each pile a list per seat, null where the card mode has none."""
    slices = [p.to_dict() for p in piles]
    return {k: [x[k] for x in slices] if k in slices[0] else None for k in KEYS}


def from_dict(legends, physical: bool, d: dict[str, Any]) -> list:
    """Each seat's slice of the JSON's piles (their shapes already checked: restore.py)."""
    kind = PhysicalCards if physical else DigitalCards
    return [kind.from_dict(lg, {k: d[k][i] for k in KEYS if d[k] is not None}) for i, lg in enumerate(legends)]
