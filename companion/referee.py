"""The referee protocol: one JSON request per line on stdin, one JSON reply per line on stdout.

Like UCI for chess engines, it makes every game scriptable from outside the process. It never dies
on bad input: whatever goes wrong becomes {"ok": false, "error": {"code", "reason", "rule"}} and
changes nothing. The ops are documented, with a worked example, in companion/PROTOCOL.md.
"""
from __future__ import annotations

import json
import sys
from typing import IO, Any, Callable

from companion import games
from companion.core import Refusal
from companion.journal import Journal
from companion.session import Session


class Referee:
    """Answers requests (dicts) for one journal; holds at most one open session."""

    def __init__(self, journal: Journal):
        self.journal = journal
        self.session: Session | None = Session.latest_unfinished(journal)
        self.running = True
        self.ops: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "new": self.new, "legal": self.legal, "play": self.play, "undo": self.undo, "redo": self.redo,
            "state": self.state, "view": self.view, "load": self.load, "sense": self.sense,
            "games": self.games, "sessions": self.sessions, "resume": self.resume, "quit": self.quit,
        }

    def handle_line(self, line: str) -> dict[str, Any]:
        try:
            request = json.loads(line)
        except ValueError as exc:
            return _refused(Refusal("bad-json", f"The request is not JSON ({exc.msg} at column {exc.colno}).", "protocol"))
        return self.handle(request)

    def handle(self, request: Any) -> dict[str, Any]:
        try:
            if not isinstance(request, dict):
                raise Refusal("bad-request", "A request is a JSON object such as {\"op\": \"state\"}.", "protocol")
            op = self.ops.get(request.get("op"))
            if op is None:
                raise Refusal("unknown-op", f"There is no op {request.get('op')!r}; the ops are {', '.join(self.ops)}.", "protocol")
            return {"ok": True, **op(request)}
        except Refusal as refusal:
            return _refused(refusal)
        except Exception as exc:  # a bug must not kill the table: report it, keep serving
            return _refused(Refusal("internal-error", f"The referee failed: {exc!r}.", "internal"))

    # -- ops ---------------------------------------------------------------------------------------

    def new(self, req: dict[str, Any]) -> dict[str, Any]:
        options = req.get("options") or {}
        if not isinstance(options, dict):
            raise Refusal("bad-request", "'options' is an object of option names and values.", "protocol/new")
        self.session = Session.start(self.journal, req.get("game"), req.get("players"), seed=req.get("seed"),
                                     options=options, table=req.get("table"))
        return {"session": self.session.id, "state": self.session.full_state()}

    def legal(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"actions": self._session().legal()}

    def play(self, req: dict[str, Any]) -> dict[str, Any]:
        session = self._session()
        events = session.play(req.get("action"))
        return {"action": session.last_action, "events": events, "state": session.full_state()}

    def undo(self, req: dict[str, Any]) -> dict[str, Any]:
        session = self._session()
        session.undo()
        return {"state": session.full_state()}

    def redo(self, req: dict[str, Any]) -> dict[str, Any]:
        session = self._session()
        events = session.redo()
        return {"events": events, "state": session.full_state()}

    def state(self, req: dict[str, Any]) -> dict[str, Any]:
        session = self._session()
        return {"state": session.full_state(), "outcome": session.outcome(), "session": session.id,
                "can_undo": session.can_undo, "can_redo": session.can_redo}

    def view(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"view": self._session().view(req.get("player"))}

    def load(self, req: dict[str, Any]) -> dict[str, Any]:
        session = self._session()
        events = session.load(req.get("state"))
        return {"events": events, "state": session.full_state()}

    def sense(self, req: dict[str, Any]) -> dict[str, Any]:
        observation = {k: v for k, v in req.items() if k != "op"}
        return {"events": self._session().sense(observation)}

    def games(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"games": [{"id": g.id, "title": g.title, "min_players": g.min_players,
                           "max_players": g.max_players, "available": g.available}
                          for g in games.REGISTRY.values()]}

    def sessions(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"sessions": [{"session": r.id, "game": r.game, "players": r.players, "finished": r.finished,
                              "actions": r.head, "updated": r.updated, "summary": r.summary}
                             for r in self.journal.sessions()]}

    def resume(self, req: dict[str, Any]) -> dict[str, Any]:
        session_id = req.get("session")
        if not isinstance(session_id, int):
            raise Refusal("bad-request", "'session' is a session number from the 'sessions' op.", "protocol/resume")
        self.session = Session.resume(self.journal, session_id)
        return {"session": session_id, "state": self.session.full_state()}

    def quit(self, req: dict[str, Any]) -> dict[str, Any]:
        self.running = False
        return {}

    def _session(self) -> Session:
        if self.session is None:
            raise Refusal("no-session", "No game is open: start one with {\"op\": \"new\", ...}.", "protocol")
        return self.session


def _refused(refusal: Refusal) -> dict[str, Any]:
    return {"ok": False, "error": refusal.as_dict()}


def serve(journal: Journal, stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout) -> int:
    referee = Referee(journal)
    for line in stdin:
        if not line.strip():
            continue
        reply = referee.handle_line(line)
        stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.flush()
        if not referee.running:
            break
    return 0
