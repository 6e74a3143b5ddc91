"""Real phone pages: Debian's headless Chromium under Selenium, at a phone's 390x844, beside the
offscreen app. Selenium blocks its caller, and the app answers phones only while Kivy's frames run, so
every page step runs on a worker thread while the test's thread draws frames (`Pages.do`)."""
from __future__ import annotations

import shutil
import threading
from concurrent.futures import Future
from typing import Any, Callable

import pytest

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
WIDTH, HEIGHT = 390, 844


def need_browser() -> None:
    if not (CHROMIUM and DRIVER):
        pytest.skip("needs Debian's chromium and chromium-driver (bash .ci/dev test installs them)")


class Pages:
    """One headless Chromium; each seat's page in a tab of its own."""

    def __init__(self, ui):
        import logging
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        for name in ("selenium", "urllib3"):  # their wire talk would bury a failure's own message
            logging.getLogger(name).setLevel(logging.WARNING)
        self.ui = ui
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-background-timer-throttling", "--disable-renderer-backgrounding"):
            options.add_argument(arg)
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": WIDTH, "height": HEIGHT,
                                                                                "pixelRatio": 1}})
        self.driver = self.do(lambda: webdriver.Chrome(service=Service(DRIVER), options=options))
        self.tabs: dict[int, str] = {}

    def do(self, fn: Callable[[], Any], seconds: float = 30.0) -> Any:
        """Run `fn` on a worker thread while the app's frames go on; its result."""
        future: Future = Future()

        def work():
            try:
                future.set_result(fn())
            except BaseException as exc:
                future.set_exception(exc)
        threading.Thread(target=work, daemon=True).start()
        assert self.ui.until(future.done, seconds), "the page did not answer"
        return future.result()

    def open(self, seat: int, url: str) -> None:
        port, token = url.split("/")[2].split(":")[1], url.rsplit("/", 1)[1]

        def go():
            if self.tabs:
                self.driver.switch_to.new_window("tab")
            self.driver.get(f"http://127.0.0.1:{port}/s/{token}")
            return self.driver.current_window_handle
        self.tabs[seat] = self.do(go)

    def on(self, seat: int, script: str, *args) -> Any:
        """Run `script` in seat's page (after switching to its tab)."""
        def go():
            self.driver.switch_to.window(self.tabs[seat])
            return self.driver.execute_script(script, *args)
        return self.do(go)

    def until(self, seat: int, script: str, seconds: float = 20.0) -> Any:
        """Frames until `script` (an expression) is truthy in seat's page; its value."""
        import time
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            value = self.on(seat, f"return ({script});")
            if value:
                return value
            self.ui.frames(2)
        raise AssertionError(f"seat {seat}'s page never showed: {script}")

    def tap(self, seat: int, text: str, within: str = "main") -> None:
        """Tap the first enabled button of seat's page whose text starts with `text` (found and clicked in
        one step of the page's own thread: a push redraws the page between two Selenium calls)."""
        tapped = self.on(seat, "const b = [...document.querySelectorAll(arguments[0] + ' button')].find(b => "
                               "b.offsetParent && !b.disabled && b.textContent.trim().startsWith(arguments[1]));"
                               "if (b) b.click(); return !!b;", within, text)
        assert tapped, f"seat {seat}'s page has no button {text!r}"

    def buttons(self, seat: int, within: str = "main") -> list[str]:
        return self.on(seat, f"return [...document.querySelectorAll('{within} button')]"
                             ".filter(b => b.offsetParent && !b.disabled).map(b => b.textContent.trim());")

    def screenshot(self, seat: int, path) -> None:
        def go():
            self.driver.switch_to.window(self.tabs[seat])
            self.driver.save_screenshot(str(path))
        self.do(go)

    def close(self) -> None:
        try:
            self.do(self.driver.quit)
        except Exception:
            pass
