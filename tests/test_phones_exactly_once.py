"""A phone's play is played exactly once, even across a crash: `companion serve` killed (SIGKILL) after the play
was committed and before it was answered, then started again on the same journal; the phone (a real WebSocket
client) resends the play with its id, as the page does, and gets the first answer, "done", with nothing played
again. Before play ids were kept in the journal, the resend was played a second time, or answered "Nothing was
played" although it had been. In all four games (companion/phones/resends.py runs the kills, with figures)."""
from __future__ import annotations

import json
import random

import pytest

from companion import games
from companion.core import Refusal
from companion.journal import Journal
from companion.phones import resends
from companion.phones.hub import Hub
from companion.phones.tokens import SeatTokens
from companion.session import Session


@pytest.mark.parametrize("game_id", sorted(games.REGISTRY))
@pytest.mark.parametrize("plays", [1, 3])
def test_a_play_committed_before_a_crash_is_answered_done_when_resent_and_never_played_twice(tmp_path, game_id, plays):
    assert resends.trial(tmp_path, game_id, seed=3, plays=plays, rng=random.Random(plays)) == "done"


def test_the_apps_own_play_path_keeps_a_plays_id_with_what_it_played_too(tmp_path):
    """The app hands a phone's play to its controller (a `play(text, seat)` of its own), not to the session:
    the id is kept all the same, so the app started again answers the resend "done" and plays nothing."""
    path, keys = tmp_path / "j.sqlite", tmp_path / "phone-keys.json"

    def table(journal: Journal) -> tuple[Hub, Session]:
        session = Session.latest_unfinished(journal) or Session.start(journal, "block-arena", 2, seed=1)
        hub = Hub(SeatTokens(keys))

        def controller_play(text: str, seat: int):  # as ui/controller.py's: the session's play, its refusal returned
            try:
                session.play(text, seat)
            except Refusal as refusal:
                return refusal
        hub.attach(session, play=controller_play)
        return hub, session

    with Journal(path) as journal:
        hub, session = table(journal)
        state = json.loads(hub.sync(hub.key(1)).full())
        play = {"op": "play", "id": "tap-1", "action": state["actions"][0]["text"], "offer": state["offer"]}
        assert hub.play(hub.key(1), play)["type"] == "done" and session.head == 1
    with Journal(path) as journal:  # started again: nothing of the first run's memory is left
        hub, session = table(journal)
        assert hub.play(hub.key(1), play) == {"type": "done", "id": "tap-1"}
        assert session.head == 1 and journal.last_seq(session.id) == 1
