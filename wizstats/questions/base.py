"""What every question shares: the options it may be asked about, the answer, the question, the sources.

:mod:`wizstats.questions.ask` (the rules of thumb) and :mod:`wizstats.questions.claims` (the
source articles' claims) both build their questions from these; ``ask.QUESTIONS`` lists both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pandas as pd

from .. import checks
from ..players import Policy, resolve_policies
from ..rules import Rules, hand_size_for

__all__ = [
    "ARTICLE_000",
    "ARTICLE_003",
    "DEALT",
    "OPTION_FLAGS",
    "SIMULATED",
    "Answer",
    "AskOptions",
    "Question",
    "about",
]


@dataclass(frozen=True)
class AskOptions:
    """What a question may be asked about; each question reads the fields it needs."""

    n_players: int = 4
    hand_size: int | None = None
    """``None``: the question's default (round 1, or every round of the game)."""
    plus_minus_one: bool = False
    blind_trump: bool = False
    k: int = 3
    schedule: str = "standard"
    policy: str | None = None
    """``None``: :data:`wizstats.DEFAULT_POLICY`."""
    n: int | None = None
    """Deals per hand size; ``None``: the question's default (a few seconds)."""
    seed: int = 0
    bids: tuple[int, ...] | None = None
    """Earlier bids (round 1: 0 or 1 each, bidding order from seat 1); ``None``: not given."""
    rank: int = 10
    """The rank of a suit card (``highest-of-suit``)."""

    def __post_init__(self) -> None:
        rules = self.rules()  # the table: 3 to 6 players with the standard deck
        checks.optional(self.hand_size, hand_size_for, rules, "hand size")
        checks.flag(self.plus_minus_one, "plus_minus_one")
        checks.flag(self.blind_trump, "blind_trump")
        checks.choice(self.schedule, "schedule", ("standard", "tournament"))
        rounds = len(Rules(self.n_players, schedule=self.schedule).schedule)
        checks.whole(self.k, "k (the last rounds)", 1, rounds)
        if self.policy is not None:
            Policy.parse(self.policy) if isinstance(self.policy, str) else resolve_policies(self.policy, 1)
        checks.optional(self.n, checks.count, "n", checks.MAX_SAMPLES)
        checks.seed(self.seed)
        checks.whole(self.rank, "rank", 1, rules.deck.n_ranks)

    def rules(self) -> Rules:
        """The rules these options describe."""
        return Rules(
            checks.whole(self.n_players, "n_players"),
            plus_minus_one=self.plus_minus_one,
            trump_choice="blind" if self.blind_trump else "after-look",
        )

    def sizes(self) -> list[int] | None:
        """The hand size asked for, or ``None`` for the whole schedule."""
        return None if self.hand_size is None else [self.hand_size]


@dataclass
class Answer:
    """A one-sentence answer and the table behind it."""

    sentence: str
    table: pd.DataFrame
    """The full table (``--format csv/json``)."""
    summary: pd.DataFrame | None = None
    """A shorter table for reading (``--format table``); ``None``: the full table."""
    notes: list[str] = field(default_factory=list)

    def shown(self) -> pd.DataFrame:
        """The table to print for a reader."""
        return self.table if self.summary is None else self.summary

    def full_table(self) -> pd.DataFrame:
        """The table ``--format csv/json`` prints (and ``/api/ask/NAME`` returns): the sentence in an ``answer`` column."""
        return self.table.assign(answer=self.sentence)


OPTION_FLAGS = {
    "n_players": "--players",
    "hand_size": "--hand-size",
    "plus_minus_one": "--plus-minus-one",
    "blind_trump": "--blind-trump",
    "k": "--k",
    "schedule": "--schedule",
    "policy": "--policy",
    "n": "--n",
    "seed": "--seed",
    "bids": "--bids",
    "rank": "--rank",
}
"""The command-line option of each :class:`AskOptions` field."""

SIMULATED = ("n", "seed", "policy")
"""The options of a simulation: they do not apply where a question is counted exactly."""

DEALT = ("n_players", "hand_size", *SIMULATED)
"""The options of a question simulated over dealt hands: the players, the hand size and the sample."""


@dataclass(frozen=True)
class Question:
    """A named question: its text, the options it reads, and how to answer it.

    ``reads`` names the :class:`AskOptions` fields the answer depends on; ``exact_at_one``: with
    one card in hand (the default hand size) the answer is an exact count, and the options of a
    simulation do not apply. An option set to anything but its default that the question does
    not read is refused (:func:`ask`), never silently ignored.
    """

    name: str
    text: str
    reads: tuple[str, ...]
    answer: Callable[[AskOptions], Answer]
    exact_at_one: bool = False
    note: str = ""
    source: str = ""
    """The source article (``wizstats ask --list``): file and title, and the claim in its words."""

    @property
    def options(self) -> str:
        """The command-line options it takes, e.g. ``--players, --hand-size (1: exact), --n``."""
        names = []
        for key in self.reads:
            extra = ""
            if key == "hand_size":
                extra = " (1: exact)" if self.exact_at_one else " (default: a game)"
            names.append(OPTION_FLAGS[key] + extra)
        return ", ".join(names) or "(none)"

    def unread(self, options: AskOptions) -> list[str]:
        """The options given (not at their defaults) that this question does not read."""
        default = AskOptions()
        reads = set(self.reads)
        if self.exact_at_one and options.hand_size in (None, 1):
            reads -= set(SIMULATED)
        return [f for f in OPTION_FLAGS if f not in reads and getattr(options, f) != getattr(default, f)]


ARTICLE_000 = "000_a9c56572d1874c39 (Wizard Regeln kompakt, de)"
"""The source articles (``/work/shared/seeds``): file name and title."""
ARTICLE_003 = "003_9cc6b57536a4be30 (Spelregels Wizard, Spelregelwijzer, nl)"


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def ci(low: float, high: float, scale: float = 1.0, digits: int = 1) -> str:
    return f"[{scale * low:.{digits}f}, {scale * high:.{digits}f}]"


def about(players: str | None, n: int, o: AskOptions, what: str = "deals per hand size") -> str:
    """How a simulated answer was measured: ``(heuristic players, 3,000 deals per hand size, seed 0, 95% intervals)``."""
    return f"({players} players, {n:,} {what}, seed {o.seed}, 95% intervals)"
