"""The hostile-input corpus of the command line: load it, prepare its files, run a case, judge the outcome.

Each command has a file ``corpus/<command>.txt`` of lines ``EXPECT CLASS | ARGUMENTS``:

- ``EXPECT`` is ``ok`` (exit status 0, no traceback, every line on stderr a one-line
  ``wizstats: ...`` notice or warning) or ``err`` (exit status 2 and exactly one line on
  stderr, ``wizstats...: error: ...``; no traceback).
- ``CLASS`` names the kind of input (README.md of this folder): ``valid``, ``memory``,
  ``search``, ``huge``, ``traceback``, ``nonsense``, ``cache``, ``resource``, ``types``.
- ``ARGUMENTS`` are shell words; placeholders: ``{tmp}`` a fresh empty directory, ``{file}`` an
  existing file, ``{unwritable}`` a directory path that cannot be made (it lies under a file),
  ``{sheet:NAME}`` a score sheet of :data:`SHEETS`, ``{cache:KIND}`` a sweep cache filled by a
  first run of the same arguments and then damaged (:data:`DAMAGES`); the rerun must then print
  exactly what the first run printed.

In the test suite (``tests/fuzz/test_cli_corpus.py``) every case runs in-process through
:func:`wizstats.cli.main`. As a script it measures a tree, every case in its own process (so
that a crash or a hang is seen as one, with a timeout), and prints the counts per class::

    python tests/fuzz/corpus.py --root /path/to/wizstats/tree [--timeout 120] [--command simulate]
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
EXAMPLES = HERE.parent.parent / "examples"
CLASSES = ("valid", "memory", "search", "huge", "traceback", "nonsense", "cache", "resource", "types")


@dataclass(frozen=True)
class Case:
    """One line of the corpus."""

    command: str
    line: int
    expect: str
    klass: str
    words: tuple[str, ...]

    @property
    def id(self) -> str:
        """``command:line``, the test id."""
        return f"{self.command}:{self.line}"

    @property
    def text(self) -> str:
        """The arguments as written."""
        return shlex.join(self.words)


@dataclass
class Outcome:
    """What a run did: exit status (``None``: killed by a signal or timed out), output, and a note."""

    code: int | None
    out: str
    err: str
    note: str = ""
    extra: dict[str, str] = field(default_factory=dict)


def load(commands: list[str] | None = None) -> list[Case]:
    """Every case of the corpus files (of ``commands``, if given), in file order."""
    cases = []
    for path in sorted(CORPUS.glob("*.txt")):
        if commands and path.stem not in commands:
            continue
        for number, raw in enumerate(path.read_text().splitlines(), start=1):
            if not raw.strip() or raw.lstrip().startswith("#"):
                continue
            head, bar, rest = raw.partition("|")
            parts = head.split()
            if not bar or len(parts) != 2 or parts[0] not in ("ok", "err") or parts[1] not in CLASSES:
                raise ValueError(f"{path.name}:{number}: expected 'ok|err CLASS | ARGUMENTS', got {raw!r}")
            cases.append(Case(path.stem, number, parts[0], parts[1], tuple(shlex.split(rest))))
    return cases


# ---------------------------------------------------------------- score sheets
def _sheet_rows(n_rounds: int, players: list[str], first: int = 1) -> list[str]:
    """Rows of a plausible game: round k, everyone bids 0, the first player takes every trick."""
    rows = []
    for k in range(first, first + n_rounds):
        for i, p in enumerate(players):
            rows.append(f"{k},{p},0,{k if i == 0 else 0}")
    return rows


def _sheets() -> dict[str, Callable[[], bytes]]:
    head = "round,player,bid,tricks\n"
    four = ["Ann", "Bob", "Cid", "Dan"]
    game = (EXAMPLES / "game.csv").read_bytes() if (EXAMPLES / "game.csv").exists() else b""

    def text(body: str) -> Callable[[], bytes]:
        return lambda: body.encode()

    def big() -> bytes:  # over the size limit: 17 MiB of plausible rows
        line = b"1,Ann,0,0\n"
        return head.encode() + line * (17 * 2**20 // len(line))

    def many_lines() -> bytes:  # under the size limit, over the line limit
        return head.encode() + b"\n".join([b"# a comment"] * 120_000)

    def many_errors() -> bytes:
        return (head + "".join(f"{k},Ann,x,0\n" for k in range(1, 2001))).encode()

    def binary() -> bytes:
        rng = random.Random(5)
        return bytes(rng.randrange(256) for _ in range(4096))

    return {
        "game": lambda: game,
        "tournament": lambda: (EXAMPLES / "tournament.csv").read_bytes(),
        "crlf": lambda: game.replace(b"\n", b"\r\n"),
        "bom": lambda: b"\xef\xbb\xbf" + game,
        "partial": text(head + "\n".join(_sheet_rows(3, four)) + "\n"),
        "three": text(head + "\n".join(_sheet_rows(2, ["A", "B", "C"])) + "\n"),
        "latin1": lambda: (head + "1,J\u00fcrgen,0,1\n1,Bob,0,0\n1,Cid,0,0\n").encode("latin-1"),
        "binary": binary,
        "utf16": lambda: (head + "1,Ann,0,1\n1,Bob,0,0\n1,Cid,0,0\n").encode("utf-16"),
        "nul": text(head + "1,Ann,0,1\n1,Bob\x00,0,0\n1,Cid,0,0\n"),
        "big": big,
        "manylines": many_lines,
        "manyerrors": many_errors,
        "longline": lambda: head.encode() + b"1,Ann," + b"9" * (2 * 2**20) + b",0\n",
        "longname": text(head + f"1,{'A' * 100_000},0,1\n1,Bob,0,0\n1,Cid,0,0\n"),
        "empty": text(""),
        "headeronly": text(head),
        "badheader": text("round,player,bid\n1,Ann,0\n"),
        "badbid": text(head + "1,Ann,99,1\n1,Bob,0,0\n1,Cid,0,0\n"),
        "hugebid": text(head + "1,Ann,99999999999999999999,1\n1,Bob,0,0\n1,Cid,0,0\n"),
        "negative": text(head + "1,Ann,-1,1\n1,Bob,0,0\n1,Cid,0,0\n"),
        "fraction": text(head + "1,Ann,0,1.5\n1,Bob,0,0\n1,Cid,0,0\n"),
        "sevenplayers": text(head + "".join(f"1,P{i},0,{1 if i == 0 else 0}\n" for i in range(7))),
        "dupplayer": text("# players: Ann, Ann, Bob\n" + head + "1,Ann,0,1\n1,Bob,0,0\n"),
        "tricksum": text(head + "1,Ann,0,1\n1,Bob,0,1\n1,Cid,0,0\n"),
        "badsetting": text("# schedule: 1, two\n" + head + "1,Ann,0,1\n1,Bob,0,0\n1,Cid,0,0\n"),
        "unknownrule": text("# rules: kuschel\n" + head + "1,Ann,0,1\n1,Bob,0,0\n1,Cid,0,0\n"),
        "hugeround": text(head + "99999999999999999999,Ann,0,1\n1,Ann,0,1\n1,Bob,0,0\n1,Cid,0,0\n"),
        # a written score of 1/0 (it raised ZeroDivisionError) and a total of 10**99999999 (it ran for hours)
        "scorezero": text("round,player,bid,tricks,score\n1,Ann,0,1,1/0\n1,Bob,0,0,20\n1,Cid,0,0,20\n"),
        "totalexp": text("round,player,bid,tricks,total\n1,Ann,0,1,1e99999999\n1,Bob,0,0,20\n1,Cid,0,0,20\n"),
        "unicodebid": text(head + "1,Ann,\u0661,1\n1,Bob,0,0\n1,Cid,0,0\n"),  # an Arabic-Indic 1
        "emptyschedule": text("# schedule:\n" + head + "1,Ann,0,1\n1,Bob,0,0\n1,Cid,0,0\n"),
        "emptydeck": text("# deck:\n" + head + "1,Ann,0,1\n1,Bob,0,0\n1,Cid,0,0\n"),
    }


SHEETS = _sheets()
"""Score sheets by name: how each file's bytes are made."""


