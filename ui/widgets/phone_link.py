"""The touchscreen's side of joining phones: the seats' list and, behind each seat's curtain, its QR code.

A seat's link is that seat's secret (it lets a phone see and play its hand), so it is shown only after
"Hand the screen to ..." like any hand. "New link" gives the seat a new one; the old phone is closed
at once. The seats' list shows who is on a phone now.
"""
from __future__ import annotations

from io import BytesIO

from kivy.app import App
from kivy.core.image import Image as CoreImage
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.floatlayout import FloatLayout

from companion.core import PERFECT

from .. import kvload, palette
from .common import FlatButton
from .curtain import PassCurtain

kvload.load("phones")


class PhoneLinkCurtain(PassCurtain):
    reveal_mode = "link"
    hide_after = 60
    qr = ObjectProperty(None, allownone=True)
    code = StringProperty("")
    address = StringProperty("")
    shows_phone_note = False  # this curtain is how a seat gets onto its phone

    def refresh(self) -> None:
        self.show(renew=False)

    def renew(self, widget) -> None:
        self.show(renew=True)
        self.note(widget, f"{self.who} has a new link: the old one no longer works.")

    def show(self, renew: bool) -> None:
        phones = App.get_running_app().phones
        url, self.code = phones.link(self.seat, renew=renew)
        self.address = phones.address + (f" (or http://{phones.local_name}:{phones.port})" if phones.local_name else "")
        from companion.phones.join import qr_png
        texture = CoreImage(BytesIO(qr_png(url)), ext="png").texture
        texture.mag_filter = "nearest"
        self.qr = texture

    def reset(self) -> None:
        if self.mode != "link":
            self.qr, self.code = None, ""  # nothing of the link stays on screen once hidden


class PhonesPanel(FloatLayout):
    """Every seat: on a phone or not, and the button that shows its link behind its curtain."""

    status = StringProperty("")
    #: "Phones as private hands" only for a game with something secret: the others' phones just play
    title = StringProperty("")
    controller = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.curtain = PhoneLinkCurtain()

    def open_for(self, overlay, controller) -> None:
        self.controller = controller
        phones = App.get_running_app().phones
        phones.bind(connected=self.refresh, status=self.refresh)
        self.refresh()
        if self.parent is None:
            overlay.add_widget(self)

    def refresh(self, *_) -> None:
        phones, c = App.get_running_app().phones, self.controller
        private = c.game_type.information != PERFECT
        self.title = "Phones as private hands" if private else "Phones"
        self.status = phones.status + ("" if not phones.running else
                                       "  A seat on a phone keeps its cards off this screen." if private else
                                       f"  A seat may play from its phone; nothing in {c.session.game.title} is "
                                       "secret, so this screen shows it all.")
        grid = self.ids.seats
        grid.clear_widgets()
        for seat in c.seats:
            if seat in c.computers:  # the companion's seat: no phone sees its hand
                continue
            on = phones.on_phone(seat)
            button = FlatButton(text=f"{c.name(seat)}: {'on a phone now' if on else 'not on a phone'}   -   show the link",
                                bg=c.color(seat), disabled=not phones.running)
            button.fg = palette.text_on(c.color(seat))
            button.bind(on_release=lambda _b, s=seat: self.show_link(s))
            grid.add_widget(button)

    def show_link(self, seat: int) -> None:
        overlay = self.parent
        self.close()
        self.curtain.open_for(overlay, self.controller, seat)

    def close(self, *_) -> None:
        phones = App.get_running_app().phones
        phones.unbind(connected=self.refresh, status=self.refresh)
        if self.parent is not None:
            self.parent.remove_widget(self)

    def on_touch_down(self, touch):
        super().on_touch_down(touch)
        return True  # nothing under the panel may be touched
