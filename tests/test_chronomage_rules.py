"""Chronomage: one test per rule sentence and ruling (CM-1..CM-12, the rulebook's steps, X-1..X-14)."""
from __future__ import annotations

import random

import pytest

from companion.core import BadRequest, Turn
from companion.games.chronomage import GAME
from companion.testing.chronomage_fixtures import event, monster, play, write_timeline
from companion.games.chronomage.rules import RULES

from rules_helpers import refused


def table(tmp_path, players=3, colors=None, **cards):
    opts = {"timeline": str(write_timeline(tmp_path, **cards))}
    if colors:
        opts["colors"] = colors
    game = GAME(players, opts)
    return game.new_state()


def win(st, faces="6 6 6", chal="2"):
    """Play one challenge of plain cards to its end: ready, reveal the first card allowed, all roll high."""
    play(st, "ready", f"reveal {st.revealable()[0]}")
    while st.phase == "challenge":
        play(st, f"dice {st.to_roll()[0]} {faces} / {chal}")
    if st.phase == "cleanup":
        play(st, "time 1")
        if st.step == "loot":
            play(st, "loot 1")


def at_round(tmp_path, players=3, colors=None, **cards):
    st = table(tmp_path, players, colors, **cards)
    play(st, "ready", "reveal c1")
    assert st.phase == "challenge" and st.round == 1
    return st


def with_time_deck(st, cards):
    """The same table with only `cards` left in the time deck (the rest in seat 1's hand): a correction."""
    d = st.to_dict()
    d["hands"][0] += d["time_deck"] - cards
    d["time_deck"] = cards
    return st.game.state_from_dict(d)


# ---------------------------------------------------------------- rulings CM-1..CM-12

def test_CM_1_one_to_four_players_each_a_different_colour_default_in_seat_order(tmp_path):
    for bad in (0, 5):
        with pytest.raises(BadRequest):
            GAME(bad)
    assert GAME(4).options["colors"] == ["orange", "blue", "green", "purple"]
    assert GAME(2, {"colors": ["purple", "green"]}).new_state().colors == ("purple", "green")
    for colors in (["blue", "blue"], ["blue", "red"], ["blue"]):
        with pytest.raises(BadRequest) as err:
            GAME(2, {"colors": colors})
        assert err.value.rule == "chronomage/CM-1"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_CM_2_time_deck_six_a_player_plus_fifteen_challenge_deck_sixteen_loot_deck_twelve(players):
    d = GAME(players).new_state().to_dict()
    assert (d["time_deck"], d["challenge_deck"], d["loot_deck"]) == (6 * players + 15, 16, 12)


def test_CM_2_challenge_deck_is_five_phase_I_over_five_phase_II_over_six_phase_III(tmp_path):
    st = table(tmp_path, 1)
    phases = []
    while not st.is_over():
        win(st)
        phases.append(st.timeline.by_id[st.done[-1][0]].phase)
    assert phases == [1] * 5 + [2] * 5 + [3] * 6


def test_CM_3_a_revealed_card_is_picked_from_the_library_with_this_tables_power(tmp_path):
    st = table(tmp_path, 3, c1=monster(power=[5, 10, 22, 30], color="green", dice=2))
    play(st, "ready")
    refused(st, "reveal nosuch", "unknown-card", "CM-3")
    refused(st, "reveal", "not-drawn", "CM-3")
    play(st, "reveal c1")
    ch = st.to_dict()["challenge"]
    assert (ch["id"], ch["type"], ch["round"], ch["power"], ch["dice"], ch["color"]) == ("c1", "monster", 1, 22, 2, "green")
    assert st.to_dict()["challenge_deck"] == 16  # the revealed card stays on top of the deck


def test_CM_3_a_card_already_played_cannot_be_revealed_again(tmp_path):
    st = table(tmp_path, 1)
    win(st)
    play(st, "ready")
    refused(st, "reveal c1", "card-gone", "CM-3")


