"""A die face that shows `value` at once and tumbles briefly when a new roll arrives.

Its edges are anti-aliased by the shapes themselves (Smooth*): the window draws without multisampling."""
from __future__ import annotations

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.graphics import Color, PopMatrix, PushMatrix, Rotate, SmoothEllipse, SmoothRoundedRectangle
from kivy.properties import NumericProperty
from kivy.uix.widget import Widget

from .. import palette

PIPS = {1: [(1, 1)], 2: [(0, 2), (2, 0)], 3: [(0, 2), (1, 1), (2, 0)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
        5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}


class Die(Widget):
    value = NumericProperty(0)  # 0: no roll yet
    angle = NumericProperty(0)

    def __init__(self, **kwargs):
        self._redraw = Clock.create_trigger(self.redraw, -1)
        super().__init__(**kwargs)
        self._rotate = None
        self.bind(pos=self._redraw, size=self._redraw, value=self._redraw, angle=self._turn)

    def _turn(self, *_):
        """A tumble frame only turns the die already drawn."""
        if self._rotate is None:
            self._redraw()
        else:
            self._rotate.angle = -self.angle

    def tumble(self) -> None:
        Animation.cancel_all(self, "angle")
        self.angle = 0
        Animation(angle=360, duration=0.45, t="out_back").start(self)

    def redraw(self, *_):
        s = min(self.width, self.height)
        x0, y0 = self.center_x - s / 2, self.center_y - s / 2
        self.canvas.clear()
        with self.canvas:
            PushMatrix()
            self._rotate = Rotate(angle=-self.angle, origin=self.center)
            Color(*(palette.DIAL if self.value else palette.PANEL_HI))
            SmoothRoundedRectangle(pos=(x0, y0), size=(s, s), radius=[s * 0.18])
            Color(*palette.DIAL_INK)
            r = s * 0.09
            for col, row in PIPS.get(int(self.value), []):
                px, py = x0 + s * (0.25 + 0.25 * col), y0 + s * (0.25 + 0.25 * row)
                SmoothEllipse(pos=(px - r, py - r), size=(2 * r, 2 * r), segments=16)
            PopMatrix()
