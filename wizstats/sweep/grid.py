"""Grids of sweep parameters: validated points, their labels, and their seeds.

A grid is a mapping ``key -> list of values`` (every combination is a point) or a list of
mappings (one point each). Each point is resolved to the :class:`~wizstats.Rules`, hand
size and per-seat policies it stands for, and gets its own seed, derived from the user's seed
and the point's resolved settings only, so a point's numbers do not depend on which other
points are in the grid, in what order, or how the point was spelled.

>>> points = expand_grid({"n_players": [3, 4], "hand_size": 2, "policy": "random"}, seed=7)
>>> [(p.rules.n_players, p.hand_size, str(p.policies[0])) for p in points]
[(3, 2, 'random'), (4, 2, 'random')]
>>> points[1].seed == expand_grid([{"hand_size": 2, "n_players": 4, "policies": ["random"] * 4}], seed=7)[0].seed
True
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import itertools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..players import DEFAULT_POLICY, Policy, resolve_policies
from ..rules import Deck, Rules, resolve_deck, rules_for

__all__ = ["GRID_KEYS", "SweepPoint", "expand_grid", "point_seed"]

GRID_KEYS: dict[str, str] = {
    "n_players": "players at the table",
    "hand_size": "cards per hand; 'all' means every size from 1 to the most the deck allows",
    "deck": "standard, junior, oh-hell, SxR+W+J or a Deck (default: standard)",
    "policy": "one policy for every seat: a name, 'name:key=value,...' or a Policy (default: heuristic)",
    "policies": "one policy per seat, seat 0 (the dealer) first",
    "test_seat": "a seat that plays test_policy while the other seats play policy",
    "test_policy": "the policy of test_seat",
    "plus_minus_one": "the sum of bids may not equal the hand size (True/False)",
    "plus_minus_one_min_hand": "plus/minus one only from this hand size on",
    "trump_choice": "after-look or blind",
    "bids": "open, hidden or after-round",
    "scoring": "standard or alternative",
    "rules": "a Rules value (then give no n_players other than its own, and no deck or rule keys)",
}
"""The grid keys every statistic understands, with what each means."""

_RULE_KEYS = ("plus_minus_one", "plus_minus_one_min_hand", "trump_choice", "bids", "scoring")
_SCALARS = (str, bytes, int, float, bool, np.generic, Deck, Policy, Rules)


@dataclass(frozen=True, eq=False)
class SweepPoint:
    """One point of a grid, resolved: what a statistic gets for each of its chunks."""

    index: int
    """Position in the grid (the order of the output rows)."""
    rules: Rules
    hand_size: int
    policies: tuple[Policy, ...]
    seed: int
    """This point's seed: ``simulate(..., seed=point.seed)`` plays exactly the same rounds."""
    labels: dict[str, Any] = field(default_factory=dict)
    """The grid's keys with this point's values, readable (the output's first columns)."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Values of keys a user statistic declared (``Statistic.keys``)."""
    config: dict[str, Any] = field(default_factory=dict, repr=False)
    """Everything that decides the rounds, canonical and JSON-ready (what the seed is derived from):
    every field of the rules (with the deck's), the hand size, each seat's policy and parameters,
    and the values of a statistic's own keys."""

    @property
    def n_players(self) -> int:
        """Players at the table."""
        return self.rules.n_players


