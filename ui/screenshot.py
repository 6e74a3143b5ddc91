"""`companion screenshot SCREEN OUT.png [--size WxH]`: render one screen offscreen to a PNG and exit.

SCREEN is `home` (with a sample unfinished game to resume), a game id (that game's table mid-play,
from `ui.samples`), or one of the extra views a game's screen offers in `shots`
(Time Runners: curtain, hand, set-hour). It names no game itself.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile

from companion.core import BadRequest


def _screens() -> dict[str, tuple[str, str | None]]:
    """name -> (game id, extra view or None), for every game the app can show."""
    from companion import games

    from .screens.table import has_screen, screen_class
    out: dict[str, tuple[str, str | None]] = {}
    for game_id, cls in games.REGISTRY.items():
        if has_screen(cls):
            out[game_id] = (game_id, None)
            for view in screen_class(cls).shots:
                out.setdefault(view, (game_id, view))
    return out


def names() -> list[str]:
    return ["home", *_screens()]


def render(screen: str, out: str, size: tuple[int, int]) -> int:
    """Draw `screen` into a scratch folder, then move the PNG to `out`; the folder never outlives the call."""
    from . import boot
    boot.configure(size=size, headless=True, maxfps=0)
    os.environ.setdefault("COMPANION_HW_BACKEND", "emulated")
    tmp = tempfile.mkdtemp(prefix="companion-shot-")
    try:
        png = os.path.join(tmp, "shot.png")
        _draw(screen, png, os.path.join(tmp, "journal.sqlite"))
        if not os.path.isfile(png) or os.path.getsize(png) == 0:
            print(f"companion screenshot: nothing was rendered, {out} was not written", file=sys.stderr)
            return 1
        try:
            shutil.move(png, out)
        except OSError as e:
            raise BadRequest("cannot-write", f"Cannot write {out}: {e.strerror or e}.", None) from None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


def _draw(screen: str, png: str, journal: str) -> None:
    from kivy.base import EventLoop

    from companion import games

    from .app import NO_WINDOW, CompanionApp
    from .samples import sample_session

    first = next(iter(_screens().values()))[0]
    game_id, view = _screens().get(screen, (first, None))
    from kivy.core.window import Window
    if Window is None:  # else ensure_window exits with a line on Kivy's log, hidden unless --verbose
        raise BadRequest("no-window", NO_WINDOW, None)
    app = CompanionApp(journal, backend="emulated")
    try:
        EventLoop.ensure_window()
        app._run_prepare()
        session = sample_session(app.journal, game_id)
        if screen == "home":
            app.refresh_home()
        else:
            app.resume(session.id)
            app.table_screen.prepare_shot(view)
        for _ in range(8):
            EventLoop.idle()
        app.root.export_to_png(png)
    finally:
        app.shutdown()


def main(args) -> int:
    from .boot import parse_size
    size = parse_size(args.size) or (800, 480)  # before Kivy loads: a typo gets one line
    folder = os.path.dirname(os.path.abspath(args.out))
    if not os.path.isdir(folder):
        raise BadRequest("cannot-write", f"There is no folder {folder} to write {args.out} in.", None)
    if os.path.isdir(args.out):
        raise BadRequest("cannot-write", f"{args.out} is a folder; give the PNG file to write.", None)
    if not getattr(args, "verbose", False):
        os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "MIXED")  # Kivy must not swallow our own stderr line
    from . import boot
    boot.configure(size=size, headless=True, maxfps=0)  # before the screens' modules import Kivy
    known = names()
    if args.screen not in known:
        raise BadRequest("unknown-screen", f"There is no screen {args.screen!r}; one of {', '.join(known)}.", None)
    return render(args.screen, args.out, size)
