"""``wizstats bid``, ``strength``, ``thresholds`` and ``ask``: good input prints the API's figures; bad input
is one line on stderr with exit status 2.

The commands and the API are called with the same seed and sample size, so their numbers must agree
exactly (up to the printed rounding): these comparisons cannot fail by chance.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pandas as pd
import pytest

import wizstats as ws
from wizstats.cli import main
from wizstats.questions import QUESTIONS, AskOptions, ask


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


# ---------------------------------------------------------------- bid
def test_bid_table_names_the_best_bid(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(
        [
            "bid",
            "W",
            "R12",
            "B3",
            "--trump",
            "R5",
            "--players",
            "4",
            "--seat",
            "3",
            "--bids",
            "1",
            "0",
            "--n",
            "800",
            "--seed",
            "2",
        ],
        capsys,
    )
    res = ws.trick_distribution("W R12 B3", trump="R5", n_players=4, seat=3, bids_so_far=(1, 0), n=800, seed=2)
    best = res.bids[res.bids.bid == res.best_bid].iloc[0]
    assert f"recommended bid: {res.best_bid} (expected score {best.expected_score:+.1f}" in out
    assert "earlier bids [1, 0]" in out and "P(3)" in out


def test_bid_csv_matches_the_api(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["bid", "W", "R12", "B3", "--trump", "red", "--seat", "1", "--n", "500", "--format", "csv"], capsys)
    table = pd.read_csv(io.StringIO(out))
    res = ws.trick_distribution("W R12 B3", trump="red", n_players=4, seat=1, n=500, seed=0)
    assert table.bid.tolist() == [0, 1, 2, 3]
    assert table.expected_score.tolist() == pytest.approx(res.bids.expected_score.tolist())
    assert table[table.best].bid.item() == res.best_bid
    assert table[["P(0)", "P(1)", "P(2)", "P(3)"]].sum(axis=1).tolist() == pytest.approx([1.0] * 4)


def test_bid_without_earlier_bids_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["bid", "W", "R12", "B3", "--trump", "red", "--seat", "2", "--n", "300"], capsys)
    assert "not seen (taken as hidden)" in out and "recommended bid:" in out


# ---------------------------------------------------------------- strength, thresholds
def test_strength_json_matches_the_api(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(
        [
            "strength",
            "R13",
            "--players",
            "4",
            "--hand-size",
            "3",
            "--trump",
            "red",
            "--seat",
            "2",
            "--n",
            "600",
            "--format",
            "json",
        ],
        capsys,
    )
    rows = json.loads(out)
    res = ws.card_win_probability("R13", n_players=4, hand_size=3, seat=2, trump="red", n=600, seed=0)
    assert len(rows) == 1 and rows[0]["seat"] == 2
    assert rows[0]["p_win"] == pytest.approx(res.estimate(quantity="p_win").value)
    assert rows[0]["marginal_value"] == pytest.approx(res.estimate(quantity="marginal_value").value)


def test_strength_table_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["strength", "W", "--players", "3", "--hand-size", "1", "--n", "300"], capsys)
    assert "takes its trick" in out and "adds" in out
    assert [line.split()[0] for line in out.splitlines()[2:5]] == ["1", "2", "0"]


def test_thresholds(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["thresholds", "--players", "4", "--hand-sizes", "1-2", "--n", "800", "--format", "csv"], capsys)
    table = pd.read_csv(io.StringIO(out))
    res = ws.bid_thresholds(4, [1, 2], n=800, seed=0).table
    assert table.weakest_trump.astype("Int64").tolist() == res.weakest_trump.tolist()
    text = _run(["thresholds", "--players", "4", "--hand-sizes", "1", "--n", "500"], capsys)
    assert "round 1, exact: trump from 3/3/3/3" in text and "trump (seats 1/2/3/0)" in text


def test_thresholds_after_bids(capsys: pytest.CaptureFixture[str]) -> None:
    """``--bids``: round 1 exactly, for the next seat, as ``round1_thresholds(bids=...)``."""
    out = _run(["thresholds", "--players", "4", "--bids", "0", "0", "--format", "csv"], capsys)
    table = pd.read_csv(io.StringIO(out))
    want = ws.round1_thresholds(4, bids=(0, 0)).table
    assert table.weakest_rank.astype("Int64").tolist() == want.weakest_rank.tolist()
    assert table.seat.unique().tolist() == [3]
    text = _run(["thresholds", "--players", "4", "--bids", "0", "0"], capsys)
    assert "seat 3 after the earlier bids 0 0" in text and "3/7" in text
    assert "the dealer (seat 0) after the earlier bids 1 0 1" in _run(["thresholds", "--bids", "1", "0", "1"], capsys)


def test_ask_one_card_round(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["ask", "one-card-round", "--players", "4", "--bids", "0", "0"], capsys)
    assert "seat 3 after the earlier bids 0 0 should bid 1 with a trump from rank 1" in out
    rows = json.loads(_run(["ask", "one-card-round", "--players", "3", "--format", "json"], capsys))
    assert len(rows) == 1 + 2 + 4 and rows[0]["trump"] == ws.round1_thresholds_after_bids(3).trump.iloc[0]


# ---------------------------------------------------------------- ask
def test_ask_list(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["ask", "--list"], capsys)
    assert all(name in out for name in QUESTIONS)


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["non-trump-13"], ["37.2%", "205/551", "42.9%", "No, from no seat"]),
        (["trump-13"], ["80.4%", "Yes, from every seat"]),
        (["last-rounds", "--players", "6"], ["330 of the 750", "44.0%", "11/25"]),
        (["dealer-options", "--players", "6"], ["1/2", "1/11"]),
        (["sure-tricks"], ["17", "Only the Wizards"]),
    ],
)
def test_ask_exact_answers(argv: list[str], expected: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["ask", *argv], capsys)
    for text in expected:
        assert text in out


@pytest.mark.parametrize(
    "name", ["plus-minus-one-dealer", "bidding-last", "seat-advantage", "bids-add-up", "trump-choice"]
)
def test_ask_simulated_answers_match_the_api(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(["ask", name, "--hand-size", "2", "--n", "400", "--format", "json"], capsys)
    rows = json.loads(out)
    answer = ask(name, AskOptions(hand_size=2, n=400))
    assert rows[0]["answer"] == answer.sentence
    assert "[" in answer.sentence and "seed 0" in answer.sentence  # an interval and the seed
    assert [r["value"] for r in rows] == pytest.approx(answer.table["value"].tolist(), nan_ok=True)


def test_ask_card_question_simulated(capsys: pytest.CaptureFixture[str]) -> None:
    answer = ask("non-trump-13", AskOptions(hand_size=3, n=500))
    est = ws.card_win_probability(
        "B13", n_players=4, hand_size=3, seat=1, trump="plain", n=500, seed=0, marginal=False
    ).estimate(quantity="p_win")
    assert f"{100 * est.value:.1f}%" in answer.sentence


# ---------------------------------------------------------------- help and bad input
@pytest.mark.parametrize("command", ["bid", "strength", "thresholds", "ask", "report"])
def test_help_has_examples(command: str) -> None:
    buf = io.StringIO()
    with redirect_stdout(buf), pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    assert "examples:" in buf.getvalue() and f"wizstats {command}" in buf.getvalue()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bid", "X5", "--trump", "red"], "unknown card 'X5'"),
        (["bid", "W", "R12", "--trump", "pink"], "impossible trump 'pink'"),
        (["bid", "W", "--trump", "red", "--seat", "7"], "seat must be 0"),
        (["bid", "W", "R12", "--trump", "red", "--seat", "3", "--bids", "1"], "bid history of 1 bids does not fit"),
        (["bid", "W", "W", "W", "W", "W", "--trump", "R3"], "duplicate card W"),
        (["bid", "W", "--trump", "red", "--n", "0"], "n must be a whole number"),
        (["bid", "R5", "--trump", "R5"], "the turned card R5 is in your hand"),
        (["strength", "R13", "--hand-size", "16"], "hand size 16 is impossible"),
        (["strength", "Q4"], "unknown card 'Q4'"),
        (["thresholds", "--players", "9"], "3 to 6 players"),
        (["thresholds", "--hand-sizes", "1-x"], "bad hand sizes"),
        (["thresholds", "--bids", "0", "2"], "a round-1 bid is 0 or 1, got 2"),
        (["thresholds", "--bids", "0", "0", "0", "0"], "at most 3 earlier bids"),
        (["thresholds", "--bids", "1", "1", "1"], "impossible bids [1, 1, 1]"),
        (["thresholds", "--bids", "0", "--hand-sizes", "3"], "--bids answers round 1 only"),
        (["ask", "one-card-round", "--bids", "1", "x"], "invalid int value"),
        (["ask", "frobnicate"], "unknown question 'frobnicate'"),
        (["ask"], "name a question"),
        (["ask", "non-trump-13", "--hand-size", "40"], "hand size 40 is impossible"),
        (["ask", "bids-add-up", "--n", "0"], "--n must be a whole number"),
        (["bid", "W", "--trump"], "expected one argument"),
    ],
)
def test_bad_input_is_one_line_exit_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse errors
        code = stop.code
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err
