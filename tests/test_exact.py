"""Exact results against the article's numbers and against brute-force enumeration with the reference rules.

The enumerations use :func:`wizstats.reference.trick_winner`, not the counting formulas, so the
two agree only if both read RULES 5 the same way.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest

from wizstats import exact
from wizstats.reference import trick_winner
from wizstats.rules import Card, CardKind, Deck, Rules, Suit, score_round

DECK = Deck.standard()
CARDS = DECK.cards


# ---------------------------------------------------------------- vulnerability
def test_vulnerability_article_numbers():
    t = exact.vulnerability().table.set_index(["card", "relation"])["value"]
    assert t[("13", "plain")] == 17  # 4 Wizards + 13 trumps
    assert t[("13", "trump")] == 4
    assert t[("W", "-")] == 0
    assert t[("J", "-")] == 56  # every card that is not a Jester


@pytest.mark.parametrize("trump", [Suit.RED, None])
def test_vulnerability_matches_two_card_tricks(trump):
    """Each count equals the other cards that win a two-card trick against the led card."""
    t = exact.vulnerability(trump=trump).table.set_index("card")["value"]
    assert len(t) == 2 + 52
    for label, count in t.items():
        led = Card.parse(label)
        i = DECK.index(led)
        beaten = sum(trick_winner([led, y], trump) == 1 for j, y in enumerate(CARDS) if j != i)
        assert count == beaten, label


# ---------------------------------------------------------------- schedules and plus/minus one
def test_schedule_article_numbers():
    t = exact.schedule_figures().table.set_index(["n_players", "schedule"])
    assert t.loc[(6, "standard"), "max_points"] == 750
    assert t.loc[(6, "standard"), "last_3_points"] == 330
    assert t.loc[(3, "tournament"), "tricks"] == 110
    assert t.loc[(3, "standard"), "tricks"] == 210
    assert (t.loc[(5, "tournament"), "tricks"], t.loc[(5, "standard"), "tricks"]) == (74, 78)
    for (n, _), row in t.iterrows():  # the maximum recomputed from its definition
        sched = Rules(n).schedule if _ == "standard" else Rules.tournament(n).schedule
        assert row.max_points == sum(20 + 10 * r for r in sched)
    assert exact.last_rounds_share(6, 3).fraction == Fraction(330, 750)


def test_plus_minus_one_arithmetic():
    t = exact.plus_minus_one_options(6).table.set_index("hand_size")
    assert t.loc[1, "share_lost"] == "1/2" and t.loc[10, "share_lost"] == "1/11"
    tour = exact.plus_minus_one_options(4, schedule="tournament").table.set_index("hand_size")
    assert not tour.loc[1, "applies"] and tour.loc[3, "dealer_options"] == 3
    with pytest.raises(ValueError, match="unknown schedule"):
        exact.plus_minus_one_options(4, schedule="weekly")


# ---------------------------------------------------------------- break-even
def test_break_even_is_derived_from_the_scoring():
    p = exact.break_even_probability()
    assert p == Fraction(3, 7)

    def ev(bid, q, k=0):  # k sure tricks plus one card winning with chance q
        return q * score_round(bid, k + 1) + (1 - q) * score_round(bid, k)

    assert ev(1, p) == pytest.approx(ev(0, p))
    assert ev(1, p + Fraction(1, 100)) > ev(0, p + Fraction(1, 100))
    assert ev(1, p - Fraction(1, 100)) < ev(0, p - Fraction(1, 100))
    for k in range(5):
        assert exact.break_even_probability(k) == Fraction(3 + k, 7 + 2 * k)
    alt = Rules(4, scoring="alternative")
    assert exact.break_even_probability(rules=alt, hand_size=1) == Fraction(2, 5)


# ---------------------------------------------------------------- round 1: closed form and enumeration
def _ids(card, turned):
    hid = CARDS.index(card)
    tid = next(i for i, c in enumerate(CARDS) if c == turned and i != hid)
    return hid, tid, [i for i in range(len(CARDS)) if i not in (hid, tid)]


@pytest.mark.parametrize(
    "card,turned", [("B13", "R4"), ("R13", "R4"), ("G7", "J"), ("B1", "B9"), ("W", "G2"), ("J", "J")]
)
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_leader_closed_form(card, turned, n):
    """Seat 1 leads: P = C(x, n-1) / C(58, n-1), x = unknown cards his card beats as leader."""
    hero, tcard = Card.parse(card), Card.parse(turned)
    trump = tcard.suit if tcard.kind is CardKind.SUIT else None
    hid, _, rest = _ids(hero, tcard)
    x = sum(trick_winner([CARDS[hid], CARDS[j]], trump) == 0 for j in rest)
    got = exact.round1_win_probability(card, seat=1, n_players=n, trump=turned).fraction
    assert got == Fraction(comb(x, n - 1), comb(58, n - 1))


@pytest.mark.parametrize("card,turned,n", [("B13", "R4", 3), ("G7", "J", 4), ("R10", "R2", 4), ("J", "B3", 3)])
def test_leader_by_enumeration(card, turned, n):
    """Brute force over every set of the other n-1 cards (order does not matter to the leader)."""
    hero, tcard = Card.parse(card), Card.parse(turned)
    trump = tcard.suit if tcard.kind is CardKind.SUIT else None
    hid, _, rest = _ids(hero, tcard)
    wins = sum(
        trick_winner([CARDS[hid]] + [CARDS[j] for j in others], trump) == 0
        for others in itertools.combinations(rest, n - 1)
    )
    assert exact.round1_win_probability(card, seat=1, n_players=n, trump=turned).fraction == Fraction(
        wins, comb(58, n - 1)
    )


def _brute(hero, seat, n, turned, choice):
    """P(win) over every ordered deal of the other n-1 cards; after a turned Wizard trump follows ``choice``."""
    hid, _, rest = _ids(hero, turned)
    pos = (seat - 1) % n
    total = Fraction(0)
    count = 0
    for others in itertools.permutations(rest, n - 1):
        order = [CARDS[j] for j in others[:pos]] + [CARDS[hid]] + [CARDS[j] for j in others[pos:]]
        if turned.kind is CardKind.SUIT:
            trumps = {turned.suit: Fraction(1)}
        elif turned.kind is CardKind.JESTER:
            trumps = {None: Fraction(1)}
        else:
            trumps = choice(order[-1])
        total += sum((q for t, q in trumps.items() if trick_winner(order, t) == pos), Fraction(0))
        count += 1
    return total / count


def _own_suit(card):
    return {card.suit: Fraction(1)} if card.kind is CardKind.SUIT else {Suit(s): Fraction(1, 4) for s in range(4)}


def _uniform(card):
    return {Suit(s): Fraction(1, 4) for s in range(4)}


@pytest.mark.parametrize("card", ["W", "J", "B13", "B7", "B1", "R12"])
@pytest.mark.parametrize("turned", ["B3", "R9", "J", "W"])
def test_every_seat_by_enumeration_three_players(card, turned):
    hero, tcard = Card.parse(card), Card.parse(turned)
    assert not (hero == tcard and hero.kind is CardKind.SUIT), "a suit card cannot be both held and turned"
    for seat in range(3):
        for model, brute_choice in (("own-suit", _own_suit), ("random", _uniform)):
            want = _brute(hero, seat, 3, tcard, brute_choice)
            got = exact.round1_win_probability(card, seat=seat, n_players=3, trump=turned, dealer_choice=model)
            assert got.fraction == want, (card, turned, seat, model)


def test_dealer_choice_function_by_enumeration():
    """A dealer who names blue whenever he cannot name his own suit (the heuristic policy's tie rule)."""

    def blue_default(card):
        return {card.suit if card.kind is CardKind.SUIT else Suit.BLUE: 1}

    for card in ("B9", "R9", "J"):
        for seat in range(3):
            want = _brute(
                Card.parse(card),
                seat,
                3,
                Card.parse("W"),
                lambda c: {k: Fraction(v) for k, v in blue_default(c).items()},
            )
            got = exact.round1_win_probability(card, seat=seat, n_players=3, trump="W", dealer_choice=blue_default)
            assert got.fraction == want


def test_middle_seat_by_enumeration_four_players():
    want = _brute(Card.parse("G11"), 2, 4, Card.parse("B6"), _own_suit)
    assert exact.round1_win_probability("G11", seat=2, n_players=4, trump="B6").fraction == want


def test_named_suit_and_suit_states_are_averages():
    """'a red card turned' is the mean over the red cards; 'W:red' conditions on the dealer's choice."""
    red = [exact.round1_win_probability("B9", seat=2, n_players=4, trump=f"R{k}").fraction for k in range(1, 14)]
    assert exact.round1_win_probability("B9", seat=2, n_players=4, trump="red").fraction == sum(red) / 13
    named = [
        exact.round1_win_probability("B9", seat=2, n_players=4, trump=f"W:{s.name}", dealer_choice="random")
        for s in Suit
    ]
    whole = exact.round1_win_probability("B9", seat=2, n_players=4, trump="W", dealer_choice="random")
    assert sum(e.fraction for e in named) / 4 == whole.fraction


# ---------------------------------------------------------------- round 1: tables, thresholds, seat values
def test_round1_table_consistency():
    t = exact.round1_table([3, 4]).table
    assert ((t.value >= 0) & (t.value <= 1)).all()
    lead = t[(t.n_players == 4) & (t.seat == 1) & (t.state == "plain")].set_index("card")["fraction"]
    # whichever card of another suit is turned, 4 Wizards and 12 trumps beat the led 13: x = 42
    assert Fraction(lead["13"]) == Fraction(comb(42, 3), comb(58, 3))
    ranks = [Fraction(lead[str(k)]) for k in range(1, 14)]
    assert ranks == sorted(ranks)  # stronger cards win more often


def test_round1_thresholds_follow_break_even():
    th = exact.round1_thresholds([4]).table
    cut = 3 / 7
    for row in th.itertuples():
        if row.weakest_rank is not None and str(row.weakest_rank) != "<NA>":
            assert row.p_weakest >= cut
            if row.p_below is not None and row.weakest_rank > 1:
                assert row.p_below < cut
        elif row.p_below is not None:
            assert row.p_below < cut
    lead_trump = th[(th.seat == 1) & (th.state == "trump")].iloc[0]
    assert lead_trump.wizard and not lead_trump.jester


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_round1_seat_values_add_up(n):
    t = exact.round1_seat_values(n).table
    assert sum(Fraction(f) for f in t[t.quantity == "p_win"].fraction) == 1  # one trick, one winner


@pytest.mark.parametrize("n", [3, 4])
def test_round1_trump_choice_value(n):
    """The dealer's value after a turned Wizard, derived here from the dealer's win chance under each
    named suit (``trump="W:<suit>"``, itself checked by enumeration above): he bids the better of 0
    and 1 once he knows trump, so a suit scores ``max(20 - 30 p, 40 p - 10)``; ``best`` takes the best
    suit for his card, ``random`` the mean over the suits, ``own-suit`` his card's suit (any suit for a
    Wizard or Jester). Averaged over the 59 cards he may hold."""
    t = exact.round1_trump_choice_value(n).table.set_index("quantity")["fraction"].map(Fraction)
    turned = next(i for i, c in enumerate(CARDS) if c.kind is CardKind.WIZARD)
    totals = {"best": Fraction(0), "random": Fraction(0), "own-suit": Fraction(0)}
    held = [c for i, c in enumerate(CARDS) if i != turned]
    for card in held:
        value = {}
        for suit in Suit:
            p = exact.round1_win_probability(card, seat=0, n_players=n, trump=f"W:{suit.name}").fraction
            value[suit] = max(20 - 30 * p, 40 * p - 10)
        totals["best"] += max(value.values())
        totals["random"] += sum(value.values()) / 4
        totals["own-suit"] += value[card.suit] if card.kind is CardKind.SUIT else sum(value.values()) / 4
    for quantity, total in totals.items():
        assert t[quantity] == total / len(held), quantity
    assert t["value"] == t["best"] - t["random"] and t["value"] > 0


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    "kwargs,match",
    [
        ({"card": "R5", "trump": "R5"}, "impossible trump"),
        ({"card": "R5", "trump": "purple"}, "impossible trump"),
        ({"card": "R14"}, "not in the standard deck"),
        ({"card": "X3"}, "unknown card"),
        ({"card": "R5", "seat": 4}, "seat must be"),
        ({"card": "R5", "n_players": 7}, "3 to 6 players"),
        ({"card": "R5", "dealer_choice": "psychic"}, "unknown dealer_choice"),
        ({"card": "R5", "trump": "J:red"}, "only after a turned Wizard"),
        ({"card": "W", "trump": "plain"}, "needs a suit card"),
    ],
)
def test_round1_bad_input(kwargs, match):
    args = {"seat": 1, "n_players": 4} | kwargs
    card = args.pop("card")
    with pytest.raises(ValueError, match=match):
        exact.round1_win_probability(card, **args)


def test_results_say_they_are_exact():
    e = exact.round1_win_probability("W", seat=1, n_players=4)
    assert e.exact and e.ci is None and e.fraction == 1
    frame = exact.vulnerability().to_frame()
    assert frame.exact.all() and frame.confidence_level.isna().all()
