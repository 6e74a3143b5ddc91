"""LA-3, typed Legend values: kept in the data directory, validated with the field at fault, and captured
into a game's `values` option when it is created, so a journal replays the same after the values are
edited or on another machine (resume, export and import)."""
import json
import random

import pytest

from companion.core import BadRequest
from companion.games.legends import GAME as Legends
from companion.games.legends import data
from companion.games.legends.data import LegendDataError
from companion.journal import Journal
from companion.session import Session

GAME_ID = "legends-of-the-arena"
TRACK = [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 9, 9]
TYPED = {"push_track": TRACK, "basics": ["step", "dive", "defensive-pivot", "back", "punch", "smash"],
         "cards": {"wind-up": 85}}


@pytest.fixture
def datadir(tmp_path, monkeypatch):
    d = tmp_path / "data"
    monkeypatch.setenv("COMPANION_DATA", str(d))
    return d


def play_some(session, n, seed=3):
    rng = random.Random(seed)
    for _ in range(n):
        if session.outcome() is not None:
            break
        legal = session.legal()
        done = [a for a in legal if a.endswith(" done")]
        session.play(done[0] if done and rng.random() < 0.6 else rng.choice(legal))


def test_LA_3_typed_values_are_captured_in_the_values_option_when_a_game_is_created(datadir):
    assert Legends(2).options["values"] == "{}" and "push_track" in Legends(2).placeholders()[1]
    data.save_values(datadir, "alysia", TYPED)
    game = Legends(2)
    assert json.loads(game.options["values"]) == {"alysia": TYPED}
    alysia = game.legends[0]
    assert alysia.push_track == tuple(TRACK) and "smash" in alysia.basics and alysia.speed("wind-up") == 85
    assert game.placeholders() == {1: ("cards.whirling-leap", "cards.relentless-cleave", "cards.carve-a-path"),
                                   2: Legends(2, {"legends": ["hilda", "fitz"]}).placeholders()[2]}
    assert Legends(2, {"legends": ["hilda", "fitz"]}).options["values"] == "{}"  # only the Legends in play


def test_LA_3_the_typed_values_are_played_with(datadir):
    data.save_values(datadir, "alysia", {"push_track": TRACK})
    st = Legends(2).new_state()
    assert st.view(None)["legends"][0]["next_push"] == [TRACK[2], TRACK[3], TRACK[4]]
    assert st.view(1)["hand"][-1] == "punch" and "smash" not in st.view(1)["hand"]
    data.save_values(datadir, "alysia", TYPED)
    assert "smash" in Legends(2).new_state().view(1)["hand"]


