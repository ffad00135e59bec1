"""Every analysis runs at its tiny size, writes its three files, and one cell of its CSV agrees with the API.

The re-derivations call the public API again with the analysis's own seed and sample size, so the
simulated values must agree to the 6 significant digits the CSV keeps (tolerance 1e-5 relative):
this checks the plumbing (seeds, sizes, which row goes where), not the statistics, and cannot
fail by chance.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pandas as pd
import pytest

import wizstats as ws
from wizstats.engine import arena
from wizstats.report import load_analyses

MODULES = {m.NAME: m for m in load_analyses()}
Check = Callable[[pd.DataFrame, ModuleType], tuple[float, float]]


def _one(frame: pd.DataFrame, **where: object) -> pd.Series:
    rows = frame
    for key, value in where.items():
        if isinstance(value, (int, float)):
            rows = rows[pd.to_numeric(rows[key], errors="coerce") == value]
        else:
            rows = rows[rows[key].astype(str) == str(value)]
    assert len(rows) == 1, f"{len(rows)} rows match {where}"
    return rows.iloc[0]


def _vulnerability(csv: pd.DataFrame, m: ModuleType) -> tuple[float, float]:
    return _one(csv, card="13", relation="plain").value, ws.vulnerability().estimate(card="13", relation="plain").value


def _schedule(csv: pd.DataFrame, m: ModuleType) -> tuple[float, float]:
    row = _one(csv, n_players=6, schedule="standard", rounds_from_end=3)
    return row.share_from_here, float(ws.last_rounds_share(6, 3).value)


def _trick_probability(csv: pd.DataFrame, m: ModuleType) -> tuple[float, float]:
    n, r = m.SIZES["tiny"]["n"], 3
    res = ws.card_strength(4, r, policy=m.POLICY, n=n, seed=m.SEED + 400 + r)
    return (
        _one(csv, n_players=4, hand_size=r, seat=1, card="13", relation="trump").value,
        res.estimate(seat=1, card="13", relation="trump").value,
    )


def _bid_thresholds(csv: pd.DataFrame, m: ModuleType) -> tuple[float, float]:
    n = m.SIZES["tiny"]["n"]
    res = ws.bid_thresholds(4, [1], policy=m.POLICY, n=n, seed=m.SEED + 400)
    return _one(csv, n_players=4, hand_size=1, seat=2).p_trump, _one(res.table, seat=2).p_trump


def _bid_scores(csv: pd.DataFrame, m: ModuleType) -> tuple[float, float]:
    label = m.SIZES["tiny"]["hands"][0]
    td = ws.trick_distribution(
        m.HANDS[label],
        trump=m.TRUMP,
        n_players=m.N_PLAYERS,
        seat=m.SEAT,
        policy=m.POLICY,
        n=m.SIZES["tiny"]["n"],
        seed=m.SEED,
    )
    return (
        _one(csv, hand=label, bid=2, quantity="expected_score").value,
        float(td.bids[td.bids.bid == 2].expected_score.iloc[0]),
    )


def _score_distributions(csv: pd.DataFrame, m: ModuleType) -> tuple[float, float]:
    res = ws.score_distribution(4, 1, policy=m.POLICY, n=m.SIZES["tiny"]["n"], seed=m.SEED + 1)
    return (_one(csv, kind="round", hand_size=1, bid="all", score=20).value, _one(res.table, bid="all", score=20).value)


def _seat_effects(csv: pd.DataFrame, m: ModuleType) -> tuple[float, float]:
    res = ws.dealer_advantage(rules=ws.Rules(4), hand_sizes=[3], policy=m.POLICY, n=m.SIZES["tiny"]["n"], seed=m.SEED)
    return (
        _one(
            csv, measure="dealer_advantage", rules="no plus/minus one", hand_size=3, quantity="dealer_minus_others"
        ).value,
        _one(res.table, quantity="dealer_minus_others").value,
    )


def _trump_choice(csv: pd.DataFrame, m: ModuleType) -> tuple[float, float]:
    res = ws.trump_choice_value(4, [1], policy=m.POLICY, n=m.SIZES["tiny"]["n"], seed=m.SEED + 4)
    exact = ws.round1_trump_choice_value(4).table
    assert _one(csv, method="exact", n_players=4, quantity="value").value == pytest.approx(
        _one(exact, quantity="value").value, rel=1e-5
    )
    return (
        _one(csv, method="simulated", n_players=4, hand_size=1, seat=0, quantity="given_wizard").value,
        _one(res.table, seat=0, quantity="given_wizard").value,
    )


def _kuschelwizard(csv: pd.DataFrame, m: ModuleType) -> tuple[float, float]:
    res = ws.bids_add_up(4, [1], policy=m.POLICY, n=m.SIZES["tiny"]["n"], seed=m.SEED + 4)
    return _one(csv, n_players=4, hand_size=1, quantity="p_equal").value, _one(res.table, quantity="p_equal").value


def _claims_checked(csv: pd.DataFrame, m: ModuleType) -> tuple[float, float]:
    from wizstats.stats import half_time_lead

    res = half_time_lead(4, n=m.SIZES["tiny"]["games"], seed=m.SEED, policy=m.POLICY)
    assert _one(csv, kind="answer", question="highest-of-suit").value == pytest.approx(
        float(ws.exact.highest_of_suit_probability(10, 4, 1)), rel=1e-5
    )
    return _one(csv, kind="answer", question="half-time").value, _one(res.table, quantity="leader_wins").value


def _player_strength(csv: pd.DataFrame, m: ModuleType) -> tuple[float, float]:
    res = arena(["baseline"], 4, hand_sizes=[1], n_rounds=m.SIZES["tiny"]["fast"], seed=m.SEED)
    return (
        _one(csv, challenger="baseline", hand_size=1, policy="baseline").accuracy,
        float(res.table().accuracy.iloc[0]),
    )


def _special_cards(csv: pd.DataFrame, m: ModuleType) -> tuple[float, float]:
    r, n = m.SIZES["tiny"]["hand_sizes"][0], m.SIZES["tiny"]["n"]
    rules = ws.Rules(4, special_cards={"dragon", "fairy"})
    rounds = ws.trace_special(rules, r, n, policies=m.POLICY, seed=m.SEED + 100 + r).frame()
    holders = rounds[rounds.hand.str.split().apply(lambda cards: "DRAGON" in cards)]
    return _one(csv, card="dragon", hand_size=r, quantity="holder_tricks", policy=m.POLICY).value, holders.tricks.mean()


def _wizard_value(csv: pd.DataFrame, m: ModuleType) -> tuple[float, float]:
    r, n = m.SIZES["tiny"]["hand_sizes"][0], m.SIZES["tiny"]["n"]
    rules = ws.Rules(4, special_cards={"bomb"})
    tr = ws.trace_special(rules, r, n, policies="random", seed=m.SEED + 200 + 10 + r)
    plays = bombed = 0
    for i in range(n):
        for t in range(r):
            wizards = sum(rules.deck.card(int(c)).kind is ws.CardKind.WIZARD for c in tr.plays[i, t, :, 0])
            plays += wizards
            bombed += wizards * (tr.tricks[i, t, 2] == -1)
    return _one(csv, setting="bomb", policy="random", hand_size=r, quantity="bombed").value, bombed / plays


def _clairvoyance(csv: pd.DataFrame, m: ModuleType) -> tuple[float, float]:
    res = ws.clairvoyance_odds(4, m.SIZES["tiny"]["rounds"], seed=m.SEED + 4, compare_policy=None)
    return _one(csv, part="rounds", n_players=4, seat=0, quantity="accuracy").value, float(res.accuracy[0])


def _standard_vs_tournament(csv: pd.DataFrame, m: ModuleType) -> tuple[float, float]:
    policies = [m.POLICY, m.WEAKER, m.WEAKER, m.WEAKER]
    res = ws.simulate_games(
        ws.Rules.tournament(4), m.SIZES["tiny"]["games"], policies=policies, seed=m.SEED + 43, first_dealer="rotate"
    )
    return _one(csv, n_players=4, format="tournament", quantity="better_player_wins").value, res.win_rate(0)[0]


def _players_compared(csv: pd.DataFrame, m: ModuleType) -> tuple[float, float]:
    # a player that ignores the earlier bids cannot measure bidding last; one that reads them can
    flat = _one(csv, block="game", figure="bidding_last", policy="heuristic")
    assert flat.status == "not measurable" and flat.low == flat.high
    assert _one(csv, block="game", figure="bidding_last", policy="expert").status == "ok"
    small = _one(csv, block="game", figure="pm1_cost", policy="rollout")  # the certificate's whole games
    assert small.status == m.SMALL and small.n == m.SIZES["tiny"]["slow_game"]
    exact = ws.round1_thresholds(4).table.query("seat == 1 and state == 'trump'").weakest_rank.iloc[0]
    assert _one(csv, block="game", figure="threshold_seat1", policy="exact").value == exact
    n = m.SIZES["tiny"]["cards"]
    res = ws.card_win_probability(
        "R13", n_players=4, hand_size=m.HAND_SIZE, seat=2, trump="red", policy="expert", n=n, seed=m.SEED
    )
    written = _one(csv, block=f"{m.HAND_SIZE} cards", figure="strength_seat2", policy="expert").value
    return written, _one(res.table, quantity="p_win").value


CHECKS: dict[str, Check] = {
    "vulnerability": _vulnerability,
    "schedule_points": _schedule,
    "trick_probability": _trick_probability,
    "bid_thresholds": _bid_thresholds,
    "bid_scores": _bid_scores,
    "score_distributions": _score_distributions,
    "seat_effects": _seat_effects,
    "trump_choice": _trump_choice,
    "kuschelwizard": _kuschelwizard,
    "player_strength": _player_strength,
    "special_cards": _special_cards,
    "wizard_value": _wizard_value,
    "clairvoyance": _clairvoyance,
    "standard_vs_tournament": _standard_vs_tournament,
    "claims_checked": _claims_checked,
    "players_compared": _players_compared,
}


pytestmark = pytest.mark.xdist_group("tiny_report")  # one worker computes tiny_report (tests/conftest.py)


@pytest.fixture(scope="module")
def outputs(tiny_report: tuple[Path, list[pd.DataFrame]]) -> tuple[Path, dict[str, pd.DataFrame]]:
    """Every analysis's ``module.run("tiny", out)`` into one directory: the tiny report of tests/conftest.py
    (``run_report`` runs exactly these, in this order), shared with tests/test_report.py."""
    out, frames = tiny_report
    assert [f.attrs["name"] for f in frames] == list(MODULES)
    return out, {f.attrs["name"]: f for f in frames}


def test_the_required_analyses_are_registered() -> None:
    assert set(CHECKS) <= set(MODULES)
    orders = [getattr(m, "ORDER", None) for m in MODULES.values()]
    assert all(isinstance(o, int) for o in orders)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_writes_three_files_and_text(name: str, outputs: tuple[Path, dict[str, pd.DataFrame]]) -> None:
    out, frames = outputs
    frame = frames[name]
    for ext in ("csv", "md", "png"):
        assert (out / f"{name}.{ext}").stat().st_size > 0
    assert (out / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(pd.read_csv(out / f"{name}.csv")) == len(frame) > 0
    md = (out / f"{name}.md").read_text()
    a = frame.attrs
    assert a["title"] in md and a["finding"] in md and f"({name}.png)" in md
    assert a["finding"] and a["assumptions"] and a["display"]["data"]
    assert "nan%" not in a["finding"] and "n/a" not in a["finding"]


@pytest.mark.parametrize("name", sorted(MODULES))
def test_one_cell_agrees_with_the_api(name: str, outputs: tuple[Path, dict[str, pd.DataFrame]]) -> None:
    assert name in CHECKS, f"no re-derivation for {name}: add one to CHECKS in tests/test_analyses.py"
    out, _ = outputs
    csv = pd.read_csv(out / f"{name}.csv")
    written, derived = CHECKS[name](csv, MODULES[name])
    assert not math.isnan(float(derived))
    assert float(written) == pytest.approx(float(derived), rel=1e-5, abs=1e-9)


def test_same_seed_same_files(tmp_path: Path, outputs: tuple[Path, dict[str, pd.DataFrame]]) -> None:
    out, _ = outputs
    for name in ("vulnerability", "kuschelwizard", "bid_scores"):
        MODULES[name].run("tiny", tmp_path)
        for ext in ("csv", "md", "png"):
            assert (tmp_path / f"{name}.{ext}").read_bytes() == (out / f"{name}.{ext}").read_bytes(), (name, ext)


def test_unknown_size_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown size 'huge'"):
        MODULES["vulnerability"].run("huge", tmp_path)


def test_players_compared_certifies_each_figure(outputs: tuple[Path, dict[str, pd.DataFrame]]) -> None:
    """The column agrees: the default player against rollout, on their two rows of every figure."""
    from wizstats.stats import VERDICTS, agreement

    out, frames = outputs
    m = MODULES["players_compared"]
    csv = pd.read_csv(out / "players_compared.csv")
    for (block, key), g in csv.groupby(["block", "figure"], sort=False):
        pair = g[g.policy.isin([m.POLICY, m.SEARCH])]
        others = g[~g.policy.isin([m.POLICY, m.SEARCH])]
        assert len(pair) == 2 and pair.agrees.nunique() == 1 and others.agrees.isna().all(), (block, key)
        verdict = pair.agrees.iloc[0]
        assert verdict in VERDICTS
        mine, theirs = (pair[pair.policy == p].iloc[0] for p in (m.POLICY, m.SEARCH))
        if mine.unit == "rank":
            assert verdict == "no interval"
        else:
            est = [ws.Estimate("a", r.value, ws.ConfidenceInterval(r.low, r.high), int(r.n), policy=r.policy)
                   for r in (mine, theirs)]  # fmt: skip
            assert verdict == agreement(*est).verdict
    display = frames["players_compared"].attrs["display"]
    assert display["columns"][-1] == f"agrees ({m.POLICY} vs {m.SEARCH})"
    cert = frames["players_compared"].attrs["certificate"]["data"]
    assert len(cert) == csv.groupby(["block", "figure"]).ngroups
    assert all(row[1].startswith(f"{m.POLICY}, n ") and row[2].startswith(f"{m.SEARCH}, n ") for row in cert)
