"""A phone's Log on a real socket (phones/message): `{"op": "log"}` answers the seat's log, the very lines
`companion log N --seat S` prints for the same journal, with that seat's own secrets and no other's."""
from __future__ import annotations

import subprocess
import sys

import aiohttp

from phone_helpers import LEGENDS, PhoneTable, open_phone, run


def test_phones_message_a_phone_asks_for_its_log_and_gets_the_seats_log_as_companion_log_prints_it(tmp_path):
    table = PhoneTable(tmp_path / "j.sqlite")
    try:
        table.ok({"op": "new", "game": LEGENDS, "players": 2, "seed": 5, "table": {"names": ["Ann", "Bob"]}})

        async def go():
            async with aiohttp.ClientSession() as client:
                phones = {s: await open_phone(client, table, s) for s in (1, 2)}
                mine = await phones[1].next("state")
                assert (await phones[1].play(mine, mine["actions"][0]["text"]))["type"] == "done"
                logs = {}
                for seat, phone in phones.items():
                    await phone.ws.send_json({"op": "log"})
                    logs[seat] = (await phone.next("log"))["lines"]
                return logs
        logs = run(go())
    finally:
        table.close()
    printed = {}
    for seat in (1, 2):
        out = subprocess.run([sys.executable, "-m", "companion", "log", "1", "--journal", str(tmp_path / "j.sqlite"),
                              "--seat", str(seat)], capture_output=True, text=True, check=True).stdout
        printed[seat] = out.splitlines()
    for seat, lines in logs.items():
        assert [f"{line['entry']:>5}  {line['text']}" for line in lines] == printed[seat]
    assert len(logs[1]) == len(logs[2]) + 1  # Ann's picks, told to Ann alone
