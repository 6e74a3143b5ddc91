import pytest

from companion import games
from toy_game import LuckyDraw


@pytest.fixture
def lucky_registered(monkeypatch):
    """Register the test-only Lucky Draw game, so the core is tested without any real game."""
    monkeypatch.setitem(games.REGISTRY, "lucky-draw", LuckyDraw)
    return "lucky-draw"
