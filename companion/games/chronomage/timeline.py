"""Challenge libraries (CM-3): the cards of one timeline, typed once into a TOML file and checked here.

Challenge cards are physical; the table picks a revealed card from its library instead of typing it
again. A file is validated as a whole before anything uses it, and every problem is reported with the
file, the card and the field (`LibraryError`), so a bad file changes nothing. A card typed at the
table (`parse_card`: the same fields as one TOML inline table) goes through the same checks, except that
its power numbers may be only those of the table's size (`power = { 3 = 22 }`).

File layout (see `timelines/example.toml`)::

    [timeline]
    title = "..."            # shown on the home screen
    example = true           # optional: example data, not the printed cards

    [[card]]
    id = "ember-wisp"        # a-z, 0-9 and '-'; unique in the file
    name = "Ember Wisp"
    phase = 1                # 1, 2 or 3 (five, five and six cards: CM-2)
    type = "monster"         # or "event" (one round: X-2)
    boss = true              # exactly one phase 3 card (X-1); optional elsewhere
    resistance = { orange = 2, blue = 3, green = 1, purple = 2 }   # dice 0..3 per colour
    rounds = [ { color = "orange", power = [6, 11, 16, 21], dice = 1 } ]  # power for 1..4 players, dice 1..4 (events: 1)
    chart = [ { face = 1, title = "Scorch", spaces = [3], weakness = ["orange"] }, ... ]  # faces 1..6 once each
    preemptive = { kind = "crisis", attempt = ["blue"], all = false, goal = 10, weakness = "orange", text = "..." }
    # kind: choice (with options = ["...", ...]), crisis or exploit (with goal 1..18 and optional weakness)
"""
from __future__ import annotations

import os
import re
import stat
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from companion.core import BadRequest
from companion.data_dir import data_dir
from companion.events import plural
from companion.quoting import quoted

from .rules import COLORS, DEFAULT_TIMELINE

RULE = "chronomage/CM-3"
PHASE_SIZES = {1: 5, 2: 5, 3: 6}
KINDS = ("choice", "crisis", "exploit")
TYPES = ("monster", "event")
ID_RE = re.compile(r"[a-z0-9][a-z0-9-]{0,39}\Z")
PACKAGED = Path(__file__).with_name("timelines")
MAX_FILE = 1 << 20  # a library file is read only up to this size (the example is 13 KiB)
MAX_SHOWN = 200  # the longest file name a refusal shows
#: characters no name or text of a card may hold: C0 and C1 controls (a tab is allowed), line and
#: paragraph separators and the bidirectional overrides, which could disguise what a screen shows
CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
DEFAULT = DEFAULT_TIMELINE


class LibraryError(BadRequest):
    """A timeline file (or a card typed at the table: code "bad-card") that cannot be used; `file`,
    `card` and `field` say where the problem is."""

    def __init__(self, file: str, card: str | None, field_: str | None, problem: str, code: str = "bad-timeline"):
        shown = file if len(file) <= MAX_SHOWN else file[:MAX_SHOWN - 3] + "..."
        where = shown + (f", card {quoted(card)}" if card else "") + (f", field {field_!r}" if field_ else "")
        super().__init__(code, f"{where}: {problem}.", RULE)
        self.file, self.card, self.field = file, card, field_

    @property
    def kind(self) -> str:
        return "request"  # a malformed file, like any BadRequest (the core maps kinds by exact class)


@dataclass(frozen=True)
class Round:
    color: str
    #: for 1, 2, 3, 4 players; a card typed at the table may give only some counts (None: not given)
    power: tuple[int | None, int | None, int | None, int | None]
    dice: int  # challenge dice a player rolls this round

    def power_for(self, players: int) -> int | None:
        return self.power[players - 1]


@dataclass(frozen=True)
class Hit:
    face: int
    title: str
    spaces: tuple[int, ...]
    weakness: tuple[str, ...]


