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

from .game import P_PLAY, P_TURN, Setup, WizardState

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

    def _sees_bid(self, state: WizardState, player: int, seat: int) -> bool:
        if state.round.bids[seat] < 0:
            return False
        if seat == player and self.private != pyspiel.PrivateInfoType.NONE:
            return True
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return True
        return self.public and state.bid_visible(-1, seat)

    def _hands(self, state: WizardState, player: int) -> list[tuple[int, list[int]]]:
        """The hands this view shows: (seat, cards); dealt hands for information states, current ones otherwise."""
        source = state.round.dealt if self.perfect_recall else state.round.hands
        if state.round.n_dealt < self.setup.n * self.setup.hand_size:
            return []  # the deal is not over: a player looks at his cards once he has them all
        if self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return [(player, source[player])]
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return list(enumerate(source))
        return []

    def set_from(self, state: WizardState, player: int) -> None:
        """Fill :attr:`tensor` with ``state`` as ``player`` sees it."""
        self.tensor.fill(0)
        d = self.dict
        n = self.setup.n
        d["player"][player] = 1
        for seat, cards in self._hands(state, player):
            target = d["hand"] if "hand" in d else d["hands"][seat]
            target[cards] = 1
        if not self.public:
            return
        if state.round.turned is not None:
            d["turned"][state.round.turned] = 1
        if state.round.trump is not None:
            d["trump"][state.round.trump] = 1
        elif not state.round.trump_pending and state.round.phase != P_TURN:
            d["trump"][4] = 1
        for seat in range(n):
            if self._sees_bid(state, player, seat):
                d["bids"][seat, state.round.bids[seat]] = 1
        if self.perfect_recall:
            for i, card in enumerate(state.round.plays):
                d["plays"][i // n, i % n, card] = 1
            for t in range(len(state.round.leaders) + (1 if state.round.trick else 0)):
                d["leaders"][t, state.round.leaders[t] if t < len(state.round.leaders) else state.round.leader] = 1
        else:
            for seat in range(n):
                d["won"][seat, state.round.won[seat]] = 1
            for k, card in enumerate(state.round.trick):
                d["trick"][k, card] = 1
            if state.round.phase >= P_PLAY:
                d["leader"][state.round.leader] = 1
            done = len(state.round.plays) - len(state.round.trick)
            d["played"][state.round.plays[:done]] = 1

    def string_from(self, state: WizardState, player: int) -> str:
        """``state`` as ``player`` sees it, as one line (the information state or the observation)."""
        names = self.setup.names
        n = self.setup.n
        parts = [f"p{player}"]
        for seat, cards in self._hands(state, player):
            parts.append(f"hand{seat}:" + " ".join(names[c] for c in cards))
        if self.public:
            parts.append("turned:" + ("-" if state.round.turned is None else names[state.round.turned]))
            parts.append("trump:" + state.trump_text())
            bids = [str(state.round.bids[q]) if self._sees_bid(state, player, q) else "?" for q in range(n)]
            parts.append("bids:" + ",".join(bids[(1 + k) % n] for k in range(state.round.n_bids)))
            if self.perfect_recall:
                for t, leader in enumerate([*state.round.leaders, state.round.leader][: len(state.round.leaders) + bool(state.round.trick)]):
                    cards = state.round.plays[t * n : (t + 1) * n]
                    parts.append(f"t{t + 1}@{leader}:" + " ".join(names[c] for c in cards))
            else:
                parts.append("won:" + ",".join(str(w) for w in state.round.won))
                if state.round.phase >= P_PLAY:
                    parts.append(f"trick@{state.round.leader}:" + " ".join(names[c] for c in state.round.trick))
                done = len(state.round.plays) - len(state.round.trick)
                parts.append("played:" + " ".join(names[c] for c in sorted(state.round.plays[:done])))
        return " ".join(parts)
