"""The players, by name: how each bids, names trump and plays, and its parameters.

A policy is given by name (``"heuristic"``), or as :class:`Policy` with changed parameters
(``Policy("heuristic", scale=1.1)``), one for all seats or one per seat (seat 0 = dealer).

>>> sorted(POLICIES)
['baseline', 'expert', 'heuristic', 'pimc', 'random', 'rollout']
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
        "uniformly random trump suit after a turned Wizard. A yardstick, not a player.",
    ),
    "heuristic": PolicyInfo(
        "heuristic",
        1,
        {
            "scale": 1.0, "bias": 0.0, "ruff": 1.0, "lead_min": 0.55, "kill": 1.0, "duck": 0.15, "norm": 1.0,
            "table": 1.0,
        },
        "Bids its hand's expected tricks, rounded: with the standard deck and 3-6 players from a table fitted "
        "to its own self-play (`python -m wizstats.bidfit`: a weight per card type - Wizard, Jester, trump or "
        "other suit by rank - and per seat, plus trump length and void suits; `table=0` switches it off), "
        "otherwise the sum of each card's chance that no other hand holds an unseen card that beats it (threats "
        "weighted by `kill`, trumps by the chance the holder is void times `ruff`, normalised by `norm` so the "
        "table's bids add up to the hand size); times `scale` plus `bias`; a forbidden bid moves one step "
        "towards the unrounded value. Names the suit with most strength (rank + 5 per card) after a turned "
        "Wizard (any suit when blind). Plays each legal card by its chance to take the trick against the "
        "players still to play: their hand lengths, known voids, the chance they are void, and whether they "
        "still need tricks (a player who made his bid counts `duck`). Tricks wanted beyond those its Wizards "
        "will take: the least dangerous card with chance >= `lead_min` (the most dangerous such card when one "
        "trick is left to find; the likeliest winner when every remaining trick is needed), else a Wizard, else "
        "the likeliest winner when following, else its least dangerous card. Bid made: it ducks with its most "
        "dangerous card that loses to the trick, else plays the card least likely to win.",
    ),
    "baseline": PolicyInfo(
        "baseline",
        2,
        {},
        "The rule-based player of Schumacher and Pleines (IEEE CoG 2022, `jonas-schumacher/drl-pomdp`, "
        "`RuleBasedPlayer`), re-implemented. Each card is worth ((first + second) / 2) ** (n - 1), from the "
        "trump-specific table of which card beats which (first: chance a led card survives one random "
        "card; second: chance it beats one random led card), scaled so the deck is worth deck / n tricks. "
        "Bids the hand's worth rounded half to even, within 0..r, ignoring the other bids (a forbidden bid "
        "moves one step towards the unrounded worth). Names the suit that makes its hand worth most after a "
        "turned Wizard (the original plays such rounds without trump; any suit when blind). Tricks missing: "
        "leads its highest card, follows with its highest card if that beats the trick, else its lowest. "
        "Bid made: leads its lowest card, follows with the highest card that loses to the trick (else its "
        "lowest).",
    ),
    "pimc": PolicyInfo(
        "pimc",
        3,
        {"worlds": 32, "spite": 0.0, "infer": 3.0},
        "Bids and names trump as `heuristic` (default parameters). Plays by perfect-information Monte Carlo: up "
        "to `worlds` times it deals the cards it has not seen to the other hands at random, consistent with the "
        "public cards, the turned card, the hand lengths and the suits each player has shown he lacks, and "
        "(`infer` > 0) weighted towards hands that fit the visible bids (a deal is kept with chance "
        "exp(-infer * (e - bid)^2) per player, e being what the heuristic's table expects of the hand he bid "
        "with); in each deal it plays every legal card (one per class of interchangeable cards) and plays the "
        "round out with `heuristic` for every seat; cards that fall clearly behind on the same deals are "
        "dropped every 8 deals; it plays the card with the best mean score (own score minus `spite` times the "
        "others' mean), ties to the heuristic's card. Bids it cannot see (revealed after the round) are "
        "guessed from the dealt hands. Compiled; some 300 times slower than `heuristic`.",
    ),
    "rollout": PolicyInfo(
        "rollout",
        4,
        {"worlds": 32, "spite": 0.0, "infer": 3.0, "samples": 48, "window": 3},
        "Bids by Monte Carlo: up to `samples` times it deals the unseen cards at random (consistent with its "
        "hand and the turned card, weighted by `infer` towards hands that fit the earlier bids), lets every "
        "seat whose bid it cannot see yet bid as `heuristic` (the dealer respecting plus/minus one), plays the "
        "round out with `heuristic`, and scores every candidate bid within `window` of the heuristic's bid on "
        "the same deals, dropping bids that fall clearly behind; it bids the best mean score, never the "
        "forbidden bid. Names trump as `heuristic`; plays as `pimc`. The strongest player here.",
    ),
}


POLICIES["expert"] = PolicyInfo(
    "expert",
    5,
    {"read": 0.6, "fade": 14.0, "ruff": 0.4, "lead_min": 0.35, "kill": 0.8, "duck": 0.3, "pick": 5.0,
     "lead_nt": 0.6},
    "Round 1 (standard deck, 3-6 players) exactly rational: bids 1 iff its card's chance to take the trick, given "
    "its seat, the turned card or named suit and the earlier bids read through the earlier players' rational "
    "rule, reaches the break-even chance (3/7 standard, 2/5 alternative scoring); bids it cannot see (hidden, "
    "revealed after the round) are not used: then the rule without them. Other rounds: the hand's expected "
    "tricks (the heuristic's fitted table, else its analytic estimate), moved by `read` towards its share of the "
    "tricks the visible earlier bids leave over (the weight fading linearly to 0 at hand size `fade`); up to hand "
    "size `pick` the bid with the best expected score under the round's scoring for a distribution of tricks "
    "(each card's chance as independent trials, `ruff` and `kill` as the heuristic's), for larger hands the "
    "estimate rounded; never the forbidden bid (it moves one step towards the estimate). Names the trump suit "
    "whose best bid scores best for its hand after a turned Wizard (round 1: the suit of its card; blind: any "
    "suit). Plays as `heuristic` with its own `ruff`, `lead_min` (`lead_nt` without trump) and `duck`, tuned "
    "in the arena. Not covered: special cards and one-colour mode, whose engines play their own heuristic for "
    "every policy but `random` (expert included, with that heuristic's default parameters); other decks use the "
    "analytic estimate, also in round 1.",
)


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
"""The default wherever a statistic assumes how players play: the strongest policy fast enough for
statistics (tens of thousands of rounds per second). ``rollout`` plays better but is some 300 to
1,000 times slower; pass it explicitly where its strength matters more than the sample size."""


def strongest() -> str:
    """The default of every statistic: the strongest policy fast enough for statistics (``heuristic``)."""
    return DEFAULT_POLICY
