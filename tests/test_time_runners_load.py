"""Time Runners `state_from_dict` refuses every impossible state (ALL-3) and the notation is strict.

Each invariant test starts from a state a real game reached, shows it loads, breaks one thing the rules
forbid and checks the refusal names that rule.
"""
from __future__ import annotations

import copy
import json
import random

import pytest

from companion.core import NotationError, Refusal
from companion.games.time_runners import GAME, parse_action
from companion.testing.time_runners_playout import random_playout
from companion.testing.time_runners_fixtures import table


def snapshots(players: int, seed: int, instant_rate: float = 0.3) -> list[dict]:
    """Every state of one random game, as dicts."""
    game, out = GAME(players), []
    random_playout(game, random.Random(seed), instant_rate, on_step=lambda s, a, ev: out.append(s.to_dict()))
    return out


def first(pred, players_list=(2, 3, 4, 5, 6), seeds=range(40)) -> dict:
    """The first state of a seeded random game that `pred` likes."""
    for seed in seeds:
        for n in players_list:
            for d in snapshots(n, seed):
                if pred(d):
                    return copy.deepcopy(d)
    raise AssertionError("no random game reached such a state")


def loads(d: dict):
    st = GAME(d["players"]).state_from_dict(json.loads(json.dumps(d)))
    assert st.to_dict() == d
    return st


def refused(d: dict, rule: str, words: str = "") -> Refusal:
    with pytest.raises(Refusal) as e:
        GAME(d["players"]).state_from_dict(d)
    assert e.value.code == "invalid-state"
    assert e.value.rule == "time-runners/" + rule, e.value
    assert words in e.value.reason, e.value.reason
    return e.value


def played(d: dict, seat: int | None = None) -> list[dict]:
    return [p for p in d["cards_played"] if seat is None or p["seat"] == seat]


# ---------------------------------------------------------------- every reachable state loads
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_ALL3_every_state_of_random_games_loads_and_round_trips(players):
    for seed in range(8):
        for d in snapshots(players, seed, instant_rate=0.1 + 0.05 * seed):
            loads(d)


# ---------------------------------------------------------------- the mover's hand (TR-9, TR-6)
def test_TR9_roll_phase_hand_plus_cards_played_this_turn_make_six():
    d = first(lambda d: d["phase"] == "roll" and d["turn_number"] > 1 and played(d, d["current"])
              and len(d["draw_pile"]) > 3)
    loads(d)
    short = copy.deepcopy(d)
    short["discard_pile"].append(short["hands"][d["current"] - 1].pop())  # a card vanished from the mover's hand
    refused(short, "TR-9", "make 5")
    extra = copy.deepcopy(d)  # the mover's instant played before the roll, but the hand still full
    extra["hands"][d["current"] - 1].append(extra["draw_pile"].pop(0))
    refused(extra, "TR-9", "make 7")


def test_TR9_the_mover_holds_six_at_the_roll_when_nothing_was_played():
    d = first(lambda d: d["phase"] == "roll" and d["turn_number"] > 1 and not played(d))
    assert len(d["hands"][d["current"] - 1]) == 6
    loads(d)
    d["draw_pile"].append(d["hands"][d["current"] - 1].pop())
    refused(d, "TR-9")


def test_TR6_empty_draw_pile_in_the_roll_phase_with_a_short_hand_is_a_reshuffle():
    d = first(lambda d: d["phase"] == "reshuffle")
    loads(d)
    assert d["draw_pile"] == [] and len(d["hands"][d["current"] - 1]) < 6
    d["phase"] = "roll"
    refused(d, "TR-6", "reshuffle")


def test_TR6_roll_phase_with_an_empty_draw_pile_loads_when_the_mover_holds_six():
    d = first(lambda d: d["phase"] == "roll" and d["turn_number"] > 1 and not played(d))
    d["discard_pile"] += d["draw_pile"]
    d["draw_pile"] = []
    loads(d)


# ---------------------------------------------------------------- cards played this turn (TR-14, TR-10)
def test_TR14_a_card_played_this_turn_is_in_the_discard_pile():
    d = first(lambda d: d["phase"] == "cards" and len(played(d)) >= 1
              and any(c != d["discard_pile"][0] for c in d["draw_pile"]))
    loads(d)
    top = d["discard_pile"][0]
    i = next(i for i, c in enumerate(d["draw_pile"]) if c != top)
    d["discard_pile"][0], d["draw_pile"][i] = d["draw_pile"][i], top  # the played card is back in the draw pile
    assert top not in d["discard_pile"][:1]
    refused(d, "TR-14", "discard pile")


