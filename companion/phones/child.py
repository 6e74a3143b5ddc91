"""`python -m companion.phones.child FD HOST PORT MAX NICE`: the phones' server process (see relay.py).

It runs the same PhoneServer as `companion serve` does, with `Mirror` in the Hub's place: the seats' keys
and which game is on the table are copies the table keeps up to date, and each phone request is asked of
the table over the pipe on FD. It stops when the table's end of the pipe closes (the table stopped it,
or died).
"""
from __future__ import annotations

import json
import logging
import os
import pickle
import socket
import sys
from collections import namedtuple
from concurrent.futures import Future
from typing import Any

from companion.refusals import Refusal

from .relay import Pipe
from .tokens import Gone, SeatTokens

REPORT = 0.25  # seconds between looks at who is connected (the table's screens show it)
OnTable = namedtuple("OnTable", "id uid")  # all the server reads of the table's session


class Mirror:
    """The Hub as the server sees it, in the child: keys, the game on the table, and requests to the table."""

    def __init__(self, pipe: Pipe):
        self.pipe = pipe
        self.tokens = SeatTokens()  # a copy in memory: the table's store is the one on disk
        self.session: OnTable | None = None
        self.push = self.listening = None  # set by the server, called by nobody here
        self._calls: dict[int, Future] = {}
        self._next = 0

    def sync(self, key) -> Future:
        return self._call("sync", key)

    def play(self, key, message: dict[str, Any]) -> Future:
        return self._call("play", key, message)

    def log(self, key) -> Future:
        return self._call("log", key)

    def table(self, on_table) -> None:
        self.session = None if on_table is None else OnTable(*on_table)

    def answer(self, n: int, outcome: tuple) -> None:
        future = self._calls.pop(n)
        if outcome[0] == "ok":
            future.set_result(outcome[1])
        elif outcome[0] == "gone":
            future.set_exception(Gone(*outcome[1:]))
        elif outcome[0] == "refused":
            future.set_exception(Refusal(*outcome[1:]))
        else:
            future.set_exception(RuntimeError(f"the table failed ({outcome[1]})"))

    def _call(self, method: str, key, message: dict[str, Any] | None = None) -> Future:
        """On the server's loop: the request goes to the table, the Future holds its answer."""
        self._next += 1
        self._calls[self._next] = future = Future()
        key_fields = [key.session, key.seat, key.token, key.code, key.uid]
        self.pipe.send(json.dumps(["call", self._next, method, key_fields, message]).encode())
        return future


def main(fd: int, host: str, port: int, max_connections: int, nice: int) -> int:
    logging.basicConfig(level=logging.WARNING, format="phones: %(levelname)s %(name)s: %(message)s")
    try:
        os.nice(nice)
    except OSError as exc:  # the Pi's service filters setpriority out (systemd: ~@resources): serve anyway
        logging.getLogger("companion.phones").warning("the phone server runs at the table's priority (%s)", exc)
    pipe = Pipe(socket.socket(fileno=fd))
    mirror = Mirror(pipe)
    for _ in range(2):  # the keys and the game on the table come first
        _take(mirror, None, pickle.loads(pipe.recv()))
    from .server import PhoneServer  # aiohttp: in this process, never the table's
    server = PhoneServer(mirror, lambda call: call(), host=host, port=port, max_connections=max_connections)
    try:
        port = server.start()
    except OSError as exc:
        pipe.send(json.dumps(["failed", exc.errno, exc.strerror or str(exc)]).encode())
        return 2
    pipe.send(json.dumps(["started", port]).encode())
    server.loop.call_soon_threadsafe(_report, server, pipe, None)
    try:
        while True:
            message = pickle.loads(pipe.recv())
            if message[0] == "stop":
                break
            server.loop.call_soon_threadsafe(_take, mirror, server, message)  # in order, on the server's loop
    except (EOFError, OSError):
        pass  # the table is gone: so are its phones
    server.stop()
    return 0


def _take(mirror: Mirror, server, message: tuple) -> None:
    """One message from the table, on the server's loop (before the server exists: the first two)."""
    kind = message[0]
    if kind == "keys":
        mirror.tokens.replace(message[1])
    elif kind == "table":
        mirror.table(message[1])
    elif kind == "push":
        mirror.table(message[1])
        server._push(message[1], message[2])
    elif kind == "revoke":
        server.revoke(message[1])
    elif kind == "answer":
        mirror.answer(message[1], message[2])
    elif kind == "mark":  # everything sent before it is taken (the table waits for this before showing a link)
        mirror.pipe.send(json.dumps(["marked", message[1]]).encode())


def _report(server, pipe: Pipe, last) -> None:
    """Tell the table who is connected when it changes (on the server's loop, in order with the requests)."""
    now = [server.connected(), bool(server._phones)]
    if now != last:
        try:
            pipe.send(json.dumps(["connected", *now]).encode())
        except OSError:
            return
    server.loop.call_later(REPORT, _report, server, pipe, now)


if __name__ == "__main__":
    fd, host, port, max_connections, nice = sys.argv[1:6]
    sys.exit(main(int(fd), host, int(port), int(max_connections), int(nice)))
