"""Round 1 with rational bidders (:mod:`wizstats.exact.rational`) against independent counts.

The brute force here deals every ordered deal explicitly (the turned card, then seats 1, 2, ..,
n-1, 0), finds the trick's winner with :func:`wizstats.reference.trick_winner`, and derives the
rational bids position by position from plain conditional counts (dictionaries of Fractions):
no masks, no inclusion-exclusion, no suit symmetry. Small custom decks keep it fast; the
standard deck is checked at 3 players for a few turned cards.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import defaultdict
from fractions import Fraction

import numpy as np
import pytest

import wizstats as ws
from wizstats.exact import rational as er
from wizstats.reference import trick_winner
from wizstats.rules import CardKind, Deck, Rules, score_table

STANDARD = Deck.standard()


# ---------------------------------------------------------------- the brute force
def _naming(deck: Deck, blind: bool, dealer_card_id: int, named: int) -> int:
    """``n_suits x P(the dealer names `named` | his card)`` after a turned Wizard (the documented convention)."""
    card = deck.card(dealer_card_id)
    if blind or card.kind is not CardKind.SUIT:
        return 1
    return deck.n_suits * int(card.suit == named)


def _situations(deck: Deck, n: int, blind: bool, turned_states=None):
    """(turned id, named suit or None, cards in play order (seat 1 .. n-1, 0), weight, winner position) of
    every deal; weights are ``n_suits x`` the probability of the named suit (``n_suits`` without a Wizard)."""
    cards = deck.cards
    if turned_states is None:
        turned_states = []
        for t in range(deck.size):
            if cards[t].kind is CardKind.WIZARD:
                turned_states += [(t, s) for s in range(deck.n_suits)]
            else:
                turned_states.append((t, None))
    out = []
    for t, named in turned_states:
        trump = named if named is not None else cards[t].suit  # None after a Jester
        pool = [i for i in range(deck.size) if i != t]
        for deal in itertools.permutations(pool, n):
            weight = deck.n_suits if named is None else _naming(deck, blind, deal[-1], named)
            if weight:
                out.append((t, named, deal, weight, trick_winner([cards[i] for i in deal], trump)))
    return out


@functools.cache
def _brute(deck: Deck, n: int, *, blind: bool = False, scoring: str = "standard", turned_states=None):
    """Counts ``{(turned, named, position, history, card id): (wins, total)}``, the bids and the deals.

    ``history`` is the tuple of earlier bids. The weights of the dealer's naming enter every
    count; in the dealer's own counts they are fixed by his card and cancel (a card that never
    names this suit has no deals, so no key).
    """
    s = score_table(1, Rules(n, deck=deck, scoring=scoring))
    deals = _situations(deck, n, blind, turned_states)
    histories: list[tuple[int, ...]] = [()] * len(deals)
    bids: list[list[int]] = [[] for _ in deals]
    counts: dict[tuple, tuple[int, int]] = {}
    for p in range(1, n + 1):
        acc: dict[tuple, list[int]] = defaultdict(lambda: [0, 0])
        keys = []
        for i, (t, named, deal, weight, winner) in enumerate(deals):
            key = (t, named, p, histories[i], deal[p - 1])
            keys.append(key)
            acc[key][0] += weight * (winner == p - 1)
            acc[key][1] += weight
        rule = {}
        for key, (win, total) in acc.items():
            ev1 = win * s[1, 1] + (total - win) * s[1, 0]
            ev0 = win * s[0, 1] + (total - win) * s[0, 0]
            rule[key] = int(ev1 >= ev0)
            counts[key] = (win, total)
        for i, key in enumerate(keys):
            bids[i].append(rule[key])
            histories[i] += (rule[key],)
    return counts, bids, deals, s


def _trump_text(deck: Deck, t: int, named: int | None) -> str:
    return f"W:{'BRGY'[named]}" if named is not None else str(deck.card(t))


def _seat(p: int, n: int) -> int:
    return p % n


SMALL = [
    (Deck(2, 4, 2, 2, name="2x4+2+2"), 3),
    (Deck(2, 4, 2, 2, name="2x4+2+2"), 4),
    (Deck(3, 2, 2, 2, name="3x2+2+2"), 5),
    (Deck(3, 2, 1, 1, name="3x2+1+1"), 6),
]
CASES = [
    pytest.param(
        deck, n, blind, scoring, id=f"{deck.name}-{n}p-{scoring}", marks=[pytest.mark.slow] if blind and n > 4 else []
    )
    for deck, n in SMALL
    for blind, scoring in [(False, "standard"), (True, "alternative")]
]
"""Every small deck and table size with after-look naming and standard scoring; blind naming with the
alternative scoring too (the larger of those are marked slow)."""


@pytest.mark.parametrize(("deck", "n", "blind", "scoring"), CASES)
def test_win_probability_matches_brute_force(deck: Deck, n: int, blind: bool, scoring: str) -> None:
    counts, _, _, _ = _brute(deck, n, blind=blind, scoring=scoring)
    choice = "blind" if blind else "after-look"
    for (t, named, p, history, c), (win, total) in counts.items():
        got = er.rational_round1_win_probability(
            n, c, _seat(p, n), _trump_text(deck, t, named), history, deck=deck, trump_choice=choice, scoring=scoring
        )
        assert got == Fraction(win, total), (t, named, p, history, c)
    # every (card, history) that brute force never meets is refused, with one line
    seen = {(t, named, p, history, deck.card(c)) for t, named, p, history, c in counts}
    for t, named in {k[:2] for k in counts}:
        for p in range(1, n + 1):
            for history in itertools.product((0, 1), repeat=p - 1):
                for c in range(deck.size):
                    card = deck.card(c)
                    if c == t or (t, named, p, history, card) in seen:
                        continue
                    if card.kind is deck.card(t).kind and card.kind is not CardKind.SUIT:
                        if (deck.n_wizards if card.kind is CardKind.WIZARD else deck.n_jesters) == 1:
                            continue  # the only Wizard (Jester) was turned
                    if p == n and named is not None and not _naming(deck, blind, c, named):
                        continue  # a dealer breaking the naming convention: counted, see the next test
                    with pytest.raises(ValueError, match="impossible bids"):
                        er.rational_round1_win_probability(
                            n,
                            c,
                            _seat(p, n),
                            _trump_text(deck, t, named),
                            history,
                            deck=deck,
                            trump_choice=choice,
                            scoring=scoring,
                        )


@pytest.mark.parametrize(("deck", "n"), SMALL[:3], ids=lambda x: getattr(x, "name", x))
@pytest.mark.parametrize("pm1", [False, True])
def test_values_match_brute_force(deck: Deck, n: int, pm1: bool) -> None:
    """Each seat's mean score, summed over every deal, named suit and the bids of the rule."""
    _, bids, deals, s = _brute(deck, n)
    total: dict[int, int] = defaultdict(int)
    for (_, _, _, weight, winner), made in zip(deals, bids, strict=True):
        for q, bid in enumerate(made, start=1):
            if q == n and pm1 and bid == ws.forbidden_bid(1, made[:-1]):
                bid = 1 - bid  # the dealer may not make the bids add up to the one trick
            total[_seat(q, n)] += weight * int(s[bid, int(winner == q - 1)])
    den = deck.n_suits * deck.size * math.perm(deck.size - 1, n)
    want = {seat: Fraction(v, den) for seat, v in sorted(total.items())}
    assert er.round1_rational_values(n, deck=deck, plus_minus_one=pm1) == want


