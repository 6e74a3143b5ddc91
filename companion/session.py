"""A table in play: a game state bound to its journal.

Every accepted action, with any chance it set off (a reshuffle), is one journal transaction that
commits before `play` returns. Chance the session draws comes from the seed: the k-th draw uses
`Random(f"{seed}:{k}")`, so the RNG position is just a count and a resumed session draws exactly what
the uninterrupted one would have.

Undo walks back over ordinary actions only: it stops at a die, a shuffle, a draw or any other reveal
(ALL-2, LA-7), so nobody can undo a roll to roll again or un-see a card.
"""
from __future__ import annotations

import json
import random
import secrets
from typing import IO, Any, Iterable

from companion import games
from companion.core import Action, Game, Refusal, State
from companion.journal import SNAPSHOT_EVERY, Entry, Journal, JournalError

EXPORT_FORMAT = "board-companion-session"

# Why an entry stops undo (the journal's `barrier` column).
OPEN, CHANCE, REVEAL = 0, 1, 2
_BLOCKED = {
    CHANCE: ("undo-blocked-by-chance", "Undo stops at a die roll or a shuffle: it never rolls or deals again.", "ALL-2"),
    REVEAL: ("undo-blocked-by-reveal", "Undo stops where cards were seen: it never takes back what a player saw.", "LA-7"),
}


