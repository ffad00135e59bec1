"""The trick winner and the legal plays on bitboards: a hand, a suit or the cards seen is one 64-bit set.

Why a second home besides :mod:`.core`: decks of at most 64 cards (standard, junior, Oh Hell)
fit a card set in one register, and the hot loops that play many rounds or rollouts keep
no round state at all: the bitboard random kernel (:mod:`..engine.fastrandom`, every seat
``random``) and the heuristic's view and rollouts (:mod:`..players.playout`, which the
heuristic's card play, ``pimc`` and ``rollout`` go through). Both decide tricks and legal
plays here, on card sets, where :mod:`.core` reads hand positions and the deck's table; the
rules are those of :func:`.core.legal_mask` and :func:`.core.beats_card` (RULES 5), and
``tests/test_kernels.py`` holds these functions to :func:`wizstats.reference.legal_plays` and
:func:`wizstats.reference.trick_winner` over many random tricks.

The functions take their sets as ``int64`` (the random kernel) or ``uint64`` (the views):
numba compiles one version per type, and no function mixes the two (a mix of ``int64`` and
``uint64`` would turn into ``float64``).
"""

from __future__ import annotations

from ..jit import hotjit
from .core import K_SUIT, K_WIZARD

WIZARD_KEY = 1024
"""Key of a Wizard: above every suit card's key, trump and led suit included."""
TRUMP_KEY = 512
"""Added to the key of a trump."""
LED_KEY = 256
"""Added to the key of a card of the led suit (above every rank + 1 of a deck of 64 cards)."""


@hotjit
def card_key(kind, rank):
    """A card's trick key before trump and led suit: Jester 0, a suit card ``rank + 1``, a Wizard 1024."""
    if kind == K_SUIT:
        return rank + 1
    return WIZARD_KEY if kind == K_WIZARD else 0


@hotjit
def trick_key(key, card, trumps, led):
    """The key that orders the cards of one trick: ``key`` (:func:`card_key`) plus 512 for a trump, 256 for the led suit.

    ``card`` is the card's one-bit set, ``trumps`` the trump suit's cards (empty: no trump),
    ``led`` the led suit's cards (empty while no suit is led: only Jesters so far, or a Wizard
    led). The trick winner: a later card takes the trick from the best so far exactly when its
    key is strictly higher (the first Wizard wins, a Jester never takes over from a card, the
    first suit card takes over from Jesters, a trump beats the led suit, another suit never
    wins, ties keep the earlier card): :func:`.core.beats_card`. Without branches, since the
    cards are random and branches on them would mispredict. A card that itself sets the led
    suit may be keyed with ``led`` empty: it beats only Jesters then, as with its own suit.
    """
    return key + (TRUMP_KEY if trumps & card else 0) + (LED_KEY if led & card else 0)


@hotjit
def legal_set(hand, led, free):
    """The cards of ``hand`` that may be played: :func:`.core.legal_mask` on card sets.

    ``led`` holds the led suit's cards (empty when no suit is led), ``free`` the cards of no
    suit (Wizards and Jesters; bits of cards outside the deck do not matter). A hand that holds
    a card of the led suit plays one of those or a free card; any other hand plays anything.
    """
    follow = hand & led
    if follow:
        return follow | (hand & free)
    return hand
