"""The Time Runners board as the table sees it: a clock with 12 hours, 60 spaces and the runners.

It draws what its properties say (set from the engine's view): the hand at `hour`, every runner at
`positions`, the spaces of `zone_spaces` shaded. With `emulate` on, tapping or dragging on the dial
turns the *physical* hand (the emulated sensor), drawn as a ghost hand at `sensed` when it differs.
"""
from __future__ import annotations

import math

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, InstructionGroup, Line, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty
from kivy.uix.widget import Widget

from .. import palette

SPACES = 60
#: drawing order, bottom to top
LAYERS = ("dial", "zone", "track", "hours", "hands", "runners")
#: property -> the layers that show it
DEPENDS = {"hour": ("hours", "hands"), "sensed": ("hands",), "zone_spaces": ("zone",),
           "positions": ("runners",), "colors": ("runners",), "current": ("runners",)}


def _angle(fraction: float) -> float:
    """Clockwise from twelve o'clock, in radians of the usual maths convention."""
    return math.pi / 2 - 2 * math.pi * fraction


def hour_at(dx: float, dy: float) -> int:
    """The hour (1..12) a point at (dx, dy) from the centre points at."""
    turn = (math.pi / 2 - math.atan2(dy, dx)) / (2 * math.pi)
    return (round(turn * 12) - 1) % 12 + 1


