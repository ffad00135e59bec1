"""Regenerate the screenshots of the web app in docs/img/ (web-bid.png, web-score.png).

Starts the app on a free port of 127.0.0.1, drives headless Chromium (Debian's ``chromium`` and
``chromium-driver``) through the same clicks as the browser tests (tests/web/test_browser.py
imports the functions below), and saves the two pages::

    python tools/web_screenshots.py            # writes docs/img/web-bid.png and docs/img/web-score.png

Fixed inputs and seed 0: the same numbers every time (the browser chrome is not in the picture).
"""

from __future__ import annotations

import contextlib
import socket
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WINDOW = (1360, 1000)

BID_EXAMPLE = {"hand": ["W", "R12", "B3"], "trump": "R5", "players": 4, "seat": 3, "bids": [1, 0], "n": 1000}
"""The README's example hand (``wizstats bid W R12 B3 --trump R5 --players 4 --seat 3 --bids 1 0``), 1,000 deals."""

SCORE_EXAMPLE = {
    "players": ["Anna", "Ben", "Cleo", "Dirk"],
    "rounds": [
        [(0, 0), (1, 1), (0, 0), (0, 0)],
        [(1, 1), (0, 0), (1, 1), (1, 0)],
        [(1, 2), (1, 1), (0, 0), (1, 0)],
    ],
}
"""Three rounds of the score pad (bid, tricks per player)."""


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def running_server(**app_options: Any) -> Iterator[str]:
    """Serve ``create_app(**app_options)`` with uvicorn on 127.0.0.1 in a thread; yields the base URL."""
    import uvicorn

    from wizstats.web import create_app

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(**app_options), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(base + "/api/health", timeout=1):
                break
        except OSError:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("the web server did not start") from None
            time.sleep(0.1)
    # a first bid loads the kernels into the worker process, so the pages show warm timings
    with urllib.request.urlopen(base + "/api/bid?hand=W,R12,B3&trump=R5&n=20", timeout=600):
        pass
    try:
        yield base
    finally:
        server.should_exit = True
        thread.join(timeout=15)


@contextlib.contextmanager
def chrome() -> Iterator[Any]:
    """Headless Chromium through chromedriver, with a fresh profile; nothing is fetched from the network."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    with tempfile.TemporaryDirectory(prefix="wizstats-chrome-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for arg in (
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-dev-shm-usage",
            f"--user-data-dir={profile}",
            f"--window-size={WINDOW[0]},{WINDOW[1]}",
        ):
            options.add_argument(arg)
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        try:
            yield driver
        finally:
            driver.quit()


def wait_for(driver: Any, condition: Any, timeout: float = 60) -> Any:
    """Wait until ``condition(driver)`` is truthy (selenium's WebDriverWait)."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(condition)


def clear_storage(driver: Any, base: str) -> None:
    """Forget what the pages kept in the browser, from a plain file of the same origin (no page script runs)."""
    driver.get(base + "/static/favicon.svg")
    driver.execute_script("localStorage.clear()")


def fill_bid_page(driver: Any, base: str, example: dict = BID_EXAMPLE) -> str:
    """Click the example's hand and turned card together, set players, seat, bids and deals; return the bid shown."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    d = driver
    clear_storage(d, base)  # start from an empty page
    d.get(base + "/")
    wait_for(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#bid-deck [data-card]"))
    Select(d.find_element(By.ID, "samples")).select_by_value(str(example["n"]))
    Select(d.find_element(By.ID, "players")).select_by_value(str(example["players"]))
    for card in example["hand"]:
        free = [
            b
            for b in d.find_elements(By.CSS_SELECTOR, f'#bid-deck [data-card="{card}"]')
            if b.get_attribute("aria-pressed") == "false"
        ]
        free[0].click()
    d.find_element(By.ID, "mode-trump").click()
    d.find_element(By.CSS_SELECTOR, f'#bid-deck [data-card="{example["trump"]}"][aria-pressed="false"]').click()
    Select(d.find_element(By.ID, "seat")).select_by_value(str(example["seat"]))
    for i, bid in enumerate(example["bids"]):
        box = d.find_element(By.CSS_SELECTOR, f'#earlier-bids input[data-seat="{i + 1}"]')
        box.clear()
        box.send_keys(str(bid))
    wait_for(
        d,
        lambda d: (
            d.find_element(By.ID, "bid-result").is_displayed()
            and not d.find_element(By.ID, "bid-status").is_displayed()
            and example["trump"] + " --players" in d.find_element(By.ID, "bid-footnote").text
            and f"--bids {' '.join(map(str, example['bids']))}" in d.find_element(By.ID, "bid-footnote").text
        ),
    )
    return d.find_element(By.ID, "best-bid").text


def fill_score_pad(driver: Any, base: str, example: dict = SCORE_EXAMPLE) -> None:
    """Name the players and enter the example's rounds (none: names only) in the score pad; wait until checked."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    d = driver
    clear_storage(d, base)  # start from an empty pad
    d.get(base + "/score")
    wait_for(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#pad input.bid"))
    Select(d.find_element(By.ID, "n-players")).select_by_value(str(len(example["players"])))
    wait_for(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#names input")) == len(example["players"]))
    for box, name in zip(d.find_elements(By.CSS_SELECTOR, "#names input"), example["players"], strict=True):
        box.clear()
        box.send_keys(name)
    for r, entries in enumerate(example["rounds"], start=1):
        for p, (bid, tricks) in enumerate(entries):
            for kind, value in (("bid", bid), ("tricks", tricks)):
                box = d.find_element(By.CSS_SELECTOR, f'#pad input.{kind}[data-round="{r}"][data-player="{p}"]')
                box.clear()
                box.send_keys(str(value))
    last = len(example["rounds"])
    if last == 0:  # no rounds: wait until the pad's head names the players
        wait_for(
            d, lambda d: [th.text for th in d.find_elements(By.CSS_SELECTOR, "#pad th.player")] == example["players"]
        )
        return
    wait_for(
        d,
        lambda d: (
            d.find_element(By.CSS_SELECTOR, f'#pad tr[data-round="{last}"] .check-cell').text == "✓"
            and all(td.text for td in d.find_elements(By.CSS_SELECTOR, "#pad td.grand"))
        ),
    )


def main() -> int:
    """Write docs/img/web-bid.png and docs/img/web-score.png."""
    out = Path(__file__).resolve().parent.parent / "docs" / "img"
    out.mkdir(parents=True, exist_ok=True)
    with running_server() as base, chrome() as driver:
        best = fill_bid_page(driver, base)
        driver.execute_script("document.activeElement.blur()")
        time.sleep(0.3)
        driver.save_screenshot(str(out / "web-bid.png"))
        fill_score_pad(driver, base)
        driver.execute_script("document.activeElement.blur()")
        time.sleep(0.3)
        driver.save_screenshot(str(out / "web-score.png"))
    print(f"recommended bid shown: {best}; wrote {out / 'web-bid.png'} and {out / 'web-score.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
