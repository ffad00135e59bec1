"""Rules values, schedules and their figures (RULES 2, 4, 6, 7)."""

from __future__ import annotations

import pytest

from wizstats.rules import TOURNAMENT_SCHEDULES, Deck, Rules, forbidden_bid


@pytest.mark.parametrize(("n", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_standard_schedule(n: int, rounds: int) -> None:
    rules = Rules(n)
    assert rules.schedule == tuple(range(1, rounds + 1))
    assert rules.rounds_per_game == rounds


@pytest.mark.parametrize(("n", "tricks", "standard"), [(3, 110, 210), (4, 90, 120), (5, 74, 78), (6, 55, 55)])
def test_tournament_tricks_against_standard(n: int, tricks: int, standard: int) -> None:
    assert Rules.tournament(n).tricks_per_game == tricks
    assert Rules(n).tricks_per_game == standard
    assert Rules.tournament(n).rounds_per_game == 10


def test_tournament_rules() -> None:
    rules = Rules.tournament(4)
    assert rules.schedule == TOURNAMENT_SCHEDULES[4]
    assert rules.plus_minus_one and not rules.pm1_applies(1) and rules.pm1_applies(2)
    assert rules.placement_points == (45, 30, 20, 10)


def test_max_points_six_players_last_three_rounds() -> None:
    rules = Rules(6)
    assert rules.max_points_game() == 750
    assert sum(rules.max_points_round(r) for r in rules.schedule[-3:]) == 330


def test_forbidden_bid() -> None:
    assert forbidden_bid(5, [2, 1, 0]) == 2
    assert forbidden_bid(5, [2, 2, 1]) == 0
    assert forbidden_bid(3, [2, 2]) is None
    assert Rules(4).forbidden_bid(5, [1, 1, 1]) is None  # variant off
    assert Rules(4, plus_minus_one=True).forbidden_bid(1, [0, 0, 0]) == 1
    assert Rules.tournament(4).forbidden_bid(1, [0, 0, 0]) is None  # fewer than two tricks


def test_trump_card_exists_unless_every_card_dealt() -> None:
    assert not Rules(4).has_trump_card(15)
    assert Rules(4).has_trump_card(14)
    assert not Rules(3).has_trump_card(20)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n_players": 7}, "3 to 6 players"),
        ({"n_players": 2}, "3 to 6 players"),
        ({"n_players": 4, "schedule": (1, 16)}, "hand size 16 is impossible"),
        ({"n_players": 4, "schedule": (0,)}, "hand size 0"),
        ({"n_players": 4, "schedule": "weekly"}, "unknown schedule"),
        ({"n_players": 4, "bids": "secret"}, "unknown bid visibility"),
        ({"n_players": 4, "scoring": "golf"}, "unknown scoring"),
        ({"n_players": 4, "trump_choice": "never"}, "unknown trump choice"),
        ({"n_players": 4, "plus_minus_one": True, "bids": "hidden"}, "needs open bids"),
        ({"n_players": 4, "deck": "bridge"}, "unknown deck"),
        ({"n_players": 4, "plus_minus_one": "yes"}, "True or False"),
    ],
)
def test_bad_rules(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Rules(**kwargs)


def test_other_decks_take_other_player_counts() -> None:
    assert Rules(7, deck=Deck.oh_hell()).max_hand_size == 7
    assert Rules(2, deck="junior").schedule[-1] == 18
    with pytest.raises(ValueError, match="takes 2 to"):
        Rules(9, deck="oh-hell")


def test_rules_are_frozen_and_replace_validates() -> None:
    rules = Rules(4)
    with pytest.raises(AttributeError):
        rules.n_players = 5  # type: ignore[misc]
    assert rules.replace(plus_minus_one=True).plus_minus_one
    with pytest.raises(ValueError):
        rules.replace(n_players=9)
