"""The host's side of systemd/vm-check.sh: boot the VM, send vm-agent its steps, check from outside.

    python3 drive.py --images DIR --payload IMG --work DIR [--arch amd64]

It talks to the VM through QEMU alone: the second serial port (vm-agent: one step a line, its output
back), QMP (screen dumps, taps on the virtio tablet, keys, and `quit`, the power cut) and the one
forwarded port (the phones' server). Standard library only. Exit status 0 when every check passed.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import time
import urllib.request
import zlib
from pathlib import Path

SCREEN = (800, 480)  # the official 7" panel; virtio-gpu offers exactly this mode
# Where the app's buttons are at 800x480 (python -m ui.cli screenshot home|time-runners shows them).
START_TIME_RUNNERS = (597, 415)  # home: "Start Time Runners" (3 players by default)
RESUME_LAST_GAME = (200, 85)     # home: "Resume last game"
PHONES = (660, 32)               # table: "Phones"
PHONE_SEAT_1 = (400, 122)        # the phones panel: the first seat's "show the link"
PHONE_REVEAL = (400, 212)        # its curtain: "Hand the screen to Red" (tapped: the link and its key)


# QEMU's PC always has a PS/2 mouse, and QMP hands a button press to the pointer the guest enabled
# last: without the guest's PS/2 mouse driver the taps' buttons reach the tablet with their position.
NO_PS2_MOUSE = "modprobe.blacklist=psmouse"


class Failed(Exception):
    pass


class QMP:
    def __init__(self, path: Path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(str(path))
        self.file = self.sock.makefile("rwb")
        self._read()  # greeting
        self.run("qmp_capabilities")

    def _read(self) -> dict:
        line = self.file.readline()
        if not line:
            raise Failed("QMP closed")
        return json.loads(line)

    def run(self, command: str, **arguments) -> dict:
        self.file.write(json.dumps({"execute": command, "arguments": arguments}).encode() + b"\n")
        self.file.flush()
        while True:
            reply = self._read()
            if "return" in reply:
                return reply["return"]
            if "error" in reply:
                raise Failed(f"QMP {command}: {reply['error']}")

    def tap(self, x: int, y: int) -> None:
        """A touch at (x, y) on the screen, top left (0, 0), through the virtio tablet."""
        ax, ay = (round(v * 32767 / (size - 1)) for v, size in zip((x, y), SCREEN))
        at = [{"type": "abs", "data": {"axis": "x", "value": ax}}, {"type": "abs", "data": {"axis": "y", "value": ay}}]
        # First a step beside it: the kernel sends only positions that changed, and a restarted app (Kivy's
        # hidinput) knows none until one comes, so a second tap on the same spot would land mid-screen.
        self.run("input-send-event", events=[{"type": "abs", "data": {"axis": "x", "value": ax ^ 1}},
                                             {"type": "abs", "data": {"axis": "y", "value": ay ^ 1}}])
        self.run("input-send-event", events=at + [{"type": "btn", "data": {"down": True, "button": "left"}}])
        time.sleep(0.3)
        self.run("input-send-event", events=at + [{"type": "btn", "data": {"down": False, "button": "left"}}])

    def key(self, qcode: str) -> None:
        self.run("send-key", keys=[{"type": "qcode", "data": qcode}], **{"hold-time": 150})


class Agent:
    """vm-agent on the second serial port: a step is one line out, its output and `DONE step rc` back."""

    def __init__(self, path: Path, log):
        self.path, self.log = path, log
        self.sock = None
        self.buffer = b""

    def connect(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(str(self.path))
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise Failed("QEMU's agent socket did not appear")
                time.sleep(0.2)

    def lines(self, timeout: float):
        deadline = time.monotonic() + timeout
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                text = line.decode(errors="replace").rstrip("\r")
                self.log.write(text + "\n")
                self.log.flush()
                yield text
            left = deadline - time.monotonic()
            if left <= 0:
                raise Failed(f"no answer from the VM within {timeout:.0f} s")
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                continue
            if not chunk:
                raise Failed("the VM's agent port closed")
            self.buffer += chunk

    def wait_up(self, timeout: float) -> None:
        for line in self.lines(timeout):
            if line.startswith("AGENT up"):
                return

    def step(self, *command: str, timeout: float = 300) -> list[str]:
        self.sock.sendall((" ".join(command) + "\n").encode())
        out = []
        for line in self.lines(timeout):
            if line.startswith(f"DONE {command[0]} "):
                return out
            out.append(line)
        return out


def png(ppm: bytes) -> tuple[bytes, int]:
    """A P6 PPM (what QMP's screendump writes) as PNG bytes, and how many colours it has."""
    header = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", ppm)
    width, height = int(header[1]), int(header[2])
    pixels = ppm[header.end():]
    stride = width * 3
    rows = b"".join(b"\0" + pixels[y * stride:(y + 1) * stride] for y in range(height))
    colours = len({pixels[i:i + 3] for i in range(0, len(pixels), 3 * 97)})  # a sample suffices

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    image = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
             + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))
    return image, colours


