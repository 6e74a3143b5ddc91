"""The Legends of the Arena table: the Arena line, Stocks or Knock Outs, the Initiative, and what to do.

It renders the table view (`controller.view`, what everyone may see) and plays the game's actions
(`controller.actions_for(seat)`, matched on their classes and fields); the engine decides everything. Digital cards: each seat picks behind the PickCurtain, from its own view.
Physical cards: one tap per seat on the card it turned up. An exchange resolves inside the action
that revealed it; its events are played back step by step (Next, Run, Skip) with the Arena as it
stood after each step, then the screen shows the engine's view again and asks the next choice, word
by word from the seat's legal actions.

LA-3: while the game plays with placeholder values, a note under the seat panels says which at setup
(the first sequence's picks or reveals) and at the end, with "Type values" (the board-values editor,
`values`) and "Later". Values saved there apply from
the next game ("Start over with them" starts one at once); this game keeps the values it was created with.
"""
from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.games.legends.actions import Face, Pick, Reshuffle, Reveal
from companion.games.legends.choices import next_words, question, whole, word_label, words_of
from companion.games.legends.computer import table_step
from companion.games.legends.words import card_name, short_name

from ... import kvload, palette
from ...screens.table import TableScreen, outcome_text
from ...widgets.common import FlatButton, reflow, rows_of
from ...widgets.curtain import on_phone, pass_sentence
from . import arena  # noqa: F401  (classes used by legends.kv)
from .arena import SeatPanel
from .curtain import PickCurtain
from .panels import HEAD_SP, box_text, height_of, pack, width_of
from .steps import ending_text, start_frame, steps_of
from .values import ValuesEditor, placeholder_meaning, placeholder_note

kvload.load_beside(__file__, "legends")

RUN_SECONDS = 1.2  # between steps when the playback runs by itself
ROW = 56  # dp, a row of buttons in the action area
TITLE_W, TITLE_W_2 = 236, 116  # dp, the title on one line, and on two
NBSP = "\u00a0"
BOX_MIN = 120  # dp, the narrowest seat box under the Arena before the boxes take two rows


def _word_room(name: str, font_sp: float) -> float:
    """A card button's least width: its longest word whole, clear of the button's sides."""
    return max(width_of(word, font_sp) for word in name.split()) + dp(24)  # not an action: a card's name


