"""The batch kernels behind :mod:`wizstats.stats`, called from the engine: set up, allocate, fill, sum the blocks.

Each ``*_batches`` function sets up one round size (:func:`~wizstats.engine.round_setup`) and
returns ``batch(start, size)``: rounds ``start .. start + size - 1`` of one kernel of
:mod:`wizstats._kernels.engine.stats`, cut into :func:`~wizstats.engine.n_blocks` parallel
blocks, the outputs summed over the blocks (what :func:`wizstats.estimates.run_adaptive` adds
up). The caller validates and prepares the rest: the stream key
(:func:`~wizstats.engine.seed_key`), the players' ids and parameters, the hero's cards.

Each imports its kernel when called: importing :mod:`wizstats._kernels` imports numba, which
``import wizstats`` leaves out (as :mod:`wizstats.engine.setup` does).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..rules import Rules
from .setup import n_blocks, round_setup

__all__ = ["card_batches", "card_table_batches", "game_round_totals", "hand_batches", "paired_batches"]

Batch = Callable[[int, int], dict[str, np.ndarray]]
"""``batch(start, size)``: the summed outputs of rounds ``start .. start + size - 1``."""


def paired_batches(
    rules_a: Rules,
    rules_b: Rules | None,
    hand_size: int,
    ids: np.ndarray,
    params: np.ndarray,
    key: np.uint64,
    offset: int,
    fixed_turned: int = -1,
) -> Batch:
    """Rounds ``offset + start ..`` under ``rules_a`` and (unless ``None``) ``rules_b``, the same deal for both.

    The sums (:func:`wizstats._kernels.engine.stats.paired_rounds`): ``seat[v, seat]`` score, its
    square, bids met, tricks, bids under variant ``v``; ``pair[seat]`` (score a - score b) and its
    square; ``dealer[v]`` (dealer's score - the mean of the others') and its square, ``dealer[2]``
    its paired difference; ``sum[v, S]`` rounds whose bids add up to ``S``; ``rounds``: ``[size]``.
    ``fixed_turned``: the card id every round turns (``-1``: a random one).
    """
    from .._kernels.engine.stats import paired_rounds

    tab, st_a = round_setup(rules_a, hand_size)
    st_b = round_setup(rules_b, hand_size)[1] if rules_b is not None else st_a
    n_seats, two = rules_a.n_players, int(rules_b is not None)

    def batch(start: int, size: int) -> dict[str, np.ndarray]:
        nb = n_blocks(size)
        out = {
            "seat": np.zeros((nb, 2, n_seats, 5)),
            "pair": np.zeros((nb, n_seats, 2)),
            "dealer": np.zeros((nb, 3, 2)),
            "sum": np.zeros((nb, 2, n_seats * hand_size + 1), np.int64),
        }
        paired_rounds(
            tab, st_a, st_b, ids, params, ids, params, two, fixed_turned, key, offset + start, size, nb, *out.values()
        )
        return {k: v.sum(axis=0) for k, v in out.items()} | {"rounds": np.array([size])}

    return batch


def card_table_batches(rules: Rules, hand_size: int, ids: np.ndarray, params: np.ndarray, key: np.uint64) -> Batch:
    """Random rounds; ``cat[seat, category]`` (cards played, tricks they took) and ``trump[seat, m, w]``.

    Categories and counts as :func:`wizstats._kernels.engine.stats.card_table_rounds` keeps them:
    rounds in which the seat held ``m`` trumps and took ``w`` tricks with them.
    """
    from .._kernels.engine.stats import card_table_rounds

    tab, st0 = round_setup(rules, hand_size)
    n_ranks, n_seats, r = rules.deck.n_ranks, rules.n_players, hand_size

    def batch(start: int, size: int) -> dict[str, np.ndarray]:
        nb = n_blocks(size)
        cat = np.zeros((nb, n_seats, 2 + 3 * n_ranks, 2), np.int64)
        tc = np.zeros((nb, n_seats, r + 1, r + 1), np.int64)
        card_table_rounds(tab, st0, ids, params, key, start, size, nb, n_ranks, cat, tc)
        return {"cat": cat.sum(axis=0), "trump": tc.sum(axis=0)}

    return batch


def hand_batches(
    rules: Rules,
    ids: np.ndarray,
    params: np.ndarray,
    key: np.uint64,
    seat: int,
    hand: Sequence[int],
    cands: np.ndarray,
    named: int,
    given: Sequence[int],
    candidates: Sequence[int],
) -> Callable[[int, int, int], dict[str, np.ndarray]]:
    """``run(force, start, size)``: deals consistent with what ``seat`` knows, each played once per candidate bid.

    ``hand``: the seat's card ids; ``cands``, ``named``: the turned card's candidates and a named
    suit; ``given``: the earlier bids (imposed on random hands with ``force``). The sums of
    :func:`wizstats._kernels.engine.stats.hand_rounds`: ``counts[bid, tricks]``, ``s1[k]``,
    ``s2[k, k2]`` (scores and their products per candidate), ``own[bid]``, ``tally`` (tried, kept).
    """
    from .._kernels.engine.stats import hand_rounds

    r = len(hand)
    tab, st0 = round_setup(rules, r)
    nc = len(candidates)
    head = (tab, st0, ids, params, key)
    tail = (seat, np.array(hand, np.int64), cands, named, np.array(given, np.int64))

    def run(force: int, start: int, size: int) -> dict[str, np.ndarray]:
        nb = n_blocks(size)
        out = {
            "counts": np.zeros((nb, r + 1, r + 1), np.int64),
            "s1": np.zeros((nb, nc)),
            "s2": np.zeros((nb, nc, nc)),
            "own": np.zeros((nb, r + 1), np.int64),
            "tally": np.zeros((nb, 2), np.int64),
        }
        hand_rounds(*head, start, size, nb, *tail, force, np.array(candidates, np.int64), *out.values())
        return {k: v.sum(axis=0) for k, v in out.items()}

    return run


def card_batches(
    rules: Rules,
    hand_size: int,
    ids: np.ndarray,
    params: np.ndarray,
    key: np.uint64,
    seat: int,
    card: int,
    cands: np.ndarray,
    named: int,
    swap: bool,
) -> Batch:
    """Rounds in which ``seat`` holds card id ``card``: ``out`` and ``hist`` of
    :func:`wizstats._kernels.engine.stats.card_rounds` (with ``swap``, the same deal again with the
    card swapped for a random unseen one)."""
    from .._kernels.engine.stats import card_rounds

    tab, st0 = round_setup(rules, hand_size)

    def batch(start: int, size: int) -> dict[str, np.ndarray]:
        nb = n_blocks(size)
        out = np.zeros((nb, 10), np.int64)
        hist = np.zeros((nb, hand_size + 1), np.int64)
        card_rounds(tab, st0, ids, params, key, start, size, nb, seat, card, cands, named, int(swap), out, hist)
        return {"out": out.sum(axis=0), "hist": hist.sum(axis=0)}

    return batch


def game_round_totals(
    rules: Rules, ids: np.ndarray, params: np.ndarray, key: np.uint64, n_games: int
) -> tuple[np.ndarray, np.ndarray]:
    """Whole games of the schedule, one fresh deal a round: each player's total and bids met, ``[games, players]``.

    Round ``j`` is dealt by player ``j mod n`` (player 0 deals first), and game ``k`` draws it
    from stream ``k * rounds + j`` (:func:`wizstats._kernels.engine.stats.game_round`).
    """
    from .._kernels.engine.stats import game_round

    n = rules.n_players
    totals = np.zeros((n_games, n), np.int64)
    met = np.zeros((n_games, n), np.int64)
    stride = len(rules.schedule)
    for j, r in enumerate(rules.schedule):
        tab, st0 = round_setup(rules, r)
        dealer = j % n
        order = [(dealer + s) % n for s in range(n)]
        seat_ids, seat_params = ids.copy(), params.copy()
        seat_ids[:n], seat_params[:n] = ids[order], params[order]
        game_round(tab, st0, seat_ids, seat_params, key, j, stride, n_games, n_blocks(n_games), dealer, totals, met)
    return totals, met
