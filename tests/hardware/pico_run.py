"""Run the firmware under real MicroPython (the WebAssembly port under Node), wired to the real host.

`run_pico(scenario, tmp_path)` starts the project's `SerialBackend` on a pseudo-terminal, then Node
running tests/hardware/micropython/board.py (a virtual Pico) and wiring/firmware/main.py unchanged.
A relay thread carries bytes between the pty and the Pico's USB line, and pulls and replugs the
"cable" (closes the pty, makes a new one behind the same symlink) when the scenario says so.

The MicroPython package is installed into .cache/node by `bash .ci/dev test`; when it is missing and
npm is there, `micropython_dir()` installs it the same way. Without Node the tests are skipped with
the reason; any other failure to get MicroPython fails them.
"""
from __future__ import annotations

import fcntl
import json
import os
import re
import select
import shutil
import struct
import subprocess
import termios
import threading
import time
import tty
from dataclasses import dataclass
from pathlib import Path

import pytest

from hardware import open_backend
from hw_helpers import Sink

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent / "micropython"
FIRMWARE = REPO / "wiring" / "firmware" / "main.py"
BOARD = HERE / "board.py"
NPM_PACKAGE = (HERE / "npm-package").read_text().strip()      # name@version, also read by .ci/dev
NODE_PREFIX = REPO / ".cache" / "node"
PACKAGE_DIR = NODE_PREFIX / "node_modules" / NPM_PACKAGE.rsplit("@", 1)[0]
PORT_NAME = "/dev/companion-hand"       # how traces name the port, whatever the test's pty is


