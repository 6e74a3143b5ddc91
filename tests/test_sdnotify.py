"""sd_notify against real AF_UNIX datagram sockets, as systemd would listen."""

import os
import socket
import tempfile

import pytest

from companion import sdnotify
from companion.sdnotify import Notifier


def _receive_all(sock):
    """Every datagram waiting on the socket, decoded."""
    messages = []
    sock.setblocking(False)
    while True:
        try:
            messages.append(sock.recv(4096).decode())
        except BlockingIOError:
            return messages


@pytest.fixture
def systemd_socket(tmp_path, monkeypatch):
    """A bound path socket standing in for systemd's; NOTIFY_SOCKET points at it."""
    directory = str(tmp_path)
    if len(directory) > 90:  # sun_path holds 108 bytes; pytest paths can be long
        directory = tempfile.mkdtemp(prefix="sdn")
    path = os.path.join(directory, "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    monkeypatch.setenv("NOTIFY_SOCKET", path)
    for name in ("WATCHDOG_USEC", "WATCHDOG_PID"):
        monkeypatch.delenv(name, raising=False)
    yield sock
    sock.close()


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_ready_is_sent_once_however_often_first_frame_is_called(systemd_socket):
    notifier = Notifier()
    assert notifier.first_frame() is True
    for _ in range(5):
        assert notifier.first_frame() is False
    assert _receive_all(systemd_socket) == ["READY=1"]


def test_abstract_namespace_socket(monkeypatch):
    name = f"board-companion-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
        assert sdnotify.ready() is True
        assert sdnotify.status("dealing\ncards") is True
        assert _receive_all(sock) == ["READY=1", "STATUS=dealing cards"]


def test_each_helper_sends_its_message(systemd_socket):
    assert sdnotify.stopping()
    assert sdnotify.watchdog_ping()
    assert sdnotify.notify("EXTEND_TIMEOUT_USEC=5000000")
    assert _receive_all(systemd_socket) == [
        "STOPPING=1",
        "WATCHDOG=1",
        "EXTEND_TIMEOUT_USEC=5000000",
    ]


def test_watchdog_pings_at_half_the_interval(systemd_socket, monkeypatch):
    monkeypatch.setenv("WATCHDOG_USEC", "10000000")
    clock = FakeClock()
    notifier = Notifier(clock=clock)

    sent = []
    for step in range(41):  # 10 s of UI ticks every 0.25 s
        clock.now = 100.0 + step * 0.25
        if notifier.tick(0.25):
            sent.append(clock.now - 100.0)

    assert sent == [0.0, 5.0, 10.0]
    assert _receive_all(systemd_socket) == ["WATCHDOG=1"] * 3


def test_no_watchdog_no_ping(systemd_socket):
    notifier = Notifier(clock=FakeClock())
    assert notifier.tick() is False
    assert _receive_all(systemd_socket) == []


def test_nothing_sent_without_notify_socket(systemd_socket, monkeypatch):
    monkeypatch.delenv("NOTIFY_SOCKET")
    monkeypatch.setenv("WATCHDOG_USEC", "10000000")
    notifier = Notifier(clock=FakeClock())
    assert sdnotify.notify("READY=1") is False
    assert notifier.first_frame() is False
    assert notifier.tick() is False
    assert _receive_all(systemd_socket) == []


def test_unreachable_socket_returns_false(tmp_path, monkeypatch):
    monkeypatch.setenv("NOTIFY_SOCKET", str(tmp_path / "gone"))
    assert sdnotify.ready() is False


@pytest.mark.parametrize(
    ("usec", "pid", "expected"),
    [
        (None, None, None),
        ("0", None, None),
        ("junk", None, None),
        ("10000000", None, 10.0),
        ("10000000", "self", 10.0),
        ("10000000", "other", None),
        ("10000000", "junk", None),
    ],
)
def test_watchdog_interval(monkeypatch, usec, pid, expected):
    for name, value in (("WATCHDOG_USEC", usec), ("WATCHDOG_PID", pid)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            value = {"self": str(os.getpid()), "other": str(os.getpid() + 1)}.get(value, value)
            monkeypatch.setenv(name, value)
    assert sdnotify.watchdog_interval() == expected
