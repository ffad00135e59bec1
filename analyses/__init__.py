"""The analyses behind the strategy report: one module per question.

Each module has ``run(size, out_dir, *, progress=False) -> DataFrame`` (``size``: ``tiny``,
``quick`` or ``full``; ``progress``: inner progress bars on stderr),
which computes a tidy table from the public API of :mod:`wizstats` with fixed seeds and writes
``<out_dir>/<NAME>.csv``, ``.md`` and ``.png``; ``TITLE``, ``QUESTION`` and ``ORDER`` (its
place on the page). Run one with ``python -m analyses.<name> [--size quick]``, all of them
with ``wizstats report``. Adding an analysis is adding a module here and its name to
:data:`NAMES`, which is the report's list (tests/test_report.py checks it against the folder).
"""

NAMES = (
    "vulnerability",
    "schedule_points",
    "trick_probability",
    "bid_thresholds",
    "bid_scores",
    "score_distributions",
    "seat_effects",
    "trump_choice",
    "kuschelwizard",
    "special_cards",
    "wizard_value",
    "clairvoyance",
    "standard_vs_tournament",
    "claims_checked",
    "player_strength",
    "players_compared",
)
"""Every analysis of the report, by module name (the page orders them by their ``ORDER``)."""
