"""Whole games (RULES 2, 6, 7): schedules, rotating dealer, totals, winners, elimination, sit-outs.

A game is played by ``n`` players numbered ``0 .. n-1`` clockwise round the table; player
``first_dealer`` deals round 1 and the deal passes one place clockwise each round, so a
player's seat (numbered from the dealer, RULES 2) changes every round. Policies are given per
player. :func:`simulate_games` plays many games at kernel speed and aggregates in the kernel.

The plan of a game (schedule, elimination, sit-outs, ranking) is in :mod:`wizstats.rules`.

>>> res = simulate_games(Rules(4), 200, policies="random", seed=1)
>>> int(res.places[:, 0].sum()) >= 200  # every game has at least one winner
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import pandas as pd

from ..checks import MAX_ROUNDS, MAX_START, count, flag, optional, whole
from ..estimates import html_table
from ..intervals import ConfidenceInterval, mean_interval, wilson_interval
from ..players import DEFAULT_POLICY, Policies, Policy, resolve_policies
from ..rules import ELIMINATION_ROUNDS, GamePlan, Rules, SitOut, final_places, game_plan, placement_shares, score_table
from .setup import n_blocks, progress_bar, round_setup, seed_key, thread_count, threads_limited

__all__ = [
    "ELIMINATION_ROUNDS",
    "GamePlan",
    "GameResult",
    "GameTrace",
    "final_places",
    "game_plan",
    "placement_shares",
    "simulate_games",
    "trace_games",
]

CHUNK_GAMES = 4096
"""Games per kernel call (between progress-bar updates); results do not depend on it."""

MAX_TRACE_GAMES = 20_000


@dataclass
class _KernelInputs:
    """What the game kernel reads (see :mod:`wizstats._kernels.engine.game`), and the units of its outputs."""

    tab: np.ndarray
    st_tab: np.ndarray
    hand: np.ndarray
    sit: np.ndarray
    elim_after: np.ndarray
    cfg: np.ndarray
    pp: np.ndarray
    scale: int
    lo: int
    chunk: int
    nbins: int
    nbins_m: int


def _kernel_inputs(plan: GamePlan, bin_width: int) -> _KernelInputs:
    """Arrays and scalars the game kernels read, from a validated plan."""
    from .._kernels.engine import game as kg  # numba: imported on first use
    from .._kernels.rules import core as kc

    n, n_rounds = plan.n_players, plan.n_rounds
    st_tab = np.zeros((n_rounds, n + 1, kc.N_ST), np.int64)
    tab = np.zeros((3, 0), np.int64)
    for k in range(n_rounds):
        m = plan.at_table(k)
        tab, st_tab[k, m] = round_setup(plan.round_rules(k), plan.hand_sizes[k])
    if plan.at_table(0) != n:  # the kernel allocates its state from st_tab[0, n]
        st_tab[0, n] = round_setup(
            plan.rules.replace(schedule=(plan.hand_sizes[0],), placement_points=None), plan.hand_sizes[0]
        )[1]
    sit = np.zeros((n_rounds, n), np.int64)
    for k, who in enumerate(plan.sit_out):
        sit[k, list(who)] = 1
    elim_after = np.zeros(n_rounds, np.int64)
    elim_after[[e - 1 for e in plan.eliminate_after]] = 1
    scale = math.lcm(1, *(plan.at_table(k) for k in range(n_rounds) if plan.sit_out[k]))
    tables = [score_table(r, plan.rules) for r in plan.hand_sizes]
    lo_points = sum(int(t.min()) for t in tables)
    hi_points = sum(int(t.max()) for t in tables)
    lo = (lo_points // bin_width) * bin_width
    cfg = np.zeros(kg.N_CFG, np.int64)
    cfg[[kg.C_N, kg.C_K, kg.C_FIRST, kg.C_CLAIR, kg.C_HALF, kg.C_SCALE]] = (
        n,
        n_rounds,
        -1 if plan.first_dealer is None else plan.first_dealer,
        int(plan.clairvoyance),
        plan.half,
        scale,
    )
    cfg[kg.C_LO], cfg[kg.C_BIN] = lo * scale, bin_width * scale
    cfg[kg.C_NBINS] = (hi_points - lo) // bin_width + 1
    cfg[kg.C_NBINS_M] = (hi_points - lo_points) // bin_width + 1
    pp = np.zeros(max(n, 1), np.int64)
    if plan.rules.placement_points is not None:
        cfg[kg.C_PP] = 1
        pp[:] = [int(x) * kg.PP_SCALE for x in plan.rules.placement_points[:n]]
    bound = max(abs(lo_points), abs(hi_points), 1) * scale
    chunk = max(1, min(CHUNK_GAMES, (2**62) // (bound * bound)))
    return _KernelInputs(
        tab, st_tab, np.array(plan.hand_sizes, np.int64), sit, elim_after, cfg, pp, scale, lo, chunk,
        int(cfg[kg.C_NBINS]), int(cfg[kg.C_NBINS_M]),
    )  # fmt: skip


def _no_trace(plan: GamePlan) -> list[np.ndarray]:
    n = plan.n_players
    return [np.zeros((0, plan.n_rounds, n, 4), np.int64), np.zeros((0, n), np.int64), np.zeros((0, n), np.int64)]


def _run_kernel(
    inp: _KernelInputs,
    ids: np.ndarray,
    params: np.ndarray,
    key: np.uint64,
    start: int,
    size: int,
    n_blocks: int,
    blocks: list[np.ndarray],
    trace: list[np.ndarray],
) -> None:
    """Play games ``start .. start + size - 1`` into ``blocks`` (and ``trace``, if it has rows)."""
    from .._kernels.engine import game as kg  # numba: imported on first use

    kg.simulate_games_kernel(
        inp.tab, inp.st_tab, inp.hand, ids, params, inp.sit, inp.elim_after, inp.cfg, inp.pp,
        key, start, size, n_blocks, *blocks, *trace,
    )  # fmt: skip


def _simulate_games_iv(n_games: int, bin_width: int, rules: Rules) -> None:
    count(n_games, "n_games", MAX_ROUNDS)
    whole(bin_width, "bin_width (points)", 1, 10_000)
    points = rules.placement_points
    if points is not None and any(float(x) != int(x) for x in points):
        raise ValueError(f"placement points must be whole numbers in a simulated game, got {points}")


def simulate_games(
    rules: Rules,
    n_games: int,
    *,
    policies: Policies | None = DEFAULT_POLICY,
    seed: int = 0,
    elimination: bool = False,
    sit_out: SitOut | None = None,
    clairvoyance: bool = False,
    first_dealer: int | str = 0,
    half: int | None = None,
    bin_width: int = 10,
    threads: int | None = None,
    progress: bool | None = None,
) -> GameResult:
    """Play ``n_games`` whole games and aggregate totals, winners, margins and placement points.

    Parameters
    ----------
    rules
        Players, deck, schedule (``Rules.tournament(n)`` for tournament games) and variants.
    n_games
        Games to play.
    policies
        One policy for every player, or one per player (player 0 first; players, not seats);
        default (and ``None``): :data:`wizstats.DEFAULT_POLICY`.
    seed
        Same seed, same numbers, whatever the thread count. Round ``k`` of game ``g`` draws from
        stream ``g * (K + 1) + k`` of the seed's key (``K`` rounds per game); stream
        ``g * (K + 1) + K`` breaks ties for elimination.
    elimination, sit_out, clairvoyance, first_dealer, half
        Game-level variants; see :func:`game_plan`.
    bin_width
        Width in points of the histogram bins of totals and margins.
    threads, progress
        Kernel threads (default all cores); progress bar (default: only on a terminal).

    Notes
    -----
    Ties for elimination are broken at random (uniformly among the tied lowest). A player who
    dropped out keeps his total and ranks below everyone who stayed (later drop-outs higher);
    only players who play the last round can win. Placement points (when ``rules`` has them)
    are shared by tied players.
    """
    plan = game_plan(
        rules, elimination=elimination, sit_out=sit_out, clairvoyance=clairvoyance, first_dealer=first_dealer, half=half
    )
    _simulate_games_iv(n_games, bin_width, rules)
    seed_key(seed)
    thread_count(threads)
    optional(progress, flag, "progress")
    n = rules.n_players
    resolved, ids, params = resolve_policies(DEFAULT_POLICY if policies is None else policies, n)
    inp = _kernel_inputs(plan, int(bin_width))
    acc = _Accumulator(n, inp.nbins, inp.nbins_m)
    key = np.uint64(seed_key(seed))
    with threads_limited(threads), progress_bar(n_games, progress, unit="game") as bar:
        for start in range(0, n_games, inp.chunk):
            size = min(inp.chunk, n_games - start)
            blocks = n_blocks(size, per=16)
            out = acc.blocks(blocks)
            _run_kernel(inp, ids, params, key, start, size, blocks, out, _no_trace(plan))
            acc.add(out)
            bar.update(size)
    return acc.result(plan, int(n_games), int(seed), resolved, int(bin_width), inp)


class _Accumulator:
    """Sums the block outputs of kernel calls exactly (Python integers for the moments)."""

    def __init__(self, n: int, nbins: int, nbins_m: int) -> None:
        from .._kernels.engine import game as kg  # numba: imported on first use

        self.shapes = [(n, nbins), (nbins_m,), (n, n), (n,), (n, 2), (n, 2), (kg.N_GSTAT,), (n, 3)]
        self.totals = [np.zeros(s, np.int64) for s in self.shapes]
        self.moments = [[0] * n for _ in range(4)]  # sum, sum of squares of totals; same of placement points
        self.gstat = [0] * kg.N_GSTAT

    def blocks(self, n_blocks: int) -> list[np.ndarray]:
        return [np.zeros((n_blocks, *s), np.int64) for s in self.shapes]

    def add(self, out: list[np.ndarray]) -> None:
        for i in (0, 1, 2, 3, 7):
            self.totals[i] += out[i].sum(axis=0)
        for p in range(self.shapes[3][0]):
            for j, (arr, col) in enumerate(((out[4], 0), (out[4], 1), (out[5], 0), (out[5], 1))):
                self.moments[j][p] += sum(int(x) for x in arr[:, p, col])
        for j in range(len(self.gstat)):
            self.gstat[j] += sum(int(x) for x in out[6][:, j])

    def result(
        self, plan: GamePlan, n_games: int, seed: int, policies: list[Policy], bin_width: int, inp: _KernelInputs
    ) -> GameResult:
        t = self.totals
        return GameResult(
            plan, n_games, seed, policies, bin_width, inp.lo, inp.scale,
            totals_hist=t[0], margin_hist=t[1], places=t[2], sole_wins=t[3], eliminated=t[7],
            total_sum=self.moments[0], total_sumsq=self.moments[1], pp_sum=self.moments[2], pp_sumsq=self.moments[3],
            game_stats=self.gstat,
        )  # fmt: skip


def _moment_interval(
    total: int, total_sq: int, n: int, unit: int, confidence_level: float
) -> tuple[float, float, ConfidenceInterval]:
    """Mean, standard deviation and interval of values given as exact sums in units of ``1 / unit``."""
    mean = Fraction(total, n * unit)
    var = Fraction(total_sq * n - total * total, n * max(n - 1, 1) * unit * unit) if n > 1 else Fraction(0)
    return float(mean), math.sqrt(var), mean_interval(float(mean), float(var), n, confidence_level=confidence_level)


@dataclass
class GameResult:
    """What :func:`simulate_games` returns: aggregates of many games (per player, 0-based)."""

    plan: GamePlan
    n_games: int
    seed: int
    policies: list[Policy]
    bin_width: int
    lo: int
    """Lower edge (points) of the first bin of ``totals_hist``."""
    scale: int
    """Totals were counted in units of ``1 / scale`` point (exact sit-out averages)."""
    totals_hist: np.ndarray = field(repr=False)
    """``int64[n, bins]``: games in which the player's final total fell in bin ``j``."""
    margin_hist: np.ndarray = field(repr=False)
    """``int64[bins]``: games by the winner's lead over the runner-up (bin 0 holds ties for first)."""
    places: np.ndarray = field(repr=False)
    """``int64[n, n]``: games in which the player finished at competition rank ``j`` (0 = winner)."""
    sole_wins: np.ndarray = field(repr=False)
    eliminated: np.ndarray = field(repr=False)
    """``int64[n, 3]``: games in which the player was the 1st, 2nd, 3rd to drop out."""
    total_sum: list[int] = field(repr=False)
    total_sumsq: list[int] = field(repr=False)
    pp_sum: list[int] = field(repr=False)
    pp_sumsq: list[int] = field(repr=False)
    game_stats: list[int] = field(repr=False)

    @property
    def rules(self) -> Rules:
        """The rules of the games."""
        return self.plan.rules

    def mean_total(self, player: int, *, confidence_level: float = 0.95) -> tuple[float, ConfidenceInterval]:
        """Mean final total of ``player`` with a normal interval."""
        mean, _, ci = _moment_interval(
            self.total_sum[player], self.total_sumsq[player], self.n_games, self.scale, confidence_level
        )
        return mean, ci

    def win_rate(self, player: int, *, confidence_level: float = 0.95) -> tuple[float, ConfidenceInterval]:
        """Share of games ``player`` won (alone or tied), with a Wilson interval."""
        wins = int(self.places[player, 0])
        return wins / self.n_games, wilson_interval(wins, self.n_games, confidence_level=confidence_level)

    def half_leader_wins(self, *, confidence_level: float = 0.95) -> tuple[float, ConfidenceInterval, int]:
        """How often the single leader after ``plan.half`` rounds wins (alone or tied): share, interval, games.

        Games with a tie for the lead at that point are left out; the last value counts the rest.
        """
        n, k = self.game_stats[0], self.game_stats[1]
        return (k / n if n else math.nan), wilson_interval(k, n, confidence_level=confidence_level), n

    def tie_rate(self, *, confidence_level: float = 0.95) -> tuple[float, ConfidenceInterval]:
        """Share of games won by several players together."""
        k = self.game_stats[2]
        return k / self.n_games, wilson_interval(k, self.n_games, confidence_level=confidence_level)

    def margin(self, *, confidence_level: float = 0.95) -> tuple[float, ConfidenceInterval]:
        """Mean lead of the winner over the runner-up (0 when tied), with a normal interval."""
        mean, _, ci = _moment_interval(
            self.game_stats[3], self.game_stats[4], self.n_games, self.scale, confidence_level
        )
        return mean, ci

    def _repr_html_(self) -> str:
        facts = {"players": ", ".join(str(p) for p in self.policies), "games": self.n_games, "seed": self.seed}
        return html_table(f"{len(self.policies)}-player games", self.summary(), facts)

    def summary(self, *, confidence_level: float = 0.95) -> pd.DataFrame:
        """Per player: policy, mean and sd of the final total, wins, placement points, drop-outs."""
        rows = []
        for p, policy in enumerate(self.policies):
            mean, sd, ci = _moment_interval(
                self.total_sum[p], self.total_sumsq[p], self.n_games, self.scale, confidence_level
            )
            rate, wci = self.win_rate(p, confidence_level=confidence_level)
            row: dict[str, object] = {
                "player": p,
                "policy": str(policy),
                "games": self.n_games,
                "mean_total": mean,
                "mean_total_low": ci.low,
                "mean_total_high": ci.high,
                "sd_total": sd,
                "wins": int(self.places[p, 0]),
                "win_rate": rate,
                "win_rate_low": wci.low,
                "win_rate_high": wci.high,
                "sole_wins": int(self.sole_wins[p]),
                "mean_place": float((self.places[p] * np.arange(1, len(self.policies) + 1)).sum() / self.n_games),
            }
            if self.rules.placement_points is not None:
                from .._kernels.engine.game import PP_SCALE  # numba: imported on first use

                pm, _, pci = _moment_interval(
                    self.pp_sum[p], self.pp_sumsq[p], self.n_games, PP_SCALE, confidence_level
                )
                row |= {"mean_placement_points": pm, "placement_points_low": pci.low, "placement_points_high": pci.high}
            for j, after in enumerate(self.plan.eliminate_after):
                row[f"out_after_{after}"] = int(self.eliminated[p, j])
            rows.append(row)
        return pd.DataFrame(rows)

    def by_policy(self, *, confidence_level: float = 0.95) -> pd.DataFrame:
        """Per policy: players using it, player-games, wins and win rate per player-game (Wilson).

        The interval treats player-games as independent, which they are not when two players of
        one game use the same policy; read it as approximate then.
        """
        rows = []
        names = [str(p) for p in self.policies]
        for name in dict.fromkeys(names):
            players = [p for p, x in enumerate(names) if x == name]
            games = self.n_games * len(players)
            wins = int(sum(self.places[p, 0] for p in players))
            ci = wilson_interval(wins, games, confidence_level=confidence_level)
            total = Fraction(sum(self.total_sum[p] for p in players), games * self.scale)
            rows.append(
                {
                    "policy": name,
                    "players": len(players),
                    "player_games": games,
                    "wins": wins,
                    "win_rate": wins / games,
                    "win_rate_low": ci.low,
                    "win_rate_high": ci.high,
                    "mean_total": float(total),
                }
            )
        return pd.DataFrame(rows)

    def totals_histogram(self) -> pd.DataFrame:
        """Final totals per player as ``player, low, high, count`` (bins ``[low, high)``, non-empty only)."""
        p, j = np.nonzero(self.totals_hist)
        low = self.lo + j * self.bin_width
        return pd.DataFrame({"player": p, "low": low, "high": low + self.bin_width, "count": self.totals_hist[p, j]})

    def margin_histogram(self) -> pd.DataFrame:
        """The winner's margin as ``low, high, count`` (bins ``[low, high)``; a tie for first is 0)."""
        (j,) = np.nonzero(self.margin_hist)
        low = j * self.bin_width
        return pd.DataFrame({"low": low, "high": low + self.bin_width, "count": self.margin_hist[j]})

    def describe(self) -> str:
        """Rules, plan, games and seed in one line."""
        return f"{self.rules.describe()}; {self.plan.describe()}; {self.n_games} games; seed {self.seed}"


