"""A session as a file: export, import and archive (`Session.export_lines`, `Session.import_lines`,
`archive.archive` call these).

An export is JSON lines: a header (format, version, game, seats, seed, options, table, the session's
identity `uid`, how many entries follow, and `chain`: the hash of the last line), then one line per
entry in effect, each carrying `hash`, the SHA-256 of the line before it's hash (the header's for the
first) and its own content. Import checks everything before it writes anything: the chain (a changed,
removed, added or reordered line is refused, naming it), every action against the rules, every chance
outcome the session drew against what its seed draws there, and the identity (the same export twice is
`already-imported`). It writes snapshots as play does, so an imported session resumes as fast.

Files are written beside their final name, synced and renamed into place, so a crash leaves the old
file or the new one, never half of one; an existing file is refused (`file-exists`) unless `force`.
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import random
import tempfile
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Callable, Iterable

from companion import games
from companion.core import CHANCE, Action, BadRequest, Refusal, State
from companion.journal import Entry, Journal
from companion.quoting import quoted
from companion.table_data import check_table

if TYPE_CHECKING:
    from companion.session import Session

EXPORT_FORMAT = "board-companion-session"
EXPORT_VERSION = 3  # 2: the header counts the entries; 3: lines chained by hash, the session's identity
#: the longest seed a session takes (a number or a text)
MAX_SEED = 256

log = logging.getLogger("companion.exports")


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def _origin(header: dict[str, Any]) -> str:
    """Where an export's chain starts: its header but the chain itself and the count (the chain covers that)."""
    return _sha(_canonical({k: v for k, v in header.items() if k not in ("chain", "entries")}))


def _link(prev: str, record: dict[str, Any]) -> str:
    return _sha(f"{prev}\n{_canonical(record)}")


def export_lines(session: "Session") -> Iterable[str]:
    """The session as JSON lines: a header, then every entry in effect, the whole chain checked first.
    A secret action not yet revealed is written as its salted commitment only; after the reveal with
    its text and salt."""
    record = session.journal.session(session.id)
    entries = [e for e in session.journal.verified(record) if e.seq <= session.head]
    header = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "game": session.game.id,
              "players": session.game.players, "seed": session.seed, "options": session.game.options,
              "table": session.table, "uid": record.uid,
              "entries": len(entries)}  # a file cut short at a line's end is refused, not a shorter game
    last_reveal = max((i for i, e in enumerate(entries) if e.reveals), default=-1)  # opens all up to it
    records = []
    for i, e in enumerate(entries):
        line: dict[str, Any] = {"kind": e.kind, "drawn": e.drawn}
        if e.by != "table":
            line["by"] = e.by
        if e.kind == "load":
            line["state"] = json.loads(e.text)
        elif e.secret is None:
            line["action"] = e.text
        else:
            line["secret"] = {"redacted": e.secret["redacted"], "commitment": commitment(e.secret["salt"], e.text)}
            if i <= last_reveal:
                line["action"], line["secret"]["salt"] = e.text, e.secret["salt"]
        records.append(line)
    chain = _origin(header)
    for line in records:
        chain = _link(chain, line)
        line["hash"] = chain
    header["chain"] = chain
    yield json.dumps(header, sort_keys=True)
    for line in records:
        yield json.dumps(line, sort_keys=True)


def import_lines(cls: type["Session"], journal: Journal, lines: IO[str] | Iterable[str], snapshot_every: int) -> "Session":
    """A new session from `export_lines`, every entry checked; all or nothing. A snapshot every
    `snapshot_every` entries, as play writes them."""
    it = iter(enumerate(lines, 1))
    try:
        first = next(it)[1]
        header = json.loads(first)
    except (StopIteration, ValueError, RecursionError):
        raise BadRequest("bad-export", "The file does not start with a Board Companion session header.", "export") from None
    if not isinstance(header, dict) or header.get("format") != EXPORT_FORMAT:
        raise BadRequest("bad-export", "The file is not a Board Companion session export.", "export")
    chain = header.get("chain")
    version = header.get("version")
    if type(version) is int and version >= 3 and not isinstance(chain, str):
        raise BadRequest("bad-export", "The file's header lost its chain: it was changed since it was written.", "export")
    link = _origin(header) if chain is not None else None
    seed = header.get("seed", "")
    if not isinstance(seed, str) or len(seed) > MAX_SEED:
        raise BadRequest("bad-export", f"The file's seed is not a text of at most {MAX_SEED} characters: "
                         f"{quoted(seed)}.", "export")
    try:
        game = games.make_game(header.get("game"), header.get("players"), header.get("options"))
    except Refusal:
        raise
    except Exception:
        raise BadRequest("bad-export", "The file's header does not name a game, its seats and its options.", "export") from None
    table = check_table(header.get("table"), game)
    uid = header.get("uid")
    if uid is not None and (not isinstance(uid, str) or not 0 < len(uid) <= 64):
        raise BadRequest("bad-export", f"The file's session identity is not one: {quoted(uid)}.", "export")
    identity = hashlib.sha256(first.strip().encode("utf-8", "surrogatepass"))  # for an export written without one
    state, entries, draws, snapshots = game.new_state(), [], 0, {}
    for number, line in it:
        if not line.strip():
            continue
        identity.update(line.strip().encode("utf-8", "surrogatepass"))
        try:
            record = json.loads(line)
            stated = record.pop("hash", None) if isinstance(record, dict) else None
            drawn = bool(record.get("drawn"))
            if record["kind"] == "load":
                state = game.state_from_dict(record["state"])
                entry = Entry(0, "load", json.dumps(state.to_dict(), sort_keys=True), False)
            elif record["kind"] == "action":
                text = opened(record)
                action = game.parse_action(text)
                if drawn:
                    _check_drawn(state, action, seed, draws)
                events = state.apply(action)
                entry = cls._entry(state, action, events, drawn, record.get("by", "table"))  # stops recomputed
            else:
                raise KeyError("kind")
            if link is not None:  # after the rules and commitments, which say more about what is wrong
                link = _link(link, record)
                if stated != link:
                    raise BadRequest("bad-export", "it was changed, moved or removed since the file was written (it "
                                     "does not match the file's chain).", "export")
        except Refusal as refusal:
            raise _at_line(refusal, number) from None
        except Exception as exc:  # whatever the line holds, never a traceback
            log.info("import: line %s: %s", number, type(exc).__name__)
            raise BadRequest("bad-export", f"Line {number} is not a journal entry.", "export") from None
        entries.append(entry)
        draws += entry.kind == "action" and action.chance
        if len(entries) % snapshot_every == 0:
            snapshots[len(entries)] = state.to_dict()
    written = header.get("entries", len(entries))  # exports before this count was written have none
    if written != len(entries):
        raise BadRequest("bad-export", f"The file holds {len(entries)} of the {str(written)[:12]} entries it was "
                         "written with: it was cut short or added to.", "export")
    if link is not None and link != chain:
        raise BadRequest("bad-export", "The file's last entries were removed or changed since it was written (its "
                         "chain ends elsewhere).", "export")
    uid = uid or f"import-{identity.hexdigest()[:32]}"
    with journal.transaction():
        existing = journal.find_uid(uid)
        if existing is not None:
            raise BadRequest("already-imported", f"This file is session {existing} of the journal already (a session's "
                             "identity travels in its export); it was not imported again.", "export")
        session_id = journal.create_session(game.id, game.players, seed, game.options, uid=uid)
        for seq, entry in enumerate(entries, 1):
            journal.append(session_id, entry.at(seq))
            if seq in snapshots:
                journal.save_snapshot(session_id, seq, snapshots[seq])
        journal.set_position(session_id, head=len(entries), draws=draws, finished=state.is_over(),
                             summary={"table": table})
    return cls.resume(journal, session_id)


