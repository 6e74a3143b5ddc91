"""Chronomage entry panels over the table: dice faces, a spell's numbers, one choice from a few.

Each panel builds one of the game's actions (a `Dice`, `Reverse` or `Spell` value, or the one chosen)
and hands it to `send(action, widget)`, which plays it and shows the engine's refusal beside `widget`;
the panel closes only when the action was accepted. The panels hold no rules: the slot counts come
from the fields of the legal actions, the ranges are the notation's, and a spell that
fails the rune check or runs out of time units is refused by the engine, which says why.
(Their look is in chronomage.kv.)
"""
from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.graphics import Color, Line, RoundedRectangle
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty, ColorProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.events import plural
from companion.games.chronomage.actions import Spell
from companion.games.chronomage.referee import MAX_BONUS, MAX_COST, MAX_RESISTANCE, MAX_RUNES
from companion.games.chronomage.rules import COLORS
from companion.games.chronomage.state import TIME_UNITS

from ... import palette
from ...widgets.common import FlatButton
from ...widgets.die import Die
from .text import dice


class ChronoDieButton(ButtonBehavior, Die):
    """A die face to tap: a face on the pad, or a slot of the handful being entered (0: empty)."""

    selected = BooleanProperty(False)
    tint = ColorProperty(palette.LINE)


class ChronoEntryPanel(BoxLayout):
    """A panel laid over the table until its action is accepted or it is cancelled."""

    title = StringProperty("")
    detail = StringProperty("")
    who_color = ColorProperty(palette.ACCENT)
    #: send(action, widget) -> True when the engine accepted the action
    send = ObjectProperty(None, allownone=True)
    #: offered(legal actions) -> whether what the panel plays is still offered as it was opened; when the
    #: table moves on without it (undo, a phone, a correction) the screen closes it (None: it stays)
    offered = ObjectProperty(None, allownone=True)

    def open_in(self, parent) -> None:
        if self.parent is None:
            parent.add_widget(self)

    def follow(self, legal) -> None:
        """The table changed: close the panel if what it would play is no longer offered."""
        if self.is_open and self.offered is not None and not self.offered(legal):
            self.close()

    def close(self, *_) -> None:
        if self.parent is not None:
            self.parent.remove_widget(self)

    @property
    def is_open(self) -> bool:
        return self.parent is not None

    def submit(self, action, widget) -> bool:
        if self.send is not None and self.send(action, widget):
            self.close()
            return True
        return False


class ChronoFacePad(ChronoEntryPanel):
    """Enter a handful face by face: slots in groups (the player's dice, the challenge dice), a pad of
    the six faces filling the selected slot, and "let the companion roll" for the bare action."""

    groups = ListProperty([])  # [(label, count, rgba), ...]
    values = ListProperty([])  # one list of faces (0: not yet) per group
    selected = ListProperty([0, 0])  # group, index of the slot the next face fills
    complete = BooleanProperty(False)
    bare = ObjectProperty(None, allownone=True)  # the action the referee completes by drawing

    def open_for(self, parent, title: str, groups, compose, bare, color=palette.ACCENT, detail: str = "") -> None:
        """`compose(values)` makes the action from the faces, one list per group."""
        self.offered = None  # the opener says what keeps it open
        self.title, self.detail, self.who_color, self.bare = title, detail, color, bare
        self._compose = compose
        self.groups = [tuple(g) for g in groups]
        self.values = [[0] * count for _label, count, _rgba in self.groups]
        self._build()
        self.open_in(parent)

    def _build(self) -> None:
        box = self.ids.slots
        box.clear_widgets()
        for g, (label, count, rgba) in enumerate(self.groups):
            row = BoxLayout(spacing=dp(8), size_hint_y=None, height=dp(56))
            row.add_widget(ChronoSlotLabel(text=label))
            for i in range(count):
                row.add_widget(ChronoDieButton(value=0, tint=rgba, size_hint_x=None, width=dp(56),
                                         on_release=lambda _b, g=g, i=i: self.pick_slot(g, i)))
            box.add_widget(row)
        self._select_next()

    def slot(self, g: int, i: int) -> ChronoDieButton:
        row = list(reversed(self.ids.slots.children))[g]
        return list(reversed(row.children))[1 + i]

    def pick_slot(self, g: int, i: int) -> None:
        """A tap on a slot empties it and makes it the one the next face fills."""
        self.values[g][i] = 0
        self.selected = [g, i]
        self._show()

    def face(self, value: int) -> None:
        g, i = self.selected
        if g < len(self.values) and i < len(self.values[g]):
            self.values[g][i] = value
        self._select_next()

    def clear(self) -> None:
        self.values = [[0] * len(v) for v in self.values]
        self._select_next()

    def _select_next(self) -> None:
        empty = [(g, i) for g, vs in enumerate(self.values) for i, x in enumerate(vs) if not x]
        self.selected = list(empty[0]) if empty else [-1, -1]
        self._show()

    def _show(self) -> None:
        for g, vs in enumerate(self.values):
            for i, x in enumerate(vs):
                b = self.slot(g, i)
                b.value, b.selected = x, [g, i] == list(self.selected)
        self.complete = all(x for vs in self.values for x in vs)

    def enter(self, widget) -> None:
        if not self.complete:
            App.get_running_app().show_note(widget, "Tap a face for every die first.", palette.PANEL_HI)
            return
        self.submit(self._compose([list(v) for v in self.values]), widget)

    def roll(self, widget) -> None:
        self.submit(self.bare, widget)


