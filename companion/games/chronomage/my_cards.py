"""The table's own cards (CM-3): cards typed at the table and saved, to be picked again in later games.

One file, `my-cards.toml` in the table's library folder (`timeline.table_dir()`): `[[card]]` tables
as in a timeline file, checked by the same checks, but with no deck to fill (no counts per phase, no
boss rule) and, as typed, perhaps only some power numbers. Saving checks the whole new file before it
replaces the old one (written beside it, then moved into place), so a bad card, or an id already
saved, changes nothing. A saved card is offered among the picks of any timeline when it fits the
deck's place and has the table's power number; the referee never draws it (it is not in the deck).
"""
from __future__ import annotations

import os
from pathlib import Path

from .timeline import Card, LibraryError, _Checker, inline, read_file, table_dir, toml

FILE = "my-cards.toml"
HEADER = ("# Chronomage cards typed at the table and saved by the companion; picked again from any timeline.\n"
          "# Same fields as a timeline file's [[card]] tables (see the engine's timeline.py).\n")


def cards_path() -> Path:
    return table_dir() / FILE


def parse_cards(text: str, file: str) -> tuple[Card, ...]:
    """The cards of a my-cards file; LibraryError naming the file, the card and the field."""
    data = toml(text, file)
    checker = _Checker(file, typed=True)
    checker.keys(data, "", (), ("card",))
    return tuple(checker.cards(data.get("card", [])))


def load_cards(path: Path | None = None) -> tuple[Card, ...]:
    """The saved cards (none while there is no file)."""
    path = path or cards_path()
    if not path.exists():
        return ()
    return parse_cards(read_file(path), str(path))


def save_card(card: Card, path: Path | None = None) -> Path:
    """Append `card` to the my-cards file, checked as a whole first; the file's path."""
    path = path or cards_path()
    old = read_file(path) if path.exists() else HEADER
    saved = parse_cards(old, str(path))  # the file as it is must be good before anything is added
    if card.id in {c.id for c in saved}:
        raise LibraryError(str(path), card.id, "id", "already saved; give the card another name", "bad-card")
    block = "\n[[card]]\n" + "".join(f"{k} = {inline(v)}\n" for k, v in card.to_table().items())
    new = old.rstrip("\n") + "\n" + block
    parse_cards(new, str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    part.write_text(new, encoding="utf-8")
    os.replace(part, path)
    return path
