"""The journal under fault injection, with small counts (`python -m tools.faults_journal` prints the figures
at large ones): real files damaged byte by byte and cut short, real processes killed during play, a
disk that fills up, a clock set back, an export aimed at an archive."""
from __future__ import annotations

import random

import pytest

from companion import games
from tools import faults_journal as faults


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    work = tmp_path_factory.mktemp("faults")
    path = work / "journal.sqlite"
    return work, path, faults.build(path, actions=80)


def test_random_byte_flips_never_resume_a_different_game_crash_or_go_unnamed(built):
    work, path, expected = built
    failed = []
    verdicts = faults.flips(path, expected, 40, random.Random(5), work, failed)
    assert failed == [] and sum(verdicts.values()) == 40
    assert verdicts["named"] > 0  # the flips found something to damage, and it was named


def test_a_journal_cut_short_anywhere_is_refused_naming_it(built):
    work, path, expected = built
    verdicts = faults.truncations(path, expected, [0.001, 0.01, 0.2, 0.6], work)
    assert verdicts == {"named": 4}


def test_a_process_killed_during_play_loses_no_acknowledged_action_in_any_game(tmp_path):
    figures = faults.kills(tmp_path, per_game=1, rng=random.Random(2))
    assert set(figures) == set(games.REGISTRY)
    for game_id, f in figures.items():
        assert f["kills"] == 1 and f["acknowledged"] > 0, (game_id, f)
        assert (f["lost"], f["damaged"], f["failures"]) == (0, 0, 0), (game_id, f)


def test_a_row_that_is_not_utf8_stops_neither_the_list_nor_the_referee(tmp_path):
    result = faults.bad_row(tmp_path)
    assert result["sessions_listed"] and result["referee_started"]
    opened, total = result["others_open"].split("/")
    assert opened == total


def test_a_full_disk_refuses_a_write_changes_nothing_and_the_next_write_after_space_is_freed_succeeds(tmp_path):
    result = faults.full_disk(tmp_path, tmpfs=False)  # a file size limit: no mount in the suite
    assert result == {"how": "rlimit", "refused": 3, "changed_on_refusal": 0, "recovered": True, "reopened_same": True}


def test_the_table_played_last_resumes_after_the_clock_was_set_back(tmp_path):
    assert faults.clock_back(tmp_path)


def test_an_export_aimed_at_an_archive_is_refused_and_the_archive_kept(tmp_path):
    assert faults.export_over(tmp_path)
