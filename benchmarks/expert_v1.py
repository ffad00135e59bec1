"""The default player against the expert before its last fits (``expert:v1``), per hand size: the record.

    python benchmarks/expert_v1.py                           # 3-15 cards, 10,000 deals each: writes the record
    python benchmarks/expert_v1.py --hand-sizes 3,8 --deals 500 --out /tmp/v1.json   # a quick look

One ``expert`` seat against three ``expert:v1`` seats, 4 players, on duplicate deals (every deal in each of
the four rotations, as ``wizstats arena``), seed 7: the margin per round (the one seat's mean score minus
the others') with its 95% interval over deals. Issue 30's target: the interval above 0 at 3, 8 and 13
cards and the margin at least -0.1 at every size.

Writes ``benchmarks/expert_v1.json`` (no time stamp; the commit it measured), which ``docs/players.md``
prints. A hand size's deals depend only on the seed and the hand size, so any one row can be recomputed
alone: ``tests/test_benchmarks.py`` recomputes the rows of :data:`CHECKED` and fails if the record is stale.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # measure this checkout, whatever else is installed

from wizstats import arena  # noqa: E402
from wizstats.engine import parse_hand_sizes  # noqa: E402

PLAYERS = ("expert", "expert:v1")
N_PLAYERS = 4
SEED = 7
DEALS = 10_000
SIZES = "3-15"
CHECKED = (3, 8)
"""The rows the tests recompute (cheap ones; any change to either player's play moves them)."""
RECORD = ROOT / "benchmarks" / "expert_v1.json"
COLUMNS = ("margin", "margin_low", "margin_high")


def rows(hand_sizes: tuple[int, ...], deals: int = DEALS, seed: int = SEED) -> list[dict[str, float | int]]:
    """One row per hand size: the one ``expert`` seat's margin over the three ``expert:v1`` seats, its interval."""
    t = arena(list(PLAYERS), N_PLAYERS, hand_sizes=hand_sizes, n_rounds=deals, seed=seed).table()
    t = t[t.policy == PLAYERS[0]]
    return [{"hand_size": int(r.hand_size), **{c: float(getattr(r, c)) for c in COLUMNS}} for r in t.itertuples()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hand-sizes", default=SIZES, help=f"hand sizes (default {SIZES})")
    ap.add_argument("--deals", type=int, default=DEALS, help=f"deals per hand size (default {DEALS:,})")
    ap.add_argument("--out", type=Path, default=RECORD, help="where to write the record")
    args = ap.parse_args()
    try:
        sizes = parse_hand_sizes(args.hand_sizes)
    except ValueError as err:
        ap.error(f"--hand-sizes: {err}")
    if not isinstance(sizes, tuple):
        ap.error("--hand-sizes: give hand sizes, not 'game'")
    if args.deals < 2:
        ap.error(f"--deals must be at least 2, got {args.deals}")
    try:
        measured = rows(sizes, args.deals)
    except ValueError as err:  # a hand size the 4-player deck cannot deal, too many deals
        ap.error(str(err))
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    record = {
        "command": "python benchmarks/expert_v1.py",
        "commit": commit.stdout.strip() or "unknown",
        "players": {"one_seat": PLAYERS[0], "three_seats": PLAYERS[1]},
        "n_players": N_PLAYERS,
        "deals_per_hand_size": args.deals,
        "rotations": N_PLAYERS,
        "seed": SEED,
        "interval": "95%, over deals",
        "rows": measured,
    }
    args.out.write_text(json.dumps(record, indent=1) + "\n")
    print(json.dumps(record, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
