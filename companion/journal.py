"""The session journal: one SQLite file, power-safe, holding every table that was played on it.

Each accepted action is one transaction (WAL, synchronous=FULL) committed before the referee
acknowledges it. A session is its game, seats, seed and options plus an ordered list of entries;
`head` says how many of them are in effect (the rest are the redo stack). Snapshots of the state
every SNAPSHOT_EVERY entries let a long session resume without replaying from the start.

A file that is not ours, or is damaged, is refused with a clear error and never written to.
"""
from __future__ import annotations

import json
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from companion.core import CHANCE_STOP, REVEAL_STOP, StorageError, UndoStop

FORMAT = "board-companion-journal"
VERSION = 2  # 2: entries carry `meta` (undo stop, author, secrecy)
SNAPSHOT_EVERY = 256
SQLITE_MAGIC = b"SQLite format 3\x00"

SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sessions(
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL, players INTEGER NOT NULL, seed TEXT NOT NULL, options TEXT NOT NULL,
    created REAL NOT NULL, updated REAL NOT NULL,
    head INTEGER NOT NULL DEFAULT 0,       -- entries 1..head are in effect; later ones can be redone
    draws INTEGER NOT NULL DEFAULT 0,      -- chance outcomes drawn from the seed so far (RNG position)
    finished INTEGER NOT NULL DEFAULT 0,
    summary TEXT NOT NULL DEFAULT '{}'     -- what a resume list shows (players' names, turn, ...)
);
CREATE TABLE entries(
    session INTEGER NOT NULL REFERENCES sessions(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('action', 'load')),
    text TEXT NOT NULL,                    -- action notation, or a state as JSON for a correction
    drawn INTEGER NOT NULL,                -- 1: the session drew this chance outcome from its seed
    barrier INTEGER NOT NULL,              -- 1: undo stops here (meta says why); 0: undoable
    meta TEXT NOT NULL DEFAULT '{}',       -- {"stop": {code, sentence, rule}, "by": "computer", "reveals": true, "secret": {...}}
    PRIMARY KEY(session, seq)
) WITHOUT ROWID;
CREATE TABLE snapshots(
    session INTEGER NOT NULL REFERENCES sessions(id),
    seq INTEGER NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY(session, seq)
) WITHOUT ROWID;
"""


class JournalError(StorageError):
    """A journal file that cannot be used; it has not been touched."""


#: how a version-1 journal's `barrier` (1: chance, 2: a reveal) reads as an undo stop
_V1_STOPS = {1: CHANCE_STOP, 2: REVEAL_STOP}


@dataclass(frozen=True)
class Entry:
    seq: int
    kind: str  # 'action' or 'load'
    text: str
    drawn: bool  # the session drew this chance outcome from its seed
    stop: UndoStop | None = None  # why undo cannot go back past this entry
    by: str = "table"  # "computer" for a computer player's move (undone with the move before it)
    reveals: bool = False  # it made hidden information known (opens earlier secret entries)
    secret: dict[str, str] | None = None  # {"redacted": text others saw, "salt": for its commitment}

    def meta(self) -> str:
        m: dict[str, Any] = {}
        if self.stop is not None:
            m["stop"] = self.stop.to_dict()
        if self.by != "table":
            m["by"] = self.by
        if self.reveals:
            m["reveals"] = True
        if self.secret is not None:
            m["secret"] = self.secret
        return json.dumps(m, sort_keys=True)

    def at(self, seq: int) -> "Entry":
        return Entry(seq, self.kind, self.text, self.drawn, self.stop, self.by, self.reveals, self.secret)


@dataclass(frozen=True)
class SessionRecord:
    id: int
    game: str
    players: int
    seed: str
    options: dict[str, Any]
    created: float
    updated: float
    head: int
    draws: int
    finished: bool
    summary: dict[str, Any]


class Journal:
    """An open journal file (or ":memory:" for a referee that keeps nothing)."""

    def __init__(self, path: str | os.PathLike = ":memory:", *, check: str = "auto"):
        """Open (or create) the journal at `path`.

        `check`: "always" runs SQLite's quick_check over the whole file; "auto" runs it only when the
        last stop was not clean (a write-ahead log was left behind: a power cut or a kill), because its
        cost grows with all the history the file holds; a clean file is still checked page by page as
        it is read, and a damaged page is refused then."""
        self.path = str(path)
        fresh = self.path == ":memory:" or not os.path.exists(self.path) or os.path.getsize(self.path) == 0
        if not fresh:
            _check_magic(self.path)
        self.checked = not fresh and (check == "always" or (check == "auto" and _unclean_stop(self.path)))
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise JournalError("journal-unreadable", f"Cannot open the journal {self.path}: {exc}.", "journal") from None
        try:
            if fresh:
                self._create()
            else:
                self._validate()
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
        except sqlite3.OperationalError as exc:  # e.g. a version-1 file that cannot be upgraded where it is
            self.db.close()
            raise _unusable(self.path, exc) from None
        except BaseException:
            self.db.close()
            raise

    # -- opening ---------------------------------------------------------------------------------

    def _create(self) -> None:
        # executescript commits any open transaction, so the script carries its own.
        self.db.executescript(
            f"BEGIN IMMEDIATE; {SCHEMA}"
            f"INSERT INTO meta VALUES ('format', '{FORMAT}'), ('version', '{VERSION}'); COMMIT;"
        )

    def _validate(self) -> None:
        try:
            verdict = self.db.execute("PRAGMA quick_check" if self.checked else "PRAGMA schema_version").fetchone()[0]
            verdict = "ok" if not self.checked else verdict
        except sqlite3.OperationalError as exc:  # locked, read-only, a full disk: the file may be fine
            raise _unusable(self.path, exc) from None
        except sqlite3.DatabaseError as exc:
            raise JournalError("journal-corrupt", f"The journal {self.path} is damaged ({exc}); it was left as it is.", "journal") from None
        if verdict != "ok":
            raise JournalError("journal-corrupt", f"The journal {self.path} is damaged ({verdict}); it was left as it is.", "journal")
        try:
            meta = dict(self.db.execute("SELECT key, value FROM meta"))
        except sqlite3.OperationalError as exc:
            if "no such table" not in str(exc):
                raise _unusable(self.path, exc) from None
            meta = {}  # an SQLite file of another program
        except sqlite3.DatabaseError as exc:
            raise JournalError("journal-corrupt", f"The journal {self.path} is damaged ({exc}); it was left as it is.", "journal") from None
        if meta.get("format") != FORMAT:
            raise JournalError("journal-foreign", f"{self.path} is an SQLite file of some other program, not a Board Companion journal; it was left as it is.", "journal")
        if int(meta.get("version", "0")) > VERSION:
            raise JournalError("journal-too-new", f"{self.path} was written by a newer Board Companion (format {meta['version']}); update the app to open it.", "journal")
        if int(meta.get("version", "0")) < VERSION:
            self._upgrade()

    def _upgrade(self) -> None:
        """Version 1 -> 2: entries gain `meta`; old barriers keep their meaning (see _V1_STOPS)."""
        self.db.executescript(
            "BEGIN IMMEDIATE; ALTER TABLE entries ADD COLUMN meta TEXT NOT NULL DEFAULT '{}';"
            f"UPDATE meta SET value = '{VERSION}' WHERE key = 'version'; COMMIT;"
        )

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- transactions ------------------------------------------------------------------------------

    def transaction(self) -> "_Transaction":
        return _Transaction(self.db, self.path)

    # -- sessions ----------------------------------------------------------------------------------

    def create_session(self, game: str, players: int, seed: str, options: dict[str, Any]) -> int:
        now = time.time()
        cur = self.db.execute(
            "INSERT INTO sessions(game, players, seed, options, created, updated) VALUES (?, ?, ?, ?, ?, ?)",
            (game, players, seed, json.dumps(options, sort_keys=True), now, now),
        )
        return cur.lastrowid

    def session(self, session_id: int) -> SessionRecord:
        try:
            row = self.db.execute("SELECT * FROM sessions WHERE id = ?", (session_id,)).fetchone()
        except OverflowError:  # a number no SQLite row id can be
            row = None
        if row is None:
            raise JournalError("unknown-session", f"The journal has no session {str(session_id)[:20]!r}.", "journal")
        record = _record(row)
        if "damaged" in record.summary:
            raise JournalError("journal-damaged", f"Session {session_id} of the journal {self.path} is damaged "
                               f"({record.summary['damaged']}); the other sessions can still be opened.", "journal")
        return record

    def sessions(self, *, unfinished_only: bool = False) -> list[SessionRecord]:
        sql = "SELECT * FROM sessions" + (" WHERE finished = 0" if unfinished_only else "") + " ORDER BY updated DESC, id DESC"
        return [_record(row) for row in self.db.execute(sql)]

    def finished_count(self) -> int:
        """How many finished sessions the journal still holds (the home screen offers to archive them)."""
        return self.db.execute("SELECT COUNT(*) FROM sessions WHERE finished = 1").fetchone()[0]

    def delete_session(self, session_id: int) -> None:
        """Remove a session with its entries and snapshots (after it was archived to a file)."""
        self.session(session_id)  # refuses an unknown or damaged one
        with self.transaction():
            for table in ("entries", "snapshots"):
                self.db.execute(f"DELETE FROM {table} WHERE session = ?", (session_id,))
            self.db.execute("DELETE FROM sessions WHERE id = ?", (session_id,))

    def set_position(self, session_id: int, *, head: int, draws: int, finished: bool, summary: dict[str, Any]) -> float:
        """Record where a session stands; returns the `updated` time written."""
        updated = time.time()
        self.db.execute(
            "UPDATE sessions SET head = ?, draws = ?, finished = ?, summary = ?, updated = ? WHERE id = ?",
            (head, draws, int(finished), json.dumps(summary, sort_keys=True), updated, session_id),
        )
        return updated

    # -- entries -----------------------------------------------------------------------------------

    def append(self, session_id: int, entry: Entry) -> None:
        """Write `entry`, discarding the redo stack it replaces (entries and snapshots after it)."""
        self.db.execute("DELETE FROM entries WHERE session = ? AND seq >= ?", (session_id, entry.seq))
        self.db.execute("DELETE FROM snapshots WHERE session = ? AND seq >= ?", (session_id, entry.seq))
        self.db.execute(
            "INSERT INTO entries(session, seq, kind, text, drawn, barrier, meta) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (session_id, entry.seq, entry.kind, entry.text, int(entry.drawn), int(entry.stop is not None), entry.meta()),
        )

    def entry(self, session_id: int, seq: int) -> Entry | None:
        row = self.db.execute(
            "SELECT seq, kind, text, drawn, barrier, meta FROM entries WHERE session = ? AND seq = ?", (session_id, seq)
        ).fetchone()
        return None if row is None else _entry(row)

    def entries(self, session_id: int, after: int = 0, upto: int | None = None) -> Iterator[Entry]:
        sql = "SELECT seq, kind, text, drawn, barrier, meta FROM entries WHERE session = ? AND seq > ?"
        args: list[Any] = [session_id, after]
        if upto is not None:
            sql += " AND seq <= ?"
            args.append(upto)
        for row in self.db.execute(sql + " ORDER BY seq", args):
            yield _entry(row)

    def last_seq(self, session_id: int) -> int:
        row = self.db.execute("SELECT MAX(seq) FROM entries WHERE session = ?", (session_id,)).fetchone()
        return row[0] or 0

    # -- snapshots ---------------------------------------------------------------------------------

    def save_snapshot(self, session_id: int, seq: int, state: dict[str, Any]) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO snapshots(session, seq, state) VALUES (?, ?, ?)",
            (session_id, seq, json.dumps(state, separators=(",", ":"))),
        )

    def latest_snapshot(self, session_id: int, upto: int) -> tuple[int, dict[str, Any]] | None:
        row = self.db.execute(
            "SELECT seq, state FROM snapshots WHERE session = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
            (session_id, upto),
        ).fetchone()
        return None if row is None else (row[0], json.loads(row[1]))

    def integrity(self) -> str:
        return self.db.execute("PRAGMA integrity_check").fetchone()[0]


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on any exception. SQLite's own failures (a read-only file,
    a full disk, a lock held too long by another program) become JournalError("journal-write-failed")."""

    def __init__(self, db: sqlite3.Connection, path: str):
        self.db = db
        self.path = path

    def __enter__(self) -> None:
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise self._failed(exc) from None

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            try:
                self.db.execute("COMMIT")
                return
            except sqlite3.Error as commit_failed:
                exc = commit_failed
        if self.db.in_transaction:
            self.db.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error):
            raise self._failed(exc) from None

    def _failed(self, exc: sqlite3.Error) -> JournalError:
        return JournalError("journal-write-failed", f"The journal {self.path} could not be written ({exc}); "
                            "nothing was saved.", "journal")