class ChronoSlotLabel(Label):
    """The name of a row of slots."""


class ChronoStepper(BoxLayout):
    """- value +, within low..high (the notation's range)."""

    label = StringProperty("")
    value = NumericProperty(0)
    low = NumericProperty(0)
    high = NumericProperty(9)

    def step(self, by: int) -> None:
        self.value = min(self.high, max(self.low, self.value + by))


class ChronoTimeUnits(Widget):
    """The round's ten time units: spent (dark), this spell's cost (the caster's colour), left (light)."""

    spent = NumericProperty(0)
    cost = NumericProperty(0)
    tint = ColorProperty(palette.ACCENT)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pos=self.redraw, size=self.redraw, spent=self.redraw, cost=self.redraw, tint=self.redraw)

    def redraw(self, *_) -> None:
        self.canvas.clear()
        gap = dp(6)
        w = (self.width - gap * (TIME_UNITS - 1)) / TIME_UNITS
        with self.canvas:
            for k in range(TIME_UNITS):
                if k < self.spent:
                    Color(*palette.DISABLED)
                elif k < self.spent + self.cost:
                    Color(*self.tint)
                else:
                    Color(*palette.DIAL)
                RoundedRectangle(pos=(self.x + k * (w + gap), self.y), size=(w, self.height), radius=[dp(5)])
            over = self.spent + self.cost - TIME_UNITS
            if over > 0:  # more than the round has: shown past the end, in the refusal colour
                Color(*palette.DANGER)
                Line(rounded_rectangle=(self.x, self.y, self.width, self.height, dp(5)), width=dp(2))