def point_seed(seed: int, config: Mapping[str, Any]) -> int:
    """The seed of a grid point: ``SeedSequence(seed, spawn_key=sha256(config))``, 64 bits.

    ``config`` is hashed as canonical JSON (sorted keys); the first 16 bytes of the SHA-256
    digest become four 32-bit spawn-key words. The result is a seed for
    :func:`wizstats.simulate`, whose rounds each draw from their own stream.

    >>> point_seed(0, {"a": 1}) == point_seed(0, {"a": 1}) != point_seed(1, {"a": 1})
    True
    """
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"seed must be a whole number >= 0, got {seed!r}")
    text = json.dumps(config, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(text.encode()).digest()
    words = tuple(int(w) for w in np.frombuffer(digest[:16], dtype="<u4"))
    state = np.random.SeedSequence(int(seed), spawn_key=words).generate_state(1, np.uint64)
    return int(state[0])


def expand_grid(
    grid: Mapping[str, Any] | Sequence[Mapping[str, Any]], *, seed: int = 0, extra_keys: Iterable[str] = ()
) -> list[SweepPoint]:
    """The points of a grid, validated, in order (the last key varies fastest).

    Parameters
    ----------
    grid
        ``{key: [values]}`` (a single value stands for a list of one) or a list of
        ``{key: value}`` points. Keys: :data:`GRID_KEYS` plus ``extra_keys``.
    seed
        The user's seed; each point's own seed comes from it (:func:`point_seed`).
    extra_keys
        Further keys a user statistic reads (from ``point.extra``); their values must be
        strings, numbers or booleans.
    """
    extra = tuple(extra_keys)
    rows = _grid_rows(grid)
    points: list[SweepPoint] = []
    seen: dict[str, int] = {}
    for values in rows:
        for spec in _expand_all(values):
            point = _make_point(len(points), spec, extra, seed)
            canon = json.dumps(point.config, sort_keys=True)
            if canon in seen:
                raise ValueError(
                    f"grid points {seen[canon]} and {point.index} are the same setting ({_show(spec)}); "
                    "give each point once"
                )
            seen[canon] = point.index
            points.append(point)
    if not points:
        raise ValueError("the grid has no points")
    return points


def _grid_rows(grid: Any) -> list[dict[str, Any]]:
    """The grid as a list of one-value-per-key dicts."""
    if isinstance(grid, Mapping):
        keys = list(grid)
        options = [_options(k, grid[k]) for k in keys]
        return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*options)]
    if isinstance(grid, Sequence) and not isinstance(grid, (str, bytes)):
        rows = []
        for i, row in enumerate(grid):
            if not isinstance(row, Mapping):
                raise ValueError(f"grid point {i} must be a mapping of key -> value, got {type(row).__name__}")
            rows.append(dict(row))
        return rows
    raise ValueError(f"grid must be a mapping of key -> values or a list of points, got {type(grid).__name__}")


def _options(key: str, value: Any) -> list[Any]:
    if isinstance(value, _SCALARS) or value is None:
        return [value]
    if isinstance(value, Mapping) or not isinstance(value, Iterable):
        raise ValueError(f"grid key {key!r}: expected a value or a list of values, got {type(value).__name__}")
    options = list(value)
    if not options:
        raise ValueError(f"grid key {key!r} has no values")
    return options


def _expand_all(values: dict[str, Any]) -> list[dict[str, Any]]:
    """``hand_size='all'`` becomes one point per possible hand size."""
    size = values.get("hand_size")
    if not (isinstance(size, str) and size.strip().lower() == "all"):
        return [values]
    probe = _rules_of(values)
    return [{**values, "hand_size": r} for r in range(1, probe.max_hand_size + 1)]


def _make_point(index: int, values: dict[str, Any], extra_keys: tuple[str, ...], seed: int) -> SweepPoint:
    unknown = [k for k in values if k not in GRID_KEYS and k not in extra_keys]
    if unknown:
        known = ", ".join([*GRID_KEYS, *extra_keys])
        raise ValueError(f"unknown grid key {unknown[0]!r} (known: {known})")
    try:
        rules = _rules_of(values)
        if getattr(rules, "special_cards", None) or getattr(rules.deck, "specials", None):
            raise ValueError(
                "special cards (RULES 8) run on their own engine (wizstats.engine); "
                "sweeps run the standard round engine"
            )
        hand_size = _hand_size(values.get("hand_size"), rules)
        policies = _policies_of(values, rules.n_players)
        extra = {k: _json_scalar(k, values[k]) for k in extra_keys if k in values}
    except ValueError as err:
        raise ValueError(f"grid point {index} ({_show(values)}): {err}") from None
    config = {
        "rules": _jsonable(rules),
        "hand_size": hand_size,
        "policies": [[p.name, dict(p.params)] for p in policies],
        "extra": extra,
    }
    labels = {k: _label(k, v, hand_size) for k, v in values.items()}
    return SweepPoint(index, rules, hand_size, tuple(policies), point_seed(seed, config), labels, extra, config)


