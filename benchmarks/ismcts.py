"""An outside yardstick: wizstats players against OpenSpiel's IS-MCTS, in the OpenSpiel game "wizard".

    python benchmarks/ismcts.py expert heuristic rollout --hand-sizes 2,3,5 --deals 2000 --budget 100 \
        --jobs 8 --time-limit 390 --out docs/openspiel_table.md                     # a committed table
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

Each deal of each match is one task for the ``--jobs`` worker processes; the next task goes to the
hand size and budget that has had the least CPU time so far. With ``--time-limit`` nothing is sent
after that many seconds and what still runs is dropped: every row of a hand size and budget keeps
the first deals all its matches finished (the same deals in each of those rows).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import queue
import random
import resource
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
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


def play_deal(
    game: pyspiel.Game, one: str, three: str, chance: list[int], d: int, seed: int, clocks: dict[str, Clock]
) -> tuple[float, float, float]:
    """Deal ``d``: ``one`` in one seat, ``three`` in the others, in every rotation ``j``.

    Returns the one-seat entry's margin, its mean score and the three others' mean score.
    """
    entries = [one] + [three] * (N_PLAYERS - 1)
    per_entry = [0.0] * N_PLAYERS
    for j in range(N_PLAYERS):
        kinds = [entries[(s + j) % N_PLAYERS] for s in range(N_PLAYERS)]
        bots = [make_bot(game, kinds[s], seed + 1000 * d + 10 * j + s) for s in range(N_PLAYERS)]
        returns = play(game, bots, kinds, chance, clocks)
        for s in range(N_PLAYERS):
            per_entry[(s + j) % N_PLAYERS] += returns[s] / N_PLAYERS
    others = statistics.fmean(per_entry[1:])
    return per_entry[0] - others, per_entry[0], others


def native_rate(policy: str, hand_size: int, rounds: int) -> float:
    """Self-play rounds per second of ``policy`` in wizstats' own kernel (one thread, CPU time)."""
    wizstats.simulate(N_PLAYERS, hand_size, 4, policies=policy, seed=1, threads=1)  # compiled / loaded
    start = time.process_time()
    wizstats.simulate(N_PLAYERS, hand_size, rounds, policies=policy, seed=2, threads=1)
    return rounds / (time.process_time() - start)


def native_rates(names: list[str], sizes: list[int]) -> dict[tuple[int, str], float]:
    """:func:`native_rate` of every player and hand size (in a process of its own)."""
    return {
        (h, name): native_rate(name, h, 200 if name in ("rollout", "pimc") else 20000) for h in sizes for name in names
    }


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
    p.add_argument("--jobs", type=int, default=1, help="worker processes (each deal of each match is one task)")
    p.add_argument("--time-limit", type=float, default=0.0, help="stop after this many seconds (0: never)")
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
        "| hand size | one seat | three seats | deals | margin per round, 95% CI | separated | one seat's score"
        " | three seats' score |",
        "|---:|---|---|---:|:---|:---:|---:|---:|",
    ]
    for m in matches:
        mean, lo, hi = m.interval()
        lines.append(
            f"| {m.hand_size} | {label(m.one)} | {label(m.three)} | {len(m.margins)}"
            f" | {mean:+.2f} [{lo:+.2f}, {hi:+.2f}] | {'yes' if lo > 0 or hi < 0 else 'no'}"
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
        f"Command: `{cmd}` ({cpu / 60:.1f} CPU minutes, {wall / 60:.1f} minutes wall, {os.cpu_count()} CPUs)."
        " Separated: the interval excludes 0. Deals: the first k of the same seeded list for every row of a hand"
        " size and budget; with --time-limit, k is what every match of that size and budget finished.",
    ]
    return "\n".join(lines) + "\n"


_GAMES: dict[int, pyspiel.Game] = {}


def task(
    job: tuple[int, int, str, str, list[int], int, int],
) -> tuple[int, float, float, float, dict[str, Clock], float]:
    """One deal of one match (in a worker): its index, margin, scores, the clocks of its bots, CPU seconds."""
    index, h, one, three, chance, d, seed = job
    start = time.process_time()
    game = _GAMES.get(h) or _GAMES.setdefault(h, pyspiel.load_game("wizard", {"players": N_PLAYERS, "hand_size": h}))
    clocks: dict[str, Clock] = {}
    margin, one_score, three_score = play_deal(game, one, three, chance, d, seed, clocks)
    return index, margin, one_score, three_score, clocks, time.process_time() - start


@dataclass
class Group:
    """The matches of one hand size and one IS-MCTS budget: they share their deals, taken in order."""

    hand_size: int
    budget: int
    matches: list[Match]
    deals: list[list[int]]
    units: list[tuple[int, int]] = field(default_factory=list)  # (match, deal) in the order they are sent
    sent: int = 0
    done: dict[tuple[int, int], tuple[float, float, float]] = field(default_factory=dict)
    cpu: float = 0.0

    def __post_init__(self) -> None:
        self.units = [(m, d) for d in range(len(self.deals)) for m in range(len(self.matches))]

    def cost(self) -> float:
        """CPU seconds spent, plus an estimate for the units sent and not back yet."""
        mean = self.cpu / len(self.done) if self.done else 0.0
        return self.cpu + mean * (self.sent - len(self.done))

    def complete(self) -> int:
        """How many deals, from the first, every match of the group has played."""
        k = 0
        while k < len(self.deals) and all((m, k) in self.done for m in range(len(self.matches))):
            k += 1
        return k


