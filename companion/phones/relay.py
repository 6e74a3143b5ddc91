"""The phones' server in a process of its own, seen from the table: `ServerProcess` has PhoneServer's API.

The child (`companion.phones.child`, started with a lower priority) holds the sockets, serves the page and
speaks `wire`'s messages; importing aiohttp there leaves the table's interpreter free to draw. The table
keeps the game: the child hands each phone request (sync, play, log) over a socket pair, the table runs it
on its owner thread through the Hub as before, and sends back the answer and each seat's pictures,
already encoded. The child keeps a copy of the seats' keys and of which game is on the table, sent on
every change, so opening a link costs the table nothing. Whatever the child sends is JSON (the process
facing the network never has the table unpickle anything); the table sends it pickles.

The child ends with the table: when the table's process dies, however, its end of the pair closes and
the child, reading EOF, stops. A child that ends by itself is reported with `on_exit(returncode)`.
"""
from __future__ import annotations

import json
import logging
import os
import pickle
import queue
import socket
import struct
import subprocess
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from companion.refusals import Refusal

from . import DEFAULT_PORT
from .tokens import Gone, SeatKey

if TYPE_CHECKING:  # the child imports this module for Pipe: no session there
    from .hub import Hub

log = logging.getLogger("companion.phones")

NICE = 5  # the child's priority below the table's: a busy machine draws the table first
_HEADER = struct.Struct("!I")
_CALLS = frozenset({"sync", "play", "log"})
Owner = Callable[[Callable[[], Any]], Any]


class Pipe:
    """Framed messages over one end of a socket pair: JSON or pickle bytes, whole or nothing."""

    def __init__(self, sock: socket.socket):
        self.sock = sock
        self._lock = threading.Lock()

    def send(self, data: bytes) -> None:
        with self._lock:
            self.sock.sendall(_HEADER.pack(len(data)) + data)

    def recv(self) -> bytes:
        """The next message (EOFError when the other end is closed)."""
        return self._exactly(_HEADER.unpack(self._exactly(_HEADER.size))[0])

    def _exactly(self, n: int) -> bytes:
        chunks = bytearray()
        while len(chunks) < n:
            chunk = self.sock.recv(min(n - len(chunks), 1 << 20))
            if not chunk:
                raise EOFError
            chunks += chunk
        return bytes(chunks)


