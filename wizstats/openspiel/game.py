"""Wizard as an OpenSpiel Python game: one round, every rule from wizstats.

The rules are not written again here: the legal cards come from :func:`wizstats.legal_plays`,
the trick winner from :func:`wizstats.trick_winner`, the dealer's forbidden bid from
:meth:`wizstats.Rules.forbidden_bid`, the scores from :func:`wizstats.score_round`, and the
variants are a validated :class:`wizstats.Rules`. This module only sequences a round the
OpenSpiel way and describes what each player knows.

A round, as OpenSpiel sees it (seats as in wizstats, RULES 2: player 0 deals, player 1 bids
first and leads the first trick):

1. chance turns the trump card (skipped when the round deals every card: no trump, RULES 3);
2. blind trump (``trump_choice="blind"``) after a turned Wizard: player 0 names a suit;
3. chance deals ``players x hand_size`` cards one at a time, player 1 first, round the table;
4. trump after looking (the default) after a turned Wizard: player 0 names a suit;
5. bids in order 1, 2, ..., 0 (plus/minus one: the dealer may not make the bids add up);
6. the tricks; the returns are the round's scores.

Turning the card before the deal instead of after it changes nothing in distribution (the
turned card is uniform over the deck, the hands uniform over the rest, either way), and lets
a blind dealer name trump in a state where his hand does not exist yet.

Actions: a card is its wizstats deck id (``0 .. deck-1``; Wizards and Jesters keep their
distinct ids, so a hand with two Wizards has two Wizard actions, as the kernel's ``random``
policy counts hand positions); trump suit ``s`` is ``deck + s``; bid ``b`` is ``deck + 4 + b``.
Chance outcomes are card ids.
"""

from __future__ import annotations

import random

import pyspiel

from ..engine import RoundView
from ..reference import led_suit
from ..rules import BidVisibility, CardKind, Rules, TrumpChoice, score_round
from .observer import WizardObserver
from .resample import resample
from .round import P_BID, P_BLIND_TRUMP, P_DEAL, P_OVER, P_PLAY, P_TRUMP, P_TURN, SUIT_NAMES, RoundData, Setup

__all__ = ["DEFAULT_PARAMS", "GAME_TYPE", "RoundData", "Setup", "WizardGame", "WizardState", "rules_from_params"]

SHORT_NAME = "wizard"

DEFAULT_PARAMS: dict[str, object] = {
    "players": 4,
    "hand_size": 3,
    "plus_minus_one": False,
    "trump_choice": "after-look",
    "hidden_bids": False,
    "scoring": "standard",
    "deck": "standard",
}
"""The parameters and their defaults: the standard game of ``wizstats.Rules(4)``, a round of 3 cards."""

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Wizard (one round, wizstats rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMS,
)


def _int_param(p: dict[str, object], name: str) -> int:
    value = p[name]
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"wizard parameter {name} must be a whole number, got {value!r}")
    return value


def _bool_param(p: dict[str, object], name: str) -> bool:
    value = p[name]
    if not isinstance(value, bool):
        raise ValueError(f"wizard parameter {name} must be true or false, got {value!r}")
    return value


def rules_from_params(params: dict[str, object]) -> tuple[Rules, int]:
    """The :class:`wizstats.Rules` and hand size that OpenSpiel parameters describe (``ValueError`` when invalid)."""
    p = {**DEFAULT_PARAMS, **params}
    unknown = sorted(set(p) - set(DEFAULT_PARAMS))
    if unknown:
        raise ValueError(f"wizard has no parameter {unknown[0]!r} (it takes: {', '.join(DEFAULT_PARAMS)})")
    n, hand_size = _int_param(p, "players"), _int_param(p, "hand_size")
    plus_minus_one, hidden_bids = _bool_param(p, "plus_minus_one"), _bool_param(p, "hidden_bids")
    trump_choice = str(p["trump_choice"]).lower()
    if trump_choice not in {t.value for t in TrumpChoice}:
        raise ValueError(f"wizard parameter trump_choice must be 'after-look' or 'blind', got {p['trump_choice']!r}")
    if not 3 <= n <= 6:
        raise ValueError(f"wizard is played by 3 to 6 players, got {n}")
    rules = Rules(
        n,
        deck=str(p["deck"]),
        schedule=(hand_size,),
        plus_minus_one=plus_minus_one,
        trump_choice=trump_choice,
        bids=BidVisibility.HIDDEN if hidden_bids else BidVisibility.OPEN,
        scoring=str(p["scoring"]),
    )
    if rules.deck.n_suits != 4 or rules.deck.specials:
        raise ValueError(f"wizard needs a deck of 4 suits and no special cards, got {rules.deck.describe()}")
    return rules, hand_size


