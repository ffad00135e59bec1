"""The arena: seating, identical deals across rotations, the kernel's figures against a replay of
every round through the public trace, thread independence, input errors and the command line."""

from __future__ import annotations

import numpy as np
import pytest

from wizstats import Rules
from wizstats.cli import main
from wizstats.engine import arena, parse_hand_sizes, seating, trace_rounds
from wizstats.players import Policy
from wizstats.rules import score_round


@pytest.mark.parametrize("n_players", [3, 4, 5, 6])
@pytest.mark.parametrize(("rounds", "rotate"), [(1, False), (15, True)])
def test_every_entry_sits_in_every_seat_equally_often(n_players: int, rounds: int, rotate: bool) -> None:
    plan = seating(n_players, rounds, rotate_dealer=rotate)
    assert plan.shape == (n_players, rounds, n_players)
    for t in range(rounds):
        for seat in range(n_players):  # over the rotations, each entry once in each seat of each round
            assert sorted(plan[:, t, seat]) == list(range(n_players))
        for j in range(n_players):  # and one seat per entry at a time
            assert sorted(plan[j, t]) == list(range(n_players))


def _replay_rounds(entries: list[str], hand_size: int, n_deals: int, seed: int) -> dict[str, dict[str, float]]:
    """The arena's per-policy figures recomputed from :func:`trace_rounds`, round by round."""
    n = len(entries)
    rules = Rules(n)
    plan = seating(n)
    names = list(dict.fromkeys(entries))
    per_deal = {name: {"score": [], "hit": [], "margin": []} for name in names}
    for u in range(n_deals):
        stream = (hand_size << 40) + u
        score = np.zeros(n)
        hit = np.zeros(n)
        hands = None
        for j in range(n):
            seat_policy = [entries[e] for e in plan[j, 0]]
            tr = trace_rounds(rules, hand_size, 1, policies=seat_policy, seed=seed, start=stream)
            if hands is None:
                hands = tr.hands[0].copy()
            np.testing.assert_array_equal(tr.hands[0], hands)  # the same deal in every rotation
            for seat, e in enumerate(plan[j, 0]):
                score[e] += score_round(int(tr.bids[0, seat]), int(tr.tricks[0, seat]))
                hit[e] += tr.bids[0, seat] == tr.tricks[0, seat]
        for name in names:
            mine = np.array([x == name for x in entries])
            per_deal[name]["score"].append(score[mine].sum() / (mine.sum() * n))
            per_deal[name]["hit"].append(hit[mine].sum() / (mine.sum() * n))
            if not mine.all():
                per_deal[name]["margin"].append(per_deal[name]["score"][-1] - score[~mine].sum() / ((~mine).sum() * n))
    return {name: {k: float(np.mean(v)) if v else np.nan for k, v in d.items()} for name, d in per_deal.items()}


def test_kernel_figures_equal_a_replay_of_every_round() -> None:
    entries = ["heuristic", "random", "baseline", "random"]
    res = arena(entries, 4, hand_sizes=[2, 5], n_rounds=12, seed=3).table()
    for hand_size in (2, 5):
        expected = _replay_rounds(entries, hand_size, 12, seed=3)
        for name, figures in expected.items():
            row = res[(res.hand_size == hand_size) & (res.policy == name)].iloc[0]
            assert row["mean_score"] == pytest.approx(figures["score"], abs=1e-9)
            assert row["accuracy"] == pytest.approx(figures["hit"], abs=1e-9)
            assert row["margin"] == pytest.approx(figures["margin"], abs=1e-9)


def test_game_mode_rotates_the_dealer_and_splits_ties() -> None:
    """Whole games: round t of game u is the stream u * T + t in every rotation; seat s holds entry
    (s + t + j) mod n. Recompute totals, win shares and the mean score per round from traces."""
    rules = Rules(3, schedule=(1, 2, 3))
    entries = ["heuristic", "random", "baseline"]
    n, n_games, n_t = 3, 8, 3
    plan = seating(n, n_t, rotate_dealer=True)
    win = np.zeros(n)
    score_sum = np.zeros(n)
    for u in range(n_games):
        for j in range(n):
            totals = np.zeros(n)
            for t, hand_size in enumerate(rules.schedule):
                seat_policy = [entries[e] for e in plan[j, t]]
                tr = trace_rounds(rules, hand_size, 1, policies=seat_policy, seed=5, start=u * n_t + t)
                for seat, e in enumerate(plan[j, t]):
                    totals[e] += score_round(int(tr.bids[0, seat]), int(tr.tricks[0, seat]))
            top = totals == totals.max()
            win[top] += 1 / top.sum()
            score_sum += totals
    res = arena(entries, n, "game", n_games, seed=5, rules=rules).table().set_index("policy")
    for e, name in enumerate(entries):
        assert res.loc[name, "win_rate"] == pytest.approx(win[e] / (n_games * n), abs=1e-9)
        assert res.loc[name, "mean_score"] == pytest.approx(score_sum[e] / (n_games * n * n_t), abs=1e-9)
        assert res.loc[name, "mean_total"] == pytest.approx(score_sum[e] / (n_games * n), abs=1e-9)
    assert res["win_rate"].sum() == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("policies", "n_rounds"),
    [(["heuristic", "baseline"], 300), ([Policy("rollout", worlds=4, samples=4), "pimc", "baseline"], 40)],
)
def test_results_do_not_depend_on_threads(policies: list, n_rounds: int) -> None:
    """Every random draw, the search players' included, comes from the round's own stream."""
    a = arena(policies, 4, hand_sizes=[3, 6], n_rounds=n_rounds, seed=9, threads=1).table()
    b = arena(policies, 4, hand_sizes=[3, 6], n_rounds=n_rounds, seed=9, threads=2).table()
    assert a.equals(b)


