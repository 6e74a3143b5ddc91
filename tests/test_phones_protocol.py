"""The phones' server, for real: the aiohttp server on 127.0.0.1, real WebSocket clients, a real journal.

Rule ids: phones/token (the link decides the seat), phones/seat (a phone plays only its seat's
actions), phones/offer (an action from changed choices is refused), phones/message (shape, size, rate).
"""
from __future__ import annotations

import asyncio
import json
import logging

import aiohttp
import pytest

from phone_helpers import LEGENDS, Phone, PhoneTable, legends4, open_phone, run  # noqa: F401 (legends4: a fixture)



@pytest.fixture
def blocks(tmp_path):
    table = PhoneTable(tmp_path / "j.sqlite", "block-arena", 2, seed=1)
    yield table
    table.close()


def test_phones_token_a_phone_gets_exactly_its_seats_view_and_only_its_own_actions(legends4):
    async def go():
        async with aiohttp.ClientSession() as client:
            for seat in (1, 3):
                phone = await open_phone(client, legends4, seat)
                state = await phone.next("state")
                assert state["seat"] == seat
                assert state["view"] == legends4.ok({"op": "view", "player": seat})["view"]
                own = {a for a in legends4.ok({"op": "legal", "player": seat})["actions"] if a.startswith(f"pick {seat} ")}
                assert {a["text"] for a in state["actions"]} == own
                assert all(a["type"] == "Pick" and a["fields"]["seat"] == seat for a in state["actions"])
                others = [legends4.ok({"op": "view", "player": s})["view"]["hand"] for s in (1, 2, 3, 4) if s != seat]
                assert state["view"]["hand"] not in others or len(set(map(tuple, others))) < 3  # not someone else's
    run(go())


def test_phones_seat_picks_from_two_phones_at_once_both_land_and_every_phone_is_told(legends4):
    async def go():
        async with aiohttp.ClientSession() as client:
            phones = [await open_phone(client, legends4, s) for s in (1, 2)]
            states = [await p.next("state") for p in phones]
            # both chose from the same picture; seat 1's pick lands first, seat 2's old offer still holds
            done1 = await phones[0].play(states[0], states[0]["actions"][0]["text"])
            done2 = await phones[1].play(states[1], states[1]["actions"][5]["text"])
            assert done1["type"] == "done" and done2["type"] == "done"
            seen = await phones[0].next("state", lambda m: set(m["view"]["picked"]) == {1, 2})
            assert seen["events"] == [] or all(e.get("seat") != 2 or "cards" not in e for e in seen["events"])
        picked = legends4.ok({"op": "view", "player": None})["view"]["picked"]
        assert sorted(picked) == [1, 2]
    run(go())


def test_phones_message_a_play_resent_after_a_drop_is_applied_once(legends4):
    async def go():
        async with aiohttp.ClientSession() as client:
            phone = await open_phone(client, legends4, 1)
            state = await phone.next("state")
            text = state["actions"][0]["text"]
            first = await phone.play(state, text, id="same-id")
            await phone.ws.close()
            again = await open_phone(client, legends4, 1)  # the page reconnects and resends the unanswered play
            await again.next("state")
            second = await again.play(state, text, id="same-id")
            assert first == second == {"type": "done", "id": "same-id"}
        assert legends4.table.referee.session.head == head + 1
        assert legends4.ok({"op": "view", "player": None})["view"]["picked"] == [1]
    head = legends4.table.referee.session.head
    run(go())


def test_phones_offer_an_action_chosen_from_changed_choices_is_refused_and_nothing_changes(blocks):
    async def go():
        async with aiohttp.ClientSession() as client:
            phone = await open_phone(client, blocks, 1)
            old = await phone.next("state")
            blocks.ok({"op": "play", "action": old["actions"][0]["text"]})  # the touchscreen plays for seat 1
            head = blocks.table.referee.session.head
            answer = await phone.play(old, old["actions"][1]["text"])
            assert answer["type"] == "refused" and answer["error"]["code"] == "stale-offer"
            assert answer["error"]["rule"] == "phones/offer" and answer["error"]["rule_text"]
            assert blocks.table.referee.session.head == head
            fresh = await phone.next("state")
            assert fresh["offer"] != old["offer"]
    run(go())


