"""The Time Runners board as the table sees it: a clock with 12 hours, 60 spaces and the runners.

It draws what its properties say (set from the engine's view): the hand at `hour`, every runner at
`positions`, the spaces of `zone_spaces` shaded. With `emulate` on, tapping or dragging on the dial
turns the *physical* hand (the emulated sensor), drawn as a ghost hand at `sensed` when it differs;
a legend then says which hand is the game's hour and which is the clock hand on the board.

Runners that share a space or stand on neighbouring ones are spread into lanes just inside the track
(`runner_centers`), so every token stays whole, inside the widget, and can be told apart and tapped.

Drawing cost (software GL draws every frame whole): the dial, its rim and the tokens anti-alias their
own edges (Smooth*), so the window needs no multisampling (the 60 small dots and the zone's pale shades
stay plain: smoothing them too costs ~1.5 ms a frame); the rim is a ring, not a second disc under the
dial; and a built layer is kept for the geometry and values it shows, so a layout that passes through
another size and back within a frame (as a roll's new texts do) re-adds it instead of building it again.
"""
from __future__ import annotations

import math

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, InstructionGroup, Line, Rectangle, SmoothEllipse, SmoothLine
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty
from kivy.uix.widget import Widget

from companion.games.time_runners.state import GOAL

from ... import palette

SPACES = GOAL  # the track's spaces round the dial: 0 (Start, where the Goal is too) .. GOAL - 1


def k_cost(slot: tuple[int, int]) -> float:
    """Rings around the space: a crowd forms a compact block (two lanes of three for six at Start)."""
    lane, along = slot
    return max(lane, abs(along)) + 0.1 * (lane + abs(along))

#: drawing order, bottom to top
LAYERS = ("dial", "zone", "track", "hours", "hands", "runners")
#: property -> the layers that show it
DEPENDS = {"hour": ("hours", "hands"), "sensed": ("hands",), "zone_spaces": ("zone",),
           "positions": ("runners",), "colors": ("runners",), "current": ("runners",)}
#: built layers kept per layer (geometry and values recently shown)
KEEP = 6
#: a SmoothLine fades its edges inside the width it is given; this much more gives a circle the ink of the
#: Line it replaces (measured at 1.6 px: equal within 0.1 %; the dp(3) rim: within 3 %)
RING_FRINGE = 0.4


