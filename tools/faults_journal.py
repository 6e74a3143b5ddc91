"""`python -m tools.faults_journal`: the journal under fault injection, with figures.

Each fault is made on a real SQLite file (or a real process) and every session is then opened as the
app would. A trial ends in one of: `same` (every session resumes and exports exactly as before: the
fault hit nothing in use), `named` (the damage was refused, naming the file and, for one session, the
session), or a failure: `silent` (a session resumed or exported differently without a word), `unnamed`
(a refusal that does not say where), `internal` (an internal-error) or `crash` (any other exception).

  SIGKILL during play, for every game   no acknowledged action lost, the file opens, the chain holds
  random byte flips                     0 silent, 0 crash, 0 internal, 0 unnamed
  truncation at several points          the same
  a row that is not UTF-8               listed as damaged, the others open
  a full disk                           a write refused, nothing changed, the next write after space is freed succeeds
  the clock moved back                  "resume" still picks the table played last
  export over an existing file          refused, the file unchanged

The suite runs the same functions with small counts (tests/test_journal_faults.py).
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any
from unittest import mock

from companion import games
from companion.core import InternalError, Refusal
from companion.journal import Journal
from companion.session import Session

ROOT = Path(__file__).resolve().parent.parent
FAILURES = ("silent", "unnamed", "internal", "crash")

Expected = dict[int, tuple[int, dict[str, Any], list[str]]]


def play(session: Session, rng: random.Random, count: int, ack=None) -> Session:
    """`count` random legal actions; a finished game is followed by a new one of the same game."""
    journal, game = session.journal, session.game
    for _ in range(count):
        if session.outcome() is not None:
            session = Session.start(journal, game.id, game.players, seed=rng.randrange(10 ** 6))
        session.play(rng.choice(session.legal_actions()))
        if ack is not None:
            ack(session)
    return session


def build(path: Path, actions: int = 120, seed: int = 1) -> Expected:
    """A journal with a game of each kind (one long enough for snapshots), closed cleanly; what each
    session resumes to and exports."""
    rng = random.Random(seed)
    with Journal(path) as journal:
        for game_id, cls in games.REGISTRY.items():
            play(Session.start(journal, game_id, cls.min_players, seed=rng.randrange(10 ** 6)), rng, actions)
        return expected_of(journal)


def expected_of(journal: Journal) -> Expected:
    out = {}
    for record in journal.sessions():
        s = Session.resume(journal, record.id)
        out[record.id] = (s.head, s.full_state(), list(s.export_lines()))
    return out


def inspect(path: Path, expected: Expected) -> str:
    """Open the journal at `path` as the app would and every session in it: the trial's verdict."""
    named = lambda r: str(path) in r.reason  # noqa: E731
    try:
        journal = Journal(path)
    except InternalError:
        return "internal"
    except Refusal as refusal:
        return "named" if named(refusal) else "unnamed"
    except Exception:
        return "crash"
    verdicts = []
    try:
        try:
            listed = {r.id: r for r in journal.sessions()}
        except Refusal as refusal:
            return "internal" if isinstance(refusal, InternalError) else "named" if named(refusal) else "unnamed"
        some_damaged = any("damaged" in r.summary for r in listed.values())
        for session_id, (head, state, lines) in expected.items():
            try:
                s = Session.resume(journal, session_id)
                got = (s.head, s.full_state(), list(s.export_lines()))
                verdicts.append("same" if got == (head, state, lines) else "silent")
            except InternalError:
                verdicts.append("internal")
            except Refusal as refusal:
                if refusal.code == "unknown-session":  # its row moved: listed elsewhere as damaged
                    verdicts.append("named" if some_damaged else "silent")
                else:
                    verdicts.append("named" if named(refusal) and f"Session {session_id}" in refusal.reason
                                    or refusal.code == "journal-corrupt" and named(refusal) else "unnamed")
            except Exception:
                verdicts.append("crash")
        if "damaged" not in json.dumps([r.summary for r in listed.values()]) and set(listed) != set(expected):
            verdicts.append("silent")  # a session appeared or vanished without a word
    finally:
        journal.close()
    order = ["crash", "internal", "silent", "unnamed", "named", "same"]
    return min(verdicts, key=order.index) if verdicts else "same"


def flips(path: Path, expected: Expected, count: int, rng: random.Random, work: Path,
          failed: list | None = None) -> Counter:
    """`count` trials, each one random byte of a copy of the file changed to another value (`failed` gets
    the offset and verdict of each that failed)."""
    raw, verdicts, failed = path.read_bytes(), Counter(), failed if failed is not None else []
    for trial in range(count):
        copy = work / f"flip-{trial}.sqlite"
        data = bytearray(raw)
        at, xor = rng.randrange(len(data)), rng.randrange(1, 256)
        data[at] ^= xor
        copy.write_bytes(bytes(data))
        verdict = inspect(copy, expected)
        verdicts[verdict] += 1
        if verdict in FAILURES:
            failed.append((at, xor, verdict))
        _remove(copy)
    return verdicts


