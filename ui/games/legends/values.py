"""The Legends board-values editor (LA-3): the table types its board's real values once, by + and -.

The shipped Legend files guess some values (Push tracks, basic decks, card Speeds) and mark them as
placeholders. This full-screen form shows those fields of one Legend, prefilled with what this device
would play now; every field is either still a "Placeholder" or "From my board" (changing a value
marks it so; tapping the mark toggles it, for a guess that already matches the board). "Save" hands
the fields from the board to `data.save_values`, which decides what is valid: its error is shown
under the field it names, nothing is kept, and the form stays as typed. Saved values live in the data
directory and apply to the games started afterwards; a game keeps the values it was created with.
"""
from __future__ import annotations

from kivy.metrics import dp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from companion.events import and_list
from companion.games.legends import data
from companion.games.legends.cards import BASIC_NAMES, BASICS
from companion.games.legends.words import card_kind, card_name

from ... import palette
from ...widgets.common import FlatButton

CELL = 144  # dp, a Push track cell (-, the value, +); as many a row as the width holds
NARROW = 640  # dp; narrower (a rotated panel), a card's Speed goes under its name
SPEED_STEP = 5  # the big step of a Speed (Speeds are printed in fives and tens)


# -- what the table screen says at setup ----------------------------------------------------------------
def kinds(fields) -> list[str]:
    """Placeholder fields in words: Push track, basic deck, card Speeds."""
    out = [w for f, w in (("push_track", "Push track"), ("basics", "basic deck")) if f in fields]
    cards = [f for f in fields if f.startswith("cards.")]  # not an action: a field path
    if cards:
        out.append("card Speeds" if len(cards) > 1 else "card Speed")
    return out


def placeholder_note(game) -> str:
    """Which values of the game's Legends are placeholders, e.g. "Alysia's Push track and card Speeds
    are placeholders"; Legends with the same placeholders share one clause. Empty: none."""
    groups: dict[tuple, list[str]] = {}
    for seat, fields in game.placeholders().items():
        groups.setdefault(tuple(kinds(fields)), []).append(game.legends[seat - 1].name)
    parts = []
    for words, names in groups.items():
        if not words:
            continue
        verb = "is a placeholder" if len(words) == 1 and not words[0].endswith("s") else "are placeholders"
        parts.append(f"{names[0]}'s {and_list(list(words))} {verb}" if len(names) == 1
                     else f"{and_list(names)}: {and_list(list(words))} {verb}")
    return "; ".join(parts)


#: what a placeholder of each kind changes in play
EFFECTS = {"Push track": "Push tokens", "basic deck": "basic hands", "card Speed": "card order", "card Speeds": "card order"}


def placeholder_meaning(game) -> str:
    """What playing with placeholders means and where the real values come from: the note's second half."""
    found = {w for fields in game.placeholders().values() for w in kinds(fields)}
    effects = list(dict.fromkeys(e for w, e in EFFECTS.items() if w in found))
    if not effects:
        return ""
    # three lines at most beside its buttons at 800x480, six Legends named: the card buttons keep their row
    return (f" (the rules print none), so {and_list(effects)} may differ from your boards and cards; "
            "Type values copies theirs for later games.")


def values_dir(game):
    """Where this device keeps typed values (the game class may point elsewhere, as tests do)."""
    return type(game).data_dir or data.default_dir()


# -- the form -------------------------------------------------------------------------------------------
def _label(text: str, **kw) -> Label:
    kw.setdefault("font_size", "15sp")
    kw.setdefault("color", palette.TEXT)
    lab = Label(text=text, markup=True, halign=kw.pop("halign", "left"), valign="middle", **kw)
    lab.bind(size=lambda w, s: setattr(w, "text_size", s))
    return lab


