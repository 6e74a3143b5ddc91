"""Home: resume an unfinished session with one tap, or set up a new game of any registered game.

Games whose engine or table screen is not built yet are listed greyed as "coming", not hidden.
"""
from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.games import REGISTRY

from .. import palette
from ..texts import refusal_text, session_line
from ..widgets.common import FlatButton


class SeatRow(BoxLayout):
    seat = NumericProperty(1)
    player_name = StringProperty("")
    color_name = StringProperty("red")
    __events__ = ("on_color",)

    def next_color(self) -> None:
        names = palette.COLOR_NAMES
        self.dispatch("on_color", names[(names.index(self.color_name) + 1) % len(names)])

    def on_color(self, color: str):
        pass


class SessionRow(FlatButton):
    session_id = NumericProperty(0)


class HomeScreen(Screen):
    game_id = StringProperty("")
    game_title = StringProperty("")
    players = NumericProperty(3)
    min_players = NumericProperty(2)
    max_players = NumericProperty(6)
    resume_text = StringProperty("")
    has_sessions = BooleanProperty(False)

    def __init__(self, playable: set[str], **kwargs):
        super().__init__(**kwargs)
        self.playable = playable  # game ids with an engine and a table screen
        self.names = [c.capitalize() for c in palette.COLOR_NAMES]
        self.colors = list(palette.COLOR_NAMES)
        self._latest_id: int | None = None
        self._build_games()
        first = next((g for g in REGISTRY if g in playable), "")
        if first:
            self.choose_game(first)

    # -- new game -----------------------------------------------------------------------------------
    def _build_games(self) -> None:
        grid = self.ids.games
        grid.clear_widgets()
        for gid, info in REGISTRY.items():
            ok = gid in self.playable
            b = FlatButton(text=info.title if ok else f"{info.title}\n[size=12sp]coming[/size]", markup=True,
                           disabled=not ok, on_release=lambda _b, g=gid: self.choose_game(g))
            b.game_id = gid
            grid.add_widget(b)

    def choose_game(self, game_id: str) -> None:
        info = REGISTRY[game_id]
        self.game_id, self.game_title = game_id, info.title
        self.min_players, self.max_players = info.min_players, info.max_players
        for b in self.ids.games.children:
            b.bg = palette.ACCENT if b.game_id == game_id else palette.PANEL_HI
            b.fg = palette.DIAL_INK if b.game_id == game_id else palette.TEXT
        self.set_players(min(max(self.players, info.min_players), info.max_players))

    def set_players(self, n: int) -> None:
        self.players = max(self.min_players, min(self.max_players, n))
        self._build_seats()

    def _build_seats(self) -> None:
        grid = self.ids.seats
        grid.clear_widgets()
        for i in range(self.players):
            row = SeatRow(seat=i + 1, player_name=self.names[i], color_name=self.colors[i])
            row.bind(player_name=lambda r, v, i=i: self._set_name(i, v), on_color=lambda r, c, i=i: self._set_color(i, c))
            grid.add_widget(row)

    def _set_name(self, i: int, value: str) -> None:
        self.names[i] = value

    def _set_color(self, i: int, color: str) -> None:
        # a colour already taken is swapped with the seat that has it, so colours stay distinct
        j = self.colors.index(color)
        self.colors[i], self.colors[j] = self.colors[j], self.colors[i]
        for k in (i, j):
            if self.names[k].lower() in palette.COLOR_NAMES:  # a default name follows its colour
                self.names[k] = self.colors[k].capitalize()
        self._build_seats()

    def table(self) -> dict:
        n = self.players
        names = [(self.names[i].strip() or self.colors[i].capitalize()) for i in range(n)]
        return {"names": names, "colors": self.colors[:n]}

    def start(self) -> None:
        refusal = App.get_running_app().start_game(self.game_id, self.players, self.table())
        if refusal is not None:
            App.get_running_app().show_note(self.ids.start, refusal_text(refusal))

    # -- resume -------------------------------------------------------------------------------------
    def refresh(self, records=()) -> None:
        grid = self.ids.sessions
        grid.clear_widgets()
        self._latest_id = None
        self.resume_text = ""
        for r in records:
            info = REGISTRY.get(r.game)
            title = info.title if info else r.game
            first, second = session_line(title, r.summary, r.head, r.updated)
            ok = r.game in self.playable
            row = SessionRow(session_id=r.id, disabled=not ok,
                             text=f"[b]{first}[/b]\n[size=13sp]{second if ok else 'coming: cannot be played yet'}[/size]",
                             on_release=lambda b: App.get_running_app().resume(b.session_id))
            row.halign = "left"
            grid.add_widget(row)
            if ok and self._latest_id is None:
                self._latest_id = r.id
                self.resume_text = f"[size=20sp][b]Resume last game[/b][/size]\n[size=14sp]{first}[/size]"
        self.has_sessions = bool(records)

    def resume_latest(self) -> None:
        if self._latest_id is not None:
            App.get_running_app().resume(self._latest_id)