@pytest.mark.parametrize(
    "turned",
    [("R5", None), pytest.param(("J", None), marks=pytest.mark.slow), pytest.param(("W", 2), marks=pytest.mark.slow)],
)
def test_standard_deck_three_players_brute_force(turned: tuple[str, int | None]) -> None:
    """The 60-card deck, 3 players: every seat, history and card for one turned card each."""
    text, named = turned
    t = STANDARD.index(text)
    counts, _, _, _ = _brute(STANDARD, 3, turned_states=((t, named),))
    assert len(counts) > 200
    for (t, named, p, history, c), (win, total) in counts.items():
        got = er.rational_round1_win_probability(3, c, _seat(p, 3), _trump_text(STANDARD, t, named), history)
        assert got == Fraction(win, total), (p, history, c)


# ---------------------------------------------------------------- the table
def _t_index(deck: Deck, t: int, named: int | None) -> int:
    return t if named is None else deck.size + named


@pytest.mark.parametrize(("deck", "n", "blind", "scoring"), CASES)
def test_table_matches_brute_force_with_fallback(deck: Deck, n: int, blind: bool, scoring: str) -> None:
    """Every entry: the brute-force bid where the history can happen beside the card; elsewhere the bid
    after the longest explained prefix of the earlier bids (the later earlier bids read as unknown)."""
    counts, bids, deals, s = _brute(deck, n, blind=blind, scoring=scoring)
    choice = "blind" if blind else "after-look"
    table = er.round1_bid_table(n, deck=deck, trump_choice=choice, scoring=scoring)
    possible = er.round1_history_possible(n, deck=deck, trump_choice=choice, scoring=scoring)
    by_hero: dict[tuple, list[tuple[tuple[int, ...], int, bool]]] = defaultdict(list)
    for (t, named, deal, weight, winner), made in zip(deals, bids, strict=True):
        for p in range(1, n + 1):
            by_hero[(t, named, p, deal[p - 1])].append((tuple(made[: p - 1]), weight, winner == p - 1))
    fallbacks = 0
    for (t, named, p, c), rows in by_hero.items():
        if named is not None and deck.kinds[c] == CardKind.WIZARD and c != deck.n_suit_cards + 1:
            continue  # the table has one entry for "another Wizard"; the brute force's is the second id
        for history in itertools.product((0, 1), repeat=p - 1):
            index = sum(b << k for k, b in enumerate(history))
            cell = (_seat(p, n), index, _t_index(deck, t, named), c)
            key = (t, named, p, history, c)
            assert bool(possible[cell]) == (key in counts), key
            for length in range(p - 1, -1, -1):
                match = [(w, won) for h, w, won in rows if h[:length] == history[:length]]
                if match:
                    break
            fallbacks += length < p - 1
            win = sum(w for w, won in match if won)
            total = sum(w for w, _ in match)
            want = int(win * s[1, 1] + (total - win) * s[1, 0] >= win * s[0, 1] + (total - win) * s[0, 0])
            assert table[cell] == want, (key, length)
    assert fallbacks > 0 or n == 3  # the fallback was exercised (3 players: rarely needed)


