"""The phones seen from the app: the server started after the first frame, the table's session handed
to it, and who is on a phone for the screens (see companion/phones).

The app's UI thread owns the session; the server runs in a process of its own, at a lower priority
(companion/phones/relay.py): its requests are handed to the UI thread with `Clock.schedule_once`
(`KivyOwner`), so Kivy never waits on a phone, and importing aiohttp there (0.4 s of CPU here, four times
that on a Pi) never holds this interpreter. Starting it runs on a thread of its own only while the UI
thread rests between frames (`WhenIdle`). A server process that ends by itself is reported on the screens
and started again, RESTARTS times at most; one slow to start (a busy Pi) is tried again as often, each
time given twice as long (10, 20, 40, 80 s by default), before the phones are said off. `COMPANION_PHONES=off` starts nothing; `COMPANION_PHONE_PORT` moves the port from 8765. A port
that is taken leaves the app running: `status` says so on the home and table screens.
"""
from __future__ import annotations

import logging
import os
import sys
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any, Callable

from kivy.clock import Clock
from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, DictProperty, StringProperty

from companion.phones import DEFAULT_PORT

log = logging.getLogger("ui.phones")


def phones_enabled() -> bool:
    return os.environ.get("COMPANION_PHONES", "on").strip().lower() not in ("off", "0", "no", "false")


def phone_port() -> int:
    return env_number("COMPANION_PHONE_PORT", DEFAULT_PORT, int)


def env_number(name: str, default, kind=float):
    """The positive number the environment variable `name` holds, else `default` (unset, not a number, <= 0)."""
    try:
        value = kind(os.environ.get(name) or default)
    except ValueError:
        return default
    return value if value > 0 else default


class KivyOwner:
    """Runs a function on Kivy's UI thread (the session's one owner) and gives its result as a Future."""

    def __call__(self, fn: Callable[[], Any]) -> Future:
        future: Future = Future()

        def run(_dt):
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(fn())
                except BaseException as exc:
                    future.set_exception(exc)
        Clock.schedule_once(run)
        return future


class WhenIdle:
    """Lets a thread run only while Kivy's UI thread rests between frames: `trace`, set with sys.settrace
    on that thread, is called at each of its Python calls and waits there while a frame is being made.
    A frame starts with the clock's callbacks and ends with its flip (or before drawing, when nothing is
    redrawn). A frame that takes longer than PATIENCE lets the thread run on until the next one starts: a
    Pi kept busy drawing still gets its phones, and a frame that waits for the thread (for a module it is
    importing) waits no longer than that. While it runs, the interpreter switches threads every SWITCH
    seconds (not 5 ms), so a frame that starts gets the interpreter at once."""

    PATIENCE, SWITCH = 0.05, 0.001

    def __init__(self):
        from kivy.core.window import Window
        self.window = Window
        self.idle = threading.Event()
        self.free = False  # this frame took longer than PATIENCE: the thread runs until the next one
        self.switch = sys.getswitchinterval()
        sys.setswitchinterval(self.SWITCH)
        self._frames = Clock.schedule_interval(self._busy, 0)
        Window.bind(on_flip=self._rest)

    def trace(self, frame, event, arg):
        if not self.free and not self.idle.is_set() and not self.idle.wait(self.PATIENCE):
            self.free = True
        return None  # no line events: only calls are looked at

    def close(self) -> None:
        """On the UI thread, once the thread is done."""
        self._frames.cancel()
        self.window.unbind(on_flip=self._rest)
        sys.setswitchinterval(self.switch)
        self.idle.set()

    def _busy(self, _dt) -> None:
        self.idle.clear()
        self.free = False
        Clock.schedule_once(self._drawn, -1)

    def _drawn(self, _dt) -> None:
        if not self.window.canvas.needs_redraw:
            self.idle.set()

    def _rest(self, *_) -> None:
        self.idle.set()


