"""One colour ("Einfarbig", RULES 9): whole games at kernel speed, and the slow reference for them.

RULES 9 gives the mode in one sentence; this is the reading implemented (uncertain points marked):

- 3 or 4 players. Player ``p`` owns a draw pile: the 13 cards of suit ``p`` (blue, red, green,
  yellow; with three players yellow stays in the box), one Wizard and one Jester: 15 cards.
- No trump and suits do not matter: a card is its value. *Reading*: the Wizard is worth more
  than 13 and the Jester less than 1 (Jester 0 .. Wizard 14), so the usual Wizard and Jester
  rules hold; the highest value takes the trick, a tie goes to the card played first.
- There is no suit to follow: any card may be played at any time.
- *Reading* of "start with 4 cards in hand, draw one more each round, 12 rounds": round ``k``
  (1..12) deals ``k + 3`` cards to each player from his own freshly shuffled pile, so the last
  round deals the whole pile (15 cards) to everyone; every card in hand is played, one trick per
  card, as in a standard round.
- Bidding and scoring as in a standard round (RULES 4, 6): seat 1 bids first, the dealer last,
  bids 0..r, optional plus/minus one; the dealer moves one seat each round (player ``k mod n``
  deals round ``k``, counting from 0).

>>> res = OneColourEngine(4).simulate(200, policies="random", seed=1)
>>> int(res.counts.sum()) == 200 * 12 * 4, len(res.summary())
(True, 4)
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field, fields

import numpy as np
import pandas as pd

from .._kernels.players.fitted import load  # numba-free: the fitted data's loader
from ..checks import MAX_ROUNDS, MAX_START, WrongType, choice, count, flag, optional, whole
from ..estimates import html_table
from ..intervals import mean_interval, wilson_interval
from ..layout import OC_EXPERT, OC_HEURISTIC, P_RANDOM
from ..players import DEFAULT_POLICY, POLICIES, Policies, Policy, resolve_policies
from ..reference import HAND_SIZES, PILE, card_text
from ..rules import Rules, Scoring, raw_score
from .setup import engine_players, n_blocks, run_chunks, seed_key, thread_count

__all__ = [
    "EXPERT_SETTINGS",
    "OneColourEngine",
    "OneColourResult",
    "OneColourTrace",
    "expert_rows",
    "simulate_one_colour",
    "trace_one_colour",
]

_DEFAULTS = {
    name: POLICIES["heuristic"].params[name].default for name in ("scale", "bias", "lead_min", "kill", "duck", "norm")
}
"""The one-colour heuristic's parameters, kernel columns 0-5 in this order, at the heuristic's registered defaults."""
EXPERT_SETTINGS = ("scale", "kill", "read", "pick", "lead_min", "duck")
"""The one-colour expert's settings per round, in the order of :func:`expert_rows`' columns."""
_CHUNK_GAMES = 1 << 14
MAX_TRACE_GAMES = 10_000
"""The most games a one-colour trace keeps."""


@dataclass
class OneColourResult:
    """Games of one colour: per round and seat the joint counts of (bid, tricks), per player the totals."""

    n_players: int
    n_games: int
    seed: int
    policies: list[Policy]
    plus_minus_one: bool
    scoring: str
    counts: np.ndarray = field(repr=False)
    """``int64[12, n, 16, 16]``: rounds in which ``seat`` bid ``bid`` and took ``tricks``, per round."""
    totals: np.ndarray = field(repr=False)
    """``int64[2, n]``: per player the sum and the sum of squares of the final totals."""
    wins: np.ndarray = field(repr=False)
    """``int64[n + 1]``: games each player won (alone or tied), and games with a tie."""

    def _repr_html_(self) -> str:
        facts = {"players": ", ".join(str(p) for p in self.policies), "games": self.n_games, "seed": self.seed}
        return html_table(f"One colour, {self.n_players} players", self.summary(), facts)

    def summary(self, *, confidence_level: float = 0.95) -> pd.DataFrame:
        """Per player: policy, mean final total and share of games won (ties count for each), with intervals."""
        rows = []
        g = self.n_games
        for p in range(self.n_players):
            mean = self.totals[0, p] / g
            var = (self.totals[1, p] - g * mean * mean) / max(g - 1, 1) if g > 1 else math.nan
            ci = mean_interval(float(mean), float(var), g, confidence_level=confidence_level)
            won = wilson_interval(int(self.wins[p]), g, confidence_level=confidence_level)
            rows.append(
                {
                    "player": p,
                    "policy": str(self.policies[p]),
                    "games": g,
                    "mean_total": float(mean),
                    "mean_total_low": ci.low,
                    "mean_total_high": ci.high,
                    "wins": int(self.wins[p]) / g,
                    "wins_low": won.low,
                    "wins_high": won.high,
                }
            )
        return pd.DataFrame(rows)

    def by_round(self) -> pd.DataFrame:
        """Per round and seat: hand size, mean bid, mean tricks and bid accuracy (tricks == bid)."""
        rows = []
        values = np.arange(16)
        for k, r in enumerate(HAND_SIZES):
            for s in range(self.n_players):
                c = self.counts[k, s]
                n = c.sum()
                rows.append(
                    {
                        "round": k + 1,
                        "hand_size": r,
                        "seat": s,
                        "mean_bid": float((c.sum(axis=1) * values).sum() / n),
                        "mean_tricks": float((c.sum(axis=0) * values).sum() / n),
                        "accuracy": float(np.trace(c) / n),
                    }
                )
        return pd.DataFrame(rows)


@dataclass
class OneColourTrace:
    """Every card of a few games (values 0..14, -1 padding): ``hands[G, 12, n, 15]``, ``bids[G, 12, n]``,
    ``plays[G, 12, 15, n]``, ``leaders`` and ``winners`` ``[G, 12, 15]`` (seats of each round)."""

    n_players: int
    key: int
    start: int
    plus_minus_one: bool
    scoring: str
    hands: np.ndarray
    bids: np.ndarray
    plays: np.ndarray
    leaders: np.ndarray
    winners: np.ndarray

    @classmethod
    def empty(cls, engine: OneColourEngine, key: int, start: int, n_games: int) -> OneColourTrace:
        """A trace of ``n_games`` games, its arrays padded with -1 (bids 0), for the kernel to fill."""
        n, g = engine.n_players, n_games
        return cls(
            n,
            key,
            start,
            engine.plus_minus_one,
            engine.scoring,
            np.full((g, 12, n, PILE), -1, np.int64),
            np.zeros((g, 12, n), np.int64),
            np.full((g, 12, PILE, n), -1, np.int64),
            np.full((g, 12, PILE), -1, np.int64),
            np.full((g, 12, PILE), -1, np.int64),
        )

    def arrays(self) -> list[np.ndarray]:
        """The arrays in kernel order (``hands .. winners``): the kernel's outputs."""
        return [getattr(self, f.name) for f in fields(self)[5:]]

    def points(self) -> np.ndarray:
        """Points of each game, round and player, ``int64[G, 12, n]`` (player ``p`` sits at seat ``(p - k) % n``
        in round ``k``, 0-based), under the trace's scoring; a game's total is the sum over its rounds."""
        n, g = self.n_players, len(self.bids)
        out = np.zeros((g, 12, n), np.int64)
        for k, r in enumerate(HAND_SIZES):
            table = np.array([[raw_score(b, t, Scoring(self.scoring), r) for t in range(r + 1)] for b in range(r + 1)])
            tricks = (self.winners[:, k, :r, None] == np.arange(n)).sum(axis=1)  # [G, seat]
            out[:, k, (np.arange(n) + k) % n] = table[self.bids[:, k], tricks]
        return out

    def frame(self) -> pd.DataFrame:
        """One row per game, round and player: ``game, round, player, seat, hand, bid, tricks, score, total``."""
        n, rows = self.n_players, []
        for gi in range(len(self.bids)):
            total = [0] * n
            for k, r in enumerate(HAND_SIZES):
                tricks = np.bincount(self.winners[gi, k, :r], minlength=n)
                for seat in range(n):
                    player = (seat + k) % n
                    bid = int(self.bids[gi, k, seat])
                    points = raw_score(bid, int(tricks[seat]), Scoring(self.scoring), r)
                    total[player] += points
                    rows.append(
                        {
                            "game": self.start + gi,
                            "round": k + 1,
                            "player": player,
                            "seat": seat,
                            "hand": " ".join(card_text(int(v), player) for v in self.hands[gi, k, seat, :r]),
                            "bid": bid,
                            "tricks": int(tricks[seat]),
                            "score": points,
                            "total": total[player],
                        }
                    )
        return pd.DataFrame(rows)


