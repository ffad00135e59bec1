"""Discards: do players who have made their bid throw their high cards, what is a Jester worth, and when to shed it?

:func:`shedding` reads traced rounds; :func:`jester_value` plays fixed hands with a Jester and
the same hands with a low card in its place (:func:`wizstats.engine.fixed_hand_score`);
:func:`jester_timing` plays the same round on from one play twice, keeping the Jester and
shedding it (:class:`wizstats.engine.PolicyDecider`, one decision at a time).

Every card played by a follower (not the leader of the trick) is judged with the reference
rules (:func:`wizstats.reference.legal_plays`, :func:`wizstats.reference.trick_winner`): which
of his legal cards would not take the lead of the trick as it lies ("safe" cards), and whether
the card he played is the highest of them (Wizard > trump by rank > other suits by rank >
Jester). Only decisions with a choice count: at least two safe cards of different height.
The same rounds also give the other side of the claim: how often a high side-suit card that
leads its trick keeps it, by whether the players still to play have made their bids.

>>> t = shedding(4, [5], n=300, policy="heuristic").table
>>> sorted(set(t[t.quantity == "p_highest_safe"].state))
['made his bid', 'needs tricks']
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from ..engine import PolicyDecider, RoundView, fixed_hand_score, seed_key, trace_rounds
from ..estimates import Estimate, Result, proportion_estimate
from ..intervals import ConfidenceInterval
from ..reference import legal_plays, trick_winner
from ..rules import Card, CardKind, Rules, score_table
from .study import Keywords, Sampled, Sizes, StudyOptions, mean_of, plain_row, ratio_estimate, row, with_game, z_value

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["JESTER_NEEDS", "MIN_TIMING_ROUNDS", "jester_timing", "jester_value", "shedding"]

MAX_SHED_ROUNDS = 20_000
"""The most rounds per hand size (the cards are judged one by one in Python)."""


def _height(card: Card, trump: object) -> tuple[int, int]:
    if card.kind is CardKind.WIZARD:
        return (3, 0)
    if card.kind is CardKind.JESTER:
        return (0, 0)
    return (2 if card.suit == trump else 1, card.rank)


HIGH_RANKS = 2
"""The high cards of :func:`shedding`'s second measurement: the top ``HIGH_RANKS`` ranks of a suit (12 and 13)."""

HIGH_STATES = (
    "last to play has made his bid",
    "last to play needs tricks",
    "one still to play has made his bid",
    "none still to play has made his bid",
)
"""The groups of a high card by the players still to play in its trick (states at the start of the trick)."""


def _state(bid: int, won: int) -> int:
    """0: has made his bid (bid at least 1, as many tricks as bid); 1: needs tricks; -1: neither."""
    return 0 if (bid >= 1 and won == bid) else 1 if won < bid else -1


def _ratio_diff(
    name: str, a: np.ndarray, b: np.ndarray, c: np.ndarray, d: np.ndarray, confidence_level: float
) -> Estimate:
    """``sum(a)/sum(b) - sum(c)/sum(d)`` over the same independent units, with a clustered delta-method interval."""
    m, sb, sd = len(a), float(b.sum()), float(d.sum())
    if m < 2 or sb == 0 or sd == 0:
        return Estimate(name, math.nan, ConfidenceInterval(math.nan, math.nan), int(m), False, "no samples")
    r1, r2 = float(a.sum()) / sb, float(c.sum()) / sd
    e = (a - r1 * b) / sb - (c - r2 * d) / sd
    half = z_value(confidence_level) * math.sqrt(float((e**2).sum()) * m / (m - 1))
    diff = r1 - r2
    return Estimate(
        name,
        diff,
        ConfidenceInterval(diff - half, diff + half),
        int(m),
        False,
        "difference of ratio estimators, clustered by round",
        confidence_level=confidence_level,
    )