def three_players_21(tmp_path):
    """Seat 1: 6 + spell 1 + 2 runes = 9; seat 2: 6 + 1 rune = 7; seat 3 rolls last."""
    st = table(tmp_path, 3, c1=monster(power=[5, 10, 22, 30], resistance=1, color="purple"))
    play(st, "book 1 2", "book 2 1", "ready", "reveal c1", "spell 1 3 0 1", "dice 1 6 / 2", "dice 2 6 / 2")
    assert st.to_dict()["damage"] == {"seats": [9, 7, None], "total": 16, "power": 22}
    return st


def test_CM_4_three_players_damage_9_7_5_is_21_against_power_22_and_fails(tmp_path):
    st = three_players_21(tmp_path)
    ev = play(st, "dice 3 5 / 2")
    assert {"type": "round-failed", "round": 1, "total": 21, "power": 22, "weakness": "purple",
            "seats": [1, 2, 3]} in ev
    assert [w["purple"] for w in st.weaknesses] == [1, 1, 1]
    assert st.last_round["seats"] == [9, 7, 5] and not st.last_round["success"]


def test_CM_4_three_players_damage_22_against_power_22_succeeds(tmp_path):
    st = three_players_21(tmp_path)
    ev = play(st, "dice 3 6 / 2")
    assert {"type": "round-won", "round": 1, "total": 22, "power": 22} in ev
    assert st.phase == "cleanup" and all(w["purple"] == 0 for w in st.weaknesses)


def test_CM_5_spells_cost_at_most_ten_time_units_a_player_a_round(tmp_path):
    st = at_round(tmp_path, 2, c1=monster(rounds=[{"color": "blue", "power": [99] * 4, "dice": 1}]))
    play(st, "spell 1 6 0")
    refused(st, "spell 1 5 0", "out-of-time", "CM-5")
    play(st, "spell 1 4 0", "spell 2 10 0")
    assert st.view(None)["time_units_left"] == [0, 0]
    play(st, "dice 1 1 1 1 / 2", "dice 2 1 1 1 / 2")  # the round fails and is played again
    assert st.this_round.time_used == [0, 0] and st.view(None)["time_units_left"] == [10, 10]


def test_CM_5_a_spell_needs_no_more_runes_than_the_spellbook_shows(tmp_path):
    st = table(tmp_path, 1)
    play(st, "book 1 2")
    refused(st, "spell 1 0 3", "rune-check", "CM-5")
    play(st, "spell 1 0 2", "ready", "reveal c1")
    refused(st, "spell 1 1 3 2", "rune-check", "CM-5")
    play(st, "spell 1 1 2 2")


def test_CM_6_a_failed_round_gives_every_player_a_weakness_of_its_colour_and_is_played_again(tmp_path):
    st = at_round(tmp_path, 2, c1=monster(rounds=[{"color": "green", "power": [5, 30, 9, 9], "dice": 1},
                                                  {"color": "blue", "power": [5, 5, 9, 9], "dice": 1}]))
    play(st, "spell 1 3 0", "dice 1 1 1 1 / 2", "dice 2 1 2 3 / 2")
    assert st.round == 1 and st.this_round.rolls == [None, None] and st.this_round.time_used == [0, 0]
    assert [w["green"] for w in st.weaknesses] == [1, 1]
    play(st, "dice 1 6 6 6 / 2", "dice 2 6 6 6 / 2")
    assert st.round == 2


def test_CM_7_a_challenge_declared_lost_makes_every_player_draw_two_time_cards(tmp_path):
    st = at_round(tmp_path, 3)
    ev = play(st, "fail")
    assert st.spell_cards.time_deck == 33 - 6 and st.spell_cards.hands == [6, 6, 6]
    assert {"type": "time-cards", "seats": [1, 2, 3], "each": 2, "time_deck": 27} in ev
    assert st.done == [("c1", "lost")] and st.phase == "strategy"


