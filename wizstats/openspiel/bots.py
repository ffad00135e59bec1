"""Players for the OpenSpiel game: wizstats policies as bots, and OpenSpiel's IS-MCTS.

- :class:`WizstatsBot` seats a wizstats policy (``heuristic``, ``rollout``, ...) at an OpenSpiel
  table: each move asks :class:`wizstats.engine.PolicyDecider` what the policy does in the
  state reached, so it plays as it plays in wizstats' own simulator.
- :func:`ismcts_bot` builds OpenSpiel's information-set MCTS (Cowling, Powley and Whitehouse
  2012), the Python implementation ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with
  random rollouts: the C++ ``pyspiel.ISMCTSBot`` cannot search a Python game (a Python state
  does not hand its ``resample_from_infostate`` to C++; the C++ bot crashes on it, OpenSpiel
  2.0.2), and the C++ evaluator has no ``prior`` for the Python bot.

>>> import pyspiel
>>> import wizstats.openspiel
>>> game = pyspiel.load_game("wizard", {"players": 4, "hand_size": 2})
>>> bots = [WizstatsBot(game, "heuristic", seed=s) for s in range(3)] + [ismcts_bot(game, 20, seed=0)]
>>> returns = play_round(game, bots, seed=0)
>>> len(returns)
4
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ..engine import PolicyDecider
from ..players import DEFAULT_POLICY, Policy
from .game import WizardGame, WizardState
from .resample import resample

__all__ = ["WizardISMCTSBot", "WizstatsBot", "ismcts_bot", "play_round"]


class WizstatsBot(pyspiel.Bot):
    """A wizstats policy as an OpenSpiel bot (for any seat of a ``"wizard"`` game).

    Parameters
    ----------
    game
        A ``"wizard"`` game.
    policy
        A policy name or :class:`wizstats.Policy` (``heuristic``, ``rollout``, ``pimc``, ``baseline``, ``random``).
    seed
        Seeds the random stream the policy draws from.
    """

    def __init__(self, game: WizardGame, policy: str | Policy = DEFAULT_POLICY, *, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        if not isinstance(game, WizardGame):
            raise ValueError(f"WizstatsBot plays the 'wizard' game, got {game}")
        self._setup = game.setup
        self.policy = policy
        self._decider = PolicyDecider(game.rules, game.hand_size, policy, seed=seed)

    def step(self, state: WizardState) -> int:
        """The policy's action in ``state`` (the state's current player must be a decision node)."""
        decision = self._decider.decide(state.view())
        s = self._setup
        if decision.kind == "card":
            return decision.value
        if decision.kind == "bid":
            return s.bid_offset + decision.value
        return s.trump_offset + decision.value

    def restart_at(self, state: WizardState) -> None:
        """Nothing to forget: every move is decided from the state alone."""

    def inform_action(self, state: WizardState, player_id: int, action: int) -> None:
        """Nothing to track (the state holds everything)."""


class WizardISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ``ISMCTSBot`` plus what ``evaluate_bots`` calls and it lacks (it keeps no state)."""

    def restart_at(self, state: pyspiel.State) -> None:
        """Nothing to forget: the search starts afresh at every move."""

    def inform_action(self, state: pyspiel.State, player_id: int, action: int) -> None:
        """Nothing to track."""


def ismcts_bot(
    game: WizardGame,
    simulations: int,
    *,
    seed: int = 0,
    uct_c: float | None = None,
    rollouts: int = 1,
) -> WizardISMCTSBot:
    """OpenSpiel's IS-MCTS (Python) with ``simulations`` per move (at least 2) and random rollouts.

    With 2 simulations it plays a uniformly random legal move (the first only evaluates the
    root, the second tries one move); a search needs more simulations than there are moves.

    ``uct_c`` defaults to half the range of a round's scores (the returns are raw points, the
    UCT constant of OpenSpiel's examples, 2, assumes returns of size 1). The final move is the
    most visited; a world is drawn afresh for each simulation (:func:`.resample.resample`, the
    game's ``resample_from_infostate``, here drawing from a stream seeded with ``seed``, so a
    seeded bot repeats its moves: OpenSpiel's default sampler is seeded from the system).
    """
    if not isinstance(simulations, int) or simulations < 2:  # the first simulation only creates the root
        raise ValueError(f"simulations must be a whole number >= 2, got {simulations!r}")
    if uct_c is None:
        uct_c = (game.max_utility() - game.min_utility()) / 2
    state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(rollouts, state)
    bot = WizardISMCTSBot(
        game,
        evaluator,
        uct_c,
        simulations,
        random_state=state,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    worlds = random.Random(seed)
    bot.set_resampler(lambda s, player: resample(s, player, worlds))
    return bot


def play_round(
    game: WizardGame, bots: Sequence[pyspiel.Bot], *, seed: int = 0, chance: Sequence[int] | None = None
) -> list[float]:
    """Play one round with ``bots[player]`` moving for each player; returns the scores.

    The chance outcomes (the turned card, then the deal) are drawn with ``seed``, or taken from
    ``chance`` (the same cards for several tables: duplicate deals).
    """
    if len(bots) != game.num_players():
        raise ValueError(f"need one bot per player ({game.num_players()}), got {len(bots)}")
    rng = random.Random(seed)
    state = game.new_initial_state()
    k = 0
    while not state.is_terminal():
        if state.is_chance_node():
            if chance is not None:
                action = chance[k]
                k += 1
            else:
                action = rng.choice(state.legal_actions())
        else:
            action = bots[state.current_player()].step(state)
        state.apply_action(action)
    return state.returns()
