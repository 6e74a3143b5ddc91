"""A game's log: its whole history as the events' sentences, built from the journal or an export file.

The entries are replayed one by one from the start on one state (streamed: a 100k-entry game costs one
state and one entry at a time, never the whole list), and each event is told as the table was told it.
What a seat may see is decided as everywhere else (`events.visible`): the table's log is public; a seat's
log adds that seat's own secrets and nobody else's.
"""
from __future__ import annotations

import json
from typing import IO, Any, Iterable, Iterator

from companion import games
from companion.core import BadRequest, Game, Refusal
from companion.events import Corrected, Names, told, visible
from companion.journal import Journal

#: one entry of a game to replay: its number, "action" or "load", and its text (an action) or state (a load)
Entry = tuple[int, str, Any]


def told_log(game: Game, names: Names, entries: Iterable[Entry], seat: int | None = None) -> Iterator[tuple[int, dict]]:
    """(entry number, told event) for every event of `entries` that `seat` may see (None: the table)."""
    state = game.new_state()
    for number, kind, payload in entries:
        if kind == "load":
            state, events = game.state_from_dict(payload), [Corrected()]
        else:
            events = state.apply(game.parse_action(payload))
        for event in visible(events, seat):
            yield number, told(event, names)


def journal_entries(journal: Journal, session_id: int) -> tuple[Game, Names, Iterator[Entry]]:
    """A journal's session: its game, names, and its entries in effect, each checked by the journal's chain
    (no state is rebuilt for it: the log replays them)."""
    record = journal.session(session_id)
    game = games.make_game(record.game, record.players, record.options)
    table = record.summary.get("table") if isinstance(record.summary, dict) else None
    names = Names.of_table(table if isinstance(table, dict) else {}, game)

    def entries() -> Iterator[Entry]:
        for e in journal.verified(record):
            if e.seq > record.head:
                return
            yield e.seq, e.kind, json.loads(e.text) if e.kind == "load" else e.text
    return game, names, entries()


def file_entries(lines: IO[str] | Iterable[str]) -> tuple[Game, Names, Iterator[Entry]]:
    """An export file's game, names and entries (read line by line). A secret action still sealed in it
    ends the log there: what followed cannot be told without it."""
    it = iter(lines)
    try:
        header = json.loads(next(it))
        game = games.make_game(header["game"], header["players"], header.get("options"))
    except Refusal:
        raise
    except Exception:
        raise BadRequest("bad-export", "The file does not start with a Board Companion session header.", "export") from None
    names = Names.of_table(header.get("table") if isinstance(header.get("table"), dict) else {}, game)

    def entries() -> Iterator[Entry]:
        number = 0
        for line in it:
            if not line.strip():
                continue
            number += 1
            try:
                record = json.loads(line)
                kind = record["kind"]
                if kind == "action" and "action" not in record:
                    return  # sealed: the rest of the game hangs on a secret the file does not open
                yield number, kind, record["state"] if kind == "load" else record["action"]
            except (ValueError, KeyError, TypeError):
                raise BadRequest("bad-export", f"Entry {number} of the file is not a journal entry.", "export") from None
    return game, names, entries()


def log_lines(game: Game, names: Names, entries: Iterable[Entry], seat: int | None = None) -> Iterator[str]:
    """The log as text lines: the entry's number, then its sentence."""
    for number, event in told_log(game, names, entries, seat):
        yield f"{number:>5}  {event['text']}"
