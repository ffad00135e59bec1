"""What the round engines share: ``simulate`` and ``trace`` once, the edition's kernels behind three hooks.

:class:`~wizstats.engine.StandardEngine` and :class:`~wizstats.engine.SpecialEngine` differ
only in their kernels' inputs (``setup``), in what a batch of rounds adds up (``_batch``,
``_result``) and in what a trace keeps (``_trace``); the checks, the seeding, the chunked
loop and the signatures are here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import numpy as np

from ..players import DEFAULT_POLICY, Policies, Policy
from ..rules import Rules
from .setup import CHUNK_ROUNDS, KernelInputs, run_chunks, run_iv, seed_key, simulate_iv, trace_iv

__all__ = ["RoundEngineBase"]

ResultT = TypeVar("ResultT")
TraceT = TypeVar("TraceT")

Batch = Callable[[int, int], Sequence[np.ndarray]]
"""``batch(start, size)``: the sums of rounds ``start .. start + size - 1``."""


@dataclass(frozen=True)
class RoundEngineBase(Generic[ResultT, TraceT]):
    """An engine that plays single rounds of the edition its ``rules`` describe (``rules.n_players`` seats)."""

    rules: Rules

    def setup(self, hand_size: int, policies: Policies) -> KernelInputs:
        """The kernels' inputs for rounds of ``hand_size`` cards played by ``policies``."""
        raise NotImplementedError

    def _batch(self, hand_size: int, inp: KernelInputs, key: int) -> Batch:
        raise NotImplementedError

    def _result(
        self, hand_size: int, n_rounds: int, seed: int, players: list[Policy], sums: list[np.ndarray]
    ) -> ResultT:
        raise NotImplementedError

    def _trace(self, rules: Rules, hand_size: int, n_rounds: int, inp: KernelInputs, key: int, start: int) -> TraceT:
        raise NotImplementedError

    def simulate(
        self,
        hand_size: int,
        n_rounds: int,
        *,
        policies: Policies = DEFAULT_POLICY,
        seed: int = 0,
        threads: int | None = None,
        progress: bool | None = None,
        chunk_rounds: int = CHUNK_ROUNDS,
    ) -> ResultT:
        """Play ``n_rounds`` rounds of ``hand_size`` cards and count (seat, bid, tricks).

        The parameters are those of :func:`wizstats.simulate`. Same seed, same numbers, whatever
        ``threads`` and ``chunk_rounds``.
        """
        simulate_iv(self.rules.n_players, hand_size, n_rounds, self.rules, None)
        run_iv(seed, threads, chunk_rounds, progress)
        inp = self.setup(hand_size, policies)
        batch = self._batch(hand_size, inp, seed_key(seed))
        sums = run_chunks(n_rounds, chunk_rounds, batch, threads=threads, progress=progress)
        return self._result(int(hand_size), int(n_rounds), int(seed), inp.players, sums)

    def trace(
        self, hand_size: int, n_rounds: int, *, policies: Policies = DEFAULT_POLICY, seed: int = 0, start: int = 0
    ) -> TraceT:
        """Play rounds ``start .. start + n_rounds - 1`` (as :meth:`simulate` does) and keep every card."""
        rules, key, start = trace_iv(self.rules, hand_size, n_rounds, seed, start)
        inp = self.setup(hand_size, policies)
        return self._trace(rules, hand_size, n_rounds, inp, key, start)
