"""Block Arena: the referee for the two-player block-and-meeple race (rules BA-1..BA-14).

Notation: see `actions`. Flow: setup (blocks alternately, seat 1 first) -> meeples (seat 1, seat 2) ->
turns (one block move, one optional meeple movement before or after, `end`) -> over.
Computer players (`players`, `search`) are imported only when asked for.

Rulings where the rules reference (`rules.py`, BA-1..BA-14) is silent (each has a test in
tests/test_block_arena_rules.py):
- A block may be named by any square it covers; `legal_actions` lists each move once, by its first
  square (lowest row, then lowest column), and `apply` accepts the other square too.
- A player whose meeple can reach the goal row is never stuck (BA-13): the winning movement completes the turn.
- In the bga variant a player is stuck only with no block move and no meeple movement (nobody has to move a block).
- In the bga variant BA-11 does not apply (a meeple movement is the whole turn) and BA-12 still does.
- After the block move the turn ends by `end` even when the meeple has nowhere to go (no hidden auto-end).
- A meeple movement moves: `go` to the meeple's own square is refused (BA-7).
- A step between the two squares of one lying block is a step like any other (own block: go on; opponent's: the one step).
- The standard game has no turn limit; the bga variant ends after seat 2's 40th turn.
- A setup meeple may stand on either square of a lying block.
- Actions carry no seat: each belongs to the seat in turn (`actor`), so another seat's `play` is refused by
  the session (protocol/player); naming the opponent's block in turn is refused as not-your-block (BA-6).
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
