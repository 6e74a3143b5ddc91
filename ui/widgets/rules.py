"""The "?" of every table: the game's rules reference, the very text `companion rules GAME` prints
(`companion.rules.reference`), over the table.

A field filters it by rule id as it is typed ("TR-1", "ba-4"); the rule the last refusal cited comes first
(the same sentence a tapped refusal opens, `companion.rules.explain`); how the hardware is worked, on the
emulator by keys, is a section of it. The rows are a RecycleView's data, each with a height reckoned from
the panel's width (as the Log view's), so a filter typed letter by letter builds no label off screen.
"""
from __future__ import annotations

from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout

from companion import games
from companion.rules import explain, reference

from .. import kvload
from ..texts import hardware_rules, named

kvload.load("rules")

ROW_FONT = 15  # sp


class RuleRow(BoxLayout):
    rule = StringProperty("")  # "" for a section's heading
    text = StringProperty("")
    heading = BooleanProperty(False)


def cited_here(rule: str | None, game_id: str) -> bool:
    """A rule of this game or one every game shares (not another game's, cited at another table)."""
    if not rule or explain(rule) is None:
        return False
    owner = rule.partition("/")[0]
    return owner == game_id or owner not in games.REGISTRY


class RulesPanel(FloatLayout):
    """The reference over the table; `sections` are (heading, [(rule id, sentence)]) before filtering."""

    title = StringProperty("Rules")
    query = StringProperty("")
    example = StringProperty("")  # a rule id of this game, for the empty field's hint

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.sections: list[tuple[str, list[tuple[str, str]]]] = []
        self._char_w = sp(ROW_FONT) * 0.5

    def open_for(self, overlay, screen, cited: str | None) -> None:
        """The reference of `screen`'s game, `cited` (the last refusal's rule) on top when it is one of it."""
        c = screen.controller
        game = c.session.game
        said = (lambda text: named(text, c.names))
        rules = [(rule, said(text)) for rule, text in reference(game.id).items() if rule != cited]
        top = [(cited, said(explain(cited)))] if cited_here(cited, game.id) else []
        self.sections = [("The rule the last refusal cited", top), (f"{game.title}: the rules", rules),
                         ("Hardware and keys", hardware_rules(screen.hardware, screen.emulated))]
        self.title = f"{game.title}: rules reference"
        self.example = next((r.partition("/")[2] for r, _ in rules if r != f"{game.id}/players"), "")
        if self.parent is None:
            overlay.add_widget(self)
        self.size = overlay.size  # now, so the rows' wrapped heights are reckoned on the width they get
        # a character's mean width in this font, measured once on the reference's own words
        sample = " ".join(text for _, rows in self.sections for _, text in rows)[:2000] or "x"
        self._char_w = CoreLabel(font_size=sp(ROW_FONT)).get_extents(sample)[0] / len(sample)
        self.ids.search.text = ""
        self.on_query()

    def on_query(self, *_) -> None:
        """The rows whose rule id holds what is typed (any case); every row when nothing is."""
        want = self.query.strip().lower()
        per_line = max(20, int(0.95 * (self.width - dp(40)) / self._char_w))  # a wrapped line ends short of the edge
        data = []
        for heading, rows in self.sections:
            shown = [(r, t) for r, t in rows if want in r.lower()]
            if shown:
                data.append({"rule": "", "text": heading, "heading": True, "height": dp(36)})
            for rule, text in shown:
                lines = -(-(len(rule) + 2 + len(text)) // per_line)
                data.append({"rule": rule, "text": text, "heading": False,
                             "height": dp(10) + lines * sp(ROW_FONT) * 1.2})
        if not data:
            data.append({"rule": "", "text": f"No rule id here holds \"{self.query.strip()}\".", "heading": False,
                         "height": dp(40)})
        self.ids.rows.data = data
        self.ids.rows.scroll_y = 1

    def rules(self) -> list[str]:
        """The rule ids shown, in order (what a test reads)."""
        return [r["rule"] for r in self.ids.rows.data if r["rule"]]

    def headings(self) -> list[str]:
        return [r["text"] for r in self.ids.rows.data if r["heading"]]

    def close(self, *_) -> None:
        self.ids.search.focus = False
        if self.parent is not None:
            self.parent.remove_widget(self)

    def on_touch_down(self, touch):
        super().on_touch_down(touch)
        return True  # nothing under the panel may be touched
