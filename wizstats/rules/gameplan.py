"""The plan of a whole game (RULES 2, 6, 7): hand sizes, who plays each round, elimination, ranking.

Used by the simulator (:mod:`wizstats.engine`) and by the score sheet (:mod:`wizstats.scoresheet`).

>>> plan = game_plan(Rules(5), elimination=True)
>>> plan.n_rounds, plan.in_game[9], plan.in_game[10], plan.in_game[12], plan.hand_sizes[-1]
(20, 5, 4, 3, 20)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..checks import flag, shown, whole
from .rules import Rules, standard_schedule
from .scoring import placement_points

__all__ = [
    "ELIMINATION_ROUNDS",
    "GamePlan",
    "elimination_schedule",
    "final_places",
    "game_plan",
    "placement_shares",
]

ELIMINATION_ROUNDS = (10, 12, 15)
"""After these rounds the player with the lowest total drops out, while more than three play (RULES 6)."""

SitOut = Mapping[int, "int | Sequence[int]"] | Sequence[tuple[int, int]]


@dataclass(frozen=True)
class GamePlan:
    """Everything about a game that is fixed before the first card: rounds, table sizes, variants.

    Rounds are numbered from 1 in :meth:`describe` and in ``sit_out``/``eliminate_after``;
    the tuples are indexed from 0 (``hand_sizes[0]`` is round 1).
    """

    rules: Rules
    hand_sizes: tuple[int, ...]
    in_game: tuple[int, ...]
    """Players still in the game in each round (fewer after an elimination)."""
    eliminate_after: tuple[int, ...]
    """Rounds (from 1) after which the lowest total drops out."""
    sit_out: tuple[tuple[int, ...], ...]
    """Per round, the players (0-based) who sit it out and get the average of the others."""
    clairvoyance: bool
    first_dealer: int | None
    """The player who deals round 1; ``None``: player ``game % n`` (the first deal rotates)."""
    half: int
    """The leader is taken after this many rounds."""

    @property
    def n_players(self) -> int:
        """Players at the start."""
        return self.rules.n_players

    @property
    def n_rounds(self) -> int:
        """Rounds in a game."""
        return len(self.hand_sizes)

    def at_table(self, k: int) -> int:
        """Players who play round ``k`` (0-based)."""
        return self.in_game[k] - len(self.sit_out[k])

    def round_rules(self, k: int) -> Rules:
        """The rules of round ``k`` (0-based) for the players at the table."""
        return self.rules.replace(n_players=self.at_table(k), schedule=(self.hand_sizes[k],), placement_points=None)

    def describe(self) -> str:
        """One line naming the schedule and the game-level variants."""
        parts = [f"{self.n_rounds} rounds (hand sizes {','.join(map(str, self.hand_sizes))})"]
        if self.eliminate_after:
            parts.append("elimination after rounds " + ", ".join(map(str, self.eliminate_after)))
        sits = [f"round {k + 1}: player {','.join(map(str, s))}" for k, s in enumerate(self.sit_out) if s]
        if sits:
            parts.append("sitting out " + "; ".join(sits))
        if self.clairvoyance:
            parts.append("clairvoyance in round 1")
        parts.append("first dealer " + ("rotates" if self.first_dealer is None else f"player {self.first_dealer}"))
        if self.rules.placement_points:
            parts.append("placement points " + "/".join(map(str, self.rules.placement_points)))
        return "; ".join(parts)


def elimination_schedule(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Hand sizes, players in the game per round, and elimination rounds of an elimination game.

    After rounds 10, 12 and 15 the lowest total drops out while more than three play; the game
    goes on until three players have dealt out the deck (20 rounds with 60 cards); round ``k``
    deals ``k`` cards as long as the cards allow it, else as many as they allow (RULES 6).
    """
    n, size = rules.n_players, rules.deck.size
    eliminate, players = [], n
    for after in ELIMINATION_ROUNDS:
        if players > 3:
            eliminate.append(after)
            players -= 1
    n_rounds = size // players
    if eliminate and eliminate[-1] >= n_rounds:
        raise ValueError(
            f"elimination needs rounds beyond round {eliminate[-1]}; the {rules.deck.name} deck gives"
            f" {players} players only {n_rounds} rounds"
        )
    in_game = [n - sum(1 for e in eliminate if e < k) for k in range(1, n_rounds + 1)]
    hands = [min(k, size // m) for k, m in zip(range(1, n_rounds + 1), in_game, strict=True)]
    return tuple(hands), tuple(in_game), tuple(eliminate)


def _is_int(value: object) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def _sit_out_iv(sit_out: SitOut | None, n: int, n_rounds: int) -> list[set[int]]:
    out: list[set[int]] = [set() for _ in range(n_rounds)]
    if sit_out is None:
        return out
    pairs: list[tuple[object, object]] = []
    if isinstance(sit_out, Mapping):
        for rnd, listed in sit_out.items():
            players: list[object] = [listed] if isinstance(listed, (int, np.integer)) else list(listed)
            pairs += [(rnd, p) for p in players]
    else:
        try:
            pairs = [(rnd, p) for rnd, p in sit_out]
        except (TypeError, ValueError):
            raise ValueError("sit_out must map rounds to players, or be a list of (round, player) pairs") from None
    for when, who in pairs:
        if not _is_int(when) or not 1 <= when <= n_rounds:  # type: ignore[operator]
            raise ValueError(f"sit-out round {shown(when)} is not a round of this game (1..{n_rounds})")
        if not _is_int(who) or not 0 <= who < n:  # type: ignore[operator]
            raise ValueError(f"sit-out player {shown(who)} is not a player of this game (0..{n - 1})")
        rnd, player = int(when), int(who)  # type: ignore[call-overload]  # _is_int checked
        if player in out[rnd - 1]:
            raise ValueError(f"sit-out player {player} is listed twice for round {rnd}")
        out[rnd - 1].add(player)
    return out


def game_plan(
    rules: Rules,
    *,
    elimination: bool = False,
    sit_out: SitOut | None = None,
    clairvoyance: bool = False,
    first_dealer: int | str = 0,
    half: int | None = None,
) -> GamePlan:
    """Validate the game-level options and fix the plan of a game.

    Parameters
    ----------
    rules
        Players, deck, schedule and variants; the schedule is the game's hand sizes.
    elimination
        RULES 6: after rounds 10, 12, 15 the lowest total drops out while more than three play;
        the game then has its own schedule (round ``k`` deals ``k`` cards), so ``rules.schedule``
        must be the standard one. Cannot be combined with ``sit_out``.
    sit_out
        Players who sit a round out, e.g. ``{3: [1], 7: [0, 2]}`` (round from 1 -> players from 0)
        or ``[(3, 1), (7, 0)]``. A sitting-out player gets the average of the others' scores.
    clairvoyance
        RULES 4: in round 1 (which must deal one card) each player sees the others' cards, not his own.
    first_dealer
        The player who deals round 1, or ``"rotate"``: player ``game % n`` in game ``game``.
    half
        The leader is taken after this many rounds (default: half the rounds, rounded down, at least 1).
    """
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules value, got {type(rules).__name__}")
    n = rules.n_players
    elimination, clairvoyance = flag(elimination, "elimination"), flag(clairvoyance, "clairvoyance")
    if elimination:
        if n <= 3:
            raise ValueError(f"elimination drops a player while more than three play (RULES 6): {n} players never do")
        if rules.schedule != standard_schedule(n, rules.deck):
            raise ValueError("elimination has its own schedule (round k deals k cards): use the standard schedule")
        if sit_out:
            raise ValueError("elimination cannot be combined with sit_out in a simulated game")
        hands, in_game, eliminate = elimination_schedule(rules)
    else:
        hands, in_game, eliminate = rules.schedule, (n,) * rules.rounds_per_game, ()
    sits = _sit_out_iv(sit_out, n, len(hands))
    for k, who in enumerate(sits):
        if who:
            try:
                rules.replace(n_players=n - len(who), schedule=(hands[k],), placement_points=None)
            except ValueError as err:
                raise ValueError(f"round {k + 1}: {len(who)} sitting out leaves too few players: {err}") from None
    if clairvoyance and hands[0] != 1:
        raise ValueError(f"clairvoyance is played in a first round of one card; this schedule starts with {hands[0]}")
    if first_dealer == "rotate":
        dealer = None
    elif isinstance(first_dealer, (int, np.integer)) and not isinstance(first_dealer, bool) and 0 <= first_dealer < n:
        dealer = int(first_dealer)
    else:
        raise ValueError(f"first_dealer must be a player 0..{n - 1} or 'rotate', got {shown(first_dealer)}")
    half = max(1, len(hands) // 2) if half is None else whole(half, "half", 1, len(hands))
    sit_tuple = tuple(tuple(sorted(s)) for s in sits)
    return GamePlan(
        rules, tuple(hands), tuple(in_game), tuple(eliminate), sit_tuple, bool(clairvoyance), dealer, int(half)
    )


def final_places(totals: Sequence[float | Fraction], out_after: Sequence[int] | None = None) -> list[int]:
    """Competition rank of each player (0 = a winner; tied players share the better place).

    Players still in the game rank by total; a player who dropped out (``out_after[p]`` = the
    round after which, 0 if he did not) ranks below all who stayed, later drop-outs higher.

    >>> final_places([120, 90, 120, 40])
    [0, 2, 0, 3]
    >>> final_places([120, 90, 200, 40], out_after=[0, 0, 10, 12])
    [0, 1, 3, 2]
    """
    out = [0] * len(totals) if out_after is None else list(out_after)
    keys = [(0, t) if o == 0 else (-1, o) for t, o in zip(totals, out, strict=True)]
    return [sum(1 for other in keys if other > key) for key in keys]


def placement_shares(places: Sequence[int], points: Sequence[float]) -> list[float]:
    """Placement points per player from competition ranks; tied players share (RULES 7).

    >>> placement_shares([0, 2, 0, 3], (45, 30, 20, 10))
    [37.5, 20.0, 37.5, 10.0]
    """
    return placement_points([-p for p in places], points)
