"""A game that finished or was archived takes its phones' links and codes with it (rule phones/token): the
journal gives an archived game's number to the next game, and an old code must not open that one."""
from __future__ import annotations

import json
import random
from pathlib import Path

import aiohttp

from companion.archive import archive
from phone_helpers import PhoneTable, open_phone, run


def finish(table: PhoneTable, seed: int) -> int:
    """Play the game on the table to its end with random legal actions; its session number."""
    rng = random.Random(seed)
    while table.ok({"op": "state"})["outcome"] is None:
        table.ok({"op": "play", "action": rng.choice(table.ok({"op": "legal"})["actions"])})
    return table.ok({"op": "state"})["session"]


def join(table: PhoneTable, code: str) -> tuple[int, dict]:
    async def go():
        async with aiohttp.ClientSession() as client:
            async with client.post(table.base + "/join", json={"code": code}) as answer:
                return answer.status, await answer.json()
    return run(go())


def stored_tokens(table: PhoneTable) -> set[str]:
    path = Path(table.journal.path).with_name("phone-keys.json")
    return {row["token"] for row in json.loads(path.read_text())}


def test_phones_token_an_archived_games_code_opens_nothing_once_a_new_game_took_its_number(tmp_path):
    table = PhoneTable(tmp_path / "j.sqlite", "time-runners", 2, seed=3)
    try:
        old = table.links()[0]
        session = finish(table, seed=3)
        table.table.owner(lambda: archive(table.journal, session, tmp_path / "game.jsonl")).result()
        assert table.ok({"op": "new", "game": "time-runners", "players": 2, "seed": 4})["session"] == session
        status, answer = join(table, old["code"])
        assert status == 403 and answer["error"]["code"] == "unknown-code", answer
        new = table.links()[0]
        assert join(table, new["code"])[0] == 200
        assert old["url"].rsplit("/", 1)[1] not in stored_tokens(table)
    finally:
        table.close()


def test_phones_token_the_keys_of_a_finished_game_are_forgotten_once_it_leaves_the_table(tmp_path):
    table = PhoneTable(tmp_path / "j.sqlite", "time-runners", 2, seed=5)
    try:
        finished = [link["url"].rsplit("/", 1)[1] for link in table.links()]
        finish(table, seed=5)
        assert set(finished) <= stored_tokens(table)  # on the table still: its phones see how it ended
        table.ok({"op": "new", "game": "block-arena", "players": 2, "seed": 1})
        table.links()
        assert len(stored_tokens(table)) == 2 and not set(finished) & stored_tokens(table)
    finally:
        table.close()


def test_phones_token_a_phone_of_an_archived_game_is_sent_away_not_shown_the_new_game_of_its_number(tmp_path):
    # its key's number matched the new game's, so it was pushed the new game's seat 1 picture (that seat's hand)
    table = PhoneTable(tmp_path / "j.sqlite", "time-runners", 2, seed=3)
    try:
        token = table.token(1)

        async def go():
            async with aiohttp.ClientSession() as client:
                phone = await open_phone(client, table, token=token)
                await phone.next("state")
                session = finish(table, seed=3)
                await phone.next("state", where=lambda m: m["view"]["winner"] is not None)  # the old game's last
                table.table.owner(lambda: archive(table.journal, session, tmp_path / "game.jsonl")).result()
                table.ok({"op": "new", "game": "time-runners", "players": 2, "seed": 4})
                return await phone.next()
        assert run(go())["type"] == "gone"
    finally:
        table.close()