class WizardGame(pyspiel.Game):
    """One round of Wizard as a ``pyspiel`` game (short name ``"wizard"``); see :data:`DEFAULT_PARAMS`."""

    def __init__(self, params: dict[str, object] | None = None) -> None:
        params = {**DEFAULT_PARAMS, **(params or {})}
        rules, hand_size = rules_from_params(params)
        self.setup = Setup(rules, hand_size)
        n, r, size = rules.n_players, hand_size, rules.deck.size
        points = [score_round(b, t, rules, hand_size=r) for b in range(r + 1) for t in range(r + 1)]
        info = pyspiel.GameInfo(
            num_distinct_actions=size + 4 + r + 1,
            max_chance_outcomes=size,
            num_players=n,
            min_utility=float(min(points)),
            max_utility=float(max(points)),
            utility_sum=None,
            max_game_length=1 + n + n * r,
        )
        super().__init__(GAME_TYPE, info, params)

    @property
    def rules(self) -> Rules:
        """The round's rules (one-round schedule)."""
        return self.setup.rules

    @property
    def hand_size(self) -> int:
        """Cards per hand."""
        return self.setup.hand_size

    def new_initial_state(self) -> WizardState:
        """The state before the trump card is turned (or, when every card is dealt, before the deal)."""
        return WizardState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """An observer for information states (``perfect_recall``) or observations."""
        if params:
            raise ValueError(f"the wizard observer takes no parameters, got {params}")
        return WizardObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), self.setup)


