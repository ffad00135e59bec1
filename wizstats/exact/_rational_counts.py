"""Counting engine of :mod:`wizstats.exact.rational`: round-1 counts for rational bidders, per base state.

A base state is a turned card up to suit symmetry. For each position in bidding order (= play
order: seat 1 first, the dealer last), each history of the earlier bids and each card of the
hero, :func:`solve` counts the ordered draws of the other cards that are consistent with the
history (each earlier bidder's card lies in the set with which his rule makes his bid) and, of
those, the draws in which the hero's card wins; after a turned Wizard each draw is weighted by
``n_suits x`` the chance that the dealer's card names the suit (after-look; 1 blind). Sums over
distinct cards use inclusion-exclusion over the set partitions of the other seats (Möbius
inversion), vectorised over all hero cards with numpy integers. :func:`count_table` lays the
base states out over every turned card id (and named suit) by suit symmetry.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..rules import CardKind, Deck

_MU = (0, 1, -1, 2, -6, 24, -120, 720, -5040)
"""Möbius function of the partition lattice per block size: (-1)^(s-1) (s-1)!."""


# ---------------------------------------------------------------- the game and its base states
@dataclass(frozen=True)
class Game:
    """What the round-1 rule depends on: the deck, the table size, the naming model and the scores."""

    deck: Deck
    n: int
    blind: bool
    scores: tuple[tuple[int, int], tuple[int, int]]  # scores[bid][tricks], round 1

    @property
    def gain(self) -> tuple[int, int]:
        """``(a, b)``: bid 1 iff ``a * wins + b * losses >= 0`` (expected score of 1 minus that of 0)."""
        s = self.scores
        return s[1][1] - s[0][1], s[1][0] - s[0][0]

    def break_even(self) -> Fraction:
        a, b = self.gain
        return Fraction(-b, a - b)


def base_states(deck: Deck) -> list[tuple[str, int]]:
    """The turned cards up to suit symmetry: ``("suit", rank)`` (a blue card), ``("jester", 0)``,
    ``("wizard", 0)`` (a Wizard turned, blue named)."""
    out = [("suit", k) for k in range(1, deck.n_ranks + 1)]
    if deck.n_jesters:
        out.append(("jester", 0))
    if deck.n_wizards:
        out.append(("wizard", 0))
    return out


def base_turned(deck: Deck, state: tuple[str, int]) -> tuple[int, int | None]:
    """(turned card id, trump suit or None) of a base state."""
    kind, rank = state
    if kind == "suit":
        return rank - 1, 0
    if kind == "jester":
        return deck.n_suit_cards + deck.n_wizards, None
    return deck.n_suit_cards, 0


def dealer_weight(game: Game, state: tuple[str, int]) -> np.ndarray:
    """``int64[D]``: ``n_suits x P(dealer with this card names blue)`` after a turned Wizard (else 1)."""
    deck = game.deck
    w = np.ones(deck.size, dtype=np.int64)
    if state[0] == "wizard" and not game.blind:
        w = np.where(deck.kinds == CardKind.SUIT, np.where(deck.suits == 0, deck.n_suits, 0), 1).astype(np.int64)
    return w


def _hero_masks(deck: Deck, turned: int, trump: int | None) -> dict[str, np.ndarray]:
    """``bool[hero, x]`` masks: which card ``x`` of another seat lets the hero's card win.

    ``first``: allowed as the first non-Jester card before the hero (it sets the led suit);
    ``early``: allowed before the hero; ``late``: allowed after him; ``jester``: an allowed Jester
    before him; ``avail``: any card but the hero's and the turned one.
    """
    d = deck.size
    kinds, suits, ranks = deck.kinds, deck.suits.astype(np.int64), deck.ranks.astype(np.int64)
    is_w, is_j, is_s = kinds == CardKind.WIZARD, kinds == CardKind.JESTER, kinds == CardKind.SUIT
    avail = np.ones((d, d), dtype=bool)
    avail[:, turned] = False
    avail[np.arange(d), np.arange(d)] = False
    x_trump = is_s & (suits == trump) if trump is not None else np.zeros(d, dtype=bool)
    same = is_s[None, :] & (suits[None, :] == suits[:, None])
    lower = same & (ranks[None, :] < ranks[:, None])
    # hero cards by row
    h_w, h_j = is_w[:, None], is_j[:, None]
    h_trump = x_trump[:, None]
    h_plain = (is_s & ~x_trump)[:, None]
    safe_trump = ~is_w[None, :] & ~(x_trump[None, :] & (ranks[None, :] > ranks[:, None]))
    safe_plain = is_j[None, :] | lower | (is_s[None, :] & ~same & ~x_trump[None, :])
    early = np.where(h_w, ~is_w[None, :], np.where(h_j, False, np.where(h_trump, safe_trump, safe_plain)))
    late = np.where(h_w, True, np.where(h_j, is_j[None, :], early))
    first = np.where(h_plain, lower, early & ~is_j[None, :])
    return {
        "first": first & avail,
        "early": early & avail,
        "late": late & avail,
        "jester": early & is_j[None, :] & avail,
        "avail": avail,
    }


def _injective_sums(vectors: list[np.ndarray]) -> np.ndarray:
    """Sum over distinct cards ``x_1..x_m`` of ``prod_j v_j[..., x_j]``, for ``v_j`` of shape ``(..., D)``.

    Möbius inversion on the partition lattice: the sum over distinct tuples is
    ``sum_pi prod_{B in pi} mu(|B|) S(B)`` with ``S(B) = sum_x prod_{j in B} v_j[x]``.
    """
    m = len(vectors)
    shape = vectors[0].shape[:-1]
    if m == 0:
        return np.ones(shape, dtype=np.int64)
    block = [np.zeros(shape, dtype=np.int64)] * (1 << m)

    def visit(mask: int, prod: np.ndarray, start: int) -> None:
        for j in range(start, m):
            nxt = prod * vectors[j] if prod is not None else vectors[j]
            block[mask | 1 << j] = _MU[(mask | 1 << j).bit_count()] * nxt.sum(axis=-1, dtype=np.int64)
            visit(mask | 1 << j, nxt, j + 1)

    visit(0, None, 0)  # type: ignore[arg-type]
    total = [np.ones(shape, dtype=np.int64)] + [None] * ((1 << m) - 1)
    for u in range(1, 1 << m):
        low = u & -u
        rest = u ^ low
        acc = np.zeros(shape, dtype=np.int64)
        sub = rest
        while True:
            b = sub | low
            acc += block[b] * total[u ^ b]  # type: ignore[operator]
            if sub == 0:
                break
            sub = (sub - 1) & rest
        total[u] = acc
    return total[-1]  # type: ignore[return-value]


@dataclass(frozen=True)
class Position:
    """Counts for one position in bidding (= play) order, every history of the earlier bids and every hero card.

    ``win[h, c]`` and ``total[h, c]`` count (weighted) draws of the other cards consistent with
    history ``h``; ``bid[h, c]`` is the rational bid (fallback applied where ``total`` is 0).
    """

    win: np.ndarray
    total: np.ndarray
    bid: np.ndarray


def _counts(game: Game, state: tuple[str, int], p: int, allowed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(win, total) ``int64[H, D]`` for the hero at position ``p`` (1-based) when the earlier
    seat ``j`` holds a card of ``allowed[h, j - 1]`` (``bool[H, p - 1, D]``)."""
    deck, n = game.deck, game.n
    turned, trump = base_turned(deck, state)
    masks = _hero_masks(deck, turned, trump)
    weight = dealer_weight(game, state)
    terms = p + 1  # first non-Jester before the hero at 1..p-1, none (0), and the total (p)
    vectors = []
    for j in range(1, n + 1):
        if j == p:
            continue
        if j < p:
            per_term = [masks["jester"]] + [
                masks["jester"] if j < i else masks["first"] if j == i else masks["early"] for i in range(1, p)
            ]
            g = allowed[:, j - 1, :]
        else:
            per_term = [masks["late"]] * p
            g = np.ones((allowed.shape[0], deck.size), dtype=bool)
        m = np.stack([*per_term, masks["avail"]])  # (terms, hero, x)
        v = (m[None, :, :, :] & g[:, None, None, :]).astype(np.int8)
        if j == n and p != n:
            v = v * weight.astype(np.int8)[None, None, None, :]
        vectors.append(v)
    sums = _injective_sums(vectors)  # (H, terms, hero)
    assert sums.shape[1] == terms
    return sums[:, :p].sum(axis=1), sums[:, p]


