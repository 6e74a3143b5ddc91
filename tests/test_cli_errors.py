"""A user's mistake at the command line gets one clear line and exit 2, never a traceback; read-only
commands never create a journal; --version and every --help name the command as it was typed."""
from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = Path(sys.executable).parent / "companion"


def env_for(tmp_path: Path) -> dict:
    home = tmp_path / "home"
    return dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / "data"), COMPANION_DATA=str(tmp_path / "data"),
                KIVY_HOME=str(tmp_path / "kivy"), TMPDIR=str(tmp_path / "tmp"))


def companion(tmp_path: Path, *args: str, module: str = "ui.cli", timeout: int = 90) -> subprocess.CompletedProcess:
    (tmp_path / "tmp").mkdir(exist_ok=True)
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, env=env_for(tmp_path),
                          capture_output=True, text=True, timeout=timeout)


def one_line_error(proc: subprocess.CompletedProcess, *words: str) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    err = proc.stderr.strip()
    assert "Traceback" not in proc.stderr and "\n" not in err and err.startswith("companion"), proc.stderr
    for w in words:
        assert w in err, err
    return err


def no_journal_anywhere(tmp_path: Path) -> None:
    made = [p for p in tmp_path.rglob("*") if p.suffix in (".sqlite", ".sqlite-wal", ".sqlite-journal")]
    assert made == [] and not (tmp_path / "data").exists(), made


# ---------------------------------------------------------------- screenshot
@pytest.mark.parametrize("size", ["abc", "800x", "800x480x2", "10x10", "99999x480"])
def test_screenshot_bad_size_is_one_line_and_exit_2(tmp_path, size):
    out = tmp_path / "shot.png"
    one_line_error(companion(tmp_path, "screenshot", "home", str(out), "--size", size), size)
    assert not out.exists()


def test_app_bad_size_is_one_line_and_exit_2(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "ui.cli", "app", "--size", "big", "--journal", str(tmp_path / "j.sqlite")],
                          cwd=ROOT, env=dict(env_for(tmp_path), SDL_VIDEODRIVER="offscreen"), capture_output=True,
                          text=True, timeout=60)
    one_line_error(proc, "'big'")
    assert not (tmp_path / "j.sqlite").exists()


@pytest.mark.parametrize("backend", ["bogus", "serial", "trace:", "gpio:x", "emulated:1"])
def test_app_unknown_backend_is_one_line_listing_the_backends_and_exit_2(tmp_path, backend):
    # it used to log a traceback and run on with "hardware unavailable"
    proc = subprocess.run([sys.executable, "-m", "ui.cli", "app", "--backend", backend, "--quit-after-first-frame",
                           "--journal", str(tmp_path / "j.sqlite")], cwd=ROOT,
                          env=dict(env_for(tmp_path), SDL_VIDEODRIVER="offscreen"), capture_output=True, text=True, timeout=60)
    one_line_error(proc, repr(backend), "gpio, serial:PORT, emulated, trace:FILE")
    assert not (tmp_path / "j.sqlite").exists()  # refused before anything opened


def test_app_unknown_backend_in_the_environment_is_refused_the_same_way(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "ui.cli", "app", "--quit-after-first-frame", "--journal",
                           str(tmp_path / "j.sqlite")], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env=dict(env_for(tmp_path), SDL_VIDEODRIVER="offscreen", COMPANION_HW_BACKEND="bogus"))
    one_line_error(proc, "'bogus'", "emulated")


def test_screenshot_unknown_screen_is_one_line_and_exit_2(tmp_path):
    one_line_error(companion(tmp_path, "screenshot", "nowhere", str(tmp_path / "x.png")), "'nowhere'", "home")


def test_screenshot_into_a_missing_folder_is_one_line_and_exit_2(tmp_path):
    one_line_error(companion(tmp_path, "screenshot", "home", str(tmp_path / "no" / "x.png")), "no folder")


def test_screenshot_that_writes_nothing_fails_and_leaves_no_temporary_folder(tmp_path):
    proc = companion(tmp_path, "screenshot", "home", "/proc/companion-shot.png")  # /proc takes no new files
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert "/proc/companion-shot.png" in proc.stderr
    assert list((tmp_path / "tmp").iterdir()) == []


def test_screenshot_that_succeeds_leaves_no_temporary_folder(tmp_path):
    out = tmp_path / "home.png"
    proc = companion(tmp_path, "screenshot", "home", str(out))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert out.stat().st_size > 1000 and list((tmp_path / "tmp").iterdir()) == []


# ---------------------------------------------------------------- export, import, sessions
def test_export_from_a_missing_journal_is_one_line_and_exit_2_and_creates_nothing(tmp_path):
    journal = tmp_path / "nowhere" / "j.sqlite"
    one_line_error(companion(tmp_path, "export", "1", str(tmp_path / "o.jsonl"), "--journal", str(journal)),
                   "no journal", str(journal))
    one_line_error(companion(tmp_path, "export", "1", "-"), "no journal")
    assert not journal.parent.exists() and not (tmp_path / "o.jsonl").exists()
    no_journal_anywhere(tmp_path)


