"""wizstats side by side with the engines a user would pick instead, in one process run.

    python benchmarks/bench.py            # the full table (a few minutes)
    python benchmarks/bench.py --quick    # every contestant once at a tiny size (CI: it must not rot)

Contestants, all playing uniformly random legal cards and bids on one thread:

* OpenSpiel's ``oh_hell`` (4 players, 4 suits x 13, 10 tricks, trump from a turned card,
  bids included) through ``pyspiel.evaluate_bots`` with uniform random bots (its C++ loop),
  and through a plain Python loop over ``apply_action``, as a Python user writes it;
* wizstats on its Oh Hell deck (``deck="oh-hell"``), the same game;
* wizstats' pure-Python reference engine and wizstats on the Wizard deck, 4 x 15;
* wizstats with the ``heuristic`` policy (the default player), for its cost per round;
* wizstats' general engine playing random (the round state and policy dispatch every other
  policy goes through; ``simulate`` takes a bitboard kernel when every seat plays random).

Every contestant runs ``--repeats`` times, interleaved (one of each, then again), each run
lasting about ``--seconds``; the table shows medians. Rates are rounds per second of wall
time; the CPU column (process CPU time) is the steadier figure on a busy machine. Then two
threads against one, and the start-up time of two commands as whole processes.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # time this checkout, whatever else is installed

import wizstats  # noqa: E402
from wizstats.engine import seed_key, simulate
from wizstats.reference import play_random_round
from wizstats.rules import Rules

OH_HELL = {"players": 4, "num_suits": 4, "num_cards_per_suit": 13, "num_tricks_fixed": 10}
"""OpenSpiel ``oh_hell`` parameters for the game wizstats plays with ``deck="oh-hell"``, 4 x 10."""

TARGETS = {
    "Oh Hell 4x10: wizstats / OpenSpiel evaluate_bots (C++)": (">=", 40.0),
    "Oh Hell 4x10: wizstats / OpenSpiel Python loop": (">=", 400.0),
    "Wizard 4x15: wizstats / pure-Python reference": (">=", 2000.0),
    "Wizard 4x15: heuristic / random, time per round": ("<=", 3.0),
    "Oh Hell 4x10: heuristic / random, time per round": ("<=", 3.0),
    "Wizard 4x15: heuristic / random on the general engine, time per round": ("<=", 3.0),
    "Oh Hell 4x10: heuristic / random on the general engine, time per round": ("<=", 3.0),
    "Wizard 4x15 heuristic: 2 threads / 1 thread": (">=", 1.8),
    "Wizard 4x15 random: 2 threads / 1 thread": (">=", 1.8),
}


def _cpu() -> float:
    """CPU time of this process (all threads), in seconds."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Contestant:
    """A way of playing rounds: ``play(n, start)`` plays rounds ``start .. start + n - 1``."""

    name: str
    play: Callable[[int, int], None]
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    size: int = 1
    done: int = 0

    def calibrate(self, seconds: float) -> None:
        """Pick a run size that lasts about ``seconds`` (after one warm-up call)."""
        self.play(1, 0)
        n, elapsed = 1, 0.0
        while elapsed < seconds / 10 and n < 1 << 34:
            n *= 4
            t = time.perf_counter()
            self.play(n, 0)
            elapsed = time.perf_counter() - t
        self.size = max(1, int(n * seconds / max(elapsed, 1e-9)))

    def run(self) -> None:
        """One timed run of ``size`` fresh rounds."""
        t, c = time.perf_counter(), _cpu()
        self.play(self.size, self.done)
        self.wall.append(self.size / (time.perf_counter() - t))
        self.cpu.append(self.size / max(_cpu() - c, 1e-9))
        self.done += self.size

    def median(self, cpu: bool = False) -> float:
        """Median rounds per second (wall time, or CPU time)."""
        return statistics.median(self.cpu if cpu else self.wall)


