"""The numba kernels against the pure-Python reference, card by card, and invariants of random rounds.

With the ``random`` policy both draw from the same per-round stream in the same order, so the
reference must reproduce every deal, trump, bid, card and trick winner of the kernel exactly.
Other policies are replayed: the reference checks every play is legal and recomputes the
winners and tricks of the kernel's recorded rounds.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from wizstats.reference import standard as ref
from wizstats.rules import Deck
from wizstats.rules import Rules
from wizstats.rules import score_round
from wizstats.engine import seed_key
from wizstats.engine import trace_rounds

SETTINGS = [
    {},
    {"plus_minus_one": True},
    {"plus_minus_one": True, "plus_minus_one_min_hand": 2},
    {"trump_choice": "blind"},
    {"bids": "hidden"},
    {"bids": "after-round"},
    {"scoring": "alternative"},
]
DECKS = ["standard", "junior", "oh-hell", "4x10+3+2", "2x5+1+1"]


def _cases(rounds_per_case: int) -> list[tuple[Rules, int, int]]:
    """(rules, hand size, rounds): every player count and hand size of the standard deck, other decks sampled."""
    cases = []
    for n in (3, 4, 5, 6):
        for r in range(1, 60 // n + 1):
            settings = SETTINGS[(n + r) % len(SETTINGS)]
            cases.append((Rules(n, **settings), r, rounds_per_case))
    for deck, settings in itertools.product(DECKS[1:], SETTINGS[:3]):
        size = Deck.standard().size if deck == "standard" else None
        rules = Rules(3, deck=deck, **settings) if size is None else Rules(4, **settings)
        for r in sorted({1, 2, rules.max_hand_size // 2 or 1, rules.max_hand_size}):
            cases.append((rules, r, rounds_per_case))
    return cases


def _check_random_rounds(rules: Rules, r: int, n_rounds: int, seed: int) -> None:
    trace = trace_rounds(rules, r, n_rounds, policies="random", seed=seed)
    key = seed_key(seed)
    for i in range(n_rounds):
        rec = ref.play_random_round(rules, r, key, i)
        where = f"{rules.describe()}, hand size {r}, round {i}"
        assert rec.hands == trace.hands[i].tolist(), where
        assert (-1 if rec.turned is None else rec.turned) == trace.turned[i], where
        assert (-1 if rec.trump is None else rec.trump) == trace.trump[i], where
        assert rec.bids == trace.bids[i].tolist(), where
        assert rec.plays == trace.plays[i].tolist(), where
        assert rec.leaders == trace.leaders[i].tolist(), where
        assert rec.winners == trace.winners[i].tolist(), where
        assert rec.tricks == trace.tricks[i].tolist(), where


def test_kernel_matches_reference_random_policy() -> None:
    """At least 20,000 random rounds over all player counts, hand sizes, decks and rule settings."""
    cases = _cases(200)
    total = sum(c[2] for c in cases)
    assert total >= 20_000
    for k, (rules, r, n_rounds) in enumerate(cases):
        _check_random_rounds(rules, r, n_rounds, seed=k)


@pytest.mark.slow
def test_kernel_matches_reference_random_policy_long() -> None:
    for k, (rules, r, n_rounds) in enumerate(_cases(2000)):
        _check_random_rounds(rules, r, n_rounds, seed=1000 + k)


def _check_replayed(rules: Rules, r: int, n_rounds: int, policies: str, seed: int) -> None:
    trace = trace_rounds(rules, r, n_rounds, policies=policies, seed=seed)
    for i in range(n_rounds):
        turned = None if trace.turned[i] < 0 else int(trace.turned[i])
        trump = None if trace.trump[i] < 0 else int(trace.trump[i])
        rec = ref.replay_round(
            rules, r, trace.hands[i].tolist(), turned, trump, trace.bids[i].tolist(), trace.plays[i].tolist()
        )
        assert rec.winners == trace.winners[i].tolist()
        assert rec.tricks == trace.tricks[i].tolist()


@pytest.mark.parametrize("policy", ["heuristic"])
def test_other_policies_play_by_the_rules(policy: str) -> None:
    for k, (rules, r, _) in enumerate(_cases(0)[::3]):
        _check_replayed(rules, r, 40, policy, seed=k)


def test_invariants_of_random_rounds() -> None:
    """Every card dealt once, tricks sum to the hand size, one winner per trick."""
    for n, r in [(3, 20), (4, 15), (5, 7), (6, 1), (6, 10)]:
        rules = Rules(n)
        trace = trace_rounds(rules, r, 300, policies="random", seed=n * 100 + r)
        for i in range(300):
            dealt = trace.hands[i].ravel().tolist() + ([] if trace.turned[i] < 0 else [int(trace.turned[i])])
            assert len(set(dealt)) == len(dealt) == n * r + (1 if n * r < 60 else 0)
            assert sorted(trace.plays[i].ravel().tolist()) == sorted(trace.hands[i].ravel().tolist())
            assert trace.tricks[i].sum() == r
            assert np.bincount(trace.winners[i], minlength=n).tolist() == trace.tricks[i].tolist()
            assert trace.leaders[i][0] == 1 % n
            assert trace.leaders[i][1:].tolist() == trace.winners[i][:-1].tolist()


def test_kernel_score_matches_score_round() -> None:
    from wizstats._kernels.rules.core import score

    for scoring, code in (("standard", 0), ("alternative", 1)):
        rules = Rules(4, scoring=scoring)
        for r in (1, 5, 15):
            for b in range(r + 1):
                for t in range(r + 1):
                    assert score(b, t, code, r) == score_round(b, t, rules, hand_size=r)


def test_random_stream_matches_reference() -> None:
    import numpy as np

    from wizstats._kernels.rules.core import below, next_u64, seed_round

    rng = np.zeros(1, np.uint64)
    seed_round(rng, np.uint64(12345), 67)
    py = ref.RoundRng(12345, 67)
    for n in (1, 2, 7, 60, 1 << 20):
        assert below(rng, n) == py.below(n)
    assert int(next_u64(rng)) == py.next()
