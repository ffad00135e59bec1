"""The numba kernels against the pure-Python reference, card by card, and invariants of random rounds.

With the ``random`` policy both draw from the same per-round stream in the same order, so the
reference must reproduce every deal, trump, bid, card and trick winner of the kernel exactly.
Other policies are replayed: the reference checks every play is legal and recomputes the
winners and tricks of the kernel's recorded rounds.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from wizstats.engine import seed_key, trace_rounds
from wizstats.reference import standard as ref
from wizstats.rules import Deck, Rules, score_round

SETTINGS = [
    {},
    {"plus_minus_one": True},
    {"plus_minus_one": True, "plus_minus_one_min_hand": 2},
    {"trump_choice": "blind"},
    {"bids": "hidden"},
    {"bids": "after-round"},
    {"scoring": "alternative"},
]
DECKS = ["standard", "junior", "oh-hell", "4x10+3+2", "2x5+1+1"]


def _cases(rounds_per_case: int) -> list[tuple[Rules, int, int]]:
    """(rules, hand size, rounds): every player count and hand size of the standard deck, other decks sampled."""
    cases = []
    for n in (3, 4, 5, 6):
        for r in range(1, 60 // n + 1):
            settings = SETTINGS[(n + r) % len(SETTINGS)]
            cases.append((Rules(n, **settings), r, rounds_per_case))
    for deck, settings in itertools.product(DECKS[1:], SETTINGS[:3]):
        size = Deck.standard().size if deck == "standard" else None
        rules = Rules(3, deck=deck, **settings) if size is None else Rules(4, **settings)
        for r in sorted({1, 2, rules.max_hand_size // 2 or 1, rules.max_hand_size}):
            cases.append((rules, r, rounds_per_case))
    return cases


def _check_random_rounds(rules: Rules, r: int, n_rounds: int, seed: int) -> None:
    trace = trace_rounds(rules, r, n_rounds, policies="random", seed=seed)
    key = seed_key(seed)
    for i in range(n_rounds):
        rec = ref.play_random_round(rules, r, key, i)
        where = f"{rules.describe()}, hand size {r}, round {i}"
        assert rec.hands == trace.hands[i].tolist(), where
        assert (-1 if rec.turned is None else rec.turned) == trace.turned[i], where
        assert (-1 if rec.trump is None else rec.trump) == trace.trump[i], where
        assert rec.bids == trace.bids[i].tolist(), where
        assert rec.plays == trace.plays[i].tolist(), where
        assert rec.leaders == trace.leaders[i].tolist(), where
        assert rec.winners == trace.winners[i].tolist(), where
        assert rec.tricks == trace.tricks[i].tolist(), where


PARTS = 4
"""test_kernel_matches_reference_random_policy runs in parts (case k in part k % PARTS), so that xdist can
spread them; together they are every case, each with its seed k."""


def test_reference_cases_are_at_least_20000_rounds() -> None:
    cases = _cases(200)
    assert sum(c[2] for c in cases) >= 20_000
    assert sorted(k for part in range(PARTS) for k in range(part, len(cases), PARTS)) == list(range(len(cases)))


@pytest.mark.parametrize("part", range(PARTS))
def test_kernel_matches_reference_random_policy(part: int) -> None:
    """At least 20,000 random rounds (in all parts) over all player counts, hand sizes, decks and rule settings."""
    cases = _cases(200)
    for k in range(part, len(cases), PARTS):
        rules, r, n_rounds = cases[k]
        _check_random_rounds(rules, r, n_rounds, seed=k)


@pytest.mark.slow
def test_kernel_matches_reference_random_policy_long() -> None:
    for k, (rules, r, n_rounds) in enumerate(_cases(2000)):
        _check_random_rounds(rules, r, n_rounds, seed=1000 + k)


def _check_replayed(rules: Rules, r: int, n_rounds: int, policies: str, seed: int) -> None:
    trace = trace_rounds(rules, r, n_rounds, policies=policies, seed=seed)
    for i in range(n_rounds):
        turned = None if trace.turned[i] < 0 else int(trace.turned[i])
        trump = None if trace.trump[i] < 0 else int(trace.trump[i])
        rec = ref.replay_round(
            rules, r, trace.hands[i].tolist(), turned, trump, trace.bids[i].tolist(), trace.plays[i].tolist()
        )
        assert rec.winners == trace.winners[i].tolist()
        assert rec.tricks == trace.tricks[i].tolist()


@pytest.mark.parametrize("policy", ["heuristic"])
def test_other_policies_play_by_the_rules(policy: str) -> None:
    for k, (rules, r, _) in enumerate(_cases(0)[::3]):
        _check_replayed(rules, r, 40, policy, seed=k)


def test_invariants_of_random_rounds() -> None:
    """Every card dealt once, tricks sum to the hand size, one winner per trick."""
    for n, r in [(3, 20), (4, 15), (5, 7), (6, 1), (6, 10)]:
        rules = Rules(n)
        trace = trace_rounds(rules, r, 300, policies="random", seed=n * 100 + r)
        for i in range(300):
            dealt = trace.hands[i].ravel().tolist() + ([] if trace.turned[i] < 0 else [int(trace.turned[i])])
            assert len(set(dealt)) == len(dealt) == n * r + (1 if n * r < 60 else 0)
            assert sorted(trace.plays[i].ravel().tolist()) == sorted(trace.hands[i].ravel().tolist())
            assert trace.tricks[i].sum() == r
            assert np.bincount(trace.winners[i], minlength=n).tolist() == trace.tricks[i].tolist()
            assert trace.leaders[i][0] == 1 % n
            assert trace.leaders[i][1:].tolist() == trace.winners[i][:-1].tolist()


def test_kernel_score_matches_score_round() -> None:
    from wizstats._kernels.rules.core import score

    for scoring, code in (("standard", 0), ("alternative", 1)):
        rules = Rules(4, scoring=scoring)
        for r in (1, 5, 15):
            for b in range(r + 1):
                for t in range(r + 1):
                    assert score(b, t, code, r) == score_round(b, t, rules, hand_size=r)


def test_random_stream_matches_reference() -> None:
    import numpy as np

    from wizstats._kernels.rules.core import below, next_u64, seed_round

    rng = np.zeros(1, np.uint64)
    seed_round(rng, np.uint64(12345), 67)
    py = ref.RoundRng(12345, 67)
    for n in (1, 2, 7, 60, 1 << 20):
        assert below(rng, n) == py.below(n)
    assert int(next_u64(rng)) == py.next()


# ---------------------------------------------------------------- the trick rules in every card representation
TRICK_DECKS = ["standard", "junior", "oh-hell", "4x10+3+2", "2x5+1+1", "4x15+2+2"]


def _random_tricks(n_tricks: int, seed: int):  # type: ignore[no-untyped-def]
    """``(rules, trick ids, hero's hand ids, trump)``: a trick of 0..5 cards (fewer than the deck's most
    players) and the next player's 1..8 cards (at most his share of the deck), at a table of trick + 1 players (at least the deck's fewest)."""
    from wizstats.rules import max_players, resolve_deck

    rng = np.random.default_rng(seed)
    decks = [resolve_deck(d) for d in TRICK_DECKS]
    for i in range(n_tricks):
        deck = decks[i % len(decks)]
        length = int(rng.integers(0, min(6, max_players(deck))))
        n = max(length + 1, 3 if deck == Deck.standard() else 2)
        size = int(rng.integers(1, min(8, deck.size // n) + 1))
        ids = rng.choice(deck.size, length + size, replace=False)
        if i % 3 == 0:  # often a trick of few suits: ids from a narrow window make following likelier
            lo = int(rng.integers(0, max(1, deck.size - 2 * (length + size))))
            ids = lo + rng.choice(min(deck.size - lo, 2 * (length + size)), length + size, replace=False)
        trump = int(rng.integers(-1, deck.n_suits))
        rules = Rules(n, deck=deck)
        yield rules, [int(c) for c in ids[:length]], sorted(int(c) for c in ids[length:]), trump


def test_trick_winner_and_legal_plays_match_reference_in_every_representation() -> None:
    """6,000 random tricks: the general state (``core.play_card``/``beats``, ``core.legal_mask``), the
    bitboard rules as the random kernel applies them (``bitboard.trick_key``, ``legal_set`` on int64 sets)
    and the heuristic's view (``playout.bb_play``, ``legal_cards`` on uint64 sets) give the winner of
    :func:`wizstats.reference.trick_winner` and the cards of :func:`wizstats.reference.legal_plays`."""
    from wizstats._kernels.engine.fastrandom import new_tables
    from wizstats._kernels.players import playout as P
    from wizstats._kernels.rules import core as k
    from wizstats._kernels.rules.bitboard import legal_set, trick_key

    one = np.int64(1)
    checked = {"winners": 0, "legal": 0, "follow": 0}
    for rules, trick, hand, trump in _random_tricks(6000, seed=14):
        deck = rules.deck
        tab = np.stack([deck.kinds, deck.suits, deck.ranks]).astype(np.int64)
        trick_cards, hand_cards = [deck.card(c) for c in trick], [deck.card(c) for c in hand]
        where = f"{deck.describe()}: trick {' '.join(map(str, trick_cards))}, hand {' '.join(map(str, hand_cards))}"
        where += f", trump {trump}"
        legal_cards = ref.legal_plays(hand_cards, trick_cards, rules=rules)
        expected_legal = {c for c, card in zip(hand, hand_cards, strict=True) if card in legal_cards}
        expected_winner = (
            ref.trick_winner(trick_cards, None if trump < 0 else "BRGY"[trump], rules=rules) if trick else -1
        )
        # the general state: seats 0 .. len(trick)-1 play the trick, the next seat holds the hand
        st0 = np.zeros(k.N_ST, np.int64)
        st0[k.ST_N], st0[k.ST_TRUMP], st0[k.ST_LED] = k.MAXP, trump, k.LED_NONE
        g = k.new_state(tab, st0, np.zeros(k.MAXP, np.int64), np.zeros((k.MAXP, k.N_PARAMS)))
        for seat, c in enumerate(trick):
            g.hands[seat, 0], g.hand_len[seat] = c, 1
            k.play_card(g, seat, 0)
        hero = len(trick)
        g.hands[hero, : len(hand)], g.hand_len[hero] = hand, len(hand)
        mask = int(k.legal_mask(g, hero))
        assert {c for i, c in enumerate(hand) if mask >> i & 1} == expected_legal, where
        # bitboards, int64 sets, as the random kernel keeps them
        suit_mask, of_suit, base, masks = new_tables(tab, deck.n_suits)
        trumps = suit_mask[trump] if trump >= 0 else np.int64(0)
        led, open_, best_key, winner = np.int64(0), True, -1, -1
        for pos, c in enumerate(trick):
            card = one << np.int64(c)
            if open_:
                led, open_ = of_suit[c], bool(masks[1] & card)
            key = trick_key(base[c], card, trumps, led)
            if key > best_key:
                best_key, winner = key, pos
        bits = np.int64(0)
        for c in hand:
            bits |= one << np.int64(c)
        legal = int(legal_set(bits, led, masks[0]))
        assert {c for c in hand if legal >> c & 1} == expected_legal, where
        # bitboards, uint64 sets, on the heuristic's view
        w, v = np.zeros(P.N_W, np.uint64), np.zeros(P.N_V, np.int64)
        P.load_deck(tab, w, v)
        v[P.V_N], v[P.V_TRUMP], v[P.V_LED] = len(trick) + 2, trump, k.LED_NONE  # the trick never fills
        for seat, c in enumerate(trick):
            w[P.W_HAND + seat], v[P.V_HLEN + seat] = np.uint64(1) << np.uint64(c), 1
            P.bb_play(w, v, seat, c)
        view_bits = np.uint64(0)
        for c in hand:
            view_bits |= np.uint64(1) << np.uint64(c)
        w[P.W_HAND + hero] = view_bits
        view_legal = int(P.legal_cards(w, v, hero))
        assert {c for c in hand if view_legal >> c & 1} == expected_legal, where
        if trick:
            assert int(g.st[k.ST_BEST]) == expected_winner, where
            assert winner == expected_winner, where
            assert int(v[P.V_BEST]) == expected_winner, where
            checked["winners"] += 1
        checked["legal"] += 1
        checked["follow"] += len(expected_legal) < len(hand)
    # the sample holds every case: tricks to decide, and hands that must follow (and may not play all)
    assert checked["winners"] > 4500 and checked["follow"] > 1000, checked
