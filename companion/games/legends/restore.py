"""`state_from_dict` for Legends: a state read back (a journal, a table correction) is checked against the
rules' invariants (ALL-3) before it becomes an `LAState`. Imported on first use, not with the game."""
from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Any

from companion.core import check_state_fields, invalid_state

from .game import ID
from .cards import script
from .state import PHASES, LAState


_bad = partial(invalid_state, game=ID, noun="a valid Legends of the Arena state")


def _int(x, lo: int, hi: int, what: str, rule: str = "ALL-3") -> int:
    if type(x) is not int or not lo <= x <= hi:
        _bad(f"{what} must be a whole number {lo}..{hi}, not {x!r}", rule)
    return x


def _cards(x, what: str) -> list[str]:
    if not isinstance(x, list) or any(not isinstance(c, str) for c in x):
        _bad(f"{what} must be a list of card ids")
    return list(x)


KEYS = ("game", "players", "mode", "cards", "phase", "sequence", "exchange", "legends", "initiative", "received",
        "furthest", "revealed", "resolved", "current", "ask", "queue", "picks", "hands", "meters", "discards",
        "removed", "winner", "reason")


def from_dict(game, d: Any) -> LAState:
    n, seats = game.players, range(1, game.players + 1)
    teams = game.options["mode"] == "teams"
    check_state_fields(d, (*KEYS, "stocks" if teams else "knockouts"), _bad)
    if d["game"] != ID or d["players"] != n or type(d["players"]) is not int or d["mode"] != game.options["mode"] or d["cards"] != game.options["cards"]:
        _bad("it belongs to another game, player count, mode or card mode")
    physical = d["cards"] == "physical"
    if d["phase"] not in PHASES or (physical and d["phase"] in ("draw", "pick")) or (not physical and d["phase"] == "reveal"):
        _bad(f"there is no phase {d['phase']!r} with {d['cards']} cards")
    st = LAState(game, _blank=True)
    st.phase = d["phase"]
    st.sequence = _int(d["sequence"], 1, 10**6, "sequence")
    st.exchange = _int(d["exchange"], 1, 3, "exchange", "exchange")
    lgs = d["legends"]
    if not isinstance(lgs, list) or len(lgs) != n:
        _bad(f"legends lists {n} Legends, seat 1 first")
    st.pos, st.face, st.fat, st.tok, st.block, st.pusher, st.out = [], [], [], [], [], [], []
    for s, lg in zip(seats, lgs):
        if not isinstance(lg, dict) or set(lg) != {"legend", "space", "facing", "fatigue", "tokens", "block", "pusher", "out"}:
            _bad(f"Legend {s} needs legend, space, facing, fatigue, tokens, block, pusher, out")
        if lg["legend"] != game.legends[s - 1].id:
            _bad(f"seat {s} plays {game.legends[s - 1].id}, not {lg['legend']!r}")
        out = lg["out"]
        if out is not None and (not isinstance(out, dict) or set(out) != {"walked", "overshoot", "facing"}
                                or type(out["walked"]) is not bool or out["facing"] not in ("left", "right")):
            _bad(f"Legend {s}'s out is null or {{walked, overshoot, facing}}")
        if out is not None:
            _int(out["overshoot"], 1, 99, f"Legend {s}'s overshoot")
            if st.phase != "resolve" or lg["space"] not in (0, 6):
                _bad(f"Legend {s} can be out of the Arena only on an Edge during an exchange", "knock-out")
            if lg["tokens"] != {"left": 0, "right": 0}:
                _bad(f"Legend {s} is out of the Arena and holds no tokens", "R-9")
            st.out.append(dict(out))
        else:
            _int(lg["space"], 1, 5, f"Legend {s}'s space (a Legend in the Arena stands on 1..5)", "LA-1")
            st.out.append(None)
        st.pos.append(lg["space"])
        if lg["facing"] not in ("left", "right"):
            _bad(f"Legend {s} faces left or right")
        st.face.append(lg["facing"])
        st.fat.append(_int(lg["fatigue"], 0, 10, f"Legend {s}'s Fatigue", "fatigue"))
        tk = lg["tokens"]
        if not isinstance(tk, dict) or set(tk) != {"left", "right"}:
            _bad(f"Legend {s}'s tokens are {{left, right}}")
        st.tok.append([_int(tk["left"], 0, 999, "tokens"), _int(tk["right"], 0, 999, "tokens")])
        bl = lg["block"]
        if not isinstance(bl, list) or any(not isinstance(b, list) or len(b) != 2 or b[1] not in ("all", "faced") for b in bl):
            _bad(f"Legend {s}'s block is a list of [amount, all|faced]")
        st.block.append([[_int(b[0], 0, 99, "block"), b[1]] for b in bl])
        p = lg["pusher"]
        st.pusher.append(None if p is None else _int(p, 1, n, "pusher"))
        if p is not None and st.team(p) == st.team(s):
            _bad(f"Legend {s}'s pusher is a foe who put Push tokens on it, not seat {p}", "R-14")
    if st.phase not in ("resolve",) and (any(t != [0, 0] for t in st.tok) or any(st.block)):
        _bad("Push tokens and Block exist only during an exchange", "block")
    st.initiative = _int(d["initiative"], 1, n, "initiative", "LA-5")
    if teams:
        top = 1 if n == 2 else 2
        if not isinstance(d["stocks"], list) or len(d["stocks"]) != 2:
            _bad("stocks lists team A's and team B's", "teams-stocks")
        st.stocks, st.knockouts = [_int(x, 0, top, "stocks", "teams-stocks") for x in d["stocks"]], None
    else:
        if not isinstance(d["knockouts"], list) or len(d["knockouts"]) != n:
            _bad("knockouts lists one count per seat", "ffa-knockouts")
        st.knockouts, st.stocks = [_int(x, 0, 99, "knockouts", "ffa-knockouts") for x in d["knockouts"]], None
    for key in ("received", "furthest"):
        if not isinstance(d[key], list) or len(d[key]) != n:
            _bad(f"{key} lists one count per seat", "ranking")
        setattr(st, key, [_int(x, 0, 999, key, "ranking") for x in d[key]])
    rv = d["revealed"]
    if not isinstance(rv, dict) or any(k not in [str(s) for s in seats] for k in rv):
        _bad("revealed maps seats to cards")
    st.cards = {int(k): v for k, v in rv.items()}
    for s, c in st.cards.items():
        if c not in st.revealable(s):
            _bad(f"seat {s} revealed {c!r}, not one of its cards", "R-11")
    if not isinstance(d["resolved"], list) or any(s not in st.cards for s in d["resolved"]) \
            or len(set(d["resolved"])) != len(d["resolved"]):
        _bad("resolved lists seats whose revealed card has resolved", "speed-order")
    st.done = list(d["resolved"])
    cur = d["current"]
    if cur is not None and (not isinstance(cur, dict) or set(cur) != {"seat", "card", "step"} or cur["seat"] not in st.cards
                            or cur["card"] != st.cards[cur["seat"]] or cur["seat"] in st.done
                            or type(cur["step"]) is not int or not 0 <= cur["step"] < 4):
        _bad("current is null or the card resolving now {seat, card, step}", "speed-order")
    st.current = None if cur is None else dict(cur)
    st.ask = _ask(d["ask"], n, st)
    q = d["queue"]
    if not isinstance(q, list) or any(type(s) is not int or not 1 <= s <= n for s in q) or len(set(q)) != len(q):
        _bad("queue lists distinct seats")
    st.queue = list(q)
    st.picks = {}
    pk = d["picks"]
    if not isinstance(pk, dict) or any(k not in [str(s) for s in seats] for k in pk):
        _bad("picks maps seats to three cards", "picks")
    for k, v in pk.items():
        st.picks[int(k)] = _cards(v, "a pick")
        if len(v) != 3 or len(set(v)) != 3:
            _bad("a pick is three different cards", "picks")
    _phase_checks(game, st, d)
    if physical:
        if any(d[k] is not None for k in ("hands", "meters", "discards", "removed")) or st.picks:
            _bad("with physical cards the referee holds no hands, Meters or picks", "LA-8")
        st.hands = st.meters = st.discards = st.removed = None
    else:
        _deck(game, st, d)
    w = d["winner"]
    if (st.phase == "over") != (w is not None):
        _bad("a finished game, and only a finished game, has a winner list")
    if w is not None and (not isinstance(w, list) or any(type(s) is not int or not 1 <= s <= n for s in w)):
        _bad("winner is a list of seats")
    st.winner = None if w is None else list(w)
    if not isinstance(d["reason"], str):
        _bad("reason is a text")
    st.reason = d["reason"]
    _end_checks(st)
    return st


