"""The ``expert``'s fitted card play: the player plays what its features score best, the labels it is
fitted to, the switch back to the unfitted play, and the fit itself (``tools/fit_expert_play.py``)."""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import wizstats
from wizstats.engine import CardLabels, card_labels

ROOT = Path(__file__).resolve().parents[1]


def _weights() -> np.ndarray:
    from wizstats._kernels.players.expert_play import PLAY

    return PLAY


def _tool(name: str = "fit_expert_play"):  # type: ignore[no-untyped-def]
    """The script ``tools/<name>.py``, imported as a module."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _fitted_sizes() -> list[int]:
    return [r + 1 for r in range(_weights().shape[0]) if np.any(_weights()[r] != 0.0)]


def test_the_weights_file_says_which_rows_the_validation_kept() -> None:
    """The note of the written data file names exactly the hand sizes whose rows are not zero."""
    from wizstats._kernels.players import fitted

    named = re.search(r"hand sizes ([\d, ]+)\.", fitted.note("expert_play"))
    assert named is not None
    assert [int(x) for x in named.group(1).split(",")] == _fitted_sizes()
    assert _fitted_sizes(), "no fitted row: the expert would play the heuristic's card everywhere"


def _gates() -> np.ndarray:
    from wizstats._kernels.players.expert_play import GATE

    return GATE


def _decisions(lab: CardLabels) -> Iterator[tuple[int, np.ndarray, int, int]]:
    """``(decision, its rows, the heuristic's row, the played row)`` of every labelled decision (one of each)."""
    for d in range(int(lab.decision.max()) + 1):
        rows = np.flatnonzero(lab.decision == d)
        pick, played = rows[lab.heuristic[rows] == 1], rows[lab.chosen[rows] == 1]
        assert pick.size == 1 and played.size == 1, f"decision {d}"
        yield d, rows, int(pick[0]), int(played[0])


@pytest.mark.parametrize("hand_size", [2, 3, 6])
def test_the_player_plays_the_card_its_features_score_best(hand_size: int) -> None:
    """The labels compute every legal card's features by the labelling path (a fresh view, no memos); the
    card the expert then played in the game (the playing path: its own view and memos) must be the legal
    card with the largest weighted sum when that beats the heuristic's card by more than the hand size's
    gate, else the heuristic's card; exactly (ties go to the heuristic's card, then the lowest card). Where the
    seat needs every trick left it plays the heuristic's card (its likeliest winner), whatever the weights.
    Without the endgame search (``endgame=0``), which plays the last two cards by search instead."""
    lab = card_labels(4, hand_size, 150, policy="expert:fitted=1,endgame=0", worlds=0, every_card=True, seed=hand_size)
    w, gate = _weights()[hand_size - 1], _gates()[hand_size - 1]
    assert np.any(w != 0.0)
    scores = lab.features @ w
    n = int(lab.decision.max()) + 1
    assert n > 50
    overruled, needed = 0, 0
    for d, rows, pick, played in _decisions(lab):
        s = scores[rows]
        top = rows[s == s.max()]
        best = pick if pick in top else top[0]
        expected = best if scores[best] - scores[pick] > gate else pick
        if lab.all_needed[rows[0]] == 1:  # every trick left needed: the heuristic's likeliest winner
            expected = pick
            needed += 1
        assert played == expected, f"decision {d}"
        overruled += expected != pick
    assert overruled > 0  # the fitted play does overrule the heuristic's card
    assert 0 < needed < n  # both kinds of decision were checked


def test_rows_of_zeros_play_as_the_unfitted_expert_and_fitted_rows_do_not() -> None:
    """``expert:fitted=0`` is the expert before the fit: where the fit left a row of zeros the two are the
    same player (identical counts on the same seed), where it kept one they differ."""
    zero = next(r for r in range(2, 16) if r not in _fitted_sizes())
    a = wizstats.simulate(4, zero, 600, policies="expert:fitted=1", seed=4, threads=1)
    b = wizstats.simulate(4, zero, 600, policies="expert:fitted=0", seed=4, threads=1)
    assert np.array_equal(a.counts, b.counts)
    r = _fitted_sizes()[-1]
    a = wizstats.simulate(4, r, 600, policies="expert:fitted=1", seed=4, threads=1)
    b = wizstats.simulate(4, r, 600, policies="expert:fitted=0", seed=4, threads=1)
    assert not np.array_equal(a.counts, b.counts)


def test_other_decks_keep_the_unfitted_play() -> None:
    """The fit covers the standard deck only: with another deck the fitted expert plays as ``fitted=0``."""
    r = _fitted_sizes()[0]
    a = wizstats.simulate(4, r, 600, deck="junior", policies="expert:fitted=1", seed=5, threads=1)
    b = wizstats.simulate(4, r, 600, deck="junior", policies="expert:fitted=0", seed=5, threads=1)
    assert np.array_equal(a.counts, b.counts)


def _cards_changed_by_other_bids(bids: str) -> int:
    """Rounds (of 40) in which seat 1's fitted lead changes when the others' bids change."""
    from wizstats._kernels.players import dispatch
    from wizstats._kernels.rules import core
    from wizstats.engine import round_setup
    from wizstats.players import resolve_policies

    rules = wizstats.Rules(4, bids=bids)
    r = _fitted_sizes()[-1]
    tab, st0 = round_setup(rules, r)
    _, ids, params = resolve_policies("expert", 4)
    changed = 0
    for round_index in range(40):
        g = core.new_state(tab, st0, ids, params)
        core.seed_round(g.rng, 11, round_index)
        core.reset_round(g)
        turned = core.deal(g, -1, np.zeros(1, np.int64), -1)
        g.gone[turned] = 1
        kind = g.tab[core.KIND, turned]
        g.st[core.ST_TRUMP] = g.tab[core.SUIT, turned] if kind == core.K_SUIT else (0 if kind == core.K_WIZARD else -1)
        g.st[core.ST_BIDS_MADE] = 4
        g.st[core.ST_LEADER] = 1
        mask = core.legal_mask(g, 1)
        played = set()
        for others in ([0, 0, 0], [r, r, r], [0, r, 0]):
            g.bids[1] = 1
            g.bids[2], g.bids[3], g.bids[0] = others
            played.add(int(dispatch.choose_card(g, 1, mask)))
        changed += len(played) > 1
    return changed


def test_card_play_never_reads_bids_it_cannot_see() -> None:
    """Bids revealed only after the round: the others' bids, changed, leave every fitted lead unchanged;
    with open bids the same changes do change some leads (so the check can see a bid being read)."""
    assert _cards_changed_by_other_bids("after-round") == 0
    assert _cards_changed_by_other_bids("open") > 0


def test_labels_are_reproducible_and_checked() -> None:
    """Same seed, same labels; a value out of range gets one clear error naming it."""
    a = card_labels(4, 3, 40, worlds=2, seed=9)
    b = card_labels(4, 3, 40, worlds=2, seed=9)
    assert np.array_equal(a.features, b.features) and np.array_equal(a.values, b.values)
    assert np.array_equal(a.decision, b.decision) and np.array_equal(a.chosen, b.chosen)
    # every decision has at least two candidates, exactly one of them played
    _, sizes = np.unique(a.decision, return_counts=True)
    assert (sizes >= 2).all()
    assert np.bincount(a.decision, weights=a.chosen).tolist() == [1.0] * sizes.size
    for kwargs, word in (({"worlds": -1}, "worlds"), ({"p_label": 1.5}, "p_label"), ({"every_card": 1}, "every_card")):
        with pytest.raises((ValueError, TypeError), match=word):
            card_labels(4, 3, 10, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="n_players"):
        card_labels(7, 3, 10)


def test_every_round_is_labelled_whatever_the_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """All ``n_rounds`` rounds are labelled (no silent stop when the rows outgrow a guess), the same labels
    whatever the chunk size; ``max_rows`` stops at a prefix of them.

    With ``p_label=1`` and ``every_card`` each trick's leader with two cards or more has a row per card in
    his hand, so 20 rounds at 10 cards hold at least 20 * (10 + 9 + ... + 2) = 1,080 rows (the old buffer
    held 800)."""
    from wizstats.engine import labels

    args = dict(worlds=0, every_card=True, p_label=1.0, seed=5)
    lab = card_labels(4, 10, 20, **args)  # type: ignore[arg-type]
    assert len(lab.values) >= 20 * (sum(range(2, 11)))
    assert int(lab.chosen.sum()) == int(lab.decision.max()) + 1  # decisions numbered across chunks
    monkeypatch.setattr(labels, "LABEL_CHUNK_ROWS", 500)  # two rounds a chunk
    small = card_labels(4, 10, 20, **args)  # type: ignore[arg-type]
    for a, b in zip(
        (lab.features, lab.values, lab.decision, lab.chosen),
        (small.features, small.values, small.decision, small.chosen),
        strict=True,
    ):
        assert np.array_equal(a, b)
    cut = card_labels(4, 10, 20, max_rows=300, **args)  # type: ignore[arg-type]
    assert 0 < len(cut.values) <= 300
    assert np.array_equal(cut.values, lab.values[: len(cut.values)])
    assert np.array_equal(cut.decision, lab.decision[: len(cut.values)])
    with pytest.raises(ValueError, match="max_rows"):
        card_labels(4, 10, 20, max_rows=0)


def test_true_deal_values_are_the_scores_of_the_round_played_out() -> None:
    """``worlds=0``: a value is a score of the round (bid hit: 20 + 10 per trick; missed: -10 per trick off)."""
    lab = card_labels(4, 2, 60, worlds=0, seed=3)
    possible = {20.0, 30.0, 40.0, -10.0, -20.0}
    assert set(lab.values.tolist()) <= possible
    chosen = lab.values[lab.chosen == 1]
    assert chosen.size == int(lab.decision.max()) + 1


def test_the_fit_recovers_known_weights() -> None:
    """``fit_band`` on values that are an exact linear function of the features plus a constant per
    decision gives that function back (no ridge), and ``regret`` is 0 for the true scores."""
    tool = _tool()
    rng = np.random.default_rng(0)
    x = rng.normal(size=(600, 5))
    d = np.repeat(np.arange(200), 3)
    w = np.array([1.0, -2.0, 0.5, 0.0, 3.0])
    y = x @ w + rng.normal(size=200)[d]
    assert np.allclose(tool.fit_band(x, y, d, ridge=0.0), w)
    assert tool.regret(y, y, d) == 0.0
    assert tool.regret(-y, y, d) > 0.0


# ---------------------------------------------------------------- the card network (fitted=2)
def _net() -> list[np.ndarray]:
    from wizstats._kernels.players import expert_play as m

    return [m.W1, m.B1, m.W2, m.B2, m.W3]


def _net_scores(features: np.ndarray, hand_size: int) -> np.ndarray:
    """The network's forward pass in numpy: the obvious reference of ``expert_play.net_score``."""
    w1, b1, w2, b2, w3 = _net()
    x = np.c_[features, np.full(len(features), min(hand_size, 15) / 15.0)]
    return np.maximum(np.maximum(x @ w1 + b1, 0.0) @ w2 + b2, 0.0) @ w3


@pytest.mark.parametrize("hand_size", [2, 7, 15])
def test_the_network_player_plays_the_card_its_network_scores_best(hand_size: int) -> None:
    """``expert:fitted=2`` self-play, labelled with every legal card: the card played must be the one the
    network (computed here in numpy) scores best when it beats the heuristic's card at all, else the
    heuristic's card, and the heuristic's card where every trick left is needed. Scores within 1e-9 of
    each other count as a tie (the kernel adds in another order). Without the endgame search (``endgame=0``)."""
    lab = card_labels(4, hand_size, 120, policy="expert:fitted=2,endgame=0", worlds=0, every_card=True, seed=hand_size)
    scores = _net_scores(lab.features, hand_size)
    n = int(lab.decision.max()) + 1
    assert n > 40
    overruled, needed = 0, 0
    for d, rows, pick, played in _decisions(lab):
        top = scores[rows].max()
        if lab.all_needed[rows[0]] == 1:
            needed += 1
            assert played == pick, f"decision {d}"
            continue
        if top - scores[pick] <= 1e-9:
            assert played == pick or scores[played] >= top - 1e-9, f"decision {d}"
        else:
            assert scores[played] >= top - 1e-9, f"decision {d}"
        overruled += played != pick
    assert overruled > 0 and 0 < needed < n


def test_the_network_is_fitted_and_changes_the_play() -> None:
    """The shipped network is not all zeros, and ``fitted=2`` plays differently from the linear rows."""
    assert any(np.any(a != 0.0) for a in _net())
    a = wizstats.simulate(4, 8, 600, policies="expert:fitted=2", seed=4, threads=1)
    b = wizstats.simulate(4, 8, 600, policies="expert:fitted=1", seed=4, threads=1)
    assert not np.array_equal(a.counts, b.counts)
    c = wizstats.simulate(4, 8, 600, deck="junior", policies="expert:fitted=2", seed=5, threads=1)
    z = wizstats.simulate(4, 8, 600, deck="junior", policies="expert:fitted=0", seed=5, threads=1)
    assert np.array_equal(c.counts, z.counts)  # other decks: the unfitted play


def test_the_network_fit_learns_which_card_is_better() -> None:
    """``tools/fit_expert_net.train`` on decisions whose better card is set by a nonlinear rule of two
    features (the product's sign, which no linear score can rank better than chance) learns to pick it:
    held-out regret below a quarter of a random choice's (measured: about a tenth; the training is
    seeded and deterministic). Needs PyTorch (the ``train`` extra)."""
    pytest.importorskip("torch")
    tool = _tool("fit_expert_net")
    rng = np.random.default_rng(1)
    n = 40000  # rows: 20,000 decisions to train on, 20,000 held out
    x = rng.normal(size=(2 * n, 3))
    d = np.repeat(np.arange(n), 2)
    y = 10.0 * np.sign(x[:, 0] * x[:, 1]) + rng.normal(size=2 * n)
    w1, b1, w2, b2, w3 = tool.train(x[:n], y[:n], d[:n], (16, 8), 40, 0)
    score = np.maximum(np.maximum(x @ w1 + b1, 0.0) @ w2 + b2, 0.0) @ w3
    test = slice(n, 2 * n)
    assert tool.regret(score[test], y[test], d[test]) < 0.25 * tool.regret(rng.normal(size=n), y[test], d[test])
