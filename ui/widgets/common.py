"""Small styled widgets shared by the screens (their look is in kv/widgets.kv)."""
from __future__ import annotations

from kivy.core.text import Label as CoreLabel
from kivy.metrics import sp
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.button import Button
from kivy.uix.label import Label

from .. import palette


class FlatButton(Button):
    """A flat, rounded button at least one touch target tall.

    Kivy's own Button rule draws a BorderImage from its theme atlas with the default sources before
    our kv rule blanks them, which decodes and uploads a 512x512 image at start-up: the defaults are
    blank here, in the class, so that image is never loaded."""

    background_normal = StringProperty("")
    background_down = StringProperty("")
    background_disabled_normal = StringProperty("")
    background_disabled_down = StringProperty("")
    background_color = ColorProperty([0, 0, 0, 0])

    bg = ColorProperty(palette.PANEL_HI)
    fg = ColorProperty(palette.TEXT)
    radius = NumericProperty(10)
    #: looks disabled but still takes taps, so a refusal can say why (undo at a die roll)
    dim = BooleanProperty(False)


class TableButton(FlatButton):
    """A button of the table screen's own (Undo, Redo, Hint: their rules in kv/widgets.kv), acting on `screen`."""

    #: rebind: the kv rules read `screen.can_undo` etc., which must follow the screen set after the rule
    screen = ObjectProperty(None, allownone=True, rebind=True)


class Caption(Label):
    """Left-aligned text that wraps inside its width."""

    role = StringProperty("body")


class FitLabel(Label):
    """A one-line title that takes a smaller font, down to `least`, before it is cut short ("Turn...reen"
    beside the header's buttons at 800x480). Its `font_size` is the largest that fits, at most `most`
    (both in sp; not converted here, at import, which would make Kivy's window before it is configured)."""

    most = NumericProperty(24)
    least = NumericProperty(15)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(width=self._fit, text=self._fit, most=self._fit, bold=self._fit)
        self._fit()

    def _fit(self, *_) -> None:
        most, least = sp(self.most), sp(self.least)
        width = CoreLabel(text=self.text, font_size=most, bold=self.bold).get_extents(self.text)[0]
        room = max(1.0, self.width - 2 * self.padding[0])
        self.font_size = max(least, min(most, most * room / max(1.0, width)))


class StripNote(Label):
    """A note of the status strip: as wide as its words, wrapped only when the strip (`room`) is narrower."""

    room = NumericProperty(100)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(text=self._fit, room=self._fit, font_size=self._fit)
        self._fit()

    def _fit(self, *_) -> None:
        words = CoreLabel(font_size=self.font_size).get_extents(self.text)[0] + 2 if self.text else 0
        self.width = min(words, max(1.0, self.room))
        self.text_size = (self.width, None)


class Swatch(FlatButton):
    """A seat-coloured button (tap to change a colour at setup; a seat's hand at the table)."""


def reflow(widget, screen, portrait_row, landscape_row, index: int) -> bool:
    """Put `widget` in `portrait_row` on a portrait `screen`, else in `landscape_row` at `index` (before the
    buttons that end it): one row would not hold it beside the others on 480 px. True if it moved."""
    row = portrait_row if screen.height > screen.width else landscape_row
    if widget.parent is row:
        return False
    widget.parent.remove_widget(widget)
    row.add_widget(widget, index=0 if row is portrait_row else index)
    return True



def rows_of(items: list, need, room: float) -> list[list]:
    """`items` in order onto rows of at most `room` px, each taking `need(item)` px (a row holds one at least)."""
    rows: list[list] = [[]]
    used = 0.0
    for item in items:
        if rows[-1] and used + need(item) > room:
            rows.append([])
            used = 0.0
        rows[-1].append(item)
        used += need(item)
    return rows
