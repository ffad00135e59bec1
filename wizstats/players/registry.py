"""The players, by name: how each bids, names trump and plays, and its parameters.

A policy is given by name (``"heuristic"``), or as :class:`Policy` with changed parameters
(``Policy("heuristic", scale=1.1)``), one for all seats or one per seat (seat 0 = dealer).

>>> sorted(POLICIES)
['baseline', 'expert', 'heuristic', 'pimc', 'random', 'rollout']
>>> Policy("heuristic", bias=0.25).params["bias"]
0.25

Every parameter is declared with its type and range (:class:`Param`); a value outside is refused
with the allowed range, so that nothing but a checked number reaches a kernel:

>>> Policy.parse("pimc:worlds=0")
Traceback (most recent call last):
...
ValueError: policy 'pimc': worlds must be a whole number in 1..100,000, got 0
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

import numpy as np

from ..checks import WrongType, real, whole
from ..layout import COLUMNS, MAXP, N_PARAMS, P_BASELINE, P_EXPERT, P_HEURISTIC, P_PIMC, P_RANDOM, P_ROLLOUT

__all__ = ["POLICIES", "VERSIONS", "Param", "Policy", "PolicyInfo", "resolve_policies"]


@dataclass(frozen=True)
class Param:
    """A policy parameter's declaration: default, type (``float``, ``int`` or ``bool``: a 0/1 switch) and range.

    >>> Param(32, 1, 100_000, int).check(8.0, "worlds")
    8.0
    >>> Param(1.0, 0, 10).check(11, "scale")
    Traceback (most recent call last):
    ...
    ValueError: scale must be a finite number in [0, 10], got 11
    """

    default: float
    low: float
    high: float
    kind: type = float
    doc: str = ""
    declared: bool = True
    """``False`` for a parameter registered with a bare default (then any finite number within +-1e6)."""

    def check(self, value: object, name: str) -> float:
        """The value as the kernel's float, or ``ValueError``/``TypeError`` naming ``name`` and the range."""
        if self.kind is bool:
            number = float(value) if isinstance(value, (bool, np.bool_)) else real(value, name)
            if number not in (0.0, 1.0):
                raise ValueError(f"{name} must be 0 or 1 (off or on), got {value!r}")
            return number
        if self.kind is int:
            number = real(value, name)
            if number != int(number) or not self.low <= number <= self.high:
                shown = f"{value:g}" if isinstance(value, float) else repr(value)
                raise ValueError(f"{name} must be a whole number in {self.low:,}..{self.high:,}, got {shown}")
            return number
        return real(value, name, self.low, self.high)

    def describe(self) -> str:
        """``worlds: whole number 1..100000 (default 32)``."""
        kind = {int: "whole number", bool: "0 or 1", float: "number"}[self.kind]
        span = "" if self.kind is bool else f" {self.low:g}..{self.high:g}"
        return f"{kind}{span} (default {self.default:g})"


def _text(value: float) -> str:
    """A parameter value as text that parses back to the same number (``32``, ``1.1``, ``0.001953125``)."""
    return str(int(value)) if float(value).is_integer() and abs(value) < 1e15 else repr(float(value))


def _number(text: str, name: str, kind: type) -> float:
    """A parameter value from its text (``2``, ``0.5``, ``1e3``), refusing what is not a number.

    ASCII only: ``float`` also reads other scripts' digits (``'١'``) and ``'1_0'``.
    """
    try:
        if not text.isascii() or "_" in text:
            raise ValueError(text)
        value = float(text)
    except ValueError:
        raise ValueError(f"{name} must be a number, got {text!r}") from None
    if kind is int and math.isfinite(value) and value == int(value) and not any(c in text for c in ".eE"):
        return float(int(text))
    return value


@dataclass(frozen=True)
class PolicyInfo:
    """A registered policy: its kernel id, parameters (declared with type and range), and what it does.

    ``defaults`` maps each parameter to its :class:`Param` declaration, or (undeclared) to a bare
    default, which then takes any finite number within +-1e6 (``tests/fuzz`` asks every
    registered parameter to be declared). After construction ``defaults`` holds the plain
    defaults and ``params`` the declarations, in the kernel's column order: for a kernel id of
    :mod:`wizstats.layout` the names must be its ``COLUMNS`` in that order (else ``ValueError``).
    """

    name: str
    kernel_id: int
    defaults: Mapping[str, float | Param]
    doc: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def __post_init__(self) -> None:
        declared = {
            key: value if isinstance(value, Param) else Param(float(value), -1e6, 1e6, declared=False)
            for key, value in self.defaults.items()
        }
        if len(declared) > N_PARAMS:
            raise ValueError(f"policy {self.name!r}: at most {N_PARAMS} parameters, got {len(declared)}")
        if self.kernel_id in COLUMNS and tuple(declared) != COLUMNS[self.kernel_id]:
            raise ValueError(
                f"policy {self.name!r}: parameters {tuple(declared)} are not the kernel's columns "
                f"{COLUMNS[self.kernel_id]} (wizstats.layout)"
            )
        object.__setattr__(self, "params", declared)
        object.__setattr__(self, "defaults", {key: float(p.default) for key, p in declared.items()})


