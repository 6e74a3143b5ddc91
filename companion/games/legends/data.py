"""Legend data (LA-3, LA-9): one JSON file per Legend in `data/`, read on first use, never at import.

A file gives the Legend's basic deck, Specials, Ultimates (stacked in the order listed, first drawn
first), Push track and its own cards (name, kind, Speed). Values the rule text does not give are marked
`"placeholder": true`; `placeholders(id)` lists them so the app can say so at setup. A table may type
its board's real values once: `save_values(data_dir, id, values)` validates them and keeps them in
`<data_dir>/legends/<id>.json`; `load(id, data_dir)` reads the package file with those values on top.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.core import BadRequest

from .cards import BASIC_SPEED, BASICS, LEGEND_IDS

DATA = Path(__file__).with_name("data")
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

    def speed(self, card: str) -> int:
        return BASIC_SPEED[card] if card in BASIC_SPEED else self.speeds[card]

    def push(self, index: int) -> int:
        """LA-9: tokens for new Fatigue + remaining Force; past the end, the last value."""
        return self.push_track[min(max(index, 0), len(self.push_track) - 1)]

    @property
    def own_cards(self) -> tuple[str, ...]:
        return tuple(self.speeds)

    @property
    def all_cards(self) -> tuple[str, ...]:
        return self.basics + self.specials + self.ultimates


def _bad(legend: str, what: str):
    raise BadRequest("bad-legend-data", f"Legend data for {legend!r}: {what}.", RULE)


def _card_list(lid: str, d: Any, what: str) -> tuple[str, ...]:
    if not isinstance(d, dict) or not isinstance(d.get("cards"), list) or type(d.get("placeholder", False)) is not bool:
        _bad(lid, f"{what} is {{\"cards\": [card ids], \"placeholder\": true|false}}")
    cards = d["cards"]
    if any(not isinstance(c, str) or not c or c != c.lower() or " " in c for c in cards) or len(set(cards)) != len(cards):
        _bad(lid, f"{what} must list distinct lowercase-hyphenated card ids")
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
    if not basics or not ultimates:
        _bad(lid, "a Legend has basic cards and at least one Ultimate")
    if len(set(basics + specials + ultimates)) != len(basics) + len(specials) + len(ultimates):
        _bad(lid, "a card id appears in two lists")
    track = d.get("push_track")
    if not isinstance(track, dict) or not isinstance(track.get("values"), list) \
            or type(track.get("placeholder", False)) is not bool:
        _bad(lid, 'push_track is {"values": [counts], "placeholder": true|false}')
    values = track["values"]
    if len(values) < 11 or any(type(v) is not int or not 0 <= v <= 9 for v in values):
        _bad(lid, "the Push track lists 11 or more token counts 0..9 (LA-9)")
    if any(b > a for a, b in zip(values[1:], values)):
        _bad(lid, "a Push track never goes down as the index grows")
    cards = d.get("cards")
    if not isinstance(cards, dict):
        _bad(lid, "cards is an object of the Legend's own cards")
    own = [c for c in basics if c not in BASICS] + list(specials) + list(ultimates)
    if sorted(cards) != sorted(own):
        _bad(lid, "cards must describe exactly the Legend's own cards: " + ", ".join(own))
    speeds, names, flagged = {}, {}, []
    for c in own:
        e = cards[c]
        kind = "basic" if c in basics else "special" if c in specials else "ultimate"
        if not isinstance(e, dict) or e.get("kind") != kind or not isinstance(e.get("name"), str):
            _bad(lid, f"card {c!r} needs a name and kind {kind!r}")
        if type(e.get("speed")) is not int or not 0 <= e["speed"] <= 100:
            _bad(lid, f"card {c!r} needs a Speed 0..100")
        if type(e.get("placeholder", False)) is not bool:
            _bad(lid, f"card {c!r}: placeholder is true or false")
        speeds[c], names[c] = e["speed"], e["name"]
        if e.get("placeholder"):
            flagged.append(f"cards.{c}")
    for key in ("basics", "specials", "ultimates", "push_track"):
        if d[key].get("placeholder"):
            flagged.insert(0, key)
    return Legend(lid, d["name"], basics, specials, ultimates, tuple(values), speeds, names, tuple(flagged))


def _read(path: Path, lid: str) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        _bad(lid, f"{path.name} cannot be read ({exc})")


def _merge(base: dict, values: Any, lid: str) -> dict:
    """The package dict with the table's typed values on top (only the fields a table may type)."""
    if not isinstance(values, dict) or set(values) - {"basics", "push_track", "cards"}:
        _bad(lid, "typed values are an object with basics, push_track and/or cards")
    out = json.loads(json.dumps(base))
    if "basics" in values:
        out["basics"] = {"cards": values["basics"], "placeholder": False}
    if "push_track" in values:
        out["push_track"] = {"values": values["push_track"], "placeholder": False}
    for c, speed in (values.get("cards") or {}).items():
        if c not in out["cards"]:
            _bad(lid, f"there is no card {c!r} to give a Speed")
        out["cards"][c] = {**out["cards"][c], "speed": speed, "placeholder": False}
    return out


@lru_cache(maxsize=None)
def _load(lid: str, data_dir: str | None) -> Legend:
    if lid not in LEGEND_IDS:
        _bad(lid, "there is no such Legend")
    base = _read(DATA / f"{lid}.json", lid)
    if data_dir is not None:
        typed = Path(data_dir) / "legends" / f"{lid}.json"
        if typed.exists():
            base = _merge(base, _read(typed, lid), lid)
    return parse(lid, base)


def load(lid: str, data_dir: str | Path | None = None) -> Legend:
    return _load(lid, None if data_dir is None else str(data_dir))


def placeholders(lid: str, data_dir: str | Path | None = None) -> tuple[str, ...]:
    """The fields of a Legend still holding placeholder values (the app says so at setup)."""
    return load(lid, data_dir).placeholders


def save_values(data_dir: str | Path, lid: str, values: dict) -> Legend:
    """Validate a table's typed values (basics, push_track, card Speeds) and keep them; BadRequest if wrong."""
    legend = parse(lid, _merge(_read(DATA / f"{lid}.json", lid), values, lid))
    path = Path(data_dir) / "legends" / f"{lid}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(values, indent=1) + "\n", encoding="utf-8")
    _load.cache_clear()
    return legend
