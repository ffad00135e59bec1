"""One decision at a time: ask a wizstats policy what to do in a given round state.

The simulator plays whole rounds inside a kernel. An outside engine (OpenSpiel, a user
interface, a test) instead reaches a state by its own means and wants the policy's move
there. :class:`PolicyDecider` rebuilds the state in the kernel's round layout by replaying
the round with the kernel's own moves (:mod:`wizstats._kernels.engine.decide`) and asks the seat to
move: the dealer to name trump after a turned Wizard, a seat to bid, a seat to play. The
policy sees exactly what it sees in a simulated round (its hand, the public cards, the trick,
the voids shown, the bids it may see), so its choice is the one it would make there; with
the same random stream it is the same choice, draw for draw (``tests/test_openspiel_game.py``
replays traced rounds and checks every decision).

>>> from wizstats import Rules, Deck
>>> deck = Deck.standard()
>>> hands = [deck.indices(h) for h in ("B1 B2", "W R13", "J G5", "Y7 Y8")]
>>> decider = PolicyDecider(Rules(4), 2, "heuristic", seed=1)
>>> view = RoundView(hands, turned=deck.index("R2"), trump=1, bids=[], plays=[])
>>> decider.decide(view)
Decision(kind='bid', seat=1, value=2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ..players import DEFAULT_POLICY, Policies, resolve_policies
from ..reference import RoundRng
from ..rules import CardKind, Rules
from .setup import round_setup, seed_key

__all__ = ["Decision", "PolicyDecider", "RoundView"]

_KINDS = {0: "trump", 1: "bid", 2: "card"}


@dataclass(frozen=True)
class RoundView:
    """A round as it stands, in card ids of the rules' deck; seats as in RULES 2 (seat 0 deals).

    Parameters
    ----------
    hands
        The hands as dealt (``hand_size`` card ids per seat), or empty lists before the deal
        (blind trump: the dealer names trump before the cards are dealt).
    turned
        The turned card's id, ``None`` when every card is dealt.
    trump
        The trump suit (0..3), ``None`` for no trump, or, when a Wizard is turned, ``None``
        until the dealer has named it.
    bids
        The bids made so far, in bidding order (seat 1 first, the dealer last).
    plays
        The cards played so far, in play order (seat 1 leads the first trick; the winner of a
        trick leads the next).
    """

    hands: Sequence[Sequence[int]]
    turned: int | None
    trump: int | None
    bids: Sequence[int] = field(default_factory=list)
    plays: Sequence[int] = field(default_factory=list)


@dataclass(frozen=True)
class Decision:
    """A policy's move: ``kind`` ``"trump"`` (``value``: the suit), ``"bid"`` (the bid) or ``"card"`` (the card id)."""

    kind: str
    seat: int
    value: int


