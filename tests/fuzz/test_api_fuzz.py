"""Hypothesis strategies for the public API: hostile arguments end in a result or in one clear line.

Every call made here must either return, or raise ``ValueError``/``TypeError`` whose message is one
line of reasonable length and does not come from numba (a value that reached a kernel). Anything
else (an ``IndexError``, ``OverflowError``, ``KeyError``, a numba error, a crash) fails the test.
Kernel calls use tiny sizes (a few rounds), so the kernels compile once per session and each
example takes milliseconds. The strategies mix valid values with the hostile classes of the
corpus: bools and floats posing as whole numbers, NaN and infinities, huge numbers, negative
counts, strings, cards not in the deck, too many cards, special cards where they do not belong.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wizstats as w
from wizstats.questions import QUESTIONS, AskOptions, ask
from wizstats.rules import resolve_deck

HUGE = [10**13, 10**20, 2**63, -(2**63) - 1]
NOT_WHOLE = [2.0, 2.5, True, False, "3", None, math.nan, math.inf, -math.inf, np.float64(3.0), [3], b"3"]


def whole_ish(valid: st.SearchStrategy[Any], *, wide: bool = True) -> st.SearchStrategy[Any]:
    """Mostly valid whole numbers, plus the hostile kinds: negative, zero, huge, floats, bools, strings.

    ``wide``: any whole number too (not for counts of rounds or samples, which would run for long).
    """
    hostile = st.sampled_from([*HUGE, *NOT_WHOLE, -1, 0, np.int64(-5), np.int8(3)])
    if not wide:
        return st.one_of(valid, valid, hostile)
    return st.one_of(valid, valid, hostile, st.integers(-(10**30), 10**30))


def real_ish(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    hostile = st.sampled_from([math.nan, math.inf, -math.inf, 1e308, -1e308, "1.5", None, True, 1j])
    return st.one_of(valid, valid, hostile, st.floats(allow_nan=True, allow_infinity=True))


CARD_TEXT = st.one_of(
    st.sampled_from(
        [
            "W",
            "J",
            "Z",
            "N",
            "R13",
            "B1",
            "G7",
            "Y10",
            "R14",
            "R0",
            "B99999999999999999999",
            "DRAGON",
            "fairy",
            "CLOUD",
            "",
            "R-1",
            "R1.5",
            "X5",
            "r5",
            "W:red",
            "R 5",
            "R¹",
            "B٣",
        ]
    ),
    st.text(max_size=6),
)
SUIT = st.one_of(
    st.sampled_from([None, "red", "R", "blue", "none", "pink", "W", 0, 3, 4, -1, True, 1.0, *w.Suit]),
    st.text(max_size=4),
)
DECK = st.sampled_from(
    [
        "standard",
        "junior",
        "oh-hell",
        "4x13+4+4",
        "1x5+1+1",
        "4x15+2+2",
        "0x5+1+1",
        "5x13+4+4",
        "4x13",
        "99999999999999999999x1+0+0",
        "",
        "nope",
        None,
        3,
        w.Deck.junior(),
    ]
)
PARAM_VALUES = st.one_of(
    st.sampled_from(["1", "0", "2.5", "nan", "inf", "-inf", "1e308", "-1", "100000", "1e12", "0.55", "", "x", "3"]),
    st.floats().map(repr),
)
POLICY = st.one_of(
    st.sampled_from(
        [
            "random",
            "heuristic",
            "baseline",
            "pimc:worlds=2",
            "rollout:worlds=2,samples=2,window=1",
            "genius",
            "",
            ":x=1",
            "heuristic:",
            "heuristic:scale",
            3,
            None,
        ]
    ),
    st.builds(
        lambda name, key, value: f"{name}:{key}={value}",
        st.sampled_from(["heuristic", "pimc", "rollout", "random", "baseline"]),
        st.sampled_from(
            [
                "scale",
                "bias",
                "ruff",
                "lead_min",
                "kill",
                "duck",
                "norm",
                "table",
                "worlds",
                "spite",
                "infer",
                "samples",
                "window",
                "foo",
            ]
        ),
        PARAM_VALUES,
    ),
)
"""Policies as text: the registered ones (search ones with tiny budgets), and hostile parameters."""

SMALL_ROUNDS = whole_ish(st.integers(1, 4), wide=False)
PLAYERS = whole_ish(st.integers(2, 7))
HAND = whole_ish(st.integers(0, 16))
SEED = whole_ish(st.integers(0, 3))


PYTHON_INTERNALS = (
    "object is not iterable",
    "not supported between instances of",
    "invalid literal for",
    "Exceeds the limit",
    "object is not subscriptable",
    "unhashable type",
    "expected str, bytes or os.PathLike",
)
"""Messages of Python's own checks: they reach the user only when no check of ours named the argument."""


