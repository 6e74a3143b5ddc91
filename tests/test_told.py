"""The table is told: over random games, every event is a declared value worded in the table's names, and its
board steps, done on a model of the physical board, keep that board equal to the referee's public state,
undo and redo included (the undo's steps put the cardboard back)."""
from __future__ import annotations

import dataclasses
import inspect
import random
import re

import pytest

from companion import events as ev
from companion.core import OVER, Refusal
from companion.journal import Journal
from companion.session import Session

NAMES = ["Ada", "Bram", "Cleo", "Dov", "Eli", "Fay"]
#: the games whose events are declared values (the others still tell plain dicts)
LEGENDS = "legends-of-the-arena"
TOLD = [("time-runners", 2, {}), ("time-runners", 4, {}), ("time-runners", 6, {}), ("block-arena", 2, {}),
        ("chronomage", 1, {}), ("chronomage", 4, {}),
        (LEGENDS, 2, {"legends": ["lord-grym", "tikkit"]}), (LEGENDS, 3, {"mode": "ffa", "cards": "physical"}),
        (LEGENDS, 4, {"mode": "ffa", "legends": ["tikkit", "lord-grym", "lucius", "alysia"]}),
        (LEGENDS, 6, {"mode": "2v2v2", "cards": "physical"}), (LEGENDS, 6, {"mode": "3v3"})]


@pytest.fixture(autouse=True)
def _no_typed_values(tmp_path, monkeypatch):
    """Legends plays the package files' values, whatever this machine's data directory holds (LA-3)."""
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "data"))


class Cardboard:
    """The physical board as the people keep it: changed only by the board steps they are told."""

    def __init__(self, view: dict):
        self.runners = list(view.get("positions") or [])
        self.hand = view.get("hour")
        self.blocks = [(b["owner"], list(b["squares"])) for b in view.get("blocks") or []]
        self.meeples = dict(enumerate(view.get("meeples") or [], 1))
        self.mages = list(view.get("formation") or [])
        self.weaknesses = [dict(w) for w in view.get("weaknesses") or []]
        #: Legends: each Legend's space, facing, Fatigue, Push tokens and form (None for a team gone: off the board)
        self.legends = [None if lg.get("eliminated") else {k: lg[k] for k in ("space", "facing", "fatigue", "form")}
                        | {"tokens": dict(lg["tokens"])} for lg in view.get("legends") or []]
        self.pieces = sorted(tuple(p) for p in view.get("pieces") or [])

    def do(self, step: dict) -> None:
        kind = step["type"]
        if kind == "move-runner":
            assert self.runners[step["seat"] - 1] == step["from"], step
            self.runners[step["seat"] - 1] = step["to"]
        elif kind == "swap-runners":
            a, b = step["seat"] - 1, step["other"] - 1
            assert (self.runners[a], self.runners[b]) == (step["other_to"], step["seat_to"]), step
            self.runners[a], self.runners[b] = step["seat_to"], step["other_to"]
        elif kind == "turn-hand":
            assert self.hand == step["from"], step
            self.hand = step["to"]
        elif kind == "place-block":
            block = (step["seat"], step["squares"])
            if step.get("undo"):
                self.blocks.remove(block)
            else:
                self.blocks.append(block)
        elif kind == "move-block":
            i = self.blocks.index((step["seat"], step["from"]))
            self.blocks[i] = (step["seat"], step["to"])
            rider = step.get("carries")
            if rider is not None:
                self.meeples[rider] = step["to"][step["from"].index(self.meeples[rider])]
        elif kind == "move-meeple":
            assert self.meeples.get(step["seat"]) == step["from"], step
            self.meeples[step["seat"]] = step["to"]
        elif kind == "move-mage":
            assert self.mages[step["seat"] - 1] == step["from"], step
            self.mages[step["seat"] - 1] = step["to"]
        elif kind in ("move-legend", "turn-legend", "fatigue-marker", "push-tokens", "flip-legend"):
            legend = self.legends[step["seat"] - 1]
            if legend is None:
                return
            if kind == "move-legend":
                assert legend["space"] == step["from"], step
                legend["space"] = step["to"]
            elif kind == "turn-legend":
                assert legend["facing"] != step["facing"], step
                legend["facing"] = step["facing"]
            elif kind == "fatigue-marker":
                assert legend["fatigue"] == step["from"], step
                legend["fatigue"] = step["to"]
            elif kind == "push-tokens":
                legend["tokens"][step["dir"]] += step["count"]
                assert legend["tokens"][step["dir"]] >= 0, step
            else:
                assert legend["form"] == step["was"], step
                legend["form"] = step["form"]
        elif kind == "zombie":
            if step["from"] is not None:
                self.pieces.remove((step["space"], step["from"]))
            if step["to"] is not None:
                self.pieces.append((step["space"], step["to"]))
            self.pieces.sort()
        elif kind == "weakness-token":
            self.weaknesses[step["seat"] - 1][step["color"]] += -1 if step.get("undo") else 1
        else:
            assert kind in ("draw-cards", "discard", "shuffle", "cards"), f"a step the model does not know: {step}"

    def matches(self, view: dict) -> bool:
        return self == Cardboard(view)

    def __eq__(self, other) -> bool:
        return (self.runners, self.hand, sorted(self.blocks), self.meeples, self.mages, self.weaknesses, self.pieces,
                [lg for lg, o in zip(self.legends, other.legends) if o is not None]) == (
            other.runners, other.hand, sorted(other.blocks), other.meeples, other.mages, other.weaknesses, other.pieces,
            [o for o in other.legends if o is not None])