@dataclass(frozen=True)
class Preemptive:
    kind: str
    attempt: tuple[str, ...]  # colours printed under the resistance: who takes part
    all: bool = False
    goal: int | None = None
    weakness: str | None = None
    options: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    phase: int
    type: str
    boss: bool
    resistance: tuple[tuple[str, int], ...]
    rounds: tuple[Round, ...]
    chart: tuple[Hit, ...]  # indexed by face - 1
    preemptive: Preemptive

    def dice_for(self, color: str) -> int:
        return dict(self.resistance)[color]

    def to_dict(self) -> dict[str, Any]:
        p = self.preemptive
        return {"id": self.id, "name": self.name, "phase": self.phase, "type": self.type, "boss": self.boss,
                "resistance": dict(self.resistance),
                "rounds": [{"color": r.color, "power": list(r.power), "dice": r.dice} for r in self.rounds],
                "chart": [{"face": h.face, "title": h.title, "spaces": list(h.spaces), "weakness": list(h.weakness)}
                          for h in self.chart],
                "preemptive": {"kind": p.kind, "attempt": list(p.attempt), "all": p.all, "goal": p.goal,
                               "weakness": p.weakness, "options": list(p.options), "text": p.text}}

    def to_table(self) -> dict[str, Any]:
        """The card as a library file writes it (defaults left out), which `parse_card` reads back equal."""
        p = self.preemptive
        out: dict[str, Any] = {"id": self.id, "name": self.name, "phase": self.phase, "type": self.type}
        if self.boss:
            out["boss"] = True
        out["resistance"] = dict(self.resistance)
        out["rounds"] = [{"color": r.color, "power": _power_table(r.power), "dice": r.dice} for r in self.rounds]
        out["chart"] = [{"face": h.face, **({"title": h.title} if h.title else {}), "spaces": list(h.spaces),
                         **({"weakness": list(h.weakness)} if h.weakness else {})} for h in self.chart]
        pre: dict[str, Any] = {"kind": p.kind, "attempt": list(p.attempt)}
        if p.all:
            pre["all"] = True
        if p.kind == "choice":
            pre["options"] = list(p.options)
        else:
            pre["goal"] = p.goal
            if p.weakness:
                pre["weakness"] = p.weakness
        if p.text:
            pre["text"] = p.text
        out["preemptive"] = pre
        return out


def _power_table(power) -> list | dict:
    """All four counts as a list; some of them (a typed card) as a table from the player count."""
    if all(x is not None for x in power):
        return list(power)
    return {str(k): x for k, x in enumerate(power, 1) if x is not None}


@dataclass(frozen=True)
class Timeline:
    name: str
    title: str
    example: bool
    source: str
    cards: tuple[Card, ...]
    by_id: dict[str, Card] = field(compare=False, repr=False, default_factory=dict)

    @property
    def boss(self) -> Card:
        return next(c for c in self.cards if c.boss)


# -- checking one file ---------------------------------------------------------------------------------


