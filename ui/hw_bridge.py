"""Hardware events -> the UI thread -> the table.

The backend calls `_on_event` on its own threads (the emulator on the caller's thread); everything is
handed to Kivy's main thread before any widget or the session is touched. The bridge only translates:
a dice press is offered to the table (`on_dice`), a settled hand reading becomes an observation
(`on_hand`, None when the hand is lost or the sensors report a fault), link events set `status`.
"""
from __future__ import annotations

import logging
import threading
import time
from functools import partial

from kivy.clock import Clock
from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty

import hardware  # its names load on first use: the backend and its events only once it opens
from companion.events import and_list

log = logging.getLogger("ui.hw")

STATUS_TEXT = {
    "emulated": "Emulated hardware (on-screen dice and hand)",
    "gpio ready": "GPIO ready", "gpio up": "GPIO up",
    "serial connecting": "Serial connecting...", "serial up": "Serial link up",
    "serial down": "Serial link DOWN", "reconnecting": "Serial link down - reconnecting...",
    "serial version mismatch": "Serial: firmware speaks another protocol version",
    "trace replay": "Replaying a hardware trace", "trace done": "Hardware trace finished",
    "closed": "Hardware closed",
}
def strip_note(status: str, hand_note: str, emulated: bool, parts) -> str:
    """The status strip's words on a screen that reads `parts` of the hardware ("dice", "hand"; home: both): a game
    that reads none says so, the emulator names only the stand-ins that screen has, the hand's trouble where it counts."""
    if not parts:
        return "This game uses no dice button or clock hand"
    if emulated and status == STATUS_TEXT["emulated"]:
        status = f"Emulated hardware (on-screen {and_list(list(parts))})"
    return status + (f"  -  {hand_note}" if hand_note and "hand" in parts else "")


#: what each kind of backend says until it is open (the app opens it just after its first frame)
OPENING = {"emulated": "emulated", "gpio": "gpio ready", "serial": "serial connecting", "trace": "trace replay"}


class HardwareBridge(EventDispatcher):
    status = StringProperty("hardware starting")
    link_ok = BooleanProperty(False)
    emulated = BooleanProperty(False)
    #: the last hand reading: an hour 1..12, or None (unknown, lost, fault)
    hand = ObjectProperty(None, allownone=True)
    hand_note = StringProperty("")

    __events__ = ("on_dice", "on_hand")

    def __init__(self, spec: str | None = None, record: str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.spec, self.automatic = hardware.resolve_spec(spec)  # which backend, known before it opens
        kind = self.spec.partition(":")[0]
        self.emulated = kind == "emulated"
        self._show(OPENING.get(kind, "hardware starting"))
        self.record = record
        self.backend = None
        self._main = threading.main_thread()
        self._poll = None
        self.last_event_at: float | None = None  # perf_counter when the last event reached the UI thread
        self.handled_at: float | None = None  # perf_counter when its handling (the roll, the sense) returned

    def open(self) -> None:
        if self.backend is not None:  # already open (an emulated control opened it before the first frame)
            return
        try:
            self.backend = hardware.open_backend(self.spec, self._on_event, record=self.record,
                                                 automatic=self.automatic)
            self.emulated = isinstance(self.backend, hardware.EmulatedBackend)  # also after a GPIO fallback
            self.backend.start()
        except Exception as exc:  # the table must still be usable by hand
            log.exception("hardware backend failed")
            self.status = f"hardware unavailable: {exc}"
            self.link_ok = False
            return
        self._refresh_status()
        self._poll = Clock.schedule_interval(self._refresh_status, 1.0)

    def close(self) -> None:
        if self._poll is not None:
            self._poll.cancel()
        if self.backend is not None:
            self.backend.close()

    # -- the emulator's controls (on-screen button, dragged hand, keys) ------------------------------
    def press(self) -> None:
        if self._emulator():
            self.backend.press()

    def set_hand(self, hour: int) -> None:
        if self._emulator():
            self.backend.set_hand((int(hour) - 1) % 12 + 1)

    def step_hand(self, delta: int, fallback: int = 12) -> None:
        if self._emulator():
            current = self.backend.hour or fallback
            self.set_hand(current + delta)

    def _emulator(self) -> bool:
        """Whether the emulator answers, opening it if no frame has yet (a screenshot's scripted game)."""
        if self.emulated and self.backend is None:
            self.open()
        return self.emulated and self.backend is not None

    # -- events -----------------------------------------------------------------------------------
    def _on_event(self, event) -> None:
        if threading.current_thread() is self._main:
            self._handle(event)
        else:
            Clock.schedule_once(partial(self._handle_later, event), -1)

    def _handle_later(self, event, _dt) -> None:
        self._handle(event)

    def _handle(self, event) -> None:
        self.last_event_at = time.perf_counter()
        if isinstance(event, hardware.DicePressed):
            self.dispatch("on_dice")
        elif isinstance(event, hardware.HandSettled):
            self.hand_note = ""
            self.hand = event.hour
            self.dispatch("on_hand", event.hour)
        elif isinstance(event, hardware.HandLost):
            self.hand_note = "hand not seen"
            self.hand = None
            self.dispatch("on_hand", None)
        elif isinstance(event, hardware.HandFault):
            self.hand_note = "hand sensor fault"
            self.hand = None
            self.dispatch("on_hand", None)
        elif isinstance(event, hardware.HandBetween):
            self.hand_note = "hand between hours"
        elif isinstance(event, (hardware.LinkUp, hardware.LinkDown, hardware.LinkVersionMismatch)):
            self._refresh_status()
        self.handled_at = time.perf_counter()

    def _refresh_status(self, *_):
        if self.backend is not None:
            self._show(self.backend.status)

    def _show(self, s: str) -> None:
        self.status = STATUS_TEXT.get(s, s)
        self.link_ok = s.endswith((" up", " ready")) or s in ("emulated", "trace replay", "trace done")

    def on_dice(self, *_):
        pass

    def on_hand(self, *_):
        pass