def warm(names: list[str], sizes: list[int]) -> None:
    """Compile (or load) the kernels every wizstats player uses, before any worker starts (they fork)."""
    for h in sizes:
        game = pyspiel.load_game("wizard", {"players": N_PLAYERS, "hand_size": h})
        for name in names:
            state, rng = game.new_initial_state(), random.Random(h)
            bots = [make_bot(game, name, s) for s in range(N_PLAYERS)]
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.legal_actions()))
                else:
                    state.apply_action(bots[state.current_player()].step(state))


def run_groups(
    groups: list[Group], jobs: int, time_limit: float, seed: int, clocks: dict[tuple[int, str], Clock]
) -> None:
    """Play the groups' units in ``jobs`` worker processes, the group with the least CPU time spent first.

    With a ``time_limit`` (seconds, 0: none) nothing is sent after it and what is still running is
    dropped: each group then keeps the deals every one of its matches finished (the first ``k``).
    """
    deadline = time.perf_counter() + time_limit if time_limit > 0 else math.inf
    backlog: queue.SimpleQueue = queue.SimpleQueue()
    owner: dict[int, tuple[Group, int, int]] = {}
    start = time.perf_counter()
    context = multiprocessing.get_context("fork")
    with context.Pool(jobs) as pool:
        in_flight = 0
        while True:
            while in_flight < jobs + 2 and time.perf_counter() < deadline:
                open_groups = [g for g in groups if g.sent < len(g.units)]
                if not open_groups:
                    break
                group = min(open_groups, key=Group.cost)
                m, d = group.units[group.sent]
                group.sent += 1
                match, index = group.matches[m], len(owner)
                owner[index] = (group, m, d)
                pool.apply_async(
                    task,
                    ((index, group.hand_size, match.one, match.three, group.deals[d], d, seed),),
                    callback=backlog.put,
                    error_callback=backlog.put,
                )
                in_flight += 1
            if in_flight == 0:
                break
            try:
                result = backlog.get(timeout=max(0.1, min(5.0, deadline - time.perf_counter())))
            except queue.Empty:
                if time.perf_counter() >= deadline:
                    print(f"time limit reached: {in_flight} units dropped", file=sys.stderr, flush=True)
                    pool.terminate()
                    break
                continue
            if isinstance(result, BaseException):
                pool.terminate()
                raise result
            in_flight -= 1
            index, margin, one_score, three_score, local, seconds = result
            group, m, d = owner[index]
            group.done[(m, d)] = (margin, one_score, three_score)
            group.cpu += seconds
            for name, clock in local.items():
                total = clocks.setdefault((group.hand_size, name), Clock())
                total.seconds += clock.seconds
                total.moves += clock.moves
            if d == group.complete() - 1 and m == len(group.matches) - 1 or len(owner) % 50 == 0:
                print(
                    f"hand {group.hand_size}, IS-MCTS {group.budget}: {group.complete()} deals complete"
                    f" ({time.perf_counter() - start:.0f} s)",
                    file=sys.stderr,
                    flush=True,
                )
    for group in groups:
        k = group.complete()
        for m, match in enumerate(group.matches):
            for d in range(k):
                margin, one_score, three_score = group.done[(m, d)]
                match.margins.append(margin)
                match.one_scores.append(one_score)
                match.three_scores.append(three_score)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.speed:
        print_speed()
        return
    start, cpu_start = time.perf_counter(), time.process_time()
    groups = []
    for h, n_deals in zip(args.sizes, args.deal_counts, strict=True):
        deals = make_deals(pyspiel.load_game("wizard", {"players": N_PLAYERS, "hand_size": h}), n_deals, args.seed + h)
        for budget in args.budgets:
            ism = f"ismcts@{budget}"
            matches = []
            for name in args.names:
                matches += [Match(name, ism, h), Match(ism, name, h)]
            groups.append(Group(h, budget, matches, deals))
    # our players' own speed, measured in one process beside the matches (it compiles the simulator's kernels)
    executor = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    native_future = executor.submit(native_rates, args.names, args.sizes)
    warm(args.names, args.sizes)
    clocks: dict[tuple[int, str], Clock] = {}
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    run_groups(groups, args.jobs, args.time_limit, args.seed, clocks)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers_cpu = after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime
    matches = [m for g in groups for m in g.matches]
    rounds: dict[int, int] = {}
    moves: dict[int, int] = {}
    for (h, _), clock in clocks.items():
        moves[h] = moves.get(h, 0) + clock.moves
    for g in groups:  # every finished unit is one deal in N_PLAYERS rotations
        rounds[g.hand_size] = rounds.get(g.hand_size, 0) + N_PLAYERS * len(g.done)
    choices = {h: moves[h] / rounds[h] for h in rounds if rounds[h]}
    native = native_future.result()
    executor.shutdown()
    cpu = time.process_time() - cpu_start + workers_cpu
    text = report(args, matches, clocks, native, choices, time.perf_counter() - start, cpu)
    print(text)
    if args.out:
        args.out.write_text(text)


if __name__ == "__main__":
    main()
