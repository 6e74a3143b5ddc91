"""A sample Time Runners table mid-play, for screenshots, the benchmark and demos."""
from __future__ import annotations

from companion.journal import Journal
from companion.session import Session

TABLE = {"names": ["Red", "Blue", "Green"], "colors": ["red", "blue", "green"]}


def first_card(session: Session, seat: int | None = None) -> str | None:
    """The first card play the engine lists (for `seat` if given), preferring ones without an argument."""
    plays = [t for t in session.legal() if t.startswith("play ") and (seat is None or t.split()[1] == str(seat))]
    plays.sort(key=lambda t: (len(t.split()) == 4, t))
    return plays[0] if plays else None


def play_turn(session: Session) -> None:
    """One ordinary turn through the session: roll, one card, end."""
    session.play("roll")
    if session.outcome():
        return
    card = first_card(session, session.view(None)["current"])
    if card:
        session.play(card)
    session.play("end")


def sample_session(journal: Journal | None = None, turns: int = 4, seed: str = "demo", roll: bool = True) -> Session:
    """Three players; the roll-off done, `turns` turns played, then (if `roll`) the next player rolls."""
    session = Session.start(journal or Journal(), "time-runners", 3, seed=seed, table=TABLE)
    while session.view(None)["phase"] == "roll-off":
        session.play("roll")
    for _ in range(turns):
        play_turn(session)
    if roll:
        session.play("roll")
    return session
