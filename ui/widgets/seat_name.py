"""A seat's name field at setup, built only when a player taps a name to change it.

Kivy's TextInput is the dearest widget on the home screen: importing it and building three took about
14 ms of the ~300 ms to the app's first frame here, for names that most tables keep. The home screen
shows each name as a button drawn like this field; a tap puts the field in its place. Where Kivy docks
its on-screen keyboard at the bottom (the Pi kiosk: `keyboard_mode = systemanddock`), it would cover the
lower seats, so the field opens in a bar at the top of the window instead (`NameBar`).
"""
from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import ColorProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.textinput import TextInput

from companion.table_data import MAX_NAME  # the longest name a table keeps (check_table refuses more)

from .. import palette


class SeatName(TextInput):
    """A seat's name field, flat. Its backgrounds are blank in the class, not only in kv: Kivy's
    TextInput rule would otherwise load its theme atlas (a 512x512 image) before ours blanks them."""

    background_normal = StringProperty("")
    background_active = StringProperty("")
    background_disabled_normal = StringProperty("")
    background_color = ColorProperty(palette.PANEL_HI)

    def start_editing(self) -> None:
        """Focus, with the whole name selected: typing replaces a default name, a tap places the cursor."""
        self.focus = True
        Clock.schedule_once(lambda _dt: self.select_all())  # after the focus's own cursor placement

    def insert_text(self, substring, from_undo=False):
        """Typing (or pasting) stops at MAX_NAME characters; a selection being replaced makes room."""
        room = MAX_NAME - len(self.text) + len(self.selection_text)
        return super().insert_text(substring[:max(0, room)], from_undo=from_undo)


class NameBar(BoxLayout):
    """A seat's name field at the top of the window, above a docked on-screen keyboard; Done, Enter or a
    tap elsewhere closes it."""

    title = StringProperty("")

    def __init__(self, field: SeatName, **kwargs):
        super().__init__(**kwargs)
        self.field = field
        self.ids.slot.add_widget(field)
        field.bind(on_text_validate=lambda _f: self.close(), focus=lambda _f, focused: focused or self.close())

    def close(self) -> None:
        if self.parent is not None:
            self.field.focus = False
            self.parent.remove_widget(self)
