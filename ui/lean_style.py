"""Kivy's own style rules for the Kivy widgets this app uses, and no others.

When it is imported, Kivy parses its `data/style.kv`: rules for about seventy widget classes (file
choosers, settings panels, video players, action bars...), of which the app uses a dozen. Parsing them
was 60 ms of the ~280 ms to the app's first frame on the development machine, more on a Pi.
`KIVY_DATA_DIR`, a documented Kivy setting, names the data folder Kivy reads: `prepare()` makes one in
the user's cache, with Kivy's own data entries linked in and a `style.kv` cut from the installed one
(so it always matches the Kivy that runs) keeping only the rules in `USED`. `ui.boot.configure` points
Kivy at it before Kivy is imported; without a writable cache Kivy keeps its own folder.
`tests/ui/test_lean_style.py` checks that every Kivy class on every screen keeps its rule.
"""
from __future__ import annotations

import importlib.util
import logging
import os
import tempfile
import zlib
from pathlib import Path

log = logging.getLogger("ui.style")

#: rule headers of Kivy's style.kv the app needs (TextInput brings its selection handles and the
#: cut/copy/paste bubble; Button and ScrollView their bases)
USED = ("Label", "-Button,-ToggleButton", "RelativeLayout", "Image,AsyncImage", "StencilView", "ScrollView",
        "ScreenManager", "TextInput", "TextInputCutCopyPaste", "Selector", "BubbleContent", "BubbleButton")


def kivy_data_dir() -> Path:
    """The installed Kivy's own data folder, found without importing Kivy."""
    spec = importlib.util.find_spec("kivy")
    return Path(next(iter(spec.submodule_search_locations))) / "data"


def lean_style(full: str, used=USED) -> str:
    """`full` (a style.kv) keeping its opening directives and the rules whose header is in `used`."""
    kept, keep = [], True
    for line in full.splitlines(keepends=True):
        if line.startswith("<"):
            keep = line.strip().rstrip(":").strip("<>") in used
        if keep:
            kept.append(line)
    return "".join(kept)


def prepare(cache: Path | None = None) -> Path | None:
    """The data folder to give Kivy, made once per installed style.kv and rule list; None when it cannot
    be made (Kivy then reads its own)."""
    source = kivy_data_dir()
    try:
        stat = (source / "style.kv").stat()
        key = zlib.crc32(",".join(USED).encode())
        root = cache or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "board-companion"
        folder = root / f"kivy-data-{stat.st_size}-{int(stat.st_mtime)}-{key:08x}"
        if not (folder / "style.kv").is_file():
            _make(source, folder)
        return folder
    except OSError as exc:
        log.warning("Kivy keeps its full style rules (%s)", exc)
        return None


def _make(source: Path, folder: Path) -> None:
    """Build the folder beside its final place and rename it there, so a half-made one is never used."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".kivy-data-", dir=folder.parent))
    for entry in source.iterdir():
        if entry.name != "style.kv":
            (work / entry.name).symlink_to(entry)
    (work / "style.kv").write_text(lean_style((source / "style.kv").read_text(encoding="utf-8")), encoding="utf-8")
    try:
        work.rename(folder)
    except OSError:  # another process made it meanwhile: theirs is the same
        for entry in work.iterdir():
            entry.unlink()
        work.rmdir()