# ---------------------------------------------------------------- the contestants
def openspiel_game():  # type: ignore[no-untyped-def]
    """OpenSpiel's ``oh_hell`` as configured here, after checking it is the game compared."""
    import pyspiel

    game = pyspiel.load_game("oh_hell", OH_HELL)
    params = game.get_parameters()
    if any(params[k] != v for k, v in OH_HELL.items()):
        raise ValueError(f"OpenSpiel oh_hell is configured as {params}, not {OH_HELL}")
    state, rng = game.new_initial_state(), random.Random(0)
    kinds = {"chance": 0, "bid": 0, "card": 0}
    while not state.is_terminal():
        if state.is_chance_node():
            kinds["chance"] += 1
            action = rng.choice([a for a, _ in state.chance_outcomes()])
        else:
            action = state.legal_actions()[0]
            kinds["bid" if state.action_to_string(state.current_player(), action).isdigit() else "card"] += 1
        state.apply_action(action)
    # chance: number of tricks, dealer, 40 cards dealt, then the turned trump card
    if kinds != {"chance": 43, "bid": 4, "card": 40} or "Trump:" not in str(state):
        raise ValueError(f"OpenSpiel oh_hell played {kinds}: not 4 bids and 40 cards after a turned trump")
    return game


def openspiel_cpp(game) -> Callable[[int, int], None]:  # type: ignore[no-untyped-def]
    """Rounds through ``pyspiel.evaluate_bots`` with uniform random bots (OpenSpiel's C++ loop)."""
    import pyspiel

    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(OH_HELL["players"])]

    def play(n: int, start: int) -> None:
        for i in range(start, start + n):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, i)

    return play


def openspiel_python(game) -> Callable[[int, int], None]:  # type: ignore[no-untyped-def]
    """Rounds through a plain Python loop over ``apply_action``, as a Python user writes it."""

    def play(n: int, start: int) -> None:
        rng = random.Random(start)
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    action = rng.choices(outcomes, probs)[0]
                else:
                    action = rng.choice(state.legal_actions())
                state.apply_action(action)

    return play


def wizstats_sim(deck: str, hand_size: int, policy: str, threads: int = 1) -> Callable[[int, int], None]:
    """Rounds through :func:`wizstats.simulate` (counts aggregated in the kernel), on ``threads``."""

    def play(n: int, start: int) -> None:
        simulate(4, hand_size, n, deck=deck, policies=policy, seed=start, threads=threads, progress=False)

    return play


def wizstats_general(deck: str, hand_size: int) -> Callable[[int, int], None]:
    """Random rounds through the general kernel (round state and policy dispatch, as every other policy),
    skipping the bitboard kernel that ``simulate`` takes for all-random tables."""
    from wizstats._kernels.engine.round import simulate_counts
    from wizstats.engine import round_setup
    from wizstats.players import resolve_policies

    tab, st0 = round_setup(Rules(4, deck=deck), hand_size)
    _, ids, params = resolve_policies("random", 4)
    out = np.zeros((1, 4, hand_size + 1, hand_size + 1), np.int64)

    def play(n: int, start: int) -> None:
        simulate_counts(tab, st0, ids, params, np.uint64(seed_key(start)), 0, n, 1, out)

    return play


def reference(hand_size: int) -> Callable[[int, int], None]:
    """Rounds through the pure-Python reference engine, Wizard deck."""
    rules, key = Rules(4), seed_key(0)

    def play(n: int, start: int) -> None:
        for i in range(start, start + n):
            play_random_round(rules, hand_size, key, i)

    return play


def contestants(with_openspiel: bool) -> list[Contestant]:
    """Everything timed single-threaded, in the order the table lists it."""
    out = []
    if with_openspiel:
        game = openspiel_game()
        out += [
            Contestant("OpenSpiel oh_hell 4x10, evaluate_bots (C++)", openspiel_cpp(game)),
            Contestant("OpenSpiel oh_hell 4x10, Python loop", openspiel_python(game)),
        ]
    out += [
        Contestant("wizstats Oh Hell 4x10, random", wizstats_sim("oh-hell", 10, "random")),
        Contestant("wizstats Oh Hell 4x10, random, general engine", wizstats_general("oh-hell", 10)),
        Contestant("wizstats Oh Hell 4x10, heuristic", wizstats_sim("oh-hell", 10, "heuristic")),
        Contestant("wizstats reference (pure Python) Wizard 4x15, random", reference(15)),
        Contestant("wizstats Wizard 4x15, random", wizstats_sim("standard", 15, "random")),
        Contestant("wizstats Wizard 4x15, random, general engine", wizstats_general("standard", 15)),
        Contestant("wizstats Wizard 4x15, heuristic", wizstats_sim("standard", 15, "heuristic")),
    ]
    return out


