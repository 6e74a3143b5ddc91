"""Small styled widgets shared by the screens (their look is in kv/widgets.kv)."""
from __future__ import annotations

from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
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


class Caption(Label):
    """Left-aligned text that wraps inside its width."""

    role = StringProperty("body")


class Swatch(FlatButton):
    """A seat-coloured button (tap to change a colour at setup; a seat's hand at the table)."""
