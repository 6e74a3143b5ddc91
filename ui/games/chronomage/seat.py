"""One Chronomage player's row: their books on the left, what they may do now (or their roll) on the right.

The screen fills `controls` from the legal actions; the row only lays out what it is given.
(Its look is in chronomage.kv.)
"""
from __future__ import annotations

from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ... import palette


class ChronoSeatRow(BoxLayout):
    seat = NumericProperty(0)
    rgba = ColorProperty(palette.MUTED)
    name_text = StringProperty("")
    stats_text = StringProperty("")
    weak_text = StringProperty("")
    #: dp: the width of the books (name, stats, weaknesses and loot), the screen's to set for all rows alike
    books_width = NumericProperty(262)
    #: on a portrait panel the books stand over the controls, each the row's width
    portrait = BooleanProperty(False)


class ChronoRowNote(Label):
    """Words in a row's controls area: a roll's result, or why the player has nothing to do."""
