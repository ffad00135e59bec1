"""Peak memory of whole ``simulate`` processes: it must not grow with the number of rounds.

    python benchmarks/memory.py                        # 10,000 vs 100,000,000 rounds (under a minute)
    python benchmarks/memory.py --rounds 1000 100000   # quick

Each size runs in a fresh Python process that imports wizstats, loads the kernels, simulates
and reports its own peak resident set size (``getrusage``: the whole process, imports
included). The simulator aggregates counts inside the kernel (memory fixed by the table and
hand size), so the peaks should agree to within the noise of the allocator.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import json, resource, sys, time
from wizstats import simulate
n_rounds, hand_size, policy = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
simulate(4, hand_size, 10, policies=policy, progress=False)  # load the kernels first
t = time.perf_counter()
res = simulate(4, hand_size, n_rounds, policies=policy, seed=1, progress=False)
elapsed = time.perf_counter() - t
assert int(res.counts.sum()) == 4 * n_rounds
peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kilobytes on Linux
print(json.dumps({"rounds": n_rounds, "peak_mb": peak_kb / 1024, "seconds": elapsed}))
"""


def peak(n_rounds: int, hand_size: int, policy: str) -> dict[str, float]:
    """Run one simulation in a fresh process; its rounds, peak RSS in MB and seconds."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(n_rounds), str(hand_size), policy],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    """Measure each size and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rounds",
        type=int,
        nargs="+",
        default=[10_000, 100_000_000],
        help="round counts to compare (default 10000 100000000)",
    )
    parser.add_argument("--hand-size", type=int, default=10, help="cards per hand (default 10)")
    parser.add_argument("--policy", default="random", help="policy of every seat (default random: the quickest)")
    args = parser.parse_args(argv)
    rows = [peak(n, args.hand_size, args.policy) for n in args.rounds]
    print(f"4 players, Wizard deck, hand size {args.hand_size}, policy {args.policy}, all cores\n")
    print("| rounds | peak resident memory (MB) | simulation time (s) |\n|---:|---:|---:|")
    for row in rows:
        print(f"| {row['rounds']:,} | {row['peak_mb']:.1f} | {row['seconds']:.1f} |")
    growth = rows[-1]["peak_mb"] - rows[0]["peak_mb"]
    print(f"\ngrowth from {rows[0]['rounds']:,} to {rows[-1]['rounds']:,} rounds: {growth:+.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