def test_TR14_the_cards_played_this_turn_are_the_top_of_the_discard_latest_first():
    d = first(lambda d: d["phase"] == "cards" and len(d["discard_pile"]) > len(played(d)) >= 1
              and d["discard_pile"][0] != d["discard_pile"][-1])
    d["discard_pile"].append(d["discard_pile"].pop(0))  # the latest card slid to the bottom
    refused(d, "TR-14")


def test_TR10_cards_played_before_the_roll_are_listed_before_those_after():
    d = first(lambda d: d["phase"] == "cards" and any(not p["after_move"] for p in played(d))
              and any(p["after_move"] for p in played(d)))
    loads(d)
    d["cards_played"].reverse()
    d["discard_pile"][:len(d["cards_played"])] = [p["code"] for p in reversed(d["cards_played"])]
    refused(d, "TR-10", "before moving")


def test_TR12_no_card_is_played_after_the_winning_move():
    d = first(lambda d: d["phase"] == "over")
    loads(d)
    # a +1 hour card in the winner's hand is played "after" the win
    code = next(c for c in d["hands"][d["winner"] - 1] if c not in ("set", "swap", "set!", "swap!"))
    d["hands"][d["winner"] - 1].remove(code)
    d["discard_pile"].insert(0, code)
    d["cards_played"].append({"seat": d["winner"], "code": code, "arg": None, "after_move": True})
    refused(d, "TR-12", "winning move")


# ---------------------------------------------------------------- roll-off record and turn order (TR-8, TR-4)
def test_TR8_roll_off_round_one_is_rolled_by_the_whole_table():
    d = first(lambda d: d["phase"] == "roll" and d["players"] == 4 and d["roll_off"]["round"] == 1)
    loads(d)
    ro = d["roll_off"]
    keep = [ro["starter"], next(s for s in ro["seats"] if s != ro["starter"])]
    idx = sorted(ro["seats"].index(s) for s in keep)
    ro["seats"], ro["rolls"] = [ro["seats"][i] for i in idx], [ro["rolls"][i] for i in idx]
    refused(d, "TR-8", "round 1")


def test_TR8_a_later_roll_off_round_has_at_least_two_tied_players():
    d = first(lambda d: d["phase"] == "roll" and d["roll_off"]["round"] == 1)
    d["roll_off"] = {"round": 2, "seats": [d["roll_off"]["starter"]], "rolls": [4], "starter": d["roll_off"]["starter"]}
    refused(d, "TR-8", "two tied")


def test_TR8_a_tie_break_round_after_the_roll_off_loads():
    d = first(lambda d: d["phase"] in ("roll", "cards") and d["roll_off"]["round"] > 1)
    loads(d)


def test_TR8_roll_off_seats_must_be_seats_of_this_table():
    d = first(lambda d: d["phase"] == "roll" and d["players"] == 3)
    d["roll_off"]["seats"] = [1, 2, 5]
    refused(d, "TR-8")


def test_TR4_turns_go_clockwise_from_the_starter():
    d = first(lambda d: d["phase"] == "roll" and d["turn_number"] > 2)
    loads(d)
    d["turn_number"] += 1
    refused(d, "TR-4", "turn")


# ---------------------------------------------------------------- last_roll (TR-10, TR-11, TR-12)
def rolled(n=3, **fields):
    """A cards-phase dict right after a real `roll`, from a fixture position."""
    value = fields.pop("value")
    st = table(n, **fields)
    st.apply(parse_action(f"roll {value}"))
    d = st.to_dict()
    loads(d)
    return d


def test_TR10_last_roll_from_and_to_agree_with_a_forward_roll():
    d = rolled(hour=12, positions=[10, 0, 0], value=3)
    assert d["last_roll"] == {"seat": 1, "value": 3, "from": 10, "to": 13}
    d["last_roll"]["to"] = d["positions"][0] = 14
    refused(d, "TR-10", "runs forward to 13")


def test_TR11_last_roll_runs_backward_in_the_zone_of_the_hour():
    d = rolled(hour=3, positions=[13, 0, 0], value=4)
    assert d["last_roll"]["to"] == 9
    d["last_roll"]["to"] = d["positions"][0] = 17
    refused(d, "TR-11", "backward")


