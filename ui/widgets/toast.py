"""A short message anchored next to the widget that was tapped (a refusal's reason, a note).

It lives in the app's overlay layer, stays inside the window and lies over no button (a tap meant for the
note must never open a seat's curtain). A note goes away after a few seconds or at the next touch
anywhere; a refusal (`sticky`) stays until it is read: the next change of the table or a tap elsewhere.
"""
from __future__ import annotations

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import ColorProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label

from .. import palette

SHOW_SECONDS = 6.0


class Toast(Label):
    bg = ColorProperty(palette.DANGER)
    #: the rule a refusal cites, in one sentence; shown when the note is tapped
    rule_text = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._hide = None
        self.sticky = False

    def show(self, overlay, anchor, text: str, bg=palette.DANGER, seconds: float | None = SHOW_SECONDS) -> None:
        """`seconds` None: a sticky note (a refusal), gone only by `dismiss`."""
        self.text, self.bg, self.rule_text = text, bg, ""
        self._overlay, self._anchor, self.sticky = overlay, anchor, seconds is None
        width = min(dp(340), overlay.width - dp(16))
        self.text_size = (width - dp(24), None)
        self.texture_update()
        self.size = (width, max(dp(48), self.texture_size[1] + dp(20)))
        if self.parent is None:
            overlay.add_widget(self)
        self.pos = self._place(overlay, anchor)
        if self._hide is not None:
            self._hide.cancel()
            self._hide = None
        if seconds is not None:
            self._hide = Clock.schedule_once(lambda _dt: self.dismiss(), seconds)

    def _place(self, overlay, anchor) -> tuple[float, float]:
        """The place nearest the anchor (just below or above it, else further off on a grid over the window)
        that lies over no button, the anchor included; with none free anywhere, the least covering one."""
        w, h, gap, step = self.width, self.height, dp(6), dp(24)
        ax, ay = anchor.to_window(*anchor.center) if anchor is not None else overlay.center
        half = anchor.height / 2 if anchor is not None else -h / 2
        ys = [ay - half - gap - h, ay + half + gap] + [k * step for k in range(int(overlay.height / step) + 1)]
        xs = [ax - w / 2] + [k * step for k in range(int(overlay.width / step) + 1)]
        places = {(min(max(dp(8), x), overlay.width - w - dp(8)), min(max(dp(4), y), overlay.height - h - dp(4)))
                  for x in xs for y in ys}
        buttons = _buttons(overlay, self)
        if anchor is not None:  # never over what was tapped either (a board's square is no button)
            buttons.append((ax - anchor.width / 2, ay - anchor.height / 2, anchor.width, anchor.height))

        def covered(p) -> float:
            return sum(_overlap((p[0], p[1], w, h), b) for b in buttons)
        # nearest first; at one distance, below (where a finger's note is read) before above
        for p in sorted(places, key=lambda p: ((p[0] + w / 2 - ax) ** 2 + (p[1] + h / 2 - ay) ** 2, p[1])):
            if covered(p) == 0:
                return p
        return min(places, key=covered)

    def explain(self) -> bool:
        """Show the cited rule's sentence in place of the note; False if there is none to show."""
        if not self.rule_text:
            return False
        text, self.rule_text = f"{self.text}\n\n{self.rule_text}", ""
        self.show(self._overlay, self._anchor, text, self.bg, None if self.sticky else SHOW_SECONDS * 2)
        return True

    def dismiss(self) -> None:
        if self._hide is not None:
            self._hide.cancel()
            self._hide = None
        if self.parent is not None:
            self.parent.remove_widget(self)

    @property
    def shown(self) -> bool:
        return self.parent is not None


def _buttons(overlay, toast) -> list[tuple[float, float, float, float]]:
    """Every button a finger can see now, as window rectangles: those of a panel open in the overlay, else
    those of the screen beneath it."""
    roots = [w for w in overlay.children if w is not toast] or [overlay.parent]  # the latter holds the screen
    found = []
    for root in roots:
        for w in root.walk(restrict=True):
            if isinstance(w, ButtonBehavior) and w is not toast and _visible(w, overlay):
                x, y = w.to_window(w.x, w.y)
                found.append((x, y, w.width, w.height))
    return found


def _visible(w, overlay) -> bool:
    node = w
    while node is not None and node is not overlay.parent:
        if getattr(node, "opacity", 1) == 0 or node.width < 2 or node.height < 2:
            return False
        node = node.parent
    return True


def _overlap(a, b) -> float:
    dx = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    dy = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return dx * dy if dx > 0 and dy > 0 else 0.0
