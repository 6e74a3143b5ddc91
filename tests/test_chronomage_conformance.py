"""Chronomage conformance: random whole timelines with the example library at 1..4 players.

After every action: the state round-trips through `state_from_dict`, cards are conserved (CM-2), the
action's text round-trips; listed actions apply; probes are accepted iff listed; refusals change
nothing (ALL-1); a replay of the journal texts gives the same table (ALL-2).
"""
from __future__ import annotations

import json
import random

import pytest

from companion.core import IllegalAction, NotationError, Refusal
from companion.events import Event
from companion.games.chronomage import GAME
from companion.testing.chronomage_fixtures import wellformed_texts
from companion.testing.chronomage_playout import random_playout
from companion.games.chronomage.timeline import card_text

DETAIL_KINDS = ("dice", "spell", "reverse", "book")


def conserved(st):
    n = st.n
    assert sum(st.spell_cards.hands) + sum(st.spell_cards.spellbook) + sum(st.spell_cards.spent) + st.spell_cards.time_deck == 4 * n + 6 * n + 15
    assert sum(st.loot) + st.loot_cards.loot_deck + st.loot_cards.loot_discard == 2 * n + 12  # CM-14: used loot goes to a discard pile
    assert st.to_dict()["challenge_deck"] == 16 - len(st.done) and len(st.done) <= 16


def accepts(st, action, rng):
    c = st.clone()
    try:
        if action.incomplete:
            action = c.complete(action, rng)
        c.apply(action)
        return True
    except NotationError:
        raise
    except Refusal:
        return False


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_timelines_round_trip_conserve_cards_and_replay_exactly(players):
    game = GAME(players)
    rng = random.Random(100 + players)
    results = set()
    for g in range(40):
        def step(st, a, ev):
            conserved(st)
            assert game.parse_action(str(a)) == a and not a.incomplete
            assert all(isinstance(e, Event) and "type" in e for e in ev)
            d = st.to_dict()
            assert game.state_from_dict(json.loads(json.dumps(d))).to_dict() == d

        st = game.new_state()
        log = random_playout(game, rng, state=st, on_step=step, fail_rate=0.005 + 0.01 * (g % 3))
        assert st.is_over()
        results.add(st.outcome().result)
        again = game.new_state()
        for text in log:
            again.apply(game.parse_action(text))
        assert again.to_dict() == st.to_dict()
    assert results == {"victory", "defeat"}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_listed_action_applies_and_probes_are_accepted_iff_listed(players):
    game = GAME(players)
    ids = [c.id for c in game.timeline.cards]
    rng = random.Random(7 * players)
    check = random.Random(99)
    sampled, phases = 0, set()
    for g in range(4):
        def step(st, a, ev):
            nonlocal sampled
            legal = st.legal_actions()
            plain = [x for x in legal if str(x).split()[0] not in DETAIL_KINDS]
            detail = [x for x in legal if str(x).split()[0] in DETAIL_KINDS]
            for x in plain + check.sample(detail, min(25, len(detail))):
                assert accepts(st, x, check), (str(x), st.to_dict())
            if check.random() < 0.12:
                listed = {str(x) for x in legal}
                before = json.dumps(st.to_dict(), sort_keys=True)
                top = st.view(None)["top"]
                for text in wellformed_texts(players, ids, check):
                    x = game.parse_action(text)
                    # a typed card is not listed: accepted at the reveal if it fits the deck's place
                    # (top["boss"] is None in phase III before its last card: the boss or not, CM-10)
                    expected = (str(x) in listed) if not text.startswith("reveal {") else (
                        top is not None and x.data.phase == top["phase"] and top["boss"] in (None, x.data.boss))
                    assert accepts(st, x, check) == expected, (text, st.phase, st.step)
                assert json.dumps(st.to_dict(), sort_keys=True) == before
                sampled += 1
                phases.add(st.phase)

        st = game.new_state()
        step(st, None, [])
        random_playout(game, rng, state=st, legal=g % 2 == 1, on_step=step)
    assert sampled > 15 and {"strategy", "engagement", "challenge", "cleanup"} <= phases


@pytest.mark.parametrize("players", [1, 3, 4])
def test_ALL_1_a_refused_action_changes_nothing_and_names_a_rule(players):
    game = GAME(players)
    ids = [c.id for c in game.timeline.cards]
    rng = random.Random(players)
    for g in range(8):
        def step(st, a, ev):
            if rng.random() > 0.2:
                return
            texts = wellformed_texts(players, ids, rng)
            for text in rng.sample(texts, 40):
                before = json.dumps(st.to_dict(), sort_keys=True)
                x = game.parse_action(text)
                try:
                    st.clone().apply(x)
                except Refusal:
                    with pytest.raises(Refusal) as err:
                        st.apply(x)
                    assert err.value.code and err.value.reason
                    rule = err.value.rule
                    assert rule.startswith("chronomage/") and rule.split("/")[1] in game.rules
                    assert json.dumps(st.to_dict(), sort_keys=True) == before

        random_playout(game, rng, state=game.new_state(), on_step=step)


