"""Where a table keeps its files: $COMPANION_DATA (the systemd unit's StateDirectory), else the XDG data
directory's board-companion. The journal, the phones' keys, typed Legend values and Chronomage's own
library all live there."""
from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    base = os.environ.get("COMPANION_DATA") or Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local/share") / "board-companion"
    return Path(base)
