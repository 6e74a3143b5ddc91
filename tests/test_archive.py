"""A table archives its finished games: each to its own file, checked, then out of the journal."""
from __future__ import annotations

import random

import pytest

from companion.archive import archive_finished
from companion.games.time_runners import random_action
from companion.journal import Journal
from companion.session import Session


def finished_session(journal, seed):
    s, rng = Session.start(journal, "time-runners", 2, seed=seed), random.Random(seed)
    while s.outcome() is None:
        s.play(str(random_action(s.state, rng)))
    return s


def test_every_finished_game_goes_to_its_own_file_and_the_running_one_stays(tmp_path):
    with Journal(tmp_path / "journal.sqlite") as j:
        done = [finished_session(j, seed) for seed in (1, 2)]
        running = Session.start(j, "time-runners", 3, seed=3)
        assert j.finished_count() == 2
        files = list(archive_finished(j, tmp_path / "archive"))
        assert [f.name for f in files] == [f"time-runners-session-{s.id}.jsonl" for s in done]
        assert [r.id for r in j.sessions()] == [running.id] and j.finished_count() == 0
    with Journal() as fresh:
        for s, f in zip(done, files):
            with f.open() as lines:
                assert Session.import_lines(fresh, lines).outcome() == s.outcome()


def test_an_archive_file_is_never_overwritten_by_a_later_session_of_the_same_id(tmp_path):
    folder = tmp_path / "archive"
    for name in ("first", "second"):  # two journals whose first session both has id 1
        with Journal(tmp_path / f"{name}.sqlite") as j:
            finished_session(j, seed=4)
            list(archive_finished(j, folder))
    assert sorted(f.name for f in folder.iterdir()) == ["time-runners-session-1-2.jsonl",
                                                        "time-runners-session-1.jsonl"]


def test_a_failed_archive_keeps_the_session_in_the_journal(tmp_path):
    folder = tmp_path / "archive"
    folder.write_text("a file where the folder should be")
    with Journal(tmp_path / "journal.sqlite") as j:
        s = finished_session(j, seed=5)
        with pytest.raises(OSError):
            list(archive_finished(j, folder))
        assert [r.id for r in j.sessions()] == [s.id]
