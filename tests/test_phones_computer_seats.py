"""A seat the companion plays is no phone's: its hand is the computer's secret, and a person holding its
link would read it. No link is given for it, the list leaves it out, and a link made for it is refused."""
from __future__ import annotations

import aiohttp
import pytest

from phone_helpers import LEGENDS, PhoneTable, open_phone, run


@pytest.fixture
def against_two_computers(tmp_path):
    table = PhoneTable(tmp_path / "j.sqlite")
    table.ok({"op": "new", "game": LEGENDS, "players": 3, "seed": 4, "options": {"mode": "ffa"},
              "table": {"computer": [{"seat": 2, "level": "cpu"}, {"seat": 3, "level": "random"}]}})
    yield table
    table.close()


def test_phones_seat_no_link_is_given_for_a_computers_seat(against_two_computers):
    table = against_two_computers
    assert [p["seat"] for p in table.links()] == [1]
    answer = table.request({"op": "phone-renew", "seat": 2})
    assert not answer["ok"] and answer["error"]["code"] == "computer-seat"
    assert answer["error"]["rule"] == "phones/seat"


def test_phones_seat_a_link_made_for_a_computers_seat_opens_nothing(against_two_computers):
    table = against_two_computers
    hub = table.table.hub
    session = hub.session
    key = hub.tokens.key(session.id, 2, session.uid)  # as a key file from before would hold

    async def go():
        async with aiohttp.ClientSession() as client:
            phone = await open_phone(client, table, token=key.token)
            message = await phone.next()
            assert message["type"] == "gone" and message["error"]["code"] == "computer-seat"
            assert "view" not in message
            person = await open_phone(client, table, 1)
            state = await person.next("state")
            assert state["seat"] == 1
    run(go())
