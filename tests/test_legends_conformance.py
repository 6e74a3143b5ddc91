"""Legends of the Arena conformance: random playouts in both card modes at every player count.

After every action: the state round-trips through to_dict/state_from_dict, every listed action is
accepted on a clone (all of them, or a sample of the large pick lists), well-formed unlisted texts are
refused with nothing changed, notation round-trips, views hold no other seat's secrets, and a replay
of the actions reproduces the state.
"""
import dataclasses
import json
import random

import pytest

from companion.core import Refusal
from companion.games.legends import GAME as Legends
from companion.testing.legends_fixtures import wellformed_texts

TABLES = [(2, "teams"), (3, "ffa"), (4, "teams"), (4, "ffa"), (5, "ffa"), (6, "ffa"), (6, "3v3"), (6, "2v2v2")]  # LA-11


@pytest.fixture(autouse=True)
def _no_typed_values(tmp_path, monkeypatch):
    """Games here play the package files' values, whatever this machine's data directory holds (LA-3)."""
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "data"))


def choose(st, rng):
    """A random legal action, leaning toward finishing a primitives card so games end."""
    t = st.turn()
    if t.kind == "chance":
        return st.automatic(rng)
    acts = st.legal_actions()
    if st.ask is not None and st.ask.kind == "do":
        done = [a for a in acts if a.prim == "done"]
        zombies = [a for a in acts if a.prim in ("raise", "bury")]  # LA-13: Lord Grym's pieces, often
        if zombies and rng.random() < 0.5:
            return rng.choice(zombies)
        return done[0] if rng.random() < 0.6 else rng.choice(acts)
    return rng.choice(acts)


def check_views(st):
    for seat in [None, *st.seats]:
        v = st.view(seat)
        json.dumps(v)
        assert not {"picks", "hands", "meters", "queue"} & set(v)
        if st.physical or seat is None:
            assert "hand" not in v and "my_picks" not in v
            continue
        assert v["hand"] == st.piles[seat - 1].hand and v["my_picks"] == st.picks.get(seat, [])
        assert set(v["team_hands"]) == {str(t) for t in st.hand_seers(seat) if t != seat}
        for t in st.seats:
            if st.teams and st.team(t) == st.team(seat):
                continue
            assert str(t) not in v["team_hands"]


def parts_that_change(st) -> set[int]:
    """The ids of every list, dict and non-frozen object a state's fields hold (the game's own data aside)."""
    found: set[int] = set()

    def walk(v):
        if isinstance(v, (str, int, float, bool, type(None))) or v is st.game or id(v) in found:
            return
        if type(v).__name__ == "Legend":  # the game's card data, shared by design
            return
        frozen = isinstance(v, tuple) or getattr(getattr(v, "__dataclass_params__", None), "frozen", False)
        if not frozen:
            found.add(id(v))
        if isinstance(v, dict):
            inside = list(v.values())
        elif isinstance(v, (list, tuple, set)):
            inside = list(v)
        else:
            inside = [getattr(v, f.name) for f in dataclasses.fields(v)]
        for x in inside:
            walk(x)

    for name in st.FIELDS:
        walk(getattr(st, name))
    return found


def check_state(st, rng, probes):
    game = st.game
    d = st.to_dict()
    assert game.state_from_dict(json.loads(json.dumps(d))).to_dict() == d
    turn = st.turn()
    legal = st.legal_actions()
    texts = {str(a) for a in legal}
    assert len(texts) == len(legal)
    for a in legal:
        assert game.parse_action(str(a)) == a
        assert turn.kind == "chance" or st.actor(a) in turn.seats
    sample = legal if len(legal) <= 120 else rng.sample(legal, 120)
    for a in sample:
        st.clone().apply(a)
    assert st.to_dict() == d, "playing on a clone changed the state"
    assert not parts_that_change(st) & parts_that_change(st.clone()), "a clone shares a list, dict or figure"
    for text in rng.sample(probes, 40):
        if text in texts:
            continue
        with pytest.raises(Refusal):
            st.clone().apply(game.parse_action(text))
    text = rng.choice(probes)
    if text not in texts:
        with pytest.raises(Refusal) as err:
            st.apply(game.parse_action(text))
        assert st.to_dict() == d
        rule = err.value.rule
        assert rule == "ALL-3" or rule.split("/", 1)[1] in Legends.rules
    check_views(st)