def test_phones_seat_a_phone_cannot_play_another_seats_action_or_the_tables(tmp_path):
    table = PhoneTable(tmp_path / "j.sqlite", "time-runners", 3, seed=2)
    try:
        async def go():
            async with aiohttp.ClientSession() as client:
                phone = await open_phone(client, table, 1)
                state = await phone.next("state")
                head = table.table.referee.session.head
                for text in ("sensor off", "play 2 +1", "play 3 set"):
                    answer = await phone.play(state, text, id=f"t{len(phone.seen)}")
                    assert answer["type"] == "refused" and answer["error"]["code"] == "not-offered", text
                    assert answer["error"]["rule"] == "phones/seat"
                assert table.table.referee.session.head == head
        run(go())
    finally:
        table.close()


@pytest.mark.parametrize("raw,code", [
    ("not json", "bad-message"),
    ("[]", "bad-message"),
    ('{"op": "peek", "seat": 2}', "bad-message"),
    ('{"op": "play", "id": "x", "action": "pick 1 a b c"}', "bad-message"),
    ('{"op": "sync", "seat": 2}', "bad-message"),
    ('{"op": "play", "id": "x y", "action": "a", "offer": "b"}', "bad-message"),
    ("[" * 4000, "bad-message"),
    (json.dumps({"op": "play", "id": "x", "action": "a" * 5000, "offer": "b"}), "message-too-big"),
    (b"\xff\xfe not text", "bad-message"),
], ids=["not-json", "not-object", "unknown-op", "missing-field", "extra-field", "bad-id", "deep", "big", "bytes"])
def test_phones_message_a_malformed_message_gets_a_clear_error_and_changes_nothing(legends4, raw, code):
    async def go():
        async with aiohttp.ClientSession() as client:
            phone = await open_phone(client, legends4, 1)
            await phone.next("state")
            if isinstance(raw, bytes):
                await phone.ws.send_bytes(raw)
            else:
                await phone.send(raw)
            error = await phone.next("error")
            assert error["error"]["code"] == code and error["error"]["rule"] == "phones/message"
            await phone.send({"op": "sync"})
            assert (await phone.next("state"))["seat"] == 1  # the socket is still good
        assert legends4.table.referee.session.head == head
    head = legends4.table.referee.session.head
    run(go())


def test_phones_message_a_huge_message_closes_that_socket_and_the_server_stays_up(legends4):
    async def go():
        async with aiohttp.ClientSession() as client:
            phone = await open_phone(client, legends4, 1)
            await phone.next("state")
            await phone.send("x" * 200_000)
            msg = await asyncio.wait_for(phone.ws.receive(), 10)
            assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
            other = await open_phone(client, legends4, 2)
            assert (await other.next("state"))["seat"] == 2
    run(go())


def test_phones_message_a_flood_is_told_too_fast_then_closed_while_other_phones_play_on(legends4):
    async def go():
        async with aiohttp.ClientSession() as client:
            flood, calm = await open_phone(client, legends4, 1), await open_phone(client, legends4, 2)
            await flood.next("state")
            state = await calm.next("state")
            for i in range(1000):
                await flood.send({"op": "sync"})
            kinds = []
            try:
                while True:
                    kinds.append((await flood.next())["type"])
            except ConnectionError:
                pass
            assert "error" in kinds and any(m.get("error", {}).get("code") == "too-fast" for m in flood.seen)
            assert flood.ws.closed and flood.ws.close_code == 1008
            assert (await calm.play(state, state["actions"][0]["text"]))["type"] == "done"
    run(go())


