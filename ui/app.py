"""CompanionApp: the composition root. It opens the journal and the hardware backend, shows the
home screen, opens sessions on their game's table screen and routes hardware events to it.

systemd: READY=1 after the first frame is drawn, WATCHDOG=1 from Kivy's clock on the UI thread.
`quit_after_first_frame` (`companion app --quit-after-first-frame`) says when that frame was on screen
and stops: a smoke test on the Pi, and what `python -m tools.bench_ui` times.
"""
from __future__ import annotations

import gc
import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics.opengl import glFinish
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.screenmanager import NoTransition, ScreenManager  # noqa: F401  (kv uses ScreenManager)

from companion import games, sdnotify
from companion.core import Refusal
from companion.events import plural
from companion.journal import Journal, open_or_set_aside

from . import kvload, palette
from .hw_bridge import HardwareBridge
from .phones import PhoneBridge
from .voice import VoiceBridge
from .widgets.toast import Toast

if TYPE_CHECKING:
    from companion.session import Session

#: Kivy's `Window` is None when none of its window providers worked; its log names each one's error.
NO_WINDOW = ("Kivy could not open a window: none of its window providers worked (Kivy's log says why; "
             "offscreen Kivy needs libGL.so.1, Debian's libgl1).")

log = logging.getLogger("ui.app")

KEY_HOURS = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "0": 10, "-": 11, "=": 12}
KEY_LEFT, KEY_RIGHT, KEY_SPACE = 276, 275, 32


