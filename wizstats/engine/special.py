"""Rounds with the anniversary special cards (RULES 8): typed entry points to the special-card engine.

A game with special cards is a :class:`~wizstats.Rules` with ``special_cards`` set (its deck
then holds them); :func:`wizstats.simulate` sends such rules here. The engine is its own kernel
(:mod:`wizstats._kernels.special.round`), so the standard engine stays as fast as it was; the
readings of the uncertain rules are listed in :mod:`wizstats.reference.special`, the slow oracle
the kernel is tested against, and the players' choices in :mod:`wizstats._kernels.special.policy`.

>>> rules = Rules(4, special_cards={"dragon", "fairy", "bomb"})
>>> res = SpecialEngine(rules).simulate(5, 2000, policies="random", seed=1)
>>> int(res.counts.sum()) == 4 * 2000, res.events["bombed_tricks"] > 0
(True, True)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np
import pandas as pd

from .._kernels.players.fitted import load  # numba-free: the fitted data's loader
from ..checks import WrongType
from ..intervals import mean_interval
from ..layout import (
    H_KILL,
    H_SCALE,
    MAXP,
    N_SP_FEATURES,
    N_SP_PARAMS,
    N_SP_PLAY,
    P_RANDOM,
    SP_AIM,
    SP_AIM_GATE,
    SP_END,
    SP_EXPERT,
    SP_FLEX,
    SP_FUTURE,
    SP_HEURISTIC,
    SP_PICK,
    SP_PLAY,
    SP_PLAY_ON,
    SP_READ,
    SP_ROLLOUT,
    SP_SAMPLES,
    SP_SATED,
    SP_TABLE,
    SP_TABLE_ON,
    SP_WINDOW,
    SP_WORLDS,
)
from ..players import DEFAULT_POLICY, POLICIES, Policies, Policy, resolve_policies
from ..rules import Rules
from .rounds import Batch, RoundEngineBase
from .setup import CHUNK_ROUNDS, KernelInputs, engine_players, n_blocks, round_setup, simulate_iv
from .standard import SimulationResult, trace_row

__all__ = [
    "ENDGAME_CARDS",
    "ENDGAME_UP_TO",
    "ENDGAME_WORLDS",
    "EVENTS",
    "SpecialEngine",
    "SpecialSimulationResult",
    "SpecialTrace",
    "simulate_special",
    "special_setup",
    "trace_special",
]

EVENTS = (
    "bombed_tricks",
    "werewolf_swaps",
    "vampire_trump_changes",
    "juggler_passes",
    "witch_swaps",
    "cloud_changes_up",
    "cloud_changes_down",
    "shapeshifter_as_wizard",
    "shapeshifter_as_jester",
)
"""Names of the special-card events counted by :func:`simulate_special` (kernel order ``EV_*``)."""

_HEURISTIC_DEFAULTS = {
    name: POLICIES["heuristic"].params[name].default
    for name in ("scale", "bias", "ruff", "lead_min", "kill", "duck", "norm")
}
"""The special heuristic's parameters (kernel columns in this order) at the heuristic's registered defaults; a
``heuristic`` policy's values replace them."""

ROLLOUT_READS = ("worlds", "samples", "window", "bidder")
"""The ``rollout`` parameters the special engine's own rollout reads (:mod:`wizstats._kernels.special.search`);
the others (``spite``, ``infer``, ``playout``) stay at their defaults: it plays for its own score, deals its
worlds without inference from the bids, and plays them out with the special heuristic."""


@functools.cache
def _expert_fit() -> dict[str, np.ndarray]:
    return load("special_expert")


ENDGAME_CARDS = 2
"""The special expert (``fitted`` = 2) plays the search's card once it holds this many cards or fewer; chosen by
``benchmarks/special_expert.py --only-endgame`` (one ``rollout`` seat against three experts searching their last
0, 1, 2, 3 or all cards at 5 cards, all nine special cards), whose record prints in ``docs/special.md``."""

ENDGAME_WORLDS = 16
"""Worlds the special expert's endgame search deals per card decision."""

ENDGAME_UP_TO = 9
"""The largest hand size with the endgame search. It costs its time in every round (some 0.1 ms per decision
searched): at larger hands the expert plays without it, so that it keeps the speed asked of it at 4 x 10
(5,000 rounds/s, one thread); the same record measures what the search would add at 10 cards. Like the fitted
weights it plays only under :func:`table_applies` (4 players, all nine special cards), where it is measured;
the report's pages on single special cards keep the expert without it (and their run time)."""