class ChronoSpellPad(ChronoEntryPanel):
    """A spell's cost, runes needed and damage bonus, with the caster's time units and runes beside them."""

    seat = NumericProperty(0)
    runes_showing = NumericProperty(0)
    #: time units left this round; -1 in the strategy phase (a preparation spell: no limit, no bonus)
    time_left = NumericProperty(-1)
    preview = StringProperty("")

    def open_for(self, parent, seat: int, name: str, color, runes: int, time_left: int | None,
                 colors: list[str] = ()) -> None:
        """`colors`: the table's colours, whose resistance a CONSTANT spell may set (CM-13)."""
        self.offered = None  # the opener says what keeps it open
        self.seat, self.runes_showing = seat, runes
        self.resist = {c: None for c in colors}  # colour -> dice the spell sets, None: unchanged
        self._resist_buttons()
        self.time_left = -1 if time_left is None else time_left
        self.title, self.who_color = f"{name} casts a spell", color
        for s in (self.ids.cost, self.ids.runes, self.ids.bonus):
            s.value = 0
        self.ids.cost.high, self.ids.runes.high, self.ids.bonus.high = MAX_COST, MAX_RUNES, MAX_BONUS
        self.update_preview()
        self.open_in(parent)

    def update_preview(self, *_) -> None:
        runes = f"the spellbook shows {plural(self.runes_showing, 'rune')}"
        if self.time_left < 0:
            self.detail = f"Preparation spell: no time limit, no damage bonus · {runes}"
            self.preview = ""
            return
        self.detail = f"{self.time_left} of {plural(TIME_UNITS, 'time unit')} left this round · {runes}"
        after = self.time_left - self.ids.cost.value
        self.preview = (f"After this spell: {after} left" if after >= 0 else
                        f"This spell costs {-after} more than the time units left")
        self.ids.units.spent, self.ids.units.cost = TIME_UNITS - self.time_left, self.ids.cost.value

    def _resist_buttons(self) -> None:
        box = self.ids.resist
        for b in [w for w in box.children if isinstance(w, FlatButton)]:
            box.remove_widget(b)
        for color, n in self.resist.items():
            rgba = palette.seat_rgba(color)
            box.add_widget(FlatButton(text=f"{color}: {'as card' if n is None else dice(n)}", font_size="15sp",
                                      bg=rgba if n is not None else palette.PANEL_HI,
                                      fg=palette.text_on(rgba) if n is not None else palette.TEXT,
                                      on_release=lambda _b, c=color: self.cycle_resist(c)))

    def cycle_resist(self, color: str) -> None:
        """As the card prints, then 0..MAX_RESISTANCE dice, then as the card again."""
        n = self.resist[color]
        self.resist[color] = 0 if n is None else (None if n >= MAX_RESISTANCE else n + 1)
        self._resist_buttons()

    def action(self) -> Spell:
        cost, runes, bonus = int(self.ids.cost.value), int(self.ids.runes.value), int(self.ids.bonus.value)
        resistance = tuple((c, self.resist[c]) for c in COLORS if self.resist.get(c) is not None)
        return Spell(int(self.seat), cost, runes, bonus if self.time_left >= 0 else 0, resistance)

    def cast(self, widget) -> None:
        self.submit(self.action(), widget)


class ChronoChoicePad(ChronoEntryPanel):
    """One of a few actions, each a button with its own words (a card to reveal, an assist, a confirm)."""

    def open_for(self, parent, title: str, choices, detail: str = "", color=palette.ACCENT) -> None:
        """`choices`: (words, action) pairs; an action may be a function instead, which opens the next
        step (this pad, with the next choices)."""
        self.title, self.detail, self.who_color = title, detail, color
        plays = [a for _words, a in choices if not callable(a)]  # a next step (a function) is the opener's to judge
        self.offered = (lambda legal: any(a in legal for a in plays)) if plays else None
        grid = self.ids.choices
        grid.clear_widgets()
        grid.cols = 1 if len(choices) <= 3 else 2
        tint = {"bg": color, "fg": palette.text_on(color)} if len(choices) == 1 else {}  # a confirmation
        for words, action in choices:
            grid.add_widget(FlatButton(text=words, markup=True, on_release=lambda b, a=action: self.pick(a, b), **tint))
        self.open_in(parent)

    def pick(self, action, widget) -> None:
        if callable(action):
            action()
        else:
            self.submit(action, widget)


class ChronoWordPad(ChronoEntryPanel):
    """One word typed (a loot card's printed type): `enter(text, widget)` takes it; the opener decides what
    follows (it plays an action or opens the next step). The field sits at the top, above a docked keyboard."""

    hint = StringProperty("")

    def open_for(self, parent, title: str, detail: str, hint: str, enter, color=palette.ACCENT) -> None:
        self.title, self.detail, self.hint, self.who_color = title, detail, hint, color
        self._enter = enter
        self.ids.word.text = ""
        self.open_in(parent)
        self.ids.word.focus = True

    def enter(self, widget) -> None:
        self._enter(self.ids.word.text, widget)
        if self.is_open:  # refused: the field keeps the keyboard, for the word mended
            Clock.schedule_once(lambda _dt: setattr(self.ids.word, "focus", True))
