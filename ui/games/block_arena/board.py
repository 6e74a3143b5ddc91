"""The Block Arena board from above: squares, blocks in their owners' colours, meeples, and tap targets.

It draws what it is given and says which square was tapped (`on_square`); the screen decides what a
tap means from the legal actions, so no rule lives here. Seat 1 sits at the bottom (row 1, its colour
along the bottom edge), columns run a.. from its left. A standing block is a tall pillar (a shadow and
a lighter top face on one square), a lying block a flat slab with a seam over two squares, so the two
read apart at a glance. Teal dots are where a tap plays something; a teal outline shows where a block
would stand or lie. The companion's moves slide from where they were, then stay marked ("was here"
dashed, an arrow to the piece ringed in ink) until the table moves on, for copying onto the wood;
`move_marks` reads what moved from the engine's move events.
"""
from __future__ import annotations

import math

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.graphics import Color, Line, Rectangle, SmoothEllipse, SmoothLine, SmoothRoundedRectangle, Triangle
from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.block_arena.board import DELTA, LETTERS

from ... import palette

GUTTER, FRAME = 18, 5  # dp: the coordinates' strip, the wooden frame (the seats' colours run along it)
WOOD, SQUARE, GRID = (0.42, 0.33, 0.24, 1), (0.93, 0.90, 0.83, 1), (0.72, 0.67, 0.58, 1)
SHADOW = (0, 0, 0, 0.32)
TARGET = palette.ACCENT
INK = palette.DIAL_INK


def square_xy(name: str) -> tuple[int, int]:
    """`c4` -> (2, 3): 0-based column and row."""
    return LETTERS.index(name[0]), int(name[1:]) - 1


def square_name(col: int, row: int) -> str:
    return f"{LETTERS[col]}{row + 1}"


def neighbour(name: str, d: str, columns: int, rows: int) -> str | None:
    """The square next to `name` in direction `d` (n: higher rows, e: later letters), None off the board."""
    c, r = square_xy(name)
    c, r = c + DELTA[d][0], r + DELTA[d][1]
    return square_name(c, r) if 0 <= c < columns and 0 <= r < rows else None


def direction(a: str, b: str) -> str | None:
    """The direction from square `a` to its neighbour `b`, None if they do not touch."""
    (ca, ra), (cb, rb) = square_xy(a), square_xy(b)
    return next((d for d, v in DELTA.items() if v == (cb - ca, rb - ra)), None)


def shade(rgba, k: float) -> tuple:
    """`rgba` darker (k < 1) or mixed toward white (k > 1)."""
    if k <= 1:
        return tuple(c * k for c in rgba[:3]) + (1,)
    t = k - 1
    return tuple(c + (1 - c) * t for c in rgba[:3]) + (1,)


