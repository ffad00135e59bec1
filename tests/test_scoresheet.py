"""The score sheet: worked examples of RULES 6, ties, placement points, drop-outs, and bad files by line."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from wizstats.cli import main
from wizstats.engine import trace_games
from wizstats.rules import Rules
from wizstats.scoresheet import ScoreSheet, ScoreSheetError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


def sheet(rows: str, **options: object) -> ScoreSheet:
    return ScoreSheet.parse("round,player,bid,tricks\n" + rows.strip() + "\n", **options)  # type: ignore[arg-type]


def test_rules6_worked_examples_standard() -> None:
    """Bid 0 made 20; bid 2 made 40; bid 3 won 1: -20; bid 1 won 4: -30 (one round of 7 cards)."""
    s = sheet("1,Ann,0,0\n1,Bob,2,2\n1,Cid,3,1\n1,Dee,1,4", schedule=[7])
    assert s.totals == {"Ann": 20, "Bob": 40, "Cid": -20, "Dee": -30}
    assert s.winners == ["Bob"]


def test_rules6_worked_examples_alternative() -> None:
    """Round of 8: bid 3 won 3: 110; bid 2 won 3: 10; bid 4 won 2: -10 (and bid 0 won 0: 80)."""
    s = sheet("1,Ann,3,3\n1,Bob,2,3\n1,Cid,4,2\n1,Dee,0,0", schedule=[8], scoring="alternative")
    assert s.totals == {"Ann": 110, "Bob": 10, "Cid": -10, "Dee": 80}


def test_sit_out_scores_the_average_as_a_fraction() -> None:
    s = sheet("1,Ann,2,1\n1,Bob,0,2\n1,Cid,0,0\n1,Dee,-,-", schedule=[3])
    assert s.totals["Dee"] == Fraction(-10 - 20 + 20, 3)
    frame = s.frame()
    assert frame.loc[frame.player == "Dee", "bid"].isna().all()
    assert "-3.33" in s.render()


def test_tied_game() -> None:
    s = sheet("1,Ann,1,1\n1,Bob,0,0\n1,Cid,0,0\n2,Ann,0,0\n2,Bob,1,1\n2,Cid,1,1", schedule=[1, 2])
    assert s.totals == {"Ann": 50, "Bob": 50, "Cid": 50}
    assert s.winners == ["Ann", "Bob", "Cid"]
    assert "winners (tied): Ann, Bob and Cid with 50 points" in s.render()


def _tournament_rows() -> str:
    """Ann bids and takes every trick; Bob and Cid bid 0 and take none (tied); Dee bids 1, takes 0."""
    rows = []
    for k, r in enumerate(Rules.tournament(4).schedule, start=1):
        rows += [f"{k},Ann,{r},{r}", f"{k},Bob,0,0", f"{k},Cid,0,0", f"{k},Dee,1,0"]
    return "\n".join(rows)


def test_tournament_placement_points_shared_by_a_tie() -> None:
    s = sheet(_tournament_rows(), tournament=True)
    assert s.totals["Bob"] == s.totals["Cid"] == 200 and s.totals["Dee"] == -100
    assert s.placement_points() == {"Ann": 45, "Bob": 25, "Cid": 25, "Dee": 10}
    assert "placement points: Ann 45, Bob 25, Cid 25, Dee 10" in s.render()


def test_tournament_plus_minus_one_from_two_tricks() -> None:
    rows = _tournament_rows().replace("2,Dee,1,0", "2,Dee,0,0")  # round 2 (3 cards): bids 3+0+0+0 = 3
    with pytest.raises(ScoreSheetError, match=r"line 6: round 2 \(lines 6-9\): the bids add up to the hand size 3"):
        sheet(rows, tournament=True)
    sheet(_tournament_rows().replace("1,Dee,1,0", "1,Dee,0,0"), tournament=True)  # round 1: 1 card, allowed


def _elimination_rows(n: int, out: dict[int, str]) -> str:
    """Rounds 1..20: the first player takes every trick, the rest bid 0; players in ``out`` bid 1 (lose)."""
    rows, gone = [], set()
    for k in range(1, 21):
        for name in NAMES[:n]:
            if name in gone:
                continue
            if name == NAMES[0]:
                rows.append(f"{k},{name},{k},{k}")
            else:
                rows.append(f"{k},{name},{1 if name in out.values() else 0},0")
        if k in out:
            gone.add(out[k])
    return "\n".join(rows)


def test_elimination_sheet() -> None:
    s = sheet(_elimination_rows(5, {10: "Eve", 12: "Dee"}), elimination=True)
    assert s.out_after == {"Ann": 0, "Bob": 0, "Cid": 0, "Dee": 12, "Eve": 10}
    assert s.complete and s.winners == ["Ann"]
    assert list(s.places().values()) == [0, 1, 1, 3, 4]


def test_elimination_wrong_player_drops_out() -> None:
    rows = _elimination_rows(4, {10: "Dee"}).split("\n")
    rows = [r for r in rows if int(r.split(",")[0]) <= 10] + ["11,Ann,11,11", "11,Cid,0,0", "11,Dee,0,0"]
    with pytest.raises(
        ScoreSheetError, match=r"after round 10 the lowest total \(-100\) drops out: Dee; .*missing: Bob"
    ):
        sheet("\n".join(rows), elimination=True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "round,player,bid,tricks\n1,Ann,0,0\n1,Bob,1,0\n1,Cid,0,0\n",
            r"line 2: round 1 \(lines 2-4\): the tricks add up to 0, not to the hand size 1",
        ),
        (
            "# players: Ann, Bob, Cid\nround,player,bid,tricks\n1,Ann,0,0\n1,Bob,1,1\n1,Eve,0,0\n",
            r"line 5: unknown player 'Eve' \(players: Ann, Bob, Cid\)",
        ),
        (
            "round,player,bid,tricks\n1,Ann,0,0\n1,Bob,1,1\n1,Cid,0,0\n2,Ann,0,0\n2,Bob,1,1\n2,Eve,1,1\n",
            r"line 7: unknown player 'Eve' \(round 1 has: Ann, Bob, Cid\)",
        ),
        (
            "round,player,bid,tricks\n1,Ann,0,0\n1,Bob,1,1\n1,Cid,0,0\n3,Ann,0,0\n3,Bob,1,1\n3,Cid,2,2\n",
            r"line 5: round 2 is missing",
        ),
        ("round,player,bid,tricks\n1,Ann,0,0\n1,Bob,x,1\n1,Cid,0,0\n", r"line 3: bid 'x' is not a whole number"),
        ("round,player,bid,tricks\n1,Ann,0,0\n1,Bob,1,1\n1,Cid,-1,0\n", r"line 4: bid '-1' is not a whole number"),
        ("round,player,bid,tricks\n1,Ann,0,0\n1,Bob,2,1\n1,Cid,0,0\n", r"line 3: bid 2 is outside 0..1"),
        (
            "round,player,bid,tricks\n1,Ann,0,0\n1,Bob,1,1\n1,Ann,0,0\n1,Cid,0,0\n",
            r"line 4: a second row for Ann in round 1 \(the first is line 2\)",
        ),
        (
            "round,player,bid,tricks\n1,Ann,0,0\n1,Bob,1,1\n1,Cid,0,0\n2,Ann,0,1\n2,Bob,1,1\n",
            r"line 5: round 2 \(lines 5-6\): no row for Cid",
        ),
        ("round,player,bid,tricks\n1,Ann,0,0\n1,Bob,1,1\n1,Cid,0\n", r"line 4: expected 4 fields"),
        (
            "round,player,bid,tricks\n1,Ann,0,0\n1,Bob,1,1\n1,Cid,-,0\n",
            r"line 4: a player who sits out has '-' for both",
        ),
        ("round,player,bid\n1,Ann,0\n", r"line 1: the header must name the columns"),
        ("# rules: plus-minus-one, bonus\nround,player,bid,tricks\n1,Ann,0,0\n", r"line 1: unknown rule 'bonus'"),
        (
            "round,player,bid,tricks,score\n1,Ann,0,0,20\n1,Bob,1,1,20\n1,Cid,0,0,20\n",
            r"line 3: score is written 20, but the rules give 30",
        ),
        (
            "# players: Ann, Bob, Cid\nround,player,bid,tricks\n21,Ann,0,0\n",
            r"line 3: round 21 is beyond the last round of the schedule \(20\)",
        ),
        (
            "# rules: plus-minus-one\nround,player,bid,tricks\n1,Ann,0,0\n1,Bob,1,1\n1,Cid,0,0\n",
            r"line 3: round 1 \(lines 3-5\): the bids add up to the hand size 1",
        ),
        (
            "round,player,bid,tricks\n1,Ann,0,0\n1,Bob,1,1\n1,Cid,-,-\n",
            r"line 2: round 1 \(lines 2-4\): 2 players at the table",
        ),
    ],
    ids=[
        "tricks sum",
        "unknown player (header)",
        "unknown player (round 1)",
        "missing round",
        "bad number",
        "negative number",
        "bid out of range",
        "duplicate row",
        "missing player",
        "short row",
        "half sit-out",
        "bad header",
        "unknown rule",
        "score column",
        "beyond schedule",
        "plus/minus one",
        "too few at the table",
    ],
)
def test_malformed_sheets(text: str, message: str) -> None:
    with pytest.raises(ScoreSheetError, match=message):
        ScoreSheet.parse(text)


def test_every_problem_is_reported() -> None:
    text = "round,player,bid,tricks\n1,Ann,0,0\n1,Bob,y,1\n1,Cid,0,z\n"
    with pytest.raises(ScoreSheetError) as info:
        ScoreSheet.parse(text, name="t.csv")
    assert [line for line, _ in info.value.errors] == [3, 4]
    assert str(info.value).startswith("t.csv: line 3: bid 'y'")


def test_options_that_disagree_with_the_file() -> None:
    text = "# schedule: 1, 2\nround,player,bid,tricks\n1,Ann,0,0\n1,Bob,1,1\n1,Cid,0,0\n"
    with pytest.raises(ScoreSheetError, match="schedule is given twice"):
        ScoreSheet.parse(text, schedule=[2, 2])
    with pytest.raises(ScoreSheetError, match="tournament rules fix the schedule"):
        ScoreSheet.parse(text, tournament=True)
    assert not ScoreSheet.parse(text).complete


def test_sheet_agrees_with_simulated_games() -> None:
    """Kernel games written out as sheets (with sit-outs and drop-outs) score to the kernel's totals."""
    for rules, options in (
        (Rules(5, plus_minus_one=True), {"sit_out": {2: [1], 5: [0, 3]}}),
        (Rules(6), {"elimination": True}),
        (Rules.tournament(4), {}),
    ):
        trace = trace_games(rules, 5, policies="heuristic", seed=6, **options)
        frame = trace.frame()
        words = ["elimination"] if options.get("elimination") else []
        words += ["plus-minus-one"] if rules.plus_minus_one and not rules.placement_points else []
        words += ["tournament"] if rules.placement_points else []
        for g in range(5):
            rows = frame[(frame.game == g) & (frame.seat != -2)]
            lines = [
                f"# players: {', '.join(NAMES[: rules.n_players])}",
                f"# rules: {', '.join(words) or 'standard'}",
                "round,player,bid,tricks",
            ]
            lines += [
                f"{r.round},{NAMES[r.player]},{'-' if r.seat == -1 else r.bid},{'-' if r.seat == -1 else r.tricks}"
                for r in rows.itertuples()
            ]
            s = ScoreSheet.parse("\n".join(lines))
            assert [s.totals[NAMES[p]] for p in range(rules.n_players)] == [
                Fraction(int(t), trace.scale) for t in trace.totals[g]
            ]
            assert [s.out_after[NAMES[p]] for p in range(rules.n_players)] == trace.out_after[g].tolist()
            seat0 = [
                NAMES[int(p)]
                for k in range(trace.plan.n_rounds)
                for p in range(rules.n_players)
                if trace.records[g, k, p, 0] == 0
            ]
            assert s.dealers() == seat0


def test_example_files_and_cli(capsys: pytest.CaptureFixture[str]) -> None:
    for path in sorted(EXAMPLES.glob("*.csv")):
        s = ScoreSheet.read(path)
        assert s.complete
    assert main(["score", str(EXAMPLES / "game.csv")]) == 0
    out = capsys.readouterr().out
    assert "winner" in out and "round cards" in out
    assert main(["score", str(EXAMPLES / "tournament.csv"), "--format", "csv"]) == 0
    assert capsys.readouterr().out.startswith("round,hand_size,player,bid,tricks,score,total")


def test_cli_error_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("round,player,bid,tricks\n1,Ann,0,0\n1,Bob,1,0\n1,Cid,0,0\n")
    proc = subprocess.run([sys.executable, "-m", "wizstats.cli", "score", str(bad)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "line 2: round 1" in proc.stderr
    missing = subprocess.run(
        [sys.executable, "-m", "wizstats.cli", "score", str(tmp_path / "nope.csv")], capture_output=True, text=True
    )
    assert missing.returncode == 2 and "cannot read" in missing.stderr