def _decisions(rules: Rules, r: int, policy: object, n: int, seed: int) -> dict[str, np.ndarray]:
    """Per round, by state (0: made his bid, bid >= 1; 1: needs tricks): decisions, highest safe played, lead taken."""
    tr = trace_rounds(rules, r, n, policies=policy, seed=seed, start=(r << 32) + (1 << 31))  # type: ignore[arg-type]
    deck, n_seats = rules.deck, rules.n_players
    cards = [deck.card(i) for i in range(deck.size)]
    out = {key: np.zeros((n, 2)) for key in ("choices", "highest", "lead")}
    out |= {key: np.zeros((n, len(HIGH_STATES))) for key in ("high", "high_held")}
    top = deck.n_ranks - HIGH_RANKS + 1
    for i in range(n):
        trump = None if tr.trump[i] < 0 else int(tr.trump[i])
        suit = None if trump is None else cards[trump * deck.n_ranks].suit
        hands = {s: [cards[c] for c in tr.hands[i, s]] for s in range(n_seats)}
        won = np.zeros(n_seats, np.int64)
        for t in range(r):
            leader = int(tr.leaders[i, t])
            trick: list[Card] = []
            states = [_state(int(tr.bids[i, s]), int(won[s])) for s in range(n_seats)]
            for k in range(n_seats):
                seat = (leader + k) % n_seats
                played = cards[int(tr.plays[i, t, k])]
                state = states[seat]
                if (
                    k < n_seats - 1
                    and played.kind is CardKind.SUIT
                    and played.suit != suit
                    and played.rank >= top
                    and trick_winner([*trick, played], suit, rules=rules) == k
                ):  # a high side-suit card that leads the trick, with players still to play
                    later = [states[(leader + j) % n_seats] for j in range(k + 1, n_seats)]
                    held = int(tr.winners[i, t]) == seat
                    groups = [2 if 0 in later else 3]
                    if later[-1] in (0, 1):
                        groups.append(later[-1])  # the last to play: has made his bid (0) or needs tricks (1)
                    for g in groups:
                        out["high"][i, g] += 1
                        out["high_held"][i, g] += held
                if k > 0 and state >= 0:
                    legal = legal_plays(hands[seat], trick, rules=rules)
                    safe = [c for c in legal if trick_winner([*trick, c], suit, rules=rules) != k]
                    heights = {_height(c, suit) for c in safe}
                    if len(heights) >= 2:
                        out["choices"][i, state] += 1
                        took = played not in safe
                        out["lead"][i, state] += took
                        out["highest"][i, state] += (not took) and _height(played, suit) == max(heights)
                trick.append(played)
                hands[seat].remove(played)
            won[int(tr.winners[i, t])] += 1
    return out


