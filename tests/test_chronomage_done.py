"""Issue 19's "done when", told as one game through `companion referee` (a real child process): a
constant spell that changes a resistance and the dice that follow it (CM-13), a typed die face undone
(CM-16), an equipment swap and a refused second robe (CM-14), a temporary loot card used (`discard`),
and the boss revealed early in phase III and beaten: a shared victory with cards left in the deck (CM-10).

The timeline is the test one (`companion.testing.chronomage_fixtures.write_timeline`): sixteen plain one-round monsters, power 20 for
two players, every colour rolling 3 dice, one challenge die whose chart hits nobody; the boss is c16.
Cards c1 and c2 print a resistance of 2 and 1 for orange.
"""
from __future__ import annotations

from companion.testing.chronomage_fixtures import monster, write_timeline
from referee_client import RefereeProcess

ORANGE, BLUE = 1, 2


class Table:
    """Two players (orange, blue) at `companion referee`; every step returns what the table screen shows."""

    def __init__(self, timeline):
        self.ref = RefereeProcess()
        reply = self.ref.send(op="new", game="chronomage", players=2, seed=1, options={"timeline": str(timeline)})
        assert reply["ok"], reply

    def play(self, text: str) -> dict:
        reply = self.ref.send(op="play", action=text)
        assert reply["ok"], (text, reply)
        return self.view()

    def refused(self, text: str, code: str, rule: str) -> dict:
        before = self.view()
        reply = self.ref.send(op="play", action=text)
        assert not reply["ok"] and (reply["error"]["code"], reply["error"]["rule"]) == (code, "chronomage/" + rule), reply
        assert self.view() == before  # a refusal changes nothing
        return reply["error"]

    def view(self) -> dict:
        return self.ref.send(op="view", player=None)["view"]

    def win_plain(self, card: str) -> dict:
        """Reveal `card` (a plain monster) and beat it with two rolls of sixes, up to cleanup's time step."""
        self.play("ready")
        self.play(f"reveal {card}")
        self.play(f"dice {ORANGE} 6 6 6 / 1")
        v = self.play(f"dice {BLUE} 6 6 6 / 1")
        assert v["phase"] == "cleanup" and v["step"] == "time", v
        return self.play(f"time {ORANGE}")