def test_CM_7_a_defeated_challenge_gives_one_time_card_and_one_loot_card_to_chosen_players(tmp_path):
    st = at_round(tmp_path, 3)
    play(st, "dice 1 6 6 6 / 1", "dice 2 6 6 6 / 1", "dice 3 6 6 6 / 1")
    play(st, "time 3", "loot 2")
    assert (st.spell_cards.time_deck, st.spell_cards.hands, st.loot_cards.loot_deck, st.loot) == (32, [4, 4, 5], 11, [2, 3, 2])
    assert st.done == [("c1", "won")] and st.phase == "strategy"


def test_CM_8_drawing_from_an_empty_time_deck_loses_the_timeline(tmp_path):
    st = with_time_deck(at_round(tmp_path, 2), 3)
    ev = play(st, "fail")
    assert st.is_over() and st.outcome().result == "defeat" and "empty time deck" in st.outcome().reason
    assert st.spell_cards.time_deck == 0 and st.spell_cards.hands == [4 + 24 + 2, 4 + 1]  # seat 1 drew 2, seat 2 one, then none was left
    assert ev[-1]["type"] == "defeat"
    assert st.turn() == Turn.over() and st.legal_actions() == []


def test_CM_9_reverse_time_goes_back_to_round_one_and_rolls_two_anomaly_dice_removed_in_cleanup(tmp_path):
    two = [{"color": "blue", "power": [5] * 4, "dice": 1}, {"color": "green", "power": [5] * 4, "dice": 1}]
    st = at_round(tmp_path, 1, c1=monster(rounds=two))
    play(st, "dice 1 6 6 6 / 1")
    assert st.round == 2
    ev = play(st, "reverse 5 3")
    assert ev == [{"type": "reverse-time", "anomaly": [3, 5], "round": 1}]
    assert st.round == 1 and st.to_dict()["anomaly"] == [3, 5]
    ev = play(st, "dice 1 6 6 6 / 1", "dice 1 6 6 6 / 1")
    assert {"type": "anomaly-removed"} in ev and st.anomaly is None and st.phase == "cleanup"


def test_CM_9_the_referee_rolls_the_anomaly_dice_for_a_bare_reverse(tmp_path):
    st = at_round(tmp_path, 1)
    refused(st, "reverse", "not-drawn", "CM-9")
    a = st.complete(st.game.parse_action("reverse"), random.Random(3))
    assert a.chance and len(a.anomaly) == 2 and str(a).startswith("reverse ")


def test_CM_10_defeating_the_boss_wins_the_timeline(tmp_path):
    st = table(tmp_path, 1)
    for _ in range(15):
        win(st)
    assert st.revealable() == ["c16"] and not st.is_over()
    win(st)
    out = st.outcome()
    assert out.result == "victory" and "boss" in out.reason and out.winners == ()


def test_CM_11_a_die_is_entered_or_drawn_and_the_round_closes_when_everyone_has_rolled(tmp_path):
    st = at_round(tmp_path, 2, c1=monster(resistance={"orange": 2, "blue": 1, "green": 3, "purple": 3}, dice=2))
    refused(st, "dice 1", "not-drawn", "CM-11")
    drawn = st.complete(st.game.parse_action("dice 1"), random.Random(1))
    assert drawn.chance and len(drawn.faces) == 2 and len(drawn.challenge) == 2
    play(st, str(drawn))
    assert st.phase == "challenge" and st.to_roll() == [2] and st.turn() == Turn.seat(2)
    refused(st, "dice 1 1 1 / 1 1", "already-rolled", "CM-11")
    play(st, "dice 2 6 / 1 1")
    assert st.this_round.rolls == [None, None] and st.last_round["seats"][1] == 6  # closed: won or played again


