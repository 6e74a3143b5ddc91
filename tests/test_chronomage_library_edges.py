"""Chronomage's card library at its edges (CM-3): whatever a table points the `timeline` option at, or
types, or leaves in its saved cards, the answer is a refusal a player can read, never a hang, a crash or
a game that will not start. The device and FIFO cases run the companion in a subprocess of its own (with
a memory limit), so a regression is an error there, not a test machine out of memory or a hung test."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from companion.core import IllegalAction
from companion.games.chronomage import GAME
from companion.testing.chronomage_fixtures import monster, play, timeline_dict, to_toml, typed, write_timeline
from companion.games.chronomage.timeline import LibraryError, MAX_FILE

MAKE = """
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
from companion.core import Refusal
from companion.games.chronomage import GAME
try:
    GAME(1, {"timeline": sys.argv[1]})
    print(json.dumps({"ok": True}))
except Refusal as exc:
    print(json.dumps({"code": exc.code, "reason": exc.reason, "rule": exc.rule}))
"""


def made_in_a_subprocess(spec: str) -> dict:
    out = subprocess.run([sys.executable, "-c", MAKE, spec], capture_output=True, text=True, timeout=120,
                         cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout)


def test_CM_3_a_timeline_that_is_a_device_is_refused_without_reading_it():
    reply = made_in_a_subprocess("/dev/zero")
    assert reply["code"] == "bad-timeline" and reply["rule"] == "chronomage/CM-3"
    assert reply["reason"] == "/dev/zero: is not a timeline file (a device, not a regular file)."


def test_CM_3_a_timeline_that_is_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "vale.toml"
    os.mkfifo(fifo)
    reply = made_in_a_subprocess(str(fifo))
    assert reply["code"] == "bad-timeline" and reply["reason"] == f"{fifo}: is not a timeline file (a FIFO, not a regular file)."


def test_CM_3_a_timeline_that_is_a_directory_is_refused_by_name(tmp_path):
    folder = tmp_path / "vale.toml"
    folder.mkdir()
    with pytest.raises(LibraryError) as err:
        GAME(1, {"timeline": str(folder)})
    assert err.value.code == "bad-timeline"
    assert err.value.reason == f"{folder}: is not a timeline file (a directory, not a regular file)."


def test_CM_3_a_timeline_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path):
    path = write_timeline(tmp_path)
    with path.open("a", encoding="utf-8") as f:
        f.write(("# padding\n" * (MAX_FILE // 10 + 1)))
    with pytest.raises(LibraryError) as err:
        GAME(1, {"timeline": str(path)})
    assert err.value.code == "bad-timeline" and f"larger than {MAX_FILE // 1024} KiB" in err.value.reason


@pytest.mark.parametrize("deep", ["[" * 1000 + "]" * 1000, "{ a = " * 1000 + "1" + " }" * 1000])
def test_CM_3_a_typed_card_nested_a_thousand_deep_is_a_bad_card_not_a_crash(deep):
    g = GAME(1)
    with pytest.raises(LibraryError) as err:
        g.parse_action('reveal { id = "deep", name = ' + deep + " }")
    assert err.value.code == "bad-card" and "nested too deeply" in err.value.reason


def test_CM_3_a_timeline_file_nested_a_thousand_deep_is_a_bad_timeline(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text("[timeline]\ntitle = " + "[" * 1000 + "]" * 1000 + "\n")
    with pytest.raises(LibraryError) as err:
        GAME(1, {"timeline": str(path)})
    assert err.value.code == "bad-timeline" and "nested too deeply" in err.value.reason


@pytest.mark.parametrize("name", ["Wisp\x1b[2J", "Null\x00here", "two\rlines", "bidi\u202eevil", "c1\x85"])
def test_CM_3_names_with_control_characters_are_refused_typed_or_in_a_file(tmp_path, name):
    g = GAME(1)
    with pytest.raises(LibraryError) as err:
        g.parse_action(typed(1, name=name))
    assert err.value.code == "bad-card" and err.value.field == "name" and "control character" in err.value.reason
    d = timeline_dict(c3=monster(name=name))
    path = tmp_path / "ctl.toml"
    path.write_text(to_toml(d), encoding="utf-8")
    with pytest.raises(LibraryError) as err:
        GAME(1, {"timeline": str(path)})
    assert (err.value.code, err.value.card, err.value.field) == ("bad-timeline", "c3", "name")


def test_CM_3_a_typed_card_may_not_reuse_a_library_cards_id(tmp_path):
    st = GAME(2, {"timeline": str(write_timeline(tmp_path))}).new_state()
    play(st, "ready")
    before = st.to_dict()
    with pytest.raises(IllegalAction) as err:
        play(st, typed(1, id="c2", name="My reading of card 2"))
    assert (err.value.code, err.value.rule) == ("card-id-taken", "chronomage/X-15")
    assert "c2" in err.value.reason and "Card 2" in err.value.reason and st.to_dict() == before
    play(st, typed(1, id="c2-mine", name="My reading of card 2"))
    assert st.card.name == "My reading of card 2"


def test_CM_3_a_corrupt_saved_cards_file_disables_only_its_cards_with_a_warning_naming_it(tmp_path):
    from companion.games.chronomage.my_cards import cards_path
    path = cards_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[[card]]\nid = 7\n", encoding="utf-8")
    for spec in ("example", str(write_timeline(tmp_path))):
        g = GAME(3, {"timeline": spec})  # every timeline still starts
        assert g.my_cards == () and len(g.warnings) == 1
        assert str(path) in g.warnings[0] and "saved cards" in g.warnings[0]
        st = g.new_state()
        assert st.view(None)["warnings"] == list(g.warnings)
        play(st, "ready")
        assert st.revealable()  # the timeline's own cards are all there


def test_CM_3_a_refusal_quotes_at_most_a_short_piece_of_a_long_timeline_name():
    for spec in ("x" * 4000, "/no/such/" + "y" * 4000 + ".toml", "Bad name " * 400):
        with pytest.raises(LibraryError) as err:
            GAME(1, {"timeline": spec})
        assert err.value.code == "bad-timeline" and len(err.value.reason) < 400, len(err.value.reason)
    with pytest.raises(LibraryError) as err:
        GAME(1).parse_action(typed(1, name=["z" * 5000] * 50))
    assert err.value.code == "bad-card" and len(err.value.reason) < 400
