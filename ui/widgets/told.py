"""What the last change did, as the events told it, on every table; and the Log view of the whole game.

The words are the events' own (`text`, and each board step's `text`: see companion/events.py); nothing
here words an event. The strip shows the last change's sentences and, under them, the board steps the
people do so that the cardboard matches (an undo's steps put it back). The Log view lists the whole
game's public sentences, newest at the bottom, each beside its seat's colour, read a page at a time from
the journal (`ui.log_pages`) into a RecycleView that builds only the rows on screen.
"""
from __future__ import annotations

from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.utils import escape_markup, get_hex_from_color

from .. import kvload, log_pages, palette

kvload.load("told")

ROW_FONT = 15  # sp, a log row's font size


def told_lines(events: list) -> tuple[list[str], list[str]]:
    """The sentences and the board steps of told events (`events` as the controller publishes them)."""
    sentences = [e["text"] for e in events if e.get("text")]
    steps = [s["text"] for e in events for s in e.get("board") or [] if s.get("text")]
    return sentences, steps


def told_markup(events: list) -> str:
    """The strip's text: the sentences, then the board steps in the accent colour; "" if nothing was told."""
    sentences, steps = told_lines(events)
    ink = get_hex_from_color(palette.ACCENT)
    lines = [escape_markup(s) for s in sentences]
    lines += [f"[color={ink}][b]Board:[/b] {escape_markup(s)}[/color]" for s in steps]
    return "\n".join(lines)


class ToldStrip(BoxLayout):
    """The last change told, beside the Log button (a screen's kv places it: `ToldStrip: screen: root`)."""

    screen = ObjectProperty(None, allownone=True)
    log_button = BooleanProperty(True)  # False: the screen has its Log button elsewhere (no room under the strip)
    text = StringProperty("")  # the screen's `told_text`

    def on_screen(self, _strip, screen) -> None:
        if screen is not None:
            screen.bind(told_text=self.setter("text"))
            self.text = screen.told_text


class LogRow(BoxLayout):
    text = StringProperty("")
    seat_rgba = ListProperty([0, 0, 0, 0])
    step = BooleanProperty(False)  # a board step under its sentence, indented


class LogPanel(FloatLayout):
    """The whole game's public sentences over the table; "Earlier" reads the page before the first shown."""

    title = StringProperty("Game log")
    more = BooleanProperty(False)  # entries before the first page shown

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.controller = None
        self.first = 1  # the first entry read

    def open_for(self, overlay, controller) -> None:
        self.controller = controller
        self.title = f"{controller.session.game.title}: the game so far"
        controller.bind(revision=self.reload)
        if self.parent is None:
            overlay.add_widget(self)
        self.size = overlay.size  # now, so the rows' wrapped heights are reckoned on the width they get
        self.reload()

    def reload(self, *_) -> None:
        """The newest page, scrolled to the bottom (after every change while the log is open)."""
        head = self.controller.session.head
        self.first = max(1, head - log_pages.PAGE + 1)
        self.ids.rows.data = self.rows(log_pages.page(self.controller.session, self.first, head))
        self.more = self.first > 1
        self.ids.rows.scroll_y = 0

    def earlier(self, *_) -> None:
        """The page before the first shown, above it; the rows shown stay where they were."""
        if self.first <= 1:
            return
        first = max(1, self.first - log_pages.PAGE)
        rows = self.rows(log_pages.page(self.controller.session, first, self.first - 1))
        view = self.ids.rows
        shown = sum(r["height"] for r in view.data)
        added = sum(r["height"] for r in rows)
        view.data = rows + list(view.data)
        self.first, self.more = first, first > 1
        top = (1 - view.scroll_y) * max(0, shown - view.height)  # how far down the view was
        room = shown + added - view.height
        view.scroll_y = 1 - (top + added) / room if room > 0 else 1.0

    def rows(self, events: list) -> list[dict]:
        """RecycleView data: a row per sentence, then one per board step, each with its height (wrapped
        lines estimated from the panel's width, so no row is measured off screen)."""
        c = self.controller
        per_line = max(20, int((self.width - dp(60)) / (sp(ROW_FONT) * 0.5)))
        out = []
        for event in events:
            seat = event.get("seat")
            rgba = list(c.color(seat)) if isinstance(seat, int) and seat in c.seats else [0, 0, 0, 0]
            sentences, steps = told_lines([event])
            for text, step in [(t, False) for t in sentences] + [(t, True) for t in steps]:
                lines = 1 + len(text) // per_line
                out.append({"text": text, "seat_rgba": rgba, "step": step, "height": dp(6) + lines * sp(ROW_FONT) * 1.3})
        return out

    def texts(self) -> list[str]:
        """The sentences and steps shown, in order (what a test reads)."""
        return [r["text"] for r in self.ids.rows.data]

    def close(self, *_) -> None:
        if self.controller is not None:
            self.controller.unbind(revision=self.reload)
        if self.parent is not None:
            self.parent.remove_widget(self)

    def on_touch_down(self, touch):
        super().on_touch_down(touch)
        return True  # nothing under the panel may be touched
