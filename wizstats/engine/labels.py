"""Labelled card decisions: what the ``pimc`` search thinks each legal card is worth, and (with special
cards) what each option scores in the true deal.

The data ``tools/fit_expert_play.py`` fits the ``expert``'s card play to (see
:mod:`wizstats._kernels.players.expert_play`), and ``tools/fit_special_play.py`` the special-card expert's
(:mod:`wizstats._kernels.special.expert`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..checks import count, flag, real, whole
from ..players import DEFAULT_POLICY, Policy, resolve_policies
from ..rules import Rules
from .setup import round_setup, seed_key

__all__ = [
    "LABEL_CHUNK_ROWS",
    "MAX_LABEL_ROWS",
    "MAX_SPECIAL_ROWS",
    "CardLabels",
    "SpecialCardLabels",
    "card_labels",
    "special_card_labels",
]

LABEL_CHUNK_ROWS = 200_000
"""Room (rows) :func:`card_labels` gives one chunk of rounds, for its worst case (one row per legal card)."""

MAX_LABEL_ROWS = 50_000_000
"""The largest ``max_rows`` :func:`card_labels` takes (some 15 GB)."""

MAX_SPECIAL_ROWS = 4_000_000
"""The most labelled options :func:`special_card_labels` allocates room for in one call (some 1.6 GB)."""


@dataclass(frozen=True)
class CardLabels:
    """One row per candidate card of a labelled decision (see :func:`card_labels`)."""

    features: np.ndarray
    """``float64[rows, N_FEAT]``: the card's features as the ``expert`` computes them."""
    values: np.ndarray
    """``float64[rows]``: its mean rollout score (points) by the ``pimc`` search."""
    decision: np.ndarray
    """``int64[rows]``: the decision the row belongs to (0, 1, ...)."""
    heuristic: np.ndarray
    """``int64[rows]``: 1 for the card the heuristic's play (with the expert's parameters) would choose."""
    chosen: np.ndarray
    """``int64[rows]``: 1 if the seat then played this row's card (or, one row per class, a card of its class)."""
    all_needed: np.ndarray
    """``int64[rows]``: 1 if the seat needs every trick left (there the ``expert`` plays the heuristic's card)."""


