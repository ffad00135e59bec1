"""Statistical cross-check against OpenSpiel's ``oh_hell`` under uniformly random play.

Random play ignores bids, so the number of tricks each seat takes (seat 0 = dealer, seat 1
leads) has one distribution in both engines. For each of the 4 seats a chi-square test of
homogeneity compares wizstats' counts with OpenSpiel's; each test at alpha = 0.001/4
(Bonferroni), so a correct engine fails this test with probability below 0.001.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from scipy.stats import chi2_contingency

import wizstats

pyspiel = pytest.importorskip("pyspiel")

N_GAMES = 3000
ALPHA = 0.001 / 4


def _openspiel_tricks(n_games: int, seed: int) -> np.ndarray:
    """counts[seat, tricks] from OpenSpiel games played by uniformly random players."""
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_suits": 4, "num_cards_per_suit": 13, "num_tricks_fixed": 10})
    rng = random.Random(seed)
    counts = np.zeros((4, 11), np.int64)
    for _ in range(n_games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        text = str(state)
        dealer = int(text.split("Dealer:")[1].split()[0])
        won = [int(x) for x in text.split("Tricks Won:")[1].splitlines()[0].split()]
        for player, tricks in enumerate(won):
            counts[(player - dealer) % 4, tricks] += 1
    return counts


def test_trick_distribution_per_seat_agrees_with_openspiel() -> None:
    ours = wizstats.simulate(4, 10, N_GAMES * 4, deck="oh-hell", policies="random", seed=5).counts.sum(axis=1)
    theirs = _openspiel_tricks(N_GAMES, seed=5)
    assert theirs.sum() == 4 * N_GAMES
    for seat in range(4):
        table = np.vstack([ours[seat], theirs[seat]])
        table = table[:, table.sum(axis=0) > 0]
        p_value = chi2_contingency(table).pvalue
        assert p_value > ALPHA, f"seat {seat}: p = {p_value:.2e}"