def _decide(game: Game, win: np.ndarray, total: np.ndarray) -> np.ndarray:
    a, b = game.gain
    return a * win + b * (total - win) >= 0


@functools.lru_cache(maxsize=256)
def solve(game: Game, state: tuple[str, int]) -> tuple[Position, ...]:
    """Every position's counts and rational bids in one base state, position 1 first."""
    deck = game.deck
    turned, _ = base_turned(deck, state)
    out: list[Position] = []
    for p in range(1, game.n + 1):
        allowed = _allowed(out, p - 1, deck.size)
        win, total = _counts(game, state, p, allowed)
        bid = _decide(game, win, total) & (total > 0)
        empty = total == 0
        empty[:, turned] = False
        for length in range(p - 2, -1, -1):  # fallback: ignore the later bids the rule cannot explain
            if not empty.any():
                break
            prefixes = np.arange(1 << (p - 1)) & ((1 << length) - 1)
            short = _allowed(out, length, deck.size)
            short = np.concatenate([short, np.ones((short.shape[0], p - 1 - length, deck.size), dtype=bool)], axis=1)
            w2, t2 = _counts(game, state, p, short)
            w2, t2 = w2[prefixes], t2[prefixes]
            use = empty & (t2 > 0)
            bid = np.where(use, _decide(game, w2, t2), bid)
            empty &= ~use
        bid[:, turned] = False
        out.append(Position(win, total, bid))
    return tuple(out)


