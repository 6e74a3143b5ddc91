"""The phones' server process (companion/phones/relay.py) dies with the table's: a table killed outright
leaves no server holding its port."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

TABLE = """
import sys, threading
from companion.phones.hub import Hub
from companion.phones.relay import ServerProcess
from companion.phones.serve import QueueOwner
from companion.phones.tokens import SeatTokens
owner = QueueOwner()
server = ServerProcess(Hub(SeatTokens()), owner, host="127.0.0.1", port=0)
port = server.start(60)
print(server.process.pid, port, flush=True)
owner.run()
"""


def _gone(pid: int) -> bool:
    """The process ended (a zombie waiting for a parent that no longer reaps counts as ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def _refused(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    except ConnectionRefusedError:
        return True
    return False


def test_phones_the_server_process_dies_with_a_table_killed_outright():
    table = subprocess.Popen([sys.executable, "-c", TABLE], stdout=subprocess.PIPE, text=True, cwd=ROOT,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        child, port = map(int, table.stdout.readline().split())
        assert not _gone(child) and not _refused(port)  # serving
        table.send_signal(signal.SIGKILL)
        table.wait(30)
        deadline = time.monotonic() + 30
        while not _gone(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _gone(child), "the phone server outlived its table"
        assert _refused(port)  # nobody holds the port
    finally:
        table.kill()
        table.wait()