HEURISTIC_PARAMS: dict[str, Param] = {
    "scale": Param(1.0, 0, 10, doc="multiplies the expected tricks before the bid is rounded"),
    "bias": Param(0.0, -64, 64, doc="added to the expected tricks before the bid is rounded"),
    "ruff": Param(1.0, 0, 10, doc="multiplies the chance that a later player is void in the led suit"),
    "lead_min": Param(0.55, 0, 1, doc="win chance a card needs before it is played to take a wanted trick"),
    "kill": Param(1.0, 0, 10, doc="when bidding: weight of each unseen threat"),
    "duck": Param(0.15, 0, 1, doc="in play: weight of a threat held by a player who has made his bid"),
    "norm": Param(1.0, 0, 1, doc="when bidding: how far the estimate is scaled so the table's total is the hand size"),
    "table": Param(1.0, 0, 1, bool, doc="when bidding: use the fitted table of expected tricks where one exists"),
}
"""The heuristic's parameters (kernel columns in this order)."""

PIMC_PARAMS: dict[str, Param] = {
    "worlds": Param(32, 1, 100_000, int, doc="deals of the unseen cards tried per card played"),
    "spite": Param(0.0, -10, 10, doc="the score counted is own score minus spite times the others' mean"),
    "infer": Param(3.0, 0, 100, doc="how strongly deals are weighted towards hands that fit the visible bids"),
    "playout": Param(
        0,
        0,
        1,
        int,
        doc="how every seat plays in the rollouts: 0 as `heuristic` (default parameters), 1 as `expert` without "
        "its fitted play (its default ruff, lead_min or lead_nt, and duck)",
    ),
    "bidder": Param(
        0,
        0,
        1,
        int,
        doc="0 names trump and bids as `heuristic`, 1 as `expert` at its defaults (`rollout`: its bid search "
        "is centred on that bid)",
    ),
}
"""The card-play search's parameters (``pimc`` and ``rollout``)."""

ROLLOUT_PARAMS: dict[str, Param] = {
    "samples": Param(48, 1, 100_000, int, doc="deals of the unseen cards tried per bid"),
    "window": Param(3, 0, 64, int, doc="bids tried on either side of the heuristic's bid"),
}
"""The bid search's parameters (``rollout``)."""

POLICIES: dict[str, PolicyInfo] = {
    "random": PolicyInfo(
        "random",
        P_RANDOM,
        {},
        "Bids uniformly over the allowed bids 0..r, plays a uniformly random legal card, and names a "
        "uniformly random trump suit after a turned Wizard. A yardstick, not a player.",
    ),
    "heuristic": PolicyInfo(
        "heuristic",
        P_HEURISTIC,
        HEURISTIC_PARAMS,
        "Bids its hand's expected tricks, rounded: with the standard deck and 3-6 players from a table fitted "
        "to its own self-play (`python tools/fit_bid_table.py`: a weight per card type - Wizard, Jester, trump or "
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
        P_BASELINE,
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
        P_PIMC,
        PIMC_PARAMS,
        "Bids and names trump as `heuristic` (default parameters; `bidder=1`: as `expert`). Plays by "
        "perfect-information Monte Carlo: up "
        "to `worlds` times it deals the cards it has not seen to the other hands at random, consistent with the "
        "public cards, the turned card, the hand lengths and the suits each player has shown he lacks, and "
        "(`infer` > 0) weighted towards hands that fit the visible bids (a deal is kept with chance "
        "exp(-infer * (e - bid)^2) per player, e being what the heuristic's table expects of the hand he bid "
        "with); in each deal it plays every legal card (one per class of interchangeable cards) and plays the "
        "round out with `heuristic` for every seat (`playout=1`: with the expert's unfitted card play); cards that fall clearly behind on the same deals are "
        "dropped every 8 deals; it plays the card with the best mean score (own score minus `spite` times the "
        "others' mean), ties to the heuristic's card. Bids it cannot see (revealed after the round) are "
        "guessed from the dealt hands. Compiled; some 300 times slower than `heuristic`.",
    ),
    "rollout": PolicyInfo(
        "rollout",
        P_ROLLOUT,
        {**PIMC_PARAMS, **ROLLOUT_PARAMS},
        "Bids by Monte Carlo: up to `samples` times it deals the unseen cards at random (consistent with its "
        "hand and the turned card, weighted by `infer` towards hands that fit the earlier bids), lets every "
        "seat whose bid it cannot see yet bid as `heuristic` (the dealer respecting plus/minus one), plays the "
        "round out with `heuristic` (`playout=1`: the expert's unfitted card play), and scores every candidate bid "
        "within `window` of the heuristic's bid (`bidder=1`: the expert's) on "
        "the same deals, dropping bids that fall clearly behind; it bids the best mean score, never the "
        "forbidden bid. Names trump as `heuristic` (`bidder=1`: as `expert`); plays as `pimc`. With special cards the "
        "special-card engine plays its own rollout: bids and cards (each card in every form) searched the same way "
        "with the special heuristic over worlds consistent with what the seat knows (no inference from the bids: "
        "it reads `worlds`, `samples`, `window` and `bidder` only); trump, the Witch's swap and the Juggler's pass "
        "as the special heuristic.",
    ),
}