def _allowed(done: list[Position], length: int, size: int) -> np.ndarray:
    """``bool[2**length, length, D]``: the cards each of the first ``length`` bidders may hold, per history."""
    h = np.arange(1 << length)
    out = np.ones((1 << length, length, size), dtype=bool)
    for j in range(length):
        prefix = h & ((1 << j) - 1)
        bit = (h >> j) & 1
        said = done[j].bid[prefix]
        out[:, j, :] = np.where(bit[:, None] == 1, said, ~said)
    return out


# ---------------------------------------------------------------- suit symmetry
def _suit_swap(deck: Deck, t: int) -> np.ndarray:
    """``int64[D]``: card ids with suits 0 and ``t`` exchanged."""
    perm = np.arange(deck.size)
    r = deck.n_ranks
    perm[:r] = t * r + np.arange(r)
    perm[t * r : (t + 1) * r] = np.arange(r)
    return perm


def to_base(deck: Deck, turned: int | None, named: int | None) -> tuple[tuple[str, int], np.ndarray]:
    """The base state of a turned card id (and, after a Wizard, the named suit), and ``base_id[c]``:
    the base state's card that plays the role of card ``c``. ``turned=None``: a Wizard, which one
    unknown (every Wizard id then stands for one that was not turned)."""
    kind = CardKind.WIZARD if turned is None else deck.kinds[turned]
    w0, j0 = deck.n_suit_cards, deck.n_suit_cards + deck.n_wizards
    if kind == CardKind.SUIT:
        return ("suit", int(deck.ranks[turned])), _suit_swap(deck, int(deck.suits[turned]))
    if kind == CardKind.JESTER:
        assert turned is not None
        perm = np.arange(deck.size)
        perm[[j0, turned]] = perm[[turned, j0]]
        return ("jester", 0), perm
    assert named is not None
    perm = _suit_swap(deck, named)
    perm[w0 : w0 + deck.n_wizards] = w0 + 1 if deck.n_wizards > 1 else w0  # any other Wizard than the turned
    if turned is not None:
        perm[turned] = w0  # the turned one itself
    return ("wizard", 0), perm


@dataclass(frozen=True)
class Counts:
    """One position's counts over every turned card: ``[history, T, c]`` with ``T`` the turned card id,
    or ``D + suit`` after a turned Wizard and that suit named (Wizard ids ``c``: another Wizard)."""

    win: np.ndarray
    total: np.ndarray
    bid: np.ndarray
    held: np.ndarray
    """``bool[T, c]``: whether card ``c`` can be in a hand when ``T`` is turned (not the turned card,
    not a Wizard id ``T``: a turned Wizard is indexed by ``D + suit``)."""


def turned_indices(deck: Deck) -> list[tuple[int, int | None, int | None]]:
    """(``T`` index, turned card id or None for "a Wizard", named suit) of every turned-card state."""
    d = deck.size
    out: list[tuple[int, int | None, int | None]] = [(t, t, None) for t in range(d) if deck.kinds[t] != CardKind.WIZARD]
    if deck.n_wizards:
        out += [(d + s, None, s) for s in range(deck.n_suits)]
    return out


@functools.lru_cache(maxsize=64)
def count_table(game: Game) -> tuple[Counts, ...]:
    """Every position's counts laid out over all turned cards (zero where ``c`` cannot be held)."""
    deck, n = game.deck, game.n
    d = deck.size
    out = []
    for p in range(1, n + 1):
        shape = (1 << (p - 1), d + deck.n_suits, d)
        win, total, bid = np.zeros(shape, np.int64), np.zeros(shape, np.int64), np.zeros(shape, bool)
        held_all = np.zeros(shape[1:], dtype=bool)
        for index, turned, named in turned_indices(deck):
            state, base = to_base(deck, turned, named)
            pos = solve(game, state)[p - 1]
            win[:, index], total[:, index], bid[:, index] = pos.win[:, base], pos.total[:, base], pos.bid[:, base]
            held = np.ones(d, dtype=bool)
            if turned is not None:
                held[turned] = False
            elif deck.n_wizards == 1:
                held[deck.n_suit_cards] = False
            win[:, index, ~held] = total[:, index, ~held] = 0
            bid[:, index, ~held] = False
            held_all[index] = held
        for a in (win, total, bid, held_all):
            a.setflags(write=False)
        out.append(Counts(win, total, bid, held_all))
    return tuple(out)