def _end_checks(st) -> None:
    """teams-stocks, ffa-knockouts: a game is over exactly when a side is out of Stocks (Teams) or someone
    has scored two Knock Outs (Free-for-All), and its winners are a side that could win."""
    over = st.phase == "over"
    if st.teams:
        out = [t for t in (0, 1) if st.stocks[t] == 0]
        if bool(out) != over:
            _bad("a game goes on while both teams have a Stock, and ends when one has none", "teams-stocks")
        sides = [[s for s in st.seats if st.team(s) == t] for t in (0, 1)]
        allowed = [[]] + [sides[1 - t] for t in out] if len(out) == 2 else [sides[1 - t] for t in out]
        if over and st.winner not in allowed:
            _bad("the winner is the team with Stocks left (both out: either team, or a draw)", "teams-stocks")
    else:
        top = [s for s in st.seats if st.knockouts[s - 1] >= 2]
        if bool(top) != over:
            _bad("a Free-for-All goes on until someone has two Knock Outs, and ends then", "ffa-knockouts")
        if over and (not st.winner or st.winner != sorted(set(st.winner)) or any(w not in top for w in st.winner)):
            _bad("the winners are players with two Knock Outs", "ffa-knockouts")


def _ask(a, n: int, st) -> dict | None:
    if a is None:
        return None
    kinds = {"face": {"kind", "seat"}, "reshuffle": {"kind", "seat"}, "do": {"kind", "seat"},
             "target": {"kind", "seat", "among", "force"}}
    if not isinstance(a, dict) or a.get("kind") not in kinds or set(a) - {"prim"} != kinds[a["kind"]]:
        _bad("ask is null or a choice {kind, seat, ...}", "choices")
    _int(a["seat"], 1, n, "ask.seat", "choices")
    if a["kind"] == "target":
        if not isinstance(a["among"], list) or len(a["among"]) < 2 or any(type(s) is not int or not 1 <= s <= n for s in a["among"]):
            _bad("a target choice is among two or more seats", "targeting")
        if a["force"] is not None:
            _int(a["force"], 0, 9, "ask.force", "strike")
    if "prim" in a and a["prim"] is not True:
        _bad("ask.prim is true when present", "LA-4")
    return {k: (list(v) if isinstance(v, list) else v) for k, v in a.items()}