class Check:
    def __init__(self, args):
        self.args = args
        self.work = Path(args.work)
        self.results: list[tuple[str, bool, str]] = []
        self.timings: list[tuple[str, float]] = []
        self.shots = 0
        self.log = open(self.work / "agent.log", "a")
        self.port = free_port()
        self.qemu = None
        self.games: list[list[str]] = []

    # -- bookkeeping --------------------------------------------------------------------------------
    def record(self, name: str, ok: bool, detail: str) -> None:
        self.results.append((name, ok, detail))
        print(f"{'PASS' if ok else 'FAIL'} {name}: {detail}", flush=True)

    def timed(self, name: str, started: float) -> None:
        took = time.monotonic() - started
        self.timings.append((name, took))
        print(f"  ({name}: {took:.1f} s)", flush=True)

    def step(self, *command: str, timeout: float = 300) -> list[str]:
        started = time.monotonic()
        out = self.agent.step(*command, timeout=timeout)
        for line in out:
            found = re.match(r"(PASS|FAIL) ([^:]+): (.*)", line)
            if found:
                self.record(found[2], found[1] == "PASS", found[3])
        self.timed(" ".join(command), started)
        return out

    def screen(self, name: str) -> int:
        """Dump the VM's screen to NN-name.png in the work folder; return how many colours it has."""
        self.shots += 1
        image, colours = png(self.dump())
        (self.work / f"{self.shots:02d}-{name}.png").write_bytes(image)
        return colours

    def dump(self) -> bytes:
        ppm = self.work / "screen.ppm"
        self.qmp.run("screendump", filename=str(ppm))
        data = ppm.read_bytes()
        ppm.unlink()
        return data

    def on_home(self) -> bool:
        """The home screen is up: its teal "Start" button is where it should be."""
        data = self.dump()
        header = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
        x, y = START_TIME_RUNNERS
        offset = header.end() + (y * int(header[1]) + x) * 3
        r, g, b = data[offset:offset + 3]
        return g - r > 40  # teal (about 54, 127, 123 in the dump), not the table's dark background

    def game(self, label: str) -> list[str]:
        """The actions of the newest session in the VM's journal, as the app journaled them."""
        out = self.step("game")
        try:
            begin, end = out.index(next(l for l in out if l.startswith("GAME-BEGIN"))), out.index("GAME-END")
        except (StopIteration, ValueError):
            self.record(f"game-{label}", False, "no session could be read")
            return []
        entries = [json.loads(line) for line in out[begin + 2:end] if line.startswith("{")]
        actions = [e["action"] for e in entries]
        print(f"  game after {label}: session {out[begin].split()[1]}, {len(actions)} actions", flush=True)
        self.games.append(actions)
        return actions

    def same_game(self, label: str, before: list[str], after: list[str]) -> None:
        ok = bool(before) and after == before
        self.record(f"nothing-lost-{label}", ok,
                    f"{len(after)} actions, {'the same' if ok else 'DIFFERENT'} as the {len(before)} before")

    def played_on(self, label: str, before: list[str], after: list[str]) -> None:
        ok = len(after) > len(before) and after[:len(before)] == before
        self.record(f"resumed-{label}", ok, f"the app played on in the same game: {len(before)} -> {len(after)} actions"
                    if ok else f"{len(before)} -> {len(after)} actions (not a continuation)")

    # -- the machine --------------------------------------------------------------------------------
    def boot(self, label: str, touch: bool = True) -> None:
        started = time.monotonic()
        for name in ("qmp.sock", "agent.sock"):
            (self.work / name).unlink(missing_ok=True)
        images = Path(self.args.images)
        common = [
            "-nodefaults", "-display", "none", "-m", "2048", "-smp", "2",
            "-kernel", str(images / "vmlinuz"), "-initrd", str(images / "initrd.img"),
            "-drive", f"file={self.work / 'root.img'},if=virtio,format=raw",
            "-drive", f"file={self.args.payload},if=virtio,format=raw,readonly=on",
            # No network but the phones' port: restrict=on cuts the guest off, hostfwd still forwards.
            "-netdev", f"user,id=net,restrict=on,hostfwd=tcp:127.0.0.1:{self.port}-:8765",
            "-device", "virtio-net-pci,netdev=net",
            "-device", f"virtio-gpu-pci,xres={SCREEN[0]},yres={SCREEN[1]}",
            *(("-device", "virtio-tablet-pci") if touch and not self.args.no_touch else ()), "-device", "virtio-keyboard-pci",
            "-qmp", f"unix:{self.work / 'qmp.sock'},server=on,wait=off",
            "-chardev", f"file,id=console,path={self.work / 'console.log'}",
            "-chardev", f"socket,id=agent,path={self.work / 'agent.sock'},server=on,wait=off",
        ]
        if self.args.arch == "amd64":
            command = ["qemu-system-x86_64", "-accel", "tcg,thread=multi", "-cpu", "max", *common,
                       "-serial", "chardev:console", "-serial", "chardev:agent",
                       "-append", "root=/dev/vda rw console=ttyS0 net.ifnames=0 quiet " + NO_PS2_MOUSE]
        else:
            command = ["qemu-system-aarch64", "-M", "virt", "-accel", "tcg,thread=multi", "-cpu", "cortex-a72",
                       *common, "-serial", "chardev:console",
                       "-device", "virtio-serial-pci", "-device", "virtconsole,chardev=agent",
                       "-append", "root=/dev/vda rw console=ttyAMA0 net.ifnames=0 quiet"]
        self.qemu = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT)
        self.agent = Agent(self.work / "agent.sock", self.log)
        self.agent.connect(30)
        deadline = time.monotonic() + 30
        while not (self.work / "qmp.sock").exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        self.qmp = QMP(self.work / "qmp.sock")
        self.agent.wait_up(300)
        self.timed(f"boot {label} to the agent", started)

    def power_cut(self) -> None:
        """QEMU's quit: the machine stops at once, no shutdown, no sync: its RAM is lost."""
        self.qmp.run("quit")
        self.qemu.wait(30)
        self.qemu = None

    def shutdown(self) -> None:
        if self.qemu is not None and self.qemu.poll() is None:
            try:
                self.qmp.run("quit")
            except (Failed, OSError):
                pass
            try:
                self.qemu.wait(30)
            except subprocess.TimeoutExpired:
                self.qemu.kill()

    # -- host-side checks ---------------------------------------------------------------------------
    def first_frame(self, label: str) -> None:
        colours = self.screen(label)
        self.record(f"frame-{label}", colours > 8, f"the screen shows {colours} colours (a drawn frame)"
                    if colours > 8 else f"the screen is blank ({colours} colours)")

    def phone_port(self) -> None:
        url = f"http://127.0.0.1:{self.port}/"
        try:
            with urllib.request.urlopen(url, timeout=30) as answer:
                body = answer.read().decode(errors="replace")
                ok = answer.status == 200 and "<html" in body.lower()
                self.record("phone-port", ok, f"GET / through the forwarded port: {answer.status}, {len(body)} bytes")
        except OSError as exc:
            self.record("phone-port", False, f"GET {url}: {exc}")

    def settle(self, seconds: float) -> None:
        time.sleep(seconds * self.args.slow)

    def count(self) -> tuple[int, int]:
        """(newest session, entries in effect) in the VM's journal."""
        for line in self.agent.step("count", timeout=120):
            if line.startswith("COUNT "):
                return tuple(map(int, line.split()[1:3]))
        return 0, 0

    def until(self, act, done, tries: int, wait: float) -> bool:
        """act(), then poll done() for `wait` seconds; again up to `tries` times (the app may be busy: an
        emulated CPU takes seconds per frame, a tap or key waits its turn)."""
        for _ in range(tries):
            act()
            deadline = time.monotonic() + wait * self.args.slow
            while time.monotonic() < deadline:
                if done():
                    return True
                time.sleep(2)
        return False

    def roll(self, label: str) -> None:
        """One press of the (emulated) dice button, checked in the journal: one more action."""
        session, before = self.count()
        ok = self.until(lambda: self.qmp.key("spc"), lambda: self.count()[1] > before, tries=4, wait=40)
        self.record(f"dice-{label}", ok, f"session {session}: {before} -> {self.count()[1]} entries")
        self.settle(8)  # the die tumbles; a press meanwhile is not a new roll

    def resume_and_roll(self, label: str, before: list[str]) -> list[str]:
        """"Resume last game" on the home screen, then the dice: the app plays on in the same game."""
        self.until(lambda: self.qmp.tap(*RESUME_LAST_GAME), lambda: not self.on_home(), tries=4, wait=30)
        self.screen(f"resumed-{label}")
        self.roll(f"after-{label}")
        after = self.game(f"{label}, resumed, dice")
        self.played_on(label, before, after)
        return after

    def script(self, steps: list[str]) -> bool:
        """Boot the disk as it is and run these steps, for looking around a kept VM: a guest step
        ("sh ls /dev/input"), or tap:X,Y, key:QCODE, shot:NAME, sleep:SECONDS."""
        try:
            self.boot("as kept")
            for step in steps:
                kind, _, arg = step.partition(":")
                if kind == "tap":
                    self.qmp.tap(*map(int, arg.split(",")))
                elif kind == "key":
                    self.qmp.key(arg)
                elif kind == "shot":
                    self.screen(arg)
                elif kind == "sleep":
                    time.sleep(float(arg))
                else:
                    print("\n".join(self.step(*step.split())), flush=True)
        finally:
            self.shutdown()
        return True

    # -- the whole check ----------------------------------------------------------------------------
    def run(self) -> bool:
        try:
            self.arm64_checks() if self.args.arch == "arm64" else self.checks()
        except Failed as exc:
            self.record("vm", False, str(exc))
        except Exception as exc:  # a bug here must still stop the VM and say what failed
            self.record("vm", False, f"{type(exc).__name__}: {exc}")
        finally:
            self.shutdown()
        failed = [name for name, ok, _ in self.results if not ok]
        print(f"\n{len(self.results) - len(failed)} passed, {len(failed)} failed"
              + (f": {', '.join(failed)}" if failed else ""), flush=True)
        print("timings: " + ", ".join(f"{name} {took:.0f} s" for name, took in self.timings), flush=True)
        return not failed

    def arm64_checks(self) -> None:
        """The Pi's architecture, emulated (on demand: slower still): the aarch64 wheels install and the
        service draws its first frame on the virtio-gpu screen, Kivy draws one offscreen frame, the
        referee plays a game of each game to its end, and a boot without the touch panel starts the app
        after the panel's 10 s. The systemd checks are the x86-64 run's."""
        self.boot("1")
        self.step("install", timeout=3600)
        self.step("wait-active", timeout=1200)
        self.first_frame("home")
        self.step("offscreen", timeout=1800)
        self.step("playout", timeout=3600)
        # A Pi booted without its panel: the service waits for the panel's device 10 s (touch-timeout.conf),
        # not systemd's 90 s, then starts and draws without it. Here, where no check needs a tap.
        self.power_cut()
        self.boot("2, without the touch panel", touch=False)
        self.step("wait-active", timeout=1200)
        self.step("touch-wait")
        self.first_frame("no-panel")

    def checks(self) -> None:
        """Every check, on the x86-64 machine."""
        self.boot("1")
        self.step("install", timeout=1800)  # a loaded host: 580 s seen
        self.step("wait-active", timeout=600)
        self.first_frame("home")
        self.step("sockets")
        self.phone_port()
        self.step("security")

        started = self.until(lambda: self.qmp.tap(*START_TIME_RUNNERS), lambda: self.count()[0] > 0,
                             tries=3, wait=60)
        self.record("game-started", started, "tapped Start Time Runners: session %d, %d entries" % self.count())
        self.screen("new-game")
        self.qmp.tap(*PHONES)
        self.settle(15)
        self.screen("phones")
        self.qmp.tap(*PHONE_SEAT_1)
        self.settle(15)
        self.qmp.tap(*PHONE_REVEAL)
        self.settle(15)
        self.screen("phone-link")
        self.step("keys")
        game = self.game("start")

        for signal in ("STOP", "KILL"):
            self.step("hang", signal, timeout=400)
            self.first_frame(f"after-SIG{signal}")
            after = self.game(f"SIG{signal}")
            self.same_game(f"SIG{signal}", game, after)
            game = self.resume_and_roll(f"SIG{signal}", after)

        self.roll("before-power-cut")
        game = self.game("before the power cut")
        self.power_cut()
        self.boot("2, after the power cut")
        self.step("wait-active", timeout=600)
        self.first_frame("after-power-cut")
        after = self.game("power cut")
        self.same_game("power-cut", game, after)
        self.resume_and_roll("power-cut", after)

        self.step("uninstall")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--images", required=True, help="folder with vmlinuz, initrd.img")
    parser.add_argument("--payload", required=True, help="the payload disk image")
    parser.add_argument("--work", required=True, help="folder with root.img; logs and screens go there")
    parser.add_argument("--arch", default="amd64", choices=["amd64", "arm64"])
    parser.add_argument("--slow", type=float, default=1.0, help="multiply the waits for the UI by this")
    parser.add_argument("--steps", nargs="+", help="only boot the disk as it is and run these steps (see Check.script)")
    parser.add_argument("--no-touch", action="store_true", help="with --steps: boot without the touch panel")
    args = parser.parse_args()
    # Stopped from outside (a test's timeout): still stop QEMU, in the `finally` of the run.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    check = Check(args)
    return 0 if (check.script(args.steps) if args.steps else check.run()) else 1


if __name__ == "__main__":
    sys.exit(main())
