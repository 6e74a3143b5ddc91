"""The referee's full state (`to_dict`) and what one seat may know (`view`, LA-6).

The full state holds every secret (picks, hands, Meters); a view holds the public table plus the
seat's own hand and picks and, in Teams, its teammates' hands. A Meter is shown as its size only.
With physical cards (LA-15) the state keeps the public bookkeeping: each Meter's size, the Specials
discarded since its last reshuffle, the Ultimates played and the cards `shown` this sequence.
"""
from __future__ import annotations

from typing import Any

from . import edits, piles


def legends(st) -> list[dict[str, Any]]:
    out = []
    for s in st.seats:
        i = s - 1
        f = st.legends[i]
        out.append({"legend": st.legend(s).id, "space": f.space, "facing": f.facing, "fatigue": f.fatigue,
                    "tokens": {"left": f.tokens["left"], "right": f.tokens["right"]},
                    "block": [list(b) for b in f.block], "pusher": f.pusher,
                    "out": None if f.out is None else dict(f.out), "form": f.form})
    return out


def to_dict(st) -> dict[str, Any]:
    d: dict[str, Any] = {
        "game": "legends-of-the-arena", "players": st.n, "mode": st.mode,
        "cards": "physical" if st.physical else "digital", "phase": st.phase,
        "sequence": st.sequence, "exchange": st.exchange, "legends": legends(st), "initiative": st.initiative,
    }
    if st.teams:
        d["stocks"] = list(st.stocks)
        d["eliminated"] = [list(g) for g in st.eliminated]
    else:
        d["knockouts"] = list(st.knockouts)
    play = st.in_play.to_dict()  # its keys keep their places among the others'
    d.update({
        "received": list(st.received), "furthest": list(st.furthest),
        "revealed": play["revealed"], "resolved": play["resolved"], "current": play["current"],
        "ask": None if st.ask is None else st.ask.to_dict(),
        "queue": list(st.queue),
        "picks": {str(s): list(c) for s, c in sorted(st.picks.items())},
        **piles.to_dict(st.piles),
        "winner": None if st.winner is None else list(st.winner), "reason": st.reason,
        "edits": {str(s): e for s, e in sorted(st.edits.items())},
        "history": [{k: list(v) for k, v in h.items()} for h in st.history],
        "later": play["later"], "replaying": st.replaying,
        "pieces": [list(p) for p in st.pieces],
    })
    return d


def team_hand(st, t: int) -> list[str]:
    """A teammate's hand as its teammates see it (LA-6): its unrevealed picks are still in it, so the
    hand never tells which cards were picked (it shrinks only as exchanges reveal them)."""
    shown = [c for h in st.history for c in h.get(str(t), [])]
    hidden = [c for c in st.picks.get(t, []) if c not in shown]
    if t in st.edits and not st.history:  # LA-12: the Edit is revealed with exchange 1
        hidden.append(st.edits[t])
    return sorted(st.piles[t - 1].hand + hidden)


def view(st, seat: int | None) -> dict[str, Any]:
    """What `seat` may know (None: the table). Built from public fields plus this seat's own secrets."""
    d = to_dict(st)
    for key in ("picks", "hands", "meters", "queue"):
        del d[key]
    if not (st.physical or st.history):  # LA-12: Tikkit's Edit is secret until exchange 1 reveals it
        d["edits"] = {}
    for i, lg in enumerate(d["legends"]):
        legend = st.legend(i + 1)
        lg["name"] = legend.name
        lg["seat"] = i + 1
        # what the next hit of 1, 2 or 3 Force would push (the Push track is printed on the board)
        lg["next_push"] = [legend.push(min(10, st.legends[i].fatigue + 1) + f) for f in (1, 2, 3)]
        lg["placeholder"] = bool(legend.placeholders)
        lg["eliminated"] = st.gone(i + 1)
    d["teams"] = [st.team_seats(t) for t in range(st.nteams)] if st.teams else None
    d["turn"] = st.turn().to_dict()
    d["picked"] = [s for s in st.active() if s not in edits.to_pick(st)] if st.phase == "pick" else sorted(st.picks)
    if not st.physical:
        d["hand_sizes"] = [len(p.hand) for p in st.piles]
        d["meter_sizes"] = [p.meter_size() for p in st.piles]
        d["drawing"] = st.queue[0] if st.phase == "draw" and st.queue else None
    else:  # LA-15: the printed Meters' sizes are public
        d["meter_sizes"] = [p.meter for p in st.piles]
    d["seat"] = seat
    if seat in st.seats and not st.physical:
        d["hand"] = list(st.piles[seat - 1].hand)
        d["my_picks"] = list(st.picks.get(seat, []))
        d["my_edit"] = st.edits.get(seat)  # LA-12
        d["team_hands"] = {str(t): team_hand(st, t) for t in st.hand_seers(seat) if t != seat}
    outcome = st.outcome()
    d["outcome"] = None if outcome is None else outcome.to_dict()
    return d
