"""`load` of a Chronomage table, fuzzed (ALL-3): thousands of states taken from random timelines (1..4
players, with typed cards, constant spells and loot kinds) and broken one to three ways each (a count
changed, a key dropped, added or renamed, a value of the wrong type, a negative number, a seat, colour or
loot kind out of range, a per-seat list too long or short, an empty time deck at cleanup's time step, huge
texts, deep nesting, the boss already played ...; one seeded rng, so a failure comes back the same).

Every mutated state is either refused as the game's own refusal (a code and a rule) or accepted; an
accepted one round-trips (`state_from_dict(d).to_dict()` is stable) and plays on to a victory or a defeat
with random actions, as a table that loaded it would. Anything else is an internal error: the first
offending state is printed with its traceback. `-s` prints the counts.
"""
from __future__ import annotations

import collections
import copy
import json
import random
import traceback

import pytest

from companion.core import Refusal
from companion.games.chronomage import GAME
from companion.games.chronomage.playout import random_action, random_playout
from companion.games.chronomage.rules import COLORS
from companion.games.chronomage.timeline import inline, parse_card
from referee_client import RefereeProcess
from test_chronomage_referee import next_action

PLAYERS = (1, 2, 3, 4)
COLOURS = {1: ["blue"], 2: ["purple", "orange"], 3: ["orange", "blue", "green"], 4: list(COLORS)}  # CM-1
MUTANTS = 5000  # mutated states in all
PLAY_LIMIT = 3000  # actions a random table gets to finish an accepted state
GAMES = {n: GAME(n, {"colors": COLOURS[n]}) for n in PLAYERS}


# ---------------------------------------------------------------- the states random timelines reach
def reached(players: int, seeds, every: int = 7) -> list[dict]:
    """Every `every`-th state of random timelines (and each timeline's last), as JSON dicts."""
    game, out = GAMES[players], []
    for seed in seeds:
        pick = random.Random(-seed)

        def keep(st, a, ev):
            if st.is_over() or pick.random() < 1 / every:
                out.append(json.loads(json.dumps(st.to_dict())))

        random_playout(game, random.Random(seed), on_step=keep, fail_rate=0.01 + 0.01 * (seed % 3))
    return out


@pytest.fixture(scope="module")
def seeds_by_players() -> dict[int, list[dict]]:
    return {n: reached(n, range(10 * n, 10 * n + 6)) for n in PLAYERS}


# ---------------------------------------------------------------- ways to break a state
ODD_VALUES = (None, True, False, -1, -7, 0, 1, 2, 3, 4, 5, 16, 10**6, 10**30, -10**30, 1.5, 16.0, float("nan"),
              "", "x", "orange", "robes", "temporary", "swap", "loot", "1", [], [1], [None], {}, {"a": 1},
              "x" * 100_000)


