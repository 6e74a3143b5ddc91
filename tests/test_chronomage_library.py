"""Chronomage challenge libraries (CM-3): every malformed field gives its own error naming file, card and
field; a bad file changes nothing; names resolve to the shipped example or the table's library."""
from __future__ import annotations

import pytest

from companion.core import BadRequest
from companion.games.chronomage import GAME
from companion.testing.chronomage_fixtures import event, monster, timeline_dict, to_toml, write_timeline
from companion.games.chronomage.timeline import Library, LibraryError, load_timeline, parse_timeline


def error(data, file="lib.toml"):
    with pytest.raises(LibraryError) as err:
        parse_timeline(to_toml(data) if isinstance(data, dict) else data, file)
    e = err.value
    assert e.code == "bad-timeline" and e.rule == "chronomage/CM-3" and e.reason.startswith(file)
    assert isinstance(e, BadRequest) and e.kind == "request"
    return e


def with_card(key="c2", **changes):
    d = timeline_dict()
    card = d["card"][int(key[1:]) - 1]
    for k, v in changes.items():
        if v is None:
            card.pop(k)
        else:
            card[k] = v
    return d


CASES = [
    # (what, the timeline's change, card, field, words in the reason)
    ("missing power for 3 players", with_card(rounds=[{"color": "blue", "power": [1, 2], "dice": 1}]),
     "c2", "rounds[1].power", "no power number for 3 players"),
    ("five power numbers", with_card(rounds=[{"color": "blue", "power": [1, 2, 3, 4, 5], "dice": 1}]),
     "c2", "rounds[1].power", "more than four"),
    ("power zero", with_card(rounds=[{"color": "blue", "power": [1, 0, 3, 4], "dice": 1}]),
     "c2", "rounds[1].power[2]", "1..199"),
    ("chart face 7", with_card(chart=[{"face": f, "spaces": []} for f in (1, 2, 3, 4, 5, 7)]),
     "c2", "chart[6].face", "1..6"),
    ("chart face twice", with_card(chart=[{"face": f, "spaces": []} for f in (1, 2, 3, 4, 5, 5)]),
     "c2", "chart[6].face", "charted twice"),
    ("chart of five", with_card(chart=[{"face": f, "spaces": []} for f in range(1, 6)]),
     "c2", "chart", "6..6"),
    ("space 4", with_card(chart=[{"face": 1, "spaces": [4]}] + [{"face": f, "spaces": []} for f in range(2, 7)]),
     "c2", "chart[1].spaces", "1..3"),
    ("weakness colour red", with_card(chart=[{"face": 1, "spaces": [1], "weakness": ["red"]}]
                                      + [{"face": f, "spaces": []} for f in range(2, 7)]),
     "c2", "chart[1].weakness", "'red' is not a colour"),
    ("round colour red", with_card(rounds=[{"color": "red", "power": [1, 2, 3, 4], "dice": 1}]),
     "c2", "rounds[1].color", "'red' is not a colour"),
    ("resistance for red", with_card(resistance={"orange": 1, "blue": 1, "green": 1, "purple": 1, "red": 1}),
     "c2", "resistance.red", "not a field"),
    ("resistance missing purple", with_card(resistance={"orange": 1, "blue": 1, "green": 1}),
     "c2", "resistance.purple", "missing"),
    ("resistance 4", with_card(resistance={"orange": 4, "blue": 1, "green": 1, "purple": 1}),
     "c2", "resistance.orange", "0..3"),
    ("challenge dice 0", with_card(rounds=[{"color": "blue", "power": [1, 2, 3, 4], "dice": 0}]),
     "c2", "rounds[1].dice", "1..4"),
    ("no rounds", with_card(rounds=[]), "c2", "rounds", "1..9"),
    ("event with two rounds", with_card(**{**event(), "rounds": [{"color": "blue", "power": [1] * 4, "dice": 1}] * 2}),
     "c2", "rounds", "exactly one round"),
    ("type boss", with_card(type="boss"), "c2", "type", "monster or event"),
    ("phase 4", with_card(phase=4), "c2", "phase", "1..3"),
    ("unknown field", with_card(armour=3), "c2", "armour", "not a field"),
    ("missing name", with_card(name=None), "c2", "name", "missing"),
    ("bad id", with_card(id="Big Card"), "Big Card", "id", "lower-case"),
    ("duplicate id", with_card(id="c1"), "c1", "id", "earlier card"),
    ("boss in phase 1", with_card(boss=True), "c2", "boss", "phase 3"),
    ("preemptive kind", with_card(preemptive={"kind": "dare", "attempt": []}), "c2", "preemptive.kind", "choice"),
    ("choice without options", with_card(preemptive={"kind": "choice", "attempt": ["blue"]}),
     "c2", "preemptive.options", "list of 2..6"),
    ("crisis without goal", with_card(preemptive={"kind": "crisis", "attempt": ["blue"]}),
     "c2", "preemptive.goal", "missing"),
    ("crisis goal 19", with_card(preemptive={"kind": "crisis", "attempt": [], "goal": 19}),
     "c2", "preemptive.goal", "1..18"),
    ("attempt colour red", with_card(preemptive={"kind": "crisis", "attempt": ["red"], "goal": 5}),
     "c2", "preemptive.attempt", "'red' is not a colour"),
    ("choice with a goal", with_card(preemptive={"kind": "choice", "attempt": [], "goal": 5, "options": ["a", "b"]}),
     "c2", "preemptive.goal", "options, not a goal"),
    ("crisis weakness red", with_card(preemptive={"kind": "crisis", "attempt": [], "goal": 5, "weakness": "red"}),
     "c2", "preemptive.weakness", "'red' is not a colour"),
]


