"""Tikkit's Edits (LA-12), one test per Edit with positions, facings and Fatigue worked out by hand
(placeholder Push tracks: floor(index / 3) tokens)."""
import json

from companion.games.legends import GAME as Legends
from companion.testing.legends_fixtures import table, table_dict
from test_legends_rules import _no_typed_values, drawn, exchange, legend, of, play, refused  # noqa: F401  (autouse fixture)

TIKKIT = ["tikkit", "alysia"]


def where(st, s):
    lg = legend(st, s)
    return lg["space"], lg["facing"], lg["fatigue"]


def resolved(events):
    return [(e["seat"], e["card"]) for e in of(events, "resolve")]


def digital(**fields):
    """Tikkit (seat 1) and Alysia in digital mode, waiting for the picks, every basic in hand."""
    game = Legends(2, {"cards": "digital", "legends": TIKKIT})
    d = table_dict(game, **fields)
    return game, d


def test_LA_12_digital_tikkit_picks_an_edit_and_three_actions_in_secret():
    game, d = digital()
    st = game.state_from_dict(d)
    mine = [a for a in st.legal_actions() if a.seat == 1]
    assert mine and all(len(a.cards) == 4 and a.cards[0] in ("double-time", "perfect-timing") for a in mine)
    assert all(len(a.cards) == 3 for a in st.legal_actions() if a.seat == 2)
    assert refused(st, "pick 1 step dive back", "not-in-hand").rule.endswith("LA-12")
    assert refused(st, "pick 1 step double-time dive back", "not-in-hand").rule.endswith("LA-12")
    play(st, "pick 1 double-time step dive back")
    assert str(game.parse_action("pick 1 double-time step dive back").redacted()) == "pick 1 ? ? ? ?"
    for seat in (None, 2):
        v = st.view(seat)
        assert v["edits"] == {} and "double-time" not in json.dumps(v)  # secret until exchange 1
    assert st.view(1)["my_edit"] == "double-time" and st.view(1)["my_picks"] == ["step", "dive", "back"]
    events = play(st, "pick 2 defensive-pivot step back")
    reveal = of(events, "reveal")[0]
    assert reveal["edits"] == {1: "double-time"} and st.view(2)["edits"] == {"1": "double-time"}
    kinds = [e["type"] for e in events]
    assert kinds.index("edit") < kinds.index("resolve")  # revealed with his first card, resolved before anything


def test_LA_12_physical_the_edit_is_entered_with_tikkits_first_reveal():
    st = table(2, legends=TIKKIT, spaces=[2, 4], facing=["right", "left"])
    edits = {"double-time", "perfect-timing", "quick-fix", "lets-do-that-again"}
    assert {a.card for a in st.legal_actions() if a.seat == 1} == edits - {"lets-do-that-again"}  # not drawn
    assert {a.card for a in drawn(st, 3).legal_actions() if a.seat == 1 and a.verb == "reveal"} == edits
    assert refused(st, "reveal 1 step", "edit-first").rule.endswith("LA-12")
    play(st, "reveal 1 double-time")
    assert st.turn().seats == (1, 2) and legend(st, 1)["space"] == 2
    assert refused(st, "reveal 1 perfect-timing", "not-an-edit-now").rule.endswith("LA-12")
    exchange(st, "step", "defensive-pivot", answers=["face 2 left"])
    assert st.exchange == 2
    assert refused(st, "reveal 1 quick-fix", "not-an-edit-now").rule.endswith("LA-12")


def test_LA_12_double_time_step_and_back_move_two_spaces_one_at_a_time_an_edge_recovers():
    st = table(2, legends=TIKKIT, spaces=[2, 5], facing=["right", "left"])
    play(st, "reveal 1 double-time")
    # Back from 2 facing right: 1, then the Edge 0 on the second space: Edge Recovery to 1 facing right
    events = exchange(st, "back", "defensive-pivot", answers=["face 2 left", "face 1 right"])
    assert [(e["from"], e["into"]) for e in of(events, "move") if e["seat"] == 1] == [(2, 1)]
    assert [(e["from"], e["edge"], e["into"]) for e in of(events, "edge-recovery")] == [(1, 0, 1)]
    assert not of(events, "knock-out") and where(st, 1) == (1, "right", 0)
    # Step from 1: two spaces forward, 2 then 3
    events = exchange(st, "step", "punch")
    assert [(e["from"], e["into"]) for e in of(events, "move") if e["seat"] == 1] == [(1, 2), (2, 3)]
    assert where(st, 1) == (3, "right", 0)


