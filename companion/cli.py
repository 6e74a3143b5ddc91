"""The headless subcommands of `companion`: referee, sessions, export, import.

`ui.cli` (the composition root) adds `app`, `screenshot` and `hw`; this module runs alone as
`python -m companion ...` on a machine without Kivy.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from companion.core import BadRequest, Refusal
from companion.data_dir import data_dir
from companion.events import plural
from companion.journal import Journal
from companion.quoting import quoted
from companion.writer import writing

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def version() -> str:
    """The project's version: pyproject.toml in a source tree, else the installed package's metadata."""
    try:
        import tomllib
        with PYPROJECT.open("rb") as f:
            return tomllib.load(f)["project"]["version"]
    except (OSError, ValueError, KeyError):
        pass
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed
    try:
        return installed("board-companion")
    except PackageNotFoundError:
        return "unknown"


def add_version(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}",
                        help="print the version and exit")


def default_journal_path() -> Path:
    """journal.sqlite in the data directory (`data_dir`)."""
    return data_dir() / "journal.sqlite"


JOURNAL_HELP = ("the journal file (default: journal.sqlite in $COMPANION_DATA, else in "
                "$XDG_DATA_HOME/board-companion or ~/.local/share/board-companion)")


def add_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("referee", help="speak the JSON-lines referee protocol on stdin/stdout")
    p.add_argument("--journal", default=None, help=JOURNAL_HELP[:-1] + "; :memory: keeps it in memory only)")
    p.set_defaults(run=_referee)

    p = sub.add_parser("serve", help="the referee protocol on stdin/stdout, with the phones' server (no screen)",
                       description="Run a table without a screen: read referee requests (companion/PROTOCOL.md) as "
                                   "JSON lines on stdin and answer on stdout, while serving the seats' phones "
                                   "(companion/PHONES.md) on the network. The session is kept in the journal.")
    p.add_argument("--journal", default=None, help=JOURNAL_HELP)
    p.add_argument("--port", type=int, default=8765, help="the phones' port (default 8765; 0: any free port)")
    p.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every address)")
    p.set_defaults(run=_serve)

    p = sub.add_parser("sessions", help="list the sessions in a journal")
    p.add_argument("--journal", default=None, help=JOURNAL_HELP)
    p.set_defaults(run=_sessions)

    p = sub.add_parser("export", help="write a session as JSON lines")
    p.add_argument("session", type=int, help="a session number, as `companion sessions` lists it")
    p.add_argument("out", help="output file (it must not exist yet), - for stdout")
    p.add_argument("--force", action="store_true", help="replace the output file if it exists")
    p.add_argument("--journal", default=None, help=JOURNAL_HELP)
    p.set_defaults(run=_export)

    p = sub.add_parser("import", help="read a session exported as JSON lines into a journal")
    p.add_argument("file", help="a file `companion export` or `companion archive` wrote")
    p.add_argument("--journal", default=None, help=JOURNAL_HELP)
    p.set_defaults(run=_import)

    p = sub.add_parser("archive", help="export a finished session to a file, then remove it from the journal")
    p.add_argument("session", type=int, help="a session number, as `companion sessions` lists it")
    p.add_argument("out", help="the file to write (it must not exist yet)")
    p.add_argument("--force", action="store_true", help="replace the file if it exists")
    p.add_argument("--journal", default=None, help=JOURNAL_HELP)
    p.set_defaults(run=_archive)

    p = sub.add_parser("log", help="print a game's log: everything that happened, in the table's words")
    p.add_argument("source", help="a session number (as `companion sessions` lists it) or an exported .jsonl file")
    p.add_argument("--seat", type=int, default=None, help="add that seat's own secrets (default: the public log)")
    p.add_argument("--journal", default=None, help=JOURNAL_HELP)
    p.set_defaults(run=_log)

    p = sub.add_parser("voice", help="the table's voice: companion voice test [--out FILE.wav] says a sample sentence")
    p.add_argument("what", choices=["test"])
    p.add_argument("--out", default=None, help="write the sample to this WAV file instead of the speaker")
    p.set_defaults(run=_voice)

    p = sub.add_parser("rules", help="print a game's rules reference, or one rule")
    p.add_argument("game", help="a game id (see `companion games`)")
    p.add_argument("rule", nargs="?", help="a rule id of that game (as its reference lists it) or a core one such as ALL-2")
    p.set_defaults(run=_rules)

    p = sub.add_parser("games", help="list the games and their options")
    p.set_defaults(run=_games)



def _journal_path(args) -> Path:
    return Path(args.journal) if args.journal else default_journal_path()


def _journal(args) -> Journal:
    path = _journal_path(args)
    path.parent.mkdir(parents=True, exist_ok=True)
    return Journal(path)


def _writer(args) -> str:
    """How this process names itself in its journal's writer lock (companion/writer.py)."""
    return f"companion {args.command}"


