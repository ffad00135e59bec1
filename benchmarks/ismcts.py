"""An outside yardstick: wizstats players against OpenSpiel's IS-MCTS, in the OpenSpiel game "wizard".

    nice -n 10 python benchmarks/ismcts.py --jobs 2 --out docs/openspiel_table.md   # the committed table
    python benchmarks/ismcts.py expert heuristic --budget 2,200 --deals 40,30,20      # other players and sizes
    python benchmarks/ismcts.py --quick                                             # a smoke run (CI)
    python benchmarks/ismcts.py --speed     # random rounds/s of "wizard" and OpenSpiel's C++ oh_hell in a Python loop

For each hand size and each wizstats policy P, two matches on the same duplicate deals (every
deal played once per rotation of the entries round the table, 4 players):

- P in one seat against three IS-MCTS players ("P vs 3 ISMCTS");
- IS-MCTS in one seat against three P ("ISMCTS vs 3 P").

The margin is the one-seat entry's points per round minus the three others' (mean over its
seats and the rotations, minus the mean of the others over theirs), per deal; the interval
(95%, normal) is over deals, the independent units, as in ``wizstats.arena``. Every table
uses the same deals. IS-MCTS is OpenSpiel's Python ``ISMCTSBot`` with random rollouts
(``wizstats.openspiel.bots.ismcts_bot``), ``--budget`` simulations per move (2, the least,
plays a uniformly random legal move: the first simulation only evaluates the root); the wizstats
players move through ``WizstatsBot`` (``wizstats.engine.PolicyDecider``). Time per move is
process CPU time inside ``bot.step``, counted over moves with more than one legal action
(IS-MCTS answers forced moves at once; so do the wizstats players). ``--out`` writes the
Markdown tables (no timestamps; the run's command and seed are in it).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # measure this checkout

import pyspiel  # noqa: E402

import wizstats  # noqa: E402
import wizstats.openspiel  # noqa: E402,F401  (registers "wizard")
from wizstats.openspiel.bots import WizstatsBot, ismcts_bot  # noqa: E402

N_PLAYERS = 4
Z95 = 1.959963984540054


@dataclass
class Clock:
    """CPU seconds spent in one kind of bot's moves that had a choice."""

    seconds: float = 0.0
    moves: int = 0

    def per_move(self) -> float:
        return self.seconds / self.moves if self.moves else math.nan


@dataclass
class Match:
    """One entry against three of another on ``deals``: per deal, the margin of the one-seat entry."""

    one: str
    three: str
    hand_size: int
    margins: list[float] = field(default_factory=list)
    one_scores: list[float] = field(default_factory=list)
    three_scores: list[float] = field(default_factory=list)

    def interval(self) -> tuple[float, float, float]:
        m = statistics.fmean(self.margins)
        n = len(self.margins)
        half = Z95 * statistics.stdev(self.margins) / math.sqrt(n) if n > 1 else math.nan
        return m, m - half, m + half


def make_deals(game: pyspiel.Game, n: int, seed: int) -> list[list[int]]:
    """``n`` deals as chance outcomes (turned card, then the cards in dealing order), drawn with ``seed``."""
    rng = random.Random(seed)
    deals = []
    for _ in range(n):
        state, outcomes = game.new_initial_state(), []
        while not state.is_terminal():
            if state.is_chance_node():
                action = rng.choice(state.legal_actions())
                outcomes.append(action)
            else:
                action = state.legal_actions()[0]  # any move: only the chance outcomes are kept
            state.apply_action(action)
        deals.append(outcomes)
    return deals


def make_bot(game: pyspiel.Game, name: str, seed: int) -> pyspiel.Bot:
    """``ismcts@B`` (IS-MCTS with B simulations per move) or a wizstats policy name."""
    if name.startswith("ismcts@"):
        return ismcts_bot(game, int(name.partition("@")[2]), seed=seed)
    return WizstatsBot(game, name, seed=seed)