def test_TR11_a_backward_roll_stops_at_start():
    d = rolled(hour=1, positions=[2, 0, 0], value=5)
    assert d["last_roll"]["to"] == 0
    d["last_roll"]["to"] = d["positions"][0] = 3
    refused(d, "TR-11")


def test_TR12_last_roll_past_60_bounces_back():
    d = rolled(hour=1, positions=[57, 0, 0], value=6)
    assert d["last_roll"]["to"] == 57 and d["phase"] == "cards"
    d["last_roll"]["to"] = d["positions"][0] = 55
    refused(d, "TR-12")


def test_TR12_a_finished_game_was_won_by_a_roll_to_60_exactly():
    d = rolled(2, hour=1, positions=[56, 0], value=4)
    assert d["phase"] == "over" and d["last_roll"]["to"] == 60
    d["last_roll"]["value"] = 3  # 56 + 3 stops on 59: no win
    refused(d, "TR-10", "to 59, not 60")


def test_TR12_a_runner_on_60_does_not_roll():
    d = rolled(hour=1, positions=[50, 0, 0], value=4)
    d["last_roll"]["from"] = 60
    refused(d, "TR-12", "60")


def test_TR10_last_roll_gives_both_from_and_to_or_neither():
    d = rolled(hour=12, positions=[10, 0, 0], value=3)
    d["last_roll"]["from"] = None
    refused(d, "TR-10", "both")
    d["last_roll"]["to"] = None
    loads(d)


def test_TR10_the_mover_stands_where_the_roll_took_it_unless_a_swap_moved_it():
    d = rolled(hour=12, positions=[10, 0, 0], value=3)
    d["positions"][0] = 12
    refused(d, "TR-10", "stands on 12")
    st = table(3, hour=12, positions=[10, 30, 0], hands={1: ["swap", "+1"]})
    st.apply(parse_action("roll 3"))
    st.apply(parse_action("play 1 swap 2"))
    assert loads(st.to_dict()).pos == [30, 13, 0]


def test_TR17_last_roll_is_checked_against_the_hour_it_read_before_later_cards():
    # rolled forward at 12, then the hand was turned to 3 (the runner's zone): still a valid forward roll
    st = table(3, hour=12, positions=[10, 0, 0], hands={1: ["+3", "-1"]})
    st.apply(parse_action("roll 3"))
    st.apply(parse_action("play 1 +3"))
    d = st.to_dict()
    assert d["hour"] == 3 and d["last_roll"]["to"] == 13
    loads(d)
    d["last_roll"]["to"] = d["positions"][0] = 7  # backward would have needed the hour 3 at the roll
    refused(d, "TR-10")


def test_TR10_before_the_first_roll_there_is_no_last_roll():
    d = first(lambda d: d["phase"] == "roll" and d["turn_number"] == 1)
    loads(d)
    d["last_roll"] = {"seat": d["current"], "value": 2, "from": 0, "to": 2}
    refused(d, "TR-10", "first turn")


def test_TR10_in_the_roll_phase_last_roll_is_the_previous_seats():
    d = first(lambda d: d["phase"] == "roll" and d["turn_number"] > 1 and d["players"] >= 3)
    loads(d)
    d["last_roll"]["seat"] = d["current"]
    refused(d, "TR-10", "previous turn")


# ---------------------------------------------------------------- notation: only the canonical text
@pytest.mark.parametrize("text", [
    "roll  4", " roll", "roll ", "roll\t4", "roll\n", "end\n", "\tend", "play 1  +1", "play 1\t+1",
    "play 1 set 5 ", "sensor\u00a0on", "shuffle set  +1", "shuffle set +1\r", "roll\u20034",
])
def test_notation_separators_are_exactly_single_spaces(text):
    with pytest.raises(NotationError) as e:
        parse_action(text)
    assert e.value.rule == "time-runners/notation"


@pytest.mark.parametrize("text", ["roll 04", "play 01 +1", "play 1 set 007", "play 2 swap! 01"])
def test_notation_numbers_have_no_leading_zeros(text):
    with pytest.raises(NotationError):
        parse_action(text)


def test_notation_parse_accepts_exactly_the_canonical_text_of_every_legal_action():
    for d in snapshots(4, 1)[:200]:
        st = GAME(4).state_from_dict(d)
        for a in st.legal_actions():
            text = str(a)
            assert parse_action(text) == a and str(parse_action(text)) == text
            for bad in (text + " ", " " + text, text.replace(" ", "  ", 1), text.replace(" ", "\t", 1)):
                if bad != text:
                    with pytest.raises(NotationError):
                        parse_action(bad)
