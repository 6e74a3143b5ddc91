"""phones/seat for actions a seat's list leaves out: a phone may type one (a Chronomage CONSTANT spell's
resistances, CM-13, are open-ended and never listed) if it is of a class listed to its seat now, the
seat's own, and no chance outcome; anything else is `not-offered`, and the engine judges the rest as ever.
The real server on 127.0.0.1, real aiohttp clients, a real journal (tests/phone_helpers.py)."""
from __future__ import annotations

import aiohttp
import pytest

from companion.testing.chronomage_fixtures import typed

from phone_helpers import LEGENDS, PhoneTable, legends4, open_phone, run  # noqa: F401 (legends4: a fixture)

#: the card out: orange (seat 1) rolls one die against it, blue (seat 2) two
RESIST = {"orange": 1, "blue": 2, "green": 3, "purple": 2}


@pytest.fixture
def monster_round(tmp_path):
    """Two Chronomage players in round 1 of a typed monster (nothing pre-emptive: straight to the dice)."""
    table = PhoneTable(tmp_path / "j.sqlite", "chronomage", 2, seed=1)
    table.ok({"op": "play", "action": "ready"})
    table.ok({"op": "play", "action": typed(1, resistance=RESIST, power=[99] * 4)})
    yield table
    table.close()


def head(table: PhoneTable) -> int:
    return table.table.referee.session.head


def table_view(table: PhoneTable) -> dict:
    return table.ok({"op": "view", "player": None})["view"]


async def refused_all(phone, state, texts, code="not-offered"):
    """Each text is refused with `code` (phones/seat for not-offered); the answers."""
    answers = []
    for text in texts:
        answer = await phone.play(state, text, id=f"r{len(phone.seen)}")  # a new id: an old one gets its old answer
        assert answer["type"] == "refused", (text, answer)
        assert answer["error"]["code"] == code, (text, answer["error"])
        if code == "not-offered":
            assert answer["error"]["rule"] == "phones/seat"
        answers.append(answer)
    return answers


async def now(phone):
    """The seat's picture now (a push may have come before the play's answer)."""
    await phone.send({"op": "sync"})
    return await phone.next("state")


def test_phones_seat_a_chronomage_phone_casts_a_constant_spell_and_the_next_roll_takes_its_dice(monster_round):
    async def go():
        async with aiohttp.ClientSession() as client:
            phone = await open_phone(client, monster_round, 1)
            state = await phone.next("state")
            assert not any("=" in a["text"] for a in state["actions"])  # open-ended: never listed
            assert {len(a["fields"]["faces"]) for a in state["actions"] if a["type"] == "Dice" and a["fields"]["faces"]} == {1}
            answer = await phone.play(state, "spell 1 0 0 orange=2 blue=0")
            assert answer == {"type": "done", "id": "a1"}
            fresh = await now(phone)
            assert fresh["view"]["resistances"] == {"orange": 2, "blue": 0}
            dice = [a for a in fresh["actions"] if a["type"] == "Dice" and a["fields"]["faces"]]
            assert {len(a["fields"]["faces"]) for a in dice} == {2}  # orange rolls two dice now
            done = await phone.play(fresh, "dice 1 3 4 / 2", id="a2")
            assert done["type"] == "done"
        view = table_view(monster_round)
        assert view["resistances"] == {"orange": 2, "blue": 0}
        assert view["dice_count"] == [2, 0] and view["damage"]["seats"][0] == 7
        assert monster_round.table.referee.session.journal.entry(
            monster_round.table.referee.session.id, head(monster_round) - 1).text == "spell 1 0 0 orange=2 blue=0"
    run(go())


def test_phones_seat_a_constant_spell_for_another_seat_or_a_tables_action_is_not_offered(monster_round):
    async def go():
        async with aiohttp.ClientSession() as client:
            phone = await open_phone(client, monster_round, 1)
            state = await phone.next("state")
            before = head(monster_round)
            await refused_all(phone, state, [
                "spell 2 0 0 orange=2",  # a Spell is listed to seat 1, but this one is seat 2's
                "spell 2 3 0 1", "form 2 3", "dice 2", "dice 2 1 1 / 1", "discard 2 temporary",
                "ready", "fail", "time 1", "loot 1 robes", "loot 1", "reverse", "reverse 1 2", "reveal",
                "choose 1", "assist 1 2",
            ])
            assert head(monster_round) == before and table_view(monster_round)["resistances"] == {}
    run(go())


def test_phones_seat_a_chronomage_phone_cannot_type_its_own_dice_beyond_the_listed_handfuls(monster_round):
    async def go():
        async with aiohttp.ClientSession() as client:
            phone = await open_phone(client, monster_round, 1)
            state = await phone.next("state")
            before = head(monster_round)
            # a handful of the wrong size is a chance outcome nobody listed: the phone does not choose its luck
            await refused_all(phone, state, ["dice 1 6 6 / 6 6", "dice 1 6 6 6 / 1", "dice 1 2 1 / 3"])
            assert head(monster_round) == before
    run(go())


