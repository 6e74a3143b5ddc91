"""The real app keeps pinging systemd's watchdog (WATCHDOG=1 every half WatchdogSec=) for as long as its
UI runs, not only once: the VM check (systemd/vm-check.sh) found it pinging once, then never again, so
that systemd killed it WatchdogSec= after READY=1, again and again."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PINGS = 4


def test_the_app_pings_the_watchdog_again_and_again(tmp_path):
    address = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as listener:
        listener.bind(address)
        env = dict(os.environ, SDL_VIDEODRIVER="offscreen", KIVY_HOME=str(tmp_path / "kivy"), KIVY_NO_CONSOLELOG="1",
                   COMPANION_PHONES="off", NOTIFY_SOCKET=address, WATCHDOG_USEC="2000000")  # a ping a second
        # systemd names the main process in WATCHDOG_PID: the shell's pid is the app's once it execs.
        app = subprocess.Popen(["sh", "-c", 'WATCHDOG_PID=$$ exec "$0" -m ui.cli app --backend emulated --journal "$1"',
                                sys.executable, str(tmp_path / "journal.sqlite")],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        messages = []
        try:
            deadline = time.monotonic() + 60  # a bound for a stuck app, not a speed requirement
            while messages.count("WATCHDOG=1") < PINGS and time.monotonic() < deadline and app.poll() is None:
                listener.settimeout(max(0.1, deadline - time.monotonic()))
                try:
                    messages.append(listener.recv(4096).decode())
                except socket.timeout:
                    break
        finally:
            app.terminate()
            app.wait(30)
    assert "READY=1" in messages, app.stderr.read().decode()[-2000:]
    assert messages.count("WATCHDOG=1") >= PINGS, messages
