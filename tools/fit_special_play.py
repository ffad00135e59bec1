"""Fit the special-card expert's card-play weights by expert iteration (writes ``wizstats/data/special_play.npz``).

At 4 players with all nine special cards (RULES 8), standard scoring, open bids, for each hand size 2..17:

1. Label: rounds of ``expert`` self-play, every third card decision with more than one option labelled by
   :func:`wizstats.engine.special_card_labels`: each option (a legal card in one form) gets the features the
   expert computes (:func:`wizstats._kernels.special.expert.option_features`) and the points the seat scores
   when it is played in the true deal and the table (every seat the same expert) plays the round out.
2. Fit: the weights ``w`` of the option's score ``v + w . x`` (``v`` its aimed expected points), by
   ridge-regularised least squares of each option's points less ``v`` on its features, both less their
   decision's mean (the choice of option ignores a constant per decision): ``fit_band`` of
   ``tools/fit_expert_play.py``.
3. Iterate: pass 1 labels the expert without weights (``expert:fitted=0``), each later pass the expert with the
   previous pass's weights at every seat (its own later cards and the other seats' alike), :data:`PASSES` in
   all. A single pass learns to exploit the unweighted expert it was labelled against: at 5 cards one seat with
   pass 1's weights beat three ``expert:fitted=0`` by +1.9 points per round but lost to three ``heuristic``
   and to the special ``rollout`` what the unweighted expert wins; the third pass beat all three.
4. Validate, on duplicate deals apart from the labels' (seed ``seed + 1000 + hand size``): a hand size keeps its
   weights only where (a) one seat with them against three ``expert:fitted=0`` has a margin whose 95% interval
   lies above 0, and (b) against three ``heuristic`` seats the margin with them less the margin without (paired
   per deal, the same deals) has its 95% interval above 0: the weights must gain against a table they were
   not fitted to; and (c) up to :data:`ROLLOUT_UP_TO` cards, three expert seats with them against one special
   ``rollout`` seat (the engine's yardstick; a quarter of the deals) score no less than without them, on the
   point estimate of the paired difference: at 5 cards the weights gained against the heuristic and the
   unweighted expert but lost some 0.9 points per round against ``rollout`` (seed 7, 2,000 deals), and this
   drops them there. The file keeps all three measured differences.

The player fitted, labelled and validated is :data:`PLAYER`: the expert's card play without its endgame search
(``fitted`` = 2, the default, plays its last cards by the search, where these weights are not read).
Weights rounded to 4 decimals, so the same run writes the same bytes. The engine reads the weights at 4 players
with all nine special cards (:func:`wizstats.engine.special.table_applies`), the other rules play without them.

    nice -n 5 python tools/fit_special_play.py 30000 2031 4000     # decisions per size and pass, seed, deals (~15 min)
"""

from __future__ import annotations

import sys
import time
import warnings
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fit_expert_play import fit_band  # noqa: E402  (a sibling tool)

__all__ = [
    "PASSES",
    "PLAYER",
    "RIDGE",
    "SIZES",
    "ROLLOUT_UP_TO",
    "fit_size",
    "gain",
    "main",
    "solo_margins",
    "validate",
]

SIZES = range(2, 18)
"""Hand sizes fitted (round 1 has no choice of card; 17 is the largest at 4 players)."""
RIDGE = 1.0
PASSES = 3
PLAYER = "expert:fitted=1"
"""The expert whose card play is fitted: its weights, without the endgame search of ``fitted`` = 2."""
ROLLOUT_UP_TO = 10
"""The largest hand size validated against the special ``rollout`` (larger ones cost too much search)."""
N_SIZES = 24


def rules():  # noqa: ANN201  (imported in each worker)
    import wizstats

    return wizstats.Rules(4, special_cards="all")


def with_weights(weights: np.ndarray | None) -> Any:
    """A context in which ``expert`` plays with ``weights`` (None: none) in place of the data file's (this process)."""
    import contextlib

    import wizstats.engine.special as special

    @contextlib.contextmanager
    def ctx() -> Iterator[None]:
        base = special.expert_row
        special.expert_row = lambda h: {**base(h), "play": weights}
        try:
            yield
        finally:
            special.expert_row = base

    return ctx()