@dataclass
class GameTrace:
    """Every round of a few games (see :func:`trace_games`)."""

    plan: GamePlan
    scale: int
    records: np.ndarray = field(repr=False)
    """``int64[G, K, n, 4]``: seat (-1 sits out, -2 out of the game), bid, tricks, points x scale."""
    totals: np.ndarray = field(repr=False)
    """``int64[G, n]``: final totals x scale."""
    out_after: np.ndarray = field(repr=False)
    """``int64[G, n]``: round after which the player dropped out, 0 if he did not."""

    def frame(self) -> pd.DataFrame:
        """One row per game, round and player: ``game, round, hand_size, player, seat, bid, tricks, score, total``."""
        rec = self.records
        g, k, p = np.meshgrid(*(np.arange(x) for x in rec.shape[:3]), indexing="ij")
        totals = rec[..., 3].cumsum(axis=1) / self.scale
        return pd.DataFrame(
            {
                "game": g.ravel(),
                "round": k.ravel() + 1,
                "hand_size": np.array(self.plan.hand_sizes)[k.ravel()],
                "player": p.ravel(),
                "seat": rec[..., 0].ravel(),
                "bid": rec[..., 1].ravel(),
                "tricks": rec[..., 2].ravel(),
                "score": (rec[..., 3] / self.scale).ravel(),
                "total": totals.ravel(),
            }
        )