def test_table_columns_and_intervals() -> None:
    res = arena(["heuristic", "random"], 4, hand_sizes=4, n_rounds=300, seed=1)
    table = res.table()
    for col in ("mean_score", "accuracy", "mean_miss", "margin"):
        assert (table[col + "_low"] <= table[col]).all() and (table[col] <= table[col + "_high"]).all()
    assert list(table["seats"]) == [1, 3]
    assert list(table["rounds"]) == [300 * 4 * 1, 300 * 4 * 3]
    assert "mean_score_low" not in res.table(intervals=False)
    # the margin (its own metric in the kernel) is the difference of the two policies' mean scores
    assert table["margin"].iloc[0] == pytest.approx(table["mean_score"].iloc[0] - table["mean_score"].iloc[1])
    assert table["margin"].iloc[1] == pytest.approx(table["mean_score"].iloc[1] - table["mean_score"].iloc[0])


def test_self_play_has_no_margin() -> None:
    table = arena("baseline", 3, hand_sizes=2, n_rounds=50).table()
    assert len(table) == 1 and np.isnan(table["margin"].iloc[0])


def test_parse_hand_sizes() -> None:
    assert parse_hand_sizes("1-3, 7") == (1, 2, 3, 7)
    assert parse_hand_sizes(5) == (5,)
    assert parse_hand_sizes("GAME") == "game"
    with pytest.raises(ValueError, match="bad hand sizes"):
        parse_hand_sizes("1-x")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"policies": ["heuristic"] * 5}, "give 1 to 4 policies"),
        ({"hand_sizes": "16"}, "hand size 16 is impossible"),
        ({"n_rounds": 0}, "n_rounds must be"),
        ({"policies": ["nope"]}, "unknown policy"),
        (
            {"rules": Rules(4, special_cards={"dragon", "fairy"}), "hand_sizes": "game"},
            "whole games with special cards",
        ),
        ({"rules": Rules(4, special_cards="all"), "policies": ["baseline"]}, "special-card engine .* not 'baseline'"),
    ],
)
def test_input_errors(kwargs: dict, message: str) -> None:
    args = {"policies": ["heuristic"], "n_players": 4, "hand_sizes": 3, "n_rounds": 10, **kwargs}
    with pytest.raises(ValueError, match=message):
        arena(**args)


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "heuristic", "random", "--hand-sizes", "2,3", "--rounds", "40", "--no-intervals"]) == 0
    out = capsys.readouterr().out
    assert "heuristic" in out and "random" in out and "margin" in out and "_low" not in out
    assert main(["arena", "heuristic", "random", "--hand-sizes", "game", "--rounds", "3", "--format", "csv"]) == 0
    assert "win_rate" in capsys.readouterr().out.splitlines()[0]
    assert main(["arena", "nope"]) == 2


def test_intervals_of_shares_and_misses_end_where_the_quantity_can() -> None:
    """Two deals scoring 1 and 0.5 accuracy: the normal interval [0.26, 1.24] is cut at 1 (a share); a mean miss
    of 0.5 and 0 is cut at 0. The mean score's interval, which has no range, is left as it is."""
    import importlib

    arena_module = importlib.import_module("wizstats.engine.arena")  # the module: the package exports the function

    acc = np.zeros((1, len(arena_module._METRICS), 2))
    for m, per_deal in (("hit", [1.0, 0.5]), ("miss", [0.0, 0.5]), ("score", [30.0, -20.0])):
        k = arena_module._METRICS.index(m)
        acc[0, k] = sum(per_deal), sum(x * x for x in per_deal)
    (row,) = arena_module._rows(3, ["expert"], np.zeros(4, np.int64), acc, 2, 4, 1, 0.95)
    assert row["accuracy"] == 0.75 and 0 < row["accuracy_low"] < 0.75 and row["accuracy_high"] == 1.0
    assert row["mean_miss"] == 0.25 and row["mean_miss_low"] == 0.0 and row["mean_miss_high"] > 0.25
    assert row["mean_score_low"] < -20 and row["mean_score_high"] > 30  # no range: not cut