def open_or_set_aside(path: str | os.PathLike) -> tuple[Journal, Path | None]:
    """The journal at `path`; if it is unusable, move it aside untouched and start a new one there.

    For a kiosk that must come up whatever it finds: the damaged file (and its -wal/-shm companions)
    is renamed, never written to, and its new name is returned so the app can say where it is.
    """
    try:
        return Journal(path), None
    except JournalError as exc:
        if exc.code not in ("journal-corrupt", "journal-foreign", "journal-too-new"):
            raise
    original = Path(path)
    aside = original.with_name(f"{original.stem}.set-aside-{time.strftime('%Y%m%d-%H%M%S')}{original.suffix}")
    for suffix in ("", "-wal", "-shm"):
        companion_file = Path(f"{original}{suffix}")
        if companion_file.exists():
            companion_file.rename(f"{aside}{suffix}")
    return Journal(original), aside


def _unusable(path: str, exc: sqlite3.Error) -> JournalError:
    """A journal SQLite cannot use now for a reason outside the file (read-only, locked, a full disk): it is
    not damaged, so it is never set aside."""
    return JournalError("journal-unreadable", f"Cannot open the journal {path}: {exc}; it was left as it is.", "journal")


def _unclean_stop(path: str) -> bool:
    """A non-empty write-ahead log next to the file: the last writer did not close it (SQLite folds the
    log into the file and removes it when the last connection closes cleanly)."""
    try:
        return os.path.getsize(f"{path}-wal") > 0
    except OSError:
        return False