def shedding(n_players: int | None = None, hand_sizes: Sizes = (5, 10), **options: Unpack[Sampled]) -> Result:
    """How often a follower plays his highest card that does not take the trick, by whether he has made his bid.

    Rows per hand size (and ``game``: all the hand sizes asked for pooled) and ``state``
    (``made his bid``: bid at least 1 and as many tricks as bid; ``needs tricks``): ``p_highest_safe``
    (the highest of his safe cards), ``p_takes_lead`` (a card that takes the lead) and
    ``decisions``; ratio-estimator intervals clustered by round. Seat 0 deals, seat 1 leads.

    The others' high cards: every 12 or 13 (the top :data:`HIGH_RANKS` ranks) of a side suit
    (not trump) that takes the lead of its trick when played, with at least one player still to
    play, is counted in ``p_high_holds`` (it takes the trick), by :data:`HIGH_STATES`: whether
    the last player to play has made his bid or needs tricks, and whether any player still to
    play has made his bid or none has (states at the start of the trick). Two rows give the
    differences with a paired interval clustered by round: ``high_holds_made_minus_needs`` (last
    to play) and ``high_holds_made_minus_none``. ``decisions`` counts the cards there. An
    association on the players' own play: who has made his bid by then is not random.
    """
    o = StudyOptions.of(n_players, hand_sizes, options, n=1500)
    rules, n, confidence_level = o.rules, o.n, o.confidence_level
    if n > MAX_SHED_ROUNDS:
        raise ValueError(f"n is at most {MAX_SHED_ROUNDS:,} rounds per hand size for this measurement, got {n:,}")
    policy = o.engine_policy
    rows: list[dict[str, object]] = []
    for label, d in with_game([(r, _decisions(rules, r, policy, n, o.seed)) for r in o.hand_sizes]):
        for state, text in ((0, "made his bid"), (1, "needs tricks")):
            den = d["choices"][:, state]
            for quantity in ("highest", "lead"):
                name = "p_highest_safe" if quantity == "highest" else "p_takes_lead"
                est = ratio_estimate(name, d[quantity][:, state], den, confidence_level)
                rows.append(row(label, "-", est) | {"state": text, "decisions": int(den.sum())})
        for g, text in enumerate(HIGH_STATES):
            den = d["high"][:, g]
            est = ratio_estimate("p_high_holds", d["high_held"][:, g], den, confidence_level)
            rows.append(row(label, "-", est) | {"state": text, "decisions": int(den.sum())})
        for quantity, (g1, g2) in (("high_holds_made_minus_needs", (0, 1)), ("high_holds_made_minus_none", (2, 3))):
            h, held = d["high"], d["high_held"]
            est = _ratio_diff(quantity, held[:, g1], h[:, g1], held[:, g2], h[:, g2], confidence_level)
            rows.append(
                row(label, "-", est)
                | {"state": f"{HIGH_STATES[g1]} - {HIGH_STATES[g2]}", "decisions": int(h[:, g1].sum() + h[:, g2].sum())}
            )
    return o.result(
        f"Followers' highest safe card ({rules.n_players} players)",
        rows,
        "traced rounds judged with the reference rules; intervals clustered by round",
    )