# ---------------------------------------------------------------- cache damage
def _chunks(directory: Path) -> list[Path]:
    return sorted(directory.glob("chunk-*.npz"))


def _rewrite_npz(path: Path, change: Callable[[dict], None]) -> None:
    import numpy as np

    with np.load(path, allow_pickle=False) as data:
        arrays = {k: np.array(data[k]) for k in data.files}
    change(arrays)
    with open(path, "wb") as handle:
        np.savez(handle, **arrays)


def _truncate(d: Path) -> None:
    path = _chunks(d)[0]
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _garbage(d: Path) -> None:
    _chunks(d)[1].write_bytes(bytes(random.Random(1).randrange(256) for _ in range(700)))


def _empty(d: Path) -> None:
    _chunks(d)[2].write_bytes(b"")


def _wrong_counts(d: Path) -> None:
    def change(a: dict) -> None:
        a["counts"].flat[0] += 1_000  # a valid file of the same sweep and index, wrong numbers

    _rewrite_npz(_chunks(d)[0], change)


def _wrong_shape(d: Path) -> None:
    import numpy as np

    def change(a: dict) -> None:
        a["counts"] = np.zeros((2, 2), np.int64)

    _rewrite_npz(_chunks(d)[1], change)


def _swapped(d: Path) -> None:
    a, b = _chunks(d)[:2]
    tmp = a.with_suffix(".swap")
    a.rename(tmp)
    b.rename(a)
    tmp.rename(b)