def _check_magic(path: str) -> None:
    try:
        with open(path, "rb") as f:
            magic = f.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise JournalError("journal-unreadable", f"Cannot read the journal {path}: {exc.strerror}.", "journal") from None
    if magic != SQLITE_MAGIC:
        raise JournalError("journal-foreign", f"{path} is not a Board Companion journal (not an SQLite database); it was left as it is.", "journal")


def _entry(row) -> Entry:
    seq, kind, text, drawn, barrier, meta = row
    try:
        m = json.loads(meta)
        stop = UndoStop.from_dict(m["stop"]) if "stop" in m else _V1_STOPS.get(barrier) if barrier else None
    except (ValueError, KeyError, TypeError):
        raise JournalError("journal-damaged", f"Entry {seq} has damaged bookkeeping ({str(meta)[:40]!r}).", "journal") from None
    return Entry(seq, kind, text, bool(drawn), stop, m.get("by", "table"), bool(m.get("reveals")), m.get("secret"))


def _record(row) -> SessionRecord:
    """A session row; one whose bookkeeping cannot be read is listed with `summary["damaged"]` saying
    what, so a list of sessions never fails because of one of them (opening it is refused)."""
    (id_, game, players, seed, options, created, updated, head, draws, finished, summary) = row
    damaged = []
    try:
        options = json.loads(options)
        if not isinstance(options, dict):
            raise ValueError
    except (ValueError, TypeError):
        options, damaged = {}, damaged + ["its options"]
    try:
        summary = json.loads(summary)
        if not isinstance(summary, dict):
            raise ValueError
    except (ValueError, TypeError):
        summary, damaged = {}, damaged + ["its summary"]
    if not isinstance(game, str) or type(players) is not int or type(head) is not int or type(draws) is not int:
        damaged.append("its game, seats or position")
    if damaged:
        summary = {**summary, "damaged": " and ".join(damaged) + " cannot be read"}
    return SessionRecord(id_, str(game), players, str(seed), options, created, updated, head, draws, bool(finished), summary)
