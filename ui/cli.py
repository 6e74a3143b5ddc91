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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="Board Companion: a referee beside your board game")
    sub = parser.add_subparsers(dest="command", required=True)
    companion_cli.add_commands(sub)
    p = sub.add_parser("hw", help="hardware tools: companion hw monitor [--backend ...]")
    p.add_argument("rest", nargs=argparse.REMAINDER)
    p.set_defaults(run=_hw)
    return parser


def main(argv: list[str] | None = None) -> int:
    return companion_cli.run(build_parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
