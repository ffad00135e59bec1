"""The score pad of a real game: read a CSV of bids and tricks, check it, total it, name the winners.

The file has one row per round and player, with a header row naming the columns ``round``,
``player``, ``bid``, ``tricks`` (any order; optional ``score`` and ``total`` columns are checked
against the computed values). A player who sits a round out has a row with ``-`` for bid and
tricks and gets the average of the others' scores (RULES 6). Lines starting with ``#`` are
comments, except these settings::

    # players: Anna, Ben, Cleo, Dirk        clockwise, the first deals round 1 (default: as in round 1)
    # rules: tournament, plus-minus-one, alternative, elimination   (any of them; default standard)
    # deck: standard                        (or junior, oh-hell, SxR+W+J)
    # schedule: 1, 2, 3                     hand sizes (default: the standard or tournament schedule)

Nothing is guessed: every problem is reported with its line number, and the sheet is refused.

>>> sheet = ScoreSheet.parse('''round,player,bid,tricks
... 1,Ann,0,0
... 1,Bob,1,1
... 1,Cid,0,0''', schedule=[1])
>>> sheet.totals, sheet.winners
({'Ann': Fraction(20, 1), 'Bob': Fraction(30, 1), 'Cid': Fraction(20, 1)}, ['Bob'])
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import pandas as pd

from .checks import (
    MAX_SCHEDULE,
    MAX_SHEET_BYTES,
    MAX_SHEET_LINES,
    WrongType,
    flag,
    one_line,
    read_text,
    shown,
    truncated_list,
)
from .rules import GamePlan, Rules, Scoring, final_places, game_plan, placement_shares, raw_score

__all__ = ["ScoreSheet", "ScoreSheetError"]

COLUMNS = ("round", "player", "bid", "tricks")
OPTIONAL_COLUMNS = ("score", "total")
SETTINGS = ("players", "rules", "deck", "schedule")
RULE_WORDS = ("standard", "tournament", "plus-minus-one", "alternative", "elimination")
MAX_LINE = 10_000
"""The longest line of a score sheet read (a row is a few dozen characters)."""
_SETTING = re.compile(r"#\s*([A-Za-z-]+)\s*:(.*)$")
_WHOLE = re.compile(r"[0-9]+")
"""A count as the sheet writes it: ASCII digits only (no sign, no '1_0', no other scripts' digits)."""
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
"""A written score or total: a decimal number such as ``20``, ``-10`` or ``23.33`` (no exponent, no fraction)."""
MAX_DIGITS = 30
"""The most digits of a number on the sheet read (a score has a few; more is a typo or junk)."""


class ScoreSheetError(ValueError):
    """A score sheet that cannot be scored; ``errors`` lists ``(line, message)`` pairs."""

    def __init__(self, name: str, errors: list[tuple[int, str]]) -> None:
        self.errors = sorted(errors)
        problems = (one_line(f"line {line}: {msg}" if line else msg, 300) for line, msg in self.errors)
        super().__init__(f"{one_line(name, 200)}: {truncated_list(problems)}")


@dataclass
class _Row:
    line: int
    round: int
    player: str
    bid: int | None  # None: sits out
    tricks: int | None
    checks: dict[str, str] = field(default_factory=dict)


@dataclass
class _Options:
    """Rule settings from the file's header and from the caller, merged without guessing."""

    words: set[str] = field(default_factory=set)
    deck: str | None = None
    schedule: tuple[int, ...] | None = None
    players: list[str] | None = None


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.2f}"


