"""Chronomage's bookkeeping rulings (CM-8, CM-15 and counts that never go below zero): each test plays
the table a player would, or loads the correction a table would type, and checks what they see."""
from __future__ import annotations

import pytest

from companion.core import IllegalAction
from companion.games.chronomage import GAME
from companion.testing.chronomage_fixtures import play, write_timeline

from rules_helpers import refused


def table(tmp_path, players=3, **cards):
    return GAME(players, {"timeline": str(write_timeline(tmp_path, **cards))}).new_state()


def loaded_refusal(st, change):
    d = st.to_dict()
    change(d)
    with pytest.raises(IllegalAction) as err:
        st.game.state_from_dict(d)
    assert err.value.code == "invalid-state"
    return err.value


# ---------------------------------------------------------------- CM-15: the spellbook is fixed

def test_CM_15_the_spellbook_is_fixed_from_the_first_preparation_spell(tmp_path):
    st = table(tmp_path, 2)
    play(st, "book 1 3", "book 1 2", "book 1 3")  # rebuilt freely before any preparation spell
    play(st, "spell 1 0 3")
    assert (st.spell_cards.hands[0], st.spell_cards.spellbook[0], st.spell_cards.spent[0]) == (0, 3, 1)
    err = refused(st, "book 1 2", "book-is-fixed", "CM-15")
    assert "preparation spell" in err.reason
    refused(st, "book 2 1", "book-is-fixed", "CM-15")  # the spellbook step is over for the whole table
    assert not [a for a in st.legal_actions() if a.type == "Book"]


def test_CM_15_taking_the_spellbook_apart_cannot_cast_four_spells_on_one_cards_runes(tmp_path):
    st = table(tmp_path, 1)
    play(st, "book 1 3", "spell 1 0 3")
    for text in ("book 1 2", "book 1 1", "book 1 0"):
        refused(st, text, "book-is-fixed", "CM-15")
    refused(st, "spell 1 0 3", "empty-hand", "SPELL")  # the one card left in hand was cast
    assert st.spell_cards.spent == [1] and st.spell_cards.spellbook == [3] and st.spell_cards.hands == [0]


def test_CM_15_cleanup_restores_spells_and_the_next_strategy_phase_may_rebuild(tmp_path):
    st = table(tmp_path, 1)
    play(st, "book 1 2", "spell 1 0 2", "ready", "reveal c1", "dice 1 6 6 6 / 1", "time 1", "loot 1")
    assert st.phase == "strategy" and st.spell_cards.spent == [0] and st.spell_cards.hands == [3] and st.spell_cards.spellbook == [2]
    play(st, "book 1 0")
    assert st.spell_cards.hands == [5] and st.spell_cards.spellbook == [0]


# ---------------------------------------------------------------- CM-8 and the time deck kept true

def test_CM_8_a_cleanup_time_step_with_an_empty_time_deck_is_refused_by_load(tmp_path):
    st = table(tmp_path, 1)
    play(st, "ready", "reveal c1", "dice 1 6 6 6 / 1")
    assert (st.phase, st.step, st.spell_cards.time_deck) == ("cleanup", "time", 21)

    def empty(d):
        d["hands"][0] += d["time_deck"]
        d["time_deck"] = 0
    err = loaded_refusal(st, empty)
    assert err.rule == "chronomage/CM-8" and "time deck" in err.reason


def test_CM_8_no_action_takes_the_time_deck_below_zero_an_empty_draw_loses(tmp_path):
    st = table(tmp_path, 1)
    play(st, "ready", "reveal c1", "dice 1 6 6 6 / 1")
    st.spell_cards.time_deck, st.spell_cards.hands[0] = 0, st.spell_cards.hands[0] + st.spell_cards.time_deck  # a state built past load's check
    ev = play(st, "time 1")
    assert st.spell_cards.time_deck == 0 and st.outcome().result == "defeat" and st.outcome().termination == "time-deck-empty"
    assert ev[-1]["type"] == "defeat" and st.spell_cards.hands == [4 + 21]


def test_CM_8_two_players_losing_a_challenge_with_three_time_cards_left_draw_three_and_lose(tmp_path):
    st = table(tmp_path, 2)
    play(st, "ready", "reveal c1")
    d = st.to_dict()
    d["hands"][1] += d["time_deck"] - 3
    d["time_deck"] = 3
    st = st.game.state_from_dict(d)
    play(st, "fail")
    assert st.spell_cards.time_deck == 0 and st.outcome().termination == "time-deck-empty"
    assert sum(st.spell_cards.hands) == 8 + 27 and min(st.to_dict()[k] for k in ("time_deck", "loot_deck")) >= 0


def test_CM_2_no_count_of_the_books_ever_goes_below_zero_in_random_timelines():
    import random

    from companion.testing.chronomage_playout import random_playout
    game = GAME(2)
    rng = random.Random(19)

    def step(st, a, ev):
        d = st.to_dict()
        assert d["time_deck"] >= 0 and d["loot_deck"] >= 0 and d["challenge_deck"] >= 0, a
        assert min(d["hands"] + d["spellbook"] + d["spent"] + d["loot"]) >= 0, a

    for _ in range(15):
        random_playout(game, rng, on_step=step, fail_rate=0.03)