def _foreign(d: Path) -> None:
    import numpy as np

    def change(a: dict) -> None:
        a["sweep"] = np.str_("0" * 64)

    _rewrite_npz(_chunks(d)[0], change)


def _directory(d: Path) -> None:
    path = _chunks(d)[0]
    path.unlink()
    path.mkdir()
    (path / "inside").write_text("not a chunk")


def _stale_temp(d: Path) -> None:
    (d / f".{_chunks(d)[0].name}.abc123.tmp").write_bytes(b"half a chunk")
    _chunks(d)[0].unlink()


def _manifest_garbage(d: Path) -> None:
    (d / "manifest.json").write_bytes(b"\x00{not json")


def _manifest_missing(d: Path) -> None:
    (d / "manifest.json").unlink()


DAMAGES: dict[str, Callable[[Path], None]] = {
    "truncate": _truncate,
    "garbage": _garbage,
    "empty": _empty,
    "wrong-counts": _wrong_counts,
    "wrong-shape": _wrong_shape,
    "swapped": _swapped,
    "foreign": _foreign,
    "directory": _directory,
    "stale-temp": _stale_temp,
    "manifest-garbage": _manifest_garbage,
    "manifest-missing": _manifest_missing,
}
"""Ways to damage a filled sweep cache directory, by name (``{cache:NAME}``)."""


# ---------------------------------------------------------------- preparing and running
_PLACEHOLDER = re.compile(r"\{(tmp|file|unwritable|sheet:[a-z0-9-]+|cache:[a-z-]+)\}")


def prepare(case: Case, workdir: Path) -> tuple[list[str], str | None]:
    """The arguments with placeholders filled (files made under ``workdir``), and the damage to apply."""
    damage = None
    (workdir / "tmp").mkdir(exist_ok=True)
    existing = workdir / "existing.txt"
    existing.write_text("a file\n")

    def fill(match: re.Match[str]) -> str:
        nonlocal damage
        key = match.group(1)
        if key == "tmp":
            return str(workdir / "tmp")
        if key == "file":
            return str(existing)
        if key == "unwritable":
            return str(existing / "cache")
        kind, _, name = key.partition(":")
        if kind == "sheet":
            path = workdir / f"{name}.csv"
            path.write_bytes(SHEETS[name]())
            return str(path)
        if name not in DAMAGES:
            raise ValueError(f"{case.id}: unknown damage {name!r}")
        damage = name
        return str(workdir / "cache")

    return [_PLACEHOLDER.sub(fill, w) for w in case.words], damage


