"""Every control a finger must hit is at least 9 mm on the official 7-inch panel (800x480 on 154x86 mm)."""
from kivy.uix.behaviors import ButtonBehavior

from test_table import finish_roll_off

PX_PER_MM = 800 / 154.08
MIN_PX = 9 * PX_PER_MM  # 46.7 px


def small_controls(root):
    """Visible, enabled buttons anywhere under `root` that are smaller than 9 mm either way."""
    found = []
    for widget in root.walk():
        if isinstance(widget, ButtonBehavior) and widget.opacity > 0 and widget.get_root_window() is not None:
            if min(widget.width, widget.height) < MIN_PX - 0.5:
                found.append(f"{type(widget).__name__} {getattr(widget, 'text', '')!r} {widget.size}")
    return found


def test_home_table_and_hand_controls_are_at_least_9_mm(ui, journal_path):
    ui.start(journal_path)
    assert small_controls(ui.app.root) == []
    ui.start_game(3)
    assert small_controls(ui.app.root) == []
    finish_roll_off(ui)
    ui.dice()
    ui.open_hand(ui.app.controller.view["current"])
    assert small_controls(ui.app.root) == []