POLICIES["expert"] = PolicyInfo(
    "expert",
    P_EXPERT,
    {
        "read": Param(0.6, 0, 1, doc="when bidding: weight of the share of tricks the visible earlier bids leave over"),
        "fade": Param(
            14.0, 0, 100, doc="when bidding: the weight of the earlier bids fades linearly to 0 at this hand size"
        ),
        "ruff": Param(0.4, 0, 10, doc="multiplies the chance that a later player is void in the led suit"),
        "lead_min": Param(0.35, 0, 1, doc="win chance a card needs before it is played to take a wanted trick"),
        "kill": Param(0.8, 0, 10, doc="when bidding: weight of each unseen threat"),
        "duck": Param(0.3, 0, 1, doc="in play: weight of a threat held by a player who has made his bid"),
        "pick": Param(5.0, 0, 20, doc="up to this hand size the bid with the best expected score; larger hands round"),
        "lead_nt": Param(0.6, 0, 1, doc="lead_min in a round without trump"),
        "fitted": Param(
            2,
            0,
            2,
            int,
            doc="card play: 2 plays the card the fitted network scores best (hand sizes 2 and up), 1 the card the "
            "fitted linear weights score best at the hand sizes that have weights, 0 the heuristic's card with "
            "these parameters everywhere",
        ),
        "gate": Param(
            -1.0,
            -1,
            1000,
            doc="card play: the fitted card replaces the heuristic's only when it scores more than this many points "
            "above it; negative: 0 for the network, the gate fitted for the hand size for the linear score",
        ),
        "search": Param(
            2,
            0,
            15,
            int,
            doc="hand sizes from 2 up to this bid by a rollout search over every bid (0 or 1: none), "
            "which is cheap in short rounds",
        ),
        "named": Param(
            -1.0,
            -1,
            20,
            doc="when bidding as the dealer after naming trump (a Wizard turned, looking at his hand): tricks "
            "taken off his estimate, which overrates the suit he chose; negative: the offset fitted per table and "
            "hand size (tools/fit_expert_cells.py)",
        ),
        "sure": Param(
            -1.0,
            -1,
            2,
            doc="when bidding: cards whose chance to take a trick is at least this count as sure, and the earlier "
            "bids and the dealer's offset move only the rest of the estimate (above 1: off, every card moves; "
            "negative: the value fitted per table and hand size, tools/fit_expert_cells.py)",
        ),
        "others": Param(
            -1.0,
            -1,
            20,
            doc="when bidding after the dealer named trump looking at his hand (a Wizard turned), as another "
            "seat: tricks taken off its estimate, since the dealer chose the suit for his strength in it "
            "(negative: the offset fitted per table and hand size, tools/fit_expert_cells.py)",
        ),
        "endgame": Param(
            -1,
            -1,
            15,
            int,
            doc="card play: its last this many cards by the search's card, the best mean score over 16 deals of "
            "the unseen cards weighted towards the bids seen, rolled out with its unfitted card play (0: none; "
            "negative: its last 2 cards in rounds of 3 cards and more)",
        ),
    },
    "Round 1 (standard deck, 3-6 players) exactly rational: bids 1 iff its card's chance to take the trick, given "
    "its seat, the turned card or named suit and the earlier bids read through the earlier players' rational "
    "rule, reaches the break-even chance (3/7 standard, 2/5 alternative scoring); bids it cannot see (hidden, "
    "revealed after the round) are not used: then the rule without them. Other rounds: the hand's expected "
    "tricks (the heuristic's fitted table, else its analytic estimate), moved by `read` towards its share of the "
    "tricks the visible earlier bids leave over (the weight fading linearly to 0 at hand size `fade`); up to hand "
    "size `pick` the bid with the best expected score under the round's scoring for a distribution of tricks "
    "(each card's chance as independent trials, `ruff` and `kill` as the heuristic's), for larger hands the "
    "estimate rounded; never the forbidden bid (it moves one step towards the estimate); the cards whose chance "
    "reaches `sure` (by default fitted per table and hand size, tools/fit_expert_cells.py) count as sure, and the "
    "earlier bids and the dealer's offset below move only the rest of the estimate; at hand sizes 2 up to "
    "`search` instead the best of every bid by `rollout`'s bid search at its defaults (48 deals weighted by the "
    "earlier bids, the unseen bids and the play as `heuristic`), cheap in short rounds. Names the trump suit "
    "under which its hand expects the most tricks after a turned Wizard (round 1: the suit of its card; blind: any "
    "suit), and then, as the dealer, bids `named` tricks below its estimate (the suit chosen for the highest estimate is "
    "the one the estimate overrates most; by default the offset fitted per table and hand size, "
    "tools/fit_expert_cells.py); the other seats, who see the suit he named, bid `others` tricks below theirs "
    "(fitted likewise). Plays (standard deck, 2 cards and more) the legal card a small network scores best from its features "
    "(its need of tricks, the tricks the others want, its place in the trick, the card's kind, rank and chance to "
    "take the trick), fitted to the outcome each card had in the true deal of its own self-play "
    "(tools/fit_expert_net.py), when that score beats the heuristic's card's by more than `gate` (negative: 0) and "
    "not every trick left is needed; `fitted` = 1 uses the older linear score per hand size instead "
    "(tools/fit_expert_play.py; `gate` negative: the gate fitted per hand size), `fitted` = 0 neither; otherwise it "
    "plays as `heuristic` with its own `ruff`, `lead_min` (`lead_nt` without trump) and `duck`, tuned in the arena. "
    "Its last `endgame` cards (by default its last 2 in rounds of 3 cards and more) it plays as `pimc` would, by the "
    "best mean score over 16 deals of the unseen cards weighted towards the bids seen (`infer` 1), rolled out with "
    "its unfitted card play (`playout=1`): the search sees there what the network's features miss. With special cards the special-card engine plays its own expert: bids by expected score "
    "from the special heuristic's card chances, with a scale, the weight of the earlier bids and the choice of "
    "distribution or rounding fitted per hand size (tools/fit_special_expert.py), at 4 players with all nine "
    "special cards from a table of expected tricks fitted to its own self-play (tools/fit_special_table.py); its "
    "card play is the special heuristic's aimed at its bid (each card scored by the tricks it takes now and "
    "leaves for later against the tricks still wanted, settings fitted per hand size), at 4 players with all nine "
    "special cards plus fitted weights of each option's features, fitted by expert iteration to the points each "
    "option scores in the true deal of its own self-play (tools/fit_special_play.py); with `fitted` = 2 (the "
    "default), there, in hands of up to 9 cards, it plays its last two cards as the special `rollout` does, by the best "
    "mean score over 16 worlds (its endgame, where the search sees what the features miss), `fitted` = 1 "
    "without that search, `fitted` = 0 without the weights either (`fitted` is its only parameter); trump, the "
    "Witch's swap "
    "and the Juggler's pass as the special heuristic. In one-colour mode that engine plays its own expert: the one-colour heuristic's "
    "card play, bids by expected score from its per-card chances, with a scale, the weight of each threat, the "
    "weight of the earlier bids, the choice of distribution or rounding and the card-play settings fitted per "
    "round (tools/fit_one_colour_expert.py); it takes no parameters either. Other decks use "
    "the analytic estimate, also in round 1.",
)


