"""The Block Arena table: the board from above, moves by tapping pieces and then a marked square.

Everything a tap may do comes from `controller.actions` (the game's `Place`, `Slide`, `Flip`, `Go`,
`Meeple`, `End` values); the screen only maps their squares and directions to squares on the board
(where the block would end up, what square a tap plays it on). A tap that plays nothing sends the
action it points at anyway, so the engine's refusal appears beside the square with its rule.

- Setup: tap a first-row square, then tap it again to stand a block there, or tap the marked square
  beside it to lay the block over both. (Two taps on the same square is the natural "put it down here";
  a neighbour says "and over there too". No mode to remember.)
- Meeples: one tap on your own block.
- Play: tap one of your blocks: its slides and flips show as dots and outlines; tap one to play it. A
  standing block slides or tips over onto the same neighbour, so there a small chooser asks which.
  Tap your meeple for its `go` squares; tap it again to hear why its block cannot move. "End turn"
  once the block has moved.
- The companion's moves slide into place and stay marked; the told strip gives its turn in the events'
  words and board steps, so the players can copy it onto the wooden board (and put it back at undo).
"""
from __future__ import annotations

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ColorProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.core import Action, Refusal
from companion.games.block_arena.actions import BLOCK_MOVES, END, End, Flip, Go, Meeple, Place, Slide
from companion.games.block_arena.board import DIRS
from companion.games.block_arena.state import BGA_TURNS, GOAL, LIMIT, STUCK
from companion.games.block_arena.words import span, suggestion_words

from ... import kvload, palette
from ...screens.table import TableScreen
from ...texts import refusal_text
from ...widgets.common import FlatButton
from .board import BlockArenaBoard, direction, move_marks, neighbour  # noqa: F401 (kv)

kvload.load_beside(__file__, "block_arena")


class MoveChooser(BoxLayout):
    """Two moves that a tap on one square could mean (slide there, or tip over onto it)."""


