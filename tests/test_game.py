"""Whole games: the game kernel against a pure-Python game loop on the reference, and invariants.

With the ``random`` policy, the kernel's round ``k`` of game ``g`` and
``reference.play_random_round`` on stream ``g * (K + 1) + k`` deal, bid and play the same
cards once players are mapped to seats the same way; so every bid, trick, score, total,
elimination and aggregate must agree exactly.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from wizstats._kernels.engine import game as kg
from wizstats.engine import round_setup, seed_key, simulate_games, trace_games
from wizstats.engine.game import GamePlan, game_plan
from wizstats.players import POLICIES, resolve_policies
from wizstats.reference import RoundRng, play_clairvoyant_round
from wizstats.reference import standard as ref
from wizstats.rules import Rules, placement_points

CASES = [
    ("standard 4", Rules(4), {}),
    ("standard 3 rotate", Rules(3, plus_minus_one=True), {"first_dealer": "rotate"}),
    ("tournament 4", Rules.tournament(4), {}),
    ("tournament 5 alternative", Rules.tournament(5, scoring="alternative"), {"first_dealer": 2}),
    ("elimination 5", Rules(5), {"elimination": True}),
    ("elimination 6 rotate", Rules(6, plus_minus_one=True), {"elimination": True, "first_dealer": "rotate"}),
    ("sit-out 5", Rules(5), {"sit_out": {1: [0], 3: [1, 4], 12: [2]}}),
    ("sit-out 4 clairvoyance", Rules(4, plus_minus_one=True), {"sit_out": [(2, 3), (5, 0)], "clairvoyance": True}),
    ("clairvoyance 6 blind", Rules(6, trump_choice="blind"), {"clairvoyance": True}),
    ("hidden bids 4", Rules(4, bids="hidden"), {"first_dealer": 3}),
    ("after-round bids 3", Rules(3, bids="after-round", scoring="alternative"), {}),
    ("junior 4 elimination", Rules(4, deck="junior"), {"elimination": True}),
]


def reference_game(plan: GamePlan, key: int, game: int) -> dict[str, object]:
    """One game in pure Python: seats from the dealer, reference rounds, sit-outs, elimination."""
    n, n_rounds = plan.n_players, plan.n_rounds
    stride = n_rounds + 1
    rng_game = RoundRng(key, game * stride + n_rounds)
    active, out_after = [True] * n, [0] * n
    totals = [Fraction(0)] * n
    dealer = game % n if plan.first_dealer is None else plan.first_dealer
    rounds, half = [], None
    for k, r in enumerate(plan.hand_sizes):
        clockwise = [(dealer + j) % n for j in range(n)]
        table = [p for p in clockwise if active[p] and p not in plan.sit_out[k]]
        rules_k = plan.rules.replace(n_players=len(table), schedule=(r,), placement_points=None)
        if k == 0 and plan.clairvoyance:
            rec = play_clairvoyant_round(rules_k, key, game * stride)
        else:
            rec = ref.play_random_round(rules_k, r, key, game * stride + k)
        assert sum(rec.tricks) == r
        row = {p: (s, rec.bids[s], rec.tricks[s], Fraction(rec.scores[s])) for s, p in enumerate(table)}
        for p in range(n):
            if p not in row:
                row[p] = (-1, -1, -1, Fraction(sum(rec.scores), len(table))) if active[p] else (-2, -1, -1, Fraction(0))
            totals[p] += row[p][3]
        rounds.append(row)
        if k + 1 == plan.half:
            half = [t if a else None for t, a in zip(totals, active, strict=True)]
        if k + 1 in plan.eliminate_after:
            low = min(t for t, a in zip(totals, active, strict=True) if a)
            tied = [p for p in range(n) if active[p] and totals[p] == low]
            out = tied[rng_game.below(len(tied))] if len(tied) > 1 else tied[0]
            active[out], out_after[out] = False, k + 1
        dealer = next((dealer + j) % n for j in range(1, n + 1) if active[(dealer + j) % n])
    return {"rounds": rounds, "totals": totals, "out_after": out_after, "half": half}


def _places(totals: list[Fraction], out_after: list[int]) -> list[int]:
    """Competition ranks written out longhand: stayers by total, then drop-outs, latest first."""
    n = len(totals)
    stayers = [p for p in range(n) if out_after[p] == 0]
    places = [0] * n
    for p in stayers:
        places[p] = sum(1 for q in stayers if totals[q] > totals[p])
    for p in range(n):
        if out_after[p]:
            places[p] = len(stayers) + sum(1 for q in range(n) if out_after[q] > out_after[p])
    return places


@pytest.mark.parametrize(("name", "rules", "options"), CASES, ids=[c[0] for c in CASES])
def test_game_kernel_matches_reference_loop(name: str, rules: Rules, options: dict) -> None:
    """Every round of 12 games, and the aggregates of 30 games, agree exactly with the reference loop."""
    seed, n_games = 5, 30
    plan = game_plan(rules, **options)
    key = seed_key(seed)
    games = [reference_game(plan, key, g) for g in range(n_games)]
    trace = trace_games(rules, 12, policies="random", seed=seed, **options)
    scale = trace.scale
    for g in range(12):
        want = games[g]
        for k, row in enumerate(want["rounds"]):
            for p, (seat, bid, tricks, pts) in row.items():
                got = trace.records[g, k, p]
                assert list(got[:3]) == [seat, bid, tricks], (name, g, k, p)
                assert Fraction(int(got[3]), scale) == pts, (name, g, k, p)
        assert [Fraction(int(t), scale) for t in trace.totals[g]] == want["totals"]
        assert trace.out_after[g].tolist() == want["out_after"]
    res = simulate_games(rules, n_games, policies="random", seed=seed, **options)
    _check_aggregates(res, games, plan)


def _check_aggregates(res, games: list[dict], plan: GamePlan) -> None:  # type: ignore[no-untyped-def]
    n = plan.n_players
    places = np.zeros((n, n), np.int64)
    hist = np.zeros_like(res.totals_hist)
    margin_hist = np.zeros_like(res.margin_hist)
    sole, ties, half_unique, half_wins = np.zeros(n, np.int64), 0, 0, 0
    pp_sum = [Fraction(0)] * n
    for game in games:
        totals, out_after = game["totals"], game["out_after"]
        ranks = _places(totals, out_after)
        for p, rank in enumerate(ranks):
            places[p, rank] += 1
            hist[p, int((totals[p] - res.lo) // res.bin_width)] += 1
        winners = [p for p in range(n) if ranks[p] == 0]
        if len(winners) == 1:
            sole[winners[0]] += 1
            rest = [totals[p] for p in range(n) if out_after[p] == 0 and p not in winners]
            margin_hist[int((totals[winners[0]] - max(rest)) // res.bin_width)] += 1
        else:
            ties += 1
            margin_hist[0] += 1
        half = [t for t in game["half"] if t is not None]
        leaders = [p for p, t in enumerate(game["half"]) if t is not None and t == max(half)]
        if len(leaders) == 1:
            half_unique += 1
            half_wins += ranks[leaders[0]] == 0
        if plan.rules.placement_points:
            shares = placement_points([-r for r in ranks], plan.rules.placement_points)
            pp_sum = [a + Fraction(b).limit_denominator(1000) for a, b in zip(pp_sum, shares, strict=True)]
    assert (res.places == places).all()
    assert (res.sole_wins == sole).all()
    assert (res.totals_hist == hist).all()
    assert (res.margin_hist == margin_hist).all()
    assert res.game_stats[:3] == [half_unique, half_wins, ties]
    for p in range(n):
        assert Fraction(res.total_sum[p], res.scale) == sum(g["totals"][p] for g in games)
        if plan.rules.placement_points:
            assert Fraction(res.pp_sum[p], kg.PP_SCALE) == pp_sum[p]


def test_results_do_not_depend_on_threads_or_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    import wizstats.engine.game as game_module

    rules = Rules(5)
    options = {"sit_out": {4: [2]}, "first_dealer": "rotate"}
    one = simulate_games(rules, 300, policies="random", seed=9, threads=1, **options)
    monkeypatch.setattr(game_module, "CHUNK_GAMES", 37)
    two = simulate_games(rules, 300, policies="random", seed=9, threads=2, **options)
    for field in ("totals_hist", "margin_hist", "places", "sole_wins", "eliminated"):
        assert (getattr(one, field) == getattr(two, field)).all(), field
    assert (one.total_sum, one.total_sumsq, one.game_stats) == (two.total_sum, two.total_sumsq, two.game_stats)


def test_elimination_invariants() -> None:
    """6 players: out after rounds 10, 12, 15, each time a lowest total; 3 play rounds 16-20 of 16-20 cards."""
    rules = Rules(6)
    trace = trace_games(rules, 40, policies="heuristic", seed=2, elimination=True)
    assert trace.plan.hand_sizes == tuple(range(1, 21))
    rec = trace.records
    for g in range(40):
        out = trace.out_after[g]
        assert sorted(out.tolist()) == [0, 0, 0, 10, 12, 15]
        running = rec[g, :, :, 3].cumsum(axis=0)
        for k, r in enumerate(trace.plan.hand_sizes):
            seats = rec[g, k, :, 0]
            playing = seats >= 0
            assert playing.sum() == 6 - sum(1 for e in (10, 12, 15) if e < k + 1)
            assert sorted(seats[playing].tolist()) == list(range(playing.sum()))
            assert rec[g, k, playing, 2].sum() == r
            assert (rec[g, k, ~playing, 3] == 0).all()
            if k + 1 in (10, 12, 15):
                gone = int(np.flatnonzero(out == k + 1)[0])
                assert running[k, gone] == running[k, playing].min()


def test_sit_out_invariants() -> None:
    """A sitting-out player scores the exact average of the others; seats skip him; the dealer rotates."""
    rules = Rules(5, plus_minus_one=True)
    trace = trace_games(rules, 30, policies="heuristic", seed=4, sit_out={3: [1], 7: [0, 2]}, first_dealer=1)
    assert trace.scale == 12  # lcm of the table sizes 4 and 3
    rec = trace.records
    for g in range(30):
        for k in range(trace.plan.n_rounds):
            dealer = (1 + k) % 5
            seats = rec[g, k, :, 0]
            sitting = np.flatnonzero(seats == -1).tolist()
            assert sitting == {2: [1], 6: [0, 2]}.get(k, [])
            playing = seats >= 0
            assert rec[g, k, playing, 2].sum() == trace.plan.hand_sizes[k]
            for p in sitting:
                assert Fraction(int(rec[g, k, p, 3])) == Fraction(int(rec[g, k, playing, 3].sum()), int(playing.sum()))
            first = next((dealer + j) % 5 for j in range(5) if (dealer + j) % 5 not in sitting)
            assert seats[first] == 0
            assert sorted(seats[playing].tolist()) == list(range(int(playing.sum())))


def test_clairvoyance_game_bids_round_one_by_the_clairvoyant_rule() -> None:
    """In a clairvoyant game round 1 is the clairvoyant round of the same stream (any policy)."""
    from wizstats.engine import trace_clairvoyant_rounds

    rules = Rules(4)
    trace = trace_games(rules, 20, policies="heuristic", seed=8, clairvoyance=True)
    rounds = trace_clairvoyant_rounds(rules, 20 * (trace.plan.n_rounds + 1), policies="heuristic", seed=8)
    for g in range(20):
        row = g * (trace.plan.n_rounds + 1)
        seats = trace.records[g, 0, :, 0]
        assert trace.records[g, 0, :, 1].tolist() == rounds.bids[row, seats].tolist()


@pytest.mark.parametrize("bids", ["hidden", "after-round"])
def test_games_run_with_hidden_bids(bids: str) -> None:
    for name in POLICIES:
        res = simulate_games(Rules(4, bids=bids, schedule=(1, 4, 7)), 5, policies=name, seed=1)
        assert res.places[:, 0].sum() >= 5
        assert res.totals_hist.sum() == 5 * 4


def _forced_round(rules: Rules, r: int, policies: list[str], index: int, forced: list[int]) -> tuple[list, list]:
    tab, st0 = round_setup(rules, r)
    _, ids, params = resolve_policies(policies, rules.n_players)
    forced_arr = np.full(8, -1, np.int64)
    forced_arr[: len(forced)] = forced
    bids, plays = np.zeros(rules.n_players, np.int64), np.zeros((r, rules.n_players), np.int64)
    kg.trace_forced_round(tab, st0, ids, params, np.uint64(seed_key(3)), index, forced_arr, bids, plays)
    return bids.tolist(), plays.tolist()


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_policies_do_not_see_hidden_bids(policy: str) -> None:
    """Whatever the others bid: under hidden bids a seat's bid is the same; after-round, its whole round is.

    The other seats play ``random`` (their cards do not depend on their bids) with forced bids, so
    any difference can only come from the tested seat reading bids it may not see.
    """
    n, r = 4, 5
    for bids_rule in ("hidden", "after-round"):
        rules = Rules(n, bids=bids_rule)
        for seat in range(n):
            policies = ["random"] * n
            policies[seat] = policy
            for index in range(6):
                outcomes = []
                for others in ([0] * n, [r] * n, [2, 1, 4, 0]):
                    forced = list(others)
                    forced[seat] = -1
                    outcomes.append(_forced_round(rules, r, policies, index, forced))
                own_bids = {o[0][seat] for o in outcomes}
                assert len(own_bids) == 1, (bids_rule, seat, index)
                if bids_rule == "after-round":
                    assert all(o[1] == outcomes[0][1] for o in outcomes), (seat, index)


@pytest.mark.parametrize(("vis", "expect_before_all"), [("open", True), ("hidden", False), ("after-round", False)])
def test_visible_bid(vis: str, expect_before_all: bool) -> None:
    """A seat sees its own bid at once; others' bids as made (open), when all are made (hidden), or never."""
    rules = Rules(4, bids=vis)
    tab, st0 = round_setup(rules, 3)
    _, ids, params = resolve_policies("random", 4)
    bids = np.array([3, 1, 0, 2], np.int64)
    out = np.zeros((5, 4, 4), np.int64)
    kg.bid_views(tab, st0, ids, params, bids, out)
    order = [1, 2, 3, 0]
    for j in range(5):
        made = set(order[:j])
        for viewer in range(4):
            for seat in range(4):
                if seat not in made:
                    want = -1
                elif seat == viewer or (vis == "open") or (vis == "hidden" and j == 4):
                    want = bids[seat]
                else:
                    want = -1
                assert out[j, viewer, seat] == want, (j, viewer, seat)
    assert (out[2, 3, 1] == bids[1]) == expect_before_all