def trace_games(
    rules: Rules,
    n_games: int,
    *,
    policies: Policies | None = DEFAULT_POLICY,
    seed: int = 0,
    start: int = 0,
    **plan_options: object,
) -> GameTrace:
    """Play games ``start .. start + n_games - 1`` exactly as :func:`simulate_games` does and keep every round."""

    plan = game_plan(rules, **plan_options)  # type: ignore[arg-type]
    _simulate_games_iv(n_games, 10, rules)
    if n_games > MAX_TRACE_GAMES:
        raise ValueError(f"trace at most {MAX_TRACE_GAMES} games; use simulate_games() for aggregates")
    start = whole(start, "start", 0, MAX_START)
    _, ids, params = resolve_policies(DEFAULT_POLICY if policies is None else policies, rules.n_players)
    inp = _kernel_inputs(plan, 10)
    n = rules.n_players
    out = GameTrace(
        plan,
        inp.scale,
        np.zeros((n_games, plan.n_rounds, n, 4), np.int64),
        np.zeros((n_games, n), np.int64),
        np.zeros((n_games, n), np.int64),
    )
    blocks = _Accumulator(n, inp.nbins, inp.nbins_m).blocks(1)
    key = np.uint64(seed_key(seed))
    _run_kernel(inp, ids, params, key, start, n_games, 1, blocks, [out.records, out.totals, out.out_after])
    return out