class PhoneBridge(EventDispatcher):
    #: one line for the screens: where phones join, or why they cannot
    status = StringProperty("")
    running = BooleanProperty(False)
    #: seat -> open sockets, for the game on the table (refreshed every second)
    connected = DictProperty({})
    RESTARTS = 3
    START_TIMEOUT = 10.0

    def __init__(self, journal_path: str, **kwargs):
        super().__init__(**kwargs)
        self.enabled = phones_enabled()
        self.port = phone_port()
        #: the server's process must listen within this (an emulated machine, 20-50x slower, needs minutes)
        self.start_timeout = env_number("COMPANION_PHONE_START_TIMEOUT", self.START_TIMEOUT)
        self.journal_path = journal_path
        self.hub = None
        self.server = None
        self.host = "127.0.0.1"
        self.local_name: str | None = None  # the machine's .local name, where it resolves
        self._controller = None
        self._poll = None
        self._restarts = 0
        self._stopped = False  # the app stopped: a start still in flight ends its server, a retry is not made
        self._note = ""  # what the status adds after a restart
        self.status = "" if self.enabled else "Phones are off (COMPANION_PHONES=off)."

    # -- lifecycle ----------------------------------------------------------------------------------
    def start(self) -> None:
        """Start the server's process from a thread of its own (the UI thread never waits for it)."""
        if not self.enabled or self.server is not None or self._stopped:
            return
        self.status = "Phones: starting..."
        idle = WhenIdle()
        threading.Thread(target=self._start, args=(idle,), name="phone-start", daemon=True).start()

    def _start(self, idle: WhenIdle) -> None:
        sys.settrace(idle.trace)
        try:
            self._start_server()
        finally:
            sys.settrace(None)
            Clock.schedule_once(lambda _dt: idle.close())

    def _start_server(self) -> None:
        try:
            from companion.phones import join
            from companion.phones.hub import Hub
            from companion.phones.relay import ServerProcess
            from companion.phones.tokens import SeatTokens
            keys = None if self.journal_path == ":memory:" else Path(self.journal_path).with_name("phone-keys.json")
            hub = self.hub or Hub(SeatTokens(keys))
            exited = lambda code: Clock.schedule_once(lambda _dt: self._exited(server, code))  # noqa: E731
            server = ServerProcess(hub, KivyOwner(), port=self.port, on_exit=exited)
            port = server.start(self.start_timeout)
            host = join.table_host()
            self.local_name = join.local_name()
        except TimeoutError:  # an OSError, but the port may well be free
            Clock.schedule_once(lambda _dt: self._slow())
            return
        except OSError as exc:
            message = f"Phones cannot join: port {self.port} is taken or closed ({exc.strerror or exc})."
            Clock.schedule_once(lambda _dt: self._failed(message))
            return
        except Exception as exc:  # never stop the table for its phones
            log.exception("the phone server did not start")
            message = f"Phones cannot join: the phone server did not start ({type(exc).__name__})."
            Clock.schedule_once(lambda _dt: self._failed(message))
            return
        Clock.schedule_once(lambda _dt: self._started(hub, server, host, port))
        join.warm()  # here, paced by WhenIdle, rather than at the first QR code shown (0.2 s on a Pi core)

    def _started(self, hub, server, host: str, port: int) -> None:
        if self._stopped:  # the app stopped while this server started (seen: its callbacks in the next app)
            server.stop()
            return
        self.hub, self.server, self.host, self.port = hub, server, host, port
        self.running = True
        self.status = (f"Phones join at {self.address}" + (f" or http://{self.local_name}:{port}" if self.local_name else "")
                       + self._note)
        self.attach(self._controller)
        if self._poll is None:
            self._poll = Clock.schedule_interval(self._refresh_connected, 1.0)

    def _exited(self, server, code: int) -> None:
        """The server's process ended by itself (a crash, a kill): said on the screens, and started again."""
        if server is not self.server:
            return
        self.server, self.running, self.connected = None, False, {}
        how = f"signal {-code}" if code < 0 else f"exit {code}"
        if self._restarts >= self.RESTARTS:
            self.status = f"Phones are off: the phone server stopped ({how}) {self._restarts + 1} times; see the log."
            return
        self._restarts += 1
        self._note = f" (the phone server stopped, {how}, and was started again)"
        self.start()
        self.status = f"Phones: the phone server stopped ({how}); starting it again..."

    def _slow(self) -> None:
        """The server's process did not listen within the start timeout (it was ended): on a busy machine
        the next try may well do, so it is tried again with twice as long, RESTARTS times at most."""
        if self._stopped:
            return
        slow = f"the phone server was slow to start (over {self.start_timeout:g} s)"
        if self._restarts >= self.RESTARTS:
            self._failed(f"Phones cannot join: {slow} {self._restarts + 1} times; restart the app to try again.")
            return
        self._restarts += 1
        self.start_timeout *= 2
        self.start()
        self.status = f"Phones: {slow}; trying again, allowing {self.start_timeout:g} s..."

    def _failed(self, message: str) -> None:
        log.error("%s", message)
        self.status = message

    def stop(self) -> None:
        self._stopped = True
        if self._poll is not None:
            self._poll.cancel()
            self._poll = None
        if self.server is not None:
            self.server.stop()
            self.server = None
        self.running = False

    # -- the table ----------------------------------------------------------------------------------
    def attach(self, controller) -> None:
        """The controller of the game on the table (None: the home screen): its phones follow it."""
        self._controller = controller
        if self.hub is None:
            return
        if controller is None:
            self.hub.attach(None)
        else:
            self.hub.attach(controller.session, play=controller.play)
        self._refresh_connected()

    @property
    def address(self) -> str:
        """Where a phone opens the page to type a code: the table's LAN address."""
        return f"http://{self.host}:{self.port}"

    def on_phone(self, seat: int) -> bool:
        """The seat has its phone connected now: its secrets stay off the touchscreen."""
        return self.connected.get(seat, 0) > 0

    def link(self, seat: int, renew: bool = False) -> tuple[str, str]:
        """The seat's join link and code (a new pair with `renew`: the old link stops now)."""
        from companion.phones import join
        old = self.hub.key(seat)
        key = self.hub.renew(seat) if renew else old
        if renew and self.server is not None:  # (a server restarting has no socket open)
            self.server.revoke(old)
        settle = getattr(self.server, "settle", None)  # a server in its own process learns the key by the pipe
        if settle is not None:
            settle()
        return join.join_url(self.host, self.port, key.token), key.code_shown

    def _refresh_connected(self, *_) -> None:
        connected = self.server.connected() if self.server is not None else {}
        if connected != dict(self.connected):
            self.connected = connected
