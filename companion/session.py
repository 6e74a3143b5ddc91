"""A table in play: a game state bound to its journal. It knows no game: it reads the game's shape.

Every accepted action, with any chance it set off (a reshuffle), is one journal transaction that
commits before `play` returns. Chance the session draws comes from the seed: the k-th chance outcome
of the session (drawn by the session or entered by hand) uses `Random(f"{seed}:{k}")`, so the RNG
position is just a count, a resumed session draws exactly what the uninterrupted one would have, and
replaying a game's actions with dice entered by hand reproduces its automatic shuffles.

Undo walks back over ordinary actions only: it stops where the game says (a die, a shuffle, a
reveal: `State.undo_stop`), so nobody can undo a roll to roll again or un-see a card. A computer
player's reply is undone together with the move before it.

Secrecy: `legal`, `play` and `events_for` take a `player` and answer only what that seat may know;
an export keeps a salted commitment of each secret action and opens it once a reveal followed it.
"""
from __future__ import annotations

import json
import logging
import random
import secrets
import sqlite3
from typing import IO, Any, Callable, Iterable

from companion import games
from companion.events import Corrected, Event, Names, told, undone, visible
from companion.core import (
    CHANCE, Action, BadRequest, ComputerPlayer, Game, IllegalAction, InternalError, Outcome, Refusal, State, Turn,
)
from companion.exports import EXPORT_FORMAT, EXPORT_VERSION, MAX_SEED  # noqa: F401 (the export's names, here as before)
from companion.journal import SNAPSHOT_EVERY, Entry, Journal, JournalError
from companion.quoting import quoted
from companion.table_data import check_table, computer_seats

COMPUTER = "computer"

log = logging.getLogger("companion.session")


