"""The table speaks: real espeak-ng writing a WAV per utterance; the stale-drop rule; secrets never spoken;
no espeak-ng or no audio device is one clear sentence."""
from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import wave
from array import array
from pathlib import Path

import pytest

from companion import games
from companion.core import HIDDEN, OVER, Refusal
from companion.events import visible
from companion.journal import Journal
from companion.session import Session
from companion.voice import Speaker, Voice, parts, sentence, wording
from test_phones_leak import secret_choices, swapped_hand

NAMES = ["Ada", "Bram", "Cleo", "Dov", "Eli", "Fay"]
FOUR = [("time-runners", 3, {}), ("block-arena", 2, {}), ("chronomage", 2, {}),
        ("legends-of-the-arena", 2, {"legends": ["lord-grym", "tikkit"]})]
needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed (bash .ci/dev test installs it)")


@pytest.fixture(autouse=True)
def _no_typed_values(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "data"))


def samples(path: Path) -> tuple[array, int]:
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
        return array("h", w.readframes(w.getnframes())), w.getframerate()


def started(game: str, players: int, options: dict, seed: int = 1) -> Session:
    return Session.start(Journal(), game, players, seed=seed, table={"names": NAMES[:players]}, options=options)


@needs_espeak
@pytest.mark.parametrize("game,players,options", FOUR, ids=[g for g, _, _ in FOUR])
def test_a_scripted_game_writes_one_wav_per_utterance_of_the_expected_words_each_of_plausible_length(
        tmp_path, game, players, options):
    session = started(game, players, options)
    voice = Voice(out=tmp_path)
    session.subscribe(voice.listen(session))
    rng, expected = random.Random(2), []
    for n in range(14):
        if session.turn().kind == OVER:
            break
        events = session.undo() if n % 5 == 4 and session.can_undo else session.play(rng.choice(session.legal_actions()))
        text = wording(events, session.names)
        expected += [text] if text else []
        assert voice.idle(60)  # the table hears each change before the next: nothing goes stale
    voice.close()
    wavs = sorted(tmp_path.glob("*.wav"))
    assert [w.with_suffix(".txt").read_text(encoding="utf-8").strip() for w in wavs] == expected
    assert len(expected) >= 8 and any(t.startswith("Taken back:") for t in expected)
    for wav, text in zip(wavs, expected):
        Speaker().speak(text, tmp_path / "expected.wav")  # espeak-ng says a text the same way every time
        assert samples(wav) == samples(tmp_path / "expected.wav"), f"{wav.name} does not say {text!r}"
        pcm, rate = samples(wav)
        words = len(wav.with_suffix(".txt").read_text(encoding="utf-8").split())
        seconds = len(pcm) / rate
        assert 0.15 * words < seconds < 1.0 * words + 1, (wav.name, words, seconds)
        loud = sum(1 for s in pcm if abs(s) > 1000)
        assert loud > len(pcm) // 10, f"{wav.name} is silent"


def test_a_new_turns_announcement_replaces_the_older_unsaid_ones_and_the_same_turns_queue():
    session = started("time-runners", 3, {})
    voice = Voice(start=False)  # nothing said yet: what is queued stays to be seen
    session.subscribe(voice.listen(session))
    for roll in ("roll 1", "roll 3", "roll 2"):  # the roll-off: each roll passes the turn on
        session.play(roll)
    assert len(voice.pending()) == 1 and voice.pending()[0].startswith("Cleo rolls 2 to see who starts.")
    instant = wording(session.play("play 1 +3!"), session.names)  # Ada's Instant on Bram's turn: queued after
    assert len(voice.pending()) == 2 and voice.pending()[1] == instant
    told = wording(session.undo(), session.names)
    assert voice.pending() == [told] and told.startswith("Taken back:")  # an undo makes everything older stale


def test_only_the_newest_reading_of_the_turning_hand_is_left_to_say_and_a_play_is_kept():
    session = started("time-runners", 2, {})
    voice = Voice(start=False)
    session.subscribe(voice.listen(session))
    off = wording(session.play("sensor off"), session.names)
    for hour in (3, 4, 5):
        session.sense({"hand": hour})
    on = wording(session.play("sensor on"), session.names)
    assert voice.pending() == [off, "The hand of time points at 5, not at the hour.", on]


def test_a_long_change_is_summarised_with_each_pieces_moves_joined():
    session = started("legends-of-the-arena", 4, {"mode": "ffa"}, seed=0)
    rng, longest = random.Random(0), []
    for _ in range(300):
        if session.turn().kind == OVER:
            break
        events = session.play(rng.choice(session.legal_actions()))
        if len(" ".join(parts(events, session.names)).split()) > len(" ".join(parts(longest, session.names)).split()):
            longest = events
    full = " ".join(sentence(p) for p in parts(longest, session.names))
    said = wording(longest, session.names, budget=60)
    assert len(full.split()) > 150 and len(said.split()) <= 60 + 12
    public = [told["text"] for told in session.told(visible(longest, None))]
    assert said.startswith(sentence(public[0])) and sentence(public[-1]) in said
    assert wording(longest, session.names, budget=None) == full