class ClockFace(Widget):
    hour = NumericProperty(12)
    sensed = ObjectProperty(None, allownone=True)
    positions = ListProperty([])
    colors = ListProperty([])
    current = ObjectProperty(None, allownone=True)
    zone_spaces = ListProperty([])
    emulate = BooleanProperty(False)
    __events__ = ("on_hand_drag",)

    def __init__(self, **kwargs):
        self._textures: dict = {}
        # The face is drawn in layers, bottom to top, each rebuilt only when what it shows changes
        # (a roll moves the runners: the dial, its 60 spaces and its numbers stay as they are).
        self._layers = {name: InstructionGroup() for name in LAYERS}
        self._dirty: set[str] = set(LAYERS)
        self._redraw = Clock.create_trigger(self.redraw, -1)
        super().__init__(**kwargs)
        for group in self._layers.values():
            self.canvas.add(group)
        self.bind(pos=self._all_dirty, size=self._all_dirty)
        for prop, layers in DEPENDS.items():
            self.fbind(prop, self._dirty_for, layers)

    def _all_dirty(self, *_):
        self._dirty.update(LAYERS)
        self._redraw()

    def _dirty_for(self, layers, *_):
        self._dirty.update(layers)
        self._redraw()

    # -- geometry -----------------------------------------------------------------------------------
    @property
    def radius(self) -> float:
        return max(10.0, min(self.width, self.height) / 2 - dp(6))

    def point(self, fraction: float, r: float) -> tuple[float, float]:
        a = _angle(fraction)
        return self.center_x + r * math.cos(a), self.center_y + r * math.sin(a)

    def space_point(self, space: int, lift: float = 0.0) -> tuple[float, float]:
        return self.point(space / SPACES, self.radius * 0.84 + lift)

    # -- drawing ------------------------------------------------------------------------------------
    def _text(self, text: str, size: float, color, bold: bool = False):
        key = (text, round(size), tuple(color), bold)
        tex = self._textures.get(key)
        if tex is None:
            label = CoreLabel(text=text, font_size=size, color=color, bold=bold)
            label.refresh()
            tex = self._textures[key] = label.texture
        return tex

    def _blit(self, group, tex, x: float, y: float) -> None:
        group.add(Rectangle(texture=tex, pos=(x - tex.width / 2, y - tex.height / 2), size=tex.size))

    def redraw(self, *_):
        dirty, self._dirty = self._dirty, set()
        for name in LAYERS:
            if name in dirty:
                group = self._layers[name]
                group.clear()
                getattr(self, f"_draw_{name}")(group)

    @property
    def _step(self) -> float:
        return 2 * math.pi * self.radius * 0.84 / SPACES

    def _draw_dial(self, g) -> None:
        R = self.radius
        cx, cy = self.center
        g.add(Color(*palette.LINE))
        g.add(Ellipse(pos=(cx - R - dp(3), cy - R - dp(3)), size=(2 * R + dp(6), 2 * R + dp(6)), segments=120))
        g.add(Color(*palette.DIAL))
        g.add(Ellipse(pos=(cx - R, cy - R), size=(2 * R, 2 * R), segments=120))

    def _draw_zone(self, g) -> None:
        # the spaces of the hour the hand points at: runners there move backward (shown by the engine);
        # each shade stays clear of the neighbouring spaces' dots, so the dots can be drawn after all shades
        step = self._step
        g.add(Color(*palette.ZONE))
        for s in sorted(set(self.zone_spaces) & set(range(SPACES))):
            x, y = self.space_point(s)
            g.add(Ellipse(pos=(x - step * 0.48, y - step * 0.48), size=(step * 0.96, step * 0.96), segments=20))

    def _draw_track(self, g) -> None:
        R = self.radius
        step = self._step
        dot = max(2.0, step * 0.2)
        g.add(Color(*palette.DIAL_INK))
        for s in range(SPACES):
            x, y = self.space_point(s)
            d = dot * (1.7 if s % 5 == 0 else 1.0)
            g.add(Ellipse(pos=(x - d, y - d), size=(2 * d, 2 * d), segments=12))
        # space numbers every five, just inside the track
        for s in range(5, SPACES, 5):
            x, y = self.point(s / SPACES, R * 0.84 - step * 1.05)
            self._blit(g, self._text(str(s), max(sp(9), R * 0.055), palette.MUTED), x, y)
        x, y = self.point(0, R * 0.84 - step * 1.1)
        self._blit(g, self._text("START", max(sp(9), R * 0.055), palette.DIAL_INK, True), x, y)

    def _draw_hours(self, g) -> None:
        R = self.radius
        for h in range(1, 13):
            x, y = self.point(h / 12, R * 0.58)
            ink = palette.DANGER if h == self.hour else palette.DIAL_INK
            self._blit(g, self._text(str(h), max(sp(12), R * 0.13), ink, True), x, y)

    def _draw_hands(self, g) -> None:
        R = self.radius
        cx, cy = self.center
        # the physical hand, when the sensor sees it elsewhere (ghost)
        if self.sensed is not None and self.sensed != self.hour:
            g.add(Color(*palette.WARN[:3], 0.9))
            x, y = self.point(self.sensed / 12, R * 0.44)
            g.add(Line(points=[cx, cy, x, y], width=dp(2.5), cap="round"))
        # the engine's hand of time
        g.add(Color(*palette.DIAL_INK))
        x, y = self.point(self.hour / 12, R * 0.46)
        g.add(Line(points=[cx, cy, x, y], width=max(dp(3), R * 0.025), cap="round"))
        g.add(Color(*palette.DANGER))
        hub = R * 0.06
        g.add(Ellipse(pos=(cx - hub, cy - hub), size=(2 * hub, 2 * hub), segments=32))

    def _draw_runners(self, g) -> None:
        # runners: stacked outward when they share a space
        token = max(dp(7), self._step * 0.62)
        stack: dict[int, int] = {}
        order = sorted(range(len(self.positions)), key=lambda i: i + 1 != self.current)
        for i in order:
            s = self.positions[i] % SPACES
            k = stack.get(s, 0)
            stack[s] = k + 1
            x, y = self.space_point(s, lift=k * token * 1.15 - (token * 0.6 if k else 0))
            rgba = self.colors[i] if i < len(self.colors) else palette.MUTED
            g.add(Color(*palette.DIAL_INK))
            g.add(Ellipse(pos=(x - token - dp(1.5), y - token - dp(1.5)), size=(2 * token + dp(3), 2 * token + dp(3)), segments=28))
            g.add(Color(*rgba))
            g.add(Ellipse(pos=(x - token, y - token), size=(2 * token, 2 * token), segments=28))
            self._blit(g, self._text(str(i + 1), token * 1.1, palette.text_on(rgba), True), x, y)
            if i + 1 == self.current:
                g.add(Color(*palette.TEXT))
                g.add(Line(circle=(x, y, token + dp(4), 0, 360, 32), width=dp(1.6)))

    # -- the emulated physical hand -------------------------------------------------------------------
    def _dial_hit(self, touch) -> bool:
        dx, dy = touch.x - self.center_x, touch.y - self.center_y
        return math.hypot(dx, dy) < self.radius * 0.72

    def on_touch_down(self, touch):
        if self.emulate and self._dial_hit(touch):
            touch.grab(self)
            self.dispatch("on_hand_drag", hour_at(touch.x - self.center_x, touch.y - self.center_y))
            return True
        return super().on_touch_down(touch)

    def on_touch_move(self, touch):
        if touch.grab_current is self:
            self.dispatch("on_hand_drag", hour_at(touch.x - self.center_x, touch.y - self.center_y))
            return True
        return super().on_touch_move(touch)

    def on_touch_up(self, touch):
        if touch.grab_current is self:
            touch.ungrab(self)
            return True
        return super().on_touch_up(touch)

    def on_hand_drag(self, hour: int):
        pass
