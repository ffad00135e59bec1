"""What the web server computes at most for one request, and how many requests it holds at once.

The CLI runs whatever it is asked; a server shared by a table (or reached by a script in a
loop) must not. Every simulation request is checked against these caps before it is queued,
and refused with a one-line message naming the cap (HTTP 400) when it is over. The figures are
chosen so that one request takes at most some 10 seconds on one core of a small machine.

>>> LIMITS.max_n, LIMITS.max_bid_work
(20000, 200000)
>>> check_limits(parse_args(["bid", "--trump=R5", "--n=50000", "--", "W"]), LIMITS)
Traceback (most recent call last):
...
wizstats.cli._common.CliError: n is capped at 20,000 on this server, got 50,000 (use the CLI for more)
"""

from __future__ import annotations

import argparse
from dataclasses import asdict, dataclass
from typing import Any

from .. import DEFAULT_POLICY
from ..cli._common import CliError
from .commands import parse_args  # noqa: F401 - used by the doctest

__all__ = ["LIMITS", "SLOW_POLICIES", "Limits", "check_limits"]

SLOW_POLICIES = ("pimc", "rollout")
"""Policies that search during play: some 1,000 to 3,000 times slower than ``heuristic``."""


@dataclass(frozen=True)
class Limits:
    """The server's caps (all keyword-adjustable for :func:`wizstats.web.create_app`)."""

    max_n: int = 20_000
    """``n`` of every request: deals of ``bid``, rounds per seat of ``strength``."""
    max_ask_n: int = 10_000
    """``n`` of ``ask`` (deals per hand size; a question over a whole game multiplies it by the rounds)."""
    max_bid_work: int = 200_000
    """``bid``: deals times candidate bids, ``n x (hand size + 1)`` (19 cards: n up to 10,000)."""
    max_bid_work_slow: int = 200
    """The same with ``pimc`` or ``rollout`` players (3 cards: n up to 50; 10 cards: 18)."""
    max_strength_work_slow: int = 250
    """``strength`` with ``pimc`` or ``rollout``: ``n x hand size`` (5 cards: n up to 50)."""
    max_body_bytes: int = 1_000_000
    """The largest score sheet ``POST /api/score`` takes."""
    workers: int = 1
    """Processes computing simulations (each uses every core numba gives it)."""
    queue: int = 4
    """Simulation requests that may wait per worker; one more gets 503 at once."""
    light_threads: int = 2
    """Threads for cheap requests (score sheets, the question list, schedules)."""
    light_queue: int = 16
    """Cheap requests that may wait; one more gets 503 at once."""
    cache_size: int = 256
    """Answers kept (same arguments and seed, same answer)."""

    def public(self) -> dict[str, Any]:
        """The caps as a JSON-able dict (``GET /api/info``)."""
        return asdict(self) | {"slow_policies": list(SLOW_POLICIES)}


LIMITS = Limits()
"""The caps ``wizstats serve`` runs with."""


def _policy(args: argparse.Namespace) -> tuple[str, bool]:
    text = str(args.policy or DEFAULT_POLICY)
    name, _, params = text.partition(":")
    return name.strip().lower(), bool(params.strip())


def check_limits(args: argparse.Namespace, limits: Limits) -> None:
    """Raise :class:`CliError` naming the cap if parsed ``bid``/``strength``/``ask`` arguments exceed one."""
    policy, has_params = _policy(args)
    slow = policy in SLOW_POLICIES
    if slow and has_params:
        raise CliError(f"{policy} players take only their default parameters on this server (use the CLI)")
    n = args.n
    cap = limits.max_ask_n if args.command == "ask" else limits.max_n
    if n is not None and n > cap:
        raise CliError(f"n is capped at {cap:,} on this server, got {n:,} (use the CLI for more)")
    if args.command == "bid" and n is not None:
        work, cap = n * (len(args.cards) + 1), limits.max_bid_work_slow if slow else limits.max_bid_work
        if work > cap:
            raise CliError(
                f"n x (hand size + 1) is capped at {cap:,} on this server{' for ' + policy if slow else ''},"
                f" got {work:,}: give n <= {cap // (len(args.cards) + 1):,} (use the CLI for more)"
            )
    elif args.command == "strength" and slow and n is not None:
        work = n * max(args.hand_size, 1)
        if work > limits.max_strength_work_slow:
            raise CliError(
                f"n x hand size is capped at {limits.max_strength_work_slow:,} on this server for {policy},"
                f" got {work:,}: give n <= {limits.max_strength_work_slow // max(args.hand_size, 1):,}"
            )
    elif args.command == "ask" and slow and not args.list:
        raise CliError(f"questions with {policy} players take minutes: use the CLI (wizstats ask ... --policy)")
