"""A phone never names its own luck in a game against others: a die's face typed in is the dice button's
or the touchscreen's, not a private screen's (a phone that could send `roll 6` would be a loaded die).
In a cooperative game, where each player enters their own dice, the faces stay on the phone."""
from __future__ import annotations

import aiohttp

from phone_helpers import PhoneTable, open_phone, run


def test_phones_chance_a_runner_rolls_on_the_phone_but_cannot_name_the_face(tmp_path):
    table = PhoneTable(tmp_path / "j.sqlite", "time-runners", 2, seed=7)
    try:
        async def go():
            async with aiohttp.ClientSession() as client:
                phone = await open_phone(client, table, 1)
                state = await phone.next("state")
                offered = [a["text"] for a in state["actions"]]
                assert "roll" in offered and not [t for t in offered if t.startswith("roll ")]
                head = table.table.referee.session.head
                for face in range(1, 7):
                    answer = await phone.play(state, f"roll {face}", id=f"r{face}")
                    assert answer["type"] == "refused" and answer["error"]["code"] == "not-offered"
                assert table.table.referee.session.head == head  # nothing was played
                answer = await phone.play(state, "roll", id="bare")
                assert answer["type"] == "done"  # the referee drew the face
                assert table.ok({"op": "state"})["state"]["phase"] == "roll-off"
        run(go())
    finally:
        table.close()


def test_phones_chance_a_cooperative_player_enters_their_own_dice_on_the_phone(tmp_path):
    table = PhoneTable(tmp_path / "j.sqlite", "chronomage", 1, seed=3)
    try:
        table.ok({"op": "play", "action": "ready"})
        table.ok({"op": "play", "action": "reveal rust-hound"})
        table.ok({"op": "play", "action": "choose 1"})

        async def go():
            async with aiohttp.ClientSession() as client:
                phone = await open_phone(client, table, 1)
                state = await phone.next("state")
                offered = [a["text"] for a in state["actions"]]
                assert "dice 1" in offered and "dice 1 5 6 / 3" in offered  # orange rolls 2 dice here
                answer = await phone.play(state, "dice 1 5 6 / 3")
                assert answer["type"] == "done"
                assert table.ok({"op": "state"})["state"]["last_round"]["seats"] == [11]  # 5 + 6: the round closed
        run(go())
    finally:
        table.close()
