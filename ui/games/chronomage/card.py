"""Type a challenge card at the table (CM-3): a form over the table that builds the `Reveal` of a card.

A physical card not in the table's library is entered by taps: the type, the resistance of each colour
(- and +), each round's colour, power number for this table's size and challenge dice, the attack
chart's spaces and weaknesses for faces 1..6, the pre-emptive action; only the name is typed. The form
holds no rules: it writes the card in the library's fields (the deck's phase and whether it is the boss
come from the engine's view), the engine checks it with the library's own checks, and a refusal is
shown beside the field it names (`LibraryError.field`), else beside the Reveal button.
"""
from __future__ import annotations

import re

from kivy.app import App
from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.core import Refusal
from companion.events import plural
from companion.games.chronomage.actions import Reveal
from companion.games.chronomage.referee import SPACES
from companion.games.chronomage.rules import COLORS
from companion.games.chronomage.timeline import KINDS, inline, parse_card

from ... import palette
from ...widgets.common import FlatButton, rows_of
from ...widgets.die import Die
from .entry import ChronoEntryPanel

POWER_MAX, GOAL_MAX, ROUNDS_MAX, DICE_MAX, RES_MAX = 199, 18, 9, 4, 3  # the library's ranges (timeline.py)
ROMAN = {1: "I", 2: "II", 3: "III"}
FLEX_LEAST = 140  # dp: the least a stretching field keeps in a row folded for a narrow panel


def slug(name: str, taken) -> str:
    """A card id from its name (lower-case letters, digits, '-'), not one already played."""
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:36].strip("-") or "typed-card"
    out, k = base, 2
    while out in taken:
        out, k = f"{base}-{k}", k + 1
    return out


class ChronoFormLabel(Label):
    """A field's name at the start of a form row."""


class ChronoFormRow(BoxLayout):
    """One row of the form (fixed height, controls side by side)."""