def test_table_layout() -> None:
    for n in (3, 4, 5, 6):
        table = er.round1_bid_table(n)
        assert table.shape == (n, 2 ** (n - 1), 64, 60) and table.dtype == np.int8
        assert set(np.unique(table)) <= {0, 1}
        for seat in range(1, n):
            assert not table[seat, 1 << (seat - 1) :].any()  # histories longer than the seat's
        assert not table[:, :, 52:56].any()  # a turned Wizard is indexed by 60 + the named suit
        ids = np.arange(60)
        assert not table[:, :, ids, ids].any()  # the turned card is in nobody's hand
        table[0, 0, 0, 0] = 1  # a copy: the cached table is not touched
        assert er.round1_bid_table(n)[0, 0, 0, 0] == 0


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_table_matches_the_function_on_the_standard_deck(n: int) -> None:
    table = er.round1_bid_table(n)
    possible = er.round1_history_possible(n)
    rng = random.Random(n)
    checked = 0
    while checked < 300:
        seat = rng.randrange(n)
        position = seat or n
        history = rng.randrange(1 << (position - 1))
        t_index, c = rng.randrange(64), rng.randrange(60)
        if (t_index < 60 and STANDARD.kinds[t_index] == CardKind.WIZARD) or t_index == c:
            continue
        trump = f"W:{'BRGY'[t_index - 60]}" if t_index >= 60 else str(STANDARD.card(t_index))
        bids = [(history >> k) & 1 for k in range(position - 1)]
        if not possible[seat, history, t_index, c]:
            if seat != 0 or t_index < 60:  # a dealer breaking the naming convention is still answered
                with pytest.raises(ValueError, match="impossible bids"):
                    er.rational_round1_win_probability(n, c, seat, trump, bids)
            continue
        p = er.rational_round1_win_probability(n, c, seat, trump, bids)
        assert table[seat, history, t_index, c] == (p >= Fraction(3, 7)), (seat, history, t_index, c, p)
        checked += 1


def test_plus_minus_one_forces_the_dealer() -> None:
    free, forced = er.round1_bid_table(4), er.round1_bid_table(4, plus_minus_one=True)
    assert (free[1:] == forced[1:]).all()  # nobody else is bound
    held = np.ones((64, 60), dtype=bool)  # every (turned card, card in hand) that can occur
    held[np.arange(60), np.arange(60)] = False
    held[52:56] = False  # a turned Wizard is indexed by 60 + the named suit
    for history in range(8):
        said = bin(history).count("1")
        row = forced[0, history]
        if said == 0:  # the bids may not add up to 1: he must bid 0
            assert not row.any()
        elif said == 1:  # he must bid 1, whatever his card
            assert row[held].all() and not row[~held].any()
        else:
            assert (row == free[0, history]).all()