@functools.cache
def _expert_fit() -> dict[str, np.ndarray]:
    return load("one_colour_expert")


def expert_rows() -> np.ndarray:
    """The one-colour expert's settings, ``float64[12, 6]``: per round (4..15 cards) :data:`EXPERT_SETTINGS`.

    Fitted per round by ``tools/fit_one_colour_expert.py`` (``wizstats/data/one_colour_expert.npz``):
    ``scale`` multiplies the heuristic's expected tricks, ``kill`` weighs each threat to a card when bidding,
    ``read`` weighs what the visible earlier bids leave over, ``pick`` 1 bids the best expected score under
    the trick distribution (0: the estimate rounded); ``lead_min`` and ``duck`` are the heuristic's card-play
    settings (see :mod:`wizstats._kernels.variants.onecolour`).

    >>> expert_rows().shape
    (12, 6)
    """
    fit = _expert_fit()
    return np.stack([fit[name].astype(float) for name in EXPERT_SETTINGS], axis=1)


@dataclass(frozen=True)
class OneColourEngine:
    """The one-colour engine (RULES 9) for a table of ``n_players`` (3 or 4), checked when made.

    One colour is not a deck or a variant of :class:`~wizstats.Rules`: its piles, its schedule
    and its card values are fixed; the table, plus/minus one and the scoring are its settings.
    :meth:`from_rules` (and ``engine_for(rules, "one-colour")``) takes them from rules. The
    kernels play ``random``, the one-colour heuristic and the one-colour ``expert`` (the heuristic's card
    play, bids by expected score, settings fitted per round: :func:`expert_rows`); see
    :mod:`wizstats._kernels.variants.onecolour`.
    """

    n_players: int = 4
    plus_minus_one: bool = False
    scoring: str = "standard"
    edition = "one-colour"
    """The edition this engine plays."""

    def __post_init__(self) -> None:
        if whole(self.n_players, "n_players") not in (3, 4):
            raise ValueError(f"one colour is played by 3 or 4 players, got {self.n_players!r}")
        flag(self.plus_minus_one, "plus_minus_one")
        choice(self.scoring, "scoring", [s.value for s in Scoring])
        object.__setattr__(self, "plus_minus_one", bool(self.plus_minus_one))
        object.__setattr__(self, "scoring", str(self.scoring))

    @classmethod
    def from_rules(cls, rules: Rules) -> OneColourEngine:
        """The engine for ``rules.n_players``, ``rules.plus_minus_one`` and ``rules.scoring`` (standard cards only)."""
        if not isinstance(rules, Rules):
            raise WrongType(f"rules must be a Rules value, got {type(rules).__name__}")
        if rules.special_cards or rules.deck.name != "standard":
            raise ValueError(
                "one colour is played with its own piles of standard cards: no other deck, no special cards"
            )
        return cls(rules.n_players, rules.plus_minus_one, rules.scoring.value)

    def setup(self, policies: Policies) -> tuple[list[Policy], np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``players, policy ids, params, expert rows, st0`` for the one-colour kernels.

        ``heuristic`` plays with its own ``scale, bias, lead_min, kill, duck, norm``; ``expert`` takes no
        parameters: its row is the heuristic's defaults, and the kernels put its settings of each round
        (:func:`expert_rows`) in their columns when they deal that round.
        """
        from .._kernels.variants import onecolour as k  # numba: imported on first use

        resolved, _, _ = resolve_policies(policies, self.n_players)
        resolved = engine_players(resolved, "the one-colour engine (RULES 9)", _DEFAULTS, ())
        params = np.zeros((k.MAXP, 8))
        pids = np.zeros(k.MAXP, np.int64)
        for p, policy in enumerate(resolved):
            own = policy.params if policy.name == "heuristic" else {}  # the expert's row: the defaults
            values = {**_DEFAULTS, **{key: v for key, v in own.items() if key in _DEFAULTS}}
            params[p, :6] = [values[name] for name in _DEFAULTS]
            pids[p] = {"random": P_RANDOM, "heuristic": OC_HEURISTIC, "expert": OC_EXPERT}[policy.name]
        st0 = np.zeros(k.N_O, np.int64)
        st0[k.O_N] = self.n_players
        st0[k.O_PM1] = int(self.plus_minus_one)
        st0[k.O_SCORING] = int(Scoring(self.scoring) is Scoring.ALTERNATIVE)
        return resolved, pids, params, expert_rows(), st0

    def simulate(
        self,
        n_games: int = 10_000,
        *,
        policies: Policies = DEFAULT_POLICY,
        seed: int = 0,
        threads: int | None = None,
        progress: bool | None = None,
    ) -> OneColourResult:
        """Play ``n_games`` whole games of one colour (12 rounds of 4..15 cards).

        ``policies``: one for all players or one per player (player 0 deals round 1). Same seed,
        same numbers, whatever ``threads``.
        """
        from .._kernels.variants.onecolour import simulate_one_colour_games  # numba: imported on first use

        count(n_games, "n_games", MAX_ROUNDS)
        seed_key(seed)
        optional(progress, flag, "progress")
        thread_count(threads)
        resolved, pids, params, rows, st0 = self.setup(policies)
        key = np.uint64(seed_key(seed))
        n = self.n_players

        def batch(start: int, size: int) -> list[np.ndarray]:
            blocks = n_blocks(size, per=16)
            c = np.zeros((blocks, 12, n, 16, 16), np.int64)
            t = np.zeros((blocks, 2, n), np.int64)
            w = np.zeros((blocks, n + 1), np.int64)
            simulate_one_colour_games(st0, pids, params, rows, key, start, size, blocks, c, t, w)
            return [c.sum(axis=0), t.sum(axis=0), w.sum(axis=0)]

        counts, totals, wins = run_chunks(n_games, _CHUNK_GAMES, batch, threads=threads, progress=progress, unit="game")
        return OneColourResult(
            n, int(n_games), int(seed), resolved, self.plus_minus_one, self.scoring, counts, totals, wins
        )

    def trace(
        self,
        n_games: int = 1,
        *,
        policies: Policies = DEFAULT_POLICY,
        seed: int = 0,
        start: int = 0,
    ) -> OneColourTrace:
        """Play games ``start .. start + n_games - 1`` (as :meth:`simulate` does) and keep every card."""
        from .._kernels.variants.onecolour import trace_one_colour_games  # numba: imported on first use

        count(n_games, "n_games", MAX_ROUNDS)
        key = seed_key(seed)
        start = whole(start, "start", 0, MAX_START)
        if n_games > MAX_TRACE_GAMES:
            raise ValueError(f"trace at most {MAX_TRACE_GAMES} games; use simulate_one_colour() for statistics")
        _, pids, params, rows, st0 = self.setup(policies)
        out = OneColourTrace.empty(self, key, start, n_games)
        trace_one_colour_games(st0, pids, params, rows, np.uint64(key), start, *out.arrays())
        return out


def simulate_one_colour(
    n_players: int = 4,
    n_games: int = 10_000,
    *,
    policies: Policies = DEFAULT_POLICY,
    seed: int = 0,
    plus_minus_one: bool = False,
    scoring: str = "standard",
    threads: int | None = None,
    progress: bool | None = None,
) -> OneColourResult:
    """Play ``n_games`` whole games of one colour (12 rounds of 4..15 cards).

    A thin wrapper: ``OneColourEngine(n_players, plus_minus_one, scoring).simulate(n_games, ...)``.
    ``random`` plays at random; ``heuristic`` the one-colour heuristic, and ``expert`` (the
    default, :data:`wizstats.DEFAULT_POLICY`) the one-colour expert (:func:`expert_rows`).
    """
    engine = OneColourEngine(n_players, plus_minus_one, scoring)
    return engine.simulate(n_games, policies=policies, seed=seed, threads=threads, progress=progress)


def trace_one_colour(
    n_players: int = 4,
    n_games: int = 1,
    *,
    policies: Policies = DEFAULT_POLICY,
    seed: int = 0,
    start: int = 0,
    plus_minus_one: bool = False,
    scoring: str = "standard",
) -> OneColourTrace:
    """Play games ``start .. start + n_games - 1`` (as :func:`simulate_one_colour` does) and keep every card.

    A thin wrapper: ``OneColourEngine(n_players, plus_minus_one, scoring).trace(n_games, ...)``.
    """
    engine = OneColourEngine(n_players, plus_minus_one, scoring)
    return engine.trace(n_games, policies=policies, seed=seed, start=start)
