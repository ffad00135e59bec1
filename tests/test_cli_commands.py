"""Every command of ``wizstats``: what it prints, cross-checked against the API (same seed and sizes, so
the numbers must agree to the printed digits: nothing here can fail by chance), and bad input (one
line on stderr naming the problem, exit status 2, no traceback).

``bid``, ``strength``, ``thresholds`` and ``ask`` are covered the same way in ``test_cli_questions.py``, ``serve``
(a running server) in ``web/test_load.py`` (its bad options here);
:func:`test_every_command_has_a_test` fails when a command is added without a test of its output.
"""

from __future__ import annotations

import io
import json
import re
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest

import wizstats as ws
from wizstats.cli import COMMANDS, main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(argv)
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


def fail(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run bad input: exit status 2 and one line on stderr, which is returned."""
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own errors
        code = stop.code
    err = capsys.readouterr().err.strip()
    assert code == 2, (argv, code, err)
    assert len(err.splitlines()) == 1 and "Traceback" not in err and err.startswith("wizstats"), err
    return err


def table(text: str, header_starts: str) -> pd.DataFrame:
    """The whitespace-aligned table printed by a command, from its header line on (to a blank line)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:1] == [header_starts])
    body = []
    for line in lines[start:]:
        if not line.strip() or ":" in line:
            break
        body.append(line)
    return pd.read_csv(io.StringIO("\n".join(body)), sep=r"\s+")


def g4(x: float) -> str:
    """A float as the table commands print it (4 significant digits)."""
    return f"{x:.4g}"


# ---------------------------------------------------------------- the list of commands
TESTED = {
    "winner": "test_winner",
    "simulate": "test_simulate",
    "sweep": "test_sweep",
    "game": "test_game_table",
    "score": "test_score",
    "one-colour": "test_one_colour",
    "bid": "test_cli_questions.py",
    "strength": "test_cli_questions.py",
    "thresholds": "test_cli_questions.py",
    "ask": "test_cli_questions.py",
    "report": "test_report_list",
    "arena": "test_arena",
    "serve": "web/test_load.py",  # the server's address line and a port in use; bad options below
}


def test_every_command_has_a_test(capsys: pytest.CaptureFixture[str]) -> None:
    """The commands ``wizstats --help`` lists are exactly those with a test of their output."""
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    listed = re.findall(r"^    (\S+)", capsys.readouterr().out, flags=re.M)
    assert listed == [c.replace("_", "-") for c in COMMANDS]
    missing = sorted(set(listed) - set(TESTED))
    assert not missing, f"commands without a test of their output: {missing} (add them to TESTED)"
    here = Path(__file__).read_text()
    for command, where in TESTED.items():
        if where.endswith(".py"):
            assert f'"{command}"' in (Path(__file__).parent / where).read_text(), command
        else:
            assert f"def {where}(" in here, command


# ---------------------------------------------------------------- winner
def test_winner(capsys: pytest.CaptureFixture[str]) -> None:
    for cards, trump in ((["B13", "R1", "G13"], "none"), (["J", "J", "Y2", "W"], "yellow"), (["R3", "B9"], "B")):
        want = ws.trick_winner(cards, None if trump == "none" else trump)
        out = run(["winner", *cards, "--trump", trump], capsys)
        assert out.strip() == f"{cards[want]} wins (card {want + 1} of {len(cards)})"
        rows = json.loads(run(["winner", *cards, "--trump", trump, "--format", "json"], capsys))
        assert rows == [{"winner": cards[want], "position": want + 1, "index": want}]
    assert "unknown suit 'pink'" in fail(["winner", "R5", "--trump", "pink"], capsys)
    assert "required" in fail(["winner"], capsys)


