"""Time Runners conformance: random complete games, legal == accepted, refusals change nothing (ALL-1)."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from companion.core import NotationError, Refusal
from companion.events import Event
from companion.games.time_runners import CODES, DECK, GAME, Roll
from companion.testing.time_runners_playout import random_playout
from companion.testing.time_runners_fixtures import wellformed_texts
from companion.testing.time_runners_playout import random_legal_action

DECK_COUNT = Counter(DECK)


def all_cards(s):
    return [c for h in s.hands for c in h] + s.draw + s.discard


def redealt(s, seats_known, rng):
    """A clone where every card hidden from `seats_known` (other hands, draw order) is dealt anew."""
    c = s.clone()
    others = [i for i in range(s.n) if i + 1 not in seats_known]
    hidden = [card for i in others for card in c.hands[i]] + c.draw
    rng.shuffle(hidden)
    for i in others:
        k = len(c.hands[i])
        c.hands[i], hidden = hidden[:k], hidden[k:]
    c.draw = hidden
    return c


def check_views(s, rng):
    pub = s.view(None)
    assert "hand" not in pub and "hands" not in pub and "draw_pile" not in pub
    assert redealt(s, (), rng).view(None) == pub
    for seat in range(1, s.n + 1):
        v = s.view(seat)
        assert v["hand"] == s.hands[seat - 1] and "hands" not in v and "draw_pile" not in v
        assert redealt(s, (seat,), rng).view(seat) == v, "a seat's view depends on cards it cannot see"


def accepts(s, action, rng):
    c = s.clone()
    try:
        if isinstance(action, Roll) and action.value is None:
            action = c.complete(action, rng)
        c.apply(action)
        return True
    except NotationError:
        raise
    except Refusal:
        return False


def every_wellformed_action(n):
    return [GAME(n).parse_action(t) for t in wellformed_texts(n)]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts_conserve_cards_replay_and_round_trip(players):
    """Hundreds of complete random games per player count, with instants by any seat (ALL-2, TR-6)."""
    game = GAME(players)
    rng = random.Random(1000 + players)
    finished = 0
    for g in range(500):
        def step(s, a, ev):
            assert len(s.draw) + len(s.discard) + sum(map(len, s.hands)) == 70
            assert all(0 <= p <= 60 for p in s.pos) and 1 <= s.hour <= 12
            assert all(len(h) <= 6 for h in s.hands)
            assert type(a).parse(str(a)) == a
            assert all(isinstance(e, Event) and "type" in e for e in ev)

        s = game.new_state()
        log = random_playout(game, rng, instant_rate=0.1 + 0.2 * (g % 3), state=s, on_step=step)
        assert Counter(all_cards(s)) == DECK_COUNT
        finished += s.is_over()
        again = game.new_state()
        for text in log:
            again.apply(game.parse_action(text))
        d = s.to_dict()
        assert again.to_dict() == d
        assert game.state_from_dict(json.loads(json.dumps(d))).to_dict() == d
    assert finished == 500


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_playouts_views_leak_nothing_and_every_legal_action_applies(players):
    """Every step: views do not depend on hidden cards (TR-7); every listed action applies on a clone; the
    state reads back (ALL-3)."""
    game = GAME(players)
    rng = random.Random(players)
    check_rng = random.Random(99)
    for g in range(12):
        def step(s, a, ev):
            d = s.to_dict()
            assert game.state_from_dict(json.loads(json.dumps(d))).to_dict() == d
            check_views(s, check_rng)
            for la in s.legal_actions():
                assert accepts(s, la, check_rng), (str(la), s.to_dict())
            if s.phase in ("setup", "reshuffle"):
                assert s.legal_actions() == []

        s = game.new_state()
        step(s, None, [])
        random_playout(game, rng, instant_rate=0.3, legal=True, state=s, on_step=step)
        assert s.is_over()


@pytest.mark.parametrize("players", [2, 3, 6])
def test_legal_actions_list_exactly_what_apply_accepts(players):
    """On sampled reachable states, every well-formed action is accepted iff it is listed."""
    game = GAME(players)
    wellformed = every_wellformed_action(players)
    rng = random.Random(7 * players)
    sampled = 0
    for g in range(25):
        def step(s, a, ev):
            nonlocal sampled
            if rng.random() < 0.15 or s.phase in ("reshuffle", "over", "roll-off"):
                if rng.random() < 0.3:
                    s.sense({"hand": rng.choice([None, s.hour, rng.randint(1, 12)])})
                listed = {str(x) for x in s.legal_actions()}
                accepted = {str(x) for x in wellformed if accepts(s, x, rng)}
                assert accepted == listed, (sorted(accepted ^ listed), s.to_dict())
                sampled += 1
                s.sensing, s.sensed = False, None

        s = game.new_state()
        step(s, None, [])
        random_playout(game, rng, instant_rate=0.3, state=s, on_step=step)
    assert sampled > 200


# ---------------------------------------------------------------- hypothesis: refusals change nothing
def reachable(players, seed, steps):
    game = GAME(players)
    rng = random.Random(seed)
    s = game.new_state()
    random_playout(game, rng, instant_rate=0.3, max_actions=steps, state=s)
    return game, s


wellformed_text = st_.one_of(
    st_.builds(lambda v: f"roll {v}", st_.integers(0, 9)),
    st_.just("roll"), st_.just("end"), st_.sampled_from(["sensor on", "sensor off"]),
    st_.builds(lambda seat, code, h: f"play {seat} {code}" + (f" {h}" if code.rstrip("!") in ("set", "swap") else ""),
               st_.integers(0, 7), st_.sampled_from(CODES), st_.integers(0, 13)),
    st_.builds(lambda codes: "shuffle " + " ".join(codes), st_.lists(st_.sampled_from(CODES), min_size=1, max_size=80)),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st_.integers(2, 6), seed=st_.integers(0, 10**6), steps=st_.integers(0, 400),
       texts=st_.lists(st_.one_of(wellformed_text, st_.text(max_size=20)), min_size=1, max_size=8),
       hand=st_.one_of(st_.none(), st_.integers(1, 12)), sensing=st_.booleans())
def test_ALL1_any_refused_action_leaves_the_state_unchanged(players, seed, steps, texts, hand, sensing):
    game, s = reachable(players, seed, steps)
    if sensing:
        s.sense({"hand": hand})
    rng = random.Random(seed)
    for text in texts:
        before = json.dumps(s.to_dict(), sort_keys=True)
        view_before = json.dumps(s.view(None), sort_keys=True)
        try:
            a = game.parse_action(text)
        except NotationError:
            continue
        if isinstance(a, Roll) and a.value is None:
            a = s.complete(a, rng)
        try:
            s.apply(a)
        except Refusal as e:
            assert e.code and e.reason and e.rule
            assert json.dumps(s.to_dict(), sort_keys=True) == before
            assert json.dumps(s.view(None), sort_keys=True) == view_before


@settings(max_examples=150, deadline=None)
@given(players=st_.integers(2, 6), seed=st_.integers(0, 10**6), steps=st_.integers(0, 400), pick=st_.integers(0, 10**6))
def test_ALL3_reachable_states_round_trip_and_broken_ones_are_refused(players, seed, steps, pick):
    game, s = reachable(players, seed, steps)
    d = s.to_dict()
    assert game.state_from_dict(d).to_dict() == d
    # move one card out of the game: always invalid
    bad = json.loads(json.dumps(d))
    piles = [p for p in (bad["draw_pile"], bad["discard_pile"], *bad["hands"]) if p]
    piles[pick % len(piles)].pop()
    with pytest.raises(Refusal) as e:
        game.state_from_dict(bad)
    assert e.value.code == "invalid-state"


json_values = st_.recursive(
    st_.one_of(st_.none(), st_.booleans(), st_.integers(-3, 70), st_.sampled_from(CODES + ("roll", "over", "x"))),
    lambda inner: st_.one_of(st_.lists(inner, max_size=4), st_.dictionaries(st_.text(max_size=6), inner, max_size=3)),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(players=st_.integers(2, 6), seed=st_.integers(0, 10**6), steps=st_.integers(0, 300),
       path_pick=st_.integers(0, 10**6), value=json_values)
def test_ALL3_corrupted_states_are_refused_as_invalid_state_never_crash(players, seed, steps, path_pick, value):
    game, s = reachable(players, seed, steps)
    d = s.to_dict()
    # pick a random place (a field, or an item / key inside one) and put an arbitrary JSON value there
    places = []

    def walk(node):
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for k, v in items:
            places.append((node, k))
            walk(v)

    walk(d)
    node, key = places[path_pick % len(places)]
    node[key] = value
    try:
        st = game.state_from_dict(d)
    except Refusal as e:
        assert e.code == "invalid-state" and e.reason and e.rule
        return
    assert st.to_dict() == json.loads(json.dumps(d))
    assert len(st.draw) + len(st.discard) + sum(map(len, st.hands)) == 70