def play(
    game: pyspiel.Game, bots: list[pyspiel.Bot], kinds: list[str], chance: list[int], clocks: dict[str, Clock]
) -> list[float]:
    """One round on the given chance outcomes; CPU time of choices goes to ``clocks[kind]``."""
    state, k = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            action, k = chance[k], k + 1
        else:
            player = state.current_player()
            choice = len(state.legal_actions()) > 1
            start = time.process_time()
            action = bots[player].step(state)
            if choice:
                clock = clocks.setdefault(kinds[player], Clock())
                clock.seconds += time.process_time() - start
                clock.moves += 1
        state.apply_action(action)
    return state.returns()


def run_match(
    game: pyspiel.Game, one: str, three: str, deals: list[list[int]], seed: int, clocks: dict[str, Clock]
) -> Match:
    """``one`` in one seat, ``three`` in the others; each deal in every rotation ``j``."""
    match = Match(one, three, game.hand_size)
    entries = [one] + [three] * (N_PLAYERS - 1)
    for d, chance in enumerate(deals):
        per_entry = [0.0] * N_PLAYERS
        for j in range(N_PLAYERS):
            kinds = [entries[(s + j) % N_PLAYERS] for s in range(N_PLAYERS)]
            bots = [make_bot(game, kinds[s], seed + 1000 * d + 10 * j + s) for s in range(N_PLAYERS)]
            returns = play(game, bots, kinds, chance, clocks)
            for s in range(N_PLAYERS):
                per_entry[(s + j) % N_PLAYERS] += returns[s] / N_PLAYERS
        others = statistics.fmean(per_entry[1:])
        match.margins.append(per_entry[0] - others)
        match.one_scores.append(per_entry[0])
        match.three_scores.append(others)
    return match


def native_rate(policy: str, hand_size: int, rounds: int) -> float:
    """Self-play rounds per second of ``policy`` in wizstats' own kernel (one thread, CPU time)."""
    wizstats.simulate(N_PLAYERS, hand_size, 4, policies=policy, seed=1, threads=1)  # compiled / loaded
    start = time.process_time()
    wizstats.simulate(N_PLAYERS, hand_size, rounds, policies=policy, seed=2, threads=1)
    return rounds / (time.process_time() - start)


def loop_speed(game: pyspiel.Game, n_rounds: int, seed: int = 0) -> float:
    """Uniformly random rounds per CPU second in a plain Python loop over ``apply_action``."""
    rng = random.Random(seed)
    start = time.process_time()
    for _ in range(n_rounds):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return n_rounds / (time.process_time() - start)


