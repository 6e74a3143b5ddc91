"""One offscreen Kivy window for the whole UI test session; each test runs its own CompanionApp in it.

Kivy's Window is a process singleton, so apps are started with `App._run_prepare()` into the shared
window and advanced frame by frame with `EventLoop.idle()` (no sleeps); `stop()` detaches them.
"""
from __future__ import annotations

import os
import tempfile

os.environ["SDL_VIDEODRIVER"] = "offscreen"
os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"
os.environ["KIVY_NO_FILELOG"] = "1"
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-home-"))
os.environ["COMPANION_HW_BACKEND"] = "emulated"
os.environ.setdefault("COMPANION_PHONES", "off")  # a phone test turns them on, on a port of its own
os.environ.pop("NOTIFY_SOCKET", None)

import pytest  # noqa: E402


class Runner:
    """Drives the app like a player: taps on real widgets, frames instead of sleeps."""

    def __init__(self):
        from ui import boot
        boot.configure(size=(800, 480), headless=True, maxfps=0)
        from kivy.base import EventLoop
        EventLoop.ensure_window()
        self.loop = EventLoop
        self.window = EventLoop.window
        self.app = None

    def start(self, journal_path, backend="emulated"):
        from ui.app import CompanionApp
        assert self.app is None, "stop the previous app first"
        self.app = CompanionApp(str(journal_path), backend=backend)
        self.app.new_game_seed = "ui-tests"  # every run plays the same game
        self.app._run_prepare()
        self.frames(3)
        return self.app

    def stop(self):
        app, self.app = self.app, None
        if app is None:
            return
        app.dispatch("on_stop")  # shuts the app down, and kv's `app` proxy lets go of it (it caches it until on_stop)
        self.window.remove_widget(app.root)
        self.frames(1)

    def frames(self, n: int = 2) -> None:
        for _ in range(n):
            self.loop.idle()

    def until(self, condition, seconds: float = 10.0) -> bool:
        """Frames until `condition()` holds, for what runs on the clock's wall time (animations, threads)."""
        import time
        deadline = time.monotonic() + seconds
        while not condition() and time.monotonic() < deadline:
            self.frames(1)
            time.sleep(0.005)
        return condition()

    def tap(self, widget, frames: int = 1):
        """A finger down and up at the widget's centre, in window coordinates."""
        from kivy.tests.common import UnitTestTouch
        assert widget.get_root_window() is not None, f"{widget!r} is not on screen"
        assert widget.opacity > 0 and not widget.disabled, f"{widget!r} cannot be tapped"
        x, y = widget.to_window(*widget.center)
        assert 0 <= x < self.window.width and 0 <= y < self.window.height, f"{widget!r} is off screen at {(x, y)}"
        clip = clipped_by(widget, x, y)
        assert clip is None, (f"{widget.__class__.__name__} {getattr(widget, 'text', '')!r} at {(round(x), round(y))} is "
                              f"outside the {type(clip).__name__} that shows it (scrolled out of sight): the tap "
                              "would land on nothing; scroll it into sight first (ui.option_row, ui.seat_row)")
        toast = self.app.toast
        if toast.shown and toast is not widget and toast.collide_point(x, y):
            toast.dismiss()  # a note over the target: a tap there would explain the note instead
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        touch.touch_up()
        self.frames(frames)

    def tap_at(self, x: float, y: float, frames: int = 1):
        from kivy.tests.common import UnitTestTouch
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        touch.touch_up()
        self.frames(frames)

    # -- what a player sees -------------------------------------------------------------------------
    @property
    def table(self):
        return self.app.table_screen

    @property
    def toast(self) -> str:
        return self.app.toast.text if self.app.toast.shown else ""

    def start_game(self, players: int | None = 3, game_id: str = "time-runners", opponent: str = "human",
                   **options):
        """From the home screen by touches: the game's button, the player count (None: the default), each
        option row tapped round to the value asked (by option name), the opponent row likewise, Start."""
        from companion.games import REGISTRY
        from ui.widgets.common import FlatButton
        home = self.app.home
        if home.game_id != game_id:
            self.tap(next(b for b in home.ids.games.children if b.game_id == game_id))
        while players is not None and home.players < players:
            self.tap(home.ids.more)
        while players is not None and home.players > players:
            self.tap(home.ids.fewer)
        labels = {o.name: o.label or o.name for o in REGISTRY[game_id].options_schema}  # choice options
        wanted = [(labels[n], lambda n=n: home.option_values[n], v) for n, v in options.items()]
        for label, value, want in [*wanted, ("Opponent", lambda: home.opponent, opponent)]:
            for _ in range(8):
                if value() == want:
                    break
                row = self.option_row(label)
                self.tap(next(w for w in row.children if isinstance(w, FlatButton)))
            assert value() == want, f"{label} could not be set to {want!r}"
        self.tap(home.ids.start)
        assert self.app.sm.current == game_id
        return self.table

    def option_row(self, label: str):
        """The home screen's setup row `label`, scrolled into sight as a player scrolls to a row below."""
        home = self.app.home
        row = next(r for r in home.ids.options.children if r.label == label)
        home.ids.setup.scroll_to(row, padding=0, animate=False)
        self.frames(2)
        return row

    def seat_row(self, seat: int):
        """The home screen's row of `seat`, scrolled into sight (a short panel scrolls the last seats away)."""
        home = self.app.home
        row = list(reversed(home.ids.seats.children))[seat - 1]
        home.ids.setup.scroll_to(row, padding=0, animate=False)
        self.frames(2)
        return row

    def dice(self):
        self.tap(self.table.ids.dice_button)

    def seat_button(self, seat: int):
        grid = self.table.ids.seats
        return list(reversed(grid.children))[seat - 1]

    def open_hand(self, seat: int):
        self.tap(self.seat_button(seat))
        curtain = self.table.curtain
        assert curtain.mode == "pass"
        self.tap(curtain.ids.reveal)
        assert curtain.mode == "hand"
        return curtain

    def card_buttons(self):
        return list(reversed(self.table.curtain.ids.cards.children))


def clipped_by(widget, x: float, y: float):
    """The ScrollView (any StencilView) around `widget` that does not show the window point (x, y), or None: a
    touch there goes to what the view shows instead, or nowhere (a test waiting for it then hangs)."""
    from kivy.uix.stencilview import StencilView
    view = widget.parent
    while view is not None and view is not view.parent:
        if isinstance(view, StencilView):
            x0, y0 = view.to_window(view.x, view.y)
            if not (x0 <= x < x0 + view.width and y0 <= y < y0 + view.height):
                return view
        view = view.parent
    return None


@pytest.fixture(scope="session")
def _runner():
    return Runner()


@pytest.fixture
def ui(_runner):
    yield _runner
    _runner.stop()


@pytest.fixture
def journal_path(tmp_path):
    return tmp_path / "journal.sqlite"