def expert_row(hand_size: int) -> dict[str, Any]:
    """The special expert's settings at ``hand_size`` (see below).

    Fitted per hand size by ``tools/fit_special_expert.py`` (``wizstats/data/special_expert.npz``): ``scale``
    multiplies the hand's expected tricks, ``read`` weighs what the visible earlier bids leave over, ``kill``
    weighs each unseen threat to a card (the heuristic's ``kill``, read only when bidding), ``pick`` 1 bids the
    best expected score under the trick distribution (0: the estimate rounded). Fitted by
    ``tools/fit_special_table.py`` (``wizstats/data/special_table.npz``): ``table``, the weights of the expected
    tricks (None where not fitted; read only under :func:`table_applies`, with ``table_read`` in place of
    ``read``), and the card play (``aim`` 1: aim at the bid, ``gate``, ``future``, ``sated``, ``flex``; see
    :mod:`wizstats._kernels.special.expert`). Hand sizes past the fitted ones take the largest fitted one's.
    Fitted by ``tools/fit_special_play.py`` (``wizstats/data/special_play.npz``): ``play``, the card-play weights
    added to each option's aimed score (None where not fitted; read only under :func:`table_applies`).

    >>> sorted(expert_row(10))
    ['aim', 'flex', 'future', 'gate', 'kill', 'pick', 'play', 'read', 'sated', 'scale', 'table', 'table_read']
    """
    fit = _expert_fit()
    h = min(int(hand_size), int(np.flatnonzero(fit["fitted"]).max()))
    row: dict[str, Any] = {name: float(fit[name][h]) for name in ("scale", "read", "kill", "pick")}
    play = _table_fit()
    h = min(int(hand_size), int(np.flatnonzero(play["fitted"]).max())) if play["fitted"].any() else 0
    row.update({name: float(play[name][h]) for name in ("aim", "gate", "future", "sated", "flex")})
    row["table"] = play["table"][h] if play["fitted"][h] else None
    row["table_read"] = float(play["read"][h])
    weights = _play_fit()
    h = min(int(hand_size), weights["play"].shape[0] - 1)
    row["play"] = weights["play"][h] if weights["fitted"][h] else None
    return row


@functools.cache
def _play_fit() -> dict[str, np.ndarray]:
    return load("special_play")


@functools.cache
def _table_fit() -> dict[str, np.ndarray]:
    return load("special_table")


def table_applies(rules: Rules) -> bool:
    """Whether the special expert bids from its fitted table under ``rules``: the setting it is fitted in
    (4 players, the standard deck with all nine special cards)."""
    return rules.n_players == 4 and len(rules.deck.specials) == 9 and len(rules.deck.cards) == 69


def expert_columns(params: np.ndarray, seat: int, row: Mapping[str, Any], table: bool, fitted: bool = True) -> None:
    """Write the special expert's settings ``row`` (:func:`expert_row`) into ``params[seat]``; ``table``: the
    rules are the table's (:func:`table_applies`); ``fitted``: the fitted card-play weights are read (the
    expert's ``fitted`` above 0). A row without the card-play, table or weight keys leaves them off."""
    params[seat, [H_SCALE, H_KILL, SP_READ, SP_PICK]] = [row["scale"], row["kill"], row["read"], row["pick"]]
    aim = [row.get(k, d) for k, d in (("aim", 0.0), ("gate", 0.0), ("future", 1.0), ("sated", 1.0), ("flex", 0.0))]
    params[seat, [SP_AIM, SP_AIM_GATE, SP_FUTURE, SP_SATED, SP_FLEX]] = aim
    weights = row.get("table")
    if table and weights is not None:
        params[seat, SP_READ] = row.get("table_read", row["read"])
        params[seat, SP_TABLE_ON] = 1.0
        params[seat, SP_TABLE : SP_TABLE + 2 * N_SP_FEATURES] = np.asarray(weights, float).ravel()
    play = row.get("play")
    if table and fitted and play is not None:
        params[seat, SP_PLAY_ON] = 1.0
        params[seat, SP_PLAY : SP_PLAY + N_SP_PLAY] = np.asarray(play, float)


