"""The Chronomage table: the damage tracker front and centre, one row a player, the table's own actions.

Everything shown is the engine's view (`controller.view`): the round's damage against its power
number, the time deck and how many lost challenges it still pays for, each player's weaknesses, runes,
formation space, time units and the attack chart's result of their roll. Chronomage is a cooperative
game with no hidden information, so there is no curtain: the table decides together.

What may be done now is the engine's legal actions (`controller.actions`, the game's `Book`, `Form`,
`Spell`, `Dice`, ... values, matched on their classes and fields), grouped into controls instead of
listed: a row's runes, spaces, Spell, Faces (a face picker) and Roll (the bare `Dice(seat)` the session
completes); the bottom bar's Ready, Draw / Pick / Type a card, choices, Reverse time and Declare lost.
Every control plays one action value; a refusal (a spell failing the rune check, a space after the
roll) is shown where it was tapped. A typed card (not listed: any card may be typed) is a form of its own.
Loot (CM-14): each row shows the seat's cards by kind; cleanup's loot card is given as the kind its card
prints (the listed kinds, or a type typed as one word, X-17), swapped or refused beside one of its type;
Use loot spends a temporary card or takes a card out. A constant spell's resistances (CM-13) are set in
the spell panel and shown under the title.
The hardware dice button rolls the next player's whole handful.
"""
from __future__ import annotations

import re

from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.widget import Widget

from companion.core import VICTORY
from companion.events import plural
from companion.games.chronomage.actions import (
    EXPLOIT_NO, EXPLOIT_YES, FAIL, KIND_RE, READY, REFUSE, REVEAL, REVERSE, SWAP, TEMPORARY, UNSORTED, Assist, Book, Choose,
    Dice, Discard, Form, Give, Reveal, Reverse, Spell,
)
from companion.games.chronomage.referee import ANOMALY_DICE, LOST_TIME_CARDS, SPACES

from ... import kvload, palette
from ...screens.table import TableScreen
from ...texts import seat_name
from ...widgets.common import FlatButton, reflow
from . import text as T
from .card import ChronoCardForm
from .entry import ChronoChoicePad, ChronoFacePad, ChronoSpellPad, ChronoWordPad
from .seat import ChronoRowNote, ChronoSeatRow
from .tracker import ChronoTracker  # noqa: F401  (used by chronomage.kv)

kvload.load_beside(__file__, "chronomage")

ROW_MAX = 76  # dp: a player's row at most (a table of one does not stretch it over the screen)
PORTRAIT_ROW = 108  # dp: a portrait panel's row, its three lines of books over a row of controls
#: dp: a row's books (its lines of text) take at least the first and at most the second; the controls the rest
BOOKS_WIDTH = (262, 360)
_MARKUP = re.compile(r"\[/?(?:b|i|u|s|color|size|font|sub|sup)(?:=[^\]]*)?\]")


def handful(actions, seat: int) -> tuple[int, int] | None:
    """How many own and challenge dice `seat` enters now, from the fields of one legal `Dice` with faces."""
    for a in actions:
        if isinstance(a, Dice) and a.seat == seat and a.faces is not None:
            return len(a.faces), len(a.challenge or ())
    return None


