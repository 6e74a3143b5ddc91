"""Updates that cost what changed, on real sockets (phones/message): a change goes only to the seats whose
picture moved, a phone is not sent again an action list it holds, and a phone that joins later holds the
same picture as one that was on all along.
"""
from __future__ import annotations

import json

import aiohttp

from companion.phones.wire import HELD
from phone_helpers import PhoneTable, legends4, open_phone, run  # noqa: F401 (legends4: a fixture)


def swapped_hand(table: PhoneTable, seat: int) -> dict:
    """The table's state with one card of `seat`'s hand swapped for a different one of the draw pile (a
    correction only that seat can tell)."""
    state = table.ok({"op": "state"})["state"]
    hand, pile = state["hands"][seat - 1], state["draw_pile"]
    i, j = next((i, j) for i in range(len(hand)) for j in range(len(pile)) if hand[i] != pile[j])
    hand[i], pile[j] = pile[j], hand[i]
    return state


def test_phones_message_a_seat_whose_picture_did_not_change_is_sent_nothing(tmp_path):
    table = PhoneTable(tmp_path / "j.sqlite", "time-runners", 3, seed=4)
    try:
        async def go():
            async with aiohttp.ClientSession() as client:
                phones = {s: await open_phone(client, table, s) for s in (1, 2, 3)}
                for p in phones.values():
                    await p.next("state")
                table.ok({"op": "load", "state": swapped_hand(table, 1)})  # a correction: every seat is told
                shown = {s: await p.next("state") for s, p in phones.items()}
                assert all([e["type"] for e in m["events"]] == ["corrected"] for m in shown.values())
                table.ok({"op": "load", "state": swapped_hand(table, 1)})  # another, that only seat 1 can tell
                assert (await phones[1].next("state"))["view"]["hand"] != shown[1]["view"]["hand"]
                table.ok({"op": "play", "action": table.ok({"op": "legal"})["actions"][0]})  # then one all see
                for s in (2, 3):
                    view = table.ok({"op": "view", "player": s})["view"]
                    assert view != shown[s]["view"]
                    # the very next message is the play's: the second correction sent this phone nothing
                    assert (await phones[s].next())["view"] == view
        run(go())
    finally:
        table.close()


def test_phones_message_a_phone_that_joins_after_a_change_holds_the_same_picture_as_one_that_was_on(legends4):
    async def go():
        async with aiohttp.ClientSession() as client:
            one, early = await open_phone(client, legends4, 1), await open_phone(client, legends4, 2)
            mine, before = await one.next("state"), await early.next("state")
            assert (await one.play(mine, mine["actions"][3]["text"]))["type"] == "done"
            after = await early.next("state", lambda m: 1 in m["view"]["picked"])
            assert after["events"], "the pick is an event every seat sees"
            late = await open_phone(client, legends4, 2)
            assert await late.next("state") == after
            assert after["actions"] == before["actions"]
            assert "actions" not in json.loads(early.raw[-1])  # the list seat 2 held was not sent again
            assert len(early.raw[-1].encode()) <= 4096
    run(go())


def test_phones_message_a_list_is_sent_again_only_to_a_phone_that_does_not_hold_it(legends4):
    async def go():
        async with aiohttp.ClientSession() as client:
            one = await open_phone(client, legends4, 1)
            mine = await one.next("state")
            assert "actions" in json.loads(one.raw[0]) and len(mine["actions"]) > 100
            assert (await one.play(mine, mine["actions"][0]["text"]))["type"] == "done"
            assert [m for m in one.seen if m["type"] == "state"][-1]["actions"] == []  # (pushed before the answer)
            legends4.ok({"op": "undo"})  # the table takes the pick back: seat 1's choices are the first ones again
            back = await one.next("state", lambda m: m["actions"] != [])
            assert back["offer"] == mine["offer"] and back["actions"] == mine["actions"]
            assert "actions" not in json.loads(one.raw[-1])  # it holds that list still (one of the last HELD)
            # a new socket holds nothing (the page forgets its lists with each socket): it gets the list whole
            again = await open_phone(client, legends4, 1)
            await again.next("state")
            assert json.loads(again.raw[0])["actions"] == mine["actions"]
            # and a phone that says it lost its picture (sync) gets it whole
            await one.send({"op": "sync"})
            await one.next("state")
            assert "actions" in json.loads(one.raw[-1])
    run(go())


def test_phones_message_a_phone_forgets_the_oldest_list_as_the_table_does():
    from companion.phones.wire import Held
    held = Held()
    for n in range(HELD + 1):
        held.keep(f"offer{n}", [n])
    assert "offer0" not in held and all(f"offer{n}" in held for n in range(1, HELD + 1))
    held.keep("offer1", ["again"])  # kept already: neither replaced nor made newer
    held.keep("offer9", [9])
    assert "offer1" not in held and held.fill({"type": "state", "offer": "offer2"})["actions"] == [2]
