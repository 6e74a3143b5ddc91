"""Legend data (LA-3, LA-9): one JSON file per Legend in `data/`, read on first use, never at import.

A file gives the Legend's basic deck, Specials, Ultimates (stacked in the order listed, first drawn
first), Push track and its own cards (name, kind, Speed). Values the rule text does not give are marked
`"placeholder": true`; `placeholders(id)` lists them so the app can say so at setup. A table may type
its board's real values once: `save_values(data_dir, id, values)` validates them and keeps them in
`<data_dir>/legends/<id>.json` (the data directory is the journal's: $COMPANION_DATA, else the XDG data
directory); `load(id, data_dir)` reads the package file with those values on top, `with_values(id,
values)` the package file with values given in memory (a game's captured `values` option, see
`game`). Typed values are `{"basics": [card ids], "push_track": [counts], "cards": {card id: Speed}}`,
any subset. A wrong value raises `LegendDataError` naming the field (`basics`, `push_track`,
`cards.<id>`), so an editor can show the error beside it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.core import BadRequest
from companion.data_dir import data_dir

from .cards import BASIC_NAMES, BASIC_SPEED, BASICS, LEGEND_IDS

DATA = Path(__file__).with_name("data")
MAX_TRACK = 30  # entries a typed Push track may have (Fatigue 10 + Force 9 reach index 19)
TYPED = ("basics", "push_track", "cards")  # the fields a table may type
KINDS = ("basic", "special", "ultimate")
RULE = "legends-of-the-arena/LA-3"


@dataclass(frozen=True)
class Legend:
    id: str
    name: str
    basics: tuple[str, ...]
    specials: tuple[str, ...]
    ultimates: tuple[str, ...]
    push_track: tuple[int, ...]
    speeds: dict[str, int]  # every own card (not the common basics) -> Speed
    names: dict[str, str]
    placeholders: tuple[str, ...]
    #: LA-14: the Legend's forms, the first its starting one (Lucius: human, wolf); () for a Legend of one form
    forms: tuple[str, ...] = ()
    #: LA-14: a double-sided card's name on each side, by form
    sides: dict[str, dict[str, str]] = field(default_factory=dict)
    #: LA-14: the form each stacked Ultimate belongs to
    ultimate_forms: dict[str, str] = field(default_factory=dict)
    #: LA-12: Tikkit's Edits (no Speed; one is picked on top of the three actions)
    edits: tuple[str, ...] = ()

    def speed(self, card: str) -> int:
        return BASIC_SPEED[card] if card in BASIC_SPEED else self.speeds[card]

    def side(self, card: str, form: str | None) -> str | None:
        """LA-14: the name of the side `form` shows of a double-sided card, else None."""
        return self.sides.get(card, {}).get(form) if form else None

    def push(self, index: int) -> int:
        """LA-9: tokens for new Fatigue + remaining Force; past the end, the last value."""
        return self.push_track[min(max(index, 0), len(self.push_track) - 1)]

    def card_name(self, card: str, form: str | None = None) -> str:
        """The card's printed name; with a form, a double-sided card's active side (LA-14)."""
        return BASIC_NAMES.get(card) or self.side(card, form) or self.names.get(card, card)

    def ultimate_for(self, form: str | None, left: list[str]) -> str | None:
        """LA-14: of the Ultimates still stacked (`left`), the one a draw takes: the current form's; with only
        the other form's left, that one (R-22); a Legend of one form takes the first."""
        if not left:
            return None
        return next((u for u in left if self.ultimate_forms.get(u) == form), left[0])

    @property
    def own_cards(self) -> tuple[str, ...]:
        return tuple(self.names)

    @property
    def all_cards(self) -> tuple[str, ...]:
        return self.basics + self.specials + self.ultimates


class LegendDataError(BadRequest):
    """Legend data or typed values that are wrong; `field` is the one at fault (None: the whole file)."""

    def __init__(self, legend: str, what: str, field: str | None = None):
        super().__init__("bad-legend-data", f"Legend data for {legend!r}: {what}.", RULE)
        self.legend, self.what, self.field = legend, what, field


def _bad(legend: str, what: str, field: str | None = None):
    raise LegendDataError(legend, what, field)


def _card_list(lid: str, d: Any, what: str) -> tuple[str, ...]:
    if not isinstance(d, dict) or not isinstance(d.get("cards"), list) or type(d.get("placeholder", False)) is not bool:
        _bad(lid, f"{what} is {{\"cards\": [card ids], \"placeholder\": true|false}}", what)
    cards = d["cards"]
    if any(not isinstance(c, str) or not c or c != c.lower() or " " in c for c in cards) or len(set(cards)) != len(cards):
        _bad(lid, f"{what} must list distinct lowercase-hyphenated card ids", what)
    return tuple(cards)


