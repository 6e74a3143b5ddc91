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

from companion.games.chronomage.rules import COLORS
from companion.games.chronomage.timeline import inline

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


def to_toml(data: dict[str, Any]) -> str:
    lines = ["[timeline]"] + [f"{k} = {inline(v)}" for k, v in data["timeline"].items()]
    for card in data["card"]:
        lines += ["", "[[card]]"] + [f"{k} = {inline(v)}" for k, v in card.items()]
    return "\n".join(lines) + "\n"


def typed(phase: int = 1, *, boss: bool = False, id: str = "typed", name: str = "Typed card", **kw) -> str:
    """`reveal { ... }`: a card typed at the table (a plain monster unless `kw` changes it)."""
    card = {"id": id, "name": name, "phase": phase, **({"boss": True} if boss else {}), **monster(**kw)}
    return "reveal " + inline(card)


def play(state, *texts: str) -> list[dict[str, Any]]:
    """Apply action texts in order; the events of all of them."""
    events = []
    for t in texts:
        events += state.apply(state.game.parse_action(t))
    return events


def wellformed_texts(players: int, card_ids, rng) -> list[str]:
    """A probe set of syntactically valid action texts, seats and numbers one past the edges, dice
    handfuls of every size 0..4 with random faces: for checking `legal_actions()` == what `apply` accepts."""
    seats = range(0, players + 2)
    out = ["ready", "fail", "reveal", "reveal nosuch", "exploit yes", "exploit no", "reverse"]
    out += [f"reveal {i}" for i in card_ids]
    out += [typed(p, boss=b, id=f"probe-{p}{'-boss' if b else ''}") for p in (1, 2, 3) for b in (False, True) if p == 3 or not b]
    out += [f"reverse {a} {b}" for a in range(1, 7) for b in range(a, 7)]
    out += [f"choose {k}" for k in range(0, 5)]
    for s in seats:
        out += [f"book {s} {k}" for k in range(0, 8)] + [f"form {s} {p}" for p in range(0, 5)]
        out += [f"choose {s} {k}" for k in range(0, 5)] + [f"time {s}", f"loot {s}", f"dice {s}"]
        out += [f"assist {s} {t}" for t in seats]
        out += [f"loot {s} {k}" for k in ("temporary", "robes", "staff")]
        out += [f"loot {s} {t} {c}" for t in ("robes", "staff") for c in ("swap", "refuse")]
        out += [f"discard {s} {k}" for k in ("temporary", "robes", "staff", "loot")]
        out += [f"spell {s} {rng.randint(0, 11)} {rng.randint(0, 4)} {rng.randint(0, 10)}" for _ in range(6)]
        out += [f"spell {s} {c} 0" for c in (0, 10, 11)]
        for k in range(0, 5):
            own = " ".join(str(rng.randint(1, 6)) for _ in range(k))
            out.append(f"dice {s} {own}".rstrip())
            for m in range(1, 4):
                chal = " ".join(str(rng.randint(1, 6)) for _ in range(m))
                out.append(f"dice {s} {own} / {chal}".replace("  ", " "))
    return out