class ChronomageScreen(TableScreen):
    hardware = ("dice",)
    title_text = StringProperty("")
    phase_line = StringProperty("")
    deck_line = StringProperty("")
    deck_level = StringProperty("")
    hint_line = StringProperty("")
    tracker_line = StringProperty("")
    big_number = StringProperty("")
    tracker_shown = BooleanProperty(False)
    enough = BooleanProperty(False)
    banner = StringProperty("")  # "" | victory | defeat

    shots = ("chronomage-faces", "chronomage-spell", "chronomage-card")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.faces, self.spell, self.choice = ChronoFacePad(send=self.send), ChronoSpellPad(send=self.send), ChronoChoicePad(send=self.send)
        self.word = ChronoWordPad(send=self.send)
        self.card_form = ChronoCardForm(play=lambda action: self.controller.play(action))
        self.rows: dict[int, ChronoSeatRow] = {}
        self.roll_buttons: dict[int, FlatButton] = {}
        self.ids.seats_view.bind(height=self._row_heights)
        self.bind(size=self._place_actions)

    def prepare_shot(self, view) -> None:
        if view == "chronomage-faces":
            self.enter_faces(3)
        elif view == "chronomage-spell":
            self.open_spell(3)
        elif view == "chronomage-card":  # the form as a table types a phase II card
            self.card_form.open_for(self.ids.layer, dict(self.view, top={"phase": 2, "boss": False}))
            form = self.card_form
            form.ids.name.text = "Iron Mole"
            form.rounds[0].update(power=22)
            form.chart[0].update(spaces=[2], weakness=["purple"])
            form.chart[5].update(spaces=[1, 2, 3], weakness=["green"])
            form.pre.update(attempt=["blue", "green"], goal=11, weakness="orange")
            form.rebuild()
            form.ids.scroll.scroll_y = 0.6  # the rounds and the attack chart

    @property
    def panels(self):
        return (self.faces, self.spell, self.choice, self.word, self.card_form)

    # -- reading the view ---------------------------------------------------------------------------
    @property
    def view(self) -> dict:
        return self.controller.view

    def rgba(self, seat: int):
        colors = self.view.get("colors") or []
        return palette.seat_rgba(colors[seat - 1] if seat <= len(colors) else None)

    @property
    def names(self) -> list[str]:
        """The table's names, except that a default colour name ("Red", from the seat colours of the home
        screen) gives way to the player's Chronomage colour, the colour the table plays by."""
        colors = self.view.get("colors") or []
        return [color.capitalize() if name.lower() in palette.COLOR_NAMES and i < len(colors)
                and (color := colors[i]) != name.lower() else name
                for i, name in enumerate(self.controller.names)]

    def who(self, seat: int) -> str:
        return seat_name(self.names, seat)

    # -- wiring -------------------------------------------------------------------------------------
    def setup(self, controller) -> None:
        for panel in self.panels:
            panel.close()
        box = self.ids.seats
        box.clear_widgets()
        self.rows = {}
        for seat in controller.seats:
            row = ChronoSeatRow(seat=seat, size_hint_y=None)
            self.rows[seat] = row
            box.add_widget(row)
        box.add_widget(Widget())  # a table of one or two keeps its rows row-sized, at the top
        self._row_heights()

    def _row_heights(self, *_) -> None:
        view, n = self.ids.seats_view, max(1, len(self.rows))
        portrait = self.height > self.width
        # a portrait row stacks its books over its controls: it needs that height, and the rows scroll
        height = dp(PORTRAIT_ROW) if portrait else min(dp(ROW_MAX), (view.height - self.ids.seats.spacing * n) / n)
        for row in self.rows.values():
            row.portrait, row.height = portrait, height

    def _place_actions(self, *_) -> None:
        """The table's actions beside Undo and Redo on a landscape panel, on a row of their own on a portrait one."""
        reflow(self.ids.table_actions, self, self.ids.actions_row, self.ids.bottom_bar, 1)  # before the Dice button
        self._row_heights()

    def update(self) -> None:
        v, c = self.view, self.controller
        legal = [] if v.get("phase") == "over" else c.actions
        self.title_text = T.card_title(v)
        self.phase_line = T.phase_text(v)
        self.deck_line, self.deck_level = T.deck_text(v)
        over = c.outcome()
        self.banner = "" if over is None else ("victory" if over.result == VICTORY else "defeat")
        self.hint_line = T.hint_text(v, self.names) if over is None else "Undo takes the last action back; Home for a new game"
        self._tracker(v)
        self.roll_buttons = {}
        for seat, row in self.rows.items():
            self._row(v, row, seat, legal)
        self._books_width()
        self._table_actions(v, legal)
        for panel in self.panels:  # a panel the table moved past (undo, a phone, a correction) closes
            panel.follow(legal)

    def _tracker(self, v) -> None:
        tracker, ch = self.ids.tracker, v.get("challenge") or {}
        closed = self._closed_round(v)
        self.tracker_shown = bool(ch.get("power")) and v.get("phase") in ("challenge", "cleanup")
        if not self.tracker_shown:
            self.big_number, self.enough = "", False
            if v.get("phase") == "engagement" and v.get("step") == "preemptive":
                self.tracker_line = T.preemptive_text(v, self.names)
            elif self.banner:
                self.tracker_line = f"[size=26sp][b]{self.outcome_text}[/b][/size]   {T.ending_text(self.controller.outcome())}"
            else:  # between challenges; what the table should know about its cards' files with it
                self.tracker_line = "\n".join([T.decks_text(v)] + T.warnings_text(v))
            return
        tracker.mode = "each" if ch.get("type") == "event" else "sum"
        if closed is not None:
            tracker.parts = [[x, self.rgba(s)] for s, x in enumerate(closed.get("seats") or [], 1)]
            tracker.power, tracker.faded = closed["power"], True
            self.big_number = f"{closed['total']} / {closed['power']}" if "total" in closed else ""
            self.enough = bool(closed.get("success"))
            self.tracker_line = T.last_round_text(closed, self.names, v.get("phase") == "cleanup")
            return
        dmg = v["damage"]
        tracker.parts = [[x, self.rgba(s)] for s, x in enumerate(dmg["seats"], 1)]
        tracker.power, tracker.faded = dmg["power"], False
        self.big_number, sentence = T.tracker_text(v)
        self.enough = ch.get("type") == "monster" and dmg["total"] >= dmg["power"]
        self.tracker_line = " · ".join(x for x in (T.round_text(v), sentence) if x)

    @staticmethod
    def _closed_round(v) -> dict | None:
        """The round that just closed, while the next has no roll yet (so the tracker does not go blank)."""
        last, ch, card = v.get("last_round"), v.get("challenge") or {}, v.get("card") or {}
        if not last or not ch or any(r is not None for r in v.get("rolls") or []):
            return None
        rounds, k = card.get("rounds") or [], last.get("round", 0)
        if not 1 <= k <= len(rounds) or rounds[k - 1]["color"] != last.get("color") \
                or rounds[k - 1]["power"][v["players"] - 1] != last.get("power"):
            return None
        if v.get("phase") == "cleanup":
            return last
        return last if (k == ch["round"] - 1 and last.get("success")) or (k == ch["round"] and not last.get("success")) else None

    # -- a player's row -----------------------------------------------------------------------------
    def _row(self, v, row: ChronoSeatRow, seat: int, legal: list) -> None:
        i = seat - 1
        row.rgba = self.rgba(seat)
        name, color = self.who(seat), v["colors"][i]
        also = "" if name.lower() == color else f"{color}, "
        row.name_text = f"{name}  [size=14sp]({also}space {v['formation'][i]})[/size]"
        row.stats_text = T.seat_stats(v, seat)
        row.weak_text = T.row_books_text(v, seat)
        box = row.ids.controls
        box.clear_widgets()
        mine = {a for a in legal if getattr(a, "seat", None) == seat}  # a group's `Choose` has no seat
        phase = v.get("phase")
        if phase == "strategy":
            self._runes(box, seat, v["spellbook"][i], mine)
            self._spaces(box, seat, v["formation"][i], mine)
            self._spell_button(box, seat, mine)
        elif phase == "engagement" and v.get("step") == "preemptive":
            self._preemptive(v, box, seat, mine)
        elif phase == "challenge":
            roll = v["rolls"][i]
            if roll is not None or v["through"][i]:
                self._spaces(box, seat, v["formation"][i], mine)
                box.add_widget(ChronoRowNote(text=T.roll_text(v, seat) if roll is not None else "[b]through[/b]: beat the event"))
                return
            self._spaces(box, seat, v["formation"][i], mine)
            if (v.get("challenge") or {}).get("type") == "monster":
                self._spell_button(box, seat, mine)
            self._dice_buttons(box, seat, mine)
        elif phase == "cleanup":
            step = v.get("step")
            give = Give(step, seat)
            tap = (lambda b: self.give_loot(seat, b)) if step == "loot" and give in mine else (lambda b: self.play(give, b))
            box.add_widget(FlatButton(text=f"Give {self.who(seat)} the {step} card", dim=give not in mine,
                                      on_release=tap))

    def _books_width(self) -> None:
        """Every row's books as wide as its longest stats or weaknesses-and-loot line needs (a player's
        weaknesses in three colours beside the starting robes and staff), within BOOKS_WIDTH: the same for
        all rows, so the controls stay in columns."""
        least, most = BOOKS_WIDTH
        lines = [t for row in self.rows.values() for t in (row.stats_text, row.weak_text) if t]
        need = max((CoreLabel(font_size=sp(14)).get_extents(_plain(t))[0] for t in lines), default=0) / dp(1)
        for row in self.rows.values():
            row.books_width = min(most, max(least, need + 6))

    def _runes(self, box, seat: int, runes: int, mine) -> None:
        for by, words in ((-1, "-"), (1, "+")):
            book = Book(seat, runes + by)
            if runes + by < 0:  # no action to send (the notation takes no negative count): say it plainly
                def release(b):
                    self.note(b, f"{self.who(seat)}'s spellbook shows no runes to take away.", palette.PANEL_HI)
            else:
                def release(b, a=book):
                    self.play(a, b)
            b = FlatButton(text=words, font_size="20sp", size_hint_x=None, width=dp(palette.TOUCH),
                           dim=book not in mine, on_release=release)
            box.add_widget(b)
            if by < 0:
                box.add_widget(ChronoRowNote(text=f"[b]{plural(runes, 'rune')}[/b]", halign="center", size_hint_x=None,
                                       width=dp(64)))

    def _spaces(self, box, seat: int, space: int, mine) -> None:
        for p in SPACES:
            form = Form(seat, p)
            here = p == space
            rgba = self.rgba(seat)
            box.add_widget(FlatButton(text=str(p), size_hint_x=None, width=dp(palette.TOUCH),
                                      bg=rgba if here else palette.PANEL_HI,
                                      fg=palette.text_on(rgba) if here else palette.TEXT,
                                      dim=form not in mine and not here,
                                      on_release=lambda b, a=form: self.play(a, b)))

    def _spell_button(self, box, seat: int, mine) -> None:
        can = any(isinstance(a, Spell) for a in mine)
        # with no spell possible, a tap lets the engine say why (no card in hand, already rolled)
        box.add_widget(FlatButton(text="Spell", dim=not can, on_release=lambda b: self.open_spell(seat, b) if can
                                  else self.play(Spell(seat, 0, 0), b)))

    def _dice_buttons(self, box, seat: int, mine) -> None:
        can = Dice(seat) in mine
        box.add_widget(FlatButton(text="Faces", dim=not can, on_release=lambda b: self.enter_faces(seat, b)))
        roll = FlatButton(text=f"Roll for {self.who(seat)}", bg=self.rgba(seat), fg=palette.text_on(self.rgba(seat)),
                          dim=not can, size_hint_x=1.6, on_release=lambda b: self.play(Dice(seat), b))
        box.add_widget(roll)
        self.roll_buttons[seat] = roll

    def _preemptive(self, v, box, seat: int, mine) -> None:
        i, p, pre = seat - 1, (v.get("card") or {}).get("preemptive") or {}, v.get("preemptive") or {}
        chose = sorted((a for a in mine if isinstance(a, Choose)), key=lambda a: a.option)
        if chose:
            for a in chose:
                box.add_widget(FlatButton(text=p["options"][a.option - 1], on_release=lambda b, a=a: self.play(a, b)))
        elif Dice(seat) in mine:
            self._dice_buttons(box, seat, mine)
        else:
            res, rolled = pre.get("results", [None] * seat)[i], pre.get("rolls", [None] * seat)[i]
            if res is None:
                words = "takes part" if v["colors"][i] in p.get("attempt", []) else "not printed: takes no part"
            elif p.get("kind") == "choice":
                words = f"chose {p['options'][res - 1]}"
            else:
                words = (f"rolled {' '.join(map(str, rolled))}: " if rolled else "") + res
            box.add_widget(ChronoRowNote(text=words, color=palette.MUTED))

    # -- the table's actions ------------------------------------------------------------------------
    def _table_actions(self, v, legal: list) -> None:
        box = self.ids.table_actions
        box.clear_widgets()
        phase, L = v.get("phase"), set(legal)

        def add(words, on_release, accent=False, dim=False):
            box.add_widget(FlatButton(text=words, on_release=on_release, dim=dim,
                                      **({"bg": palette.ACCENT, "fg": palette.DIAL_INK} if accent else {})))

        if phase == "strategy":
            add("Ready: reveal the challenge", lambda b: self.play(READY, b), accent=True)
        elif phase == "engagement" and v.get("step") == "reveal":
            add("Draw the card", lambda b: self.play(REVEAL, b), accent=True)
            add("Pick the card turned over", self.pick_card)
            add("Type a card", self.type_card)
        elif phase == "engagement":
            p = (v.get("card") or {}).get("preemptive") or {}
            for k, words in enumerate(p.get("options") or [], 1):
                if Choose(k) in L:
                    add(f"{k}. {words}", lambda b, k=k: self.play(Choose(k), b))
            if EXPLOIT_YES in L:
                add("Attempt the exploit", lambda b: self.play(EXPLOIT_YES, b), accent=True)
                add("Skip it", lambda b: self.play(EXPLOIT_NO, b))
        elif phase == "challenge":
            if any(isinstance(a, Assist) for a in legal):
                add("Give a die", self.pick_assist)
            add("Reverse time", self.reverse_time, dim=REVERSE not in L)
            add("Declare lost", self.declare_lost)
        if any(isinstance(a, Discard) for a in legal):  # CM-14: loot is used at any time but the reveal
            add("Use loot", self.use_loot)

    # -- panels -------------------------------------------------------------------------------------
    def send(self, action, widget) -> bool:
        """Play one action; the refusal, if any, beside `widget`. True when accepted."""
        refusal = self.controller.play(action)
        self.result(refusal, widget)
        return refusal is None

    def enter_faces(self, seat: int, widget=None) -> None:
        shape = handful(self.controller.actions, seat)
        if shape is None:  # nothing to enter: the engine says why, where it was tapped
            self.play(Dice(seat), widget or self.rows[seat])
            return
        own, chal = shape
        name, rgba = self.who(seat), self.rgba(seat)
        groups = [(f"{name}'s {T.dice(own)[2:]}", own, rgba)] + ([(f"Challenge {T.dice(chal)[2:]}", chal, palette.DIAL)] if chal else [])

        def compose(values):
            return Dice(seat, tuple(sorted(values[0])), tuple(sorted(values[1])) if chal else None)

        ch = self.view.get("challenge") or {}
        detail = (f"{T.dice(own, self.view['colors'][seat - 1])} and {T.dice(chal, 'challenge')}"
                  f" ({ch.get('name', '')}, round {ch.get('round', '')})" if chal else
                  f"{T.dice(own).capitalize()} against the goal of {((self.view.get('card') or {}).get('preemptive') or {}).get('goal')}")
        self.faces.open_for(self.ids.layer, f"{name}'s roll", groups, compose, Dice(seat), rgba, detail)
        self.faces.offered = lambda legal: handful(legal, seat) == shape  # the same dice still to enter

    def open_spell(self, seat: int, widget=None) -> None:
        v, i = self.view, seat - 1
        time_left = v["time_units_left"][i] if v.get("phase") == "challenge" else None
        self.spell.open_for(self.ids.layer, seat, self.who(seat), self.rgba(seat), v["spellbook"][i], time_left,
                            v["colors"])
        shown = (v.get("phase"), v["spellbook"][i], time_left)  # what its detail says

        def offered(legal) -> bool:
            w = self.view
            now = (w.get("phase"), w["spellbook"][i], w["time_units_left"][i] if w.get("phase") == "challenge" else None)
            return now == shown and any(isinstance(a, Spell) and a.seat == seat for a in legal)
        self.spell.offered = offered

    def pick_card(self, widget) -> None:
        by_id = getattr(self.controller.session.game, "catalogue", {})
        picks = [a for a in self.controller.actions if isinstance(a, Reveal) and a.card is not None]
        choices = [(by_id[a.card].name if a.card in by_id else a.card, a) for a in picks]
        self.choice.open_for(self.ids.layer, "Which card was turned over?", choices,
                             "\n".join(["The cards the top of the challenge deck can be now."] + T.warnings_text(self.view)))

    def type_card(self, widget) -> None:
        """A card not in the library: typed by taps (CM-3); the engine checks it like a library card."""
        ids = set(getattr(self.controller.session.game, "catalogue", {}))  # a library card's id is the library's
        self.card_form.open_for(self.ids.layer, self.view, ids)
        self.card_form.offered = lambda legal: any(isinstance(a, Reveal) for a in legal)

    def give_loot(self, seat: int, widget) -> None:
        """Cleanup's loot card to `seat`, as the kind its card prints (CM-14): temporary, or an equipment
        type, swapped for or refused beside one the player already has; or not sorted (X-17)."""
        gives = [a for a in self.controller.actions if isinstance(a, Give) and a.deck == "loot" and a.seat == seat]
        choices = [(T.loot_words(a, self.who(seat)), a) for a in gives if a.kind is not None]
        choices.append(("Another type, typed", lambda: self._type_loot(seat)))
        choices += [(T.loot_words(a, self.who(seat)), a) for a in gives if a.kind is None]  # "kind not entered" last
        held = T.loot_text(self.view["loot_items"][seat - 1]) or "nothing yet"
        self.choice.open_for(self.ids.layer, f"The loot card for {self.who(seat)}", choices,
                             f"What kind of card is it? {self.who(seat)} holds {held}; one equipment of each type "
                             "a player, temporary cards any number.", self.rgba(seat))

    def _type_loot(self, seat: int) -> None:
        """X-17: an equipment type the companion does not list, typed as its card prints it."""
        self.choice.close()
        self.word.open_for(self.ids.layer, f"{self.who(seat)}'s loot card: its type",
                           "The equipment type as the card prints it, one word (boots, amulet, ...).",
                           "type", lambda text, widget: self._typed_loot(seat, text, widget), self.rgba(seat))
        self.word.offered = lambda legal: Give("loot", seat) in legal

    def _typed_loot(self, seat: int, text: str, widget) -> None:
        kind = text.strip().lower()
        if not KIND_RE.fullmatch(kind) or kind in (SWAP, REFUSE, UNSORTED):
            self.note(widget, "A type is one word of letters as the card prints it (boots, amulet, ...), at most "
                      "20.", palette.PANEL_HI)
            return
        if kind in self.view["loot_items"][seat - 1] and kind not in (TEMPORARY, UNSORTED):
            self.word.close()  # one of each type (CM-14): the player chooses, as for a listed type
            choices = [Give("loot", seat, kind, SWAP), Give("loot", seat, kind, REFUSE)]
            self.choice.open_for(self.ids.layer, f"{self.who(seat)} already has {kind}",
                                 [(T.loot_words(a, self.who(seat)), a) for a in choices],
                                 "One equipment of each type a player.", self.rgba(seat))
            return
        if self.send(Give("loot", seat, kind), widget):  # the notation checks the word
            self.word.close()

    def use_loot(self, widget) -> None:
        """A seat uses a temporary card, or the table takes one of a seat's cards out (CM-14): the seat first
        when more than one holds loot."""
        uses = [a for a in self.controller.actions if isinstance(a, Discard)]
        seats = list(dict.fromkeys(a.seat for a in uses))
        if len(seats) == 1:
            self._use_loot_of(seats[0])
            return
        self.choice.open_for(self.ids.layer, "Whose loot?",
                             [(f"{self.who(s)}: {T.loot_text(self.view['loot_items'][s - 1])}",
                               lambda s=s: self._use_loot_of(s)) for s in seats],
                             "Loot is used, or taken out, at any time but the reveal.")
        self.choice.offered = lambda legal: any(isinstance(a, Discard) for a in legal)

    def _use_loot_of(self, seat: int) -> None:
        uses = sorted((a for a in self.controller.actions if isinstance(a, Discard) and a.seat == seat),
                      key=lambda a: a.kind != TEMPORARY)  # using a temporary card first: it is what a table does most
        self.choice.open_for(self.ids.layer, f"{self.who(seat)}'s loot",
                             [(T.loot_words(a, self.who(seat)), a) for a in uses],
                             "The card goes to the loot discard pile: a temporary card when it is used, any card "
                             "the table takes out.", self.rgba(seat))

    def pick_assist(self, widget) -> None:
        assists = [a for a in self.controller.actions if isinstance(a, Assist)]
        choices = [(f"{self.who(a.giver)} gives {self.who(a.receiver)} a die", a) for a in assists]
        self.choice.open_for(self.ids.layer, "Give a die", choices, "A player through the event gives one die "
                             "to a player still in it, before the round's rolls.")

    def reverse_time(self, widget) -> None:
        if REVERSE not in self.controller.actions:
            self.play(REVERSE, widget)  # the engine says why not
            return
        self.faces.open_for(self.ids.layer, "Reverse time", [("Anomaly dice", ANOMALY_DICE, palette.DIAL)],
                            lambda values: Reverse(tuple(sorted(values[0]))), REVERSE, palette.WARN,
                            "Back to round 1 of this challenge; the anomaly dice stay until cleanup.")
        self.faces.offered = lambda legal: REVERSE in legal

    def declare_lost(self, widget) -> None:
        v = self.view
        each, deck = LOST_TIME_CARDS, v["time_deck"]
        need = each * v["players"]
        detail = (f"Every player draws {each} time cards: {need} of the {deck} left." if deck >= need else
                  f"Every player must draw {each} time cards, {need} in all, and the time deck holds {deck}: "
                  "the timeline is lost.")
        self.choice.open_for(self.ids.layer, "Declare the challenge lost?", [("Declare it lost", FAIL)], detail,
                             palette.DANGER)

    # -- hardware -----------------------------------------------------------------------------------
    def dice_pressed(self) -> None:
        """The dice button rolls the next awaited player's whole handful (their dice and the challenge dice)."""
        for panel in self.panels:
            panel.close()
        v = self.view
        seat = v.get("next_roller")
        if seat is not None:
            self.play(Dice(seat), self._dice_anchor or self.roll_buttons.get(seat) or self.ids.tracker)
        elif v.get("phase") == "over":
            self.note(self._dice_anchor or self.ids.tracker, "The timeline is over.", palette.PANEL_HI)
        else:
            self.note(self._dice_anchor or self.ids.tracker, f"No dice to roll now. {T.hint_text(v, self.names)}.",
                      palette.PANEL_HI)


def _plain(text: str) -> str:
    """A label's text as it shows: its markup tags left out, its escapes read."""
    return _MARKUP.sub("", text).replace("&bl;", "[").replace("&br;", "]").replace("&amp;", "&")


SCREEN = ChronomageScreen
