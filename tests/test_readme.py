"""README's command table names every command the CLI has, `companion hw`'s too, and no command it lacks."""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def subcommands(*args):
    """The subcommands `companion ... --help` lists (the `{a,b,c}` of its usage line)."""
    done = subprocess.run([sys.executable, "-m", "ui.cli", *args, "--help"], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return set(re.search(r"\{([\w,-]+)\}", done.stdout).group(1).split(","))


def table_commands():
    """Each `companion X [Y]` at the start of a row of README's command table, or after a ` / `."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = [line.split("|")[1] for line in text.splitlines() if line.startswith("| `companion ")]
    return [tuple(re.match(r"(?:companion )?([\w-]+)(?: ([a-z][\w-]*))?", cell.strip("` ")).groups())
            for row in rows for cell in row.split(" / ")]


def test_the_readme_table_has_every_command_and_every_hw_tool():
    listed = table_commands()
    top = {name for name, _ in listed}
    assert top == subcommands()
    hw = {sub for name, sub in listed if name == "hw"}
    assert hw == subcommands("hw")  # monitor, pinmap, gpio


def test_the_readme_says_where_the_two_commands_are_and_they_are_there():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "bash .ci/dev app" in text and "bash .ci/dev test" in text and "`ls -a`" in text
    assert (ROOT / ".ci" / "dev").is_file() and (ROOT / ".ci" / "run").is_file()