def test_CM_12_weaknesses_are_counted_per_player_and_colour_from_the_attack_chart(tmp_path):
    chart = [{"face": 1, "spaces": [1], "weakness": ["green", "green"]}, {"face": 2, "spaces": [2, 3],
             "weakness": ["blue"]}] + [{"face": f, "spaces": []} for f in range(3, 7)]
    st = table(tmp_path, 2, c1=monster(chart=chart, power=[1, 1, 1, 1], dice=2))
    play(st, "form 1 1", "ready", "reveal c1", "dice 1 1 1 1 / 1 2", "dice 2 1 1 1 / 1 2")
    assert st.weaknesses[0] == {"orange": 0, "blue": 0, "green": 2, "purple": 0}
    assert st.weaknesses[1] == {"orange": 0, "blue": 1, "green": 0, "purple": 0}


# ---------------------------------------------------------------- the rulebook's steps

def test_SETUP_four_origin_spells_robes_and_staff_and_the_middle_formation_space():
    st = GAME(4).new_state()
    assert st.spell_cards.hands == [4] * 4 and st.loot == [2] * 4 and st.formation == [2] * 4 and st.spell_cards.spellbook == [0] * 4
    assert st.phase == "strategy" and st.turn() == Turn.table((1, 2, 3, 4))


def test_SPELLBOOK_is_laid_from_hand_before_the_reveal_and_stays(tmp_path):
    st = table(tmp_path, 2)
    play(st, "book 1 3")
    assert (st.spell_cards.hands[0], st.spell_cards.spellbook[0]) == (1, 3)
    play(st, "book 1 1")  # rebuilt: cards go back to hand
    assert (st.spell_cards.hands[0], st.spell_cards.spellbook[0]) == (3, 1)
    refused(st, "book 1 5", "not-enough-cards", "SPELLBOOK")
    play(st, "ready")
    refused(st, "book 1 0", "book-is-set", "SPELLBOOK")


def test_FORMATION_spaces_are_one_to_three_chosen_freely_in_strategy(tmp_path):
    st = table(tmp_path, 2)
    play(st, "form 1 1", "form 1 3", "form 2 1")
    assert st.formation == [3, 1]
    refused(st, "form 1 4", "no-such-space", "FORMATION")
    refused(st, "form 1 0", "no-such-space", "FORMATION")
    play(st, "ready")
    refused(st, "form 1 2", "not-now", "FORMATION")


def test_PREPARATION_spells_have_no_time_limit_but_pass_the_rune_check(tmp_path):
    st = table(tmp_path, 1)
    play(st, "book 1 1", "spell 1 10 1", "spell 1 10 0", "spell 1 10 1")
    assert st.spell_cards.spent == [3] and st.spell_cards.hands == [0] and st.this_round.time_used == [0]
    refused(st, "spell 1 0 0", "empty-hand", "SPELL")


def test_STRATEGY_ends_when_the_table_is_ready_to_reveal(tmp_path):
    st = table(tmp_path, 2)
    play(st, "ready")
    assert (st.phase, st.step) == ("engagement", "reveal")
    refused(st, "ready", "not-now", "STRATEGY")


def test_REVEAL_the_top_card_comes_from_the_decks_current_phase(tmp_path):
    st = table(tmp_path, 1)
    play(st, "ready")
    refused(st, "reveal c6", "wrong-phase", "REVEAL")
    refused(st, "reveal c11", "wrong-phase", "REVEAL")
    assert st.revealable() == ["c1", "c2", "c3", "c4", "c5"]
    refused(st, "dice 1 1 2 3", "not-now", "CM-11")