VERSIONS: dict[str, tuple[str, dict[str, float]]] = {
    "expert:v1": ("expert", {"named": 0.4, "sure": 2.0, "others": 0.0, "endgame": 0.0}),
    "expert:v2": ("expert", {"endgame": 0.0}),
}
"""Frozen versions of a player, by name: the policy and the parameters under which it plays as it did when the
version was named, so that each new default can be measured against the one before (``docs/players.md``).
``expert:v1`` is the expert before its dealer's offset after naming trump was fitted per table and hand size
(one offset, 0.4 tricks, at every hand size), with no sure cards, no reading of the named suit by the others and
no endgame search;
``expert:v2`` is the expert before its endgame search (its last cards played by the network too). A version is a parameter set over the current kernels: a later
change to the expert that no parameter switches off would need a switch before it lands, or a new version."""


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
        values = dict(info.defaults)
        for key, value in params.items():
            try:
                values[key] = info.params[key].check(value, key)
            except TypeError as err:
                raise WrongType(f"policy {info.name!r}: {err}") from None
            except ValueError as err:
                raise ValueError(f"policy {info.name!r}: {err}") from None
        object.__setattr__(self, "name", info.name)
        object.__setattr__(self, "params", values)

    @classmethod
    def parse(cls, text: str) -> Policy:
        """From ``name``, ``name:key=value,key=value`` (the command-line form; values are checked) or a frozen
        version's name such as ``expert:v1`` (:data:`VERSIONS`).

        >>> str(Policy.parse("expert:v1")), Policy.parse("expert:v1").params["named"]
        ('expert:v1', 0.4)
        """
        if not isinstance(text, str):
            raise WrongType(f"a policy is a name such as 'heuristic' or 'pimc:worlds=8', got {text!r}")
        if text.strip().lower() in VERSIONS:
            name, frozen = VERSIONS[text.strip().lower()]
            return cls(name, **frozen)
        name, colon, rest = text.partition(":")
        info = _info(name)
        if colon and "=" not in rest and rest.strip().isalnum():
            known = ", ".join(VERSIONS) or "none"
            raise ValueError(f"unknown policy version {text.strip()!r} (known versions: {known})")
        params: dict[str, float] = {}
        items = rest.split(",") if colon else []
        for item in items:
            key, eq, value = (part.strip() for part in item.partition("="))
            if not eq or not key or not value:
                raise ValueError(f"bad policy parameter {item.strip()!r} in {text!r} (expected key=number)")
            if key in params:
                raise ValueError(f"policy parameter {key!r} is given twice in {text!r}")
            if key not in info.params:
                params[key] = 0.0  # refused by the constructor, which names the parameters there are
                continue
            try:
                params[key] = _number(value, key, info.params[key].kind)
            except ValueError:
                raise ValueError(f"bad policy parameter {item.strip()!r} in {text!r} (expected key=number)") from None
        return cls(info.name, **params)

    def __str__(self) -> str:
        info = POLICIES[self.name]
        changed = {k: v for k, v in self.params.items() if v != info.defaults[k]}
        for version, (name, frozen) in VERSIONS.items():
            if name == self.name and changed == frozen:
                return version
        return self.name + (":" + ",".join(f"{k}={_text(v)}" for k, v in changed.items()) if changed else "")

    def row(self) -> np.ndarray:
        """The parameter row the kernel reads (in the registered order)."""
        out = np.zeros(N_PARAMS)
        out[: len(self.params)] = list(self.params.values())
        return out