def test_phones_seat_a_group_choice_is_the_tables_even_when_the_seat_has_a_choice_of_its_own(tmp_path):
    table = PhoneTable(tmp_path / "j.sqlite", "chronomage", 2, seed=1)
    try:
        choice = {"kind": "choice", "attempt": ["orange", "blue"], "all": False, "options": ["run", "hide"]}
        table.ok({"op": "play", "action": "ready"})
        table.ok({"op": "play", "action": typed(1, preemptive=choice)})

        async def go():
            async with aiohttp.ClientSession() as client:
                phone = await open_phone(client, table, 1)
                state = await phone.next("state")
                assert {a["text"] for a in state["actions"] if a["type"] == "Choose"} == {"choose 1 1", "choose 1 2"}
                before = head(table)
                await refused_all(phone, state, ["choose 1", "choose 2", "choose 2 1", "choose 2 3"])
                assert head(table) == before
                assert (await phone.play(state, "choose 1 2", id="ok"))["type"] == "done"
        run(go())
    finally:
        table.close()


def test_phones_seat_a_typed_spell_still_meets_the_engines_checks(monster_round):
    async def go():
        async with aiohttp.ClientSession() as client:
            phone = await open_phone(client, monster_round, 1)
            state = await phone.next("state")
            before = head(monster_round)
            for i, (text, code) in enumerate([("spell 1 0 5", "rune-check"), ("spell 1 0 0 orange=4", "spell-out-of-range"),
                                              ("spell 1 11 0 blue=1", "spell-out-of-range")]):
                answer = await phone.play(state, text, id=f"e{i}")
                assert answer["type"] == "refused" and answer["error"]["code"] == code, (text, answer)
                assert answer["error"]["rule"].startswith("chronomage/") and answer["error"]["rule_text"]
                state = await phone.next("state")  # a refusal is followed by the seat's picture
            assert head(monster_round) == before and table_view(monster_round)["resistances"] == {}
    run(go())


@pytest.mark.parametrize("text", ["spell 1 x 0", "{{{{", "spell", "spell 1 0 0 red=2", "spell 1 0 0 orange=1 orange=2",
                                  "dice 1 9 / 9", "reveal { id = ", 'reveal { id = "x" }', "\u0000\u202e", "spell 1 0 0 =",
                                  "form 1 -1", "spell 1 99999999 0"])
def test_phones_seat_text_that_is_no_action_is_not_offered_and_the_server_answers_on(monster_round, text):
    async def go():
        async with aiohttp.ClientSession() as client:
            phone = await open_phone(client, monster_round, 1)
            state = await phone.next("state")
            before = head(monster_round)
            answer = await phone.play(state, text)
            assert answer["type"] == "refused" and answer["error"]["code"] == "not-offered", answer
            assert head(monster_round) == before
            again = await phone.next("state")  # the fresh picture, and the socket still plays
            assert (await phone.play(again, "form 1 3", id="after"))["type"] == "done"
    run(go())


def test_phones_offer_a_typed_spell_from_changed_choices_is_refused_as_stale(monster_round):
    async def go():
        async with aiohttp.ClientSession() as client:
            phone = await open_phone(client, monster_round, 1)
            old = await phone.next("state")
            monster_round.ok({"op": "play", "action": "spell 1 2 0"})  # the touchscreen: seat 1 has 8 units left now
            before = head(monster_round)
            answer = await phone.play(old, "spell 1 0 0 orange=2")
            assert answer["type"] == "refused" and answer["error"]["code"] == "stale-offer"
            assert head(monster_round) == before and table_view(monster_round)["resistances"] == {}
            fresh = await phone.next("state")
            assert (await phone.play(fresh, "spell 1 0 0 orange=2", id="a2"))["type"] == "done"
    run(go())


def test_phones_seat_a_time_runners_phone_types_no_die_and_nobody_elses_card(tmp_path):
    table = PhoneTable(tmp_path / "j.sqlite", "time-runners", 3, seed=2)
    try:
        async def go():
            async with aiohttp.ClientSession() as client:
                seat = table.table.referee.session.turn().seats[0]
                phone = await open_phone(client, table, seat)
                state = await phone.next("state")
                assert any(a["type"] == "Roll" for a in state["actions"])  # the die is this seat's to roll
                other = seat % 3 + 1
                before = head(table)
                # a die face beyond the list is chance of its own class: refused before the engine sees it
                await refused_all(phone, state, ["roll 7", "roll 0", "roll 999", f"play {other} +1", f"play {other} set 3",
                                                 "shuffle set set", "sensor off", "sensor on"])
                await refused_all(phone, state, ["roll 07", "roll  3", "play 1 +4", "play 1 set"])  # no action at all
                assert head(table) == before
        run(go())
    finally:
        table.close()


def test_phones_seat_a_legends_phone_types_no_draw_no_reveal_and_no_other_seats_pick(legends4):
    async def go():
        async with aiohttp.ClientSession() as client:
            phone = await open_phone(client, legends4, 1)
            state = await phone.next("state")
            other = next(a for a in legends4.ok({"op": "legal", "player": 2})["actions"] if a.startswith("pick 2 "))
            before = head(legends4)
            await refused_all(phone, state, [other, "pick 2 step step step", "draw 1 step", "draw 2 step",
                                             "reveal 1 step", "reshuffle 1 yes", "face 1 left", "do 1 done"])
            # its own Pick outside the list reaches the engine, which refuses it as ever
            answer = await phone.play(state, "pick 1 nosuch nosuch nosuch", id="own")
            assert answer["type"] == "refused" and answer["error"]["code"] not in ("not-offered", "internal-error")
            assert head(legends4) == before and legends4.ok({"op": "view", "player": None})["view"]["picked"] == []
    run(go())