def test_PREEMPT_only_printed_colours_take_part_and_a_group_choice_is_the_tables(tmp_path):
    solo = {"kind": "choice", "attempt": ["blue", "green"], "options": ["Run", "Hide"]}
    group = {"kind": "choice", "attempt": ["blue"], "all": True, "options": ["Run", "Hide", "Fight"]}
    st = table(tmp_path, 3, c1=monster(preemptive=solo), c2=monster(preemptive=group))
    play(st, "ready", "reveal c1")
    assert st.turn() == Turn.table((2, 3))
    refused(st, "choose 1 1", "not-printed", "PREEMPT")
    refused(st, "choose 2", "individual-choice", "PREEMPT")
    refused(st, "choose 2 3", "no-such-option", "PREEMPT")
    play(st, "choose 2 1")
    refused(st, "choose 2 2", "already-chose", "PREEMPT")
    assert st.turn() == Turn.seat(3)
    play(st, "choose 3 2")
    assert st.phase == "challenge" and st.preemptive.results == [None, 1, 2]
    play(st, "fail", "ready", "reveal c2")
    refused(st, "choose 2 1", "group-choice", "PREEMPT")
    play(st, "choose 3")
    assert st.phase == "challenge" and st.preemptive.results == [3, 3, 3]


def test_MONSTER_a_player_rolls_their_colours_resistance_and_the_rounds_challenge_dice(tmp_path):
    res = {"orange": 1, "blue": 3, "green": 0, "purple": 2}
    st = at_round(tmp_path, 3, c1=monster(resistance=res, dice=2))
    assert st.view(None)["dice_count"] == [1, 3, 0]
    refused(st, "dice 1 4 4 / 1 1", "wrong-dice", "MONSTER")
    refused(st, "dice 1 4 / 1", "wrong-dice", "MONSTER")
    refused(st, "dice 1 4", "wrong-dice", "MONSTER")
    play(st, "dice 1 4 / 1 1", "dice 3 / 6 6")
    assert st.to_dict()["damage"]["seats"] == [4, None, 0]


def test_SPELL_is_cast_from_hand_before_the_casters_roll_and_stays_discarded_until_cleanup(tmp_path):
    st = at_round(tmp_path, 2)
    play(st, "spell 1 2 0 5", "dice 1 1 1 1 / 1")
    refused(st, "spell 1 0 0", "already-rolled", "SPELL")
    assert st.spell_cards.hands == [3, 4] and st.spell_cards.spent == [1, 0]
    play(st, "spell 2 2 0", "spell 2 2 0", "spell 2 2 0", "spell 2 2 0")
    refused(st, "spell 2 2 0", "empty-hand", "SPELL")
    play(st, "dice 2 6 6 6 / 1", "time 1", "loot 1")
    assert st.spell_cards.hands == [5, 4] and st.spell_cards.spent == [0, 0]


def test_EVENT_no_spells_no_runes_each_player_leaves_on_reaching_the_power(tmp_path):
    st = table(tmp_path, 2, c1=event(power=[9, 9, 9, 9], color="purple", resistance=2))
    play(st, "book 1 4", "ready", "reveal c1")
    refused(st, "spell 1 0 0", "no-spells-in-events", "EVENT")
    ev = play(st, "dice 1 4 4 / 2")  # 8: runes do not count, 8 < 9
    assert st.this_round.rolls[0]["result"] == 8 and st.weaknesses[0]["purple"] == 1
    assert {"type": "weakness", "seats": [1], "color": "purple"} in ev
    play(st, "dice 2 4 5 / 2")
    assert st.through == [False, True] and st.round == 1 and st.to_roll() == [1]
    refused(st, "dice 2 6 6 / 2", "through", "EVENT")
    play(st, "dice 1 6 6 / 2")
    assert st.phase == "cleanup"


def test_ASSIST_a_player_through_the_event_gives_one_die_before_the_rolls(tmp_path):
    st = table(tmp_path, 3, c1=event(power=[12] * 4, resistance=2))
    play(st, "ready", "reveal c1", "dice 1 6 6 / 1", "dice 2 1 1 / 1", "dice 3 1 1 / 1")
    assert st.through == [True, False, False]
    refused(st, "assist 2 3", "giver-not-through", "ASSIST")
    refused(st, "assist 1 1", "receiver-through", "ASSIST")
    play(st, "assist 1 2")
    refused(st, "assist 1 3", "one-die", "ASSIST")
    assert st.view(None)["dice_count"] == [2, 3, 2]
    refused(st, "dice 2 6 6 / 1", "wrong-dice", "EVENT")
    play(st, "dice 2 4 4 4 / 1")
    refused(st, "assist 1 3", "assist-before-rolls", "ASSIST")
    assert st.through == [True, False, False] and st.this_round.rolls[1]["result"] == 12


