"""Small styled widgets shared by the screens (their look is in kv/widgets.kv)."""
from __future__ import annotations

from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.uix.button import Button
from kivy.uix.label import Label

from .. import palette


class FlatButton(Button):
    """A flat, rounded button at least one touch target tall."""

    bg = ColorProperty(palette.PANEL_HI)
    fg = ColorProperty(palette.TEXT)
    radius = NumericProperty(10)
    #: looks disabled but still takes taps, so a refusal can say why (undo at a die roll)
    dim = BooleanProperty(False)


class Caption(Label):
    """Left-aligned text that wraps inside its width."""

    role = StringProperty("body")


class Swatch(FlatButton):
    """A seat-coloured button (tap to change a colour at setup; a seat's hand at the table)."""
