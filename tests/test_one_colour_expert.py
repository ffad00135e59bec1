"""The one-colour engine's ``expert`` (RULES 9; ``wizstats/_kernels/variants/onecolour.py``).

Its bids and plays are replayed on the pure-Python reference with the other players' in
``tests/test_onecolour.py::test_kernel_matches_reference``; here: what its settings add to the heuristic's.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import wizstats
import wizstats.engine.onecolour as onecolour
from wizstats.intervals import mean_interval

SETTINGS = onecolour.EXPERT_SETTINGS
HEURISTIC = wizstats.POLICIES["heuristic"].defaults
AT_HEURISTIC = {"scale": 1.0, "kill": HEURISTIC["kill"], "read": 0.0, "pick": 0.0}
AT_HEURISTIC |= {"lead_min": HEURISTIC["lead_min"], "duck": HEURISTIC["duck"]}


def _rows(**change: float) -> np.ndarray:
    """Every round at the heuristic's settings, but for ``change``."""
    row = AT_HEURISTIC | change
    return np.array([[row[name] for name in SETTINGS]] * 12)


def test_at_the_heuristic_settings_the_expert_bids_and_plays_as_the_heuristic(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scale 1, no reading of the bids, the estimate rounded, the heuristic's card play: bit for bit the heuristic."""
    monkeypatch.setattr(onecolour, "expert_rows", _rows)
    for pm1 in (False, True):
        a = wizstats.simulate_one_colour(4, 300, policies="expert", seed=4, plus_minus_one=pm1)
        b = wizstats.simulate_one_colour(4, 300, policies="heuristic", seed=4, plus_minus_one=pm1)
        assert np.array_equal(a.counts, b.counts) and np.array_equal(a.totals, b.totals), pm1


def test_each_setting_changes_the_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each of the six settings reaches the kernel (a setting that did nothing would pass unnoticed)."""
    changes = {"scale": 0.7, "kill": 0.5, "read": 1.0, "pick": 1.0, "lead_min": 0.8, "duck": 0.4}
    counts = {}
    for name in ("base", *changes):
        rows = _rows() if name == "base" else _rows(**{name: changes[name]})
        monkeypatch.setattr(onecolour, "expert_rows", lambda rows=rows: rows)
        counts[name] = wizstats.simulate_one_colour(4, 300, policies="expert", seed=2).counts
    for name in changes:
        assert not np.array_equal(counts[name], counts["base"]), name


def test_the_fitted_settings_are_in_range() -> None:
    """The data file holds one row of settings per round, each in the range the fitting tool searches."""
    rows = onecolour.expert_rows()
    assert rows.shape == (12, len(SETTINGS)) and np.isfinite(rows).all()
    col = {name: rows[:, i] for i, name in enumerate(SETTINGS)}
    assert ((col["scale"] > 0.0) & (col["scale"] <= 2.0)).all() and ((col["kill"] > 0.0) & (col["kill"] <= 2.0)).all()
    assert ((col["read"] >= 0.0) & (col["read"] <= 1.0)).all() and set(col["pick"]) <= {0.0, 1.0}
    assert ((col["lead_min"] > 0.0) & (col["lead_min"] < 1.0)).all() and (
        (col["duck"] >= 0.0) & (col["duck"] < 1.0)
    ).all()


def test_expert_is_the_one_colour_default_and_takes_no_parameters() -> None:
    """``expert`` (the default) plays the engine's own expert, with no warning, and is named in the results."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = wizstats.simulate_one_colour(4, 50, seed=1)
    assert set(res.summary()["policy"]) == {"expert"}
    with pytest.raises(ValueError, match="its own expert, which has no parameter 'read' .it takes none"):
        wizstats.simulate_one_colour(4, 10, policies="expert:read=0.1")


def test_one_expert_player_beats_three_heuristic_players() -> None:
    """Paired margin per game (the expert's total minus the others' mean, over the four places it can take),
    1,000 games of a seed apart from the fit's: its 95% interval lies above 0. ``benchmarks/one_colour_expert.py``
    measures the margin on 10,000 games (``benchmarks/one_colour_expert.json``); with the half-width some
    three times larger here, the test asks for a margin the fit holds several half-widths clear of 0."""
    n = 1000
    per_game = np.zeros(n)
    for player in range(4):
        policies = ["heuristic"] * 4
        policies[player] = "expert"
        totals = wizstats.trace_one_colour(4, n, policies=policies, seed=31).points().sum(axis=1)
        per_game += (totals[:, player] - np.delete(totals, player, axis=1).mean(axis=1)) / 4
    ci = mean_interval(float(per_game.mean()), float(per_game.var(ddof=1)), n)
    assert ci.low > 0.0, ci