def attempt(call: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
    """Call ``call``; a ``ValueError``/``TypeError`` must carry one short line of ours, not raised from numba."""
    try:
        return call(*args, **kwargs)
    except (ValueError, TypeError) as err:
        text = str(err)
        assert text.strip(), f"{type(err).__name__} without a message"
        assert "\n" not in text, f"a message of several lines: {text!r}"
        assert len(text) <= 4000, f"a message of {len(text)} characters"
        assert not type(err).__module__.startswith("numba"), f"a numba error reached the user: {text}"
        assert not any(p in text for p in PYTHON_INTERNALS), f"Python's message, not naming the argument: {text}"
        return None


FAST = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
KERNEL = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


# ---------------------------------------------------------------- cards, decks, rules, players
@FAST
@given(
    st.one_of(st.sampled_from(list(w.CardKind)), whole_ish(st.integers(0, 12))),
    st.one_of(st.none(), SUIT),
    whole_ish(st.integers(0, 20)),
)
def test_card(kind: Any, suit: Any, rank: Any) -> None:
    card = attempt(w.Card, kind, suit, rank)
    if card is not None and card.kind is w.CardKind.SUIT:
        assert isinstance(card.rank, int) and 1 <= card.rank <= 64 and str(card) == f"{card.suit.letter}{card.rank}"


@FAST
@given(CARD_TEXT, st.lists(CARD_TEXT, max_size=8), SUIT)
def test_card_text_and_suits(text: str, texts: list[str], suit: Any) -> None:
    attempt(w.parse_card, text)
    attempt(w.parse_cards, texts)
    attempt(w.parse_cards, " ".join(texts))
    attempt(w.parse_suit, suit)


@FAST
@given(
    whole_ish(st.integers(0, 5)),
    whole_ish(st.integers(0, 20)),
    whole_ish(st.integers(0, 5)),
    whole_ish(st.integers(0, 5)),
    DECK,
)
def test_decks(n_suits: Any, n_ranks: Any, n_wizards: Any, n_jesters: Any, name: Any) -> None:
    deck = attempt(w.Deck, n_suits, n_ranks, n_wizards, n_jesters)
    if deck is not None:
        assert deck.size <= 64 and len(deck.cards) == deck.size
    attempt(resolve_deck, name)


@FAST
@given(
    PLAYERS,
    DECK,
    st.one_of(
        st.sampled_from(["standard", "tournament", (), (1, 2), (0,), (99,), (2.0,), "x"]),
        st.lists(whole_ish(st.integers(1, 20)), max_size=3),
    ),
    st.one_of(st.booleans(), st.sampled_from([0, 1, "yes", None, np.bool_(True)])),
    whole_ish(st.integers(1, 3)),
    st.sampled_from(["after-look", "blind", "x", 3]),
    st.sampled_from(["open", "hidden", "after-round", "x"]),
    st.sampled_from(["standard", "alternative", "x"]),
    st.sampled_from([None, (45, 30, 20, 10, 5, 0), (1,), (math.nan,) * 6, "abc", (1e300,) * 6]),
    st.sampled_from(["", "all", "dragon,fairy", "dragon", "unicorn", {"bomb"}, ["cloud", "witch"], 3]),
)
def test_rules(
    n: Any,
    deck: Any,
    schedule: Any,
    pm1: Any,
    pm1_min: Any,
    trump: Any,
    bids: Any,
    scoring: Any,
    points: Any,
    special: Any,
) -> None:
    rules = attempt(
        w.Rules,
        n,
        deck=deck,
        schedule=schedule,
        plus_minus_one=pm1,
        plus_minus_one_min_hand=pm1_min,
        trump_choice=trump,
        bids=bids,
        scoring=scoring,
        placement_points=points,
        special_cards=special,
    )
    if rules is not None:
        assert all(1 <= r <= rules.max_hand_size for r in rules.schedule)
        assert isinstance(rules.n_players, int) and not isinstance(rules.plus_minus_one_min_hand, bool)


@FAST
@given(
    POLICY,
    st.dictionaries(
        st.sampled_from(["scale", "worlds", "samples", "table", "bias", "x"]), real_ish(st.floats(-2, 100)), max_size=3
    ),
)
def test_policies(text: Any, params: dict[str, Any]) -> None:
    policy = attempt(w.Policy.parse, text)
    if policy is not None:
        assert all(math.isfinite(v) for v in policy.params.values())
        info = w.POLICIES[policy.name]
        for key, value in policy.params.items():
            decl = info.params[key]
            assert decl.low <= value <= decl.high
            if decl.kind is int:
                assert value == int(value)
        assert w.Policy.parse(str(policy)) == policy
    for name in ("heuristic", "pimc", "rollout"):
        attempt(w.Policy, name, **params)


# ---------------------------------------------------------------- the reference rules and scores
@FAST
@given(
    st.lists(CARD_TEXT, max_size=9),
    SUIT,
    st.sampled_from([None, w.Rules(3), w.Rules(4, deck="junior"), w.Rules(4, special_cards="all")]),
)
def test_tricks(cards: list[str], trump: Any, rules: Any) -> None:
    index = attempt(w.trick_winner, cards, trump, rules=rules)
    if index is not None:
        assert 0 <= index < len(cards) <= (6 if rules is None else rules.n_players)
        assert w.parse_card(cards[index]) is not None
    attempt(w.legal_plays, cards[:4], cards[4:], rules=rules)
    if cards:
        attempt(w.check_play, cards[0], cards[:4], cards[4:], rules=rules)
        attempt(w.is_legal_play, cards[0], cards[:4], cards[4:], rules=rules)


@FAST
@given(
    whole_ish(st.integers(0, 5)),
    whole_ish(st.integers(0, 5)),
    st.sampled_from([None, w.Rules(4), w.Rules(4, scoring="alternative"), "x"]),
    st.one_of(st.none(), whole_ish(st.integers(0, 5))),
    st.lists(real_ish(st.floats(-100, 100)), max_size=7),
    st.lists(whole_ish(st.integers(0, 5)), max_size=5),
)
def test_scores(bid: Any, tricks: Any, rules: Any, hand: Any, totals: list[Any], earlier: list[Any]) -> None:
    attempt(w.score_round, bid, tricks, rules, hand)
    attempt(w.placement_points, totals)
    attempt(w.forbidden_bid, hand, earlier)
    attempt(w.wilson_interval, bid, tricks, confidence_level=0.95)


@FAST
@given(
    st.lists(
        st.sampled_from(
            [
                "round,player,bid,tricks",
                "1,Ann,0,1",
                "1,Bob,0,0",
                "1,Cid,0,0",
                "2,Ann,1,1",
                "# players: Ann, Bob, Cid",
                "# rules: tournament",
                "# schedule: 1, x",
                "-,-,-,-",
                "1,Ann,99999999999999999999,0",
                "1,Ann,1.5,0",
                "\x00",
                "a,b",
                '"unclosed',
                "# deck: junior",
                "1,Ann,-,-",
            ]
        ),
        max_size=8,
    ),
    st.text(max_size=30),
)
def test_score_sheets(lines: list[str], junk: str) -> None:
    attempt(w.ScoreSheet.parse, "\n".join(lines))
    attempt(w.ScoreSheet.parse, "\n".join([*lines, junk]), tournament=True)


# ---------------------------------------------------------------- exact counts
@FAST
@given(
    CARD_TEXT,
    whole_ish(st.integers(0, 6)),
    PLAYERS,
    st.sampled_from(["any", "trump", "plain", "red", "R5", "W", "J", "none", "W:red", "DRAGON", 5, None]),
    DECK,
)
def test_exact_round1(card: Any, seat: Any, n: Any, trump: Any, deck: Any) -> None:
    attempt(w.round1_win_probability, card, seat=seat, n_players=n, trump=trump, deck=deck)


@FAST
@given(
    PLAYERS, whole_ish(st.integers(0, 20)), st.sampled_from(["standard", "tournament", "x", (1, 2, 3), 3]), DECK, SUIT
)
def test_exact_counts(n: Any, k: Any, schedule: Any, deck: Any, trump: Any) -> None:
    attempt(w.last_rounds_share, n, k, schedule=schedule)
    attempt(w.plus_minus_one_options, n, schedule=schedule if isinstance(schedule, str) else "standard")
    attempt(w.vulnerability, deck, trump)
    attempt(w.break_even_probability, k, hand_size=n)


TABLES = st.one_of(
    PLAYERS,
    st.lists(st.sampled_from([3, 4, np.int64(5), np.int8(6), 7, 2.0, "4", None, True]), max_size=3),
    st.sampled_from([(), range(3, 10**12), "34", {4}]),
)
"""Player counts as the exact tables take them: one, several, none, or a huge range."""


@FAST
@given(TABLES, st.one_of(TABLES, st.none()), whole_ish(st.integers(1, 16)))
def test_exact_tables(n: Any, sizes: Any, k: Any) -> None:
    attempt(w.round1_trump_choice_value, n)
    attempt(w.exact.highest_of_suit, n, sizes, ranks=[13])
    attempt(w.plus_minus_one_options, n)
    attempt(w.schedule_figures, n, last_k=k)
    attempt(w.last_rounds_share, 4, k, schedule=n if n is not None else "standard")


# ---------------------------------------------------------------- calls that once failed, one by one
SHEET = "round,player,bid,tricks\n1,Ann,0,1\n1,Bob,0,0\n1,Cid,0,0\n"
WRITTEN = "round,player,bid,tricks,{column}\n1,Ann,0,1,{value}\n1,Bob,0,0,20\n1,Cid,0,0,20\n"
REFUSED: list[tuple[str, Callable[[], Any], str]] = [
    ("wilson n < 0", lambda: w.wilson_interval(1, -1), "n must be a whole number >= 0"),
    ("arena of one int policy", lambda: w.arena(3, 4, "2", 4), "policies must be a policy or a list"),
    ("wilson 1.5 successes", lambda: w.wilson_interval(1.5, 10), "successes must be a whole number"),
    ("wilson level None", lambda: w.wilson_interval(1, 10, confidence_level=None), "confidence_level"),
    ("wilson n 0, level nan", lambda: w.wilson_interval(0, 0, confidence_level=math.nan), "confidence_level"),
    ("round1 thresholds of no table", lambda: w.round1_thresholds([]), "n_players"),  # a KeyError
    ("round1 table 1.5", lambda: w.round1_table(1.5), "n_players"),
    ("highest of suit, hand sizes 1.5", lambda: w.exact.highest_of_suit(4, 1.5), "hand_sizes"),
    ("thresholds after bids, states 3", lambda: w.round1_thresholds_after_bids(4, states=3), "states"),
    ("bid thresholds, no hand size", lambda: w.bid_thresholds(4, [], n=5), "hand size"),  # a KeyError
    ("bid thresholds, hand size '2'", lambda: w.bid_thresholds(4, "2", n=5), "hand size"),
    ("dealer advantage, hand sizes 1.5", lambda: w.dealer_advantage(4, 1.5, n=5), "hand size"),
    ("schedule figures, last 16 of 15", lambda: w.schedule_figures(4, last_k=16), "last_k"),
    ("last rounds of no schedule", lambda: w.last_rounds_share(4, 2, schedule=[]), "schedule"),
    ("rules, schedule of 10**12 rounds", lambda: w.Rules(4, schedule=range(1, 10**12)), "schedule"),  # it hung
    ("rules, 10**12 placement points", lambda: w.Rules(4, placement_points=range(10**12)), "placement_points"),
    ("sheet, schedule 5", lambda: w.ScoreSheet.parse(SHEET, schedule=5), "schedule"),
    ("sheet, schedule []", lambda: w.ScoreSheet.parse(SHEET, schedule=[]), "schedule"),
    ("sheet, deck ''", lambda: w.ScoreSheet.parse(SHEET, deck=""), "deck"),
    (
        "sheet, a score of 1/0",  # a ZeroDivisionError
        lambda: w.ScoreSheet.parse(WRITTEN.format(column="score", value="1/0")),
        "not a number",
    ),
    (
        "sheet, a total of 1e99999999",  # it ran for hours
        lambda: w.ScoreSheet.parse(WRITTEN.format(column="total", value="1e99999999")),
        "not a number",
    ),
    (
        "sheet, a bid of 5000 digits",
        lambda: w.ScoreSheet.parse(SHEET.replace(",0,1", "," + "9" * 5000 + ",1")),
        "large",
    ),
    ("sheet, a bid in Arabic-Indic digits", lambda: w.ScoreSheet.parse(SHEET.replace(",0,1", ",\u0661,1")), "bid"),
    ("sheet, an empty file name", lambda: w.ScoreSheet.read(""), "empty"),
    ("sheet, a file name 3", lambda: w.ScoreSheet.read(3), "file name"),
    ("suit ''", lambda: w.parse_suit(""), "unknown suit"),
    ("trick with trump ''", lambda: w.trick_winner(["R1", "B2"], ""), "unknown suit"),
    ("cards None", lambda: w.parse_cards(None), "cards must be"),
    ("vulnerability, a deck of one card", lambda: w.vulnerability("1x1+0+0"), "one card"),  # a ZeroDivisionError
    (
        "round 1, turned R14",
        lambda: w.round1_win_probability("B1", seat=1, n_players=4, trump="R14"),
        "not in the standard deck",
    ),
    (
        "game, a player sitting out twice",
        lambda: w.simulate_games(w.Rules(4, schedule=(1, 2)), 1, sit_out=[(2, 1), (2, 1)]),
        "twice",
    ),
    ("deck in fullwidth digits", lambda: resolve_deck("\uff14x13+4+4"), "unknown deck"),
    ("deck with -0 Wizards", lambda: resolve_deck("4x13+-0+4"), "unknown deck"),
    ("policy 1_0", lambda: w.Policy.parse("heuristic:scale=1_0"), "bad policy parameter"),
    ("policy in Arabic-Indic digits", lambda: w.Policy.parse("pimc:worlds=\u0662"), "bad policy parameter"),
    (
        "sweep, players in Arabic-Indic digits",
        lambda: w.sweep("summary", {"n_players": "\u0664", "hand_size": 1}, n_rounds=1, progress=False),
        "n_players",
    ),
]
"""Calls that once raised a Python error, ran for hours, or gave a number: each must now be refused in one line."""

ACCEPTED: list[tuple[str, Callable[[], Any]]] = [
    ("round1 table of np.int64(4)", lambda: w.round1_table(np.int64(4))),
    ("rational round 1, np.int64(4) players", lambda: w.rational_round1_win_probability(np.int64(4), "R5", 1, "none")),
    ("bid thresholds, hand size np.int64(1)", lambda: w.bid_thresholds(4, np.int64(1), n=50)),
    ("seat effects, hand sizes np.int64(2)", lambda: w.seat_effects(4, np.int64(2), n=5)),
]
"""Valid calls that were refused (a numpy integer is a whole number)."""


@pytest.mark.parametrize(("label", "call", "fragment"), REFUSED, ids=[r[0] for r in REFUSED])
def test_refused_in_one_line(label: str, call: Callable[[], Any], fragment: str) -> None:
    with pytest.raises((ValueError, TypeError)) as info:
        call()
    assert attempt(lambda: call()) is None  # one line of ours, not Python's
    assert fragment in str(info.value), str(info.value)


@pytest.mark.parametrize(("label", "call"), ACCEPTED, ids=[a[0] for a in ACCEPTED])
def test_accepted(label: str, call: Callable[[], Any]) -> None:
    assert call() is not None


# ---------------------------------------------------------------- one argument spoiled at a time
# Independently hostile arguments almost never make a valid call together. These tests draw a
# valid call and then spoil at most one argument, so that about a third of the calls succeed
# (and their results are checked) and each hostile value meets otherwise valid company.
HOSTILE_WHOLE = st.sampled_from([*HUGE, *NOT_WHOLE, -1, 0, np.int64(-5)])
HOSTILE_POLICY = st.sampled_from(
    [
        "heuristic:scale=nan",
        "heuristic:bias=inf",
        "heuristic:kill=-inf",
        "heuristic:scale=1e308",
        "pimc:worlds=0",
        "pimc:worlds=2.5",
        "pimc:infer=nan",
        "rollout:samples=0",
        "rollout:window=-1",
        "rollout:samples=1e9",
        "heuristic:table=0.5",
        "heuristic:foo=1",
        "random:scale=1",
        "genius",
        "",
        3,
        None,
        ["heuristic"] * 9,
    ]
)


def valid_policy() -> st.SearchStrategy[str]:
    """A registered policy with valid (random) parameters; search policies with tiny budgets."""
    return st.one_of(
        st.sampled_from(["random", "heuristic", "baseline", "pimc:worlds=2", "rollout:worlds=1,samples=2,window=1"]),
        st.builds(
            lambda scale, bias, duck: f"heuristic:scale={scale!r},bias={bias!r},duck={duck!r}",
            st.floats(0, 10),
            st.floats(-64, 64),
            st.floats(0, 1),
        ),
    )


def spoil(data: st.DataObject, valid: dict[str, Any], hostile: dict[str, st.SearchStrategy[Any]]) -> dict[str, Any]:
    """``valid`` with at most one argument replaced by a hostile value (none in about a third of the calls)."""
    choice = data.draw(
        st.sampled_from([None, None, *hostile]) if len(hostile) > 4 else st.sampled_from([None, *hostile]),
        label="spoiled",
    )
    if choice is not None:
        valid = {**valid, choice: data.draw(hostile[choice], label=choice)}
    return valid


def table(data: st.DataObject, *, special: bool = False) -> tuple[int, int, Any]:
    """A valid table: players, a hand size (small), and rules (or ``None`` for the standard game)."""
    n = data.draw(st.integers(3, 6), label="n_players")
    rules = data.draw(
        st.sampled_from(
            [
                None,
                w.Rules(n, plus_minus_one=True),
                w.Rules(n, bids="hidden"),
                w.Rules(n, scoring="alternative", trump_choice="blind"),
                *([w.Rules(n, special_cards="all")] if special else []),
            ]
        ),
        label="rules",
    )
    r = data.draw(st.integers(1, min(4, (rules.deck.size if rules else 60) // n)), label="hand_size")
    return n, r, rules


@KERNEL
@given(st.data())
def test_simulate_one_spoiled(data: st.DataObject) -> None:
    n, r, rules = table(data, special=True)
    plain = rules is None or not rules.special_cards
    policy = (
        st.one_of(valid_policy(), st.lists(valid_policy(), min_size=n, max_size=n))
        if plain
        else st.sampled_from(["random", "heuristic", "heuristic:scale=0.5", "expert"])
    )
    kwargs = spoil(
        data,
        {
            "n_players": n,
            "hand_size": r,
            "n_rounds": data.draw(st.integers(1, 4)),
            "rules": rules,
            "policies": data.draw(policy),
            "seed": data.draw(st.integers(0, 2**70)),
            "threads": data.draw(st.sampled_from([None, 1])),
            "chunk_rounds": data.draw(st.integers(1, 3)),
        },
        {
            "n_players": HOSTILE_WHOLE,
            "hand_size": st.one_of(HOSTILE_WHOLE, st.integers(16, 99)),
            "n_rounds": HOSTILE_WHOLE,
            "policies": HOSTILE_POLICY,
            "seed": HOSTILE_WHOLE,
            "threads": HOSTILE_WHOLE,
            "chunk_rounds": HOSTILE_WHOLE,
            "rules": st.sampled_from(["x", w.Rules(3), w.Rules(4, deck="junior")]),
            "deck": st.sampled_from(["junior", "oh-hell", "x"]),
        },
    )
    res = attempt(w.simulate, **kwargs)
    if res is not None:
        assert int(res.counts.sum()) == res.rules.n_players * res.n_rounds
        r = int(kwargs["hand_size"])  # a spoiled hand size the table allows (16 for 3 players) is valid
        assert (res.counts >= 0).all() and res.counts.shape == (n, r + 1, r + 1)


@KERNEL
@given(st.data())
def test_hand_statistics_one_spoiled(data: st.DataObject) -> None:
    n = data.draw(st.integers(3, 6), label="n_players")
    r = data.draw(st.integers(1, 3), label="hand size")
    ids = data.draw(st.permutations(range(60)), label="deal")[: r + 1]
    deck = w.Deck.standard()
    hand, turned = [str(deck.card(i)) for i in ids[:r]], str(deck.card(ids[r]))
    seat = data.draw(st.integers(0, n - 1), label="seat")
    bids = data.draw(st.lists(st.integers(0, r), min_size=(seat - 1) % n, max_size=(seat - 1) % n), label="bids")
    valid = {
        "hand": hand,
        "trump": data.draw(st.sampled_from([turned, "any", "none"])),
        "n_players": n,
        "seat": seat,
        "bids_so_far": bids,
        "policy": data.draw(valid_policy()),
        "n": data.draw(st.integers(1, 6)),
        "seed": data.draw(st.integers(0, 99)),
    }
    hostile = {
        "hand": st.sampled_from([[], "R14", ["R5", "R5"], ["W"] * 5, ["DRAGON"], "X", 3, ["R1"] * 20]),
        "trump": st.sampled_from(["DRAGON", "W:none", "W:pink", hand[0], "pink", 7]),
        "n_players": HOSTILE_WHOLE,
        "seat": st.one_of(HOSTILE_WHOLE, st.just(n)),
        "bids_so_far": st.sampled_from([[r + 1] * ((seat - 1) % n), [-1], [1.5], "1", [0] * 9]),
        "policy": HOSTILE_POLICY,
        "n": HOSTILE_WHOLE,
        "seed": HOSTILE_WHOLE,
        "min_acceptance": real_ish(st.just(math.nan)),
        "target_width": real_ish(st.just(-1.0)),
        "max_n": HOSTILE_WHOLE,
    }
    res = attempt(w.trick_distribution, **spoil(data, valid, hostile))
    if res is not None:
        assert res.n >= 1 and 0 <= res.best_bid <= r
    card = spoil(
        data,
        {
            "card": hand[0],
            "n_players": n,
            "hand_size": r,
            "seat": seat,
            "trump": "any",
            "policy": valid["policy"],
            "n": valid["n"],
            "marginal": data.draw(st.booleans()),
        },
        {
            "card": st.sampled_from(["R14", "DRAGON", "", 3]),
            "hand_size": HOSTILE_WHOLE,
            "seat": HOSTILE_WHOLE,
            "n": HOSTILE_WHOLE,
            "policy": HOSTILE_POLICY,
            "marginal": st.sampled_from([1, "yes", None]),
        },
    )
    attempt(w.card_win_probability, **card)


@KERNEL
@given(st.data())
def test_arena_games_one_colour_one_spoiled(data: st.DataObject) -> None:
    n = data.draw(st.integers(3, 6), label="n_players")
    entries = data.draw(st.lists(valid_policy(), min_size=1, max_size=n), label="entries")
    sizes = data.draw(st.sampled_from(["1", "1-2", [2]]))
    arena = spoil(
        data,
        {"policies": entries, "n_players": n, "hand_sizes": sizes, "n_rounds": data.draw(st.integers(1, 2)), "seed": 0},
        {
            "policies": st.one_of(HOSTILE_POLICY, st.just(["random"] * (n + 1))),
            "n_players": HOSTILE_WHOLE,
            "hand_sizes": st.sampled_from(["3-1", "", "0", "1-99999999999999999999", [1, 1], 2.0, "99"]),
            "n_rounds": HOSTILE_WHOLE,
            "seed": HOSTILE_WHOLE,
            "confidence_level": st.sampled_from([0, 1, math.nan, "0.9"]),
        },
    )
    res = attempt(w.arena, **arena)
    if res is not None:
        assert len(res.table()) >= 1
    games = spoil(
        data,
        {
            "rules": w.Rules(n, schedule=(1, 2)),
            "n_games": data.draw(st.integers(1, 2)),
            "policies": data.draw(valid_policy()),
            "first_dealer": data.draw(st.integers(0, n - 1)),
        },
        {
            "n_games": HOSTILE_WHOLE,
            "policies": HOSTILE_POLICY,
            "first_dealer": HOSTILE_WHOLE,
            "bin_width": HOSTILE_WHOLE,
            "sit_out": st.sampled_from([[(9, 0)], [(1, 9)], "x", [(1.5, 0)]]),
            "elimination": st.sampled_from([True, 1, "yes"]),
            "half": HOSTILE_WHOLE,
        },
    )
    res = attempt(w.simulate_games, **games)
    if res is not None:
        assert res.n_games == games["n_games"]
    one = spoil(
        data,
        {
            "n_players": data.draw(st.sampled_from([3, 4])),
            "n_games": data.draw(st.integers(1, 2)),
            "policies": data.draw(st.sampled_from(["random", "heuristic", "heuristic:scale=0.5"])),
            "plus_minus_one": data.draw(st.booleans()),
        },
        {
            "n_players": HOSTILE_WHOLE,
            "n_games": HOSTILE_WHOLE,
            "policies": st.sampled_from(["pimc", "baseline", "heuristic:ruff=2", "heuristic:scale=nan"]),
            "plus_minus_one": st.sampled_from([1, "yes", None]),
            "scoring": st.sampled_from(["x", 3]),
        },
    )
    res = attempt(w.simulate_one_colour, **one)
    if res is not None:
        assert int(res.counts.sum()) == 12 * one["n_players"] * one["n_games"]


@KERNEL
@given(st.data())
def test_sweep_and_questions_one_spoiled(data: st.DataObject) -> None:
    n = data.draw(st.integers(3, 6), label="n_players")
    grid = {"n_players": n, "hand_size": data.draw(st.integers(1, 3)), "policy": data.draw(valid_policy())}
    kwargs = spoil(
        data,
        {
            "fn": data.draw(st.sampled_from(["joint", "summary"])),
            "grid": grid,
            "n_rounds": data.draw(st.integers(1, 6)),
            "chunk_rounds": data.draw(st.integers(1, 4)),
            "seed": data.draw(st.integers(0, 9)),
            "progress": False,
        },
        {
            "fn": st.sampled_from(["nope", 3]),
            "n_rounds": HOSTILE_WHOLE,
            "chunk_rounds": HOSTILE_WHOLE,
            "seed": HOSTILE_WHOLE,
            "retries": HOSTILE_WHOLE,
            "threads": HOSTILE_WHOLE,
            "grid": st.sampled_from(
                [
                    {**grid, "policy": "heuristic:scale=nan"},
                    {**grid, "hand_size": 99},
                    {**grid, "test_seat": n},
                    {**grid, "foo": 1},
                    {"hand_size": 1},
                    [],
                ]
            ),
        },
    )
    res = attempt(w.sweep, **kwargs)
    if res is not None and kwargs["fn"] == "joint":
        assert int(res["count"].sum()) == n * kwargs["n_rounds"]
    name = data.draw(st.sampled_from(["last-rounds", "dealer-options", "sure-tricks", "bids-add-up", "seat-advantage"]))
    sims = name in ("bids-add-up", "seat-advantage")
    options = spoil(
        data,
        {
            "n_players": n,
            "hand_size": 2 if sims else None,
            "n": 6 if sims else None,
            "k": 2 if name == "last-rounds" else 3,
        },
        {
            "n_players": HOSTILE_WHOLE,
            "hand_size": HOSTILE_WHOLE,
            "n": HOSTILE_WHOLE,
            "k": HOSTILE_WHOLE,
            "policy": HOSTILE_POLICY,
            "seed": HOSTILE_WHOLE,
            "schedule": st.sampled_from(["x", 3]),
        },
    )
    if name == "sure-tricks" and options.get("n_players") == n:
        options["n_players"] = 4
    made = attempt(AskOptions, **options)
    if made is not None:
        answer = attempt(ask, name, made)
        if answer is not None:
            assert answer.sentence and "\n" not in answer.sentence


# ---------------------------------------------------------------- simulations (tiny sizes)
@KERNEL
@given(
    PLAYERS,
    HAND,
    SMALL_ROUNDS,
    st.one_of(POLICY, st.lists(POLICY, min_size=1, max_size=5)),
    SEED,
    st.sampled_from([None, 1, 0, 10**6, 1.5]),
    whole_ish(st.integers(1, 3)),
    st.sampled_from([None, w.Rules(4, special_cards="all"), w.Rules(4, deck="junior"), w.Rules(3)]),
    DECK,
)
def test_simulate(
    n: Any, r: Any, rounds: Any, policies: Any, seed: Any, threads: Any, chunk: Any, rules: Any, deck: Any
) -> None:
    res = attempt(
        w.simulate,
        n,
        r,
        rounds,
        policies=policies,
        seed=seed,
        threads=threads,
        chunk_rounds=chunk,
        rules=rules,
        deck=deck if rules is None else None,
    )
    if res is not None:
        assert int(res.counts.sum()) == res.rules.n_players * res.n_rounds


@KERNEL
@given(
    st.one_of(st.lists(CARD_TEXT, max_size=4), CARD_TEXT),
    st.sampled_from(["red", "R5", "W:red", "J", "none", "any", "trump", "DRAGON", "W:x", None]),
    PLAYERS,
    whole_ish(st.integers(0, 4)),
    st.lists(whole_ish(st.integers(0, 3)), max_size=4),
    POLICY,
    whole_ish(st.integers(1, 8), wide=False),
    real_ish(st.floats(0.01, 1)),
)
def test_hand_statistics(
    hand: Any, trump: Any, n: Any, seat: Any, bids: Any, policy: Any, size: Any, accept: Any
) -> None:
    attempt(w.trick_distribution, hand, trump=trump, n_players=n, seat=seat, bids_so_far=bids, policy=policy, n=size,
            min_acceptance=accept)  # fmt: skip
    card = hand[0] if isinstance(hand, list) and hand else hand
    attempt(
        w.card_win_probability,
        card,
        n_players=n,
        hand_size=min(len(hand) or 1, 3) if isinstance(hand, list) else 1,
        seat=seat,
        trump=trump,
        policy=policy,
        n=size,
        marginal=bool(len(bids) % 2),
    )


@KERNEL
@given(
    st.one_of(POLICY, st.lists(POLICY, min_size=0, max_size=5)),
    PLAYERS,
    st.sampled_from(["game", "1", "1-2", "2,1", "3-1", "", "0", "1-99999999999999999999", 2, [1, 2], 2.0, [1, 1]]),
    SMALL_ROUNDS,
    SEED,
)
def test_arena(policies: Any, n: Any, sizes: Any, rounds: Any, seed: Any) -> None:
    if sizes == "game" and isinstance(rounds, int) and rounds > 1:
        rounds = 1
    attempt(w.arena, policies, n, sizes, rounds, seed)


@KERNEL
@given(
    st.sampled_from([w.Rules(3, schedule=(1, 2)), w.Rules.tournament(4), w.Rules(5, schedule=(1, 2, 3)), "x", None]),
    SMALL_ROUNDS,
    st.one_of(st.none(), POLICY),
    st.booleans(),
    st.sampled_from([None, [(1, 0)], {2: [1]}, [(9, 0)], [(1, 9)], "x", [(1.5, 0)]]),
    st.sampled_from([0, 1, "rotate", 9, -1, "x", True]),
    whole_ish(st.integers(1, 20)),
)
def test_games(rules: Any, games: Any, policy: Any, clairvoyance: Any, sit_out: Any, first: Any, bins: Any) -> None:
    attempt(
        w.simulate_games,
        rules,
        games,
        policies=policy,
        sit_out=sit_out,
        first_dealer=first,
        bin_width=bins,
        clairvoyance=clairvoyance and rules is not None and getattr(rules, "schedule", (0,))[0] == 1,
    )


@KERNEL
@given(
    whole_ish(st.integers(2, 5)),
    SMALL_ROUNDS,
    st.one_of(POLICY, st.lists(POLICY, max_size=4)),
    SEED,
    st.sampled_from([True, False, 1, None]),
    st.sampled_from(["standard", "alternative", "x", 3]),
)
def test_one_colour(n: Any, games: Any, policies: Any, seed: Any, pm1: Any, scoring: Any) -> None:
    attempt(w.simulate_one_colour, n, games, policies=policies, seed=seed, plus_minus_one=pm1, scoring=scoring)


@KERNEL
@given(
    st.sampled_from(["joint", "summary", "nope", 3]),
    st.fixed_dictionaries(
        {
            "n_players": st.one_of(PLAYERS, st.lists(PLAYERS, max_size=2)),
            "hand_size": st.one_of(HAND, st.just("all"), st.just("x")),
        },
        optional={
            "policy": POLICY,
            "scoring": st.sampled_from(["standard", "x"]),
            "test_seat": whole_ish(st.integers(0, 4)),
            "test_policy": POLICY,
            "deck": DECK,
            "plus_minus_one": st.sampled_from([True, "maybe", 2]),
        },
    ),
    whole_ish(st.integers(1, 6), wide=False),
    whole_ish(st.integers(1, 4)),
    SEED,
)
def test_sweep(fn: Any, grid: dict[str, Any], rounds: Any, chunk: Any, seed: Any) -> None:
    if grid.get("hand_size") == "all":
        grid["n_players"] = 6  # 'all' hand sizes of a small table: at most 10 points
    attempt(w.sweep, fn, grid, n_rounds=rounds, chunk_rounds=chunk, seed=seed, progress=False)


@KERNEL
@given(
    st.sampled_from(sorted(QUESTIONS) + ["nope", 3]),
    PLAYERS,
    st.one_of(st.none(), whole_ish(st.integers(1, 3))),
    st.booleans(),
    whole_ish(st.integers(1, 4)),
    st.sampled_from(["standard", "tournament", "x"]),
    st.one_of(st.none(), POLICY),
    st.one_of(st.none(), whole_ish(st.integers(2, 8), wide=False)),
    SEED,
)
def test_questions(
    name: Any, n: Any, hand: Any, pm1: Any, k: Any, schedule: Any, policy: Any, size: Any, seed: Any
) -> None:
    options = attempt(
        AskOptions,
        n_players=n,
        hand_size=hand,
        plus_minus_one=pm1,
        k=k,
        schedule=schedule,
        policy=policy,
        n=size if size is not None else 8,
        seed=seed,
    )
    if options is not None:
        attempt(ask, name, options)
