"""Write a Block Arena position in one call (for tests, demos and hand corrections), and the probe set.

    position({1: ["a1", "c1", "e1 f1", "b3"], 2: ["a6", "c6", "e6 f6", "d4"]}, meeples=("c1", "c6"))

builds the dict of a game in play (seat `current` at the start of its turn unless `block_moved` /
`meeple_moved` say otherwise) and returns it checked by `state_from_dict`.
"""
from __future__ import annotations

from typing import Any

from companion.games.block_arena.actions import LETTERS
from companion.games.block_arena.board import DIRS


def position_dict(blocks: dict[int, list[str]], meeples=(None, None), *, columns: int = 6, rows: int = 6,
                  current: int | None = 1, bga: bool = False, phase: str = "play", block_moved: bool = False,
                  meeple_moved: bool = False, turns=None, winner: int | None = None,
                  reason: str | None = None) -> dict[str, Any]:
    if turns is None:
        turns = [0, 0] if current != 2 else [1, 0]
    return {
        "game": "block-arena", "columns": columns, "rows": rows, "bga": bga, "phase": phase,
        "current": current, "winner": winner, "reason": reason,
        "blocks": [{"owner": seat, "squares": sq.split()} for seat in (1, 2) for sq in blocks.get(seat, [])],
        "meeples": list(meeples), "turn": {"block_moved": block_moved, "meeple_moved": meeple_moved},
        "turns": list(turns),
    }


def position(blocks: dict[int, list[str]], meeples=(None, None), **kw):
    from companion.games.block_arena.game import BlockArena
    opts = {k: kw[k] for k in ("columns", "rows", "bga") if k in kw}
    return BlockArena(2, opts).state_from_dict(position_dict(blocks, meeples, **kw))


def wellformed_texts(columns: int, rows: int) -> list[str]:
    """Every action text on the board and one square past its far edges: the probe set for checking
    that `legal_actions()` lists what `apply` accepts (pairs only of neighbouring squares)."""
    squares = [f"{LETTERS[c]}{r}" for r in range(1, min(rows + 1, 9) + 1) for c in range(min(columns + 1, 9))]
    out = ["end"]
    for sq in squares:
        c, r = LETTERS.index(sq[0]), int(sq[1:])
        out += [f"place {sq}", f"meeple {sq}", f"go {sq}", f"flip {sq}"]
        out += [f"slide {sq} {d}" for d in DIRS] + [f"flip {sq} {d}" for d in DIRS]
        if c + 1 < len(LETTERS) and c + 1 <= columns:
            out.append(f"place {sq} {LETTERS[c + 1]}{r}")
        if r + 1 <= min(rows + 1, 9):
            out.append(f"place {sq} {sq[0]}{r + 1}")
    return out
