"""The analyses behind the strategy report: one module per question.

Each module has ``run(size, out_dir) -> DataFrame`` (``size``: ``tiny``, ``quick`` or ``full``),
which computes a tidy table from the public API of :mod:`wizstats` with fixed seeds and writes
``<out_dir>/<NAME>.csv``, ``.md`` and ``.png``; ``TITLE``, ``QUESTION`` and ``ORDER`` (its
place on the page). Run one with ``python -m analyses.<name> [--size quick]``, all of them
with ``wizstats report``. Adding an analysis is adding a module here: the report finds it.
"""