class _Checker:
    """Reads a parsed file, raising LibraryError at the first problem with file, card and field."""

    def __init__(self, file: str, typed: bool = False, code: str | None = None):
        self.file, self.typed = file, typed  # typed: a card typed at the table (some power numbers may do)
        self.code = code or ("bad-card" if typed else "bad-timeline")
        self.card: str | None = None

    def bad(self, fld: str | None, problem: str):
        raise LibraryError(self.file, self.card, fld, problem, self.code)

    def keys(self, table: Any, fld: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict:
        if not isinstance(table, dict):
            self.bad(fld or None, "expected a table of fields")
        for k in required:
            if k not in table:
                self.bad(f"{fld}.{k}" if fld else k, "missing")
        for k in table:
            if k not in required and k not in optional:
                self.bad(f"{fld}.{k}" if fld else k, "not a field of " + (fld or "a card")
                         + " (fields: " + ", ".join(required + optional) + ")")
        return table

    def int_(self, v: Any, fld: str, low: int, high: int) -> int:
        if type(v) is not int or not low <= v <= high:
            self.bad(fld, f"expected a whole number {low}..{high}, not {quoted(v)}")
        return v

    def text(self, v: Any, fld: str, empty_ok: bool = False) -> str:
        if not isinstance(v, str) or (not empty_ok and not v.strip()) or len(v) > 400:
            self.bad(fld, f"expected a text, not {quoted(v)}")
        if CONTROL.search(v):
            self.bad(fld, f"{quoted(v)} has a control character (names and texts are shown on one line as typed)")
        return v

    def color(self, v: Any, fld: str) -> str:
        if v not in COLORS:
            self.bad(fld, f"{quoted(v)} is not a colour (the colours: {', '.join(COLORS)})")
        return v

    def list_(self, v: Any, fld: str, low: int, high: int) -> list:
        if not isinstance(v, list) or not low <= len(v) <= high:
            self.bad(fld, f"expected a list of {low}..{high} entries, not {quoted(v)}")
        return v

    def timeline(self, data: dict, name: str) -> Timeline:
        self.keys(data, "", ("timeline", "card"))
        head = self.keys(data["timeline"], "timeline", ("title",), ("example", "note"))
        title = self.text(head["title"], "timeline.title")
        example = head.get("example", False)
        if type(example) is not bool:
            self.bad("timeline.example", f"expected true or false, not {quoted(example)}")
        self.text(head.get("note", ""), "timeline.note", empty_ok=True)
        cards = self.cards(data["card"])
        for phase, size in PHASE_SIZES.items():
            have = sum(1 for c in cards if c.phase == phase)
            if have != size:
                self.bad("card", f"phase {phase} needs {size} cards, the file has {have} (CM-2)")
        bosses = [c for c in cards if c.boss]
        if len(bosses) != 1:
            self.bad("boss", f"exactly one phase 3 card is the boss (X-1); the file marks {len(bosses)}")
        return Timeline(name, title, example, self.file, tuple(cards), {c.id: c for c in cards})

    def cards(self, raw: Any) -> list[Card]:
        """The `[[card]]` tables of a file, each checked, ids distinct."""
        if not isinstance(raw, list) or not all(isinstance(c, dict) for c in raw):
            self.bad("card", "expected [[card]] tables")
        cards, seen = [], set()
        for i, c in enumerate(raw, 1):
            self.card = c.get("id") if isinstance(c.get("id"), str) else f"#{i}"
            card = self.one_card(c)
            if card.id in seen:
                self.bad("id", "used by an earlier card too")
            seen.add(card.id)
            cards.append(card)
        self.card = None
        return cards

    def one_card(self, c: dict) -> Card:
        self.keys(c, "", ("id", "name", "phase", "type", "resistance", "rounds", "chart", "preemptive"), ("boss",))
        if not isinstance(c["id"], str) or not ID_RE.match(c["id"]):
            self.bad("id", f"expected lower-case letters, digits and '-', not {quoted(c['id'])}")
        name = self.text(c["name"], "name")
        phase = self.int_(c["phase"], "phase", 1, 3)
        kind = c["type"]
        if kind not in TYPES:
            self.bad("type", f"expected monster or event, not {quoted(kind)}")
        boss = c.get("boss", False)
        if type(boss) is not bool:
            self.bad("boss", f"expected true or false, not {quoted(boss)}")
        if boss and phase != 3:
            self.bad("boss", "only a phase 3 card can be the boss (X-1)")
        res = self.keys(c["resistance"], "resistance", COLORS)
        resistance = tuple((col, self.int_(res[col], f"resistance.{col}", 0, 3)) for col in COLORS)
        rounds = self.list_(c["rounds"], "rounds", 1, 9)
        if kind == "event" and len(rounds) != 1:
            self.bad("rounds", "an event card has exactly one round (X-2)")
        rs = []
        for j, r in enumerate(rounds, 1):
            f = f"rounds[{j}]"
            self.keys(r, f, ("color", "power", "dice"))
            color = self.color(r["color"], f + ".color")
            power = self.power(r["power"], f + ".power")
            dice = self.int_(r["dice"], f + ".dice", 1, 4)
            if kind == "event" and dice != 1:
                self.bad(f + ".dice", "in an event each player rolls one challenge die (EVENT)")
            rs.append(Round(color, power, dice))
        chart = self.list_(c["chart"], "chart", 6, 6)
        hits: dict[int, Hit] = {}
        for j, h in enumerate(chart, 1):
            f = f"chart[{j}]"
            self.keys(h, f, ("face", "spaces"), ("title", "weakness"))
            face = h["face"]
            if type(face) is not int or not 1 <= face <= 6:
                self.bad(f + ".face", f"a die face is 1..6, not {quoted(face)}")
            if face in hits:
                self.bad(f + ".face", f"face {face} is charted twice")
            spaces = self.list_(h["spaces"], f + ".spaces", 0, 3)
            for s in spaces:
                self.int_(s, f + ".spaces", 1, 3)
            if len(set(spaces)) != len(spaces):
                self.bad(f + ".spaces", "a space is listed twice")
            weak = h.get("weakness", [])
            weak = [weak] if isinstance(weak, str) else weak
            self.list_(weak, f + ".weakness", 0, 4)
            for w in weak:
                self.color(w, f + ".weakness")
            hits[face] = Hit(face, self.text(h.get("title", ""), f + ".title", empty_ok=True),
                             tuple(sorted(spaces)), tuple(weak))
        pre = self.preemptive(c["preemptive"])
        return Card(c["id"], name, phase, kind, boss, resistance, tuple(rs),
                    tuple(hits[f] for f in range(1, 7)), pre)

    def power(self, power: Any, f: str) -> tuple:
        if self.typed and isinstance(power, dict):  # e.g. { 3 = 22 }: only the counts the table entered
            if not power:
                self.bad(f, "expected at least one power number")
            for k in power:
                if k not in ("1", "2", "3", "4"):
                    self.bad(f, f"{quoted(k)} is not a player count 1..4")
            return tuple(self.int_(power[str(p)], f"{f}[{p}]", 1, 199) if str(p) in power else None
                         for p in range(1, 5))
        if not isinstance(power, list):
            self.bad(f, "expected a list of power numbers for 1, 2, 3 and 4 players")
        for p in range(1, 5):
            if len(power) < p:
                self.bad(f, f"no power number for {plural(p, 'player')}")
            self.int_(power[p - 1], f"{f}[{p}]", 1, 199)
        if len(power) > 4:
            self.bad(f, "more than four power numbers (one each for 1..4 players)")
        return tuple(power)

    def preemptive(self, p: Any) -> Preemptive:
        self.keys(p, "preemptive", ("kind", "attempt"), ("all", "goal", "weakness", "options", "text"))
        kind = p["kind"]
        if kind not in KINDS:
            self.bad("preemptive.kind", f"expected choice, crisis or exploit, not {quoted(kind)}")
        attempt = self.list_(p["attempt"], "preemptive.attempt", 0, 4)
        for col in attempt:
            self.color(col, "preemptive.attempt")
        if len(set(attempt)) != len(attempt):
            self.bad("preemptive.attempt", "a colour is listed twice")
        all_ = p.get("all", False)
        if type(all_) is not bool:
            self.bad("preemptive.all", f"expected true or false, not {quoted(all_)}")
        text = self.text(p.get("text", ""), "preemptive.text", empty_ok=True)
        if kind == "choice":
            for k in ("goal", "weakness"):
                if k in p:
                    self.bad("preemptive." + k, "a choice has options, not a goal or a weakness")
            opts = self.list_(p.get("options"), "preemptive.options", 2, 6)
            for o in opts:
                self.text(o, "preemptive.options")
            return Preemptive(kind, tuple(attempt), all_, None, None, tuple(opts), text)
        if "options" in p:
            self.bad("preemptive.options", f"a {kind} has a goal, not options")
        if "goal" not in p:
            self.bad("preemptive.goal", "missing")
        goal = self.int_(p["goal"], "preemptive.goal", 1, 18)
        weak = self.color(p["weakness"], "preemptive.weakness") if "weakness" in p else None
        return Preemptive(kind, tuple(attempt), all_, goal, weak, (), text)


def parse_timeline(text: str, file: str = "<text>", name: str = "") -> Timeline:
    """The timeline in TOML `text`; LibraryError naming `file`, card and field if it is not one."""
    data = toml(text, file)
    return _Checker(file).timeline(data, name or Path(file).stem)


def toml(text: str, file: str, code: str = "bad-timeline", prefix: str = "", what: str = "not valid TOML") -> dict:
    """`text` read as TOML; LibraryError naming `file` for bad TOML, or nesting too deep to read."""
    try:
        return tomllib.loads(prefix + text)
    except tomllib.TOMLDecodeError as exc:
        raise LibraryError(file, None, None, f"{what} ({exc})", code) from None
    except RecursionError:
        raise LibraryError(file, None, None, "lists or tables are nested too deeply", code) from None


TYPED = "typed card"


def parse_card(text: str, file: str = TYPED) -> Card:
    """One card written as a TOML inline table (the `[[card]]` fields of a library file on one line),
    checked by the library's own checks; LibraryError (code "bad-card") naming the card and field."""
    if "\n" in text or "\r" in text:
        raise LibraryError(file, None, None, "a card is written on one line", "bad-card")
    data = toml(text, file, "bad-card", "card = ", "not a card in TOML's inline form { id = ..., ... }")
    card = data.get("card")
    if set(data) != {"card"} or not isinstance(card, dict):
        raise LibraryError(file, None, None, "expected one inline table { id = ..., name = ..., ... }", "bad-card")
    checker = _Checker(file, typed=True)
    checker.card = card.get("id") if isinstance(card.get("id"), str) else None
    return checker.one_card(card)


def card_text(card: Card) -> str:
    """The one-line form `parse_card` reads: the card's library fields as a TOML inline table."""
    return inline(card.to_table())


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")


def inline(v: Any) -> str:
    """`v` (tables, lists, texts, whole numbers, booleans) in TOML's one-line form."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        out = []
        for ch in v:
            if ch in '"\\':
                out.append("\\" + ch)
            elif ord(ch) < 0x20 or ord(ch) == 0x7F:
                out.append(f"\\u{ord(ch):04X}")
            else:
                out.append(ch)
        return '"' + "".join(out) + '"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(inline(x) for x in v) + "]"
    if isinstance(v, dict):
        keys = (k if _BARE_KEY.match(k) else inline(k) for k in v)
        return "{ " + ", ".join(f"{k} = {inline(x)}" for k, x in zip(keys, v.values())) + " }" if v else "{}"
    raise TypeError(f"no TOML form for {type(v).__name__}")


def table_dir() -> Path:
    """The table's own library folder: `chronomage` in the data directory (`companion.data_dir`), where
    the journal lives too."""
    return data_dir() / "chronomage"


def library_dirs() -> list[Path]:
    """Where timeline names are looked up: the package's own, $CHRONOMAGE_LIBRARY's, the table's folder."""
    dirs = [PACKAGED]
    extra = os.environ.get("CHRONOMAGE_LIBRARY")
    if extra:
        dirs += [Path(p) for p in extra.split(os.pathsep) if p]
    dirs.append(table_dir())
    return dirs


def library_names() -> tuple[str, ...]:
    """Every timeline name the library holds now, sorted (a name in two folders once)."""
    return tuple(sorted({p.stem for d in library_dirs() if d.is_dir() for p in d.glob("*.toml")
                         if ID_RE.match(p.stem) and p.is_file()}))


def resolve(spec: str) -> Path:
    """The file a `timeline` option names: a path (with '/' or '.toml'), else a name in `library_dirs()`."""
    if "/" in spec or os.sep in spec or spec.endswith(".toml"):
        return Path(spec).expanduser()
    if not ID_RE.match(spec):
        raise LibraryError(spec, None, None, "a timeline is a library name (letters, digits, '-') or a .toml path")
    for d in library_dirs():
        p = d / f"{spec}.toml"
        if p.is_file():
            return p
    raise LibraryError(spec, None, None, "no timeline of that name in the library (it has "
                       + ", ".join(library_names()) + "; in " + ", ".join(str(d) for d in library_dirs()) + ")")


def read_file(path: Path, code: str = "bad-timeline") -> str:
    """A library file's text: refused by name, without reading, if it is not a regular file (a device, a
    FIFO, a directory) or is over MAX_FILE; opened without waiting (a FIFO made after the check)."""
    kinds = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"),
             (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))

    def check(mode: int, size: int) -> None:
        if not stat.S_ISREG(mode):
            kind = next((k for test, k in kinds if test(mode)), "not a file")
            raise LibraryError(str(path), None, None, f"is not a timeline file ({kind}, not a regular file)", code)
        if size > MAX_FILE:
            raise LibraryError(str(path), None, None, f"is larger than {MAX_FILE // 1024} KiB: not a timeline "
                               "file", code)
    try:
        st = os.stat(path)
        check(st.st_mode, st.st_size)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
        try:
            st = os.fstat(fd)
            check(st.st_mode, st.st_size)
            with os.fdopen(fd, "rb", closefd=False) as f:
                raw = f.read(MAX_FILE + 1)
        finally:
            os.close(fd)
        if len(raw) > MAX_FILE:
            check(stat.S_IFREG, len(raw))
        return raw.decode("utf-8")
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise LibraryError(str(path), None, None, f"cannot be read ({exc.__class__.__name__})", code) from None


