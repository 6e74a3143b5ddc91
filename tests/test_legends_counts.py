"""No count the referee shows is impossible (LA-15, ALL-3): with physical cards a seat reveals no more
Specials and Ultimates than it drew from its Meter, and `load` refuses counts the rules never reach
(Meters, Knock Outs received beyond a team's Stocks, furthest pushes without a Knock Out)."""
import json
import random

import pytest

from companion.games.legends import GAME as Legends
from companion.games.legends import edits
from companion.games.legends.legal import revealable
from companion.games.legends.actions import Reveal, Reshuffle
from companion.testing.legends_fixtures import table, table_dict
from rules_helpers import refused_load
from test_legends_conformance import choose
from test_legends_rules import _no_typed_values, drawn, exchange, play, refused  # noqa: F401  (the autouse fixture)


def test_LA_15_physical_a_seat_reveals_no_more_specials_and_ultimates_than_it_drew():
    # Alysia's Meter: 3 Specials and 1 Ultimate, one card drawn for sequence 1, one more for sequence 2
    st = table(2, legends=["alysia", "fitz"], spaces=[1, 5], facing=["right", "left"])
    exchange(st, "wind-up", "defensive-pivot", answers=["face 2 left"])
    err = refused(st, "reveal 1 carve-a-path", "meter-count")  # her one drawn card was Wind Up
    assert err.rule.endswith("/LA-15") and "3 are still in the Meter, 1 discarded and 0 removed" in err.reason
    refused(st, "reveal 1 relentless-cleave", "meter-count")
    assert not [a for a in st.legal_actions() if a.seat == 1 and a.card in st.legend(1).specials + st.legend(1).ultimates]
    exchange(st, "back", "back", answers=["face 1 right", "face 2 left"])
    exchange(st, "punch", "punch")
    assert st.sequence == 2 and st.piles[0].meter == 2
    exchange(st, "carve-a-path", "step")  # the card drawn for sequence 2
    refused(st, "reveal 1 relentless-cleave", "meter-count")
    assert (st.piles[0].meter, st.piles[0].discards, st.piles[0].removed) == (2, ["wind-up"], ["carve-a-path"])


def test_R_12_physical_no_ultimate_is_revealed_while_the_specials_over_it_are_in_the_meter():
    st = table(2, legends=["alysia", "lucius"], spaces=[1, 5], facing=["right", "left"])
    err = refused(st, "reveal 1 carve-a-path", "meter-count")  # 3 cards left: her 3 Specials cover it
    assert err.rule.endswith("/R-12") and "Carve a Path" in err.reason
    refused(st, "reveal 2 sharpshooter", "meter-count")  # 4 of his 5 left: 3 Specials over 2 Ultimates
    st = drawn(st)
    assert not {"carve-a-path", "sharpshooter", "bloodrage"} & {a.card for a in st.legal_actions() if a.seat == 2}
    refused(st, "reveal 2 bloodrage", "meter-count")
    play(st, "reveal 1 carve-a-path")  # 2 left: her Meter may have been shuffled anew, the Ultimate drawn before
    play(drawn(st), "reveal 2 bloodrage")


def test_R_12_load_refuses_an_ultimate_removed_from_under_the_specials_naming_the_fields():
    game = Legends(2, {"cards": "physical", "legends": ["alysia", "fitz"]})
    d = table_dict(game, spaces=[1, 5], facing=["right", "left"])
    d["removed"][0] = ["carve-a-path"]  # the first card drawn cannot be the bottom one
    assert "removed[seat 1] holds 1 Ultimates, but with 3 cards in meters[seat 1]" in refused_load(game, d, "R-12").reason
    d["meters"][0] = 2
    game.state_from_dict(d)


def test_LA_15_load_refuses_more_played_cards_than_the_meter_holds_naming_the_fields():
    game = Legends(2, {"cards": "physical", "legends": ["alysia", "fitz"]})
    d = table_dict(game, spaces=[1, 5], facing=["right", "left"])
    d["meters"][0], d["discards"][0], d["removed"][0] = 2, ["wind-up", "relentless-cleave"], ["carve-a-path"]
    err = refused_load(game, d, "LA-15")
    assert "meters[seat 1], discards[seat 1] and removed[seat 1] hold 2 + 2 + 1 cards" in err.reason
    d["meters"][0] = 1  # 1 + 2 + 1 = 4: every card of the Meter played, none in hand
    game.state_from_dict(d)
    d["meters"][0], d["discards"][0], d["removed"][0] = 4, ["wind-up"], []  # discarded from a full Meter
    assert "meters[seat 1] is 4" in refused_load(game, d, "LA-15").reason
    d["discards"][0] = []  # full and nothing played: still no card drawn for this sequence
    refused_load(game, d, "LA-15")


def test_teams_stocks_load_refuses_more_knock_outs_received_than_a_team_can_take_naming_the_field():
    game = Legends(2, {"cards": "physical"})  # 1v1: one Stock a team, out at the first Knock Out
    d = table_dict(game, stocks=[0, 1])
    d.update(phase="over", winner=[2])
    game.state_from_dict(d)
    for received in ([3, 0], [2, 0]):
        d["received"] = received
        assert "received of seats 1 adds up to" in refused_load(game, d, "teams-stocks").reason
    game = Legends(4, {"cards": "physical"})  # 2v2: on the last Stock both Legends may go out together
    d = table_dict(game, stocks=[0, 2])
    d.update(phase="over", winner=[2, 4], received=[2, 0, 1, 0])
    game.state_from_dict(d)
    d["received"] = [2, 0, 2, 0]
    refused_load(game, d, "teams-stocks")