def test_LA_12_perfect_timing_collapses_his_three_cards_into_the_exchange_of_his_fastest():
    game, d = digital(spaces=[2, 4], facing=["right", "left"])
    st = game.state_from_dict(d)
    play(st, "pick 1 perfect-timing shot step back")  # Speeds 50, 95, 65: the fastest is the 2nd
    events = play(st, "pick 2 defensive-pivot dive punch")
    assert resolved(events) == [(2, "defensive-pivot")]  # exchange 1: Tikkit has no card, no Block
    assert 1 not in st.in_play.revealed and st.to_dict()["ask"] == {"kind": "face", "seat": 2}
    events = play(st, "face 2 left")
    # exchange 2: Step 95, Dive 90, Back 65, Shot 50, each at its own Speed
    assert resolved(events) == [(1, "step"), (2, "dive"), (1, "back")] and where(st, 2)[0] == 3
    assert where(st, 1)[0] == 2  # Step 2 -> 3, Alysia dives in, Back 3 -> 2, then may turn
    events = play(st, "face 1 right")
    assert resolved(events) == [(1, "shot")]
    events = play(st, "face 1 right")  # Shot: Alysia on 3, no Block this exchange: Fatigue 1, 0 tokens
    assert [(e["target"], e["remaining"]) for e in of(events, "strike")] == [(2, 1)]
    assert resolved(events) == [(2, "punch")] and 1 not in st.in_play.revealed  # exchange 3: no card again
    assert where(st, 2)[2] == 1 and of(events, "miss") and st.sequence == 2  # the Punch at range 0 misses


def test_LA_12_quick_fix_a_draw_then_a_secret_fourth_card_for_every_player_and_a_fourth_exchange():
    game, d = digital(spaces=[2, 4], facing=["right", "left"])
    d["meters"][0]["specials"].remove("quick-fix")
    d["hands"][0].append("quick-fix")
    st = game.state_from_dict(d)
    play(st, "pick 1 quick-fix step dive back", "pick 2 defensive-pivot step back")
    while st.phase == "resolve" and st.ask is not None:
        play(st, f"face {st.ask.seat} {legend(st, st.ask.seat)['facing']}")
    assert st.phase == "draw" and st.exchange == 1 and st.turn().kind == "chance"  # after exchange 1
    play(st, "draw 1 bullet-time")
    assert st.phase == "pick" and st.turn().seats == (1, 2)
    assert {str(a) for a in st.legal_actions() if a.seat == 1} == {f"pick 1 {c}" for c in
                                                                   ("defensive-pivot", "shot", "better-with-time",
                                                                    "bullet-time")}
    seen = set()
    for card in ("shot", "bullet-time"):  # whichever he adds, seat 2 and the table see the same
        trial = st.clone()
        events = trial.apply(game.parse_action(f"pick 1 {card}"))
        told = [e.to_dict() for e in events if 2 in e.get("visible_to", [2])]
        seen.add(json.dumps([trial.view(2), trial.view(None), told], sort_keys=True))
    assert len(seen) == 1
    play(st, "pick 1 bullet-time", "pick 2 punch")
    assert st.picks == {1: ["step", "dive", "back", "bullet-time"], 2: ["defensive-pivot", "step", "back", "punch"]}
    assert st.history[1] == {"1": ["dive"], "2": ["step"]}  # exchange 2 went on at once
    cards = []
    while st.sequence == 1:
        if st.ask is None:
            break
        a = st.to_dict()["ask"]
        cards.append((st.exchange, dict(st.in_play.revealed)))
        play(st, f"do {a['seat']} done" if a["kind"] == "do" else
             f"face {a['seat']} {legend(st, a['seat'])['facing']}" if a["kind"] == "face" else
             f"target {a['seat']} {a['among'][0]}")
    assert (4, {1: "bullet-time", 2: "punch"}) in cards and st.sequence == 2
    assert "quick-fix" in st.piles[0].discards and "bullet-time" in st.piles[0].discards


