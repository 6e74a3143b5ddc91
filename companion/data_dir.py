"""Where a table keeps its files: $COMPANION_DATA (the systemd unit's StateDirectory), else the XDG data
directory's board-companion. The default journal, typed Legend values and Chronomage's own library live
there; the phones' keys live beside the journal in use (here only for the default journal)."""
from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    base = os.environ.get("COMPANION_DATA") or Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local/share") / "board-companion"
    return Path(base)
