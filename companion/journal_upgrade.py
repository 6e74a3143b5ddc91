"""How an older journal file is brought to the current format, in place and in one transaction."""
from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.journal import Journal

#: what version 3 adds to a version-2 file
_V3_COLUMNS = [
    "ALTER TABLE sessions ADD COLUMN uid TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE sessions ADD COLUMN tick INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE sessions ADD COLUMN last INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE sessions ADD COLUMN tip TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE sessions ADD COLUMN seal TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE entries ADD COLUMN hash TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE snapshots ADD COLUMN chain TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE snapshots ADD COLUMN hash TEXT NOT NULL DEFAULT ''",
]


def upgrade(journal: "Journal", version: int) -> None:
    """Version 1 -> 2: entries gain `meta`; old barriers keep their meaning (see journal._V1_STOPS). 2 -> 3: every session gets an identity, its entries their chain, its
    snapshots their hashes, its row a seal, in the order of its last write (`tick`). 3 -> 4: a table of play ids."""
    from companion.journal import PLAYS, VERSION
    journal.db.execute("BEGIN IMMEDIATE")
    try:
        if version < 3:
            _chain(journal, version)
        journal.db.execute(PLAYS)  # no play id was kept before
        journal.db.execute("UPDATE meta SET value = ? WHERE key = 'version'", (str(VERSION),))
        journal.db.execute("COMMIT")
    except BaseException:
        if journal.db.in_transaction:
            journal.db.execute("ROLLBACK")
        raise


def _chain(journal: "Journal", version: int) -> None:
    """Version 1 -> 3: entries gain `meta` (version 2), then every session its identity and chain."""
    from companion.journal import _ENTRY, JournalError, entry_hash
    if version < 2:
        journal.db.execute("ALTER TABLE entries ADD COLUMN meta TEXT NOT NULL DEFAULT '{}'")
    columns = {row[1] for row in journal.db.execute("PRAGMA table_info(entries)")}
    if "hash" not in columns:
        for ddl in _V3_COLUMNS:
            journal.db.execute(ddl)
    journal.db.execute("INSERT OR IGNORE INTO meta VALUES ('tick', '0')")
    ids = [row[0] for row in journal.db.execute("SELECT id FROM sessions ORDER BY updated, id")]
    for session_id in ids:
        journal.db.execute("UPDATE sessions SET uid = ? WHERE id = ? AND uid = ''", (secrets.token_hex(16), session_id))
        prev = journal._origin_of(session_id)
        rows = list(journal.db.execute(_ENTRY + " WHERE session = ? ORDER BY seq", (session_id,)))
        for seq, kind, text, drawn, barrier, meta, _ in rows:
            prev = entry_hash(prev, seq, kind, text, drawn, barrier, meta)
            journal.db.execute("UPDATE entries SET hash = ? WHERE session = ? AND seq = ?", (prev, session_id, seq))
        for seq, state in list(journal.db.execute("SELECT seq, state FROM snapshots WHERE session = ?", (session_id,))):
            try:
                journal._write_snapshot(session_id, seq, state)
            except JournalError:  # a snapshot of an entry that is gone: it only saved time
                journal.db.execute("DELETE FROM snapshots WHERE session = ? AND seq = ?", (session_id, seq))
        journal._reseal(session_id)