@dataclass
class ScoreSheet:
    """A checked and scored game: per round the bids, tricks, scores and running totals."""

    name: str
    plan: GamePlan
    players: list[str]
    rounds: list[dict[str, tuple[int, int] | None]]
    """Per round played: player -> (bid, tricks), or None for a player who sat it out."""
    scores: list[dict[str, Fraction]]
    out_after: dict[str, int]
    """Player -> the round after which he dropped out (elimination), 0 if he did not."""

    @property
    def rules(self) -> Rules:
        """The rules the sheet was checked against."""
        return self.plan.rules

    @property
    def complete(self) -> bool:
        """Whether every round of the schedule is on the sheet."""
        return len(self.rounds) == self.plan.n_rounds

    @property
    def totals(self) -> dict[str, Fraction]:
        """Total per player after the last round on the sheet (exact; sit-out averages may be fractions)."""
        return {p: sum((s.get(p, Fraction(0)) for s in self.scores), Fraction(0)) for p in self.players}

    def places(self) -> dict[str, int]:
        """Competition rank per player (0 = winner); drop-outs rank below those who stayed."""
        totals = self.totals
        ranks = final_places([totals[p] for p in self.players], [self.out_after[p] for p in self.players])
        return dict(zip(self.players, ranks, strict=True))

    @property
    def winners(self) -> list[str]:
        """The player or players (a tie) with the highest total among those still in the game."""
        return [p for p, r in self.places().items() if r == 0]

    def placement_points(self) -> dict[str, float] | None:
        """Placement points per player under tournament rules (tied players share), else ``None``."""
        points = self.rules.placement_points
        if points is None:
            return None
        places = self.places()
        return dict(zip(self.players, placement_shares([places[p] for p in self.players], points), strict=True))

    def dealers(self) -> list[str]:
        """Who dealt each round: the first listed player deals round 1, then the deal passes clockwise
        to the next player still in the game; if that player sits the round out, the next one deals."""
        n, ptr, out = len(self.players), 0, []
        for k, played in enumerate(self.rounds):
            out.append(
                next(
                    self.players[(ptr + j) % n] for j in range(n) if played.get(self.players[(ptr + j) % n]) is not None
                )
            )
            ptr = next(
                (ptr + j) % n for j in range(1, n + 1) if not 0 < self.out_after[self.players[(ptr + j) % n]] <= k + 1
            )
        return out

    def frame(self) -> pd.DataFrame:
        """One row per round and player: ``round, hand_size, player, bid, tricks, score, total`` (sit-out: bid NA)."""
        rows, running = [], {p: Fraction(0) for p in self.players}
        for k, (played, scores) in enumerate(zip(self.rounds, self.scores, strict=True)):
            for p in self.players:
                if p not in scores:
                    continue
                running[p] += scores[p]
                bt = played[p]
                rows.append(
                    {
                        "round": k + 1,
                        "hand_size": self.plan.hand_sizes[k],
                        "player": p,
                        "bid": None if bt is None else bt[0],
                        "tricks": None if bt is None else bt[1],
                        "score": float(scores[p]),
                        "total": float(running[p]),
                    }
                )
        frame = pd.DataFrame(rows)
        return frame.astype({"bid": "Int64", "tricks": "Int64"})

    def render(self) -> str:
        """The paper pad: per round and player the bid and the new total; then the winners."""
        width = max(9, *(len(p) for p in self.players))
        head = "round cards |" + "|".join(f" {p:^{width}} " for p in self.players)
        sub = "            |" + "|".join(f" {'bid':>3} {'total':>{width - 4}} " for _ in self.players)
        lines = [self.rules.describe() + "; " + self.plan.describe(), head, sub, "-" * len(head)]
        running = {p: Fraction(0) for p in self.players}
        for k, (played, scores, dealer) in enumerate(zip(self.rounds, self.scores, self.dealers(), strict=True)):
            cells = []
            for p in self.players:
                if p not in scores:
                    cells.append(" " * (width + 2))
                    continue
                running[p] += scores[p]
                bid = "-" if played[p] is None else str(played[p][0])  # type: ignore[index]
                mark = "*" if p == dealer else " "
                cells.append(f"{mark}{bid:>3} {_fmt(running[p]):>{width - 4}} ")
            lines.append(f"{k + 1:>5} {self.plan.hand_sizes[k]:>5} |" + "|".join(cells))
        lines.append("(* deals; bid - sits out and scores the average of the others)")
        lines.extend(self._verdict())
        return "\n".join(lines)

    def _verdict(self) -> list[str]:
        totals, winners = self.totals, self.winners
        names = " and ".join([", ".join(winners[:-1]), winners[-1]] if len(winners) > 1 else winners)
        points = _fmt(totals[winners[0]])
        if not self.complete:
            out = [
                f"after round {len(self.rounds)} of {self.plan.n_rounds} (not finished): leading {names} with {points}"
            ]
        elif len(winners) > 1:
            out = [f"winners (tied): {names} with {points} points"]
        else:
            out = [f"winner: {names} with {points} points"]
        pp = self.placement_points()
        if pp is not None:
            out.append("placement points: " + ", ".join(f"{p} {v:g}" for p, v in pp.items()))
        return out

    @classmethod
    def read(cls, path: str | Path, **options: object) -> ScoreSheet:
        """Read and check a score sheet file; ``options`` as for :meth:`parse`."""
        text = read_text(path, "score sheet", max_bytes=MAX_SHEET_BYTES, max_lines=MAX_SHEET_LINES)
        return cls.parse(text, name=str(path), **options)  # type: ignore[arg-type]

    @classmethod
    def parse(
        cls,
        text: str,
        *,
        name: str = "<score sheet>",
        tournament: bool = False,
        plus_minus_one: bool = False,
        scoring: str | None = None,
        elimination: bool = False,
        deck: str | None = None,
        schedule: Sequence[int] | None = None,
    ) -> ScoreSheet:
        """Check and score a score sheet given as text.

        The keyword options switch rules on in addition to the file's ``# rules:`` line
        (``scoring`` is ``"standard"`` or ``"alternative"``); a ``deck`` or ``schedule`` given both
        here and in the file must agree. Raises :class:`ScoreSheetError` listing every problem
        found, by line.
        """
        if not isinstance(text, str):
            raise WrongType(f"a score sheet's text must be a string, got {type(text).__name__}")
        if len(text) > MAX_SHEET_BYTES or text.count("\n") >= MAX_SHEET_LINES:
            raise ScoreSheetError(
                name,
                [
                    (
                        0,
                        f"the sheet is larger than {MAX_SHEET_BYTES:,} characters or"
                        f" {MAX_SHEET_LINES:,} lines (a limit)",
                    )
                ],
            )
        for flag_name, value in (
            ("tournament", tournament),
            ("plus_minus_one", plus_minus_one),
            ("elimination", elimination),
        ):
            flag(value, flag_name)
        opts, rows, checks = _read_rows(text, name)
        words = {
            w
            for w, on in (("tournament", tournament), ("plus-minus-one", plus_minus_one), ("elimination", elimination))
            if on
        }
        if scoring not in (None, "standard", "alternative"):
            raise ScoreSheetError(name, [(0, f"unknown scoring {scoring!r} (standard or alternative)")])
        if scoring == "alternative":
            words.add("alternative")
        elif scoring == "standard" and "alternative" in opts.words:
            raise ScoreSheetError(
                name, [(0, "scoring is given twice and differs: alternative in the file, standard here")]
            )
        opts.words |= words
        if schedule is not None:
            if isinstance(schedule, (str, bytes)) or not isinstance(schedule, Sequence):
                raise WrongType(f"schedule must be a list of hand sizes, got {shown(schedule)}")
            if not 1 <= len(schedule) <= MAX_SCHEDULE:
                raise ScoreSheetError(
                    name, [(0, f"schedule must list 1 to {MAX_SCHEDULE:,} hand sizes, got {len(schedule):,}")]
                )
        for what, given in (("deck", deck), ("schedule", None if schedule is None else tuple(schedule))):
            mine = getattr(opts, what)
            if given is not None and mine is not None and given != mine:
                raise ScoreSheetError(
                    name, [(0, f"the {what} is given twice and differs: {mine} in the file, {given} here")]
                )
            if given is not None:
                setattr(opts, what, given)
        players = _players(opts, rows, name)
        plan = _plan(opts, len(players), name)
        return _score_sheet(name, plan, players, rows, checks)


