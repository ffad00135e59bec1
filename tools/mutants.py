"""Mutation testing with a curated list of plausible one-line bugs: which of them do the tests catch?

Each mutant names a file, an exact snippet of it (which must occur exactly once), its replacement,
what the bug breaks, and the tests that should catch it. For each mutant the script copies the
repository into a scratch tree, applies the mutant, runs ``pytest -x -q -m "not slow"`` on the
mapped tests with a timeout, and records the mutant as killed (a test failed, or the run timed
out) or survived (every test passed). ``docs/mutation.md`` gets the table and the score.

    nice -n 10 python tools/mutants.py                         # every mutant (a few hours on 2 cores)
    nice -n 10 python tools/mutants.py --only P1 I1 C1         # some
    nice -n 10 python tools/mutants.py --area intervals        # one area
    python tools/mutants.py --list                             # the list, nothing run
    nice -n 10 python tools/mutants.py --source /path/to/other/checkout --label before
    python tools/mutants.py --jobs 16                          # 16 mutants at a time, each in a scratch tree of its own

``--source`` runs the mutants against another checkout (for instance the commit before new tests
were added); the mapped tests that do not exist there are left out. ``--label`` names the column
of ``docs/mutation.md`` the results go into (results are kept per label in
``docs/mutation-results.json``, so a run of a subset updates only its rows).

Cost: mutants of ``wizstats/_kernels/`` recompile the numba kernels the tests use (the compile
cache is keyed by a hash of all kernel sources, ``wizstats/_kernels/jit.py``), 1-5 minutes each on
two cores; the others reuse the cache of the unmutated tree. The scratch tree lives at a fixed path
and every file keeps a fixed modification time, so numba's and Python's caches stay valid from run
to run (``--clean`` deletes the scratch directory, compiled kernels included).

``--jobs N`` runs N mutants at a time, on a machine with the cores for it: the mutants are split into N
shares of about equal expected time (the seconds each took last time, else a guess), each share runs in
a scratch tree and numba cache of its own (``SCRATCH/job-K``, where ``results.jsonl`` gets each result as it
comes) with ``NUMBA_NUM_THREADS`` = cores / N,
its mutants that leave the kernels alone first (they compile the unmutated kernels once for the share).
The results are the same as one at a time: every mutant still runs its mapped tests on its own tree.

Not part of CI; ``tests/test_mutants_list.py`` (in CI) checks that every snippet still applies.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAMP = 1_600_000_000  # the modification time of every file in the scratch tree (mutated: + 1 + index)


@dataclass(frozen=True)
class Mutant:
    """One plausible bug: in ``path`` (from the repository root) replace ``original`` by ``replacement``."""

    id: str
    area: str
    path: str
    original: str
    replacement: str
    breaks: str
    tests: tuple[str, ...]
    older: tuple[tuple[str, str], ...] = ()
    """``(original, replacement)`` pairs: the same bug in older layouts of the file (:data:`OLDER`)."""

    def edit(self, text: str) -> tuple[str, str] | None:
        """The pair that applies to ``text`` (its original occurs exactly once), or ``None``."""
        for original, replacement in ((self.original, self.replacement), *self.older):
            if text.count(original) == 1:
                return original, replacement
        return None

    @property
    def kernel(self) -> bool:
        """Whether the mutant changes numba code (the kernels are then recompiled)."""
        return self.path.startswith("wizstats/_kernels/")


K = "wizstats/_kernels/"
CORE = K + "rules/core.py"
STRENGTH = "tests/test_player_strength.py::test_player_keeps_its_strength"
COVER = "tests/test_interval_coverage.py"
CLI = "tests/test_cli_commands.py"
WIDTHS = "tests/test_interval_widths.py"
SCIPY = WIDTHS + "::test_interval_functions_match_scipy"
BIDTABLE = "tests/test_player_strength.py::test_bid_table_predicts_fresh_deals"
KREF = "tests/test_kernels.py::test_kernel_matches_reference_random_policy"
KSCORE = "tests/test_kernels.py::test_kernel_score_matches_score_round"
# tests that existed before issue 18 and bear on an area (in both columns; the quicker ones)
OLD_PLAYERS = (
    "tests/test_arena.py",
    "tests/test_policies.py::test_baseline_port_lands_within_002_of_the_published_accuracy",
    "tests/test_policies.py::test_rollout_bid_values_agree_with_brute_force",
)
OLD_STATS = ("tests/test_stats.py", "tests/test_stats_effects.py")
OLD_CACHE = (
    "tests/test_sweep.py::test_cache_of_another_sweep_is_refused",
    "tests/test_sweep.py::test_unusable_chunk_file_is_recomputed",
    "tests/test_sweep.py::test_cache_of_other_code_version_is_refused",
    "tests/test_sweep.py::test_interrupted_sweep_resumes_missing_chunks",
)

MUTANTS: list[Mutant] = [
    # ------------------------------------------------------------ rules: kernels and reference
    Mutant(
        "R1",
        "rules",
        CORE,
        "    if best_kind == K_WIZARD:\n        return False",
        "    if best_kind == K_WIZARD:\n        return kind == K_WIZARD",
        "kernel trick winner: the last Wizard wins instead of the first",
        (KREF,),
    ),
    Mutant(
        "R2",
        "rules",
        "wizstats/reference/standard.py",
        "    for i, card in enumerate(trick):\n        if card.kind is CardKind.WIZARD:",
        "    for i, card in reversed(list(enumerate(trick))):\n        if card.kind is CardKind.WIZARD:",
        "reference trick winner: the last Wizard wins",
        ("tests/test_reference.py", KREF),
    ),
    Mutant(
        "R3",
        "rules",
        CORE,
        "        return 20 + 10 * tricks",
        "        return 10 + 10 * tricks",
        "kernel scoring: 10 + 10 per trick for a bid met",
        (KSCORE, "tests/test_scoring.py"),
    ),
    Mutant(
        "R4",
        "rules",
        "wizstats/rules/scoring.py",
        "    return 20 + 10 * tricks if miss == 0 else -10 * miss",
        "    return 10 + 10 * tricks if miss == 0 else -10 * miss",
        "reference scoring: 10 + 10 per trick",
        ("tests/test_scoring.py", KSCORE),
    ),
    Mutant(
        "R5",
        "rules",
        CORE,
        "    if follow == 0:\n        return full\n    return follow | free",
        "    return full",
        "kernel legal plays: suit need not be followed",
        (KREF,),
    ),
    Mutant(
        "R6",
        "rules",
        "wizstats/reference/standard.py",
        "    return [c for c in cards if c.suit is suit or c.kind is not CardKind.SUIT]",
        "    return cards",
        "reference legal plays: suit need not be followed",
        ("tests/test_reference.py", KREF),
    ),
    Mutant(
        "R7",
        "rules",
        CORE,
        "    return rest if pm1 and rest >= 0 else -1",
        "    return rest - 1 if pm1 and rest > 0 else -1",
        "kernel plus/minus one: the wrong bid is forbidden",
        (KREF, "tests/test_simulate.py::test_plus_minus_one_never_lets_bids_add_up"),
    ),
    Mutant(
        "R8",
        "rules",
        "wizstats/rules/rules.py",
        '    rest = hand_size - sum(whole(b, "an earlier bid", 0, hand_size) for b in earlier_bids)',
        '    rest = hand_size - sum(whole(b, "an earlier bid", 0, hand_size) for b in earlier_bids) - 1',
        "reference plus/minus one: the wrong bid is forbidden",
        ("tests/test_rules.py", KREF),
    ),
    # ------------------------------------------------------------ players
    Mutant(
        "P1",
        "players",
        K + "players/heuristic.py",
        "    return avoid_forbidden(int(min(max(np.floor(e + 0.5), 0), r)), e, r, forbidden)",
        "    return avoid_forbidden(int(min(max(np.floor(e + 0.5) + (1 if r > 2 else 0), 0), r)), e, r, forbidden)",
        "heuristic bids one trick too many when the hand has more than two cards (the issue's bug)",
        (STRENGTH + "[heuristic]", BIDTABLE, *OLD_PLAYERS),
    ),
    Mutant(
        "P2",
        "players",
        K + "players/playout.py",
        "    if need <= 0:\n        if duck_pos >= 0:",
        "    if need < 0:\n        if duck_pos >= 0:",
        "heuristic card play: keeps trying to win tricks once its bid is made",
        ("tests/test_decide.py::test_a_player_whose_bid_is_made_ducks", STRENGTH + "[heuristic]", *OLD_PLAYERS),
    ),
    Mutant(
        "P3",
        "players",
        K + "players/baseline.py",
        "    return avoid_forbidden(min(max(round_half_even(x), 0), r), x, r, forbidden)",
        "    return avoid_forbidden(min(max(int(x), 0), r), x, r, forbidden)",
        "baseline truncates its hand value instead of rounding it",
        (STRENGTH + "[baseline]", *OLD_PLAYERS),
    ),
    Mutant(
        "P4",
        "players",
        K + "players/pimc.py",
        "        if active[k] == 1 and (best < 0 or d1[k, best] > 0.0):",
        "        if active[k] == 1 and (best < 0 or d1[k, best] < 0.0):",
        "pimc plays the card with the worst rollout mean",
        (STRENGTH + "[pimc]", *OLD_PLAYERS),
    ),
    Mutant(
        "P5",
        "players",
        K + "players/pimc.py",
        "        if mean > top or (mean == top and abs(b - est) < abs(best - est)):",
        "        if mean < top or (mean == top and abs(b - est) < abs(best - est)):",
        "rollout bids the bid with the worst rollout mean",
        (STRENGTH + "[rollout]", *OLD_PLAYERS),
    ),
    Mutant(
        "P6",
        "players",
        K + "players/dispatch.py",
        "    return allowed_bid(below(g.rng, n_allowed_bids(g.st[ST_R], forbidden)), forbidden)",
        "    return allowed_bid(below(g.rng, max(n_allowed_bids(g.st[ST_R], forbidden) - 1, 1)), forbidden)",
        "random never bids the whole hand",
        (STRENGTH + "[random]", KREF),
    ),
    Mutant(
        "P7",
        "players",
        K + "players/heuristic.py",
        'TABLE = _BIDS["table"]\n',
        'TABLE = _BIDS["table"].copy()\nTABLE[1, 4, 0, 0] -= 0.2  # 4 players, 5 cards, with trump: the Wizard\n',
        "fitted bid table: the Wizard's weight off by 0.2 (4 players, 5 cards, with trump)",
        (BIDTABLE, STRENGTH + "[heuristic]", *OLD_PLAYERS),
    ),
    Mutant(
        "P8",
        "players",
        K + "players/heuristic.py",
        "    e = w[28 + seat]",
        "    e = w[28 + (seat + 1) % n]",
        "heuristic reads the bid table's seat term of the next seat",
        (BIDTABLE, STRENGTH + "[heuristic]", *OLD_PLAYERS),
    ),
    # ------------------------------------------------------------ intervals
    Mutant(
        "I1",
        "intervals",
        "wizstats/intervals.py",
        "    half = _z(confidence_level) * math.sqrt(max(variance, 0.0) / n)",
        "    half = 0.84 * _z(confidence_level) * math.sqrt(max(variance, 0.0) / n)",
        "mean intervals shrunk by 0.84: a 90% interval labelled 95% (the issue's bug)",
        (SCIPY, COVER, *OLD_STATS),
    ),
    Mutant(
        "I2",
        "intervals",
        "wizstats/intervals.py",
        "    return NormalDist().inv_cdf(0.5 + confidence_level / 2)",
        "    return NormalDist().inv_cdf(confidence_level)",
        "one-sided z: every normal and Wilson interval at 90% instead of 95%",
        (SCIPY, COVER, *OLD_STATS),
    ),
    Mutant(
        "I3",
        "intervals",
        "wizstats/intervals.py",
        "    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom",
        "    half = 0.84 * z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom",
        "Wilson intervals shrunk by 0.84",
        (SCIPY, COVER, *OLD_STATS),
    ),
    Mutant(
        "I4",
        "intervals",
        "wizstats/intervals.py",
        "    centre = (p + z * z / (2 * n)) / denom",
        "    centre = p",
        "Wilson interval centred on the raw proportion",
        (SCIPY, COVER, *OLD_STATS),
    ),
    Mutant(
        "I5",
        "intervals",
        "wizstats/estimates.py",
        "    var = max(total_sq / n - mean * mean, 0.0) * n / max(n - 1, 1)",
        "    var = max(total_sq / n - mean, 0.0) * n / max(n - 1, 1)",
        "variance from sums: the mean not squared",
        (SCIPY, COVER, *OLD_STATS),
    ),
    Mutant(
        "I6",
        "intervals",
        K + "engine/stats.py",
        "                    s2[b, k, k2] += pts[k] * pts[k2]",
        "                    s2[b, k, k2] += pts[k] * pts[k]",
        "wrong cross terms of the best bid's paired margin (the issue's bug)",
        (COVER + "::test_bid_margin_and_expected_scores_cover_exact", *OLD_STATS),
    ),
    Mutant(
        "I7",
        "intervals",
        "wizstats/stats/hands.py",
        '    diff_sq = tot["s2"][k1, k1] - 2 * tot["s2"][k1, k2] + tot["s2"][k2, k2]',
        '    diff_sq = tot["s2"][k1, k1] + tot["s2"][k2, k2]',
        "paired margin without its cross term (as if the bids were played on different deals)",
        (COVER + "::test_bid_margin_and_expected_scores_cover_exact", *OLD_STATS),
    ),
    Mutant(
        "I8",
        "intervals",
        K + "engine/stats.py",
        "                    pair_out[b, s, 1] += d * d",
        "                    pair_out[b, s, 1] += pa[s] * pa[s] + pb[s] * pb[s]",
        "rule comparisons: unpaired squares in the paired difference",
        (COVER + "::test_paired_rule_comparison_covers_exact", WIDTHS + "::test_rule_comparison_intervals", *OLD_STATS),
    ),
    Mutant(
        "I9",
        "intervals",
        "wizstats/engine/arena.py",
        "            ci = mean_interval(mean, var, units, confidence_level=level)",
        "            ci = mean_interval(mean, var, units * n, confidence_level=level)",
        "arena intervals count the rotations of a deal as independent deals",
        (COVER + "::test_arena_margin_and_means_cover_exact", WIDTHS + "::test_arena_intervals", "tests/test_arena.py"),
    ),
    Mutant(
        "I10",
        "intervals",
        "wizstats/stats/study.py",
        "        se = math.sqrt(float(((half / z) ** 2).sum())) / k",
        "        se = float((half / z).sum()) / k",
        "sums over hand sizes add standard errors instead of variances",
        (COVER + "::test_sums_over_hand_sizes_cover", *OLD_STATS),
    ),
    Mutant(
        "I11",
        "intervals",
        K + "engine/stats.py",
        "    d = pts[0] - others / (n - 1)",
        "    d = pts[0] - others / n",
        "dealer's advantage: the others' mean divided by n, not n - 1",
        (COVER + "::test_dealer_advantage_covers_exact", *OLD_STATS),
    ),
    Mutant(
        "I12",
        "intervals",
        "wizstats/engine/game.py",
        "    var = Fraction(total_sq * n - total * total, n * max(n - 1, 1) * unit * unit) if n > 1 else Fraction(0)",
        "    var = Fraction(total_sq * n - total * total, n * n * max(n - 1, 1) * unit * unit)"
        " if n > 1 else Fraction(0)",
        "game totals: the variance divided by n once more (intervals far too narrow)",
        (
            COVER + "::test_game_totals_cover_exact",
            WIDTHS + "::test_game_intervals",
            "tests/test_game.py::test_summary_and_intervals",
        ),
    ),
    Mutant(
        "I13",
        "intervals",
        "wizstats/engine/onecolour.py",
        "            var = (self.totals[1, p] - g * mean * mean) / max(g - 1, 1) if g > 1 else math.nan",
        "            var = (self.totals[1, p] - mean * mean) / max(g - 1, 1) if g > 1 else math.nan",
        "one colour: the variance of the totals from the raw sum of squares (intervals far too wide)",
        (WIDTHS + "::test_one_colour_intervals", "tests/test_onecolour.py"),
    ),
    Mutant(
        "I14",
        "intervals",
        "wizstats/engine/clairvoyance.py",
        "        var = float((c * (points - mean) ** 2).sum() / max(n_rounds - 1, 1))",
        "        var = float((c * (points - mean) ** 2).sum() / max(n_rounds - 1, 1) / n_rounds)",
        "clairvoyance: the score variance divided by n twice (intervals far too narrow)",
        (WIDTHS + "::test_clairvoyance_intervals", "tests/test_clairvoyance.py"),
    ),
    Mutant(
        "I15",
        "intervals",
        K + "engine/stats.py",
        "                dealer_out[b, 2, 1] += (da - db) * (da - db)",
        "                dealer_out[b, 2, 1] += da * da - db * db",
        "bidding last: unpaired squares in the open-minus-hidden difference",
        (WIDTHS + "::test_rule_comparison_intervals", *OLD_STATS),
    ),
    # ------------------------------------------------------------ caches
    Mutant(
        "C1",
        "caches",
        "wizstats/sweep/run.py",
        '            if str(npz["sweep"]) != self.key:\n                return f"{path.name} was written by another sweep"',
        '            if str(npz["sweep"]) != self.key and False:\n                return f"{path.name} was written by another sweep"',
        "sweep cache: a chunk of another sweep accepted (the per-chunk key check skipped; the issue's bug)",
        ("tests/test_sweep_cache.py", *OLD_CACHE),
    ),
    Mutant(
        "C2",
        "caches",
        "wizstats/sweep/run.py",
        '        if old.get("key") == self.key:\n            return',
        '        if old.get("key") == self.key or True:\n            return',
        "sweep cache: a directory of another sweep accepted (the manifest check skipped)",
        (*OLD_CACHE, "tests/test_sweep_cache.py"),
    ),
    Mutant(
        "C3",
        "caches",
        "wizstats/sweep/core.py",
        "        for path in sorted(root.glob(pattern)):",
        "        for path in sorted(root.glob(pattern))[:1]:",
        "sweep cache key: only the first source file of each pattern counts (stale chunks after a kernel edit)",
        ("tests/test_sweep_cache.py", *OLD_CACHE),
    ),
    Mutant(
        "C4",
        "caches",
        K + "jit.py",
        '    for path in sorted(root.rglob("*.py")):',
        '    for path in sorted(root.glob("*.py")):',
        "compiled-kernel cache key ignores the kernel subpackages (stale kernels after an edit)",
        ("tests/test_sweep_cache.py",),
    ),
    # ------------------------------------------------------------ command line
    Mutant(
        "L1",
        "cli",
        "wizstats/cli/game.py",
        "    return Rules(args.players, schedule=schedule, plus_minus_one=args.plus_minus_one, **common)",
        "    return Rules(args.players, schedule=schedule, plus_minus_one=False, **common)",
        "`wizstats game --plus-minus-one` ignored (the issue's bug)",
        (CLI, "tests/test_cli.py"),
    ),
    Mutant(
        "L2",
        "cli",
        "wizstats/cli/_common.py",
        '        trump_choice="blind" if args.blind_trump else "after-look",',
        '        trump_choice="after-look",',
        "`wizstats arena --blind-trump` ignored",
        (CLI, "tests/test_arena.py::test_command_line"),
    ),
    Mutant(
        "L3",
        "cli",
        "wizstats/cli/_common.py",
        "        bids=args.bids,",
        '        bids="open",',
        "`wizstats simulate --bids` ignored",
        (CLI + "::test_simulate", "tests/test_cli.py", CLI),
    ),
    Mutant(
        "L4",
        "cli",
        "wizstats/cli/score.py",
        '    options = keywords(args, "tournament", "plus_minus_one",',
        '    options = keywords(args, "plus_minus_one",',
        "`wizstats score --tournament` ignored",
        (CLI, "tests/test_scoresheet.py::test_example_files_and_cli"),
        older=(("        tournament=args.tournament,", "        tournament=False,"),),
    ),
    Mutant(
        "L5",
        "cli",
        "wizstats/cli/one_colour.py",
        "        plus_minus_one=args.plus_minus_one,\n        scoring=args.scoring,",
        "        plus_minus_one=False,\n        scoring=args.scoring,",
        "`wizstats one-colour --plus-minus-one` ignored",
        (CLI, "tests/test_onecolour.py::test_cli_one_colour"),
    ),
    Mutant(
        "L6",
        "cli",
        "wizstats/cli/__init__.py",
        '                print(f"wizstats: error: {one_line(str(err), 4000)}", file=sys.stderr)\n                return 2',
        '                print(f"wizstats: error: {one_line(str(err), 4000)}", file=sys.stderr)\n                return 0',
        "bad input exits with status 0",
        ("tests/test_cli.py", CLI),
    ),
    # ------------------------------------------------------------ statistics and engines
    Mutant(
        "S1",
        "stats",
        K + "engine/arena.py",
        "                x = x - o / ((n - m) * per) if m < n else 0.0",
        "                x = x - o / (m * per) if m < n else 0.0",
        "arena margin: the others' points divided by the wrong number of entries",
        ("tests/test_arena.py::test_kernel_figures_equal_a_replay_of_every_round", "tests/test_arena.py"),
    ),
    Mutant(
        "S2",
        "stats",
        "wizstats/engine/standard.py",
        "            t_mean, t_var = moments(c.sum(axis=0), tricks)",
        "            t_mean, t_var = moments(c.sum(axis=1), tricks)",
        "simulate summary: mean tricks read from the bid axis",
        ("tests/test_simulate.py", CLI),
    ),
    Mutant(
        "S3",
        "stats",
        K + "engine/stats.py",
        "                    d = with_card - without",
        "                    d = without - with_card",
        "a card's marginal value with the wrong sign",
        (
            "tests/test_stats.py::test_card_marginal_value",
            COVER + "::test_card_win_probability_and_marginal_value_cover_exact",
        ),
    ),
    Mutant(
        "S4",
        "stats",
        K + "engine/stats.py",
        "            if not bid_before(g, given, force):\n                continue\n            tally[b, 1] += 1",
        "            bid_before(g, given, force)\n            tally[b, 1] += 1",
        "trick distribution: deals not conditioned on the earlier bids",
        (
            "tests/test_stats.py::test_acceptance_rate_with_random_bidders",
            "tests/test_stats.py::test_conditioning_on_earlier_bids_is_exact_in_round1",
        ),
    ),
    Mutant(
        "X1",
        "players",
        K + "special/expert.py",
        "    e = read_bids(g, seat, min(max(e, 0.0), float(r)), par[SP_READ])",
        "    e = read_bids(g, seat, min(max(e, 0.0), float(r)), 0.0)",
        "special-card expert: the visible earlier bids are never read",
        ("tests/test_special_expert.py",),
    ),
    Mutant(
        "X2",
        "players",
        K + "special/expert.py",
        "    if par[SP_PICK] == 0.0:",
        "    if True:",
        "special-card expert: always the estimate rounded, never the best expected score",
        ("tests/test_special_expert.py",),
    ),
    Mutant(
        "X3",
        "players",
        K + "variants/onecolour.py",
        "    e = leftover_share(e, told, k, n, r, par[OC_READ])",
        "    e = leftover_share(e, told, k, n, r, 0.0)",
        "one-colour expert: the visible earlier bids are never read",
        ("tests/test_one_colour_expert.py",),
    ),
    Mutant(
        "X4",
        "players",
        K + "variants/onecolour.py",
        "    if g.policy[seat] == OC_EXPERT:\n        return oc_expert_bid(g, seat, forbidden)",
        "    if g.policy[seat] == -99:\n        return oc_expert_bid(g, seat, forbidden)",
        "one-colour expert: bids as the heuristic (its own bid rule never called)",
        ("tests/test_one_colour_expert.py",),
    ),
    Mutant(
        "X5",
        "players",
        K + "special/search.py",
        "        deal_world(ww, g, seat, known, void, pool)",
        "        copy_state(ww, g)",
        "special-card rollout: its worlds are the true deal (it reads the hidden hands)",
        ("tests/test_special_search.py::test_the_search_reads_no_hidden_card",),
    ),
    Mutant(
        "X6",
        "players",
        K + "players/expert.py",
        "            sure += p",
        "            sure += 0.0",
        "expert: no card counts as sure, the earlier bids and the dealer's offset move every card",
        (
            "tests/test_scenarios.py::test_a_dealer_with_the_trump_13_does_not_bid_0",
            "tests/test_policies.py::test_the_fitted_cells_are_read_only_when_named_sure_and_others_are_negative",
        ),
    ),
    Mutant(
        "X7",
        "players",
        K + "players/expert.py",
        "            e = max(e - (par[E_OTHERS] if par[E_OTHERS] >= 0.0 else OTHERS[g.st[ST_N], r]), 0.0)",
        "            e = max(e - 0.0, 0.0)",
        "expert: the other seats do not read the suit the dealer named after a turned Wizard",
        ("tests/test_policies.py::test_the_fitted_cells_are_read_only_when_named_sure_and_others_are_negative",),
    ),
    Mutant(
        "X8",
        "players",
        K + "special/expert.py",
        "                    score += par[SP_PLAY + k] * out[k]",
        "                    score += 0.0 * out[k]",
        "special-card expert: the fitted card-play weights are never added to the options' scores",
        (
            "tests/test_special_expert.py::test_the_fitted_card_play_weights_reach_the_kernel_where_they_apply",
            "tests/test_special_expert.py::test_one_seat_with_the_fitted_card_play_beats_three_without",
        ),
    ),
    Mutant(
        "X9",
        "players",
        K + "special/labels.py",
        "                            copy_state(w, g)\n",
        "                            copy_state(w, g)\n                            w.hands[seat, 0] = g.hands[seat, 0]\n                            w.tricks[seat] = 0\n",
        "special-card labels: the copy of the round forgets the tricks the seat has taken",
        ("tests/test_special_expert.py::test_each_labelled_option_is_played_in_a_full_copy_of_the_round",),
    ),
    Mutant(
        "X10",
        "players",
        K + "special/round.py",
        "    return p == SP_ROLLOUT or (p == SP_EXPERT and g.hand_len[seat] <= g.params[seat, SP_END])\n",
        "    return p == SP_ROLLOUT or (p == SP_EXPERT and g.hand_len[seat] < g.params[seat, SP_END])\n",
        "special expert: the endgame search starts a card late (its last card only)",
        (
            "tests/test_special_expert.py::test_the_endgame_search_plays_only_the_last_cards",
            "tests/test_special_expert.py::test_one_seat_with_the_endgame_search_beats_three_without",
        ),
    ),
    Mutant(
        "X11",
        "players",
        K + "players/dispatch.py",
        "        if g.hand_len[seat] <= endgame_cards(g.st[ST_R], g.params[seat, E_ENDGAME]):\n",
        "        if g.hand_len[seat] < endgame_cards(g.st[ST_R], g.params[seat, E_ENDGAME]):\n",
        "expert: the endgame search starts a card late (its last card only, which is forced)",
        (
            "tests/test_expert_endgame.py::test_the_endgame_search_plays_only_the_last_two_cards",
            "tests/test_expert_endgame.py::test_one_seat_with_the_endgame_search_beats_three_without",
        ),
    ),
]


OLDER: dict[str, tuple[tuple[str, str], ...]] = {
    "R1": (("    if kb == K_WIZARD:\n        return False", "    if kb == K_WIZARD:\n        return kc == K_WIZARD"),),
    "R7": (("    return rest if rest >= 0 else -1", "    return rest - 1 if rest > 0 else -1"),),
    "R8": (("    rest = hand_size - sum(earlier_bids)", "    rest = hand_size - sum(earlier_bids) - 1"),),
    "P1": (
        (
            "    bid = int(min(max(np.floor(e + 0.5), 0), r))",
            "    bid = int(min(max(np.floor(e + 0.5) + (1 if r > 2 else 0), 0), r))",
        ),
    ),
    "P3": (("    bid = min(max(round_half_even(x), 0), r)", "    bid = min(max(int(x), 0), r)"),),
    "P6": (("    k = below(g.rng, n_allowed)", "    k = below(g.rng, max(n_allowed - 1, 1))"),),
    "C1": (
        (
            '                if str(data["sweep"]) != self.key or int(data["index"]) != index:',
            '                if int(data["index"]) != index:',
        ),
    ),
    "L5": (("seed=args.seed, plus_minus_one=args.plus_minus_one,", "seed=args.seed, plus_minus_one=False,"),),
    "L6": (
        (
            '            print(f"wizstats: error: {one_line(str(err), 4000)}", file=sys.stderr)\n            return 2',
            '            print(f"wizstats: error: {one_line(str(err), 4000)}", file=sys.stderr)\n            return 0',
        ),
        (
            '        print(f"wizstats: error: {err}", file=sys.stderr)\n        return 2',
            '        print(f"wizstats: error: {err}", file=sys.stderr)\n        return 0',
        ),
    ),
}
"""The same bugs as written in an older layout of their files (main before the tests of issue 18,
``e78f98e``, and before the clean-up that rewrote these lines), so that the column 'before' can be
rerun from this tool: where a mutant's snippet is not in a tree, the first older one that is, is used."""

