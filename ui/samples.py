"""Sample tables mid-play, for `companion screenshot`, demos, the UI benchmark and the tests: tools kept out
of the screens. `sample_session(journal, game_id)` is the table a game's screenshot shows; a game without a
sample of its own gets the first moves of a seeded random game."""
from __future__ import annotations

import random
from typing import Callable

from companion import games
from companion.games.chronomage.actions import READY, Book, Choose, Dice, Reveal, Spell
from companion.games.legends.actions import Pick
from companion.games.time_runners.actions import END, ROLL_BARE, Play
from companion.journal import Journal
from companion.session import COMPUTER, Session

TABLE = {"names": ["Red", "Blue", "Green"], "colors": ["red", "blue", "green"]}  # Time Runners' three players


def first_card(session: Session, seat: int | None = None) -> Play | None:
    """The first Time Runners card play the engine lists (for `seat` if given), preferring ones without an argument."""
    plays = [a for a in session.legal_actions() if isinstance(a, Play) and (seat is None or a.seat == seat)]
    plays.sort(key=lambda a: (a.arg is not None, str(a)))
    return plays[0] if plays else None


def play_turn(session: Session) -> None:
    """One ordinary Time Runners turn through the session: roll, one card, end."""
    session.play(ROLL_BARE)
    if session.outcome():
        return
    card = first_card(session, session.view(None)["current"])
    if card:
        session.play(card)
    session.play(END)


def time_runners(journal: Journal | None = None, turns: int = 4, seed: str = "demo", roll: bool = True) -> Session:
    """Three players; the roll-off done, `turns` turns played, then (if `roll`) the next player rolls."""
    session = Session.start(journal or Journal(), "time-runners", 3, seed=seed, table=TABLE)
    while session.view(None)["phase"] == "roll-off":
        session.play(ROLL_BARE)
    for _ in range(turns):
        play_turn(session)
    if roll:
        session.play(ROLL_BARE)
    return session


def block_arena(journal: Journal, seed: str = "demo") -> Session:
    """Red against the companion a few turns in, the companion's turn just played."""
    table = {"names": ["Red", "Companion"], "colors": ["red", "blue"], "computer": {"seat": 2, "level": "greedy"}}
    session = Session.start(journal, "block-arena", 2, seed=seed, table=table)
    script = ["place a1", "place b6", "place c1 d1", "place d6 e6", "place f1", "place a6", "place b1", "place f6",
              "meeple b1", "meeple e6", "go c1", "flip b1 n", "flip a6 s", "end", "slide f1 n", "end",
              "slide b6 s", "go d6"]
    for text in script:
        seat = session.turn().seats[0]
        session.play(text, by=COMPUTER if seat == 2 else "table")
    return session


def legends(journal: Journal, seed: str = "demo") -> Session:
    """A 1v1 with digital cards, Red has picked and Blue is about to."""
    session = Session.start(journal, "legends-of-the-arena", 2, seed=seed,
                            table={"names": ["Red", "Blue"], "colors": ["red", "blue"]})
    session.play(Pick(1, ("step", "punch", "back")), 1)
    return session


#: Chronomage's sample: the worked monster round of the engine's docstring, stopped before the last player rolls
CHRONOMAGE_TABLE = {"names": ["Ada", "Bram", "Cleo"], "colors": ["orange", "blue", "green"]}
CHRONOMAGE_ACTIONS = (Book(1, 2), Book(2, 1), READY, Reveal("rust-hound"), Choose(1), Spell(1, 4, 2, 3),
                      Dice(1, (2, 5), (3,)), Dice(2, (1, 4), (5,)))


def chronomage(journal: Journal, seed: str = "demo") -> Session:
    session = Session.start(journal, "chronomage", 3, seed=seed, table=CHRONOMAGE_TABLE)
    for action in CHRONOMAGE_ACTIONS:
        session.play(action)
    return session


def random_game(journal: Journal, game_id: str, actions: int = 12, seed: str = "demo") -> Session:
    """The first `actions` of a seeded random game of `game_id`, at its smallest table."""
    session = Session.start(journal, game_id, games.REGISTRY[game_id].min_players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        legal = session.legal_actions()
        if not legal or session.outcome() is not None:
            break
        session.play(rng.choice(legal))
    return session


SAMPLES: dict[str, Callable[[Journal], Session]] = {
    "time-runners": lambda journal: time_runners(journal, roll=False), "block-arena": block_arena,
    "legends-of-the-arena": legends, "chronomage": chronomage}


def sample_session(journal: Journal, game_id: str) -> Session:
    """The table `companion screenshot GAME` shows: the game's sample, else a seeded random game."""
    make = SAMPLES.get(game_id)
    return make(journal) if make else random_game(journal, game_id)
