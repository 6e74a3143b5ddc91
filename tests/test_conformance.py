"""Conformance of every registered game (and the test-only toys of each shape), through the session.

Random playouts on a real journal; after every action: `legal` is exactly what `play` accepts (with and
without a `player`), a refusal changes nothing, `state_from_dict(to_dict())` round-trips, and no seat
can tell which of another seat's secret actions was played (its view and its events are the same
whichever it was). At the end, a resume from the journal and an export/import land on the same state.
"""
from __future__ import annotations

import json
import random

import pytest

from companion import games
from companion.core import CHANCE, OVER, Refusal
from companion.journal import Journal
from companion.rules import explain
from companion.session import Session
from toy_coop import TeamDice
from toy_duel import Nim
from toy_game import LuckyDraw
from toy_picks import SecretPicks

TOYS = {cls.id: cls for cls in (LuckyDraw, SecretPicks, TeamDice, Nim)}
MAX_ACTIONS = 120


@pytest.fixture(autouse=True)
def toys_registered(monkeypatch):
    for game_id, cls in TOYS.items():
        monkeypatch.setitem(games.REGISTRY, game_id, cls)


def tables():
    out = []
    for game_id, cls in {**games.REGISTRY, **TOYS}.items():
        for players in sorted({cls.min_players, cls.max_players}):
            out.append(pytest.param(game_id, players, id=f"{game_id}-{players}"))
    return out


def snapshot(session: Session) -> str:
    return json.dumps(session.full_state(), sort_keys=True)


def check_refused_unchanged(session: Session, text: str, player=None) -> None:
    before, head = snapshot(session), session.head
    with pytest.raises(Refusal) as err:
        session.play(text, player)
    assert snapshot(session) == before and session.head == head, f"refused {text!r} changed the state"
    assert err.value.rule is not None and explain(err.value.rule), f"{err.value.rule!r} is not in the rules reference"


def check_legal_is_accepted(session: Session, texts: list[str], rng: random.Random) -> None:
    game, state = session.game, session.state
    sample = texts if len(texts) <= 25 else rng.sample(texts, 25)
    for text in sample:
        trial = state.clone()
        action = game.parse_action(text)
        assert str(action) == text and game.parse_action(str(action)) == action, "notation must round-trip"
        if not action.incomplete:
            trial.apply(action)  # raises if a listed action is refused


def check_players(session: Session, texts: list[str], rng: random.Random) -> None:
    state = session.state
    for seat in session.game.seats:
        mine = session.legal(seat)
        assert mine == [t for t in texts if state.actor(session.game.parse_action(t)) in (seat, None)]
        others = [t for t in texts if t not in set(mine)]
        for text in rng.sample(others, min(3, len(others))):
            check_refused_unchanged(session, text, seat)


def check_secrets_do_not_leak(session: Session) -> None:
    """Whichever secret action a seat took, every other seat sees the same view and events (unless the
    action itself set off the reveal, as the last pick of an exchange does)."""
    state, game = session.state, session.game
    groups: dict[tuple, list] = {}
    for action in state.legal_actions():
        public = action.redacted()
        if public is not None and not action.incomplete:
            groups.setdefault((state.actor(action), public), []).append(action)
    for (actor, _public), actions in list(groups.items())[:4]:
        seen = set()
        for action in actions[:6]:
            trial = state.clone()
            events = trial.apply(action)
            if any(e.get("reveals") for e in events):
                continue
            seen.add(json.dumps([[trial.view(s), session.events_for(events, s)] for s in game.seats if s != actor]
                                + [trial.view(None), session.events_for(events, None)], sort_keys=True, default=str))
        assert len(seen) <= 1, f"seat {actor}'s secret choice shows in another seat's view"


@pytest.mark.parametrize("game_id,players", tables())
def test_random_playouts_hold_every_contract(game_id, players, tmp_path):
    journal = Journal(tmp_path / "j.sqlite")
    for seed in range(2):
        rng = random.Random(seed)
        session = Session.start(journal, game_id, players, seed=seed)
        seen_texts: set[str] = set()
        for step in range(MAX_ACTIONS):
            turn = session.turn()
            assert turn.kind != CHANCE, "the session applies owed chance at once"
            texts = session.legal()
            if turn.kind == OVER:
                assert session.outcome() is not None and texts == []
                break
            assert session.outcome() is None and texts, f"{game_id}: nobody can act but the game is not over"
            assert set(turn.seats) <= set(session.game.seats)
            check_legal_is_accepted(session, texts, rng)
            if step % 5 == 0:
                check_players(session, texts, rng)
                check_secrets_do_not_leak(session)
                for text in rng.sample(sorted(seen_texts - set(texts)), min(5, len(seen_texts - set(texts)))):
                    check_refused_unchanged(session, text)
            seen_texts.update(texts)
            session.play(rng.choice(texts))
            data = session.full_state()
            assert session.game.state_from_dict(json.loads(json.dumps(data))).to_dict() == data
            for seat in [None, *session.game.seats]:
                json.dumps(session.view(seat))
        for entry in journal.entries(session.id):
            assert entry.stop is None or explain(entry.stop.rule), f"undo stop {entry.stop} cites no known rule"
        # the journal alone brings the table back, and an export carries it to another journal
        assert snapshot(Session.resume(journal, session.id)) == snapshot(session)
        try:
            copy = Session.import_lines(Journal(), list(session.export_lines()))
        except Refusal as refusal:
            assert refusal.code == "sealed-export"  # a secret still unrevealed at the cut
        else:
            assert snapshot(copy) == snapshot(session)


