"""Pass-the-device curtain for one seat's hidden hand (Time Runners).

closed -> "Hand the screen to Blue" (pass) -> tap -> the cards (hand) -> hides again after
HIDE_AFTER seconds without a touch, on "Hide", or when a card needs an argument: an hour picker for
`set`, a runner picker for `swap`. Cards come from the seat's own view (`controller.seat_view(seat)`),
never from the full state; whether a card is playable now is whether the seat's legal actions
(`controller.actions_for(seat)`) hold a `Play` of it, and a tap on any card sends its `Play` so a
refusal explains itself.
"""
from __future__ import annotations

from kivy.properties import ListProperty, StringProperty

from companion.events import Names
from companion.games.time_runners.actions import WITH_ARG, Play
from companion.games.time_runners.words import card_words, runner

from ... import palette
from ...texts import refusal_text
from ...widgets.common import FlatButton
from ...widgets.curtain import PassCurtain

HIDE_AFTER = 20  # seconds without a touch before the hand hides again


class CardButton(FlatButton):
    code = StringProperty("")


class HandCurtain(PassCurtain):
    # modes: closed | pass | hand | hour | target
    cards = ListProperty([])
    pending = StringProperty("")  # the card code waiting for its argument
    reveal_mode = "hand"
    hide_after = HIDE_AFTER

    def reset(self) -> None:
        self.pending, self.cards = "", []

    # -- the hand -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        view = self.controller.seat_view(self.seat)
        self.cards = list(view.get("hand", []))
        playable_codes = {a.code for a in self.controller.actions_for(self.seat)
                          if isinstance(a, Play) and a.seat == self.seat}
        grid = self.ids.cards
        grid.clear_widgets()
        for code in self.cards:
            playable = code in playable_codes
            title, badge = card_words(code)
            grid.add_widget(CardButton(
                code=code, markup=True,
                text=f"[size=22sp][b]{title}[/b][/size]\n[size=14sp]{badge}[/size]",
                bg=(palette.ACCENT if playable else palette.PANEL_HI),
                fg=(palette.DIAL_INK if playable else palette.TEXT),
                on_release=self.card_tapped))
        if not self.cards:
            grid.add_widget(FlatButton(text="No cards in this hand", disabled=True))

    def card_tapped(self, button) -> None:
        self.poke()
        code = button.code
        if code in WITH_ARG:
            self.pending = code
            if code.rstrip("!") == "set":
                self.mode = "hour"
            else:
                self._build_targets()
                self.mode = "target"
            return
        self._play(Play(self.seat, code), button)

    def choose(self, arg: int, button) -> None:
        self.poke()
        code, self.pending = self.pending, ""
        self.mode = "hand"
        self._play(Play(self.seat, code, arg), self.ids.cards)

    def cancel_choice(self) -> None:
        self.poke()
        self.pending, self.mode = "", "hand"

    def _build_targets(self) -> None:
        box = self.ids.targets
        box.clear_widgets()
        view = self.controller.view
        for seat in self.controller.seats:
            if seat == self.seat:
                continue
            rgba = self.controller.color(seat)
            box.add_widget(FlatButton(
                text=runner(seat, view, Names(self.controller.names)),
                bg=rgba, fg=palette.text_on(rgba),
                on_release=lambda b, s=seat: self.choose(s, b)))

    def _play(self, action: Play, anchor) -> None:
        refusal = self.controller.play(action, self.seat)
        if refusal is not None:
            self.note(anchor if anchor.parent is not None else self.ids.cards, refusal_text(refusal, self.controller.names))
            return
        self.refresh()
