"""A small but broad set of kernel calls: every policy, the variants, special cards, games, arena, stats.

Run as a script (``python tests/fuzz/kernel_calls.py [GROUP ...]``) it makes each call once and
prints one line per group with its time; ``tests/test_boundscheck.py`` runs it in a fresh
process with ``NUMBA_BOUNDSCHECK=1`` and a fresh ``NUMBA_CACHE_DIR``, so that an index out of
range inside a kernel raises ``IndexError`` instead of reading or writing memory it does not own.
Sizes are tiny: the point is to reach every branch of the kernels' indexing, not to measure.

Groups (the names the script takes): ``probe`` (checks that bounds checks are on; run it only
with ``NUMBA_BOUNDSCHECK=1``), ``policies``, ``variants``, ``special``, ``one_colour``, ``games``,
``arena``, ``stats``, ``sweep``. Without names it runs all but ``probe``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

POLICIES = ("random", "heuristic", "baseline", "pimc:worlds=3", "rollout:worlds=2,samples=3,window=1")
"""Every registered policy, the search policies with tiny budgets."""


def policies() -> None:
    """Every policy at every seat of a 4-player table, and all of them mixed; hand sizes 1, 5 and 15."""
    from wizstats import Rules, simulate, trace_rounds

    for policy in POLICIES:
        for r in (1, 5):
            res = simulate(4, r, 6, policies=policy, seed=1)
            assert int(res.counts.sum()) == 4 * 6
    mixed = ["random", "heuristic", "baseline", "pimc:worlds=3"]
    assert int(simulate(4, 15, 3, policies=mixed, seed=2).counts.sum()) == 12
    trace = trace_rounds(Rules(4), 3, 3, policies=mixed, seed=3)
    assert len(trace.frame()) == 12


def variants() -> None:
    """Decks, plus/minus one, hidden and after-round bids, blind trump, alternative scoring, 3 and 6 players."""
    from wizstats import Rules, simulate

    cases = [
        Rules(3, plus_minus_one=True),
        Rules(6, bids="hidden", scoring="alternative"),
        Rules(5, bids="after-round", trump_choice="blind"),
        Rules(4, deck="junior"),
        Rules(4, deck="oh-hell", plus_minus_one=True),
        Rules(2, deck="1x5+1+1"),
        Rules(8, deck="4x15+2+2"),
    ]
    for rules in cases:
        for policy in ("random", "heuristic", "rollout:worlds=2,samples=2,window=1"):
            r = min(3, rules.max_hand_size)
            res = simulate(rules.n_players, r, 4, rules=rules, policies=policy, seed=4)
            assert int(res.counts.sum()) == 4 * rules.n_players
        last = rules.max_hand_size  # the round that deals every card (no trump card) or leaves a few
        simulate(rules.n_players, last, 2, rules=rules, policies="heuristic", seed=5)


def special() -> None:
    """All nine special cards, random and heuristic play, one-card and full hands."""
    from wizstats import Rules, simulate, trace_special

    rules = Rules(4, special_cards="all")
    for policy in ("random", "heuristic"):
        for r in (1, 4, rules.max_hand_size):
            simulate(4, r, 5, rules=rules, policies=policy, seed=6)
    trace_special(Rules(3, special_cards="dragon,fairy,bomb"), 2, 3, policies="heuristic", seed=7)


def one_colour() -> None:
    """The one-colour variant, 3 and 4 players."""
    from wizstats import simulate_one_colour, trace_one_colour

    simulate_one_colour(3, 2, policies="random", seed=8)
    simulate_one_colour(4, 2, policies=["heuristic", "random", "expert", "random"], plus_minus_one=True, seed=9)
    trace_one_colour(4, 1, policies=["expert", "heuristic", "heuristic", "expert"], seed=10)
    simulate_one_colour(3, 2, policies="expert", scoring="alternative", seed=11)


def games() -> None:
    """Whole games: standard, tournament, elimination, sit-outs, clairvoyance."""
    from wizstats import Rules, simulate_games

    simulate_games(Rules(4), 2, policies="heuristic", seed=11)
    simulate_games(Rules.tournament(5), 2, policies=["random", "heuristic", "baseline", "random", "heuristic"], seed=12)
    simulate_games(Rules(6), 2, elimination=True, seed=13)
    simulate_games(Rules(5, schedule=(1, 2, 3)), 2, sit_out=[(2, 1)], clairvoyance=True, seed=14)


def arena() -> None:
    """The duplicate arena: hand sizes and whole games."""
    from wizstats import arena as run_arena

    run_arena(["heuristic", "random"], 4, "1,3", 3, seed=15)
    run_arena(["baseline", "heuristic", "random"], 3, "game", 1, seed=16)


def stats() -> None:
    """The statistics kernels: a hand's trick distribution, one card, seat effects, scores, thresholds."""
    import wizstats as w

    w.trick_distribution("W R12 B3", trump="red", n_players=4, seat=2, bids_so_far=(1,), n=30, seed=17)
    w.trick_distribution(
        "R13 B13 G2 Y7 J",
        trump="W:red",
        n_players=4,
        seat=0,
        bids_so_far=(1, 2, 0),
        n=20,
        rules=w.Rules(4, plus_minus_one=True),
        seed=18,
    )
    w.card_win_probability("B13", n_players=4, hand_size=3, seat=1, trump="trump", n=30, seed=19)
    w.seat_effects(4, [2], n=20, seed=20)
    w.dealer_advantage(4, [2], n=20, seed=21)
    w.plus_minus_one_cost(4, [2], n=20, seed=22)
    w.trump_choice_value(4, [2], n=20, seed=23)
    w.bids_add_up(4, [2], n=20, seed=24)
    w.score_distribution(4, 2, n=20, seed=25)
    w.game_score_distribution(3, n_games=2, seed=26)
    w.card_strength(4, 1, n=20, seed=27)
    w.bid_thresholds(4, [1, 2], n=20, seed=28)
    w.clairvoyance_odds(4, 30, seed=29)


def sweep() -> None:
    """A sweep of two points in two chunks each (the kernel of :func:`wizstats.sweep.simulate_range`)."""
    from wizstats import sweep as run_sweep

    run_sweep("summary", {"n_players": 4, "hand_size": [1, 2], "policy": ["heuristic"]}, n_rounds=20, chunk_rounds=10)


def probe() -> None:
    """Bounds checks are really on (``NUMBA_BOUNDSCHECK=1``): a read past the end raises ``IndexError``."""
    import numpy as np

    from wizstats._kernels.jit import jit

    def read(a, i):  # noqa: ANN001, ANN202
        return a[i]

    kernel = jit(read, cache=False)
    try:
        kernel(np.zeros(3, np.int64), 10)
    except IndexError:
        return
    raise AssertionError("an index out of range went unnoticed: bounds checks are off")


GROUPS: dict[str, Callable[[], None]] = {
    f.__name__: f for f in (probe, policies, variants, special, one_colour, games, arena, stats, sweep)
}


def main(names: list[str]) -> int:
    """Run the named groups (all when none), one line per group with its time."""
    unknown = [n for n in names if n not in GROUPS]
    if unknown:
        print(f"unknown group {unknown[0]!r} (known: {', '.join(GROUPS)})", file=sys.stderr)
        return 2
    for name in names or [g for g in GROUPS if g != "probe"]:
        began = time.perf_counter()
        GROUPS[name]()
        print(f"{name}: {time.perf_counter() - began:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