def run_in_process(argv: list[str]) -> Outcome:
    """Run ``wizstats.cli.main(argv)`` here, capturing stdout and stderr; an exception is a traceback."""
    import warnings

    from wizstats.cli import main

    out, err = io.StringIO(), io.StringIO()
    code: int | None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), warnings.catch_warnings():
        warnings.simplefilter("default")
        try:
            code = main(argv)
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
        except BaseException:  # noqa: BLE001 - anything escaping main is what the corpus looks for
            err.write(traceback.format_exc())
            code = 1
    return Outcome(code, out.getvalue(), err.getvalue())


def run_subprocess(
    argv: list[str], root: Path, timeout: float, cwd: Path, preexec: Callable[[], None] | None = None
) -> Outcome:
    """Run ``python -m wizstats.cli`` of the tree at ``root`` in a process of its own."""
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONWARNINGS="default", COLUMNS="120")
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "wizstats.cli", *argv],
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout,
            env=env,
            cwd=cwd,
            preexec_fn=preexec,
        )
    except subprocess.TimeoutExpired as stop:
        out = stop.stdout.decode(errors="replace") if isinstance(stop.stdout, bytes) else stop.stdout or ""
        return Outcome(None, out, "", note=f"hang: still running after {timeout:g} s")
    if proc.returncode < 0:
        return Outcome(None, proc.stdout, proc.stderr, note=f"abort: killed by signal {-proc.returncode}")
    return Outcome(proc.returncode, proc.stdout, proc.stderr)


def run_case(case: Case, workdir: Path, runner: Callable[[list[str]], Outcome]) -> Outcome:
    """Prepare and run one case; a ``{cache:KIND}`` case runs twice, damaging the cache in between."""
    argv, damage = prepare(case, workdir)
    if damage is None:
        return runner(argv)
    first = runner(argv)
    if first.code != 0:
        first.note = first.note or f"the clean first run failed (exit {first.code})"
        return first
    DAMAGES[damage](workdir / "cache")
    second = runner(argv)
    second.extra["clean_out"] = first.out
    return second


_NOTICE = re.compile(r"^wizstats[a-z -]*: ")


def judge(case: Case, outcome: Outcome) -> str | None:
    """``None`` when the outcome is what the case expects, else the kind of failure (the class of the count)."""
    err_lines = [line for line in outcome.err.splitlines() if line.strip()]
    if outcome.note:
        return outcome.note.split(":")[0]
    if "Traceback (most recent call last)" in outcome.err:
        return "traceback"
    if case.expect == "ok":
        if outcome.code != 0:
            return f"refused (exit {outcome.code})"
        if any(not _NOTICE.match(line) for line in err_lines):
            return "stderr not one line per notice"
        if "clean_out" in outcome.extra and outcome.out != outcome.extra["clean_out"]:
            return "wrong result"
        return None
    if outcome.code == 0:
        return "accepted nonsense"
    if outcome.code != 2:
        return f"exit {outcome.code}"
    if len(err_lines) != 1 or " error: " not in err_lines[0]:
        return f"{len(err_lines)} lines on stderr"
    return None


# ---------------------------------------------------------------- measuring a tree
def _limited(max_bytes: int) -> Callable[[], None]:
    """A ``preexec_fn`` that caps the child's address space (an unbounded case cannot take the machine)."""

    def limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (max_bytes, max_bytes))

    return limit