def test_phones_token_no_token_a_wrong_one_or_a_guessed_one_opens_nothing(legends4):
    async def go():
        async with aiohttp.ClientSession() as client:
            for path in ("/s//ws", "/s/ws", "/ws", "/s/" + "A" * 22 + "/ws", "/s/" + legends4.token(1)[:-1] + "x/ws"):
                async with client.get(legends4.base + path, headers={"Origin": legends4.base}) as answer:
                    assert answer.status in (403, 404), path
            async with client.get(legends4.base + "/s/" + "B" * 22) as page:
                assert page.status == 403
            with pytest.raises(aiohttp.WSServerHandshakeError) as err:
                await open_phone(client, legends4, token="C" * 22)
            assert err.value.status == 403
    run(go())


def test_phones_token_a_replaced_link_is_closed_at_once_and_refused_after(legends4):
    async def go():
        async with aiohttp.ClientSession() as client:
            old_token = legends4.token(1)
            phone = await open_phone(client, legends4, 1)
            await phone.next("state")
            new = legends4.ok({"op": "phone-renew", "seat": 1})["phone"]
            gone = await phone.next("gone")
            assert gone["error"]["code"] == "link-replaced" and gone["error"]["rule"] == "phones/token"
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await open_phone(client, legends4, token=old_token)
            fresh = await open_phone(client, legends4, token=new["url"].rsplit("/", 1)[1])
            assert (await fresh.next("state"))["seat"] == 1
    run(go())


def test_phones_token_a_link_of_another_session_gets_nothing_and_is_told(legends4):
    async def go():
        async with aiohttp.ClientSession() as client:
            token = legends4.token(2)
            phone = await open_phone(client, legends4, 2)
            await phone.next("state")
            legends4.ok({"op": "new", "game": "block-arena", "players": 2})
            gone = await phone.next("gone")
            assert gone["error"]["code"] == "not-on-table"
            async with client.get(f"{legends4.base}/s/{token}") as page:
                assert page.status == 403
            late = await open_phone(client, legends4, token=token)
            assert (await late.next())["type"] == "gone"
    run(go())


@pytest.mark.parametrize("origin", [None, "http://evil.example", "null"])
def test_phones_token_a_socket_from_another_origin_is_refused(legends4, origin):
    async def go():
        async with aiohttp.ClientSession() as client:
            with pytest.raises(aiohttp.WSServerHandshakeError) as err:
                await open_phone(client, legends4, 1, origin=origin)
            assert err.value.status == 403
    run(go())


def test_phones_message_connections_are_bounded_and_idle_ones_do_not_stop_the_table(tmp_path):
    table = PhoneTable(tmp_path / "j.sqlite", LEGENDS, 2, seed=3, max_connections=24)
    try:
        async def go():
            async with aiohttp.ClientSession() as client:
                idle = [await open_phone(client, table, 1 + i % 2) for i in range(8)]  # 4 a seat: the seat's limit
                with pytest.raises(aiohttp.WSServerHandshakeError) as err:
                    await open_phone(client, table, 1)
                assert err.value.status == 503
                for phone in idle:
                    await phone.next("state")
                table.ok({"op": "play", "action": table.ok({"op": "legal", "player": 1})["actions"][0], "player": 1})
                for phone in idle:
                    assert 1 in (await phone.next("state", lambda m: m["view"]["picked"] == [1]))["view"]["picked"]
        run(go())
    finally:
        table.close()


def test_phones_token_every_answer_has_the_security_headers(legends4):
    async def go():
        async with aiohttp.ClientSession() as client:
            for path in ("/", "/static/phone.js", "/static/phone.css", "/s/" + legends4.token(1), "/nothing", "/s/x"):
                async with client.get(legends4.base + path) as answer:
                    csp = answer.headers.get("Content-Security-Policy", "")
                    assert "default-src 'none'" in csp and "script-src 'self'" in csp, path
                    assert answer.headers["Referrer-Policy"] == "no-referrer"
                    assert answer.headers["X-Content-Type-Options"] == "nosniff"
                    assert answer.headers["X-Frame-Options"] == "DENY"
            async with client.get(legends4.base + "/static/../tokens.py") as answer:
                assert answer.status == 404
    run(go())