def test_tie_bids_one() -> None:
    """A chance of exactly the break-even bids 1 (both bids score the same on average)."""
    deck = Deck(3, 3, 2, 2, name="3x3+2+2")
    counts, _, _, _ = _brute(deck, 3)
    cut = ws.break_even_probability()
    ties = [k for k, (w, total) in counts.items() if Fraction(w, total) == cut]
    assert ties  # this small deck has some
    table = er.round1_bid_table(3, deck=deck)
    for t, named, p, history, c in ties:
        index = sum(b << k for k, b in enumerate(history))
        assert table[_seat(p, 3), index, _t_index(deck, t, named), c] == 1
    # the standard deck has ties under the alternative scoring (break-even 2/5)
    alt = er.round1_bid_table(3, scoring="alternative")
    cut = ws.break_even_probability(rules=Rules(3, scoring="alternative"))
    found = 0
    for t, c in itertools.product(range(52), range(60)):  # the dealer after the bids 0 1, a suit card turned
        if t != c:
            p = er.rational_round1_win_probability(3, c, 0, str(STANDARD.card(t)), (0, 1), scoring="alternative")
            if p == cut:
                found += 1
                assert alt[0, 2, t, c] == 1
    assert found


# ---------------------------------------------------------------- seat values against a plain Monte Carlo
@pytest.mark.parametrize(
    ("n", "pm1", "choice"),
    [
        (4, False, "after-look"),
        pytest.param(5, True, "blind", marks=pytest.mark.slow),
        pytest.param(6, False, "after-look", marks=pytest.mark.slow),
    ],
)
def test_values_match_monte_carlo(n: int, pm1: bool, choice: str) -> None:
    """Random deals on the standard deck, every player bidding by the table, scored by the reference.

    Tolerance: 4.5 standard errors per seat (a false failure about 7e-6 per seat).
    """
    table = er.round1_bid_table(n, trump_choice=choice, plus_minus_one=pm1).tolist()
    scores = score_table(1).tolist()  # scores[bid][tricks], standard scoring (RULES 6)
    cards = STANDARD.cards
    rng = random.Random(2024 + n)
    totals = np.zeros((n, 2))
    deals = 50_000
    for _ in range(deals):
        drawn = rng.sample(range(60), n + 1)
        t, hands = drawn[0], drawn[1:]  # seats 1, 2, .., n-1, 0 in bidding and play order
        if cards[t].kind is CardKind.WIZARD:
            dealer = cards[hands[-1]]
            named = int(dealer.suit) if choice == "after-look" and dealer.kind is CardKind.SUIT else rng.randrange(4)
            t_index, trump = 60 + named, named
        else:
            t_index, trump = t, cards[t].suit
        winner = trick_winner([cards[c] for c in hands], trump)
        history = 0
        for p, c in enumerate(hands, start=1):
            bid = table[p % n][history][t_index][c]
            history |= bid << (p - 1)
            score = scores[bid][int(winner == p - 1)]
            totals[p % n] += (score, score * score)
    exact_values = er.round1_rational_values(n, trump_choice=choice, plus_minus_one=pm1)
    for seat in range(n):
        mean = totals[seat, 0] / deals
        se = math.sqrt((totals[seat, 1] / deals - mean**2) / deals)
        assert abs(mean - float(exact_values[seat])) < 4.5 * se, (seat, mean, exact_values[seat], se)


def test_values_add_up_and_seat_one_matches_the_own_card_values() -> None:
    """P(win) adds up to 1 over the seats; seat 1 sees no bids, so its value is that of exact.round1."""
    for n in (3, 4, 5, 6):
        game, _ = er._game_iv(n, None, None, None, None, None)
        values = er._seat_values(game, False)
        assert sum(v[1] for v in values.values()) == 1
        assert {seat: v[0] for seat, v in values.items()} == er.round1_rational_values(n)
    for n in (3, 5):
        old = ws.round1_seat_values(n).table
        old_first = Fraction(old[(old.seat == 1) & (old.quantity == "expected_score")].fraction.item())
        assert er.round1_rational_values(n)[1] == old_first


# ---------------------------------------------------------------- round1_thresholds with and without bids
def test_round1_thresholds_backward_compatible() -> None:
    """Without bids: the columns and rows of before; bids=() (seat 1) agrees with them from the new counts."""
    old = ws.round1_thresholds(4).table
    assert list(old.columns) == [
        "n_players", "seat", "state", "weakest_rank", "p_weakest", "p_below", "wizard", "jester",
    ]  # fmt: skip
    assert len(old) == 4 * 5
    new = ws.round1_thresholds(4, bids=()).table
    first = old[old.seat == 1].reset_index(drop=True)
    pd_testing = pytest.importorskip("pandas.testing")
    pd_testing.assert_frame_equal(new.drop(columns="bids"), first, check_exact=False, rtol=1e-12)


