"""The referee protocol: one JSON request per line on stdin, one JSON reply per line on stdout.

Like UCI for chess engines, it makes every game scriptable from outside the process. It never dies
on bad input: whatever goes wrong becomes {"ok": false, "error": {"code", "reason", "rule", "kind"}}
and changes nothing. The ops are documented, with a worked example, in companion/PROTOCOL.md.
It knows no game: everything game-shaped comes from the game's type, turn and outcome.
"""
from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import IO, Any, Callable

from companion import games, rules
from companion.archive import archive_finished
from companion.core import BadRequest, InternalError, Refusal
from companion.journal import Journal, JournalError
from companion.session import Session

log = logging.getLogger("companion.referee")


class Referee:
    """Answers requests (dicts) for one journal; holds at most one open session."""

    def __init__(self, journal: Journal):
        self.journal = journal
        self.session: Session | None = Session.latest_unfinished(journal)
        self.running = True
        self.ops: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "new": self.new, "legal": self.legal, "play": self.play, "hint": self.hint, "undo": self.undo,
            "redo": self.redo, "state": self.state, "view": self.view, "load": self.load, "sense": self.sense,
            "games": self.games, "sessions": self.sessions, "resume": self.resume, "archive": self.archive,
            "rules": self.rules, "quit": self.quit,
        }

    def handle_line(self, line: str) -> dict[str, Any]:
        if not line.strip():
            return _refused(BadRequest("bad-json", "The line is empty; a request is one JSON object.", "protocol/json"))
        try:
            request = json.loads(line)
        except ValueError as exc:
            where = f" ({exc.msg} at column {exc.colno})" if hasattr(exc, "colno") else ""
            return _refused(BadRequest("bad-json", f"The request is not JSON{where}.", "protocol/json"))
        except RecursionError:
            return _refused(BadRequest("bad-json", "The request is nested too deeply.", "protocol/json"))
        return self.handle(request)

    def handle(self, request: Any) -> dict[str, Any]:
        try:
            if not isinstance(request, dict):
                raise BadRequest("bad-request", "A request is a JSON object such as {\"op\": \"state\"}.", "protocol/request")
            op_name = request.get("op")
            op = self.ops.get(op_name) if isinstance(op_name, str) else None
            if op is None:
                raise BadRequest("unknown-op", f"There is no op {str(op_name)[:30]!r}; the ops are {', '.join(self.ops)}.",
                                 "protocol/request")
            return {"ok": True, **op(request)}
        except Refusal as refusal:
            return _refused(refusal)
        except Exception:  # a bug must not kill the table: log it, say so plainly, keep serving
            log.exception("referee request failed")
            return _refused(InternalError("an unexpected error while answering the request"))

    # -- ops ---------------------------------------------------------------------------------------

    def new(self, req: dict[str, Any]) -> dict[str, Any]:
        seed = req.get("seed")
        if isinstance(seed, (dict, list)):
            raise BadRequest("bad-request", "'seed' is a number or a text.", "protocol/new")
        table = req.get("table")
        if table is not None and not isinstance(table, dict):
            raise BadRequest("bad-request", "'table' is an object (names, colors).", "protocol/new")
        self.session = Session.start(self.journal, req.get("game"), req.get("players"), seed=seed,
                                     options=req.get("options"), table=table)
        return {"session": self.session.id, "state": self.session.full_state()}

    def legal(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"actions": self._session().legal(req.get("player"))}

    def play(self, req: dict[str, Any]) -> dict[str, Any]:
        session = self._session()
        player = req.get("player")
        events = session.play(req.get("action"), player)
        if player is None:
            return {"action": session.last_action, "actions": session.last_actions, "events": session.told(events),
                    "state": session.full_state()}
        return {"action": session.last_action, "events": session.told(session.events_for(events, player)),
                "view": session.view(player)}

    def hint(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"action": self._session().hint(req.get("level"), req.get("seconds", 1.0), req.get("player"))}

    def undo(self, req: dict[str, Any]) -> dict[str, Any]:
        session = self._session()
        events = session.undo()
        return {"events": session.told(events), "state": session.full_state()}

    def redo(self, req: dict[str, Any]) -> dict[str, Any]:
        session = self._session()
        events = session.redo()
        return {"events": session.told(events), "state": session.full_state()}

    def state(self, req: dict[str, Any]) -> dict[str, Any]:
        session = self._session()
        outcome = session.outcome()
        return {"state": session.full_state(), "turn": session.turn().to_dict(),
                "outcome": None if outcome is None else outcome.to_dict(), "session": session.id,
                "can_undo": session.can_undo, "can_redo": session.can_redo}

    def view(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"view": self._session().view(req.get("player"))}

    def load(self, req: dict[str, Any]) -> dict[str, Any]:
        session = self._session()
        events = session.load(req.get("state"))
        return {"events": session.told(events), "state": session.full_state()}

    def sense(self, req: dict[str, Any]) -> dict[str, Any]:
        observation = {k: v for k, v in req.items() if k != "op"}
        session = self._session()
        return {"events": session.told(session.sense(observation))}

    def games(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"games": [cls.info() for cls in games.REGISTRY.values()]}

    def sessions(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"sessions": [{"session": r.id, "game": r.game, "players": r.players, "finished": r.finished,
                              "actions": r.head, "updated": r.updated, "summary": r.summary}
                             for r in self.journal.sessions()]}

    def resume(self, req: dict[str, Any]) -> dict[str, Any]:
        session_id = req.get("session")
        if type(session_id) is not int:
            raise BadRequest("bad-request", "'session' is a session number from the 'sessions' op.", "protocol/request")
        self.session = Session.resume(self.journal, session_id)
        return {"session": session_id, "state": self.session.full_state()}

    def archive(self, req: dict[str, Any]) -> dict[str, Any]:
        """Every finished session to its own file in `folder` (default: `archive` beside the journal), then out
        of the journal, as the app's home screen does; the game on the table goes with it if it is finished."""
        folder = req.get("folder")
        if folder is None and self.journal.path != ":memory:":
            folder = Path(self.journal.path).parent / "archive"
        if not isinstance(folder, (str, Path)) or not str(folder):
            raise BadRequest("bad-request", "'folder' names the folder to write the archives in (a journal in memory "
                             "has none beside it).", "protocol/request")
        files: list[str] = []
        try:
            for out in archive_finished(self.journal, folder):
                files.append(str(out))
        except OSError as exc:
            raise JournalError("cannot-write", f"Cannot write in {folder} ({exc.strerror or exc}): {len(files)} "
                               "finished sessions were archived before it, the others are still in the journal.",
                               "export") from None
        finally:
            if self.session is not None and self.session.id not in {r.id for r in self.journal.sessions()}:
                self.session = None  # it was archived: no game on the table now
        return {"files": files}

    def rules(self, req: dict[str, Any]) -> dict[str, Any]:
        rule = req.get("rule")
        if rule is not None:
            text = rules.explain(rule) if isinstance(rule, str) else None
            if text is None and isinstance(rule, str) and "/" not in rule:  # a short id, `TR-13`, as the CLI takes it
                game = req.get("game") or (self.session.game.id if self.session is not None else None)
                full = [f"{g}/{rule}" for g in ([game] if game else games.REGISTRY) if rules.explain(f"{g}/{rule}")]
                if len(full) == 1:
                    rule, text = full[0], rules.explain(full[0])
                elif full:
                    raise BadRequest("unknown-rule", f"Rule {rule[:40]!r} is in several games: {', '.join(full)}; "
                                     "give the full id or the game.", "protocol/request")
            if text is None:
                raise BadRequest("unknown-rule", f"The rules reference has no rule {str(rule)[:40]!r}.", "protocol/request")
            return {"rules": {rule: text}}
        return {"rules": rules.reference(req.get("game"))}

    def quit(self, req: dict[str, Any]) -> dict[str, Any]:
        self.running = False
        return {}

    def _session(self) -> Session:
        if self.session is None:
            raise BadRequest("no-session", "No game is open: start one with {\"op\": \"new\", ...}.", "protocol/session")
        return self.session


def _refused(refusal: Refusal) -> dict[str, Any]:
    return {"ok": False, "error": {**refusal.as_dict(), "kind": refusal.kind}}


def serve(journal: Journal, stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout) -> int:
    referee = Referee(journal)
    for line in stdin:
        reply = referee.handle_line(line)
        stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.flush()
        if not referee.running:
            break
    return 0
