"""The Chronomage damage tracker: the round's damage filling towards its power number.

A monster round is summed (`mode = "sum"`): one bar, a segment in each player's colour as their dice
come in, and a marker at the power number. An event is each player alone (`mode = "each"`): a short bar
a player side by side, each with its own marker. The widget only draws what it is given (`parts`: value and colour
per seat, None for a seat still to roll); the numbers come from the engine's view.
"""
from __future__ import annotations

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Line, Rectangle, RoundedRectangle
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, OptionProperty
from kivy.uix.widget import Widget

from ... import palette


def _text(text: str, size: float, color, bold: bool = True):
    label = CoreLabel(text=text, font_size=size, bold=bold, color=color)
    label.refresh()
    return label.texture


class ChronoTracker(Widget):
    #: one [value or None, rgba] per seat, in seat order
    parts = ListProperty([])
    power = NumericProperty(0)
    mode = OptionProperty("sum", options=("sum", "each"))
    #: a closed round shown until the next one's first roll
    faded = BooleanProperty(False)

    def __init__(self, **kwargs):
        self._redraw = Clock.create_trigger(self.redraw, -1)
        super().__init__(**kwargs)
        self.bind(pos=self._redraw, size=self._redraw, parts=self._redraw, power=self._redraw,
                  mode=self._redraw, faded=self._redraw)

    @property
    def total(self) -> int:
        return sum(v for v, _ in self.parts if v is not None)

    def redraw(self, *_):
        self.canvas.clear()
        if self.width < 10 or self.height < 10:
            return
        with self.canvas:
            if self.mode == "sum":
                self._sum()
            else:
                self._each()

    # -- drawing ------------------------------------------------------------------------------------
    def _scale(self, biggest: float) -> float:
        return max(self.power, biggest, 1) * 1.1

    def _marker(self, x: float, y0: float, y1: float) -> None:
        Color(*palette.TEXT)
        Line(points=[x, y0 - dp(3), x, y1 + dp(3)], width=dp(1.6))

    def _bar_back(self, x, y, w, h) -> None:
        Color(*palette.PANEL_HI)
        RoundedRectangle(pos=(x, y), size=(w, h), radius=[dp(6)])

    def _segment(self, x, y, w, h, rgba, value) -> None:
        """A coloured stretch with its value inside (or just after it, when it does not fit)."""
        alpha = 0.45 if self.faded else 1
        Color(rgba[0], rgba[1], rgba[2], alpha)
        RoundedRectangle(pos=(x, y), size=(max(w, dp(2)), h), radius=[min(dp(4), h / 2)])
        size = min(sp(15), h * 0.95)
        inside = _text(str(value), size, palette.text_on(rgba))
        if inside.width + dp(6) < w and inside.height <= h + dp(4):
            Color(1, 1, 1, alpha)
            Rectangle(texture=inside, size=inside.size, pos=(x + (w - inside.width) / 2, y + (h - inside.height) / 2))
        else:
            after = _text(str(value), size, palette.TEXT)
            Color(1, 1, 1, alpha)
            Rectangle(texture=after, size=after.size, pos=(x + w + dp(4), y + (h - after.height) / 2))

    def _sum(self) -> None:
        x, y, w, h = self.x, self.y + dp(4), self.width, self.height - dp(8)
        self._bar_back(x, y, w, h)
        scale = self._scale(self.total)
        at = x
        for value, rgba in self.parts:
            if not value:
                continue
            seg = w * value / scale
            self._segment(at, y, seg - dp(2), h, rgba, value)
            at += seg
        if self.power:
            self._marker(x + w * self.power / scale, y, y + h)

    def _each(self) -> None:
        """Side by side, one short bar a player, each with its own marker at the power number."""
        n = max(1, len(self.parts))
        gap = dp(10)
        w = (self.width - gap * (n - 1)) / n
        y, h = self.y + dp(4), self.height - dp(8)
        values = [v for v, _ in self.parts if v is not None]
        scale = self._scale(max(values, default=0))
        for i, (value, rgba) in enumerate(self.parts):
            x = self.x + i * (w + gap)
            self._bar_back(x, y, w, h)
            if value:
                self._segment(x, y, w * value / scale, h, rgba, value)
            if self.power:
                self._marker(x + w * self.power / scale, y, y + h)