MUTANTS = [replace(m, older=OLDER.get(m.id, ())) for m in MUTANTS]


# ---------------------------------------------------------------- applying
def check_applies(root: Path = ROOT, mutants: list[Mutant] = MUTANTS) -> list[str]:
    """Problems with the list against the tree at ``root``: a snippet missing or not unique, an id twice."""
    problems = []
    ids = [m.id for m in mutants]
    problems += [f"id {i} used twice" for i in sorted({i for i in ids if ids.count(i) > 1})]
    for m in mutants:
        path = root / m.path
        if not path.is_file():
            problems.append(f"{m.id}: no file {m.path}")
            continue
        text = path.read_text()
        if m.edit(text) is None:
            count = text.count(m.original)
            problems.append(f"{m.id}: the snippet occurs {count} times in {m.path}, not once (nor an older one)")
        if m.original == m.replacement:
            problems.append(f"{m.id}: the replacement is the original")
    return problems


def _files(source: Path) -> list[str]:
    """The files of a checkout: tracked and untracked but not ignored, as git lists them."""
    out = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"], cwd=source, capture_output=True, text=True, check=True
    ).stdout
    return [f for f in out.splitlines() if (source / f).is_file()]


def sync(source: Path, tree: Path) -> None:
    """Make ``tree`` an exact copy of ``source``'s files, each with modification time ``STAMP``."""
    wanted = set(_files(source))
    if tree.exists():
        for path in sorted(tree.rglob("*"), reverse=True):
            rel = path.relative_to(tree).as_posix()
            if path.is_file() and rel not in wanted:
                path.unlink()
            elif path.is_dir() and (path.name == "__pycache__" or not any(path.iterdir())):
                shutil.rmtree(path)
    for rel in sorted(wanted):
        src, dst = source / rel, tree / rel
        data = src.read_bytes()
        if not dst.exists() or dst.read_bytes() != data:
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_bytes(data)
        os.utime(dst, (STAMP, STAMP))