def test_a_timeline_with_a_constant_spell_a_swap_a_used_temporary_card_and_the_boss_beaten_early(tmp_path):
    path = write_timeline(tmp_path, c1=monster(resistance={"orange": 2, "blue": 3, "green": 3, "purple": 3}),
                          c2=monster(resistance={"orange": 1, "blue": 3, "green": 3, "purple": 3}))
    t = Table(path)
    try:
        # -- challenge 1: orange's constant spell raises its resistance on c1 from the printed 2 to 3 dice
        v = t.play(f"spell {ORANGE} 0 0 orange=3")  # a preparation spell, CONSTANT: orange rolls 3 dice
        assert v["resistances"] == {"orange": 3} and v["hands"] == [3, 4] and v["spent"] == [1, 0]
        t.play("ready")
        v = t.play("reveal c1")
        assert v["phase"] == "challenge" and v["dice_count"] == [3, 3]  # the printed 2 is overridden
        t.refused(f"dice {ORANGE} 6 6 / 1", "wrong-dice", "MONSTER")  # the printed count is now wrong
        v = t.play(f"dice {ORANGE} 1 1 1 / 1")  # a typo: the dice showed 5 5 6
        assert v["damage"]["seats"] == [3, None] and v["damage"]["total"] == 3

        # CM-16: the typed faces are the table's own entry; undo takes them back
        reply = t.ref.send(op="undo")
        assert reply["ok"], reply
        v = t.view()
        assert v["damage"]["seats"] == [None, None] and v["to_roll"] == [ORANGE, BLUE] and v["dice_count"] == [3, 3]
        v = t.play(f"dice {ORANGE} 5 5 6 / 1")
        assert v["damage"]["seats"] == [16, None] and v["damage"]["total"] == 16 and v["damage"]["power"] == 20
        v = t.play(f"dice {BLUE} 2 3 4 / 1")
        assert v["phase"] == "cleanup" and v["last_round"]["total"] == 25 and v["last_round"]["success"]
        assert v["resistances"] == {"orange": 3}  # the spell holds until cleanup restores the spells

        # -- cleanup 1: orange draws a second robe and swaps it for the old one (one of each type, CM-14)
        v = t.play(f"time {ORANGE}")
        assert v["step"] == "loot" and v["loot_items"] == [["robes", "staff"], ["robes", "staff"]]
        assert (v["loot_deck"], v["loot_discard"]) == (12, 0)
        t.refused(f"loot {ORANGE} robes", "one-of-each-type", "CM-14")
        v = t.play(f"loot {ORANGE} robes swap")
        assert v["loot_items"] == [["staff", "robes"], ["robes", "staff"]]  # the new robe, the old one discarded
        assert (v["loot_deck"], v["loot_discard"], v["loot"]) == (11, 1, [2, 2])
        assert v["phase"] == "strategy" and v["resistances"] == {} and v["hands"] == [5, 4]  # spells restored
        assert v["challenge_deck"] == 15

        # -- the spell left play with cleanup: orange rolls what c2 prints (1 die); blue gets a temporary card
        t.play("ready")
        v = t.play("reveal c2")
        assert v["dice_count"] == [1, 3] and v["resistances"] == {}
        t.refused(f"dice {ORANGE} 6 6 6 / 1", "wrong-dice", "MONSTER")
        t.play(f"dice {ORANGE} 6 / 1")
        v = t.play(f"dice {BLUE} 6 6 6 / 1")
        assert v["last_round"]["total"] == 24 and v["step"] == "time"
        t.play(f"time {ORANGE}")
        v = t.play(f"loot {BLUE} temporary")
        assert v["loot_items"] == [["staff", "robes"], ["robes", "staff", "temporary"]]
        assert (v["loot_deck"], v["loot_discard"]) == (10, 1)

        # -- challenge 3: blue uses the temporary card during the round; then refuses a second staff
        t.play("ready")
        v = t.play("reveal c3")
        assert v["dice_count"] == [3, 3]
        v = t.play(f"discard {BLUE} temporary")
        assert v["loot_items"][BLUE - 1] == ["robes", "staff"] and v["loot_discard"] == 2
        t.play(f"dice {ORANGE} 6 6 6 / 1")
        t.play(f"dice {BLUE} 6 6 6 / 1")
        t.play(f"time {ORANGE}")
        v = t.play(f"loot {BLUE} staff refuse")  # the new staff goes to the discard pile, the old one stays
        assert v["loot_items"] == [["staff", "robes"], ["robes", "staff"]]
        assert (v["loot_deck"], v["loot_discard"], v["loot"]) == (9, 3, [2, 2])

        # -- seven more plain challenges: phase III begins with the 11th card
        for k in range(4, 11):
            t.win_plain(f"c{k}")
            v = t.play(f"loot {ORANGE}")
        assert v["challenge_deck"] == 6 and len(v["done"]) == 10 and v["loot_deck"] == 2

        # -- the boss is the first phase III card revealed (not the last card, CM-10) and is beaten
        t.play("ready")
        assert t.view()["top"] == {"phase": 3, "boss": None}  # now the boss may come, or another card
        v = t.play("reveal c16")
        assert v["challenge"]["boss"] is True and v["challenge_deck"] == 6
        t.play(f"dice {ORANGE} 6 6 6 / 1")
        v = t.play(f"dice {BLUE} 6 6 6 / 1")
        assert v["phase"] == "cleanup" and v["result"] is None
        t.play(f"time {ORANGE}")
        v = t.play(f"loot {BLUE}")
        state = t.ref.send(op="state")
        assert state["outcome"]["result"] == "victory" and state["outcome"]["termination"] == "boss-defeated"
        assert state["outcome"]["winners"] == []  # the table wins as one
        assert v["challenge_deck"] == 5 and v["done"][-1] == {"id": "c16", "result": "won"}
        assert not t.ref.send(op="play", action="ready")["ok"]  # the timeline is over
    finally:
        t.ref.close()
