"""A real Chromium for the web viewer's tests (Debian's `chromium` and `chromium-driver`).

Selenium drives Debian's chromedriver; its own driver download is switched off (SE_OFFLINE) and
nothing here may fetch a browser. Where no Chromium exists the tests skip with a reason; CI
installs it (`.ci/run`, as root), so there they run. As root Chromium needs `--no-sandbox`.

    with chromium() as browser:          # a pytest skip where there is none
        browser.open(path)               # a file:// page
        browser.driver.find_element(...) # Selenium as usual
        browser.console_errors()         # severe console messages since the page opened
        browser.network_requests()       # every request the page made besides file:// ones

`drawing_page(...)` writes a page that holds only one game's drawing script and one frame: a
game's drawing is tested in the browser before, and apart from, the viewer page.
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
DRIVER_CANDIDATES = ("/usr/bin/chromedriver",)


def _first(paths: tuple[str, ...], name: str) -> str | None:
    for p in paths:
        if os.path.exists(p):
            return p
    return shutil.which(name)


def chromium_missing() -> str | None:
    """Why the browser tests cannot run here (None: they can)."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install '.[test]')"
    if _first(CHROMIUM_CANDIDATES, "chromium") is None:
        return "no Chromium here (Debian: apt-get install chromium chromium-driver)"
    if _first(DRIVER_CANDIDATES, "chromedriver") is None:
        return "no chromedriver here (Debian: apt-get install chromium-driver)"
    return None


needs_chromium = pytest.mark.skipif(
    chromium_missing() is not None and not os.environ.get("ALTAY_REQUIRE_BROWSER"),
    reason=str(chromium_missing()),
)


@dataclass
class Browser:
    driver: Any

    def open(self, path: str | Path, fragment: str = "") -> None:
        url = Path(path).resolve().as_uri() + (f"#{fragment}" if fragment else "")
        self.driver.get(url)

    def run(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def console_errors(self) -> list[str]:
        """Severe console messages (errors) since the last call."""
        return [e["message"] for e in self.driver.get_log("browser") if e.get("level") == "SEVERE"]

    def network_requests(self) -> list[str]:
        """URLs the page asked for besides file:// and data: ones (none is allowed)."""
        out = []
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") != "Network.requestWillBeSent":
                continue
            url = message["params"]["request"]["url"]
            if not url.startswith(("file:", "data:", "about:", "blob:")):
                out.append(url)
        return out

    def screenshot(self, path: str | Path, width: int = 1400, height: int = 900) -> None:
        """A PNG of exactly width x height page pixels (a headless window's size includes the
        browser's own frame, so the page's area is set through the DevTools protocol)."""
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )
        try:
            self.driver.save_screenshot(str(path))
        finally:
            self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@contextlib.contextmanager
def chromium(width: int = 1400, height: int = 900) -> Iterator[Browser]:
    """A headless Debian Chromium under Selenium; skips the test where there is none."""
    missing = chromium_missing()
    if missing is not None:
        if os.environ.get("ALTAY_REQUIRE_BROWSER"):  # CI (.ci/run): the browser tests must run
            pytest.fail(f"ALTAY_REQUIRE_BROWSER is set, but {missing}")
        pytest.skip(missing)
    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager must never download a driver or browser
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(_first(CHROMIUM_CANDIDATES, "chromium"))
    for flag in (
        "--headless=new",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--disable-extensions",
        "--disable-dev-shm-usage",
        f"--window-size={width},{height}",
    ):
        options.add_argument(flag)
    if os.geteuid() == 0:
        options.add_argument("--no-sandbox")  # Chromium refuses to run as root with its sandbox
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    service = Service(executable_path=str(_first(DRIVER_CANDIDATES, "chromedriver")))
    driver = webdriver.Chrome(service=service, options=options)
    try:
        yield Browser(driver)
    finally:
        driver.quit()


def drawing_page(path: Path, game: str, script: str, statics: Any, frame: Any, ctx: dict[str, Any]) -> Path:
    """A page holding only `game`'s drawing script, drawing `frame` once into #board."""
    data = json.dumps({"statics": statics, "frame": frame, "ctx": ctx}).replace("</", "<\\/")
    path.write_text(
        "<!doctype html><html><head><meta charset='utf-8'><title>"
        + html.escape(game)
        + "</title></head><body><div id='board'></div><script>window.altayGames = {};</script><script>"
        + script.replace("</script", "<\\/script")
        + "</script><script>const d = "
        + data
        + f"; window.altayGames[{json.dumps(game)}].draw(document.getElementById('board'), d.statics, "
        "d.frame, d.ctx);</script></body></html>",
        encoding="utf-8",
    )
    return path


def default_seats(n: int) -> list[dict[str, Any]]:
    """Seats as the viewer page describes them to a drawing (colour, label and pattern)."""
    colors = ["#d1495b", "#00798c", "#edae49", "#66a182", "#8d6a9f", "#2e4057"]
    patterns = ["solid", "stripes", "dots", "cross", "waves", "grid"]
    return [
        {"seat": i, "name": f"P{i}", "label": f"P{i}", "color": colors[i % 6], "pattern": patterns[i % 6]}
        for i in range(n)
    ]
