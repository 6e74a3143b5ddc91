"""The table's session seen from the UI: it sends action texts and publishes the engine's views.

Widgets bind to `revision` (bumped after every change) and read `view`; they never decide what is
allowed. A refused action comes back as the engine's Refusal, for the widget to show where it was
tapped. Call only on Kivy's main thread (the hardware bridge brings events there).
"""
from __future__ import annotations

from typing import Any

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, DictProperty, NumericProperty, ObjectProperty

from companion.core import Refusal
from companion.session import Session

from . import palette
from .texts import seat_name

ROLL_STEPS = ("roll", "roll-off", "turn-hand")  # view["next"] values where the table awaits the die


class TableController(EventDispatcher):
    view = DictProperty({})
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    revision = NumericProperty(0)
    #: the last "rolled" event, for the die animation (None after a resume)
    last_roll_event = ObjectProperty(None, allownone=True)

    def __init__(self, session: Session, **kwargs):
        super().__init__(**kwargs)
        self.session = session
        table = session.table or {}
        n = session.game.players
        self.names: list[str] = list(table.get("names") or [f"Seat {s}" for s in range(1, n + 1)])[:n]
        self.names += [f"Seat {s}" for s in range(len(self.names) + 1, n + 1)]
        colors = list(table.get("colors") or [])
        self.colors: list[str] = [colors[i] if i < len(colors) else palette.COLOR_NAMES[i % 6] for i in range(n)]
        self._publish([])

    # -- reading ------------------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.session.game.id

    @property
    def seats(self) -> range:
        return self.session.game.seats

    def name(self, seat: int | None) -> str:
        return seat_name(self.names, seat)

    def color(self, seat: int) -> tuple:
        return palette.seat_rgba(self.colors[seat - 1])

    def seat_view(self, seat: int) -> dict[str, Any]:
        return self.session.view(seat)

    def legal(self) -> list[str]:
        return self.session.legal()

    @property
    def awaiting_roll(self) -> bool:
        return self.view.get("next") in ROLL_STEPS

    # -- acting -------------------------------------------------------------------------------------
    def play(self, text: str) -> Refusal | None:
        """Play `text`; None if accepted, else the engine's Refusal (nothing changed)."""
        try:
            events = self.session.play(text)
        except Refusal as refusal:
            return refusal
        self._publish(events)
        return None

    def dice_pressed(self) -> Refusal | None:
        """The dice button: a roll when the table awaits one, else a note saying what it awaits."""
        if not self.awaiting_roll:
            from .texts import hint
            if self.view.get("next") == "over":
                return Refusal("not-rolling", "The game is over.", None)
            return Refusal("not-rolling", f"No roll now. {hint(self.view, self.names)}.", None)
        return self.play("roll")

    def undo(self) -> Refusal | None:
        try:
            self.session.undo()
        except Refusal as refusal:
            return refusal
        self._publish([], undo=True)
        return None

    def redo(self) -> Refusal | None:
        try:
            events = self.session.redo()
        except Refusal as refusal:
            return refusal
        self._publish(events)
        return None

    def sense(self, hour: int | None) -> None:
        """A reading of the clock hand (None: not seen). Not journaled."""
        try:
            self.session.sense({"hand": hour})
        except Refusal:
            return
        self._publish([])

    # -- inside -------------------------------------------------------------------------------------
    def _publish(self, events: list[dict[str, Any]], undo: bool = False) -> None:
        for e in events:
            if e.get("type") == "rolled":
                self.last_roll_event = dict(e)
        self.view = self.session.view(None)
        self.can_undo = self.session.can_undo
        self.can_redo = self.session.can_redo
        self.revision += 1
