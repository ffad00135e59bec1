"""The bitboard kernel for random play plays the very rounds of the reference and of the general kernel.

Card by card against :func:`wizstats.reference.play_random_round` on every player count and hand
size of the standard deck and the other decks of at most 64 cards, under every rule setting that
changes what a random player draws; count for count against the general kernel
(:func:`wizstats._kernels.engine.round.simulate_counts`); and the portable bit selection (CPUs without a
fast ``pdep``) against the fast one, in a fresh process. Exact comparisons: nothing here is
statistical.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

import numpy as np
import pytest

import wizstats as ws
from wizstats.engine import round_setup, seed_key, trace_rounds
from wizstats.players import resolve_policies
from wizstats.reference import standard as ref
from wizstats.rules import Deck, Rules

SETTINGS = [{}, {"plus_minus_one": True}, {"plus_minus_one": True, "plus_minus_one_min_hand": 2}, {"bids": "hidden"}]
SMALL_DECKS = ["junior", "oh-hell", "4x10+3+2", "2x5+1+1", "4x15+2+2"]


def fast_trace(rules: Rules, r: int, n_rounds: int, seed: int) -> dict[str, np.ndarray]:
    """Rounds ``0 .. n_rounds - 1`` of the bitboard kernel: turned, trump, bids, tricks, plays."""
    from wizstats._kernels.engine.fastrandom import fast_random_trace
    from wizstats._kernels.rules import core as k

    tab, st0 = round_setup(rules, r)
    n = rules.n_players
    out = {
        "turned": np.zeros(n_rounds, np.int64),
        "trump": np.zeros(n_rounds, np.int64),
        "bids": np.zeros((n_rounds, n), np.int64),
        "tricks": np.zeros((n_rounds, n), np.int64),
        "plays": np.zeros((n_rounds, r, n), np.int64),
    }
    fast_random_trace(
        tab,
        n,
        r,
        int(st0[k.ST_NSUITS]),
        int(st0[k.ST_PM1]),
        np.uint64(seed_key(seed)),
        0,
        out["turned"],
        out["trump"],
        out["bids"],
        out["tricks"],
        out["plays"],
    )
    return out


def _cases() -> list[tuple[Rules, int]]:
    cases = []
    for n in (3, 4, 5, 6):
        for r in range(1, 60 // n + 1):
            cases.append((Rules(n, **SETTINGS[(n + r) % len(SETTINGS)]), r))
    for i, deck in enumerate(SMALL_DECKS):
        for n in (2, 3, 5):
            rules = Rules(n, deck=deck, **SETTINGS[(i + n) % len(SETTINGS)])
            for r in sorted({1, 2, rules.max_hand_size // 2 or 1, rules.max_hand_size}):
                cases.append((rules, r))
    return cases


def test_bitboard_kernel_matches_reference_card_by_card() -> None:
    """Every deal, trump, bid and card of 40 rounds per case (over 4,000 rounds) equals the reference's."""
    for c, (rules, r) in enumerate(_cases()):
        trace = fast_trace(rules, r, 40, seed=c)
        key = seed_key(c)
        for i in range(40):
            rec = ref.play_random_round(rules, r, key, i)
            where = f"{rules.describe()}, hand size {r}, round {i}"
            assert (-1 if rec.turned is None else rec.turned) == trace["turned"][i], where
            assert (-1 if rec.trump is None else rec.trump) == trace["trump"][i], where
            assert rec.bids == trace["bids"][i].tolist(), where
            assert rec.plays == trace["plays"][i].tolist(), where
            assert rec.tricks == trace["tricks"][i].tolist(), where


def test_bitboard_kernel_matches_general_kernel() -> None:
    """2,000 rounds per case, every field equal to the general kernel's trace (over 150,000 rounds)."""
    for c, (rules, r) in enumerate(_cases()[::2]):
        fast = fast_trace(rules, r, 2000, seed=100 + c)
        general = trace_rounds(rules, r, 2000, policies="random", seed=100 + c)
        for name, values in fast.items():
            assert np.array_equal(values, getattr(general, name)), (rules.describe(), r, name)


@pytest.mark.parametrize("n, r, deck", [(4, 10, "oh-hell"), (4, 15, "standard"), (6, 3, "junior")])
def test_simulate_random_takes_bitboard_kernel_with_same_counts(n: int, r: int, deck: str) -> None:
    """``simulate(policies="random")`` equals the general kernel's counts, whatever chunks and threads."""
    from wizstats._kernels.engine.round import simulate_counts

    rules = Rules(n, deck=deck, plus_minus_one=True)
    tab, st0 = round_setup(rules, r)
    _, ids, params = resolve_policies("random", n)
    general = np.zeros((3, n, r + 1, r + 1), np.int64)
    simulate_counts(tab, st0, ids, params, np.uint64(seed_key(5)), 0, 30_000, 3, general)
    for threads, chunk in ((1, 30_000), (2, 7_001)):
        res = ws.simulate(n, r, 30_000, rules=rules, policies="random", seed=5, threads=threads, chunk_rounds=chunk)
        assert np.array_equal(res.counts, general.sum(axis=0))


def test_portable_bit_selection_matches() -> None:
    """Without a fast ``pdep`` (forced by ``WIZSTATS_PDEP=0``, fresh cache) the kernel plays the same rounds."""
    code = (
        "import json, numpy as np; from wizstats._kernels.jit import FAST_PDEP; "
        "from wizstats.rules import Rules; import tests.test_fastrandom as t; "
        "out = t.fast_trace(Rules(4), 15, 500, seed=3); "
        "print(json.dumps([FAST_PDEP, out['plays'].tolist(), out['bids'].tolist()]))"
    )
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, WIZSTATS_PDEP="0", NUMBA_CACHE_DIR=cache)
        done = subprocess.run(
            [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, timeout=900
        )
    assert done.returncode == 0, done.stderr[-2000:]
    fast_pdep, plays, bids = json.loads(done.stdout.strip().splitlines()[-1])
    assert fast_pdep is False
    here = fast_trace(Rules(4), 15, 500, seed=3)
    assert plays == here["plays"].tolist() and bids == here["bids"].tolist()


def test_deck_tables() -> None:
    """The bit sets and trick keys the kernel plays with, on the standard deck."""
    from wizstats._kernels.engine.fastrandom import new_tables
    from wizstats._kernels.rules.bitboard import LED_KEY, TRUMP_KEY, WIZARD_KEY

    deck = Deck.standard()
    tab = np.stack([deck.kinds, deck.suits, deck.ranks]).astype(np.int64)
    suit_mask, of_suit, base, masks = new_tables(tab, 4)
    assert [bin(int(m)).count("1") for m in suit_mask] == [13, 13, 13, 13]
    assert int(masks[0]) == ((1 << 60) - 1) ^ ((1 << 52) - 1)  # Wizards and Jesters: ids 52..59
    assert int(masks[1]) == ((1 << 60) - 1) ^ ((1 << 56) - 1)  # Jesters: ids 56..59
    assert base[12] == 14 and base[52] == WIZARD_KEY and base[56] == 0
    assert of_suit[14] == suit_mask[1] and of_suit[52] == 0
    # the highest possible suit key (a trump of the led suit) stays below a Wizard
    assert TRUMP_KEY + LED_KEY + base[:52].max() < WIZARD_KEY
