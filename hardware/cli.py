"""`companion hw ...` / `python -m hardware ...`: watch the hardware event stream in a terminal.

    monitor [--backend gpio|serial:PORT|emulated|trace:FILE] [--record FILE] [--realtime] [--json] [--wait]
    pinmap  print the GPIO pin map in use (default or $COMPANION_PINMAP)
    gpio    say whether gpiozero can drive GPIO here and, if not, what to install (exit 1)

With the emulator (the default on a laptop) stdin drives it: "p" press, "h 5" hand to five,
"m 018" raw mask (hex), "l" lose the hand, "q" quit.
"""
from __future__ import annotations

import argparse
import json
import logging
import sys
import threading

from .backend import open_backend, resolve_spec
from .emulated import EmulatedBackend, TraceBackend

HELP = 'commands: p [seconds] = press, h N = hand to hour N, m HEX = raw mask, l = lose hand, q = quit'


def format_event(e) -> str:
    d = e.to_dict()
    kind, t = d.pop("type"), d.pop("t", 0.0)
    fields = " ".join(f"{k}={v}" if k != "mask" else f"mask=0x{v:03X}" for k, v in d.items())
    return f"{t:12.3f}  {kind:<20} {fields}".rstrip()


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="companion hw", description="Board Companion hardware tools: "
                                "`monitor` prints the live event stream, `pinmap` the GPIO pins in use, "
                                "`gpio` whether GPIO works here")
    sub = p.add_subparsers(dest="cmd", required=True, metavar="{monitor,pinmap,gpio}")
    m = sub.add_parser("monitor", help="print the live event stream, one line per event")
    m.add_argument("--backend", default=None,
                   help="gpio | serial:PORT | emulated | trace:FILE (default: $COMPANION_HW_BACKEND or auto)")
    m.add_argument("--record", metavar="FILE", help="also append events to a JSON-lines trace")
    m.add_argument("--realtime", action="store_true", help="trace: replay at recorded pace")
    m.add_argument("--json", action="store_true", help="print JSON lines instead of text")
    m.add_argument("--wait", action="store_true",
                   help="serial: wait for a port that does not exist yet (a board about to be plugged in) "
                        "instead of saying so and exiting 2")
    sub.add_parser("pinmap", help="print the GPIO pin map in use")
    sub.add_parser("gpio", help="check that a gpiozero pin library works here; say what to install if not")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.cmd == "pinmap":
        from .pinmap import load_pinmap
        try:
            pm = load_pinmap()
        except ValueError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        print(f"button  GPIO{pm.button}")
        for h, pin in enumerate(pm.hall, 1):
            print(f"hour {h:>2} GPIO{pin}")
        return 0
    if args.cmd == "gpio":
        return gpio_check()
    return monitor(args)


def gpio_check() -> int:
    from .pinlib import check_gpio
    check = check_gpio()
    board = f" ({check.model})" if check.model else ""
    if check.ok:
        print(f"GPIO: gpiozero can use {check.factory}{board}")
        return 0
    print(f"GPIO: not usable{board}")
    for name, why in check.tried:
        print(f"  {name}: {why}")
    print(f"fix: {check.advice}")
    return 1


def monitor(args) -> int:
    out_lock = threading.Lock()

    def show(e) -> None:
        line = json.dumps(e.to_dict()) if args.json else format_event(e)
        with out_lock:
            print(line, flush=True)

    options = {"realtime": True} if args.realtime else {}
    try:
        spec, automatic = resolve_spec(args.backend)
        kind, _, port = spec.partition(":")
        if kind == "serial" and port and not args.wait:
            from .serial_link import check_port
            check_port(port)
        backend = open_backend(spec, show, record=args.record, automatic=automatic, **options)
    except (ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    try:
        backend.start()
        if isinstance(backend, TraceBackend):
            backend.done.wait()
        elif isinstance(backend, EmulatedBackend):
            if sys.stdin.isatty():
                print(HELP, file=sys.stderr)
            _drive(backend, sys.stdin)
        else:
            threading.Event().wait()   # until Ctrl-C
    except KeyboardInterrupt:
        pass
    finally:
        backend.close()
    return 0


def _drive(backend: EmulatedBackend, lines) -> None:
    """Apply emulator commands read from `lines` until EOF or "q"."""
    for raw in lines:
        cmd, *rest = raw.split() or [""]
        try:
            if cmd == "p":
                backend.press(float(rest[0]) if rest else 0.0)
            elif cmd == "h":
                backend.set_hand(int(rest[0]))
            elif cmd == "m":
                backend.set_mask(int(rest[0], 16))
            elif cmd == "l":
                backend.lose_hand()
            elif cmd == "q":
                return
            elif cmd:
                print(HELP, file=sys.stderr)
        except (ValueError, IndexError) as e:
            print(f"? {e}; {HELP}", file=sys.stderr)
