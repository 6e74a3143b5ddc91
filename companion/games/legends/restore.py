"""`state_from_dict` for Legends: a state read back (a journal, a table correction) is checked against the
rules' invariants (ALL-3) before it becomes an `LAState`. Imported on first use, not with the game."""
from __future__ import annotations

from functools import lru_cache, partial
from typing import Any

from companion.core import check_state_fields
from companion.shapes import ANY, Bool, Int, Is, ListOf, Map, Nullable, OneOf, Record, Shape, Text, Tuple

from . import asks, edits, legal, piles
from .game import Legends
from .exchange import Exchange
from .resolve import Figure
from .rules import ID
from .state import PHASES, LAState


_bad = Legends.invalid_state


LEFT_RIGHT = OneOf(("left", "right"))


@lru_cache(maxsize=None)
def fields(n: int, mode: str, physical: bool) -> dict[str, Shape]:
    """The JSON shape of every field of a state of this table (`core.check_state_fields`); the game, player
    count, modes and each seat's Legend are this table's (checked in `from_dict`)."""
    teams = mode != "ffa"
    nteams = 3 if mode == "2v2v2" else 2
    seat = Int(1, n, means=f"a seat 1..{n}")
    seat_keys = tuple(str(s) for s in range(1, n + 1))
    card_ids = ListOf(Text(), rule="ALL-3", means="a list of card ids")
    per_seat = partial(ListOf, length=n, seats=True)
    legend = Record({
        "legend": ANY, "space": Int(0, 6, rule="LA-1", means="a space 0..6"), "facing": LEFT_RIGHT,
        "fatigue": Int(0, 10, rule="fatigue", means="a Fatigue 0..10"),
        "tokens": Record({"left": Int(0, 999), "right": Int(0, 999)}),
        "block": ListOf(Tuple((Int(0, 99), OneOf(("all", "faced")))), means="a list of [amount, all|faced]"),
        "pusher": Nullable(seat),
        "out": Nullable(Record({"walked": Bool(), "overshoot": Int(1, 99), "facing": LEFT_RIGHT})),
        "form": Nullable(Text(rule="LA-14")),
    })
    pile = per_seat(card_ids, rule="LA-6")
    return {
        "game": ANY, "players": ANY, "mode": ANY, "cards": ANY, "phase": ANY,
        "sequence": Int(1, 10**6),
        "exchange": Int(1, 4, rule="exchange"),
        "legends": per_seat(legend),
        "initiative": Int(1, n, rule="LA-5"),
        **({"stocks": ListOf(Int(0, 2 if mode == "2v2v2" else n // 2), length=nteams, rule="teams-stocks"),
            "eliminated": ListOf(ListOf(Int(0, nteams - 1), low=1), rule="LA-11",
                                 means="a list of groups of teams, in the order they went out")} if teams else
           {"knockouts": per_seat(Int(0, 99), rule="ffa-knockouts")}),
        "received": per_seat(Int(0, 999), rule="ranking"),
        "furthest": per_seat(Int(0, 999), rule="ranking"),
        "revealed": Map(seat_keys, ANY, means="an object of seats to cards"),
        "resolved": ListOf(seat, distinct=True, rule="speed-order"),
        "current": Nullable(Record({"seat": seat, "card": ANY, "step": Int(0, 4)}), rule="speed-order"),
        "ask": Nullable(Record({"kind": OneOf(("face", "reshuffle", "do", "target")), "seat": seat},
                               optional={"among": ListOf(ANY, low=2, rule="targeting"),
                                         "force": Nullable(Int(0, 9, rule="strike")),
                                         "prim": Is(True, rule="LA-4")}), rule="choices"),
        "queue": ListOf(seat, distinct=True),
        "picks": Map(seat_keys, card_ids, rule="picks"),
        "hands": Is(None, rule="LA-8") if physical else pile, "discards": pile, "removed": pile,
        "shown": per_seat(card_ids, rule="LA-15") if physical else Is(None, rule="LA-15"),
        "meters": per_seat(Int(0, 99), rule="LA-15") if physical else
        per_seat(Record({"specials": card_ids, "ultimates": card_ids}), rule="draw"),
        "winner": Nullable(ListOf(seat)),
        "reason": Text(),
        "edits": Map(seat_keys, Text(), rule="LA-12"),
        "history": ListOf(Map(seat_keys, ListOf(Text(), low=1, high=3)), high=4, rule="LA-12"),
        "later": Map(seat_keys, ListOf(Text(), low=1, high=2), rule="LA-12"),
        "replaying": Bool(rule="LA-12"),
        "pieces": ListOf(Tuple((Int(1, 5, rule="LA-1"), OneOf(("zombie", "coffin")))), rule="LA-13",
                         means="a list of [space, zombie|coffin]"),
    }


def from_dict(game, d: Any) -> LAState:
    n, seats = game.players, range(1, game.players + 1)
    mode, physical = game.options["mode"], game.options["cards"] == "physical"
    teams = mode != "ffa"
    check_state_fields(d, fields(n, mode, physical), _bad)
    if d["game"] != ID or d["players"] != n or type(d["players"]) is not int or d["mode"] != game.options["mode"] or d["cards"] != game.options["cards"]:
        _bad("it belongs to another game, player count, mode or card mode")
    if d["phase"] not in PHASES or (physical and d["phase"] in ("draw", "pick")) or (not physical and d["phase"] == "reveal"):
        _bad(f"there is no phase {d['phase']!r} with {d['cards']} cards")
    lgs, w = d["legends"], d["winner"]
    _ask_shape(d["ask"])
    st = LAState.from_fields(
        game, phase=d["phase"], sequence=d["sequence"], exchange=d["exchange"],
        legends=[Figure(lg["space"], lg["facing"], lg["fatigue"], {"left": lg["tokens"]["left"],
                                                                     "right": lg["tokens"]["right"]},
                        [list(b) for b in lg["block"]], lg["pusher"], None if lg["out"] is None else dict(lg["out"]),
                        lg["form"])
                 for lg in lgs],
        initiative=d["initiative"], stocks=list(d["stocks"]) if teams else None,
        eliminated=[list(g) for g in d["eliminated"]] if teams else None,
        knockouts=None if teams else list(d["knockouts"]), received=list(d["received"]),
        furthest=list(d["furthest"]), in_play=Exchange.from_dict(d), ask=asks.from_dict(d["ask"]),
        queue=list(d["queue"]), picks={int(k): list(v) for k, v in d["picks"].items()},
        piles=piles.from_dict(game.legends, physical, d),
        winner=None if w is None else list(w), reason=d["reason"],
        edits={int(k): v for k, v in d["edits"].items()}, history=[{k: list(v) for k, v in h.items()} for h in d["history"]],
        replaying=d["replaying"],
        pieces=[list(p) for p in d["pieces"]])
    if len(st.pieces) > game.options["zombies"] or (st.pieces and st.grym() is None):
        _bad(f"Lord Grym has at most {game.options['zombies']} Zombie and Coffin pieces, and only he has any", "LA-13")
    for s, lg in zip(seats, lgs):
        if lg["legend"] != game.legends[s - 1].id:
            _bad(f"seat {s} plays {game.legends[s - 1].id}, not {lg['legend']!r}")
        forms = game.legends[s - 1].forms
        if (lg["form"] not in forms) if forms else lg["form"] is not None:
            _bad(f"Legend {s}'s form is one of {list(forms)}" if forms else f"Legend {s} has one form (form null)",
                 "LA-14")
        if lg["out"] is not None:
            if st.phase != "resolve" or lg["space"] not in (0, 6):
                _bad(f"Legend {s} can be out of the Arena only on an Edge during an exchange", "knock-out")
            if lg["tokens"] != {"left": 0, "right": 0}:
                _bad(f"Legend {s} is out of the Arena and holds no tokens", "R-9")
        elif not 1 <= lg["space"] <= 5:
            _bad(f"Legend {s}'s space must be 1..5 (a Legend in the Arena stands on 1..5), not {lg['space']}", "LA-1")
        p = lg["pusher"]
        if p is not None and st.team(p) == st.team(s):
            _bad(f"Legend {s}'s pusher is a foe who put Push tokens on it, not seat {p}", "R-14")
    if st.phase not in ("resolve",) and any(any(f.tokens.values()) or f.block for f in st.legends):
        _bad("Push tokens and Block exist only during an exchange", "block")
    for s, c in st.in_play.revealed.items():
        if c not in edits.actions_of(st, s, legal.revealable(st, s) + st.legend(s).own_cards):
            _bad(f"seat {s} revealed {c!r}, not one of its cards", "R-11")
    _edit_checks(st)
    _sharing(st)
    _speed_order(st)
    # (in "return" the exchange's cards stay shown, a team that went out in it included)
    if st.phase != "over" and (any(st.gone(s) for s in (list(st.in_play.revealed) if st.phase != "return" else []) + st.queue)
                               or (st.phase == "pick" and not st.history and any(st.gone(s) for s in st.picks))):
        _bad("a team gone out of the Arena reveals, draws and picks nothing", "LA-11")
    st.in_play.check(_bad)
    _ask(st, st.ask)
    sizes = (1, 2, 3) if physical else (3, edits.exchanges(st) if st.history else 3)
    if any(len(v) not in sizes or len(set(v)) != len(v) for v in st.picks.values()):
        _bad("a pick is three different cards (four with Quick Fix's fourth)", "picks")
    _phase_checks(game, st, d)
    if physical and any(st.edits.get(s) != "perfect-timing" or len(p) > 3 for s, p in st.picks.items()):
        _bad("with physical cards the referee holds no hands, Meters or picks (Perfect Timing's turned-up stack aside)",
             "LA-8")
    if not physical:
        _deck(game, st)
    else:
        _bookkeeping(game, st)
    if (st.phase == "over") != (w is not None):
        _bad("a finished game, and only a finished game, has a winner list")
    _end_checks(st)
    _pushes(st)
    return st


def _end_checks(st) -> None:
    """teams-stocks, LA-11, ffa-knockouts: a game is over exactly when at most one team has Stocks (Teams) or
    someone has scored two Knock Outs (Free-for-All), and its winners are a side that could win."""
    over = st.phase == "over"
    if st.teams:
        gone = [t for g in st.eliminated for t in g]
        if len(set(gone)) != len(gone) or any(st.stocks[t] != 0 for t in gone):
            _bad("the teams gone out of the Arena are teams without Stocks, each once", "LA-11")
        if st.stocks != [max(0, st.start_stocks() - sum(st.received[s - 1] for s in st.team_seats(t)))
                         for t in range(st.nteams)]:
            _bad("each team's Stocks are its starting Stocks less the Knock Outs its Legends received", "teams-stocks")
        for t in range(st.nteams):  # on its last Stock each of a team's Legends goes out once more at most
            seats, most = st.team_seats(t), st.start_stocks() - 1 + len(st.team_seats(t))
            got = sum(st.received[s - 1] for s in seats)
            if got > most:
                _bad(f"received of seats {', '.join(map(str, seats))} adds up to {got}, more than the {most} Knock Outs "
                     f"a team of {len(seats)} with {st.start_stocks()} Stock(s) receives before it is out", "teams-stocks")
        alive = [t for t in range(st.nteams) if st.stocks[t] > 0]
        if over != (len(alive) <= 1) or (not over and len(gone) != st.nteams - len(alive)):
            _bad("a game goes on while two teams have a Stock, a team without one has left, and it ends then",
                 "teams-stocks")
        if over:
            allowed = [st.team_seats(alive[0])] if alive else \
                [[]] + [st.team_seats(t) for t in st.eliminated[-1]] if st.eliminated else [[]]
            if st.winner not in allowed:
                _bad("the winner is the team with Stocks left (all out: a team of the last out, or a draw)",
                     "teams-stocks")
    else:
        if sum(st.knockouts) > sum(st.received):
            _bad("no more Knock Outs are scored than Legends received", "ffa-knockouts")
        top = [s for s in st.seats if st.knockouts[s - 1] >= 2]
        if bool(top) != over:
            _bad("a Free-for-All goes on until someone has two Knock Outs, and ends then", "ffa-knockouts")
        if over and (not st.winner or st.winner != sorted(set(st.winner)) or any(w not in top for w in st.winner)):
            _bad("the winners are players with two Knock Outs", "ffa-knockouts")


def _pushes(st) -> None:
    """ranking: a furthest push past an Edge is a foe's Knock Out (at least 1 space): in Free-for-All exactly the
    seats that scored one have one, in Teams only a seat whose foes received one."""
    for s in st.seats:
        far = st.furthest[s - 1]
        if st.teams and far and not any(st.received[f - 1] for f in st.seats if st.team(f) != st.team(s)):
            _bad(f"furthest[seat {s}] is {far}, but no foe of seat {s} was ever knocked out", "ranking")
        if not st.teams and (far > 0) != (st.knockouts[s - 1] > 0):
            _bad(f"furthest[seat {s}] is {far} with knockouts[seat {s}] {st.knockouts[s - 1]}: a seat has a furthest "
                 "push exactly when it scored a Knock Out", "ranking")


def _ask_shape(a) -> None:
    """choices: a target choice gives the foes it is among and its Force (a Strike of the panel says so: LA-4);
    no other choice does."""
    if a is not None and ((a["kind"] == "target") != ("among" in a) or ("among" in a) != ("force" in a)
                          or ("prim" in a and a["kind"] != "target")):
        _bad("ask is null or a choice {kind, seat, ...}", "choices")


def _ask(st, a) -> None:
    """LA-13: a target choice is among seats and standing Zombies."""
    if a is not None and a.kind == "target" and any(t not in st.zombies() and (type(t) is not int or t not in st.seats)
                                                    for t in a.among):
        _bad("a target choice is among seats and standing Zombies (z1, z2...)", "LA-13")


def _asked_by_card(st) -> None:
    """choices: the choice asked is the one the resolving card's step asks (LA-4 for the primitives panel)."""
    ask, cur = st.ask, st.in_play.current
    steps = edits.steps_of(st, cur.seat, cur.card)
    if cur.step >= len(steps):
        _bad(f"{cur.card} has no step {cur.step}", "choices")
    step = steps[cur.step]
    s = cur.seat
    if not st.in_arena(s):
        _bad(f"Legend {s} is out of the Arena, so its card does nothing more", "R-9")
    if ask.kind == "face":
        ok = step[0] == "may-turn"
    elif ask.kind == "do":
        ok = step[0] == "primitives"
    elif ask.prim:
        ok = step[0] == "primitives" and len(set(ask.among)) == len(ask.among) \
            and all(t in st.foes(s) + st.zombies_against(s) for t in ask.among)
    elif step[0] == "strike":
        ok = ask.force == step[1] and list(ask.among) == st.strike_targets(s, step[2])
    else:
        ok = step[0] == "dive" and ask.force is None and list(ask.among) == st.dive_targets(s)
    if not ok:
        _bad(f"seat {s} is asked a {ask.kind} choice its {cur.card} does not ask there", "choices")


def _phase_checks(game, st, d) -> None:
    ph, ask, n = st.phase, st.ask, len(st.active())
    if ph == "draw":
        if not st.queue or st.in_play.revealed or (st.picks and edits.edit_seat(st, "quick-fix") is None) or (ask is not None and (ask.kind != "reshuffle" or ask.seat != st.queue[0])):
            _bad("while drawing, the seats still to draw are queued and nothing is picked", "draw")
    elif ask is not None and ask.kind == "reshuffle":
        _bad("a reshuffle is asked only while drawing", "reshuffle")
    if ph == "pick" and (st.in_play.revealed or st.queue or ask is not None or not edits.to_pick(st)):
        _bad("while picking, nothing is revealed and someone has still to pick", "picks")
    if ph == "pick" and (st.exchange != 1 or len(st.history) > 1 or (st.history and edits.edit_seat(st, "quick-fix") is None)):
        _bad("picks are made before exchange 1 (Quick Fix's fourth card: right after it)", "picks")
    if ph == "reveal" and (not edits.to_reveal(st) or st.in_play.resolved or st.in_play.current or ask is not None or st.queue):
        _bad("while revealing, someone has still to reveal and nothing resolves", "exchange")
    if ph == "resolve":
        if ask is None or st.queue:
            _bad("while resolving, every card is revealed and a seat is asked a choice", "choices")
        if ask.kind in ("face", "target", "do") and (st.in_play.current is None or st.in_play.current.seat != ask.seat):
            _bad("the seat asked is the one whose card is resolving", "choices")
        _asked_by_card(st)
    if ph == "return" and (ask is None or ask.kind != "face" or not st.queue or ask.seat != st.queue[0]):
        _bad("after Knock Outs each returned Legend is asked its facing in turn", "ko-return")
    if ph in ("pick", "reveal", "return", "over", "draw") and (st.in_play.current is not None):
        _bad("a card resolves only while resolving", "speed-order")
    if ph == "over" and (ask is not None or st.queue):
        _bad("nobody is asked anything once the game is over")
    if ph in ("resolve", "return"):
        if not st.physical and any(s not in st.picks for s in st.active()):
            _bad("every seat's revealed card is its pick for this exchange", "LA-6")
        for s in st.active():
            stack = edits.stack(st, s, st.exchange)
            if stack is None:
                if s not in st.in_play.revealed or s in st.in_play.later:
                    _bad(f"seat {s} has revealed its card for this exchange", "exchange")
                continue
            play = st.in_play
            mine = [play.revealed[s], *play.later.get(s, [])] if s in play.revealed else []
            done = s in play.resolved and s not in play.later and play.revealed.get(s) in stack  # R-9 may end a stack early
            if (s in play.revealed) != bool(stack) or (mine and not done and mine != stack[len(stack) - len(mine):]):
                _bad(f"seat {s}'s cards in this exchange are its picks for it, in Speed order", "LA-6")
    if not st.physical and ph in ("draw",) and st.exchange != 1:
        _bad("a sequence starts at exchange 1", "draw")


def _sharing(st) -> None:
    """sharing: in a 1v1 the two Legends on one space face each other (R-4 turns a foe round at once)."""
    if st.n == 2 and all(st.in_arena(s) for s in st.seats):
        a, b = st.fig(1), st.fig(2)
        if a.space == b.space and a.facing == b.facing:
            _bad("two foes sharing a space face each other, not the same way", "sharing")


def _speed_order(st) -> None:
    """speed-order: the cards of an exchange resolve from the highest Speed down: every card resolved is at
    least as fast as the one resolving and those still waiting."""
    if st.phase != "resolve":
        return
    play = st.in_play
    done = [st.speed_now(s) for s in play.resolved]
    cur = play.current.seat if play.current else None
    waiting = [st.speed_now(s) for s in play.revealed if s not in play.resolved and s != cur]
    if any(x < y for x, y in zip(done, done[1:])):
        _bad("the cards resolved so far went from the highest Speed down", "speed-order")
    if done and ((cur is not None and st.speed_now(cur) > done[-1]) or any(w > done[-1] for w in waiting)):
        _bad("no card still to resolve is faster than one already resolved", "speed-order")
    if cur is not None and any(w > st.speed_now(cur) for w in waiting):
        _bad("the card resolving now is the fastest of those not yet resolved", "speed-order")


def _edit_checks(st) -> None:
    """LA-12: Tikkit's Edit, the exchanges revealed this sequence, Perfect Timing's cards to come, the replay."""
    for s, e in st.edits.items():
        if e not in st.legend(s).edits:
            _bad(f"seat {s}'s Edit is one of {st.legend(s).name}'s Edits, not {e!r}", "LA-12")
    if any(s not in st.in_play.revealed or s in st.in_play.resolved for s in st.in_play.later):
        _bad("later holds the cards still to come of a seat whose card is resolving", "LA-12")
    ph, ex = st.phase, st.exchange
    revealed = ex if ph in ("resolve", "return") else ex - 1 if ph == "reveal" else 1 if ph == "pick" and st.history else 0
    if st.replaying:
        revealed = edits.exchanges(st)
        if edits.edit_seat(st, "lets-do-that-again") is None or ph not in ("resolve", "return", "over"):  # over: won in it
            _bad("the exchanges are played again only for Let's Do That Again, while resolving", "LA-12")
    if ph == "draw" and st.history:
        revealed = 1
    if ph != "over" and len(st.history) != revealed:
        _bad(f"history lists the exchanges revealed this sequence ({revealed})", "LA-12")
    if edits.exchanges(st) == 3 and ex == 4:
        _bad("a fourth exchange is played only after Quick Fix", "LA-12")
    for i, h in enumerate(st.history):
        for k, cards in h.items():
            s = int(k)
            picks = st.picks.get(s)
            if picks is not None and any(c not in picks for c in cards):
                _bad(f"history: seat {s}'s cards of exchange {i + 1} are among its picks", "LA-12")
            if len(cards) > 1 and st.edits.get(s) != "perfect-timing":
                _bad("only Perfect Timing resolves several cards of one seat in an exchange", "LA-12")


def _bookkeeping(game, st) -> None:
    """LA-15: the public bookkeeping of printed cards agrees with the Legend's deck and this sequence."""
    for s in st.seats:
        most = 3 if st.edits.get(s) == "perfect-timing" else max(st.exchange, len(st.history))
        st.piles[s - 1].check(s, legal.revealable(st, s), most, st.in_play.revealed.get(s), _bad)


def _deck(game, st) -> None:
    for s in st.seats:
        cards = st.piles[s - 1]
        cards.check(s, st.picks.get(s, []) + ([st.edits[s]] if s in st.edits else []), _bad)
        if st.phase in ("draw", "pick") or (st.phase == "over" and s not in st.picks):
            if any(c not in cards.hand for c in cards.legend.basics) and s not in st.picks:
                _bad(f"seat {s}'s basics are in its hand between sequences", "recovery")
    if st.phase == "draw":
        head = st.queue[0]
        empty = not st.piles[head - 1].meter_size()
        if empty != (st.ask is not None) or (empty and not st.piles[head - 1].reshufflable()):
            _bad(f"seat {head} is asked to reshuffle exactly when its Meter is empty and it has Specials to shuffle",
                 "reshuffle")