class Session:
    """One game on one journal. Construct with `start`, `resume` or `import_lines`."""

    def __init__(self, journal: Journal, session_id: int):
        record = journal.session(session_id)
        self.journal = journal
        self.id = session_id
        #: who this session is, for good: the journal gives a removed session's number to a later one
        self.uid = identity(record)
        try:
            self.game: Game = games.make_game(record.game, record.players, record.options)
        except Refusal as refusal:  # e.g. a file its options name is gone: kept in the journal, not opened
            raise BadRequest("cannot-open", f"Session {session_id} cannot be opened: {refusal.reason} It stays "
                             "in the journal and opens again once that is put right.", refusal.rule) from None
        self.seed = record.seed
        table = record.summary.get("table") if isinstance(record.summary, dict) else None
        self.table = table if isinstance(table, dict) else {}
        #: the seats a computer player plays, and its level (the table data's `computer`)
        self.computer_seats: dict[int, str] = computer_seats(self.table, self.game)
        self.head = record.head
        self.draws = record.draws
        self.tick = record.tick  # the journal's write count when this table last saw its copy (see _claim)
        self._observations: dict[str, Any] = {}
        self.last_action: str | None = None  # the notation `play` journaled, chance filled in
        self.last_actions: list[str] = []  # it and the automatic chance it set off, in journal order
        #: each is called with the events (unfiltered) after every change this table makes or is shown:
        #: play, undo, redo, sense, load, and the journal's position shown after another program moved it
        self.listeners: list[Callable[[list[Event]], None]] = []
        #: the table's names for its seats, which the events' sentences use
        self.names = Names.of_table(self.table, self.game)
        #: (seat, id) of the phone's play being played (the phones' hub sets it): kept in the journal in the same
        #: transaction as the entries it plays, so a resend after a crash is known as played (Journal.played)
        self.phone_play: tuple[int, str] | None = None
        self.state: State = self._rebuild(self.head)

    # -- opening -----------------------------------------------------------------------------------

    @classmethod
    def start(cls, journal: Journal, game_id: str, players: int, *, seed: Any = None,
              options: dict[str, Any] | None = None, table: dict[str, Any] | None = None) -> "Session":
        """A new session; `table` is what a resume list shows (e.g. {"names": [...], "colors": [...]})."""
        game = games.make_game(game_id, players, options)  # refuses a bad game, count or option first
        table = check_table(table, game)
        if table.get("computer"):
            game.check_computers(sorted(computer_seats(table, game)))
        if seed is not None and (not isinstance(seed, (str, int, float)) or len(str(seed)) > MAX_SEED):
            raise BadRequest("bad-seed", f"A seed is a number or a text of at most {MAX_SEED} characters, not "
                             f"{quoted(seed)}.", "protocol/new")
        seed = secrets.token_hex(8) if seed is None else str(seed)
        with journal.transaction():
            session_id = journal.create_session(game.id, game.players, seed, game.options)
            journal.set_position(session_id, head=0, draws=0, finished=False, summary={"table": table})
        session = cls(journal, session_id)
        session._commit([], session.state)  # the opening shuffle and deal, if the game has one
        return session

    @classmethod
    def resume(cls, journal: Journal, session_id: int) -> "Session":
        session = cls(journal, session_id)
        session._commit([], session.state)  # chance still owed by a session that stopped mid-way
        return session

    @classmethod
    def latest_unfinished(cls, journal: Journal) -> "Session | None":
        """The most recent unfinished session that opens; one that cannot (damaged, or a file its game
        needs is gone) is logged and passed over."""
        for record in journal.sessions(unfinished_only=True):
            if record.game in games.REGISTRY and "damaged" not in record.summary:
                try:
                    return cls.resume(journal, record.id)
                except Refusal as exc:
                    log.error("%s", exc.reason)
        return None

    # -- reading -----------------------------------------------------------------------------------

    def turn(self) -> Turn:
        return self.state.turn()

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every action `play` accepts now, as the game's values; with `player`, only those that seat may play."""
        state = self.state
        if player is None:
            return state.legal_actions()
        self._check_seat(player)
        return [a for a in state.legal_actions() if state.actor(a) in (player, None)]

    def legal(self, player: int | None = None) -> list[str]:
        """`legal_actions` in the game's notation (for the journal's edges: the referee protocol, exports)."""
        return [str(a) for a in self.legal_actions(player)]

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            self._check_seat(seat)
        return self.state.view(seat)

    def events_for(self, events: list[dict[str, Any]], player: int | None) -> list[dict[str, Any]]:
        """The events `player` may see (None: what the whole table sees): those without a
        `visible_to` list of seats, or with `player` in it."""
        return visible(events, player)

    def told(self, events: list[Event]) -> list[dict[str, Any]]:
        """`events` in their JSON form with their words in the table's names: `text`, and `board` (each step
        with its `text`). Filter them first (`events_for`): this tells whatever it is given."""
        return [told(e, self.names) for e in events]

    def subscribe(self, listener: Callable[[list[Event]], None]) -> None:
        """Tell `listener` the events of every change from now on (see `listeners`)."""
        self.listeners.append(listener)

    def unsubscribe(self, listener: Callable[[list[Event]], None]) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)

    def full_state(self) -> dict[str, Any]:
        return self.state.to_dict()

    def outcome(self) -> Outcome | None:
        return self.state.outcome()

    @property
    def can_undo(self) -> bool:
        return self._undo_span() is not None

    @property
    def can_redo(self) -> bool:
        return self.journal.last_seq(self.id) > self.head

    # -- acting ------------------------------------------------------------------------------------

    def play(self, action: Action | str, player: int | None = None, by: str = "table") -> list[dict[str, Any]]:
        """Apply `action`, a value of this game or its text (by `player` if given); its events once it is
        safely in the journal. Checks in order: request, notation, whose action, the rules.

        A value goes through its notation too (`str`, then the game's parser), so the journal holds exactly
        what was played and an action of another game is refused as notation."""
        text = str(action) if isinstance(action, Action) else action
        if not isinstance(text, str):
            raise BadRequest("bad-request", "An action is a text in the game's notation.", "protocol/notation")
        if player is not None:
            self._check_seat(player)
        action = self.game.parse_action(text)
        if player is not None:
            actor = self.state.actor(action)
            if actor is not None and actor != player:
                shown = text if len(text) <= 60 else text[:57] + "..."
                raise IllegalAction("not-your-action", f"Seat {player} cannot play {shown!r}: it is not theirs to play.",
                                    "protocol/player")
        drawn = bool(action.incomplete)
        completed = self.state.complete(action, self._rng()) if drawn else action
        events = self._guarded(lambda: self.state.apply(completed))
        entry = self._entry(self.state, completed, events, drawn, by)
        events = events + self._commit([entry], self.state, chance=int(completed.chance))
        self.last_action = str(completed)
        self._changed(events)
        return events

    def hint(self, level: str | None = None, seconds: float = 1.0, seat: int | None = None) -> str:
        """The action a computer player of `level` chooses for `seat` (default: the seat to move)."""
        return self.hint_job(level, seconds, seat)()

    def hint_job(self, level: str | None = None, seconds: float = 1.0, seat: int | None = None) -> Callable[[], str]:
        """`hint`, checked now and run later: it thinks on a copy of the state, so another thread may
        run it while the table goes on (the app's worker thread does)."""
        player = self.computer(level)
        if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not 0 < seconds <= 60:
            raise BadRequest("bad-request", "'seconds' is a thinking time between 0 and 60.", "protocol/hint")
        if seat is None:
            turn = self.state.turn()
            if not turn.seats or turn.kind == CHANCE:
                raise IllegalAction("no-move", "Nobody is to move now.", "protocol/hint")
            seat = turn.seats[0]
        else:
            self._check_seat(seat)
        state, rng = self.state.clone(), random.Random(f"{self.seed}:hint:{self.head}")
        return lambda: str(player.choose(state, seat, rng, float(seconds)))

    def computer_move(self, level: str | None = None, seconds: float = 1.0, seat: int | None = None) -> list[dict[str, Any]]:
        """Choose with `hint` and play it as the computer's move (undone with the move before it)."""
        return self.play(self.hint(level, seconds, seat), by=COMPUTER)

    def load(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """A table's correction: replace the state with `data`, checked against the invariants (ALL-3)."""
        if not isinstance(data, dict):
            raise BadRequest("bad-request", "A correction is a whole state, as the 'state' request returns it.", "ALL-3")
        if "game" in data and data["game"] != self.game.id:  # before the engine, which may echo it whole
            raise IllegalAction("invalid-state", f"This is not a state of {self.game.title}: it is one of "
                                f"{quoted(data['game'])}.", "ALL-3")
        state = self.game.state_from_dict(data)
        self._resense(state)
        text = json.dumps(state.to_dict(), sort_keys=True, separators=(",", ":"))
        events: list[Event] = [Corrected()]
        events += self._commit([Entry(0, "load", text, False)], state)
        self._changed(events)
        return events

    def sense(self, observation: dict[str, Any]) -> list[dict[str, Any]]:
        """A hardware observation; kept in memory only (never write per sensor sample). It is an object of
        plain values (numbers, short texts, true/false, null), checked here before the game reads it."""
        if not isinstance(observation, dict) or any(
                not isinstance(k, str) or len(k) > 60 or not _plain(v) for k, v in observation.items()):
            raise BadRequest("bad-observation", "An observation is an object of plain values (a number, a text of at "
                             f"most 60 characters, true, false or null), not {quoted(observation)}.", "protocol/sense")
        events = self.state.sense(observation)
        self._observations = dict(self.state.observations)
        self._changed(events)  # not journaled, but seen: a phone shows where the hand points too
        return events

    def undo(self) -> list[Event]:
        """Take back the last entry (with the computer's replies after it); its events, each `Undone`, last
        first: their board steps put the cardboard back."""
        self._claim()  # before reading the entries: another program may have moved them on
        if self.head == 0:
            raise IllegalAction("nothing-to-undo", "There is nothing to undo.", "protocol/undo")
        span = self._undo_span()
        if span is None:
            entry = next(e for e in self._span_entries() if e.stop is not None)
            raise entry.stop.refusal()
        target = self.head - span
        state = self._rebuild(target)
        taken, replayed = [], state.clone()
        for entry in reversed(self._span_entries()):  # played again on a copy, for what they did
            replayed, more = self._replay(replayed, entry)
            taken += more
        draws = self.draws - self._chances(self._span_entries())
        self._write(lambda: self._save_position(target, draws, state))
        self.state, self.head, self.draws = state, target, draws
        events = undone(taken)
        self._changed(events)
        return events

    def redo(self) -> list[dict[str, Any]]:
        """Play the next undone entry again, with any computer replies that followed it."""
        self._claim()
        entry = self.journal.entry(self.id, self.head + 1)
        if entry is None:
            raise IllegalAction("nothing-to-redo", "There is nothing to redo.", "protocol/redo")
        state, events, redone = self.state.clone(), [], []
        while entry is not None and (not redone or entry.by == COMPUTER):
            state, more = self._replay(state, entry)
            events += more
            redone.append(entry)
            entry = self.journal.entry(self.id, self.head + len(redone) + 1)
        self._resense(state)
        head, draws = self.head + len(redone), self.draws + self._chances(redone)  # their places in the sequence again
        self._write(lambda: self._save_position(head, draws, state))
        self.state, self.head, self.draws = state, head, draws
        self._changed(events)
        return events

    # -- export / import (companion/exports.py) ---------------------------------------------------

    def export_lines(self) -> Iterable[str]:
        """The session as JSON lines, its chain checked and carried (see companion/exports.py)."""
        from companion.exports import export_lines
        return export_lines(self)

    @classmethod
    def import_lines(cls, journal: Journal, lines: IO[str] | Iterable[str]) -> "Session":
        """A new session from `export_lines`, every entry checked by the chain and the rules; all or nothing."""
        from companion.exports import import_lines
        return import_lines(cls, journal, lines, SNAPSHOT_EVERY)  # as play snapshots (tests shorten it here)

    # -- inside ------------------------------------------------------------------------------------

    def _changed(self, events: list[Event]) -> None:
        """Tell the listeners; the change is already in the journal, so a failure is logged, never raised."""
        for listener in list(self.listeners):
            try:
                listener(events)
            except Exception:
                log.exception("a listener of session %s failed", self.id)

    def _check_seat(self, seat: Any) -> None:
        if type(seat) is not int or seat not in self.game.seats:
            raise BadRequest("bad-seat", f"There is no seat {str(seat)[:20]!r} at this table of {self.game.players}.",
                             "protocol/player")

    def computer(self, level: str | None) -> ComputerPlayer:
        """The game's computer player of `level` (None: its strongest)."""
        players: dict[str, Callable[[], ComputerPlayer]] = self.game.computer_players
        if not players:
            raise BadRequest("no-computer-player", f"{self.game.title} has no computer player.", "protocol/hint")
        if level is None:
            level = list(players)[-1]  # the strongest is listed last
        if not isinstance(level, str) or level not in players:
            raise BadRequest("bad-level", f"The computer levels are {', '.join(players)}, not {str(level)[:20]!r}.",
                             "protocol/hint")
        return players[level]()

    def _span_entries(self) -> list[Entry]:
        """The entries one undo takes back: trailing computer moves with the move before them."""
        entries, seq = [], self.head
        while seq > 0:
            entry = self.journal.entry(self.id, seq)
            if entry is None:  # an entry in effect that is gone: damage, unless the whole session is (archived)
                self.journal.session(self.id)  # unknown-session then
                raise self.journal.damaged(self.id, seq, "it is missing")
            entries.append(entry)
            seq -= 1
            if entry.by != COMPUTER:
                break
        return entries

    def _undo_span(self) -> int | None:
        """How many entries one undo takes back, or None if an undo stop is among them."""
        if self.head == 0:
            return None
        entries = self._span_entries()
        return None if any(e.stop is not None for e in entries) else len(entries)

    def _chances(self, entries: list[Entry]) -> int:
        """How many places in the seed's chance sequence `entries` hold. An undoable chance outcome (one the table
        typed or picked; a drawn one stops undo) gives its place back at undo and takes it again at redo, so the
        count stays that of the entries in effect, which is what an export's import counts."""
        return sum(1 for e in entries if e.kind == "action" and self.game.parse_action(e.text).chance)

    def _rng(self, offset: int = 0) -> random.Random:
        return random.Random(f"{self.seed}:{self.draws + offset}")

    @staticmethod
    def _entry(state: State, action: Action, events: list[dict[str, Any]], drawn: bool, by: str = "table") -> Entry:
        redacted = action.redacted()
        secret = None if redacted is None else {"redacted": redacted, "salt": secrets.token_hex(16)}
        return Entry(0, "action", str(action), drawn, state.undo_stop(action, events), by,
                     any(e.get("reveals") for e in events), secret)

    def _commit(self, entries: list[Entry], state: State, chance: int = 0) -> list[dict[str, Any]]:
        """Add the automatic chance `state` now owes, then write `entries` and it in one transaction.

        `chance` is how many of `entries` are chance outcomes (each moves the RNG position on)."""
        events: list[dict[str, Any]] = []
        drawn = chance
        while state.turn().kind == CHANCE:
            auto = state.automatic(self._rng(drawn))
            if auto is None:
                self.state = self._rebuild(self.head)
                log.error("%s owes a chance draw but offers none", self.game.id)
                raise InternalError("the game owes a chance draw but offers none")
            auto_events = self._guarded(lambda: state.apply(auto))
            events += auto_events
            entries.append(self._entry(state, auto, auto_events, True))
            drawn += 1
        self.last_actions = [e.text for e in entries if e.kind == "action"]
        if not entries:
            self.state = state
            return events
        head, draws = self.head + len(entries), self.draws + drawn

        def write() -> int:
            for seq, entry in enumerate(entries, self.head + 1):
                self.journal.append(self.id, entry.at(seq))
            if head // SNAPSHOT_EVERY > self.head // SNAPSHOT_EVERY:
                self.journal.save_snapshot(self.id, head, state.to_dict())
            if self.phone_play is not None:
                self.journal.keep_play(self.id, *self.phone_play, head)
            return self._save_position(head, draws, state)
        try:
            self._write(write)
        except JournalError as exc:
            if exc.code != "session-moved":  # _claim already showed the journal's position
                self.state = self._rebuild(self.head)
            raise
        except Exception as exc:
            self.state = self._rebuild(self.head)
            raise JournalError("journal-write-failed", f"The action could not be saved ({exc}); nothing changed.", "journal") from None
        self.state, self.head, self.draws = state, head, draws
        return events

    def _write(self, write: Callable[[], int]) -> None:
        """Run `write` (it returns the journal's write count for the new position) as one journal
        transaction, once `_claim` holds inside it; the count is kept only once the transaction is committed."""
        with self.journal.transaction():
            self._claim()
            tick = write()
        self.tick = tick

    def _claim(self) -> None:
        """Refuse to go on from a position the journal no longer holds: another program on the same journal (a
        second referee or app, the command line) played, undid or archived this session since this table last
        wrote or read it. The table is then shown where the journal is, so it can go on from there."""
        record = self.journal.session(self.id)  # unknown-session once archived
        if (record.head, record.draws, record.tick) == (self.head, self.draws, self.tick):
            return
        self.state = self._rebuild(record.head)
        self.head, self.draws, self.tick = record.head, record.draws, record.tick
        self._changed([])
        raise JournalError("session-moved", f"Session {self.id} was changed in the journal {self.journal.path} by "
                           "another program; nothing was done here, and this table now shows the journal's position.",
                           "journal/one-place")

    def _save_position(self, head: int, draws: int, state: State) -> int:
        turn, outcome = state.turn(), state.outcome()
        summary = {"table": self.table, "actions": head, "turn": turn.to_dict(),
                   "outcome": None if outcome is None else outcome.to_dict()}
        return self.journal.set_position(self.id, head=head, draws=draws, finished=outcome is not None, summary=summary)

    def _guarded(self, apply):
        """Run an engine call; a crash inside the engine must not leave a half-changed state behind."""
        try:
            return apply()
        except Refusal:
            raise
        except Exception as exc:
            log.exception("%s engine failed", self.game.id)
            self.state = self._rebuild(self.head)
            raise InternalError(f"{type(exc).__name__} in the {self.game.title} engine") from None

    def _rebuild(self, head: int) -> State:
        """The state after entries 1..head: from the newest snapshot, replaying the rest.

        Every entry from that snapshot to the session's last is checked against the journal's chain
        first (and the snapshot against its hash), so a changed, missing or reordered entry is refused
        before it can make a different game; an entry the rules no longer accept means the file was damaged
        or edited. The error names the file, the session and the entry, and nothing is written."""
        where = "its newest snapshot"
        try:
            record = self.journal.session(self.id)
            if head > record.last:
                raise self.journal.damaged(self.id, head, "it is missing")
            snapshot = self.journal.snapshot(self.id, head)
            if snapshot is None:
                first, state = 1, self.game.new_state()
            else:
                first, state = snapshot.seq, self.game.state_from_dict(snapshot.state)
            where = f"entry {first}"
            for entry in self.journal.verified(record, first):
                if snapshot is not None and entry.seq == snapshot.seq:
                    if entry.hash != snapshot.chain:
                        raise self.journal.damaged(self.id, entry.seq, "its snapshot is of another history")
                elif entry.seq <= head:
                    where = f"entry {entry.seq} ({entry.text[:40]!r})"
                    state, _ = self._replay(state, entry)
        except JournalError:
            raise
        except (Refusal, ValueError, TypeError, KeyError, sqlite3.DatabaseError) as exc:
            reason = exc.reason if isinstance(exc, Refusal) else f"{exc}."
            raise JournalError("journal-damaged", f"Session {self.id} of the journal {self.journal.path} is damaged at "
                               f"{where}: {reason} The other sessions can still be opened.", "journal") from None
        self._resense(state)
        return state

    def _replay(self, state: State, entry: Entry) -> tuple[State, list[dict[str, Any]]]:
        if entry.kind == "load":
            return self.game.state_from_dict(json.loads(entry.text)), [Corrected()]
        return state, state.apply(self.game.parse_action(entry.text))

    def _resense(self, state: State) -> None:
        if self._observations:
            state.sense(self._observations)


def identity(record) -> str:
    """A session's identity for good (`Session.uid`): its uid, or for a journal older than uids its number and birth."""
    return record.uid or f"{record.id}@{record.created!r}"


def _plain(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float)) or isinstance(value, str) and len(value) <= 60