class WizardState(pyspiel.State):
    """A state of one round; ``state.round`` (:class:`RoundData`) describes it in wizstats terms."""

    def __init__(self, game: WizardGame) -> None:
        super().__init__(game)
        self.setup = game.setup
        self.round = RoundData(game.setup)

    # ------------------------------------------------------------------ the OpenSpiel API
    def current_player(self) -> int:
        """The player to move, ``CHANCE`` while the card is turned and the deal runs, ``TERMINAL`` at the end."""
        d = self.round
        phase = d.phase
        if phase == P_PLAY:
            return (d.leader + len(d.trick)) % self.setup.n
        if phase == P_BID:
            return (1 + d.n_bids) % self.setup.n
        if phase in (P_TURN, P_DEAL):
            return pyspiel.PlayerId.CHANCE
        if phase == P_OVER:
            return pyspiel.PlayerId.TERMINAL
        return 0  # the dealer names trump

    def is_terminal(self) -> bool:
        return self.round.phase == P_OVER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not dealt or turned yet, each equally likely."""
        undealt = self.round.undealt
        p = 1.0 / len(undealt)
        return [(c, p) for c in undealt]

    def _legal_actions(self, player: int) -> list[int]:
        d = self.round
        if d.legal is None:
            d.legal = self._compute_legal()
        return list(d.legal)

    def _compute_legal(self) -> list[int]:
        s, d = self.setup, self.round
        if d.phase == P_PLAY:
            hand = d.hands[(d.leader + len(d.trick)) % s.n]
            led = self._led_card()
            return list(hand) if led < 0 else list(s.legal_cards(tuple(hand), led))
        if d.phase == P_BID:
            r = s.hand_size
            forbidden = None
            if d.n_bids == s.n - 1:  # the dealer bids last
                forbidden = s.rules.forbidden_bid(r, d.bids[1:])
            return [s.bid_offset + b for b in range(r + 1) if b != forbidden]
        if d.phase in (P_TRUMP, P_BLIND_TRUMP):
            return [s.trump_offset + u for u in range(4)]
        return []

    def _apply_action(self, action: int) -> None:
        s, d = self.setup, self.round
        d.legal = None
        phase = d.phase
        d.n_actions += 1
        if phase == P_PLAY:
            self._play(action)
        elif phase == P_BID:
            if d.n_bids == 0:
                d.bid_start = d.n_actions - 1
            d.bids[(1 + d.n_bids) % s.n] = action - s.bid_offset
            d.n_bids += 1
            if d.n_bids == s.n:
                d.phase = P_PLAY
        elif phase == P_DEAL:
            if d.n_dealt == 0:
                d.deal_start = d.n_actions - 1
            d.undealt.remove(action)
            d.dealt[(1 + d.n_dealt) % s.n].append(action)
            d.n_dealt += 1
            if d.n_dealt == s.n * s.hand_size:
                for hand in d.dealt:
                    hand.sort()
                d.hands = [list(h) for h in d.dealt]
                d.phase = P_TRUMP if d.trump_pending else P_BID
        elif phase == P_TURN:
            d.undealt.remove(action)
            d.turned = action
            card = s.cards[action]
            if card.kind is CardKind.WIZARD:
                d.trump_pending = True
                d.phase = P_BLIND_TRUMP if s.blind else P_DEAL
            else:
                d.trump = None if card.suit is None else int(card.suit)
                d.phase = P_DEAL
        else:  # a trump suit named
            d.trump = action - s.trump_offset
            d.trump_pending = False
            d.phase = P_DEAL if phase == P_BLIND_TRUMP else P_BID

    def _led_card(self) -> int:
        """The card of the current trick whose suit must be followed (:func:`wizstats.reference.led_suit`), or -1."""
        s, trick = self.setup, self.round.trick
        if not trick:
            return -1
        suit = led_suit([s.cards[c] for c in trick])
        if suit is None:
            return -1
        return next(c for c in trick if s.suits[c] == int(suit))

    def _play(self, card: int) -> None:
        s, d = self.setup, self.round
        seat = (d.leader + len(d.trick)) % s.n
        led = self._led_card()
        if led >= 0 and 0 <= s.suits[card] != s.suits[led]:
            d.voids[seat].add(s.suits[led])
        d.hands[seat].remove(card)
        d.trick.append(card)
        d.plays.append(card)
        if len(d.trick) < s.n:
            return
        winner = (d.leader + s.winner_index(tuple(d.trick), d.trump)) % s.n
        d.leaders.append(d.leader)
        d.winners.append(winner)
        d.won[winner] += 1
        d.leader = winner
        d.trick = []
        if len(d.winners) == s.hand_size:
            d.scores = [score_round(d.bids[q], d.won[q], s.rules, hand_size=s.hand_size) for q in range(s.n)]
            d.phase = P_OVER

    def returns(self) -> list[float]:
        """The round's scores at the end (standard: 20 + 10 per trick for an exact bid, -10 per trick off), else 0."""
        scores = self.round.scores
        if scores is None:
            return [0.0] * self.setup.n
        return [float(x) for x in scores]

    def _action_to_string(self, player: int, action: int) -> str:
        s = self.setup
        if player == pyspiel.PlayerId.CHANCE:
            return ("Turn " if self.round.phase == P_TURN else "Deal ") + s.names[action]
        if action < s.deck_size:
            return s.names[action]
        if action < s.bid_offset:
            return "Trump " + SUIT_NAMES[action - s.trump_offset]
        return f"Bid {action - s.bid_offset}"

    def __str__(self) -> str:
        s, d = self.setup, self.round
        names = s.names
        turned = "none" if d.turned is None else names[d.turned]
        lines = [f"{s.rules.describe()}; hand size {s.hand_size}; player 0 deals"]
        lines.append(f"turned: {turned}; trump: {self.trump_text()}")
        for q in range(s.n):
            bid = "-" if d.bids[q] < 0 else str(d.bids[q])
            lines.append(f"player {q}: {' '.join(names[c] for c in d.hands[q])} | bid {bid} | won {d.won[q]}")
        for t, leader in enumerate(d.leaders):
            cards = d.plays[t * s.n : (t + 1) * s.n]
            lines.append(f"trick {t + 1} (lead {leader}): {' '.join(names[c] for c in cards)} -> {d.winners[t]}")
        if d.trick:
            lines.append(f"trick {len(d.leaders) + 1} (lead {d.leader}): {' '.join(names[c] for c in d.trick)}")
        if d.scores is not None:
            lines.append("scores: " + " ".join(str(x) for x in d.scores))
        return "\n".join(lines)

    # ------------------------------------------------------------------ helpers
    def trump_text(self) -> str:
        """``blue``..``yellow``, ``none``, ``?`` (a Wizard turned, not named yet) or ``-`` (nothing turned yet)."""
        d = self.round
        if d.trump is not None:
            return SUIT_NAMES[d.trump]
        if d.trump_pending:
            return "?"
        return "-" if d.phase == P_TURN else "none"

    def bid_visible(self, viewer: int, seat: int) -> bool:
        """Whether ``viewer`` sees the bid of ``seat`` now (hidden bids: only his own until all are made)."""
        d = self.round
        if d.bids[seat] < 0:
            return False
        return viewer == seat or not self.setup.hidden_bids or d.n_bids == self.setup.n

    def resample_from_infostate(self, player_id: int, probability_sampler) -> WizardState:
        """A state the player cannot tell from this one, drawn as chance would draw it (see :mod:`.resample`)."""
        return resample(self, player_id, random.Random(int(probability_sampler() * (1 << 53))))

    def view(self) -> RoundView:
        """The round so far as a :class:`wizstats.engine.RoundView` (card ids, seats), for wizstats policies."""
        s, d = self.setup, self.round
        dealt = d.n_dealt == s.n * s.hand_size
        return RoundView(
            [list(h) for h in d.dealt] if dealt else [[] for _ in range(s.n)],
            d.turned,
            d.trump,
            [d.bids[(1 + k) % s.n] for k in range(d.n_bids)],
            list(d.plays),
        )