def test_summary_and_intervals() -> None:
    res = simulate_games(Rules.tournament(4), 400, policies=["heuristic", "random", "random", "random"], seed=3)
    summary = res.summary()
    assert list(summary["player"]) == [0, 1, 2, 3]
    assert (summary["mean_total_low"] <= summary["mean_total"]).all()
    assert (summary["mean_total"] <= summary["mean_total_high"]).all()
    assert abs(summary["mean_placement_points"].sum() - (45 + 30 + 20 + 10)) < 1e-9
    by = res.by_policy()
    assert list(by["policy"]) == ["heuristic", "random"]
    assert by["player_games"].tolist() == [400, 1200]
    hist = res.totals_histogram()
    assert hist.groupby("player")["count"].sum().tolist() == [400] * 4
    assert res.margin_histogram()["count"].sum() == 400
    rate, ci, n_games = res.half_leader_wins()
    assert 0 < n_games <= 400 and ci.low <= rate <= ci.high


@pytest.mark.parametrize(
    ("rules", "options", "message"),
    [
        (Rules.tournament(3), {"clairvoyance": True}, "first round of one card"),
        (Rules.tournament(4), {"elimination": True}, "standard schedule"),
        (Rules(5), {"elimination": True, "sit_out": {2: [1]}}, "cannot be combined"),
        (Rules(4), {"sit_out": {2: [7]}}, "not a player"),
        (Rules(4), {"sit_out": {16: [1]}}, "not a round"),
        (Rules(3), {"sit_out": {2: [1]}}, "too few players"),
        (Rules(4), {"first_dealer": 4}, "first_dealer"),
        (Rules(4), {"half": 0}, "half"),
        (Rules(5, deck="junior"), {"elimination": True}, "elimination needs rounds"),
    ],
)
def test_plan_errors(rules: Rules, options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        game_plan(rules, **options)


def test_simulate_games_errors() -> None:
    with pytest.raises(ValueError, match="n_games"):
        simulate_games(Rules(4), 0)
    with pytest.raises(ValueError, match="bin_width"):
        simulate_games(Rules(4), 10, bin_width=0)
    with pytest.raises(ValueError, match="one per seat"):
        simulate_games(Rules(4), 10, policies=["random"] * 3)


def test_elimination_schedules() -> None:
    with pytest.raises(ValueError, match="3 players never do"):  # an option that does nothing is refused
        game_plan(Rules(3), elimination=True)
    for n, outs in ((4, (10,)), (5, (10, 12)), (6, (10, 12, 15))):
        plan = game_plan(Rules(n), elimination=True)
        assert plan.eliminate_after == outs
        assert plan.hand_sizes == tuple(range(1, 21))
        assert all(h * m <= 60 for h, m in zip(plan.hand_sizes, plan.in_game, strict=True))
        assert plan.in_game[-1] == 3
