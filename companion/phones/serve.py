"""`companion serve`: the referee protocol on stdin/stdout and the phones' server, with no screen.

The main thread is the table's one writer: it runs, in order, each referee line read from stdin (by a
reader thread) and each phone request (from the server thread). Three ops join the referee's:
    {"op": "phones"}               -> "phones": [{seat, url, code, connected}], "port"
    {"op": "phone-renew", "seat"}  -> "phone": {seat, url, code}   (the old link stops working now)
    {"op": "phone-urls"}           -> "addresses": the table's LAN addresses (and .local name)
They print join secrets: on a table without a screen, whoever holds the terminal is the table.
"""
from __future__ import annotations

import json
import queue
import sys
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import IO, Any, Callable

from companion.core import BadRequest
from companion.journal import Journal
from companion.referee import Referee

from . import DEFAULT_PORT, join
from .hub import Hub
from .relay import ServerProcess
from .server import PhoneServer
from .tokens import SeatTokens

_STOP = object()


class QueueOwner:
    """Runs the functions handed to it on the thread that calls `run`, one at a time, in order."""

    def __init__(self):
        self.queue: queue.Queue = queue.Queue()

    def __call__(self, fn: Callable[[], Any]) -> Future:
        future: Future = Future()
        self.queue.put((fn, future))
        return future

    def stop(self) -> None:
        self.queue.put(_STOP)

    def run(self) -> None:
        while (item := self.queue.get()) is not _STOP:
            fn, future = item
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(fn())
                except BaseException as exc:
                    future.set_exception(exc)


def tokens_path(journal: Journal) -> Path | None:
    """The seats' keys live beside the journal (never in it); a journal in memory keeps them in memory."""
    return None if journal.path == ":memory:" else Path(journal.path).with_name("phone-keys.json")


class PhoneReferee:
    """The referee, its journal's seat keys, and the server, tied to one owner thread."""

    def __init__(self, journal: Journal, *, host: str = "0.0.0.0", port: int = DEFAULT_PORT, link_host: str | None = None,
                 process: bool = False):
        self.referee = Referee(journal)
        self.owner = QueueOwner()
        self.hub = Hub(SeatTokens(tokens_path(journal)))
        kind = ServerProcess if process else PhoneServer  # in a child process, as the app runs it (relay.py)
        self.server = kind(self.hub, self.owner, host=host, port=port)
        self.link_host = link_host or join.table_host()
        self.referee.ops.update({"phones": self.phones, "phone-renew": self.renew, "phone-urls": self.urls,
                                 "archive": self.archive})
        self.hub.attach(self.referee.session)

    def handle_line(self, line: str) -> dict[str, Any]:
        reply = self.referee.handle_line(line)
        if self.referee.session is not self.hub.session:  # new or resumed: the phones follow the table
            self.hub.attach(self.referee.session)
        return reply

    def phones(self, req: dict[str, Any]) -> dict[str, Any]:
        session = self.referee._session()
        connected = self.server.connected()
        return {"port": self.server.port, "phones": [
            {**self._link(seat, self.hub.key(seat)), "connected": connected.get(seat, 0)} for seat in self.hub.phone_seats()]}

    def renew(self, req: dict[str, Any]) -> dict[str, Any]:
        session = self.referee._session()
        seat = req.get("seat")
        if type(seat) is not int or seat not in session.game.seats:
            raise BadRequest("bad-seat", f"There is no seat {str(seat)[:20]!r} at this table.", "protocol/player")
        old = self.hub.key(seat)
        key = self.hub.renew(seat)
        self.server.revoke(old)
        return {"phone": self._link(seat, key)}

    def archive(self, req: dict[str, Any]) -> dict[str, Any]:
        """The referee's archive; the archived games' links and codes die with them (their phones are sent away)."""
        try:
            return self.referee.archive(req)
        finally:
            self.hub.attach(self.referee.session)

    def urls(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"addresses": join.lan_addresses(), "local_name": join.local_name(), "port": self.server.port}

    def _link(self, seat: int, key) -> dict[str, Any]:
        return {"seat": seat, "url": join.join_url(self.link_host, self.server.port, key.token), "code": key.code_shown}


def serve(journal: Journal, stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout, *,
          host: str = "0.0.0.0", port: int = DEFAULT_PORT) -> int:
    table = PhoneReferee(journal, host=host, port=port)
    try:
        table.server.start()
    except OSError as exc:
        print(f"companion: cannot listen for phones on port {port}: {exc.strerror or exc} [port-taken]", file=sys.stderr)
        return 2
    print(json.dumps({"ok": True, "serving": {"port": table.server.port}}), file=stdout, flush=True)

    def read() -> None:
        for line in stdin:
            done = table.owner(lambda line=line: table.handle_line(line)).result()
            stdout.write(json.dumps(done, separators=(",", ":")) + "\n")
            stdout.flush()
            if not table.referee.running:
                break
        table.owner.stop()

    threading.Thread(target=read, name="referee-stdin", daemon=True).start()
    try:
        table.owner.run()
    finally:
        table.server.stop()
    return 0
