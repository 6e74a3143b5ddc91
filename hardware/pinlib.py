"""Whether gpiozero can drive this machine's GPIO, found by trying each pin library, not by its name.

gpiozero chooses a pin factory itself: lgpio first, then RPi.GPIO, then others. On a Raspberry Pi 5
the header's pins sit on the RP1 chip, which only lgpio drives; RPi.GPIO, pigpio and gpiozero's
native factory cannot. A module named `lgpio` is no proof either: `pip install lgpio` on a Pi can
give an empty stub (the aarch64 wheel on PyPI) or a build that fails, and the stub still imports.
The pin library that works is Debian's `python3-lgpio`, seen from a venv made with
`--system-site-packages`; systemd/install.sh sets up exactly that (systemd/README.md).

`check_gpio()` builds each candidate factory as gpiozero would (lgpio's opens the GPIO chip) and
closes it again. Its result says which one works or, when none does, what to install.
"""
from __future__ import annotations

import glob
import importlib
import os
from dataclasses import dataclass
from typing import Callable

# gpiozero's own order, less pigpio (it needs its daemon: choose it with GPIOZERO_PIN_FACTORY).
FACTORIES = {
    "lgpio": ("gpiozero.pins.lgpio", "LGPIOFactory"),
    "rpigpio": ("gpiozero.pins.rpigpio", "RPiGPIOFactory"),
    "native": ("gpiozero.pins.native", "NativeFactory"),
}
MODEL_FILE = "/proc/device-tree/model"
PI5_MODELS = ("Raspberry Pi 5", "Raspberry Pi 500", "Compute Module 5")
FIX_PI5 = ("gpiozero needs a working lgpio on a Raspberry Pi 5: sudo apt install python3-lgpio, and "
           "run the app from a venv made with --system-site-packages (systemd/install.sh does both); "
           "if pip put its own lgpio into that venv, remove it (VENV/bin/pip uninstall lgpio), as it "
           "hides Debian's")
FIX_OTHER = ("install a pin library gpiozero can use: sudo apt install python3-lgpio, with a venv made "
             "with --system-site-packages (systemd/install.sh does both)")
FIX_GROUP = "; the user needs the gpio group to open /dev/gpiochip* (sudo usermod -aG gpio USER)"


@dataclass(frozen=True)
class GpioCheck:
    """The outcome: `factory` is the gpiozero pin factory that works, or None with `advice`."""

    factory: str | None
    model: str = ""                              # the board's model, "" off a Raspberry Pi
    tried: tuple[tuple[str, str], ...] = ()      # (factory, why it cannot work here)
    advice: str = ""

    @property
    def ok(self) -> bool:
        return self.factory is not None

    @property
    def reason(self) -> str:
        """One line for a log or an error message."""
        if self.ok:
            return f"gpiozero can use {self.factory}"
        why = "; ".join(f"{name}: {text}" for name, text in self.tried) or "no pin library tried"
        return f"{why}. To fix: {self.advice}" if self.advice else why


def board_model(path: str = MODEL_FILE) -> str:
    try:
        with open(path, "rb") as f:
            return f.read().rstrip(b"\0\n").decode("ascii", "replace")
    except OSError:
        return ""


def is_pi5(model: str) -> bool:
    return any(m in model for m in PI5_MODELS)


def lgpio_problem(importer: Callable = importlib.import_module) -> str | None:
    """Why the lgpio module here cannot work, or None when it looks like the real library."""
    try:
        mod = importer("lgpio")
    except ImportError as e:
        return f"not installed ({e})"
    if not callable(getattr(mod, "gpiochip_open", None)):
        where = getattr(mod, "__file__", None) or getattr(mod, "__path__", None) or "?"
        return f"the lgpio module here ({where}) is an empty stub without gpiochip_open"
    return None


def build_factory(name: str) -> None:
    """Make gpiozero's factory `name` and close it; raises whatever stops it from working."""
    module, cls = FACTORIES[name]
    factory = getattr(importlib.import_module(module), cls)()
    factory.close()


def check_gpio(*, env=None, chips: list[str] | None = None, model: str | None = None,
               importer: Callable = importlib.import_module,
               build: Callable[[str], None] = build_factory) -> GpioCheck:
    """Which gpiozero pin factory works here (injectable parts for tests)."""
    env = os.environ if env is None else env
    model = board_model() if model is None else model
    if env.get("GPIOZERO_PIN_FACTORY"):
        return GpioCheck(env["GPIOZERO_PIN_FACTORY"], model)
    chips = sorted(glob.glob("/dev/gpiochip*")) if chips is None else chips
    if not chips:
        return GpioCheck(None, model, (("gpio", "no /dev/gpiochip*"),),
                         "run it on a Raspberry Pi (a systemd service also needs DeviceAllow=char-gpiochip)")
    pi5, tried = is_pi5(model), []
    for name in FACTORIES:
        if pi5 and name != "lgpio":
            tried.append((name, "cannot drive a Raspberry Pi 5's GPIO"))
            continue
        why = lgpio_problem(importer) if name == "lgpio" else None
        if why is None:
            try:
                build(name)
                return GpioCheck(name, model, tuple(tried))
            except Exception as e:      # each library fails in its own way: ImportError, OSError, ...
                why = f"{type(e).__name__}: {e}"
        tried.append((name, why))
    advice = FIX_PI5 if pi5 else FIX_OTHER
    if any("ermission" in text for _, text in tried):
        advice += FIX_GROUP
    return GpioCheck(None, model, tuple(tried), advice)
