"""Pass-the-device curtain: the one way hidden information reaches the screen.

closed -> "Hand the screen to Blue" (pass) -> a tap -> that seat's own view (`reveal_mode`) -> hides
again on "Hide", after `hide_after` seconds without a touch, or when the game's subclass closes it.
While open it takes every touch, so nothing under it can be tapped. A game's curtain subclasses it
and fills `refresh()` from `controller.seat_view(seat)` and `controller.legal(seat)` only.
"""
from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import ColorProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.floatlayout import FloatLayout

from .. import palette


class PassCurtain(FloatLayout):
    seat = NumericProperty(0)
    who = StringProperty("")
    who_color = ColorProperty(palette.MUTED)
    mode = StringProperty("closed")  # closed | pass | the subclass's own modes
    remaining = NumericProperty(20)
    controller = ObjectProperty(None, allownone=True)
    #: called with (widget, text) to show a refusal next to what was tapped
    notify = ObjectProperty(None, allownone=True)
    #: the mode a tap on "pass" opens; seconds without a touch before it hides again
    reveal_mode = "open"
    hide_after = 20

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._timer = None
        self.remaining = self.hide_after

    def open_for(self, overlay, controller, seat: int, label: str | None = None) -> None:
        self.controller, self.seat = controller, seat
        self.who, self.who_color = label or controller.name(seat), controller.color(seat)
        self.mode = "pass"
        self.reset()
        if self.parent is None:
            overlay.add_widget(self)

    def reveal(self) -> None:
        self.mode = self.reveal_mode
        self.reset()
        self.refresh()
        self.poke()
        if self._timer is None:
            self._timer = Clock.schedule_interval(self.tick, 1.0)

    def close(self, *_) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.mode = "closed"
        self.reset()
        if self.parent is not None:
            self.parent.remove_widget(self)

    @property
    def is_open(self) -> bool:
        return self.parent is not None

    def poke(self) -> None:
        """A touch: the player is still looking."""
        self.remaining = self.hide_after

    def tick(self, dt: float = 1.0) -> None:
        self.remaining -= 1
        if self.remaining <= 0:
            self.close()

    def note(self, widget, text: str) -> None:
        if self.notify:
            self.notify(widget, text)

    def on_touch_down(self, touch):
        if self.mode != "closed":
            self.poke()
        super().on_touch_down(touch)
        return True  # nothing under the curtain may be touched

    # -- the game's part ----------------------------------------------------------------------------
    def reset(self) -> None:
        """Forget what the seat was doing (on opening, revealing and closing)."""

    def refresh(self) -> None:
        """Show the seat's own view."""
