"""Load the kv files once per process (loading one twice would apply its rules twice)."""
from __future__ import annotations

from pathlib import Path

KV_DIR = Path(__file__).with_name("kv")
_loaded: set[str] = set()


def load(*names: str) -> None:
    from kivy.lang import Builder
    for name in names:
        if name not in _loaded:
            Builder.load_file(str(KV_DIR / f"{name}.kv"))
            _loaded.add(name)
