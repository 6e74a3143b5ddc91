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


def upgrade(journal: "Journal", version: int, current: int, plays: str) -> None:
    """Version 1 -> 2: entries gain `meta`; old barriers keep their meaning (see journal._V1_STOPS). 2 -> 3: every session gets an identity, its entries their chain, its
    snapshots their hashes, its row a seal, in the order of its last write (`tick`). 3 -> 4: a table of play ids (`plays`,
    the journal's own statement). The file is then marked `current` (the journal's VERSION)."""
    journal.db.execute("BEGIN IMMEDIATE")
    try:
        if version < 3:
            _chain(journal, version)
        journal.db.execute(plays)  # no play id was kept before
        journal.db.execute("UPDATE meta SET value = ? WHERE key = 'version'", (str(current),))
        journal.db.execute("COMMIT")
    except BaseException:
        if journal.db.in_transaction:
            journal.db.execute("ROLLBACK")
        raise


def _chain(journal: "Journal", version: int) -> None:
    """Version 1 -> 3: entries gain `meta` (version 2), then every session its identity and chain."""
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
        journal.rechain(session_id)

