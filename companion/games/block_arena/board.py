"""Board geometry: square names, indices and neighbours, computed once per board size.

A square is an index `row * columns + column` (0-based) inside the engine, so the move generator and
the search work on small ints; its name (`c4`) is the column letter from seat 1's left and the row
number from seat 1's side. Ordering squares by index is "lowest row, then lowest column", the order
the notation names a block by.
"""
from __future__ import annotations

from functools import lru_cache

DIRS = ("n", "e", "s", "w")
#: direction -> (column step, row step); `n` goes toward higher row numbers, `e` toward later letters
DELTA = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
LETTERS = "abcdefghi"
MIN_SIZE, MAX_SIZE = 5, 9


class Board:
    """The squares of a `columns` x `rows` board and their neighbours (read-only, shared)."""

    __slots__ = ("columns", "rows", "size", "names", "index", "step", "neighbours", "row_of")

    def __init__(self, columns: int, rows: int):
        self.columns, self.rows, self.size = columns, rows, columns * rows
        self.names = tuple(f"{LETTERS[i % columns]}{i // columns + 1}" for i in range(self.size))
        self.index = {name: i for i, name in enumerate(self.names)}
        self.row_of = tuple(i // columns for i in range(self.size))
        #: step[d][i]: the square next to i in direction index d (order of DIRS), or -1 off the board
        self.step = tuple(tuple(self._step(i, d) for i in range(self.size)) for d in DIRS)
        self.neighbours = tuple(tuple(j for j in (s[i] for s in self.step) if j >= 0) for i in range(self.size))

    def _step(self, i: int, d: str) -> int:
        dc, dr = DELTA[d]
        c, r = i % self.columns + dc, i // self.columns + dr
        return r * self.columns + c if 0 <= c < self.columns and 0 <= r < self.rows else -1

    def row_squares(self, row: int) -> range:
        return range(row * self.columns, (row + 1) * self.columns)


@lru_cache(maxsize=None)
def board(columns: int, rows: int) -> Board:
    return Board(columns, rows)


def home_row(seat: int, rows: int) -> int:
    """The 0-based row nearest `seat` (BA-1): seat 1's is the first, seat 2's the last."""
    return 0 if seat == 1 else rows - 1


def goal_row(seat: int, rows: int) -> int:
    """The opponent's first row, where `seat`'s meeple wins (BA-1)."""
    return rows - 1 if seat == 1 else 0