def micropython_dir() -> Path:
    """The installed MicroPython package, installing it with npm when missing."""
    if shutil.which("node") is None:
        pytest.skip("the firmware's MicroPython tests need Node.js, which is not installed "
                    "(bash .ci/dev test installs Debian's nodejs and npm)")
    if _installed_version() != NPM_PACKAGE.rsplit("@", 1)[1]:
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail(f"{NPM_PACKAGE} is not in {NODE_PREFIX} and npm is missing: run bash .ci/dev test")
        done = subprocess.run([npm, "install", "--prefix", str(NODE_PREFIX), "--no-save", "--no-audit",
                               "--no-fund", NPM_PACKAGE], capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            pytest.fail(f"npm could not install {NPM_PACKAGE}: {done.stderr[-600:]}")
    return PACKAGE_DIR


def _installed_version() -> str | None:
    try:
        return json.loads((PACKAGE_DIR / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


def micropython_version() -> str:
    micropython_dir()
    return _installed_version()


def run_node(scenario: dict, files, tmp_path: Path, *, host_in: int = -1, host_out: int = -1,
             timeout: float = 60) -> subprocess.Popen:
    """Start Node with the scenario; the caller reads host_out's other end and waits."""
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario))
    env = {**os.environ, "PICO_IN_FD": str(host_in), "PICO_OUT_FD": str(host_out)}
    fds = tuple(fd for fd in (host_in, host_out) if fd >= 0)
    return subprocess.Popen(["node", str(HERE / "pico.mjs"), str(micropython_dir()), str(path),
                             *map(str, files)], env=env, pass_fds=fds, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


class Cable:
    """The USB line as a pty behind a stable symlink, which can be pulled and plugged back."""

    def __init__(self, link: Path):
        self.link = str(link)
        self.master = self.slave = None
        self.plug()

    def plug(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)            # no echo, no line editing: a USB CDC port is raw
        tmp = self.link + ".new"
        os.symlink(os.ttyname(self.slave), tmp)
        os.replace(tmp, self.link)

    def pull(self) -> None:
        """Unplug: the port goes, and so does its name (as udev removes /dev/companion-hand), so
        the host cannot open a pty that another program gets under the old number meanwhile."""
        if self.master is not None:
            try:
                os.unlink(self.link)
            except FileNotFoundError:
                pass
            os.close(self.master)
            os.close(self.slave)
            self.master = self.slave = None

    def unread(self) -> int:
        """Bytes the host has not read from the port yet."""
        if self.slave is None:
            return 0
        return struct.unpack("i", fcntl.ioctl(self.slave, termios.FIONREAD, b"\0\0\0\0"))[0]


@dataclass
class PicoRun:
    events: list          # what the host's SerialBackend delivered
    status: dict          # how the firmware's run ended (see pico.mjs)
    output: bytes         # every byte the firmware wrote, also those lost while unplugged
    stderr: str


def run_pico(scenario: dict, tmp_path: Path, *, record=None, quiet: float = 0.3) -> PicoRun:
    """The firmware under MicroPython, its USB line on a pty read by the real SerialBackend."""
    micropython_dir()
    cable = Cable(tmp_path / "companion-hand")
    sink = Sink()
    backend = open_backend(f"serial:{cable.link}", sink, record=record, heartbeat_timeout=5.0,
                           backoff=0.05, backoff_max=0.2)
    backend.start()
    in_r, in_w = os.pipe()
    out_r, out_w = os.pipe()
    os.set_blocking(in_r, False)
    proc = run_node(scenario, [BOARD, FIRMWARE], tmp_path, host_in=in_r, host_out=out_w)
    os.close(in_r)
    os.close(out_w)
    output = bytearray()

    def relay() -> None:
        word = False
        while True:
            fds = [out_r] + ([cable.master] if cable.master is not None else [])
            ready, _, _ = select.select(fds, [], [], 0.05)
            if cable.master is not None and cable.master in ready:
                try:
                    os.write(in_w, os.read(cable.master, 4096))
                except OSError:
                    pass
            if out_r not in ready:
                continue
            data = os.read(out_r, 4096)
            if not data:
                return
            start = 0
            for i, b in enumerate(data):          # NUL + letter: a word for the relay
                if word:
                    word = False
                    start = i + 1
                    if b == ord("U"):
                        cable.pull()
                    elif b == ord("R"):
                        cable.plug()
                elif b == 0:
                    chunk = data[start:i]
                    output.extend(chunk)
                    if cable.master is not None and chunk:
                        os.write(cable.master, chunk)
                    word = True
            chunk = data[start:] if not word else b""
            output.extend(chunk)
            if cable.master is not None and chunk:
                os.write(cable.master, chunk)

    thread = threading.Thread(target=relay, daemon=True)
    thread.start()
    try:
        out, err = proc.communicate(timeout=120)
        thread.join(10)
        # Let the host read the last lines: until the port is drained and no event has come for
        # `quiet` s (bounded, for a host that stopped reading).
        seen, since, limit = -1, time.monotonic(), time.monotonic() + 20
        while (time.monotonic() - since < quiet or cable.unread()) and time.monotonic() < limit:
            if len(sink.events) != seen or cable.unread():
                seen, since = len(sink.events), time.monotonic()
            time.sleep(0.02)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        backend.close()
        cable.pull()
        os.close(out_r)
        os.close(in_w)
    lines = out.strip().splitlines()
    status = json.loads(lines[-1]) if lines else {"status": "crashed", "error": err[-2000:]}
    return PicoRun(list(sink.events), status, bytes(output), err)


VOLATILE = ("t", "count", "reason")   # a LinkDown's reason quotes the OS error, which varies


def shape(events) -> list[dict]:
    """Events as a player or the referee sees them: no times, the port named as on a Pi."""
    out = []
    for e in events:
        d = {k: v for k, v in (e if isinstance(e, dict) else e.to_dict()).items() if k not in VOLATILE}
        for k in ("detail", "reason"):
            if isinstance(d.get(k), str):
                d[k] = port_free(d[k])
        out.append(d)
    return out


def port_free(text: str) -> str:
    """The text with the test's pty path written as the udev name a Pi has."""
    return re.sub(r"/\S*companion-hand", PORT_NAME, text)