def load_timeline(spec: str = DEFAULT) -> Timeline:
    """The checked timeline that the `timeline` option `spec` names."""
    path = resolve(spec)
    return parse_timeline(read_file(path), str(path), path.stem)


# -- the cards kept with a game (the `cards` option) ------------------------------------------------

KEPT = "the cards kept with the game"  # how a refusal names the `cards` option's text


def timeline_name(spec: str) -> str:
    """The name a `timeline` option gives its timeline, found without touching the disk."""
    return Path(spec).stem if ("/" in spec or os.sep in spec or spec.endswith(".toml")) else spec


def keep(timeline: Timeline, saved: tuple[Card, ...], warnings: tuple[str, ...]) -> str:
    """The timeline's cards, the table's saved cards and the warnings of reading them, as one TOML text
    (`unkeep` reads it back equal): what a game keeps in its options, so a session never reads the files again."""
    lines = [f"source = {inline(timeline.source)}", f"warnings = {inline(list(warnings))}", "", "[timeline]", f"title = {inline(timeline.title)}",
             f"example = {inline(timeline.example)}"]
    for key, cards in (("card", timeline.cards), ("saved", saved)):
        for card in cards:
            lines += ["", f"[[{key}]]"] + [f"{k} = {inline(v)}" for k, v in card.to_table().items()]
    return "\n".join(lines) + "\n"


