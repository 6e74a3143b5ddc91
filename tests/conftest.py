import os
import tempfile

import pytest

from companion import games
from toy_game import LuckyDraw


@pytest.fixture
def lucky_registered(monkeypatch):
    """Register the test-only Lucky Draw game, so the core is tested without any real game."""
    monkeypatch.setitem(games.REGISTRY, "lucky-draw", LuckyDraw)
    return "lucky-draw"


def pytest_configure(config):
    """Before any fixture: what runs outside a test's own folder (a module-scoped fixture's command, say)
    keeps its data in a folder of the run's, never in the user's data directory."""
    os.environ["COMPANION_DATA"] = tempfile.mkdtemp(prefix="companion-data-")


@pytest.fixture(autouse=True)
def own_data_dir(tmp_path_factory, monkeypatch):
    """Every test (and the commands it starts) keeps its data in a folder of its own, never in this
    machine's: saved Legend values or a journal left there cannot change a result."""
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path_factory.mktemp("data")))
