"""The session journal: one SQLite file, power-safe, holding every table that was played on it.

Each accepted action is one transaction (WAL, synchronous=FULL) committed before the referee
acknowledges it. A session is its game, seats, seed and options plus an ordered list of entries;
`head` says how many of them are in effect (the rest are the redo stack). Snapshots of the state
every SNAPSHOT_EVERY entries let a long session resume without replaying from the start. The id of a phone's
play is written in the transaction of the entries it played (`plays`), so its resend after any crash is
answered as played, never played again.

Damage is found, named and kept, never played on:
- every entry carries a SHA-256 over its content and the hash of the entry before it (the first one
  over the session's identity: uid, game, seats, seed, options); the session row keeps the last
  entry's number and hash (`last`, `tip`) and a `seal` over its own bookkeeping; a snapshot carries the
  hash of the entry it was taken at and a hash of itself. Entries are checked against the chain when
  they are read for a table (from the snapshot it resumes from to the last entry) and, all of them, for
  an export; the first that fails is named with the file and the session;
- a session row that cannot be read (not UTF-8, not JSON, a seal that does not match) is listed as
  damaged and refused, the others open;
- a file shorter or longer than its header says, or left with a write-ahead log, is checked whole at
  open (quick_check); a damaged or foreign file is refused with a clear error and never written to.
"""
from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from companion.core import CHANCE_STOP, REVEAL_STOP, StorageError, UndoStop

FORMAT = "board-companion-journal"
VERSION = 4  # 2: entries carry `meta` (undo stop, author, secrecy); 3: entries chained by hash, rows sealed, writes counted;
#             4: the phones' play ids, each kept with the entries it played
SNAPSHOT_EVERY = 256
SQLITE_MAGIC = b"SQLite format 3\x00"

SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sessions(
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL, players INTEGER NOT NULL, seed TEXT NOT NULL, options TEXT NOT NULL,
    created REAL NOT NULL, updated REAL NOT NULL,   -- wall-clock times, for display only
    head INTEGER NOT NULL DEFAULT 0,       -- entries 1..head are in effect; later ones can be redone
    draws INTEGER NOT NULL DEFAULT 0,      -- chance outcomes drawn from the seed so far (RNG position)
    finished INTEGER NOT NULL DEFAULT 0,
    summary TEXT NOT NULL DEFAULT '{}',    -- what a resume list shows (players' names, turn, ...)
    uid TEXT NOT NULL DEFAULT '',          -- the session's identity; it travels in its exports
    tick INTEGER NOT NULL DEFAULT 0,       -- the journal's write counter at this session's last write
    last INTEGER NOT NULL DEFAULT 0,       -- its last entry (the redo stack included) ...
    tip TEXT NOT NULL DEFAULT '',          -- ... and that entry's hash (the identity's when there is none)
    seal TEXT NOT NULL DEFAULT ''          -- a hash over the row's bookkeeping (see _seal)
);
CREATE TABLE entries(
    session INTEGER NOT NULL REFERENCES sessions(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('action', 'load')),
    text TEXT NOT NULL,                    -- action notation, or a state as JSON for a correction
    drawn INTEGER NOT NULL,                -- 1: the session drew this chance outcome from its seed
    barrier INTEGER NOT NULL,              -- 1: undo stops here (meta says why); 0: undoable
    meta TEXT NOT NULL DEFAULT '{}',       -- {"stop": {code, sentence, rule}, "by": "computer", "reveals": true, "secret": {...}}
    hash TEXT NOT NULL DEFAULT '',         -- sha256 of the previous entry's hash and this entry (see entry_hash)
    PRIMARY KEY(session, seq)
) WITHOUT ROWID;
CREATE TABLE snapshots(
    session INTEGER NOT NULL REFERENCES sessions(id),
    seq INTEGER NOT NULL,
    state TEXT NOT NULL,
    chain TEXT NOT NULL DEFAULT '',        -- the hash of entry `seq`: the history this state comes from
    hash TEXT NOT NULL DEFAULT '',         -- sha256 of chain and state
    PRIMARY KEY(session, seq)
) WITHOUT ROWID;
"""
#: version 4: a phone's play ids, each written in the transaction of the entries it played, so a resend after
#: any crash gets the first answer and is never played again (journal_upgrade adds it to an older file)
PLAYS = """
CREATE TABLE IF NOT EXISTS plays(
    session INTEGER NOT NULL REFERENCES sessions(id),
    seat INTEGER NOT NULL,
    id TEXT NOT NULL,                      -- the phone's own id for the play
    seq INTEGER NOT NULL,                  -- the session's head once it was played
    PRIMARY KEY(session, seat, id)
) WITHOUT ROWID;
"""
SCHEMA += PLAYS

#: the columns of each table (a check at open: the schema is text in the file, and can be damaged too)
_COLUMNS = {"meta": "key value",
            "sessions": "id game players seed options created updated head draws finished summary uid tick last tip seal",
            "entries": "session seq kind text drawn barrier meta hash", "snapshots": "session seq state chain hash",
            "plays": "session seat id seq"}

#: a session row as read: text columns as bytes, so a byte that is not UTF-8 damages that row only
_ROW = ("SELECT id, CAST(game AS BLOB), players, CAST(seed AS BLOB), CAST(options AS BLOB), created, updated, head, "
        "draws, finished, CAST(summary AS BLOB), CAST(uid AS BLOB), tick, last, CAST(tip AS BLOB), CAST(seal AS BLOB) "
        "FROM sessions")
_ENTRY = "SELECT seq, kind, text, drawn, barrier, meta, hash FROM entries"


class JournalError(StorageError):
    """A journal file that cannot be used; it has not been touched."""


#: how a version-1 journal's `barrier` (1: chance, 2: a reveal) reads as an undo stop
_V1_STOPS = {1: CHANCE_STOP, 2: REVEAL_STOP}


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def origin_hash(uid: str, game: str, players: int, seed: str, options: str) -> str:
    """Where a session's chain starts: its identity (`options` as the journal stores it, canonical JSON)."""
    return _sha(json.dumps([FORMAT, uid, game, players, seed, options]))