def _env(scratch: Path, tree: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        PYTHONPATH=str(tree),
        NUMBA_CACHE_DIR=str(scratch / "numba"),
        PYTHONDONTWRITEBYTECODE="1",
        HYPOTHESIS_PROFILE="ci",
        MPLBACKEND="Agg",
    )
    return env


def _pytest(tree: Path, env: dict[str, str], tests: list[str], timeout: float, first: bool) -> tuple[str, float, str]:
    """Run pytest on ``tests`` in ``tree``: (``passed`` / ``failed`` / ``timeout`` / ``no tests``, seconds, tail)."""
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-m",
        "not slow",
        "-p",
        "no:cacheprovider",
        "-o",
        "addopts=",
        "--import-mode=importlib",
        *(["-x"] if first else []),
        *tests,
    ]
    t0 = time.time()
    try:
        proc = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", time.time() - t0, ""
    tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-6:])
    status = {0: "passed", 5: "no tests"}.get(proc.returncode, "failed")
    return status, time.time() - t0, tail


def _existing(tree: Path, tests: tuple[str, ...]) -> list[str]:
    return [t for t in tests if (tree / t.split("::")[0]).is_file()]


def run(
    mutants: list[Mutant],
    source: Path,
    scratch: Path,
    timeout: float,
    kernel_timeout: float,
    *,
    baseline: bool = True,
    mutate: bool = True,
    on_result=None,  # type: ignore[no-untyped-def]
    log=print,  # type: ignore[no-untyped-def]
) -> dict[str, dict[str, object]]:
    """Run every mutant against ``source``; the result per mutant id (also passed to ``on_result`` as it comes).
    ``mutate=False``: only the baseline (the mutants' tests on the unmutated tree)."""
    problems = check_applies(source, mutants)
    if problems:
        raise SystemExit("the mutants do not apply to " + str(source) + ":\n  " + "\n  ".join(problems))
    tree = scratch / "tree"
    sync(source, tree)
    env = _env(scratch, tree)
    probe = subprocess.run(
        [sys.executable, "-c", "import wizstats; print(wizstats.__file__)"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    if not probe.stdout.strip().startswith(str(tree)):
        raise SystemExit(f"the scratch tree does not import its own wizstats: {probe.stdout or probe.stderr}")
    targets = {t for m in mutants for t in _existing(tree, m.tests)}
    union = sorted(t for t in targets if "::" not in t or t.split("::")[0] not in targets)
    if baseline:
        log(f"baseline: {len(union)} test targets, unmutated ({tree})")
        status, seconds, tail = _pytest(tree, env, union, 4 * kernel_timeout, first=False)
        log(f"  {status} in {seconds:.0f} s")
        if status != "passed":
            raise SystemExit("the unmutated tree fails its tests; fix that first:\n" + tail)
    results: dict[str, dict[str, object]] = {}
    for m in mutants if mutate else []:
        index = MUTANTS.index(m) if m in MUTANTS else len(MUTANTS)  # a stable time stamp per mutant
        path = tree / m.path
        original = path.read_text()
        pair = m.edit(original)
        assert pair is not None  # check_applies ran first
        path.write_text(original.replace(*pair))
        os.utime(path, (STAMP + 1 + index, STAMP + 1 + index))
        tests = _existing(tree, m.tests)
        try:
            if tests:
                status, seconds, tail = _pytest(tree, env, tests, kernel_timeout if m.kernel else timeout, first=True)
            else:
                status, seconds, tail = "no tests", 0.0, ""
        finally:
            path.write_text(original)
            os.utime(path, (STAMP, STAMP))
        killed = status in ("failed", "timeout")
        results[m.id] = {"status": status, "killed": killed, "seconds": round(seconds), "tests": tests}
        log(f"{m.id:4} {'killed' if killed else 'SURVIVED':8} {status:8} {seconds:6.0f} s  {m.breaks}")
        if not killed and tail:
            log("     " + tail.replace("\n", "\n     "))
        if on_result is not None:
            on_result(m.id, results[m.id])
    return results


def shares(mutants: list[Mutant], jobs: int, seconds: dict[str, float]) -> list[list[Mutant]]:
    """``mutants`` split into ``jobs`` shares of about equal expected time (longest first, each to the share
    with the least so far); within a share the mutants that leave the kernels alone come first.

    >>> [[m.id for m in s] for s in shares(MUTANTS[:4], 2, {"R1": 100.0, "R2": 5.0, "R3": 90.0, "R4": 5.0})]
    [['R1'], ['R2', 'R4', 'R3']]
    """
    guess = {True: 300.0, False: 60.0}
    load = [0.0] * jobs
    out: list[list[Mutant]] = [[] for _ in range(jobs)]
    for m in sorted(mutants, key=lambda m: -seconds.get(m.id, guess[m.kernel])):
        k = load.index(min(load))
        out[k].append(m)
        load[k] += seconds.get(m.id, guess[m.kernel])
    return [sorted(share, key=lambda m: (m.kernel, MUTANTS.index(m) if m in MUTANTS else 0)) for share in out if share]


def _run_share(args: tuple[list[Mutant], Path, Path, float, float, int]) -> dict[str, dict[str, object]]:
    """One share of a ``--jobs`` run, in a process of its own (its log lines prefixed with its scratch)."""
    share, source, scratch, timeout, kernel_timeout, threads = args
    os.environ["NUMBA_NUM_THREADS"] = str(threads)
    scratch.mkdir(parents=True, exist_ok=True)
    lines = scratch / "results.jsonl"  # each result as it comes, for a run cut short
    lines.unlink(missing_ok=True)

    def keep(mutant_id: str, result: dict[str, object]) -> None:
        with lines.open("a") as f:
            f.write(json.dumps({"id": mutant_id, **result}) + "\n")

    return run(
        share,
        source,
        scratch,
        timeout,
        kernel_timeout,
        baseline=False,
        on_result=keep,
        log=lambda line: print(f"[{scratch.name}] {line}", flush=True),
    )


# ---------------------------------------------------------------- the report
def _score(results: dict[str, dict[str, object]], ids: list[str]) -> str:
    done = [i for i in ids if i in results]
    killed = sum(bool(results[i]["killed"]) for i in done)
    return f"{killed}/{len(done)}" + (f" ({100 * killed / len(done):.0f}%)" if done else "")


def write_report(all_results: dict[str, dict[str, dict[str, object]]], md: Path, notes: dict[str, str]) -> None:
    """``docs/mutation.md``: the score per label, then one row per mutant; a ``## Notes`` section is kept."""
    labels = sorted(all_results, key=lambda k: ({"before": 0, "after": 1}.get(k, 2), k))
    ids = [m.id for m in MUTANTS]
    lines = [
        "# Mutation testing",
        "",
        "Curated one-line bugs (`tools/mutants.py`): each is applied to a copy of the repository and the tests",
        'mapped to it run (`pytest -x -q -m "not slow"`, with a timeout). *Killed*: a test failed (or the',
        "run timed out); *survived*: every mapped test passed. Reproduce with",
        "",
        "```bash",
        "nice -n 10 python tools/mutants.py                     # the column 'after' (this tree)",
        "python tools/mutants.py --jobs 16                      # the same, 16 at a time (a machine with 16 cores)",
        "git worktree add /tmp/before e78f98e                  # main before the tests of issue 18",
        "nice -n 10 python tools/mutants.py --source /tmp/before --label before --scratch /tmp/mutants-before",
        "```",
        "",
        "(mapped tests that do not exist in the old tree are left out; where a mutant's lines were written",
        "differently there, the tool applies the same bug to the old lines, `OLDER` in the tool).",
        "",
        "## Score",
        "",
        "| run | killed |",
        "|---|---|",
    ]
    for label in labels:
        lines.append(f"| {label} | {_score(all_results[label], ids)} |")
    for label, note in notes.items():
        lines += ["", f"**{label}**: {note}"]
    lines += [
        "",
        "## Mutants",
        "",
        "| id | area | file | what it breaks | tests run | " + " | ".join(labels) + " |",
        "|---|---|---|---|---|" + "---|" * len(labels),
    ]
    for m in MUTANTS:
        tests = sorted({t for label in labels for t in all_results[label].get(m.id, {}).get("tests", [])}) or list(
            m.tests
        )
        cells = []
        for label in labels:
            r = all_results[label].get(m.id)
            cells.append(
                "-"
                if r is None
                else ("killed" if r["killed"] else "**survived**")
                + (" (timeout)" if r and r["status"] == "timeout" else "")
                + (f" {r['seconds']} s" if r else "")
            )
        short = ", ".join(f"`{t.replace('tests/', '')}`" for t in tests)
        lines.append(f"| {m.id} | {m.area} | `{m.path}` | {m.breaks} | {short} | " + " | ".join(cells) + " |")
    kept = ""
    if md.exists() and "\n## Notes\n" in md.read_text():  # a hand-written section, kept from run to run
        kept = "\n## Notes\n" + md.read_text().split("\n## Notes\n", 1)[1]
    md.write_text("\n".join(lines) + "\n" + kept)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/mutants.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.add_argument("--only", nargs="+", metavar="ID", help="run only these mutants")
    parser.add_argument(
        "--area", nargs="+", help="run only these areas (rules, players, intervals, caches, cli, stats)"
    )
    parser.add_argument("--source", type=Path, default=ROOT, help="the checkout to mutate (default: this one)")
    parser.add_argument("--label", default="after", help="the results column (default: after)")
    parser.add_argument("--note", default=None, help="a note printed under the score of this label")
    parser.add_argument(
        "--scratch",
        type=Path,
        default=Path(tempfile.gettempdir()) / "wizstats-mutants",
        help="scratch directory (kept between runs; default: $TMPDIR/wizstats-mutants)",
    )
    parser.add_argument("--timeout", type=float, default=900, help="seconds per mutant (default: 900)")
    parser.add_argument(
        "--kernel-timeout",
        type=float,
        default=2400,
        help="seconds per kernel mutant, compilation included (default: 2400)",
    )
    parser.add_argument("--results", type=Path, default=ROOT / "docs" / "mutation-results.json")
    parser.add_argument("--report", type=Path, default=ROOT / "docs" / "mutation.md")
    parser.add_argument("--clean", action="store_true", help="delete the scratch directory and exit")
    parser.add_argument("--resume", action="store_true", help="skip the mutants that already have a result here")
    parser.add_argument(
        "--skip-baseline",
        action="store_true",
        help="do not run the unmutated tests first (only to resume a run whose baseline passed)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at a time (default: 1; see above)")
    args = parser.parse_args(argv)
    if args.clean:
        shutil.rmtree(args.scratch, ignore_errors=True)
        return 0
    chosen = [m for m in MUTANTS if (not args.only or m.id in args.only) and (not args.area or m.area in args.area)]
    if args.list:
        for m in chosen:
            print(f"{m.id:4} {m.area:9} {'kernel ' if m.kernel else '       '}{m.path}: {m.breaks}")
        return 0
    unknown = set(args.only or ()) - {m.id for m in MUTANTS}
    if unknown:
        raise SystemExit(f"unknown mutant ids: {sorted(unknown)}")
    stored = json.loads(args.results.read_text()) if args.results.exists() else {}
    done = stored.get("results", {}).get(args.label, {})
    if args.resume:
        chosen = [m for m in chosen if m.id not in done]
    if args.note:
        stored.setdefault("notes", {})[args.label] = args.note

    def save(mutant_id: str, result: dict[str, object]) -> None:
        stored.setdefault("results", {}).setdefault(args.label, {})[mutant_id] = result
        args.results.parent.mkdir(parents=True, exist_ok=True)
        args.results.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n")
        write_report(stored["results"], args.report, stored.get("notes", {}))

    if args.jobs < 1:
        raise SystemExit(f"--jobs must be at least 1, not {args.jobs}")
    if args.jobs == 1:
        run(
            chosen,
            args.source.resolve(),
            args.scratch,
            args.timeout,
            args.kernel_timeout,
            baseline=not args.skip_baseline,
            on_result=save,
        )
    else:
        if not args.skip_baseline:  # once, unmutated, in a scratch tree of its own
            run(
                chosen,
                args.source.resolve(),
                args.scratch / "baseline",
                args.timeout,
                args.kernel_timeout,
                mutate=False,
            )
        last = {k: float(v["seconds"]) for k, v in done.items()} | {
            k: float(v["seconds"]) for k, v in stored.get("results", {}).get("after", {}).items() if k not in done
        }
        parts = shares(chosen, args.jobs, last)
        threads = max(1, (os.cpu_count() or 1) // len(parts))
        work = [
            (share, args.source.resolve(), args.scratch / f"job-{k}", args.timeout, args.kernel_timeout, threads)
            for k, share in enumerate(parts)
        ]
        with ProcessPoolExecutor(len(parts)) as pool:
            for future in as_completed([pool.submit(_run_share, w) for w in work]):
                for mutant_id, result in future.result().items():
                    save(mutant_id, result)
    stored.setdefault("results", {}).setdefault(args.label, {})
    print(
        f"score ({args.label}): {_score(stored['results'][args.label], [m.id for m in MUTANTS])}; wrote {args.report}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