# ---------------------------------------------------------------- measuring
def measure(group: list[Contestant], repeats: int, seconds: float) -> None:
    """Calibrate each contestant, then run them interleaved ``repeats`` times."""
    for c in group:
        c.calibrate(seconds)
    for _ in range(repeats):
        for c in group:
            c.run()


def ratio(table: dict[str, Contestant], a: str, b: str, *, cpu: bool = False) -> float | None:
    """Median rate of ``a`` over that of ``b`` (None when either is missing)."""
    if a not in table or b not in table:
        return None
    return table[a].median(cpu) / table[b].median(cpu)


def ratios(table: dict[str, Contestant]) -> dict[str, tuple[float | None, float | None]]:
    """The target ratios, each as (wall-time ratio, CPU-time ratio)."""
    ws = "wizstats "
    pairs = {
        "Oh Hell 4x10: wizstats / OpenSpiel evaluate_bots (C++)": (
            ws + "Oh Hell 4x10, random",
            "OpenSpiel oh_hell 4x10, evaluate_bots (C++)",
        ),
        "Oh Hell 4x10: wizstats / OpenSpiel Python loop": (
            ws + "Oh Hell 4x10, random",
            "OpenSpiel oh_hell 4x10, Python loop",
        ),
        "Wizard 4x15: wizstats / pure-Python reference": (
            ws + "Wizard 4x15, random",
            ws + "reference (pure Python) Wizard 4x15, random",
        ),
        "Wizard 4x15: heuristic / random, time per round": (ws + "Wizard 4x15, random", ws + "Wizard 4x15, heuristic"),
        "Oh Hell 4x10: heuristic / random, time per round": (
            ws + "Oh Hell 4x10, random",
            ws + "Oh Hell 4x10, heuristic",
        ),
        "Wizard 4x15: heuristic / random on the general engine, time per round": (
            ws + "Wizard 4x15, random, general engine",
            ws + "Wizard 4x15, heuristic",
        ),
        "Oh Hell 4x10: heuristic / random on the general engine, time per round": (
            ws + "Oh Hell 4x10, random, general engine",
            ws + "Oh Hell 4x10, heuristic",
        ),
        "Wizard 4x15 heuristic: 2 threads / 1 thread": ("heuristic, 2 threads", "heuristic, 1 thread"),
        "Wizard 4x15 random: 2 threads / 1 thread": ("random, 2 threads", "random, 1 thread"),
    }
    return {
        k: (ratio(table, a, b), ratio(table, a, b, cpu=True) if "threads" not in k else None)
        for k, (a, b) in pairs.items()
    }


def scaling(repeats: int, seconds: float) -> list[Contestant]:
    """Wizard 4 x 15 on one thread and on two, interleaved, runs of ``seconds`` or more."""
    group = []
    for policy in ("random", "heuristic"):
        for threads in (1, 2):
            group.append(
                Contestant(
                    f"{policy}, {threads} thread{'s' if threads > 1 else ''}",
                    wizstats_sim("standard", 15, policy, threads),
                )
            )
    measure(group, repeats, seconds)
    return group


def startup(repeats: int) -> dict[str, list[float]]:
    """Wall time of two commands as whole processes (after one warm-up run each)."""
    # as the console script does it, on this checkout (PYTHONPATH) whatever else is installed
    cmd = [sys.executable, "-c", "import sys; from wizstats.cli import main; sys.exit(main())"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    commands = {
        "wizstats winner J W R5 --trump red": [*cmd, "winner", "J", "W", "R5", "--trump", "red"],
        "wizstats simulate --players 4 --hand-size 10 --rounds 10000": [
            *cmd,
            "simulate",
            "--players",
            "4",
            "--hand-size",
            "10",
            "--rounds",
            "10000",
        ],
    }
    times: dict[str, list[float]] = {k: [] for k in commands}
    for _ in range(repeats + 1):  # the first round warms the kernel cache and the file cache
        for name, argv in commands.items():
            t = time.perf_counter()
            subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
            times[name].append(time.perf_counter() - t)
    return {k: v[1:] for k, v in times.items()}


# ---------------------------------------------------------------- reporting
def machine(load_at_start: str) -> list[str]:
    """Lines describing the machine, the software measured and the load when it started."""
    model = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            model = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    import numba

    versions = f"Python {platform.python_version()}, numpy {np.__version__}, numba {numba.__version__}"
    try:
        from importlib.metadata import version

        versions += f", open_spiel {version('open_spiel')}"
    except Exception:  # noqa: BLE001 - not installed: say nothing
        pass
    return [
        f"- machine: {model}, {os.cpu_count()} cores ({platform.system()} {platform.machine()})",
        f"- software: wizstats {wizstats.__version__}, {versions}",
        f"- load average (1 / 5 / 15 min) at the start: {load_at_start}",
    ]


def fmt_rate(x: float) -> str:
    """A rate with thousands separators and no false precision."""
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}"


