"""Write a Legends position in one call (a FEN for tests, demos and corrections).

    table(2, spaces=[2, 3], facing=["right", "left"], fatigue=[4, 0])

builds a physical-mode game waiting for the reveals of an exchange (or `cards="digital"`, waiting
for picks with every basic in hand and full Meters) and returns it checked by `state_from_dict`.
"""
from __future__ import annotations

from typing import Any


def table_dict(game, *, spaces=None, facing=None, fatigue=None, initiative: int = 1, stocks=None,
               knockouts=None, exchange: int = 1, sequence: int = 1) -> dict[str, Any]:
    st = game.new_state()
    d = st.to_dict()
    n = game.players
    for i, lg in enumerate(d["legends"]):
        if spaces is not None:
            lg["space"] = spaces[i]
        if facing is not None:
            lg["facing"] = facing[i]
        if fatigue is not None:
            lg["fatigue"] = fatigue[i]
    d["initiative"], d["exchange"], d["sequence"] = initiative, exchange, sequence
    if stocks is not None:  # the Knock Outs received that took the Stocks (to the team's first seat)
        d["stocks"] = list(stocks)
        for t, left in enumerate(stocks):
            d["received"][st.team_seats(t)[0] - 1] = st.start_stocks() - left
    if knockouts is not None:  # the Knock Outs scored (each a push 1 past the Edge) were received by the last
        d["knockouts"] = list(knockouts)  # seat of those scoring fewest
        d["furthest"] = [min(k, 1) for k in knockouts]
        victim = max(range(n), key=lambda i: (-knockouts[i], i))
        d["received"][victim] += sum(knockouts)
    if d["cards"] == "digital":  # straight to the picks: nothing drawn yet, every Meter full
        d["phase"], d["queue"], d["ask"] = "pick", [], None
    assert len(d["legends"]) == n
    return d


def table(players: int = 2, *, mode: str | None = None, cards: str = "physical", legends=None, **fields):
    from companion.games.legends.game import Legends
    options = {"cards": cards}
    if mode is not None:
        options["mode"] = mode
    if legends is not None:
        options["legends"] = legends
    game = Legends(players, options)
    return game.state_from_dict(table_dict(game, **fields))


def wellformed_texts(players: int) -> list[str]:
    """A probe set of well-formed action texts, seats and values one past the edges included."""
    out = []
    cards = ["step", "dive", "defensive-pivot", "back", "shot", "smash", "punch", "wind-up", "carve-a-path",
             "tenderize", "nope"]
    for s in range(0, players + 2):
        out += [f"reveal {s} {c}" for c in cards] + [f"draw {s} {c}" for c in cards]
        out += [f"pick {s} step dive back", f"pick {s} step step back", f"pick {s} wind-up punch shot",
                f"pick {s} smash step dive", f"pick {s} punch defensive-pivot back"]
        out += [f"reshuffle {s} yes", f"reshuffle {s} no", f"face {s} left", f"face {s} right"]
        out += [f"target {s} {w}" for w in range(0, players + 2)]
        out += [f"do {s} done", f"do {s} initiative", f"do {s} block 1", f"do {s} block 0", f"do {s} strike 2 0",
                f"do {s} strike 10 any", f"do {s} move 1 left 1", f"do {s} move {players + 1} right 1",
                f"do {s} fatigue 1 +1", f"do {s} fatigue 1 +0", f"do {s} form wolf", f"do {s} form human",
                f"do {s} raise 3", f"do {s} raise 0", f"do {s} bury 3", f"target {s} z1", f"target {s} z5", f"do {s} push 2 right 2", f"do {s} turn 1 left"]
    return out
