"""The strategy report: run every analysis and write reports/."""

from __future__ import annotations

from .catalogue import SIZES, analyses_dir, default_out_dir, load_analyses
from .runner import certificates, run_report, write_index, write_readme
from .warm import precompile

__all__ = [
    "SIZES",
    "analyses_dir",
    "certificates",
    "default_out_dir",
    "load_analyses",
    "precompile",
    "run_report",
    "write_index",
    "write_readme",
]
