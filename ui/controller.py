"""The table's session seen from the UI: it publishes the engine's views and legal actions as values.

Widgets bind to `revision` (bumped after every change) and read `view` and `actions` (the game's `Action`
values, made once per change); they match on an action's class and fields, never on its text, and
never decide what is allowed. A refused action comes back as the engine's Refusal, for the widget to show where it was
tapped. Call only on Kivy's main thread (the hardware bridge brings events there). It names no game:
a computer seat (from the session's table data) thinks on a worker thread and its move comes back
to the main thread, where it is played through the session like any other action.
"""
from __future__ import annotations

import random
import threading
from typing import Any

from kivy.clock import Clock
from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, DictProperty, NumericProperty, ObjectProperty

from companion.core import CHANCE, OVER, Action, Outcome, Refusal, Turn
from companion.session import COMPUTER, Session

from . import palette
from .texts import seat_name

THINK_SECONDS = 1.0


class TableController(EventDispatcher):
    view = DictProperty({})
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    revision = NumericProperty(0)
    thinking = BooleanProperty(False)
    #: the events of the last change, for animations (a die tumble, a computer move)
    last_events = ObjectProperty([])
    #: every legal action now (the game's values), made once per change
    actions = ObjectProperty([])
    #: why a computer seat could not move (its move refused, or its player failed): the table says so
    stuck = ObjectProperty(None, allownone=True)

    def __init__(self, session: Session, **kwargs):
        super().__init__(**kwargs)
        self.session = session
        table = session.table or {}
        n = session.game.players
        names = table.get("names") if isinstance(table.get("names"), list) else []
        self.names: list[str] = [str(x) for x in names][:n]
        self.names += [f"Seat {s}" for s in range(len(self.names) + 1, n + 1)]
        colors = table.get("colors") if isinstance(table.get("colors"), list) else []
        self.colors: list[str] = [colors[i] if i < len(colors) and colors[i] in palette.COLOR_NAMES
                                  else palette.COLOR_NAMES[i % len(palette.COLOR_NAMES)] for i in range(n)]
        self.computers: dict[int, str] = dict(session.computer_seats)  # seat -> level
        self._think_id = 0
        self._left = False
        self._seat_actions: dict[int, list[Action]] = {}
        self.computer_moving = False  # the change being published is a computer seat's move
        session.subscribe(self._publish)  # whoever changes the session (a tap, a phone, undo), the table shows it
        self._publish([])

    # -- reading ------------------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.session.game.id

    @property
    def game_type(self):
        return self.session.game.type

    @property
    def seats(self) -> range:
        return self.session.game.seats

    def turn(self) -> Turn:
        return self.session.turn()

    def outcome(self) -> Outcome | None:
        return self.session.outcome()

    def name(self, seat: int | None) -> str:
        return seat_name(self.names, seat)

    def color(self, seat: int) -> tuple:
        return palette.seat_rgba(self.colors[seat - 1])

    def seat_view(self, seat: int) -> dict[str, Any]:
        return self.session.view(seat)

    def legal(self, player: int | None = None) -> list[str]:
        return self.session.legal(player)

    def actions_for(self, seat: int | None) -> list[Action]:
        """The legal actions `seat` may play now (None: all of them), made once per change."""
        if seat is None:
            return self.actions
        if seat not in self._seat_actions:
            self._seat_actions[seat] = self.session.legal_actions(seat)
        return self._seat_actions[seat]

    # -- acting -------------------------------------------------------------------------------------
    def play(self, action: Action | str, player: int | None = None) -> Refusal | None:
        """Play `action` (a value, or its text); None if accepted, else the engine's Refusal (nothing changed)."""
        if self.thinking and self._is_computer_turn():
            return Refusal("computer-thinking", "The companion is choosing its move; wait a moment.", None)
        try:
            self.session.play(action, player)
        except Refusal as refusal:
            return refusal
        return None

    def load(self, state: dict[str, Any]) -> Refusal | None:
        """A table's correction (ALL-3): the whole state, checked by the game, journaled, undoable."""
        try:
            self.session.load(state)
        except Refusal as refusal:
            return refusal
        return None

    def sense(self, observation: dict[str, Any]) -> None:
        """A hardware observation (e.g. the clock hand). Not journaled; a game without sensors ignores it."""
        try:
            self.session.sense(observation)
        except Refusal:
            return

    def undo(self) -> Refusal | None:
        think_id = self._think_id
        try:
            self.session.undo()
        except Refusal as refusal:  # nothing moved: a computer thinking meanwhile still moves
            return refusal
        if think_id == self._think_id:
            self._think_id += 1  # a reply being chosen for the old position is dropped
        return None

    def redo(self) -> Refusal | None:
        think_id = self._think_id
        try:
            self.session.redo()
        except Refusal as refusal:
            return refusal
        if think_id == self._think_id:
            self._think_id += 1
        return None

    def hint(self, done, seconds: float = THINK_SECONDS) -> None:
        """Ask the computer for a suggestion for the seat to move, thinking off the UI thread; `done`
        gets the action text, or the Refusal, on the UI thread (not if the table moved meanwhile)."""
        seat = self.hint_seat()
        try:
            if seat is None and self._is_computer_turn():
                raise self.why_no_hint()
            job = self.session.hint_job(self.computer_level, seconds, seat)
        except Refusal as refusal:
            done(refusal)
            return
        head = self.session.head

        def work():
            try:
                answer = job()
            except Refusal as refusal:
                answer = refusal
            except Exception:  # a bug in a computer player must not vanish in a thread
                answer = Refusal("hint-failed", "The companion could not think of a move.", None)
            Clock.schedule_once(lambda _dt: done(answer) if head == self.session.head else None)

        threading.Thread(target=work, name="computer-hint", daemon=True).start()

    def hint_seat(self) -> int | None:
        """The seat a hint suggests for: the first person the turn waits for, never a computer's seat (a
        suggestion for it would show its hand); None when only computers, chance or nobody is to move."""
        turn = self.session.turn()
        if turn.kind in (OVER, CHANCE):
            return None
        return next((s for s in turn.seats if s not in self.computers), None)

    def why_no_hint(self) -> Refusal | None:
        """Why Hint cannot suggest a move now, or None when it can: what a tap on the dimmed button says."""
        def no(reason: str) -> Refusal:
            return Refusal("no-hint", reason, "protocol/hint")
        if not self.session.game.computer_players:
            return no(f"{self.session.game.title} has no computer player to ask for a hint.")
        turn = self.session.turn()
        if turn.kind == OVER:
            return no("The game is over: there is no move left to suggest.")
        if self.thinking:
            return no("The companion is choosing its own move; ask again once it has played.")
        if turn.kind == CHANCE:
            return no("Chance decides the next step (a roll, a shuffle or a draw): there is no move to suggest.")
        if self.hint_seat() is None and self._is_computer_turn():
            return no("A hint is for a person's move: the companion's seats choose their own, unseen.")
        if self.hint_seat() is None or not self.actions:
            return no("Nobody is to choose a move now: there is nothing to suggest.")
        return None

    def hint_action(self, done, seconds: float = THINK_SECONDS) -> None:
        """`hint`, with the suggestion as the game's Action value (its text read once, here at the edge),
        or the Refusal."""
        def typed(answer) -> None:
            if not isinstance(answer, Refusal):
                try:
                    answer = self.session.game.parse_action(answer)
                except Refusal as refusal:
                    answer = refusal
            done(answer)

        self.hint(typed, seconds)

    def leave(self) -> None:
        """The table left the screen (Home, another game): its computers stop thinking and play no more, so a
        game is never played on unseen, and the session resumed later is the one that moves."""
        self._left = True
        self.session.unsubscribe(self._publish)
        self._think_id += 1  # a move being chosen now is dropped
        self.thinking = False

    # -- the computer's seats -----------------------------------------------------------------------
    @property
    def computer_seat(self) -> int | None:
        """The first computer seat (a two-seat game has at most one), or None."""
        return min(self.computers, default=None)

    @property
    def computer_level(self) -> str | None:
        return self.computers.get(self.computer_seat)

    def _computer_to_act(self) -> int | None:
        """The first computer seat the turn waits for (each in its turn when several pick at once)."""
        turn = self.session.turn()
        if turn.kind == OVER:
            return None
        return next((s for s in sorted(self.computers) if s in turn.seats), None)

    def _is_computer_turn(self) -> bool:
        return self._computer_to_act() is not None

    def _think(self) -> None:
        """Choose a computer seat's action off the UI thread, from a copy of the state."""
        self._think_id += 1
        think_id, seat, head = self._think_id, self._computer_to_act(), self.session.head
        try:
            player = self.session.computer(self.computers[seat])
        except Refusal:
            return
        state = self.session.state.clone()
        rng = random.Random(f"{self.session.seed}:computer:{head}" + (f":{seat}" if seat != self.computer_seat else ""))
        self.thinking = True

        def work():
            try:
                text = str(player.choose(state, seat, rng, THINK_SECONDS))
            except Exception as exc:  # shown at the table, never lost in a thread
                text = exc
            Clock.schedule_once(lambda _dt: self._computer_chose(think_id, head, text, seat))

        threading.Thread(target=work, name="computer-player", daemon=True).start()

    def _computer_chose(self, think_id: int, head: int, text, seat: int) -> None:
        if think_id != self._think_id or head != self.session.head:
            return  # the table undid or played meanwhile: think again from where it is
        self.thinking = False
        if isinstance(text, Refusal):  # the player's own word, said as it is (LA-4: "apply it from the card")
            self.stuck = text
            return
        if isinstance(text, Exception):
            self.stuck = Refusal("computer-failed", f"{self.name(seat)} could not choose a move ({text}); Undo, "
                                 "or Home and resume, lets it try again.", None)
            return
        self.computer_moving = True  # read while the change is published: a computer's turn is told whole
        try:
            self.session.play(text, by=COMPUTER)
        except Refusal as refusal:
            if refusal.code != "session-moved":  # another program played: the table shows it and thinks again
                self.stuck = refusal
        finally:
            self.computer_moving = False

    # -- inside -------------------------------------------------------------------------------------
    def _publish(self, events: list[dict[str, Any]]) -> None:
        self.stuck = None
        self.last_events = self.session.told(self.session.events_for(events, None))
        self._seat_actions = {}
        self.actions = self.session.legal_actions()
        self.view = self.session.view(None)
        self.can_undo = self.session.can_undo
        self.can_redo = self.session.can_redo
        self.revision += 1
        if self._is_computer_turn() and not self._left:
            self._think()
        else:
            self.thinking = False