def special_setup(rules: Rules, hand_size: int, policies: Policies) -> KernelInputs:
    """``tab, st0, policy ids, params, players`` for the special-card kernels.

    Policy id 0 (``random``) plays at random; ``heuristic`` plays the special heuristic with its
    ``scale, bias, ruff, lead_min, kill, duck, norm`` (``norm`` is the special heuristic's own, see
    :mod:`wizstats._kernels.special.policy`). ``expert`` plays the special expert
    (:mod:`wizstats._kernels.special.expert`) with the settings of :func:`expert_row`, its card play built on
    the heuristic's at the heuristic's defaults; it takes one parameter, ``fitted``: 0 plays without the fitted
    card-play weights (``play``), 1 with them where they are fitted, 2 (the default) also plays its last
    :data:`ENDGAME_CARDS` cards by the search's choice over :data:`ENDGAME_WORLDS` worlds (as ``rollout:bidder=1``
    plays a card: the seats in its worlds play the special heuristic with the expert's row) at hand sizes up to :data:`ENDGAME_UP_TO`, under the rules its card play is fitted and measured in
    (:func:`table_applies`). ``rollout`` plays the special engine's
    search (:mod:`wizstats._kernels.special.search`) with its ``worlds``, ``samples``, ``window`` and
    ``bidder`` (0: the special heuristic's bid at the centre of its bid search and for the bids in its worlds,
    1: the special expert's); columns 0-8 of its row are that bidder's, the last three its search's. Other
    policies, other parameters of ``rollout`` or ``expert``, and a ``table`` other than the
    default, are refused: this engine has no player of theirs, and would play another under their name.
    """
    from .._kernels.rules import core  # numba: imported on first use

    if not rules.special_cards:
        raise ValueError("these rules have no special cards: use wizstats.simulate")
    resolved, ids, _ = resolve_policies(policies, rules.n_players)
    resolved = engine_players(
        resolved, "the special-card engine (RULES 8)", _HEURISTIC_DEFAULTS, ("fitted",), ROLLOUT_READS
    )
    tab, st0 = round_setup(rules, hand_size, special_engine=True)
    st0[core.ST_SPECIAL] = sum(1 << int(k) for k in rules.deck.specials)
    params = np.zeros((MAXP, N_SP_PARAMS))
    kernel_ids = {"random": P_RANDOM, "heuristic": SP_HEURISTIC, "expert": SP_EXPERT, "rollout": SP_ROLLOUT}
    for seat, policy in enumerate(resolved):
        played = policy if policy.name == "heuristic" else Policy("heuristic")  # the expert plays its defaults
        values = {**_HEURISTIC_DEFAULTS, **played.params}
        params[seat, : len(_HEURISTIC_DEFAULTS)] = [values[name] for name in _HEURISTIC_DEFAULTS]
        ids[seat] = kernel_ids[policy.name]
        if policy.name == "expert" or (policy.name == "rollout" and policy.params["bidder"] == 1):
            weights = policy.name == "expert" and policy.params["fitted"] > 0
            expert_columns(params, seat, expert_row(hand_size), table_applies(rules), weights)
        if (
            policy.name == "expert"
            and policy.params["fitted"] == 2
            and table_applies(rules)
            and hand_size <= ENDGAME_UP_TO
        ):
            params[seat, [SP_WORLDS, SP_END]] = [ENDGAME_WORLDS, ENDGAME_CARDS]
        if policy.name == "rollout":
            search = [policy.params[name] for name in ("worlds", "samples", "window")]
            params[seat, [SP_WORLDS, SP_SAMPLES, SP_WINDOW]] = search
    return KernelInputs(tab, st0, ids, params, resolved)


