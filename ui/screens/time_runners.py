"""The Time Runners table: clock face, whose turn and what next, the die, piles, undo/redo, hands.

It renders the table view (`controller.view`, i.e. session.view(None)) and sends action texts; the
engine decides everything (what comes next, whether the hand is in sync, who won). Hidden hands open
only behind the HandCurtain, one seat at a time, from that seat's own view.
"""
from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, ColorProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.games.time_runners import zone

from .. import kvload, palette
from ..texts import hint, piles_text, refusal_text, roll_text
from ..widgets import clock_face, die  # noqa: F401  (classes used by time_runners.kv)
from ..widgets.common import FlatButton
from ..widgets.hand_curtain import HandCurtain

# built on first use (the home screen comes first), so its rules load with it, not at start-up
kvload.load("time_runners")


class TimeRunnersScreen(Screen):
    controller = ObjectProperty(None, allownone=True)
    hw = ObjectProperty(None, allownone=True)
    emulated = BooleanProperty(False)
    turn_text = StringProperty("")
    turn_color = ColorProperty(palette.TEXT)
    hint_text = StringProperty("")
    roll_text = StringProperty("")
    piles_text = StringProperty("")
    banner_mode = StringProperty("")  # "" | sync | off | over
    banner_text = StringProperty("")
    can_end = BooleanProperty(False)
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._update = Clock.create_trigger(self.update, -1)
        self._dice_anchor = None
        self.curtain = HandCurtain(notify=self._note)

    # -- wiring -------------------------------------------------------------------------------------
    def attach(self, controller, hw) -> None:
        if self.controller is not None:
            self.controller.unbind(revision=self._update, last_roll_event=self._rolled)
        self.curtain.close()
        self.controller, self.hw = controller, hw
        self.emulated = bool(hw and hw.emulated)
        controller.bind(revision=self._update, last_roll_event=self._rolled)
        grid = self.ids.seats
        grid.clear_widgets()
        grid.cols = min(3, len(controller.seats))
        for seat in controller.seats:
            rgba = controller.color(seat)
            grid.add_widget(FlatButton(text=f"{controller.name(seat)}'s hand", bg=rgba, fg=palette.text_on(rgba),
                                       on_release=lambda b, s=seat: self.open_hand(s)))
        self.ids.face.colors = [controller.color(s) for s in controller.seats]
        self.update()

    def update(self, *_):
        c = self.controller
        if c is None:
            return
        v = c.view
        current, sensor = v.get("current"), v.get("sensor", {})
        face = self.ids.face
        face.hour, face.positions, face.current = v["hour"], list(v["positions"]), current
        face.zone_spaces = [s for s in range(60) if zone(s) == v["hour"]]
        face.sensed = sensor.get("hand") if sensor.get("sensing") else None
        over = v.get("phase") == "over"
        if over:
            self.turn_text, self.turn_color = "Game over", palette.TEXT
        elif current:
            self.turn_text = f"Turn {v['turn_number']}: {c.name(current)}" if v["turn_number"] else f"Roll-off: {c.name(current)}"
            self.turn_color = c.color(current)
        else:
            self.turn_text, self.turn_color = "Setting up", palette.TEXT
        self.hint_text = hint(v, c.names)
        self.roll_text, self.piles_text = roll_text(v, c.names), piles_text(v)
        last = v.get("last_roll")
        rolls = (v.get("roll_off") or {}).get("rolls") or []
        self.ids.die.value = rolls[-1] if v.get("phase") == "roll-off" and rolls else (last["value"] if last else 0)
        if over:
            self.banner_mode, self.banner_text = "over", f"{c.name(v['winner'])} wins the race!"
        elif sensor.get("turn_hand_to") is not None:
            seen = sensor.get("hand")
            where = f"The hand points at {seen}" if seen else "The sensor does not see the hand"
            self.banner_mode, self.banner_text = "sync", f"Turn the hand to {sensor['turn_hand_to']}\n{where}"
        elif sensor.get("check") == "off":
            self.banner_mode, self.banner_text = "off", "Hand sensor ignored: the screen's hour counts"
        else:
            self.banner_mode, self.banner_text = "", ""
        self.can_end = "end" in c.legal()
        self.can_undo, self.can_redo = c.can_undo, c.can_redo
        if self.curtain.is_open and self.curtain.mode == "hand":
            self.curtain.refresh()

    def _rolled(self, *_):
        self.ids.die.tumble()

    # -- the player's taps --------------------------------------------------------------------------
    def _note(self, widget, text: str, bg=palette.DANGER) -> None:
        App.get_running_app().show_note(widget, text, bg)

    def _result(self, refusal, widget) -> None:
        if refusal is not None:
            self._note(widget, refusal_text(refusal))

    def end_turn(self, widget) -> None:
        self._result(self.controller.play("end"), widget)

    def undo(self, widget) -> None:
        self._result(self.controller.undo(), widget)

    def redo(self, widget) -> None:
        self._result(self.controller.redo(), widget)

    def toggle_sensor(self, widget) -> None:
        off = self.controller.view.get("sensor", {}).get("check") == "off"
        self._result(self.controller.play("sensor on" if off else "sensor off"), widget)

    def open_hand(self, seat: int) -> None:
        app = App.get_running_app()
        self.curtain.open_for(app.overlay, self.controller, seat)

    # -- hardware (real or emulated) ----------------------------------------------------------------
    def dice_pressed(self) -> None:
        """A DicePressed from the hardware, already on the UI thread."""
        if self.curtain.is_open:
            self.curtain.close()  # the table is playing: hide any open hand
        refusal = self.controller.dice_pressed()
        if refusal is not None:
            self._note(self._dice_anchor or self.ids.die, refusal_text(refusal))

    def press_emulated_dice(self, widget) -> None:
        self._dice_anchor = widget
        try:
            self.hw.press()
        finally:
            self._dice_anchor = None

    def drag_hand(self, hour: int) -> None:
        if self.hw is not None:
            self.hw.set_hand(hour)
