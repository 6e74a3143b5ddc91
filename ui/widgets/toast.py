"""A short message anchored next to the widget that was tapped (a refusal's reason, a note).

It lives in the app's overlay layer, stays inside the window, and goes away after a few seconds or
at the next touch anywhere.
"""
from __future__ import annotations

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import ColorProperty, StringProperty
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

    def show(self, overlay, anchor, text: str, bg=palette.DANGER, seconds: float = SHOW_SECONDS) -> None:
        self.text, self.bg, self.rule_text = text, bg, ""
        self._overlay, self._anchor = overlay, anchor
        width = min(dp(340), overlay.width - dp(16))
        self.text_size = (width - dp(24), None)
        self.texture_update()
        self.size = (width, max(dp(48), self.texture_size[1] + dp(20)))
        if self.parent is None:
            overlay.add_widget(self)
        x, y = anchor.to_window(anchor.center_x, anchor.y) if anchor is not None else overlay.center
        below = y - self.height - dp(6)
        if anchor is not None and below < dp(4):
            below = anchor.to_window(anchor.x, anchor.top)[1] + dp(6)
        self.x = min(max(dp(8), x - width / 2), overlay.width - width - dp(8))
        self.y = min(max(dp(4), below if anchor is not None else y), overlay.height - self.height - dp(4))
        if self._hide is not None:
            self._hide.cancel()
        self._hide = Clock.schedule_once(lambda _dt: self.dismiss(), seconds)

    def explain(self) -> bool:
        """Show the cited rule's sentence in place of the note; False if there is none to show."""
        if not self.rule_text:
            return False
        text, self.rule_text = f"{self.text}\n\n{self.rule_text}", ""
        self.show(self._overlay, self._anchor, text, self.bg, SHOW_SECONDS * 2)
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