def card_labels(
    n_players: int,
    hand_size: int,
    n_rounds: int,
    *,
    policy: str | Sequence[str] = DEFAULT_POLICY,
    worlds: int = 48,
    infer: float = 3.0,
    p_label: float = 0.25,
    every_card: bool = False,
    seed: int = 0,
    max_rows: int | None = None,
) -> CardLabels:
    """Card decisions of ``policy`` self-play, each candidate card valued by ``worlds`` rollouts.

    At a decision with at least two classes of interchangeable legal cards (picked with chance
    ``p_label``), every class's card gets the features of ``expert`` card play (under its
    default parameters) and the mean score the ``pimc`` search (deals weighted by the visible
    bids with ``infer``, everyone then playing as ``heuristic``) gives it over the same
    ``worlds`` deals; with ``worlds=0``, the score it gets when that card is played in the true
    deal and the seats play the round out by their own policies (``policy``: one for every
    seat, or one per seat). ``every_card``: a row for every legal card, not one per class.
    Standard rules. Same seed, same labels.

    Every one of the ``n_rounds`` rounds is labelled (the rounds go to the kernel in chunks, each
    with room for its worst case, so memory beyond the result does not grow with ``n_rounds``).
    ``max_rows``: a budget instead: one buffer of that many rows, and the labelling stops at the
    first decision that might not fit (the earlier rounds, in order; what ``tools/fit_expert_play.py``
    and ``tools/fit_expert_net.py`` ask for, so that their shipped fits reproduce).

    >>> lab = card_labels(4, 3, 20, worlds=4, seed=1)
    >>> lab.features.shape[1], bool((np.diff(lab.decision) >= 0).all())
    (32, True)
    """
    from .._kernels.engine.labels import card_labels as kernel  # numba: imported on first use
    from .._kernels.players.expert_play import N_FEAT

    rules = Rules(n_players=whole(n_players, "n_players", 3, 6))
    hand_size = whole(hand_size, "hand_size", 1, rules.max_hand_size)
    n_rounds = count(n_rounds, "n_rounds", 10_000_000)
    worlds = whole(worlds, "worlds", 0, 100_000)
    p_label = real(p_label, "p_label", 0.0, 1.0)
    infer = real(infer, "infer", 0.0, 100.0)
    every_card = flag(every_card, "every_card")
    tab, st0 = round_setup(rules, hand_size)
    _, ids, params = resolve_policies(policy, rules.n_players)
    epar = Policy.parse("expert").row()
    key = np.uint64(seed_key(seed))

    def label(start: int, rounds: int, rows: int) -> list[np.ndarray]:
        out = [np.zeros((rows, N_FEAT)), np.zeros(rows), *(np.zeros(rows, np.int64) for _ in range(4))]
        m = kernel(tab, st0, ids, params, epar, key, start, rounds, p_label, worlds, infer, every_card, *out)
        return [a[:m].copy() for a in out]

    if max_rows is not None:
        parts = [label(0, n_rounds, count(max_rows, "max_rows", MAX_LABEL_ROWS))]
    else:
        # at most one row per legal card: each seat holds hand_size, hand_size - 1, ... cards
        worst = rules.n_players * hand_size * (hand_size + 1) // 2
        chunk = max(1, LABEL_CHUNK_ROWS // worst)
        parts, decisions = [], 0
        for start in range(0, n_rounds, chunk):
            rounds = min(chunk, n_rounds - start)
            part = label(start, rounds, rounds * worst + hand_size)  # the kernel keeps hand_size rows spare
            part[2] += decisions  # the kernel numbers each call's decisions from 0
            decisions = int(part[2][-1]) + 1 if len(part[2]) else decisions
            parts.append(part)
    feats, values, decision, chosen, heuristic, all_needed = (np.concatenate([p[k] for p in parts]) for k in range(6))
    return CardLabels(feats, values, decision, heuristic, chosen, all_needed)


@dataclass(frozen=True)
class SpecialCardLabels:
    """One row per option (a legal card in one form) of a labelled decision (see :func:`special_card_labels`)."""

    features: np.ndarray
    """``float64[rows, N_SP_PLAY]``: the option's card-play features as the special expert computes them."""
    values: np.ndarray
    """``float64[rows]``: the seat's points when it plays this option and every seat plays the true deal out."""
    decision: np.ndarray
    """``int64[rows]``: the decision the row belongs to (0, 1, ...)."""
    heuristic: np.ndarray
    """``int64[rows]``: 1 for the special heuristic's option."""
    chosen: np.ndarray
    """``int64[rows]``: 1 for the option the seat then played."""
    trick: np.ndarray
    """``int64[rows]``: the trick number of the decision (0 first)."""
    want: np.ndarray
    """``int64[rows]``: the seat's bid minus its tricks at the decision."""
    real: np.ndarray
    """``float64[decisions]``: the seat's points in the round as it was played."""


def special_card_labels(
    rules: Rules,
    hand_size: int,
    n_rounds: int,
    *,
    policy: str | Sequence[str] = DEFAULT_POLICY,
    every: int = 3,
    seed: int = 0,
) -> SpecialCardLabels:
    """Card decisions of special-card self-play (``rules`` with special cards), each option valued in the true deal.

    The rounds are those :func:`wizstats.simulate` plays with ``policy`` and ``seed``; at every ``every``-th card
    decision (counted over all seats) of a seat playing the special ``expert``, with more than one option, each
    option gets the features of the expert's card play and the points the seat scores when it is played in a
    copy of the round and the seats play the rest by their own policies
    (:mod:`wizstats._kernels.special.labels`); the copies play the expert's cards without its endgame search
    (``expert:fitted=1``'s play), and a seat's decisions in its endgame are not labelled, so label
    ``expert:fitted=1`` self-play (as ``tools/fit_special_play.py`` does) for values that are the round's own.
    Same seed, same labels.

    >>> lab = special_card_labels(Rules(4, special_cards="all"), 5, 30, seed=1)
    >>> lab.features.shape[1], bool((np.diff(lab.decision) >= 0).all()), int(lab.chosen.sum()) == len(lab.real)
    (48, True, True)
    """
    from .._kernels.special.labels import special_play_labels  # numba: imported on first use
    from ..layout import N_SP_PLAY
    from .special import special_setup

    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value with special cards, got {type(rules).__name__}")
    if not rules.special_cards:
        raise ValueError("these rules have no special cards: use card_labels")
    hand_size = whole(hand_size, "hand_size", 1, rules.max_hand_size)
    n_rounds = count(n_rounds, "n_rounds", 10_000_000)
    every = whole(every, "every", 1, 1_000_000)
    # an option per card, three more per Juggler and per Cloud (a suit each), one more for the Shapeshifter
    rows = (n_rounds * hand_size * rules.n_players // every + 1) * (hand_size + 7)
    if rows > MAX_SPECIAL_ROWS:
        raise ValueError(
            f"n_rounds={n_rounds} at {hand_size} cards, every {every}: up to {rows:,} labelled options, more than"
            f" {MAX_SPECIAL_ROWS:,} (label fewer rounds per call, with other seeds)"
        )
    inp = special_setup(rules, hand_size, policy)
    x, values = np.zeros((rows, N_SP_PLAY)), np.zeros(rows)
    meta, real = np.zeros((rows, 5), np.int64), np.zeros(rows)
    key = np.uint64(seed_key(seed))
    m = special_play_labels(inp.tab, inp.st0, inp.ids, inp.params, key, 0, n_rounds, every, x, values, meta, real)
    n_dec = int(meta[m - 1, 0]) + 1 if m else 0
    decision, heuristic, chosen, trick, want = (meta[:m, k].copy() for k in range(5))
    return SpecialCardLabels(
        x[:m].copy(), values[:m].copy(), decision, heuristic, chosen, trick, want, real[:n_dec].copy()
    )
