"""Seat tokens: a join link's secret is the capability to be one seat of one session.

Each (session, seat) has at most one token (128 bits from `secrets`, URL-safe) and one short code
(8 letters and digits without look-alikes, for typing when a camera will not read the QR code). Giving
the seat a new pair drops the old one at once. A key names its session's identity (`Session.uid`) as
well as its number: the journal gives a removed session's number to a later game, whose seats then get
keys of their own, and an old link never opens it. The store keeps the pairs in a file of its own beside
the journal (mode 0600, written whole and renamed), never in the journal: exports carry no token. A
token is looked up by its SHA-256, so the map from secrets to seats holds no secret itself, and the
code is accepted only through the rate-limited join request.
"""
from __future__ import annotations

import hashlib
import json
import os
import secrets
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from companion.refusals import Refusal

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
CODE_LENGTH = 8
TOKEN_BYTES = 16  # 128 bits


class Gone(Refusal):
    """This link opens nothing now: replaced, unknown, or of a game that is not on the table."""


@dataclass(frozen=True)
class SeatKey:
    """One seat's join secrets: the token in the link and the short code (shown as ABCD-EFGH)."""

    session: int
    seat: int
    token: str
    code: str
    uid: str = ""  # the session's identity (`Session.uid`)

    @property
    def code_shown(self) -> str:
        return f"{self.code[:4]}-{self.code[4:]}"


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def normal_code(typed: str) -> str:
    """A typed code as stored: upper case, without spaces or dashes."""
    return "".join(ch for ch in typed.upper() if ch not in " -")


class SeatTokens:
    """The seats' tokens, thread-safe (the server thread looks up, the table's thread gives out)."""

    def __init__(self, path: Path | str | None = None):
        self.path = Path(path) if path is not None else None
        self._lock = threading.Lock()
        self._keys: dict[tuple[int, int], SeatKey] = {}
        self._by_token: dict[str, SeatKey] = {}
        self._by_code: dict[str, SeatKey] = {}
        #: called (outside the lock) after the keys changed: the phones' server process keeps a copy
        self.changed: Callable[[], None] = lambda: None
        self._load()

    def key(self, session: int, seat: int, uid: str = "") -> SeatKey:
        """The seat's current key, made on first use (and anew for another session of the same number)."""
        with self._lock:
            key = self._keys.get((session, seat))
            made = key is None or key.uid != uid
            if made:
                key = self._make(session, seat, uid)
        if made:
            self.changed()
        return key

    def renew(self, session: int, seat: int, uid: str = "") -> SeatKey:
        """A new key for the seat (a lost or changed phone): the old token and code stop working now."""
        with self._lock:
            key = self._make(session, seat, uid)
        self.changed()
        return key

    def seat_of(self, token: str) -> SeatKey | None:
        """The key whose token this is, or None (unknown, replaced, or never given)."""
        if not isinstance(token, str) or len(token) > 64:
            return None
        with self._lock:
            return self._by_token.get(digest(token))

    def by_code(self, typed: str) -> SeatKey | None:
        if not isinstance(typed, str) or len(typed) > 32:
            return None
        code = normal_code(typed)
        with self._lock:
            return self._by_code.get(digest(code)) if len(code) == CODE_LENGTH else None

    def is_current(self, key: SeatKey) -> bool:
        with self._lock:
            return self._keys.get((key.session, key.seat)) == key

    def keep(self, live: set[tuple[int, str]]) -> None:
        """Drop every key of a session not among `live` (session, uid) pairs: it finished, or was archived (its
        number may already be another game's), so its links and codes open nothing and the file stops growing."""
        with self._lock:
            gone = [k for k, key in self._keys.items() if (key.session, key.uid) not in live]
            for seat_key in gone:
                self._drop(self._keys.pop(seat_key))
            if gone:
                self._save()
        if gone:
            self.changed()

    def all(self) -> list[SeatKey]:
        """Every current key (for the copy the phones' server process holds)."""
        with self._lock:
            return list(self._keys.values())

    def replace(self, keys: list[SeatKey]) -> None:
        """Hold exactly `keys` (the phones' server process's copy of the table's store)."""
        with self._lock:
            self._keys.clear()
            self._by_token.clear()
            self._by_code.clear()
            for key in keys:
                self._add(key)

    # -- inside ------------------------------------------------------------------------------------
    def _make(self, session: int, seat: int, uid: str) -> SeatKey:
        old = self._keys.get((session, seat))
        if old is not None:
            self._drop(old)
        key = SeatKey(session, seat, secrets.token_urlsafe(TOKEN_BYTES),
                      "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH)), uid)
        self._add(key)
        self._save()
        return key

    def _add(self, key: SeatKey) -> None:
        self._keys[(key.session, key.seat)] = key
        self._by_token[digest(key.token)] = key
        self._by_code[digest(key.code)] = key

    def _drop(self, key: SeatKey) -> None:
        self._by_token.pop(digest(key.token), None)
        self._by_code.pop(digest(key.code), None)

    def _load(self) -> None:
        if self.path is None or not self.path.exists():
            return
        try:
            rows = json.loads(self.path.read_text(encoding="utf-8"))
            for row in rows:
                self._add(SeatKey(int(row["session"]), int(row["seat"]), str(row["token"]), str(row["code"]),
                                  str(row.get("uid", ""))))
        except (OSError, ValueError, TypeError, KeyError):
            # an unreadable file only costs the phones a new join: start empty, keep the file for a look
            self._keys.clear()
            self._by_token.clear()
            self._by_code.clear()

    def _save(self) -> None:
        if self.path is None:
            return
        rows = [{"session": k.session, "seat": k.seat, "token": k.token, "code": k.code, "uid": k.uid}
                for k in self._keys.values()]
        tmp = self.path.with_name(self.path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(rows, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)
