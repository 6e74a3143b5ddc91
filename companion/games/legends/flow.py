"""How each action moves the game on: the draw, the picks and reveals, the exchanges of a sequence (with
Tikkit's Quick Fix and Let's Do That Again), the returns after Knock Outs and the recovery. Functions of the
state `st`; `resolve` runs the cards of an exchange."""
from __future__ import annotations

from . import edits, events as ev_, resolve
from .actions import Do, Draw, Face, Pick, Reshuffle, Reveal, Target
from .asks import DoAsk, FaceAsk, ReshuffleAsk, TargetAsk
from .edits import AGAIN, QUICK_FIX
from .exchange import Exchange


def advance_draw(st) -> None:
    """draw / reshuffle: skip seats that cannot draw; ask a seat whose Meter is empty."""
    while st.queue:
        s = st.queue[0]
        cards = st.piles[s - 1]
        if cards.meter_size():
            return  # the session owes a draw (Turn.chance)
        if cards.reshufflable():
            st.ask = ReshuffleAsk(s)
            return
        st.queue.pop(0)
        st.events.append(ev_.NoDraw(s))
    st.phase = "pick"
    if st.history and not edits.to_pick(st):  # LA-12: nobody has a fourth card to add
        fourth_cards_done(st)


def start_exchange(st) -> None:
    st.in_play = Exchange()
    if st.physical and not st.replaying:
        st.phase = "reveal"
        return
    place_cards(st)
    later = {s: list(c) for s, c in st.in_play.later.items()} or None  # LA-12 Perfect Timing
    entered = dict(st.edits) if st.exchange == 1 and st.edits and not st.replaying else None
    st.events.append(ev_.Reveal(st.sequence, st.exchange, dict(st.in_play.revealed), later, entered, st.replaying))
    begin_resolution(st)


def next_exchange(st) -> None:
    if st.replaying:  # LA-12 Let's Do That Again: back down to exchange 1
        if st.exchange > 1:
            st.exchange -= 1
            start_exchange(st)
            return
    else:
        if after_exchange_1(st):
            return
        if st.exchange < edits.exchanges(st):
            st.exchange += 1
            if st.hold:  # a count of the search's: it sets the cards of this exchange, then starts it
                st.phase = "held"
                return
            start_exchange(st)
            return
        if start_replay(st):
            return
    st.events.append(ev_.Recovery(st.sequence))
    if not st.physical:  # recovery
        for s in st.picks:
            st.piles[s - 1].recover(st.picks[s] + ([st.edits[s]] if s in st.edits else []))
    st.picks, st.in_play = {}, Exchange()
    st.edits, st.history, st.replaying = {}, [], False
    st.sequence, st.exchange = st.sequence + 1, 1
    if st.physical:  # LA-15: basics back in the hand; each seat draws from its Meter if any is left
        for cards in st.piles:
            cards.recover()
        st.phase = "reveal"
    else:
        st.phase, st.queue = "draw", st.active()
        advance_draw(st)


def _apply_reshuffle(st, a: Reshuffle) -> None:
    if st.physical:  # LA-15: shuffled, then this sequence's card drawn
        st.events.append(ev_.Reshuffle(a.seat, st.piles[a.seat - 1].reshuffle()))
        return
    st.ask = None
    if a.yes:
        st.events.append(ev_.Reshuffle(a.seat, st.piles[a.seat - 1].reshuffle()))
    else:
        st.queue.pop(0)
        st.events.append(ev_.NoDraw(a.seat))
    advance_draw(st)


def _apply_pick(st, a: Pick) -> None:
    take_pick(st, a)
    st.events.append(ev_.Picked(a.seat))
    st.events.append(ev_.MyPicks(a.seat, list(a.cards), [a.seat]))
    if not edits.to_pick(st):
        if st.history:
            fourth_cards_done(st)
        else:
            start_exchange(st)


def _apply_reveal(st, a: Reveal) -> None:
    lg = st.legend(a.seat)
    ev = ev_.Revealed(a.seat, a.card, st.exchange, a.card in lg.edits)
    if a.card in lg.edits:  # LA-12: entered with his first reveal
        st.edits[a.seat] = a.card
    elif st.edits.get(a.seat) == "perfect-timing":
        st.picks.setdefault(a.seat, []).append(a.card)  # his stack, turned up in exchange 1
    else:
        st.in_play.revealed[a.seat] = a.card
    if a.card not in lg.edits or a.card not in lg.basics:
        st.piles[a.seat - 1].reveal(a.card)
    st.events.append(ev)
    if not edits.to_reveal(st):
        place_cards(st)
        begin_resolution(st)


def _apply_face(st, a: Face) -> None:
    resolve.turn_to(st, a.seat, a.dir)
    if st.phase == "return":
        st.queue.pop(0)
        ask_return(st)
    else:
        resolve.answered(st)
        after_resolving(st)


def _apply_target(st, a: Target) -> None:
    ask = st.ask
    if ask.prim:
        resolve.hit(st, a.seat, a.who, ask.force)
        st.ask = DoAsk(a.seat)
    else:
        (resolve.dive_to(st, a.seat, a.who) if ask.force is None else resolve.hit(st, a.seat, a.who, ask.force))
        resolve.answered(st)
        after_resolving(st)