@dataclass
class SpecialSimulationResult(SimulationResult):
    """A :class:`~wizstats.SimulationResult` of a game with special cards.

    ``counts`` holds (seat, bid as made, tricks taken); a bombed trick counts for nobody, so the
    tricks of a round may add up to less than the hand size. Points include the Cloud's bid
    change, so they come from ``score_sum``/``score_sq``, not from the counts.
    """

    score_sum: np.ndarray = field(default_factory=lambda: np.zeros(0), repr=False)
    """``int64[n_players]``: points summed over the rounds."""
    score_sq: np.ndarray = field(default_factory=lambda: np.zeros(0), repr=False)
    """``int64[n_players]``: squared points summed over the rounds."""
    events: dict[str, int] = field(default_factory=dict)
    """How often each special-card event happened (see :data:`EVENTS`)."""

    def summary(self, *, confidence_level: float = 0.95) -> pd.DataFrame:
        """Per seat as :meth:`SimulationResult.summary`; mean score (with the Cloud's change) from the points."""
        out = super().summary(confidence_level=confidence_level)
        for seat in range(self.rules.n_players):
            n = int(self.counts[seat].sum())
            mean = self.score_sum[seat] / n
            var = (self.score_sq[seat] - n * mean * mean) / max(n - 1, 1) if n > 1 else math.nan
            ci = mean_interval(float(mean), float(var), n, confidence_level=confidence_level)
            out.loc[seat, ["mean_score", "mean_score_low", "mean_score_high"]] = [float(mean), ci.low, ci.high]
        return out

    def rounds(self, limit: int = 1000) -> pd.DataFrame:
        """Per-round rows of the first ``limit`` rounds, replayed (see :meth:`SpecialTrace.frame`)."""
        n_rounds = min(limit, self.n_rounds)
        return SpecialEngine(self.rules).trace(self.hand_size, n_rounds, policies=self.policies, seed=self.seed).frame()


def _events(counts: np.ndarray) -> dict[str, int]:
    return {name: int(count) for name, count in zip(EVENTS, counts, strict=True)}


@dataclass
class SpecialTrace:
    """Every card and choice of a few rounds with special cards (see :func:`trace_special`).

    Arrays (card ids of ``rules.deck``; -1 for none): ``hands[R, n, r]`` as dealt;
    ``rounds[R, 4]``: turned card, next card of the stack, seat that played the Werewolf's swap,
    trump after the trump step; ``seats[R, n, 5]``: bid, tricks, Clouds taken, final bid, points;
    ``tricks[R, r, 4]``: leader, would-be winner, winner (-1 after a Bomb), trump after the trick;
    ``plays[R, r, n, 8]``: per trick position the card, its effective kind, suit and value x 4,
    its role (the kind whose abilities it carries), the Witch's taken position and card put in;
    and per seat (column 7) the card it passed after a Juggler trick.
    """

    rules: Rules
    hand_size: int
    key: int
    start: int
    hands: np.ndarray
    rounds: np.ndarray
    seats: np.ndarray
    tricks: np.ndarray
    plays: np.ndarray
    events: dict[str, int]

    @classmethod
    def empty(cls, rules: Rules, hand_size: int, key: int, start: int, n_rounds: int) -> SpecialTrace:
        """A trace of ``n_rounds`` rounds, its arrays zero, for the kernel to fill."""
        from .._kernels.special.core import N_K, N_R, N_S, N_T  # numba: imported on first use

        n, r = rules.n_players, hand_size
        hands, rounds, seats = (np.zeros(s, np.int64) for s in [(n_rounds, n, r), (n_rounds, N_R), (n_rounds, n, N_S)])
        tricks, plays = np.zeros((n_rounds, r, N_K), np.int64), np.zeros((n_rounds, r, n, N_T), np.int64)
        return cls(rules, hand_size, key, start, hands, rounds, seats, tricks, plays, {})

    def arrays(self) -> list[np.ndarray]:
        """The arrays in kernel order (``hands .. plays``): the kernel's outputs."""
        return [getattr(self, f.name) for f in fields(self)[4:-1]]

    def frame(self) -> pd.DataFrame:
        """One row per round and seat: ``round, seat, hand, turned, trump, bid, tricks, clouds, final_bid, score``."""
        rows = []
        for i in range(len(self.hands)):
            turned, trump = self.rounds[i, 0], self.rounds[i, 3]
            for seat in range(self.rules.n_players):
                bid, tricks, clouds, final, points = (int(v) for v in self.seats[i, seat])
                row = trace_row(self.rules, self.start + i, seat, self.hands[i, seat], turned, trump)
                rows.append(row | {"bid": bid, "tricks": tricks, "clouds": clouds, "final_bid": final, "score": points})
        return pd.DataFrame(rows)


