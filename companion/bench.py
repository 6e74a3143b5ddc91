"""`companion bench journal`: what the journal costs a table, measured on a real SQLite file.

Prints the latency of `Session.play` (engine apply + the FULL-sync WAL commit that must finish
before an action is acknowledged), p50/p99 per action, and the time to reopen a journal and resume a
10,000-action session (open + quick_check + newest snapshot + replay of the rest).
"""
from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from companion.games.time_runners import ROLL_BARE, Roll, random_action
from companion.journal import Journal
from companion.session import Session


def endless_action(session: Session, rng: random.Random) -> str:
    """A random legal Time Runners action, with dice entered by hand so that nobody ever wins."""
    state = session.state
    action = random_action(state, rng, instant_rate=0.2, end_rate=0.5)
    if action is not ROLL_BARE:
        return str(action)
    for value in rng.sample(range(1, 7), 6):
        trial = state.clone()
        trial.apply(Roll(value))
        if trial.outcome() is None:
            return str(Roll(value))
    return "sensor off" if not state.sensor_off else "sensor on"  # six winning rolls: cannot happen


def play(session: Session, count: int, rng: random.Random) -> list[float]:
    latencies = []
    for _ in range(count):
        text = endless_action(session, rng)
        start = time.perf_counter()
        session.play(text)
        latencies.append(time.perf_counter() - start)
    return latencies


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion bench journal")
    parser.add_argument("--actions", type=int, default=2000, help="actions timed for commit latency")
    parser.add_argument("--resume-actions", type=int, default=10_000)
    parser.add_argument("--dir", help="directory for the journal file (default: the system temp dir)")
    args = parser.parse_args(argv)
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
        print(f"resume a {head}-action session (open, quick_check, snapshot, replay): "
              f"median {statistics.median(times):.1f} ms, max {max(times):.1f} ms over {len(times)} runs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
