"""Pass-the-device curtain for one Legends seat's secret picks (digital cards).

closed -> "Hand the screen to Red" (pass) -> tap -> that seat's hand (pick): tap the cards of its pick
in the order they will resolve, then "Confirm"; it hides again on "Hide", after HIDE_AFTER seconds without
a touch, or once the pick is accepted. Everything shown comes from the seat's own view
(`controller.seat_view(seat)`: its hand, its picks, a teammate's hand) and whether a card can come
next from the seat's legal `Pick` actions (`controller.actions_for(seat)`); nothing of another seat is ever
read here. Confirm plays the `Pick` of the cards tapped.
"""
from __future__ import annotations

from kivy.properties import ListProperty, NumericProperty, StringProperty

from companion.games.legends.actions import Pick
from companion.games.legends.words import card_kind, card_name, card_speed, edit_or_speed

from ... import palette
from ...texts import refusal_text
from ...widgets.common import FlatButton
from ...widgets.curtain import PassCurtain

HIDE_AFTER = 30  # seconds without a touch before the cards hide again


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th (n counted from 0)."""
    return f"{n + 1}" + {0: "st", 1: "nd", 2: "rd"}.get(n, "th")


def can_follow(legal: list, chosen: list[str], code: str) -> bool:
    """Does some legal `Pick` start with the cards chosen so far and then `code`?"""
    head = (*chosen, code)
    return any(a.cards[:len(head)] == head for a in legal if isinstance(a, Pick))


class PickCard(FlatButton):
    code = StringProperty("")


class PickCurtain(PassCurtain):
    # modes: closed | pass | pick
    chosen = ListProperty([])
    pick_size = NumericProperty(0)  # how many cards a pick is: the length of the seat's legal `Pick`s
    status = StringProperty("")  # what the seat sees under its cards
    reveal_mode = "pick"
    hide_after = HIDE_AFTER

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.can_pick = False

    def reset(self) -> None:
        self.chosen = []
        if self.ids.get("cards") is not None:
            self.ids.cards.clear_widgets()  # nothing of this seat stays in a widget

    # -- the hand -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        view = self.controller.seat_view(self.seat)
        legend = self._legend_of(self.seat)
        form = view["legends"][self.seat - 1].get("form") if view.get("legends") else None  # LA-14: the active side
        picks = list(view.get("my_picks", []))
        legal = [a for a in self.controller.actions_for(self.seat) if isinstance(a, Pick)]
        self.can_pick = bool(legal)
        self.pick_size = max((len(a.cards) for a in legal), default=len(picks))
        grid = self.ids.cards
        grid.clear_widgets()
        if view.get("my_edit") and picks and not legal:
            picks = [view["my_edit"], *picks]  # LA-12: his Edit sits on top of his stack
        shown = picks if picks and not legal else list(view.get("hand", []))
        for code in shown:
            order = self.chosen.index(code) if code in self.chosen else (picks.index(code) if code in picks else None)
            possible = code not in self.chosen and can_follow(legal, self.chosen, code)
            speed = card_speed(legend, code)
            badge = f"{ordinal(order)}  -  " if order is not None else ""
            chosen = order is not None
            grid.add_widget(PickCard(
                code=code, markup=True,
                text=(f"[size=20sp][b]{card_name(legend, code, form)}[/b][/size]\n"
                      f"[size=14sp]{badge}{edit_or_speed(legend, code, speed)}  -  {card_kind(legend, code)}[/size]"),
                bg=(self.who_color if chosen else palette.PANEL_HI),
                fg=(palette.text_on(self.who_color) if chosen else palette.TEXT),
                dim=not (possible or chosen), on_release=self.card_tapped))
        if not shown:
            grid.add_widget(FlatButton(text="No cards in this hand", disabled=True))
        mates = view.get("team_hands") or {}
        mate_text = "   ".join(f"Teammate {self.controller.name(int(t))} holds: "
                               + ", ".join(card_name(self._legend_of(int(t)), c, view["legends"][int(t) - 1].get("form"))
                                         for c in cards)
                               for t, cards in sorted(mates.items()))
        if not legal:
            head = "Picked. Your cards resolve in this order." if picks else "Nothing to pick now."
        elif len(self.chosen) < self.pick_size:
            head = f"Tap your {ordinal(len(self.chosen))} card (cards resolve in the order you tap them)."
        else:
            head = f"Confirm these {self.pick_size}, or Clear to choose again."
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
        elif len(self.chosen) < self.pick_size:
            if not can_follow(self.controller.actions_for(self.seat), self.chosen, code):
                self.note(button, "That card cannot be picked now.")
                return
            self.chosen = [*self.chosen, code]
        self.refresh()

    def clear(self, button=None) -> None:
        self.poke()
        if not self.can_pick:  # picked already (or nothing to pick): said, not silently ignored
            self.note(button, "Nothing to clear: these cards are picked." if self.controller.seat_view(self.seat)
                      .get("my_picks") else "Nothing to pick now.")
            return
        self.chosen = []
        self.refresh()

    def confirm(self, button) -> None:
        self.poke()
        if len(self.chosen) != self.pick_size:
            self.note(button, f"Pick {self.pick_size} cards first, in the order they will resolve.")
            return
        refusal = self.controller.play(Pick(self.seat, tuple(self.chosen)), self.seat)
        if refusal is not None:
            self.note(button, refusal_text(refusal, self.controller.names))
            return
        self.close()

