"""Load the kv files once per process (loading one twice would apply its rules twice)."""
from __future__ import annotations

from pathlib import Path

KV_DIR = Path(__file__).with_name("kv")
_loaded: set[str] = set()


def load(*names: str) -> None:
    """The shared kv files by name (`ui/kv/<name>.kv`)."""
    for name in names:
        load_file(KV_DIR / f"{name}.kv")


def load_beside(module_file: str, name: str) -> None:
    """A game's own kv file, kept beside its screen module (`ui/games/<game>/<name>.kv`)."""
    load_file(Path(module_file).with_name(f"{name}.kv"))


def load_file(path: Path) -> None:
    from kivy.lang import Builder
    key = str(path.resolve())
    if key not in _loaded:
        Builder.load_file(key)
        _loaded.add(key)
