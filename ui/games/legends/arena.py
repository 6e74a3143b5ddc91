"""The Arena line of the Legends table: seven spaces (Edges 0 and 6), a chip for every Legend.

A chip shows its seat's colour, the Legend's name, a facing arrow, its Fatigue and the Push tokens
the next hit of Force 1, 2 and 3 would give (the engine's `next_push`); a Legend out of the Arena
stands greyed on its Edge. The widgets only draw what they are given (look in legends.kv).
"""
from __future__ import annotations

from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.games.legends.resolve import CENTER

from ... import palette

SPACES = range(2 * CENTER + 1)  # LA-1: the engine's center, with as many spaces either side up to the Edges
EDGES = (SPACES[0], SPACES[-1])


class LegendChip(Label):
    rgba = ColorProperty(palette.MUTED)
    facing = StringProperty("right")
    out = BooleanProperty(False)
    active = BooleanProperty(False)  # the step being shown is about this Legend
    initiative = BooleanProperty(False)


class SpaceCell(BoxLayout):
    index = NumericProperty(0)
    edge = BooleanProperty(False)
    center = BooleanProperty(False)


class SeatPanel(Label):
    """One seat's line under the Arena (Fatigue, tokens, Block, its card); text set by the screen."""

    rgba = ColorProperty(palette.MUTED)
    active = BooleanProperty(False)


def chip_text(chip: dict, tall: bool) -> str:
    if chip.get("piece"):  # LA-13: a Zombie or a Coffin: no Fatigue, no Push track
        return f"[b]{chip['name']}[/b]" if tall else f"[b]{chip['name'][:8]}[/b]"
    push = " ".join(str(x) for x in chip["push"]) if chip.get("push") else "?"
    if chip["out"]:
        second = "OUT"
    else:
        second = f"Fat {chip['fatigue']}  [color=#{chip['muted']}]|[/color]  {push}"
    if tall:
        return f"[b]{chip['name']}[/b]\n[size=14sp]{second}[/size]"
    # three or four in one space: one line each; the seat panels below give the push preview
    return f"[b]{chip['name'][:8]}[/b]  [size=14sp]{'OUT' if chip['out'] else 'F' + str(chip['fatigue'])}[/size]"


class ArenaLine(BoxLayout):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.cells = []
        for i in SPACES:
            cell = SpaceCell(index=i, edge=i in EDGES, center=i == CENTER, size_hint_x=0.55 if i in EDGES else 1)
            self.cells.append(cell)
            self.add_widget(cell)

    def show(self, chips: list[dict]) -> None:
        """chips: per Legend {seat, space, name, rgba, facing, fatigue, push, out, active, initiative}."""
        for cell in self.cells:
            stack = cell.ids.stack
            stack.clear_widgets()
            here = [c for c in chips if c["space"] == cell.index]
            if not here:
                continue
            tall = len(here) <= 2
            height = dp(50) if tall else dp(34) if len(here) == 3 else dp(29) if len(here) == 4 else dp(34)
            # LA-11: five or six Legends in one space (a Free-for-All's start) stay inside the Arena
            room = self.height - dp(18) - dp(4) - dp(2)  # the space's number and its padding
            height = min(height, (room - stack.spacing * len(here)) / len(here))
            stack.add_widget(Widget())  # chips sit at the bottom of the space
            for c in here:
                c = {**c, "muted": palette.hex_of(palette.text_on(c["rgba"]))}
                stack.add_widget(LegendChip(
                    text=chip_text(c, tall), rgba=c["rgba"], facing=c["facing"], out=c["out"],
                    active=c["active"], initiative=c["initiative"], size_hint_y=None, height=height,
                    max_lines=2 if tall or height >= dp(34) else 1, font_size="14sp" if height >= sp(17) else "12sp"))