def test_ranking_load_refuses_a_furthest_push_without_a_knock_out_naming_the_field():
    game = Legends(3, {"cards": "physical"})  # Free-for-All, nobody ever knocked out
    d = table_dict(game)
    d["furthest"] = [0, 2, 0]
    assert "furthest[seat 2] is 2" in refused_load(game, d, "ranking").reason
    d = table_dict(game, knockouts=[1, 0, 0])
    game.state_from_dict(d)
    d["furthest"] = [0, 0, 0]  # a Knock Out scored is a push past the Edge
    refused_load(game, d, "ranking")
    d["furthest"] = [0, 0, 1]  # not the scorer's
    refused_load(game, d, "ranking")
    game = Legends(2, {"cards": "physical"})  # Teams: a push needs a foe knocked out
    d = table_dict(game)
    d["furthest"] = [1, 0]
    refused_load(game, d, "ranking")


def test_ALL_3_digital_load_refuses_a_special_discarded_while_still_in_the_meter():
    game = Legends(2, {"cards": "digital", "legends": ["alysia", "fitz"]})
    d = table_dict(game)
    d["discards"][0] = ["wind-up"]  # the Meter still holds every Special
    refused_load(game, d, "LA-3")


class Shadow:
    """The printed cards of one seat's Meter as a table really holds them: the Meter (Specials shuffled
    over the Ultimates) and the hand of cards drawn from it and not revealed yet."""

    def __init__(self, st, s, rng):
        self.lg, self.rng = st.legend(s), rng
        self.meter, self.hand = self.shuffled(list(self.lg.specials)) + list(self.lg.ultimates), []

    def shuffled(self, cards):
        self.rng.shuffle(cards)
        return cards

    def follow(self, st, s, action):
        """Do at the table what the referee recorded: a reveal, a reshuffle, the draws its Meter count shows."""
        if isinstance(action, Reveal) and action.seat == s and action.card in self.meter + self.hand:
            self.hand.remove(action.card)  # the playout reveals only what the table holds
        if isinstance(action, Reshuffle) and action.seat == s:  # the empty Meter takes every Special anew
            self.hand = [c for c in self.hand if c not in self.lg.specials]
            self.meter = self.shuffled(list(self.lg.specials))
        while len(self.meter) > st.piles[s - 1].meter:
            self.hand.append(self.meter.pop(0))


@pytest.mark.parametrize("players,mode,legends,drawn", [
    (2, "teams", ["tikkit", "lucius"], 0), (2, "teams", ["alysia", "tikkit"], 0), (3, "ffa", None, 0),
    (4, "ffa", ["tikkit", "lord-grym", "lucius", "alysia"], 0),
    (6, "2v2v2", ["tikkit", "lucius", "lord-grym", "fitz", "sabo", "zephyr"], 0),
    (2, "teams", ["tikkit", "alysia"], 3), (4, "teams", ["tikkit", "fitz", "hilda", "lucius"], 3)])
@pytest.mark.parametrize("seed", range(10))
def test_LA_15_random_physical_play_counts_add_up_to_the_meter_and_every_state_reads_back(players, mode, legends,
                                                                                           drawn, seed):
    """A table playing its real printed cards: every reveal it can make is offered, a card of the Meter is
    offered only while one drawn is in hand (the referee cannot tell which), the referee's counts add up to
    each Meter's size, and every state the referee shows reads back (ALL-3). Tables that start with `drawn`
    more cards in hand (Tikkit's Let's Do That Again among them) play games that end in its replay."""
    game = Legends(players, {"mode": mode, "cards": "physical", **({"legends": legends} if legends else {})})
    rng = random.Random(f"{players}{mode}{legends}{drawn}{seed}")
    st = game.new_state()
    st = game.state_from_dict({**st.to_dict(), "sequence": 1 + drawn, "meters": [p.meter - drawn for p in st.piles]})
    tables = {s: Shadow(st, s, rng) for s in st.seats}
    for s, t in tables.items():
        t.follow(st, s, None)
    for _ in range(4000):
        d = st.to_dict()
        assert game.state_from_dict(json.loads(json.dumps(d))).to_dict() == d
        legal = st.legal_actions()
        for s, t in tables.items():
            meter_cards = t.lg.specials + t.lg.ultimates
            assert st.piles[s - 1].meter == len(t.meter)
            assert st.piles[s - 1].meter + len(t.hand) + len(st.piles[s - 1].discards) + len(st.piles[s - 1].removed) == len(meter_cards)
            offered = {a.card for a in legal if isinstance(a, Reveal) and a.seat == s and a.card in meter_cards}
            assert t.hand or not offered, f"seat {s} holds no card of its Meter but is offered {offered}"
            if st.phase == "reveal" and s in edits.to_reveal(st):
                assert {c for c in t.hand if c in revealable(st, s)} <= offered, f"seat {s} cannot reveal a card it holds"
        if st.is_over():
            break
        action = choose(st, rng)
        if isinstance(action, Reveal):  # the table reveals what it holds, a card of its Meter half the time
            reveals = [a for a in legal if isinstance(a, Reveal) and a.card not in tables[a.seat].meter]
            held = [a for a in reveals if a.card in tables[a.seat].hand]
            action = rng.choice(held if held and rng.random() < 0.5 else reveals)
        st.apply(action)
        for s, t in tables.items():
            t.follow(st, s, action)
    assert st.is_over()
