"""The special-card engine's ``rollout`` (RULES 8; ``wizstats/_kernels/special/search.py``) and the arena with
special cards.

Its rounds are replayed card by card on the pure-Python reference in
``tests/test_special.py::test_kernel_matches_reference_with_the_rollout`` (every card it plays legal); here:
it reads nothing it cannot see, it is deterministic, its parameters are checked, it searches, and the
arena measures it on duplicate deals.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import wizstats
from wizstats.cli import main
from wizstats.engine.setup import seed_key
from wizstats.engine.special import special_setup

ALL = wizstats.Rules(4, special_cards="all")
SMALL = "rollout:worlds=8,samples=8"


def _probe(rules: wizstats.Rules, hand_size: int, policies: list[str], i: int, stop: int, scramble: int) -> np.ndarray:
    from wizstats._kernels.special.round import probe_search

    inp = special_setup(rules, hand_size, policies)
    out = np.zeros(2, np.int64)
    key = np.uint64(seed_key(11))
    probe_search(inp.tab, inp.st0, inp.ids, inp.params, key, i, stop, scramble, out)
    return out


@pytest.mark.parametrize(("special", "hand_size"), [("all", 6), ("juggler,witch,werewolf,vampire", 7), ("all", 12)])
def test_the_search_reads_no_hidden_card(special: str, hand_size: int) -> None:
    """Deal the cards the deciding seat cannot see anew (the other hands, the next card of the stack): every
    bid and card the search chooses stays the same, decision by decision, through Juggler passes, Witch swaps
    and the Werewolf's swap. A search that read another hand (or the stack) would change some of them."""
    rules = wizstats.Rules(4, special_cards=special)
    policies = [SMALL, "heuristic", SMALL, "expert"]
    n_decisions = 4 + 4 * hand_size
    checked = 0
    for i in range(3):
        for stop in range(0, n_decisions, 3):
            plain = _probe(rules, hand_size, policies, i, stop, 0)
            if plain[0] < 0 or plain[0] % 2 == 1:  # a seat that does not search
                continue
            for scramble in (1, 2):
                assert np.array_equal(_probe(rules, hand_size, policies, i, stop, scramble), plain), (i, stop)
            checked += 1
    assert checked >= 10


def test_rollout_is_deterministic_whatever_the_threads_and_chunks() -> None:
    pol = [SMALL, "expert", "heuristic", SMALL]
    a = wizstats.simulate(4, 5, 160, rules=ALL, policies=pol, seed=4, threads=1)
    b = wizstats.simulate(4, 5, 160, rules=ALL, policies=pol, seed=4, threads=2, chunk_rounds=50)
    assert np.array_equal(a.counts, b.counts) and np.array_equal(a.score_sum, b.score_sum)
    t1 = wizstats.engine.trace_special(ALL, 5, 20, policies=pol, seed=4)
    t2 = wizstats.engine.trace_special(ALL, 5, 20, policies=pol, seed=4)
    assert all(np.array_equal(x, y) for x, y in zip(t1.arrays(), t2.arrays(), strict=True))


def test_rollout_parameters_are_checked_and_read() -> None:
    """Out of range: one line naming the range. Read by the special engine: ``worlds``, ``samples``, ``window``,
    ``bidder``; the others (``spite``, ``infer``, ``playout``) refused when changed (it would play another player)."""
    with pytest.raises(ValueError, match="^policy 'rollout': worlds must be a whole number in 1..100,000, got 0$"):
        wizstats.simulate(4, 3, 10, rules=ALL, policies="rollout:worlds=0")
    with pytest.raises(ValueError, match="^policy 'rollout': samples must be a whole number in 1..100,000, got 1.5$"):
        wizstats.simulate(4, 3, 10, rules=ALL, policies="rollout:samples=1.5")
    for name in ("spite=1", "infer=0", "playout=1"):
        with pytest.raises(ValueError, match=f"plays its own rollout, which has no parameter '{name[:-2]}' .it takes"):
            wizstats.simulate(4, 3, 10, rules=ALL, policies=f"rollout:{name}")
    inp = special_setup(ALL, 10, ["rollout:worlds=5,samples=6,window=2", "rollout:bidder=1", "expert", "heuristic"])
    assert list(inp.params[0, 9:12]) == [5, 6, 2] and list(inp.params[1, 9:12]) == [32, 48, 3]
    assert np.array_equal(inp.params[1, :9], inp.params[2, :9])  # bidder=1: the expert's row
    assert np.array_equal(inp.params[0, :7], inp.params[3, :7]) and not inp.params[0, 7:9].any()  # the heuristic's
    base = wizstats.simulate(4, 6, 40, rules=ALL, policies=SMALL, seed=2, threads=1)
    for other in ("rollout:worlds=2,samples=8", "rollout:worlds=8,samples=2", "rollout:worlds=8,samples=8,window=0"):
        res = wizstats.simulate(4, 6, 40, rules=ALL, policies=other, seed=2, threads=1)
        assert not np.array_equal(res.score_sum, base.score_sum), other


def test_with_no_bid_window_rollout_bids_as_its_bidder() -> None:
    """``window=0`` leaves one bid to try (two when it is forbidden): the heuristic's (``bidder=1``: the expert's)."""
    for bidder, same_as in ((0, "heuristic"), (1, "expert")):
        res = wizstats.simulate(4, 7, 60, rules=ALL, policies=f"rollout:window=0,worlds=2,bidder={bidder}", seed=3)
        ref = wizstats.simulate(4, 7, 60, rules=ALL, policies=same_as, seed=3)
        assert np.array_equal(res.counts.sum(axis=2), ref.counts.sum(axis=2)), bidder  # the same bids


def test_the_arena_with_special_cards() -> None:
    """The same table as with the standard cards; the rollout measured against random on duplicate deals.

    Statistical tolerance: random's margin against rollout at 3 cards is some -20 points per round with a
    standard error near 2 over 60 deals; the test asks only that the 95% interval lie below 0 (a false failure
    would need a 10-sigma error)."""
    res = wizstats.arena([SMALL, "random"], 4, "3", 60, seed=2, rules=ALL, threads=1)
    std = wizstats.arena(["heuristic", "random"], 4, "3", 20, seed=2, threads=1)
    table = res.table()
    assert list(table.columns) == list(std.table().columns)
    assert list(table["policy"]) == [SMALL, "random"] and list(table["seats"]) == [1, 3]
    assert table["margin_high"].iloc[1] < 0 < table["margin_low"].iloc[0]
    assert table["margin"].iloc[0] == pytest.approx(-table["margin"].iloc[1])
    again = wizstats.arena([SMALL, "random"], 4, "3", 60, seed=2, rules=ALL, threads=2)
    pd.testing.assert_frame_equal(table, again.table())
    with pytest.raises(ValueError, match="plays the policies random, heuristic, expert and rollout only, not 'pimc'"):
        wizstats.arena(["pimc", "expert"], 4, "3", 10, rules=ALL)
    with pytest.raises(ValueError, match="^whole games with special cards are not supported"):
        wizstats.arena([SMALL, "expert"], 4, "game", 10, rules=ALL)


def test_arena_command_with_special_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            ["arena", "rollout:worlds=4,samples=4", "expert", "--hand-sizes", "2", "--rounds", "8"]
            + ["--special", "all"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "special cards: dragon" in out and "rollout:worlds=4,samples=4" in out and "expert" in out
