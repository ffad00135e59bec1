"""The ``expert`` player: registry, legality under every variant, information sets, exact round 1.

Strength and speed are measured by ``benchmarks/players.py``, not here.
"""

from __future__ import annotations

import functools
import itertools
import warnings

import numpy as np
import pytest

from wizstats import Rules, break_even_probability, round1_win_probability
from wizstats.engine import round_setup, trace_rounds
from wizstats.players import POLICIES, Policy, resolve_policies
from wizstats.reference import replay_round


# ---------------------------------------------------------------- registry
def test_registry_matches_the_kernel() -> None:
    """The expert's defaults row is the kernel's (``EXPERT_DEFAULTS``, which ``pimc:bidder=1`` bids with);
    its columns are checked with every policy's in ``tests/test_policies.py``."""
    from wizstats._kernels.players import expert

    assert list(expert.EXPERT_DEFAULTS) == list(Policy("expert").row())
    assert str(Policy("expert", read=0.0)) == "expert:read=0"


# ---------------------------------------------------------------- legality, every variant
VARIANTS = [
    (3, {}),
    (4, {"plus_minus_one": True}),
    (5, {"bids": "hidden"}),
    (6, {"bids": "after-round", "trump_choice": "blind"}),
    (4, {"plus_minus_one": True, "scoring": "alternative"}),
    (3, {"bids": "hidden", "scoring": "alternative", "trump_choice": "blind"}),
    (4, {"deck": "junior"}),
    (5, {"deck": "oh-hell", "plus_minus_one": True}),
    (4, {"deck": "3x7+2+2"}),
]


