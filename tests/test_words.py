"""Words: one plural rule (companion.events.plural) and one way to list (and_list), so the table never
reads "1 runes" in one place and "1 rune" in another; a test scans the sources for hand-made plurals."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.core import Refusal
from companion.events import title_of
from companion.games.chronomage import GAME
from companion.games.legends.cards import BASIC_NAMES
from companion.games.legends.game import Legends
from companion.games.legends.words import card_name
from companion.testing.chronomage_fixtures import monster, write_timeline

from rules_helpers import play

ROOT = Path(__file__).resolve().parents[1]
#: a plural made on the spot: `{'s' if n != 1 else ''}`, `("s" if n > 1 else "")`, `'' if n == 1 else 's'`
HAND_MADE = re.compile(r"""['"]s['"]\s+if\b[^\n]*(?:!=|>)\s*1\b|==\s*1\s+else\s+['"]s['"]""")
#: a count's word written after it as a plural whatever the count: f"{runes} runes"
FIXED_PLURAL = re.compile(r"""\{[^{}]+\}(?:\[/b\])? (?:runes|time units)\b""")


def sources():
    for folder in ("companion", "ui"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".kv"):
                yield path


def test_every_plural_goes_through_the_one_rule():
    found = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}" for p in sources()
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if HAND_MADE.search(line) or FIXED_PLURAL.search(line)]
    assert found == [], "\n".join(found)


def test_the_plural_and_the_list_are_defined_once():
    defined = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p in sources()
               for m in re.finditer(r"^def (plural|count|and_list|_and)\(", p.read_text(encoding="utf-8"), re.M)]
    assert sorted(defined) == ["companion/events.py: def and_list(", "companion/events.py: def plural("], defined


def refusal(state, text: str) -> Refusal:
    with pytest.raises(Refusal) as caught:
        play(state, text)
    return caught.value


def test_CM_5_one_rune_and_one_time_unit_are_said_in_the_singular(tmp_path):
    timeline = write_timeline(tmp_path, c1=monster(rounds=[{"color": "blue", "power": [99] * 4, "dice": 1}]))
    st = GAME(1, {"timeline": str(timeline)}).new_state()
    assert "needs 1 rune;" in refusal(st, "spell 1 0 1").reason
    play(st, "ready", "reveal c1", "spell 1 9 0")
    assert "has 1 time unit left" in refusal(st, "spell 1 2 0").reason


def test_one_capitalisation_a_name_from_an_id_reads_as_the_printed_basics_do():
    assert BASIC_NAMES["defensive-pivot"] == "Defensive Pivot"
    assert card_name(None, "wind-up") == title_of("wind-up") == "Wind Up"  # a card no data file names
    legends = next(o for o in Legends.options_schema if o.name == "legends")
    assert "Lord Grym" in legends.titles
