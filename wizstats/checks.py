"""The checks every public function and command runs on its input: one place, one wording.

Each helper takes the value and the argument's name, and returns the value normalised (a plain
``int``, ``float`` or ``bool``) or raises :class:`WrongType` for a value of the wrong kind (a
string, a float posing as a whole number, a bool posing as a number; both a ``TypeError`` and a
``ValueError``) or ``ValueError`` for the right kind out of range. The message is one line naming
the argument, the allowed range and the value given.

The limits below bound what one call may ask for, so that an index stays far inside int64
inside the kernels and memory stays bounded by the input (README, "Limits").

>>> whole(3, "n_players", 3, 6)
3
>>> whole(7, "n_players", 3, 6)
Traceback (most recent call last):
...
ValueError: n_players must be a whole number in 3..6, got 7
>>> whole(2.0, "hand_size")
Traceback (most recent call last):
...
wizstats.checks.WrongType: hand_size must be a whole number, got 2.0 (float)
>>> real(float("nan"), "scale")
Traceback (most recent call last):
...
ValueError: scale must be a finite number, got nan
"""

from __future__ import annotations

import contextlib
import itertools
import math
import numbers
import os
import secrets
import tempfile
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Any, TypeVar

__all__ = [
    "MAX_CHUNKS",
    "MAX_GAMES",
    "MAX_ROUNDS",
    "MAX_START",
    "MAX_SAMPLES",
    "MAX_SCHEDULE",
    "MAX_SEED",
    "MAX_SHEET_BYTES",
    "MAX_SHEET_LINES",
    "MAX_SHOWN_PROBLEMS",
    "WrongType",
    "ascii_int",
    "choice",
    "count",
    "flag",
    "one_line",
    "optional",
    "output_dir",
    "read_text",
    "real",
    "seed",
    "shown",
    "truncated_list",
    "whole",
    "wholes",
    "write_atomic",
]

MAX_ROUNDS = 10**12
"""The most rounds (or deals) one call plays: round indices stay far inside int64, and at a million
rounds a second it is some twelve days of computing; Ctrl-C stops a run cleanly at any time."""

MAX_START = 2**61
"""The highest first round index (``start``) a call accepts: the arena numbers its streams from
``hand_size << 40`` on, and ``start + n_rounds`` stays inside int64."""

MAX_SAMPLES = 10**10
"""The most random deals one estimate (``n``, ``max_n``) draws."""

MAX_GAMES = 10**7
"""The most whole games one call plays: results keep every game's totals (a few dozen bytes a game)."""

MAX_CHUNKS = 10**6
"""The most chunks one sweep is cut into (``n_rounds / chunk_rounds`` per grid point, over all points)."""

MAX_SCHEDULE = 10_000
"""The most rounds a game's schedule lists (a standard game has at most 32; the check runs before the
schedule is read, so that ``range(10**12)`` is refused at once)."""

MAX_SEED = 2**128 - 1
"""The largest seed (``numpy.random.SeedSequence`` takes any whole number >= 0; 128 bits is plenty)."""

MAX_SHEET_BYTES = 16 * 2**20
"""The largest score sheet read (16 MiB: some 400,000 rows, far beyond any game)."""

MAX_SHEET_LINES = 100_000
"""The most lines of a score sheet read."""

MAX_SHOWN_PROBLEMS = 20
"""An error listing many problems shows this many, then ``... and N more``."""

T = TypeVar("T")


class WrongType(TypeError, ValueError):
    """A value of the wrong kind (a string for a number, ``2.0`` or ``True`` for a whole number).

    A ``TypeError``, and a ``ValueError`` too, so that code catching bad values catches it.
    """