def _apply_draw(st, a: Draw) -> None:
    draw(st, a.seat, a.card)


def draw(st, s: int, card: str) -> None:
    st.piles[s - 1].draw(card)
    st.queue.pop(0)
    st.events.append(ev_.Drew(s))
    st.events.append(ev_.Draw(s, card, st.hand_seers(s)))
    advance_draw(st)


def take_pick(st, a: Pick) -> None:
    cards = list(a.cards)
    if st.history:
        st.picks[a.seat].append(cards[0])
    else:
        if len(cards) == 4:
            st.edits[a.seat] = cards.pop(0)
        st.picks[a.seat] = cards
    st.piles[a.seat - 1].pick(a.cards)


def place_cards(st) -> None:
    for s in st.active():
        cards = edits.stack(st, s, st.exchange)
        if cards is None:
            continue
        st.in_play.place(s, cards)


def begin_resolution(st) -> None:
    """Every card of the exchange is known: record them; in exchange 1 the Edits resolve first."""
    if not st.replaying:
        st.history.append({str(s): [c, *st.in_play.later.get(s, [])] for s, c in sorted(st.in_play.revealed.items())})
    st.phase = "resolve"
    if st.exchange == 1 and not st.replaying:
        for s, e in sorted(st.edits.items()):
            st.events.append(ev_.Edit(s, e))
    resolve.resume(st)
    after_resolving(st)


def after_exchange_1(st) -> bool:
    """Quick Fix: after exchange 1 Tikkit draws; then (digital) the fourth cards are picked. True when the
    flow waits for them."""
    t = edits.edit_seat(st, QUICK_FIX)
    if t is None or st.exchange != 1 or st.replaying:
        return False
    st.events.append(ev_.QuickFix(t))
    if st.physical:
        if not st.gone(t):
            st.piles[t - 1].draw()
        return False
    st.in_play = Exchange()
    st.phase, st.queue = "draw", [t] if not st.gone(t) else []
    advance_draw(st)
    return True


def fourth_cards_done(st) -> None:
    st.exchange = 2
    start_exchange(st)


def start_replay(st) -> bool:
    t = edits.edit_seat(st, AGAIN)
    if t is None or st.replaying or st.gone(t):
        return False
    st.replaying = True
    st.events.append(ev_.Replay(t))
    start_exchange(st)
    return True


def ask_return(st) -> None:
    """ko-return: each returned Legend may turn, in Initiative order; then the game goes on."""
    if st.queue:
        st.ask = FaceAsk(st.queue[0])
    else:
        st.ask = None
        next_exchange(st)


def apply_primitive(st, a: Do) -> None:
    s, p, args = a.seat, a.prim, a.args
    st.events.append(ev_.Primitive(s, a))
    if p == "done":
        resolve.answered(st)
        after_resolving(st)
        return
    if p == "move":
        resolve.own_move(st, args[0], args[1], args[2], by=s)
    elif p == "turn":
        resolve.turn_to(st, args[0], args[1])
    elif p == "strike":
        targets = st.strike_targets(s, args[1])
        if len(targets) > 1:
            st.ask = TargetAsk(s, tuple(targets), args[0], True)
            return
        if targets:
            resolve.hit(st, s, targets[0], args[0])
        else:
            st.events.append(ev_.Miss(s))
    elif p == "block":
        st.fig(s).block.append([args[0], "all"])
        st.events.append(ev_.Block(s, args[0], "all"))
    elif p == "fatigue":
        w = args[0]
        fig = st.fig(w)
        was = fig.fatigue
        fig.fatigue = max(0, min(10, was + args[1]))
        st.events.append(ev_.FatigueSet(w, fig.fatigue, was))
    elif p == "push":
        w, d, k = args
        st.fig(w).tokens[d] += k
        if st.team(w) != st.team(s):
            st.fig(w).pusher = s  # the last foe who put a token on it
        st.events.append(ev_.Push(s, w, d, k))
    elif p == "initiative":
        resolve.take_initiative(st, s)
    elif p == "raise":  # LA-13: a Coffin there flips up, else a new Zombie
        k = args[0]
        coffin = next((q for q in st.pieces if q == [k, "coffin"]), None)
        if coffin is not None:
            coffin[1] = "zombie"
        else:
            st.pieces.append([k, "zombie"])
        st.events.append(ev_.Raise(s, k, coffin is not None))
    elif p == "bury":
        next(q for q in st.pieces if q == [args[0], "zombie"])[1] = "coffin"
        st.events.append(ev_.Bury(s, args[0]))
    elif p == "form":  # LA-14: only a card flips the form
        was, st.fig(s).form = st.fig(s).form, args[0]
        st.events.append(ev_.FormChanged(s, args[0], was))
    if not st.in_arena(s):  # the card's owner left the Arena: its card ends
        resolve.answered(st)
        after_resolving(st)


def after_resolving(st) -> None:
    """The exchange ended with Knock Outs (`resolve.knock_outs`): each returned Legend may turn, then the game goes on."""
    if st.phase == "return" and st.ask is None:
        ask_return(st)


#: how each action changes the game, once `LAState.check` let it through
APPLY = {Draw: _apply_draw, Pick: _apply_pick, Reveal: _apply_reveal, Reshuffle: _apply_reshuffle, Face: _apply_face,
         Target: _apply_target, Do: apply_primitive}
