"""README's command table names every command the CLI has, `companion hw`'s too, and no command it lacks."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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


def test_the_readmes_xvfb_picture_becomes_a_png_with_the_tools_its_install_line_brings(tmp_path):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("### On a laptop or server without a display (Xvfb)")[1].split("```sh\n")[1].split("```")[0]
    lines = [line.split("#")[0].strip() for line in block.splitlines()]
    install = next(line for line in lines if line.startswith("sudo apt-get install"))
    png = next(line for line in lines if "screen.png" in line)
    assert png.startswith("xwdtopnm screen.xwd") and "netpbm" in install.split(), (install, png)
    tools = ("Xvfb", "xwd", "xwdtopnm", "pnmtopng")
    if not all(shutil.which(t) for t in tools):
        pytest.skip("Xvfb, xwd or netpbm is not installed here")
    # the README's own lines, on a display of this test's own
    display = f":{os.getpid() % 4000 + 1000}"
    xvfb = next(line for line in lines if line.startswith("Xvfb ")).replace(":5", display).rstrip("& ")
    server = subprocess.Popen(xvfb.split() + ["-displayfd", "1"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True)
    try:
        assert server.stdout.readline().strip() == display[1:]  # it is up and drawing
        shot = next(line for line in lines if " xwd " in line).replace(":5", display)
        subprocess.run(f"{shot} && {png}", shell=True, cwd=tmp_path, check=True, timeout=60, stderr=subprocess.DEVNULL)
    finally:
        server.terminate()
        server.wait(10)
    picture = (tmp_path / "screen.png").read_bytes()
    assert picture[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(picture[16:20], "big"), int.from_bytes(picture[20:24], "big")) == (800, 480)  # the whole screen
