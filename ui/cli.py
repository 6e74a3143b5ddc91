"""The `companion` console script: every subcommand, composed here where the layers meet.

Kivy is imported only by the subcommands that open a window, so `companion referee` and
`companion hw monitor` start fast and run on machines without a display.
"""
from __future__ import annotations

import argparse
import sys

from companion import cli as companion_cli


def _hw(args) -> int:
    from hardware.cli import main as hw_main
    return hw_main(args.rest)


def _app(args) -> int:
    from ui.cli_app import main as app_main
    return app_main(args)


def _screenshot(args) -> int:
    from ui.screenshot import main as shot_main
    return shot_main(args)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="Board Companion: a referee beside your board game")
    companion_cli.add_version(parser)
    sub = parser.add_subparsers(dest="command", required=True)
    companion_cli.add_commands(sub)
    # listed here for `companion --help`; main() hands `hw ...` to hardware.cli whole (its --help too)
    p = sub.add_parser("hw", help="hardware tools: companion hw monitor [--backend ...], companion hw pinmap")
    p.add_argument("rest", nargs=argparse.REMAINDER)
    p.set_defaults(run=_hw)

    p = sub.add_parser("app", help="start the touchscreen app")
    p.add_argument("--backend", default=None,
                   help="gpio | serial:PORT | emulated | trace:FILE (default: $COMPANION_HW_BACKEND, else GPIO on a Pi, else emulated)")
    p.add_argument("--journal", default=None, help="journal file (default: $COMPANION_DATA/journal.sqlite or the XDG data dir)")
    p.add_argument("--size", default=None, help="window size WxH, e.g. 800x480 or 1280x720")
    p.add_argument("--fullscreen", action="store_true", help="fill the screen (the Pi kiosk)")
    p.add_argument("--record", default=None, help="append every hardware event to this trace file")
    p.add_argument("--quit-after-first-frame", action="store_true",
                   help="exit 0 once the first full frame is on screen, saying when (a smoke test; the UI benchmark times it)")
    p.set_defaults(run=_app)

    p = sub.add_parser("screenshot", help="render a screen offscreen to a PNG and exit")
    p.add_argument("screen", help="home, a game id, or a game's extra view (e.g. curtain, hand, set-hour)")
    p.add_argument("out", help="the PNG file to write")
    p.add_argument("--size", default="800x480", help="WxH (default 800x480)")
    p.add_argument("--verbose", action="store_true", help="show Kivy's log on the console")
    p.set_defaults(run=_screenshot)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["hw"]:  # argparse would keep `--help` for itself instead of passing it on
        return companion_cli.run(argparse.Namespace(run=_hw, rest=argv[1:]))
    return companion_cli.run(build_parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