def test_round1_thresholds_after_bids_follow_the_function() -> None:
    """Each weakest rank after bids is where the exact chances cross the break-even (the trump state,
    one turned card: the mixture over the turned ranks agrees with the per-card chances' order)."""
    t = ws.round1_thresholds(4, bids=(0, 0)).table.set_index("state")
    chances = {
        k: sum(
            (er.rational_round1_win_probability(4, f"B{k}", 3, f"B{r}", (0, 0)) for r in range(1, 14) if r != k),
            Fraction(0),
        )
        / 12
        for k in range(1, 14)
    }
    assert int(t.loc["trump", "weakest_rank"]) == 1 and min(chances.values()) >= Fraction(3, 7)
    assert bool(t.loc["trump", "wizard"]) and not bool(t.loc["trump", "jester"])


def test_thresholds_after_bids_table() -> None:
    t = ws.round1_thresholds_after_bids(4)
    assert len(t) == 1 + 2 + 4 + 8 and list(t.columns) == [
        "seat", "bids", "trump", "plain", "no trump", "wizard", "jester",
    ]  # fmt: skip
    assert t.iloc[0].trump == "3"  # seat 1: as without bids
    assert (t[t.bids == "1 1 1"].trump == "x").all()  # seat 3 never bids 1 after two ones
    every = ws.round1_thresholds_after_bids(3, states=er.THRESHOLD_STATES)
    assert list(every.columns)[2:] == ["trump", "plain", "no trump", "wizard turned", "any turned", "wizard", "jester"]
    with pytest.raises(ValueError, match="states must be some of"):
        ws.round1_thresholds_after_bids(3, states=("trumps",))


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: er.rational_round1_win_probability(4, "R5", 2, "B3", (0, 1)), ValueError, "seat 2 sees 1 earlier bid"),
        (lambda: er.rational_round1_win_probability(4, "R5", 0, "B3", (0, 1)), ValueError, "the dealer"),
        (lambda: er.rational_round1_win_probability(4, "R5", 3, "B3", (0, 2)), ValueError, "0 or 1, got 2"),
        (lambda: er.rational_round1_win_probability(4, "R5", 3, "B3", (0, True)), ValueError, "0 or 1, got True"),
        (lambda: er.rational_round1_win_probability(4, "R5", 3, "B3", "01"), TypeError, "sequence of 0s and 1s"),
        (lambda: er.rational_round1_win_probability(4, "R5", 4, "B3"), ValueError, "seat must be 0"),
        (lambda: er.rational_round1_win_probability(4, "R5", 1, "W"), ValueError, "W:red"),
        (lambda: er.rational_round1_win_probability(4, "R5", 1, "red"), ValueError, "turned card"),
        (lambda: er.rational_round1_win_probability(4, "R5", 1, "R5"), ValueError, "is the card in your hand"),
        (lambda: er.rational_round1_win_probability(4, "X5", 1, "R3"), ValueError, "unknown card 'X5'"),
        (lambda: er.rational_round1_win_probability(9, "R5", 1, "R3"), ValueError, "3 to 6 players"),
        (lambda: er.rational_round1_win_probability("4", "R5", 1, "R3"), TypeError, "whole number"),
        (lambda: er.round1_bid_table(4, scoring="weird"), ValueError, "unknown scoring"),
        (lambda: er.round1_bid_table(4, trump_choice="never"), ValueError, "unknown trump choice"),
        (lambda: er.round1_rational_values(4, plus_minus_one="yes"), ValueError, "plus_minus_one"),
        (lambda: ws.round1_thresholds(4, bids=(0, 0, 0, 0)), ValueError, "at most 3 earlier bids"),
        (lambda: ws.round1_thresholds([3, 4], bids=()), ValueError, "one player count"),
        (lambda: ws.round1_thresholds(4, bids=(1, 1, 1)), ValueError, "impossible bids"),
        (lambda: ws.round1_thresholds(4, bids=(0,), dealer_choice="best"), ValueError, "by convention"),
        (
            lambda: er.rational_round1_win_probability(4, "R5", 1, "R3", rules=Rules(4), scoring="standard"),
            ValueError,
            "either rules or scoring",
        ),
        (
            lambda: er.rational_round1_win_probability(4, "R5", 1, "R3", rules=Rules(4, bids="hidden")),
            ValueError,
            "open bids",
        ),
    ],
)
def test_bad_input_is_one_line(call, error, match) -> None:
    with pytest.raises(error, match=match) as info:
        call()
    assert "\n" not in str(info.value)


# ---------------------------------------------------------------- the docs page
def test_docs_round1_examples_run() -> None:
    """docs/round1.md shows computed tables as doctests, so they cannot go stale."""
    import doctest
    from pathlib import Path

    page = Path(__file__).resolve().parents[1] / "docs" / "round1.md"
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
