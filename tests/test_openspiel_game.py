"""The OpenSpiel game "wizard" (``wizstats.openspiel``) against wizstats' own engines.

The game takes its rules from wizstats' public functions (``legal_plays``, ``trick_winner``,
``Rules.forbidden_bid``, ``score_round``), so the checks that matter compare it with code it
does not use:

- the numba kernel (``wizstats._kernels``, its own implementation of every rule): rounds
  traced by the kernel are replayed move by move in the OpenSpiel game, and in random rounds
  of the OpenSpiel game every state is compared with the kernel's view of it (legal cards,
  trick winners, tricks, whose turn it is), through ``PolicyDecider.engine_view``;
- the reference engine's ``replay_round``, which checks a whole round (the deal, trump, bids
  in range and the dealer's forbidden bid, follow suit) and recomputes winners and scores;
- OpenSpiel's own ``oh_hell`` (C++): on the Oh Hell deck with plus/minus one the two games are
  the same, move by move;
- OpenSpiel's own ``random_sim_test`` (legal actions, chance outcomes, clones, strings,
  tensors, serialization);
- and, statistically, uniformly random play: per seat the distribution of the round's score
  must agree with ``wizstats.simulate(..., policies="random")``. Both engines play the same
  uniform random player: trump uniform over the four suits, bids uniform over the allowed
  bids (the dealer's forbidden bid excluded), cards uniform over the legal cards of the hand
  (a Wizard or Jester per copy held: the game keeps the deck's distinct card ids, as the
  kernel counts hand positions).

Skipped when OpenSpiel is not installed (``pip install -e ".[bench]"``).
"""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
chi2_contingency = pytest.importorskip("scipy.stats").chi2_contingency

import wizstats  # noqa: E402
import wizstats.openspiel  # noqa: E402,F401  (registers "wizard")
from wizstats import CardKind, Rules  # noqa: E402
from wizstats.engine import PolicyDecider  # noqa: E402
from wizstats.openspiel import WizardGame, rules_from_params  # noqa: E402
from wizstats.openspiel.bots import WizstatsBot, ismcts_bot, play_round  # noqa: E402
from wizstats.reference import replay_round  # noqa: E402

CONFIGS = [
    {"players": 3, "hand_size": 1},
    {"players": 3, "hand_size": 7, "plus_minus_one": True},
    {"players": 3, "hand_size": 20},  # every card dealt: no trump card
    {"players": 4, "hand_size": 3, "trump_choice": "blind"},
    {"players": 4, "hand_size": 5, "plus_minus_one": True, "trump_choice": "blind"},
    {"players": 4, "hand_size": 15, "plus_minus_one": True},
    {"players": 5, "hand_size": 4, "hidden_bids": True},
    {"players": 5, "hand_size": 12, "scoring": "alternative"},
    {"players": 6, "hand_size": 2, "plus_minus_one": True},
    {"players": 6, "hand_size": 6, "hidden_bids": True, "trump_choice": "blind"},
]


def ID(params: dict) -> str:
    """A test id from game parameters."""
    return ",".join(f"{k}={v}" for k, v in params.items())


def load(params: dict) -> WizardGame:
    return pyspiel.load_game("wizard", params)


def random_action(state, rng: random.Random) -> int:
    return rng.choice(state.legal_actions())


# ---------------------------------------------------------------- loading and parameters
def test_load_game_with_the_issue_parameters() -> None:
    game = pyspiel.load_game("wizard", {"players": 4, "hand_size": 3})
    assert isinstance(game, WizardGame)
    assert game.num_players() == 4 and game.max_chance_outcomes() == 60
    assert game.num_distinct_actions() == 60 + 4 + 4  # cards, trump suits, bids 0..3
    assert (game.min_utility(), game.max_utility()) == (-30.0, 50.0)
    t = game.get_type()
    assert t.short_name == "wizard" and t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.provides_information_state_tensor and t.provides_observation_tensor