class ServerProcess:
    """Serves one table's phones from a child process. `start()` gives the port (OSError if it cannot
    bind, TimeoutError if the child is not serving in time), `stop()` ends it."""

    def __init__(self, hub: Hub, owner: Owner, *, host: str = "0.0.0.0", port: int = DEFAULT_PORT,
                 max_connections: int = 32, on_exit: Callable[[int], None] | None = None):
        self.hub, self.owner = hub, owner
        self.host, self.port, self.max_connections = host, port, max_connections
        self.on_exit = on_exit or (lambda returncode: None)
        self.process: subprocess.Popen | None = None
        self._pipe: Pipe | None = None
        self._out: queue.SimpleQueue = queue.SimpleQueue()  # what the writer thread sends, in order
        self._counts: dict[int, int] = {}
        self._listening = False  # whether the child has a phone on (its last report, or a sync since)
        self._table: Any = ()     # the game on the table as last sent to the child
        self._stopping = False
        self._marks = threading.Condition()  # `settle`: marks sent, and the last the child said it reached
        self._mark = self._marked = 0
        hub.push = self.push
        hub.listening = self._listening_now
        hub.tokens.changed = self._send_keys

    # -- from any thread ---------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> int:
        mine, theirs = socket.socketpair()
        root = str(Path(__file__).resolve().parents[2])  # where `companion` is imported from
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)}
        args = [str(theirs.fileno()), self.host, str(self.port), str(self.max_connections), str(NICE)]
        self.process = subprocess.Popen([sys.executable, "-m", "companion.phones.child", *args], env=env,
                                        pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL)
        theirs.close()  # only the child holds its end: its death reads as EOF here, and ours as EOF there
        self._pipe = Pipe(mine)
        self._table = self._on_table()
        self._out.put(("keys", self.hub.tokens.all()))  # first of all (a change since is queued after them)
        self._out.put(("table", self._table))
        threading.Thread(target=self._write, name="phone-relay-out", daemon=True).start()
        mine.settimeout(timeout)
        try:
            first = json.loads(self._pipe.recv())
        except (TimeoutError, EOFError) as exc:
            self._end(kill=True)
            if isinstance(exc, TimeoutError):
                raise TimeoutError(f"the phone server was not serving after {timeout:.0f} s") from None
            raise OSError(f"the phone server ended as it started (exit {self.process.returncode})") from None
        mine.settimeout(None)
        if first[0] != "started":
            self._end()
            raise OSError(first[1], first[2])
        self.port = first[1]
        threading.Thread(target=self._read, name="phone-relay-in", daemon=True).start()
        return self.port

    def stop(self, timeout: float = 5.0) -> None:
        self._stopping = True
        if self.process is None:
            return
        self._out.put(("stop",))
        self._end(timeout)

    def push(self, on_table: tuple[int, str] | None, messages: dict[int, Any]) -> None:
        self._table = on_table
        self._out.put(("push", on_table, messages))

    def settle(self, timeout: float = 2.0) -> bool:
        """Wait until the child has taken everything sent so far (keys, the game on the table): a link the
        table shows then opens at once. False when the child did not say so within `timeout`."""
        with self._marks:
            self._mark += 1
            mark = self._mark
        self._out.put(("mark", mark))
        with self._marks:
            return self._marks.wait_for(lambda: self._marked >= mark or self.process.poll() is not None, timeout)

    def connected(self) -> dict[int, int]:
        """Seat -> open sockets for the game on the table, as the child last said (it says each change)."""
        return dict(self._counts)

    def revoke(self, key: SeatKey) -> None:
        self._out.put(("revoke", key))

    # -- inside ------------------------------------------------------------------------------------
    def _on_table(self) -> tuple[int, str] | None:
        session = self.hub.session
        return None if session is None else (session.id, session.uid)

    def _listening_now(self) -> bool:
        """Asked by the Hub on the owner thread at every change of the table, another game's too: the
        child's copy of which game is on the table follows here when no picture is pushed."""
        on_table = self._on_table()
        if on_table != self._table:
            self._table = on_table
            self._out.put(("table", on_table))
        return self._listening

    def _send_keys(self) -> None:
        self._out.put(("keys", self.hub.tokens.all()))

    def _send(self, message: tuple) -> None:
        self._pipe.send(pickle.dumps(message, pickle.HIGHEST_PROTOCOL))

    def _write(self) -> None:
        while (message := self._out.get()) is not None:
            try:
                self._send(message)
            except OSError:  # the child is gone: the reader says so
                return

    def _read(self) -> None:
        try:
            while True:
                message = json.loads(self._pipe.recv())
                if message[0] == "call":
                    self._call(*message[1:])
                elif message[0] == "connected":
                    self._counts = {int(seat): n for seat, n in message[1].items()}
                    self._listening = message[2]
                elif message[0] == "marked":
                    with self._marks:
                        self._marked = message[1]
                        self._marks.notify_all()
        except (OSError, EOFError, ValueError):
            pass
        with self._marks:
            self._marks.notify_all()  # nobody waits for a child that is gone
        self._out.put(None)
        returncode = self.process.wait()
        self._counts, self._listening = {}, False
        if not self._stopping:
            log.error("the phone server's process ended (exit %s)", returncode)
            self.on_exit(returncode)

    def _call(self, n: int, method: str, key: list, message: dict | None) -> None:
        if method not in _CALLS:
            return
        if method == "sync":  # a phone is on: the next change is pushed (its report may come later)
            self._listening = True
        seat_key = SeatKey(*key)
        fn = getattr(self.hub, method)
        args = (seat_key,) if message is None else (seat_key, message)
        self.owner(lambda: fn(*args)).add_done_callback(lambda done: self._out.put(("answer", n, _outcome(done))))

    def _end(self, timeout: float = 5.0, kill: bool = False) -> None:
        if kill:
            self.process.kill()
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._out.put(None)
        self._pipe.sock.close()


def _outcome(done) -> tuple:
    """A call's result as the child rebuilds it: its value, a refusal's fields, or an error's name."""
    exc = done.exception()
    if exc is None:
        return ("ok", done.result())
    if isinstance(exc, Refusal):
        return ("gone" if isinstance(exc, Gone) else "refused", exc.code, exc.reason, exc.rule)
    log.error("a phone's request failed on the table", exc_info=exc)
    return ("error", type(exc).__name__)