@pytest.mark.parametrize("what,data,card,field,words", CASES, ids=[c[0] for c in CASES])
def test_CM_3_every_malformed_card_field_gets_its_own_error_naming_file_card_and_field(what, data, card, field, words):
    e = error(data)
    assert (e.file, e.card, e.field) == ("lib.toml", card, field), e.reason
    assert words in e.reason and f"card {card!r}" in e.reason and f"field {field!r}" in e.reason


def test_CM_3_timeline_level_problems_are_named_too():
    assert "not valid TOML" in error("[timeline\n").reason
    d = timeline_dict()
    d["card"] = d["card"][:-1]
    e = error(d)
    assert e.field == "card" and "phase 3 needs 6 cards, the file has 5" in e.reason
    d = timeline_dict(c15=monster(boss=True))
    assert "exactly one phase 3 card is the boss" in error(d).reason
    d = timeline_dict()
    d["timeline"]["example"] = "yes"
    assert error(d).field == "timeline.example"
    d = timeline_dict()
    del d["timeline"]["title"]
    assert error(d).field == "timeline.title"


def test_CM_3_a_bad_file_changes_nothing(tmp_path):
    lib = Library()
    good = write_timeline(tmp_path, "vale")
    lib.add(str(good))
    before = dict(lib.timelines)
    bad = tmp_path / "broken.toml"
    bad.write_text(to_toml(with_card(rounds=[{"color": "blue", "power": [1, 2], "dice": 1}])))
    with pytest.raises(LibraryError) as err:
        lib.add(str(bad))
    assert str(bad) in err.value.reason and lib.timelines == before and lib.names() == ["vale"]
    with pytest.raises(BadRequest) as err:
        GAME(2, {"timeline": str(bad)})
    assert err.value.code == "bad-timeline" and "no power number for 3 players" in err.value.reason


def test_CM_3_the_shipped_timeline_is_marked_as_example_data():
    tl = load_timeline()
    assert tl.example and "example" in tl.title.lower() and len(tl.cards) == 16 and tl.boss.phase == 3
    assert GAME(1).timeline.name == "example"


def test_CM_3_names_are_found_in_the_tables_library_folder(tmp_path, monkeypatch):
    write_timeline(tmp_path, "my-vale")
    monkeypatch.setenv("CHRONOMAGE_LIBRARY", str(tmp_path))
    assert GAME(2, {"timeline": "my-vale"}).timeline.title == "Test timeline"
    for spec in ("no-such-vale", "Bad Name!", str(tmp_path / "missing.toml")):
        with pytest.raises(LibraryError):
            GAME(2, {"timeline": spec})