def _is_whole(value: object) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters (a message stays one short line whatever the input).

    >>> shown("x" * 100, 10)
    "'xxxxxx..."
    """
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


_show = shown


def _kind(value: object) -> str:
    return f"{_show(value)} ({type(value).__name__})"


def _num(x: float) -> str:
    """A bound, readable: ``1,000,000`` for big whole numbers."""
    return f"{x:,}" if isinstance(x, int) and abs(x) >= 10_000 else str(x)


def _range_text(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f" in {_num(low)}..{_num(high)}"
    if low is not None:
        return f" >= {_num(low)}"
    if high is not None:
        return f" <= {_num(high)}"
    return ""


def whole(value: object, name: str, low: int | None = None, high: int | None = None) -> int:
    """An exact whole number in ``low..high`` (either bound may be ``None``).

    Python and numpy integers pass; ``bool``, floats (even ``2.0``) and strings do not.

    >>> import numpy as np
    >>> whole(np.int8(5), "seat", 0, 5), whole(10**30, "seed", 0)
    (5, 1000000000000000000000000000000)
    >>> whole(True, "n")
    Traceback (most recent call last):
    ...
    wizstats.checks.WrongType: n must be a whole number, got True (bool)
    """
    if not _is_whole(value):
        raise WrongType(f"{name} must be a whole number{_range_text(low, high)}, got {_kind(value)}")
    number = int(value)  # type: ignore[call-overload]
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(f"{name} must be a whole number{_range_text(low, high)}, got {_show(value)}")
    return number


def ascii_int(text: str) -> int:
    """``int(text)`` for ASCII digits only (a sign and surrounding spaces allowed), else ``ValueError``.

    Python's ``int`` also reads other scripts' digits (``'١٢'``, ``'１'``) and ``'1_000'``; the
    card, hand-size and schedule parsers refuse those, and so does every number of the command line and the web API.
    """
    digits = text.strip()
    if not digits.isascii() or "_" in digits:
        raise ValueError(f"invalid int value: {text!r}")
    return int(digits)


def wholes(value: object, name: str, low: int | None = None, high: int | None = None, *, most: int = 1000) -> list[int]:
    """One whole number or several (an iterable of at most ``most``, at least one), each as :func:`whole` checks it.

    >>> import numpy as np
    >>> wholes(4, "n_players"), wholes((3, np.int8(4)), "n_players")
    ([4], [3, 4])
    >>> wholes([], "n_players")
    Traceback (most recent call last):
    ...
    ValueError: n_players: give at least one whole number, got []
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        return [whole(value, name, low, high)]
    items = list(itertools.islice(value, most + 1))  # a huge iterable is refused without being read whole
    if not items:
        raise ValueError(f"{name}: give at least one whole number, got {_show(value)}")
    if len(items) > most:
        raise ValueError(f"{name}: give at most {most:,} whole numbers, got more")
    return [whole(v, name, low, high) for v in items]


def real(
    value: object,
    name: str,
    low: float | None = None,
    high: float | None = None,
    *,
    open_low: bool = False,
    open_high: bool = False,
) -> float:
    """A finite number in ``[low, high]`` (``open_low``/``open_high``: that end excluded).

    Python and numpy integers and floats pass (not ``bool``, strings or complex numbers).

    >>> real(0.5, "confidence_level", 0, 1, open_low=True, open_high=True)
    0.5
    >>> real(1, "confidence_level", 0, 1, open_low=True, open_high=True)
    Traceback (most recent call last):
    ...
    ValueError: confidence_level must be a finite number strictly between 0 and 1, got 1
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise WrongType(f"{name} must be a number, got {_kind(value)}")
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"{name} must be a finite number, got {_show(value)}")
    too_low = low is not None and (number <= low if open_low else number < low)
    too_high = high is not None and (number >= high if open_high else number > high)
    if too_low or too_high:
        if low is not None and high is not None:
            where = (
                f" strictly between {low} and {high}"
                if open_low and open_high
                else f" in {'(' if open_low else '['}{low}, {high}{')' if open_high else ']'}"
            )
        elif low is not None:
            where = f" {'>' if open_low else '>='} {low}"
        else:
            where = f" {'<' if open_high else '<='} {high}"
        raise ValueError(f"{name} must be a finite number{where}, got {_show(value)}")
    return number


def flag(value: object, name: str) -> bool:
    """``True`` or ``False`` (Python or numpy booleans; not ``0``/``1`` or strings)."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    raise WrongType(f"{name} must be True or False, got {_kind(value)}")


def choice(value: T, name: str, options: Collection[T]) -> T:
    """One of ``options``.

    >>> choice("csv", "format", ("table", "csv"))
    'csv'
    """
    try:
        if value in options:
            return value
    except TypeError:  # unhashable
        pass
    shown = ", ".join(str(o) for o in options)
    raise ValueError(f"{name} must be one of {shown}, got {_show(value)}")