@pytest.mark.parametrize("cards", ["digital", "physical"])
@pytest.mark.parametrize("players,mode", TABLES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playouts_keep_every_invariant(players, mode, cards, seed):
    game = Legends(players, {"mode": mode, "cards": cards})
    playout(game, random.Random(f"{players}{mode}{cards}{seed}"))


def secrets_do_not_leak(st):
    """Whichever secret pick a seat makes (an Edit, Quick Fix's fourth card), every other seat and the table
    see the same views and events, unless the pick set off the reveal."""
    groups = {}
    for a in st.legal_actions():
        if a.redacted() is not None:
            groups.setdefault((a.seat, a.redacted()), []).append(a)
    for (seat, _), actions in groups.items():
        seen = set()
        for a in actions[:: max(1, len(actions) // 8)]:
            trial = st.clone()
            events = trial.apply(a)
            if any(e.get("reveals") for e in events):
                continue
            others = [s for s in [None, *st.seats] if s != seat]
            seen.add(json.dumps([[trial.view(s) for s in others],
                                 [e for e in events if "visible_to" not in e or set(e["visible_to"]) - {seat}]],
                                sort_keys=True, default=str))
        assert len(seen) <= 1, f"seat {seat}'s secret pick shows to another seat"


EDIT_TABLES = [(2, "teams", ["tikkit", "lucius"]), (2, "teams", ["lord-grym", "tikkit"]),
               (4, "ffa", ["tikkit", "lord-grym", "lucius", "alysia"]),
               (6, "2v2v2", ["tikkit", "lucius", "lord-grym", "fitz", "sabo", "zephyr"])]


@pytest.mark.parametrize("cards", ["digital", "physical"])
@pytest.mark.parametrize("players,mode,legends", EDIT_TABLES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_LA_12_LA_14_random_playouts_with_tikkit_lucius_and_grym(players, mode, legends, cards, seed):
    game = Legends(players, {"mode": mode, "cards": cards, "legends": legends})
    playout(game, random.Random(f"{players}{mode}{cards}{seed}{legends}"), secrets=not game.options["cards"] == "physical")


def playout(game, rng, secrets=False):
    players = game.players
    probes = wellformed_texts(players)
    st = game.new_state()
    played = []
    for _ in range(4000):
        check_state(st, rng, probes)  # the final state too: a game may end in any phase (LA-12's replay)
        if st.is_over():
            break
        if secrets and st.phase == "pick":
            secrets_do_not_leak(st)
        a = choose(st, rng)
        events = st.apply(a)
        played.append(str(a))
        for e in events:
            json.dumps(e.to_dict())
            assert set(e.get("visible_to", st.seats)) <= set(st.seats)
    assert st.is_over(), "the playout did not end"
    out = st.outcome()
    assert st.to_dict()["winner"] == list(out.winners) and sorted(s for p in out.ranking for s in p) == list(st.seats)
    assert st.legal_actions() == [] and st.turn().kind == "over"
    replay = game.new_state()
    for text in played:
        replay.apply(game.parse_action(text))
    assert replay.to_dict() == st.to_dict()


def test_the_game_type_options_and_registry_entry():
    from companion import games
    assert games.REGISTRY["legends-of-the-arena"] is Legends and Legends.title == "Legends of the Arena"
    t = Legends.type
    assert (t.chance, t.information, t.outcome, t.simultaneous, t.teams) == ("drawn", "hidden", "winners", True, True)
    info = {o["name"]: o for o in Legends.info()["options"]}
    assert info["cards"]["choices"] == ["digital", "physical"] and info["legends"]["kind"] == "per-seat"
    assert info["values"]["kind"] == "text" and info["values"]["default"] == "saved"
    assert Legends(3).options == {"mode": "ffa", "legends": ["alysia", "fitz", "hilda"], "cards": "digital",
                                  "values": "{}", "zombies": 4}  # LA-13: the piece limit option


@pytest.mark.parametrize("text", ["pick 1 step dive back", "reveal 2 defensive-pivot", "draw 1 wind-up",
                                  "reshuffle 3 no", "face 1 left", "target 1 4", "do 2 move 1 right 3",
                                  "do 1 strike 3 any", "do 1 strike 0 2", "do 2 fatigue 3 -2", "do 1 fatigue 1 +10",
                                  "do 4 push 2 left 9", "do 1 turn 2 right", "do 1 block 2", "do 3 initiative",
                                  "do 1 done"])
def test_notation_round_trips(text):
    a = Legends(4).parse_action(text)
    assert str(a) == text and Legends(4).parse_action(str(a)) == a


@pytest.mark.parametrize("text", ["", "pick 1 step dive", "pick 1 Step dive back", "reveal x step", "face 1 up",
                                  "do 1 jump", "do 1 fatigue 1 2", "do 1 move 1 right", "reshuffle 1 maybe",
                                  "pick  1 step dive back", "target 1", "draw 1 wind_up"])
def test_malformed_texts_are_notation_errors(text):
    with pytest.raises(Refusal) as err:
        Legends(2).parse_action(text)
    assert err.value.kind == "notation"


def test_views_show_what_the_next_hit_of_1_2_or_3_force_would_push():
    st = Legends(2).new_state()
    lg = st.view(None)["legends"][0]
    assert lg["next_push"] == [st.legend(1).push(1 + f) for f in (1, 2, 3)] and lg["placeholder"] is True