# ---------------------------------------------------------------- simulate
def test_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "simulate",
        "--players",
        "4",
        "--hand-size",
        "3",
        "--rounds",
        "1500",
        "--seed",
        "4",
        "--plus-minus-one",
        "--policy",
        "heuristic",
        "random",
        "baseline",
        "heuristic",
    ]
    out = run(argv, capsys)
    rules = ws.Rules(4, plus_minus_one=True)
    res = ws.simulate(4, 3, 1500, rules=rules, policies=["heuristic", "random", "baseline", "heuristic"], seed=4)
    assert out.splitlines()[0] == f"{rules.describe()}; hand size 3; seed 4"
    printed = table(out, "seat")
    want = res.summary()
    assert printed.policy.tolist() == ["heuristic", "random", "baseline", "heuristic"]
    for col in ("mean_bid", "mean_tricks", "accuracy", "accuracy_low", "mean_score", "mean_score_high"):
        assert [g4(v) for v in printed[col]] == [g4(v) for v in want[col]], col
    joint = pd.read_csv(io.StringIO(run([*argv, "--format", "csv"], capsys)))
    pd.testing.assert_frame_equal(joint, res.joint(), check_dtype=False)
    assert joint.groupby("seat")["count"].sum().tolist() == [1500] * 4
    variant = [
        "simulate",
        "--players",
        "3",
        "--hand-size",
        "4",
        "--rounds",
        "800",
        "--seed",
        "2",
        "--bids",
        "hidden",
        "--scoring",
        "alternative",
        "--blind-trump",
        "--format",
        "csv",
    ]
    rules = ws.Rules(3, bids="hidden", scoring="alternative", trump_choice="blind")
    got = pd.read_csv(io.StringIO(run(variant, capsys)))
    pd.testing.assert_frame_equal(
        got, ws.simulate(3, 4, 800, rules=rules, seed=2).joint(), check_dtype=False
    )  # the command and the API play the same default player (DEFAULT_POLICY)
    assert not got.equals(ws.simulate(3, 4, 800, seed=2).joint())  # the options change the counts
    # a player that reads the bids (the heuristic above does not): the hidden bids reach the engine
    hidden = [*argv[:7], "--seed", "5", "--policy", "expert", "--bids", "hidden"]
    hidden[6] = "600"
    assert run(hidden, capsys).splitlines()[0] == f"{ws.Rules(4, bids='hidden').describe()}; hand size 3; seed 5"
    got = pd.read_csv(io.StringIO(run([*hidden, "--format", "csv"], capsys)))
    api = ws.simulate(4, 3, 600, rules=ws.Rules(4, bids="hidden"), policies="expert", seed=5)
    pd.testing.assert_frame_equal(got, api.joint(), check_dtype=False)
    assert not got.equals(ws.simulate(4, 3, 600, policies="expert", seed=5).joint())  # open bids play otherwise
    assert "invalid choice" in fail(["simulate", "--hand-size", "3", "--bids", "sideways"], capsys)
    assert "unknown special card" in fail(["simulate", "--hand-size", "3", "--special", "unicorn"], capsys)


# ---------------------------------------------------------------- game
GAME = ["game", "--players", "4", "--games", "60", "--seed", "3", "--first-dealer", "rotate"]


def _game_api(**rules: object) -> ws.GameResult:
    return ws.simulate_games(ws.Rules(4, **rules), 60, seed=3, first_dealer="rotate")  # type: ignore[arg-type]