class ChronoCardForm(ChronoEntryPanel):
    """The card being typed, kept as plain values and rebuilt into rows after every tap."""

    #: play(text) -> the engine's Refusal or None (the form places the refusal itself)
    play = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # held strongly: rebuild() takes these rows out of the body and puts them back (ids are weak)
        self.name_row, self.options_row = self.ids.name_row.__self__, self.ids.options_row.__self__
        self.room = 0.0  # px: the body's width the rows are folded for
        self.ids.body.bind(width=Clock.create_trigger(self._width_changed))

    def open_for(self, parent, view: dict, library_ids=()) -> None:
        self.offered = None  # the opener says what keeps it open
        self.players, self.table_colors = view["players"], list(view["colors"])
        self.deck_top = view.get("top") or {"phase": 1, "boss": False}
        self.taken = {d["id"] for d in view.get("done") or []} | set(library_ids)
        #: the boss mark: set for the last card, never before phase III, the table's to set in phase III (CM-10)
        self.boss = self.deck_top["boss"] is True
        self.title = "Type the card turned over"
        self.detail = (f"A phase {ROMAN[self.deck_top['phase']]} card"
                       + (", the boss (the last card)" if self.deck_top["boss"] else
                          ", the boss or not" if self.deck_top["boss"] is None else "")
                       + f" · power numbers for {plural(self.players, 'player')}")
        self.kind = "monster"
        self.resistance = dict.fromkeys(COLORS, 1)
        self.rounds = [{"color": self.table_colors[0], "power": 10, "dice": 1}]
        self.chart = [{"spaces": [], "weakness": []} for _ in range(6)]
        self.pre = {"kind": "crisis", "attempt": [], "all": False, "goal": 9, "weakness": None}
        self.ids.name.text = ""
        self.ids.options.text = ""
        # built for the width it takes in `parent` (the body spans the panel inside its padding): the first
        # frame shows the rows folded as they stay, none rebuilt a frame later under a finger
        self.room = parent.width - self.padding[0] - self.padding[2]
        self.rebuild()
        self.open_in(parent)

    # -- the card in the library's fields ------------------------------------------------------------
    def card(self) -> dict:
        name = self.ids.name.text.strip()
        out = {"id": slug(name, self.taken), "name": name, "phase": self.deck_top["phase"], "type": self.kind}
        if self.boss:
            out["boss"] = True
        out["resistance"] = dict(self.resistance)
        out["rounds"] = [{"color": r["color"], "power": {str(self.players): r["power"]}, "dice": r["dice"]}
                         for r in self.rounds]
        out["chart"] = [{"face": f, "spaces": sorted(h["spaces"]), **({"weakness": h["weakness"]} if h["weakness"] else {})}
                        for f, h in enumerate(self.chart, 1)]
        p = self.pre
        pre = {"kind": p["kind"], "attempt": [c for c in COLORS if c in p["attempt"]], "all": p["all"]}
        if p["kind"] == "choice":
            pre["options"] = [o.strip() for o in self.ids.options.text.split("/") if o.strip()]  # not an action
        else:
            pre["goal"] = p["goal"]
            if p["weakness"]:
                pre["weakness"] = p["weakness"]
        out["preemptive"] = pre
        return out

    def action(self) -> Reveal:
        """The card as the game's action, read with the library's own checks (LibraryError names the field)."""
        card = parse_card(inline(self.card()))
        return Reveal(card.id, card)

    def reveal(self, widget=None) -> bool:
        """Send the card; a refusal goes beside the field it names. True when the card was revealed."""
        try:
            refusal = self.play(self.action()) if self.play is not None else None
        except Refusal as bad_card:
            refusal = bad_card
        if refusal is None:
            self.close()
            return True
        anchor = self.anchor_for(getattr(refusal, "field", None), refusal.code) or widget or self.ids.reveal
        if anchor.parent is not None and anchor is not self.ids.reveal:
            self.ids.scroll.scroll_to(anchor, padding=dp(10), animate=False)
        App.get_running_app().show_refusal(anchor, refusal)
        return False

    def save(self, widget) -> None:
        """Append the card to the table's own cards file, to pick it again in later games (checked first)."""
        from companion.games.chronomage.my_cards import save_card
        try:
            path = save_card(parse_card(inline(self.card())))
        except Refusal as refusal:
            anchor = self.anchor_for(getattr(refusal, "field", None), refusal.code) or widget
            if anchor is not widget:
                self.ids.scroll.scroll_to(anchor, padding=dp(10), animate=False)
            App.get_running_app().show_refusal(anchor, refusal)
            return
        App.get_running_app().show_note(widget, f"Saved to {path.name}: the Pick list of later games offers it "
                                        f"where it fits (a phase {ROMAN[self.deck_top['phase']]} card, "
                                        f"{self.players} players).", palette.PANEL_HI)

    def anchor_for(self, field: str | None, code: str):
        if code in ("no-power",):
            field = "rounds"
        elif code in ("card-gone", "card-id-taken"):
            field = "name"
        if not field:
            return None
        if field in ("id", "name"):
            return self.ids.name
        m = re.match(r"(rounds|chart)\[(\d+)\]", field)
        if m:
            return self.anchors.get(f"{m.group(1)}{m.group(2)}") or self.anchors.get(m.group(1))
        return self.anchors.get(field) or self.anchors.get(field.split(".")[0].split("[")[0])  # not an action

    # -- rows -----------------------------------------------------------------------------------------
    def rebuild(self, *_) -> None:
        body = self.ids.body
        body.clear_widgets()
        self.anchors = {}
        body.add_widget(self.name_row)
        self._kind_buttons()
        self._resistance(body)
        self._rounds(body)
        self._chart(body)
        self._preemptive(body)
        self._fold(body)

    def _width_changed(self, *_) -> None:
        width = self.ids.body.width
        if self.parent is not None and abs(width - self.room) > 1:  # open on a rotated panel: fold again
            self.room = width
            self.rebuild()

    def _fold(self, body) -> None:
        """A row wider than the form (a portrait panel) goes on over as many rows as its controls need."""
        for row in list(reversed(body.children)):
            if not isinstance(row, ChronoFormRow) or row in (self.name_row, self.options_row):
                continue
            lines = rows_of(list(reversed(row.children)), lambda w, row=row: row.spacing + (
                w.width if w.size_hint_x is None else _words_width(w) if isinstance(w, Label) else dp(FLEX_LEAST)),
                self.room)
            at = body.children.index(row)
            for line in lines[1:]:
                more = ChronoFormRow()
                for w in line:
                    row.remove_widget(w)
                    more.add_widget(w)
                body.add_widget(more, index=at)

    def _row(self, body, label: str = "", key: str | None = None) -> ChronoFormRow:
        row = ChronoFormRow()
        if label:
            row.add_widget(ChronoFormLabel(text=label))
        body.add_widget(row)
        if key:
            self.anchors[key] = row
        return row

    @staticmethod
    def _button(row, text, on, action, rgba=None, width=palette.TOUCH, **kw) -> FlatButton:
        rgba = rgba or palette.ACCENT
        b = FlatButton(text=text, size_hint_x=None, width=dp(width), bg=rgba if on else palette.PANEL_HI,
                       fg=palette.text_on(rgba) if on else (rgba if rgba is not palette.ACCENT else palette.TEXT),
                       on_release=lambda _b: action(), **kw)
        row.add_widget(b)
        return b

    def _colour(self, row, color: str, on: bool, action) -> FlatButton:
        return self._button(row, color[0].upper(), on, action, palette.seat_rgba(color), bold=True)

    def _stepper(self, row, value: int, low: int, high: int, setter, big: int = 0, tint=None, width=44) -> None:
        steps = ((-big, f"-{big}"), (-1, "-"), (1, "+"), (big, f"+{big}")) if big else ((-1, "-"), (1, "+"))
        for by, words in steps[: len(steps) // 2]:
            self._button(row, words, False, lambda by=by: setter(min(high, max(low, value + by))),
                         dim=value <= low)
        lab = Label(text=str(value), bold=True, font_size="20sp", size_hint_x=None, width=dp(width),
                    color=tint or palette.TEXT)
        row.add_widget(lab)
        for by, words in steps[len(steps) // 2:]:
            self._button(row, words, False, lambda by=by: setter(min(high, max(low, value + by))),
                         dim=value >= high)

    def _set(self, fn) -> None:
        fn()
        self.rebuild()

    def _kind_buttons(self) -> None:
        row = self.ids.kind_box
        row.clear_widgets()
        self.anchors["type"] = row
        for kind in ("monster", "event"):
            self._button(row, kind.capitalize(), self.kind == kind, lambda k=kind: self._set(lambda: self._kind(k)),
                         width=96)
        if self.deck_top["boss"] is None:  # phase III: the boss may come up anywhere in it (CM-10)
            self._button(row, "Boss", self.boss, lambda: self._set(lambda: setattr(self, "boss", not self.boss)),
                         width=80)

    def _kind(self, kind: str) -> None:
        self.kind = kind
        if kind == "event":
            self.rounds = self.rounds[:1]  # an event has one round

    def _resistance(self, body) -> None:
        row = self._row(body, "Resistance", "resistance")
        for c in COLORS:
            def put(v, c=c):
                self._set(lambda: self.resistance.__setitem__(c, v))
            self._stepper(row, self.resistance[c], 0, RES_MAX, put, tint=palette.seat_rgba(c), width=30)

    def _rounds(self, body) -> None:
        head = self._row(body, "Rounds", "rounds")
        _caption(head, f"colour · power number for {plural(self.players, 'player')} · challenge dice")
        if self.kind == "monster":
            self._button(head, "+ round", False, lambda: self._set(self._add_round), width=96,
                         dim=len(self.rounds) >= ROUNDS_MAX)
            minus = self._button(head, "- round", False, lambda: self._drop_round(minus), width=96,
                                 dim=len(self.rounds) <= 1)
        for k, r in enumerate(self.rounds, 1):
            row = self._row(body, f"Round {k}", f"rounds{k}")
            for c in COLORS:
                self._colour(row, c, r["color"] == c, lambda c=c, r=r: self._set(lambda: r.__setitem__("color", c)))
            row.add_widget(Label(size_hint_x=None, width=dp(6)))
            self._stepper(row, r["power"], 1, POWER_MAX, lambda v, r=r: self._set(lambda: r.__setitem__("power", v)),
                          big=5, width=48)
            row.add_widget(Label(size_hint_x=None, width=dp(6)))
            self._stepper(row, r["dice"], 1, DICE_MAX, lambda v, r=r: self._set(lambda: r.__setitem__("dice", v)),
                          width=30, tint=palette.DIAL)

    def _drop_round(self, widget) -> None:
        """The last round goes; the only one stays (a card has at least one), and a note says so."""
        if len(self.rounds) <= 1:
            App.get_running_app().show_note(widget, "A card has at least one round.", palette.PANEL_HI)
            return
        self._set(self.rounds.pop)

    def _add_round(self) -> None:
        if len(self.rounds) < ROUNDS_MAX:
            self.rounds.append(dict(self.rounds[-1]))

    def _chart(self, body) -> None:
        head = self._row(body, "Attack chart", "chart")
        _caption(head, "each face of a challenge die: the spaces it hits · the weaknesses it gives")
        for f, h in enumerate(self.chart, 1):
            row = self._row(body, "", f"chart{f}")
            indent = dp(40) if self.room >= dp(520) else 0  # a portrait panel keeps a row's width for the colours
            row.add_widget(Label(size_hint_x=None, width=indent))
            row.add_widget(Die(value=f, size_hint=(None, None), size=(dp(42), dp(42)), pos_hint={"center_y": .5}))
            row.add_widget(Label(size_hint_x=None, width=dp(10)))
            for s in SPACES:
                self._button(row, str(s), s in h["spaces"], lambda s=s, h=h: self._set(lambda: _flip(h["spaces"], s)))
            row.add_widget(Label(size_hint_x=None, width=dp(16)))
            for c in COLORS:
                self._colour(row, c, c in h["weakness"], lambda c=c, h=h: self._set(lambda: _flip(h["weakness"], c)))

    def _preemptive(self, body) -> None:
        p = self.pre
        row = self._row(body, "Before it", "preemptive")
        for kind in KINDS:
            self._button(row, kind.capitalize(), p["kind"] == kind,
                         lambda k=kind: self._set(lambda: p.__setitem__("kind", k)), width=96)
        self._button(row, "ALL", p["all"], lambda: self._set(lambda: p.__setitem__("all", not p["all"])), width=64)
        row = self._row(body, "Takes part", "preemptive.attempt")
        for c in COLORS:
            self._colour(row, c, c in p["attempt"], lambda c=c: self._set(lambda: _flip(p["attempt"], c)))
        if p["kind"] == "choice":
            body.add_widget(self.options_row)
            self.anchors["preemptive.options"] = self.options_row
            return
        row = self._row(body, "Goal", "preemptive.goal")
        self._stepper(row, p["goal"], 1, GOAL_MAX, lambda v: self._set(lambda: p.__setitem__("goal", v)), width=40)
        row.add_widget(ChronoFormLabel(text="  failing gives"))
        for c in COLORS:
            self._colour(row, c, p["weakness"] == c,
                         lambda c=c: self._set(lambda: p.__setitem__("weakness", None if p["weakness"] == c else c)))


def _caption(row, text: str) -> None:
    lab = Label(text=text, color=palette.MUTED, font_size="14sp", halign="left", valign="middle")
    lab.bind(size=lambda w, size: setattr(w, "text_size", size))
    row.add_widget(lab)


def _words_width(label) -> float:
    """What a stretching caption needs to stand whole on one line (`_fold` keeps it so)."""
    return label._label.get_extents(label.text)[0] + dp(8)


def _flip(items: list, x) -> None:
    if x in items:
        items.remove(x)
    else:
        items.append(x)