@pytest.mark.parametrize("text", ["", "dance", "dice", "dice x", "dice 1 7", "dice 1 0 / 1", "dice 1 2 /",
                                  "dice 1 / 2 / 3", "reveal Bad_Id", "reverse 1", "reverse 1 2 3", "spell 1 2",
                                  "exploit maybe", "choose", "book 1", "time", "ready now", "fail 1"])
def test_malformed_texts_are_notation_errors(text):
    with pytest.raises(NotationError):
        GAME(2).parse_action(text)


@pytest.mark.parametrize("text", ["dice 2", "dice 2 5 1 3", "dice 2 3 1 / 6 2", "dice 2 / 4", "reveal ember-wisp",
                                  "choose 3", "choose 2 1", "spell 1 4 2", "spell 1 4 2 3", "reverse 2 5",
                                  "assist 1 2", "time 3", "loot 1", "book 2 0", "form 4 1", "exploit yes"])
def test_action_texts_round_trip_and_dice_are_written_sorted(text):
    a = GAME(2).parse_action(text)
    assert GAME(2).parse_action(str(a)) == a
    assert str(GAME(2).parse_action("dice 2 6 1 3 / 5 2")) == "dice 2 1 3 6 / 2 5"


def test_dice_reveals_and_anomaly_dice_are_chance_once_drawn():
    g = GAME(2)
    typed = "reveal " + card_text(g.timeline.by_id["fog-bank"])
    for bare, full in (("dice 1", "dice 1 3 / 2"), ("reveal", typed), ("reveal fog-bank", typed),
                       ("reverse", "reverse 1 2")):
        assert g.parse_action(bare).incomplete and not g.parse_action(bare).chance
        assert g.parse_action(full).chance and not g.parse_action(full).incomplete


def test_ALL_3_impossible_tables_are_refused():
    game = GAME(3)
    st = game.new_state()
    random_playout(game, random.Random(5), state=st, max_actions=60)
    d = st.to_dict()
    breaks = [
        lambda b: b["hands"].__setitem__(0, b["hands"][0] + 1),  # a spell card from nowhere
        lambda b: b.__setitem__("loot_deck", b["loot_deck"] - 1),
        lambda b: b["done"].append(dict(b["done"][0])),  # a challenge card played twice
        lambda b: b.__setitem__("phase", "nowhere"),
        lambda b: b["formation"].__setitem__(1, 4),
        lambda b: b["weaknesses"][0].pop("blue"),
        lambda b: b.__setitem__("result", "victory"),
        lambda b: b.__setitem__("extra", 1),
        lambda b: b.pop("damage"),
        lambda b: b.__setitem__("challenge_deck", 3),
    ]
    for i, br in enumerate(breaks):
        bad = json.loads(json.dumps(d))
        br(bad)
        with pytest.raises(IllegalAction) as err:
            game.state_from_dict(bad)
        assert err.value.code == "invalid-state", i


def test_views_show_the_whole_table_to_everyone_with_the_trackers_extras():
    game = GAME(2)
    st = game.new_state()
    random_playout(game, random.Random(2), state=st, max_actions=40)
    v1, v2, pub = st.view(1), st.view(2), st.view(None)
    assert {k: v for k, v in v1.items() if k != "seat"} == {k: v for k, v in pub.items() if k != "seat"}
    assert v1["seat"] == 1 and v2["seat"] == 2
    for key in ("time_units_left", "failures_left", "to_roll", "next_roller", "turn", "card", "damage"):
        assert key in pub


def test_the_game_declares_its_shape_and_options():
    info = GAME.info()
    assert info["id"] == "chronomage" and info["title"] == "Chronomage"
    assert (info["type"]["chance"], info["type"]["information"], info["type"]["outcome"]) == \
        ("drawn", "perfect", "cooperative")
    assert info["type"]["hardware"] == ["dice"]
    opts = {o["name"]: o for o in info["options"]}
    assert opts["colors"]["kind"] == "per-seat" and opts["colors"]["distinct"]
    assert opts["timeline"]["kind"] == "text" and opts["timeline"]["default"] == "example"
    assert GAME(3).describe()["options"]["colors"] == ["orange", "blue", "green"]


def test_a_view_for_a_seat_not_at_the_table_is_a_bad_request():
    st = GAME(2).new_state()
    for seat in (0, 3, "1"):
        with pytest.raises(Refusal) as err:
            st.view(seat)
        assert err.value.code == "bad-seat" and err.value.rule == "chronomage/TURN"