class RootLayout(FloatLayout):
    """The window's root. Its kv rule paints the background colour under everything; on screen the window
    is cleared to that same colour before each frame, so the root leaves it out there (in software GL a
    full-window fill is ~3 ms of every frame) and paints it only into an exported image (a screenshot)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        before = list(self.canvas.before.children)
        kinds = [type(i).__name__ for i in before if type(i).__name__ != "BindTexture"]
        self._background = []
        if kinds == ["Color", "Rectangle"] and tuple(before[0].rgba) == tuple(palette.BG):
            self._background = before  # only when it is that fill and nothing else
            self.canvas.before.clear()

    def export_as_image(self, *args, **kwargs):
        for instruction in self._background:
            self.canvas.before.add(instruction)
        try:
            return super().export_as_image(*args, **kwargs)
        finally:
            for instruction in self._background:
                self.canvas.before.remove(instruction)

    def on_touch_down(self, touch):
        app = App.get_running_app()
        if app is not None and getattr(app, "toast", None) is not None and app.toast.shown:
            if app.toast.collide_point(*touch.pos) and app.toast.explain():
                return True  # a tap on a refusal shows its rule
            app.toast.dismiss()  # any other tap clears the last note, and still does what it does
        return super().on_touch_down(touch)


def _since_process_start() -> float | None:
    """Seconds since this process started (the kernel's start time, in 10 ms ticks); None off Linux."""
    import time
    try:
        with open("/proc/self/stat") as f:
            started = int(f.read().rsplit(")", 1)[1].split()[19]) / os.sysconf("SC_CLK_TCK")
        return time.clock_gettime(time.CLOCK_BOOTTIME) - started
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def _unclip(manager: ScreenManager) -> None:
    """Take out the stencil clip Kivy gives every ScreenManager (a StencilView): with no transition a
    screen is exactly the manager's box, so the clip hides nothing, yet it paints that box twice into the
    stencil buffer each frame (in software GL two window-sized passes, ~5 ms of every frame)."""
    manager.canvas.before.clear()
    manager.canvas.after.clear()


def playable_games() -> set[str]:
    """Games with an engine and a table screen (the others are shown as coming)."""
    from .screens.table import has_screen
    return {gid for gid, cls in games.REGISTRY.items() if has_screen(cls)}


class CompanionApp(App):
    title = "Board Companion"
    hw = ObjectProperty(None, allownone=True)
    phones = ObjectProperty(None, allownone=True)
    voice = ObjectProperty(None, allownone=True)
    controller = ObjectProperty(None, allownone=True)
    journal_note = StringProperty("")
    #: the rule the last refusal shown cited (None: none yet), first in the "?" reference
    last_rule = ObjectProperty(None, allownone=True)

    def __init__(self, journal_path: str | Path, backend: str | None = None, record: str | None = None,
                 quit_after_first_frame: bool = False, voice_out: str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.quit_after_first_frame = quit_after_first_frame
        self.journal_path = str(journal_path)
        self.backend_spec = backend
        self.record = record
        self.voice_out = voice_out  # each utterance to a WAV file in this folder, not the speaker
        self.notifier = sdnotify.Notifier()
        self.journal: Journal | None = None
        #: the seed of games started from the home screen (None: a fresh random one; tests fix it)
        self.new_game_seed = None
        self.frames = 0
        self._screens: dict[str, object] = {}
        self._hand_seen = False
        self._hand: int | None = None
        #: the offscreen video driver draws into an EGL pbuffer, whose "swap" neither waits nor flushes:
        #: without a bound, Mesa keeps queueing frame after frame (a die tumble is ~27 of them) and renders
        #: the whole backlog at the next texture upload, i.e. in the frame that shows the next roll.
        self._finish_frames = os.environ.get("SDL_VIDEODRIVER") == "offscreen"

    # -- lifecycle ----------------------------------------------------------------------------------
    def build(self):
        if Window is None:  # Kivy logged why; without this the first `Window.` below hides it
            raise RuntimeError(NO_WINDOW)
        from .screens.home import HomeScreen
        from .widgets import common  # noqa: F401  (register kv classes)
        kvload.load("widgets", "home")  # a table screen loads its own kv when first opened
        Window.clearcolor = palette.BG
        if self.journal_path != ":memory:":
            Path(self.journal_path).parent.mkdir(parents=True, exist_ok=True)
        self.journal, aside = open_or_set_aside(self.journal_path)
        self.journal_note = (f"journal: {self.journal_path}" if aside is None else
                             f"The journal was unreadable: kept untouched as {aside.name}; a new one was started")
        self.hw = HardwareBridge(self.backend_spec, record=self.record)
        self.hw.bind(on_dice=self._on_dice, on_hand=self._on_hand)
        self.phones = PhoneBridge(self.journal_path)
        self.voice = VoiceBridge(self.journal_path, self.voice_out)
        root = RootLayout()
        self.sm = root.ids.sm
        self.sm.transition = NoTransition()
        _unclip(self.sm)
        self.overlay = root.ids.overlay
        self.toast = Toast()
        self.home = HomeScreen(playable_games(), name="home")
        if aside is not None:
            self.home.notice = (f"The journal could not be read. It was kept untouched as {aside}; "
                                "a new journal was started. (Tap to close.)")
        self.sm.add_widget(self.home)
        Window.bind(on_key_down=self._on_key)
        return root

    def on_start(self):
        self.refresh_home()
        Window.bind(on_flip=self._on_flip)
        self._tick = Clock.schedule_interval(self._watchdog_tick, 1.0)

    def _watchdog_tick(self, _dt) -> None:
        # Returns None: Kivy unschedules an interval callback that returns False, which tick() does
        # whenever it is not yet time to ping (the watchdog then killed the app 10 s after READY).
        self.notifier.tick()

    def on_stop(self):
        self.shutdown()

    def shutdown(self) -> None:
        """Release the window bindings, the hardware and the journal (idempotent)."""
        if self.controller is not None:
            self.controller.leave()  # no computer move is written after the journal closes
        if Window is not None:  # None: Kivy made no window (its log says why); that error must show, not ours
            Window.unbind(on_key_down=self._on_key, on_flip=self._on_flip)
        if getattr(self, "_tick", None) is not None:
            self._tick.cancel()
            self._tick = None
        if self.hw is not None:
            self.hw.close()
        if self.phones is not None:
            self.phones.stop()
        if self.voice is not None:
            self.voice.close()
        if self.journal is not None:
            self.journal.close()
            self.journal = None
        sdnotify.stopping()

    def _on_flip(self, *_):
        if self._finish_frames or (self.quit_after_first_frame and not self.frames):
            glFinish()  # like a real display's swap: this frame is drawn before the next one starts
        self.frames += 1
        if self.frames == 1:
            Clock.schedule_once(lambda _dt: self.hw.open())  # the hardware opens once the screen shows
            Clock.schedule_once(lambda _dt: self.phones.start())  # and the phones' server, on its own thread
            self.notifier.first_frame()
            if not gc.isenabled():  # `companion app` starts without it (ui/cli_app.py)
                gc.enable()
            if self.quit_after_first_frame:
                import resource
                took, cpu = _since_process_start(), resource.getrusage(resource.RUSAGE_SELF)
                print("companion app: first frame on screen" + (f" {took:.3f} s after the process started" if took
                                                               else "")
                      + f" ({cpu.ru_utime + cpu.ru_stime:.3f} s of CPU)", flush=True)
                self.stop()

    # -- navigation ---------------------------------------------------------------------------------
    def refresh_home(self) -> None:
        self.home.refresh(self.journal.sessions(unfinished_only=True), self.journal.finished_count())

    def archive_finished(self) -> None:
        """Every finished game to its own file in the `archive` folder beside the journal (`companion
        import FILE` brings one back), then out of the journal, which keeps the tables in use. One game
        a frame, the button counting (about 13 ms a 250-action game here: a long-kept journal takes seconds)."""
        from companion.archive import archive_finished
        folder = Path(self.journal_path).parent / "archive"
        total, files = self.home.finished, archive_finished(self.journal, folder)
        home = self.home

        def next_one(_dt, done: int = 0) -> None:
            if self.journal is None:  # the app stopped meanwhile: the games left stay in the journal
                return
            home.archiving = f"Archiving {done + 1} of {total}..."
            try:
                next(files)
            except StopIteration:
                home.archiving = ""
                self.refresh_home()
                kept = f"; {home.finished} that cannot be opened now stay in the journal" if home.finished else ""
                self.show_note(home.ids.sessions_caption, f"Archived {plural(done, 'finished game')} "
                               f"to {folder}{kept}", bg=palette.ACCENT)
                return
            except (OSError, Refusal) as exc:
                home.archiving = ""
                self.refresh_home()
                why = exc.reason if isinstance(exc, Refusal) else f"cannot write {exc.filename or folder} ({exc.strerror or exc})"
                self.show_note(home.ids.sessions_caption, f"Archiving stopped after {done}: {why}. The games not "
                               "archived are still in the journal.")
                return
            Clock.schedule_once(lambda dt: next_one(dt, done + 1))
        next_one(0)

    def go_home(self) -> None:
        screen = self.table_screen
        if screen is not None:
            screen.close_curtain()
        self.phones.attach(None)  # the table's phones are told their game left the table
        self.voice.attach(None)
        if self.controller is not None:
            self.controller.leave()  # its computer seats stop with it
        self.refresh_home()
        self.sm.current = "home"

    def start_game(self, game_id: str, players: int, table: dict, options: dict | None = None,
                   seed=None) -> Refusal | None:
        from companion.session import Session  # with the first game, not before the first frame
        try:
            session = Session.start(self.journal, game_id, players, seed=self.new_game_seed if seed is None else seed,
                                    options=options, table=table)
        except Refusal as refusal:
            return refusal
        self.open_session(session)
        return None

    def resume(self, session_id: int) -> Refusal | None:
        from companion.session import Session
        try:
            session = Session.resume(self.journal, session_id)
        except Refusal as refusal:
            self.show_note(self.home.ids.sessions, refusal.reason)
            return refusal
        self.open_session(session)
        return None

    def open_session(self, session: Session) -> None:
        from .controller import TableController
        controller = TableController(session)
        if self.controller is not None:
            self.controller.leave()
        self.controller = controller
        self.phones.attach(controller)
        self.voice.attach(controller)
        screen = self._screen_for(session.game.id)
        screen.attach(controller, self.hw)
        if self._hand_seen:
            screen.hand_moved(self._hand)
        self.sm.current = screen.name

    def _screen_for(self, game_id: str):
        if game_id not in self._screens:
            from .screens.table import screen_class
            screen = screen_class(games.REGISTRY[game_id])(name=game_id)
            self.sm.add_widget(screen)
            self._screens[game_id] = screen
        return self._screens[game_id]

    @property
    def table_screen(self):
        if self.controller is None:
            return None
        return self._screens.get(self.controller.game_id)

    # -- notes next to what was tapped --------------------------------------------------------------
    def show_note(self, widget, text: str, bg=palette.DANGER) -> None:
        if self.toast.parent is not None:
            self.toast.parent.remove_widget(self.toast)  # re-add on top of any curtain
        self.toast.show(self.overlay, widget, text, bg)

    def show_refusal(self, widget, refusal: Refusal) -> None:
        """A refusal beside what was tapped; tapping it shows the rule it cites."""
        from companion.rules import explain
        from .texts import named, refusal_text
        names = self.controller.names if self.controller is not None else []  # the seats as the table calls them
        if self.toast.parent is not None:
            self.toast.parent.remove_widget(self.toast)  # re-add on top of any curtain
        self.toast.show(self.overlay, widget, refusal_text(refusal, names), seconds=None)  # stays until read
        self.last_rule = refusal.rule  # the "?" reference opens on it
        sentence = explain(refusal.rule) if refusal.rule else None
        if sentence:
            self.toast.rule_text = f"{refusal.rule}: {named(sentence, names)}"

    # -- hardware -----------------------------------------------------------------------------------
    def _on_dice(self, _bridge) -> None:
        screen = self.table_screen
        if screen is not None and self.sm.current == screen.name:
            screen.dice_pressed()
        else:
            self.show_note(self.home.ids.start, "Start or resume a game first: the dice button rolls at the table.",
                           palette.PANEL_HI)

    def _on_hand(self, _bridge, hour) -> None:
        self._hand_seen, self._hand = True, hour
        screen = self.table_screen
        if screen is not None:
            screen.hand_moved(hour)

    def _on_key(self, _window, key, _scancode, codepoint, modifiers):
        if self.hw is None or not self.hw.emulated:
            return False
        from kivy.uix.textinput import TextInput
        focused = [w for w in self.root.walk() if isinstance(w, TextInput) and w.focus]  # a panel's field too
        if focused:
            return False
        screen = self.table_screen
        engine_hour = screen.emulated_hand_home() if screen is not None else 12
        if key == KEY_SPACE:
            self.hw.press()
        elif codepoint in KEY_HOURS and not modifiers:
            self.hw.set_hand(KEY_HOURS[codepoint])
        elif key == KEY_LEFT:
            self.hw.step_hand(-1, engine_hour)
        elif key == KEY_RIGHT:
            self.hw.step_hand(+1, engine_hour)
        else:
            return False
        return True
