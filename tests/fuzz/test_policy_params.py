"""Every registered policy parameter is declared (type and range), refused outside it, and playable at its ends.

A new policy (``POLICIES`` in ``wizstats/players/registry.py``) is covered here without a line
of its own: it must declare each parameter with :class:`wizstats.players.Param`.
"""

from __future__ import annotations

import math

import pytest

from wizstats import POLICIES, Policy, Rules, simulate

PARAMS = [(info.name, key) for info in POLICIES.values() for key in info.params]


@pytest.mark.parametrize(("policy", "key"), PARAMS, ids=[f"{p}:{k}" for p, k in PARAMS])
def test_parameter_is_declared_and_checked(policy: str, key: str) -> None:
    decl = POLICIES[policy].params[key]
    assert decl.declared, f"{policy}:{key} has no declared type and range: give it a Param in the registry"
    assert decl.low <= decl.default <= decl.high and decl.kind in (int, float, bool)
    for bad in (math.nan, math.inf, -math.inf, decl.low - 1, decl.high + 1, "1", None):
        with pytest.raises((ValueError, TypeError), match=key):
            Policy(policy, **{key: bad})
        if not isinstance(bad, str) and bad is not None:  # as text "1" is a valid value
            with pytest.raises((ValueError, TypeError)):
                Policy.parse(f"{policy}:{key}={bad}")
    if decl.kind is not float:
        with pytest.raises(ValueError, match=key):
            Policy(policy, **{key: decl.low + 0.5})
    assert Policy(policy, **{key: decl.default}).params[key] == decl.default


@pytest.mark.parametrize(("policy", "key"), PARAMS, ids=[f"{p}:{k}" for p, k in PARAMS])
def test_parameter_at_the_ends_of_its_range_plays(policy: str, key: str) -> None:
    """The kernels take every value the registry lets through (search budgets capped at 3 to stay fast)."""
    decl = POLICIES[policy].params[key]
    budget = {"worlds": 2, "samples": 2, "window": 1}
    for end in (decl.low, decl.high):
        value = min(end, 3) if decl.kind is int else end
        others = {k: v for k, v in budget.items() if k in POLICIES[policy].params and k != key}
        chosen = Policy(policy, **others, **{key: value})
        for rules, r in ((Rules(4), 3), (Rules(3, plus_minus_one=True), 20)):
            res = simulate(rules.n_players, r, 2, rules=rules, policies=chosen, seed=3)
            assert int(res.counts.sum()) == 2 * rules.n_players
