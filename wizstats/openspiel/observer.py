"""What a player knows in a Wizard state, as OpenSpiel strings and tensors.

One observer class serves both of OpenSpiel's views (``pyspiel.IIGObservationType``):

- information state (``perfect_recall=True``): everything the player has seen, in order: his
  hand as dealt, the turned card, trump, the bids he may see, and every card played, trick by
  trick with its leader;
- observation (``perfect_recall=False``): the state as it lies on the table now: his current
  hand, the turned card, trump, the visible bids, the tricks each player has won, the cards
  of the current trick and its leader, and the set of cards played in earlier tricks.

``private_info`` picks whose hands are shown (the player's own, every player's, or none);
``public_info=False`` leaves out everything public. Bids made under hidden bids are private
to their bidder until the last bid is made.

Tensor pieces (``observer.dict``), all 0/1: ``player[n]``; ``hand[deck]`` (or
``hands[n, deck]``); ``turned[deck]``; ``trump[5]`` (the four suits, then "no trump"; all 0
while unknown); ``bids[n, r + 1]``; information state: ``plays[r, n, deck]`` (trick, position
in the trick, card) and ``leaders[r, n]``; observation: ``won[n, r + 1]``, ``trick[n, deck]``,
``leader[n]``, ``played[deck]``.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from .round import P_PLAY, P_TURN, RoundState, Setup

__all__ = ["WizardObserver"]


class WizardObserver:
    """Observer of Wizard states, conforming to OpenSpiel's ``PyObserver`` interface."""

    def __init__(self, iig_obs_type: pyspiel.IIGObservationType, setup: Setup) -> None:
        self.setup = setup
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.public = bool(iig_obs_type.public_info)
        self.private = iig_obs_type.private_info
        n, r, deck = setup.n, setup.hand_size, setup.deck_size
        pieces: list[tuple[str, tuple[int, ...]]] = [("player", (n,))]
        if self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            pieces.append(("hand", (deck,)))
        elif self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            pieces.append(("hands", (n, deck)))
        if self.public:
            pieces += [("turned", (deck,)), ("trump", (5,)), ("bids", (n, r + 1))]
            if self.perfect_recall:
                pieces += [("plays", (r, n, deck)), ("leaders", (r, n))]
            else:
                pieces += [("won", (n, r + 1)), ("trick", (n, deck)), ("leader", (n,)), ("played", (deck,))]
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, shape in pieces:
            k = int(np.prod(shape))
            self.dict[name] = self.tensor[at : at + k].reshape(shape)
            at += k

    def _sees_bid(self, state: RoundState, player: int, seat: int) -> bool:
        if state.round.bids[seat] < 0:
            return False
        if seat == player and self.private != pyspiel.PrivateInfoType.NONE:
            return True
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return True
        return self.public and state.bid_visible(-1, seat)

    def _hands(self, state: RoundState, player: int) -> list[tuple[int, list[int]]]:
        """The hands this view shows: (seat, cards); dealt hands for information states, current ones otherwise."""
        d = state.round
        if d.n_dealt < self.setup.n * self.setup.hand_size:
            return []  # the deal is not over: a player looks at his cards once he has them all
        source = d.dealt if self.perfect_recall else d.hands
        if self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return [(player, source[player])]
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return list(enumerate(source))
        return []

    @staticmethod
    def _tricks(state: RoundState) -> list[tuple[int, list[int]]]:
        """Every trick begun, as (leader, cards in play order)."""
        d, n = state.round, state.setup.n
        leaders = d.leaders + ([d.leader] if d.trick else [])
        return [(leader, d.plays[t * n : (t + 1) * n]) for t, leader in enumerate(leaders)]

    def set_from(self, state: RoundState, player: int) -> None:
        """Fill :attr:`tensor` with ``state`` as ``player`` sees it."""
        self.tensor.fill(0)
        t, d = self.dict, state.round
        t["player"][player] = 1
        for seat, cards in self._hands(state, player):
            target = t["hand"] if "hand" in t else t["hands"][seat]
            target[cards] = 1
        if not self.public:
            return
        if d.turned is not None:
            t["turned"][d.turned] = 1
        if d.trump is not None:
            t["trump"][d.trump] = 1
        elif not d.trump_pending and d.phase != P_TURN:
            t["trump"][4] = 1
        for seat in range(self.setup.n):
            if self._sees_bid(state, player, seat):
                t["bids"][seat, d.bids[seat]] = 1
        if self.perfect_recall:
            for k, (leader, cards) in enumerate(self._tricks(state)):
                t["leaders"][k, leader] = 1
                for pos, card in enumerate(cards):
                    t["plays"][k, pos, card] = 1
            return
        for seat in range(self.setup.n):
            t["won"][seat, d.won[seat]] = 1
        for pos, card in enumerate(d.trick):
            t["trick"][pos, card] = 1
        if d.phase >= P_PLAY:
            t["leader"][d.leader] = 1
        t["played"][d.plays[: len(d.plays) - len(d.trick)]] = 1

    def string_from(self, state: RoundState, player: int) -> str:
        """``state`` as ``player`` sees it, as one line (the information state or the observation)."""
        names, n, d = self.setup.names, self.setup.n, state.round
        parts = [f"p{player}"]
        for seat, cards in self._hands(state, player):
            parts.append(f"hand{seat}:" + " ".join(names[c] for c in cards))
        if not self.public:
            return " ".join(parts)
        parts.append("turned:" + ("-" if d.turned is None else names[d.turned]))
        parts.append("trump:" + state.trump_text())
        bids = [str(d.bids[q]) if self._sees_bid(state, player, q) else "?" for q in range(n)]
        parts.append("bids:" + ",".join(bids[(1 + k) % n] for k in range(d.n_bids)))
        if self.perfect_recall:
            for k, (leader, cards) in enumerate(self._tricks(state)):
                parts.append(f"t{k + 1}@{leader}:" + " ".join(names[c] for c in cards))
            return " ".join(parts)
        parts.append("won:" + ",".join(str(w) for w in d.won))
        if d.phase >= P_PLAY:
            parts.append(f"trick@{d.leader}:" + " ".join(names[c] for c in d.trick))
        parts.append("played:" + " ".join(names[c] for c in sorted(d.plays[: len(d.plays) - len(d.trick)])))
        return " ".join(parts)
