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


def test_monitor_on_a_serial_port_that_does_not_exist_says_so_in_one_line_and_exits_2(tmp_path):
    port = tmp_path / "nonexistent"
    done = subprocess.run([sys.executable, "-m", "ui.cli", "hw", "monitor", "--backend", f"serial:{port}"],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL, cwd=ROOT)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""                                   # no LinkDown, no waiting
    assert done.stderr.strip().count("\n") == 0 and "Traceback" not in done.stderr
    assert f"serial port {port} does not exist" in done.stderr and "--wait" in done.stderr


def test_monitor_with_wait_waits_for_the_port_and_reads_the_board_once_plugged_in(tmp_path):
    import select
    import time
    from hw_helpers import PtyDevice
    link = str(tmp_path / "companion-hand")
    e = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "hardware", "monitor", "--backend", f"serial:{link}", "--wait"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=e, cwd=ROOT)

    def next_line():  # a guard against hanging, not a timed assertion
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        assert ready, "the monitor printed nothing"
        return proc.stdout.readline()

    device = None
    try:
        first = next_line()
        assert "LinkDown" in first and "does not exist" not in first
        assert proc.poll() is None                                # still waiting
        device = PtyDevice(link)
        lines = [next_line()]
        deadline = time.monotonic() + 60
        while not any("LinkUp" in x for x in lines) and time.monotonic() < deadline:
            lines.append(next_line())
        assert any("LinkUp" in x for x in lines), lines
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        if device:
            device.close()
