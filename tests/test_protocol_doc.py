"""PROTOCOL.md's worked example is replayed through a real `companion referee`: the document cannot drift.

The example is the fenced block under "## A worked example": `>` lines are sent as they are, and
each `<` line is the reply the referee must give. A reply is compared in full, with one leeway, the
one the document declares: `…` inside an object stands for fields left out, and `…` at the end of a
list for items left out. Nothing else varies (the seed is fixed and the session is in memory), so no
field is excused.
"""
import json
import re
import sys
from pathlib import Path

import pytest

from referee_client import RefereeProcess

DOC = Path(__file__).resolve().parents[1] / "companion" / "PROTOCOL.md"
ELIDED = "…"


def worked_example(text):
    """The `(request, reply)` pairs of the first fenced block after the worked example's heading."""
    section = text.split("## A worked example", 1)[1]
    block = re.search(r"^```\n(.*?)^```", section, re.S | re.M).group(1)
    pairs, request = [], None
    for line in block.splitlines():
        if line.startswith("> "):
            assert request is None, f"two requests in a row: {line}"
            request = line[2:]
        elif line.startswith("< "):
            assert request is not None, f"a reply with no request: {line}"
            pairs.append((request, line[2:]))
            request = None
    assert request is None, f"a request with no reply: {request}"
    return pairs


def parse_shortened(text):
    """The document's reply as JSON, with each `…` made a marker the comparison understands."""
    out, stack, in_string, escaped = [], [], False, False
    for ch in text:
        if in_string:
            out.append(ch)
            if ch == '"' and not escaped:
                in_string = False
            escaped = not escaped and ch == "\\"
            continue
        if ch == '"':
            in_string = True
        elif ch in "{[":
            stack.append(ch)
        elif ch in "}]":
            stack.pop()
        elif ch == ELIDED:
            out.append('"…":null' if stack and stack[-1] == "{" else '"…"')
            continue
        out.append(ch)
    return json.loads("".join(out))


def mismatch(shown, actual, where="reply"):
    """Where the shortened reply `shown` disagrees with `actual`, or None."""
    if isinstance(shown, dict):
        if not isinstance(actual, dict):
            return f"{where}: an object is shown, the referee answers {actual!r}"
        keys = set(shown) - {ELIDED}
        if ELIDED not in shown and set(actual) != keys:
            return (f"{where}: fields {sorted(keys)} are shown, the referee answers {sorted(actual)}"
                    " (write `…` where fields are left out)")
        for key in sorted(keys):
            if key not in actual:
                return f"{where}: the referee answers no {key!r}"
            found = mismatch(shown[key], actual[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(shown, list):
        if not isinstance(actual, list):
            return f"{where}: a list is shown, the referee answers {actual!r}"
        if shown and shown[-1] == ELIDED:
            shown = shown[:-1]
            if len(actual) < len(shown):
                return f"{where}: {len(shown)} items or more are shown, the referee answers {len(actual)}"
        elif len(shown) != len(actual):
            return f"{where}: {len(shown)} items are shown, the referee answers {len(actual)}"
        for i, (s, a) in enumerate(zip(shown, actual)):
            found = mismatch(s, a, f"{where}[{i}]")
            if found:
                return found
        return None
    if shown != actual or type(shown) is not type(actual):
        return f"{where}: {shown!r} is shown, the referee answers {actual!r}"
    return None


def test_shortening_still_catches_a_wrong_value():
    """The comparison can fail: a wrong die, a missing field and an unshown extra field are caught."""
    actual = {"ok": True, "action": "roll 3", "state": {"positions": [3, 0], "hour": 12}}
    assert mismatch(parse_shortened('{"ok":true,"action":"roll 3","state":{…,"positions":[3,0],…}}'), actual) is None
    assert mismatch(parse_shortened('{"ok":true,"action":"roll 1","state":{…}}'), actual)
    assert mismatch(parse_shortened('{"ok":true,"action":"roll 3"}'), actual)
    assert mismatch(parse_shortened('{"ok":true,"action":"roll 3","state":{…,"positions":[3],…}}'), actual)
    assert mismatch(parse_shortened('{"ok":true,"action":"roll 3","state":{…,"positions":[3,…],…}}'), actual) is None


def test_the_worked_example_in_protocol_md_is_what_the_referee_answers():
    pairs = worked_example(DOC.read_text(encoding="utf-8"))
    assert len(pairs) >= 10 and pairs[-1][0] == '{"op":"quit"}'
    referee = RefereeProcess(command=[sys.executable, "-m", "companion"])
    try:
        for request, shown in pairs:
            actual = referee.send(request)
            found = mismatch(parse_shortened(shown), actual)
            assert found is None, f"PROTOCOL.md, after > {request}\n{found}\nthe referee: {json.dumps(actual)}"
    finally:
        referee.proc.stdin.close()
        assert referee.proc.wait(timeout=10) == 0
