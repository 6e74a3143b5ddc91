"""Differential check, MicroPython side: the firmware's framing and CRC on the lines the test sends.

Runs after board.py (whose fakes let `import main` load the firmware without starting its loop).
Prints one JSON list: for each line [unframe version, unframe body, crc16 of the line], then the
firmware's frame() of each body.
"""
import json
import sys

import host

sys.path.append("/")
import main as fw  # noqa: E402  (wiring/firmware/main.py, copied in by pico.mjs)

CASES = json.loads(host.scenario())
out = []
for h in CASES["lines"]:
    line = bytes.fromhex(h)
    body, version = fw.unframe(line)
    out.append([version, body, fw.crc16(line)])
out.append([fw.frame(b) for b in CASES["bodies"]])
sys.stdout.write(json.dumps(out) + "\n")
