"""The `values` option (LA-3): which typed Legend values a game plays with, captured when it is created.

A table types its board's real values once and they are kept in the data directory (`data`). A game
must not read them again later: a journal replayed after they were edited, or on another machine,
would deal other basic decks or push other token counts. So the option's default `saved` is resolved
once, in `Game.load_files` (when the game is made), into the canonical JSON text of the typed values of the Legends in
play (`{}` when there are none), and that text replaces `saved` in `game.options`. The session writes
`game.options` into the journal header and the export, so a resume or an import builds the game from
the text and never looks at the data directory. A client may also pass the text itself.
"""
from __future__ import annotations

import json
from functools import partial
from typing import Any, Sequence

from companion.core import BadRequest, bad_option

from . import data
from .rules import ID, SAVED

MAX_TEXT = 4096  # the longest text a "text" option takes (companion.core.Option.check)


_bad = partial(bad_option, "values", rule=ID + "/LA-3")  # "The option 'values' takes <what>."


def parse_text(text: str, legends: Sequence[str]) -> dict[str, dict]:
    """The typed values a `values` text gives, per Legend in play; BadRequest (or LegendDataError) if wrong."""
    try:
        typed = json.loads(text)
    except ValueError:
        _bad(f"{SAVED!r} or a JSON object of Legend id: typed values, not {text[:40]!r}")
    if not isinstance(typed, dict):
        _bad("a JSON object of Legend id: typed values")
    stray = next((lid for lid in typed if lid not in legends), None)
    if stray is not None:
        _bad(f"values for the Legends in play only ({', '.join(legends)}), not for {stray!r}")
    for lid, values in typed.items():
        data.with_values(lid, values)  # LegendDataError names the Legend and the field
    return typed


def capture(legends: Sequence[str], text: Any, data_dir: Any = None) -> tuple[tuple, str]:
    """The Legends a game plays with and the canonical `values` text to keep in its options."""
    if text == SAVED:
        typed = {lid: data.typed_values(lid, data_dir) for lid in legends}
    else:
        typed = parse_text(text, legends)
    typed = {lid: v for lid, v in typed.items() if v}
    canonical = data.canonical(typed)
    if len(canonical) > MAX_TEXT:
        raise BadRequest("bad-option", f"The typed Legend values are too long to keep with the game "
                                       f"({len(canonical)} characters, at most {MAX_TEXT}).", ID + "/LA-3")
    return tuple(data.with_values(lid, typed.get(lid)) for lid in legends), canonical