def fit_size(args: tuple[int, np.ndarray | None, int, int]) -> tuple[int, np.ndarray, int]:
    """``(hand_size, weights, decisions)`` fitted to about ``decisions`` labelled decisions at one hand size, the
    expert playing with ``weights`` (None: without) at every seat."""
    hand_size, weights, decisions, seed = args
    from wizstats.engine import special_card_labels

    n_rounds = max(200, int(decisions / (hand_size * 4 / 3 * 0.8)))
    with with_weights(weights):
        lab = special_card_labels(rules(), hand_size, n_rounds, policy=PLAYER, seed=seed + hand_size)
    x = lab.features
    aimed = 10.0 * (x[:, 0] + x[:, x.shape[1] // 2])  # feature 0 of either half: the aimed points / 10
    w = fit_band(x, lab.values - aimed, lab.decision, RIDGE)
    return hand_size, np.round(w, 4), len(lab.real)


def solo_margins(
    hand_size: int, weights: np.ndarray | None, solo: str, others: str, deals: int, seed: int
) -> np.ndarray:
    """Per deal, one ``solo`` seat's points less the mean of three ``others`` seats', averaged over the four seats
    it can take (the deals of ``seed``: the same whatever the weights); the expert plays with ``weights``."""
    import wizstats

    per_deal = np.zeros(deals)
    with with_weights(weights):
        for seat in range(4):
            policies = [others] * 4
            policies[seat] = solo
            trace = wizstats.engine.trace_special(rules(), hand_size, deals, policies=policies, seed=seed)
            points = trace.seats[:, :, 4].astype(float)
            per_deal += (points[:, seat] - np.delete(points, seat, axis=1).mean(axis=1)) / 4
    return per_deal


def gain(with_w: np.ndarray, without: np.ndarray) -> np.ndarray:
    """``[mean, low, high]``: the paired difference per deal and its 95% interval."""
    from wizstats.intervals import mean_interval

    d = with_w - without
    ci = mean_interval(float(d.mean()), float(d.var(ddof=1)), len(d))
    return np.array([d.mean(), ci.low, ci.high])


def validate(args: tuple[int, np.ndarray, int, int]) -> tuple[int, np.ndarray]:
    """``(hand_size, rows)`` for ``weights`` at ``hand_size`` on deals of ``seed``, each row ``[mean, low, high]``:
    one seat with them against three unweighted experts (``deals`` deals); the gain they bring one expert seat
    against three ``heuristic`` seats (``deals`` deals); the gain they bring three expert seats against one
    ``rollout`` seat (``deals // 4`` deals, hand sizes up to :data:`ROLLOUT_UP_TO`, else NaN)."""
    hand_size, weights, deals, seed = args
    import wizstats

    with with_weights(weights):
        res = wizstats.arena([PLAYER, "expert:fitted=0"], 4, [hand_size], deals, seed=seed, rules=rules())
    row = res.frame.iloc[0]
    out = np.full((3, 3), np.nan)
    out[0] = [row["margin"], row["margin_low"], row["margin_high"]]
    out[1] = gain(*(solo_margins(hand_size, w, PLAYER, "heuristic", deals, seed) for w in (weights, None)))
    if hand_size <= ROLLOUT_UP_TO:
        n = deals // 4
        out[2] = gain(*(-solo_margins(hand_size, w, "rollout", PLAYER, n, seed) for w in (weights, None)))
    return hand_size, out


def main(argv: list[str]) -> int:
    """Label, fit and validate every hand size of :data:`SIZES`, two processes; write the file."""
    decisions = int(argv[0]) if argv else 30000
    seed = int(argv[1]) if len(argv) > 1 else 2031
    deals = int(argv[2]) if len(argv) > 2 else 4000
    warnings.simplefilter("ignore")
    from wizstats._kernels.players import fitted
    from wizstats.layout import N_SP_PLAY

    play = np.zeros((N_SIZES, N_SP_PLAY))
    kept = np.zeros(N_SIZES, np.int64)
    margins = np.full((N_SIZES, 3, 3), np.nan)
    t0 = time.perf_counter()
    with ProcessPoolExecutor(2) as pool:
        for p in range(PASSES):
            jobs = [(h, play[h] if p else None, decisions, seed + 100 * p) for h in SIZES]
            for h, w, _ in pool.map(fit_size, jobs):
                play[h] = w
            print(f"pass {p + 1}: fitted on about {decisions} decisions per size ({time.perf_counter() - t0:.0f} s)")
        for h, m in pool.map(validate, [(h, play[h], deals, seed + 1000 + h) for h in SIZES]):
            margins[h] = m
            kept[h] = 1 if m[0, 1] > 0 and m[1, 1] > 0 and not m[2, 0] < 0 else 0
            shown = "; ".join(f"{x[0]:+.3f} [{x[1]:+.3f}, {x[2]:+.3f}]" for x in m)
            print(
                f"hand size {h:2d}: vs unweighted; gains vs heuristic, rollout: {shown} {'kept' if kept[h] else 'dropped'}"
            )
    play[kept == 0] = 0.0
    margins = np.round(margins, 4)
    about = (
        f"tools/fit_special_play.py {decisions} {seed} {deals}: per hand size 2..{max(SIZES)} (4 players, all special"
        f" cards), the card-play weights fitted (ridge {RIDGE}) to the true-deal points of each option in about"
        f" {decisions} labelled decisions of expert self-play, {PASSES} passes (pass 1 without weights, then each"
        f" with the last pass's); kept where on {deals} duplicate deals one seat with them beat three without and"
        f" gained against three heuristic seats, and (up to {ROLLOUT_UP_TO} cards, {deals // 4} deals) three with"
        f" them lost no points against one rollout seat (margins: [hand size, vs unweighted / gain vs heuristic /"
        f" gain vs rollout (NaN: not measured), mean low high of the 95% interval])"
    )
    arrays = {"play": play, "fitted": kept, "margins": margins}
    print(f"wrote {fitted.save('special_play', arrays, about)} ({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