def test_ASSIST_dice_are_given_only_in_an_event(tmp_path):
    st = at_round(tmp_path, 2)
    refused(st, "assist 1 2", "not-event", "ASSIST")


def test_CLEANUP_goes_time_card_then_loot_card_then_spells_restored_then_the_boss_check(tmp_path):
    st = at_round(tmp_path, 1)
    play(st, "spell 1 1 0", "dice 1 6 6 6 / 1")
    assert (st.phase, st.step) == ("cleanup", "time")
    refused(st, "loot 1", "not-now", "CLEANUP")
    play(st, "time 1")
    assert st.step == "loot" and st.spell_cards.spent == [1]
    refused(st, "time 1", "not-now", "CLEANUP")
    ev = play(st, "loot 1")
    assert [e["type"] for e in ev] == ["loot-card", "spells-restored", "strategy"]
    assert st.spell_cards.spent == [0] and st.spell_cards.hands == [5] and not st.is_over()


def test_TURN_actions_name_seats_at_the_table_and_belong_to_their_phase(tmp_path):
    st = table(tmp_path, 2)
    refused(st, "book 3 1", "no-such-seat", "TURN")
    refused(st, "time 1", "not-now", "CLEANUP")
    refused(st, "fail", "no-challenge", "CM-7")
    assert st.actor(st.game.parse_action("book 2 1")) == 2 and st.actor(st.game.parse_action("ready")) is None
    assert st.actor(st.game.parse_action("time 2")) is None


def test_OVER_nothing_is_played_once_the_timeline_is_won_or_lost(tmp_path):
    st = with_time_deck(at_round(tmp_path, 1), 0)
    play(st, "fail")
    refused(st, "ready", "game-over", "OVER")


# ---------------------------------------------------------------- our rulings X-1..X-14

def test_X_1_the_boss_comes_only_in_phase_III_and_is_the_last_card_when_no_other_is_left(tmp_path):
    """It used to lie at the bottom and be refused before (boss-is-last); CM-10 changed: anywhere in phase III."""
    st = table(tmp_path, 1)
    for _ in range(9):
        win(st)
    play(st, "ready")
    refused(st, "reveal c16", "wrong-phase", "REVEAL")  # still phase II
    assert "c16" not in st.revealable()
    play(st, "reveal c10", "dice 1 6 6 6 / 1", "time 1", "loot 1", "ready")
    assert "c16" in st.revealable()
    play(st, "reveal c11", "dice 1 6 6 6 / 1", "time 1", "loot 1")
    for _ in range(4):
        win(st)
    play(st, "ready")
    assert st.revealable() == ["c16"]


def test_X_2_players_still_in_an_event_play_its_one_round_again(tmp_path):
    st = table(tmp_path, 2, c1=event(power=[10] * 4, resistance=2))
    play(st, "ready", "reveal c1", "dice 1 6 6 / 1", "dice 2 1 1 / 1")
    assert st.round == 1 and st.this_round.rolls == [None, None] and st.to_roll() == [2] and st.phase == "challenge"
    assert st.last_round["through"] == [1] and not st.last_round["success"]


def test_X_3_an_events_challenge_die_is_read_on_its_attack_chart(tmp_path):
    chart = [{"face": 3, "spaces": [2], "weakness": ["orange"]}] + [{"face": f, "spaces": []} for f in (1, 2, 4, 5, 6)]
    st = table(tmp_path, 1, c1=event(chart=chart, power=[2] * 4))
    play(st, "ready", "reveal c1", "dice 1 6 6 6 / 3")
    assert st.weaknesses[0]["orange"] == 1 and st.phase == "cleanup"