class BlockArenaScreen(TableScreen):
    turn_text = StringProperty("")
    turn_color = ColorProperty(palette.TEXT)
    prompt_text = StringProperty("")     # what to do now
    sides_text = StringProperty("")      # who starts where, and where they win
    can_end = BooleanProperty(False)
    has_end = BooleanProperty(True)      # the bga variant has no `end`

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._revision = -1
        self._legal: list[Action] = []
        self._sel: tuple | None = None    # ("place", sq) | ("block", squares) | ("meeple", sq)
        self._targets: dict[str, list[tuple[Action, list[str], str]]] = {}  # tap square -> (action, ghost, words)
        self._meeples: list | None = None  # the meeples' squares drawn last, at journal head `_head`
        self._head: int | None = None
        self._moved: list[dict] = []       # the engine's events since then
        self.chooser: MoveChooser | None = None

    # -- screenshots ------------------------------------------------------------------------------
    def prepare_shot(self, view) -> None:
        """The companion's last turn marked (replayed by undo and redo), and Red's block chosen."""
        c = self.controller
        c.undo()
        self.refresh()
        c.redo()
        self.refresh()
        self.ids.board.settle()
        self.square_tapped("f2")

    # -- wiring -----------------------------------------------------------------------------------
    def setup(self, controller) -> None:
        v = controller.view
        board = self.ids.board
        board.columns, board.rows = v["columns"], v["rows"]
        board.colors = [controller.color(1), controller.color(2)]
        board.marks, self._meeples, self._head, self._moved = [], None, None, []
        self.sides_text = (f"{controller.name(1)} starts on row 1 and wins on row {v['rows']}; "
                           f"{controller.name(2)} the other way round.")
        self._revision = -1

    def update(self) -> None:
        c = self.controller
        v = c.view
        board = self.ids.board
        meeples, head = list(v["meeples"]), c.session.head
        if self._meeples is not None and head != self._head:
            self._follow(self._moved, self._meeples, meeples, "played" if head > self._head else "undone")
        self._meeples, self._head, self._moved = meeples, head, []
        board.blocks, board.meeples = list(v["blocks"]), meeples
        if c.revision != self._revision:
            self._revision = c.revision
            self._sel = None
            self.close_chooser()
        over = c.outcome() is not None
        self._legal = [] if over or self._companion_to_move() else list(c.actions)
        self.can_end, self.has_end = any(isinstance(a, End) for a in self._legal), not v["bga"]
        cur = v["current"]
        if over:
            self.turn_text, self.turn_color = self.outcome_text, c.color(c.outcome().winners[0])
        elif c.thinking:
            self.turn_text, self.turn_color = f"{c.name(cur)} is thinking...", c.color(cur)
        else:
            self.turn_text, self.turn_color = self._turn_line(v), c.color(cur)
        self.prompt_text = self._prompt(v)
        self._show_selection()

    def _companion_to_move(self) -> bool:
        c = self.controller
        return c.thinking or (c.computer_seat is not None and c.view.get("current") == c.computer_seat)

    def _turn_line(self, v: dict) -> str:
        c, cur = self.controller, v["current"]
        if v["phase"] == "setup":
            return f"{c.name(cur)}: place a block"
        if v["phase"] == "meeples":
            return f"{c.name(cur)}: place the meeple"
        turn = v["turns"][cur - 1] + 1
        return f"{c.name(cur)}, turn {turn}" + (f" of {BGA_TURNS}" if v["bga"] else "")

    def _prompt(self, v: dict) -> str:
        c = self.controller
        outcome = c.outcome()
        if outcome is not None:
            return self._why_over(outcome)
        if self._companion_to_move():
            return "The companion is thinking..." if c.thinking else "The companion is to move."
        kind = self._sel[0] if self._sel else None
        if kind == "place":
            return f"Tap {self._sel[1]} again to stand the block up, or a marked square beside it to lay it down."
        if kind == "block" and any(len(opts) > 1 for opts in self._targets.values()):
            return "Tap a marked square, then choose: slide the block there, or tip it over onto it."
        if kind == "block":
            return "Tap a marked square to move this block there." if self._targets else ""
        if kind == "meeple":
            return "Tap a marked square to move your meeple there."
        if v["phase"] == "setup":
            row = 1 if v["current"] == 1 else v["rows"]
            return (f"Tap a square in row {row} for a block, then tap it again to stand it up "
                    "or the square beside it to lay it down.")
        if v["phase"] == "meeples":
            return "Tap one of your blocks to put your meeple on it."
        if v["bga"]:
            return "Move one of your blocks or your meeple (one of the two): tap it to see where it can go."
        if v["turn"]["block_moved"]:
            return "Move your meeple (tap it), or end the turn." if self.can_end else "Move your meeple: tap it."
        return "Move one of your blocks: tap it to see where it can go. Your meeple may move once, before or after."

    def _why_over(self, outcome) -> str:
        """How the game ended, with the players' names, from the outcome's termination code."""
        c, winner = self.controller, outcome.winners[0]
        return {GOAL: f"{c.name(winner)}'s meeple reached the far row.",
                STUCK: f"{c.name(3 - winner)} could not complete a turn.",
                LIMIT: f"After {BGA_TURNS} turns each, {c.name(winner)} is nearer the goal."}.get(
                    outcome.termination, self.outcome_text)

    # -- the companion's moves --------------------------------------------------------------------
    def on_events(self, events) -> None:
        self._moved += events  # read in `update`, once the table shows where it went

    def _follow(self, events: list, before: list, after: list, how: str) -> None:
        """Mark and animate what the companion moved since the last human move; a human move or an
        undo clears the marks. What moved is read from the engine's move events (`move_marks`), and
        whether the table went on or back from the journal's head."""
        c, board = self.controller, self.ids.board
        changes = move_marks(events, before, after) if how == "played" else []
        if how == "undone" or any(m["by"] != c.computer_seat for m in changes):
            board.marks = []
        mine = [m for m in changes if m["by"] == c.computer_seat]
        if mine:
            start = len(board.marks)
            board.marks = [*board.marks, *mine]
            board.animate(start)
        else:
            board.settle()

    # -- taps on the board ------------------------------------------------------------------------
    def square_tapped(self, sq: str) -> None:
        self.close_chooser()
        anchor = self.ids.board.anchor(sq)
        c, v = self.controller, self.controller.view
        if c.outcome() is None and self._companion_to_move():
            self.note(anchor, "The companion is choosing its move; wait a moment.", palette.PANEL_HI)
            return
        if self._sel and sq in self._targets:
            self._choose(sq, anchor)
        elif v["phase"] == "setup":
            self._setup_tap(sq, anchor)
        elif v["phase"] == "meeples":
            self.play(Meeple(sq), anchor)
        elif v["phase"] == "play":
            self._play_tap(sq, anchor)
        else:
            self._probe(Go(sq), anchor)  # the game is over: the engine says so
        self.prompt_text = self._prompt(v)
        self._show_selection()

    def _setup_tap(self, sq: str, anchor) -> None:
        sel = self._sel
        if sel and sq != sel[1] and direction(sel[1], sq):
            pair = sorted((sel[1], sq), key=lambda s: (int(s[1:]), s[0]))
            self._sel = None
            self._probe(Place(*pair), anchor)  # e.g. taken, or not along the row
            return
        places = [a for a in self._legal if isinstance(a, Place) and sq in (a.square, a.other)]
        if not places:
            self._sel = None
            self._probe(Place(sq), anchor)
            return
        self._sel, self._targets = ("place", sq), {}
        for a in places:
            if a.other is None:
                self._add_target(sq, a, [sq], f"Stand a block on {sq}")
            else:
                squares = [a.square, a.other]
                self._add_target(a.other if a.square == sq else a.square, a, squares, f"Lay a block over {span(squares)}")

    def _play_tap(self, sq: str, anchor) -> None:
        v = self.controller.view
        cur = v["current"]
        mine = v["meeples"][cur - 1]
        block = self._block_at(sq)
        sel, self._sel = self._sel, None
        if sq == mine:
            if sel and sel[0] == "meeple":  # a second tap: the block under it is what they want to move
                self._probe_block(block, anchor)
            else:
                self._select_meeple(sq, anchor)
        elif block is not None and block["owner"] == cur and (not sel or sel[0] != "meeple" or self._moves_of(block)):
            self._select_block(block, anchor)
        elif sel and sel[0] == "meeple":
            self._probe(Go(sq), anchor)  # a path the rules forbid, a square with no block...
        elif sel and sel[0] == "block" and self._side(sel[1], sq):
            self._probe(Slide(sel[1][0], self._side(sel[1], sq)), anchor)  # into a block
        elif block is not None:
            self._probe(Slide(sq, DIRS[0]), anchor)  # the opponent's block
        else:
            self.note(anchor, "Tap one of your blocks, or your meeple.", palette.PANEL_HI)

    def _select_block(self, block: dict, anchor) -> None:
        moves = self._moves_of(block)
        if not moves:
            self._probe_block(block, anchor)
            return
        squares = block["squares"]
        cols, rows = self.controller.view["columns"], self.controller.view["rows"]
        self._sel, self._targets = ("block", squares), {}
        for a in moves:
            if isinstance(a, Slide):
                to = [neighbour(s, a.dir, cols, rows) for s in squares]
                for tap in (s for s in to if s not in squares):
                    self._add_target(tap, a, to, f"Slide to {span(to)}")
            elif a.dir is not None:  # a standing block tips over
                tap = neighbour(squares[0], a.dir, cols, rows)
                ghost = sorted([squares[0], tap], key=lambda s: (int(s[1:]), s[0]))
                self._add_target(tap, a, ghost, f"Tip over onto {span(ghost)}")
            else:  # a lying block stands up on one of its squares
                self._add_target(a.square, a, [a.square], f"Stand up on {a.square}")

    def _select_meeple(self, sq: str, anchor) -> None:
        goes = [a for a in self._legal if isinstance(a, Go)]
        if goes:
            self._sel, self._targets = ("meeple", sq), {}
            for a in goes:
                self._add_target(a.square, a, [], f"Meeple to {a.square}")
            return
        v = self.controller.view
        beside = [n for n in (neighbour(sq, d, v["columns"], v["rows"]) for d in DIRS) if n and self._block_at(n)]
        if v["turn"]["meeple_moved"] or beside:
            self._probe(Go((beside or [sq])[0]), anchor)  # the engine says why not
        else:
            self.note(anchor, "Your meeple has no block beside it to step onto.", palette.PANEL_HI)

    def _probe_block(self, block: dict | None, anchor) -> None:
        """A block with no move: send one anyway, for the engine's reason (own meeple, one a turn, boxed in)."""
        if block is None:
            return
        squares, v = block["squares"], self.controller.view
        if len(squares) == 2:
            self._probe(Flip(squares[0]), anchor)
            return
        d = next((d for d in DIRS if neighbour(squares[0], d, v["columns"], v["rows"])), DIRS[0])
        self._probe(Slide(squares[0], d), anchor)

    def _probe(self, action: Action, anchor) -> None:
        """Play an action that is not legal, so the engine's refusal shows beside the tap (never a legal one)."""
        if action not in self._legal:
            self.play(action, anchor)

    def _moves_of(self, block: dict) -> list[Action]:
        return [a for a in self._legal if isinstance(a, BLOCK_MOVES) and a.square in block["squares"]]

    def _block_at(self, sq: str) -> dict | None:
        return next((b for b in self.controller.view["blocks"] if sq in b["squares"]), None)

    def _side(self, squares, sq: str) -> str | None:
        """The direction from a block's squares to a square touching it, if it touches."""
        return next((d for d in (direction(s, sq) for s in squares) if d), None)

    def _add_target(self, tap: str, action: Action, ghost: list[str], words: str) -> None:
        if tap is not None:
            self._targets.setdefault(tap, []).append((action, ghost, words))

    def _show_selection(self) -> None:
        board, sel = self.ids.board, self._sel
        if sel is None:
            self._targets = {}
        board.selected = list(sel[1]) if sel and sel[0] == "block" else [sel[1]] if sel and sel[0] == "place" else []
        board.chosen_meeple = sel[1] if sel and sel[0] == "meeple" else ""
        ghosts = [opts[0][1] for opts in self._targets.values() if len(opts) == 1 and opts[0][1]]
        board.ghosts = [g for i, g in enumerate(ghosts) if g not in ghosts[:i]]  # a choice of two shows in the chooser
        if sel:
            board.dots = list(self._targets)
        elif self.controller.view["phase"] in ("setup", "meeples"):
            board.dots = sorted({a.square for a in self._legal if isinstance(a, (Place, Meeple))})
        else:
            board.dots = []

    # -- a move, or a choice of two ----------------------------------------------------------------
    def _choose(self, sq: str, anchor) -> None:
        options = self._targets[sq]
        if len(options) == 1:
            self.play(options[0][0], anchor)
            return
        self.open_chooser(sq, options)

    def open_chooser(self, sq: str, options) -> None:
        self.close_chooser()
        self.chooser = chooser = MoveChooser()
        for action, _, words in options:
            chooser.add_widget(FlatButton(text=f"{words}\n[size=14sp]{action}[/size]", markup=True,
                                          on_release=lambda b, a=action: self._chosen(a, b)))
        chooser.height = len(options) * dp(palette.TOUCH + 8) + dp(8)
        board = self.ids.board
        x, y, w, h = board.rect([sq])
        wx, wy = board.to_window(x, y)
        lx, ly = self.to_widget(wx, wy)
        right = lx + w + dp(6)
        chooser.x = right if right + chooser.width < self.width - dp(4) else lx - chooser.width - dp(6)
        chooser.y = min(max(dp(4), ly + h / 2 - chooser.height / 2), self.height - chooser.height - dp(4))
        self.add_widget(chooser)

    def _chosen(self, action: Action, button) -> None:
        self.close_chooser()
        self.play(action, self.ids.board)

    def close_chooser(self) -> None:
        if self.chooser is not None and self.chooser.parent is not None:
            self.chooser.parent.remove_widget(self.chooser)
        self.chooser = None

    def show_hint(self, widget) -> None:
        """The companion's suggestion in a note, and on the board: its piece chosen, its one target marked."""
        if self.refused_hint(widget):
            return
        self.note(widget, "The companion is thinking...", palette.PANEL_HI)
        self.controller.hint_action(lambda suggestion: self.hinted(suggestion, widget))

    def hinted(self, suggestion: Action | Refusal, widget) -> None:
        """The suggestion in a note, and on the board: its piece chosen, its one target marked."""
        if isinstance(suggestion, Refusal):
            self.note(widget, refusal_text(suggestion, self.controller.names))
            return
        self.note(widget, f"The companion suggests: {suggestion_words(suggestion)}", palette.PANEL_HI)
        v = self.controller.view
        self._sel = None
        if isinstance(suggestion, BLOCK_MOVES) and self._block_at(suggestion.square):
            self._select_block(self._block_at(suggestion.square), widget)
        elif isinstance(suggestion, Go) and v["current"]:
            self._select_meeple(v["meeples"][v["current"] - 1], widget)
        elif isinstance(suggestion, Place):
            self._setup_tap(suggestion.square, widget)
        self._targets = {sq: [o for o in opts if o[0] == suggestion] for sq, opts in self._targets.items()}
        self._targets = {sq: opts for sq, opts in self._targets.items() if opts}
        if not self._targets:
            self._sel = None
        self.prompt_text = self._prompt(v)
        self._show_selection()
        if isinstance(suggestion, Meeple):  # no piece to choose: the one suggested square, not every one allowed
            self.ids.board.dots = [suggestion.square]

    def end_turn(self, widget) -> None:
        self.close_chooser()
        self.play(END, widget)

    def on_leave(self, *args) -> None:
        self.close_chooser()


SCREEN = BlockArenaScreen