@dataclass(frozen=True)
class SpecialEngine(RoundEngineBase[SpecialSimulationResult, SpecialTrace]):
    """The special-card engine (RULES 8) for one set of rules with ``special_cards``; ``rules`` alone gives the table.

    Its own kernels (:mod:`wizstats._kernels.special.round`) play ``random``, the special heuristic, the
    special expert and the special ``rollout`` (see :func:`special_setup`). Made by :func:`wizstats.engine.engine_for`.
    """

    edition = "special"
    """The edition this engine plays."""

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise WrongType(f"rules must be a Rules value with special cards, got {type(self.rules).__name__}")
        if not self.rules.special_cards:
            raise ValueError("these rules have no special cards: use wizstats.simulate")

    def setup(self, hand_size: int, policies: Policies) -> KernelInputs:
        """The special-card kernels' inputs for rounds of ``hand_size`` cards (:func:`special_setup`)."""
        return special_setup(self.rules, hand_size, policies)

    def _batch(self, hand_size: int, inp: KernelInputs, key: int) -> Batch:
        from .._kernels.special.core import N_EV  # numba: imported on first use
        from .._kernels.special.round import simulate_special_counts

        tab, st0, ids, params, _ = inp
        n, r, kernel_key = self.rules.n_players, hand_size, np.uint64(key)

        def batch(start: int, size: int) -> list[np.ndarray]:
            blocks = n_blocks(size)
            out = np.zeros((blocks, n, r + 1, r + 1), np.int64)
            s_sum, s_sq = np.zeros((blocks, n), np.int64), np.zeros((blocks, n), np.int64)
            ev = np.zeros((blocks, N_EV), np.int64)
            simulate_special_counts(tab, st0, ids, params, kernel_key, start, size, blocks, out, s_sum, s_sq, ev)
            return [out.sum(axis=0), s_sum.sum(axis=0), s_sq.sum(axis=0), ev.sum(axis=0)]

        return batch

    def _result(
        self, hand_size: int, n_rounds: int, seed: int, players: list[Policy], sums: list[np.ndarray]
    ) -> SpecialSimulationResult:
        counts, score_sum, score_sq, events = sums
        return SpecialSimulationResult(
            self.rules,
            hand_size,
            n_rounds,
            seed,
            players,
            counts,
            score_sum=score_sum,
            score_sq=score_sq,
            events=_events(events),
        )

    def _trace(
        self, rules: Rules, hand_size: int, n_rounds: int, inp: KernelInputs, key: int, start: int
    ) -> SpecialTrace:
        from .._kernels.special.core import N_EV  # numba: imported on first use
        from .._kernels.special.round import simulate_special_trace

        out = SpecialTrace.empty(rules, hand_size, key, start, n_rounds)
        events = np.zeros(N_EV, np.int64)
        simulate_special_trace(inp.tab, inp.st0, inp.ids, inp.params, np.uint64(key), start, *out.arrays(), events)
        out.events = _events(events)
        return out


def simulate_special(
    n_players: int,
    hand_size: int,
    n_rounds: int,
    *,
    rules: Rules,
    policies: Policies = DEFAULT_POLICY,
    seed: int = 0,
    threads: int | None = None,
    progress: bool | None = None,
    chunk_rounds: int = CHUNK_ROUNDS,
) -> SpecialSimulationResult:
    """Play ``n_rounds`` rounds of ``hand_size`` cards with the special cards of ``rules``.

    A thin wrapper: ``SpecialEngine(rules).simulate(hand_size, n_rounds, ...)``, with
    ``n_players`` checked against ``rules.n_players`` (as :func:`wizstats.simulate` does).
    """
    if not isinstance(rules, Rules):
        raise WrongType(f"rules must be a Rules value with special cards, got {type(rules).__name__}")
    simulate_iv(n_players, hand_size, n_rounds, rules, None)
    return SpecialEngine(rules).simulate(
        hand_size, n_rounds, policies=policies, seed=seed, threads=threads, progress=progress, chunk_rounds=chunk_rounds
    )


def trace_special(
    rules: Rules, hand_size: int, n_rounds: int, *, policies: Policies = DEFAULT_POLICY, seed: int = 0, start: int = 0
) -> SpecialTrace:
    """Play rounds ``start .. start + n_rounds - 1`` (as :func:`wizstats.simulate` does) and keep every card.

    A thin wrapper: ``SpecialEngine(rules).trace(hand_size, n_rounds, ...)``.
    """
    return SpecialEngine(rules).trace(hand_size, n_rounds, policies=policies, seed=seed, start=start)