class Stepper(BoxLayout):
    """[-] value [+] (with [-5] and [+5] for a Speed): a number set by touches only."""

    def __init__(self, value: int, on_step, caption: str = "", big: int = 0, **kw):
        super().__init__(spacing=dp(2), size_hint_y=None, height=dp(palette.TOUCH), **kw)
        self.caption, self.value = caption, value
        steps = [-big, -1, 1, big] if big else [-1, 1]
        self.label = _label("", halign="center", font_size="17sp", size_hint_min_x=dp(40))
        for d in steps:
            if d == 1 and self.label.parent is None:
                self.add_widget(self.label)
            text = ("-" if d < 0 else "+") + (str(abs(d)) if big else "")
            self.add_widget(FlatButton(text=text, size_hint_x=None, width=dp(palette.TOUCH), font_size="18sp",
                                       on_release=lambda b, d=d: on_step(d, b)))
        self.show(value)

    def show(self, value) -> None:
        self.value = value
        caption = f"[size=12sp][color=#{palette.hex_of(palette.MUTED)}]{self.caption}[/color][/size]\n" if self.caption else ""
        self.label.text = f"{caption}[b]{value}[/b]"


class Field(BoxLayout):
    """One typable field: a head row (name, its inline control, Placeholder/From my board), then its
    error (only when `data.save_values` refused it), then the block below (the track, the deck)."""

    typed = BooleanProperty(False)
    error = StringProperty("")

    def __init__(self, title: str, on_toggle, inline=None, below=None, **kw):
        super().__init__(orientation="vertical", spacing=dp(2), size_hint_y=None, **kw)
        self.bind(minimum_height=self.setter("height"))
        head = BoxLayout(spacing=dp(6), size_hint_y=None, height=dp(palette.TOUCH))
        head.add_widget(_label(title))
        if inline is not None:
            head.add_widget(inline)
        self.mark = FlatButton(size_hint_x=None, width=dp(150), font_size="14sp", on_release=lambda _b: on_toggle())
        head.add_widget(self.mark)
        self.add_widget(head)
        self.error_label = Label(markup=True, color=palette.TEXT, font_size="14sp", size_hint_y=None, height=0,
                                 halign="left", valign="middle")
        self.error_label.bind(width=lambda w, v: setattr(w, "text_size", (v - dp(12), None)),
                              texture_size=lambda w, s: setattr(w, "height", s[1] + dp(8) if w.text else 0))
        with self.error_label.canvas.before:
            from kivy.graphics import Color, RoundedRectangle
            self._err_color = Color(0, 0, 0, 0)
            self._err_rect = RoundedRectangle(radius=[dp(6)])
        self.error_label.bind(pos=self._paint, size=self._paint)
        self.add_widget(self.error_label)
        if below is not None:
            self.add_widget(below)
        self.on_typed(self, self.typed)

    def _paint(self, *_):
        self._err_rect.pos, self._err_rect.size = self.error_label.pos, self.error_label.size

    def on_typed(self, _w, typed) -> None:
        self.mark.text = "From my board" if typed else "Placeholder"
        self.mark.bg = palette.PANEL_HI if typed else palette.WARN
        self.mark.fg = palette.TEXT if typed else palette.text_on(palette.WARN)

    def on_error(self, _w, text) -> None:
        self.error_label.text = text
        self._err_color.rgba = palette.DANGER if text else (0, 0, 0, 0)
        if not text:
            self.error_label.height = 0


