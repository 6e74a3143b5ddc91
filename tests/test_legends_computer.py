"""Computer Legends (LA-16): a seat the companion plays in digital mode, from its own view only."""
import random

import pytest

from companion.core import BadRequest, IllegalAction
from companion.games.legends import GAME as Legends
from companion.games.legends.bench import play_out
from companion.journal import Journal
from companion.session import Session


@pytest.fixture(autouse=True)
def _no_typed_values(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "data"))


def drawn(game, seed=1):
    st = game.new_state()
    rng = random.Random(seed)
    while st.turn().kind == "chance":
        st.apply(st.automatic(rng))
    return st


def cpu():
    return Legends.computer_players["cpu"]()


def choice(st, seat):
    return str(cpu().choose(st.clone(), seat, random.Random(7), 1.0))


def test_LA_16_changing_another_seats_secret_picks_never_changes_the_computers_pick():
    game = Legends(2, {"legends": ["alysia", "fitz"]})
    base = drawn(game)
    answers = set()
    for other in ("step dive back", "smash back step", "defensive-pivot back step", "dive smash defensive-pivot"):
        st = base.clone()
        st.apply(game.parse_action(f"pick 2 {other}"))
        answers.add(choice(st, 1))
    assert len(answers) == 1 and answers.pop().startswith("pick 1 ")


def test_LA_16_nor_the_later_picks_nor_the_hand_of_a_foe_change_a_choice_mid_exchange():
    game = Legends(4, {"legends": ["alysia", "fitz", "hilda", "zephyr"]})
    base = drawn(game)
    base.apply(game.parse_action("pick 1 defensive-pivot step back"))  # seat 1 is asked its facing first
    base.apply(game.parse_action("pick 3 step dive back"))
    answers = set()
    # seats 2 and 4 reveal Smash and Back in exchange 1 (public once seen); their later picks, and so what
    # is left in their hands, differ from one copy to the next
    for two, four in (("smash step dive", "back punch step"), ("smash back defensive-pivot", "back dive punch"),
                      ("smash dive back", "back step defensive-pivot")):
        st = base.clone()
        st.apply(game.parse_action(f"pick 2 {two}"))
        st.apply(game.parse_action(f"pick 4 {four}"))
        assert st.ask == {"kind": "face", "seat": 1}
        answers.add(choice(st, 1))
    assert len(answers) == 1 and answers.pop().startswith("face 1 ")


def test_LA_16_computer_legends_play_through_the_session_hint_and_as_the_computers_move(tmp_path):
    session = Session.start(Journal(tmp_path / "j.sqlite"), "legends-of-the-arena", 2, seed=3,
                            table={"computer": {"seat": 2, "level": "cpu"}})
    assert "cpu" in Legends.info()["computer_players"]
    text = session.hint("cpu", 1.0, seat=2)
    assert text.startswith("pick 2 ")
    session.computer_move("cpu", 1.0, seat=2)
    assert 2 in session.state.picks and 1 not in session.state.picks


def test_LA_16_a_whole_game_of_computer_legends_reaches_a_winner():
    game = Legends(2, {"legends": ["sabo", "hilda"]})
    st = drawn(game, 5)
    rng = random.Random(5)
    players = {1: cpu(), 2: Legends.computer_players["random"]()}
    play_out(st, players, rng, turns=3000)
    assert st.is_over() and st.outcome().winners


def test_LA_16_a_computer_legend_plays_digital_cards_only():
    st = Legends(2, {"cards": "physical"}).new_state()
    with pytest.raises(IllegalAction) as err:
        cpu().choose(st, 1, random.Random(1), 1.0)
    assert err.value.code == "physical-cards" and err.value.rule.endswith("/LA-16")


def test_LA_16_a_table_with_physical_cards_and_a_computer_seat_is_refused_before_it_starts(tmp_path):
    journal = Journal(tmp_path / "j.sqlite")
    with pytest.raises(BadRequest) as err:
        Session.start(journal, "legends-of-the-arena", 3, seed=1, options={"cards": "physical", "mode": "ffa"},
                      table={"computer": [{"seat": 2, "level": "cpu"}, {"seat": 3, "level": "random"}]})
    assert err.value.code == "physical-cards" and err.value.rule.endswith("/LA-16")
    assert journal.sessions() == []
    digital = Session.start(journal, "legends-of-the-arena", 3, seed=1, options={"mode": "ffa"},
                            table={"computer": [{"seat": 2, "level": "cpu"}, {"seat": 3, "level": "random"}]})
    assert len(journal.sessions()) == 1 and digital.table["computer"][1]["seat"] == 3
