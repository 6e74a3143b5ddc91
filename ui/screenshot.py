"""`companion screenshot SCREEN OUT.png [--size WxH]`: render one screen offscreen to a PNG and exit.

SCREEN is `home` (with a sample unfinished game to resume), a game id (that game's table mid-play,
from its screen's `sample_session`), or one of the extra views a game's screen offers in `shots`
(Time Runners: curtain, hand, set-hour). It names no game itself.
"""
from __future__ import annotations

import os
import tempfile


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
    from . import boot
    boot.configure(size=size, headless=True, maxfps=0)
    os.environ.setdefault("COMPANION_HW_BACKEND", "emulated")
    from kivy.base import EventLoop

    from companion import games

    from .app import CompanionApp
    from .screens.table import screen_class

    first = next(iter(_screens().values()))[0]
    game_id, view = _screens().get(screen, (first, None))
    tmp = tempfile.mkdtemp(prefix="companion-shot-")
    app = CompanionApp(os.path.join(tmp, "journal.sqlite"), backend="emulated")
    EventLoop.ensure_window()
    app._run_prepare()
    session = screen_class(games.REGISTRY[game_id]).sample_session(app.journal, game_id)
    if screen == "home":
        app.refresh_home()
    else:
        app.resume(session.id)
        app.table_screen.prepare_shot(view)
    for _ in range(8):
        EventLoop.idle()
    app.root.export_to_png(out)
    app.shutdown()
    return 0


def main(args) -> int:
    from .boot import parse_size
    known = names()
    if args.screen not in known:
        raise SystemExit(f"companion screenshot: unknown screen {args.screen!r}; one of {', '.join(known)}")
    return render(args.screen, args.out, parse_size(args.size) or (800, 480))