def measure_cases(
    root: Path, timeout: float, commands: list[str] | None, jobs: int = 1, *, max_gib: float = 8.0, warm: bool = False
) -> dict[str, dict[str, object]]:
    """Run every case against the tree at ``root``, one process per case; an outcome per case id.

    ``warm`` first runs the ``valid`` cases one by one with a long timeout, so that the tree's
    kernels are compiled before the timed run (a cold numba cache would otherwise look like hangs).
    """
    from concurrent.futures import ThreadPoolExecutor

    cases = load(commands)
    limit = _limited(int(max_gib * (1 << 30)))
    rows: dict[str, dict[str, object]] = {}

    def one(case: Case, seconds: float) -> tuple[Case, str | None, Outcome]:
        with tempfile.TemporaryDirectory(prefix="wizstats-fuzz-") as work:
            outcome = run_case(case, Path(work), lambda argv: run_subprocess(argv, root, seconds, Path(work), limit))
        return case, judge(case, outcome), outcome

    if warm:
        for case in cases:
            if case.klass == "valid":
                one(case, max(timeout, 1200.0))
    with ThreadPoolExecutor(jobs) as pool:
        for case, problem, outcome in pool.map(lambda c: one(c, timeout), cases):
            tail = (outcome.err.strip().splitlines() or [""])[-1][:160]
            rows[case.id] = {"class": case.klass, "expect": case.expect, "problem": problem, "args": case.text}
            if problem is not None:
                rows[case.id]["tail"] = tail
                print(f"FAIL {case.id} [{case.klass}] {problem}: {case.text}\n     {tail}", flush=True)
    return rows


def counts_of(
    rows: dict[str, dict[str, object]], before: dict[str, dict[str, object]] | None = None
) -> dict[str, Counter[str]]:
    """Per class: cases tried, handled, each kind of failure, and (given an earlier run) ``fixed``.

    A case is *fixed* when it is handled here and was not handled in ``before`` (a case the earlier
    run did not have is not counted as fixed).
    """
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for case_id, row in rows.items():
        c = counts[str(row["class"])]
        c["tried"] += 1
        c["handled" if row["problem"] is None else str(row["problem"])] += 1
        if before is not None:
            c["fixed"] += 0  # the column shows, zeros included
        if (
            before is not None
            and row["problem"] is None
            and case_id in before
            and before[case_id]["problem"] is not None
        ):
            c["fixed"] += 1
    return counts


def measure(root: Path, timeout: float, commands: list[str] | None, jobs: int = 1) -> dict[str, Counter[str]]:
    """Run every case against the tree at ``root`` (one process per case); counts per class and outcome."""
    return counts_of(measure_cases(root, timeout, commands, jobs))


def report(counts: dict[str, Counter[str]]) -> str:
    """The counts as a table: per class tried, handled, (fixed,) and each kind of failure."""
    first = ["tried", "handled", *(["fixed"] if any("fixed" in c for c in counts.values()) else [])]
    kinds = sorted({k for c in counts.values() for k in c} - {"tried", "handled", "fixed"})
    lines = [" | ".join(["class", *first, *kinds])]
    total: Counter[str] = Counter()
    for klass in [*CLASSES]:
        if klass in counts:
            total.update(counts[klass])
            lines.append(" | ".join([klass, *(str(counts[klass][k]) for k in (*first, *kinds))]))
    lines.append(" | ".join(["all", *(str(total[k]) for k in (*first, *kinds))]))
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Measure a tree; ``--help`` lists the options."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--root", type=Path, default=HERE.parent.parent, help="the wizstats tree to run (default: this one)"
    )
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per case (default: 120)")
    parser.add_argument("--jobs", type=int, default=1, help="cases run at once (default: 1)")
    parser.add_argument("--command", action="append", help="only this command's cases (repeatable)")
    parser.add_argument("--max-gib", type=float, default=8.0, help="address space per case, GiB (default: 8)")
    parser.add_argument(
        "--warm", action="store_true", help="first compile the tree's kernels by running the valid cases"
    )
    parser.add_argument("--json", type=Path, help="also write the outcome of every case here")
    parser.add_argument("--before", type=Path, help="the --json file of an earlier run: count the cases fixed since")
    parser.add_argument("--table", type=Path, help="run nothing: print the counts of this --json file (with --before)")
    args = parser.parse_args(argv)
    before = json.loads(args.before.read_text())["cases"] if args.before else None  # read first: fail before the run
    if args.table:
        print(report(counts_of(json.loads(args.table.read_text())["cases"], before)))
        return 0
    rows = measure_cases(
        args.root.resolve(), args.timeout, args.command, args.jobs, max_gib=args.max_gib, warm=args.warm
    )
    counts = counts_of(rows, before)
    print(report(counts))
    if args.json:
        data = {"counts": {k: dict(v) for k, v in sorted(counts.items())}, "cases": rows}
        args.json.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