@pytest.mark.parametrize("game_id", sorted({**games.REGISTRY, **TOYS}))
def test_the_rules_reference_answers_for_every_rule_of_the_game(game_id):
    cls = games.REGISTRY[game_id]
    assert cls.rules, f"{game_id} has no rules reference"
    for rule, sentence in cls.rules.items():
        assert explain(f"{game_id}/{rule}") == sentence and sentence.endswith(".")


@pytest.mark.parametrize("game_id", sorted({**games.REGISTRY, **TOYS}))
def test_a_table_size_out_of_range_is_refused_citing_a_rule_the_reference_explains(game_id):
    cls = games.REGISTRY[game_id]
    for players in (cls.min_players - 1, cls.max_players + 1):
        with pytest.raises(Refusal) as err:
            cls(players)
        assert err.value.code == "bad-player-count"
        assert explain(err.value.rule) == cls.players_rule() and cls.title in cls.players_rule()


@pytest.mark.parametrize("game_id", sorted({**games.REGISTRY, **TOYS}))
def test_options_come_from_the_schema_and_are_validated_by_it(game_id):
    cls = games.REGISTRY[game_id]
    game = cls(cls.min_players)
    assert set(game.options) == {o.name for o in cls.options_schema}
    for option in cls.options_schema:
        assert option.rule and (option.rule.startswith(f"{game_id}/") or option.rule.startswith("ALL-"))
        with pytest.raises(Refusal) as err:
            cls(cls.min_players, {option.name: {"not": "a value"}})
        assert err.value.code == "bad-option" and option.name in err.value.reason


def test_every_rule_id_written_in_the_engines_is_in_the_rules_reference():
    """Static: each "<game>/<RULE>" literal, and each rule a game module builds from its prefix."""
    from pathlib import Path
    import re
    root = Path(__file__).resolve().parents[1] / "companion"
    missing = []
    for path in root.rglob("*.py"):
        text = path.read_text()
        for game_id, rule in re.findall(r'"([a-z]+(?:-[a-z]+)*)/([A-Za-z0-9-]+)"', text):
            if game_id in games.REGISTRY and explain(f"{game_id}/{rule}") is None:
                missing.append(f"{path.name}: {game_id}/{rule}")
    time_runners = (root / "games/time_runners/state.py").read_text() + (root / "games/time_runners/game.py").read_text()
    for rule in re.findall(r'_(?:refuse|running|bad)\([^;\n]*?,\s*"((?:TR-\d+)|[a-z-]+)"\)', time_runners):
        if explain(f"time-runners/{rule}") is None and rule != "ALL-3":
            missing.append(f"time-runners/{rule}")
    assert not missing, missing


def test_every_rule_a_refusal_cites_in_a_game_package_is_in_that_games_rules_reference():
    """Static, by the syntax tree: each rule id given as text to `refuse`, `bad`, `invalid_state`, ... (or
    `IllegalAction`/`BadRequest`) in a game's package is explained by that game's reference, so a refusal
    never names a rule a player cannot look up. (The literal check above sees only "<game>/<RULE>".)"""
    import ast
    import re
    from pathlib import Path
    rule_id = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Za-z0-9]+)*")
    calls = {"refuse", "_refuse", "bad", "_bad", "_running", "no", "invalid_state", "bad_option", "IllegalAction",
             "BadRequest"}
    root = Path(__file__).resolve().parents[1] / "companion" / "games"
    package_game = {cls.__module__.split(".")[2]: game_id for game_id, cls in games.REGISTRY.items()
                    if cls.__module__.startswith("companion.games.")}
    cited, missing = 0, []
    for path in root.rglob("*.py"):
        game_id = package_game.get(path.relative_to(root).parts[0])
        if game_id is None:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in calls:
                continue
            for arg in node.args[1:] + [k.value for k in node.keywords if k.arg == "rule"]:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and rule_id.fullmatch(arg.value):
                    cited += 1
                    rule = arg.value
                    if explain(f"{game_id}/{rule}") is None and not (rule.startswith("ALL-") and explain(rule)):
                        missing.append(f"{path.name}:{node.lineno} {game_id}/{rule}")
    assert cited > 200 and not missing, missing
