"""The table's log read a page at a time from the journal: the public sentences of entries first..last.

A 100k-entry game is never held whole: a page is rebuilt from the journal's newest snapshot before it
(one every few hundred entries), its entries replayed on that state and told as the table was told them
(`companion.events.told`, public only: the table's log is public). So the Log view costs the rows it
shows, and after a crash it reads the same journal the resumed session does.
"""
from __future__ import annotations

import json
from typing import Any

from companion.events import Corrected, told, visible
from companion.session import Session

PAGE = 200  # entries a page covers


def page(session: Session, first: int, last: int) -> list[dict[str, Any]]:
    """The table's told events of entries `first`..`last` (in effect: never past the session's head), each
    with its entry number (`entry`), in order."""
    last = min(last, session.head)
    first = max(first, 1)
    if first > last:
        return []
    journal, game = session.journal, session.game
    snapshot = journal.snapshot(session.id, first - 1)
    state = game.state_from_dict(snapshot.state) if snapshot is not None else game.new_state()
    out = []
    for entry in journal.entries(session.id, after=snapshot.seq if snapshot is not None else 0, upto=last):
        if entry.kind == "load":
            state, events = game.state_from_dict(json.loads(entry.text)), [Corrected()]
        else:
            events = state.apply(game.parse_action(entry.text))
        if entry.seq >= first:
            out += [{**told(e, session.names), "entry": entry.seq} for e in visible(events, None)]
    return out