def check_told(session: Session, events: list, board: Cardboard) -> None:
    """Each event declared and worded in the table's names; its steps done on `board`."""
    declared = tuple(ev.declared(session.game).values()) + (ev.Undone, ev.Corrected)
    for told in session.told(session.events_for(events, None)):
        assert told["text"] and told["text"].strip() == told["text"], told
        assert not re.search(r"\b[Ss]eat \d", told["text"]), told["text"]  # every seat here has a name
        for seat in [told.get("seat")] + list(told.get("seats") or []):
            if type(seat) is int:
                assert NAMES[seat - 1] in told["text"], told
        for step in told["board"]:
            assert step["text"] and not re.search(r"\b[Ss]eat \d", step["text"]), step
            board.do(step)
    assert all(isinstance(e, declared) for e in events), [e for e in events if not isinstance(e, declared)]


@pytest.mark.parametrize("game,players,options", TOLD, ids=[f"{g}-{n}-{'-'.join(map(str, o.values()))}" for g, n, o in TOLD])
def test_every_event_is_told_and_its_board_steps_keep_the_cardboard_equal_to_the_referee(game, players, options):
    for seed in range(6):
        rng = random.Random(seed)
        session = Session.start(Journal(), game, players, seed=seed, table={"names": NAMES[:players]},
                                options=options)
        board = Cardboard(session.view(None))
        for _ in range(160):
            if session.turn().kind == OVER:
                break
            roll = rng.random()
            if roll < 0.15 and session.can_undo:
                events = session.undo()
                assert events and all(isinstance(e, ev.Undone) for e in events)
            elif roll < 0.2 and session.can_redo:
                events = session.redo()
            else:
                events = session.play(rng.choice(session.legal_actions()))
            check_told(session, events, board)
            if session.turn().kind != OVER:  # Legends knocked out at the end stay out: the game is over
                assert board.matches(session.view(None)), (seed, session.last_actions)


def test_undo_of_a_computer_reply_tells_the_steps_that_put_its_block_back_last_first():
    session = Session.start(Journal(), "block-arena", 2, seed=1, table={"names": ["Orange", "Teal"]})
    while session.view(None)["phase"] != "play":
        session.play(session.legal_actions()[0])
    while True:  # Orange's turn; its last entry is undone with the computer's reply after it
        mine = session.told(session.play(session.legal_actions()[0]))
        if session.turn().current != 1:
            break
    reply = []
    while session.turn().current == 2:
        reply += session.told(session.play(session.legal_actions()[0], by="computer"))
    forward = [s for e in mine + reply for s in e["board"]]
    back = [s for e in session.told(session.undo()) for s in e["board"]]
    assert [(s["type"], s["seat"], s["to"], s["from"]) for s in reversed(forward)] == [
        (s["type"], s["seat"], s["from"], s["to"]) for s in back]
    assert any(s["text"].startswith("Put Teal's block back from") for s in back)


