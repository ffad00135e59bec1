"""Bad input for the special cards (RULES 8) and the one-colour variant (RULES 9), issue 29 item 5.

An unknown special card, special cards a deck or an engine cannot hold, a parameter out of range:
one ``ValueError`` (or ``TypeError``) naming the problem from the API, and from the command line
exit status 2 with one line on stderr, never a traceback. What the rules do hold is checked too:
RULES 8 names no deck for the special cards, so the Junior and Oh Hell decks take them (the
standard schedule grows with the deck, RULES 2), as do 6 players.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import wizstats as ws
from wizstats.cli import main
from wizstats.engine import PolicyDecider

ALL = ws.Rules(4, special_cards="all")


@pytest.mark.parametrize(
    ("special_cards", "message"),
    [
        (["nope"], "unknown special card 'nope' (expected one of: dragon, fairy, bomb"),
        ("dragon,fairy,unicorn", "unknown special card 'unicorn'"),
        ("all,bomb", "special_cards 'all' names all nine: give it alone"),
        (["dragon"], "the Dragon and the Fairy are used together"),
        ("fee", "the Dragon and the Fairy are used together"),  # German names too
        ([7], "unknown special card 7"),
        (5, "special_cards must be a set of special card names, got 5"),
        (None, "special_cards must be a set of special card names, got None"),
    ],
)
def test_rules_refuse_unknown_or_unpaired_special_cards(special_cards: object, message: str) -> None:
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)")) as err:
        ws.Rules(4, special_cards=special_cards)  # type: ignore[arg-type]
    assert "\n" not in str(err.value)


def test_special_card_names_normalise() -> None:
    assert ws.Rules(4, special_cards=" ALL ").special_cards == ALL.special_cards
    assert ws.Rules(4, special_cards=["all"]).special_cards == ALL.special_cards
    assert ws.Rules(4, special_cards="Drache+FEE, bomb,bomb").special_cards == {"dragon", "fairy", "bomb"}
    assert ws.Rules(4, special_cards="").special_cards == frozenset()


def test_decks_that_cannot_hold_the_special_cards_are_refused() -> None:
    with pytest.raises(ValueError, match=r"^a deck holds at most 64 cards, this one 68$"):
        ws.Rules(4, deck="4x17+0+0", special_cards="all")
    with pytest.raises(ValueError, match=r"^the deck holds the special cards \['bomb'\] but special_cards names"):
        ws.Rules(4, deck=ws.Deck.standard().with_specials(["bomb"]), special_cards="witch")
    with pytest.raises(ValueError, match="^a deck holds each special card at most once"):
        ws.Deck.standard().with_specials(["bomb", "bombe"])
    with pytest.raises(ValueError, match="^hand size 18 is impossible: 4 players and 69 cards allow 1 to 17$"):
        ws.Rules(4, special_cards="all", schedule=[18])


@pytest.mark.parametrize(
    ("deck", "n_players", "size", "rounds"),
    [("junior", 4, 36 + 9, 11), ("oh-hell", 4, 52 + 9, 15), ("standard", 6, 60 + 9, 11), ("standard", 3, 69, 23)],
)
def test_decks_and_tables_that_hold_the_special_cards(deck: str, n_players: int, size: int, rounds: int) -> None:
    """RULES 8 restricts no deck and no table size: the special cards are added to the deck, the schedule grows."""
    rules = ws.Rules(n_players, deck=deck, special_cards="all")
    assert rules.deck.size == size and rules.schedule == tuple(range(1, rounds + 1))


def test_the_special_engine_refuses_what_it_cannot_play() -> None:
    with pytest.raises(ValueError, match="^hand_size 18 is impossible: 4 players and 69 cards allow 1 to 17$"):
        ws.simulate(4, 18, 100, rules=ALL)
    with pytest.raises(ValueError, match="^policy 'heuristic': duck must be a finite number in \\[0, 1\\], got 5"):
        ws.simulate(4, 3, 100, rules=ALL, policies=ws.Policy("heuristic", duck=5))
    with pytest.raises(ValueError, match="^policy 'heuristic' has no parameter 'worlds'"):
        ws.simulate(4, 3, 100, rules=ALL, policies=ws.Policy("heuristic", worlds=4))
    with pytest.raises(
        ValueError,
        match="^the special-card engine \\(RULES 8\\) plays the policies random, heuristic, expert and rollout",
    ):
        ws.simulate(4, 3, 100, rules=ALL, policies="pimc")
    with pytest.raises(ValueError, match="^the special-card engine \\(RULES 8\\) plays its own rollout, .* 'infer'"):
        ws.simulate(4, 3, 100, rules=ALL, policies="rollout:infer=0")
    with pytest.raises(ValueError, match="^n_rounds must be a whole number"):
        ws.simulate(4, 3, 0, rules=ALL)
    with pytest.raises(ValueError, match="^n_players 5 does not match rules.n_players 4$"):
        ws.simulate(5, 3, 100, rules=ALL)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: ws.simulate_games(ALL, 5), "the standard engine does not play special cards"),
        (lambda: ws.trace_rounds(ALL, 3, 5), "the standard engine does not play special cards"),
        (lambda: ws.engine.rollout_bid_values("R13 B2 J", rules=ALL), "special cards are not supported"),
        (lambda: ws.arena(["heuristic", "random"], 4, "game", 20, rules=ALL), "whole games with special cards"),
        (lambda: ws.card_strength(4, 3, rules=ALL, n=100), "the standard engine does not play special cards"),
        (lambda: PolicyDecider(ALL, 3, "expert"), "the standard engine does not play special cards"),
        (lambda: ws.clairvoyance_odds(ALL, 100), "clairvoyance is simulated with the standard cards only"),
        (lambda: ws.rational_round1_win_probability(4, "R13", 1, "red", rules=ALL), "without special cards"),
    ],
)
def test_engines_without_the_special_cards_refuse_them(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_exact_round1_refuses_special_cards() -> None:
    with pytest.raises(ValueError, match="special cards"):
        ws.round1_win_probability("R13", seat=1, n_players=4, rules=ALL)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n_players": 5}, "one colour is played by 3 or 4 players, got 5"),
        ({"n_players": 2}, "one colour is played by 3 or 4 players, got 2"),
        ({"n_games": 0}, "n_games must be a whole number in 1.."),
        ({"policies": "pimc"}, "the one-colour engine (RULES 9) plays the policies random, heuristic and expert only"),
        ({"policies": "heuristic:kill=11"}, "policy 'heuristic': kill must be a finite number in [0, 10]"),
        ({"policies": ["random", "random"]}, "give one policy or one per seat (4), got 2"),
        ({"scoring": "weird"}, "scoring must be one of standard, alternative, got 'weird'"),
        ({"plus_minus_one": "yes"}, "plus_minus_one must be True or False"),
    ],
)
def test_one_colour_refuses_bad_input(kwargs: dict, message: str) -> None:
    args = {"n_players": 4, "n_games": 10, **kwargs}
    with pytest.raises(ValueError) as err:
        ws.simulate_one_colour(args.pop("n_players"), args.pop("n_games"), **args)
    assert str(err.value).startswith(message) and "\n" not in str(err.value)


SIM = ["simulate", "--players", "4", "--hand-size", "3", "--rounds", "100"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([*SIM, "--special", "nope"], "unknown special card 'nope'"),
        ([*SIM, "--special", "dragon"], "the Dragon and the Fairy are used together"),
        ([*SIM, "--special", "all,dragon"], "special_cards 'all' names all nine: give it alone"),
        ([*SIM, "--special", "all", "--deck", "4x17+0+0"], "a deck holds at most 64 cards, this one 68"),
        ([*SIM[:4], "18", "--special", "all"], "hand_size 18 is impossible: 4 players and 69 cards allow 1 to 17"),
        ([*SIM, "--special", "all", "--players", "7"], "Wizard is played by 3 to 6 players, got 7"),
        ([*SIM, "--special", "all", "--policy", "pimc"], "the special-card engine (RULES 8) plays the policies"),
        ([*SIM, "--special", "all", "--policy", "heuristic:duck=5"], "duck must be a finite number in [0, 1]"),
        ([*SIM, "--special", "all", "--policy", "heuristic:worlds=4"], "policy 'heuristic' has no parameter 'worlds'"),
        ([*SIM, "--special", "all", "--rounds", "0"], "n_rounds must be a whole number"),
        (["one-colour", "--players", "5"], "one colour is played by 3 or 4 players, got 5"),
        (["one-colour", "--games", "0"], "n_games must be a whole number in 1.."),
        (["one-colour", "--games", "5", "--policy", "pimc"], "the one-colour engine (RULES 9) plays the policies"),
        (["one-colour", "--games", "5", "--policy", "heuristic:duck=5"], "duck must be a finite number in [0, 1]"),
        (["one-colour", "--games", "5", "--policy", "random", "random"], "give one policy or one per seat (4), got 2"),
        (["one-colour", "--special", "all"], "unrecognized arguments: --special all"),
        (["one-colour", "--scoring", "weird"], "invalid choice: 'weird'"),
    ],
)
def test_the_command_line_says_one_line_and_exits_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # no compile notice: it is printed before the input is read when a kernel is not compiled yet
    # (tests/test_cli_compile.py covers it), and would be a second line here on a fresh cache
    monkeypatch.setattr("wizstats.cli.announce_compile", lambda args: False)
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own errors exit from the parser
        code = stop.code
    err = capsys.readouterr().err.strip()
    assert code == 2, (argv, code, err)
    assert len(err.splitlines()) == 1 and err.startswith("wizstats") and "Traceback" not in err, err
    assert message in err, err