def truncations(path: Path, expected: Expected, fractions: list[float], work: Path) -> Counter:
    """The file cut short by each fraction (a card pulled out, a copy that stopped)."""
    raw, verdicts = path.read_bytes(), Counter()
    for i, fraction in enumerate(fractions):
        copy = work / f"cut-{i}.sqlite"
        copy.write_bytes(raw[: max(1, int(len(raw) * (1 - fraction)))])
        verdicts[inspect(copy, expected)] += 1
        _remove(copy)
    return verdicts


def _remove(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


# ---------------------------------------------------------------- SIGKILL during play
def kills(work: Path, per_game: int, rng: random.Random) -> dict[str, dict[str, int]]:
    """A child plays each game on one journal per game and is killed (SIGKILL) after a random number of
    acknowledged actions; the journal is then opened: every acknowledged action must be there."""
    figures = {}
    for game_id in games.REGISTRY:
        path = work / f"kill-{game_id}.sqlite"
        f = figures[game_id] = {"kills": 0, "acknowledged": 0, "lost": 0, "damaged": 0, "failures": 0}
        for run in range(per_game):
            child = subprocess.Popen([sys.executable, "-m", "tools.faults_journal", "--child-play", game_id, str(path),
                                      str(rng.randrange(10 ** 6))], cwd=ROOT, stdout=subprocess.PIPE, text=True)
            wanted, acked, count = rng.randint(3, 60), {}, 0
            for line in child.stdout:  # the child prints each action once play() returned it
                session_id, head = map(int, line.split())
                acked[session_id], count = head, count + 1
                if count >= wanted:
                    break
            child.send_signal(signal.SIGKILL)
            child.wait()
            child.stdout.close()
            f["kills"] += 1
            try:
                with Journal(path) as journal:
                    for session_id, head in acked.items():
                        s = Session.resume(journal, session_id)
                        list(s.export_lines())  # the whole chain holds
                        f["acknowledged"] += head
                        f["lost"] += max(0, head - s.head)
            except Refusal as refusal:
                f["damaged" if refusal.kind == "storage" else "failures"] += 1
            except Exception:
                f["failures"] += 1
    return figures


def _child_play(game_id: str, path: str, seed: int) -> None:
    rng, journal = random.Random(seed), Journal(path)
    session = Session.start(journal, game_id, games.REGISTRY[game_id].min_players, seed=seed)

    def ack(s: Session) -> None:
        print(s.id, s.head, flush=True)
    play(session, rng, 10 ** 6, ack)


# ---------------------------------------------------------------- a full disk
def full_disk(work: Path, tmpfs: bool = True) -> dict[str, Any]:
    """A child fills its disk while playing: a small tmpfs where `mount` works (and `tmpfs`), else a file size
    limit."""
    folder = work / "small-disk"
    folder.mkdir(exist_ok=True)
    mounted = tmpfs and os.geteuid() == 0 and shutil.which("mount") and subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)], capture_output=True).returncode == 0
    try:
        proc = subprocess.run([sys.executable, "-m", "tools.faults_journal", "--child-disk", str(folder),
                               "tmpfs" if mounted else "rlimit"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    finally:
        if mounted:
            subprocess.run(["umount", str(folder)], capture_output=True)
    if proc.returncode != 0:
        return {"how": "tmpfs" if mounted else "rlimit", "crash": proc.stderr.strip().splitlines()[-1:]}
    return json.loads(proc.stdout.splitlines()[-1])


def _child_disk(folder: str, how: str) -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails as on a full disk
    path, filler = os.path.join(folder, "journal.sqlite"), os.path.join(folder, "filler")
    rng, journal = random.Random(1), Journal(path)
    game_id, cls = next(iter(games.REGISTRY.items()))
    session = play(Session.start(journal, game_id, cls.min_players, seed=1), rng, 20)
    if how == "tmpfs":
        with open(filler, "wb", buffering=0) as f:
            with contextlib.suppress(OSError):
                while True:
                    f.write(b"\0" * 65536)
    else:
        used = os.path.getsize(path) + os.path.getsize(f"{path}-wal")
        resource.setrlimit(resource.RLIMIT_FSIZE, (used + 8192, resource.RLIM_INFINITY))
    refused = changed = 0
    for _ in range(5000):
        before = (session.head, session.full_state())
        try:
            session = play(session, rng, 1)
        except Refusal as refusal:
            refused += 1
            changed += (session.head, session.full_state()) != before or refusal.kind != "storage"
            if refused >= 3:
                break
    if how == "tmpfs":
        os.unlink(filler)
    else:
        resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    where = (session.id, session.head)
    try:
        session = play(session, rng, 1)
        recovered = (session.id, session.head) != where
    except Refusal:
        recovered = False
    journal.close()
    with Journal(path) as again:
        same = Session.resume(again, session.id).full_state() == session.full_state()
    print(json.dumps({"how": how, "refused": refused, "changed_on_refusal": changed, "recovered": recovered,
                      "reopened_same": same}))


# ---------------------------------------------------------------- the rest
def bad_row(work: Path) -> dict[str, Any]:
    """A session whose summary and options are not UTF-8: `companion sessions` and the referee still start."""
    path = work / "bad-row.sqlite"
    expected = build(path, actions=10)
    broken, *others = sorted(expected)
    db = sqlite3.connect(path)
    db.execute("UPDATE sessions SET summary = CAST(x'7b226e223a22ff227d' AS TEXT), options = CAST(x'7bff7d' AS TEXT) "
               "WHERE id = ?", (broken,))
    db.commit()
    db.close()
    listed = subprocess.run([sys.executable, "-m", "companion", "sessions", "--journal", str(path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    referee = subprocess.run([sys.executable, "-m", "companion", "referee", "--journal", str(path)], cwd=ROOT,
                             input='{"op": "state"}\n', capture_output=True, text=True, timeout=60)
    reply = json.loads(referee.stdout.splitlines()[0]) if referee.stdout else {}
    opened = 0
    with Journal(path) as journal:
        for session_id in others:
            opened += Session.resume(journal, session_id).full_state() == expected[session_id][1]
    return {"sessions_listed": listed.returncode == 0 and "damaged" in listed.stdout,
            "referee_started": bool(reply.get("ok")) and reply.get("session") in others,
            "others_open": f"{opened}/{len(others)}"}


def clock_back(work: Path) -> bool:
    """A session played after the clock was set back hours (a Pi before NTP) is still the one resumed."""
    path = work / "clock.sqlite"
    now = time.time()
    with Journal(path) as journal:
        with mock.patch("companion.journal.time.time", return_value=now):
            first = Session.start(journal, "block-arena", 2, seed=1)
            first.play("place a1")
        with mock.patch("companion.journal.time.time", return_value=now - 5 * 3600):
            second = Session.start(journal, "block-arena", 2, seed=2)
            second.play("place a1")
    with Journal(path) as journal:
        return Session.latest_unfinished(journal).id == second.id


def export_over(work: Path) -> bool:
    """`companion archive 1 a.jsonl` then `companion export 2 a.jsonl`: refused, the archive unchanged."""
    from companion.cli import main
    path, out = work / "export.sqlite", work / "a.jsonl"
    rng = random.Random(3)
    with Journal(path) as journal:
        done = Session.start(journal, "block-arena", 2, seed=3)
        while done.outcome() is None:
            done.play(rng.choice(done.legal_actions()))
        other = Session.start(journal, "block-arena", 2, seed=4).id
    with contextlib.redirect_stderr(io.StringIO()) as err, contextlib.redirect_stdout(io.StringIO()):
        archived = main(["archive", str(done.id), str(out), "--journal", str(path)]) == 0
        before = out.read_bytes()
        refused = main(["export", str(other), str(out), "--journal", str(path)]) == 2
    return archived and refused and "file-exists" in err.getvalue() and out.read_bytes() == before


def report(counts: Counter) -> str:
    total = sum(counts.values())
    failures = ", ".join(f"{k} {counts.get(k, 0)}" for k in FAILURES)
    return f"{total} trials: same {counts.get('same', 0)}, damage named {counts.get('named', 0)}; {failures}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.faults_journal", description=__doc__.splitlines()[0])
    parser.add_argument("--flips", type=int, default=300, help="byte-flip trials")
    parser.add_argument("--kills", type=int, default=15, help="SIGKILLs per game")
    parser.add_argument("--actions", type=int, default=300, help="actions per game in the flipped journal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child-play", nargs=3, help=argparse.SUPPRESS)
    parser.add_argument("--child-disk", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child_play:
        _child_play(args.child_play[0], args.child_play[1], int(args.child_play[2]))
        return 0
    if args.child_disk:
        _child_disk(*args.child_disk)
        return 0
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        start = time.perf_counter()
        path = work / "journal.sqlite"
        expected = build(path, actions=args.actions, seed=args.seed)
        entries = sum(head for head, _, _ in expected.values())
        print(f"journal: {len(expected)} sessions of {len(games.REGISTRY)} games, {entries} entries, "
              f"{path.stat().st_size // 1024} KiB")
        print(f"byte flips:   {report(flips(path, expected, args.flips, rng, work))}")
        cuts = [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 0.9]
        print(f"truncation:   {report(truncations(path, expected, cuts, work))} (cut by {', '.join(f'{c:.1%}' for c in cuts)})")
        for game_id, f in kills(work, args.kills, rng).items():
            print(f"SIGKILL {game_id:<22} {f['kills']} kills, {f['acknowledged']} acknowledged entries, "
                  f"{f['lost']} lost, {f['damaged']} damaged, {f['failures']} failures")
        print(f"non-UTF-8 row: {bad_row(work)}")
        print(f"full disk:    {full_disk(work)}")
        print(f"clock moved back 5 h: the table played last resumes: {clock_back(work)}")
        print(f"export over an archive: refused, archive unchanged: {export_over(work)}")
        print(f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
