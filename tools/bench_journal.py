"""`python -m tools.bench_journal`: what the journal costs a table, measured on a real SQLite file.

Prints the latency of `Session.play` (engine apply + the FULL-sync WAL commit that must finish
before an action is acknowledged), p50/p99 per action, the time to reopen a journal and resume a
10,000-action session (open + newest snapshot + replay of the rest, the chain checked from there),
the same for a 100,000-action session as played and as imported from its export (import writes
snapshots as play does), and the time to open a small session in one file as its history grows to
1k, 10k and 100k actions (after a clean stop, and after an unclean one, when the whole file is checked).
"""
from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from companion.games.time_runners import ROLL_BARE, Roll
from companion.testing.time_runners_playout import random_action
from companion.core import CHANCE
from companion.journal import Journal
from companion.session import Session


def endless_action(session: Session, rng: random.Random) -> str:
    return endless_action_on(session.state, rng)


def play(session: Session, count: int, rng: random.Random) -> list[float]:
    latencies = []
    for _ in range(count):
        text = endless_action(session, rng)
        start = time.perf_counter()
        session.play(text)
        latencies.append(time.perf_counter() - start)
    return latencies


def grow(journal: Journal, actions: int, rng: random.Random) -> None:
    """Add `actions` entries of finished-looking history in bulk (one transaction a 10k), as years of
    play would leave them: real Time Runners actions, written the way the session writes them."""
    while actions > 0:
        count = min(actions, 10_000)
        session = Session.start(journal, "time-runners", 4, seed=rng.random())
        state, seq = session.state, session.head
        with journal.transaction():
            for _ in range(count):
                owed = state.turn().kind == CHANCE
                action = state.automatic(rng) if owed else session.game.parse_action(endless_action_on(state, rng))
                events = state.apply(action)
                seq += 1
                journal.append(session.id, Session._entry(state, action, events, owed).at(seq))
            journal.set_position(session.id, head=seq, draws=0, finished=True, summary={"table": {}})
        actions -= count


def endless_action_on(state, rng: random.Random) -> str:
    """A random legal Time Runners action, with dice entered by hand so that nobody ever wins."""
    action = random_action(state, rng, instant_rate=0.2, end_rate=0.5)
    if action is not ROLL_BARE:
        return str(action)
    for value in rng.sample(range(1, 7), 6):
        trial = state.clone()
        trial.apply(Roll(value))
        if trial.outcome() is None:
            return str(Roll(value))
    return "sensor off" if not state.sensor_off else "sensor on"


def open_times(path: Path, session_id: int, check: str, runs: int = 7) -> float:
    """Median ms to open the journal and resume `session_id`."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        journal = Journal(path, check=check)
        Session.resume(journal, session_id)
        times.append((time.perf_counter() - start) * 1000)
        journal.close()
    return statistics.median(times)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def whole_number(text: str) -> int:
    """A whole number of at least 1; anything else is one line of usage error and exit 2."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from 1")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_journal")
    parser.add_argument("--actions", type=whole_number, default=2000, help="actions timed for commit latency")
    parser.add_argument("--resume-actions", type=whole_number, default=10_000, help="length of the session timed to resume")
    parser.add_argument("--import-actions", type=whole_number, default=100_000,
                        help="length of the session timed to resume as played and as imported")
    parser.add_argument("--dir", help="directory for the journal file (default: the system temp dir)")
    parser.add_argument("--history", type=whole_number, nargs="+", default=[1_000, 10_000, 100_000],
                        help="history sizes (actions in the file) at which to time opening a small session")
    args = parser.parse_args(argv)
    if args.dir is not None and not Path(args.dir).is_dir():
        parser.error(f"--dir {args.dir}: there is no such folder")
    rng = random.Random(1)

    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        path = Path(tmp) / "bench.sqlite"
        session = Session.start(Journal(path), "time-runners", 4, seed=1)
        ms = [x * 1000 for x in play(session, args.actions, rng)]
        print(f"journal: {path.parent} (WAL, synchronous=FULL), Time Runners, 4 players")
        print(f"play+commit latency over {len(ms)} actions: p50 {statistics.median(ms):.3f} ms, "
              f"p99 {percentile(ms, 99):.3f} ms, max {max(ms):.3f} ms")

        print(f"building a {args.resume_actions}-action session ...", flush=True)
        play(session, args.resume_actions - session.head, rng)
        final, head = session.full_state(), session.head
        session.journal.close()
        times = []
        for _ in range(7):
            start = time.perf_counter()
            journal = Journal(path)
            resumed = Session.resume(journal, session.id)
            times.append((time.perf_counter() - start) * 1000)
            assert resumed.full_state() == final and resumed.head == head
            journal.close()
        print(f"resume a {head}-action session (open, snapshot, replay): "
              f"median {statistics.median(times):.1f} ms, max {max(times):.1f} ms over {len(times)} runs")

        played_path, imported_path = Path(tmp) / "played.sqlite", Path(tmp) / "imported.sqlite"
        print(f"building a {args.import_actions}-action session (synchronous=OFF while building) ...", flush=True)
        with Journal(played_path) as journal:
            journal.db.execute("PRAGMA synchronous=OFF")
            long = Session.start(journal, "time-runners", 4, seed=3)
            play(long, args.import_actions - long.head, rng)
            lines = list(long.export_lines())
        with Journal(imported_path) as journal:
            start = time.perf_counter()
            imported = Session.import_lines(journal, lines)
            import_s = time.perf_counter() - start
        played_ms, imported_ms = open_times(played_path, long.id, "auto"), open_times(imported_path, imported.id, "auto")
        print(f"resume a {long.head}-action session: as played {played_ms:.1f} ms, as imported {imported_ms:.1f} ms "
              f"(median of 7; the import itself took {import_s:.1f} s)")

        print("open a 50-action session as the file's history grows (median of 7 opens):", flush=True)
        path = Path(tmp) / "history.sqlite"
        with Journal(path) as journal:
            small = Session.start(journal, "time-runners", 4, seed=2)
            play(small, 50, rng)
        baseline, total = None, 50
        for size in args.history:
            with Journal(path) as journal:
                grow(journal, size - total, rng)
            total = size
            clean, unclean = open_times(path, small.id, "auto"), open_times(path, small.id, "always")
            baseline = baseline or clean
            mb = path.stat().st_size / 1e6
            print(f"  {size:>7} actions ({mb:5.1f} MB): after a clean stop {clean:6.2f} ms ({clean / baseline:.2f}x the first), "
                  f"after an unclean stop (whole-file check) {unclean:7.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