def _existing_journal(args) -> Journal:
    """For read-only commands: open the journal only if it is there, never create one."""
    path = _journal_path(args)
    if not path.exists():
        raise BadRequest("no-journal", f"There is no journal at {path}.", None)
    return Journal(path)


def _referee(args) -> int:
    from companion.referee import serve
    # bytes that are not UTF-8 become a line that is not JSON (refused), never a crash
    sys.stdin.reconfigure(errors="replace")
    if args.journal == ":memory:":  # nobody else's journal: no lock
        return serve(Journal())
    path = _journal_path(args)
    path.parent.mkdir(parents=True, exist_ok=True)
    with writing(path, _writer(args)):  # the lock first, as `serve` takes it
        return serve(Journal(path))


def _serve(args) -> int:
    from companion.phones.serve import serve
    sys.stdin.reconfigure(errors="replace")
    path = _journal_path(args)
    path.parent.mkdir(parents=True, exist_ok=True)
    with writing(path, _writer(args)):  # the lock first: another table's journal is never opened
        return serve(Journal(path), host=args.host, port=args.port)


def _sessions(args) -> int:
    path = _journal_path(args)
    if not path.exists():
        print(f"No sessions: there is no journal at {path} yet.")
        return 0
    with Journal(path) as journal:
        records = journal.sessions()
        for r in records:
            if "damaged" in r.summary:  # listed, never opened: the others are fine
                print(f"{r.id}\t{quoted(r.game, 40)}\tdamaged: {r.summary['damaged']}")
                continue
            state = "finished" if r.finished else "unfinished"
            print(f"{r.id}\t{r.game}\t{plural(r.players, 'player')}\t{plural(r.head, 'action')}\t{state}")
    if not records:
        print(f"No sessions in {path}.")
    return 0


def _export(args) -> int:
    from companion.exports import check_new, write_new
    from companion.session import Session
    if args.out != "-":
        check_new(args.out, force=args.force)  # before any work: refused either way
    with _existing_journal(args) as journal:
        lines = list(Session(journal, args.session).export_lines())  # a header, then one line an entry
        text = "".join(line + "\n" for line in lines)
    if args.out == "-":
        sys.stdout.write(text)
        return 0
    try:
        write_new(args.out, text, force=args.force)
    except OSError as e:
        raise BadRequest("cannot-write", f"Cannot write {args.out}: {e.strerror or e}.", None) from None
    size = os.path.getsize(args.out)  # what is on disk, as written
    print(f"exported session {args.session} ({plural(len(lines) - 1, 'entry', 'entries')}, {plural(size, 'byte')}) to {args.out}")
    return 0


def _import(args) -> int:
    from companion.session import Session
    try:
        with open(args.file, encoding="utf-8") as f:
            lines = f.readlines()
    except FileNotFoundError:
        raise BadRequest("no-such-file", f"There is no file {args.file}.", None) from None
    except OSError as e:
        raise BadRequest("cannot-read", f"Cannot read {args.file}: {e.strerror or e}.", None) from None
    except UnicodeDecodeError:
        raise BadRequest("not-text", f"{args.file} is not a text file of exported JSON lines.", None) from None
    Session.import_lines(Journal(), lines)  # checked first in memory: a bad file leaves no journal behind
    with _journal(args) as journal, writing(_journal_path(args), _writer(args)):
        session = Session.import_lines(journal, lines)
        print(f"imported as session {session.id} ({plural(session.head, 'entry', 'entries')})")
    return 0


