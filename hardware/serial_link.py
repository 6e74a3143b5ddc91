"""Serial backend: a microcontroller on a (USB) serial port speaking wiring/PROTOCOL.md.

One reader thread owns the port: open -> say HI -> read bytes into the pure LineParser/LinkState ->
on error, EOF or heartbeat loss emit LinkDown, close and reopen with exponential back-off. pyserial
never reopens by itself, and ReaderThread ends on the first error, hence our own loop. Use a
stable path (/dev/serial/by-id/... or the udev symlink /dev/companion-hand): ttyACM numbers change
on replug.
"""
from __future__ import annotations

import logging
import os
import threading
import time

import serial

from .backend import Backend
from .exc import PortNotFound
from .link import LinkState
from .protocol import LineParser

log = logging.getLogger("hardware.serial")

READ_TIMEOUT = 0.05      # s; bounds how late close() and heartbeat checks are noticed
HI_RETRY = 0.5           # s between HI requests while no HELLO has arrived


def check_port(port: str) -> None:
    """Raise PortNotFound when `port` names nothing (the backend itself would wait for it forever)."""
    if not os.path.exists(port):
        raise PortNotFound(f"serial port {port} does not exist: is the board plugged in? "
                           "(--wait waits for it to appear)")


class SerialBackend(Backend):
    """Reads the hand microcontroller. Status: "serial connecting", "serial up", "serial down",
    "reconnecting", "serial version mismatch", "closed"."""

    name = "serial"

    def __init__(self, port: str, on_event, *, clock=time.monotonic, record=None,
                 baudrate: int = 115200, heartbeat_timeout: float = 1.5,
                 backoff: float = 0.1, backoff_max: float = 5.0):
        super().__init__(on_event, clock=clock, record=record)
        self.port = port
        self.baudrate = baudrate
        self.backoff, self.backoff_max = backoff, backoff_max
        self.link = LinkState(port=port, heartbeat_timeout=heartbeat_timeout)
        self._stop = threading.Event()
        self._ser: serial.Serial | None = None
        self._thread = threading.Thread(target=self._run, name="hw-serial", daemon=True)

    @property
    def errors(self):
        """Counter of dropped lines by kind (checksum, garbage, seq_gap, ...)."""
        return self.link.errors

    def start(self) -> None:
        self._set_status("serial connecting")
        self._thread.start()

    def _close(self) -> None:
        self._stop.set()
        ser = self._ser
        if ser is not None:
            try:
                ser.cancel_read()   # wake the blocking read at once (posix: via a pipe)
            except Exception:
                pass
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(2)

    # -- reader thread ----------------------------------------------------------------------------
    def _run(self) -> None:
        delay = self.backoff
        while not self._stop.is_set():
            reason = self._session()
            if self._stop.is_set():
                break
            if self._was_up:          # a working session resets the back-off
                delay = self.backoff
            self._set_status("serial down")
            log.info("serial link %s: %s; retry in %.2f s", self.port, reason, delay)
            for e in self.link.disconnected(reason, self.clock()):
                self._emit(e)
            if self._stop.wait(delay):
                break
            delay = min(delay * 2, self.backoff_max)
            self._set_status("reconnecting")

    def _session(self) -> str:
        """Open the port and read until it fails; returns why the session ended."""
        self._was_up = False
        try:
            ser = serial.Serial(self.port, self.baudrate, timeout=READ_TIMEOUT,
                                write_timeout=0.5, exclusive=True)
        except (serial.SerialException, OSError, ValueError) as e:
            return f"cannot open {self.port}: {e}"
        self._ser = ser
        parser = LineParser()
        try:
            hi = self.link.connected(self.clock())
            for out in hi:
                ser.write(out)
            hi_at = self.clock()
            while not self._stop.is_set():
                data = ser.read(max(1, ser.in_waiting))
                now = self.clock()
                if data:
                    for item in parser.feed(data):
                        events, replies = self.link.handle(item, now)
                        self._sync_status()   # before delivery: consumers may read status
                        # Deliver before ACKing: an ACK promises the press reached the consumer.
                        for e in events:
                            self._emit(e)
                        for out in replies:
                            ser.write(out)
                if self.link.state in ("waiting", "mismatch") and now - hi_at > HI_RETRY:
                    # The device may have missed HI while booting (or a damaged line looked like an
                    # old controller, see link.py): HELLO gates everything.
                    for out in hi:
                        ser.write(out)
                    hi_at = now
                if self.link.check(now):
                    return f"no heartbeat from {self.port} for {self.link.heartbeat_timeout:g} s"
            return "closed"
        except (serial.SerialException, OSError) as e:
            return f"{self.port}: {e}"
        finally:
            self._ser = None
            try:
                ser.close()
            except Exception:
                pass

    def _sync_status(self) -> None:
        st = self.link.state
        if st == "up":
            self._was_up = True
            self._set_status("serial up")
        elif st == "mismatch":
            self._set_status("serial version mismatch")
