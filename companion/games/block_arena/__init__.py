"""Block Arena: the referee for the two-player block-and-meeple race (rules BA-1..BA-14).

Notation: see `actions`. Flow: setup (blocks alternately, seat 1 first) -> meeples (seat 1, seat 2) ->
turns (one block move, one optional meeple movement before or after, `end`) -> over.
Computer players (`players`, `search`) are imported only when asked for.

Rulings where the rules reference (BA-1..BA-14) is silent: X-1..X-10, written in `rules.py` with it
(`companion rules block-arena` prints them; each has a test in tests/test_block_arena_rules.py).
"""
from companion.lazy import lazy_exports

from .game import BlockArena

GAME = BlockArena

#: the package's public names, imported from their modules on first use (importing the package for its
#: GAME must stay cheap: the registry imports every game before the app's first frame)
_LAZY = {**dict.fromkeys(("END", "Flip", "Go", "Meeple", "Place", "Slide", "parse_action"), "actions"),
         "BAState": "state"}
__all__ = ["GAME", "BlockArena", *_LAZY]


__getattr__, __dir__ = lazy_exports(__name__, _LAZY, globals())
