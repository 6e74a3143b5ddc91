"""Home: resume an unfinished session with one tap, or set up a new game of any registered game.

A game's option controls are built from its options schema, and a game with computer players
offers "against the companion" at a chosen level. Games whose table screen is not built yet are
listed greyed as "coming", not hidden. It names no game.
"""
from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.events import and_list
from companion.games import REGISTRY

from .. import palette
from ..texts import refusal_text, session_line
from ..widgets.common import FlatButton


class SeatRow(BoxLayout):
    seat = NumericProperty(1)
    player_name = StringProperty("")
    color_name = StringProperty("red")
    __events__ = ("on_color",)

    def __init__(self, choices=None, **kwargs):
        super().__init__(**kwargs)
        self.choices = list(choices or palette.COLOR_NAMES)  # the colours this game's seats may take

    def edit_name(self) -> None:
        """The name's button gives way to a text field (built on first use: see widgets/seat_name.py), or,
        above a docked on-screen keyboard, a field opens in a bar at the top of the window."""
        from kivy.core.window import Window

        from ..widgets.seat_name import NameBar, SeatName
        field = SeatName(text=self.player_name)
        field.bind(text=lambda _f, text: setattr(self, "player_name", text))
        if getattr(Window, "docked_vkeyboard", False):
            App.get_running_app().overlay.add_widget(NameBar(field, title=f"Name of seat {self.seat}"))
        else:
            shown = self.ids.name
            self.add_widget(field, index=self.children.index(shown))
            self.remove_widget(shown)
            self.ids.name = field
        field.start_editing()

    def next_color(self) -> None:
        self.dispatch("on_color", _cycle(self.choices, self.color_name))

    def on_color(self, color: str):
        pass


class SessionRow(FlatButton):
    """An unfinished session in the home screen's list: a RecycleView view, given `session_id`, `text` and
    `disabled` from its row of the list's data (and reused for another row as the list scrolls)."""

    session_id = NumericProperty(0)

    def on_release(self):
        App.get_running_app().resume(self.session_id)


class OptionRow(BoxLayout):
    """A label and the buttons that set one option (built from the game's schema)."""

    label = StringProperty("")


HUMAN = "human"


def _cycle(choices: list, value) -> object:
    return choices[(choices.index(value) + 1) % len(choices)] if value in choices else choices[0]