def test_X_4_a_crisis_is_three_dice_against_the_goal_and_under_ALL_one_roll_decides(tmp_path):
    crisis = {"kind": "crisis", "attempt": ["blue", "green"], "goal": 10}
    st = table(tmp_path, 3, c1=monster(preemptive=crisis), c2=monster(preemptive={**crisis, "all": True}))
    play(st, "ready", "reveal c1")
    refused(st, "dice 1 6 6 6", "no-roll", "PREEMPT")
    refused(st, "dice 2 6 6", "wrong-dice", "X-4")
    refused(st, "dice 2 6 6 6 / 1", "wrong-dice", "X-4")
    play(st, "dice 2 3 3 4", "dice 3 1 2 3")
    assert st.preemptive.results == [None, "success", "fail"] and st.phase == "challenge"
    play(st, "fail", "ready", "reveal c2")
    assert st.turn() == Turn.table((2, 3))
    play(st, "dice 3 1 1 1")
    assert st.preemptive.results == ["fail"] * 3 and st.phase == "challenge"


def test_X_5_the_table_attempts_or_skips_an_exploit(tmp_path):
    exploit = {"kind": "exploit", "attempt": ["orange"], "goal": 12, "weakness": "green"}
    st = table(tmp_path, 2, c1=monster(preemptive=exploit), c2=monster(preemptive=exploit))
    play(st, "ready", "reveal c1")
    refused(st, "dice 1 6 6 6", "no-roll", "PREEMPT")
    play(st, "exploit no")
    assert st.phase == "challenge" and st.preemptive.results == [None, None]
    play(st, "fail", "ready", "reveal c2", "exploit yes")
    refused(st, "exploit no", "not-now", "X-5")
    play(st, "dice 1 2 2 2")
    assert st.weaknesses[0]["green"] == 1 and st.phase == "challenge"


def test_X_6_a_failed_preemptive_roll_weakens_the_failer_or_everyone_under_ALL_never_the_unprinted(tmp_path):
    crisis = {"kind": "crisis", "attempt": ["orange", "blue"], "goal": 12, "weakness": "blue"}
    st = table(tmp_path, 3, c1=monster(preemptive=crisis), c2=monster(preemptive={**crisis, "all": True}))
    play(st, "ready", "reveal c1", "dice 1 1 1 1", "dice 2 6 6 6")
    assert [w["blue"] for w in st.weaknesses] == [1, 0, 0]
    play(st, "fail", "ready", "reveal c2", "dice 2 1 1 1")
    assert [w["blue"] for w in st.weaknesses] == [2, 1, 1]


def test_X_6_a_card_nobody_may_attempt_goes_straight_to_round_one(tmp_path):
    st = table(tmp_path, 2)
    ev = play(st, "ready", "reveal c1")
    assert {"type": "preemptive-skipped", "reason": "no player's colour is printed"} in ev
    assert st.phase == "challenge"


def test_X_7_time_is_reversed_once_a_challenge_and_weaknesses_and_spells_stay(tmp_path):
    st = at_round(tmp_path, 1, c1=monster(power=[99] * 4))
    play(st, "spell 1 1 0", "dice 1 1 1 1 / 1")
    assert st.weaknesses[0]["orange"] == 1
    play(st, "reverse 1 2")
    refused(st, "reverse 2 2", "already-reversed", "X-7")
    assert st.weaknesses[0]["orange"] == 1 and st.spell_cards.spent == [1] and st.round == 1
    play(st, "fail", "ready")
    refused(st, "reverse 1 1", "no-challenge", "X-7")


def test_X_8_a_lost_challenge_is_discarded_without_reward_and_spells_come_back(tmp_path):
    st = at_round(tmp_path, 2)
    play(st, "spell 1 0 0", "reverse 1 2")
    ev = play(st, "fail")
    assert {"type": "anomaly-removed"} in ev and st.anomaly is None and not st.reversed
    assert st.spell_cards.spent == [0, 0] and st.spell_cards.hands == [6, 6] and st.loot_cards.loot_deck == 12
    assert st.done == [("c1", "lost")] and st.revealable() == ["c2", "c3", "c4", "c5"]