def parse(lid: str, d: Any) -> Legend:
    """A Legend from its file's dict, with a clear error for the first thing wrong."""
    if not isinstance(d, dict):
        _bad(lid, "a Legend file is a JSON object")
    if d.get("id") != lid:
        _bad(lid, f"its id is {d.get('id')!r}")
    if not isinstance(d.get("name"), str):
        _bad(lid, "it needs a name")
    basics = _card_list(lid, d.get("basics"), "basics")
    specials = _card_list(lid, d.get("specials"), "specials")
    ultimates = _card_list(lid, d.get("ultimates"), "ultimates")
    if not basics:
        _bad(lid, "a Legend has basic cards", "basics")
    if not ultimates:
        _bad(lid, "a Legend has at least one Ultimate", "ultimates")
    if len(set(basics + specials + ultimates)) != len(basics) + len(specials) + len(ultimates):
        _bad(lid, "a card id appears in two lists", "basics")
    track = d.get("push_track")
    if not isinstance(track, dict) or not isinstance(track.get("values"), list) \
            or type(track.get("placeholder", False)) is not bool:
        _bad(lid, 'push_track is {"values": [counts], "placeholder": true|false}', "push_track")
    values = track["values"]
    if not 11 <= len(values) <= MAX_TRACK:
        _bad(lid, f"the Push track lists 11 or more token counts (at most {MAX_TRACK}), not {len(values)} (LA-9)",
             "push_track")
    wrong = next((i for i, v in enumerate(values) if type(v) is not int or not 0 <= v <= 9), None)
    if wrong is not None:
        _bad(lid, f"a Push track value is a whole number of tokens 0..9, and index {wrong} holds {values[wrong]!r}",
             "push_track")
    down = next((i for i in range(1, len(values)) if values[i] < values[i - 1]), None)
    if down is not None:
        _bad(lid, f"a Push track never goes down as the index grows (index {down} is less than index {down - 1})",
             "push_track")
    cards = d.get("cards")
    if not isinstance(cards, dict):
        _bad(lid, "cards is an object of the Legend's own cards")
    own_basics = {c for c, e in cards.items() if isinstance(e, dict) and e.get("kind") == "basic"}
    stray = next((c for c in basics if c not in BASICS and c not in own_basics), None)
    if stray is not None:
        _bad(lid, f"{stray!r} is neither one of the seven basic cards nor one of its own basic cards", "basics")
    missing = sorted(own_basics - set(basics))
    if missing:
        _bad(lid, f"its own basic card {missing[0]!r} belongs in its basic deck", "basics")
    own = [c for c in basics if c not in BASICS] + list(specials) + list(ultimates)
    edits = tuple(c for c in own if isinstance(cards.get(c), dict) and cards[c].get("edit") is True)
    if len([c for c in basics if c not in edits]) < 3:
        _bad(lid, f"a basic deck has at least three cards, one for each pick of a sequence, not {len(basics)} (R-19)",
             "basics")
    if sorted(cards) != sorted(own):
        _bad(lid, "cards must describe exactly the Legend's own cards: " + ", ".join(own))
    forms = d.get("forms", [])
    if not isinstance(forms, list) or any(not isinstance(f, str) or not f.isalpha() or f != f.lower() for f in forms) \
            or len(set(forms)) != len(forms) or len(forms) == 1:
        _bad(lid, "forms is a list of two or more lowercase words (LA-14)", "forms")
    speeds, names, flagged, sides, uforms = {}, {}, [], {}, {}
    for c in own:
        e = cards[c]
        kind = "basic" if c in basics else "special" if c in specials else "ultimate"
        if not isinstance(e, dict) or e.get("kind") != kind or not isinstance(e.get("name"), str):
            _bad(lid, f"card {c!r} needs a name and kind {kind!r}", f"cards.{c}")
        if c in edits:  # LA-12: an Edit has no Speed
            if "speed" in e:
                _bad(lid, f"{e['name']} is an Edit: it has no Speed", f"cards.{c}")
            names[c] = e["name"]
            continue
        if type(e.get("speed")) is not int or not 0 <= e["speed"] <= 100:
            _bad(lid, f"the Speed of {e.get('name', c)} is a whole number 0..100, not {e.get('speed')!r}", f"cards.{c}")
        if type(e.get("placeholder", False)) is not bool:
            _bad(lid, f"card {c!r}: placeholder is true or false", f"cards.{c}")
        speeds[c], names[c] = e["speed"], e["name"]
        if "sides" in e:  # LA-14: a double-sided card names its side for each form
            if not isinstance(e["sides"], dict) or sorted(e["sides"]) != sorted(forms) \
                    or any(not isinstance(v, str) or not v for v in e["sides"].values()):
                _bad(lid, f"card {c!r}: sides names the card's side for each of the forms {forms}", f"cards.{c}")
            sides[c] = dict(e["sides"])
        if "form" in e:
            if kind != "ultimate" or e["form"] not in forms:
                _bad(lid, f"card {c!r}: an Ultimate's form is one of the forms {forms}", f"cards.{c}")
            uforms[c] = e["form"]
        if e.get("placeholder"):
            flagged.append(f"cards.{c}")
    for key in ("basics", "specials", "ultimates", "push_track"):
        if d[key].get("placeholder"):
            flagged.insert(0, key)
    if forms and sorted(uforms.values()) != sorted(set(uforms.values())):
        _bad(lid, "each form has at most one Ultimate (LA-14)", "ultimates")
    return Legend(lid, d["name"], basics, specials, ultimates, tuple(values), speeds, names, tuple(flagged),
                  tuple(forms), sides, uforms, edits)


