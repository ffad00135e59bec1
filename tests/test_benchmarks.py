"""The benchmark scripts must not rot: each runs, as its README says, at a tiny size.

No timing is asserted (CI machines vary); what is checked is that every contestant, ratio
and start-up command appears with a number, that the peers really play the game compared,
and that memory is reported for every size.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NUMBER = r"[\d,]+(\.\d+)?"


def run(script: str, *args: str) -> str:
    """Run ``benchmarks/<script>`` as a user would, from the repository root; its stdout."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


def test_bench_quick_prints_every_row() -> None:
    out = run("bench.py", "--quick")
    assert re.search(r"- machine: .+, \d+ cores", out)
    names = [
        "wizstats Oh Hell 4x10, random",
        "wizstats Oh Hell 4x10, heuristic",
        "wizstats reference (pure Python) Wizard 4x15, random",
        "wizstats Wizard 4x15, random",
        "wizstats Wizard 4x15, heuristic",
        "random, 1 thread",
        "random, 2 threads",
        "heuristic, 2 threads",
    ]
    try:
        import pyspiel  # noqa: F401

        names += ["OpenSpiel oh_hell 4x10, evaluate_bots (C++)", "OpenSpiel oh_hell 4x10, Python loop"]
    except ImportError:
        pass
    for name in names:
        assert re.search(rf"\| {re.escape(name)} \| {NUMBER} \|", out), name
    for ratio in [
        "Wizard 4x15: wizstats / pure-Python reference",
        "Wizard 4x15: heuristic / random, time per round",
        "Wizard 4x15 random: 2 threads / 1 thread",
    ]:
        assert re.search(rf"\| {re.escape(ratio)} \| [<>]= [\d.]+ \| {NUMBER} \|.*\| (met|missed by [\d.]+x) \|", out)
    assert re.search(r"\| `wizstats winner J W R5 --trump red` \| [\d.]+ \|", out)
    assert re.search(r"\| `wizstats simulate --players 4 --hand-size 10 --rounds 10000` \| [\d.]+ \|", out)


def test_openspiel_peer_is_the_game_compared() -> None:
    pytest.importorskip("pyspiel")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bench
    finally:
        sys.path.pop(0)
    game = bench.openspiel_game()  # asserts 4 players, 4 x 13 cards, 10 tricks, a turned trump, 4 bids
    assert game.num_players() == 4
    with pytest.raises(ValueError, match="not 4 bids and 40 cards"):  # and notices another game
        bench.OH_HELL["num_tricks_fixed"] = 9
        try:
            bench.openspiel_game()
        finally:
            bench.OH_HELL["num_tricks_fixed"] = 10


def test_phases_quick_prints_every_phase() -> None:
    out = run("phases.py", "--rounds", "300", "--repeats", "1")
    for phase in ["seed", "deal", "bids", "move cards", "trick winner", "legal mask", "choose"]:
        assert len(re.findall(rf"\| {phase} \| {NUMBER} \| \d+% \|", out)) == 2, phase
    assert "oh-hell deck, 4 players x 10 cards" in out and "standard deck, 4 players x 15 cards" in out


def test_memory_quick_reports_each_size() -> None:
    out = run("memory.py", "--rounds", "1000", "3000", "--policy", "random")
    rows = re.findall(r"\| ([\d,]+) \| ([\d.]+) \| ([\d.]+) \|", out)
    assert [r[0] for r in rows] == ["1,000", "3,000"]
    assert all(float(r[1]) > 10 for r in rows)  # a whole Python process with numpy and numba loaded
    assert "growth from 1,000 to 3,000 rounds" in out


def test_winner_command_loads_no_compiler() -> None:
    """``wizstats winner`` stays quick to start: it needs neither numba nor scipy (about 1 s of imports)."""
    code = (
        "import sys; from wizstats.cli import main; status = main(['winner', 'J', 'W', 'R5', '--trump', 'red']); "
        "print(sorted(m for m in ('numba', 'scipy') if m in sys.modules)); sys.exit(status)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["W wins (card 2 of 3)", "[]"]


def test_the_expert_v1_record_is_current() -> None:
    """``benchmarks/expert_v1.json`` (printed by docs/players.md) still holds what the players play: its rows
    of :data:`CHECKED` hand sizes recomputed at the record's deals and seed are the same numbers, to the bit."""
    import json

    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import expert_v1
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    record = json.loads(expert_v1.RECORD.read_text())
    assert record["seed"] == expert_v1.SEED and [r["hand_size"] for r in record["rows"]] == list(range(3, 16))
    want = [r for r in record["rows"] if r["hand_size"] in expert_v1.CHECKED]
    assert len(want) == len(expert_v1.CHECKED)
    got = expert_v1.rows(expert_v1.CHECKED, record["deals_per_hand_size"], record["seed"])
    assert got == want, "benchmarks/expert_v1.json is stale: rerun python benchmarks/expert_v1.py"