class BlockArenaBoard(Widget):
    columns = NumericProperty(6)
    rows = NumericProperty(6)
    blocks = ListProperty([])             # the view's blocks: [{"owner": seat, "squares": [...]}]
    meeples = ListProperty([None, None])  # seat 1's and seat 2's squares
    colors = ListProperty([palette.MUTED, palette.MUTED])
    selected = ListProperty([])           # the chosen block's squares
    chosen_meeple = StringProperty("")    # the square of the meeple chosen to move
    dots = ListProperty([])               # squares a tap plays something on
    ghosts = ListProperty([])             # [[squares], ...]: where a block would stand or lie
    marks = ListProperty([])              # the companion's moves: {"piece", "seat", "from", "to"}
    progress = NumericProperty(0.0)       # the marks animate one after another: mark i over [i, i + 1]
    cell = NumericProperty(0)
    __events__ = ("on_square",)

    def __init__(self, **kwargs):
        self._redraw = Clock.create_trigger(self.redraw, -1)
        super().__init__(**kwargs)
        self.origin = (0.0, 0.0)
        self._labels: list[Label] = []
        for name in ("pos", "size", "columns", "rows", "blocks", "meeples", "colors", "selected",
                     "chosen_meeple", "dots", "ghosts", "marks", "progress"):
            self.bind(**{name: self._redraw})

    # -- geometry -----------------------------------------------------------------------------------
    def _layout(self) -> None:
        gut, frame = dp(GUTTER), dp(FRAME)
        cols, rows = int(self.columns), int(self.rows)
        cell = max(1.0, min((self.width - gut - 2 * frame) / cols, (self.height - gut - 2 * frame) / rows))
        total_w, total_h = gut + 2 * frame + cell * cols, gut + 2 * frame + cell * rows
        self.cell = cell
        self.origin = (self.x + (self.width - total_w) / 2 + gut + frame, self.y + (self.height - total_h) / 2 + gut + frame)

    def rect(self, squares) -> tuple[float, float, float, float]:
        """(x, y, w, h) covering `squares`."""
        cs = [square_xy(s) for s in squares]
        c0, r0 = min(c for c, _ in cs), min(r for _, r in cs)
        c1, r1 = max(c for c, _ in cs), max(r for _, r in cs)
        ox, oy = self.origin
        return ox + c0 * self.cell, oy + r0 * self.cell, (c1 - c0 + 1) * self.cell, (r1 - r0 + 1) * self.cell

    def square_at(self, x: float, y: float) -> str | None:
        ox, oy = self.origin
        if self.cell <= 0:
            return None
        c, r = math.floor((x - ox) / self.cell), math.floor((y - oy) / self.cell)
        return square_name(c, r) if 0 <= c < self.columns and 0 <= r < self.rows else None

    def anchor(self, square: str) -> Widget:
        """A stand-in widget over `square` in window coordinates, for a note beside it."""
        x, y, w, h = self.rect([square])
        wx, wy = self.to_window(x, y)
        return Widget(size_hint=(None, None), size=(w, h), pos=(wx, wy))

    # -- taps ---------------------------------------------------------------------------------------
    def on_touch_down(self, touch):
        if not self.collide_point(*touch.pos) or self.disabled:
            return super().on_touch_down(touch)
        square = self.square_at(*touch.pos)
        if square is None:
            return super().on_touch_down(touch)
        self.dispatch("on_square", square)
        return True

    def on_square(self, square: str):
        pass

    # -- the companion's moves ----------------------------------------------------------------------
    def animate(self, start: int) -> None:
        """Play the marks from `start` on (each slides from where it was), then keep them shown."""
        Animation.cancel_all(self, "progress")
        self.progress = start
        Animation(progress=len(self.marks), duration=0.55 * max(1, len(self.marks) - start), t="in_out_quad").start(self)

    def settle(self) -> None:
        Animation.cancel_all(self, "progress")
        self.progress = len(self.marks)

    def _flying(self) -> dict[tuple, tuple]:
        """(piece, seat, squares now) -> (rect it came from, how far along 0..1) for the marks in motion."""
        out = {}
        for i, m in enumerate(self.marks):
            t = min(1.0, max(0.0, self.progress - i))
            if t >= 1:
                continue
            to = self.rect(m["to"])
            if m.get("from"):
                fr = self.rect(m["from"])
            else:  # newly placed: drops in from a little larger
                grow = self.cell * 0.35
                fr = (to[0] - grow, to[1] - grow, to[2] + 2 * grow, to[3] + 2 * grow)
            out[(m["piece"], m["seat"], tuple(m["to"]))] = (fr, t)
        return out

    # -- drawing ------------------------------------------------------------------------------------
    def _sync_labels(self) -> None:
        cols, rows = int(self.columns), int(self.rows)
        if len(self._labels) != cols + rows:
            for lab in self._labels:
                self.remove_widget(lab)
            self._labels = [Label(text=LETTERS[c], font_size="14sp", color=palette.MUTED) for c in range(cols)]
            self._labels += [Label(text=str(r + 1), font_size="14sp", color=palette.MUTED) for r in range(rows)]
            for lab in self._labels:
                self.add_widget(lab)
        ox, oy = self.origin
        gut, frame, cell = dp(GUTTER), dp(FRAME), self.cell
        for c in range(cols):
            lab = self._labels[c]
            lab.text, lab.size, lab.pos = LETTERS[c], (cell, gut), (ox + c * cell, oy - frame - gut)
        for r in range(rows):
            lab = self._labels[cols + r]
            lab.text, lab.size, lab.pos = str(r + 1), (gut, cell), (ox - frame - gut, oy + r * cell)

    def redraw(self, *_):
        self._layout()
        self._sync_labels()
        cols, rows, cell = int(self.columns), int(self.rows), self.cell
        ox, oy = self.origin
        frame = dp(FRAME)
        flying = self._flying()
        self.canvas.before.clear()
        with self.canvas.before:
            Color(*WOOD)
            SmoothRoundedRectangle(pos=(ox - frame, oy - frame), size=(cols * cell + 2 * frame, rows * cell + 2 * frame),
                                   radius=[dp(5)])
            for seat, y in ((1, oy - frame), (2, oy + rows * cell + frame - dp(4))):
                Color(*self.colors[seat - 1])
                Rectangle(pos=(ox - frame, y), size=(cols * cell + 2 * frame, dp(4)))
            Color(*SQUARE)
            Rectangle(pos=(ox, oy), size=(cols * cell, rows * cell))
            Color(*GRID)
            for c in range(cols + 1):
                Line(points=[ox + c * cell, oy, ox + c * cell, oy + rows * cell], width=1)
            for r in range(rows + 1):
                Line(points=[ox, oy + r * cell, ox + cols * cell, oy + r * cell], width=1)
            self._draw_was_here("block")
            for b in self.blocks:
                key = ("block", b["owner"], tuple(b["squares"]))
                rect = self._moving_rect(key, flying) or self.rect(b["squares"])
                self._draw_block(b["owner"], rect, len(b["squares"]) == 1)
            for ghost in self.ghosts:
                self._draw_ghost(ghost)
            if self.selected:
                x, y, w, h = self.rect(self.selected)
                Color(*TARGET)
                SmoothLine(rounded_rectangle=(x + dp(2), y + dp(2), w - dp(4), h - dp(4), dp(6)), width=dp(3))
            self._draw_was_here("meeple")
            self._draw_arrows()
            for seat, sq in ((1, self.meeples[0]), (2, self.meeples[1] if len(self.meeples) > 1 else None)):
                if sq:
                    key = ("meeple", seat, (sq,))
                    self._draw_meeple(seat, self._moving_rect(key, flying) or self.rect([sq]), sq == self.chosen_meeple)
            for sq in self.dots:
                self._draw_dot(sq)

    def _moving_rect(self, key, flying):
        if key not in flying:
            return None
        (fx, fy, fw, fh), t = flying[key]
        tx, ty, tw, th = self.rect(key[2])
        return fx + (tx - fx) * t, fy + (ty - fy) * t, fw + (tw - fw) * t, fh + (th - fh) * t

    def _draw_block(self, seat: int, rect, standing: bool) -> None:
        x, y, w, h = rect
        rgba = self.colors[seat - 1]
        inset = self.cell * (0.08 if standing else 0.11)
        x, y, w, h = x + inset, y + inset, w - 2 * inset, h - 2 * inset
        lift = self.cell * (0.09 if standing else 0.035)
        Color(*SHADOW)
        SmoothRoundedRectangle(pos=(x + lift, y - lift), size=(w, h), radius=[dp(5)])
        Color(*(rgba if standing else shade(rgba, 0.86)))
        SmoothRoundedRectangle(pos=(x, y), size=(w, h), radius=[dp(5)])
        Color(*shade(rgba, 0.5))
        SmoothLine(rounded_rectangle=(x, y, w, h, dp(5)), width=dp(1.5))
        if standing:  # the top face of a tall block, lighter and raised
            k = w * 0.2
            Color(*shade(rgba, 1.42))
            SmoothRoundedRectangle(pos=(x + k, y + k), size=(w - 2 * k, h - 2 * k), radius=[dp(3)])
            Color(*shade(rgba, 0.62))
            SmoothLine(rounded_rectangle=(x + k, y + k, w - 2 * k, h - 2 * k, dp(3)), width=dp(1))
            return
        Color(*shade(rgba, 0.55))  # the seam between its two halves and a grain along it
        if w >= h:
            SmoothLine(points=[x + w / 2, y + dp(3), x + w / 2, y + h - dp(3)], width=dp(1.2))
            for f in (0.34, 0.66):
                SmoothLine(points=[x + w * 0.12, y + h * f, x + w * 0.4, y + h * f], width=dp(0.8))
                SmoothLine(points=[x + w * 0.6, y + h * f, x + w * 0.88, y + h * f], width=dp(0.8))
        else:
            SmoothLine(points=[x + dp(3), y + h / 2, x + w - dp(3), y + h / 2], width=dp(1.2))
            for f in (0.34, 0.66):
                SmoothLine(points=[x + w * f, y + h * 0.12, x + w * f, y + h * 0.4], width=dp(0.8))
                SmoothLine(points=[x + w * f, y + h * 0.6, x + w * f, y + h * 0.88], width=dp(0.8))

    def _draw_meeple(self, seat: int, rect, selected: bool) -> None:
        x, y, w, h = rect
        cx, cy = x + w / 2, y + h / 2
        r = self.cell * 0.2
        if selected:
            Color(*TARGET)
            SmoothLine(circle=(cx, cy, r + dp(6)), width=dp(3))
        Color(*SHADOW)
        SmoothEllipse(pos=(cx - r + dp(2), cy - r - dp(2)), size=(2 * r, 2 * r))
        Color(*INK)
        SmoothEllipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
        Color(*self.colors[seat - 1])
        body = r - dp(3)
        SmoothEllipse(pos=(cx - body, cy - body), size=(2 * body, 2 * body))
        Color(*shade(self.colors[seat - 1], 1.55))  # the head, seen from above
        head = r * 0.42
        SmoothEllipse(pos=(cx - head, cy - head), size=(2 * head, 2 * head))

    def _draw_dot(self, sq: str) -> None:
        x, y, w, h = self.rect([sq])
        r = self.cell * 0.13
        cx, cy = x + w / 2, y + h / 2
        Color(*INK)
        SmoothEllipse(pos=(cx - r - dp(2), cy - r - dp(2)), size=(2 * r + dp(4), 2 * r + dp(4)))
        Color(*TARGET)
        SmoothEllipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))

    def _draw_ghost(self, squares) -> None:
        x, y, w, h = self.rect(squares)
        k = self.cell * 0.1
        Color(*TARGET[:3], 0.16)
        SmoothRoundedRectangle(pos=(x + k, y + k), size=(w - 2 * k, h - 2 * k), radius=[dp(5)])
        Color(*TARGET)
        SmoothLine(rounded_rectangle=(x + k, y + k, w - 2 * k, h - 2 * k, dp(5)), width=dp(2))

    def _draw_was_here(self, piece: str) -> None:
        """Where the companion's moved pieces were: a dashed square under a block, a dashed ring for a meeple."""
        for m in self.marks:
            if not m.get("from") or m["piece"] != piece:
                continue
            if piece == "meeple":
                x, y, w, h = self.rect(m["from"])
                Color(*INK[:3], 0.8)
                Line(circle=(x + w / 2, y + h / 2, self.cell * 0.2), width=1, dash_length=dp(4), dash_offset=dp(3))
            else:
                x, y, w, h = self.rect(m["from"])
                k = self.cell * 0.12
                Color(*INK[:3], 0.12)
                Rectangle(pos=(x + k, y + k), size=(w - 2 * k, h - 2 * k))
                Color(*INK[:3], 0.8)
                Line(rectangle=(x + k, y + k, w - 2 * k, h - 2 * k), width=1, dash_length=dp(5), dash_offset=dp(4))

    def _draw_arrows(self) -> None:
        """An ink ring on each piece the companion moved, and an arrow from where it was."""
        for i, m in enumerate(self.marks):
            if self.progress < i + 1:
                continue
            x, y, w, h = self.rect(m["to"])
            Color(*INK)
            if m["piece"] == "meeple":
                SmoothLine(circle=(x + w / 2, y + h / 2, self.cell * 0.2 + dp(5)), width=dp(2.5))
            else:
                SmoothLine(rounded_rectangle=(x + dp(3), y + dp(3), w - dp(6), h - dp(6), dp(6)), width=dp(2.5))
            if not m.get("from"):
                continue
            fx, fy, fw, fh = self.rect(m["from"])
            ax, ay, bx, by = fx + fw / 2, fy + fh / 2, x + w / 2, y + h / 2
            length = math.hypot(bx - ax, by - ay)
            if length < 1:
                continue
            ux, uy = (bx - ax) / length, (by - ay) / length
            head = min(dp(12), length * 0.45)
            ex, ey = bx - ux * head, by - uy * head
            SmoothLine(points=[ax, ay, ex, ey], width=dp(2.5))
            Triangle(points=[bx, by, ex - uy * head * 0.6, ey + ux * head * 0.6, ex + uy * head * 0.6, ey - ux * head * 0.6])


