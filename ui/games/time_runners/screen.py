"""The Time Runners table: clock face, whose turn and what next, the die, piles, undo/redo, hands.

It renders the table view (`controller.view`, i.e. session.view(None)) and plays the game's action
values (`Roll`, `End`, `Sensor`; a seat's `Play` from the hand curtain); the engine decides everything
(what comes next, whether the hand is in sync, who won). Hidden hands open only behind the HandCurtain,
one seat at a time, from that seat's own view. Hardware: the dice button rolls when the table awaits a
die; the clock hand is a sensed observation.

Under the dial a line says what its shaded spaces mean (the backward zone); a tap on a runner names
it, its space and which way its next roll runs. The dial takes the room the controls leave, so the
same rules lay out at 800x480, 1024x600 and on a rotated 480x800 panel.
"""
from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, ColorProperty, StringProperty
from kivy.uix.widget import Widget

from companion.games.time_runners import END, ROLL_BARE, SENSOR_OFF, SENSOR_ON, End, zone
from companion.games.time_runners.state import GOAL

from ... import kvload, palette
from ...screens.table import TableScreen
from ...widgets import die  # noqa: F401  (used by time_runners.kv)
from ...widgets.common import FlatButton
from ...widgets.curtain import on_phone
from . import clock_face  # noqa: F401  (used by time_runners.kv)
from .hand_curtain import HandCurtain
from .texts import ending_text, hint, piles_text, roll_text, runner_text, zone_text

# built on first use (the home screen comes first), so its rules load with it, not at start-up
kvload.load_beside(__file__, "time_runners")

ROLL_STEPS = ("roll", "roll-off", "turn-hand")  # view["next"] values where the table awaits the die


