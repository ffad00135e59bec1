"""``wizstats game``: simulate whole games; totals, winners, margins and placement points."""

from __future__ import annotations

import argparse

from ..checks import ascii_int
from ..engine import simulate_games
from ..rules import Rules
from ._common import CliError, add_options, add_players, add_policies, emit, emit_data, parse_schedule, whole_number


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``game`` command."""
    p = subparsers.add_parser(
        "game",
        help="simulate whole games: totals, wins, winner's margin, placement points",
        description=(
            "Play many whole games (the dealer moves one seat clockwise each round) and print per player\n"
            "the mean final total, wins and placement points, then the winner's margin and how often the\n"
            "leader after half the game wins. Players are numbered 0.. clockwise; player 0 deals round 1."
        ),
        epilog=(
            "examples:\n"
            "  wizstats game --players 4 --games 20000\n"
            "  wizstats game --players 4 --tournament --games 20000 --policy heuristic random random random\n"
            "  wizstats game --players 6 --elimination --games 5000\n"
            "  wizstats game --players 5 --sit-out 3:1 --sit-out 8:0,2 --clairvoyance --format csv\n"
            "  wizstats game --players 4 --games 5000 --histogram --format csv"
        ),
    )
    add_players(p)
    add_options(p, "--games")
    add_policies(p, "player", "player 0", None)
    p.add_argument(
        "--tournament", action="store_true", help="AMIGO tournament rules (10 deals, +/-1, placement points)"
    )
    p.add_argument("--schedule", default=None, help="hand sizes, comma-separated (default: standard or tournament)")
    add_options(p, "--deck", "--plus-minus-one", "--bids", "--scoring", "--blind-trump", "--elimination")
    p.add_argument(
        "--sit-out",
        action="append",
        default=[],
        metavar="ROUND:PLAYERS",
        help="players (from 0, comma-separated) who sit round ROUND (from 1) out; repeatable",
    )
    p.add_argument("--clairvoyance", action="store_true", help="round 1: each sees the others' cards, not his own")
    p.add_argument("--first-dealer", default="0", help="player who deals round 1, or 'rotate' (default: 0)")
    p.add_argument(
        "--bin-width", type=whole_number, default=None, help="with --histogram: bin width in points (default: 10)"
    )
    p.add_argument("--histogram", action="store_true", help="print the histogram of final totals instead")
    add_options(p, "--threads", "--seed", "--format")
    p.set_defaults(run=run, kernels=("engine.game:simulate_games_kernel",))


def _sit_out(items: list[str]) -> list[tuple[int, int]]:
    pairs = []
    for item in items:
        rnd, colon, players = item.partition(":")
        try:
            pairs += [(ascii_int(rnd), ascii_int(x)) for x in players.split(",")]
        except ValueError:
            colon = ""
        if not colon:
            raise ValueError(f"--sit-out takes ROUND:PLAYER[,PLAYER...], e.g. 3:1 or 8:0,2; got {item!r}")
    return pairs


def _rules(args: argparse.Namespace):
    common = {
        "deck": args.deck,
        "bids": args.bids,
        "scoring": args.scoring,
        "trump_choice": "blind" if args.blind_trump else "after-look",
    }
    if args.tournament:
        if args.schedule:
            raise ValueError("--tournament fixes the schedule; do not give --schedule")
        return Rules.tournament(args.players, **common)
    schedule: str | tuple[int, ...] = "standard"
    if args.schedule is not None:
        schedule = parse_schedule(args.schedule)
    return Rules(args.players, schedule=schedule, plus_minus_one=args.plus_minus_one, **common)


def run(args: argparse.Namespace) -> int:
    """Simulate the games and print."""
    if args.bin_width is not None and not args.histogram:
        raise CliError("--bin-width sets the bins of --histogram; give both or neither")
    rules = _rules(args)
    first = args.first_dealer if args.first_dealer == "rotate" else _whole(args.first_dealer, "--first-dealer")
    policies = args.policy[0] if args.policy and len(args.policy) == 1 else args.policy
    res = simulate_games(
        rules,
        args.games,
        policies=policies,
        seed=args.seed,
        elimination=args.elimination,
        sit_out=_sit_out(args.sit_out) or None,
        clairvoyance=args.clairvoyance,
        first_dealer=first,
        bin_width=10 if args.bin_width is None else args.bin_width,
        threads=args.threads,
    )
    if args.histogram:
        emit(res.totals_histogram(), args.format, title=res.describe())
        return 0
    summary = res.summary()
    if emit_data(summary, args):
        return 0
    cols = [c for c in summary.columns if not c.endswith(("_low", "_high")) or c.startswith("win_rate")]
    emit(summary[cols], "table", title=res.describe())
    margin, mci = res.margin()
    ties, tci = res.tie_rate()
    lead, lci, n_lead = res.half_leader_wins()
    print(f"winner's margin: mean {margin:.1f} points {mci}; tie for first in {ties:.2%} of games {tci}")
    print(f"the single leader after round {res.plan.half} wins {lead:.2%} {lci} ({n_lead} games had one leader)")
    return 0


def _whole(text: str, what: str) -> int:
    try:
        return ascii_int(text)
    except ValueError:
        raise ValueError(f"{what} must be a player number or 'rotate', got {text!r}") from None