def test_defaults_are_the_standard_game() -> None:
    rules, hand_size = rules_from_params({})
    standard = Rules(4, schedule=(hand_size,))
    assert rules == standard and rules.describe() == standard.describe()
    game = pyspiel.load_game("wizard")
    assert game.rules == standard
    assert pyspiel.load_game("wizard(players=5,hand_size=4,plus_minus_one=True,trump_choice=blind)").rules == Rules(
        5, schedule=(4,), plus_minus_one=True, trump_choice="blind"
    )


@pytest.mark.parametrize(
    "params, message",
    [
        ({"players": 2}, "3 to 6 players"),
        ({"players": 7}, "3 to 6 players"),
        ({"hand_size": 0}, "hand size 0 is impossible"),
        ({"players": 4, "hand_size": 16}, "hand size 16 is impossible"),
        ({"trump_choice": "never"}, "trump_choice must be 'after-look' or 'blind'"),
        ({"scoring": "golf"}, "unknown scoring"),
        ({"deck": "tarot"}, "unknown deck"),
        ({"hidden_bids": True, "plus_minus_one": True}, "plus/minus one needs open bids"),
        ({"bogus": 1}, "Unknown parameter 'bogus'"),
        ({"hand_size": "3"}, "Wrong type for parameter hand_size"),
    ],
)
def test_bad_parameters_are_one_clear_error(params: dict, message: str) -> None:
    with pytest.raises((ValueError, pyspiel.SpielError), match=message):
        pyspiel.load_game("wizard", params)


# ---------------------------------------------------------------- state by state against the kernel and the reference
def _check_state(state, decider: PolicyDecider, rules: Rules) -> None:
    """The game's view of ``state`` against the kernel's (``engine_view``) and the rules' bids."""
    d, s = state.round, state.setup
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sorted(a for a, _ in outcomes) == sorted(d.undealt)
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
        return
    kind, seat, legal, winners, tricks = decider.engine_view(state.view())
    assert winners == d.winners and tricks == d.won
    assert seat == state.current_player()
    actions = state.legal_actions()
    if kind == "card":
        assert actions == legal
    elif kind == "bid":
        r = s.hand_size
        earlier = sum(d.bids[q] for q in range(1, s.n)) if seat == 0 else None
        forbidden = r - earlier if (rules.plus_minus_one and seat == 0 and earlier <= r) else None
        assert actions == [s.bid_offset + b for b in range(r + 1) if b != forbidden]
    else:
        assert kind == "trump" and seat == 0 and actions == [s.trump_offset + u for u in range(4)]
        assert d.turned is not None and s.cards[d.turned].kind is CardKind.WIZARD
        assert (d.n_dealt == 0) == s.blind


@pytest.mark.parametrize("params", CONFIGS, ids=ID)
def test_random_rounds_agree_with_kernel_and_reference_state_by_state(params: dict) -> None:
    game = load(params)
    rules, r = game.rules, game.hand_size
    decider = PolicyDecider(rules, r, "random")
    rng = random.Random(hash(tuple(params.items())) % 1000)
    n_rounds = 25 if r * rules.n_players <= 30 else 8
    for _ in range(n_rounds):
        state = game.new_initial_state()
        while not state.is_terminal():
            _check_state(state, decider, rules)
            state.apply_action(random_action(state, rng))
        d = state.round
        assert (d.turned is None) == (rules.n_players * r == rules.deck.size)
        bids = [d.bids[q] for q in range(rules.n_players)]
        tricks = [d.plays[t * rules.n_players : (t + 1) * rules.n_players] for t in range(r)]
        record = replay_round(rules, r, d.dealt, d.turned, d.trump, bids, tricks)
        assert record.winners == d.winners and record.leaders == d.leaders and record.tricks == d.won
        assert state.returns() == [float(x) for x in record.scores]
        kind, _, _, winners, won = decider.engine_view(state.view())
        assert kind == "none" and winners == d.winners and won == d.won


