"""Chronomage through `companion referee`: the example timeline played to victory and to defeat, with
the referee drawing every die and card (the dice button), and undo stopping at a roll (ALL-2)."""
from __future__ import annotations

from referee_client import RefereeProcess


def next_action(state, view, losing):
    """What a table that always fights on (or always gives up) plays next."""
    phase, step = state["phase"], state["step"]
    if phase == "strategy":
        return "ready"
    if phase == "engagement" and step == "reveal":
        return "reveal"
    if phase == "cleanup":
        return f"{step} 1"
    if phase == "challenge" and losing:
        return "fail"
    card = view["card"]["preemptive"]
    if phase == "engagement" and card["kind"] == "choice":
        return "choose 1" if card["all"] else f"choose {view['turn']['seats'][0]} 1"
    if phase == "engagement" and card["kind"] == "exploit" and state["preemptive"]["attempt"] is None:
        return "exploit yes"
    return f"dice {view['next_roller']}"


def play_out(players, seed, losing):
    ref = RefereeProcess()
    try:
        reply = ref.send(op="new", game="chronomage", players=players, seed=seed)
        assert reply["ok"], reply
        for _ in range(3000):
            state = ref.send(op="state")
            if state["outcome"] is not None:
                return ref, state
            view = ref.send(op="view", player=None)["view"]
            text = next_action(state["state"], view, losing)
            reply = ref.send(op="play", action=text)
            assert reply["ok"], (text, reply)
        raise AssertionError("the timeline did not end")
    finally:
        ref.close()


def test_the_example_timeline_plays_to_victory_through_the_referee():
    _, state = play_out(3, seed=11, losing=False)
    assert state["outcome"]["result"] == "victory" and state["outcome"]["winners"] == []
    assert state["state"]["done"][-1] == {"id": "the-unwinder", "result": "won"}


def test_the_example_timeline_plays_to_defeat_through_the_referee():
    _, state = play_out(2, seed=5, losing=True)
    assert state["outcome"]["result"] == "defeat" and "time deck" in state["outcome"]["reason"]
    assert state["state"]["time_deck"] == 0


def test_a_drawn_handful_is_journaled_in_full_and_undo_stops_there():
    ref = RefereeProcess()
    try:
        ref.send(op="new", game="chronomage", players=1, seed=3)
        for text in ("ready", "reveal ember-wisp"):
            assert ref.send(op="play", action=text)["ok"]
        reply = ref.send(op="play", action="dice 1")
        words = reply["action"].split()  # orange's resistance on the Ember Wisp is 1: one die, one challenge die
        assert reply["ok"] and words[:2] == ["dice", "1"] and words[3] == "/" and len(words) == 5
        assert reply["state"]["phase"] in ("strategy", "cleanup", "challenge")
        undo = ref.send(op="undo")
        assert not undo["ok"] and undo["error"]["code"] == "undo-blocked-by-chance"
        bad = ref.send(op="play", action="spell 1 0 3")
        assert not bad["ok"] and bad["error"]["rule"].startswith("chronomage/")
    finally:
        ref.close()


def test_a_session_whose_timeline_file_is_gone_resumes_with_the_cards_kept_as_it_began(tmp_path):
    """It used to be refused as cannot-open until the file was back; the session now keeps its cards (CM-3)."""
    import shutil

    from companion.games.chronomage.timeline import resolve
    timeline = tmp_path / "our-timeline.toml"
    shutil.copy(resolve("example"), timeline)
    journal = str(tmp_path / "journal.sqlite")
    ref = RefereeProcess("--journal", journal)
    session = ref.send(op="new", game="chronomage", players=2, seed=1, options={"timeline": str(timeline)})["session"]
    assert ref.send(op="play", action="ready")["ok"]
    ref.close()
    timeline.rename(tmp_path / "moved.toml")
    ref = RefereeProcess("--journal", journal)  # it starts (it used to exit 2 opening the latest session)
    assert [s["session"] for s in ref.send(op="sessions")["sessions"]] == [session]
    reply = ref.send(op="resume", session=session)
    assert reply["ok"] and reply["state"]["phase"] != "strategy"  # the move played before is still there
    assert ref.send(op="play", action="reveal ember-wisp")["ok"]  # a pick from the kept cards
    ref.close()
