"""The table's voice seen from the app: on or off and a volume per table (remembered beside the journal),
the table's session told to the voice (companion/voice.py), its buttons' state for every table screen.

Off by default. Speech runs on the voice's own thread: the session's listener only words the change and
queues it. `--voice-out DIR` writes each utterance to DIR as a WAV file instead of the speaker.
"""
from __future__ import annotations

from pathlib import Path

from kivy.clock import Clock
from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, NumericProperty

from companion.voice import Settings, Speaker, Voice

#: what a tap on the volume button steps through, in percent
VOLUMES = (30, 50, 70, 100)


class VoiceBridge(EventDispatcher):
    on = BooleanProperty(False)
    volume = NumericProperty(Settings.DEFAULT["volume"])

    def __init__(self, journal_path: str, out: str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.settings = Settings(None if journal_path == ":memory:" else Path(journal_path).with_name("voice.json"))
        self.voice = Voice(Speaker(), out=Path(out) if out else None, start=False)
        self.voice.on = False
        self.voice.failed = lambda reason: Clock.schedule_once(lambda _dt: self._failed(reason))
        self._session, self._listener, self._table = None, None, None
        self._button = None

    def attach(self, controller) -> None:
        """Speak for `controller`'s table (None: no table), with the voice and volume it was left with."""
        self._detach()
        self._table = controller.game_id if controller is not None else None
        remembered = self.settings.get(self._table) if self._table else Settings.DEFAULT
        self.volume = remembered["volume"]
        self.on = bool(remembered["on"])
        if controller is not None:
            self._session = controller.session
            self._listener = self.voice.listen(controller.session)
            self._session.subscribe(self._listener)

    def toggle(self, button=None) -> None:
        self._button = button
        self.on = not self.on
        self._save()
        if self.on:
            self.voice.say("The voice is on.", replace=True)

    def louder(self, button=None) -> None:
        """The next volume step, round again after the loudest."""
        self._button = button
        self.volume = next((v for v in VOLUMES if v > self.volume), VOLUMES[0])
        self._save()
        self.voice.say(f"Volume {self.volume} percent.", replace=True)

    def on_on(self, _inst, on: bool) -> None:
        self.voice.on = on
        if on:
            self.voice.start()

    def on_volume(self, _inst, volume: float) -> None:
        self.voice.speaker.volume = int(volume)

    def close(self) -> None:
        """At the app's stop: no property changes here (kv would bind its `app` to the stopped app again)."""
        self._detach()
        self.voice.close()

    def _detach(self) -> None:
        if self._session is not None:
            self._session.unsubscribe(self._listener)
            self._session = self._listener = None
        self.voice.hush()  # nothing of the table that left is said

    def _save(self) -> None:
        if self._table:
            self.settings.set(self._table, self.on, int(self.volume))

    def _failed(self, reason: str) -> None:
        from kivy.app import App
        app = App.get_running_app()
        if app is not None and self.on:
            app.show_note(self._button, reason + " The table goes on silently.")
