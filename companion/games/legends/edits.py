"""Tikkit's Edits (LA-12): which cards each seat picks, reveals and resolves in an exchange, with the fourth
card of Quick Fix and the replay of Let's Do That Again (`flow` moves the sequence along them).

Functions of the state `st`, reading its fields `edits` (seat -> the Edit picked this sequence;
digital: secret until exchange 1 is revealed; physical: entered with his first reveal), `history` (per
exchange revealed this sequence, seat -> the cards it resolved there), `later` (seat -> its cards still to
resolve in this exchange after the current one: Perfect Timing) and `replaying` (the exchanges are played
again in reverse order: Let's Do That Again).
"""
from __future__ import annotations

import itertools
from functools import lru_cache

from .actions import Pick
from .cards import script

DOUBLE_TIME, PERFECT_TIMING, QUICK_FIX, AGAIN = "double-time", "perfect-timing", "quick-fix", "lets-do-that-again"


def edit_seat(st, edit: str) -> int | None:
    return next((s for s, e in sorted(st.edits.items()) if e == edit), None)


def exchanges(st) -> int:
    """Quick Fix gives the sequence a fourth exchange once it has resolved (exchange 1 revealed)."""
    return 4 if st.history and edit_seat(st, QUICK_FIX) is not None else 3


def actions_of(st, s: int, cards) -> list[str]:
    """The cards that are actions (not Edits)."""
    edits = st.legend(s).edits
    return [c for c in cards if c not in edits]


def to_pick(st) -> list[int]:
    """The seats still to pick: three actions (and an Edit, when held), or Quick Fix's fourth card after
    exchange 1 (a seat with no action left in hand adds none)."""
    if st.history:
        return [s for s in st.active() if len(st.picks.get(s, [])) == 3 and actions_of(st, s, st.piles[s - 1].hand)]
    return [s for s in st.active() if s not in st.picks]


def pick_options(st, s: int) -> list[Pick]:
    hand = st.piles[s - 1].hand
    acts = tuple(actions_of(st, s, hand))
    if st.history:
        return [Pick(s, (c,)) for c in acts]
    return list(_picks(s, acts, tuple(c for c in hand if c in st.legend(s).edits)))


def pick_refusal(st, a: Pick) -> str | None:
    """Why `a` is not a pick of its seat now (None: it is)."""
    hand, edits = st.piles[a.seat - 1].hand, st.legend(a.seat).edits
    if st.history:
        if len(a.cards) != 1 or a.cards[0] not in actions_of(st, a.seat, hand):
            return "Quick Fix adds one more card of the seat's hand (not an Edit) under its stack"
        return None
    held = [c for c in hand if c in edits]
    acts = a.cards[1:] if held else a.cards
    if held and (len(a.cards) != 4 or a.cards[0] not in held):
        return "Tikkit picks one of his Edits first, then three actions"
    if len(acts) != 3 or len(set(acts)) != 3 or any(c not in hand or c in edits for c in acts):
        return "a pick is three different cards of the seat's hand"
    return None


def to_reveal(st) -> list[int]:
    return [s for s in st.active() if reveals_now(st, s)]


def reveals_now(st, s: int) -> bool:
    if st.edits.get(s) == PERFECT_TIMING:  # his whole stack is turned up in exchange 1
        return st.exchange == 1 and len(st.picks.get(s, [])) < 3
    return s not in st.in_play.revealed


def edit_first(st, s: int) -> bool:
    """Physical: exchange 1's first reveal of a Legend whose basics hold an Edit is that Edit."""
    lg = st.legend(s)
    return st.exchange == 1 and s not in st.edits and any(e in lg.basics for e in lg.edits)


def stack(st, s: int, ex: int) -> list[str] | None:
    """The cards s resolves in exchange `ex`, in order; None where only a physical reveal tells."""
    if st.replaying:
        return list(st.history[ex - 1].get(str(s), []))
    picks = st.picks.get(s)
    if picks is None or (st.edits.get(s) == PERFECT_TIMING and len(picks) < 3):
        return None
    if st.edits.get(s) == PERFECT_TIMING:  # all three in the exchange of the fastest, fastest first
        lg = st.legend(s)
        fastest = max(range(3), key=lambda i: (lg.speed(picks[i]), -i))
        return sorted(picks, key=lambda c: -lg.speed(c)) if ex - 1 == fastest else []
    return picks[ex - 1:ex]


def steps_of(st, s: int, card: str) -> tuple:
    steps = script(card)
    if st.edits.get(s) == DOUBLE_TIME and card in ("step", "back"):  # two moves of one space
        steps = tuple(x for one in steps for x in ((one, one) if one[0] == "move" else (one,)))
    if st.replaying and s not in st.edits:  # Let's Do That Again: another's card gives only its Block
        steps = tuple(one for one in steps if one[0] in ("block", "primitives"))
    return steps


@lru_cache(maxsize=256)
def _picks(s: int, acts: tuple[str, ...], edits: tuple[str, ...]) -> tuple[Pick, ...]:
    """Every pick of three of `acts` in order (an Edit first, when held): made once for each hand, as the
    same hand is listed at every change until the seat picks (120 picks a seat)."""
    orders = list(itertools.permutations(acts, 3))
    return tuple([Pick(s, (e, *o)) for e in edits for o in orders] if edits else [Pick(s, o) for o in orders])
