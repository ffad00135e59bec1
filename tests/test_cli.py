"""The command line: good input prints the expected figures; bad input is one line on stderr, exit 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from wizstats.cli import main


def test_winner(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["winner", "J", "W", "R5", "--trump", "red"]) == 0
    assert capsys.readouterr().out.strip() == "W wins (card 2 of 3)"
    assert main(["winner", "B13", "R1", "--trump", "r", "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines() == ["winner,position,index", "R1,2,1"]


def test_simulate_csv(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "simulate",
        "--players",
        "4",
        "--hand-size",
        "10",
        "--rounds",
        "2000",
        "--deck",
        "oh-hell",
        "--policy",
        "random",
        "--seed",
        "1",
        "--format",
        "csv",
    ]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "seat,bid,tricks,count"
    assert sum(int(line.split(",")[3]) for line in lines[1:]) == 4 * 2000


def test_simulate_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "3", "--hand-size", "2", "--rounds", "500", "--policy", "heuristic"]) == 0
    out = capsys.readouterr().out
    assert "accuracy" in out and "3 players" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["winner", "J", "X5"], "unknown card 'X5'"),
        (["winner", "R5", "R5"], "duplicate card R5"),
        (["winner", "R5", "--trump", "pink"], "unknown suit 'pink'"),
        (["simulate", "--players", "7", "--hand-size", "3"], "3 to 6 players"),
        (["simulate", "--players", "4", "--hand-size", "16"], "hand_size 16 is impossible"),
        (["simulate", "--players", "4", "--hand-size", "3", "--rounds", "-5"], "n_rounds must be"),
        (["simulate", "--players", "4", "--hand-size", "3", "--policy", "genius"], "unknown policy"),
        (["simulate", "--players", "four", "--hand-size", "3"], "invalid int value"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_exit_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own errors (an unknown command, a bad integer) exit from the parser
        code = stop.code
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err


def test_entry_point_runs_as_a_process() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "wizstats.cli", "winner", "W", "W", "--trump", "none"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0 and out.stdout.strip() == "W wins (card 1 of 2)"
    argv = [sys.executable, "-m", "wizstats.cli", "winner", "Q"]
    bad = subprocess.run(argv, capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "unknown card 'Q'" in bad.stderr
