"""The systemd unit, checked offline by systemd itself, and the files it relies on."""

import configparser
import importlib.util
import re
import shutil
import subprocess
from pathlib import Path

import pytest

SYSTEMD = Path(__file__).resolve().parent.parent / "systemd"
UNIT = SYSTEMD / "board-companion.service"

# The exposure `systemd-analyze security --offline=yes` gives the unit. Lower
# it when hardening improves; a change that raises it must argue why here.
# 1.0 -> 1.4: the phones' server needs Internet sockets (0.3) and an address
# allow list beyond localhost (0.1): the private and link-local ranges only,
# and one port to bind. Nothing else was loosened.
MAX_EXPOSURE = 1.4

needs_analyze = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None,
    reason="systemd-analyze is not installed (Debian: apt-get install systemd)",
)


def directives(text):
    """(key, value) pairs of a unit file, in order, repeated keys kept."""
    pairs = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith(("#", ";", "[")):
            key, _, value = line.partition("=")
            pairs.append((key, value))
    return pairs


def values(key):
    return [v for k, v in directives(UNIT.read_text()) if k == key]


@pytest.fixture
def checkable_unit(tmp_path):
    """The unit with an ExecStart that exists here, as verify checks it."""
    text = re.sub(r"(?m)^ExecStart=.*$", "ExecStart=/bin/true", UNIT.read_text())
    path = tmp_path / UNIT.name
    path.write_text(text)
    return path


def analyze(*args):
    return subprocess.run(
        ["systemd-analyze", *args], capture_output=True, text=True, timeout=60
    )


@needs_analyze
def test_verify_reports_nothing_about_our_unit(checkable_unit):
    result = analyze("verify", "--man=no", str(checkable_unit))
    # Other units on the machine may draw warnings; ours must draw none.
    ours = [line for line in result.stderr.splitlines() if UNIT.name in line]
    assert ours == [], result.stderr
    assert result.returncode == 0, result.stderr


@needs_analyze
def test_security_exposure_does_not_rise(checkable_unit):
    result = analyze("security", "--offline=yes", "--no-pager", str(checkable_unit))
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", result.stdout)
    assert found, result.stdout + result.stderr
    assert float(found.group(1)) <= MAX_EXPOSURE, result.stdout


def test_devices_are_allow_listed_not_hidden():
    # PrivateDevices=yes would hide GPIO, serial, DRM and input altogether.
    assert values("PrivateDevices") == []
    assert values("DevicePolicy") == ["closed"]
    allowed = dict(v.split() for v in values("DeviceAllow"))
    assert allowed == {
        "char-drm": "rw",
        "char-input": "r",
        "char-gpiochip": "rw",
        "char-ttyACM": "rw",
        "char-ttyAMA": "rw",
        "char-ttyS": "rw",
        "char-alsa": "rw",
    }


def test_notify_and_watchdog():
    assert values("Type") == ["notify"]
    assert values("NotifyAccess") == ["main"]
    assert values("WatchdogSec")
    assert values("Restart") == ["on-failure"]


def test_the_table_is_weighted_over_other_services():
    # Issue 31: with busy neighbours, phone updates met their p99 only when the
    # table's processes were weighted over them (tools.bench_phones --load N).
    (weight,) = values("CPUWeight")
    assert 100 < int(weight) <= 10000


def test_modules_behind_device_groups_load_at_boot():
    # char-drm and char-ttyACM only match drivers loaded when the service starts.
    lines = (SYSTEMD / "modules-load.conf").read_text().splitlines()
    assert {"drm", "cdc_acm", "snd"} <= {line for line in lines if not line.startswith("#")}


def test_udev_rule_names_the_pico_and_the_panel():
    rules = [
        line
        for line in (SYSTEMD / "99-board-companion.rules").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    hand = next(line for line in rules if "companion-hand" in line)
    for part in ('ATTRS{idVendor}=="2e8a"', 'KERNEL=="ttyACM[0-9]*"',
                 'GROUP="dialout"', 'MODE="0660"'):
        assert part in hand
    touch = next(line for line in rules if "input/companion-touch" in line)
    assert 'TAG+="systemd"' in touch
    # The unit waits for that device (systemd-escape -p /dev/input/companion-touch).
    assert "dev-input-companion\\x2dtouch.device" in values("Wants")


def kivy_config():
    config = configparser.ConfigParser(interpolation=None, comment_prefixes=(";", "#"))
    config.read(SYSTEMD / "kivy" / "config.ini")
    return config


def test_kivy_config_has_exactly_one_touch_provider():
    config = kivy_config()
    assert dict(config["input"]) == {"touchscreen": "mtdev,/dev/input/companion-touch"}
    assert config["graphics"]["show_cursor"] == "0"
    assert config["graphics"]["allow_screensaver"] == "0"
    assert config["kivy"]["exit_on_escape"] == "0"
    assert config["kivy"]["log_dir"].startswith("/var/lib/board-companion/")
    # SDL must not add its emulated mouse on top of mtdev's touches.
    assert "SDL_TOUCH_MOUSE_EVENTS=0" in " ".join(values("Environment"))


def test_kivy_config_version_is_current():
    # An older version makes Kivy re-add the mouse and probesysfs providers.
    spec = importlib.util.find_spec("kivy")
    if spec is None or spec.origin is None:
        pytest.skip("kivy is not installed")
    source = (Path(spec.origin).parent / "config.py").read_text()
    current = re.search(r"^KIVY_CONFIG_VERSION = (\d+)", source, re.M).group(1)
    assert kivy_config()["kivy"]["config_version"] == current


def test_the_phones_may_reach_the_local_network_only_and_bind_one_port():
    assert values("IPAddressDeny") == ["any"]
    allowed = " ".join(values("IPAddressAllow")).split()
    assert set(allowed) == {"localhost", "link-local", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"}
    assert values("SocketBindAllow") == ["tcp:8765"] and values("SocketBindDeny") == ["any"]
    from companion.phones.server import DEFAULT_PORT
    assert DEFAULT_PORT == 8765
