"""A sample Time Runners table mid-play, for screenshots, the benchmark and demos."""
from __future__ import annotations

from companion.games.time_runners.actions import END, ROLL_BARE, Play
from companion.journal import Journal
from companion.session import Session

TABLE = {"names": ["Red", "Blue", "Green"], "colors": ["red", "blue", "green"]}


def first_card(session: Session, seat: int | None = None) -> Play | None:
    """The first card play the engine lists (for `seat` if given), preferring ones without an argument."""
    plays = [a for a in session.legal_actions() if isinstance(a, Play) and (seat is None or a.seat == seat)]
    plays.sort(key=lambda a: (a.arg is not None, str(a)))
    return plays[0] if plays else None


def play_turn(session: Session) -> None:
    """One ordinary turn through the session: roll, one card, end."""
    session.play(ROLL_BARE)
    if session.outcome():
        return
    card = first_card(session, session.view(None)["current"])
    if card:
        session.play(card)
    session.play(END)


def sample_session(journal: Journal | None = None, turns: int = 4, seed: str = "demo", roll: bool = True) -> Session:
    """Three players; the roll-off done, `turns` turns played, then (if `roll`) the next player rolls."""
    session = Session.start(journal or Journal(), "time-runners", 3, seed=seed, table=TABLE)
    while session.view(None)["phase"] == "roll-off":
        session.play(ROLL_BARE)
    for _ in range(turns):
        play_turn(session)
    if roll:
        session.play(ROLL_BARE)
    return session