def _log(args) -> int:
    from companion.gamelog import file_entries, journal_entries
    if args.source.isdigit():
        with _existing_journal(args) as journal:
            _print_log(*journal_entries(journal, int(args.source)), args.seat)
        return 0
    try:
        with open(args.source, encoding="utf-8") as f:
            _print_log(*file_entries(f), args.seat)
    except FileNotFoundError:
        raise BadRequest("no-such-file", f"There is no file {args.source}.", None) from None
    except (OSError, UnicodeDecodeError):
        raise BadRequest("cannot-read", f"Cannot read {args.source} as a text file of exported JSON lines.", None) from None
    return 0


def _print_log(game, names, entries, seat: int | None) -> None:
    from companion.gamelog import log_lines
    if seat is not None and seat not in game.seats:
        raise BadRequest("bad-seat", f"There is no seat {seat} at this table of {game.players}.", None)
    for line in log_lines(game, names, entries, seat):
        print(line)


def _archive(args) -> int:
    from companion.exports import check_new
    from companion.archive import archive
    out = Path(args.out)
    check_new(out, force=args.force)  # refused before the journal is opened
    with _existing_journal(args) as journal, writing(_journal_path(args), _writer(args)):
        try:
            entries = archive(journal, args.session, out, force=args.force)
        except OSError as e:
            raise BadRequest("cannot-write", f"Cannot write {out}: {e.strerror or e}; the session stays in the journal.",
                             None) from None
    print(f"archived session {args.session} ({plural(entries, 'entry', 'entries')}) to {out}; it is no longer in the journal")
    return 0


def _rules(args) -> int:
    from companion.core import BadRequest
    from companion.rules import explain, reference
    if args.rule is None:
        for rule, sentence in reference(args.game).items():
            print(f"{rule}\t{sentence}")
        return 0
    rule = args.rule if "/" in args.rule or args.rule.startswith("ALL-") else f"{args.game}/{args.rule}"
    sentence = explain(rule)
    if sentence is None:
        raise BadRequest("unknown-rule", f"The rules reference has no rule {args.rule!r} for {args.game}.", None)
    print(f"{rule}\t{sentence}")
    return 0


def _games(args) -> int:
    """Each game as a player reads it: title and id, how many play, then one line per option (its label,
    its default in words, what else it takes, and its name for `--option`/the referee)."""
    from companion import games

    def takes(o) -> str:
        if o.kind == "int":
            return f"{o.low} to {o.high}"
        if o.kind == "bool":
            return "yes or no"
        if o.kind in ("choice", "per-seat"):
            every = ", ".join(o.title(c) for c in o.choices)
            return ("one per seat" + (", each different" if o.distinct else "") + f": {every}"
                    if o.kind == "per-seat" else f"one of {every}")
        if o.suggest is not None:
            return "a text, such as " + ", ".join(o.suggest())
        return "a text"

    for n, cls in enumerate(games.REGISTRY.values()):
        low, high = cls.min_players, cls.max_players
        players = plural(low, "player") if low == high else f"{low} to {high} players"
        computer = f"; the companion can play ({', '.join(cls.computer_players)})" if cls.computer_players else ""
        print(("\n" if n else "") + f"{cls.title} ({cls.id}): {players}{computer}")
        for o in cls.options_schema:
            at = f" with {low}" if callable(o.default) else ""  # a default that follows the player count
            print(f"  {o.label or o.name}: {o.title(o.default_for(low))}{at} ({takes(o)}; option {o.name})")
        if not cls.options_schema:
            print("  no options")
    return 0


def _voice(args) -> int:
    """Say the sample sentence (or write it): whoever sets up the Pi hears whether the sound works."""
    from companion.voice import VoiceError, say_sample
    try:
        say_sample(Path(args.out) if args.out else None)
    except VoiceError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    print(f"companion: the sample sentence was {'written to ' + args.out if args.out else 'said'}.")
    return 0


def run(args) -> int:
    """Run a parsed command; a Refusal (bad journal, bad file) is one clear line and exit code 2."""
    try:
        return args.run(args)
    except Refusal as refusal:
        print(f"companion: {refusal.reason} [{refusal.code}]", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `companion games | head`: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the flush at exit fails no more
        return 141  # what a shell shows for a program stopped by SIGPIPE


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion", description="Board Companion (headless commands)")
    add_version(parser)
    add_commands(parser.add_subparsers(dest="command", required=True))
    return run(parser.parse_args(argv))
