"""Cross-check against OpenSpiel's ``oh_hell``: under random play the tricks per seat agree.

OpenSpiel plays the same game as wizstats on its Oh Hell deck (4 players, 4 suits x 13,
10 tricks, trump from a turned card, the seat after the dealer bids and leads first), with
its own code. Both play uniformly random legal bids and cards, so the distribution of the
tricks each seat (counted from the dealer) takes must be the same. Skipped when OpenSpiel is
not installed (``pip install -e ".[bench]"``).

Test: chi-square test of homogeneity (scipy ``chi2_contingency``) of OpenSpiel's tricks
histogram against wizstats', per seat and pooled over seats, tricks 7 to 10 in one bin so
every expected count is above 5. Each test has alpha = 0.001: with five tests the chance that
a correct engine fails is at most 0.5 % per seed (the seeds are fixed, so a run repeats).
"""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from wizstats.engine import simulate

pyspiel = pytest.importorskip("pyspiel")
chi2_contingency = pytest.importorskip("scipy.stats").chi2_contingency

ALPHA = 0.001
N_PLAYERS, HAND_SIZE = 4, 10
TOP_BIN = 7  # tricks 7..10 pooled
N_OPENSPIEL = 6_000
N_WIZSTATS = 300_000


def openspiel_tricks(n_games: int, seed: int) -> np.ndarray:
    """``out[seat, tricks]``: games in which ``seat`` (0 = dealer) took ``tricks``, OpenSpiel, random play."""
    game = pyspiel.load_game(
        "oh_hell", {"players": N_PLAYERS, "num_suits": 4, "num_cards_per_suit": 13, "num_tricks_fixed": HAND_SIZE}
    )
    rng = random.Random(seed)
    out = np.zeros((N_PLAYERS, HAND_SIZE + 1), np.int64)
    for _ in range(n_games):
        state = game.new_initial_state()
        first_leader = None
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, probs)[0]
            else:
                legal = state.legal_actions()
                if first_leader is None and not state.action_to_string(state.current_player(), legal[0]).isdigit():
                    first_leader = state.current_player()  # the first card played, after the bids
                action = rng.choice(legal)
            state.apply_action(action)
        text = str(state)
        dealer = int(re.search(r"Dealer: (\d+)", text).group(1))
        won = [int(x) for x in re.search(r"Tricks Won:\s+([\d ]+)", text).group(1).split()]
        assert first_leader == (dealer + 1) % N_PLAYERS, "OpenSpiel: the seat after the dealer leads first"
        assert sum(won) == HAND_SIZE
        for player, tricks in enumerate(won):
            out[(player - dealer) % N_PLAYERS, tricks] += 1
    return out


@pytest.fixture(scope="module")
def histograms() -> tuple[np.ndarray, np.ndarray]:
    """Tricks per seat, OpenSpiel and wizstats (random play, Oh Hell deck, 4 x 10)."""
    theirs = openspiel_tricks(N_OPENSPIEL, seed=20240601)
    ours = simulate(N_PLAYERS, HAND_SIZE, N_WIZSTATS, deck="oh-hell", policies="random", seed=7).counts.sum(axis=1)
    return theirs, ours


def pooled(hist: np.ndarray) -> np.ndarray:
    """Tricks 0..6 and 7+ (the last bins are too sparse for a chi-square test)."""
    return np.concatenate([hist[..., :TOP_BIN], hist[..., TOP_BIN:].sum(axis=-1, keepdims=True)], axis=-1)


@pytest.mark.parametrize("seat", range(N_PLAYERS))
def test_tricks_per_seat_agree(histograms: tuple[np.ndarray, np.ndarray], seat: int) -> None:
    theirs, ours = histograms
    table = np.stack([pooled(theirs[seat]), pooled(ours[seat])])
    assert table.min() >= 5
    p = chi2_contingency(table).pvalue
    assert p > ALPHA, f"seat {seat}: OpenSpiel {theirs[seat]} vs wizstats {ours[seat]}, p = {p:.2g}"


def test_tricks_all_seats_agree(histograms: tuple[np.ndarray, np.ndarray]) -> None:
    theirs, ours = histograms
    assert theirs.sum() == N_PLAYERS * N_OPENSPIEL and ours.sum() == N_PLAYERS * N_WIZSTATS
    table = np.stack([pooled(theirs.sum(axis=0)), pooled(ours.sum(axis=0))])
    p = chi2_contingency(table).pvalue
    assert p > ALPHA, f"all seats: p = {p:.2g}"
