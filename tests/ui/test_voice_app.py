"""The table's voice in the app: off by default, one tap on every table turns it on or off and a second
button steps its volume, both remembered per table; with it on, each change is said (here: written to WAV
files, the app's --voice-out), off the UI thread."""
from __future__ import annotations

import shutil

import pytest

TABLES = [("time-runners", 3, {}), ("block-arena", 2, {}), ("chronomage", 2, {}), ("legends-of-the-arena", 2, {})]


def voice_buttons(table):
    box = next(w for w in table.walk() if type(w).__name__ == "VoiceButtons")
    toggle, volume = reversed(box.children)
    return toggle, volume


@pytest.mark.parametrize("game_id,players,options", TABLES, ids=[g for g, _, _ in TABLES])
def test_every_table_has_the_voice_off_by_default_one_tap_turns_it_on_and_it_is_remembered_per_table(
        ui, journal_path, tmp_path, game_id, players, options):
    app = ui.start(journal_path)
    app.voice.voice.out = tmp_path / "said"  # no speaker here: what would be said is written
    app.voice.voice.out.mkdir()
    table = ui.start_game(players, game_id, **options)
    toggle, volume = voice_buttons(table)
    assert not app.voice.on and toggle.text == "Voice off" and volume.width == 0
    ui.tap(toggle)
    assert app.voice.on and toggle.text == "Voice on" and volume.text == "70%"
    ui.tap(volume)
    assert app.voice.volume == 100 and volume.text == "100%" and app.voice.voice.speaker.volume == 100
    app.go_home()
    ui.frames(2)
    other = next(g for g, _, _ in TABLES if g != game_id)
    ui.start_game(None, other)
    assert not app.voice.on  # another table keeps its own: off
    app.go_home()
    ui.frames(2)
    table = ui.start_game(players, game_id, **options)
    assert app.voice.on and app.voice.volume == 100  # this table's, as it was left
    ui.tap(voice_buttons(table)[0])
    assert not app.voice.on
    assert app.voice.settings.get(game_id) == {"on": False, "volume": 100}


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed (bash .ci/dev test installs it)")
def test_with_the_voice_on_a_roll_is_said_as_the_table_is_told_it(ui, journal_path, tmp_path):
    from companion.voice import wording
    app = ui.start(journal_path)
    out = tmp_path / "said"
    out.mkdir()
    app.voice.voice.out = out
    table = ui.start_game(2, "time-runners")
    ui.tap(voice_buttons(table)[0])
    heard = []
    app.controller.session.subscribe(lambda events: heard.append(wording(events, app.controller.session.names)))
    ui.dice()
    assert ui.until(lambda: heard and app.voice.voice.idle(0), 30)
    said = [p.read_text(encoding="utf-8").strip() for p in sorted(out.glob("*.txt"))]
    assert said[0] == "The voice is on."
    assert len(said) >= 2 and said[1:] == [h for h in heard if h]
    assert all(p.with_suffix(".wav").stat().st_size > 1000 for p in sorted(out.glob("*.txt")))
