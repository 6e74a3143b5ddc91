"""Colours and sizes shared by every screen: a calm dark palette with high-contrast text.

Touch targets: the official 7-inch panel is 800x480 on about 154x86 mm (5.2 px/mm), so 9 mm is
about 48 px. TOUCH is in dp; at Kivy's default density 1 dp is 1 px on that panel.
"""
from __future__ import annotations

BG = (0.105, 0.118, 0.137, 1)        # window background
PANEL = (0.155, 0.172, 0.196, 1)     # cards, rows
PANEL_HI = (0.215, 0.235, 0.266, 1)  # buttons
LINE = (0.30, 0.33, 0.37, 1)
TEXT = (0.95, 0.96, 0.97, 1)
MUTED = (0.62, 0.66, 0.71, 1)
ACCENT = (0.25, 0.72, 0.68, 1)       # primary actions
WARN = (0.96, 0.70, 0.24, 1)         # the hand is out of sync
DANGER = (0.80, 0.18, 0.16, 1)       # refusals (light text on it reads at 4.5:1)
DISABLED = (0.20, 0.22, 0.25, 1)
DIAL = (0.93, 0.91, 0.86, 1)         # the clock face, like the printed board
DIAL_INK = (0.16, 0.17, 0.19, 1)
ZONE = (0.98, 0.80, 0.45, 1)         # the spaces of the hour the hand points at

TOUCH = 48  # dp, the minimum height/width of anything tapped

#: light enough that dark ink on them reads at 4.5:1 or more (WCAG AA), and they read as text on BG
SEAT_COLORS: dict[str, tuple[float, float, float, float]] = {
    "red": (0.95, 0.42, 0.38, 1),
    "blue": (0.35, 0.60, 0.95, 1),
    "green": (0.30, 0.73, 0.40, 1),
    "yellow": (0.95, 0.80, 0.24, 1),
    "purple": (0.69, 0.52, 0.93, 1),
    "orange": (0.96, 0.56, 0.22, 1),
}
COLOR_NAMES = list(SEAT_COLORS)


def seat_rgba(name: str | None) -> tuple[float, float, float, float]:
    return SEAT_COLORS.get((name or "").lower(), MUTED)


def luminance(rgba) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0 black .. 1 white)."""
    def linear(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = rgba[:3]
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast(a, b) -> float:
    """WCAG contrast ratio of two colours, 1 (none) .. 21 (black on white); text wants 4.5."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def text_on(rgba) -> tuple[float, float, float, float]:
    """Dark or light text, whichever has the higher WCAG contrast on `rgba` (a brightness guess picks
    light text on mid greens and blues, where dark text reads better)."""
    return DIAL_INK if contrast(DIAL_INK, rgba) >= contrast(TEXT, rgba) else TEXT


def hex_of(rgba) -> str:
    return "".join(f"{round(c * 255):02x}" for c in rgba[:3])