def load_average() -> str:
    """The load averages over 1, 5 and 15 minutes."""
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


def report(
    single: list[Contestant],
    threads: list[Contestant],
    start: dict[str, list[float]],
    repeats: int,
    seconds: float,
    load_at_start: str,
) -> str:
    """The whole result as Markdown."""
    out = [
        *machine(load_at_start),
        f"- each figure: the median of {repeats} interleaved runs of about {seconds:g} s",
        "",
    ]
    out += ["| contestant (one thread) | rounds/s (wall) | rounds/s (CPU) | runs: min .. max |", "|---|---:|---:|---:|"]
    for c in single:
        out.append(
            f"| {c.name} | {fmt_rate(c.median())} | {fmt_rate(c.median(cpu=True))} | "
            f"{fmt_rate(min(c.wall))} .. {fmt_rate(max(c.wall))} |"
        )
    if threads:
        out += ["", "| Wizard 4x15, threads | rounds/s (wall) | runs: min .. max |", "|---|---:|---:|"]
        out += [
            f"| {c.name} | {fmt_rate(c.median())} | {fmt_rate(min(c.wall))} .. {fmt_rate(max(c.wall))} |"
            for c in threads
        ]
    table = {c.name: c for c in single} | {c.name: c for c in threads}
    out += ["", "| ratio | target | measured (wall) | measured (CPU) | verdict |", "|---|---:|---:|---:|---|"]
    for name, (wall, cpu) in ratios(table).items():
        if wall is None:
            continue
        op, goal = TARGETS[name]
        value, value_cpu = wall, cpu  # "time per round" ratios are random's rate over the heuristic's
        met = value >= goal if op == ">=" else value <= goal
        verdict = "met" if met else f"missed by {goal / value if op == '>=' else value / goal:.2f}x"
        cpu_text = "" if value_cpu is None else f"{value_cpu:,.1f}"
        out.append(f"| {name} | {op} {goal:g} | {value:,.1f} | {cpu_text} | {verdict} |")
    if start:
        out += [
            "",
            "| command, whole process, warm cache | seconds (median) | runs | target | verdict |",
            "|---|---:|---:|---:|---|",
        ]
        for name, times in start.items():
            med = statistics.median(times)
            out.append(f"| `{name}` | {med:.2f} | {len(times)} | < 2 | {'met' if med < 2 else 'missed'} |")
    out += ["", f"- load average at the end: {load_average()}"]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes, one repeat: checks that it runs")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved runs per contestant (default 5)")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run (default 1 s)")
    parser.add_argument("--no-openspiel", action="store_true", help="leave out OpenSpiel even if installed")
    parser.add_argument("--no-threads", action="store_true", help="leave out 1 vs 2 threads")
    parser.add_argument("--no-startup", action="store_true", help="leave out the start-up times")
    args = parser.parse_args(argv)
    repeats, seconds = (1, 0.02) if args.quick else (args.repeats, args.seconds)
    load_at_start = load_average()
    try:
        import pyspiel  # noqa: F401

        with_openspiel = not args.no_openspiel
    except ImportError:
        with_openspiel = False
        print("OpenSpiel is not installed (pip install open-spiel): its rows are left out", file=sys.stderr)
    single = contestants(with_openspiel)
    measure(single, repeats, seconds)
    threads = [] if args.no_threads else scaling(repeats, 0.05 if args.quick else max(seconds, 1.5))
    start = {} if args.no_startup else startup(1 if args.quick else 3)
    print(report(single, threads, start, repeats, seconds, load_at_start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
