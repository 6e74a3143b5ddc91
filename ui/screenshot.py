"""`companion screenshot SCREEN OUT.png [--size WxH]`: render one screen offscreen to a PNG and exit.

Screens: home (with a sample unfinished game to resume), time-runners (a sample game mid-play),
curtain (pass-the-device for Blue), hand (Blue's hand revealed), set-hour (the hour picker).
"""
from __future__ import annotations

import os
import tempfile

SCREENS = ("home", "time-runners", "curtain", "hand", "set-hour")


def render(screen: str, out: str, size: tuple[int, int]) -> int:
    from . import boot
    boot.configure(size=size, headless=True, maxfps=0)
    os.environ.setdefault("COMPANION_HW_BACKEND", "emulated")
    from kivy.base import EventLoop

    from .app import CompanionApp
    from .sample import sample_session

    tmp = tempfile.mkdtemp(prefix="companion-shot-")
    app = CompanionApp(os.path.join(tmp, "journal.sqlite"), backend="emulated")
    EventLoop.ensure_window()
    app._run_prepare()
    session = sample_session(app.journal, roll=False)
    if screen == "home":
        app.refresh_home()
    else:
        app.resume(session.id)
        table = app.table_screen
        app.controller.play("roll")  # through the app, so the screen shows the move to make
        if screen in ("curtain", "hand", "set-hour"):
            table.open_hand(2)
        if screen in ("hand", "set-hour"):
            table.curtain.reveal()
        if screen == "set-hour":
            table.curtain.mode = "hour"
        if screen == "time-runners":
            app.hw.set_hand(app.controller.view["hour"] % 12 + 3)  # the physical hand is off: the banner shows
    for _ in range(8):
        EventLoop.idle()
    app.root.export_to_png(out)
    app.shutdown()
    return 0


def main(args) -> int:
    from .boot import parse_size
    if args.screen not in SCREENS:
        raise SystemExit(f"companion screenshot: unknown screen {args.screen!r}; one of {', '.join(SCREENS)}")
    return render(args.screen, args.out, parse_size(args.size) or (800, 480))
