"""The home screen and the journal's sessions: finished games archived with one tap, a file each beside the
journal; a session that cannot be opened now refused by name."""
from __future__ import annotations

import random

from companion.testing.time_runners_playout import random_action
from companion.journal import Journal
from companion.session import Session


def finish_a_game(journal_path, seed):
    with Journal(journal_path) as j:
        s, rng = Session.start(j, "time-runners", 2, seed=seed), random.Random(seed)
        while s.outcome() is None:
            s.play(str(random_action(s.state, rng)))
        return s.id


def test_the_home_screen_archives_the_finished_games_and_keeps_the_running_one(ui, journal_path):
    done = [finish_a_game(journal_path, seed) for seed in (1, 2)]
    ui.start(journal_path)
    home = ui.app.home
    assert home.ids.archive.text == "Archive 2 finished games" and home.ids.archive.opacity == 1
    ui.start_game(2)  # a game in progress is not touched
    ui.tap(ui.table.ids.home)
    ui.tap(home.ids.archive)  # one game a frame, the button counting
    assert home.ids.archive.text in ("Archiving 1 of 2...", "Archiving 2 of 2...") and home.ids.archive.disabled
    assert ui.until(lambda: not home.archiving)
    folder = journal_path.parent / "archive"
    assert ui.toast == f"Archived 2 finished games to {folder}"
    assert sorted(p.name for p in folder.iterdir()) == sorted(f"time-runners-session-{i}.jsonl" for i in done)
    ui.frames(2)
    assert home.finished == 0 and home.ids.archive.height == 0 and home.ids.archive.disabled
    assert len(home.ids.sessions.children) == 1  # the running game is still offered


def test_an_archive_that_cannot_be_written_says_so_and_loses_nothing(ui, journal_path):
    finish_a_game(journal_path, seed=3)
    (journal_path.parent / "archive").write_text("a file where the folder goes")
    ui.start(journal_path)
    ui.tap(ui.app.home.ids.archive)
    assert ui.until(lambda: not ui.app.home.archiving)
    assert ui.toast.startswith("Archiving stopped after 0:") and "still in the journal" in ui.toast
    assert ui.app.home.finished == 1 and ui.app.journal.finished_count() == 1


def journaled_before_the_cards_were_kept(j, players, timeline):
    """A Chronomage session as the companion journaled it before a session kept its cards (its options
    name only the timeline file, which it reads whenever it opens): the kind a gone file still stops."""
    with j.transaction():
        sid = j.create_session("chronomage", players, "1", {"colors": ["orange", "blue", "green", "purple"][:players],
                                                            "timeline": str(timeline)})
        j.set_position(sid, head=0, draws=0, finished=False, summary={"table": {}})
    return Session.resume(j, sid)


def test_a_game_that_cannot_be_opened_now_is_refused_by_name_on_the_home_screen(ui, journal_path, tmp_path):
    import shutil

    from companion.games.chronomage.timeline import resolve
    timeline = tmp_path / "our-timeline.toml"
    shutil.copy(resolve("example"), timeline)
    with Journal(journal_path) as j:
        journaled_before_the_cards_were_kept(j, 2, timeline)
    timeline.unlink()  # the table's timeline file is gone
    ui.start(journal_path)
    row = ui.app.home.ids.sessions.children[0]
    ui.tap(row)
    assert ui.app.sm.current == "home" and "cannot be opened" in ui.toast and str(timeline) in ui.toast


def test_archiving_passes_over_a_finished_game_that_cannot_be_opened_and_says_so(ui, journal_path, tmp_path):
    import shutil

    from companion.games.chronomage.timeline import resolve
    timeline = tmp_path / "our-timeline.toml"
    shutil.copy(resolve("example"), timeline)
    from test_chronomage_referee import next_action
    with Journal(journal_path) as j:
        stuck = journaled_before_the_cards_were_kept(j, 1, timeline)
        for _ in range(3000):  # the table gives every challenge up: the timeline is lost
            if stuck.outcome() is not None:
                break
            stuck.play(next_action(stuck.state.to_dict(), stuck.view(None), losing=True))
    timeline.unlink()
    done = finish_a_game(journal_path, seed=4)
    ui.start(journal_path)
    ui.tap(ui.app.home.ids.archive)
    assert ui.until(lambda: not ui.app.home.archiving)
    assert ui.toast.endswith("; 1 that cannot be opened now stay in the journal")
    assert (journal_path.parent / "archive" / f"time-runners-session-{done}.jsonl").exists()


def test_a_year_of_unfinished_games_makes_rows_only_for_the_screen_and_the_oldest_still_resumes(ui, journal_path):
    with Journal(journal_path) as j:
        ids = [Session.start(j, "time-runners", 2, seed=i, table={"names": [f"P{i}", "Q"]}).id for i in range(60)]
    ui.start(journal_path)
    home = ui.app.home
    ui.frames(3)
    shown = home.ids.sessions.children
    assert 0 < len(shown) < 20  # not one widget per session
    assert {r.session_id for r in shown} <= set(ids[-len(shown) - 2:])  # the newest first
    home.ids.sessions_view.scroll_y = 0  # to the end of the list: the oldest game
    ui.frames(3)
    oldest = next(r for r in home.ids.sessions.children if r.session_id == ids[0])
    assert "P0, Q" in oldest.text and not oldest.disabled
    ui.tap(oldest)
    ui.frames(3)
    assert ui.app.sm.current == "time-runners" and ui.table.controller.session.id == ids[0]