def _actions_of_traced_round(game: WizardGame, trace, i: int) -> list[int]:
    """A round traced by the kernel as the actions that play it: turn, [blind trump], deal, [trump], bids, plays."""
    s = game.setup
    n, r = s.n, s.hand_size
    actions = []
    turned = int(trace.turned[i])
    wizard = turned >= 0 and s.cards[turned].kind is CardKind.WIZARD
    trump = [s.trump_offset + int(trace.trump[i])] if wizard else []
    if turned >= 0:
        actions.append(turned)
    if s.blind:
        actions += trump
    actions += [int(trace.hands[i, (1 + k) % n, k // n]) for k in range(n * r)]
    if not s.blind:
        actions += trump
    actions += [s.bid_offset + int(trace.bids[i, (1 + k) % n]) for k in range(n)]
    actions += [int(c) for t in range(r) for c in trace.plays[i, t]]
    return actions


@pytest.mark.parametrize("policy", ["heuristic", "random"])
@pytest.mark.parametrize("params", CONFIGS[::2] + CONFIGS[3:5], ids=ID)
def test_kernel_rounds_replay_move_by_move(params: dict, policy: str) -> None:
    """Every move the kernel made is legal in the game, and the game finds the kernel's trick winners and scores."""
    game = load(params)
    rules, r, n = game.rules, game.hand_size, game.num_players()
    trace = wizstats.trace_rounds(rules, r, 30, policies=policy, seed=3)
    for i in range(30):
        state = game.new_initial_state()
        for action in _actions_of_traced_round(game, trace, i):
            assert action in state.legal_actions(), (i, state.history(), action)
            state.apply_action(action)
        assert state.is_terminal()
        d = state.round
        assert d.winners == list(trace.winners[i]) and d.leaders == list(trace.leaders[i])
        assert d.won == list(trace.tricks[i]) and d.trump == (None if trace.trump[i] < 0 else trace.trump[i])
        expected = [
            float(wizstats.score_round(int(trace.bids[i, q]), int(trace.tricks[i, q]), rules, hand_size=r))
            for q in range(n)
        ]
        assert state.returns() == expected


# ---------------------------------------------------------------- against OpenSpiel's own oh_hell (C++)
def _oh_hell_card(card: int) -> int:
    """OpenSpiel ``oh_hell`` card id (rank * 4 + suit; suits C D S H, ranks 2..A) -> wizstats Oh Hell deck id.

    The suits map to blue, red, green, yellow (suits are interchangeable) and rank 2..A to 1..13.
    """
    rank, suit = divmod(card, 4)
    return suit * 13 + rank


@pytest.mark.parametrize("n_players, hand_size", [(3, 5), (4, 10), (5, 7), (6, 8)])
def test_oh_hell_deck_plays_openspiels_oh_hell_move_by_move(n_players: int, hand_size: int) -> None:
    """On the Oh Hell deck (no Wizards, no Jesters) with plus/minus one the game is OpenSpiel's
    ``oh_hell``, a C++ implementation of trump, follow suit, trick winners and the dealer's hook
    rule (the last bid may not make the bids add up) that shares no code with wizstats: the same
    deal and the same random moves give, at every decision, the same player to move and the same
    legal moves, and in the end the same tricks per player (the scoring differs)."""
    theirs_game = pyspiel.load_game(
        "oh_hell", {"players": n_players, "num_suits": 4, "num_cards_per_suit": 13, "num_tricks_fixed": hand_size}
    )
    ours_game = load({"players": n_players, "hand_size": hand_size, "deck": "oh-hell", "plus_minus_one": True})
    s = ours_game.setup
    rng = random.Random(n_players * 100 + hand_size)
    for _ in range(30):
        theirs = theirs_game.new_initial_state()
        chance = []
        while theirs.is_chance_node():
            chance.append(rng.choice(theirs.legal_actions()))
            theirs.apply_action(chance[-1])
        dealer, cards, trump_card = chance[1], chance[2:-1], chance[-1]
        seat = [(p - dealer) % n_players for p in range(n_players)]  # their player -> our seat
        hands: list[list[int]] = [[] for _ in range(n_players)]
        for i, card in enumerate(cards):  # oh_hell deals card i to player i mod n
            hands[seat[i % n_players]].append(_oh_hell_card(card))
        ours = ours_game.new_initial_state()
        ours.apply_action(_oh_hell_card(trump_card))
        for k in range(n_players * hand_size):
            ours.apply_action(hands[(1 + k) % n_players][k // n_players])
        while not theirs.is_terminal():
            player = theirs.current_player()
            assert seat[player] == ours.current_player()
            legal = theirs.legal_actions()
            if legal[0] >= 52:  # bids: 52 + b
                assert ours.legal_actions() == [s.bid_offset + a - 52 for a in legal]
                action = rng.choice(legal)
                ours.apply_action(s.bid_offset + action - 52)
            else:
                assert ours.legal_actions() == sorted(_oh_hell_card(a) for a in legal)
                action = rng.choice(legal)
                ours.apply_action(_oh_hell_card(action))
            theirs.apply_action(action)
        assert ours.is_terminal()
        won = re.search(r"Tricks Won:\s+([\d ]+)", str(theirs)).group(1).split()
        assert [ours.round.won[seat[p]] for p in range(n_players)] == [int(w) for w in won]


# ---------------------------------------------------------------- OpenSpiel's own checks
@pytest.mark.parametrize("params", [CONFIGS[0], CONFIGS[2], CONFIGS[4], CONFIGS[6], CONFIGS[9]], ids=ID)
def test_openspiel_random_sim_test(params: dict) -> None:
    pyspiel.random_sim_test(load(params), num_sims=5, serialize=True, verbose=False)


def test_serialization_round_trip_and_clones() -> None:
    game = load({"players": 4, "hand_size": 5, "plus_minus_one": True})
    rng = random.Random(8)
    state = game.new_initial_state()
    while not state.is_terminal():
        text = pyspiel.serialize_game_and_state(game, state)
        game2, state2 = pyspiel.deserialize_game_and_state(text)
        assert state2.history() == state.history() and str(state2) == str(state)
        if not state.is_chance_node():
            p = state.current_player()
            assert state2.information_state_string(p) == state.information_state_string(p)
            assert state2.legal_actions() == state.legal_actions()
        clone = state.clone()
        state.apply_action(random_action(state, rng))
        assert clone.history() == state.history()[:-1]  # the clone did not move with it
    assert game2.rules == game.rules


# ---------------------------------------------------------------- what each player knows
def _play_to_decisions(game, rng: random.Random, rounds: int):
    """States at decision nodes of random rounds."""
    for _ in range(rounds):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                yield state.clone()
            state.apply_action(random_action(state, rng))


@pytest.mark.parametrize("params", [CONFIGS[1], CONFIGS[4], CONFIGS[6], CONFIGS[9]], ids=ID)
def test_information_states_hide_exactly_the_other_hands(params: dict) -> None:
    """Two states that differ only in another player's cards (and unseen hidden bids) look the same to a player."""
    game = load(params)
    rng = random.Random(4)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    shape_i, shape_o = game.information_state_tensor_shape(), game.observation_tensor_shape()
    for state in _play_to_decisions(game, rng, 6):
        p = state.current_player()
        for other in (state.resample_from_infostate(p, sampler) for _ in range(3)):
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.information_state_tensor(p) == state.information_state_tensor(p)
            assert other.observation_string(p) == state.observation_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
            assert other.legal_actions() == state.legal_actions()
            assert other.round.dealt[p] == state.round.dealt[p] and other.round.plays == state.round.plays
            for q in range(game.num_players()):
                held = [other.setup.suits[c] for c in other.round.hands[q]]
                assert not set(held) & state.round.voids[q], "a resampled hand holds a suit its player showed void"
        assert len(state.information_state_tensor(p)) == shape_i[0]
        assert len(state.observation_tensor(p)) == shape_o[0]
        q = (p + 1) % game.num_players()
        if state.round.n_dealt and state.round.hands[q] and state.round.dealt[q] != state.round.dealt[p]:
            assert state.information_state_string(q) != state.information_state_string(p)


def test_resampled_worlds_are_uniform_over_the_unseen_cards() -> None:
    """Player 1 at his first bid (4 players, 1 card, trump turned): every other player's card is
    uniform over the 58 cards he cannot see. Chi-square goodness of fit of the 4 kinds of card
    (Wizard, Jester, trump, other suit) player 2 gets, 3,000 resamples; alpha 0.001."""
    game = load({"players": 4, "hand_size": 1})
    state = game.new_initial_state()
    s = state.setup
    for action in [0, 13, 14, 15, 16]:  # turn B1 (trump blue), deal R1 R2 R3 R4 to players 1, 2, 3, 0
        state.apply_action(action)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    counts = np.zeros(4)
    unseen = [c for c in range(60) if c not in (0, 13)]
    classes = {CardKind.WIZARD: 0, CardKind.JESTER: 1}
    kind = [classes.get(s.cards[c].kind, 2 if s.suits[c] == 0 else 3) for c in range(60)]
    expected = np.bincount([kind[c] for c in unseen], minlength=4) / len(unseen)
    for _ in range(3000):
        other = state.resample_from_infostate(1, sampler)
        counts[kind[other.round.hands[2][0]]] += 1
    from scipy.stats import chisquare

    assert chisquare(counts, expected * counts.sum()).pvalue > 0.001


def test_resampling_redraws_hidden_bids_and_keeps_visible_ones() -> None:
    game = load({"players": 4, "hand_size": 3, "hidden_bids": True})
    rng = random.Random(2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(random_action(state, rng))
    for bid in (3, 3):  # players 1 and 2 bid 3 each, hidden from player 3
        state.apply_action(game.setup.bid_offset + bid)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    seen = {tuple(state.resample_from_infostate(3, sampler).round.bids[1:3]) for _ in range(60)}
    assert len(seen) > 3  # redrawn: the search must not learn hidden bids from the true state
    assert {tuple(state.resample_from_infostate(1, sampler).round.bids[1:2]) for _ in range(5)} == {(3,)}


# ---------------------------------------------------------------- uniformly random play against wizstats.simulate
def _openspiel_scores(game, n_rounds: int, seed: int) -> np.ndarray:
    """``out[seat, k]``: rounds in which ``seat`` scored the k-th possible score, uniformly random play."""
    rules, r, n = game.rules, game.hand_size, game.num_players()
    values = sorted({wizstats.score_round(b, t, rules, hand_size=r) for b in range(r + 1) for t in range(r + 1)})
    out = np.zeros((n, len(values)), np.int64)
    rng = random.Random(seed)
    for _ in range(n_rounds):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.round.undealt))  # the outcomes are uniform (checked above)
            else:
                state.apply_action(random_action(state, rng))
        for q, x in enumerate(state.returns()):
            out[q, values.index(int(x))] += 1
    return out


def _wizstats_scores(game, n_rounds: int, seed: int) -> np.ndarray:
    rules, r, n = game.rules, game.hand_size, game.num_players()
    values = sorted({wizstats.score_round(b, t, rules, hand_size=r) for b in range(r + 1) for t in range(r + 1)})
    counts = wizstats.simulate(n, r, n_rounds, rules=rules, policies="random", seed=seed).counts
    out = np.zeros((n, len(values)), np.int64)
    for q in range(n):
        for b in range(r + 1):
            for t in range(r + 1):
                out[q, values.index(wizstats.score_round(b, t, rules, hand_size=r))] += counts[q, b, t]
    return out


ALPHA = 0.001


@pytest.mark.parametrize(
    "params, n_rounds",
    [({"players": 4, "hand_size": 3}, 6000), ({"players": 5, "hand_size": 2, "plus_minus_one": True}, 6000)],
)
def test_random_play_score_distribution_matches_simulate(params: dict, n_rounds: int) -> None:
    """Chi-square test of homogeneity per seat (scipy ``chi2_contingency``), OpenSpiel's
    ``n_rounds`` rounds against 300,000 of ``wizstats.simulate(..., policies="random")``; scores
    with fewer than 5 expected rounds in the OpenSpiel sample are pooled into one bin. Each test
    has alpha = 0.001; with 9 tests in all the chance that a correct game fails is below 1%
    (the seeds are fixed, so a run repeats)."""
    game = load(params)
    theirs = _openspiel_scores(game, n_rounds, seed=17)
    ours = _wizstats_scores(game, 300_000, seed=29)
    for q in range(game.num_players()):
        expected = ours[q] / ours[q].sum() * theirs[q].sum()
        rare = expected < 5
        table = np.array([theirs[q], ours[q]])
        if rare.any():
            table = np.column_stack([table[:, ~rare], table[:, rare].sum(axis=1)])
        assert chi2_contingency(table).pvalue > ALPHA, (q, table)


# ---------------------------------------------------------------- the bots
def test_bots_play_rounds_and_ismcts_beats_random_play() -> None:
    """Smoke: every policy moves legally through the bot interface; and IS-MCTS with a small budget
    scores more than a uniformly random player in its seat on the same 12 deals (fixed seeds, so
    deterministic: a check that the search runs and uses what it finds, not a measurement)."""
    game = load({"players": 3, "hand_size": 2, "plus_minus_one": True})
    for policy in sorted(wizstats.POLICIES):
        bots = [WizstatsBot(game, policy, seed=s) for s in range(3)]
        assert len(play_round(game, bots, seed=1)) == 3
    margin = 0.0
    for deal in range(12):
        ismcts = play_round(
            game,
            [
                ismcts_bot(game, 40, seed=deal),
                WizstatsBot(game, "random", seed=deal),
                WizstatsBot(game, "random", seed=deal + 100),
            ],
            seed=deal,
        )[0]
        rand = play_round(
            game,
            [
                WizstatsBot(game, "random", seed=deal + 200),
                WizstatsBot(game, "random", seed=deal),
                WizstatsBot(game, "random", seed=deal + 100),
            ],
            seed=deal,
        )[0]
        margin += ismcts - rand
    assert margin > 0


def test_bot_errors() -> None:
    with pytest.raises(ValueError, match="unknown policy"):
        WizstatsBot(load({}), "nobody")
    with pytest.raises(ValueError, match="simulations must be a whole number >= 2"):
        ismcts_bot(load({}), 1)


@pytest.mark.parametrize("choice", ["after-look", "blind"])
def test_a_turned_wizard_makes_the_dealer_name_trump(choice: str) -> None:
    """After a turned Wizard the dealer names a suit: before the deal (blind, not seeing his hand) or after it."""
    game = load({"players": 4, "hand_size": 3, "trump_choice": choice})
    s = game.setup
    state = game.new_initial_state()
    state.apply_action(52)  # the first Wizard is turned
    if choice == "after-look":
        for card in range(12):  # blue 1..12, dealt to players 1, 2, 3, 0, 1, ...
            assert state.is_chance_node()
            state.apply_action(card)
    assert state.current_player() == 0 and state.legal_actions() == [s.trump_offset + u for u in range(4)]
    assert ("hand0:" in state.information_state_string(0)) == (choice == "after-look")
    assert "trump:?" in state.information_state_string(0)
    action = WizstatsBot(game, "heuristic", seed=0).step(state)
    if choice == "after-look":
        assert action == s.trump_offset + 0  # the dealer holds B4 B8 B12: he names blue
    state.apply_action(s.trump_offset + 2)
    assert state.round.trump == 2 and "trump:green" in state.information_state_string(1)
    if choice == "blind":
        assert state.is_chance_node() and not state.round.dealt[0]
        for card in range(12):
            state.apply_action(card)
    assert state.current_player() == 1 and state.legal_actions() == [s.bid_offset + b for b in range(4)]


def test_docs_example_runs() -> None:
    """The Python example of docs/openspiel.md that uses OpenSpiel's algorithms runs as printed."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "openspiel.md").read_text()
    blocks = [b.split("```", 1)[0] for b in text.split("```python\n")[1:]]
    example = next(b for b in blocks if "evaluate_bots" in b)
    exec(compile(example, "docs/openspiel.md", "exec"), {})


def test_ismcts_benchmark_runs() -> None:
    """benchmarks/ismcts.py at a tiny size prints both tables (no figure asserted: a smoke run)."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    out = subprocess.run(
        [sys.executable, str(root / "benchmarks" / "ismcts.py"), "--quick", "heuristic"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert re.search(r"\| 2 \| `heuristic`( \(default\))? \| IS-MCTS 10 \| 2 \| [+-]\d", out.stdout)
    assert re.search(r"\| 2 \| IS-MCTS 10 \| `heuristic`( \(default\))? \| 2 \| [+-]\d", out.stdout)
    assert re.search(r"\| 2 \| IS-MCTS 10 \| \d+ \| [\d.e+-]+ \| [\d,.]+ \|", out.stdout)