def print_speed() -> None:
    """The games' own speed, 4 players x 10 cards: this Python game against OpenSpiel's C++ ``oh_hell``."""
    oh_hell = {"players": 4, "num_suits": 4, "num_cards_per_suit": 13, "num_tricks_fixed": 10}
    for name, game, n in [
        ('"wizard" (Python), 4 x 10', pyspiel.load_game("wizard", {"players": 4, "hand_size": 10}), 300),
        ('"wizard" (Python), 4 x 15', pyspiel.load_game("wizard", {"players": 4, "hand_size": 15}), 200),
        ("oh_hell (C++), 4 x 10", pyspiel.load_game("oh_hell", oh_hell), 1500),
    ]:
        print(f"{name}: {loop_speed(game, n):,.0f} random rounds per CPU second (Python loop over apply_action)")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("policies", nargs="*", help="wizstats policies (default: heuristic, rollout and the default player)")
    p.add_argument("--hand-sizes", default="2,3,5", help="hand sizes, e.g. 2,3,5")
    p.add_argument("--deals", default="32,20,12", help="duplicate deals per hand size (one number, or one per size)")
    p.add_argument("--budget", default="2,100", help="IS-MCTS simulations per move (>= 2), one or several")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--jobs", type=int, default=1, help="worker processes (each match is one task)")
    p.add_argument("--out", type=Path, default=None, help="also write the Markdown tables here")
    p.add_argument("--quick", action="store_true", help="smoke run: hand size 2, 2 deals, budget 10")
    p.add_argument("--speed", action="store_true", help="only time the games themselves (random play)")
    args = p.parse_args(argv)
    if args.quick:
        args.hand_sizes, args.deals, args.budget = "2", "2", "10"
    try:
        args.sizes = [int(x) for x in args.hand_sizes.split(",") if x.strip()]
        deals = [int(x) for x in args.deals.split(",") if x.strip()]
        args.budgets = [int(x) for x in args.budget.split(",") if x.strip()]
    except ValueError:
        p.error(
            f"bad --hand-sizes, --deals or --budget {args.hand_sizes!r}, {args.deals!r}, {args.budget!r}"
            " (expected numbers, e.g. 2,3,5)"
        )
    if len(deals) == 1:
        deals = deals * len(args.sizes)
    if len(deals) != len(args.sizes) or min(deals) < 2 or not args.budgets or min(args.budgets) < 2 or args.jobs < 1:
        p.error("give one --deals count (>= 2) or one per hand size, budgets >= 2 and --jobs >= 1")
    args.deal_counts = deals
    names = args.policies or ["heuristic", "rollout", wizstats.DEFAULT_POLICY]
    args.names = list(dict.fromkeys(n.strip().lower() for n in names))
    for name in args.names:
        if name not in wizstats.POLICIES:
            p.error(f"unknown policy {name!r} (known: {', '.join(sorted(wizstats.POLICIES))})")
    return args


def label(name: str) -> str:
    if name.startswith("ismcts@"):
        return f"IS-MCTS {name.partition('@')[2]}"
    return f"`{name}`" + (" (default)" if name == wizstats.DEFAULT_POLICY else "")


def report(
    args: argparse.Namespace,
    matches: list[Match],
    clocks: dict[tuple[int, str], Clock],
    native: dict[tuple[int, str], float],
    choices: dict[int, float],
    wall: float,
    cpu: float,
) -> str:
    cmd = "python benchmarks/ismcts.py " + " ".join(sys.argv[1:])
    lines = [
        "IS-MCTS B: OpenSpiel's Python `ISMCTSBot` with B simulations per move, random rollouts, UCT c = half the"
        f" range of a round's scores, the most visited move. {N_PLAYERS} players, standard rules; duplicate deals"
        f" (each in {N_PLAYERS} rotations, the same deals in every row of a hand size), seed {args.seed}."
        " Margin: points per round of the one-seat player minus the three others', 95% interval over deals.",
        "",
        "| hand size | one seat | three seats | deals | margin per round, 95% CI | one seat's score"
        " | three seats' score |",
        "|---:|---|---|---:|:---|---:|---:|",
    ]
    for m in matches:
        mean, lo, hi = m.interval()
        lines.append(
            f"| {m.hand_size} | {label(m.one)} | {label(m.three)} | {len(m.margins)}"
            f" | {mean:+.2f} [{lo:+.2f}, {hi:+.2f}]"
            f" | {statistics.fmean(m.one_scores):.2f} | {statistics.fmean(m.three_scores):.2f} |"
        )
    lines += [
        "",
        "Time per move: CPU seconds inside `bot.step`, over the moves with a choice in all matches of the hand size"
        " (a wizstats player: through `WizstatsBot`, which rebuilds the state for the kernel at every move)."
        " Rounds/s: for our players, self-play in wizstats' own kernel (`simulate(4, h, n, policies=..., threads=1)`,"
        " CPU time); for IS-MCTS, 1 / (seconds per move x moves with a choice per round, all four seats).",
        "",
        "| hand size | player | moves timed | seconds per move | rounds/s |",
        "|---:|---|---:|---:|---:|",
    ]

    def order(key: tuple[int, str]) -> tuple[int, int, int]:
        h, name = key
        if name.startswith("ismcts@"):
            return h, len(args.names), int(name.partition("@")[2])
        return h, args.names.index(name), 0

    for (h, name), clock in sorted(clocks.items(), key=lambda kv: order(kv[0])):
        if name.startswith("ismcts@"):
            rate = 1.0 / (clock.per_move() * choices[h]) if clock.moves else math.nan
        else:
            rate = native.get((h, name), math.nan)
        lines.append(f"| {h} | {label(name)} | {clock.moves} | {clock.per_move():.2e} | {rate:,.1f} |")
    lines += [
        "",
        f"Command: `{cmd}` ({cpu / 60:.1f} CPU minutes, {wall / 60:.1f} minutes wall; `nice -n 10` on"
        " the project's 2-core machine, shared).",
    ]
    return "\n".join(lines) + "\n"


