"""A phone's choices in the table's words (companion/words.py), over random playouts of the four games:
every choice has a label that is not its notation, and a phone's `offer` names its words too: two states
with the same offer word the same choices the same way (so a list a phone holds is never shown stale)."""
from __future__ import annotations

import random

import pytest

from companion.journal import Journal
from companion.phones import wire
from companion.session import Session

GAMES = [("time-runners", 3), ("legends-of-the-arena", 2), ("chronomage", 2), ("block-arena", 2)]


@pytest.mark.parametrize("game_id,players", GAMES, ids=[g for g, _ in GAMES])
def test_phones_message_every_choice_is_worded_and_its_offer_names_its_words(game_id, players):
    rng = random.Random(game_id)
    session = Session.start(Journal(), game_id, players, seed=2, table={"names": ["Ann", "Bob", "Cy"][:players]})
    worded: dict[str, list] = {}
    repeated = 0
    for _ in range(300):
        for seat, actions in wire.seats_actions(session).items():
            view = session.view(seat)
            choices = wire.choices(session, seat, actions, view)
            for action, choice in zip(actions, choices):
                assert choice["label"] and choice["label"] != str(action), f"{action} is shown as its notation"
            offer = wire.offer_of(session, seat, actions, view)
            repeated += offer in worded
            assert worded.setdefault(offer, choices) == choices, f"seat {seat}'s offer {offer} words its choices anew"
        legal = session.legal_actions()
        if session.outcome() is not None or not legal:
            break
        session.play(rng.choice(legal))
    assert repeated > 0, "no offer came back: nothing was compared"