def _asked_by_card(st) -> None:
    """choices: the choice asked is the one the resolving card's step asks (LA-4 for the primitives panel)."""
    ask, cur = st.ask, st.current
    steps = script(cur["card"])
    if cur["step"] >= len(steps):
        _bad(f"{cur['card']} has no step {cur['step']}", "choices")
    step = steps[cur["step"]]
    s = cur["seat"]
    if not st.in_arena(s):
        _bad(f"Legend {s} is out of the Arena, so its card does nothing more", "R-9")
    if ask["kind"] == "face":
        ok = step[0] == "may-turn"
    elif ask["kind"] == "do":
        ok = step[0] == "primitives"
    elif ask.get("prim"):
        ok = step[0] == "primitives" and len(set(ask["among"])) == len(ask["among"]) \
            and all(t in st.foes(s) for t in ask["among"])
    elif step[0] == "strike":
        ok = ask["force"] == step[1] and ask["among"] == st.strike_targets(s, step[2])
    else:
        ok = step[0] == "dive" and ask["force"] is None and ask["among"] == st.dive_targets(s)
    if not ok:
        _bad(f"seat {s} is asked a {ask['kind']} choice its {cur['card']} does not ask there", "choices")


def _phase_checks(game, st, d) -> None:
    ph, ask, n = st.phase, st.ask, st.n
    if ph == "draw":
        if not st.queue or st.cards or st.picks or (ask is not None and (ask["kind"] != "reshuffle" or ask["seat"] != st.queue[0])):
            _bad("while drawing, the seats still to draw are queued and nothing is picked", "draw")
    elif ask is not None and ask["kind"] == "reshuffle":
        _bad("a reshuffle is asked only while drawing", "reshuffle")
    if ph == "pick" and (st.cards or st.queue or ask is not None or len(st.picks) >= n):
        _bad("while picking, nothing is revealed and someone has still to pick", "picks")
    if ph == "reveal" and (len(st.cards) >= n or st.done or st.current or ask is not None or st.queue):
        _bad("while revealing, someone has still to reveal and nothing resolves", "exchange")
    if ph == "resolve":
        if len(st.cards) != n or ask is None or st.queue:
            _bad("while resolving, every card is revealed and a seat is asked a choice", "choices")
        if ask["kind"] in ("face", "target", "do") and (st.current is None or st.current["seat"] != ask["seat"]):
            _bad("the seat asked is the one whose card is resolving", "choices")
        _asked_by_card(st)
    if ph == "return" and (ask is None or ask["kind"] != "face" or not st.queue or ask["seat"] != st.queue[0]):
        _bad("after Knock Outs each returned Legend is asked its facing in turn", "ko-return")
    if ph in ("pick", "reveal", "return", "over", "draw") and (st.current is not None):
        _bad("a card resolves only while resolving", "speed-order")
    if ph == "over" and (ask is not None or st.queue):
        _bad("nobody is asked anything once the game is over")
    if not st.physical and ph in ("resolve", "return"):
        if len(st.picks) != n or any(st.cards[s] != st.picks[s][st.exchange - 1] for s in st.cards):
            _bad("every seat's revealed card is its pick for this exchange", "LA-6")
    if not st.physical and ph in ("draw",) and st.exchange != 1:
        _bad("a sequence starts at exchange 1", "draw")


