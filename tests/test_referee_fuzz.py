"""Whatever arrives on the referee's stdin, each line gets exactly one reply, the process lives on and
the game is unchanged: arbitrary text, deep nesting, huge lines and bytes that are not UTF-8."""
import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


class BytesReferee:
    def __init__(self, data):
        # strict UTF-8 stdin, as under a UTF-8 locale on the Pi (the C locale here would be lenient); its
        # journal in a folder of its own (a module's fixture starts before each test's own folder is set)
        env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "COMPANION_DATA": str(data)}
        self.proc = subprocess.Popen([sys.executable, "-m", "companion", "referee"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)

    def send(self, line: bytes) -> dict:
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline()
        assert reply, f"no reply; the referee said: {self.proc.stderr.read()[-400:]!r}"
        return json.loads(reply)

    def state(self) -> dict:
        return self.send(b'{"op":"state"}')


@pytest.fixture(scope="module")
def referee(tmp_path_factory):
    r = BytesReferee(tmp_path_factory.mktemp("referee-data"))
    assert r.send(b'{"op":"new","game":"time-runners","players":3,"seed":5}')["ok"]
    yield r
    r.proc.stdin.close()
    r.proc.wait(timeout=10)


def lines():
    plain = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"), max_size=200)
    nested = st.integers(1, 5000).map(lambda n: "[" * n + "]" * n)
    unclosed = st.integers(1, 100_000).map(lambda n: '{"a":' * n)
    huge = st.integers(10_000, 1_000_000).map(lambda n: json.dumps({"op": "play", "action": "x" * n}))
    fields = st.dictionaries(st.sampled_from(["op", "action", "player", "session", "seed", "state", "level"]),
                             st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                                          lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=5), c, max_size=3),
                                          max_leaves=10), max_size=4).map(json.dumps)
    as_bytes = (plain | nested | unclosed | huge | fields).filter(lambda s: "quit" not in s).map(lambda s: s.encode())
    raw = st.binary(max_size=300).map(lambda b: b.replace(b"\n", b"").replace(b"\r", b""))
    return as_bytes | raw


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(line=lines())
def test_every_line_gets_one_reply_and_changes_nothing_it_should_not(referee, line):
    before = referee.state()
    reply = referee.send(line)
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool)
    if not reply["ok"]:
        assert set(reply["error"]) == {"code", "reason", "rule", "kind"} and len(reply["error"]["reason"]) < 400
        after = referee.state()
        assert after["state"] == before["state"] and after["session"] == before["session"]
