"""A convergence certificate: does an answer under the default player hold under a search player?

Every simulated answer assumes how the table plays. :func:`agreement` compares one answer (an
:class:`~wizstats.estimates.Estimate` with its confidence interval) measured under the default
player, :data:`wizstats.DEFAULT_POLICY`, with the same answer measured under a stronger, slower
search player (``rollout``, or ``pimc`` at few worlds), usually on a much smaller sample, and
returns one verdict of :data:`VERDICTS`:

- ``yes``: both intervals have positive width, they overlap (as closed intervals: each one's low
  end lies at or below the other's high end), and the two point estimates have the same sign
  (+, - or exactly 0). An interval that straddles 0 counts by its point estimate: ``+0.4 [-0.3,
  1.1]`` is positive. So ``yes`` says that the search player's sample shows no sign of a different
  answer, not that it shows the answer by itself; a search interval that covers 0 where the
  default's does not is said in the reason.
- ``no: intervals apart`` and ``no: opposite signs``: the answer still depends on the player.
- ``not measurable with this player``: an interval of zero width (``low == high``), which a player
  that cannot use the information gives (it plays both versions of every deal alike); never ``yes``.
- ``no interval``: a value without an interval (a rank, a threshold): nothing to compare it by.
- ``not certified: too costly``: the search player did not run (``search=None``).
- ``exact: no player involved``: the default answer is an exact count (``exact=True``).

>>> from wizstats.estimates import Estimate
>>> from wizstats.intervals import ConfidenceInterval as CI
>>> expert = Estimate("edge", 1.86, CI(1.53, 2.20), 20000, policy="expert")
>>> rollout = Estimate("edge", 2.02, CI(-0.59, 4.64), 400, policy="rollout")
>>> a = agreement(expert, rollout)
>>> a.verdict, a.certified
('yes', True)
>>> a.reason
'intervals overlap, both positive; the rollout interval covers 0'
>>> agreement(expert, Estimate("edge", -0.1, CI(-3.0, 2.9), 400, policy="rollout")).verdict
'no: opposite signs'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..estimates import Estimate

__all__ = [
    "AGREES",
    "APART",
    "CERTIFIED",
    "DEPENDS",
    "EXACT",
    "NO_INTERVAL",
    "NOT_MEASURABLE",
    "OPPOSITE",
    "TOO_COSTLY",
    "VERDICTS",
    "Agreement",
    "agreement",
]

AGREES = "yes"
APART = "no: intervals apart"
OPPOSITE = "no: opposite signs"
NOT_MEASURABLE = "not measurable with this player"
NO_INTERVAL = "no interval"
TOO_COSTLY = "not certified: too costly"
EXACT = "exact: no player involved"
VERDICTS = (AGREES, EXACT, APART, OPPOSITE, NOT_MEASURABLE, NO_INTERVAL, TOO_COSTLY)
"""Every verdict, certified first."""
CERTIFIED = (AGREES, EXACT)
"""The verdicts that certify an answer: it does not depend on the player (as far as the samples show)."""
DEPENDS = (APART, OPPOSITE)
"""The verdicts of an answer that still depends on the player."""

_SIGN_WORDS = {1: "positive", -1: "negative", 0: "zero"}


@dataclass(frozen=True)
class Agreement:
    """The verdict of :func:`agreement`, why, and the players compared."""

    verdict: str
    """One of :data:`VERDICTS`."""
    reason: str
    default_policy: str | None
    search_policy: str | None

    @property
    def certified(self) -> bool:
        """The answer does not depend on the player (``yes``, or exact)."""
        return self.verdict in CERTIFIED

    @property
    def depends(self) -> bool:
        """The search player gives a different answer."""
        return self.verdict in DEPENDS


def _sign(value: float) -> int:
    return int(value > 0) - int(value < 0)


def _interval(e: Estimate) -> tuple[float, float] | None:
    """``(low, high)``, or ``None`` when the estimate has no finite interval."""
    if e.ci is None or math.isnan(e.ci.low) or math.isnan(e.ci.high):
        return None
    return e.ci.low, e.ci.high


def _agreement_iv(default: Estimate, search: Estimate | None) -> None:
    for what, e in (("default", default), ("search", search)):
        if e is not None and not isinstance(e, Estimate):
            raise TypeError(f"the {what} answer must be an Estimate, got {type(e).__name__}")
        if e is not None and e.ci is not None and e.ci.low > e.ci.high:
            raise ValueError(f"the {what} answer's interval is reversed: {e.ci}")


def agreement(default: Estimate, search: Estimate | None) -> Agreement:
    """Compare an answer under the default player with the same answer under a search player.

    Parameters
    ----------
    default
        The answer under the default player (its ``policy`` names it).
    search
        The same answer under the search player, or ``None`` when it was too costly to run.

    Returns
    -------
    Agreement
        The verdict (one of :data:`VERDICTS`, decided in that order of precedence: exact, too
        costly, not measurable, no interval, then the comparison) and its reason.
    """
    _agreement_iv(default, search)
    names = (default.policy, None if search is None else search.policy)
    if default.exact:
        return Agreement(EXACT, "an exact count: no player involved", *names)
    if search is None:
        return Agreement(TOO_COSTLY, "the search player was not run on it", *names)
    for e in (default, search):
        span = _interval(e)
        if span is not None and span[0] == span[1] and not e.exact:
            return Agreement(NOT_MEASURABLE, f"{e.policy} gives an interval of zero width", *names)
    d, s = _interval(default), _interval(search)
    if d is None or s is None or math.isnan(default.value) or math.isnan(search.value):
        return Agreement(NO_INTERVAL, "a value without an interval", *names)
    if d[0] > s[1] or s[0] > d[1]:
        side = "below" if s[1] < d[0] else "above"
        return Agreement(APART, f"the {search.policy} interval lies {side} the {default.policy} interval", *names)
    sd, ss = _sign(default.value), _sign(search.value)
    if sd != ss:
        return Agreement(
            OPPOSITE,
            f"intervals overlap, but {default.policy} is {_SIGN_WORDS[sd]}, {search.policy} {_SIGN_WORDS[ss]}",
            *names,
        )
    reason = f"intervals overlap, both {_SIGN_WORDS[sd]}"
    if s[0] <= 0 <= s[1] and not d[0] <= 0 <= d[1]:
        reason += f"; the {search.policy} interval covers 0"
    return Agreement(AGREES, reason, *names)
