"""What the people read after a change, as they read it: a Legend by its name and its player's ("Fitz
(Ben)"), a Block Arena flip said the way the rules say it (BA-4), a draw's board step saying what to do
and not its sentence again, and one player's sentence in the singular."""
from __future__ import annotations

import random
import re

import pytest

from companion.events import Names
from companion.games.chronomage import events as cm
from companion.journal import Journal
from companion.session import Session

LEGENDS = "legends-of-the-arena"


@pytest.fixture(autouse=True)
def _no_typed_values(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "data"))  # the package's Legend values (LA-3)


def told_game(game_id: str, players: int, names: list[str], seed: int, options=None, moves: int = 300,
              undo_every: int = 0):
    """Every change of a random game as the table is told it: (sentences, board steps) per change."""
    session = Session.start(Journal(), game_id, players, seed=seed, options=options, table={"names": names})
    rng, out = random.Random(seed), []
    for i in range(moves):
        legal = session.legal_actions()
        if not legal or session.outcome() is not None:
            break
        if undo_every and i % undo_every == undo_every - 1 and session.can_undo:
            events = session.undo()
        else:
            events = session.play(rng.choice(legal))
        for e in session.told(session.events_for(events, None)):
            out.append((e["text"], [s["text"] for s in e.get("board") or []]))
    return out


def test_legends_sentences_and_steps_name_the_legend_with_its_player():
    told = told_game(LEGENDS, 2, ["Ann", "Ben"], 7, {"legends": ["fitz", "alysia"]}, undo_every=7)
    words = [t for sentence, steps in told for t in [sentence, *steps]]
    assert not [w for w in words if "'s Legend" in w], "a Legend is named by its player only"
    assert any(re.match(r"(Fitz \(Ann\)|Alysia \(Ben\)) moves from ", w) for w in words), words[:40]
    assert any(re.match(r"Move (Fitz \(Ann\)|Alysia \(Ben\)) (back )?from ", w) for w in words)


def test_a_legend_whose_player_has_its_name_is_named_once():
    told = told_game(LEGENDS, 2, ["Fitz", "Ben"], 7, {"legends": ["fitz", "alysia"]})
    words = [t for sentence, steps in told for t in [sentence, *steps]]
    assert not [w for w in words if "Fitz (Fitz)" in w]
    assert any(w.startswith("Fitz moves from ") for w in words)


def test_BA_4_a_flip_reads_as_the_block_flipped_down_onto_two_squares_or_up_to_stand_on_one():
    flips = []
    for seed in range(8):
        flips += [(s, steps) for s, steps in told_game("block-arena", 2, ["Ann", "Ben"], seed, undo_every=9)
                  if " flips " in s or any(t.startswith("Flip ") for t in steps)]
    down = re.compile(r"(Ann|Ben) flips their block on ([a-f][1-6]) down onto ([a-f][1-6]) and ([a-f][1-6])\.$")
    up = re.compile(r"(Ann|Ben) flips their block on ([a-f][1-6]) and ([a-f][1-6]) up to stand on ([a-f][1-6])\.$")
    assert flips and any(down.match(s) for s, _ in flips) and any(up.match(s) for s, _ in flips)
    for sentence, steps in flips:
        assert "lays down" not in sentence and "stands up" not in sentence and " from " not in sentence
        match = down.match(sentence) or up.match(sentence)
        if match:  # the block's own square is one of those it lands on
            assert match.group(4) in match.group(2, 3) if match.re is up else match.group(2) in match.group(3, 4)
            assert steps == [f"Flip {match.group(1)}'s block {sentence.split(' block ', 1)[1][:-1]}"]
    undone = [t for _, steps in flips for t in steps if " back " in t]
    assert undone and all(re.match(r"Flip (Ann|Ben)'s block on .+ back (down onto|up to stand on) ", t) for t in undone)


@pytest.mark.parametrize("game_id, players, options", [("time-runners", 3, None), ("chronomage", 2, None),
                                                      (LEGENDS, 2, {"legends": ["fitz", "alysia"]})])
def test_a_draw_step_says_what_to_do_not_its_sentence_again(game_id, players, options):
    def bare(text: str) -> str:
        return re.sub(r"[^a-z0-9 ]", "", text.lower())
    told = [x for seed in range(3) for x in told_game(game_id, players, ["Ann", "Ben", "Cy"][:players], seed, options)]
    draws = [(s, steps) for s, steps in told if " draws " in s and steps]
    assert draws
    for sentence, steps in draws:
        for step in steps:
            assert bare(step) not in bare(sentence) and not bare(sentence).startswith(bare(step)), (sentence, step)
    if game_id == "time-runners":
        assert ("Ann draws 6 cards.", ["Deal 6 cards from the draw pile to Ann"]) in draws
    if game_id == LEGENDS:
        assert ("Ann draws a card from their Meter.", ["Move the top card of Ann's Meter to their hand"]) in draws


def test_chronomage_one_player_draws_and_discards_in_the_singular():
    names = Names(["Tom", "Mia"])
    assert cm.TimeCards([1], 2, 8).sentence(names) == "Tom draws 2 time cards; 8 left in the time deck."
    assert cm.TimeCards([1, 2], 2, 6).sentence(names) == "Tom and Mia each draw 2 time cards; 6 left in the time deck."
    assert cm.TemporaryLootDiscarded([1], 3).sentence(names) == "The challenge is over: Tom discards their temporary loot."
    assert cm.TemporaryLootDiscarded([1, 2], 3).sentence(names) == \
        "The challenge is over: Tom and Mia discard their temporary loot."
    restored = cm.SpellsRestored()
    assert restored.sentence(names).rstrip(".") not in [s.sentence(names) for s in restored.steps(names)]
