"""One decision at a time (``wizstats.engine.decide``) against the kernel's own rounds.

``trace_rounds`` plays rounds in the batch kernel and records every card; replaying each round
through :class:`PolicyDecider`, with the random stream where the kernel had it after the deal,
must reproduce every decision of every policy (trump, bids, cards), draw for draw: the state the
decider rebuilds is the state the kernel played in. Also: the rules the decider's replay applies
(legal cards, trick winners, tricks) against the reference engine's replay of the same rounds.
"""

from __future__ import annotations

import pytest

from wizstats import CardKind, Policy, Rules
from wizstats.engine import PolicyDecider, RoundView, seed_key, trace_rounds
from wizstats.reference import RoundRng, legal_plays, replay_round

FAST = {"pimc": Policy("pimc", worlds=4), "rollout": Policy("rollout", worlds=4, samples=4, window=2)}

CASES = [
    # (policies, n_players, hand_size, rules options, rounds)
    ("random", 4, 5, {}, 30),
    ("heuristic", 4, 3, {}, 40),
    ("heuristic", 3, 20, {}, 5),  # every card dealt: no trump card
    ("heuristic", 5, 4, {"plus_minus_one": True, "trump_choice": "blind"}, 30),
    ("heuristic", 6, 2, {"bids": "hidden"}, 30),
    ("baseline", 4, 4, {"trump_choice": "blind"}, 20),
    ("expert", 4, 1, {}, 40),  # round 1: its exact rule
    ("expert", 4, 4, {}, 25),
    ("expert", 5, 3, {"plus_minus_one": True, "trump_choice": "blind"}, 20),
    ("pimc", 4, 3, {"plus_minus_one": True}, 8),
    ("rollout", 4, 3, {}, 8),
    (["rollout", "heuristic", "random", "baseline"], 4, 2, {"plus_minus_one": True}, 8),
]


def _policies(p: str | list[str]) -> Policy | str | list[Policy | str]:
    if isinstance(p, list):
        return [FAST.get(x, x) for x in p]
    return FAST.get(p, p)


def _rng_after_deal(seed: int, round_index: int, draws: int) -> int:
    rng = RoundRng(seed_key(seed), round_index)
    for _ in range(draws):
        rng.next()
    return rng.state


@pytest.mark.parametrize("policies, n_players, hand_size, options, n_rounds", CASES)
def test_decider_reproduces_every_decision_of_traced_rounds(policies, n_players, hand_size, options, n_rounds) -> None:
    rules = Rules(n_players, **options)
    seed = 11
    pol = _policies(policies)
    trace = trace_rounds(rules, hand_size, n_rounds, policies=pol, seed=seed)
    decider = PolicyDecider(rules, hand_size, pol)
    deck, n, r = rules.deck, n_players, hand_size
    checked = 0
    for i in range(n_rounds):
        hands = [list(map(int, trace.hands[i, s])) for s in range(n)]
        turned = None if trace.turned[i] < 0 else int(trace.turned[i])
        decider.rng_state = _rng_after_deal(seed, i, n * r + (turned is not None))
        trump = None if trace.trump[i] < 0 else int(trace.trump[i])
        if turned is not None and deck.card(turned).kind is CardKind.WIZARD:
            got = decider.decide(RoundView(hands, turned, None))
            assert (got.kind, got.seat, got.value) == ("trump", 0, trump)
            checked += 1
        bids: list[int] = []
        for k in range(n):
            seat = (1 + k) % n
            got = decider.decide(RoundView(hands, turned, trump, bids))
            assert (got.kind, got.seat, got.value) == ("bid", seat, int(trace.bids[i, seat])), (i, seat)
            bids.append(got.value)
            checked += 1
        plays: list[int] = []
        for t in range(r):
            for k in range(n):
                seat = (int(trace.leaders[i, t]) + k) % n
                got = decider.decide(RoundView(hands, turned, trump, bids, plays))
                assert (got.kind, got.seat, got.value) == ("card", seat, int(trace.plays[i, t, k])), (i, t, k)
                plays.append(got.value)
                checked += 1
        with pytest.raises(ValueError, match="nothing to decide"):
            decider.decide(RoundView(hands, turned, trump, bids, plays))
    assert checked >= n_rounds * n * (r + 1)


