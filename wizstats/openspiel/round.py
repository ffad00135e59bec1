"""What the states of one OpenSpiel Wizard game share, and the data of one round, in wizstats terms.

:class:`Setup` (the rules and tables built once per game) and :class:`RoundData` (everything
that changes in a round) are read by the game (:mod:`.game`), its observer (:mod:`.observer`)
and the resampler (:mod:`.resample`); :class:`RoundState` is what the last two need of a state,
so that neither imports the game.
"""

from __future__ import annotations

import functools
from typing import Any, Protocol

from ..reference import legal_plays, trick_winner
from ..rules import BidVisibility, Card, CardKind, Rules, Suit, TrumpChoice

__all__ = [
    "P_BID",
    "P_BLIND_TRUMP",
    "P_DEAL",
    "P_OVER",
    "P_PLAY",
    "P_TRUMP",
    "P_TURN",
    "SUIT_NAMES",
    "RoundData",
    "RoundState",
    "Setup",
]

P_TURN, P_BLIND_TRUMP, P_DEAL, P_TRUMP, P_BID, P_PLAY, P_OVER = range(7)
"""The phases of a round, in order (see :mod:`.game`)."""

SUIT_NAMES = ("blue", "red", "green", "yellow")
"""The suits by number, as actions and states print them."""


def _card_names(rules: Rules) -> list[str]:
    """Card text by id; Wizards and Jesters numbered (``W1``..``W4``, ``J1``..``J4``) so every action reads apart."""
    names, count = [], {CardKind.WIZARD: 0, CardKind.JESTER: 0}
    for i in range(rules.deck.size):
        card = rules.deck.card(i)
        if card.kind in count:
            count[card.kind] += 1
            names.append(f"{card}{count[card.kind]}")
        else:
            names.append(str(card))
    return names


class Setup:
    """What every state of one game shares: the rules and the tables built from them, once.

    Shared, never copied: cloning a state copies only its :class:`RoundData`.
    """

    def __init__(self, rules: Rules, hand_size: int) -> None:
        self.rules, self.hand_size = rules, hand_size
        self.n = rules.n_players
        self.deck_size = rules.deck.size
        self.cards: list[Card] = rules.deck.cards
        self.names = _card_names(rules)
        self.suits = [-1 if c.suit is None else int(c.suit) for c in self.cards]
        self.trump_offset = self.deck_size
        self.bid_offset = self.deck_size + 4
        self.has_turned = rules.has_trump_card(hand_size)
        self.blind = rules.trump_choice is TrumpChoice.BLIND
        self.hidden_bids = rules.bids is BidVisibility.HIDDEN

        self.legal_cards = functools.lru_cache(maxsize=1 << 16)(self._legal_cards)
        self.winner_index = functools.lru_cache(maxsize=1 << 16)(self._winner_index)

    def __deepcopy__(self, memo: dict[int, object]) -> Setup:
        return self

    def __reduce__(self) -> tuple[type[Setup], tuple[Rules, int]]:
        return Setup, (self.rules, self.hand_size)  # pickled (OpenSpiel's serialization) as what defines it

    def _legal_cards(self, hand: tuple[int, ...], led: int) -> tuple[int, ...]:
        """The cards of ``hand`` that :func:`wizstats.legal_plays` allows on a trick led in suit ``led``.

        The legal cards depend on the trick only through its led suit (RULES 5), so they are
        computed once per hand and led suit (``led``: a card of the trick that decides it, its id).
        """
        cards = self.cards
        allowed = set(legal_plays([cards[c] for c in hand], [cards[led]]))
        return tuple(c for c in hand if cards[c] in allowed)

    def _winner_index(self, trick: tuple[int, ...], trump: int | None) -> int:
        """:func:`wizstats.trick_winner` of the trick (card ids), once per trick and trump."""
        return trick_winner([self.cards[c] for c in trick], None if trump is None else Suit(trump))


class RoundData:
    """Everything that changes in a round, in wizstats terms (card ids, seats as in RULES 2).

    ``phase`` is one of ``P_TURN, P_BLIND_TRUMP, P_DEAL, P_TRUMP, P_BID, P_PLAY, P_OVER``;
    ``dealt`` the hands as dealt, ``hands`` as they are now; ``trump`` the suit or ``None``
    (``trump_pending`` while a turned Wizard waits for the dealer); ``bids[seat]`` (-1 not made);
    ``plays`` every card in play order, ``trick`` the current trick's; ``leaders``/``winners``
    per completed trick; ``won[seat]`` tricks won; ``voids[seat]`` the suits a seat has shown it
    lacks; ``deal_start``/``bid_start`` where the deal and the bids begin in the history.
    """

    __slots__ = (
        "phase",
        "turned",
        "trump",
        "trump_pending",
        "undealt",
        "dealt",
        "hands",
        "n_dealt",
        "bids",
        "n_bids",
        "leader",
        "trick",
        "plays",
        "leaders",
        "winners",
        "won",
        "voids",
        "scores",
        "n_actions",
        "deal_start",
        "bid_start",
        "legal",
    )

    def __init__(self, setup: Setup) -> None:
        n = setup.n
        self.phase = P_TURN if setup.has_turned else P_DEAL
        self.turned: int | None = None
        self.trump: int | None = None
        self.trump_pending = False
        self.undealt = list(range(setup.deck_size))
        self.dealt: list[list[int]] = [[] for _ in range(n)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.n_dealt = 0
        self.bids = [-1] * n
        self.n_bids = 0
        self.leader = 1 % n
        self.trick: list[int] = []
        self.plays: list[int] = []
        self.leaders: list[int] = []
        self.winners: list[int] = []
        self.won = [0] * n
        self.voids: list[set[int]] = [set() for _ in range(n)]
        self.scores: list[int] | None = None
        self.n_actions = 0
        self.deal_start = -1
        self.bid_start = -1
        self.legal: list[int] | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> RoundData:
        new = RoundData.__new__(RoundData)
        for name in (
            "phase",
            "turned",
            "trump",
            "trump_pending",
            "n_dealt",
            "n_bids",
            "leader",
            "n_actions",
            "deal_start",
            "bid_start",
            "legal",
            "scores",
        ):
            setattr(new, name, getattr(self, name))  # immutable, or never changed in place
        new.undealt = list(self.undealt)
        new.dealt = [list(h) for h in self.dealt]
        new.hands = [list(h) for h in self.hands]
        new.bids = list(self.bids)
        new.trick = list(self.trick)
        new.plays = list(self.plays)
        new.leaders = list(self.leaders)
        new.winners = list(self.winners)
        new.won = list(self.won)
        new.voids = [set(v) for v in self.voids]
        return new


class RoundState(Protocol):
    """What the observer and the resampler read of a state (:class:`~.game.WizardState` has it)."""

    setup: Setup
    round: RoundData

    def history(self) -> list[int]: ...

    def get_game(self) -> Any: ...

    def bid_visible(self, viewer: int, seat: int) -> bool: ...

    def trump_text(self) -> str: ...
