"""Where the time of a round goes: variant kernels that stop after each phase.

    python benchmarks/phases.py [--rounds N] [--repeats K] [--policy random]

Each variant plays whole rounds but stops after one more phase than the last; the
difference between neighbours is the cost of that phase:

1. ``seed``: start the round's random stream and clear the state;
2. ``deal``: shuffle and deal the hands, turn the trump card;
3. ``bids``: trump after a turned Wizard, and every seat's bid (the policy's ``choose_bid``);
4. ``move cards``: every card played (always the first card in the hand, legal or not),
   the hand shifted, the trick logged, but no trick winner;
5. ``trick winner``: as 4 with the winner kept card by card (``beats``) and credited;
6. ``legal mask``: as 5 playing the first *legal* card (``legal_mask``, ``nth_bit``);
7. ``choose``: the real round, each card chosen by the policy (``choose_card``).

Times are thread CPU time (steady on a busy machine), medians of ``--repeats`` interleaved runs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # time this checkout, whatever else is installed

from wizstats._kernels.engine.round import bid_all, play_tricks, set_trump
from wizstats._kernels.jit import hotjit, jit
from wizstats._kernels.rules.core import (
    K_SUIT,
    KIND,
    MAXP,
    ST_LEADER,
    ST_LED,
    ST_N,
    ST_R,
    ST_TRICK_LEN,
    ST_TRICK_NO,
    SUIT,
    deal,
    finish_trick,
    legal_mask,
    new_state,
    nth_bit,
    play_card,
    reset_round,
    seed_round,
)
from wizstats.engine import round_setup, seed_key
from wizstats.players import resolve_policies
from wizstats.rules import Rules

PHASES = ["seed", "deal", "bids", "move cards", "trick winner", "legal mask", "choose"]


@hotjit
def move_card(g, seat, pos):
    """:func:`~wizstats._kernels.rules.core.play_card` without the trick winner: hand, trick, log, led suit."""
    tab, st = g.tab, g.st
    card = g.hands[seat, pos]
    length = g.hand_len[seat]
    for i in range(pos, length - 1):
        g.hands[seat, i] = g.hands[seat, i + 1]
    g.hand_len[seat] = length - 1
    k = st[ST_TRICK_LEN]
    g.trick_card[k] = card
    g.trick_seat[k] = seat
    g.log_card[st[ST_TRICK_NO], k] = card
    if st[ST_LED] < 0 and tab[KIND, card] == K_SUIT:
        st[ST_LED] = tab[SUIT, card]
    g.gone[card] = 1
    st[ST_TRICK_LEN] = k + 1


@hotjit
def play_variant(g, upto):
    """Play out the round as phase ``upto`` (3, 4 or 5: an index into :data:`PHASES`) does."""
    st = g.st
    n = st[ST_N]
    for _ in range(st[ST_R]):
        seat = st[ST_LEADER]
        for _ in range(n):
            if upto == 3:
                move_card(g, seat, 0)
            elif upto == 4:
                play_card(g, seat, 0)
            else:
                play_card(g, seat, nth_bit(legal_mask(g, seat), 0))
            seat = seat + 1 if seat + 1 < n else 0
        if upto == 3:
            st[ST_TRICK_NO] += 1
            st[ST_TRICK_LEN] = 0
            st[ST_LED] = -1
        else:
            finish_trick(g)


@jit
def run_phase(tab, st0, policy, params, key, n_rounds, upto):
    """Play ``n_rounds`` rounds up to phase ``upto`` (index into :data:`PHASES`); returns a checksum."""
    g = new_state(tab, st0, policy, params)
    no_hand = np.zeros(1, np.int64)
    forced = np.full(MAXP, -1, np.int64)
    check = 0
    for i in range(n_rounds):
        seed_round(g.rng, key, i)
        reset_round(g)
        if upto >= 1:
            turned = deal(g, -1, no_hand, -1)
            if upto >= 2:
                set_trump(g, turned)
                bid_all(g, forced)
        if 3 <= upto <= 5:
            play_variant(g, upto)
        elif upto == 6:
            play_tricks(g)
        check += g.hands[0, 0] + g.bids[1] + g.tricks[1] + g.log_card[0, 0]
    return check


def profile(deck: str, hand_size: int, policy: str, n_rounds: int, repeats: int) -> list[float]:
    """Median CPU nanoseconds per round after each phase (cumulative)."""
    rules = Rules(4, deck=deck)
    tab, st0 = round_setup(rules, hand_size)
    _, ids, params = resolve_policies(policy, 4)
    key = np.uint64(seed_key(0))
    for upto in range(len(PHASES)):
        run_phase(tab, st0, ids, params, key, 2, upto)  # compile or load
    times: list[list[float]] = [[] for _ in PHASES]
    for _ in range(repeats):
        for upto in range(len(PHASES)):
            t = time.thread_time()
            run_phase(tab, st0, ids, params, key, n_rounds, upto)
            times[upto].append((time.thread_time() - t) / n_rounds * 1e9)
    return [statistics.median(t) for t in times]


def table(deck: str, hand_size: int, policy: str, cumulative: list[float]) -> str:
    """The phases of one game as a Markdown table: ns per round, and per card for the card phases."""
    cards = 4 * hand_size
    lines = [
        f"{deck} deck, 4 players x {hand_size} cards, policy {policy}: "
        f"{cumulative[-1]:,.0f} ns per round (CPU), {1e9 / cumulative[-1]:,.0f} rounds/s",
        "",
        "| phase | ns per round | share | ns per card played |",
        "|---|---:|---:|---:|",
    ]
    previous = 0.0
    for name, total in zip(PHASES, cumulative, strict=True):
        step = max(total - previous, 0.0)
        per_card = f"{step / cards:.1f}" if name in PHASES[3:] else ""
        lines.append(f"| {name} | {step:,.0f} | {step / cumulative[-1]:.0%} | {per_card} |")
        previous = total
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Profile Oh Hell 4 x 10 and Wizard 4 x 15 and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200_000, help="rounds per timed run (default 200000)")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved runs per phase (default 5)")
    parser.add_argument("--policy", default="random", help="policy of every seat (default random)")
    args = parser.parse_args(argv)
    for deck, hand_size in (("oh-hell", 10), ("standard", 15)):
        cumulative = profile(deck, hand_size, args.policy, args.rounds, args.repeats)
        print(table(deck, hand_size, args.policy, cumulative), end="\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
