"""What a seat may do now and why not (ALL-1): each action's refusals (the seat's cards, `piles`, say what
they hold). Functions of the state `st`."""
from __future__ import annotations

from . import edits
from .actions import Do, Draw, Face, Pick, Reshuffle, Reveal, Target
from .cards import BASICS
from .game import Legends

refuse = Legends.refuse


def may_reshuffle(st, s: int) -> bool:
    """LA-15 (physical): a seat whose Meter is empty may shuffle its Specials again before its first reveal."""
    return (st.physical and st.phase == "reveal" and st.exchange == 1 and edits.reveals_now(st, s)
            and s not in st.edits and not st.gone(s)
            and st.piles[s - 1].meter == 0 and bool(st.legend(s).specials))


def revealable(st, s: int) -> tuple[str, ...]:
    """R-11: the seven basics, or one of the Legend's own cards; LA-12: in exchange 1 Tikkit's Edit first
    (an Edit is revealed in exchange 1 only, one a sequence)."""
    own = st.legend(s).edits
    if edits.edit_first(st, s):
        return own
    cards = edits.actions_of(st, s, BASICS + st.legend(s).own_cards)
    if st.exchange == 1 and not st.history and s not in st.edits and s not in st.in_play.revealed and not st.picks.get(s):
        return tuple(cards) + own
    return tuple(cards)


def nothing_asked(st, a) -> None:
    refuse("nothing-to-choose", "Nobody is being asked a choice now.", "choices")


def _check_reshuffle(st, a: Reshuffle) -> None:
    if not st.physical:
        nothing_asked(st, a)
    if not a.yes or st.phase != "reveal" or st.exchange != 1 or not edits.reveals_now(st, a.seat) \
            or a.seat in st.edits:
        refuse("not-drawing", "A Meter is reshuffled at the start of a sequence, before the seat's first reveal.",
               "reshuffle")
    if not may_reshuffle(st, a.seat):
        refuse("meter-not-empty", f"Seat {a.seat}'s Meter still holds {st.piles[a.seat - 1].meter} card(s): it is "
               "reshuffled only once empty.", "reshuffle")


def _check_playing(st, a) -> None:
    if st.gone(a.seat):
        refuse("eliminated", f"Seat {a.seat}'s team has no Stock left and has left the Arena.", "LA-11")


def _check_draw(st, a: Draw) -> None:
    if st.phase != "draw" or a.seat != st.queue[0]:
        refuse("not-drawing", f"Seat {a.seat} does not draw now.", "draw")
    if a.card not in st.piles[a.seat - 1].draws(st.fig(a.seat).form):
        refuse("not-in-meter", f"{a.card!r} is not the top of seat {a.seat}'s Meter.",
               "LA-14" if a.card in st.legend(a.seat).ultimate_forms else "R-12")


def _check_pick(st, a: Pick) -> None:
    _check_playing(st, a)
    if st.physical:
        refuse("physical-cards", "With physical cards the table reveals each card instead of picking.", "LA-8")
    if st.phase != "pick":
        refuse("not-picking", "Picks are made after every seat has drawn, once a sequence.", "picks")
    if a.seat not in edits.to_pick(st):
        refuse("already-picked", f"Seat {a.seat} has picked already this sequence.", "picks")
    why = edits.pick_refusal(st, a)
    if why is not None:
        refuse("not-in-hand", why[0].upper() + why[1:] + ".",
               "LA-12" if st.history or st.legend(a.seat).edits else "picks")


def _check_reveal(st, a: Reveal) -> None:
    _check_playing(st, a)
    if not st.physical:
        refuse("digital-cards", "With digital cards the referee reveals the picks itself.", "LA-8")
    if a.seat not in edits.to_reveal(st):
        refuse("already-revealed", f"Seat {a.seat} has revealed its card for this exchange.", "exchange")
    if edits.edit_first(st, a.seat) and a.card not in revealable(st, a.seat):
        refuse("edit-first", f"{st.legend(a.seat).name} enters his Edit with his first reveal of the sequence.",
               "LA-12")
    if a.card in st.legend(a.seat).edits and a.card not in revealable(st, a.seat):
        refuse("not-an-edit-now", "An Edit is revealed with the first card of a sequence, one a sequence.", "LA-12")
    if a.card not in revealable(st, a.seat):
        refuse("unknown-card", f"{a.card!r} is not a basic card nor one of {st.legend(a.seat).name}'s cards.", "R-11")
    cards = st.piles[a.seat - 1]
    why = cards.played(a.card)
    if why is not None:
        refuse("already-played", f"Seat {a.seat} has played {st.legend(a.seat).card_name(a.card)} already: {why}.",
               "LA-15")
    why = cards.unheld(a.seat, a.card)
    if why is not None:
        refuse("meter-count", *why)


#: the refusals of each action when nobody is asked a choice (`LAState.check` asks `Ask.check` otherwise)
CHECKS = {Draw: _check_draw, Pick: _check_pick, Reveal: _check_reveal, Reshuffle: _check_reshuffle,
          Face: nothing_asked, Target: nothing_asked, Do: nothing_asked}