def _read(path: Path, lid: str) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        _bad(lid, f"{path.name} cannot be read ({exc})")


def _merge(base: dict, values: Any, lid: str) -> dict:
    """The package dict with the table's typed values on top (only the fields a table may type)."""
    if not isinstance(values, dict) or set(values) - set(TYPED):
        _bad(lid, "typed values are an object with basics, push_track and/or cards")
    out = json.loads(json.dumps(base))
    if "basics" in values:
        out["basics"] = {"cards": values["basics"], "placeholder": False}
    if "push_track" in values:
        out["push_track"] = {"values": values["push_track"], "placeholder": False}
    speeds = values.get("cards", {})
    if not isinstance(speeds, dict):
        _bad(lid, "typed card Speeds are an object of card id: Speed", "cards")
    for c, speed in speeds.items():
        if c not in out["cards"]:
            _bad(lid, f"there is no card {c!r} to give a Speed", "cards")
        out["cards"][c] = {**out["cards"][c], "speed": speed, "placeholder": False}
    return out


def _check_id(lid: str) -> None:
    if lid not in LEGEND_IDS:
        _bad(lid, "there is no such Legend")


@lru_cache(maxsize=None)
def _package(lid: str) -> dict:
    _check_id(lid)
    return _read(DATA / f"{lid}.json", lid)


@lru_cache(maxsize=256)
def _with(lid: str, typed: str) -> Legend:
    return parse(lid, _merge(_package(lid), json.loads(typed), lid) if typed != "{}" else _package(lid))


def canonical(values: Any) -> str:
    """Typed values as one JSON text (sorted keys, no spaces): equal values, equal texts."""
    return json.dumps(values, sort_keys=True, separators=(",", ":"))


def with_values(lid: str, values: dict | None = None) -> Legend:
    """The package file with `values` on top (nothing read but the package file); LegendDataError if wrong."""
    return _with(lid, canonical(values or {}))


def default_dir() -> Path:
    """The data directory (`companion.data_dir`), where the journal lives too."""
    return data_dir()


def values_path(data_dir: str | Path, lid: str) -> Path:
    return Path(data_dir) / "legends" / f"{lid}.json"


def typed_values(lid: str, data_dir: str | Path | None = None) -> dict:
    """The values a table typed for `lid` (checked), {} if none; read from disk every time."""
    _check_id(lid)
    path = values_path(default_dir() if data_dir is None else data_dir, lid)
    if not path.exists():
        return {}
    values = _read(path, lid)
    with_values(lid, values)  # a file edited by hand is checked like typed values
    return values


def load(lid: str, data_dir: str | Path | None = None) -> Legend:
    """The Legend as this machine would play it: the package file, with `data_dir`'s typed values if given."""
    return with_values(lid, typed_values(lid, data_dir) if data_dir is not None else None)


def placeholders(lid: str, data_dir: str | Path | None = None) -> tuple[str, ...]:
    """The fields of a Legend still holding placeholder values (the app says so at setup)."""
    return load(lid, data_dir).placeholders


def typable(lid: str) -> tuple[str, ...]:
    """The fields the package file marks as placeholders: what a table types (`basics`, `push_track`, `cards.<id>`)."""
    return with_values(lid).placeholders


def save_values(data_dir: str | Path, lid: str, values: dict) -> Legend:
    """Validate a table's typed values (basics, push_track, card Speeds) and keep them; LegendDataError if wrong.

    They apply to games created afterwards; a game already created keeps the values it captured."""
    legend = with_values(lid, values)
    path = values_path(data_dir, lid)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(values, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(path)  # never half a file
    return legend
