"""`python -m hardware monitor` in a real subprocess."""
import json
import os
import subprocess
import sys
from pathlib import Path

from hardware.events import DicePressed, HandSettled, LinkUp

ROOT = Path(__file__).resolve().parents[2]


def run(args, stdin=None, env=None):
    e = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    e.pop("COMPANION_HW_BACKEND", None)
    return subprocess.run([sys.executable, "-m", "hardware", *args], input=stdin, env=e, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_monitor_replays_a_trace_one_line_per_event_and_exits(tmp_path):
    trace = tmp_path / "t.jsonl"
    events = [LinkUp("emulated", "x", 1.0), DicePressed(1.5, "button"), HandSettled(4, 2.0)]
    trace.write_text("".join(json.dumps(e.to_dict()) + "\n" for e in events))
    r = run(["monitor", "--backend", f"trace:{trace}"])
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 3
    assert "DicePressed" in lines[1] and "source=button" in lines[1]
    assert "HandSettled" in lines[2] and "hour=4" in lines[2]


def test_monitor_json_output_round_trips_to_the_same_events(tmp_path):
    trace = tmp_path / "t.jsonl"
    trace.write_text(json.dumps(HandSettled(9, 3.0).to_dict()) + "\n")
    r = run(["monitor", "--backend", f"trace:{trace}", "--json"])
    assert [json.loads(x) for x in r.stdout.splitlines()] == [HandSettled(9, 3.0).to_dict()]


def test_on_a_laptop_the_emulator_is_driven_from_the_keyboard(tmp_path):
    rec = tmp_path / "rec.jsonl"
    r = run(["monitor", "--record", str(rec)], stdin="p\nh 5\nbogus\nh 99\nq\n",
            env={"GPIOZERO_PIN_FACTORY": ""})
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "LinkUp" in out and "DicePressed" in out and "hour=5" in out
    assert "commands:" in r.stderr                   # unknown command shows the help
    assert len(rec.read_text().splitlines()) == len(out.splitlines())


def test_a_missing_trace_is_an_error_exit_not_a_traceback(tmp_path):
    r = run(["monitor", "--backend", f"trace:{tmp_path / 'none.jsonl'}"])
    assert r.returncode == 2 and "error:" in r.stderr and "Traceback" not in r.stderr


def test_pinmap_prints_the_default_map():
    r = run(["pinmap"])
    assert r.returncode == 0 and "button  GPIO17" in r.stdout and "hour 12 GPIO27" in r.stdout


def test_monitor_with_gpio_where_there_is_none_is_one_line_and_exit_2():
    import glob
    import os
    import subprocess
    import sys
    if glob.glob("/dev/gpiochip*") or os.environ.get("GPIOZERO_PIN_FACTORY"):
        import pytest
        pytest.skip("this machine has GPIO")
    done = subprocess.run([sys.executable, "-m", "ui.cli", "hw", "monitor", "--backend", "gpio"],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "no usable GPIO" in done.stderr and "Traceback" not in done.stderr


def test_hw_help_lists_its_subcommands():
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "ui.cli", "hw", "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "monitor" in done.stdout and "pinmap" in done.stdout and "companion hw" in done.stdout
