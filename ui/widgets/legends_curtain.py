"""Pass-the-device curtain for one Legends seat's secret picks (digital cards).

closed -> "Hand the screen to Red" (pass) -> tap -> that seat's hand (pick): tap three cards in the
order they will resolve, then "Confirm"; it hides again on "Hide", after HIDE_AFTER seconds without
a touch, or once the pick is accepted. Everything shown comes from the seat's own view
(`controller.seat_view(seat)`: its hand, its picks, a teammate's hand) and whether a card can come
next from `controller.legal(seat)`; nothing of another seat is ever read here.
"""
from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import ColorProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.floatlayout import FloatLayout

from .. import palette
from ..texts import refusal_text
from .common import FlatButton
from .legends_cards import card_kind, card_name, card_speed

HIDE_AFTER = 30  # seconds without a touch before the cards hide again
ORDINAL = ("1st", "2nd", "3rd")


def can_follow(legal: list[str], chosen: list[str], code: str) -> bool:
    """Does some legal `pick SEAT A B C` start with the cards chosen so far and then `code`?"""
    head = [*chosen, code]
    return any(t.split()[2:2 + len(head)] == head for t in legal if t.startswith("pick "))


class PickCard(FlatButton):
    code = StringProperty("")


class PickCurtain(FloatLayout):
    seat = NumericProperty(0)
    who = StringProperty("")
    who_color = ColorProperty(palette.MUTED)
    mode = StringProperty("closed")  # closed | pass | pick
    remaining = NumericProperty(HIDE_AFTER)
    chosen = ListProperty([])
    status = StringProperty("")  # what the seat sees under its cards
    controller = ObjectProperty(None, allownone=True)
    #: called with (widget, text) to show a refusal next to what was tapped
    notify = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._timer = None
        self.can_pick = False

    # -- opening and closing ------------------------------------------------------------------------
    def open_for(self, overlay, controller, seat: int, label: str) -> None:
        self.controller, self.seat = controller, seat
        self.who, self.who_color = label, controller.color(seat)
        self.mode, self.chosen = "pass", []
        if self.parent is None:
            overlay.add_widget(self)

    def reveal(self) -> None:
        self.mode = "pick"
        self.chosen = []
        self.refresh()
        self.poke()
        if self._timer is None:
            self._timer = Clock.schedule_interval(self.tick, 1.0)

    def close(self, *_) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.mode, self.chosen = "closed", []
        if self.parent is not None:
            self.parent.remove_widget(self)
        if self.ids.get("cards") is not None:
            self.ids.cards.clear_widgets()  # nothing of this seat stays in a widget

    @property
    def is_open(self) -> bool:
        return self.parent is not None

    def poke(self) -> None:
        self.remaining = HIDE_AFTER

    def tick(self, dt: float = 1.0) -> None:
        self.remaining -= 1
        if self.remaining <= 0:
            self.close()

    # -- the hand -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        view = self.controller.seat_view(self.seat)
        legend = self._legend_of(self.seat)
        picks = list(view.get("my_picks", []))
        legal = [t for t in self.controller.legal(self.seat) if t.startswith("pick ")]
        self.can_pick = bool(legal)
        grid = self.ids.cards
        grid.clear_widgets()
        shown = picks if picks and not legal else list(view.get("hand", []))
        for code in shown:
            order = self.chosen.index(code) if code in self.chosen else (picks.index(code) if code in picks else None)
            possible = code not in self.chosen and can_follow(legal, self.chosen, code)
            speed = card_speed(legend, code)
            badge = f"{ORDINAL[order]}  -  " if order is not None else ""
            chosen = order is not None
            grid.add_widget(PickCard(
                code=code, markup=True,
                text=(f"[size=20sp][b]{card_name(legend, code)}[/b][/size]\n"
                      f"[size=13sp]{badge}Speed {speed if speed is not None else '?'}  -  {card_kind(legend, code)}[/size]"),
                bg=(self.who_color if chosen else palette.PANEL_HI),
                fg=(palette.text_on(self.who_color) if chosen else palette.TEXT),
                dim=not (possible or chosen), on_release=self.card_tapped))
        if not shown:
            grid.add_widget(FlatButton(text="No cards in this hand", disabled=True))
        mates = view.get("team_hands") or {}
        mate_text = "   ".join(f"Teammate {self.controller.name(int(t))} holds: "
                               + ", ".join(card_name(self._legend_of(int(t)), c) for c in cards)
                               for t, cards in sorted(mates.items()))
        if not legal:
            head = "Picked. Your cards resolve in this order." if picks else "Nothing to pick now."
        elif len(self.chosen) < 3:
            head = f"Tap your {ORDINAL[len(self.chosen)]} card (cards resolve in the order you tap them)."
        else:
            head = "Confirm these three, or Clear to choose again."
        self.status = head + (f"\n{mate_text}" if mate_text else "")

    def _legend_of(self, seat: int):
        legends = getattr(self.controller.session.game, "legends", ())
        return legends[seat - 1] if len(legends) >= seat else None

    def card_tapped(self, button) -> None:
        self.poke()
        if not self.can_pick:
            return
        code = button.code
        if code in self.chosen:
            self.chosen = self.chosen[:self.chosen.index(code)]  # untap: that card and the later ones
        elif len(self.chosen) < 3:
            if not can_follow(self.controller.legal(self.seat), self.chosen, code):
                self._note(button, "That card cannot be picked now.")
                return
            self.chosen = [*self.chosen, code]
        self.refresh()

    def clear(self) -> None:
        self.poke()
        self.chosen = []
        self.refresh()

    def confirm(self, button) -> None:
        self.poke()
        if len(self.chosen) != 3:
            self._note(button, "Pick three cards first, in the order they will resolve.")
            return
        text = " ".join(["pick", str(self.seat), *self.chosen])
        refusal = self.controller.play(text, self.seat)
        if refusal is not None:
            self._note(button, refusal_text(refusal))
            return
        self.close()

    def _note(self, widget, text: str) -> None:
        if self.notify:
            self.notify(widget, text)

    def on_touch_down(self, touch):
        if self.mode != "closed":
            self.poke()
        super().on_touch_down(touch)
        return True  # nothing under the curtain may be touched
