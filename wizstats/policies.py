"""The players, by name: how each bids, names trump and plays, and its parameters.

A policy is given by name (``"heuristic"``), or as :class:`Policy` with changed parameters
(``Policy("heuristic", scale=1.1)``), one for all seats or one per seat (seat 0 = dealer).

>>> sorted(POLICIES)[:2]
['heuristic', 'random']
>>> Policy("heuristic", bias=0.25).params["bias"]
0.25
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

__all__ = ["POLICIES", "Policy", "PolicyInfo", "resolve_policies"]

MAXP = 8
N_PARAMS = 8


@dataclass(frozen=True)
class PolicyInfo:
    """A registered policy: its kernel id, parameter names with defaults, and what it does."""

    name: str
    kernel_id: int
    defaults: Mapping[str, float]
    doc: str


POLICIES: dict[str, PolicyInfo] = {
    "random": PolicyInfo(
        "random",
        0,
        {},
        "Bids uniformly over the allowed bids 0..r, plays a uniformly random legal card, and names a "
        "uniformly random suit after a turned Wizard. A yardstick, not a player.",
    ),
    "heuristic": PolicyInfo(
        "heuristic",
        1,
        {"scale": 1.0, "bias": 0.0, "ruff": 0.5, "lead_min": 0.55},
        "Bids the rounded sum of each card's chance that no unseen card beats it (Wizards 1, Jesters 0, "
        "trumps by the unseen higher trumps and Wizards, other suits also by unseen trumps weighted by "
        "`ruff`), stepping to the nearer side of a forbidden bid. Names the suit with most strength after a "
        "turned Wizard (any suit when blind). While it needs tricks it plays the cheapest card likely to "
        "hold (chance >= `lead_min`), else a Wizard; once its bid is made it ducks under the trick with its "
        "most dangerous losing card, or leads its least dangerous card.",
    ),
}


@dataclass(frozen=True)
class Policy:
    """A policy name with parameter overrides, e.g. ``Policy("heuristic", scale=1.1)``."""

    name: str
    params: Mapping[str, float] = field(default_factory=dict)

    def __init__(self, name: str, **params: float) -> None:
        info = _info(name)
        unknown = set(params) - set(info.defaults)
        if unknown:
            raise ValueError(
                f"policy {info.name!r} has no parameter {sorted(unknown)[0]!r}"
                f" (it takes: {', '.join(info.defaults) or 'none'})"
            )
        object.__setattr__(self, "name", info.name)
        object.__setattr__(self, "params", {**info.defaults, **{k: float(v) for k, v in params.items()}})

    @classmethod
    def parse(cls, text: str) -> Policy:
        """From ``name`` or ``name:key=value,key=value`` (the command-line form)."""
        name, _, rest = text.partition(":")
        params = {}
        for item in filter(None, rest.split(",")):
            key, eq, value = item.partition("=")
            try:
                params[key.strip()] = float(value)
            except ValueError:
                raise ValueError(f"bad policy parameter {item!r} in {text!r} (expected key=number)") from None
            if not eq:
                raise ValueError(f"bad policy parameter {item!r} in {text!r} (expected key=number)")
        return cls(name.strip(), **params)

    def __str__(self) -> str:
        info = POLICIES[self.name]
        changed = {k: v for k, v in self.params.items() if v != info.defaults[k]}
        return self.name + (":" + ",".join(f"{k}={v:g}" for k, v in changed.items()) if changed else "")

    def row(self) -> np.ndarray:
        """The parameter row the kernel reads (in the registered order)."""
        out = np.zeros(N_PARAMS)
        out[: len(self.params)] = list(self.params.values())
        return out


def _info(name: str) -> PolicyInfo:
    key = str(name).strip().lower()
    if key not in POLICIES:
        raise ValueError(f"unknown policy {name!r} (known: {', '.join(sorted(POLICIES))})")
    return POLICIES[key]


def resolve_policies(
    policies: str | Policy | Sequence[str | Policy], n_players: int
) -> tuple[list[Policy], np.ndarray, np.ndarray]:
    """Policies per seat, as :class:`Policy` values and the kernel's id vector and parameter matrix."""
    if isinstance(policies, (str, Policy)):
        policies = [policies] * n_players
    policies = list(policies)
    if len(policies) != n_players:
        raise ValueError(f"give one policy or one per seat ({n_players}), got {len(policies)}")
    resolved = [p if isinstance(p, Policy) else Policy.parse(p) for p in policies]
    ids = np.zeros(MAXP, np.int64)
    params = np.zeros((MAXP, N_PARAMS))
    for seat, policy in enumerate(resolved):
        ids[seat] = POLICIES[policy.name].kernel_id
        params[seat] = policy.row()
    return resolved, ids, params


DEFAULT_POLICY = "heuristic"
"""The strongest registered policy: the default wherever a statistic assumes how players play."""


def strongest() -> str:
    """The name of the strongest available policy (the default of every statistic)."""
    return DEFAULT_POLICY