def _deck(game, st, d) -> None:
    for key in ("hands", "discards", "removed"):
        if not isinstance(d[key], list) or len(d[key]) != st.n:
            _bad(f"{key} lists one pile per seat", "LA-6")
    ms = d["meters"]
    if not isinstance(ms, list) or len(ms) != st.n or any(not isinstance(m, dict) or set(m) != {"specials", "ultimates"} for m in ms):
        _bad("meters lists one {specials, ultimates} per seat", "draw")
    st.hands = [_cards(h, "a hand") for h in d["hands"]]
    st.discards = [_cards(h, "a discard pile") for h in d["discards"]]
    st.removed = [_cards(h, "removed cards") for h in d["removed"]]
    st.meters = [{"specials": _cards(m["specials"], "a Meter"), "ultimates": _cards(m["ultimates"], "a Meter")} for m in ms]
    for s in st.seats:
        lg, i = game.legends[s - 1], s - 1
        have = Counter(st.hands[i] + st.discards[i] + st.removed[i] + st.meters[i]["specials"]
                       + st.meters[i]["ultimates"] + st.picks.get(s, []))
        if have != Counter(lg.all_cards):
            _bad(f"seat {s}'s cards are not {lg.name}'s deck, each card once", "LA-3")
        if any(c not in lg.specials for c in st.meters[i]["specials"] + st.discards[i]) \
                or any(c not in lg.ultimates for c in st.meters[i]["ultimates"] + st.removed[i]):
            _bad(f"seat {s}'s Meter holds Specials then Ultimates, discards Specials and removed Ultimates", "recovery")
        if st.meters[i]["ultimates"] != [u for u in lg.ultimates if u in st.meters[i]["ultimates"]]:
            _bad(f"seat {s}'s Ultimates keep their stacked order", "R-12")
        if st.phase in ("draw", "pick") or (st.phase == "over" and s not in st.picks):
            if any(c not in st.hands[i] for c in lg.basics) and s not in st.picks:
                _bad(f"seat {s}'s basics are in its hand between sequences", "recovery")
    if st.phase == "draw":
        head = st.queue[0]
        meter = st.meters[head - 1]
        empty = not meter["specials"] and not meter["ultimates"]
        if empty != (st.ask is not None) or (empty and not st.reshufflable(head)):
            _bad(f"seat {head} is asked to reshuffle exactly when its Meter is empty and it has Specials to shuffle",
                 "reshuffle")
