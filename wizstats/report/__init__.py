"""The strategy report: run every analysis and write reports/."""

from __future__ import annotations

from .runner import SIZES, analyses_dir, default_out_dir, load_analyses, run_report, write_index, write_readme

__all__ = ["SIZES", "analyses_dir", "default_out_dir", "load_analyses", "run_report", "write_index", "write_readme"]
