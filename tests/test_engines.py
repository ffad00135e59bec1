"""One engine object per edition: engine_for picks it from the rules, the public functions are its wrappers."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import wizstats
from wizstats import DEFAULT_POLICY, Rules
from wizstats.engine import OneColourEngine, SpecialEngine, StandardEngine, engine_for


def test_engine_for_picks_the_edition_from_the_rules() -> None:
    assert type(engine_for(Rules(4))) is StandardEngine and engine_for(Rules(4)).edition == "standard"
    junior = engine_for(Rules(4, deck="junior"))
    assert type(junior) is StandardEngine and junior.edition == "junior"  # Junior: the standard engine, its deck
    assert engine_for(Rules(5, deck="oh-hell")).edition == "standard"
    special = engine_for(Rules(4, special_cards="bomb"))
    assert type(special) is SpecialEngine and special.edition == "special"
    assert engine_for(Rules(3, plus_minus_one=True, scoring="alternative"), "one-colour") == OneColourEngine(
        3, True, "alternative"
    )
    assert engine_for(Rules(4, deck="junior"), "junior").rules.deck.name == "junior"


@pytest.mark.parametrize(
    ("rules", "edition", "message"),
    [
        (Rules(4), "special", "standard edition, not special"),
        (Rules(4, special_cards="bomb"), "standard", "special edition, not standard"),
        (Rules(4), "junior", "standard edition, not junior"),
        (Rules(4), "two-colour", "two-colour"),
        (Rules(5), "one-colour", "3 or 4 players"),
        (Rules(4, deck="junior"), "one-colour", "own piles"),
        (Rules(4, special_cards="bomb"), "one-colour", "own piles"),
    ],
)
def test_engine_for_refuses_an_edition_the_rules_are_not(rules: Rules, edition: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        engine_for(rules, edition)  # type: ignore[call-overload]


def test_engines_refuse_rules_they_do_not_play() -> None:
    with pytest.raises(TypeError, match="must be a Rules value"):
        engine_for("standard")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be a Rules value"):
        StandardEngine(4)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="trace_special"):
        StandardEngine(Rules(4, special_cards="bomb"))
    with pytest.raises(ValueError, match="no special cards"):
        SpecialEngine(Rules(4))
    with pytest.raises(ValueError, match="3 or 4 players"):
        OneColourEngine(6)


def test_the_public_functions_are_the_engines() -> None:
    """Same seed, same numbers: each wrapper returns exactly what its engine's method returns."""
    for rules in (Rules(4, plus_minus_one=True), Rules(3, deck="junior"), Rules(4, special_cards="bomb,dragon,fairy")):
        engine = engine_for(rules)
        res = wizstats.simulate(rules.n_players, 3, 400, rules=rules, policies="heuristic", seed=5)
        again = engine.simulate(3, 400, policies="heuristic", seed=5)
        assert type(res) is type(again) and np.array_equal(res.counts, again.counts)
        pd.testing.assert_frame_equal(res.summary(), again.summary())
        trace = (wizstats.trace_special if rules.special_cards else wizstats.trace_rounds)(
            rules, 3, 20, policies="heuristic", seed=5, start=7
        )
        pd.testing.assert_frame_equal(trace.frame(), engine.trace(3, 20, policies="heuristic", seed=5, start=7).frame())
    one = wizstats.simulate_one_colour(3, 40, policies="random", seed=2, plus_minus_one=True)
    same = OneColourEngine(3, plus_minus_one=True).simulate(40, policies="random", seed=2)
    assert np.array_equal(one.totals, same.totals) and np.array_equal(one.counts, same.counts)
    pd.testing.assert_frame_equal(
        wizstats.trace_one_colour(3, 2, policies="random", seed=2).frame(),
        OneColourEngine(3).trace(2, policies="random", seed=2).frame(),
    )


def test_every_engine_defaults_to_the_default_policy() -> None:
    """Every engine plays DEFAULT_POLICY (its own expert) when no policy is named."""
    assert DEFAULT_POLICY == "expert"
    res = StandardEngine(Rules(4)).simulate(2, 50, seed=1)
    assert [str(p) for p in res.policies] == [DEFAULT_POLICY] * 4
    special = SpecialEngine(Rules(4, special_cards="dragon,fairy"))
    default = special.simulate(3, 200, seed=4)  # the special engine's own expert
    explicit = special.simulate(3, 200, policies=DEFAULT_POLICY, seed=4)
    assert [str(p) for p in default.policies] == [DEFAULT_POLICY] * 4
    assert np.array_equal(default.counts, explicit.counts) and default.events == explicit.events
    games = OneColourEngine(4).simulate(30, seed=4)
    assert [str(p) for p in games.policies] == [DEFAULT_POLICY] * 4
    assert np.array_equal(games.totals, OneColourEngine(4).simulate(30, policies=DEFAULT_POLICY, seed=4).totals)
