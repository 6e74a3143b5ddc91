"""The phones' server starts (imports aiohttp and segno) only while the UI thread rests between frames, so
the first seconds on a Pi do not stutter: its thread makes no step while a frame is being made, and goes on
once the frame is drawn."""
from __future__ import annotations

import sys
import threading
import time


def test_the_phones_start_makes_no_step_while_a_frame_is_being_made(ui):
    from ui.phones import WhenIdle
    idle = WhenIdle()
    idle.PATIENCE = 60.0  # a frame never takes that long here: the thread waits for the flip alone
    steps, stop = [], threading.Event()

    def step():
        steps.append(1)

    def start():  # a start's work: Python calls, one after another
        sys.settrace(idle.trace)
        while not stop.is_set():
            step()
        sys.settrace(None)
    try:
        idle._busy(0)  # a frame starts (the clock's callbacks of a frame)
        threading.Thread(target=start, daemon=True).start()
        time.sleep(0.3)
        assert len(steps) <= 1, "the start ran while the UI made a frame"
        idle._rest()  # the frame is on screen: the UI rests until the next one
        assert ui.until(lambda: len(steps) > 100, 10)
        idle._busy(0)  # the next frame
        made = len(steps)
        time.sleep(0.3)
        assert len(steps) - made <= 1, "the start ran while the UI made a frame"
        ui.frames(2)  # frames drawn as the app draws them: each one's flip lets it go on
        assert ui.until(lambda: len(steps) > made + 100, 10)
    finally:
        stop.set()
        idle._rest()
        idle.close()
    assert sys.getswitchinterval() == idle.switch  # the interpreter's thread switches as before
