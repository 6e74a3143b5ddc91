"""ALL-2 and exports: undo and redo never move a session's place in its seed's chance sequence away from
the entries in effect, so any game, after any plays, undos and redos, exports a file that imports as the
same game, entry by entry, and draws the same next die (a typed die undone then redone once made every
later draw differ, and the session's own export was refused as `not-drawn`)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import games
from companion.core import IllegalAction
from companion.journal import Journal
from companion.session import Session

from test_chronomage_undo import session_at_round_one


def kept(session: Session) -> list[tuple]:
    """The entries in effect as a game is told (a secret's salt is made anew on import: its redacted text stays).
    Undo stops are left out: an import works them out again, and a Chronomage card the table picked that is also
    the one the seed draws there reads back as drawn (the export does not tell them apart)."""
    return [(e.kind, e.text, e.drawn, e.by, e.reveals, e.secret and e.secret["redacted"])
            for e in session.journal.entries(session.id, upto=session.head)]


def choices(session: Session) -> st.SearchStrategy:
    """A legal action, one the session draws (a bare `roll`) as often as one typed or chosen: Chronomage lists
    every face of every die, which would otherwise bury the few the referee rolls."""
    legal = session.legal_actions()
    drawn = [a for a in legal if a.incomplete]
    return st.sampled_from(legal) if not drawn else st.one_of(st.sampled_from(drawn), st.sampled_from(legal))


def sealed(session: Session) -> bool:
    """A secret entry in effect not revealed yet (its export cannot be imported until it is)."""
    entries = list(session.journal.entries(session.id, upto=session.head))
    last_reveal = max((i for i, e in enumerate(entries) if e.reveals), default=-1)
    return any(e.secret is not None for e in entries[last_reveal + 1:])


def same_game(session: Session) -> Session:
    again = Session.import_lines(Journal(), list(session.export_lines()))
    assert kept(again) == kept(session)
    assert again.full_state() == session.full_state() and again.draws == session.draws
    return again


def test_ALL_2_a_typed_die_undone_and_redone_keeps_its_place_in_the_seeds_sequence(tmp_path):
    s = session_at_round_one(tmp_path)
    s.play("dice 1 2 2 2 / 4")
    s.undo()
    s.redo()
    s.play("dice 2")  # drawn: the die the uninterrupted game draws here
    (tmp_path / "straight").mkdir()
    straight = session_at_round_one(tmp_path / "straight")
    straight.play("dice 1 2 2 2 / 4")
    straight.play("dice 2")
    assert s.full_state() == straight.full_state()
    same_game(s)
    assert same_game(Session.resume(s.journal, s.id)).draws == s.draws


@pytest.mark.parametrize("game_id", sorted(games.REGISTRY))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(data=st.data())
def test_ALL_2_any_plays_undos_and_redos_export_as_the_same_game_entry_by_entry(game_id, data):
    game = games.REGISTRY[game_id]
    players = data.draw(st.integers(game.min_players, min(game.max_players, 4)), "players")
    s = Session.start(Journal(), game_id, players, seed=data.draw(st.integers(0, 10 ** 6), "seed"))
    for _ in range(data.draw(st.integers(0, 60), "steps")):
        if s.outcome() is not None:
            break
        step = data.draw(st.sampled_from(["play", "play", "undo", "redo", "undo redo"]))
        try:
            if step == "play":
                s.play(data.draw(choices(s), "action"))
            else:
                for each in step.split():
                    getattr(s, each)()
        except IllegalAction:  # nothing to undo or redo, or undo stopped by chance: nothing changed
            pass
        entries = s.journal.entries(s.id, upto=s.head)  # the seed's position is that of the entries in effect
        assert s.draws == sum(e.kind == "action" and s.game.parse_action(e.text).chance for e in entries), step
    while sealed(s) and s.outcome() is None:  # Legends' picks: an export opens them once they are revealed
        s.play(data.draw(st.sampled_from(s.legal_actions()), "until revealed"))
    again = same_game(s)
    resumed = Session.resume(s.journal, s.id)  # and the journal's own copy of its position is that one too
    assert (resumed.full_state(), resumed.draws) == (s.full_state(), s.draws)
    if s.outcome() is None:  # and both draw the same from here on
        action = data.draw(st.sampled_from(s.legal_actions()), "next")
        s.play(action)
        again.play(action)
        assert again.full_state() == s.full_state()
