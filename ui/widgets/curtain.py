"""Pass-the-device curtain: the one way hidden information reaches the screen.

closed -> "Hand the screen to Blue" (pass) -> a tap -> that seat's own view (`reveal_mode`) -> hides
again on "Hide", after `hide_after` seconds without a touch, or when the game's subclass closes it.
A seat whose phone is connected is not passed the screen: the curtain says its cards are on its phone
("phone"), and shows them here only if asked to (a phone gone flat). A seat the companion plays has no
curtain at all: its hand is the computer's secret (`open_for` says so instead of opening).
While open it takes every touch, so nothing under it can be tapped. A game's curtain subclasses it
and fills `refresh()` from `controller.seat_view(seat)` and `controller.actions_for(seat)` only.
"""
from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import ColorProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label

from .. import palette
from ..texts import names_list
from .common import FlatButton


def on_phone(seat: int) -> bool:
    """The seat's phone is connected now: its secrets stay on the phone."""
    phones = getattr(App.get_running_app(), "phones", None)
    return phones is not None and phones.on_phone(seat)


def screen_passed_to(controller) -> list[int]:
    """The seats whose secrets reach them over the touchscreen: people without a phone connected."""
    return [s for s in controller.seats if s not in controller.computers and not on_phone(s)]


def pass_sentence(controller) -> str:
    """"Hand the screen to Red and Blue in turn." for the seats passed the screen; "" when none is."""
    seats = screen_passed_to(controller)
    if not seats:
        return ""
    return f"Hand the screen to {names_list(controller.names, seats)}{' in turn' if len(seats) > 1 else ''}."


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
    #: False for a curtain that is itself the way onto a phone (a seat's join link)
    shows_phone_note = True

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._timer = None
        self.remaining = self.hide_after

    def open_for(self, overlay, controller, seat: int, label: str | None = None) -> bool:
        """Open for `seat` (False, with a note, for a seat the companion plays: no curtain shows its hand)."""
        if seat in controller.computers:
            self.note(None, f"{label or controller.name(seat)} is the companion's seat: its cards stay its own.")
            return False
        self.controller, self.seat = controller, seat
        self.who, self.who_color = label or controller.name(seat), controller.color(seat)
        self.mode = "phone" if self.shows_phone_note and on_phone(seat) else "pass"
        self._phone_note().pos = self.pos if self.mode == "phone" else (-10000, -10000)
        self.reset()
        if self.parent is None:
            overlay.add_widget(self)
        return True

    def pass_here(self, *_) -> None:
        """Show a phone seat's cards on the touchscreen after all (its phone is flat or lost)."""
        self.mode = "pass"
        self._phone_note().pos = (-10000, -10000)

    def _phone_note(self) -> BoxLayout:
        """The pane of a seat on its phone (made once; the game's kv panes stay hidden in this mode)."""
        if getattr(self, "_phone_pane", None) is None:
            pane = BoxLayout(orientation="vertical", padding=dp(24), spacing=dp(12), size_hint=(None, None))
            self.bind(size=pane.setter("size"))
            pane.size = self.size
            note = Label(markup=True, halign="center", valign="middle", color=palette.TEXT)
            note.bind(size=note.setter("text_size"))
            self.bind(who=lambda *_: setattr(note, "text", self._phone_text()))
            note.text = self._phone_text()
            here = FlatButton(text="Show them here instead", size_hint_y=None, height=dp(palette.TOUCH + 4))
            here.bind(on_release=self.pass_here)
            done = FlatButton(text="Close", size_hint_y=None, height=dp(palette.TOUCH + 4), bg=palette.ACCENT)
            done.bind(on_release=self.close)
            pane.add_widget(note)
            pane.add_widget(here)
            pane.add_widget(done)
            self._phone_pane = pane
            self.add_widget(pane)
        return self._phone_pane

    def _phone_text(self) -> str:
        return (f"[size=28sp][b]{self.who} plays on their phone[/b][/size]\n\n[size=18sp]{self.who}'s cards and "
                "choices are on the phone, so the screen need not be passed.[/size]")

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