class HomeScreen(Screen):
    game_id = StringProperty("")
    game_title = StringProperty("")
    players = NumericProperty(3)
    min_players = NumericProperty(2)
    max_players = NumericProperty(6)
    resume_text = StringProperty("")
    #: something the table must see (a journal set aside); a tap dismisses it
    notice = StringProperty("")
    has_sessions = BooleanProperty(False)
    #: finished sessions still in the journal (a button archives them)
    finished = NumericProperty(0)
    #: the archiving's progress while it runs ("Archiving 3 of 20...")
    archiving = StringProperty("")
    #: the setup's rows out of sight under its scroll view, said in words ("" when all are in sight)
    more_below = StringProperty("")
    #: dp: the room of that line (kept as one scrolls)
    more_room = NumericProperty(0)

    def __init__(self, playable: set[str], **kwargs):
        super().__init__(**kwargs)
        self.playable = playable  # game ids with an engine and a table screen
        self.names = [c.capitalize() for c in palette.COLOR_NAMES]
        self.colors = list(palette.COLOR_NAMES)
        self._latest_id: int | None = None
        self.option_values: dict = {}
        self.opponent = HUMAN  # or a computer level; the companion takes the last seat
        self.companions = 1  # how many of the last seats the companion plays (a person keeps the first)
        self._fold = Clock.create_trigger(self._below_fold, -1)
        setup = self.ids.setup
        setup.bind(scroll_y=self._fold, size=self._fold)
        setup.children[0].bind(height=self._fold)
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
            b = FlatButton(text=info.title if ok else f"{info.title}\n[size=14sp]coming[/size]", markup=True,
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
        self.opponent, self.companions = HUMAN, 1
        self.set_players(min(max(self.players, info.min_players), info.max_players))
        self.ids.setup.scroll_y = 1  # its options first

    def set_players(self, n: int) -> None:
        self.players = max(self.min_players, min(self.max_players, n))
        self.companions = max(1, min(self.companions, self.players - 1))
        game = REGISTRY.get(self.game_id)
        self.option_values = {o.name: o.default_for(self.players) for o in game.options_schema} if game else {}
        self._use_seat_colors()
        self._build_options()
        self._build_seats()

    def _below_fold(self, *_) -> None:
        """Name the option rows and seats the setup's scroll view hides below (a short panel shows a few)."""
        view, line = self.ids.setup, self.ids.more_below
        rows = [(r.label, r) for r in reversed(self.ids.options.children)]
        rows += [("the players' names", r) for r in self.ids.seats.children]
        bottom = view.to_window(view.x, view.y)[1] - dp(4)  # in the window's frame: the view scrolls its rows
        names = list(dict.fromkeys(name for name, r in rows if r.to_window(r.x, r.y)[1] < bottom))
        self.more_below = f"More below (scroll down): {and_list(names)}" if names else ""
        # the line's room is kept while the rows are taller than the view and that room, as high as the line
        # naming all but the first row: it neither comes and goes nor grows under a scrolling finger
        if view.children[0].height > view.height + self.more_room + dp(4):
            most = CoreLabel(text=f"More below (scroll down): {and_list(list(dict.fromkeys(n for n, _ in rows[1:])))}",
                             font_size=line.font_size, text_size=(line.width, None))
            most.refresh()
            self.more_room = most.content_height + dp(8)
        else:
            self.more_room = 0

    def _seat_colors_option(self):
        """The game's option that is its seats' colours, if it has one (the swatches then set it)."""
        game = REGISTRY.get(self.game_id)
        return next((o for o in game.options_schema if o.seat_colors), None) if game else None

    def _use_seat_colors(self) -> None:
        """With a seat-colours option, the seats start in its default colours, default names following."""
        option = self._seat_colors_option()
        if option is None:
            return
        default = self.option_values[option.name]
        if all(c in option.choices for c in self.colors[:self.players]):
            return  # the table chose these already
        old = self.colors
        self.colors = list(default) + [c for c in palette.COLOR_NAMES if c not in default]
        self.names = [self.colors[i].capitalize() if self.names[i].lower() == old[i] else self.names[i]
                      for i in range(len(self.colors))]

    # -- options, from the game's schema ------------------------------------------------------------
    def _build_options(self) -> None:
        grid = self.ids.options
        grid.clear_widgets()
        game = REGISTRY.get(self.game_id)
        if game is None:
            return
        if game.computer_players:  # first: who plays goes with how many (and a short panel shows it unscrolled)
            row = OptionRow(label="Opponent")
            shown = "people at the table" if self.opponent == HUMAN else f"the companion ({self.opponent})"
            row.add_widget(FlatButton(text=shown, on_release=lambda _b: self._next_opponent()))
            grid.add_widget(row)
            if self.opponent != HUMAN and self.players > 2:
                grid.add_widget(self._stepper("Companion seats", self.companions, 1, self.players - 1,
                                              self._set_companions))
        for option in game.options_schema:
            if option.seat_colors or option.hidden:
                continue  # set by the seats' colour swatches, or by the game itself
            row = OptionRow(label=option.label or option.name)
            value = self.option_values[option.name]
            if option.kind == "per-seat":
                for i, v in enumerate(value):
                    row.add_widget(FlatButton(text=option.title(v), font_size="14sp",
                                              on_release=lambda _b, o=option, i=i: self._cycle_seat(o, i)))
            elif option.kind == "int":
                row = self._stepper(row.label, value, option.low, option.high, lambda v, o=option: self._set_option(o, v))
            elif option.kind in ("bool", "choice"):
                shown = option.title(value)  # "Free-for-All", not `ffa`
                choices = [False, True] if option.kind == "bool" else list(option.choices)
                row.add_widget(FlatButton(text=shown, on_release=lambda _b, o=option, c=choices:
                                          self._set_option(o, _cycle(c, self.option_values[o.name]))))
            elif option.suggest is not None:  # the names that exist (a library's), a tap for the next
                names = list(dict.fromkeys([value, *option.suggest()]))
                row.add_widget(FlatButton(text=str(value)[:24], disabled=len(names) < 2,
                                          on_release=lambda _b, o=option, c=names:
                                          self._set_option(o, _cycle(c, self.option_values[o.name]))))
            else:  # text options keep their default here; the referee and the CLI can set them
                row.add_widget(FlatButton(text=str(value)[:24], disabled=True))
            row.bind(y=self._fold)  # laid out after the view: the line follows where the rows end up
            grid.add_widget(row)
        self._fold()

    @staticmethod
    def _stepper(label: str, value: int, low: int, high: int, set_to) -> "OptionRow":
        """- value + within low..high; `set_to(new value)`."""
        row = OptionRow(label=label)
        row.add_widget(FlatButton(text="-", size_hint_x=None, width=dp(56), disabled=value <= low,
                                  on_release=lambda _b: set_to(value - 1)))
        row.add_widget(FlatButton(text=str(value), size_hint_x=None, width=dp(56), disabled=True))
        row.add_widget(FlatButton(text="+", size_hint_x=None, width=dp(56), disabled=value >= high,
                                  on_release=lambda _b: set_to(value + 1)))
        return row

    def _set_companions(self, n: int) -> None:
        self.companions = n
        self._build_options()

    def _set_option(self, option, value) -> None:
        self.option_values[option.name] = value
        self._build_options()

    def _cycle_seat(self, option, i: int) -> None:
        values = list(self.option_values[option.name])
        values[i] = _cycle(list(option.choices), values[i])
        self._set_option(option, values)

    def _next_opponent(self) -> None:
        levels = [HUMAN, *REGISTRY[self.game_id].computer_players]
        self.opponent = _cycle(levels, self.opponent)
        self._build_options()

    def _build_seats(self) -> None:
        grid = self.ids.seats
        grid.clear_widgets()
        option = self._seat_colors_option()
        for i in range(self.players):
            row = SeatRow(choices=option.choices if option else None, seat=i + 1, player_name=self.names[i],
                          color_name=self.colors[i])
            row.bind(player_name=lambda r, v, i=i: self._set_name(i, v), on_color=lambda r, c, i=i: self._set_color(i, c),
                     y=self._fold)
            grid.add_widget(row)
        self._fold()

    def _set_name(self, i: int, value: str) -> None:
        self.names[i] = value

    def _set_color(self, i: int, color: str) -> None:
        # a colour already taken is swapped with the seat that has it, so colours stay distinct
        if color not in self.colors:
            self.colors.append(color)
        j = self.colors.index(color)
        self.colors[i], self.colors[j] = self.colors[j], self.colors[i]
        for k in (i, j):
            if self.names[k].lower() in palette.COLOR_NAMES:  # a default name follows its colour
                self.names[k] = self.colors[k].capitalize()
        self._build_seats()

    def table(self) -> dict:
        n = self.players
        names = [(self.names[i].strip() or self.colors[i].capitalize()) for i in range(n)]
        table = {"names": names, "colors": self.colors[:n]}
        if self.opponent != HUMAN:
            k = min(self.companions, n - 1)
            seats = range(n - k + 1, n + 1)
            table["computer"] = {"seat": n, "level": self.opponent} if k == 1 else \
                [{"seat": s, "level": self.opponent} for s in seats]
            for i, s in enumerate(seats, 1):
                table["names"][s - 1] = "Companion" if k == 1 else f"Companion {i}"
        return table

    def start(self) -> None:
        options = dict(self.option_values)
        seat_colors = self._seat_colors_option()
        if seat_colors is not None:
            options[seat_colors.name] = self.colors[:self.players]
        refusal = App.get_running_app().start_game(self.game_id, self.players, self.table(), options)
        if refusal is not None:
            App.get_running_app().show_note(self.ids.start, refusal_text(refusal))

    # -- resume -------------------------------------------------------------------------------------
    def refresh(self, records=(), finished: int = 0) -> None:
        """The unfinished sessions, newest first, as the list's rows (plain data: only the rows on screen
        become widgets)."""
        self._latest_id = None
        self.resume_text = ""
        rows = []
        for r in records:
            info = REGISTRY.get(r.game)
            title = info.title if info else str(r.game)
            first, second = session_line(title, r.summary, r.head, r.updated)
            damaged = isinstance(r.summary, dict) and "damaged" in r.summary
            ok = r.game in self.playable and not damaged
            why = "damaged: it cannot be opened" if damaged else "coming: cannot be played yet"
            rows.append({"session_id": r.id, "disabled": not ok,
                         "text": f"[b]{first}[/b]\n[size=14sp]{second if ok else why}[/size]"})
            if ok and self._latest_id is None:
                self._latest_id = r.id
                self.resume_text = f"[size=20sp][b]Resume last game[/b][/size]\n[size=14sp]{first}[/size]"
        self.ids.sessions_view.data = rows
        self.has_sessions = bool(rows)
        self.finished = finished

    def resume_latest(self) -> None:
        if self._latest_id is not None:
            App.get_running_app().resume(self._latest_id)
