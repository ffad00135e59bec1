"""The pages in a real browser (headless Chromium via Selenium) against a live server on 127.0.0.1.

The clicks are those of tools/web_screenshots.py (which makes the screenshots in docs/img/);
here the screenshots go to the test's temporary folder.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import wizstats

try:
    from selenium.webdriver.common.by import By
except ImportError:  # under CI (which installs it) a missing selenium fails
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        raise
    pytest.skip("selenium is missing (pip install -e '.[web-test]')", allow_module_level=True)


pytestmark = pytest.mark.xdist_group("browser")  # one worker: one live server and one Chromium


def api(base: str, path: str, **params: object) -> Any:
    with urllib.request.urlopen(f"{base}{path}?{urllib.parse.urlencode(params)}", timeout=120) as response:
        return json.load(response)


def test_bid_page_shows_the_api_answer(live_server: str, browser: Any, tool: ModuleType, tmp_path: Path) -> None:
    """Click the README's hand together, set seat and bids: the page recommends what the API answers."""
    example = tool.BID_EXAMPLE
    shown = tool.fill_bid_page(browser, live_server)
    browser.save_screenshot(str(tmp_path / "web-bid.png"))
    rows = api(
        live_server,
        "/api/bid",
        hand=",".join(example["hand"]),
        trump=example["trump"],
        players=example["players"],
        seat=example["seat"],
        bids=",".join(map(str, example["bids"])),
        n=example["n"],
        seed=0,
    )
    best = next(r for r in rows if r["best"])
    assert shown == str(best["bid"])
    # every bid's expected score as the table shows it (sign, one decimal), and the players named
    cells = [
        tr.find_elements(By.TAG_NAME, "td")[1].text.split(" [")[0]
        for tr in browser.find_elements(By.CSS_SELECTOR, "#bid-table tbody tr")
    ]
    expected = [f"{r['expected_score']:+.1f}".replace("-", "−") for r in rows]
    assert cells == expected
    footnote = browser.find_element(By.ID, "bid-footnote").text
    assert f"{wizstats.DEFAULT_POLICY} players" in footnote and f"{best['n']:,} deals kept" in footnote
    # the chart has one bar per number of tricks 0..3 and highlights the recommended bid's own count
    bars = browser.find_elements(By.CSS_SELECTOR, "#bid-chart rect.bar")
    assert len(bars) == len(example["hand"]) + 1
    assert [b.get_attribute("class") for b in bars].index("bar highlight") == best["bid"]


def test_bid_page_reports_bad_input(live_server: str, browser: Any, tool: ModuleType) -> None:
    """Plus/minus one with the earlier bids not seen: the page shows the server's one-line error, no result."""
    tool.fill_bid_page(browser, live_server)
    browser.find_element(By.ID, "pm1").click()
    browser.find_element(By.ID, "bids-hidden").click()
    tool.wait_for(browser, lambda d: "error" in d.find_element(By.ID, "bid-status").get_attribute("class"))
    message = api_error(
        live_server, "/api/bid", hand="B3,R12,W", trump="R5", players=4, seat=3, n=1000, **{"plus-minus-one": 1}
    )
    assert browser.find_element(By.ID, "bid-status").text == message
    assert not browser.find_element(By.ID, "bid-result").is_displayed()


def api_error(base: str, path: str, **params: object) -> str:
    try:
        api(base, path, **params)
    except urllib.error.HTTPError as err:
        assert err.code == 400
        return json.load(err)["error"]
    raise AssertionError("the API accepted it")


def test_score_pad_totals_two_rounds(live_server: str, browser: Any, tool: ModuleType, tmp_path: Path) -> None:
    """Enter two rounds: the pad shows the totals ScoreSheet computes, keeps them on reload, exports the CSV."""
    example = {**tool.SCORE_EXAMPLE, "rounds": tool.SCORE_EXAMPLE["rounds"][:2]}
    tool.fill_score_pad(browser, live_server, example)
    browser.save_screenshot(str(tmp_path / "web-score.png"))
    players = example["players"]
    lines = ["round,player,bid,tricks"] + [
        f"{r},{players[p]},{bid},{tricks}"
        for r, entries in enumerate(example["rounds"], start=1)
        for p, (bid, tricks) in enumerate(entries)
    ]
    sheet = wizstats.ScoreSheet.parse("\n".join(lines), schedule=list(range(1, 16)))
    expected = [f"{float(sheet.totals[p]):g}" for p in players]

    def totals(d: Any) -> list[str]:
        return [td.text for td in d.find_elements(By.CSS_SELECTOR, "#pad td.grand")]

    assert totals(browser) == expected
    round2 = [td.text for td in browser.find_elements(By.CSS_SELECTOR, '#pad td.total[data-round="2"]')]
    assert round2 == expected
    assert browser.find_element(By.ID, "verdict").text.startswith("after round 2 of 15 (not finished): leading")
    # what Export writes is a sheet `wizstats score` reads to the same totals
    exported = browser.execute_script("return WizScore.csv()")
    assert wizstats.ScoreSheet.parse(exported).totals == sheet.totals
    # nothing is lost on reload
    browser.refresh()
    tool.wait_for(browser, lambda d: totals(d) == expected)
    assert browser.find_element(By.CSS_SELECTOR, '#pad input.tricks[data-round="2"][data-player="3"]').get_attribute(
        "value"
    ) == str(example["rounds"][1][3][1])