#: where a runner may go around its space, nearest first: (lane inward from the track, steps along it)
SLOTS = tuple(sorted(((k, j) for k in range(4) for j in range(-2, 3)), key=lambda c: (k_cost(c), abs(c[1]), c[1])))


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
    __events__ = ("on_hand_drag", "on_runner_press")

    def __init__(self, **kwargs):
        self._textures: dict = {}
        # The face is drawn in layers, bottom to top, each rebuilt only when what it shows changes
        # (a roll moves the runners: the dial, its 60 spaces and its numbers stay as they are).
        self._layers = {name: InstructionGroup() for name in LAYERS}
        self._built: dict[str, dict] = {name: {} for name in LAYERS}  # layer -> {(geometry, values): group}
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

    def _shows(self, name: str) -> tuple:
        """What layer `name` draws besides the geometry (the key of a built layer)."""
        if name == "zone":
            return tuple(self.zone_spaces)
        if name == "hours":
            return (self.hour,)
        if name == "hands":
            return self.hour, self.sensed
        if name == "runners":
            return tuple(self.positions), tuple(tuple(c) for c in self.colors), self.current
        return ()

    def redraw(self, *_):
        dirty, self._dirty = self._dirty, set()
        geometry = (self.center_x, self.center_y, self.radius)
        for name in LAYERS:
            if name not in dirty:
                continue
            built = self._built[name]
            key = (geometry, self._shows(name))
            group = built.pop(key, None)
            if group is None:
                group = InstructionGroup()
                getattr(self, f"_draw_{name}")(group)
            built[key] = group  # most recently shown last
            while len(built) > KEEP:
                del built[next(iter(built))]
            old = self._layers[name]
            if group is not old:
                at = self.canvas.indexof(old)
                self.canvas.remove(old)
                self.canvas.insert(at, group)
                self._layers[name] = group

    @property
    def _step(self) -> float:
        return 2 * math.pi * self.radius * 0.84 / SPACES

    @property
    def token(self) -> float:
        """A runner's radius: big enough for a 14 px seat number, growing with the dial."""
        return max(dp(12), self._step * 0.7)

    def runner_centers(self) -> list[tuple[float, float]]:
        """Where each runner is drawn: the player in turn on its own space, then the others (by space, then
        seat) in the nearest free slot, so no two tokens overlap and all stay inside the dial."""
        n = len(self.positions)
        token = self.token
        pitch = 2 * token + dp(3)
        track = self.radius * 0.84
        inner = self.radius * 0.2
        order = sorted(range(n), key=lambda i: (i + 1 != self.current, self.positions[i] % SPACES, i))
        placed: dict[int, tuple[float, float]] = {}
        for i in order:
            frac = (self.positions[i] % SPACES) / SPACES
            spot = None
            for lane, along in SLOTS:
                r = track - lane * pitch
                if r < inner:
                    continue
                turn = 2 * math.asin(min(1.0, pitch / (2 * r))) / (2 * math.pi)  # one pitch of chord
                x, y = self.point(frac + along * turn, r)
                if all(math.hypot(x - px, y - py) >= pitch - 0.01 for px, py in placed.values()):
                    spot = (x, y)
                    break
            placed[i] = spot or self.point(frac, track)
        return [placed[i] for i in range(n)]

    def runner_at(self, x: float, y: float) -> int | None:
        """The seat whose token is under (x, y) (widget coordinates), or None."""
        reach = self.token + dp(3)
        for i, (cx, cy) in enumerate(self.runner_centers()):
            if math.hypot(x - cx, y - cy) <= reach:
                return i + 1
        return None

    def _draw_dial(self, g) -> None:
        R = self.radius
        cx, cy = self.center
        g.add(Color(*palette.DIAL))
        g.add(SmoothEllipse(pos=(cx - R, cy - R), size=(2 * R, 2 * R), segments=120))
        # the rim, dp(3) wide outside the dial: a ring (a SmoothLine's width is half its breadth, plus the
        # fringe it fades over), not a second full disc painted under the dial
        g.add(Color(*palette.LINE))
        g.add(SmoothLine(circle=(cx, cy, R + dp(1.5)), width=dp(1.5) + RING_FRINGE))

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
            self._blit(g, self._text(str(s), max(sp(14), R * 0.055), palette.MUTED), x, y)
        tex, (x, y) = self.start_label()
        self._blit(g, tex, x, y)

    def start_label(self):
        """START's texture and centre: just outside the track, where no token goes (they stack inward), if
        the rim leaves it the room; else just inside the track."""
        R, step = self.radius, self._step
        tex = self._text("START", max(sp(14), R * 0.055), palette.DIAL_INK, True)
        r = R * 0.84 + self.token + dp(1.5) + tex.height / 2  # a token's dark rim is dp(1.5) wide
        if r + tex.height / 2 > R + dp(3):  # the texture's blank top may reach onto the dp(3) rim
            r = R * 0.84 - step * 1.1
        return tex, self.point(0, r)

    def _draw_hours(self, g) -> None:
        R = self.radius
        for h in range(1, 13):
            x, y = self.point(h / 12, R * 0.58)
            ink = palette.DANGER if h == self.hour else palette.DIAL_INK
            self._blit(g, self._text(str(h), max(sp(14), R * 0.13), ink, True), x, y)

    def hand_legend(self) -> list[tuple[str, tuple]]:
        """The captions shown when the clock hand on the board and the game's hour differ: (text, colour)."""
        if self.sensed is None or self.sensed == self.hour:
            return []
        return [(f"Game hour: {self.hour}", palette.DIAL_INK), (f"Board hand: {self.sensed}", palette.WARN)]

    def _draw_hands(self, g) -> None:
        R = self.radius
        cx, cy = self.center
        legend = self.hand_legend()
        # the physical hand, when the sensor sees it elsewhere (ghost)
        if legend:
            g.add(Color(*palette.WARN[:3], 0.9))
            x, y = self.point(self.sensed / 12, R * 0.44)
            g.add(Line(points=[cx, cy, x, y], width=dp(2.5), cap="round"))
        # the engine's hand of time
        g.add(Color(*palette.DIAL_INK))
        x, y = self.point(self.hour / 12, R * 0.46)
        g.add(Line(points=[cx, cy, x, y], width=max(dp(3), R * 0.025), cap="round"))
        g.add(Color(*palette.DANGER))
        hub = R * 0.06
        g.add(SmoothEllipse(pos=(cx - hub, cy - hub), size=(2 * hub, 2 * hub), segments=32))
        if legend:
            self._draw_legend(g, legend)

    def legend_box(self, legend=None) -> tuple[float, float, float, float]:
        """(x, y, width, height) of the hand legend: above or below the pivot (a wide caption beside it at
        3 or 9 would run over the pivot and the numeral), on the side neither hand points to."""
        legend = self.hand_legend() if legend is None else legend
        R = self.radius
        where = max((6, 12), key=lambda h: min(_hours_apart(h, self.hour), _hours_apart(h, self.sensed)))
        lx, ly = self.point(where / 12, R * 0.3)
        texs = self._legend_textures(legend)
        bar = self._legend_size() * 1.4
        width = bar + dp(6) + max(t.width for t in texs)
        height = sum(t.height for t in texs)
        return lx - width / 2, ly - height / 2, width, height

    def _legend_size(self) -> float:
        return max(sp(14), self.radius * 0.07)

    def _legend_textures(self, legend):
        return [self._text(text, self._legend_size(), palette.DIAL_INK, True) for text, _ in legend]

    def _draw_legend(self, g, legend) -> None:
        """Two captions, each after a bar in its hand's colour, on a patch of dial (a hand may pass under it)."""
        x0, y0, width, height = self.legend_box(legend)
        texs, bar = self._legend_textures(legend), self._legend_size() * 1.4
        g.add(Color(*palette.DIAL))
        g.add(Rectangle(pos=(x0 - dp(3), y0 - dp(2)), size=(width + dp(6), height + dp(4))))
        y = y0 + height
        for (text, rgba), tex in zip(legend, texs):
            y -= tex.height
            g.add(Color(*rgba))
            g.add(Line(points=[x0, y + tex.height / 2, x0 + bar, y + tex.height / 2], width=dp(2.5), cap="round"))
            g.add(Color(1, 1, 1, 1))
            g.add(Rectangle(texture=tex, pos=(x0 + bar + dp(6), y), size=tex.size))

    def _draw_runners(self, g) -> None:
        token = self.token
        font = max(sp(14), token * 1.2)
        for i, (x, y) in enumerate(self.runner_centers()):
            rgba = self.colors[i] if i < len(self.colors) else palette.MUTED
            g.add(Color(*palette.DIAL_INK))
            rim = token + dp(1.5)
            g.add(SmoothEllipse(pos=(x - rim, y - rim), size=(2 * rim, 2 * rim), segments=28))
            g.add(Color(*rgba))
            g.add(SmoothEllipse(pos=(x - token, y - token), size=(2 * token, 2 * token), segments=28))
            g.add(Color(1, 1, 1, 1))
            self._blit(g, self._seat_number(i + 1, font, rgba), x, y)
            if i + 1 == self.current:
                g.add(Color(*palette.TEXT))
                g.add(SmoothLine(circle=(x, y, token + dp(4), 0, 360, 32), width=dp(1.6) + RING_FRINGE))

    def seat_number_colors(self, rgba) -> tuple[tuple, tuple]:
        """(fill, outline) of a seat number on a token of colour `rgba`: palette.text_on's choice, edged with
        the other ink so the digit reads on any colour."""
        fill = palette.text_on(rgba)
        return fill, (palette.TEXT if fill == palette.DIAL_INK else palette.DIAL_INK)

    def _seat_number(self, seat: int, size: float, rgba):
        fill, edge = self.seat_number_colors(rgba)
        key = ("seat", seat, round(size), tuple(fill))
        tex = self._textures.get(key)
        if tex is None:
            label = CoreLabel(text=str(seat), font_size=size, color=fill, bold=True,
                              outline_width=max(1, round(dp(1))), outline_color=edge[:3])
            label.refresh()
            tex = self._textures[key] = label.texture
        return tex

    # -- the emulated physical hand -------------------------------------------------------------------
    def _dial_hit(self, touch) -> bool:
        dx, dy = touch.x - self.center_x, touch.y - self.center_y
        return math.hypot(dx, dy) < self.radius * 0.72

    def on_touch_down(self, touch):
        if self.collide_point(*touch.pos):
            seat = self.runner_at(touch.x, touch.y)
            if seat is not None:
                self.dispatch("on_runner_press", seat)
                return True
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

    def on_runner_press(self, seat: int):
        pass


def _hours_apart(a: int, b: int) -> int:
    d = abs(a - b) % 12
    return min(d, 12 - d)