def test_export_to_a_missing_folder_is_one_line_and_exit_2(tmp_path):
    from companion.journal import Journal
    from companion.session import Session
    journal = tmp_path / "j.sqlite"
    with Journal(journal) as j:
        Session.start(j, "time-runners", 2, seed=1)
    one_line_error(companion(tmp_path, "export", "1", str(tmp_path / "no" / "o.jsonl"), "--journal", str(journal)),
                   "Cannot write")


def test_import_of_a_missing_file_is_one_line_and_exit_2_and_creates_no_journal(tmp_path):
    journal = tmp_path / "j.sqlite"
    one_line_error(companion(tmp_path, "import", str(tmp_path / "missing.jsonl"), "--journal", str(journal)),
                   "missing.jsonl")
    assert not journal.exists()


def test_import_of_a_folder_or_a_binary_file_is_one_line_and_exit_2(tmp_path):
    one_line_error(companion(tmp_path, "import", str(tmp_path), "--journal", str(tmp_path / "j.sqlite")), "Cannot read")
    binary = tmp_path / "photo.jpg"
    binary.write_bytes(b"\xff\xd8\xff\xe0" + bytes(range(256)))
    one_line_error(companion(tmp_path, "import", str(binary), "--journal", str(tmp_path / "j.sqlite")), "not a text")


def test_sessions_says_when_there_are_none(tmp_path):
    proc = companion(tmp_path, "sessions")
    assert proc.returncode == 0 and "No sessions" in proc.stdout and "no journal" in proc.stdout
    from companion.journal import Journal
    empty = tmp_path / "empty.sqlite"
    Journal(empty).close()
    proc = companion(tmp_path, "sessions", "--journal", str(empty))
    assert proc.returncode == 0 and proc.stdout.strip() == f"No sessions in {empty}."


@pytest.mark.parametrize("args", [("sessions",), ("export", "1", "-"), ("rules", "time-runners"), ("games",),
                                  ("sessions", "--journal", "{tmp}/mine.sqlite"),
                                  ("export", "2", "-", "--journal", "{tmp}/sub/mine.sqlite")])
def test_read_only_commands_never_create_a_journal(tmp_path, args):
    args = [a.format(tmp=tmp_path) for a in args]
    for module in ("ui.cli", "companion"):
        proc = companion(tmp_path, *args, module=module)
        assert proc.returncode in (0, 2) and "Traceback" not in proc.stderr, proc.stderr
    no_journal_anywhere(tmp_path)
    assert not (tmp_path / "sub").exists()


# ---------------------------------------------------------------- version and help
def test_version_is_the_one_in_pyproject(tmp_path):
    with (ROOT / "pyproject.toml").open("rb") as f:
        expected = tomllib.load(f)["project"]["version"]
    for module in ("ui.cli", "companion"):
        proc = companion(tmp_path, "--version", module=module)
        assert proc.returncode == 0 and proc.stdout.strip() == f"companion {expected}", proc


COMMANDS = ["referee", "sessions", "export", "import", "rules", "games",
            "hw", "hw monitor", "hw pinmap", "app", "screenshot"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_help_names_the_command_as_typed(tmp_path, command):
    proc = companion(tmp_path, *command.split(), "--help")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"usage: companion {command} "), proc.stdout[:200]
    assert "__main__" not in proc.stdout and "python -m" not in proc.stdout


@pytest.mark.skipif(not SCRIPT.exists(), reason="the console script is not installed in this environment")
@pytest.mark.parametrize("command", ["app", "screenshot", "hw", "sessions"])
def test_the_console_script_help_names_the_command_as_typed(tmp_path, command):
    proc = subprocess.run([str(SCRIPT), *command.split(), "--help"], env=env_for(tmp_path), capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout.startswith(f"usage: companion {command} "), proc.stdout[:200]


def test_hw_help_lists_its_subcommands(tmp_path):
    out = companion(tmp_path, "hw", "--help").stdout
    assert "monitor" in out and "pinmap" in out


@pytest.mark.parametrize("count", ["0", "-3", "many"])
def test_bench_games_with_a_count_that_is_no_count_is_one_line_and_exit_2(tmp_path, count):
    result = companion(tmp_path, "--games", count, module="tools.bench_games")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "is not a whole number from 1" in result.stderr.splitlines()[-1]


def test_an_import_the_rules_refuse_is_one_line_and_exit_2_and_creates_no_journal(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"game": "time-runners", "players": 2, "seed": "1", "options": {}}\n'
                   '{"kind": "action", "action": "fly away", "drawn": false}\n')
    journal = tmp_path / "j.sqlite"
    proc = companion(tmp_path, "import", str(bad), "--journal", str(journal), module="companion")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert not journal.exists()


@pytest.mark.parametrize("args", [("games",), ("rules", "legends-of-the-arena"), ("hw", "pinmap")])
def test_a_reader_that_stops_early_gets_no_traceback(tmp_path, args):
    """`companion games | head -1`: the pipe closes before the listing is written; no traceback follows."""
    (tmp_path / "tmp").mkdir(exist_ok=True)
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line
    with os.fdopen(write, "w") as out:
        proc = subprocess.run([sys.executable, "-m", "ui.cli", *args], cwd=ROOT, env=env_for(tmp_path), stdout=out,
                              stderr=subprocess.PIPE, text=True, timeout=90)
    assert "Traceback" not in proc.stderr and "Broken pipe" not in proc.stderr, proc.stderr
    assert proc.returncode in (0, 141), proc.returncode
