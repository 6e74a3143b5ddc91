"""The GPIO check tries the pin libraries instead of trusting a module's name, and tells a Pi 5 user
exactly what is missing (PyPI's empty lgpio stub used to pass as a working lgpio)."""
import importlib
import importlib.util
import logging
import os
import subprocess
import sys
import types

import pytest

from hardware import pinlib
from hardware.backend import resolve_spec

PI5 = "Raspberry Pi 5 Model B Rev 1.0"
PI4 = "Raspberry Pi 4 Model B Rev 1.5"
CHIPS = ["/dev/gpiochip0", "/dev/gpiochip4"]


@pytest.fixture
def stub_lgpio(tmp_path, monkeypatch):
    """An installed lgpio that is only an empty package, like PyPI's aarch64 stub wheel."""
    (tmp_path / "lgpio").mkdir()
    (tmp_path / "lgpio" / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "lgpio", raising=False)
    importlib.invalidate_caches()
    yield
    sys.modules.pop("lgpio", None)


def real_looking_lgpio(name):
    if name != "lgpio":
        raise ImportError(name)
    return types.SimpleNamespace(gpiochip_open=lambda chip: 1, __file__="/usr/lib/python3/dist-packages/lgpio.py")


def never(name):
    raise AssertionError(f"{name} should not have been built")


def test_on_a_pi5_the_empty_lgpio_stub_is_named_and_the_debian_package_is_the_fix(stub_lgpio):
    assert importlib.util.find_spec("lgpio") is not None       # what the old check took for lgpio
    check = pinlib.check_gpio(env={}, chips=CHIPS, model=PI5, build=never)
    assert not check.ok
    assert dict(check.tried)["lgpio"].startswith("the lgpio module here") and "empty stub" in check.reason
    assert dict(check.tried)["rpigpio"] == dict(check.tried)["native"] == "cannot drive a Raspberry Pi 5's GPIO"
    for step in ("sudo apt install python3-lgpio", "--system-site-packages", "pip uninstall lgpio"):
        assert step in check.advice


def test_on_a_pi5_an_lgpio_that_cannot_open_the_chip_says_why():
    def build(name):
        raise OSError("can not open gpiochip")
    check = pinlib.check_gpio(env={}, chips=CHIPS, model=PI5, importer=real_looking_lgpio, build=build)
    assert not check.ok and "lgpio: OSError: can not open gpiochip" in check.reason
    assert "python3-lgpio" in check.advice and "gpio group" not in check.advice


def test_a_chip_the_user_may_not_open_asks_for_the_gpio_group():
    def build(name):
        raise PermissionError("[Errno 13] Permission denied: '/dev/gpiochip0'")
    check = pinlib.check_gpio(env={}, chips=CHIPS, model=PI5, importer=real_looking_lgpio, build=build)
    assert not check.ok and "usermod -aG gpio" in check.advice


def test_on_a_pi5_a_working_lgpio_is_the_factory():
    built = []
    check = pinlib.check_gpio(env={}, chips=CHIPS, model=PI5, importer=real_looking_lgpio, build=built.append)
    assert check.ok and check.factory == "lgpio" and built == ["lgpio"]


def test_on_a_pi4_without_lgpio_rpi_gpio_is_tried_next():
    def importer(name):
        raise ImportError("No module named 'lgpio'")
    built = []
    check = pinlib.check_gpio(env={}, chips=["/dev/gpiochip0"], model=PI4, importer=importer, build=built.append)
    assert check.ok and check.factory == "rpigpio" and built == ["rpigpio"]
    assert check.tried == (("lgpio", "not installed (No module named 'lgpio')"),)


def test_without_a_gpio_chip_nothing_is_tried():
    check = pinlib.check_gpio(env={}, chips=[], model="", importer=real_looking_lgpio, build=never)
    assert not check.ok and "no /dev/gpiochip*" in check.reason


def test_a_chosen_pin_factory_is_trusted():
    assert pinlib.check_gpio(env={"GPIOZERO_PIN_FACTORY": "mock"}, chips=[], build=never).factory == "mock"


def test_the_automatic_choice_on_a_pi5_with_the_stub_falls_back_saying_what_to_install(stub_lgpio, monkeypatch,
                                                                                      caplog):
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(pinlib, "board_model", lambda: PI5)
    monkeypatch.setattr(pinlib.glob, "glob", lambda p: CHIPS if "gpiochip" in p else [])
    with caplog.at_level(logging.WARNING, logger="hardware"):
        assert resolve_spec(None, env={}) == ("emulated", True)
    assert "empty stub" in caplog.text and "sudo apt install python3-lgpio" in caplog.text


def test_the_gpio_command_says_what_is_missing_and_exits_1(monkeypatch):
    if pinlib.check_gpio().ok:
        pytest.skip("GPIO works on this machine")
    done = subprocess.run([sys.executable, "-m", "hardware", "gpio"], capture_output=True, text=True,
                          timeout=60, env={k: v for k, v in os.environ.items() if k != "GPIOZERO_PIN_FACTORY"})
    assert done.returncode == 1, done.stderr
    assert done.stdout.startswith("GPIO: not usable") and "\nfix: " in done.stdout