def test_score_pad_shows_the_server_check(live_server: str, browser: Any, tool: ModuleType) -> None:
    """Tricks that do not add up: the round shows ScoreSheet's message; the rounds before keep their totals."""
    rounds = [tool.SCORE_EXAMPLE["rounds"][0], [(1, 1), (0, 1), (1, 1), (1, 0)]]  # round 2: 3 tricks of 2
    d = browser
    tool.fill_score_pad(d, live_server, {**tool.SCORE_EXAMPLE, "rounds": rounds[:1]})
    for p, (bid, tricks) in enumerate(rounds[1]):
        for kind, value in (("bid", bid), ("tricks", tricks)):
            box = d.find_element(By.CSS_SELECTOR, f'#pad input.{kind}[data-round="2"][data-player="{p}"]')
            box.clear()
            box.send_keys(str(value))
    cell = '#pad tr[data-round="2"] .check-cell'
    tool.wait_for(d, lambda d: "add up" in d.find_element(By.CSS_SELECTOR, cell).text)
    assert (
        d.find_element(By.CSS_SELECTOR, cell).text
        == "round 2 (lines 9-12): the tricks add up to 3, not to the hand size 2"
    )
    assert [td.text for td in d.find_elements(By.CSS_SELECTOR, "#pad td.grand")] == ["20", "30", "20", "20"]


def test_bid_page_shows_the_last_input_only(live_server: str, browser: Any, tool: ModuleType) -> None:
    """A change while a bid is computing aborts that request: the page ends on the answer to the last input."""
    from selenium.webdriver.support.ui import Select

    tool.fill_bid_page(browser, live_server)
    Select(browser.find_element(By.ID, "samples")).select_by_value("16000")
    tool.wait_for(browser, lambda d: d.find_element(By.ID, "bid-status").is_displayed(), timeout=10)
    box = browser.find_element(By.CSS_SELECTOR, '#earlier-bids input[data-seat="2"]')
    box.clear()
    box.send_keys("1")
    tool.wait_for(
        browser,
        lambda d: (
            "--bids 1 1 --n 16000" in d.find_element(By.ID, "bid-footnote").text
            and not d.find_element(By.ID, "bid-status").is_displayed()
        ),
    )
    rows = api(live_server, "/api/bid", hand="B3,R12,W", trump="R5", players=4, seat=3, bids="1,1", n=16000, seed=0)
    assert browser.find_element(By.ID, "best-bid").text == str(next(r["bid"] for r in rows if r["best"]))


def test_questions_tab_asks_with_the_options_the_question_takes(
    live_server: str, browser: Any, tool: ModuleType
) -> None:
    """Pick highest-of-suit, set the rank and players: the sentence is the API's, and the CLI line has --rank."""
    from selenium.webdriver.support.ui import Select

    tool.clear_storage(browser, live_server)
    browser.get(live_server + "/")
    browser.find_element(By.CSS_SELECTOR, 'button[data-tab="ask"]').click()
    question = tool.wait_for(
        browser, lambda d: d.find_elements(By.CSS_SELECTOR, '#questions [data-name="highest-of-suit"]')
    )
    question[0].click()
    assert browser.find_element(By.ID, "a-rank").is_displayed()
    assert not browser.find_element(By.ID, "a-bids").is_displayed()  # highest-of-suit takes no earlier bids
    Select(browser.find_element(By.ID, "a-rank")).select_by_value("12")
    Select(browser.find_element(By.ID, "a-players")).select_by_value("5")
    # the answer to the last change: one to the rank alone (players not yet 5) also shows "--rank 12"
    tool.wait_for(browser, lambda d: "--players 5 --rank 12" in d.find_element(By.ID, "ask-footnote").text)
    rows = api(live_server, "/api/ask/highest-of-suit", rank=12, players=5, seed=0)
    assert browser.find_element(By.ID, "ask-sentence").text == rows[0]["answer"]
    assert "wizstats ask highest-of-suit --players 5 --rank 12" in browser.find_element(By.ID, "ask-footnote").text
