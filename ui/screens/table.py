"""What every game's table screen does alike; a game's screen subclasses it (see companion/NEW_GAME.md).

The app finds a game's screen by the game's module name: `ui.games.<module>.screen` with `SCREEN` the
TableScreen subclass (the game's kv file and widgets sit beside it); a game with perfect information and no screen of its own plays on the generic
one (its legal actions as buttons), a game with hidden information waits for its own ("coming"). The subclass renders `controller.view` in `update`, and maps the hardware to
actions (`dice_pressed`, `hand_moved`); the base brings undo/redo, notes beside the tap, a generic
outcome sentence and a hint from the game's computer player.
"""
from __future__ import annotations

import importlib
import importlib.util

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.core import COOPERATIVE, PERFECT, VICTORY, Action, Outcome, Refusal

from .. import log_pages, palette
from ..texts import refusal_text
from ..widgets.told import told_markup


GENERIC = "ui.screens.generic"


def own_screen_module(game_cls) -> str | None:
    """`ui.games.<module>.screen` for a game defined in `companion.games.<module>...`, if that screen exists."""
    parts = game_cls.__module__.split(".")  # not an action: a module name
    if parts[:2] != ["companion", "games"] or len(parts) < 3:
        return None
    module = f"ui.games.{parts[2]}.screen"
    try:
        return module if importlib.util.find_spec(module) is not None else None
    except ModuleNotFoundError:  # no package ui.games.<module>
        return None


def screen_module(game_cls) -> str | None:
    """The game's own screen, else the generic one for a game with perfect information, else None."""
    own = own_screen_module(game_cls)
    if own is not None:
        return own
    return GENERIC if game_cls.type.information == PERFECT else None


def has_screen(game_cls) -> bool:
    return screen_module(game_cls) is not None


def screen_class(game_cls) -> type["TableScreen"]:
    return importlib.import_module(screen_module(game_cls)).SCREEN


def outcome_text(outcome: Outcome, names: list[str], cooperative: bool) -> str:
    """One sentence for how the game ended, whatever its shape."""
    if cooperative or outcome.result is not None:
        return "Victory!" if outcome.result == VICTORY else "Defeat."
    who = [names[s - 1] if 0 < s <= len(names) else f"Seat {s}" for s in outcome.winners]
    if not who:
        return "The game is over."
    if len(who) == 1:
        return f"{who[0]} wins!"
    return f"{', '.join(who[:-1])} and {who[-1]} win!"


