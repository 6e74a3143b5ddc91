"""A phone link opens one game only: the journal gives a removed session's number to the next game, and
last week's link for "session 1, seat 1" must not open this week's session 1 (a guest's old phone would
see the new game's hand)."""
from __future__ import annotations

import aiohttp
import pytest

from phone_helpers import PhoneTable, open_phone, run


def test_phones_token_an_old_link_does_not_open_a_new_game_that_took_its_session_number(tmp_path):
    table = PhoneTable(tmp_path / "j.sqlite", "time-runners", 2, seed=1)
    try:
        old = table.token(1)
        first = table.table.referee.session.id
        table.journal.delete_session(first)  # archived: gone from the journal
        table.ok({"op": "new", "game": "time-runners", "players": 2, "seed": 2})
        assert table.table.referee.session.id == first  # the number is given again
        new = table.token(1)
        assert new != old

        async def go():
            async with aiohttp.ClientSession() as client:
                with pytest.raises(aiohttp.WSServerHandshakeError) as err:
                    await open_phone(client, table, token=old)
                assert err.value.status == 403  # the old link opens nothing at all
                async with client.get(f"{table.base}/s/{old}") as page:
                    assert page.status == 403
                phone = await open_phone(client, table, token=new)
                state = await phone.next("state")
                assert state["seat"] == 1 and state["view"]["hand"]
        run(go())
    finally:
        table.close()