_WARM: set[tuple[int, str]] = set()


def task(job: tuple[int, str, str, list[list[int]], int]) -> tuple[Match, dict[str, Clock], float]:
    """One match (in a worker): the match, the clocks of its bots, the CPU seconds it took."""
    h, one, three, deals, seed = job
    start = time.process_time()
    game = pyspiel.load_game("wizard", {"players": N_PLAYERS, "hand_size": h})
    for name in (one, three):  # load the compiled kernels before anything is timed
        if (h, name) not in _WARM and not name.startswith("ismcts@"):
            play(game, [make_bot(game, name, s) for s in range(N_PLAYERS)], [name] * N_PLAYERS, deals[0], {})
            _WARM.add((h, name))
    clocks: dict[str, Clock] = {}
    match = run_match(game, one, three, deals, seed, clocks)
    return match, clocks, time.process_time() - start


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.speed:
        print_speed()
        return
    start, cpu_start = time.perf_counter(), time.process_time()
    workers_cpu = 0.0  # CPU seconds of worker processes (with --jobs > 1; else the tasks run here)
    jobs = []
    for h, n_deals in zip(args.sizes, args.deal_counts, strict=True):
        deals = make_deals(pyspiel.load_game("wizard", {"players": N_PLAYERS, "hand_size": h}), n_deals, args.seed + h)
        for budget in args.budgets:
            for name in args.names:
                ism = f"ismcts@{budget}"
                jobs += [(h, name, ism, deals, args.seed), (h, ism, name, deals, args.seed)]
    matches: list[Match] = []
    clocks: dict[tuple[int, str], Clock] = {}
    rounds: dict[int, int] = {}
    moves: dict[int, int] = {}
    with multiprocessing.get_context("fork").Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
        for match, local, seconds in pool.imap(task, jobs):
            matches.append(match)
            workers_cpu += seconds if args.jobs > 1 else 0.0
            h = match.hand_size
            rounds[h] = rounds.get(h, 0) + N_PLAYERS * len(match.margins)
            for name, clock in local.items():
                total = clocks.setdefault((h, name), Clock())
                total.seconds += clock.seconds
                total.moves += clock.moves
                moves[h] = moves.get(h, 0) + clock.moves
            mean, lo, hi = match.interval()
            print(
                f"hand {h}: {match.one} vs 3 {match.three}: margin {mean:+.2f} [{lo:+.2f}, {hi:+.2f}]"
                f" ({time.perf_counter() - start:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
    choices = {h: moves[h] / rounds[h] for h in rounds}
    native = {
        (h, name): native_rate(name, h, 200 if name in ("rollout", "pimc") else 20000)
        for (h, name) in clocks
        if not name.startswith("ismcts@")
    }
    cpu = time.process_time() - cpu_start + workers_cpu
    text = report(args, matches, clocks, native, choices, time.perf_counter() - start, cpu)
    print(text)
    if args.out:
        args.out.write_text(text)


class _Serial:
    """``Pool.imap`` in this process (``--jobs 1``)."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap(self, fn, items):  # type: ignore[no-untyped-def]
        return map(fn, items)


if __name__ == "__main__":
    main()