def test_LA_12_lets_do_that_again_replays_the_exchanges_in_reverse_tikkit_in_full_others_only_block():
    st = drawn(table(2, legends=TIKKIT, spaces=[2, 5], facing=["right", "left"]), 3)  # his Meter all drawn
    play(st, "reveal 1 lets-do-that-again")
    exchange(st, "step", "back", answers=["face 2 left"])
    assert where(st, 1) == (3, "right", 0) and where(st, 2) == (4, "left", 0)
    exchange(st, "defensive-pivot", "step", answers=["face 1 right"])
    assert where(st, 2) == (3, "left", 0)
    # exchange 3: Shot and Punch tie at 50, Tikkit holds the Initiative: Shot first
    events = exchange(st, "shot", "punch", answers=["face 1 right", "face 1 right", "face 1 right"])
    replay = [e["type"] for e in events].index("replay")
    assert resolved(events[:replay]) == [(1, "shot"), (2, "punch")]
    assert resolved(events[replay:]) == [(1, "shot"), (2, "punch"), (2, "step"), (1, "defensive-pivot"),
                                         (1, "step"), (2, "back")]
    # again: Shot hits Alysia from 2 (Fatigue 2, 1 token right, she slides to 4); her Step only blocks,
    # her Back does nothing; his Step moves him 2 -> 3
    assert [e["seat"] for e in of(events[replay:], "slide")] == [2]
    assert where(st, 1) == (3, "right", 1) and where(st, 2) == (4, "left", 2)
    assert st.sequence == 2 and st.piles[0].removed == ["lets-do-that-again"]
    play(st, "reveal 1 double-time")
    assert refused(st, "reveal 1 lets-do-that-again", "not-an-edit-now").rule.endswith("LA-12")


def test_LA_12_lets_do_that_again_another_legends_own_card_gives_only_its_block():
    st = drawn(table(2, legends=TIKKIT, spaces=[2, 4], facing=["right", "left"]), 3)  # his Meter all drawn
    play(st, "reveal 1 lets-do-that-again")
    exchange(st, "defensive-pivot", "wind-up", answers=["face 1 right"])
    exchange(st, "back", "step", answers=["face 1 right"])
    play(st, "reveal 1 shot", "reveal 2 back")
    while st.ask is not None and st.ask.kind == "face":  # keep every facing, into the replay
        play(st, f"face {st.ask.seat} {legend(st, st.ask.seat)['facing']}")
    assert st.replaying and st.exchange == 1 and st.to_dict()["ask"] == {"kind": "do", "seat": 2}  # Wind Up again
    assert {a.prim for a in st.legal_actions()} == {"block", "done"}
    assert refused(st, "do 2 push 1 right 2", "only-block").rule.endswith("LA-12")
    play(st, "do 2 block 1", "do 2 done")
    assert st.sequence == 2


def test_LA_12_perfect_timing_in_an_empty_exchange_tikkit_counts_as_speed_0_for_the_tie_breaks():
    game = Legends(4, {"cards": "digital", "mode": "teams", "legends": ["tikkit", "hilda", "fitz", "alysia"]})
    st = game.state_from_dict(table_dict(game, spaces=[3, 4, 3, 5], facing=["right", "left", "right", "left"]))
    play(st, "pick 1 perfect-timing shot step back", "pick 2 shot step back",
         "pick 3 defensive-pivot step back", "pick 4 defensive-pivot step back")
    events = play(st, "face 3 right", "face 4 left", "face 2 left")
    # Hilda's Shot from 4: Tikkit and Fitz on 3 are equally near; Fitz's Pivot is Speed 80, Tikkit has no
    # card (Speed 0) and no Block: Tikkit is hit, Force 1, Fatigue 1
    assert [(e["target"], e["block"], e["remaining"]) for e in of(events, "strike")] == [(1, 0, 1)]
    assert where(st, 1) == (3, "right", 1)
