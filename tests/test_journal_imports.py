"""What comes into the journal from outside: an import never prints a traceback and keeps the refusal's
own class and words, the same export is not imported twice, an imported session resumes from snapshots
as a played one does, a seed is a short scalar, and a refusal quotes at most 60 characters of its input."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tools.bench_journal import endless_action
from companion.core import BadRequest, Refusal
from companion.journal import Journal
from companion.quoting import quoted
from companion.session import Session
from referee_client import RefereeProcess

ROOT = Path(__file__).resolve().parents[1]


def companion(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=90)


def chronomage_export_with(action: str) -> list[str]:
    """A real Chronomage export (no entries before "ready"), that line replaced by `action`: the rules refuse it
    before its chain is checked."""
    s = Session.start(Journal(), "chronomage", 3, seed=1)
    s.play("ready")
    lines = list(s.export_lines())
    return [*lines[:-1], json.dumps({"kind": "action", "action": action, "drawn": False})]


def test_an_import_of_a_typed_card_with_a_bad_field_is_one_line_with_the_librarys_words(tmp_path):
    from companion.testing.chronomage_fixtures import typed
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(line + "\n" for line in chronomage_export_with(typed(1, rounds=[{"color": "red"}]))))
    proc = companion("import", str(bad), "--journal", str(tmp_path / "j.sqlite"))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert "Line 2:" in proc.stderr and "field" in proc.stderr and "[bad-card]" in proc.stderr, proc.stderr
    assert not (tmp_path / "j.sqlite").exists()


def test_an_import_keeps_a_notation_errors_own_words_and_code():
    with pytest.raises(Refusal) as err:
        Session.import_lines(Journal(), chronomage_export_with("rolx 1"))
    assert err.value.code == "bad-notation" and err.value.kind == "notation"
    assert err.value.reason.startswith("Line 2: ") and err.value.reason.endswith("'rolx 1'")
    assert "'bad-notation'" not in err.value.reason


def test_importing_the_same_export_twice_is_refused_as_already_imported(tmp_path):
    s = Session.start(Journal(tmp_path / "a.sqlite"), "block-arena", 2, seed=1)
    s.play("place a1")
    out = tmp_path / "game.jsonl"
    out.write_text("".join(line + "\n" for line in s.export_lines()))
    journal = str(tmp_path / "b.sqlite")
    assert companion("import", str(out), "--journal", journal).returncode == 0
    again = companion("import", str(out), "--journal", journal)
    assert again.returncode == 2 and "[already-imported]" in again.stderr and "session 1" in again.stderr
    assert len(Journal(journal).sessions()) == 1
    with pytest.raises(Refusal) as err:  # and into the journal it came from, while it is still there
        Session.import_lines(s.journal, out.read_text().splitlines())
    assert err.value.code == "already-imported"


def test_an_imported_long_session_resumes_from_a_snapshot_like_the_played_one(tmp_path, monkeypatch):
    monkeypatch.setattr("companion.session.SNAPSHOT_EVERY", 16)
    s, rng = Session.start(Journal(tmp_path / "a.sqlite"), "time-runners", 2, seed=1), random.Random(1)
    while s.head < 100:
        s.play(endless_action(s, rng))
    target = Journal(tmp_path / "b.sqlite")
    copy = Session.import_lines(target, list(s.export_lines()))
    assert target.snapshot(copy.id, copy.head).seq == 96
    replayed = []
    monkeypatch.setattr(Session, "_replay", lambda self, state, entry: replayed.append(entry.seq) or
                        (state, state.apply(self.game.parse_action(entry.text))) if entry.kind == "action" else None)
    assert Session.resume(target, copy.id).full_state() == s.full_state()
    assert replayed == list(range(97, copy.head + 1))  # only what follows the snapshot


@pytest.mark.parametrize("seed", ["x" * 257, [1, 2], {"a": 1}])
def test_a_seed_is_a_number_or_a_text_of_at_most_256_characters(seed):
    with pytest.raises(BadRequest) as err:
        Session.start(Journal(), "block-arena", 2, seed=seed)
    assert err.value.code in ("bad-seed", "bad-request") and len(err.value.reason) < 200
    assert Session.start(Journal(), "block-arena", 2, seed="x" * 256).seed == "x" * 256


def test_a_ten_megabyte_seed_through_the_referee_is_refused_quoting_sixty_characters():
    ref = RefereeProcess()
    try:
        reply = ref.send(op="new", game="block-arena", players=2, seed="7" * 10_000_000)
        assert reply["error"]["code"] == "bad-seed" and len(reply["error"]["reason"]) < 160, reply["error"]
        assert "7" * 61 not in reply["error"]["reason"]
    finally:
        ref.close()


@pytest.mark.parametrize("value", ["g" * 100_000, {"hand": [[[[["deep"] * 50] * 50] * 50]]}, list(range(10 ** 5))])
def test_the_one_quoting_helper_shows_at_most_sixty_characters_of_anything(value):
    assert len(quoted(value)) <= 62


@pytest.mark.parametrize("game, players", [("time-runners", 2), ("block-arena", 2)])
def test_a_correction_naming_a_huge_other_game_is_refused_quoting_sixty_characters(game, players):
    s = Session.start(Journal(), game, players, seed=1)
    before = s.full_state()
    with pytest.raises(Refusal) as err:
        s.load({**before, "game": "g" * 100_000})
    assert err.value.code == "invalid-state" and err.value.rule == "ALL-3" and "g" * 61 not in err.value.reason
    assert s.full_state() == before


@pytest.mark.parametrize("observation", [{"hand": [[[["x"] * 100] * 100]]}, {"hand": "h" * 100_000}, {"h" * 1000: 1}])
def test_an_observation_that_is_not_plain_values_is_refused_quoting_sixty_characters(observation):
    ref = RefereeProcess()
    try:
        ref.send(op="new", game="time-runners", players=2, seed=1)
        error = ref.send({"op": "sense", **observation})["error"]
        assert error["code"] == "bad-observation" and error["rule"] == "protocol/sense" and len(error["reason"]) < 200
        assert ref.send(op="sense", hand=4)["ok"]
    finally:
        ref.close()


@pytest.mark.parametrize("players, options", [("9" * 1000, {}), (2, {"y" * 1000: 1}), (2, {"bga": "z" * 1000})],
                         ids=["players", "option-name", "option-value"])
def test_a_refusal_quotes_at_most_sixty_characters_of_a_new_games_input(players, options):
    from companion.quoting import LIMIT
    with pytest.raises(Refusal) as err:
        Session.start(Journal(), "block-arena", players, options=options)
    longest = max(len(w) for w in err.value.reason.replace("'", " ").split())
    assert longest <= LIMIT and len(err.value.reason) < 200