def test_phones_join_a_typed_code_opens_its_seat_and_guessing_is_slowed(legends4):
    code = legends4.links()[2]["code"]

    async def go():
        async with aiohttp.ClientSession() as client:
            async with client.post(legends4.base + "/join", json={"code": code.lower().replace("-", " ")}) as answer:
                assert answer.status == 200
                url = (await answer.json())["url"]
            phone = await open_phone(client, legends4, token=url.rsplit("/", 1)[1])
            assert (await phone.next("state"))["seat"] == 3
            statuses = []
            for guess in ("AAAA-AAAA", "BBBB-BBBB", "CCCC-CCCC", "DDDD-DDDD", code):
                async with client.post(legends4.base + "/join", json={"code": guess}) as answer:
                    statuses.append(answer.status)
                    body = await answer.json()
            assert statuses == [403, 403, 403, 403, 429] and body["error"]["code"] == "too-many-tries"
    run(go())


def test_phones_token_tokens_are_never_logged_exported_or_world_readable(legends4, caplog, tmp_path):
    caplog.set_level(logging.DEBUG)
    tokens = [legends4.token(s) for s in (1, 2, 3, 4)]
    codes = [link["code"] for link in legends4.links()]

    async def go():
        async with aiohttp.ClientSession() as client:
            phone = await open_phone(client, legends4, 1)
            state = await phone.next("state")
            await phone.play(state, state["actions"][0]["text"])
            await phone.send("junk")
            await phone.next("error")
            async with client.get(f"{legends4.base}/s/{tokens[1]}") as page:
                assert page.status == 200
    run(go())
    logged = "\n".join(r.getMessage() for r in caplog.records)
    exported = "\n".join(legends4.table.referee.session.export_lines())
    for secret in tokens + [c.replace("-", "") for c in codes]:
        assert secret not in logged and secret not in exported
    keys = tmp_path / "phone-keys.json"
    assert keys.exists() and keys.stat().st_mode & 0o077 == 0


def test_phones_token_a_page_opened_by_another_name_is_turned_away(legends4):
    """DNS rebinding: a page of another name that resolves to the table gets nothing, not even the page."""
    async def go():
        async with aiohttp.ClientSession() as client:
            for path in ("/", f"/s/{legends4.token(1)}", f"/s/{legends4.token(1)}/ws"):
                async with client.get(legends4.base + path, headers={"Host": "evil.example:8765",
                                                                    "Origin": "http://evil.example:8765"}) as answer:
                    assert answer.status == 421, path
            async with client.get(legends4.base + "/", headers={"Host": "table.local:8765"}) as answer:
                assert answer.status == 200
    run(go())


def test_phones_join_a_code_of_a_game_not_on_the_table_opens_nothing(legends4):
    code = legends4.links()[0]["code"]
    legends4.ok({"op": "new", "game": "block-arena", "players": 2})

    async def go():
        async with aiohttp.ClientSession() as client:
            async with client.post(legends4.base + "/join", json={"code": code}) as answer:
                assert answer.status == 403 and (await answer.json())["error"]["code"] == "unknown-code"
    run(go())


def test_phones_seat_the_clock_hand_moving_reaches_the_phones_at_once(tmp_path):
    table = PhoneTable(tmp_path / "j.sqlite", "time-runners", 2, seed=3)
    try:
        async def go():
            async with aiohttp.ClientSession() as client:
                phone = await open_phone(client, table, 2)
                first = await phone.next("state")
                assert table.ok({"op": "sense", "hand": 5})
                moved = await phone.next("state")
                assert moved["view"]["sensor"] != first["view"]["sensor"] and moved["view"]["sensor"]["hand"] == 5
        run(go())
    finally:
        table.close()