@pytest.mark.parametrize(
    "n_players, hand_size, options", [(3, 7, {}), (4, 5, {"plus_minus_one": True}), (6, 10, {"trump_choice": "blind"})]
)
def test_engine_view_applies_the_reference_rules(n_players: int, hand_size: int, options: dict) -> None:
    """Card by card: the kernel's legal cards are the reference's, its trick winners and tricks too."""
    rules = Rules(n_players, **options)
    trace = trace_rounds(rules, hand_size, 15, policies="random", seed=5)
    decider = PolicyDecider(rules, hand_size, "random")
    deck, n = rules.deck, n_players
    for i in range(15):
        hands = [list(map(int, trace.hands[i, s])) for s in range(n)]
        turned = None if trace.turned[i] < 0 else int(trace.turned[i])
        trump = None if trace.trump[i] < 0 else int(trace.trump[i])
        bids = [int(trace.bids[i, (1 + k) % n]) for k in range(n)]
        flat = [int(c) for t in range(hand_size) for c in trace.plays[i, t]]
        held = [list(h) for h in hands]
        record = replay_round(
            rules,
            hand_size,
            hands,
            turned,
            trump,
            [int(b) for b in trace.bids[i]],
            [list(map(int, trace.plays[i, t])) for t in range(hand_size)],
        )
        for j in range(len(flat) + 1):
            kind, seat, legal, winners, tricks = decider.engine_view(RoundView(hands, turned, trump, bids, flat[:j]))
            done = j // n
            assert winners == record.winners[:done]
            if j == len(flat):
                assert kind == "none" and tricks == record.tricks
                continue
            assert kind == "card" and seat == (record.leaders[done] + j % n) % n
            trick = [deck.card(c) for c in flat[done * n : j]]
            allowed = set(legal_plays([deck.card(x) for x in held[seat]], trick))
            expected = [c for c in held[seat] if deck.card(c) in allowed]
            assert legal == expected
            held[seat].remove(flat[j])


def test_decider_errors_are_clear() -> None:
    rules = Rules(4)
    with pytest.raises(ValueError, match="hand_size 16 is impossible"):
        PolicyDecider(rules, 16)
    decider = PolicyDecider(rules, 2)
    with pytest.raises(ValueError, match="expected 4 hands"):
        decider.decide(RoundView([[0, 1]], 5, 0))
    with pytest.raises(ValueError, match="every hand holds 2 cards"):
        decider.decide(RoundView([[0, 1], [2], [3, 4], [6, 7]], 5, 0))
    with pytest.raises(ValueError, match="not in its player's hand"):
        decider.decide(RoundView([[0, 1], [2, 3], [8, 9], [6, 7]], 5, 0, [0, 0, 0, 0], [40]))


@pytest.mark.parametrize("policy", ["heuristic", "expert", "baseline"])
def test_a_player_whose_bid_is_made_ducks(policy: str) -> None:
    """Seat 2 holds W B5 G3 and blue is led with B9: having bid 0 (its bid made, no trick wanted) it
    follows with B5 and lets the trick go; having bid 1 it takes the trick with its Wizard."""
    deck = Rules(4).deck
    hands = [deck.indices(h) for h in ("Y2 Y3 Y4", "B9 G10 Y11", "W B5 G3", "R5 R6 G7")]
    decider = PolicyDecider(Rules(4), 3, policy, seed=1)
    played = {}
    for bid in (0, 1):
        view = RoundView(hands, turned=deck.index("R2"), trump=1, bids=[1, bid, 1, 1], plays=[deck.index("B9")])
        decision = decider.decide(view)
        assert (decision.kind, decision.seat) == ("card", 2)
        played[bid] = str(deck.card(decision.value))
    assert played == {0: "B5", 1: "W"}
