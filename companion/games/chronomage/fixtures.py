"""Test timelines in one call: sixteen plain cards (c1..c16, c16 the boss) with any of them replaced.

    path = write_timeline(tmp_path, c1=monster(power=[5, 10, 22, 30]))
    game = Chronomage(3, {"timeline": str(path)})

A plain card is a one-round orange monster, resistance 3 for every colour, one challenge die, a chart
that hits nobody and a crisis nobody's colour may attempt, so the reveal leads straight into round 1.
`to_toml` writes the (small) TOML subset the library uses.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .rules import COLORS

QUIET_CHART = [{"face": f, "spaces": []} for f in range(1, 7)]
NOBODY = {"kind": "crisis", "attempt": [], "goal": 9}


def monster(*, power=(10, 20, 30, 40), color="orange", dice=1, resistance=3, rounds=None, chart=None,
            preemptive=None, **extra) -> dict[str, Any]:
    res = resistance if isinstance(resistance, dict) else dict.fromkeys(COLORS, resistance)
    card = {"type": "monster", "resistance": res,
            "rounds": rounds or [{"color": color, "power": list(power), "dice": dice}],
            "chart": chart or QUIET_CHART, "preemptive": preemptive or NOBODY}
    card.update(extra)
    return card


def event(*, power=(8, 8, 8, 8), color="blue", **kw) -> dict[str, Any]:
    card = monster(power=power, color=color, **kw)
    card["type"] = "event"
    return card


def timeline_dict(**cards: dict[str, Any]) -> dict[str, Any]:
    """The test timeline with the cards named c1..c16 replaced by the given ones (phase and id kept)."""
    out = []
    for i in range(1, 17):
        key = f"c{i}"
        card = dict(cards.get(key) or monster())
        card = {"id": key, "name": f"Card {i}", "phase": 1 if i <= 5 else 2 if i <= 10 else 3, **card}
        if i == 16:
            card.setdefault("boss", True)
        out.append(card)
    return {"timeline": {"title": "Test timeline", "example": True}, "card": out}


def write_timeline(folder: Path, name: str = "test", **cards) -> Path:
    path = Path(folder) / f"{name}.toml"
    path.write_text(to_toml(timeline_dict(**cards)), encoding="utf-8")
    return path


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(type(v))


def to_toml(data: dict[str, Any]) -> str:
    lines = ["[timeline]"] + [f"{k} = {_value(v)}" for k, v in data["timeline"].items()]
    for card in data["card"]:
        lines += ["", "[[card]]"] + [f"{k} = {_value(v)}" for k, v in card.items()]
    return "\n".join(lines) + "\n"


def play(state, *texts: str) -> list[dict[str, Any]]:
    """Apply action texts in order; the events of all of them."""
    events = []
    for t in texts:
        events += state.apply(state.game.parse_action(t))
    return events