def move_marks(events: list[dict], before: list, after: list) -> list[dict]:
    """The marks {piece, seat, by, from, to} of the engine's move events, in order: a block placed (from
    None), slid or flipped, a meeple placed or moved. A meeple carried along by the other seat's block
    (BA-5) has no event of its own: it is one found elsewhere than its own moves took it from `before`
    (the meeples' squares before the events; `after`: after them), marked after the block move that
    started on its square, `by` that block's owner."""
    out: list[dict] = []
    where = list(before)

    def carried(i: int, now: str) -> None:
        was, seat = where[i], i + 1
        k = next((k for k in range(len(out) - 1, -1, -1) if out[k]["piece"] == "block" and out[k]["seat"] != seat
                  and out[k]["from"] and was in out[k]["from"]), None)
        mark = {"piece": "meeple", "seat": seat, "by": seat if k is None else out[k]["seat"],
                "from": [was] if was else None, "to": [now]}
        out.insert(len(out) if k is None else k + 1, mark)
        where[i] = now

    for e in events:
        kind, seat = e.get("type"), e.get("seat")
        if kind == "placed":
            out.append({"piece": "block", "seat": seat, "by": seat, "from": None, "to": list(e["squares"])})
        elif kind in ("slid", "flipped"):
            out.append({"piece": "block", "seat": seat, "by": seat, "from": list(e["from"]), "to": list(e["to"])})
        elif kind in ("meeple-placed", "meeple-moved"):
            i = seat - 1
            if kind == "meeple-moved" and e["from"] != where[i]:
                carried(i, e["from"])
            to = e["square"] if kind == "meeple-placed" else e["to"]
            out.append({"piece": "meeple", "seat": seat, "by": seat, "from": [where[i]] if where[i] else None, "to": [to]})
            where[i] = to
    for i, sq in enumerate(after):
        if sq is not None and sq != where[i]:
            carried(i, sq)
    return out