def _jsonable(value: Any) -> Any:
    """A canonical JSON value of rules, decks and their parts (every dataclass field, so new fields count)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return _jsonable(value.value)
    if isinstance(value, (set, frozenset)):
        return sorted((_jsonable(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, np.generic):
        return value.item()
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return repr(value)


def _rules_of(values: Mapping[str, Any]) -> Rules:
    rules = values.get("rules")
    if rules is not None:
        clash = [k for k in ("deck", *_RULE_KEYS) if k in values]
        if clash:
            raise ValueError(f"give either rules or {clash[0]!r}, not both")
        n = _as_int("n_players", values["n_players"]) if "n_players" in values else None
        return rules_for(rules, n)
    if "n_players" not in values:
        raise ValueError("the grid needs 'n_players' (or 'rules')")
    settings: dict[str, Any] = {}
    for key in _RULE_KEYS:
        if key in values:
            value = values[key]
            if key == "plus_minus_one":
                value = _as_bool(key, value)
            elif key == "plus_minus_one_min_hand":
                value = _as_int(key, value)
            settings[key] = value
    deck = resolve_deck(values.get("deck", "standard"))
    return Rules(_as_int("n_players", values["n_players"]), deck=deck, **settings)


def _hand_size(value: Any, rules: Rules) -> int:
    if value is None:
        raise ValueError("the grid needs 'hand_size'")
    r = _as_int("hand_size", value)
    if not 1 <= r <= rules.max_hand_size:
        raise ValueError(
            f"hand_size {r} is impossible: {rules.n_players} players and {rules.deck.size} cards"
            f" allow 1 to {rules.max_hand_size}"
        )
    return r


def _policies_of(values: Mapping[str, Any], n_players: int) -> list[Policy]:
    has_test = ("test_seat" in values, "test_policy" in values)
    if "policies" in values:
        clash = [k for k in ("policy", "test_seat", "test_policy") if k in values]
        if clash:
            raise ValueError(f"give either policies (one per seat) or {clash[0]!r}, not both")
        per_seat = values["policies"]
        if isinstance(per_seat, (str, Policy)) or not isinstance(per_seat, Iterable):
            raise ValueError(
                f"policies takes a sequence with one policy per seat for each point, got {per_seat!r}; "
                "for one policy at every seat use 'policy'"
            )
        return resolve_policies(list(per_seat), n_players)[0]
    base = values.get("policy", DEFAULT_POLICY)
    seats = resolve_policies(base, n_players)[0]
    if any(has_test):
        if not all(has_test):
            raise ValueError("test_seat and test_policy go together")
        seat = _as_int("test_seat", values["test_seat"])
        if not 0 <= seat < n_players:
            raise ValueError(f"test_seat must be 0..{n_players - 1} (seat 0 deals, seat 1 bids first), got {seat}")
        seats[seat] = resolve_policies(values["test_policy"], 1)[0][0]
    return seats


def _as_int(key: str, value: Any) -> int:
    if isinstance(value, str) and value.strip().lstrip("-").isascii() and value.strip().lstrip("-").isdigit():
        return int(value)  # ASCII digits only: int() reads '١' too, and isdigit() passes '²', which int() refuses
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return int(value)
    raise ValueError(f"{key} must be a whole number, got {value!r}")


def _as_bool(key: str, value: Any) -> bool:
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    text = str(value).strip().lower()
    if text in ("true", "yes", "1", "on"):
        return True
    if text in ("false", "no", "0", "off"):
        return False
    raise ValueError(f"{key} must be true or false, got {value!r}")


def _json_scalar(key: str, value: Any) -> Any:
    if isinstance(value, np.generic):
        value = value.item()
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise ValueError(f"grid key {key!r} takes strings, numbers or booleans, got {type(value).__name__}")


def _label(key: str, value: Any, hand_size: int) -> Any:
    """A readable value for the output column of ``key``."""
    if key == "hand_size":
        return hand_size
    if isinstance(value, Rules):
        return value.describe()
    if key == "deck":
        return resolve_deck(value).name
    if key in ("policy", "test_policy"):
        return str(value) if isinstance(value, Policy) else str(Policy.parse(str(value)))
    if key == "policies":
        return " ".join(str(p) if isinstance(p, Policy) else str(Policy.parse(str(p))) for p in value)
    if key == "plus_minus_one":
        return _as_bool(key, value)
    if key in ("n_players", "test_seat", "plus_minus_one_min_hand"):
        return _as_int(key, value)
    if hasattr(value, "value"):
        return value.value
    return value.item() if isinstance(value, np.generic) else value


def _show(values: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={_short(v)}" for k, v in values.items())


def _short(value: Any) -> str:
    if isinstance(value, Rules):
        return "Rules(...)"
    text = str(value) if isinstance(value, (Policy, Deck)) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
