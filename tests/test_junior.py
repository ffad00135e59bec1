"""Wizard Junior (36 cards: 4 suits x 1..8, 2 Wizards, 2 Jesters): full rounds of every hand size for
every number of players the deck allows, on the kernels and against the reference."""

from __future__ import annotations

import pytest

from wizstats import POLICIES, simulate, trace_rounds
from wizstats.engine import seed_key
from wizstats.reference import play_random_round, replay_round
from wizstats.rules import Deck, Rules

PLAYERS = range(2, 9)  # the Junior deck is not the standard one: 2 to 8 players (wizstats.rules)


def test_junior_deck_and_schedules() -> None:
    deck = Deck.junior()
    assert (deck.size, deck.n_suits, deck.n_ranks, deck.n_wizards, deck.n_jesters) == (36, 4, 8, 2, 2)
    for n in PLAYERS:
        assert Rules(n, deck="junior").schedule == tuple(range(1, 36 // n + 1))
    with pytest.raises(ValueError, match="2 to 8 players"):
        Rules(9, deck="junior")


@pytest.mark.parametrize("n", PLAYERS)
def test_random_rounds_match_the_reference_card_by_card(n: int) -> None:
    """The random policy draws from the round's stream as the reference does: every round, every hand
    size, identical deal, trump, bids, plays and winners (the last round deals all 36 cards when n divides 36)."""
    rules = Rules(n, deck="junior")
    key = seed_key(n)
    for r in rules.schedule:
        trace = trace_rounds(rules, r, 8, policies="random", seed=n)
        for i in range(8):
            rec = play_random_round(rules, r, key, i)
            assert trace.hands[i].tolist() == rec.hands
            assert trace.turned[i] == (-1 if rec.turned is None else rec.turned)
            assert trace.trump[i] == (-1 if rec.trump is None else rec.trump)
            assert trace.bids[i].tolist() == rec.bids and trace.plays[i].tolist() == rec.plays
            assert trace.winners[i].tolist() == rec.winners and trace.tricks[i].tolist() == rec.tricks


@pytest.mark.parametrize("policy", ["heuristic", "baseline"])
@pytest.mark.parametrize("n", PLAYERS)
def test_policy_rounds_are_legal(n: int, policy: str) -> None:
    """Every play of the policy players is legal and every trick goes where the rules say."""
    assert policy in POLICIES, f"the {policy} policy is no longer registered"
    rules = Rules(n, deck="junior", plus_minus_one=True)
    for r in rules.schedule:
        trace = trace_rounds(rules, r, 6, policies=policy, seed=r)
        for i in range(6):
            rec = replay_round(
                rules,
                r,
                trace.hands[i].tolist(),
                None if trace.turned[i] < 0 else int(trace.turned[i]),
                None if trace.trump[i] < 0 else int(trace.trump[i]),
                trace.bids[i].tolist(),
                trace.plays[i].tolist(),
            )
            assert rec.winners == trace.winners[i].tolist() and sum(rec.tricks) == r


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_every_policy_simulates_every_junior_round(policy: str) -> None:
    for n in PLAYERS:
        rules = Rules(n, deck="junior")
        for r in rules.schedule:
            res = simulate(n, r, 16, rules=rules, policies=policy, seed=2)
            assert res.counts.sum() == 16 * n
            assert sum(t * res.counts[:, :, t].sum() for t in range(r + 1)) == 16 * r  # every trick is taken