class PolicyDecider:
    """Asks wizstats policies for one decision at a time, in rounds of one size under one set of rules.

    Parameters
    ----------
    rules
        The rules (standard engine: no special cards).
    hand_size
        Cards per hand.
    policies
        One policy for every seat, or one per seat (seat 0 = dealer), as for :func:`wizstats.simulate`.
    seed
        Seeds the random stream the policies draw from (``random``, blind trump, the search
        players); :attr:`rng_state` reads or sets it.
    """

    def __init__(self, rules: Rules, hand_size: int, policies: Policies = DEFAULT_POLICY, *, seed: int = 0) -> None:
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a Rules value, got {type(rules).__name__}")
        if not isinstance(hand_size, (int, np.integer)) or not 1 <= hand_size <= rules.max_hand_size:
            raise ValueError(
                f"hand_size {hand_size!r} is impossible: {rules.n_players} players and {rules.deck.size} cards"
                f" allow 1 to {rules.max_hand_size}"
            )
        self.rules, self.hand_size = rules, int(hand_size)
        self.policies, self._ids, self._params = resolve_policies(policies, rules.n_players)
        self._tab, self._st0 = round_setup(rules, self.hand_size)
        self._rng = np.array([RoundRng(seed_key(seed), 0).state], np.uint64)
        n, r = rules.n_players, self.hand_size
        self._hands = np.zeros((n, r), np.int64)
        self._hand_len = np.zeros(n, np.int64)
        self._bids = np.full(n, -1, np.int64)
        self._plays = np.zeros(n * r, np.int64)
        self._wizards = {i for i in range(rules.deck.size) if rules.deck.kinds[i] == CardKind.WIZARD}

    @property
    def rng_state(self) -> int:
        """The state of the policies' random stream (SplitMix64, as :class:`wizstats.reference.RoundRng`)."""
        return int(self._rng[0])

    @rng_state.setter
    def rng_state(self, value: int) -> None:
        self._rng[0] = np.uint64(int(value) & ((1 << 64) - 1))

    def _load(self, view: RoundView) -> tuple[object, ...]:
        """Copy ``view`` into the kernel's arrays; returns the round's arguments of the decide kernels.

        ``hands, hand_len, turned, trump code, bids, bids made, plays, cards played``, in the
        order :func:`~wizstats._kernels.engine.decide.decide` and ``replay_view`` take them.
        """
        n, r = self.rules.n_players, self.hand_size
        if len(view.hands) != n:
            raise ValueError(f"expected {n} hands, got {len(view.hands)}")
        dealt = len(view.hands[0])
        if dealt not in (0, r) or any(len(h) != dealt for h in view.hands):
            raise ValueError(f"every hand holds {r} cards (or none before the deal)")
        for s, hand in enumerate(view.hands):
            self._hands[s, :dealt] = sorted(hand)
            self._hand_len[s] = dealt
        if len(view.bids) > n or len(view.plays) > n * r:
            raise ValueError(f"at most {n} bids and {n * r} plays, got {len(view.bids)} and {len(view.plays)}")
        self._bids[:] = -1
        for k, bid in enumerate(view.bids):
            self._bids[(1 + k) % n] = bid
        self._plays[: len(view.plays)] = view.plays
        turned = -1 if view.turned is None else int(view.turned)
        trump = -1 if view.trump is None else int(view.trump)
        if view.trump is None and turned in self._wizards:
            trump = -2  # the dealer has not named it yet
        return self._hands, self._hand_len, turned, trump, self._bids, len(view.bids), self._plays, len(view.plays)

    @staticmethod
    def _check_replayed(kind: int, view: RoundView) -> None:
        """A negative ``kind`` from the kernels: play ``-1 - kind`` was not in its player's hand."""
        if kind < 0:
            raise ValueError(f"play {-1 - kind} ({view.plays[-1 - kind]}) is not in its player's hand")

    def decide(self, view: RoundView) -> Decision:
        """The move the policy of the seat to move makes in ``view``.

        The state must be one the rules allow (check it with :func:`wizstats.reference.replay_round`
        when in doubt); a card played that is not in its player's hand is a ``ValueError``.
        """
        from .._kernels.engine.decide import D_NONE, decide  # numba: imported on first use

        kind, seat, value = decide(self._tab, self._st0, self._ids, self._params, *self._load(view), self._rng)
        self._check_replayed(kind, view)
        if kind == D_NONE:
            raise ValueError("nothing to decide: the round is over (or the cards are not dealt yet)")
        return Decision(_KINDS[int(kind)], int(seat), int(value))

    def engine_view(self, view: RoundView) -> tuple[str, int, list[int], list[int], list[int]]:
        """What the kernel's rules make of ``view``: ``(kind due, seat, legal cards, trick winners, tricks)``.

        ``kind`` is ``"trump"``, ``"bid"``, ``"card"`` or ``"none"``; the legal cards are given
        only when a card is due. For cross-checks of other engines against the kernel.
        """
        from .._kernels.engine.decide import replay_view  # numba: imported on first use

        n, r = self.rules.n_players, self.hand_size
        legal = np.zeros(r, np.int64)
        winners = np.full(r, -1, np.int64)
        tricks = np.zeros(n, np.int64)
        kind, seat = replay_view(self._tab, self._st0, *self._load(view), legal, winners, tricks)
        self._check_replayed(kind, view)
        return (
            _KINDS.get(int(kind), "none"),
            int(seat),
            [int(c) for c in legal if c >= 0],
            [int(w) for w in winners if w >= 0],
            [int(t) for t in tricks],
        )
