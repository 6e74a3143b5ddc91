"""The table's side of the phones: answers a seat from the session and plays its actions through it.

Every method runs on the thread that owns the session (the app's UI thread, or `companion serve`'s
loop): the server thread hands requests over and gets answers back, so the session keeps one writer.
A phone is known by its `SeatKey` alone: nothing a phone sends names a seat or a session.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable

from companion import gamelog
from companion.core import BadRequest, IllegalAction, Refusal
from companion.session import Session, identity

from . import wire
from .tokens import Gone, SeatKey, SeatTokens

#: how many answered action ids each seat remembers (a resend after a drop gets the first answer)
REMEMBERED = 256
#: encoded action lists kept by their offer (an undo brings back a list already encoded)
LISTS = 16

Play = Callable[[str, int], "Refusal | None"]


class Hub:
    def __init__(self, tokens: SeatTokens,
                 push: Callable[[tuple[int, str] | None, dict[int, wire.Picture]], None] | None = None):
        self.tokens = tokens
        #: the server's thread-safe push: ((number, uid) of the session on the table or None, seat -> its new picture)
        self.push = push or (lambda on_table, messages: None)
        #: whether any phone is connected (the server says): with none, a change costs the table nothing
        self.listening: Callable[[], bool] = lambda: True
        self.session: Session | None = None
        self._play: Play | None = None
        #: (session, seat) -> that seat's answered ids, newest last: a seat's own plays only push out its own
        self._answers: dict[tuple[int, int], OrderedDict[str, dict[str, Any]]] = {}
        #: seat -> its picture as last pushed (the next change sends only the seats whose picture moved),
        #: the last change's events (a phone joining now sees them too), and encoded lists by offer
        self._pictures: dict[int, wire.Picture] = {}
        self._events: list[dict[str, Any]] = []
        self._lists: OrderedDict[str, str] = OrderedDict()

    # -- the table ---------------------------------------------------------------------------------
    def attach(self, session: Session | None, play: Play | None = None) -> None:
        """Put `session` on the table (None: no game). `play(text, seat)` plays a phone's action and
        returns None or the Refusal; by default the session's own `play`. Phones of another session
        are told their link opens nothing now. Keys of the games that finished or left the journal are forgotten."""
        before = self.session
        if before is not None:
            before.unsubscribe(self.changed)
        self.session, self._play = session, play
        if session is not None:
            session.subscribe(self.changed)
            self._answers = {k: v for k, v in self._answers.items() if k[0] == session.id}  # only its phones play
        if session is not None or before is not None:
            self.keep((session or before).journal)
        self._pictures = {}
        self.changed([])

    def keep(self, journal) -> None:
        """Forget the keys of every game of `journal` but the unfinished ones and the one on the table
        (after an archive, or when a game leaves the table)."""
        try:
            live = {(r.id, identity(r)) for r in journal.sessions(unfinished_only=True)}
        except Refusal:  # a journal that cannot be read now: the keys wait for the next time
            return
        if self.session is not None:
            live.add((self.session.id, self.session.uid))
        self.tokens.keep(live)

    def changed(self, events: list[dict[str, Any]]) -> None:
        """The table changed (any action, undo, correction, another game): the new picture of each seat
        whose picture moved (with no phone on, nothing is built)."""
        self._events = events
        if not self.listening():
            self._pictures = {}
            return
        new = self.pictures(events)
        moved = {seat: p for seat, p in new.items() if seat not in self._pictures or self._pictures[seat].lean != p.lean}
        self._pictures = new
        self.push(None if self.session is None else (self.session.id, self.session.uid), moved)

    def pictures(self, events: list[dict[str, Any]]) -> dict[int, wire.Picture]:
        """Seat -> its picture now, with `events` as the last change's."""
        session = self.session
        if session is None:
            return {}
        mine = wire.seats_actions(session)
        return {seat: self._picture(session, seat, events, mine.get(seat, [])) for seat in session.game.seats}

    def messages(self, events: list[dict[str, Any]]) -> dict[int, str]:
        """Seat -> the whole message a phone gets now (the bytes the leak test compares)."""
        return {seat: p.full() for seat, p in self.pictures(events).items()}

    def key(self, seat: int) -> SeatKey:
        """The seat's join key for the game on the table (made on first use)."""
        session = self._person_seat(seat)
        return self.tokens.key(session.id, seat, session.uid)

    def renew(self, seat: int) -> SeatKey:
        """A new key for the seat; the old link stops working (the server closes its connections)."""
        session = self._person_seat(seat)
        return self.tokens.renew(session.id, seat, session.uid)

    def phone_seats(self) -> list[int]:
        """The seats a phone may join: a person's, not a computer's (whose hand no phone may see)."""
        session = self._session()
        return [s for s in session.game.seats if s not in session.computer_seats]

    # -- a phone's requests ------------------------------------------------------------------------
    def sync(self, key: SeatKey) -> wire.Picture:
        """The seat's picture now (the same as a phone that was on already was pushed)."""
        session = self._check(key)
        return self._picture(session, key.seat, self._events, wire.own_actions(session, key.seat))

    def log(self, key: SeatKey) -> dict[str, Any]:
        """The seat's log: the game's sentences it may see, built from the journal (as `companion log --seat`)."""
        session = self._check(key)
        game, names, entries = gamelog.journal_entries(session.journal, session.id)
        return wire.log_message(gamelog.told_log(game, names, entries, key.seat))

    def play(self, key: SeatKey, message: dict[str, Any]) -> dict[str, Any]:
        """Play a phone's checked `play` message; the answer for it (the first one again for a resent id)."""
        session = self._check(key)
        answers = self._answers.setdefault((key.session, key.seat), OrderedDict())
        if message["id"] in answers:
            return answers[message["id"]]
        if session.journal.played(session.id, key.seat, message["id"]):  # its answer perhaps lost in a crash
            return {"type": "done", "id": message["id"]}
        try:
            actions = wire.own_actions(session, key.seat)
            if message["offer"] != wire.offer_of(session, key.seat, actions, session.view(key.seat)):
                raise IllegalAction("stale-offer", "The table changed since your screen was drawn; here are your "
                                    "choices now. Nothing was played.", "phones/offer")
            text = message["action"]
            if text not in {str(a) for a in actions}:
                text = _typed(session, key.seat, text, actions)
            session.phone_play = (key.seat, message["id"])
            try:
                refused = (self._play or self._session_play)(text, key.seat)
            finally:
                session.phone_play = None
            if refused is not None:
                raise refused
            answer = {"type": "done", "id": message["id"]}
        except Refusal as refusal:
            answer = {"type": "refused", "id": message["id"], "error": wire.refusal(refusal)}
        answers[message["id"]] = answer
        while len(answers) > REMEMBERED:
            answers.popitem(last=False)
        return answer

    # -- inside ------------------------------------------------------------------------------------
    def _picture(self, session: Session, seat: int, events: list[dict[str, Any]], actions: list) -> wire.Picture:
        view = session.view(seat)
        offer = wire.offer_of(session, seat, actions, view)
        encoded = self._lists.get(offer)
        picture = wire.picture(session, seat, events, actions, offer, view, encoded)
        self._lists[offer] = picture.actions
        self._lists.move_to_end(offer)
        while len(self._lists) > LISTS:
            self._lists.popitem(last=False)
        return picture

    def _session(self) -> Session:
        if self.session is None:
            raise BadRequest("no-session", "No game is on the table.", "protocol/session")
        return self.session

    def _person_seat(self, seat: int) -> Session:
        session = self._session()
        if seat in session.computer_seats:
            raise BadRequest("computer-seat", f"Seat {seat} is played by the companion: no phone joins it.",
                             "phones/seat")
        return session

    def _check(self, key: SeatKey) -> Session:
        if not self.tokens.is_current(key):
            raise Gone("link-replaced", "This seat was given a new link: this one no longer works. Ask the table "
                       "for the new QR code.", "phones/token")
        if self.session is None or (self.session.id, self.session.uid) != (key.session, key.uid):
            raise Gone("not-on-table", "This link belongs to a game that is not on the table now; it opens again "
                       "when the game does.", "phones/token")
        if key.seat in self.session.computer_seats:  # a link given before the seat was the companion's
            raise Gone("computer-seat", "The companion plays this seat: no phone joins it.", "phones/seat")
        return self.session

    def _session_play(self, text: str, seat: int) -> Refusal | None:
        try:
            self._session().play(text, seat)
        except Refusal as refusal:
            return refusal
        return None


def _not_offered() -> IllegalAction:
    return IllegalAction("not-offered", "That is not one of your choices now; what belongs to the whole table is "
                         "done on the touchscreen.", "phones/seat")


def _typed(session: Session, seat: int, text: str, actions: list) -> str:
    """An action the seat typed that its list leaves out (an open-ended one, like a Chronomage constant
    spell's resistances, CM-13): the canonical text to play, or the refusal. It must be of a class listed
    to this seat now, the seat's own (`actor`), and no chance outcome (dice, draws: those the referee draws
    or the list already holds, so a phone can neither pick its luck nor probe a hidden deck). Text that is
    no action at all is not one either. The engine then judges it as it judges any action."""
    kinds = {type(a) for a in actions}
    if not kinds:
        raise _not_offered()
    try:
        action = session.game.parse_action(text)
    except Refusal:  # a notation error, or a typed card that is none (bad-card)
        raise _not_offered() from None
    if type(action) not in kinds or session.state.actor(action) != seat or getattr(action, "chance", False):
        raise _not_offered()
    return str(action)
