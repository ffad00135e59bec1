"""``wizstats winner J W R5 --trump red``: which card wins a trick."""

from __future__ import annotations

import argparse

import pandas as pd

from ..reference import trick_winner
from ..rules import Rules, max_players, parse_suit, resolve_deck, trick_for
from ._common import add_options, add_players, emit


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``winner`` command."""
    p = subparsers.add_parser(
        "winner",
        help="which card wins a trick",
        description="Print the card that wins a trick and its position (1 = the card led).",
        epilog="examples:\n  wizstats winner J W R5 --trump red\n  wizstats winner B13 R1 G13 --trump none",
    )
    p.add_argument("cards", nargs="+", help="the cards in play order: W, J (or Z, N), R13, B1, G7, Y10 ...")
    p.add_argument("--trump", default=None, help="trump suit: blue, red, green, yellow (or B R G Y), or none")
    p.add_argument("--deck", default="standard", help="the deck the cards come from (default: standard)")
    add_players(p, None, "players at the table: a trick holds at most one card each (default: the most the deck takes)")
    add_options(p, "--format")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the winner of the trick."""
    deck = resolve_deck(args.deck)
    rules = Rules(max_players(deck) if args.players is None else args.players, deck=deck)
    cards = trick_for(args.cards, rules if args.players is not None or args.deck != "standard" else None)
    trump = parse_suit(args.trump)
    index = trick_winner(cards, trump, rules=rules)
    if args.format == "table":
        print(f"{cards[index]} wins (card {index + 1} of {len(cards)})")
    else:
        emit(pd.DataFrame([{"winner": str(cards[index]), "position": index + 1, "index": index}]), args.format)
    return 0
