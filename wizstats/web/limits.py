"""What the web server computes at most for one request, and how many requests it holds at once.

The CLI runs whatever it is asked; a server shared by a table (or reached by a script in a
loop) must not. Every simulation request is checked against these caps before it is queued,
and refused with a one-line message naming the cap (HTTP 400) when it is over. The figures are
chosen so that one request takes at most some 10 seconds on one core of a small machine.

>>> LIMITS.max_n, LIMITS.max_bid_work
(20000, 200000)
>>> check_limits("bid", read_params("bid", [("hand", "W"), ("trump", "R5"), ("n", "50000")]), LIMITS)
Traceback (most recent call last):
...
wizstats.web.commands.ParamError: n is capped at 20,000 on this server, got 50,000 (use the CLI for more)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..players import DEFAULT_POLICY
from .commands import ParamError, read_params  # noqa: F401 - read_params: used by the doctest

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


def _policy(values: dict[str, Any]) -> tuple[str, bool]:
    text = str(values.get("policy") or DEFAULT_POLICY)
    name, _, params = text.partition(":")
    return name.strip().lower(), bool(params.strip())


def check_limits(endpoint: str, values: dict[str, Any], limits: Limits) -> None:
    """Raise :class:`ParamError` naming the cap if a ``bid``/``strength``/``ask`` request exceeds one."""
    if endpoint not in ("bid", "strength", "ask"):
        return
    policy, has_params = _policy(values)
    slow = policy in SLOW_POLICIES
    if slow and has_params:
        raise ParamError(f"{policy} players take only their default parameters on this server (use the CLI)")
    n = values["n"]
    cap = limits.max_ask_n if endpoint == "ask" else limits.max_n
    if n is not None and n > cap:
        raise ParamError(f"n is capped at {cap:,} on this server, got {n:,} (use the CLI for more)")
    if endpoint == "bid":
        cards = len(values["hand"]) + 1
        work, cap = n * cards, limits.max_bid_work_slow if slow else limits.max_bid_work
        if work > cap:
            raise ParamError(
                f"n x (hand size + 1) is capped at {cap:,} on this server{' for ' + policy if slow else ''},"
                f" got {work:,}: give n <= {cap // cards:,} (use the CLI for more)"
            )
    elif endpoint == "strength" and slow:
        size = max(values["hand-size"], 1)
        if n * size > limits.max_strength_work_slow:
            raise ParamError(
                f"n x hand size is capped at {limits.max_strength_work_slow:,} on this server for {policy},"
                f" got {n * size:,}: give n <= {limits.max_strength_work_slow // size:,}"
            )
    elif endpoint == "ask" and slow:
        raise ParamError(f"questions with {policy} players take minutes: use the CLI (wizstats ask ... --policy)")
