"""Benchmark (prints figures, asserts nothing): the Log view's page of a long game, read from the journal.

    PYTHONPATH=. python tests/ui/bench_log.py 100000 [JOURNAL]

builds a Time Runners game of that many entries (the sensor switched off and on, then a race), reopens it
and times the newest and the first page as the Log view reads them, with the memory they take.
"""
import sys, time, tracemalloc, random
from companion.journal import Journal
from companion.session import Session
from ui import log_pages
n = int(sys.argv[1])
j = Journal(sys.argv[2] if len(sys.argv) > 2 else ":memory:")
s = Session.start(j, "time-runners", 3, seed="bench")
rng = random.Random(1)
t = time.perf_counter()
while s.head < n:  # a long game: the sensor switched off and on, each a journaled entry, then a race
    s.play("sensor on" if s.view(None)["sensor"].get("check") == "off" else "sensor off")
while s.outcome() is None:
    s.play(rng.choice([a for a in s.legal_actions() if "sensor" not in str(a)]))
print(f"built {s.head} entries in {time.perf_counter()-t:.1f}s")
s2 = Session(j, s.id)
tracemalloc.start()
t = time.perf_counter()
rows = log_pages.page(s2, s2.head - log_pages.PAGE + 1, s2.head)
dt = time.perf_counter() - t
cur, peak = tracemalloc.get_traced_memory()
print(f"newest page: {len(rows)} events told in {dt*1000:.0f} ms, peak {peak/1e6:.2f} MB traced")
t = time.perf_counter()
rows = log_pages.page(s2, 1, log_pages.PAGE)
print(f"first page: {len(rows)} events in {(time.perf_counter()-t)*1000:.0f} ms")