def entry_hash(prev: str, seq: int, kind: str, text: str, drawn: int, barrier: int, meta: str) -> str:
    """An entry's hash: the previous one's and everything the entry holds (only `text`, last, may hold a newline)."""
    return _sha(f"{prev}\n{seq}\n{kind}\n{drawn}\n{barrier}\n{meta}\n{text}")


def _seal(id_: int, origin: str, head: int, draws: int, finished: int, summary: str, last: int, tip: str, tick: int) -> str:
    return _sha(json.dumps([id_, origin, head, draws, finished, summary, last, tip, tick]))


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
    hash: str = ""  # as the journal holds it (see entry_hash)

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
    uid: str = ""
    tick: int = 0
    last: int = 0
    tip: str = ""
    origin: str = ""


@dataclass(frozen=True)
class Snapshot:
    seq: int
    state: dict[str, Any]
    chain: str  # the hash entry `seq` must have


class Journal:
    """An open journal file (or ":memory:" for a referee that keeps nothing)."""

    def __init__(self, path: str | os.PathLike = ":memory:", *, check: str = "auto"):
        """Open (or create) the journal at `path`.

        `check`: "always" runs SQLite's quick_check over the whole file; "auto" runs it only when the
        last stop was not clean (a write-ahead log was left behind: a power cut or a kill) or the file's
        size is not the one its header gives (a file cut short, or added to), because its cost grows with
        all the history the file holds; a clean file is still checked page by page and entry by entry as
        it is read, and damage is refused then."""
        self.path = str(path)
        fresh = self.path == ":memory:" or not os.path.exists(self.path) or os.path.getsize(self.path) == 0
        if not fresh:
            _check_magic(self.path)
        cut = not fresh and _size_disagrees(self.path)
        unclean = not fresh and _unclean_stop(self.path)
        self.checked = not fresh and (check == "always" or (check == "auto" and (unclean or cut)))
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise JournalError("journal-unreadable", f"Cannot open the journal {self.path}: {exc}.", "journal") from None
        try:
            if fresh:
                self._create()
            else:
                self._validate()
                if cut and not unclean and _size_disagrees(self.path) == "short":
                    raise self._corrupt("it is shorter than its header says: it was cut")
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            if not fresh:
                self.sessions()  # a sessions table SQLite cannot read makes the whole file damaged
        except sqlite3.OperationalError as exc:  # e.g. a version-1 file that cannot be upgraded where it is
            self.db.close()
            raise _unusable(self.path, exc) from None
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:  # the latter: a schema that is not text
            self.db.close()
            raise self._corrupt(_said(exc)) from None
        except BaseException:
            self.db.close()
            raise

    # -- opening ---------------------------------------------------------------------------------

    def _create(self) -> None:
        # executescript commits any open transaction, so the script carries its own.
        self.db.executescript(
            f"BEGIN IMMEDIATE; {SCHEMA}"
            f"INSERT INTO meta VALUES ('format', '{FORMAT}'), ('version', '{VERSION}'), ('tick', '0'); COMMIT;"
        )

    def _corrupt(self, what: str) -> JournalError:
        what = " ".join(what.split())  # quick_check answers in lines
        return JournalError("journal-corrupt", f"The journal {self.path} is damaged ({what}); it was left as it is.", "journal")

    def _validate(self) -> None:
        try:
            verdict = self.db.execute("PRAGMA quick_check" if self.checked else "PRAGMA schema_version").fetchone()[0]
            verdict = "ok" if not self.checked else verdict
        except sqlite3.OperationalError as exc:  # locked, read-only, a full disk: the file may be fine
            raise _unusable(self.path, exc) from None
        except sqlite3.DatabaseError as exc:
            raise self._corrupt(str(exc)) from None
        if verdict != "ok":
            raise self._corrupt(str(verdict)[:200])
        try:
            meta = dict(self.db.execute("SELECT key, CAST(value AS BLOB) FROM meta"))
        except sqlite3.OperationalError as exc:
            if "no such table" not in str(exc):
                raise _unusable(self.path, exc) from None
            meta = {}  # an SQLite file of another program
        except sqlite3.DatabaseError as exc:
            raise self._corrupt(str(exc)) from None
        if meta.get("format") != FORMAT.encode():
            raise JournalError("journal-foreign", f"{self.path} is an SQLite file of some other program, not a Board Companion journal; it was left as it is.", "journal")
        version = meta.get("version", b"0")
        if not version.isdigit():
            raise self._corrupt("its format version cannot be read")
        if int(version) > VERSION:
            raise JournalError("journal-too-new", f"{self.path} was written by a newer Board Companion (format {int(version)}); update the app to open it.", "journal")
        if int(version) < VERSION:
            self._upgrade(int(version))
        for table, columns in _COLUMNS.items():  # a damaged schema reads as another table
            if {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")} != set(columns.split()):
                raise self._corrupt(f"its {table} table is not the one a journal has")

    def _upgrade(self, version: int) -> None:
        from companion.journal_upgrade import upgrade
        upgrade(self, version, VERSION, PLAYS)

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

    def create_session(self, game: str, players: int, seed: str, options: dict[str, Any], uid: str | None = None) -> int:
        now = time.time()
        cur = self.db.execute(
            "INSERT INTO sessions(game, players, seed, options, created, updated, uid) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game, players, seed, json.dumps(options, sort_keys=True), now, now, uid or secrets.token_hex(16)),
        )
        self._reseal(cur.lastrowid)
        return cur.lastrowid

    def session(self, session_id: int) -> SessionRecord:
        try:
            row = self._read(lambda: self.db.execute(_ROW + " WHERE id = ?", (session_id,)).fetchone(), session_id)
        except OverflowError:  # a number no SQLite row id can be
            row = None
        if row is None:
            raise JournalError("unknown-session", f"The journal has no session {str(session_id)[:20]!r}.", "journal")
        record = _record(row)
        if "damaged" in record.summary:
            raise JournalError("journal-damaged", f"Session {session_id} of the journal {self.path} is damaged "
                               f"({record.summary['damaged']}); it was left as it is, and the other sessions can still "
                               "be opened.", "journal")
        return record

    def sessions(self, *, unfinished_only: bool = False) -> list[SessionRecord]:
        """Every session, the most recently written first (by the journal's write counter, never the clock); a
        damaged one is listed with `summary["damaged"]` saying what (and with the unfinished ones)."""
        rows = self._read(lambda: list(self.db.execute(_ROW + " ORDER BY tick DESC, id DESC")))
        records = [_record(row) for row in rows]
        return [r for r in records if not (unfinished_only and r.finished and "damaged" not in r.summary)]

    def find_uid(self, uid: str) -> int | None:
        """The session with this identity (it travels in exports), if the journal holds it."""
        row = self._read(lambda: self.db.execute("SELECT id FROM sessions WHERE uid = ?", (uid,)).fetchone())
        return None if row is None else row[0]

    def finished_count(self) -> int:
        """How many finished sessions the journal still holds (the home screen offers to archive them)."""
        return self._read(lambda: self.db.execute("SELECT COUNT(*) FROM sessions WHERE finished = 1").fetchone()[0])

    def delete_session(self, session_id: int) -> None:
        """Remove a session with its entries and snapshots (after it was archived to a file)."""
        self.session(session_id)  # refuses an unknown or damaged one
        with self.transaction():
            for table in ("entries", "snapshots", "plays"):
                self.db.execute(f"DELETE FROM {table} WHERE session = ?", (session_id,))
            self.db.execute("DELETE FROM sessions WHERE id = ?", (session_id,))

    def set_position(self, session_id: int, *, head: int, draws: int, finished: bool, summary: dict[str, Any]) -> int:
        """Record where a session stands (and seal it); returns the journal's write counter for this write."""
        self.db.execute(
            "UPDATE sessions SET head = ?, draws = ?, finished = ?, summary = ?, updated = ? WHERE id = ?",
            (head, draws, int(finished), json.dumps(summary, sort_keys=True), time.time(), session_id),
        )
        return self._reseal(session_id)

    def _reseal(self, session_id: int) -> int:
        """Count this write, note the session's last entry and seal its row; returns the count."""
        tick = int(self.db.execute("INSERT INTO meta VALUES ('tick', '1') ON CONFLICT(key) DO UPDATE "
                                   "SET value = CAST(value AS INTEGER) + 1 RETURNING value").fetchall()[0][0])
        origin = self._origin_of(session_id)
        last = self.db.execute("SELECT seq, hash FROM entries WHERE session = ? ORDER BY seq DESC LIMIT 1",
                               (session_id,)).fetchone() or (0, origin)
        head, draws, finished, summary = self.db.execute(
            "SELECT head, draws, finished, summary FROM sessions WHERE id = ?", (session_id,)).fetchone()
        seal = _seal(session_id, origin, head, draws, finished, summary, last[0], last[1], tick)
        self.db.execute("UPDATE sessions SET tick = ?, last = ?, tip = ?, seal = ? WHERE id = ?",
                        (tick, last[0], last[1], seal, session_id))
        return tick

    def _origin_of(self, session_id: int) -> str:
        uid, game, players, seed, options = self.db.execute(
            "SELECT uid, game, players, seed, options FROM sessions WHERE id = ?", (session_id,)).fetchone()
        return origin_hash(uid, game, players, seed, options)

    # -- a phone's play ids ------------------------------------------------------------------------

    def keep_play(self, session_id: int, seat: int, play_id: str, seq: int) -> None:
        """Note that seat's play `play_id` was played (inside the transaction that wrote what it played)."""
        self.db.execute("INSERT OR IGNORE INTO plays(session, seat, id, seq) VALUES (?, ?, ?, ?)",
                        (session_id, seat, play_id, seq))

    def played(self, session_id: int, seat: int, play_id: str) -> bool:
        """Whether that seat's play `play_id` was played (a resend, perhaps after a crash that lost the answer)."""
        return self._read(lambda: self.db.execute("SELECT 1 FROM plays WHERE session = ? AND seat = ? AND id = ?",
                                                  (session_id, seat, play_id)).fetchone(), session_id) is not None

    def rechain(self, session_id: int) -> None:
        """Chain the session's entries, hash its snapshots and seal its row afresh from what they hold (an upgrade)."""
        prev = self._origin_of(session_id)
        rows = list(self.db.execute(_ENTRY + " WHERE session = ? ORDER BY seq", (session_id,)))
        for seq, kind, text, drawn, barrier, meta, _ in rows:
            prev = entry_hash(prev, seq, kind, text, drawn, barrier, meta)
            self.db.execute("UPDATE entries SET hash = ? WHERE session = ? AND seq = ?", (prev, session_id, seq))
        for seq, state in list(self.db.execute("SELECT seq, state FROM snapshots WHERE session = ?", (session_id,))):
            try:
                self._write_snapshot(session_id, seq, state)
            except JournalError:  # a snapshot of an entry that is gone: it only saved time
                self.db.execute("DELETE FROM snapshots WHERE session = ? AND seq = ?", (session_id, seq))
        self._reseal(session_id)

    # -- entries -----------------------------------------------------------------------------------

    def append(self, session_id: int, entry: Entry) -> str:
        """Write `entry`, chained to the one before it, discarding the redo stack it replaces (entries and
        snapshots after it); returns its hash. The session's row is sealed by the `set_position` that follows."""
        prev = self._hash_at(session_id, entry.seq - 1)
        meta, barrier = entry.meta(), int(entry.stop is not None)
        digest = entry_hash(prev, entry.seq, entry.kind, entry.text, int(entry.drawn), barrier, meta)
        self.db.execute("DELETE FROM entries WHERE session = ? AND seq >= ?", (session_id, entry.seq))
        self.db.execute("DELETE FROM snapshots WHERE session = ? AND seq >= ?", (session_id, entry.seq))
        self.db.execute(
            "INSERT INTO entries(session, seq, kind, text, drawn, barrier, meta, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (session_id, entry.seq, entry.kind, entry.text, int(entry.drawn), barrier, meta, digest),
        )
        return digest

    def _hash_at(self, session_id: int, seq: int) -> str:
        """The hash of entry `seq` as stored (the session's identity's for 0)."""
        if seq <= 0:
            return self._origin_of(session_id)
        row = self.db.execute("SELECT hash FROM entries WHERE session = ? AND seq = ?", (session_id, seq)).fetchone()
        if row is None:
            raise self.damaged(session_id, seq, "it is missing")
        return row[0]

    def entry(self, session_id: int, seq: int) -> Entry | None:
        row = self._read(lambda: self.db.execute(_ENTRY + " WHERE session = ? AND seq = ?", (session_id, seq)).fetchone(),
                         session_id)
        return None if row is None else _entry(row)

    def entries(self, session_id: int, after: int = 0, upto: int | None = None) -> Iterator[Entry]:
        """Entries as stored, unchecked (`verified` checks them)."""
        sql = _ENTRY + " WHERE session = ? AND seq > ?"
        args: list[Any] = [session_id, after]
        if upto is not None:
            sql += " AND seq <= ?"
            args.append(upto)
        for row in self._read(lambda: list(self.db.execute(sql + " ORDER BY seq", args)), session_id):
            yield _entry(row)

    def verified(self, record: SessionRecord, first: int = 1) -> Iterator[Entry]:
        """Entries `first`.. to the session's last, each checked against the chain from the one before it
        (as stored) and the last against the row's tip; the first that fails raises journal-damaged
        naming the file, the session and that entry."""
        session_id, seq = record.id, max(first, 1)
        prev = self._read(lambda: self._hash_at(session_id, seq - 1), session_id) if seq > 1 else record.origin
        cursor = self.db.execute(_ENTRY + " WHERE session = ? AND seq >= ? ORDER BY seq", (session_id, seq))
        while True:
            try:
                row = cursor.fetchone()
            except sqlite3.DatabaseError as exc:
                raise self.damaged(session_id, seq, _said(exc)) from None
            if row is None:
                break
            if row[0] != seq:
                raise self.damaged(session_id, seq, "it is missing" if type(row[0]) is int and row[0] > seq else "it is out of place")
            digest = _row_hash(prev, row)
            if digest is None or digest != row[6]:
                raise self.damaged(session_id, seq, "it does not match its checksum")
            prev, seq = digest, seq + 1
            yield _entry(row)
        if seq - 1 < record.last:
            raise self.damaged(session_id, seq, "it is missing")
        if seq - 1 > record.last or prev != record.tip:
            raise self.damaged(session_id, record.last, "it is not the last entry the session wrote")

    def damaged(self, session_id: int, seq: int, why: str) -> JournalError:
        return JournalError("journal-damaged", f"Session {session_id} of the journal {self.path} is damaged at entry "
                            f"{seq}: {why}. It was left as it is; the other sessions can still be opened.", "journal")

    def last_seq(self, session_id: int) -> int:
        row = self._read(lambda: self.db.execute("SELECT MAX(seq) FROM entries WHERE session = ?", (session_id,)).fetchone(),
                         session_id)
        return row[0] or 0

    # -- snapshots ---------------------------------------------------------------------------------

    def save_snapshot(self, session_id: int, seq: int, state: dict[str, Any]) -> None:
        self._write_snapshot(session_id, seq, json.dumps(state, separators=(",", ":")))

    def _write_snapshot(self, session_id: int, seq: int, text: str) -> None:
        chain = self._hash_at(session_id, seq)
        self.db.execute("INSERT OR REPLACE INTO snapshots(session, seq, state, chain, hash) VALUES (?, ?, ?, ?, ?)",
                        (session_id, seq, text, chain, _sha(f"{chain}\n{text}")))

    def snapshot(self, session_id: int, upto: int) -> Snapshot | None:
        """The newest snapshot at or before entry `upto`, checked against its hash."""
        def read():
            return self.db.execute("SELECT seq, state, chain, hash FROM snapshots WHERE session = ? AND seq <= ? "
                                   "ORDER BY seq DESC LIMIT 1", (session_id, upto)).fetchone()
        row = self._read(read, session_id)
        if row is None:
            return None
        seq, text, chain, digest = row
        try:
            if _sha(f"{chain}\n{text}") != digest:
                raise ValueError
            return Snapshot(seq, json.loads(text), chain)
        except (ValueError, TypeError):
            raise self.damaged(session_id, seq, "its snapshot does not match its checksum") from None

    def integrity(self) -> str:
        return self.db.execute("PRAGMA integrity_check").fetchone()[0]

    def _read(self, read, session_id: int | None = None):
        """Run a read; SQLite's failure becomes a storage refusal naming the file (and the session)."""
        try:
            return read()
        except sqlite3.OperationalError as exc:
            if "decode" not in str(exc):
                raise JournalError("journal-unreadable", f"Cannot read the journal {self.path}: {exc}.", "journal") from None
            what = "" if session_id is None else f"Session {str(session_id)[:20]} of "
            raise JournalError("journal-damaged", f"{what}the journal {self.path} is damaged ({_said(exc)}); it was left "
                               "as it is.", "journal") from None
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            if session_id is None:
                raise self._corrupt(_said(exc)) from None
            raise JournalError("journal-damaged", f"Session {str(session_id)[:20]} of the journal {self.path} is damaged "
                               f"({_said(exc)}); it was left as it is.", "journal") from None


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on any exception. SQLite's own failures (a read-only file,
    a full disk, a lock held too long by another program) become JournalError("journal-write-failed");
    a page SQLite finds malformed becomes journal-damaged."""

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
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:  # SQLite may have rolled back already (a full disk): nothing was kept either way
                pass
        if isinstance(exc, sqlite3.Error):
            raise self._failed(exc) from None

    def _failed(self, exc: sqlite3.Error) -> JournalError:
        if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
            return JournalError("journal-damaged", f"The journal {self.path} is damaged ({_said(exc)}); nothing was "
                                "saved and it was left as it is.", "journal")
        return JournalError("journal-write-failed", f"The journal {self.path} could not be written ({_said(exc)}); "
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


def _said(exc: Exception) -> str:
    return str(exc)[:120]


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


def _size_disagrees(path: str) -> str | None:
    """"short" or "long" when the file's size is not the page count its header gives times its page size
    (a file cut short, or added to); None when they agree. A header whose count is not valid disagrees."""
    try:
        with open(path, "rb") as f:
            header = f.read(100)
        size = os.path.getsize(path)
    except OSError:
        return None
    if len(header) < 100:
        return "short"
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages, changes, valid_for = (int.from_bytes(header[i:i + 4], "big") for i in (28, 24, 92))
    if pages == 0 or changes != valid_for:
        return "long"  # no count SQLite trusts: check the file whole
    expected = pages * page_size
    return None if size == expected else "short" if size < expected else "long"


def _check_magic(path: str) -> None:
    try:
        with open(path, "rb") as f:
            magic = f.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise JournalError("journal-unreadable", f"Cannot read the journal {path}: {exc.strerror}.", "journal") from None
    if magic != SQLITE_MAGIC:
        raise JournalError("journal-foreign", f"{path} is not a Board Companion journal (not an SQLite database); it was left as it is.", "journal")


def _row_hash(prev: str, row) -> str | None:
    """The hash an entry row should carry, or None if a column holds the wrong type (a damaged record)."""
    seq, kind, text, drawn, barrier, meta, _ = row
    if type(seq) is not int or type(drawn) is not int or type(barrier) is not int or not all(
            isinstance(v, str) for v in (kind, text, meta)):
        return None
    return entry_hash(prev, seq, kind, text, drawn, barrier, meta)


def _entry(row) -> Entry:
    seq, kind, text, drawn, barrier, meta, digest = row
    try:
        m = json.loads(meta)
        stop = UndoStop.from_dict(m["stop"]) if "stop" in m else _V1_STOPS.get(barrier) if barrier else None
    except (ValueError, KeyError, TypeError):
        raise JournalError("journal-damaged", f"Entry {seq} has damaged bookkeeping ({str(meta)[:40]!r}).", "journal") from None
    return Entry(seq, kind, text, bool(drawn), stop, m.get("by", "table"), bool(m.get("reveals")), m.get("secret"), digest)


def _text(value: Any) -> str | None:
    """A text column read as bytes: its text, or None if it is not UTF-8 (or not there)."""
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return None


def _record(row) -> SessionRecord:
    """A session row; one whose bookkeeping cannot be read, or does not match its seal, is listed with
    `summary["damaged"]` saying what, so a list of sessions never fails because of one of them (opening it
    is refused)."""
    (id_, game, players, seed, options, created, updated, head, draws, finished, summary, uid, tick, last, tip,
     seal) = row
    damaged: list[str] = []
    texts = {name: _text(value) for name, value in
             (("game", game), ("seed", seed), ("options", options), ("summary", summary), ("uid", uid), ("tip", tip),
              ("seal", seal))}
    unreadable = [name for name, value in texts.items() if value is None]
    try:
        options_value = json.loads(texts["options"])
        if not isinstance(options_value, dict):
            raise ValueError
    except (ValueError, TypeError):
        options_value, damaged = {}, damaged + ["its options"]
    try:
        summary_value = json.loads(texts["summary"])
        if not isinstance(summary_value, dict):
            raise ValueError
    except (ValueError, TypeError):
        summary_value, damaged = {}, damaged + ["its summary"]
    damaged += [f"its {name}" for name in unreadable if name not in ("options", "summary")]
    numbers = (players, head, draws, finished, tick, last)
    if any(type(n) is not int for n in numbers):
        damaged.append("its game, seats or position")
    origin = ""
    if damaged:
        summary_value = {**summary_value, "damaged": " and ".join(damaged) + " cannot be read"}
    else:
        origin = origin_hash(texts["uid"], texts["game"], players, texts["seed"], texts["options"])
        if type(id_) is not int or _seal(id_, origin, head, draws, finished, texts["summary"], last, texts["tip"], tick) != texts["seal"]:
            summary_value = {**summary_value, "damaged": "its bookkeeping does not match its checksum"}
    game_text = texts["game"] if texts["game"] is not None else bytes(game or b"").decode("utf-8", "replace")
    return SessionRecord(id_, game_text, players, str(texts["seed"]), options_value, created, updated, head, draws,
                         bool(finished), summary_value, texts["uid"] or "", tick if type(tick) is int else 0,
                         last if type(last) is int else 0, texts["tip"] or "", origin)