def paths(x, here=()) -> list[tuple]:
    """Every path to a value inside `x` (keys and list indexes) down to 8 deep, the root excluded."""
    out = []
    if len(here) >= 8:
        return out
    if isinstance(x, dict):
        for k, v in x.items():
            out.append(here + (k,))
            out += paths(v, here + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            out.append(here + (i,))
            out += paths(v, here + (i,))
    return out


def at(d, path):
    for k in path:
        d = d[k]
    return d


def set_at(d, path, value):
    at(d, path[:-1])[path[-1]] = value


def nested(depth: int):
    x = 1
    for _ in range(depth):
        x = [x]
    return x


def m_count(d, rng):
    """A number somewhere changed by a little or a lot (a count, a face, a seat, a round)."""
    ints = [p for p in paths(d) if type(at(d, p)) is int]
    p = rng.choice(ints)
    set_at(d, p, at(d, p) + rng.choice((-1, 1, -2, 2, 5, -100, 10**6)))


def m_odd_value(d, rng):
    """A value somewhere replaced by one of another type or out of range."""
    set_at(d, rng.choice(paths(d)), copy.deepcopy(rng.choice(ODD_VALUES)))


def m_drop_key(d, rng):
    keys = [p for p in paths(d) if isinstance(at(d, p[:-1]), dict)]
    p = rng.choice(keys)
    del at(d, p[:-1])[p[-1]]


def m_add_key(d, rng):
    dicts = [()] + [p for p in paths(d) if isinstance(at(d, p), dict)]
    at(d, rng.choice(dicts))[rng.choice(("extra", "red", "round", "boss", "id", "1", "phase"))] = rng.choice(ODD_VALUES[:12])


def m_rename_key(d, rng):
    keys = [p for p in paths(d) if isinstance(at(d, p[:-1]), dict)]
    p = rng.choice(keys)
    parent = at(d, p[:-1])
    parent[rng.choice((str(p[-1]).upper(), str(p[-1]) + "s", "red", "x"))] = parent.pop(p[-1])


def m_list_length(d, rng):
    """A list made one longer (a copy of an item) or one shorter."""
    lists = [p for p in paths(d) if isinstance(at(d, p), list)]
    if not lists:
        return m_count(d, rng)
    x = at(d, rng.choice(lists))
    if x and rng.random() < 0.5:
        x.pop(rng.randrange(len(x)))
    else:
        x.append(copy.deepcopy(rng.choice(x)) if x else rng.choice(ODD_VALUES[:12]))


def m_seat_colour_kind(d, rng):
    """A seat, colour or loot kind out of range, where a table would write one."""
    n = d["players"]
    s = rng.randrange(len(d["formation"]))
    choice = rng.randrange(8)
    if choice == 0:
        d["formation"][s] = rng.choice((0, 4, -1))
    elif choice == 1:
        d["weaknesses"][s]["red"] = d["weaknesses"][s].pop(rng.choice(COLORS))
    elif choice == 2:
        d["loot_items"][s].append(rng.choice(("Robes", "swap", "refuse", "", "x" * 30, "loot", "staff", "robes")))
        d["loot"][s] += 1
        d["loot_deck"] -= 1
    elif choice == 3:
        d["resistances"][rng.choice(COLORS + ("red",))] = rng.choice((0, 1, 3, 4, -1))
    elif choice == 4:
        d["assists"].append([rng.choice((0, n, n + 1)), rng.choice((1, n + 1))])
    elif choice == 5:
        d["colors"][s] = rng.choice(COLORS + ("red",))
    elif choice == 6:
        d["players"] = rng.choice((0, n + 1, 5))
    else:
        d["through"][s] = not d["through"][s]


def m_time_deck_empty(d, rng):
    """The time deck emptied, its cards moved to a hand so that cards stay conserved; now and then at
    cleanup's time step (CM-8)."""
    s = rng.randrange(len(d["formation"]))
    d["hands"][s] += d["time_deck"]
    d["time_deck"] = 0
    if rng.random() < 0.5 and d["card"] is not None:
        d["phase"], d["step"] = "cleanup", "time"


def m_move_card(d, rng):
    """A spell or loot card moved between piles with the totals kept (so the finer checks are reached)."""
    n = len(d["formation"])
    a, b = rng.randrange(n), rng.randrange(n)
    if rng.random() < 0.5:
        src, dst = rng.choice(("hands", "spellbook", "spent")), rng.choice(("hands", "spellbook", "spent"))
        if d[src][a] > 0:
            d[src][a] -= 1
            d[dst][b] += 1
    elif d["loot_items"][a]:
        d["loot_items"][b].append(d["loot_items"][a].pop(rng.randrange(len(d["loot_items"][a]))))
        d["loot"][a] -= 1
        d["loot"][b] += 1


def m_phase_step(d, rng):
    d["phase"] = rng.choice(("strategy", "engagement", "challenge", "cleanup", "over"))
    d["step"] = rng.choice((None, "reveal", "preemptive", "time", "loot"))


def m_done(d, rng):
    """The cards played: the boss (the library's, or a typed one) already done, a card twice, a card
    dropped, an unknown id, a result changed."""
    done = d["done"]
    choice = rng.randrange(5)
    if choice == 0:
        done.append({"id": "the-unwinder", "result": rng.choice(("won", "lost"))})
    elif choice == 1 and done:
        done.append(dict(rng.choice(done)))
    elif choice == 2 and done:
        done.pop(rng.randrange(len(done)))
    elif choice == 3:
        done.insert(rng.randint(0, len(done)), {"id": rng.choice(("nosuch", "typed-99", "Bad Id", "rust-hound")),
                                                 "result": "won"})
    elif done:
        rng.choice(done)["result"] = rng.choice(("won", "lost", "drawn"))


def m_card(d, rng):
    """The card out changed: a field of its own, its power, chart, rounds or boss mark."""
    card = d["card"]
    if card is None:
        return m_done(d, rng)
    choice = rng.randrange(6)
    if choice == 0:
        card["boss"] = not card.get("boss", False)
    elif choice == 1:
        r = rng.choice(card["rounds"])
        r["power"] = rng.choice(([1, 2, 3], [0, 0, 0, 0], [10**9] * 4, "7", {"1": 5}))
    elif choice == 2:
        card["rounds"].append(copy.deepcopy(card["rounds"][-1]))
    elif choice == 3:
        card["chart"].pop()
    elif choice == 4:
        card["id"] = rng.choice(("rust-hound", "the-unwinder", "new-card", ""))
    else:
        card["phase"] = rng.choice((1, 2, 3, 4))


def m_huge(d, rng):
    """A huge text or a deep nesting where a value was."""
    value = "é" * rng.choice((5000, 200_000)) if rng.random() < 0.5 else nested(rng.choice((50, 900, 5000)))
    set_at(d, rng.choice(paths(d)), value)


def m_outcome(d, rng):
    d["result"] = rng.choice(("victory", "defeat", None, "draw"))
    d["reason"] = rng.choice(("", "because", None))
    if rng.random() < 0.5:
        d["phase"], d["step"] = "over", None


PER_SEAT = ("weaknesses", "formation", "spellbook", "hands", "spent", "loot", "loot_items", "time_used", "bonus",
            "rolls", "through")


def m_swap_seats(d, rng):
    """Two seats' books exchanged (every per-seat field), as a table that mixed up who sits where."""
    a, b = rng.randrange(len(d["formation"])), rng.randrange(len(d["formation"]))
    for k in PER_SEAT:
        d[k][a], d[k][b] = d[k][b], d[k][a]
    if d["preemptive"] is not None:
        for k in ("results", "rolls"):
            x = d["preemptive"][k]
            x[a], x[b] = x[b], x[a]


def m_plausible(d, rng):
    """A value a table could have typed: a formation space, a weakness count, a resistance by a spell in
    play, the anomaly dice, an exploit's decision, a challenge round."""
    s = rng.randrange(len(d["formation"]))
    choice = rng.randrange(7)
    if choice == 0:
        d["formation"][s] = rng.randint(1, 3)
    elif choice == 1:
        d["weaknesses"][s][rng.choice(COLORS)] = rng.randint(0, 9)
    elif choice == 2:
        d["resistances"][rng.choice(COLORS)] = rng.randint(0, 3)
    elif choice == 3:
        d["anomaly"] = sorted(rng.randint(1, 6) for _ in range(2)) if d["anomaly"] is None else None
        d["reversed"] = d["anomaly"] is not None or rng.random() < 0.5
    elif choice == 4 and d["preemptive"] is not None:
        d["preemptive"]["attempt"] = rng.choice((None, True, False))
    elif choice == 5 and d["challenge"] is not None:
        d["challenge"]["round"] = rng.randint(0, 3)
    else:
        d["loot_items"][s] = rng.sample(["robes", "staff", "temporary", "loot", "amulet"], len(d["loot_items"][s]))


def m_other_card(d, rng):
    """A card played or the card out replaced by another of the library (its own phase or not)."""
    game = GAMES[d["players"]] if d["players"] in GAMES else GAMES[1]
    card = rng.choice(game.timeline.cards)
    if d["card"] is not None and rng.random() < 0.6:
        d["card"] = card.to_table()
        d["challenge"]["id"] = card.id
    elif d["done"]:
        rng.choice(d["done"])["id"] = card.id


MUTATIONS = (m_swap_seats, m_plausible, m_plausible, m_other_card, m_count, m_count, m_odd_value, m_drop_key, m_add_key, m_rename_key, m_list_length, m_seat_colour_kind,
             m_seat_colour_kind, m_time_deck_empty, m_move_card, m_move_card, m_move_card, m_phase_step, m_done,
             m_card, m_card, m_huge, m_outcome)


def rederive(d: dict) -> None:
    """The derived fields (`challenge_deck`, `challenge`, `damage`) made to follow the mutated primary
    ones, as a careful hand correction would, so that the checks behind them are reached too."""
    n, card = d["players"], d["card"]
    d["challenge_deck"] = 16 - len(d["done"])
    seats = [None if r is None else r["result"] for r in d["rolls"]]
    power = None
    if card is not None:
        c = parse_card(inline(card), "the card out")
        k = d["challenge"]["round"]
        r = c.rounds[k - 1] if 1 <= k <= len(c.rounds) else None
        power = r and r.power_for(n)
        d["challenge"] = {"id": c.id, "name": c.name, "type": c.type, "boss": c.boss, "round": k,
                          "rounds": len(c.rounds), "power": power, "dice": r and r.dice, "color": r and r.color}
    d["damage"] = {"seats": seats, "total": sum(x for x in seats if x is not None), "power": power}


def mutate(d: dict, rng: random.Random) -> tuple[dict, list[str]]:
    """One to three mutations of `d` (a copy), and half the time the derived fields made to follow."""
    d, names = copy.deepcopy(d), []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        m = rng.choice(MUTATIONS)
        try:
            m(d, rng)
        except (KeyError, IndexError, TypeError, AttributeError, ValueError, RecursionError):
            continue  # an earlier mutation took away what this one breaks
        names.append(m.__name__)
    if rng.random() < 0.5:
        try:
            rederive(d)
            names.append("rederive")
        except Exception:  # noqa: BLE001  (a state too broken to derive anything from: left as it is)
            pass
    return d, names


# ---------------------------------------------------------------- what an accepted state must do
def play_to_end(st, rng: random.Random) -> int:
    """Random actions from the books (from `legal_actions()` where those are refused) until the timeline
    ends; the actions played. A listed action refused, or nothing listed in a running timeline, fails."""
    for k in range(PLAY_LIMIT):
        if st.is_over():
            return k
        a = random_action(st, rng)
        try:
            if a.incomplete:
                a = st.complete(a, rng)
            st.apply(a)
            continue
        except Refusal:
            pass
        legal = st.legal_actions()
        assert legal, f"nothing is listed in a running timeline: {st.to_dict()}"
        a = rng.choice(legal)
        if a.incomplete:
            a = st.complete(a, rng)
        st.apply(a)  # a listed action is never refused
    raise AssertionError(f"no end after {PLAY_LIMIT} actions")


def describe(d) -> str:
    """The state, short enough to read (a value nested too deep to print is named as such)."""
    def short(v):
        try:
            text = json.dumps(v, sort_keys=True, default=str)
        except (RecursionError, ValueError):
            return "<nested too deep to print>"
        return text if len(text) < 300 else text[:300] + f"... ({len(text)} characters)"
    if not isinstance(d, dict):
        return short(d)
    return "{" + ", ".join(f"{k!r}: {short(v)}" for k, v in d.items()) + "}"


def test_load_refuses_or_accepts_every_mutated_state_and_every_accepted_state_plays_to_an_end(seeds_by_players):
    rng = random.Random(20240519)
    games = GAMES
    refused, accepted, ends = collections.Counter(), 0, collections.Counter()
    for i in range(MUTANTS):
        n = PLAYERS[i % len(PLAYERS)]
        base = rng.choice(seeds_by_players[n])
        d, names = mutate(base, rng)
        game = games[n]
        try:
            st = game.state_from_dict(d)
        except Refusal as exc:
            assert exc.code and exc.rule and exc.rule.startswith(("chronomage/", "ALL-")), \
                f"a refusal without a code or rule: {exc!r} {names}\n{describe(d)}"
            refused[f"{exc.code} {exc.rule}"] += 1
            continue
        except Exception:  # noqa: BLE001  (an internal error: print the state and the traceback)
            pytest.fail(f"load raised an internal error after {names}:\n{describe(d)}\n{traceback.format_exc()}")
        accepted += 1
        try:
            out = st.to_dict()
            assert out == d, f"the accepted state is not what was loaded after {names}"
            for seat in (None, *st.seats):  # what the table screen and the phones show of it
                json.dumps(st.view(seat))
            assert st.is_over() or st.legal_actions(), "nothing is listed in a running timeline"
            again = game.state_from_dict(json.loads(json.dumps(out))).to_dict()
            assert again == out, f"the accepted state does not round-trip after {names}"
            play_to_end(st, random.Random(i))
            ends[str(st.outcome().result)] += 1
        except Exception:  # noqa: BLE001
            pytest.fail(f"an accepted state failed after {names}:\n{describe(d)}\n{traceback.format_exc()}")
    bases = [d for ds in seeds_by_players.values() for d in ds]
    typed = sum(any(x["id"].startswith("typed-") for x in d["done"]) for d in bases)
    spells = sum(bool(d["resistances"]) for d in bases)
    kinds = sum(any(k not in ("robes", "staff") for i in d["loot_items"] for k in i) for d in bases)
    print(f"\nChronomage load fuzz: {len(bases)} states of random timelines ({typed} after a typed card, {spells} "
          f"with a constant spell in play, {kinds} with loot of another kind), {MUTANTS} mutated states, "
          f"{accepted} accepted (played to {dict(ends)}), {sum(refused.values())} refused:")
    for what, k in refused.most_common():
        print(f"  {k:5d}  {what}")
    assert accepted > 100 and sum(refused.values()) > 1000  # both sides are really exercised
    assert typed and spells and kinds


def test_the_referee_s_load_takes_a_mutated_state_that_loads_refuses_one_that_does_not_and_plays_on(seeds_by_players):
    """The same path end to end: `companion referee` as a child process, its `load` op, the journal."""
    rng, game = random.Random(7), GAMES[3]
    while True:  # a mutated state the game accepts, in a running timeline
        d, names = mutate(rng.choice(seeds_by_players[3]), rng)
        try:
            if not game.state_from_dict(copy.deepcopy(d)).is_over():
                break
        except Refusal:
            pass
    ref = RefereeProcess()
    try:
        assert ref.send(op="new", game="chronomage", players=3, seed=4, options={"colors": COLOURS[3]})["ok"]
        reply = ref.send(op="load", state=d)
        corrected = {k: v for k, v in reply["events"][0].items() if k not in ("text", "board")} if reply["ok"] else None
        assert corrected == {"type": "corrected"} and reply["state"] == d, (names, reply)
        broken = copy.deepcopy(d)
        broken["hands"][0] += 1  # one spell card too many (CM-2)
        reply = ref.send(op="load", state=broken)
        assert not reply["ok"] and reply["error"]["code"] == "invalid-state", reply
        assert reply["error"]["rule"] == "chronomage/CM-2", reply
        deep = copy.deepcopy(d)
        deep["last_round"] = {"round": 1, "success": True, "seats": nested(600)}
        reply = ref.send(op="load", state=deep)
        assert not reply["ok"] and (reply["error"]["code"], reply["error"]["rule"]) == ("invalid-state", "ALL-3"), reply
        assert ref.send(op="state")["state"] == d  # neither refusal changed the table
        for _ in range(3000):  # and the table plays the corrected state on to its end
            state = ref.send(op="state")
            if state["outcome"] is not None:
                break
            view = ref.send(op="view", player=None)["view"]
            text = next_action(state["state"], view, losing=False)
            assert ref.send(op="play", action=text)["ok"], text
        assert state["outcome"]["result"] in ("victory", "defeat"), state
    finally:
        ref.close()


# ---------------------------------------------------------------- what the fuzz found (regressions)
def a_state(players: int, pred) -> dict:
    """The first state of the seeded random timelines that `pred` likes (it loads as it is)."""
    for seed in range(40):
        for d in reached(players, [seed], every=1):
            if pred(d):
                GAMES[players].state_from_dict(copy.deepcopy(d))
                return d
    raise AssertionError("no random timeline reached such a state")


def refused_load(d: dict, rule: str, words: str):
    with pytest.raises(Refusal) as err:
        GAMES[d["players"]].state_from_dict(d)
    assert (err.value.code, err.value.rule) == ("invalid-state", rule if rule.startswith("ALL-") else "chronomage/" + rule), \
        err.value
    assert words in err.value.reason, err.value.reason


def test_ALL_3_a_value_nested_thousands_deep_is_refused_not_a_recursion_error():
    """It raised RecursionError (copying the rolls, writing the card out, or later in the journal)."""
    d = a_state(2, lambda d: d["phase"] == "challenge" and any(d["rolls"]))
    seat = next(i for i, r in enumerate(d["rolls"]) if r)
    for where in ("hits", "result"):
        deep = copy.deepcopy(d)
        deep["rolls"][seat][where] = nested(5000)
        refused_load(deep, "ALL-3", "nested more than 12")
    deep = copy.deepcopy(d)
    deep["last_round"] = {"round": 1, "success": True, "seats": nested(600)}  # json can write 600, not the journal
    refused_load(deep, "ALL-3", "nested more than 12")


def test_X_15_a_card_out_with_a_library_id_but_other_data_is_refused():
    """It was accepted: the card out renamed `the-unwinder` but not marked the boss was fought and won as a
    plain card, and the table then held the boss among the cards played with the timeline running."""
    d = a_state(2, lambda d: d["phase"] == "challenge" and d["card"]["phase"] == 3 and not d["card"].get("boss"))
    d["card"]["id"] = d["challenge"]["id"] = "the-unwinder"
    refused_load(d, "X-15", "takes an id of its own")


def test_REVEAL_a_library_card_played_in_another_phase_s_place_is_refused():
    """It was accepted: with phase II cards among the first five played, the reveal of a later phase II
    challenge found none left and nothing was listed in a running timeline."""
    d = a_state(2, lambda d: d["phase"] == "strategy" and len(d["done"]) == 3)
    ids = [c.id for c in GAMES[2].timeline.cards if c.phase == 2]
    d["done"][0]["id"] = ids[0]
    refused_load(d, "REVEAL", "cannot have been the challenge number 1")


def test_CM_10_no_challenge_follows_the_boss_among_the_cards_played():
    boss = next(c.id for c in GAMES[2].timeline.cards if c.boss)
    d = a_state(2, lambda d: d["phase"] == "over" and len(d["done"]) >= 13 and boss not in str(d["done"]))
    d["done"][10]["id"] = boss
    refused_load(d, "CM-10", "no challenge follows it")


def test_ALL_3_a_closed_rounds_summary_is_shaped_like_one_the_tracker_can_show():
    """It was accepted with any keys and values (`{"round": "x", "success": null}`), and the table's tracker
    reads its round, power and total."""
    d = a_state(2, lambda d: d["last_round"] is not None and "total" in d["last_round"])
    for broken in ({"round": "x", "success": None}, dict(d["last_round"], power="14"),
                   dict(d["last_round"], seats=[1]), dict(d["last_round"], through=[1])):
        bad = copy.deepcopy(d)
        bad["last_round"] = broken
        with pytest.raises(Refusal) as err:
            GAMES[2].state_from_dict(bad)
        assert err.value.code == "invalid-state" and "last_round" in err.value.reason, err.value.reason
    assert GAMES[2].state_from_dict(d).to_dict()["last_round"] == d["last_round"]