def optional(value: T | None, check: Any, *args: Any, **kwargs: Any) -> T | None:
    """``None``, or ``check(value, *args, **kwargs)``.

    >>> optional(None, whole, "threads", 1), optional(2, whole, "threads", 1)
    (None, 2)
    """
    return None if value is None else check(value, *args, **kwargs)


def count(value: object, name: str, limit: int, low: int = 1) -> int:
    """A whole number of rounds, games or samples in ``low..limit`` (one of the ``MAX_*`` limits)."""
    return whole(value, name, low, limit)


def seed(value: object, name: str = "seed") -> int:
    """A seed: a whole number in ``0..MAX_SEED``."""
    return whole(value, name, 0, MAX_SEED)


def one_line(text: str, limit: int = 300) -> str:
    """``text`` on one line (line breaks as ``; ``), at most ``limit`` characters.

    >>> one_line("a\\nb")
    'a; b'
    """
    flat = "; ".join(part.strip() for part in str(text).splitlines() if part.strip())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def truncated_list(items: Iterable[str], separator: str = "; ", limit: int = MAX_SHOWN_PROBLEMS) -> str:
    """The first ``limit`` items joined, then ``... and N more`` for the rest.

    >>> truncated_list([f"p{i}" for i in range(5)], ", ", 2)
    'p0, p1, ... and 3 more'
    """
    items = list(items)
    shown = separator.join(items[:limit])
    return shown + (f"{separator}... and {len(items) - limit} more" if len(items) > limit else "")


# ---------------------------------------------------------------- files: read with limits, written whole
def read_text(path: str | os.PathLike[str], what: str, *, max_bytes: int, max_lines: int) -> str:
    """A UTF-8 text file (a BOM is dropped) of at most ``max_bytes`` and ``max_lines``, else one clear error.

    Every problem names the file: missing, a directory, unreadable, too large, not UTF-8 text.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise WrongType(f"the {what} must be a file name, got {_kind(path)}")
    if isinstance(path, str) and not path.strip():
        raise ValueError(f"cannot read {what}: the file name is empty")
    p = Path(path)
    try:
        size = p.stat().st_size
        if p.is_dir():
            raise ValueError(f"cannot read {what} {p}: it is a directory")
        if size > max_bytes:
            raise ValueError(f"{what} {p} is {size:,} bytes, more than the {max_bytes:,} read (a limit)")
        with open(p, "rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as err:
        raise ValueError(f"cannot read {what} {p}: {err.strerror or err}") from None
    if len(data) > max_bytes:
        raise ValueError(f"{what} {p} is more than the {max_bytes:,} bytes read (a limit)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise ValueError(
            f"{what} {p} is not UTF-8 text (byte {err.start}: {data[err.start : err.start + 1]!r}); save it as UTF-8"
        ) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise ValueError(f"{what} {p} is not text: it holds a NUL byte (line {line})")
    lines = text.count("\n") + 1
    if lines > max_lines:
        raise ValueError(f"{what} {p} has {lines:,} lines, more than the {max_lines:,} read (a limit)")
    return text


def _new_temporary(path: Path) -> tuple[int, Path]:
    """A new file beside ``path`` under a random name, opened for writing; created with mode 0666 less the umask."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        tmp = path.parent / f".{path.name}.{secrets.token_hex(6)}.tmp"
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:  # pragma: no cover - 48 random bits taken: draw again
            continue


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Write a whole file or none: to a temporary name beside it, flushed to disk, then renamed over it.

    A Ctrl-C or a killed process leaves the old file (or none), never half of the new one. The file
    gets the user's umask like any other (0644 under umask 022), not the 0600 of a temporary file.
    """
    p = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = _new_temporary(p)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def output_dir(path: str | os.PathLike[str], what: str = "output directory") -> Path:
    """A directory files can be written into: made if missing; a file, an empty path or no permission refused."""
    if not str(path).strip():
        raise ValueError(f"the {what} is an empty path; name a directory")
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise ValueError(f"the {what} {p} is a file, not a directory")
    try:
        p.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".probe-", suffix=".tmp", dir=p)
        os.close(fd)
        os.unlink(probe)
    except OSError as err:
        raise ValueError(f"cannot write into the {what} {p}: {err.strerror or err}") from None
    return p