def test_game_table(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(GAME, capsys)
    res = _game_api()
    lines = out.splitlines()
    assert lines[0] == res.describe()
    printed = table(out, "player")
    summary = res.summary()
    assert printed.player.tolist() == [0, 1, 2, 3]
    for col in ("mean_total", "sd_total", "wins", "win_rate", "win_rate_low", "win_rate_high", "mean_place"):
        assert [g4(v) for v in printed[col]] == [g4(v) for v in summary[col]], col
    margin, mci = res.margin()
    ties, tci = res.tie_rate()
    lead, lci, n_lead = res.half_leader_wins()
    assert f"winner's margin: mean {margin:.1f} points {mci}; tie for first in {ties:.2%} of games {tci}" in lines
    assert f"the single leader after round 7 wins {lead:.2%} {lci} ({n_lead} games had one leader)" in lines


def test_game_plus_minus_one_changes_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    """``--plus-minus-one`` must reach the rules: other totals, the API's numbers with the rule."""
    plain = pd.read_csv(io.StringIO(run([*GAME, "--format", "csv"], capsys)))
    ruled = pd.read_csv(io.StringIO(run([*GAME, "--plus-minus-one", "--format", "csv"], capsys)))
    assert not plain.mean_total.equals(ruled.mean_total)
    with_rule = _game_api(plus_minus_one=True).summary()
    assert ruled.mean_total.tolist() == pytest.approx(with_rule.mean_total.tolist())
    assert plain.mean_total.tolist() == pytest.approx(_game_api().summary().mean_total.tolist())
    title = run([*GAME, "--plus-minus-one"], capsys).splitlines()[0]
    assert "plus/minus one" in title and title == _game_api(plus_minus_one=True).describe()


def test_game_tournament_histogram_and_policies(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "game",
        "--players",
        "4",
        "--games",
        "40",
        "--tournament",
        "--seed",
        "2",
        "--policy",
        "heuristic",
        "random",
        "random",
        "random",
    ]
    res = ws.simulate_games(ws.Rules.tournament(4), 40, seed=2, policies=["heuristic", "random", "random", "random"])
    rows = json.loads(run([*argv, "--format", "json"], capsys))
    assert [r["policy"] for r in rows] == ["heuristic", "random", "random", "random"]
    assert [r["mean_placement_points"] for r in rows] == pytest.approx(res.summary().mean_placement_points.tolist())
    hist = pd.read_csv(io.StringIO(run([*argv, "--histogram", "--format", "csv"], capsys)))
    pd.testing.assert_frame_equal(hist, res.totals_histogram(), check_dtype=False)
    assert hist.groupby("player")["count"].sum().tolist() == [40] * 4


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--sit-out", "3"], "--sit-out takes ROUND:PLAYER"),
        (["--first-dealer", "left"], "--first-dealer must be a player number or 'rotate'"),
        (["--tournament", "--schedule", "1,2"], "--tournament fixes the schedule"),
        (["--schedule", "1,x"], "--schedule must list whole numbers"),
        (["--players", "9"], "3 to 6 players"),
        (["--games", "0"], "n_games"),
        (["--policy", "genius"], "unknown policy 'genius'"),
        (["--bids", "secret"], "invalid choice"),
    ],
)
def test_game_bad_input(extra: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert message in fail(["game", "--games", "5", *extra], capsys)


# ---------------------------------------------------------------- score
def _totals_by_hand(path: Path) -> dict[str, Fraction]:
    """The totals of a standard-rules sheet, added up here from the rows: score_round for each player
    who played, the mean of the others' scores for one who sat out ('-')."""
    rows = [line.split(",") for line in path.read_text().splitlines() if line and not line.startswith("#")]
    by_round: dict[int, list[tuple[str, str, str]]] = defaultdict(list)
    for rnd, player, bid, tricks in rows[1:]:
        by_round[int(rnd)].append((player, bid, tricks))
    totals: dict[str, Fraction] = defaultdict(Fraction)
    for entries in by_round.values():
        scores = {p: Fraction(ws.score_round(int(b), int(t))) for p, b, t in entries if b != "-"}
        for p, b, _ in entries:
            totals[p] += scores[p] if b != "-" else sum(scores.values()) / len(scores)
    return dict(totals)


def test_score(capsys: pytest.CaptureFixture[str]) -> None:
    path = EXAMPLES / "game.csv"
    totals = _totals_by_hand(path)
    best = max(totals.values())
    winner = [p for p, t in totals.items() if t == best]
    assert len(winner) == 1
    out = run(["score", str(path)], capsys)
    assert out.splitlines()[-1] == f"winner: {winner[0]} with {best} points"
    frame = pd.read_csv(io.StringIO(run(["score", str(path), "--format", "csv"], capsys)))
    last = frame[frame["round"] == frame["round"].max()].set_index("player")["total"]
    assert {p: Fraction(t).limit_denominator(12) for p, t in last.items()} == totals
    tour = run(["score", str(EXAMPLES / "tournament.csv")], capsys).splitlines()
    sheet = ws.ScoreSheet.read(EXAMPLES / "tournament.csv")
    points = sheet.placement_points()
    assert tour[-1] == "placement points: " + ", ".join(f"{p} {points[p]:g}" for p in points)
    assert sorted(points.values(), reverse=True) == [45, 30, 20, 10]


def test_score_tournament_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--tournament`` on a sheet that does not say so itself: its ten deals are only legal with it."""
    bare = tmp_path / "bare.csv"
    bare.write_text(
        "".join(
            line
            for line in (EXAMPLES / "tournament.csv").read_text().splitlines(keepends=True)
            if not line.startswith("# rules:")
        )
    )
    assert "round 2 (lines 9-12): the tricks add up to 3, not to the hand size 2" in fail(["score", str(bare)], capsys)
    out = run(["score", str(bare), "--tournament"], capsys).splitlines()
    assert out == run(["score", str(EXAMPLES / "tournament.csv")], capsys).splitlines()
    assert out[-1].startswith("placement points: ")


def test_score_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "cannot read" in fail(["score", str(tmp_path / "nope.csv")], capsys)
    bad = tmp_path / "bad.csv"
    bad.write_text("round,player,bid,tricks\n1,Ann,0,0\n1,Bob,1,0\n1,Cid,0,0\n")
    err = fail(["score", str(bad)], capsys)
    assert "line 2" in err and "add up to 0, not to the hand size 1" in err
    assert "--schedule must list whole numbers" in fail(
        ["score", str(EXAMPLES / "game.csv"), "--schedule", "a"], capsys
    )


# ---------------------------------------------------------------- one colour
def test_one_colour(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["one-colour", "--players", "3", "--games", "150", "--seed", "6", "--plus-minus-one"]
    res = ws.simulate_one_colour(3, 150, policies=ws.DEFAULT_POLICY, seed=6, plus_minus_one=True)
    out = run(argv, capsys)
    assert out.splitlines()[0] == "one colour, 3 players, 150 games, standard scoring; seed 6"
    printed = table(out, "player")
    want = res.summary()
    for col in ("mean_total", "mean_total_low", "wins", "wins_high"):
        assert [g4(v) for v in printed[col]] == [g4(v) for v in want[col]], col
    by_round = pd.read_csv(io.StringIO(run([*argv, "--by-round", "--format", "csv"], capsys)))
    assert by_round.accuracy.tolist() == pytest.approx(res.by_round().accuracy.tolist())
    assert "3 or 4 players" in fail(["one-colour", "--players", "6"], capsys)


# ---------------------------------------------------------------- sweep
def test_sweep(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "sweep",
        "--players",
        "3",
        "--hand-size",
        "2",
        "5",
        "--policy",
        "random",
        "--rounds",
        "900",
        "--chunk-rounds",
        "300",
        "--seed",
        "5",
        "--no-progress",
    ]
    frame = pd.read_csv(io.StringIO(run([*argv, "--format", "csv"], capsys)))
    want = ws.sweep(
        "summary", {"n_players": [3], "hand_size": [2, 5], "policy": ["random"]}, n_rounds=900, seed=5, chunk_rounds=300
    )
    assert frame.accuracy.tolist() == pytest.approx(want.accuracy.tolist())
    assert frame.mean_score.tolist() == pytest.approx(want.mean_score.tolist())
    assert (frame.rounds == 900).all() and frame.hand_size.tolist() == [2, 2, 2, 5, 5, 5]
    from wizstats.sweep import expand_grid

    point = next(p for p in expand_grid({"n_players": [3], "hand_size": [5], "policy": ["random"]}, seed=5))
    direct = ws.simulate(3, 5, 900, policies="random", seed=point.seed).summary()  # the seed the point reports
    assert frame[frame.hand_size == 5].accuracy.tolist() == pytest.approx(direct.accuracy.tolist())
    text = run(argv, capsys)
    assert text.splitlines()[0] == "summary: 900 rounds per point, 2 points; seed 5; 6 chunks (0 from cache)"
    assert "hand_size 99 is impossible" in fail(["sweep", "--hand-size", "99", "--rounds", "10"], capsys)
    assert "unknown statistic" in fail(["sweep", "--hand-size", "2", "--stat", "bids", "--rounds", "10"], capsys)


# ---------------------------------------------------------------- report
def test_report_list(capsys: pytest.CaptureFixture[str]) -> None:
    from wizstats.report import load_analyses

    modules = load_analyses()
    lines = run(["report", "--list"], capsys).splitlines()
    assert len(lines) == len(modules)
    for line, m in zip(lines, modules, strict=True):
        assert line.split()[0] == m.NAME and line.endswith(m.QUESTION)
    listed = pd.read_csv(io.StringIO(run(["report", "--list", "--format", "csv"], capsys)))
    assert listed.name.tolist() == [m.NAME for m in modules]
    assert "invalid choice" in fail(["report", "--size", "huge"], capsys)


# ---------------------------------------------------------------- arena
def test_arena(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "heuristic", "random", "--hand-sizes", "2,4", "--rounds", "60", "--seed", "8", "--no-intervals"]
    res = ws.arena(["heuristic", "random"], 4, hand_sizes=[2, 4], n_rounds=60, seed=8).table(intervals=False)
    out = run(argv, capsys)
    assert out.splitlines()[0] == (
        f"{ws.Rules(4).describe()}; 60 deals per hand size, each played in 4 rotations; seed 8"
    )
    printed = table(out, "hand_size")
    assert printed.policy.tolist() == ["heuristic", "random", "heuristic", "random"]
    for col in ("mean_score", "accuracy", "mean_miss", "margin"):
        assert [g4(v) for v in printed[col]] == [g4(v) for v in res[col]], col
    assert "_low" not in out
    rows = pd.read_csv(
        io.StringIO(
            run(
                [
                    "arena",
                    "heuristic",
                    "random",
                    "--hand-sizes",
                    "game",
                    "--rounds",
                    "3",
                    "--seed",
                    "8",
                    "--format",
                    "csv",
                ],
                capsys,
            )
        )
    )
    games = ws.arena(["heuristic", "random"], 4, "game", 3, seed=8).table()
    assert rows.win_rate.tolist() == pytest.approx(games.win_rate.tolist())
    assert rows.margin_low.tolist() == pytest.approx(games.margin_low.tolist())
    blind = ["arena", "heuristic", "baseline", "--hand-sizes", "3", "--rounds", "80", "--seed", "8", "--format", "csv"]
    got = pd.read_csv(io.StringIO(run([*blind, "--blind-trump"], capsys)))
    want = ws.arena(["heuristic", "baseline"], 4, 3, 80, seed=8, rules=ws.Rules(4, trump_choice="blind")).table()
    assert got.mean_score.tolist() == pytest.approx(want.mean_score.tolist())
    look = ws.arena(["heuristic", "baseline"], 4, 3, 80, seed=8).table()
    assert got.mean_score.tolist() != pytest.approx(look.mean_score.tolist())  # some deal turned a Wizard
    assert "unknown policy 'nope'" in fail(["arena", "nope"], capsys)
    assert "bad hand sizes" in fail(["arena", "heuristic", "--hand-sizes", "1-x"], capsys)
    assert "hand size 16 is impossible" in fail(["arena", "heuristic", "--hand-sizes", "16"], capsys)


# ---------------------------------------------------------------- serve (the server itself: tests/web/test_load.py)
@pytest.mark.parametrize(
    ("extra", "message"),
    [(["--port", "0"], "--port must be 1 to 65535, got 0"), (["--workers", "0"], "--workers must be 1 to 64, got 0")],
)
def test_serve_bad_options(extra: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("uvicorn")  # the web extra (installed in CI)
    assert message in fail(["serve", *extra], capsys)
