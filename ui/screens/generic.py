"""The table for any game with perfect information that has no screen of its own yet.

It shows who acts, the table's view as short lines, and every legal action (`controller.actions`, the
game's values) as a button that plays that value; the dice button plays the first action the session
would draw dice for. Nothing here can leak a secret: it is offered only for games whose type says all
information is public.
"""
from __future__ import annotations

from kivy.metrics import dp
from kivy.properties import StringProperty

from .. import kvload, palette
from ..texts import turn_text
from ..widgets.common import FlatButton
from .table import TableScreen

kvload.load("generic")

MAX_BUTTONS = 60


def view_lines(view: dict, limit: int = 12) -> str:
    """The view's fields as short `name: value` lines (long values shortened)."""
    lines = []
    for key, value in list(view.items())[:limit]:
        text = str(value)
        lines.append(f"{key}: {text if len(text) <= 60 else text[:57] + '...'}")
    return "\n".join(lines)


class GenericTableScreen(TableScreen):
    title_text = StringProperty("")
    turn_line = StringProperty("")
    view_text = StringProperty("")

    def setup(self, controller) -> None:
        self.title_text = controller.session.game.title

    def update(self) -> None:
        c = self.controller
        self.turn_line = self.outcome_text or turn_text(c.turn(), c.names)
        if c.thinking:
            self.turn_line += "  -  the companion is thinking..."
        self.view_text = view_lines(c.view)
        grid = self.ids.actions
        grid.clear_widgets()
        actions = [] if c.thinking else c.actions
        for action in actions[:MAX_BUTTONS]:
            grid.add_widget(FlatButton(text=str(action), font_size="15sp", size_hint_y=None, height=dp(palette.TOUCH),
                                       on_release=lambda b, a=action: self.play(a, b)))
        if len(actions) > MAX_BUTTONS:
            grid.add_widget(FlatButton(text=f"... {len(actions) - MAX_BUTTONS} more", disabled=True,
                                       size_hint_y=None, height=dp(palette.TOUCH)))

    def dice_pressed(self) -> None:
        drawn = [a for a in self.controller.actions if a.incomplete]
        if drawn:
            self.play(drawn[0], self.ids.actions)
        else:
            self.note(self.ids.actions, "No dice to roll now.", palette.PANEL_HI)


SCREEN = GenericTableScreen
