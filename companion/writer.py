"""One writer a journal: a program that writes a journal file (a table: `companion app`, `serve`, `referee`;
or `archive`, `import`) first takes an OS lock on a file beside it, `journal.sqlite.lock`, and holds it
until it ends. Another writer is refused at once, with the holder's name and process id, which the holder
wrote into the lock file. The OS lets go of the lock when the holder dies in any way (a SIGKILL, a power
cut), so a stale lock cannot stay behind. Readers (`sessions`, `export`) take no lock.

The lock is per open file, so it belongs to the command line's programs: a process that opens one journal
twice (the tests, the app's own reads) is not refused by itself.
"""
from __future__ import annotations

import fcntl
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from companion.journal import JournalError


def lock_path(journal: str | os.PathLike) -> Path:
    journal = Path(journal)
    return journal.with_name(journal.name + ".lock")


@contextmanager
def writing(journal: str | os.PathLike | None, holder: str) -> Iterator[None]:
    """Hold `journal`'s writer lock (None: a journal in memory, nobody else's) for the `with` block, naming
    this process `holder` (e.g. "companion serve"). A journal another process holds: JournalError."""
    fd = None if journal is None else _hold(journal, holder)
    try:
        yield
    finally:
        if fd is not None:
            os.close(fd)  # the lock goes with the file


def _hold(journal: str | os.PathLike, holder: str) -> int | None:
    """The locked lock file's descriptor (None: a folder where no file can be made, where no program can
    write the journal either)."""
    path = lock_path(journal)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)  # readable: the holder's name is for all
    except PermissionError:  # another user's lock file: it locks as well read-only
        try:
            fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            return None
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        try:
            name = os.read(fd, 200).decode("utf-8", "replace").strip() or "another program"
        finally:
            os.close(fd)
        raise JournalError("journal-in-use", f"The journal {journal} is in use by {name}: one program writes a "
                           "journal at a time. Stop that one first, or do this from it (its home screen, or the "
                           "referee's ops).", "journal/one-writer") from None
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{holder} (process {os.getpid()})".encode(), 0)
    except OSError:  # opened read-only: held all the same, only unnamed
        pass
    return fd