def test_X_8_losing_the_boss_loses_the_timeline(tmp_path):
    st = table(tmp_path, 1)
    for _ in range(15):
        win(st)
    play(st, "ready", "reveal c16", "fail")
    assert st.outcome().result == "defeat" and "boss" in st.outcome().reason


def test_X_9_with_the_loot_deck_empty_the_loot_step_is_skipped(tmp_path):
    st = table(tmp_path, 1)
    for _ in range(12):
        win(st)
    assert st.loot_cards.loot_deck == 0 and st.loot == [14]
    play(st, "ready", f"reveal {st.revealable()[0]}", "dice 1 6 6 6 / 1")
    ev = play(st, "time 1")
    assert {"type": "loot-skipped", "reason": "the loot deck is empty"} in ev and st.phase == "strategy"


def test_X_10_a_preparation_spell_adds_no_damage_bonus(tmp_path):
    st = table(tmp_path, 1)
    refused(st, "spell 1 1 0 2", "no-round-yet", "X-10")


def test_X_11_formation_changes_during_a_challenge_only_before_the_players_roll(tmp_path):
    st = at_round(tmp_path, 2, c1=monster(power=[99] * 4))
    play(st, "form 1 3", "dice 1 1 1 1 / 1")
    refused(st, "form 1 1", "already-rolled", "X-11")
    play(st, "form 2 1")
    assert st.formation == [3, 1]


def test_X_12_spell_costs_runes_and_bonuses_have_a_range(tmp_path):
    st = at_round(tmp_path, 1)
    for text in ("spell 1 11 0", "spell 1 0 10", "spell 1 0 0 10"):
        refused(st, text, "spell-out-of-range", "X-12")


def test_X_13_the_runes_showing_are_the_cards_in_the_spellbook_and_add_to_damage(tmp_path):
    st = table(tmp_path, 1, c1=monster(power=[99] * 4))
    play(st, "book 1 3", "ready", "reveal c1", "dice 1 1 1 1 / 1")
    assert st.last_round["total"] == 6


def test_X_14_cleanups_time_card_comes_before_the_boss_check(tmp_path):
    st = table(tmp_path, 1)
    for _ in range(15):
        win(st)
    play(st, "ready", "reveal c16")
    st = with_time_deck(st, 0)
    play(st, "dice 1 6 6 6 / 1")
    assert st.outcome().result == "defeat" and "cleanup" in st.outcome().reason


def test_every_rule_cited_has_a_sentence_and_every_sentence_is_short():
    assert all(s.endswith(".") and len(s) < 260 for s in RULES.values())
    assert {f"CM-{i}" for i in range(1, 13)} | {f"X-{i}" for i in range(1, 15)} <= set(RULES)


def test_the_worked_monster_round_of_the_package_docstring_plays_as_written():
    st = GAME(3).new_state()
    play(st, "book 1 2", "book 2 1", "ready", "reveal rust-hound", "choose 1")
    assert st.to_dict()["challenge"]["power"] == 14 and st.to_dict()["challenge"]["color"] == "green"
    ev = play(st, "spell 1 4 2 3")
    assert ev[0]["time_left"] == 6
    play(st, "dice 1 2 5 / 3")
    assert st.to_dict()["damage"] == {"seats": [12, None, None], "total": 12, "power": 14}
    play(st, "dice 2 1 4 / 5")
    assert st.to_dict()["damage"]["total"] == 18 and st.weaknesses[1]["purple"] == 1
    ev = play(st, "dice 3 6 / 1")
    assert {"type": "round-won", "round": 1, "total": 24, "power": 14} in ev
    assert st.round == 2 and st.power() == 16 and st.this_round.time_used == [0, 0, 0] and st.this_round.bonus == [0, 0, 0]