class TimeRunnersScreen(TableScreen):
    hardware = ("dice", "hand")
    turn_text = StringProperty("")
    turn_color = ColorProperty(palette.TEXT)
    hint_text = StringProperty("")
    zone_text = StringProperty("")  # what the shaded spaces mean, under the dial
    roll_text = StringProperty("")
    piles_text = StringProperty("")
    banner_mode = StringProperty("")  # "" | sync | off | over
    banner_text = StringProperty("")
    can_end = BooleanProperty(False)

    shots = ("curtain", "hand", "set-hour")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.curtain = HandCurtain(notify=self._note)

    def prepare_shot(self, view) -> None:
        """Mid-play after a roll; the pass curtain, the revealed hand, or the hour picker for Blue."""
        self.controller.play(ROLL_BARE)  # through the app, so the screen shows the move to make
        if view in ("curtain", "hand", "set-hour"):
            self.open_hand(2)
        if view in ("hand", "set-hour"):
            self.curtain.reveal()
        if view == "set-hour":
            self.curtain.mode = "hour"
        if view is None:
            self.hw.set_hand(self.controller.view["hour"] % 12 + 3)  # the physical hand is off: the banner shows

    # -- wiring -------------------------------------------------------------------------------------
    def setup(self, controller) -> None:
        grid = self.ids.seats
        grid.clear_widgets()
        grid.cols = min(3, len(controller.seats))
        for seat in controller.seats:
            rgba = controller.color(seat)
            grid.add_widget(FlatButton(text=f"{controller.name(seat)}'s hand", bg=rgba, fg=palette.text_on(rgba),
                                       shorten=True,  # one line: a long name loses its middle, not the button
                                       on_release=lambda b, s=seat: self.open_hand(s)))
        self.ids.face.colors = [controller.color(s) for s in controller.seats]

    def update(self) -> None:
        c = self.controller
        v = c.view
        current, sensor = v.get("current"), v.get("sensor", {})
        face = self.ids.face
        face.hour, face.positions, face.current = v["hour"], list(v["positions"]), current
        face.zone_spaces = [s for s in range(GOAL) if zone(s) == v["hour"]]
        self.zone_text = zone_text(v, c.names, list(face.zone_spaces))
        face.sensed = sensor.get("hand") if sensor.get("sensing") else None
        over = v.get("phase") == "over"
        if over:
            self.turn_text, self.turn_color = "Game over", palette.TEXT
        elif current:
            self.turn_text = f"Turn {v['turn_number']}: {c.name(current)}" if v["turn_number"] else f"Roll-off: {c.name(current)}"
            self.turn_color = c.color(current)
        else:
            self.turn_text, self.turn_color = "Setting up", palette.TEXT
        outcome = c.outcome()
        self.hint_text = ending_text(outcome, c.names) if outcome is not None else hint(v, c.names)
        self.roll_text, self.piles_text = roll_text(v, c.names), piles_text(v)
        last = v.get("last_roll")
        rolls = (v.get("roll_off") or {}).get("rolls") or []
        self.ids.die.value = rolls[-1] if v.get("phase") == "roll-off" and rolls else (last["value"] if last else 0)
        if over:
            self.banner_mode, self.banner_text = "over", self.hint_text  # "Red wins the race!"
        elif sensor.get("turn_hand_to") is not None:
            seen = sensor.get("hand")
            where = f"The hand points at {seen}" if seen else "The sensor does not see the hand"
            self.banner_mode, self.banner_text = "sync", f"Turn the hand to {sensor['turn_hand_to']}\n{where}"
        elif sensor.get("check") == "off":
            self.banner_mode, self.banner_text = "off", "Hand sensor ignored: the screen's hour counts"
        else:
            self.banner_mode, self.banner_text = "", ""
        self.can_end = any(isinstance(a, End) for a in c.actions)
        for seat, button in zip(c.seats, reversed(self.ids.seats.children)):  # a hand on a phone is not passed here
            button.text = f"{c.name(seat)}'s hand" + (" is on their phone" if on_phone(seat) else "")
        if self.curtain.is_open and self.curtain.mode == "hand":
            self.curtain.refresh()

    def on_events(self, events) -> None:
        if any(e.get("type") == "rolled" for e in events):
            self.ids.die.tumble()

    # -- the player's taps --------------------------------------------------------------------------
    def _note(self, widget, text: str, bg=palette.DANGER) -> None:
        App.get_running_app().show_note(widget, text, bg)

    def end_turn(self, widget) -> None:
        self.result(self.controller.play(END), widget)

    def runner_pressed(self, seat: int) -> None:
        """A tap on a runner: who it is, where, and which way its next roll runs, beside its token."""
        face = self.ids.face
        centers = face.runner_centers()
        if not 1 <= seat <= len(centers):
            return
        x, y = face.to_window(*centers[seat - 1])
        t = face.token
        anchor = Widget(size_hint=(None, None), size=(2 * t, 2 * t), pos=(x - t, y - t))  # window coordinates
        self._note(anchor, runner_text(self.controller.view, self.controller.names, seat), palette.PANEL_HI)

    def toggle_sensor(self, widget) -> None:
        off = self.controller.view.get("sensor", {}).get("check") == "off"
        self.result(self.controller.play(SENSOR_ON if off else SENSOR_OFF), widget)

    def open_hand(self, seat: int) -> None:
        app = App.get_running_app()
        self.curtain.open_for(app.overlay, self.controller, seat)

    # -- hardware (real or emulated) ----------------------------------------------------------------
    def dice_pressed(self) -> None:
        """A DicePressed from the hardware, already on the UI thread."""
        if self.curtain.is_open:
            self.curtain.close()  # the table is playing: hide any open hand
        view = self.controller.view
        if view.get("next") in ROLL_STEPS:
            self.result(self.controller.play(ROLL_BARE), self._dice_anchor or self.ids.die)
        elif view.get("next") == "over":
            self._note(self._dice_anchor or self.ids.die, "The game is over.")
        else:
            self._note(self._dice_anchor or self.ids.die, f"No roll now. {hint(view, self.controller.names)}.")

    def hand_moved(self, hour) -> None:
        self.controller.sense({"hand": hour})

    def emulated_hand_home(self) -> int:
        return self.controller.view.get("hour", 12) if self.controller else 12

    def drag_hand(self, hour: int) -> None:
        if self.hw is not None:
            self.hw.set_hand(hour)


SCREEN = TimeRunnersScreen
