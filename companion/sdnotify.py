"""Tell systemd how the app is doing (the sd_notify protocol), with no dependency.

systemd starts the app as a ``Type=notify`` service and passes the address of a
datagram socket in ``NOTIFY_SOCKET``; each message is one datagram of
``KEY=value`` lines. On a laptop the variable is unset and every call here is a
harmless no-op that returns False.

The UI owns one :class:`Notifier`:

- ``first_frame()`` once something is on screen: systemd then considers the
  service started (``READY=1``).
- ``tick()`` from ``Clock.schedule_interval(notifier.tick, 1)``. Ping from the
  UI thread, never from a helper thread: the watchdog is there to notice a
  frozen UI, and a thread that keeps pinging while the Kivy loop is stuck would
  hide exactly that. systemd arms the watchdog only after READY=1; until then
  the unit's TimeoutStartSec= bounds a slow start.
"""

from __future__ import annotations

import os
import socket
import time
from typing import Callable


def notify(message: str) -> bool:
    """Send one message; True if it was sent, False when there is no systemd to tell."""
    address = os.environ.get("NOTIFY_SOCKET", "")
    if address.startswith("@"):
        address = "\0" + address[1:]  # abstract namespace socket
    elif not address.startswith("/"):
        return False  # unset (the laptop), or a transport we do not use (vsock)
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(address)
            sock.sendall(message.encode())
    except OSError:
        return False  # a lost notification must never take the UI down
    return True


def ready() -> bool:
    return notify("READY=1")


def stopping() -> bool:
    return notify("STOPPING=1")


def status(text: str) -> bool:
    # One line: a newline would start a new KEY=value assignment.
    return notify("STATUS=" + " ".join(text.splitlines()))


def watchdog_ping() -> bool:
    return notify("WATCHDOG=1")


def watchdog_interval() -> float | None:
    """The watchdog timeout in seconds, or None when this process has no watchdog."""
    pid = os.environ.get("WATCHDOG_PID")
    if pid:
        try:
            if int(pid) != os.getpid():
                return None  # meant for another process (we were exec'd or forked)
        except ValueError:
            return None
    try:
        usec = int(os.environ.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    return usec / 1_000_000 if usec > 0 else None


class Notifier:
    """READY=1 once, after the first frame; WATCHDOG=1 every half watchdog interval."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        interval: float | None = None,
    ) -> None:
        self._clock = clock
        interval = watchdog_interval() if interval is None else interval
        # Half the interval is what sd_watchdog_enabled(3) recommends: one late
        # ping does not get the service killed.
        self._period = interval / 2 if interval else None
        self._ready_sent = False
        self._last_ping: float | None = None

    def first_frame(self) -> bool:
        """Send READY=1 the first time only; True if it was sent by this call."""
        if self._ready_sent:
            return False
        self._ready_sent = True
        return ready()

    def tick(self, *_dt: object) -> bool:
        """Ping when half the interval has passed; takes Clock's dt argument and ignores it."""
        if self._period is None:
            return False
        now = self._clock()
        if self._last_ping is not None and now - self._last_ping < self._period:
            return False
        self._last_ping = now
        return watchdog_ping()