@pytest.mark.parametrize(("n_players", "variant"), VARIANTS)
def test_expert_only_makes_legal_bids_and_plays(n_players: int, variant: dict) -> None:
    """Every bid and card of many rounds (expert alone and mixed with others) replayed by the reference."""
    rules = Rules(n_players, **variant)
    top = rules.max_hand_size
    for hand_size in sorted({1, 2, 3, max(1, top // 2), top}):
        mix = ["expert", "heuristic", "expert", "random", "baseline", "expert"][:n_players]
        for policies in ("expert", mix):
            trace = trace_rounds(rules, hand_size, 60, policies=policies, seed=hand_size)
            for i in range(60):
                trump = None if trace.trump[i] < 0 else int(trace.trump[i])
                turned = None if trace.turned[i] < 0 else int(trace.turned[i])
                record = replay_round(
                    rules,
                    hand_size,
                    trace.hands[i].tolist(),
                    turned,
                    trump,
                    trace.bids[i].tolist(),
                    trace.plays[i].tolist(),
                )
                assert record.tricks == trace.tricks[i].tolist()
                if rules.plus_minus_one and rules.pm1_applies(hand_size):
                    assert sum(trace.bids[i].tolist()) != hand_size


# ---------------------------------------------------------------- a round state set by hand
def _state(rules: Rules, hand_size: int, policy: str | Policy = "expert", round_index: int = 0):  # type: ignore[no-untyped-def]
    from wizstats._kernels.rules import core

    tab, st0 = round_setup(rules, hand_size)
    _, ids, params = resolve_policies(policy, rules.n_players)
    g = core.new_state(tab, st0, ids, params)
    core.seed_round(g.rng, 99, round_index)
    core.reset_round(g)
    return g


def _round1_state(rules: Rules, card: int, seat: int, turned: int, trump: int, earlier: list[int]):  # type: ignore[no-untyped-def]
    """Round 1 with ``card`` in ``seat``, the others' cards dealt around it, and ``earlier`` bids made."""
    from wizstats._kernels.rules import core

    g = _state(rules, 1)
    n = rules.n_players
    others = iter(c for c in range(60) if c not in (card, turned))
    for q in range(n):
        g.hands[q, 0] = card if q == seat else next(others)
        g.hand_len[q] = 1
    g.gone[turned] = 1
    g.st[core.ST_TURNED] = turned
    g.st[core.ST_TRUMP] = trump
    for k, b in enumerate(earlier):  # bidding order: seat 1 first, the dealer last
        g.bids[(k + 1) % n] = b
    g.st[core.ST_BIDS_MADE] = len(earlier)
    return g


def _turned(T: int) -> tuple[int, int]:
    """The turned card id and the trump suit for a full-table index ``T`` (60 + suit: a Wizard, suit named)."""
    if T >= 60:
        return 52, T - 60
    return T, (T // 13 if T < 52 else -1)


# ---------------------------------------------------------------- round 1: the exact tables
class _Exact:
    """``round1_bid_table`` of the exact rational rule, each table counted once per test session."""

    @staticmethod
    @functools.cache
    def round1_bid_table(n_players: int, **options: object) -> np.ndarray:
        import wizstats

        return wizstats.round1_bid_table(n_players, **options)


def _exact() -> type[_Exact]:
    """The exact tables (skip where ``wizstats.round1_bid_table`` is not in the tree)."""
    import wizstats

    if not hasattr(wizstats, "round1_bid_table"):
        pytest.skip("wizstats.round1_bid_table is not in this tree")
    return _Exact


@pytest.mark.parametrize("n_players", [3, 4, 5, 6])
@pytest.mark.parametrize(("scoring", "choice"), [("standard", "after-look"), ("alternative", "blind")])
def test_round1_bids_equal_the_exact_table(n_players: int, scoring: str, choice: str) -> None:
    """Open bids: the expert's bid at every seat and history of earlier bids, for a spread of turned cards
    and cards (every card for three turned cards; 3 and 4 players every turned card too), equals
    ``round1_bid_table``."""
    from wizstats._kernels.players import dispatch as policies

    rules = Rules(n_players, scoring=scoring, trump_choice=choice)
    table = _exact().round1_bid_table(n_players, trump_choice=choice, scoring=scoring)
    turned_all = [T for T in range(64) if not 52 <= T < 56]
    turned_set = turned_all if n_players <= 4 else [5, 25, 58, 61]
    rng = np.random.default_rng(n_players)
    for T in turned_set:
        turned, trump = _turned(T)
        cards = [c for c in range(60) if c != turned]
        if n_players > 4 or T not in (0, 12, 40, 57, 63):
            cards = sorted(rng.choice(cards, 12, replace=False).tolist() + [52, 59])
        for seat in range(n_players):
            j = (seat - 1) % n_players
            for history in range(2**j):
                earlier = [(history >> k) & 1 for k in range(j)]
                for c in cards:
                    g = _round1_state(rules, c, seat, turned, trump, earlier)
                    assert policies.choose_bid(g, seat, -1) == table[seat, history, T, c], (seat, history, T, c)


@pytest.mark.parametrize("n_players", [3, 4, 6])
def test_round1_dealer_under_plus_minus_one(n_players: int) -> None:
    """With plus/minus one the dealer bids the exact table's bid unless it is forbidden, then the other."""
    from wizstats._kernels.players import dispatch as policies
    from wizstats._kernels.rules import core

    rules = Rules(n_players, plus_minus_one=True)
    table = _exact().round1_bid_table(n_players, plus_minus_one=True)
    free = _exact().round1_bid_table(n_players, plus_minus_one=False)
    for T, c in [(3, 10), (3, 2), (57, 20), (62, 30), (62, 52), (20, 56)]:
        turned, trump = _turned(T)
        for history in range(2 ** (n_players - 1)):
            earlier = [(history >> k) & 1 for k in range(n_players - 1)]
            g = _round1_state(rules, c, 0, turned, trump, earlier)
            forbidden = core.forbidden_bid(g, 0)
            bid = policies.choose_bid(g, 0, forbidden)
            assert bid != forbidden
            want = free[0, history, T, c] if free[0, history, T, c] != forbidden else 1 - free[0, history, T, c]
            assert bid == want
            if table[0, history, T, c] != forbidden:
                assert bid == table[0, history, T, c]


@pytest.mark.parametrize(("n_players", "bids"), [(3, "hidden"), (5, "after-round"), (6, "hidden")])
def test_round1_without_seen_bids_is_the_no_information_rule(n_players: int, bids: str) -> None:
    """Hidden bids: bid 1 iff the exact P(win | card, seat, trump) reaches 3/7, whatever the earlier bids."""
    from wizstats._kernels.players import dispatch as policies

    rules = Rules(n_players, bids=bids)
    p_star = break_even_probability(rules=rules)
    labels = {0: "B1", 5: "B6", 12: "B13", 17: "R5", 25: "R13", 38: "G13", 47: "Y9", 52: "W", 57: "J"}
    for T, spec in [(7, "B8"), (58, "J"), (60, "W:blue"), (62, "W:green")]:
        turned, trump = _turned(T)
        for c, label in labels.items():
            if c == turned:
                continue
            for seat in range(n_players):
                p = round1_win_probability(label, seat=seat, n_players=n_players, trump=spec, rules=rules)
                want = int(p.fraction >= p_star)
                j = (seat - 1) % n_players
                for earlier in ([0] * j, [1] * j):
                    g = _round1_state(rules, c, seat, turned, trump, earlier)
                    assert policies.choose_bid(g, seat, -1) == want, (T, label, seat, earlier)


def test_round1_reads_earlier_zeros() -> None:
    """After three earlier zeros the dealer of 4 bids 1 with a low trump that the first bidder would pass."""
    from wizstats._kernels.players import dispatch as policies

    rules = Rules(4)
    table = _exact().round1_bid_table(4)
    first = [c for c in range(13) if c != 3 and table[1, 0, 3, c] == 1]  # blue turned (B4): blue trumps bid by seat 1
    last = [c for c in range(13) if c != 3 and table[0, 0, 3, c] == 1]  # by the dealer after three zeros
    assert len(last) >= len(first)
    for c in last:
        g = _round1_state(rules, c, 0, 3, 0, [0, 0, 0])
        assert policies.choose_bid(g, 0, -1) == 1


# ---------------------------------------------------------------- trump naming
def _wizard_turned_states(rules: Rules, hand_size: int, count: int, seed: int, policy: str = "expert"):  # type: ignore[no-untyped-def]
    """``count`` random deals of ``hand_size`` cards with the first Wizard turned, no bid made yet."""
    from wizstats._kernels.rules import core

    rng = np.random.default_rng(seed)
    for _ in range(count):
        g = _state(rules, hand_size, policy)
        deck = [c for c in range(60) if c != 52]
        rng.shuffle(deck)
        for q in range(rules.n_players):
            g.hands[q, :hand_size] = sorted(deck[q * hand_size : (q + 1) * hand_size])
            g.hand_len[q] = hand_size
        g.gone[52] = 1
        g.st[core.ST_TURNED] = 52
        yield g


def test_trump_named_is_the_suit_with_the_most_expected_tricks() -> None:
    """After a turned Wizard the expert names the suit under which its hand expects the most tricks."""
    from wizstats._kernels.players import dispatch as policies
    from wizstats._kernels.players import expert
    from wizstats._kernels.rules import core

    differs = 0
    for hand_size in (3, 6, 10):
        for g in _wizard_turned_states(Rules(4), hand_size, 8, 5):
            values = []
            for s in range(4):
                g.st[core.ST_TRUMP] = s
                values.append(expert.expected_tricks(g, 0))
            g.st[core.ST_TRUMP] = -1
            named = policies.choose_trump(g, 0)
            assert values[named] == max(values), (values, named)
            differs += int(values.count(max(values)) < 4)
    assert differs > 0  # the suits were told apart


def test_dealer_bids_named_tricks_lower_after_naming_trump() -> None:
    """The dealer's bid after naming trump looking starts from his estimate less ``named`` tricks; the
    other seats, and the dealer under blind naming, bid as with ``named=0``."""
    from wizstats._kernels.players import dispatch as policies
    from wizstats._kernels.rules import core

    lower = 0
    for blind in (False, True):
        rules = Rules(4, trump_choice="blind" if blind else "after-look")
        for hand_size in (4, 8, 12):
            states = zip(
                _wizard_turned_states(rules, hand_size, 12, 3),
                _wizard_turned_states(rules, hand_size, 12, 3, "expert:named=0"),
                strict=True,
            )
            for g, g0 in states:
                for h in (g, g0):
                    h.st[core.ST_TRUMP] = policies.choose_trump(h, 0)
                    for q in (1, 2, 3):  # the others bid first, as the engine orders them
                        h.bids[q] = policies.choose_bid(h, q, -1)
                        h.st[core.ST_BIDS_MADE] += 1
                assert list(g.bids[1:4]) == list(g0.bids[1:4])
                bid, bid0 = policies.choose_bid(g, 0, -1), policies.choose_bid(g0, 0, -1)
                if blind:
                    assert bid == bid0
                else:
                    assert bid <= bid0
                    lower += int(bid < bid0)
    assert lower > 0


# ---------------------------------------------------------------- never reads hidden bids
@pytest.mark.parametrize("bids", ["hidden", "after-round"])
def test_hidden_bids_change_nothing(bids: str) -> None:
    """Whole rounds traced twice with the same seed: hidden earlier bids of other seats, changed by forcing
    them, leave every expert bid made before the reveal unchanged (round 1 and longer rounds)."""
    from wizstats._kernels.players import dispatch as policies
    from wizstats._kernels.rules import core

    rules = Rules(5, bids=bids)
    for hand_size, round_index in itertools.product((1, 2, 4, 9), range(4)):
        g = _state(rules, hand_size, round_index=round_index)
        core.seed_round(g.rng, 7, round_index)
        core.reset_round(g)
        turned = core.deal(g, -1, np.zeros(1, np.int64), -1)
        g.gone[turned] = 1
        kind = g.tab[core.KIND, turned]
        g.st[core.ST_TRUMP] = g.tab[core.SUIT, turned] if kind == core.K_SUIT else (1 if kind == core.K_WIZARD else -1)
        state = g.rng[0]
        seen = None
        for earlier in ([0, 0, 0], [1, 1, 1], [hand_size, 0, 1]):
            for k, b in enumerate(earlier):
                g.bids[k + 1] = min(b, hand_size)
            g.st[core.ST_BIDS_MADE] = 3
            g.rng[0] = state
            bid = policies.choose_bid(g, 4, -1)
            assert seen is None or bid == seen
            seen = bid


def test_reading_open_bids_changes_bids() -> None:
    """The counterpart: with open bids, earlier bids do move the expert's bid somewhere (it reads them)."""
    from wizstats._kernels.players import dispatch as policies
    from wizstats._kernels.rules import core

    rules = Rules(4)
    moved = 0
    for round_index in range(40):
        hand_size = 2 + round_index % 8
        g = _state(rules, hand_size, round_index=round_index)
        core.seed_round(g.rng, 11, round_index)
        core.reset_round(g)
        turned = core.deal(g, -1, np.zeros(1, np.int64), -1)
        g.gone[turned] = 1
        kind = g.tab[core.KIND, turned]
        g.st[core.ST_TRUMP] = g.tab[core.SUIT, turned] if kind == core.K_SUIT else (0 if kind == core.K_WIZARD else -1)
        choices = set()
        for b in (0, hand_size):
            g.bids[1], g.bids[2], g.bids[3] = b, b, b
            g.st[core.ST_BIDS_MADE] = 3
            choices.add(policies.choose_bid(g, 0, -1))
        moved += len(choices) > 1
    assert moved >= 10


# ---------------------------------------------------------------- short rounds: the bid search
def test_short_rounds_bid_by_search() -> None:
    """At 2 cards (``search`` = 2) the expert bids by rollout's bid search over every bid: two Wizards bid
    2 and two Jesters 0 from every seat, and over ordinary deals the search moves some bids off the
    distribution's (``search=0``), while at 3 cards both settings bid alike."""
    from wizstats._kernels.players import dispatch as policies
    from wizstats._kernels.rules import core

    rules = Rules(4)
    for cards, want in (((52, 53), 2), ((56, 57), 0)):  # Wizards 52..55, Jesters 56..59
        for seat in range(4):
            g = _state(rules, 2)
            others = iter(c for c in range(52) if c != 0)
            for q in range(4):
                g.hands[q, :2] = list(cards) if q == seat else sorted((next(others), next(others)))
                g.hand_len[q] = 2
            g.gone[0] = 1
            g.st[core.ST_TURNED], g.st[core.ST_TRUMP] = 0, 0
            g.st[core.ST_BIDS_MADE] = (seat - 1) % 4
            for q in range(1, 1 + g.st[core.ST_BIDS_MADE]):
                g.bids[q % 4] = 0
            assert policies.choose_bid(g, seat, -1) == want, (cards, seat)
    moved = {2: 0, 3: 0}
    for hand_size, round_index in itertools.product((2, 3), range(60)):
        bids = []
        for policy in ("expert", Policy("expert", search=0)):
            g = _state(rules, hand_size, policy, round_index=round_index)
            core.seed_round(g.rng, 13, round_index)
            core.reset_round(g)
            turned = core.deal(g, -1, np.zeros(1, np.int64), -1)
            g.gone[turned] = 1
            kind = g.tab[core.KIND, turned]
            g.st[core.ST_TRUMP] = (
                g.tab[core.SUIT, turned] if kind == core.K_SUIT else (0 if kind == core.K_WIZARD else -1)
            )
            g.st[core.ST_BIDS_MADE] = 0
            bids.append(policies.choose_bid(g, 1, -1))
        moved[hand_size] += bids[0] != bids[1]
    assert moved[2] >= 3 and moved[3] == 0, moved


# ---------------------------------------------------------------- the special and one-colour engines' experts
def test_special_cards_and_one_colour_play_their_own_expert() -> None:
    """With special cards and in one-colour mode ``expert`` is that engine's own expert (no warning; the results
    name it; its settings are fitted: the special expert takes one parameter, ``fitted`` (0: without its fitted
    card-play weights), the one-colour expert none). Other policies the engines lack are refused,
    and so are expert parameters their players would not play."""
    from wizstats.engine import simulate_one_colour, simulate_special

    rules = Rules(4, special_cards="all")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        a = simulate_special(4, 5, 300, rules=rules, policies="expert", seed=3, threads=1)
        c = simulate_one_colour(4, 40, policies="expert", seed=2, threads=1)
    b = simulate_special(4, 5, 300, rules=rules, policies="heuristic", seed=3, threads=1)
    d = simulate_one_colour(4, 40, policies="heuristic", seed=2, threads=1)
    assert set(a.summary()["policy"]) == {"expert"} and set(b.summary()["policy"]) == {"heuristic"}
    assert set(c.summary()["policy"]) == {"expert"} and set(d.summary()["policy"]) == {"heuristic"}
    assert not np.array_equal(a.counts, b.counts) and not np.array_equal(c.counts, d.counts)  # other bids
    for name in ("baseline", "rollout"):
        if name != "rollout":  # the special-card engine has its own rollout (tests/test_special_search.py)
            with pytest.raises(ValueError, match=f"special-card engine .* not {name!r}"):
                simulate_special(4, 5, 30, rules=rules, policies=name, seed=3, threads=1)
        with pytest.raises(ValueError, match=f"one-colour engine .* not {name!r}"):
            simulate_one_colour(4, 40, policies=name, seed=2, threads=1)
    with pytest.raises(ValueError, match="its own expert, which has no parameter 'read' .it takes: fitted"):
        simulate_special(4, 5, 30, rules=rules, policies="expert:read=0.1", seed=3, threads=1)
    with pytest.raises(ValueError, match="its own expert, which has no parameter 'read' .it takes none"):
        simulate_one_colour(4, 40, policies="expert:read=0.1", seed=2, threads=1)
    assert "one-colour" in POLICIES["expert"].doc and "special cards" in POLICIES["expert"].doc