def _jester_hand(rules: Rules, r: int, rng: np.random.Generator) -> tuple[list[int], list[int], int | None]:
    """A random hand with a Jester, the same hand with the lowest free non-trump card in its place, the turned card."""
    deck = rules.deck
    jester = int(rng.choice(np.arange(deck.n_plain - deck.n_jesters, deck.n_plain)))
    rest = [c for c in range(deck.size) if c != jester]
    others = [int(c) for c in rng.choice(rest, size=r - 1, replace=False)]
    hand = [jester, *others]
    free = [c for c in range(deck.size) if c not in hand]
    turned = int(rng.choice(free)) if rules.has_trump_card(r) else None
    trump = turned // deck.n_ranks if turned is not None and turned < deck.n_suit_cards else None
    low = [c for c in free if c != turned and c < deck.n_suit_cards and c // deck.n_ranks != trump]
    swap = min(low, key=lambda c: (c % deck.n_ranks, c))
    return hand, [swap, *others], turned


def jester_value(
    n_players: int | None = None,
    hand_sizes: Sizes = (3, 6),
    *,
    n_hands: int = 60,
    n_rounds: int = 500,
    seat: int = 1,
    **options: Unpack[Keywords],
) -> Result:
    """What a Jester is worth in points against the same hand with a low card in its place.

    For ``n_hands`` random hands with a Jester (and a random turned card), the Jester is swapped
    for the lowest free card of a non-trump suit. Each hand is played ``n_rounds`` times per bid
    (:func:`wizstats.engine.fixed_hand_score`, the others' hands dealt at random) and scored at
    its best bid; the value is the best expected score with the Jester minus with the low card.
    Rows per hand size (and ``game``: the mean over the hand sizes asked for): ``jester_value``,
    its normal interval over the hands (which holds the noise of the rounds too),
    ``best_bid_with_jester`` and ``best_bid_with_low_card`` (means). The best of noisy means is
    biased up a little, alike for both hands.
    """
    o = StudyOptions.of(n_players, hand_sizes, options, n=n_rounds)
    rules, confidence_level = o.rules, o.confidence_level
    if not 2 <= n_hands <= 5000:
        raise ValueError(f"n_hands must be 2 to 5000, got {n_hands}")
    if rules.deck.n_jesters == 0:
        raise ValueError(f"the {rules.deck.name} deck has no Jesters")
    policy = o.engine_policy
    rows: list[dict[str, object]] = []
    diffs_all = []
    for r in o.hand_sizes:
        d, bids = _jester_diffs(rules, r, policy, n_hands, n_rounds, seat, o.seed)
        diffs_all.append(d)
        rows.append(row(r, seat, mean_of("jester_value", d, confidence_level)))
        for i, quantity in enumerate(("best_bid_with_jester", "best_bid_with_low_card")):
            rows.append(plain_row(r, seat, quantity, float(np.mean([b[i] for b in bids])), n_hands))
    if len(o.hand_sizes) > 1:
        k = len(diffs_all)
        means = [float(d.mean()) for d in diffs_all]
        var = sum(float(d.var(ddof=1)) / len(d) for d in diffs_all) / k**2
        half = z_value(confidence_level) * float(np.sqrt(var))
        m = sum(means) / k
        rows.append(plain_row("game", seat, "jester_value", m, n_hands * k, m - half, m + half))
    return o.result(
        f"A Jester against a low card, in points ({rules.n_players} players, seat {seat})",
        rows,
        "fixed hands at their best bid; normal interval over the hands",
    )


def _jester_diffs(
    rules: Rules, r: int, policy: object, n_hands: int, n_rounds: int, seat: int, seed: int
) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """Per hand: the best expected score with the Jester minus with the low card, and the two best bids."""
    diffs, bids = [], []
    for h in range(n_hands):
        hand, swapped, turned = _jester_hand(rules, r, np.random.default_rng([seed, r, h]))
        best = []
        for cards in (hand, swapped):
            means = [
                fixed_hand_score(
                    cards,
                    b,
                    n_players=rules.n_players,
                    seat=seat,
                    turned=turned,
                    rules=rules,
                    policies=policy,  # type: ignore[arg-type]
                    n_rounds=n_rounds,
                    seed=seed + h,
                )[0]
                for b in range(r + 1)
                if not (seat == 0 and rules.forbidden_bid(r, []) == b)
            ]
            best.append((max(means), int(np.argmax(means))))
        diffs.append(best[0][0] - best[1][0])
        bids.append((best[0][1], best[1][1]))
    return np.array(diffs), bids


JESTER_NEEDS = ("over his bid", "made his bid", "needs 1", "needs 2+")
"""The groups of :func:`jester_timing` by the tricks the holder still needs (bid minus tricks won) at the branch."""

MAX_TIMING_ROUNDS = 5000
"""The most rounds per hand size :func:`jester_timing` plays (two branches, one decision at a time)."""

MIN_TIMING_ROUNDS = 20
"""The fewest rounds a group of :func:`jester_timing` needs for the normal interval of ``keep_minus_shed``.

Below it the row keeps its mean and its count but no interval (``low`` and ``high`` are NaN): a
handful of rounds says little about the spread, and a few that happen to score alike would give an
interval of zero width (4 rounds of -50 points each: ``-50 [-50, -50]``), which is not a measurement.
"""


def _branch_point(rules: Rules, tr: object, i: int, jesters: set[int]) -> tuple[int, int, int, int] | None:
    """The first play of round ``i`` at which a follower holding a Jester plays a card that does not take the lead.

    Returns ``(play index, seat, card played, tricks still needed)``, or ``None`` when there is none
    (no Jester dealt, or every Jester holder played his Jester himself before such a play).
    """
    deck, n = rules.deck, rules.n_players
    cards = [deck.card(c) for c in range(deck.size)]
    trump_code = int(tr.trump[i])  # type: ignore[attr-defined]
    suit = None if trump_code < 0 else cards[trump_code * deck.n_ranks].suit
    hands = {s: {int(c) for c in tr.hands[i, s]} for s in range(n)}  # type: ignore[attr-defined]
    won = np.zeros(n, np.int64)
    shed_self: set[int] = set()
    for t in range(tr.hand_size):  # type: ignore[attr-defined]
        leader = int(tr.leaders[i, t])  # type: ignore[attr-defined]
        trick: list[Card] = []
        for k in range(n):
            seat = (leader + k) % n
            played = int(tr.plays[i, t, k])  # type: ignore[attr-defined]
            holds = seat not in shed_self and bool(hands[seat] & jesters)
            if holds and k > 0 and played not in jesters:
                if trick_winner([*trick, cards[played]], suit, rules=rules) != k:
                    return t * n + k, seat, played, int(tr.bids[i, seat]) - int(won[seat])  # type: ignore[attr-defined]
            if holds and k > 0 and played in jesters:
                shed_self.add(seat)  # he threw a Jester himself before any branch: not counted
            trick.append(cards[played])
            hands[seat].discard(played)
        won[int(tr.winners[i, t])] += 1  # type: ignore[attr-defined]
    return None


def _shed_card(hand: list[int], before: list[int], jesters: set[int], own: int) -> int:
    """The card the shedding branch plays instead of ``own``: a Jester still in ``hand``."""
    return min(set(hand) & jesters - set(before))


def _finish(decider: PolicyDecider, view: RoundView, plays: list[int], total: int) -> list[int]:
    """Play the round out from ``plays`` with the decider's policies; the full list of plays."""
    plays = list(plays)
    while len(plays) < total:
        move = decider.decide(RoundView(view.hands, view.turned, view.trump, view.bids, plays))
        plays.append(move.value)
    return plays


def _tricks_of(rules: Rules, r: int, plays: list[int], suit: object) -> list[int]:
    """Tricks per seat of a round played as ``plays`` (play order; seat 1 leads the first trick)."""
    deck, n = rules.deck, rules.n_players
    won = [0] * n
    leader = 1 % n
    for t in range(r):
        trick = [deck.card(c) for c in plays[t * n : (t + 1) * n]]
        leader = (leader + trick_winner(trick, suit, rules=rules)) % n  # type: ignore[arg-type]
        won[leader] += 1
    return won


def _timing_pairs(rules: Rules, r: int, policy: object, n: int, seed: int) -> dict[str, np.ndarray]:
    """Per round with a branch: the holder's score keeping the Jester and shedding it, and his tricks needed."""
    tr = trace_rounds(rules, r, n, policies=policy, seed=seed, start=(r << 32) + (3 << 30))  # type: ignore[arg-type]
    deck, n_seats = rules.deck, rules.n_players
    jesters = {c for c in range(deck.size) if deck.kinds[c] == CardKind.JESTER}
    decider = PolicyDecider(rules, r, policy)  # type: ignore[arg-type]
    table = score_table(r, rules)
    keep, shed, needs = [], [], []
    for i in range(n):
        point = _branch_point(rules, tr, i, jesters)
        if point is None:
            continue
        at, seat, own, need = point
        hands = [[int(c) for c in tr.hands[i, s]] for s in range(n_seats)]
        turned = None if tr.turned[i] < 0 else int(tr.turned[i])
        trump = None if tr.trump[i] < 0 else int(tr.trump[i])
        bids = [int(tr.bids[i, (1 + k) % n_seats]) for k in range(n_seats)]
        view = RoundView(hands, turned, trump, bids, [])
        before = [int(c) for c in tr.plays[i].reshape(-1)[:at]]
        jester = _shed_card(hands[seat], before, jesters, own)
        suit = None if trump is None else deck.card(trump * deck.n_ranks).suit
        scores = []
        for card in (own, jester):
            decider.rng_state = seed_key(seed) ^ (r << 40) ^ i  # the same stream for both branches
            plays = _finish(decider, view, [*before, card], n_seats * r)
            won = _tricks_of(rules, r, plays, suit)
            scores.append(float(table[int(tr.bids[i, seat]), won[seat]]))
        keep.append(scores[0])
        shed.append(scores[1])
        needs.append(need)
    return {"keep": np.array(keep), "shed": np.array(shed), "needs": np.array(needs, np.int64)}


def _needs_group(needs: np.ndarray) -> np.ndarray:
    return np.clip(needs, -1, 2) + 1  # 0 over, 1 made, 2 needs 1, 3 needs 2+


def jester_timing(n_players: int | None = None, hand_sizes: Sizes = (3, 6), **options: Unpack[Sampled]) -> Result:
    """Holding a Jester back against throwing it early: the holder's score in the same round played both ways.

    ``n`` rounds per hand size are played by ``policy`` at every seat (:func:`wizstats.engine.trace_rounds`).
    The branch is the first play at which a follower who holds a Jester plays, by his own
    choice, a card that does not take the lead of the trick (he is throwing a card under it).
    From there the round is played twice with :class:`wizstats.engine.PolicyDecider`: once with
    his own card (he keeps the Jester), once with the Jester instead (he sheds it early);
    every other decision is the policy's, with the same random stream in both branches. Rounds
    without a branch (no Jester dealt, or the holder threw it himself first) are left out.

    Rows per hand size (and ``game``: the hand sizes pooled) and ``needs`` (``all`` or one of
    :data:`JESTER_NEEDS`: the holder's bid minus his tricks at the branch): ``keep_minus_shed``
    (his mean score keeping minus shedding, a paired normal interval over the rounds; a group of
    fewer than :data:`MIN_TIMING_ROUNDS` rounds has its mean but no interval, ``low`` and ``high`` NaN),
    ``p_keep_better`` and ``p_shed_better`` (the shares of rounds where one branch scores more),
    and ``branch_share`` (rounds with a branch, of all rounds; ``needs == "all"`` only).
    """
    o = StudyOptions.of(n_players, hand_sizes, options, n=1000)
    rules, n, cl = o.rules, o.n, o.confidence_level
    if n > MAX_TIMING_ROUNDS:
        raise ValueError(f"n is at most {MAX_TIMING_ROUNDS:,} rounds per hand size for this measurement, got {n:,}")
    if rules.deck.n_jesters == 0:
        raise ValueError(f"the {rules.deck.name} deck has no Jesters")
    if rules.special_cards:
        raise ValueError("jester_timing plays the standard engine: rules without special cards")
    policy = o.engine_policy
    rows: list[dict[str, object]] = []
    for label, d in with_game([(r, _timing_pairs(rules, r, policy, n, o.seed)) for r in o.hand_sizes]):
        group = _needs_group(d["needs"])
        total = n * (len(o.hand_sizes) if label == "game" else 1)
        share = proportion_estimate("branch_share", len(group), total, confidence_level=cl)
        rows.append(row(label, "-", share) | {"needs": "all"})
        for g, text in [(-1, "all"), *enumerate(JESTER_NEEDS)]:
            mask = np.ones(len(group), bool) if g < 0 else group == g
            diff = (d["keep"] - d["shed"])[mask]
            m = int(mask.sum())
            if m < 2:
                continue
            mean = mean_of("keep_minus_shed", diff, cl)
            if m < MIN_TIMING_ROUNDS:  # its mean and count, no interval: too few rounds to show the spread
                mean = Estimate(mean.name, mean.value, None, m, False, f"fewer than {MIN_TIMING_ROUNDS} rounds")
            rows.append(row(label, "-", mean) | {"needs": text})
            for q, hits in (("p_keep_better", diff > 0), ("p_shed_better", diff < 0)):
                est = proportion_estimate(q, int(hits.sum()), m, confidence_level=cl)
                rows.append(row(label, "-", est) | {"needs": text})
    return o.result(
        f"Keeping a Jester or shedding it early ({rules.n_players} players)",
        rows,
        "the same round played on from the branch both ways, one decision at a time; paired intervals",
    )
