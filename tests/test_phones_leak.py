"""Leak property on the wire (the conformance non-interference check, carried to the bytes sent).

Over random games of every hidden-information game: whichever secret action a seat takes (its pick, the
card it plays from its hand), every other seat's phone receives exactly the same bytes. Checked on the
messages the hub hands the server (the very strings it sends), and once end to end on real sockets.
"""
from __future__ import annotations

import asyncio
import random

import aiohttp
import pytest

from companion import games
from companion.core import HIDDEN, OVER, Refusal
from companion.journal import Journal
from companion.phones import wire
from companion.phones.hub import Hub
from companion.phones.tokens import SeatTokens
from companion.session import Session
from phone_helpers import PhoneTable, open_phone, run

NAMES = ["Ann", "Bob", "Cy", "Di"]
HIDDEN_GAMES = [pytest.param(g, n, id=f"{g}-{n}") for g, cls in games.REGISTRY.items() if cls.type.information == HIDDEN
                for n in sorted({cls.min_players, cls.max_players})]


def secret_choices(session: Session) -> dict[int, list]:
    """Seat -> its secret actions now (those others see only as their redacted text)."""
    found: dict[int, list] = {}
    for action in session.legal_actions():
        if action.redacted() is not None and not action.incomplete:
            found.setdefault(session.state.actor(action), []).append(action)
    return found


def others_bytes(session: Session, action, actor: int, others) -> tuple[dict[int, str] | None, bool]:
    """What every other seat is given (`others`) once `action` is played (None if it revealed), and whether
    undo brought the table back (a reveal stops undo: then the playout goes on from there)."""
    events = session.play(action, actor)
    sent = others(events, actor)
    revealed = any(e.get("reveals") for e in events)
    try:
        session.undo()
    except Refusal:
        return None, False
    return (None if revealed else sent), True


def swapped_hand(session: Session, rng: random.Random) -> tuple[int, dict] | None:
    """A seat, and the state with one card of its hand swapped for a different one of the face-down draw
    pile: a secret no other seat may tell apart (games whose hands are dealt from a pile)."""
    data = session.full_state()
    if not isinstance(data.get("hands"), list) or not isinstance(data.get("draw_pile"), list):
        return None
    seat = rng.randrange(len(data["hands"]))
    hand, pile = data["hands"][seat], data["draw_pile"]
    pairs = [(i, j) for i in range(len(hand)) for j in range(len(pile)) if hand[i] != pile[j]]
    if not pairs:
        return None
    i, j = rng.choice(pairs)
    hand[i], pile[j] = pile[j], hand[i]
    return seat + 1, data


def secrets_compared(session: Session, rng: random.Random, others, steps: int, actors: int) -> int:
    """A random game in which, at each step, each of the first `actors` seats holding secret choices plays up
    to three of them in turn (each taken back), and every fourth step a seat's hand is swapped with the
    draw pile (as a correction): what `others(events, seat)` gives every other seat never changes. The
    number of comparisons made."""
    checked = 0
    for step in range(steps):
        if session.turn().kind == OVER:
            break
        for actor, actions in list(secret_choices(session).items())[:actors]:
            sent = []
            for action in rng.sample(actions, min(3, len(actions))):
                bytes_sent, undone = others_bytes(session, action, actor, others)
                if bytes_sent is not None:
                    sent.append(bytes_sent)
                if not undone:
                    break
            assert all(s == sent[0] for s in sent), f"seat {actor}'s secret shows in what another seat is given"
            checked += len(sent) > 1
        swap = swapped_hand(session, rng) if step % 4 == 0 else None
        if swap is not None:
            seat, data = swap
            seen = []
            for state in (session.full_state(), data):  # each as a correction: the same journal position
                session.load(state)
                seen.append(others([], seat))
                session.undo()
            assert seen[0] == seen[1], f"seat {seat}'s hand shows in what another seat is given"
            checked += 1
        if session.turn().kind != OVER:
            session.play(rng.choice(session.legal_actions()))
    return checked


@pytest.mark.parametrize("game_id,players", HIDDEN_GAMES)
def test_phones_token_another_seats_secret_never_changes_a_byte_a_phone_receives(game_id, players):
    checked = 0
    for seed in range(3):
        session = Session.start(Journal(), game_id, players, seed=seed)
        hub = Hub(SeatTokens())
        hub.attach(session)
        sent = lambda events, but: {s: t for s, t in hub.messages(events).items() if s != but}  # noqa: E731
        checked += secrets_compared(session, random.Random(f"{game_id}:{seed}"), sent, steps=80, actors=2)
    assert checked > 0, "no secret was ever compared"


def test_phones_token_real_sockets_of_other_seats_receive_the_same_bytes_whichever_pick_a_seat_makes(tmp_path):
    """Legends, 4 seats on real sockets: seat 1 picks one of two ways; seats 2-4 see identical bytes."""
    received = []
    for n, choice in enumerate((0, 7)):
        table = PhoneTable(tmp_path / f"j{n}.sqlite", "legends-of-the-arena", 4, seed=11)
        try:
            async def go():
                async with aiohttp.ClientSession() as client:
                    phones = {s: await open_phone(client, table, s) for s in (1, 2, 3, 4)}
                    states = {s: await p.next("state") for s, p in phones.items()}
                    assert (await phones[1].play(states[1], states[1]["actions"][choice]["text"]))["type"] == "done"
                    for s in (2, 3, 4):
                        await phones[s].next("state", lambda m: 1 in m["view"]["picked"])
                    await asyncio.sleep(0.2)  # anything more that would be sent, is
                    return {s: phones[s].raw for s in (2, 3, 4)}
            received.append(run(go()))
        finally:
            table.close()
    assert received[0] == received[1]


@pytest.mark.parametrize("game_id,players", HIDDEN_GAMES)
def test_phones_token_another_seats_secret_never_changes_a_byte_of_a_phones_log(game_id, players):
    """The Log a phone asks for (the seat's sentences and board steps, its own secrets added) is the same,
    byte for byte, whichever secret action another seat takes or secret hand it holds."""
    session = Session.start(Journal(), game_id, players, seed=3, table={"names": NAMES[:players]})
    hub = Hub(SeatTokens())
    hub.attach(session)
    keys = {seat: hub.key(seat) for seat in session.game.seats}
    logs = lambda events, but: {s: wire.dumps(hub.log(k)) for s, k in keys.items() if s != but}  # noqa: E731
    assert secrets_compared(session, random.Random(f"log:{game_id}"), logs, steps=60, actors=1) > 0, \
        "no secret was ever compared"