def test_a_change_of_position_tells_the_table_to_swap_the_two_runners():
    session = Session.start(Journal(), "time-runners", 3, seed=7, table={"names": ["Red", "Blue", "Green"]})
    for roll in ("roll 6", "roll 1", "roll 2", "roll 4"):  # Red starts and moves to space 4
        session.play(roll)
    state = session.full_state()
    pile, hand = state["draw_pile"], state["hands"][0]
    i = pile.index("swap")
    pile[i], hand[0] = hand[0], pile[i]
    state.update(positions=[4, 9, 0])
    session.load(state)
    told = session.told(session.play("play 1 swap 2"))
    assert [s["text"] for e in told for s in e["board"]] == [
        "Red puts Change position face up on the discard pile",
        "Swap the runners of Red and Blue: Red to space 9, Blue to space 4"]
    back = session.told(session.undo())
    assert [s["text"] for e in back for s in e["board"]] == [
        "Swap back the runners of Red and Blue: Red to space 4, Blue to space 9",
        "Red takes Change position back into their hand from the discard pile"]


def test_events_read_back_from_their_json_form_are_equal_and_word_the_same():
    session = Session.start(Journal(), "time-runners", 2, seed=3, table={"names": ["Ann", "Bob"]})
    rng = random.Random(3)
    for _ in range(80):
        if session.turn().kind == OVER:
            break
        for e in session.play(rng.choice(session.legal_actions())):
            back = ev.from_dict(session.game, e.to_dict())
            assert type(back) is type(e) and back == e and back.told(session.names) == e.told(session.names)


def test_every_listener_is_told_every_change_and_an_unsubscribed_one_no_more():
    session = Session.start(Journal(), "time-runners", 2, seed=5)
    heard, other = [], []
    session.subscribe(heard.append)
    session.subscribe(other.append)
    session.play("sensor off")
    session.sense({"hand": 12})
    session.undo()
    session.redo()
    session.unsubscribe(other.append)
    session.load(session.full_state())
    assert [e[0]["type"] for e in heard] == ["sensor", "sensed", "undone", "sensor", "corrected"]
    assert len(other) == 4


def test_a_failing_listener_does_not_stop_the_others_nor_the_change():
    session = Session.start(Journal(), "time-runners", 2, seed=5)
    heard = []
    session.subscribe(lambda events: 1 / 0)
    session.subscribe(heard.append)
    session.play("roll 5")
    assert heard and session.head == 1 + 1  # the deal, then the roll


def test_a_refused_undo_tells_nobody():
    session = Session.start(Journal(), "time-runners", 2, seed=5)
    heard = []
    session.subscribe(heard.append)
    with pytest.raises(Refusal):
        session.undo()  # the deal is chance: undo stops there
    assert heard == []


def test_a_value_is_a_frozen_dataclass_made_by_place_or_by_name_with_its_defaults():
    @ev.value
    class Probe(ev.Event):
        type = "probe"
        seat: int
        dir: str = ev.opt("left")
        was: int | None = ev.local()

    a, b = Probe(1), Probe(seat=1, dir="left", was=None)
    assert dataclasses.is_dataclass(a) and a == b == {"type": "probe", "seat": 1} and a.was is None
    assert dataclasses.replace(a, dir="right", was=3) == {"type": "probe", "seat": 1, "dir": "right"}
    for change in (lambda: setattr(a, "seat", 2), lambda: delattr(a, "seat"), lambda: setattr(a, "other", 1)):
        with pytest.raises(dataclasses.FrozenInstanceError):
            change()
    assert a.to_dict() == {"type": "probe", "seat": 1} and not hasattr(a, "other")
    with pytest.raises(TypeError):
        Probe()  # a field without a default is given


@pytest.mark.parametrize("game", ["time-runners", "block-arena", "chronomage", LEGENDS])
def test_every_declared_event_is_made_from_its_fields_as_a_frozen_dataclass(game):
    session = Session.start(Journal(), game, 2 if game != "chronomage" else 1, seed=1)
    for cls in ev.declared(session.game).values():
        fields = dataclasses.fields(cls)
        params = list(inspect.signature(cls).parameters.values())
        assert [(p.name, p.default) for p in params] == [
            (f.name, inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default) for f in fields]
        assert cls.__dataclass_params__.frozen and cls.__init__ is not ev.Value.__init__