def _info(name: str) -> PolicyInfo:
    if not isinstance(name, str):
        raise WrongType(f"a policy name is a string such as 'heuristic', got {name!r}")
    key = name.strip().lower()
    if key not in POLICIES:
        raise ValueError(f"unknown policy {name!r} (known: {', '.join(sorted(POLICIES))})")
    return POLICIES[key]


Policies: TypeAlias = str | Policy | Sequence[str | Policy]
"""Who plays: one policy (a name such as ``"expert:read=0.2"`` or a :class:`Policy`) for every seat, or one per seat."""


def resolve_policies(policies: Policies, n_players: int) -> tuple[list[Policy], np.ndarray, np.ndarray]:
    """Policies per seat, as :class:`Policy` values and the kernel's id vector and parameter matrix."""
    n_players = whole(n_players, "n_players", 1, MAXP)
    if isinstance(policies, (str, Policy)):
        policies = [policies] * n_players
    elif not isinstance(policies, Sequence):
        raise WrongType(f"policies must be a policy or a sequence of them (one per seat), got {policies!r}")
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


DEFAULT_POLICY = "expert"
"""The default wherever a statistic assumes how players play: ``expert``, because it uses what a player
at the table knows (the earlier bids, exact round-1 bids, trump by expected score, a card play that
reads the table), beats ``heuristic`` at every hand size, holds its own against the much slower
``rollout`` at every hand size 1..15, and is fast enough for the report (``benchmarks/players.py``
measures all three; ``docs/players.md``). With special cards the special-card engine plays its own
``expert`` (``benchmarks/special_expert.py``), and so does the one-colour engine
(``benchmarks/one_colour_expert.py``). Earlier defaults stay playable under frozen names (:data:`VERSIONS`)."""


def strongest() -> str:
    """The default of every statistic: :data:`DEFAULT_POLICY` (``expert``)."""
    return DEFAULT_POLICY