def test_a_summary_joins_each_pieces_moves_and_keeps_two_pieces_of_one_seat_apart():
    from companion.games.block_arena.events import MoveBlock
    from companion.games.legends.events import MoveLegend
    from companion.voice import joined
    steps = [MoveLegend(1, 5, 6), MoveLegend(2, 1, 2), MoveLegend(1, 6, 0), MoveLegend(2, 2, 1), MoveLegend(1, 0, 3)]
    assert [s.to_dict() for s in joined(steps)] == [MoveLegend(1, 5, 3).to_dict()]  # Bram's Legend is back: no step
    blocks = [MoveBlock(1, "slide", ["a1"], ["a2"]), MoveBlock(1, "slide", ["c1"], ["c2"]),
              MoveBlock(1, "slide", ["a2"], ["a3"])]
    assert [s.to_dict() for s in joined(blocks)] == [MoveBlock(1, "slide", ["a1"], ["a3"]).to_dict(),
                                                     MoveBlock(1, "slide", ["c1"], ["c2"]).to_dict()]


ALL_GAMES = [pytest.param(g, n, id=f"{g}-{n}") for g, cls in games.REGISTRY.items()
             for n in sorted({cls.min_players, cls.max_players})]


@pytest.mark.parametrize("game_id,players", ALL_GAMES)
def test_secrets_are_never_spoken_the_voice_says_exactly_the_public_log_and_no_seats_secret_changes_it(game_id, players):
    compared = 0
    for seed in range(3):
        rng = random.Random(f"{game_id}:{seed}")
        session = Session.start(Journal(), game_id, players, seed=seed, table={"names": NAMES[:players]})
        voice = Voice(start=False)
        spoken: list[str] = []
        voice.say = lambda text, *_, **__: spoken.append(text)  # what reaches the queue
        session.subscribe(voice.listen(session, budget=None))
        for _ in range(60):
            if session.turn().kind == OVER:
                break
            for actor, actions in list(secret_choices(session).items())[:2]:
                heard = []
                for action in rng.sample(actions, min(3, len(actions))):
                    events = session.play(action, actor)
                    if any(e.get("reveals") for e in events):
                        heard = []
                    else:
                        heard.append(spoken[-1])
                    try:
                        session.undo()
                    except Refusal:
                        break
                assert all(h == heard[0] for h in heard), f"seat {actor}'s secret changes what is spoken"
                compared += len(heard) > 1
            events = session.play(rng.choice(session.legal_actions()))
            public = [told for told in session.told(visible(events, None))]
            expected = " ".join(sentence(p) for t in public for p in [t["text"]] + [s["text"] for s in t["board"]])
            assert (spoken[-1] if expected else "") == expected
        compared += hand_unheard(session, rng)
    if games.REGISTRY[game_id].type.information == HIDDEN:
        assert compared > 0, "no secret was ever compared"


def hand_unheard(first: Session, rng: random.Random) -> int:
    """A seat's hand with one card swapped for one of the draw pile: the same plays from there are spoken the
    same (as the game log's test: the two sessions differ in that secret only). 1 if compared, else 0."""
    swap = swapped_hand(first, rng) if first.turn().kind != OVER else None
    if swap is None:
        return 0
    second = Session.import_lines(Journal(), first.export_lines())
    second.load(swap[1])
    first.load(first.full_state())  # the same entry on both sides
    heard: tuple[list, list] = ([], [])
    for session, into in zip((first, second), heard):
        voice = Voice(start=False)
        voice.say = lambda text, *_, into=into, **__: into.append(text)
        session.subscribe(voice.listen(session, budget=None))
    for _ in range(40):
        common = sorted(set(first.legal()) & set(second.legal()))
        if first.turn().kind == OVER or not common:
            break
        text = rng.choice(common)
        first.play(text), second.play(text)
    assert heard[0] == heard[1], "a seat's hand changes what is spoken"
    return 1


@needs_espeak
def test_no_audio_device_is_one_clear_sentence_and_exit_2(tmp_path):
    env = {**os.environ, "ALSA_CONFIG_PATH": os.devnull, "PULSE_SERVER": str(tmp_path / "none")}
    run = subprocess.run([sys.executable, "-m", "companion", "voice", "test"], env=env, capture_output=True, text=True)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("companion: No audio device:") and run.stderr.count("\n") == 1


def test_no_espeak_ng_is_one_clear_sentence_and_exit_2(tmp_path):
    env = {**os.environ, "PATH": str(tmp_path)}
    run = subprocess.run([sys.executable, "-m", "companion", "voice", "test"], env=env, capture_output=True, text=True)
    assert run.returncode == 2
    assert run.stderr == "companion: The voice needs espeak-ng, which is not installed: sudo apt install espeak-ng.\n"


@needs_espeak
def test_voice_test_writes_the_sample_to_a_wav_file(tmp_path):
    out = tmp_path / "sample.wav"
    run = subprocess.run([sys.executable, "-m", "companion", "voice", "test", "--out", str(out)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    pcm, rate = samples(out)
    assert len(pcm) / rate > 2 and max(pcm) > 1000


def test_the_voice_runs_on_silently_when_it_cannot_speak(tmp_path):
    voice = Voice(Speaker(program=str(tmp_path / "no-espeak")))
    voice.say("Ada rolls 3.")
    assert voice.idle(60)
    assert voice.problem == f"The voice needs {tmp_path / 'no-espeak'}, which is not installed: sudo apt install espeak-ng."
    voice.close()
