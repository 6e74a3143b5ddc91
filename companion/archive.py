"""Archiving: a finished session leaves the journal for a file of its own (an export, checked by import)."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Iterator

from companion.core import BadRequest, Refusal
from companion.exports import write_new
from companion.journal import Journal
from companion.session import Session

log = logging.getLogger("companion.archive")


def archive(journal: Journal, session_id: int, out, *, force: bool = False) -> int:
    """Write a finished session's export to `out` (through a temporary file, synced, read back and checked
    by import, then renamed into place; an existing `out` is refused unless `force`), then remove it from
    the journal, so the journal holds only the tables still in use. Returns how many entries it wrote."""
    record = journal.session(session_id)
    if not record.finished:
        raise BadRequest("not-finished", f"Session {session_id} is not finished; only finished sessions are archived.", "export")
    lines = list(Session(journal, session_id).export_lines())

    def check(path: Path) -> None:  # the file brings the session back before the journal lets go
        with open(path, encoding="utf-8") as back:
            Session.import_lines(Journal(), back)
    write_new(out, "".join(line + "\n" for line in lines), force=force, check=check)
    journal.delete_session(session_id)
    return len(lines) - 1


def archive_finished(journal: Journal, folder) -> Iterator[Path]:
    """Archive every finished session into `folder` (made if missing), one file each named after its
    game and session, oldest first, yielding each file once written (a caller can show progress).
    A failure stops there: the sessions archived before it are in their files and gone from the
    journal; the failing one and the rest stay in the journal. A session that cannot be opened now (`cannot-open`,
    or damaged) is passed over and stays in the journal, as the referee's start-up passes over it."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for record in sorted((r for r in journal.sessions() if r.finished), key=lambda r: r.id):
        out = folder / f"{record.game}-session-{record.id}.jsonl"
        n = 1
        while out.exists():  # a session id can come again in a new journal: never overwrite an archive
            n += 1
            out = folder / f"{record.game}-session-{record.id}-{n}.jsonl"
        try:
            archive(journal, record.id, out)
        except Refusal as refusal:
            if refusal.code not in ("cannot-open", "journal-damaged"):
                raise
            log.error("%s", refusal.reason)
            continue
        yield out
