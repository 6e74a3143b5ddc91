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


class _Version(argparse.Action):
    """--version, looked up only when asked: reading pyproject.toml at every parse costs `companion app` its
    start-up time (companion.cli's add_version reads it while building the parser)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"{parser.prog} {companion_cli.version()}")
        parser.exit()


APP_HELP = "start the touchscreen app"


def _app_arguments(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
    p.add_argument("--backend", default=None,
                   help="gpio | serial:PORT | emulated | trace:FILE (default: $COMPANION_HW_BACKEND, else GPIO on a Pi, else emulated)")
    p.add_argument("--journal", default=None, help="journal file (default: $COMPANION_DATA/journal.sqlite or the XDG data dir)")
    p.add_argument("--size", default=None, help="window size WxH, e.g. 800x480 or 1280x720")
    p.add_argument("--fullscreen", action="store_true", help="fill the screen (the Pi kiosk)")
    p.add_argument("--record", default=None, help="append every hardware event to this trace file")
    p.add_argument("--voice-out", default=None, metavar="DIR",
                   help="the table's voice writes each utterance to a numbered WAV file in DIR, not the speaker")
    p.add_argument("--quit-after-first-frame", action="store_true",
                   help="exit 0 once the first full frame is on screen, saying when (a smoke test; the UI benchmark times it)")
    p.set_defaults(run=_app)
    return p


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="Board Companion: a referee beside your board game")
    parser.add_argument("--version", action=_Version, help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True)
    companion_cli.add_commands(sub)
    # listed here for `companion --help`; main() hands `hw ...` to hardware.cli whole (its --help too)
    p = sub.add_parser("hw", help="hardware tools: companion hw monitor [--backend ...], companion hw pinmap")
    p.add_argument("rest", nargs=argparse.REMAINDER)
    p.set_defaults(run=_hw)

    _app_arguments(sub.add_parser("app", help=APP_HELP))

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
    if argv[:1] == ["app"]:  # the kiosk's start: its own arguments only, not every command's parser
        return companion_cli.run(_app_arguments(argparse.ArgumentParser(prog="companion app",
                                                                          description=APP_HELP)).parse_args(argv[1:]))
    return companion_cli.run(build_parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