class ValuesEditor(FloatLayout):
    """Full screen over the table; it takes every touch while open (nothing under it may be tapped)."""

    legend_name = StringProperty("")
    status = StringProperty("")
    saved = BooleanProperty(False)

    def __init__(self, on_saved=None, on_restart=None, **kwargs):
        super().__init__(**kwargs)
        self.on_saved, self.on_restart = on_saved, on_restart
        self.game, self.lid, self.data_dir = None, "", None
        self.fields: dict[str, Field] = {}
        self.steppers: dict[tuple[str, object], Stepper] = {}
        self.deck_buttons: dict[str, FlatButton] = {}
        self._shape = None
        self.bind(width=self._relayout)

    def _layout_shape(self) -> tuple[bool, int, bool]:
        """Narrow or not, Push track cells a row, Legend tabs in the title row or a row of their own."""
        n = len(self.game.legends) if self.game else 0
        return (self.width < dp(NARROW), max(2, int((self.width - dp(26)) // dp(CELL))),
                self.width >= n * dp(108) + dp(300))

    def _relayout(self, *_) -> None:
        if self.lid and self._layout_shape() != self._shape:
            self._tabs()
            self._build()  # the values typed so far are kept; only the widgets are made again

    # -- opening ---------------------------------------------------------------------------------------
    def open_for(self, overlay, game, lid: str | None = None) -> None:
        self.game, self.data_dir = game, values_dir(game)
        placeholders = game.placeholders()
        first = game.legends[min(placeholders) - 1].id if placeholders else game.options["legends"][0]
        if self.parent is None:
            overlay.add_widget(self)
        self.show(lid or first)

    @property
    def is_open(self) -> bool:
        return self.parent is not None

    def close(self, *_) -> None:
        if self.parent is not None:
            self.parent.remove_widget(self)

    def on_touch_down(self, touch):
        super().on_touch_down(touch)
        return True

    def show(self, lid: str) -> None:
        """The form for one Legend, prefilled with what the next game would play."""
        self.lid, self.saved, self.status = lid, False, ""
        try:
            self.typed_before = data.typed_values(lid, self.data_dir)
        except data.LegendDataError as exc:  # a file edited by hand: start again from the package values
            self.typed_before, self.status = {}, f"The saved values could not be used ({exc.what}); typing them again replaces them."
        legend = data.with_values(lid, self.typed_before)
        self.legend, self.legend_name = legend, legend.name
        self.track = list(legend.push_track)
        self.deck = list(legend.basics)
        self.speeds = dict(legend.speeds)
        self.typed = {f for f in data.typable(lid) if f not in legend.placeholders}
        self._tabs()
        self._build()

    def _tabs(self) -> None:
        self.ids.tabs.clear_widgets()
        self.ids.tabs_row.clear_widgets()
        tabs = self.ids.tabs if self._layout_shape()[2] else self.ids.tabs_row
        for lid, legend in zip(self.game.options["legends"], self.game.legends):
            chosen = lid == self.lid
            tabs.add_widget(FlatButton(text=legend.name, size_hint_x=None, width=dp(104), font_size="15sp",
                                       bg=palette.ACCENT if chosen else palette.PANEL_HI,
                                       fg=palette.DIAL_INK if chosen else palette.TEXT,
                                       on_release=lambda _b, lid=lid: self.show(lid)))

    def _build(self) -> None:
        form = self.ids.form
        form.clear_widgets()
        self.fields, self.steppers, self.deck_buttons = {}, {}, {}
        self._shape = narrow, cols, _ = self._layout_shape()
        typable = data.typable(self.lid)
        if "push_track" in typable:
            grid = GridLayout(cols=cols, spacing=dp(4), size_hint_y=None, row_force_default=True,
                              row_default_height=dp(palette.TOUCH))
            grid.bind(minimum_height=grid.setter("height"))
            for i, v in enumerate(self.track):
                stepper = Stepper(v, lambda d, b, i=i: self.step_track(i, d), caption=f"at {i}")
                self.steppers[("push_track", i)] = stepper
                grid.add_widget(stepper)
            self._field("push_track", "[b]Push track[/b]  [size=14sp]tokens at each position (new Fatigue + "
                                      "remaining Force), 0 first[/size]", below=grid)
        if "basics" in typable:
            grid = GridLayout(cols=4, spacing=dp(4), size_hint_y=None, row_force_default=True,
                              row_default_height=dp(palette.TOUCH))
            grid.bind(minimum_height=grid.setter("height"))
            own = [c for c in data.with_values(self.lid).basics if c not in BASICS]  # the Legend's own basic cards
            for code in [*BASICS, *own]:
                button = FlatButton(text=BASIC_NAMES.get(code) or card_name(self.legend, code), font_size="15sp",
                                    on_release=lambda b, code=code: self.toggle_card(code))
                self.deck_buttons[code] = button
                grid.add_widget(button)
            self._field("basics", "[b]Basic deck[/b]  [size=14sp]tap the basic cards this Legend has[/size]", below=grid)
            self._paint_deck()
        cards = [f[6:] for f in typable if f.startswith("cards.")]  # not an action: a field path
        if cards:
            form.add_widget(_label("[b]Card Speeds[/b]  [size=14sp]the Speed printed on each card[/size]",
                                   size_hint_y=None, height=dp(28)))
            for code in cards:
                stepper = Stepper(self.speeds[code], lambda d, b, code=code: self.step_speed(code, d), big=SPEED_STEP,
                                  size_hint_x=None, width=dp(4 * palette.TOUCH + 64))
                self.steppers[("cards", code)] = stepper
                name = f"{card_name(self.legend, code)}  [size=14sp]({card_kind(self.legend, code)})[/size]"
                self._field(f"cards.{code}", name, **{"below" if narrow else "inline": stepper})
        self.ids.scroll.scroll_y = 1

    def _field(self, key: str, title: str, inline=None, below=None) -> None:
        field = Field(title, lambda: self.toggle_typed(key), inline=inline, below=below)
        field.typed = key in self.typed
        self.fields[key] = field
        self.ids.form.add_widget(field)

    # -- touches ---------------------------------------------------------------------------------------
    def _changed(self, key: str) -> None:
        self.typed.add(key)
        self.fields[key].typed = True
        self.fields[key].error = ""
        self.saved, self.status = False, ""

    def step_track(self, i: int, d: int) -> None:
        self.track[i] += d
        self.steppers[("push_track", i)].show(self.track[i])
        self._changed("push_track")

    def step_speed(self, code: str, d: int) -> None:
        self.speeds[code] += d
        self.steppers[("cards", code)].show(self.speeds[code])
        self._changed(f"cards.{code}")

    def toggle_card(self, code: str) -> None:
        self.deck = [c for c in self.deck if c != code] if code in self.deck else [*self.deck, code]
        self._paint_deck()
        self._changed("basics")

    def _paint_deck(self) -> None:
        for code, button in self.deck_buttons.items():
            chosen = code in self.deck
            button.bg = palette.ACCENT if chosen else palette.PANEL_HI
            button.fg = palette.DIAL_INK if chosen else palette.MUTED

    def toggle_typed(self, key: str) -> None:
        self.typed.symmetric_difference_update({key})
        self.fields[key].typed = key in self.typed
        self.saved, self.status = False, ""

    # -- saving ----------------------------------------------------------------------------------------
    def values(self) -> dict:
        """What "Save" keeps: the fields from the board, on top of values typed before for other fields."""
        out = {k: v for k, v in self.typed_before.items() if k != "cards"}
        speeds = dict(self.typed_before.get("cards", {}))
        typable = data.typable(self.lid)
        for key, value in (("push_track", self.track), ("basics", self._deck_in_order())):
            if key in typable:
                out.pop(key, None)
                if key in self.typed:
                    out[key] = list(value)
        for f in typable:
            if f.startswith("cards."):  # not an action: a field path
                speeds.pop(f[6:], None)
                if f in self.typed:
                    speeds[f[6:]] = self.speeds[f[6:]]
        if speeds:
            out["cards"] = speeds
        return out

    def _deck_in_order(self) -> list[str]:
        order = list(self.deck_buttons) or self.deck
        return [c for c in order if c in self.deck]

    def save(self, button) -> None:
        for field in self.fields.values():
            field.error = ""
        try:
            data.save_values(self.data_dir, self.lid, self.values())
        except data.LegendDataError as exc:
            what = exc.what[0].upper() + exc.what[1:] + "."
            field = self.fields.get(exc.field) or (self._first_card_field() if exc.field == "cards" else None)
            if field is None:
                self.status = f"Not saved: {what}"
                return
            field.error = what
            self.status = "Not saved: see the message in red."
            self.ids.scroll.scroll_to(field, padding=dp(8), animate=False)
            return
        self.typed_before = data.typed_values(self.lid, self.data_dir)
        self.saved = True
        self.status = (f"Saved on this device. Games started from now on use {self.legend_name}'s values; "
                       "this game keeps the values it started with.")
        if self.on_saved:
            self.on_saved()

    def _first_card_field(self):
        return next((f for k, f in self.fields.items() if k.startswith("cards.")), None)  # not an action: a field path

    def restart(self) -> None:
        self.close()
        if self.on_restart:
            self.on_restart()