def _check_drawn(state: State, action: Action, seed: str, draws: int) -> None:
    """A chance outcome the session drew must be what its seed draws at that position (see Session._rng)."""
    def rng() -> random.Random:
        return random.Random(f"{seed}:{draws}")
    if state.turn().kind == CHANCE:
        expected = [state.automatic(rng())]
    else:
        expected = [state.complete(a, rng()) for a in state.legal_actions() if a.incomplete]
    if str(action) not in {str(e) for e in expected if e is not None}:
        raise BadRequest("not-drawn", f"{quoted(str(action))} is marked as drawn by the session, but its seed does not "
                         "draw it there: the file was changed.", "export")


def _at_line(refusal: Refusal, number: int) -> Refusal:
    """The same refusal (its class, code and rule), its reason saying which line (whatever the class's
    own constructor takes)."""
    moved = type(refusal).__new__(type(refusal))
    moved.__dict__.update(refusal.__dict__)
    moved.reason = f"Line {number}: {refusal.reason}"
    moved.args = (f"{refusal.code}: {moved.reason}",)
    return moved


def write_new(out: str | os.PathLike, text: str, *, force: bool = False,
              check: Callable[[Path], None] | None = None) -> None:
    """Write `text` to `out` through a temporary file beside it (synced, then `check`ed), renamed into place:
    a crash leaves the old file or the new one, never half. An existing `out` is refused (`file-exists`)
    unless `force`; an OSError (no such folder, a full disk) propagates, with nothing left behind."""
    out = Path(out)
    check_new(out, force=force)
    fd, name = tempfile.mkstemp(dir=out.parent, prefix=f".{out.name}.", suffix=".partial")
    tmp = Path(name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if check is not None:
            check(tmp)
        if force:
            os.replace(tmp, out)
        else:
            try:
                os.link(tmp, out)  # never replaces: fails if `out` appeared meanwhile
            except FileExistsError:
                raise _exists(out) from None
            except OSError:  # a file system without hard links (a FAT memory stick)
                if os.path.lexists(out):
                    raise _exists(out) from None
                os.replace(tmp, out)
        _sync_folder(out.parent)
    finally:
        try:
            tmp.unlink()
        except FileNotFoundError:
            pass


def check_new(out: str | os.PathLike, *, force: bool = False) -> None:
    """Refuse an `out` that is there already (`file-exists`), unless `force`."""
    if not force and os.path.lexists(out):
        raise _exists(Path(out))


def _exists(out: Path) -> BadRequest:
    return BadRequest("file-exists", f"{out} exists already; it was left as it is (write to a new file, or "
                      "give --force to replace it).", "export")


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def commitment(salt: str, text: str) -> str:
    return hashlib.sha256(f"{salt}\n{text}".encode()).hexdigest()


def opened(record: dict[str, Any]) -> str:
    """The action text of an exported entry, checked against its commitment if it was secret."""
    secret = record.get("secret")
    if secret is None:
        return record["action"]
    if "action" not in record or "salt" not in secret:
        raise BadRequest("sealed-export", "The export holds a secret action that was not revealed yet; "
                         "export again after the reveal.", "export")
    if commitment(secret["salt"], record["action"]) != secret["commitment"]:
        raise BadRequest("bad-commitment", "A secret action does not match the commitment made when it was played.", "export")
    return record["action"]