class TableScreen(Screen):
    controller = ObjectProperty(None, allownone=True)
    hw = ObjectProperty(None, allownone=True)
    emulated = BooleanProperty(False)
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    #: the game has a computer player and someone may act now (a Hint button is enabled exactly then)
    can_hint = BooleanProperty(False)
    thinking = BooleanProperty(False)
    outcome_text = StringProperty("")
    #: the last change told: its sentences and board steps (markup, the events' own words; see widgets/told.py)
    told_text = StringProperty("")
    #: the game's own curtain (pass-the-device) if it has hidden information; closed when leaving
    curtain = None
    #: what the table reads from the hardware (`texts.HARDWARE`: "dice", "hand"), for the "?" reference
    hardware: tuple[str, ...] = ()
    #: extra views `companion screenshot` can show (name -> what `prepare_shot` does with it)
    shots: tuple[str, ...] = ()

    def prepare_shot(self, view: str | None) -> None:
        """Bring the screen to what a screenshot of `view` (None: the table itself) shows."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._update = Clock.create_trigger(self.refresh, -1)
        self._dice_anchor = None  # the on-screen Dice button while it presses the emulated one

    # -- wiring -------------------------------------------------------------------------------------
    def attach(self, controller, hw) -> None:
        if self.controller is not None:
            self.controller.unbind(revision=self._update, last_events=self._events, thinking=self._update,
                                   stuck=self._stuck)
            self.controller.unbind(revision=self._refusal_read)
        self.close_curtain()
        self.controller, self.hw = controller, hw
        # a table opened or resumed (after a crash too) tells its last entry, read back from the journal
        head = controller.session.head
        self.told_text, self._told_by_computer = told_markup(log_pages.page(controller.session, head, head)), False
        self.emulated = bool(hw and hw.emulated)
        controller.bind(revision=self._update, last_events=self._events, thinking=self._update, stuck=self._stuck)
        controller.bind(revision=self._refusal_read)
        phones = getattr(App.get_running_app(), "phones", None)
        if phones is not None:  # a phone joining or leaving changes who is handed the screen
            phones.unbind(connected=self._update)
            phones.bind(connected=self._update)
        self.setup(controller)
        self.refresh()

    def refresh(self, *_) -> None:
        c = self.controller
        if c is None:
            return
        self.can_undo, self.can_redo, self.thinking = c.can_undo, c.can_redo, c.thinking
        outcome = c.outcome()
        self.outcome_text = "" if outcome is None else outcome_text(outcome, c.names, c.game_type.outcome == COOPERATIVE)
        self.can_hint = c.why_no_hint() is None
        self.update()

    @staticmethod
    def _refusal_read(*_) -> None:
        """The table changed: a refusal said before it is read by now, or no longer true."""
        toast = App.get_running_app().toast
        if toast.sticky:
            toast.dismiss()

    def _stuck(self, _controller, refusal) -> None:
        if refusal is not None:
            self.result(refusal, None)

    def setup(self, controller) -> None:
        """Build what depends on the table (seats, colours, board size)."""

    def update(self) -> None:
        """Render `self.controller.view`."""

    def on_events(self, events: list) -> None:
        """Animate what just happened (a die tumble, a computer's move)."""

    def _events(self, _controller, events) -> None:
        told = told_markup(events)
        if told:  # a change the table sees nothing of (a secret pick) leaves the last one told
            # a computer's turn of several moves is told whole, each move under the one before
            whole = self.controller.computer_moving and self._told_by_computer and self.told_text
            self.told_text = self.told_text + "\n" + told if whole else told
            self._told_by_computer = self.controller.computer_moving
        self.on_events(events)

    def close_curtain(self) -> None:
        if self.curtain is not None:
            self.curtain.close()

    # -- hardware: a game maps what it uses ---------------------------------------------------------
    def dice_pressed(self) -> None:
        self.note(None, f"{self.controller.session.game.title} does not use the dice button.", palette.PANEL_HI)

    def hand_moved(self, hour: int | None) -> None:
        """A clock-hand reading; games without a clock hand ignore it."""

    def press_emulated_dice(self, widget) -> None:
        """The on-screen Dice button of an emulated table: a press like the real button's, whose
        notes (a refusal, "no roll now") appear beside the button that was tapped."""
        self._dice_anchor = widget
        try:
            self.hw.press()
        finally:
            self._dice_anchor = None

    def emulated_hand_home(self) -> int:
        """Where the emulated hand starts when stepped with the arrow keys."""
        return 12

    # -- the player's taps --------------------------------------------------------------------------
    def note(self, widget, text: str, bg=palette.DANGER) -> None:
        App.get_running_app().show_note(widget, text, bg)

    def result(self, refusal: Refusal | None, widget) -> None:
        """Show a refusal where it was tapped (tapping the note explains its rule)."""
        if refusal is not None:
            App.get_running_app().show_refusal(widget, refusal)

    def play(self, action: Action, widget) -> None:
        """Play one of the game's Action values; a refusal shows beside `widget`."""
        self.result(self.controller.play(action), widget)

    def undo(self, widget) -> None:
        self.result(self.controller.undo(), widget)

    def redo(self, widget) -> None:
        self.result(self.controller.redo(), widget)

    def show_phones(self, widget) -> None:
        """The "Phones" button: who is on a phone, and each seat's join link behind its curtain."""
        from ..widgets.phone_link import PhonesPanel
        if getattr(self, "_phones_panel", None) is None:
            self._phones_panel = PhonesPanel()
        self._phones_panel.open_for(App.get_running_app().overlay, self.controller)

    def show_log(self, widget) -> None:
        """The "Log" button: the whole game's public sentences, newest at the bottom."""
        from ..widgets.told import LogPanel
        if getattr(self, "_log_panel", None) is None:
            self._log_panel = LogPanel()
        self._log_panel.open_for(App.get_running_app().overlay, self.controller)

    def show_rules(self, widget) -> None:
        """The "?": the game's rules reference, the rule the last refusal cited on top, the hardware's keys in it."""
        from ..widgets.rules import RulesPanel
        if getattr(self, "_rules_panel", None) is None:
            self._rules_panel = RulesPanel()
        app = App.get_running_app()
        self._rules_panel.open_for(app.overlay, self, app.last_rule)

    def show_hint(self, widget) -> None:
        """The computer's suggestion beside the Hint button, thought off the UI thread; or why there is none."""
        if self.refused_hint(widget):
            return
        self.note(widget, "The companion is thinking...", palette.PANEL_HI)
        self.controller.hint(lambda suggestion: self.hinted(suggestion, widget))

    def refused_hint(self, widget) -> bool:
        """A Hint that cannot act looks so (`can_hint`), and a tap on it says why, with the rule, like Undo."""
        refusal = self.controller.why_no_hint()
        self.result(refusal, widget)
        return refusal is not None

    def hinted(self, suggestion, widget) -> None:
        if isinstance(suggestion, Refusal):
            self.note(widget, refusal_text(suggestion, self.controller.names))
        else:
            self.note(widget, f"The companion suggests: {suggestion}", palette.PANEL_HI)
