"""Result objects render as tables in Jupyter, with the players and the sample size shown."""

from __future__ import annotations

import wizstats
from wizstats.engine import simulate_one_colour


def check(html: str, *needles: str) -> None:
    assert html.startswith("<div>") and "<table" in html
    for needle in needles:
        assert needle in html, f"{needle!r} not in {html[:300]}"


def test_simulation_result() -> None:
    res = wizstats.simulate(4, 2, 300, policies="random", seed=1)
    check(res._repr_html_(), "players: random, random, random, random", "rounds: 300", "seed: 1", "mean_score")


def test_trick_distribution() -> None:
    res = wizstats.trick_distribution(["W", "R12"], trump="R5", n_players=3, seat=1, n=200, seed=2, policy="random")
    check(res._repr_html_(), "players: random", "seed: 2", "expected_score", f"best bid: {res.best_bid}")


def test_result_and_estimate() -> None:
    exact = wizstats.round1_table(4)
    check(exact._repr_html_(), "exact (counted)")
    sim = wizstats.seat_effects(3, hand_sizes=[2], n=300, seed=3, policy="random")
    check(sim._repr_html_(), "players: random", "n: ", "seed: 3", "Monte Carlo")
    keys = [c for c in sim.table.columns if c not in ("value", "low", "high", "n")]
    row = sim.table.iloc[0]
    one = sim.estimate(**{k: row[k] for k in keys})
    check(one._repr_html_(), "players: random", "95% interval")


def test_arena_and_games() -> None:
    res = wizstats.arena(["random", "heuristic"], 3, hand_sizes=[2], n_rounds=30, seed=4)
    check(res._repr_html_(), "players: random, heuristic", "deals per hand size: 30", "seed: 4")
    games = wizstats.simulate_games(wizstats.Rules(3, schedule=[1, 2]), 40, policies="random", seed=5)
    check(games._repr_html_(), "games: 40", "seed: 5", "mean_total")
    one = simulate_one_colour(4, 20, policies="random", seed=6)
    check(one._repr_html_(), "games: 20", "seed: 6")
