"""Where the compiling goes: every kernel a set of calls compiles, from an empty cache, timed by numba's events.

    python benchmarks/compile_time.py                # the report's kernels, one process, fresh cache
    python benchmarks/compile_time.py --top 40       # more rows
    python benchmarks/compile_time.py --no-write     # print, do not write benchmarks/compile_time.json

Runs a child process with an empty ``NUMBA_CACHE_DIR`` that makes one small call of each batch
kernel the report uses (through the public API, on one thread) and listens to numba's
``numba:compile`` events. For every function numba compiled it records the time from the start of
its compile to its end (``total``, its callees included) and that time less its callees' (``self``:
typing, lowering, and the optimising and code generation of everything linked into it). The record
names the commit, numba's version and the CPUs; it has no time stamp.

Run it on a quiet machine: the figures are the machine's.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "benchmarks" / "compile_time.json"

CHILD = textwrap.dedent(
    """
    import json, sys, time, warnings
    from numba.core import event
    events, stack = [], []

    class Listener(event.Listener):
        def on_start(self, ev):
            stack.append([time.perf_counter(), 0.0])

        def on_end(self, ev):
            start, inner = stack.pop()
            total = time.perf_counter() - start
            if stack:
                stack[-1][1] += total
            f = getattr((ev.data or {}).get("dispatcher"), "py_func", None)
            name = f"{getattr(f, '__module__', '?')}:{getattr(f, '__qualname__', '?')}"
            events.append((name, len(stack), total, total - inner))

    event.register("numba:compile", Listener())
    warnings.simplefilter("ignore")
    import wizstats as w
    from wizstats.engine import threads_limited

    calls = [
        ("simulate", lambda: w.simulate(4, 3, 50, seed=1)),
        ("trick_distribution", lambda: w.trick_distribution("W R12 B3", trump="red", n_players=4, seat=2, bids_so_far=(1,), n=20)),
        ("card_win_probability", lambda: w.card_win_probability("B13", n_players=4, hand_size=3, seat=1, trump="trump", n=20)),
        ("card_strength", lambda: w.card_strength(4, 2, n=20)),
        ("dealer_advantage", lambda: w.dealer_advantage(4, [2], n=20)),
        ("simulate_games", lambda: w.simulate_games(w.Rules(4, schedule=(1, 2)), 4, seed=2)),
        ("game_score_distribution", lambda: w.game_score_distribution(3, n_games=2)),
        ("arena", lambda: w.arena(["expert", "heuristic"], 4, "2", 4)),
        ("clairvoyance_odds", lambda: w.clairvoyance_odds(4, 30)),
        ("simulate special", lambda: w.simulate(4, 2, 8, rules=w.Rules(4, special_cards="all"))),
    ]
    wall = {}
    with threads_limited(1):
        for name, call in calls:
            start = time.perf_counter()
            call()
            wall[name] = time.perf_counter() - start
    json.dump({"events": events, "calls": wall}, sys.stdout)
    """
)


def measure() -> dict[str, object]:
    """Run the calls in a child process with an empty cache; the record."""
    with tempfile.TemporaryDirectory(prefix="wizstats-compile-") as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
        done = subprocess.run([sys.executable, "-c", CHILD], env=env, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"the calls failed (exit status {done.returncode}):\n{done.stderr}")
    data = json.loads(done.stdout)
    selfs: dict[str, float] = {}
    entries: dict[str, float] = {}
    for name, depth, total, own in data["events"]:
        selfs[name] = selfs.get(name, 0.0) + own
        if depth == 0:
            entries[name] = entries.get(name, 0.0) + total
    git = ["git", "-C", str(ROOT)]
    commit = subprocess.run([*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    if subprocess.run([*git, "status", "--porcelain", "--", "wizstats"], capture_output=True, text=True).stdout:
        commit += " with uncommitted changes"
    import numba

    return {
        "commit": commit,
        "numba": numba.__version__,
        "cpus": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
        "compile_s": round(sum(selfs.values()), 1),
        "calls_s": {k: round(v, 1) for k, v in data["calls"].items()},
        "entries_s": {k: round(v, 1) for k, v in sorted(entries.items(), key=lambda kv: -kv[1])},
        "self_s": {k: round(v, 1) for k, v in sorted(selfs.items(), key=lambda kv: -kv[1]) if v >= 0.5},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=20, help="rows of the self-time table (default 20)")
    parser.add_argument("--no-write", action="store_true", help=f"print, do not write {RECORD.name}")
    args = parser.parse_args(argv)
    if args.top < 1:
        parser.error(f"--top must be at least 1, got {args.top}")
    record = measure()
    print(f"compiled in {record['compile_s']} s of one core (commit {record['commit']}, numba {record['numba']})")
    print("\nfirst call of each (its compiling included):")
    for name, seconds in record["calls_s"].items():  # type: ignore[attr-defined]
        print(f"  {seconds:7.1f} s  {name}")
    print(f"\nthe {args.top} largest self times (the function's own compiling, its callees' not counted):")
    for name, seconds in list(record["self_s"].items())[: args.top]:  # type: ignore[attr-defined]
        print(f"  {seconds:7.1f} s  {name}")
    if not args.no_write:
        RECORD.write_text(json.dumps(record, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
