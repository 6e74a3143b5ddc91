"""Kivy's settings that must be made before its Window exists (size, fullscreen, headless rendering)."""
from __future__ import annotations

import os
import sys

#: Multisample anti-aliasing off. Measured with `python -m tools.bench_ui` (section 5, and `--shots DIR` under X
#: for the edges) at 800x480 in software GL (Mesa llvmpipe): the Time Runners table costs about twice the
#: CPU a frame with 2 or 4 samples (llvmpipe rounds 2 up to 4) and misses 60 Hz, while without them the
#: dial, its rim, the tokens and the die keep smooth edges (they anti-alias their own outlines) and text
#: is anti-aliased by the font renderer anyway; button corners are the visible loss.
#: KCFG_GRAPHICS_MULTISAMPLES=N in the environment still overrides it (e.g. a GPU that does it for free).
MULTISAMPLES = 0


def parse_size(text: str | None) -> tuple[int, int] | None:
    """A window size from `WxH`; a user's typo is a BadRequest (one line at the command line, exit 2)."""
    from companion.core import BadRequest
    if not text:
        return None
    try:
        w, h = (int(p) for p in text.lower().split("x"))
    except ValueError:
        raise BadRequest("bad-size", f"A size is WIDTHxHEIGHT such as 800x480, not {text!r}.", None) from None
    if w < 320 or h < 240:
        raise BadRequest("bad-size", f"{text} is too small: a window is at least 320x240.", None)
    if w > 8192 or h > 8192:
        raise BadRequest("bad-size", f"{text} is larger than any screen (at most 8192x8192).", None)
    return w, h


def configure(size: tuple[int, int] | None = None, fullscreen: bool = False, headless: bool = False,
              maxfps: int | None = None, multisamples: int | None = None, lean: bool = True) -> None:
    """Call before anything imports kivy.core.window. `multisamples` None: MULTISAMPLES, unless the
    environment sets KCFG_GRAPHICS_MULTISAMPLES. `lean`: Kivy parses only the style rules the app uses
    (ui/lean_style.py), if Kivy is not imported yet and KIVY_DATA_DIR is not set already."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    if lean and "KIVY_DATA_DIR" not in os.environ and "kivy" not in sys.modules:
        from . import lean_style
        folder = lean_style.prepare()
        if folder is not None:
            os.environ["KIVY_DATA_DIR"] = str(folder)
    # TextInput would otherwise probe xclip/xsel/dbus clipboards with subprocesses at start-up
    os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "offscreen"
    import kivy
    from kivy.config import Config
    if not os.environ.get("DISPLAY"):
        # ... and its X "cut buffer" (middle-click paste) by running xclip and xsel, two subprocesses while
        # the home screen is built; without X there is no cut buffer to find (the kiosk, tests, benchmarks)
        kivy.kivy_options.setdefault("cutbuffer", ())
    if size is None and not fullscreen:
        size = (800, 480)
    if size is not None:
        Config.set("graphics", "width", str(size[0]))
        Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("graphics", "resizable", "0" if headless else "1")
    if maxfps is not None:
        Config.set("graphics", "maxfps", str(maxfps))
    if multisamples is None and "KCFG_GRAPHICS_MULTISAMPLES" not in os.environ:
        multisamples = MULTISAMPLES
    if multisamples is not None:
        Config.set("graphics", "multisamples", str(multisamples))
    Config.set("kivy", "exit_on_escape", "0")
    # Right-click must not leave multitouch dots on a laptop; the Pi's config has no mouse provider.
    if Config.has_option("input", "mouse"):
        Config.set("input", "mouse", "mouse,disable_multitouch")


#: the README's section on running the app in a virtual X server
XVFB_SECTION = "On a laptop or server without a display (Xvfb)"


def display_problem() -> str | None:
    """Why the app could not show a window here, or None if some display is there to draw on.

    An explicit SDL_VIDEODRIVER (kmsdrm on the Pi, offscreen in tests) is trusted; otherwise an X or
    Wayland session, or a DRM device for SDL's kmsdrm, must exist, else SDL would run invisibly."""
    if os.environ.get("SDL_VIDEODRIVER") or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    if any(name.startswith("card") for name in _listdir("/dev/dri")):
        return None
    return ("there is no display here (no DISPLAY, no WAYLAND_DISPLAY, no /dev/dri); run it on a desktop or "
            f"on the Pi's screen, or in Xvfb (README.md, \"{XVFB_SECTION}\"), or render a screen with "
            "`companion screenshot`")


def _listdir(path: str) -> list[str]:
    try:
        return os.listdir(path)
    except OSError:
        return []