def test_LA_3_a_resumed_game_keeps_the_values_it_started_with_after_they_are_edited(datadir, tmp_path):
    data.save_values(datadir, "alysia", TYPED)
    journal = Journal(tmp_path / "j.sqlite")
    session = Session.start(journal, GAME_ID, 2, seed="la3")
    play_some(session, 40)
    before, options = session.full_state(), dict(session.game.options)
    data.save_values(datadir, "alysia", {"push_track": [min(9, i // 2) for i in range(21)], "cards": {"wind-up": 20}})
    data.save_values(datadir, "fitz", {"push_track": [5] * 11})
    again = Session.resume(Journal(tmp_path / "j.sqlite"), session.id)
    assert again.full_state() == before and again.game.options == options
    assert again.game.legends == session.game.legends and again.game.legends[0].speed("wind-up") == 85
    assert Session.start(journal, GAME_ID, 2, seed="la3").game.legends[0].speed("wind-up") == 20  # the next game


def test_LA_3_an_export_imports_on_a_fresh_journal_and_machine_with_the_same_state(datadir, tmp_path, monkeypatch):
    data.save_values(datadir, "alysia", TYPED)
    session = Session.start(Journal(tmp_path / "a.sqlite"), GAME_ID, 2, seed="la3", options={"cards": "physical"})
    play_some(session, 60, seed=5)
    lines = list(session.export_lines())
    assert json.loads(json.loads(lines[0])["options"]["values"]) == {"alysia": TYPED}
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "another-machine"))  # no typed values there
    data.save_values(tmp_path / "another-machine", "fitz", {"push_track": [9] * 11})
    imported = Session.import_lines(Journal(tmp_path / "b.sqlite"), lines)
    assert imported.full_state() == session.full_state() and imported.game.legends == session.game.legends
    assert Legends(2).legends[0].push_track != tuple(TRACK)  # this machine's own values are not the game's


def test_LA_3_the_values_option_takes_saved_or_the_typed_values_of_the_legends_in_play(datadir):
    text = json.dumps({"fitz": {"push_track": [1] * 11}})
    game = Legends(2, {"values": text})
    assert game.legends[1].push_track == (1,) * 11 and game.options["values"] == data.canonical(json.loads(text))
    assert Legends(2, {"values": game.options["values"]}).options == game.options  # the text round-trips
    for bad, says in [("nope", "'saved' or a JSON object"), ("[1]", "a JSON object"),
                      (json.dumps({"hilda": {}}), "Legends in play only"),
                      (json.dumps({"fitz": {"colour": "red"}}), "basics, push_track and/or cards")]:
        with pytest.raises(BadRequest) as err:
            Legends(2, {"values": bad})
        assert says in err.value.reason and err.value.rule == "legends-of-the-arena/LA-3"
    with pytest.raises(LegendDataError) as err:
        Legends(2, {"values": json.dumps({"fitz": {"push_track": [0] * 10 + [10]}})})
    assert err.value.field == "push_track" and "index 10 holds 10" in err.value.reason


def test_LA_3_a_saved_file_edited_by_hand_is_checked_when_a_game_is_created(datadir):
    (datadir / "legends").mkdir(parents=True)
    (datadir / "legends" / "fitz.json").write_text('{"push_track": [3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0]}')
    with pytest.raises(LegendDataError) as err:
        Legends(2)
    assert "never goes down" in err.value.reason and err.value.legend == "fitz"
    (datadir / "legends" / "fitz.json").write_text("{not json")
    with pytest.raises(LegendDataError) as err:
        Legends(2)
    assert "cannot be read" in err.value.reason


@pytest.mark.parametrize("values,field,says", [
    ({"push_track": [0, 1, 2]}, "push_track", "11 or more token counts"),
    ({"push_track": [0] * 31}, "push_track", "at most 30"),
    ({"push_track": [0, 0, 0, 1, -1] + [2] * 6}, "push_track", "index 4 holds -1"),
    ({"push_track": [0, 0, 2, 1] + [2] * 7}, "push_track", "index 3 is less than index 2"),
    ({"cards": {"wind-up": 101}}, "cards.wind-up", "Speed of Wind Up is a whole number 0..100, not 101"),
    ({"cards": {"wind-up": "fast"}}, "cards.wind-up", "not 'fast'"),
    ({"cards": {"no-such-card": 50}}, "cards", "no card 'no-such-card'"),
    ({"cards": [50]}, "cards", "card id: Speed"),
    ({"basics": []}, "basics", "has basic cards"),
    ({"basics": ["step", "kick"]}, "basics", "'kick' is neither"),
    ({"basics": ["step", "Step"]}, "basics", "lowercase-hyphenated"),
    ({"basics": ["step", "wind-up"]}, "basics", "two lists"),
])
def test_LA_3_a_wrong_typed_value_is_refused_naming_its_field_and_nothing_is_kept(datadir, values, field, says):
    with pytest.raises(LegendDataError) as err:
        data.save_values(datadir, "alysia", values)
    assert err.value.field == field and says in err.value.reason, err.value.reason
    assert not data.values_path(datadir, "alysia").exists()


def test_LA_3_a_legends_own_basic_card_stays_in_its_basic_deck(datadir):
    with pytest.raises(LegendDataError) as err:
        data.save_values(datadir, "zephyr", {"basics": ["step", "dive", "back", "punch"]})
    assert err.value.field == "basics" and "'build-momentum' belongs in its basic deck" in err.value.reason
    data.save_values(datadir, "zephyr", {"basics": ["step", "dive", "back", "smash", "build-momentum"]})
    assert data.load("zephyr", datadir).basics[-1] == "build-momentum"


def test_LA_3_the_data_directory_is_the_journals(tmp_path, monkeypatch):
    from companion.cli import default_journal_path
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "state"))
    assert data.default_dir() == default_journal_path().parent == tmp_path / "state"
    monkeypatch.delenv("COMPANION_DATA")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data.default_dir() == default_journal_path().parent == tmp_path / "xdg" / "board-companion"


def test_LA_3_typable_fields_are_the_package_files_placeholders_and_stay_so_after_typing(datadir):
    assert data.typable("alysia") == data.placeholders("alysia")
    data.save_values(datadir, "alysia", {"push_track": TRACK})
    assert "push_track" in data.typable("alysia") and "push_track" not in data.placeholders("alysia", datadir)
    assert data.typed_values("alysia") == {"push_track": TRACK} and data.typed_values("fitz") == {}


def test_LA_3_a_game_with_typed_values_plays_out_and_round_trips(datadir):
    data.save_values(datadir, "alysia", TYPED)
    data.save_values(datadir, "zephyr", {"basics": ["step", "dive", "smash", "build-momentum"], "push_track": TRACK})
    for cards in ("digital", "physical"):
        game = Legends(2, {"legends": ["alysia", "zephyr"], "cards": cards})
        st, rng = game.new_state(), random.Random(7)
        for _ in range(400):
            if st.is_over():
                break
            if st.turn().kind == "chance":
                action = st.automatic(rng)
            else:
                acts = st.legal_actions()
                done = [a for a in acts if getattr(a, "prim", None) == "done"]
                action = done[0] if done and rng.random() < 0.6 else rng.choice(acts)
            st.apply(action)
            assert game.state_from_dict(st.to_dict()).to_dict() == st.to_dict()


def test_R_17_values_typed_after_a_game_is_created_apply_from_the_next_game(datadir):
    game = Legends(2)
    data.save_values(datadir, "fitz", {"push_track": [2] * 11})
    assert game.legends[1].push(0) == 0 and game.new_state().legend(2).push(0) == 0
    assert Legends(2).legends[1].push(0) == 2
    assert "R-17" in Legends.rules
