"""Write ``wizstats/data/expert_round1.npz``: the exact round-1 bids of the ``expert`` player, packed.

Round 1 (one card each, standard deck, 3-6 players) is solved exactly: bid 1 iff the chance to
take the trick, given one's card, seat, the turned card (or the named suit) and the earlier
bids read through the earlier players' own rational rule, reaches the break-even chance
(3/7 standard, 2/5 alternative scoring). The open-bids rule comes from
:func:`wizstats.round1_bid_table`; the rule without information (hidden bids,
bids revealed after the round) is counted here from :func:`wizstats.round1_win_probability`.

Packing: suits are symmetric, so a turned card is one of 15 classes once trump is relabelled
suit 0 (blue): a trump of rank 1..13 turned (classes 0..12), a Jester turned (13), a Wizard
turned and a suit named (14). For every variant (``2 * alternative + blind``), player count,
seat, history of earlier bids (bit ``k``: the ``k``-th earlier bid in bidding order was 1) and
class, one ``uint64`` holds bit ``c`` set when the card with canonical id ``c`` bids 1. The
script checks that the packed rule reproduces the full table at every turned card before it
writes anything. Run from the repository root::

    python tools/gen_expert_round1.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from wizstats import Deck, Rules, break_even_probability, round1_win_probability

OUT = Path(__file__).resolve().parents[1] / "wizstats" / "data" / "expert_round1.npz"
N_CLASS = 15
PLAYERS = (3, 4, 5, 6)
VARIANTS = [(scoring, choice) for scoring in ("standard", "alternative") for choice in ("after-look", "blind")]


def class_turned(k: int) -> int:
    """The full-table turned index ``T`` representing class ``k`` (trump relabelled blue)."""
    return k if k < 13 else (56 if k == 13 else 60)


def canonical(c: int, t: int) -> int:
    """Canonical id of card ``c`` when ``t`` (-1: none) is trump: trump becomes suit 0, the others keep order."""
    if c >= 52 or t < 0:
        return c
    s, rank0 = divmod(c, 13)
    s2 = 0 if s == t else s + (1 if s < t else 0)
    return s2 * 13 + rank0


def turned_class(T: int) -> tuple[int, int]:
    """Class and trump suit (-1 none) of a full-table turned index ``T``."""
    if T >= 60:
        return 14, T - 60
    if T >= 56:
        return 13, -1
    return T % 13, T // 13


def no_information_bids(n: int, scoring: str, choice: str) -> np.ndarray:
    """``out[seat, class, c]``: the rational round-1 bid without seeing any other bid (canonical ids)."""
    rules = Rules(n, scoring=scoring, trump_choice=choice)
    deck = Deck.standard()
    p_star = break_even_probability(rules=rules)
    out = np.zeros((n, N_CLASS, 60), np.int8)
    for k in range(N_CLASS):
        spec = str(deck.card(k)) if k < 13 else ("J" if k == 13 else "W:blue")
        for seat in range(n):
            for c in range(60):
                if k < 13 and c == k:
                    continue
                p = round1_win_probability(str(deck.card(c)), seat=seat, n_players=n, trump=spec, rules=rules)
                out[seat, k, c] = p.fraction >= p_star
    return out


def pack(bits: np.ndarray) -> np.ndarray:
    """Rows of 60 zeros and ones to ``uint64`` masks."""
    weights = np.uint64(1) << np.arange(60, dtype=np.uint64)
    return (bits.astype(np.uint64) * weights).sum(axis=-1, dtype=np.uint64)


def open_masks(n: int, scoring: str, choice: str) -> np.ndarray:
    """``[seat, history, class]`` masks from the full open-bids table, checked at every turned card."""
    from wizstats import round1_bid_table

    full = np.asarray(round1_bid_table(n, trump_choice=choice, plus_minus_one=False, scoring=scoring))
    assert full.shape == (n, 2 ** (n - 1), 64, 60), full.shape
    reps = np.array([class_turned(k) for k in range(N_CLASS)])
    canon_bits = full[:, :, reps, :]  # canonical ids are real ids when trump is blue
    for k in range(13):
        canon_bits[:, :, k, k] = 0  # the turned card is nobody's
    masks = pack(canon_bits)
    for T in list(range(52)) + list(range(56, 60)) + list(range(60, 64)):
        k, t = turned_class(T)
        ids = [c for c in range(60) if c != T]
        canon = np.array([canonical(c, t) for c in ids])
        got = (masks[:, :, k, None] >> canon.astype(np.uint64)) & np.uint64(1)
        want = full[:, :, T, ids]
        for seat in range(n):
            j = (seat - 1) % n  # bidding position: only histories of its earlier bids are defined
            rows = np.arange(2**j)
            if not np.array_equal(got[seat, rows], want[seat, rows]):
                raise SystemExit(f"suit symmetry fails: n={n} seat={seat} T={T} ({scoring}, {choice})")
    return masks


def main() -> int:
    open_rows, hidden_rows = [], []
    for scoring, choice in VARIANTS:
        for n in PLAYERS:
            open_rows.append(open_masks(n, scoring, choice).ravel())
            hidden_rows.append(pack(no_information_bids(n, scoring, choice)).ravel())
            print(f"n={n} {scoring} {choice}: done", file=sys.stderr)
    open_all, hidden_all = np.concatenate(open_rows), np.concatenate(hidden_rows)
    open_at = np.cumsum([0] + [n * 2 ** (n - 1) * N_CLASS for n in PLAYERS])
    hidden_at = np.cumsum([0] + [n * N_CLASS for n in PLAYERS])
    assert open_all.size == len(VARIANTS) * open_at[-1] and hidden_all.size == len(VARIANTS) * hidden_at[-1]
    from wizstats._kernels.players import fitted

    arrays = {"open": open_all, "hidden": hidden_all, "open_at": open_at[:-1], "hidden_at": hidden_at[:-1]}
    note = "Exact round-1 bids of the expert, packed (python tools/gen_expert_round1.py)."
    fitted.save("expert_round1", arrays, note, folder=OUT.parent)
    print(f"wrote {OUT} ({open_all.size} + {hidden_all.size} masks)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