def unkeep(text: str, spec: str) -> tuple[Timeline, tuple[Card, ...], tuple[str, ...]]:
    """The timeline, saved cards and warnings `keep` wrote; LibraryError (bad-option) if it is not such a text."""
    data = toml(text, KEPT, "bad-option")
    source, warnings, saved = data.pop("source", spec), data.pop("warnings", []), data.pop("saved", [])
    if not isinstance(warnings, list) or not all(isinstance(w, str) for w in warnings):
        raise LibraryError(KEPT, None, "warnings", "expected a list of texts", "bad-option")
    if not isinstance(source, str):
        raise LibraryError(KEPT, None, "source", "expected the file the cards were read from", "bad-option")
    timeline = _Checker(KEPT, code="bad-option").timeline(data, timeline_name(spec))
    mine = _Checker(KEPT, typed=True, code="bad-option").cards(saved)
    return replace(timeline, source=source), tuple(mine), tuple(warnings)


class Library:
    """The timelines a table has typed, by name. Adding a bad file raises and leaves the library as it was."""

    def __init__(self):
        self.timelines: dict[str, Timeline] = {}

    def add(self, spec: str) -> Timeline:
        timeline = load_timeline(spec)  # raises before anything changes
        self.timelines[timeline.name] = timeline
        return timeline

    def names(self) -> list[str]:
        return sorted(self.timelines)