class Session:
    """One game on one journal. Construct with `start`, `resume` or `import_lines`."""

    def __init__(self, journal: Journal, session_id: int):
        record = journal.session(session_id)
        self.journal = journal
        self.id = session_id
        self.game: Game = games.make_game(record.game, record.players, record.options)
        self.seed = record.seed
        self.table = record.summary.get("table", {})
        self.head = record.head
        self.draws = record.draws
        self._observations: dict[str, Any] = {}
        self.last_action: str | None = None  # the notation `play` journaled, chance filled in
        self.state: State = self._rebuild(self.head)

    # -- opening -----------------------------------------------------------------------------------

    @classmethod
    def start(cls, journal: Journal, game_id: str, players: int, *, seed: Any = None,
              options: dict[str, Any] | None = None, table: dict[str, Any] | None = None) -> "Session":
        """A new session; `table` is what a resume list shows (e.g. {"names": [...], "colors": [...]})."""
        game = games.make_game(game_id, players, options)  # refuses a bad game, count or option first
        seed = secrets.token_hex(8) if seed is None else str(seed)
        with journal.transaction():
            session_id = journal.create_session(game.id, game.players, seed, game.options)
            journal.set_position(session_id, head=0, draws=0, finished=False, summary={"table": table or {}})
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
        for record in journal.sessions(unfinished_only=True):
            if games.info(record.game).available:
                return cls.resume(journal, record.id)
        return None

    # -- reading -----------------------------------------------------------------------------------

    def legal(self) -> list[str]:
        return [str(a) for a in self.state.legal_actions()]

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None and seat not in self.game.seats:
            raise Refusal("bad-seat", f"There is no seat {seat!r} at this table of {self.game.players}.", "protocol/view")
        return self.state.view(seat)

    def full_state(self) -> dict[str, Any]:
        return self.state.to_dict()

    def outcome(self) -> dict[str, Any] | None:
        return self.state.outcome()

    @property
    def can_undo(self) -> bool:
        entry = self.journal.entry(self.id, self.head) if self.head else None
        return entry is not None and entry.barrier == OPEN

    @property
    def can_redo(self) -> bool:
        return self.journal.last_seq(self.id) > self.head

    # -- acting ------------------------------------------------------------------------------------

    def play(self, text: str) -> list[dict[str, Any]]:
        """Apply the action written as `text`; its events once it is safely in the journal."""
        if not isinstance(text, str):
            raise Refusal("bad-request", "An action is a text such as 'roll' or 'end'.", "protocol/play")
        action = self.game.parse_action(text)
        completed = self.state.complete(action, self._rng())
        drawn = str(completed) != str(action)
        events = self._guarded(lambda: self.state.apply(completed))
        events = events + self._commit([_entry(completed, events, drawn)], self.state)
        self.last_action = str(completed)
        return events

    def load(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """A table's correction: replace the state with `data`, checked against the invariants (ALL-3)."""
        if not isinstance(data, dict):
            raise Refusal("bad-request", "A correction is a whole state, as the 'state' request returns it.", "ALL-3")
        state = self.game.state_from_dict(data)
        self._resense(state)
        text = json.dumps(state.to_dict(), sort_keys=True, separators=(",", ":"))
        events = [{"type": "corrected"}]
        return events + self._commit([Entry(0, "load", text, False, OPEN)], state)

    def sense(self, observation: dict[str, Any]) -> list[dict[str, Any]]:
        """A hardware observation; kept in memory only (never write per sensor sample)."""
        events = self.state.sense(observation)
        self._observations = dict(self.state.observations)
        return events

    def undo(self) -> None:
        if self.head == 0:
            raise Refusal("nothing-to-undo", "There is nothing to undo.", "undo")
        entry = self.journal.entry(self.id, self.head)
        if entry.barrier != OPEN:
            raise Refusal(*_BLOCKED[entry.barrier])
        state = self._rebuild(self.head - 1)
        with self.journal.transaction():
            self._save_position(self.head - 1, self.draws, state)
        self.state, self.head = state, self.head - 1

    def redo(self) -> list[dict[str, Any]]:
        entry = self.journal.entry(self.id, self.head + 1)
        if entry is None:
            raise Refusal("nothing-to-redo", "There is nothing to redo.", "redo")
        state, events = self._replay(self.state.clone(), entry)
        self._resense(state)
        with self.journal.transaction():
            self._save_position(self.head + 1, self.draws, state)
        self.state, self.head = state, self.head + 1
        return events

    # -- export / import ---------------------------------------------------------------------------

    def export_lines(self) -> Iterable[str]:
        """The session as JSON lines: a header, then every entry in effect."""
        header = {"format": EXPORT_FORMAT, "version": 1, "game": self.game.id, "players": self.game.players,
                  "seed": self.seed, "options": self.game.options, "table": self.table}
        yield json.dumps(header, sort_keys=True)
        for e in self.journal.entries(self.id, upto=self.head):
            record = {"kind": e.kind, "drawn": e.drawn, "barrier": e.barrier}
            record.update({"action": e.text} if e.kind == "action" else {"state": json.loads(e.text)})
            yield json.dumps(record, sort_keys=True)

    @classmethod
    def import_lines(cls, journal: Journal, lines: IO[str] | Iterable[str]) -> "Session":
        """A new session from `export_lines`, every entry checked by the rules; all or nothing."""
        it = iter(enumerate(lines, 1))
        try:
            header = json.loads(next(it)[1])
        except (StopIteration, ValueError):
            raise Refusal("bad-export", "The file does not start with a Board Companion session header.", "export") from None
        if not isinstance(header, dict) or header.get("format") != EXPORT_FORMAT:
            raise Refusal("bad-export", "The file is not a Board Companion session export.", "export")
        game = games.make_game(header.get("game"), header.get("players"), header.get("options"))
        state, entries, draws = game.new_state(), [], 0
        for number, line in it:
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                drawn = bool(record.get("drawn"))
                if record["kind"] == "load":
                    state = game.state_from_dict(record["state"])
                    entry = Entry(0, "load", json.dumps(state.to_dict(), sort_keys=True), False, OPEN)
                elif record["kind"] == "action":
                    action = game.parse_action(record["action"])
                    entry = _entry(action, state.apply(action), drawn)  # barriers recomputed, not trusted
                else:
                    raise KeyError("kind")
            except Refusal as refusal:
                raise Refusal(refusal.code, f"Line {number}: {refusal.reason}", refusal.rule) from None
            except (ValueError, KeyError, TypeError):
                raise Refusal("bad-export", f"Line {number} is not a journal entry.", "export") from None
            entries.append(entry)
            draws += entry.drawn
        with journal.transaction():
            session_id = journal.create_session(game.id, game.players, str(header.get("seed", "")), game.options)
            for seq, entry in enumerate(entries, 1):
                journal.append(session_id, Entry(seq, entry.kind, entry.text, entry.drawn, entry.barrier))
            journal.set_position(session_id, head=len(entries), draws=draws, finished=state.is_over(),
                                 summary={"table": header.get("table") or {}})
        return cls.resume(journal, session_id)

    # -- inside ------------------------------------------------------------------------------------

    def _rng(self, offset: int = 0) -> random.Random:
        return random.Random(f"{self.seed}:{self.draws + offset}")

    def _commit(self, entries: list[Entry], state: State) -> list[dict[str, Any]]:
        """Add the automatic chance `state` now owes, then write `entries` and it in one transaction."""
        events: list[dict[str, Any]] = []
        drawn = sum(e.drawn for e in entries)
        while (auto := state.automatic(self._rng(drawn))) is not None:
            auto_events = self._guarded(lambda: state.apply(auto))
            events += auto_events
            entries.append(_entry(auto, auto_events, True))
            drawn += 1
        if not entries:
            self.state = state
            return events
        head, draws = self.head + len(entries), self.draws + drawn
        try:
            with self.journal.transaction():
                for seq, entry in enumerate(entries, self.head + 1):
                    self.journal.append(self.id, Entry(seq, entry.kind, entry.text, entry.drawn, entry.barrier))
                if head // SNAPSHOT_EVERY > self.head // SNAPSHOT_EVERY:
                    self.journal.save_snapshot(self.id, head, state.to_dict())
                self._save_position(head, draws, state)
        except Exception as exc:
            self.state = self._rebuild(self.head)
            raise JournalError("journal-write-failed", f"The action could not be saved ({exc}); nothing changed.", "journal") from None
        self.state, self.head, self.draws = state, head, draws
        return events

    def _save_position(self, head: int, draws: int, state: State) -> None:
        summary = {"table": self.table, "actions": head, "current": state.current_player(),
                   "outcome": state.outcome()}
        self.journal.set_position(self.id, head=head, draws=draws, finished=state.is_over(), summary=summary)

    def _guarded(self, apply):
        """Run an engine call; a crash inside the engine must not leave a half-changed state behind."""
        try:
            return apply()
        except Refusal:
            raise
        except Exception as exc:
            self.state = self._rebuild(self.head)
            raise Refusal("internal-error", f"The referee failed on this action ({exc!r}); nothing changed.", "internal") from None

    def _rebuild(self, head: int) -> State:
        """The state after entries 1..head: from the newest snapshot, replaying the rest."""
        snapshot = self.journal.latest_snapshot(self.id, head)
        if snapshot is None:
            after, state = 0, self.game.new_state()
        else:
            after, state = snapshot[0], self.game.state_from_dict(snapshot[1])
        for entry in self.journal.entries(self.id, after=after, upto=head):
            state, _ = self._replay(state, entry)
        self._resense(state)
        return state

    def _replay(self, state: State, entry: Entry) -> tuple[State, list[dict[str, Any]]]:
        if entry.kind == "load":
            return self.game.state_from_dict(json.loads(entry.text)), [{"type": "corrected"}]
        return state, state.apply(self.game.parse_action(entry.text))

    def _resense(self, state: State) -> None:
        if self._observations:
            state.sense(self._observations)


def _entry(action: Action, events: list[dict[str, Any]], drawn: bool) -> Entry:
    if action.chance:
        barrier = CHANCE
    elif any(e.get("reveals") for e in events):
        barrier = REVEAL
    else:
        barrier = OPEN
    return Entry(0, "action", str(action), drawn, barrier)
