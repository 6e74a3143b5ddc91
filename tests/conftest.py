import pytest

from companion import games


@pytest.fixture
def lucky_registered(monkeypatch):
    """Register the test-only Lucky Draw game, so the core is tested without any real game."""
    monkeypatch.setitem(games.REGISTRY, "lucky-draw", games.GameInfo("lucky-draw", "Lucky Draw", 1, 4, "toy_game"))
    return "lucky-draw"
