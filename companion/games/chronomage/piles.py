"""The card piles the companion counts: the spell cards (hands, spellbooks, spent spells and the time
deck) and the loot cards (each seat's loot by kind, the loot deck, its discard pile). Each pile owns its
counts, their JSON (attribute names are the JSON keys) and the check that no card is made or lost (CM-2)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .actions import REFUSE, SWAP, TEMPORARY, UNSORTED
from .rules import START_LOOT

ORIGIN_HAND, LOOT_DECK = 4, 12  # SETUP: four origin spells in hand; CM-2: twelve loot cards


def time_deck_size(players: int) -> int:
    """CM-2: six cards a player plus fifteen."""
    return 6 * players + 15


@dataclass
class SpellCards:
    """Per seat (index seat - 1) the spells in hand, laid in the spellbook (one rune showing each) and spent
    this challenge; and the time deck, whose cards are drawn into hands: a time card is a spell card."""

    time_deck: int
    hands: list[int]
    spellbook: list[int]
    spent: list[int]

    @classmethod
    def new(cls, n: int) -> "SpellCards":
        return cls(time_deck_size(n), [ORIGIN_HAND] * n, [0] * n, [0] * n)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "SpellCards":
        return cls(d["time_deck"], list(d["hands"]), list(d["spellbook"]), list(d["spent"]))

    def to_dict(self) -> dict[str, Any]:
        return {"time_deck": self.time_deck, "hands": list(self.hands), "spellbook": list(self.spellbook),
                "spent": list(self.spent)}

    def copy(self) -> "SpellCards":
        return SpellCards(self.time_deck, list(self.hands), list(self.spellbook), list(self.spent))

    def held(self, seat: int) -> int:
        """The cards `seat` may lay as its spellbook: its hand and its spellbook."""
        return self.hands[seat - 1] + self.spellbook[seat - 1]

    def lay(self, seat: int, cards: int) -> None:
        self.hands[seat - 1], self.spellbook[seat - 1] = self.held(seat) - cards, cards

    def cast(self, seat: int) -> None:
        self.hands[seat - 1] -= 1
        self.spent[seat - 1] += 1

    def draw(self, seat: int) -> bool:
        """A time card into `seat`'s hand; False, and nothing drawn, from an empty time deck (CM-8)."""
        if self.time_deck == 0:
            return False
        self.time_deck -= 1
        self.hands[seat - 1] += 1
        return True

    def restore(self) -> None:
        """Cleanup: every spent spell back in hand."""
        for i, spent in enumerate(self.spent):
            self.hands[i] += spent
            self.spent[i] = 0

    def check(self, n: int, bad: Callable[..., Any]) -> None:
        total = ORIGIN_HAND * n + time_deck_size(n)
        if sum(self.hands) + sum(self.spellbook) + sum(self.spent) + self.time_deck != total:
            bad(f"spell cards are not conserved: hands, spellbooks, spent spells and the time deck must hold {total}",
                "CM-2")


@dataclass
class LootCards:
    """CM-14, X-17: each seat's loot cards by kind, oldest first (`temporary`, an equipment type, or
    `loot` when given without one), the loot deck and the discard pile of cards used or turned down."""

    loot_deck: int
    loot_items: list[list[str]]
    loot_discard: int

    @classmethod
    def new(cls, n: int) -> "LootCards":
        return cls(LOOT_DECK, [list(START_LOOT) for _ in range(n)], 0)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "LootCards":
        return cls(d["loot_deck"], [list(i) for i in d["loot_items"]], d["loot_discard"])

    def to_dict(self) -> dict[str, Any]:
        return {"loot_deck": self.loot_deck, "loot": self.loot, "loot_items": [list(i) for i in self.loot_items],
                "loot_discard": self.loot_discard}

    def copy(self) -> "LootCards":
        return LootCards(self.loot_deck, [list(i) for i in self.loot_items], self.loot_discard)

    @property
    def loot(self) -> list[int]:
        """How many loot cards each seat holds."""
        return [len(i) for i in self.loot_items]

    def take(self, seat: int, kind: str, choice: str | None) -> None:
        """The loot deck's top card to `seat` as `kind`: kept, or swapped for the one of its type held, or
        turned down (`choice`, checked by the referee)."""
        self.loot_deck -= 1
        if choice is not None:
            self.loot_discard += 1
        if choice == REFUSE:
            return
        held = self.loot_items[seat - 1]
        if choice == SWAP:
            held.remove(kind)
        held.append(kind)

    def use(self, seat: int, kind: str) -> None:
        self.loot_items[seat - 1].remove(kind)
        self.loot_discard += 1

    def end_temporary(self) -> list[int]:
        """The temporary cards held when a challenge ends go to the discard pile; the seats that held some."""
        seats = [s for s, held in enumerate(self.loot_items, 1) if TEMPORARY in held]
        for s in seats:
            kept = [k for k in self.loot_items[s - 1] if k != TEMPORARY]
            self.loot_discard += len(self.loot_items[s - 1]) - len(kept)
            self.loot_items[s - 1] = kept
        return seats

    def check(self, n: int, bad: Callable[..., Any]) -> None:
        items = self.loot_items
        if any(k in (SWAP, REFUSE) for i in items for k in i):
            bad("swap and refuse are choices, not loot kinds", "CM-14")
        if any(len(eq) != len(set(eq)) for eq in ([k for k in i if k not in (TEMPORARY, UNSORTED)] for i in items)):
            bad("a player holds one equipment of each type", "CM-14")
        if sum(self.loot) + self.loot_deck + self.loot_discard != 2 * n + LOOT_DECK:
            bad(f"loot cards are not conserved: players' loot, the loot deck and its discard pile must hold "
                f"{2 * n + LOOT_DECK}", "CM-2")