def _read_rows(text: str, name: str) -> tuple[_Options, list[_Row], set[str]]:
    """Settings, rows and the optional columns present; raise on any line that cannot be read."""
    opts, errors, rows = _Options(), [], []
    header: list[str] | None = None
    for line_no, raw in enumerate(io.StringIO(text), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            m = _SETTING.match(line)
            if m and m.group(1).lower() in SETTINGS:
                err = _setting(opts, m.group(1).lower(), m.group(2))
                if err:
                    errors.append((line_no, err))
            continue
        if len(line) > MAX_LINE:
            errors.append((line_no, f"the line is {len(line):,} characters long, more than the {MAX_LINE:,} read"))
            continue
        try:
            fields = [f.strip() for f in next(csv.reader([line]))]
        except csv.Error as err:
            errors.append((line_no, f"cannot be read as CSV ({err})"))
            continue
        if header is None:
            header = [f.lower() for f in fields]
            missing = [c for c in COLUMNS if c not in header]
            unknown = [c for c in header if c not in COLUMNS + OPTIONAL_COLUMNS]
            if missing or unknown or len(set(header)) != len(header):
                errors.append(
                    (
                        line_no,
                        f"the header must name the columns {', '.join(COLUMNS)} (optional: "
                        f"{', '.join(OPTIONAL_COLUMNS)}), got {', '.join(fields)}",
                    )
                )
                break
            continue
        if len(fields) != len(header):
            errors.append((line_no, f"expected {len(header)} fields ({', '.join(header)}), got {len(fields)}"))
            continue
        row, problem = _row(line_no, dict(zip(header, fields, strict=True)))
        if problem:
            errors.append((line_no, problem))
        else:
            rows.append(row)
    if header is None and not errors:
        errors.append((0, "no header row (round,player,bid,tricks)"))
    elif not rows and not errors:
        errors.append((0, "no rows: the sheet holds no round"))
    if errors:
        raise ScoreSheetError(name, errors)
    return opts, rows, {c for c in OPTIONAL_COLUMNS if c in (header or [])}


def _setting(opts: _Options, key: str, value: str) -> str | None:
    items = [v.strip() for v in value.split(",") if v.strip()]
    if key == "players":
        if not items:
            return "the '# players:' line names no player"
        if len(set(items)) != len(items):
            return f"a player is listed twice in {value.strip()!r}"
        opts.players = items
    elif key == "rules":
        bad = [w for w in (i.lower() for i in items) if w not in RULE_WORDS]
        if bad:
            return f"unknown rule {bad[0]!r} (known: {', '.join(RULE_WORDS)})"
        opts.words |= {i.lower() for i in items}
    elif key == "deck":
        if not value.strip():
            return "the '# deck:' line names no deck"
        opts.deck = value.strip()
    else:
        if (
            not items
            or len(items) > MAX_SCHEDULE
            or not all(_WHOLE.fullmatch(i) and len(i) <= MAX_DIGITS for i in items)
        ):
            return f"schedule must list whole numbers, got {shown(value.strip())}"
        opts.schedule = tuple(int(i) for i in items)
    return None


def _int(value: str, what: str) -> int:
    if not _WHOLE.fullmatch(value):
        raise ValueError(f"{what} {shown(value)} is not a whole number >= 0")
    if len(value.lstrip("0")) > MAX_DIGITS:
        raise ValueError(f"{what} {shown(value)} is far too large (more than {MAX_DIGITS} digits)")
    return int(value)


def _row(line_no: int, values: dict[str, str]) -> tuple[_Row, str | None]:
    try:
        rnd = _int(values["round"], "round")
        if rnd < 1:
            raise ValueError("rounds are numbered from 1")
        player = values["player"]
        if not player:
            raise ValueError("the player name is empty")
        if values["bid"] == "-" or values["tricks"] == "-":
            if values["bid"] != values["tricks"]:
                raise ValueError("a player who sits out has '-' for both bid and tricks")
            bid = tricks = None
        else:
            bid, tricks = _int(values["bid"], "bid"), _int(values["tricks"], "tricks")
    except ValueError as err:
        return _Row(line_no, 0, "", None, None), str(err)
    checks = {c: values[c] for c in OPTIONAL_COLUMNS if values.get(c)}
    return _Row(line_no, rnd, player, bid, tricks, checks), None


def _players(opts: _Options, rows: list[_Row], name: str) -> list[str]:
    """The players in table order: the ``# players:`` line, else round 1 in order; unknown names are errors."""
    if opts.players is not None:
        players, where = opts.players, "players"
    else:
        players = list(dict.fromkeys(r.player for r in rows if r.round == 1))
        where = "round 1 has"
        if not players:
            raise ScoreSheetError(name, [(0, "no '# players:' line and no rows for round 1 to take the players from")])
    known = truncated_list([p if len(p) <= 30 else shown(p, 30) for p in players], ", ", 8)
    errors = [(r.line, f"unknown player {shown(r.player)} ({where}: {known})") for r in rows if r.player not in players]
    if errors:
        raise ScoreSheetError(name, errors)
    return players


def _plan(opts: _Options, n: int, name: str) -> GamePlan:
    words = opts.words
    try:
        if "standard" in words and words - {"standard", "elimination"}:
            raise ValueError(f"'standard' contradicts {', '.join(sorted(words - {'standard', 'elimination'}))}")
        scoring = Scoring.ALTERNATIVE if "alternative" in words else Scoring.STANDARD
        deck = "standard" if opts.deck is None else opts.deck
        if "tournament" in words:
            if opts.schedule is not None:
                raise ValueError("tournament rules fix the schedule; do not give one")
            rules = Rules.tournament(n, deck=deck, scoring=scoring)
        else:
            rules = Rules(
                n,
                deck=deck,
                schedule=opts.schedule or "standard",
                plus_minus_one="plus-minus-one" in words,
                scoring=scoring,
            )
        return game_plan(rules, elimination="elimination" in words)
    except ValueError as err:
        raise ScoreSheetError(name, [(0, f"rules: {err}")]) from None


def _by_round(plan: GamePlan, players: list[str], rows: list[_Row], name: str) -> list[dict[str, _Row]]:
    """Rows per round, checking rounds run 1..R without gaps and no player appears twice in a round."""
    errors: list[tuple[int, str]] = []
    last = max(r.round for r in rows)
    for r in rows:
        if r.round > plan.n_rounds:
            errors.append((r.line, f"round {r.round} is beyond the last round of the schedule ({plan.n_rounds})"))
    rounds: list[dict[str, _Row]] = [{} for _ in range(min(last, plan.n_rounds))]
    for r in rows:
        if r.round <= len(rounds):
            first = rounds[r.round - 1].get(r.player)
            if first is not None:
                errors.append(
                    (r.line, f"a second row for {r.player} in round {r.round} (the first is line {first.line})")
                )
            else:
                rounds[r.round - 1][r.player] = r
    for k, rnd in enumerate(rounds):
        if not rnd:
            later = min(r.line for r in rows if r.round > k + 1)
            errors.append((later, f"round {k + 1} is missing (rounds must run 1, 2, 3, ... without gaps)"))
    if errors:
        raise ScoreSheetError(name, errors)
    return rounds


def _lines(rnd: dict[str, _Row]) -> str:
    lines = sorted(r.line for r in rnd.values())
    return f"line {lines[0]}" if len(lines) == 1 else f"lines {lines[0]}-{lines[-1]}"


def _check_round(plan: GamePlan, k: int, rnd: dict[str, _Row], in_game: list[str]) -> list[tuple[int, str]]:
    """Problems of one round's values: bids and tricks in range, tricks sum, plus/minus one."""
    r, first = plan.hand_sizes[k], min(x.line for x in rnd.values())
    errors = [
        (first, f"round {k + 1} ({_lines(rnd)}): no row for {p} (a player who sits out has '-' for bid and tricks)")
        for p in in_game
        if p not in rnd
    ]
    playing = [x for x in rnd.values() if x.bid is not None]
    for x in playing:
        for what, v in (("bid", x.bid), ("tricks", x.tricks)):
            if not 0 <= v <= r:  # type: ignore[operator]
                errors.append(
                    (x.line, f"{what} {v} is outside 0..{r} (round {k + 1} deals {r} card{'s' if r != 1 else ''})")
                )
    if any(p not in rnd for p in in_game):
        return errors  # the sums of an incomplete round say nothing more
    try:
        plan.rules.replace(n_players=len(playing), schedule=(r,), placement_points=None)
    except ValueError as err:
        errors.append((first, f"round {k + 1} ({_lines(rnd)}): {len(playing)} players at the table: {err}"))
        return errors
    tricks = sum(x.tricks for x in playing)  # type: ignore[misc]
    if tricks != r:
        errors.append(
            (first, f"round {k + 1} ({_lines(rnd)}): the tricks add up to {tricks}, not to the hand size {r}")
        )
    bids = sum(x.bid for x in playing)  # type: ignore[misc]
    if plan.rules.pm1_applies(r) and bids == r:
        errors.append(
            (
                first,
                f"round {k + 1} ({_lines(rnd)}): the bids add up to the hand size {r}, which plus/minus one forbids",
            )
        )
    return errors


def _score_sheet(name: str, plan: GamePlan, players: list[str], rows: list[_Row], checks: set[str]) -> ScoreSheet:
    rounds = _by_round(plan, players, rows, name)
    errors: list[tuple[int, str]] = []
    out_after = {p: 0 for p in players}
    totals = {p: Fraction(0) for p in players}
    scores: list[dict[str, Fraction]] = []
    for k, rnd in enumerate(rounds):
        in_game = [p for p in players if out_after[p] == 0]
        for p, x in rnd.items():
            if out_after[p]:
                errors.append((x.line, f"{p} dropped out after round {out_after[p]} and plays no later round"))
        round_errors = _check_round(plan, k, rnd, in_game)
        errors.extend(round_errors)
        if round_errors:
            scores.append({})
            continue
        pts = {
            p: Fraction(raw_score(x.bid, x.tricks, plan.rules.scoring, plan.hand_sizes[k]))  # type: ignore[arg-type]
            for p, x in rnd.items()
            if x.bid is not None and not out_after[p]
        }
        sitting = [p for p in in_game if rnd[p].bid is None]
        average = sum(pts.values(), Fraction(0)) / (len(in_game) - len(sitting)) if sitting else Fraction(0)
        pts |= {p: average for p in sitting}
        for p in in_game:
            totals[p] += pts[p]
            errors.extend(_check_columns(rnd[p], pts[p], totals[p]))
        scores.append(pts)
        if k + 1 in plan.eliminate_after and k + 1 < len(rounds):
            errors.extend(_eliminated(k, rounds[k + 1], in_game, totals, out_after))
    if errors:
        raise ScoreSheetError(name, errors)
    played = [{p: (None if x.bid is None else (x.bid, x.tricks)) for p, x in rnd.items()} for rnd in rounds]
    return ScoreSheet(name, plan, players, played, scores, out_after)  # type: ignore[arg-type]


def _check_columns(row: _Row, score: Fraction, total: Fraction) -> list[tuple[int, str]]:
    errors = []
    for what, value in (("score", score), ("total", total)):
        if what in row.checks:
            text = row.checks[what]
            if not _NUMBER.fullmatch(text) or len(text) > MAX_DIGITS:
                errors.append((row.line, f"{what} {shown(text)} is not a number (write e.g. 20, -10 or 23.33)"))
                continue
            given = Fraction(text)
            if abs(given - value) > Fraction(1, 100):
                errors.append((row.line, f"{what} is written {row.checks[what]}, but the rules give {_fmt(value)}"))
    return errors


def _eliminated(
    k: int, next_round: dict[str, _Row], in_game: list[str], totals: dict[str, Fraction], out_after: dict[str, int]
) -> list[tuple[int, str]]:
    """After an elimination round: exactly one player with the lowest total must be gone from the next round."""
    low = min(totals[p] for p in in_game)
    lowest = [p for p in in_game if totals[p] == low]
    gone = [p for p in in_game if p not in next_round]
    first = min(x.line for x in next_round.values())
    if len(gone) == 1 and gone[0] in lowest:
        out_after[gone[0]] = k + 1
        return []
    who = " or ".join(lowest)
    return [
        (
            first,
            f"after round {k + 1} the lowest total ({_fmt(low)}) drops out: {who}; round {k + 2} should have"
            f" rows for everyone else (missing: {', '.join(gone) or 'nobody'})",
        )
    ]