class LegendsScreen(TableScreen):
    title_text = StringProperty("")
    score_text = StringProperty("")
    title_w = NumericProperty(236)  # the title's width (px), and the Stocks line's font (sp), as they fit
    score_sp = NumericProperty(16)
    score_row = BooleanProperty(False)  # the Stocks on a row of their own, under the title and buttons
    score_h = NumericProperty(0)
    prompt_text = StringProperty("")
    step_text = StringProperty("")
    history_text = StringProperty("")  # the steps just before the one shown
    step_count = StringProperty("")
    mode = StringProperty("wait")  # steps | pick | reveal | choice | over | wait
    running = BooleanProperty(False)
    step_i = NumericProperty(0)
    note_text = StringProperty("")  # LA-3: the placeholder values this game plays with
    note_room = StringProperty("")  # the note whose room its row keeps (shown, or hidden with "Later")
    log_beside = BooleanProperty(True)  # the Log button beside the seats' boxes (not for six: they need the width)

    shots = ("legends-curtain", "legends-picks", "legends-reveal", "legends-panel", "legends-values")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.curtain = PickCurtain(notify=self._note)
        self.editor = ValuesEditor(on_saved=self._values_saved, on_restart=self.start_over)
        self._note_hidden = self._saved = False
        self.steps: list = []
        self._latest: dict = {}
        self._before: dict = {}
        self._words: list[str] = []
        self._bound = None
        self._run = None

    # -- the table ----------------------------------------------------------------------------------
    def setup(self, controller) -> None:
        if self._bound is not None:
            self._bound.unbind(view=self._view_changed)
        controller.bind(view=self._view_changed)
        self._bound, self._latest = controller, dict(controller.view)
        self.steps, self._words = [], []
        self._stop_run()
        grid = self.ids.panels
        grid.clear_widgets()
        grid.cols = len(controller.seats)
        self.log_beside = len(controller.seats) <= 5
        for w in (grid, self.ids.arena, self.ids.buttons):  # worded and stacked for their room
            w.unbind(size=self._update)
            w.bind(size=self._update)
        for w in (self.ids.topbar, self.ids.phones, self.ids.tools):
            w.unbind(width=self._fit_top)
            w.bind(width=self._fit_top)
        self.unbind(size=self._place_tools)
        self.bind(size=self._place_tools)
        self._place_tools()
        self.panels = [SeatPanel(rgba=controller.color(s)) for s in controller.seats]
        for panel in self.panels:
            grid.add_widget(panel)
        self.editor.close()
        self._note_hidden = self._saved = False
        self._show_note()

    # -- LA-3: placeholder values --------------------------------------------------------------------
    def _show_note(self) -> None:
        """The note and its buttons; none once hidden or when the game has no placeholder values."""
        row = self.ids.note_buttons
        row.clear_widgets()
        # at setup (the first sequence's picks or reveals) and at the end: choices and playback need the room
        setup = self.mode in ("pick", "reveal") and self.controller.view.get("sequence") == 1
        when = setup or self.mode == "over"
        game = self.controller.session.game
        text = placeholder_note(game) + placeholder_meaning(game) if when else ""
        # the row keeps its room while the note would show, so "Later" moves no button under a finger
        self.note_room = text
        text = "" if self._note_hidden else text
        if text and self._saved:
            text = "Saved. Games started from now on use the typed values; this one keeps its placeholders."
            row.add_widget(FlatButton(text="Start over with them", size_hint_x=None, width=dp(184), font_size="15sp",
                                      on_release=lambda _b: self.start_over()))
        elif text:
            row.add_widget(FlatButton(text="Type values", size_hint_x=None, width=dp(132), font_size="15sp",
                                      bg=palette.WARN, fg=palette.text_on(palette.WARN),
                                      on_release=lambda _b: self.open_values()))
        if text:
            row.add_widget(FlatButton(text="Later", size_hint_x=None, width=dp(80), font_size="15sp",
                                      on_release=lambda _b: self.hide_note()))
            row.width = sum(b.width for b in row.children) + row.spacing * (len(row.children) - 1)
        self.note_text = text

    def open_values(self, lid: str | None = None) -> None:
        self.editor.open_for(App.get_running_app().overlay, self.controller.session.game, lid)

    def hide_note(self) -> None:
        self._note_hidden = True
        self._show_note()

    def _values_saved(self) -> None:
        self._saved = True
        self._show_note()

    def on_mode(self, _screen, _mode) -> None:
        if self.controller is not None:
            self._show_note()

    def start_over(self) -> None:
        """A new game like this one (same seats, Legends, mode and cards) with the values saved now."""
        c = self.controller
        game = c.session.game
        options = {k: v for k, v in game.options.items() if k != "values"}
        refusal = App.get_running_app().start_game(game.id, game.players, dict(c.session.table), options)
        if refusal is not None:
            self._note(self.ids.note, refusal.reason)

    def close_curtain(self) -> None:
        super().close_curtain()
        self.editor.close()

    def _view_changed(self, _controller, view) -> None:
        self._latest = view  # after on_events: the steps start from the view before the action

    def legend(self, seat: int):
        legends = getattr(self.controller.session.game, "legends", ())
        return legends[seat - 1] if 0 < seat <= len(legends) else None

    def who(self, seat: int | str) -> str:
        if isinstance(seat, str):  # LA-13: a Zombie, "z1"
            return f"a Zombie ({seat[1:]})"
        legend = self.legend(seat)
        name = legend.name if legend else self.controller.name(seat)
        return f"[color=#{palette.hex_of(self.controller.color(seat))}][b]{name}[/b][/color]"

    def form(self, seat: int) -> str | None:
        """LA-14: the seat's Legend's current form (Lucius), from the table view; None for one form."""
        lgs = self.controller.view.get("legends") or []
        return lgs[seat - 1].get("form") if len(lgs) >= seat else None

    def card(self, seat: int, code: str) -> str:
        return card_name(self.legend(seat), code, self.form(seat))

    def winners(self, seats: list, termination: str) -> str:
        return ending_text(termination, [self.controller.name(s) for s in seats])

    # -- the engine's events, played back ---------------------------------------------------------------
    def on_events(self, events: list) -> None:
        # whoever made the change (a tap, a phone, the computer), it is played back here; one step is only
        # told (the strip under the choices tells every change whole)
        steps = steps_of(events, self._latest) if events else []
        self._words = []
        if self.steps and not any(e.get("type") in ("undone", "corrected") for e in events):
            self.steps = self.steps + steps  # a change made during a playback (the computer's, a phone's) waits its turn
            return
        self._stop_run()
        self.steps, self.step_i = (steps, 0) if len(steps) >= 2 else ([], 0)

    def next_step(self, *_) -> None:
        if not self.steps:
            return
        if self.step_i + 1 >= len(self.steps):
            self.skip()
            return
        self.step_i += 1
        self.refresh()

    def run(self) -> None:
        if self._run is None and self.steps:
            self.running = True
            self._run = Clock.schedule_interval(self.next_step, RUN_SECONDS)

    def skip(self) -> None:
        self._stop_run()
        self.steps, self.step_i = [], 0
        self.refresh()

    def _stop_run(self) -> None:
        if self._run is not None:
            self._run.cancel()
            self._run = None
        self.running = False

    # -- rendering ----------------------------------------------------------------------------------
    def update(self) -> None:
        c = self.controller
        v = c.view
        playing = bool(self.steps)
        step = self.steps[self.step_i] if playing else None
        frame = step.frame if playing else start_frame(v)
        if playing:
            self._before = step.before
        shown = self._before if playing else v
        ask = v.get("ask") if not playing else None
        active = set(step.seats) if playing else ({ask["seat"]} if ask else set())
        if not playing and v.get("current"):
            active.add(v["current"]["seat"])
        self._show_arena(frame, active)
        self._show_panels(frame, shown, active)
        self._show_score(shown, frame)
        if playing:
            self.mode = "steps"
            self.ids.buttons.clear_widgets()  # no stale choice waits offscreen
            self.step_text = step.text
            self.history_text = "\n".join(s.sentence for s in self.steps[max(0, self.step_i - 4):self.step_i])
            self.step_count = f"Step {self.step_i + 1} of {len(self.steps)}"
        elif self.outcome_text or v.get("phase") == "over":
            self._show_over(v)
        elif ask:
            self._show_choice(v, ask)
        elif v.get("phase") == "pick":
            self._show_picks(v)
        elif v.get("phase") == "reveal":
            self._show_reveals(v)
        else:
            self.mode, self.prompt_text = "wait", ""
            self.ids.buttons.clear_widgets()
        if self.curtain.is_open and self.curtain.mode == "pick":
            self.curtain.refresh()

    def _push(self, seat: int, fatigue: int):
        """The engine's `next_push` for a Fatigue it has shown (before or after the action), else None."""
        for view in (self.controller.view, self._before):
            lgs = view.get("legends") or []
            if len(lgs) >= seat and lgs[seat - 1]["fatigue"] == fatigue:
                return lgs[seat - 1]["next_push"]
        return None

    def _show_arena(self, frame: dict, active: set) -> None:
        c = self.controller
        chips = []
        for seat, lg in enumerate(frame["legends"], 1):
            legend = self.legend(seat)
            if lg.get("eliminated"):
                continue  # LA-11: its team has left the Arena
            chips.append({"seat": seat, "space": lg["space"], "name": legend.name if legend else c.name(seat),
                          "rgba": c.color(seat), "facing": lg["facing"], "fatigue": lg["fatigue"],
                          "push": self._push(seat, lg["fatigue"]), "out": lg["out"],
                          "active": seat in active, "initiative": frame["initiative"] == seat})
        grym = next((s for s in c.seats if getattr(self.legend(s), "id", "") == "lord-grym"), None)
        for i, (space, kind) in enumerate(frame.get("pieces") or [], 1):  # LA-13: his Zombies and Coffins
            chips.append({"seat": None, "space": space, "name": f"{kind.title()} {i}", "piece": kind,
                          "rgba": c.color(grym) if kind == "zombie" and grym else palette.MUTED,
                          "facing": frame["legends"][grym - 1]["facing"] if grym else "right", "fatigue": 0,
                          "push": None, "out": False, "active": False, "initiative": False})
        self.ids.arena.show(chips)

    def _show_panels(self, frame: dict, shown: dict, active: set) -> None:
        c = self.controller
        grid = self.ids.panels
        n = len(self.panels)
        # LA-11: five or six boxes side by side where each keeps room for its words, else two rows
        cols = n if n <= 2 or (grid.width - dp(4) * (n - 1)) / n >= dp(BOX_MIN) else -(-n // 2)
        grid.cols = cols
        box = (grid.width - dp(4) * (cols - 1)) / cols
        room = box - dp(20)
        digital = shown.get("cards") == "digital"
        kos = shown.get("knockouts")
        tallest = dp(58)
        for seat, (panel, lg) in enumerate(zip(self.panels, frame["legends"]), 1):
            legend = self.legend(seat)
            card, edit = frame["revealed"].get(seat), (shown.get("edits") or {}).get(str(seat))
            facts = {"name": legend.name if legend else c.name(seat), "seat": c.name(seat),
                     "ko": kos[seat - 1] if kos is not None else None, "form": lg.get("form"),
                     "initiative": frame["initiative"] == seat, "fatigue": lg["fatigue"], "out": lg["out"],
                     "eliminated": lg.get("eliminated"), "push": self._push(seat, lg["fatigue"]),
                     "card": self.card(seat, card) if card else None,
                     "hand": shown["hand_sizes"][seat - 1] if digital else None,
                     "meter": shown["meter_sizes"][seat - 1] if digital else None,
                     "picked": seat in (shown.get("picked") or []),
                     "edit": self.card(seat, edit) if edit else None, "block": lg["block"],
                     "tokens": (lg["tokens"]["left"], lg["tokens"]["right"])}
            panel.text = box_text(facts, room, wide=n <= 2)
            panel.active = seat in active
            tallest = max(tallest, height_of(panel.text, room, HEAD_SP) + dp(4))
        rows = -(-n // cols)
        grid.height = rows * tallest + dp(4) * (rows - 1)
        for panel in self.panels:
            panel.size_hint_y, panel.height = None, tallest

    def _show_score(self, shown: dict, frame: dict) -> None:
        c = self.controller
        seq, ex = shown.get("sequence", 1), frame.get("exchange") or shown.get("exchange", 1)
        self._title = (f"Sequence {seq}", f"Exchange {ex}")
        if shown.get("stocks") is not None:
            teams = shown.get("teams") or [[s for s in c.seats if (s - 1) % 2 == t] for t in (0, 1)]
            # a team's names and its Stocks stay on one line; the teams may take two
            self._score = ["Stocks"] + [" + ".join(self.who(s) for s in team) + f" {stock}"
                                        for team, stock in zip(teams, shown["stocks"])]
        else:  # each seat's Knock Outs are on its panel
            self._score = ["Free-for-All:", "the first to", "two Knock Outs wins"]
        self._fit_top()

    def _place_tools(self, *_) -> None:
        """Undo, Redo and the voice beside the title on a landscape panel, on a row of their own on a portrait one."""
        if reflow(self.ids.tools, self, self.ids.tools_row, self.ids.topbar, 2):  # before Phones and Home
            self._fit_top()

    def _fit_top(self, *_) -> None:
        """The title and the Stocks line whole beside the buttons: the Stocks on two lines in a smaller
        font, then the title on two lines, then the Stocks on a row of their own (a portrait panel)."""
        if not getattr(self, "_score", ""):
            return
        bar, title, score = self.ids.topbar, self.ids.title, self.ids.score
        # what the title and the Stocks share beside the buttons
        free = bar.width - sum(w.width for w in bar.children if w not in (title, score)) - dp(6) * (len(bar.children) - 2)
        row, lines = False, []
        gap = "   " if self._score[0] == "Stocks" else " "
        for title_w, size in ((TITLE_W, 16), (TITLE_W, 14), (TITLE_W_2, 16), (TITLE_W_2, 14), (TITLE_W_2, None)):
            room = free - dp(title_w) - dp(6) - dp(2)
            if size is None:  # a row of its own, the window's width
                row, room = True, self.width - dp(14)
                size = 16 if len(pack(self._score, room, 16, gap)) <= 1 else 14
                lines = pack(self._score, room, size, gap)
                break
            lines = pack(self._score, room, size, gap)
            if len(lines) <= (1 if size == 16 else 2) and max(width_of(x, size) for x in lines) <= room:
                break
        self.title_w, self.score_sp, self.score_row = dp(title_w), size, row
        self.score_h = height_of("\n".join(lines), room, size) + dp(6) if row else 0
        sep = " \u00b7 " if title_w == TITLE_W else "\n"
        self.title_text = f"[b]{self._title[0]}{sep}{self._title[1]}[/b]"
        self.score_text = "\n".join(lines)

    # -- what the table does now ----------------------------------------------------------------------
    def _rows(self, rows: list[list]) -> None:
        grid = self.ids.buttons
        grid.clear_widgets()
        for row in rows:
            box = BoxLayout(spacing=dp(4), size_hint_y=None, height=dp(ROW))
            for w in row:
                box.add_widget(w)
            grid.add_widget(box)

    def _show_over(self, v: dict) -> None:
        self.mode = "over"
        outcome = self.controller.outcome()
        self.prompt_text = self.winners(list(outcome.winners), outcome.termination) if outcome is not None else \
            "The game is over."
        if outcome is not None and outcome.ranking and len(outcome.ranking) > 1:
            places = ["  ".join(self.controller.name(s) for s in group) for group in outcome.ranking]
            self.prompt_text += "   Ranking: " + ",  ".join(f"{i}. {p}" for i, p in enumerate(places, 1))
        self._rows([[FlatButton(text="Home", bg=palette.ACCENT, fg=palette.DIAL_INK,
                                on_release=lambda _b: App.get_running_app().go_home())]])

    def _show_picks(self, v: dict) -> None:
        self.mode = "pick"
        c = self.controller
        size = next((len(a.cards) for a in c.actions if isinstance(a, Pick)), 0)  # the engine's pick, as it asks
        passing = pass_sentence(c)  # only the people without a phone are handed the screen
        if size == 1:  # LA-12 Quick Fix
            self.prompt_text = "Quick Fix: everyone with a card left adds a fourth card under their stack, in secret."
        else:
            self.prompt_text = (f"Sequence {v['sequence']}: everyone picks 3 cards in secret (Tikkit an Edit first)."
                                if size == 4 else f"Sequence {v['sequence']}: everyone picks {size} cards in secret.")
        self.prompt_text += f" {passing}" if passing else ""
        per_row = len(c.seats)
        if (self.ids.buttons.width - dp(4) * (per_row - 1)) / per_row < dp(BOX_MIN):  # a portrait panel
            per_row = -(-per_row // 2)
        room = (self.ids.buttons.width - dp(4) * (per_row - 1)) / per_row - dp(12)
        row = []
        for seat in c.seats:
            picked = seat in v.get("picked", [])
            legend = self.legend(seat)
            rgba = c.color(seat)
            if seat in c.computers:  # its picks are the computer's secret: no curtain, nothing to look at
                words = ("picked",) if picked else ("is picking", "picking")
            elif on_phone(seat):
                words = ("picked on their phone", "picked") if picked else \
                    ("is picking on their phone", "on their phone", "on phone")
            else:
                words = ("picked - look again", "picked") if picked else \
                    ("tap to pick in secret", "tap to pick", "pick")
            word = next((w for w in words if width_of(w, 14) <= room), words[-1])
            row.append(FlatButton(
                markup=True, text=f"[b]{c.name(seat)}[/b] ({legend.name if legend else ''})\n[size=14sp]{word}[/size]",
                bg=palette.PANEL_HI if picked or seat in c.computers else rgba,
                fg=palette.TEXT if picked or seat in c.computers else palette.text_on(rgba),
                on_release=lambda b, s=seat: self.open_picks(s, b)))
        self._rows([row[i:i + per_row] for i in range(0, len(row), per_row)])

    def open_picks(self, seat: int, widget=None) -> None:
        legend = self.legend(seat)
        label = f"{self.controller.name(seat)} ({legend.name})" if legend else self.controller.name(seat)
        if seat in self.controller.computers:
            self._note(widget, f"{label} is the companion's seat: its picks stay its own until the reveal.",
                       palette.PANEL_HI)
            return
        self.curtain.open_for(App.get_running_app().overlay, self.controller, seat, label)

    def _show_reveals(self, v: dict) -> None:
        self.mode = "reveal"
        c = self.controller
        shown = {int(k): card for k, card in (v.get("revealed") or {}).items()}
        done = "   ".join(f"{self.who(s)} {self.card(s, card)}" for s, card in sorted(shown.items()))
        # one seat's row at a time: three or four rows of cards do not fit under the Arena at 800x480
        waiting = [s for s in c.seats if s not in shown and self._reveals(s)]
        later = [c.name(s) for s in waiting[1:]]
        order = (f" {c.name(waiting[0])} now" + (f", then {', '.join(later)}" if later else "") + ".") if waiting else ""
        self.prompt_text = f"Exchange {v['exchange']}: tap the card each player turned up.{order}" + (f"   {done}" if done else "")
        rows = []
        for seat in waiting[:1]:
            legend = self.legend(seat)
            rgba = c.color(seat)
            reveals = self._reveals(seat)
            font = 14 if len(reveals) <= 10 else 12
            cards = []
            for action in reveals:
                name = short_name(legend, action.card, self.form(seat))
                room = max(max(map(len, name.split())), len(name) / 2) + 3  # not an action: a name; long ones wider
                cards.append(FlatButton(text=name, font_size=f"{font}sp", size_hint_x=room,
                                        size_hint_min_x=max(dp(palette.TOUCH + 4), _word_room(name, font)),
                                        on_release=lambda b, a=action, s=seat: self.play_as(a, s, b)))
            for action in c.actions_for(seat):  # LA-15: an empty printed Meter shuffled again
                if isinstance(action, Reshuffle):
                    cards.append(FlatButton(text="Meter\nshuffled", font_size=f"{font}sp", size_hint_x=5,
                                            size_hint_min_x=max(dp(palette.TOUCH + 4), _word_room("shuffled", font)),
                                            on_release=lambda b, a=action, s=seat: self.play_as(a, s, b)))
            # as many cards to a row as their words fit (a rotated panel takes two or three rows)
            room = self.ids.buttons.width - dp(64)
            for i, line in enumerate(rows_of(cards, lambda b: b.size_hint_min_x + dp(4), room)):
                who = Label(text=f"[b]{c.name(seat)}[/b]" if i == 0 else "", markup=True, color=rgba, size_hint_x=None,
                            width=dp(64), font_size="15sp", halign="left", valign="middle", text_size=(dp(64), None))
                rows.append([who, *line])
        self._rows(rows)

    def _reveals(self, seat: int) -> list[Reveal]:
        return [a for a in self.controller.actions_for(seat) if isinstance(a, Reveal)]

    def _show_choice(self, v: dict, ask: dict) -> None:
        self.mode = "choice"
        c = self.controller
        seat = ask["seat"]
        # the companion answers its own questions, nothing for the table to tap; but a card only the people
        # can apply from its print is theirs to resolve on its card panel, as for a person (LA-4)
        table_resolves = table_step(c.session.state, seat) if seat in c.computers else None
        if seat in c.computers and table_resolves is None:
            self.prompt_text = f"{self.who(seat)} is choosing."
            self._rows([])
            return
        actions = c.actions_for(seat)
        words = self._words
        if len(words) < 2 or (not next_words(actions, words) and whole(actions, words) is None):
            words = self._words = list(words_of(actions[0])[:2]) if actions else []
        self.prompt_text = (f"{table_resolves} " if table_resolves else "") + f"{self.who(seat)}: {self._ask_text(v, ask, words)}"
        options = next_words(actions, words)
        buttons = [FlatButton(text=self._label(words, w, seat), font_size="15sp",
                              on_release=lambda b, w=w: self.choose_word(w, seat, b)) for w in options]
        if len(words) > 2:
            buttons.append(FlatButton(text="Back", on_release=lambda _b: self.back_word()))
        per_row = max(2, len(buttons)) if len(buttons) <= 8 else 7 if len(buttons) <= 14 else 11
        self._rows([buttons[i:i + per_row] for i in range(0, len(buttons), per_row)])

    def _ask_text(self, v: dict, ask: dict, words: list[str]) -> str:
        kind = ask["kind"]
        if kind == "face" and len(words) == 2:
            if v.get("phase") == "return":
                return "is back in the Arena and may turn: face which way?"
            card = f" ({self.card(ask['seat'], v['current']['card'])})" if v.get("current") else ""
            return f"may turn{card}: face which way?"
        if kind == "target" and len(words) == 2:
            return "dive toward which foe?" if ask.get("force") is None else f"strike (Force {ask['force']}) which foe?"
        if kind == "do" and v.get("current"):
            sofar = " ".join(self._label(words[:i], words[i], ask["seat"]) for i in range(2, len(words)))
            card = self.card(ask["seat"], v["current"]["card"])
            return f"{card} (card panel): " + (f"{sofar}: " if sofar else "") + question(words)
        if kind == "reshuffle":
            return "the Meter is empty: shuffle the Specials from hand and discard pile into a new one?"
        return question(words)

    def _label(self, words: list[str], word: str, seat: int) -> str:
        text = word_label(words, word, lambda s: self.legend(s).name if self.legend(s) else self.controller.name(s))
        if words[0] == Face.verb:
            now = self.controller.view["legends"][seat - 1]["facing"]
            return f"Keep facing {text}" if text == now else f"Turn to face {text}"
        return text

    def choose_word(self, word: str, seat: int, widget) -> None:
        actions = self.controller.actions_for(seat)
        words = [*self._words, word]
        action = whole(actions, words)
        if action is not None and not next_words(actions, words):
            self._words = []
            self.play_as(action, seat, widget)
        else:
            self._words = words
        self.refresh()

    def back_word(self) -> None:
        self._words = self._words[:-1]
        self.refresh()

    def play_as(self, action: Pick | Reveal, seat: int, widget) -> None:
        self.result(self.controller.play(action, seat), widget)

    def _note(self, widget, text: str, bg=palette.DANGER) -> None:
        App.get_running_app().show_note(widget, text, bg)

    # -- screenshots ----------------------------------------------------------------------------------
    def prepare_shot(self, view) -> None:
        """The table: Blue's pick resolves the sequence, shown at its first Strike. Or the curtain."""
        c = self.controller
        if view in ("legends-curtain", "legends-picks"):
            self.open_picks(2)
            if view == "legends-picks":
                self.curtain.reveal()
                for code in ("step", "smash"):
                    self.curtain.card_tapped(next(b for b in self.curtain.ids.cards.children if b.code == code))
            return
        if view in ("legends-reveal", "legends-panel"):
            app = App.get_running_app()
            app.start_game(c.game_id, 2, {"names": ["Red", "Blue"], "colors": ["red", "blue"]},
                           {"cards": "physical"}, seed="demo")
            screen = app.table_screen
            if view == "legends-reveal":
                screen.play_as(Reveal(1, "punch"), 1, screen.ids.buttons)
                return
            screen.play_as(Reveal(1, "wind-up"), 1, screen.ids.buttons)
            screen.play_as(Reveal(2, "step"), 2, screen.ids.buttons)
            screen.skip()
            screen.choose_word("move", 1, screen.ids.buttons)
            return
        if view == "legends-values":
            self.open_values()
            return
        c.play(Pick(2, ("step", "smash", "defensive-pivot")), 2)
        while self.steps and "strikes" not in self.steps[self.step_i].text:
            self.step_i += 1
        self.refresh()


SCREEN = LegendsScreen
