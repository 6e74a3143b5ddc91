"""One way to show a user's input inside a refusal: quoted, and never more than LIMIT characters of it,
however long or deeply nested it is (a 100,000-character name, a seed of megabytes, a hand of lists)."""
from __future__ import annotations

import reprlib
from typing import Any

LIMIT = 60

_short = reprlib.Repr()
_short.maxstring = _short.maxother = LIMIT
_short.maxlevel, _short.maxdict, _short.maxlist, _short.maxtuple, _short.maxset = 2, 4, 4, 4, 4


def quoted(value: Any, limit: int = LIMIT) -> str:
    """`value` as a refusal shows it: a text in quotes, cut to `limit` characters with "..." where cut;
    anything else as a short Python-like picture of it (never built whole)."""
    if isinstance(value, str):
        return repr(value if len(value) <= limit else value[:limit - 3] + "...")
    shown = _short.repr(value)
    return shown if len(shown) <= limit + 2 else shown[:limit - 1] + "..."
