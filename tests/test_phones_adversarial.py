"""The phones' server under attack: real sockets on 127.0.0.1, the real server, a real journal.

Each test is one way of breaking the phones that once worked (a bug found in the adversarial pass),
named after the rule it checks. Rule ids: phones/token (the link decides the seat, and stays secret),
phones/message (shape, size, rate, and what the server holds for a phone).
"""
from __future__ import annotations

import base64
import logging
import os
import socket
import time

import pytest

from phone_helpers import PhoneTable

LEGENDS = "legends-of-the-arena"


@pytest.fixture
def legends4(tmp_path):
    table = PhoneTable(tmp_path / "j.sqlite", LEGENDS, 4, seed=5, options={"mode": "ffa"})
    yield table
    table.close()


def raw_socket(table: PhoneTable, token: str) -> socket.socket:
    """A phone's WebSocket opened by hand on a plain socket with a small receive buffer, so that what it
    does not read stays on the server's side."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.settimeout(10)
    s.connect(("127.0.0.1", table.port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /s/{token}/ws HTTP/1.1\r\nHost: 127.0.0.1:{table.port}\r\nOrigin: {table.base}\r\n"
               f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    assert b" 101 " in head.split(b"\r\n")[0], head
    return s


def pong() -> bytes:
    """An unsolicited (masked, empty) PONG frame: it tells the server the phone is alive without reading."""
    return bytes([0x8A, 0x80]) + os.urandom(4)


def changes(table: PhoneTable, count: int, keep_alive: list[socket.socket] = ()) -> None:
    """`count` changes of the table (one Legends pick by seat 2, undone and redone), every phone pushed each time."""
    session = table.table.referee.session
    if not hasattr(table, "picked_at"):
        table.ok({"op": "play", "action": table.ok({"op": "legal", "player": 2})["actions"][0], "player": 2})
        table.picked_at = session.head
    for i in range(count):
        table.ok({"op": "undo"} if session.head == table.picked_at else {"op": "redo"})
        if i % 25 == 0:
            for s in keep_alive:
                try:
                    s.sendall(pong())
                except OSError:
                    pass


def waiting(table: PhoneTable) -> int:
    """Bytes the server holds, over all its connections, that their phones have not read (its memory for them)."""
    return sum(h.transport.get_write_buffer_size() for h in table.table.server._runner.server.connections if h.transport)


def read_to_end(s: socket.socket) -> int:
    """Read until the server closes the socket; the bytes read (a timeout means it never closed it)."""
    total = 0
    while True:
        try:
            chunk = s.recv(1 << 16)
        except ConnectionResetError:
            return total
        if not chunk:
            return total
        total += len(chunk)


def test_phones_message_a_phone_that_never_reads_is_dropped_instead_of_piling_up_its_pushes(legends4):
    # a phone that keeps its socket alive (pongs) but never reads: every change of the table used to pile up
    # one more picture (18 kB at a 4-player Legends table) in the server's memory, without end
    silent = raw_socket(legends4, legends4.token(1))
    most = 0
    for _ in range(8):
        changes(legends4, 50, keep_alive=[silent])
        most = max(most, waiting(legends4))
    assert most <= legends4.table.server.max_backlog + 64 * 1024
    read_to_end(silent)  # the server dropped it (a timeout here: it still holds it)
    silent.close()


def test_phones_message_the_server_stops_at_once_with_phones_that_do_not_read(tmp_path):
    table = PhoneTable(tmp_path / "j.sqlite", LEGENDS, 4, seed=5, options={"mode": "ffa"}, max_backlog=1 << 30)
    sockets = [raw_socket(table, table.token(seat)) for seat in (1, 2, 3, 4)]
    try:
        changes(table, 300)
        server = table.table.server
        server.stop(timeout=15)
        assert not server._thread.is_alive()
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", table.port), timeout=2).close()
    finally:
        for s in sockets:
            s.close()
        table.close()


@pytest.mark.parametrize("raw", [
    "GET /s/{token}/ws HTTP/1.1\r\nHost: x\r\nBad Header\x01: y\r\n\r\n",
    "G\x01T /s/{token} HTTP/1.1\r\n\r\n",
    "GET /s/{token}\x00 HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET /s/{token} HTTP/9.9\r\n\r\n",
], ids=["bad-header", "bad-method", "bad-path", "bad-version"])
def test_phones_token_a_request_the_server_cannot_read_is_refused_without_logging_its_token(legends4, caplog, raw):
    # aiohttp logs such a request with its raw first line at ERROR; the line held the seat's link
    caplog.set_level(logging.DEBUG)
    token = legends4.token(1)
    with socket.create_connection(("127.0.0.1", legends4.port), timeout=10) as s:
        s.sendall(raw.format(token=token).encode())
        assert s.recv(4096).startswith(b"HTTP/1.0 400")
    assert any("Error handling request" in r.getMessage() for r in caplog.records)  # still logged, as a refusal
    assert token not in caplog.text
    assert all(token not in r.getMessage() and token not in (r.exc_text or "") for r in caplog.records)
