"""Keep every number in README.md and docs/ true: rerun each example and compare or rewrite its output.

    python tools/docs.py --check              # rerun every example; exit 1 with a diff if any output differs
    python tools/docs.py --write              # rerun every example and write the outputs in place
    python tools/docs.py --check docs/rules.md   # one page (README.md and docs/*.md by default)

Which blocks run
----------------
- ```` ```console ```` blocks: each ``$ COMMAND`` line (a trailing ``\\`` continues it) is followed
  by that command's output. ``wizstats ...`` (optionally ``| head -N`` or ``| tail -N``) runs in
  this process through :func:`wizstats.cli.main`, which is what the ``wizstats`` script calls;
  anything else runs in ``bash``. The output is what the command prints on stdout, and, when it
  exits with an error status, its stderr (the one-line error), as a user sees it.
- ```` ```pycon ```` blocks, and ```` ```python ```` blocks that start with ``>>>``: doctest style.
  ``>>> `` starts a statement, ``... `` continues it; the lines up to the next ``>>>`` are what it
  prints (an expression's value is shown as the interpreter shows it; an exception as
  ``Traceback (most recent call last):`` / ``  ...`` / its last line). The Python blocks of one
  page share one namespace, in page order.
- Every other block (``bash``, ``text``, ``python`` without ``>>>``) is an illustration: it never
  runs and must not show computed output.

The commands of one page run in one fresh temporary directory (so ``--out`` and ``--cache``
write there) that holds links ``examples`` and ``docs`` to those folders of the repository; pandas prints
with a display width of 200 and at most 50 columns; ``COLUMNS=100``. Seeds are fixed in the
commands themselves, and nothing printed depends on the clock, so the outputs are the same on
every run and every machine with the same library versions.

``ruff format`` also formats the Python of these blocks (CI checks it with ``ruff format --check .``):
after editing a page run it, then ``--check``; keep one statement per ``>>>`` line.

Expected output
---------------
Trailing spaces and trailing blank lines are ignored. A line that is exactly ``...`` stands for
any number of lines (doctest's ELLIPSIS, whole lines only): use it to cut a long table; with
``--write`` the lines kept before and after it stay the same in number.

A directive in an HTML comment on the line before a block changes how it runs:

- ``<!-- docs: skip -->``: never run (a command that needs a cluster or runs for minutes).
- ``<!-- docs: timing -->``: the output holds measured times, which differ from run to run.
  ``--write`` records fresh ones; ``--check`` reruns the block and compares the output with every
  number masked (``#``) and runs of spaces collapsed: its lines and labels cannot go stale, its
  figures are as of the last ``--write`` (the block itself says under which load).
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import io
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>```+|~~~+)[ \t]*(?P<lang>[\w+-]*)[^`]*$")
DIRECTIVE = re.compile(r"^\s*<!--\s*docs:\s*(?P<words>[^>]*?)\s*-->\s*$")
DIRECTIVES = ("skip", "timing")
IN_PROCESS = re.compile(
    r"^(?:wizstats|python -m wizstats)\s+(?P<args>[^|;&<>`$]*?)"  # the command, no other shell syntax
    r"(?:\s*\|\s*(?P<filter>head|tail)\s+-n?\s*(?P<count>\d+))?\s*$"  # and at most | head -N or | tail -N
)
ELLIPSIS = "..."
LINKED = ("examples", "docs")
"""Folders of the repository linked into the directory the commands run in."""
NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?(?:e[-+]?\d+)?")


def default_files() -> list[Path]:
    """README.md and every page of docs/."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


# ---------------------------------------------------------------- parsing


@dataclass
class Example:
    """One command (console) or one statement (Python), with the output the page shows for it."""

    line: int
    """Line number (from 1) of its first source line in the file."""
    source: list[str]
    """Its source lines as written, prompts included, without the block's indent."""
    expected: list[str]
    """The output lines as written (trailing blank lines excluded)."""
    blank_after: int = 0
    """Blank lines between the output and the next example (kept as they are)."""

    @property
    def code(self) -> str:
        """What runs: the source without its prompts."""
        if self.source[0].startswith("$ "):
            text = "\n".join([self.source[0][2:], *self.source[1:]])
            return text.replace("\\\n", " ")
        return "\n".join(s[4:] if len(s) > 3 else "" for s in self.source)


@dataclass
class Block:
    """A fenced block that runs: its place in the file, its kind, its examples."""

    path: Path
    lang: str
    """``console`` or ``python``."""
    first: int
    """Index (from 0) of the first line inside the fence."""
    last: int
    """Index of the closing fence line."""
    indent: str
    mode: str = "exact"
    """``exact``, ``timing`` or ``skip``."""
    examples: list[Example] = field(default_factory=list)
    lead: list[str] = field(default_factory=list)
    """Lines before the first example (blank lines only)."""

    def render(self) -> list[str]:
        """The block's inner lines, indent included, as they stand now."""
        lines = list(self.lead)
        for ex in self.examples:
            lines += ex.source + ex.expected + [""] * ex.blank_after
        return [(self.indent + s) if s else "" for s in lines]


def _split_examples(lines: list[str], lang: str, offset: int, where: str) -> tuple[list[str], list[Example]]:
    """Cut a block's lines into examples (source lines, then output lines)."""
    is_start = (lambda s: s.startswith("$ ")) if lang == "console" else (lambda s: s.startswith(">>> "))
    lead: list[str] = []
    i = 0
    while i < len(lines) and not lines[i].strip():
        lead.append(lines[i])
        i += 1
    if i < len(lines) and not is_start(lines[i]):
        prompt = "$ " if lang == "console" else ">>> "
        raise ValueError(f"{where}:{offset + i + 1}: a {lang} block must start with '{prompt}', got {lines[i]!r}")
    examples: list[Example] = []
    while i < len(lines):
        start = i
        source = [lines[i]]
        i += 1
        if lang == "console":
            while source[-1].endswith("\\") and i < len(lines):
                source.append(lines[i])
                i += 1
        else:
            while i < len(lines) and (lines[i].startswith("... ") or lines[i] == "..."):
                source.append(lines[i])
                i += 1
        output = []
        while i < len(lines) and not is_start(lines[i]):
            output.append(lines[i])
            i += 1
        blank = 0
        while output and not output[-1].strip():
            output.pop()
            blank += 1
        if output and all(s == ELLIPSIS for s in output):
            raise ValueError(f"{where}:{offset + start + 1}: an output of only '...' checks nothing: keep some lines")
        examples.append(Example(offset + start + 1, source, output, blank))
    return lead, examples


def parse(path: Path, text: str | None = None) -> tuple[list[str], list[Block]]:
    """The file's lines and its runnable blocks."""
    lines = (path.read_text() if text is None else text).split("\n")
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, lang = m["indent"], m["fence"], m["lang"].lower()
        j = i + 1
        while j < len(lines) and lines[j].strip() != fence:
            j += 1
        if j == len(lines):
            raise ValueError(f"{path}:{i + 1}: code block not closed")
        inner = [s[len(indent) :] if s.startswith(indent) else s.lstrip() for s in lines[i + 1 : j]]
        first_code = next((s for s in inner if s.strip()), "")
        kind = {"console": "console", "pycon": "python"}.get(lang)
        if lang == "python" and first_code.startswith(">>> "):
            kind = "python"
        if kind is not None:
            mode = "exact"
            k = i - 1
            while k >= 0 and not lines[k].strip():
                k -= 1
            d = DIRECTIVE.match(lines[k]) if k >= 0 else None
            if d:
                words = [w.strip() for w in d["words"].split(",")]
                unknown = [w for w in words if w not in DIRECTIVES]
                if unknown:
                    raise ValueError(f"{path}:{k + 1}: unknown docs directive {unknown} (known: {DIRECTIVES})")
                mode = "skip" if "skip" in words else "timing"
            lead, examples = _split_examples(inner, kind, i + 1, str(path))
            blocks.append(Block(path, kind, i + 1, j, indent, mode, examples, lead))
        i = j + 1
    return lines, blocks


# ---------------------------------------------------------------- running


class Failure(Exception):
    """An example that could not run at all (a crash, not a different output)."""


@contextlib.contextmanager
def environment(workdir: Path) -> Iterator[None]:
    """Run in ``workdir`` with fixed display settings; restore everything afterwards."""
    import pandas as pd

    old_cwd, old_columns = os.getcwd(), os.environ.get("COLUMNS")
    os.chdir(workdir)
    os.environ["COLUMNS"] = "100"
    try:
        with pd.option_context("display.width", 200, "display.max_columns", 50, "display.max_rows", 60):
            yield
    finally:
        os.chdir(old_cwd)
        if old_columns is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = old_columns


def _quiet_stderr(text: str) -> str:
    """Stderr without the one-time compile notice (it depends on the cache, not on the command)."""
    return "".join(s for s in text.splitlines(keepends=True) if not s.startswith("wizstats: compiling "))


def run_command(command: str) -> str:
    """What ``command`` prints: stdout, plus stderr when it fails."""
    m = IN_PROCESS.match(command)
    if m:
        from wizstats.cli import main

        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(shlex.split(m["args"]))
            except SystemExit as stop:  # argparse's --help and usage errors
                status = stop.code if isinstance(stop.code, int) else 1
            except Exception as exc:
                raise Failure(f"$ {command}\n{traceback.format_exc()}") from exc
        text = out.getvalue()
        if m["filter"]:
            kept = text.splitlines()
            kept = kept[: int(m["count"])] if m["filter"] == "head" else kept[-int(m["count"]) :]
            text = "\n".join(kept)
    else:
        path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
        env = dict(os.environ, PYTHONPATH=path)
        done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, env=env, timeout=900)
        status, text, err = done.returncode, done.stdout, io.StringIO(done.stderr)
    if status:
        text = text + ("" if not text or text.endswith("\n") else "\n") + _quiet_stderr(err.getvalue())
    return text


def run_python(code: str, namespace: dict, name: str) -> str:
    """What one doctest-style statement prints (its value, or its exception's last line)."""
    out = io.StringIO()
    try:
        compiled = compile(code, name, "single")
    except SyntaxError as exc:
        raise Failure(f"{name}: {exc}") from exc
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):  # no progress bars
        try:
            exec(compiled, namespace)
        except Exception as exc:
            last = traceback.format_exception_only(type(exc), exc)[-1].rstrip("\n")
            print(f"Traceback (most recent call last):\n  ...\n{last}")
    return out.getvalue()


def normalise(text: str | list[str]) -> list[str]:
    """Lines without trailing spaces or trailing blank lines."""
    lines = [s.rstrip() for s in (text.split("\n") if isinstance(text, str) else text)]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def mask(lines: list[str]) -> list[str]:
    """Lines with every number as ``#`` and runs of spaces as one (for timing blocks)."""
    return [re.sub(r"\s+", " ", NUMBER.sub("#", s)).strip() for s in lines]


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected``, a whole-line ``...`` standing for any lines."""
    parts: list[list[str]] = [[]]
    for s in expected:
        if s == ELLIPSIS:
            parts.append([])
        else:
            parts[-1].append(s)
    if len(parts) == 1:
        return expected == actual
    head, *middle, tail = parts
    if actual[: len(head)] != head or len(actual) < len(head) + len(tail):
        return False
    if tail and actual[len(actual) - len(tail) :] != tail:
        return False
    pos, stop = len(head), len(actual) - len(tail)
    for part in middle:
        while pos + len(part) <= stop and actual[pos : pos + len(part)] != part:
            pos += 1
        if pos + len(part) > stop:
            return False
        pos += len(part)
    return True


def rewrite(expected: list[str], actual: list[str], where: str) -> list[str]:
    """The new expected output: ``actual``, cut as ``expected`` was cut by a ``...`` line."""
    cuts = [k for k, s in enumerate(expected) if s == ELLIPSIS]
    if not cuts:
        return actual
    if len(cuts) > 1:
        raise Failure(f"{where}: the output changed and has {len(cuts)} '...' lines: update it by hand")
    head, tail = cuts[0], len(expected) - cuts[0] - 1
    if head + tail >= len(actual):
        return actual
    return actual[:head] + [ELLIPSIS] + (actual[len(actual) - tail :] if tail else [])


@dataclass
class Outcome:
    """What checking one file found."""

    path: Path
    diffs: list[str] = field(default_factory=list)
    examples: int = 0
    changed: int = 0
    seconds: float = 0.0
    new_text: str | None = None
    timings: list[tuple[float, str]] = field(default_factory=list)
    """Seconds per example, with its place and first line."""


def process(path: Path, *, write: bool = False, text: str | None = None) -> Outcome:
    """Run every example of one file; collect differences, and the rewritten text if ``write``."""
    started = time.perf_counter()
    lines, blocks = parse(path, text)
    outcome = Outcome(path)
    try:
        rel = path.resolve().relative_to(ROOT)
    except ValueError:
        rel = path
    namespace: dict = {"__name__": "__docs__"}
    with tempfile.TemporaryDirectory(prefix="wizstats-docs-") as tmp:
        work = Path(tmp)
        for name in LINKED:
            (work / name).symlink_to(ROOT / name, target_is_directory=True)
        with environment(work):
            for block in blocks:
                if block.mode == "skip":
                    continue
                for ex in block.examples:
                    where = f"{rel}:{ex.line}"
                    clock = time.perf_counter()
                    if block.lang == "console":
                        actual = normalise(run_command(ex.code))
                    else:
                        actual = normalise(run_python(ex.code, namespace, where))
                    outcome.examples += 1
                    outcome.timings.append((time.perf_counter() - clock, f"{where}: {ex.source[0]}"))
                    expected = normalise(ex.expected)
                    if block.mode == "timing":
                        same = mask(expected) == mask(actual)
                        shown_expected, shown_actual = mask(expected), mask(actual)
                    else:
                        same = matches(expected, actual)
                        shown_expected, shown_actual = expected, actual
                    if write and (block.mode == "timing" or not same):
                        new = actual if block.mode == "timing" else rewrite(expected, actual, where)
                        if new != expected:
                            ex.expected = new
                            outcome.changed += 1
                    elif not same:
                        diff = difflib.unified_diff(shown_expected, shown_actual, "expected", "actual", lineterm="")
                        outcome.diffs.append(f"{where}: {ex.source[0]}\n" + "\n".join(diff))
    if write:
        for block in reversed(blocks):
            lines[block.first : block.last] = block.render()
        outcome.new_text = "\n".join(lines)
    outcome.seconds = time.perf_counter() - started
    return outcome


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="rerun every example; fail with a diff if any differs")
    mode.add_argument("--write", action="store_true", help="rerun every example and write its output in place")
    parser.add_argument("--times", type=int, default=0, metavar="N", help="also list the N slowest examples")
    parser.add_argument("files", nargs="*", type=Path, help="Markdown files (default: README.md docs/*.md)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))  # document this checkout
    files = args.files or default_files()
    failed = False
    timings: list[tuple[float, str]] = []
    for path in files:
        try:
            outcome = process(path, write=args.write)
        except (Failure, ValueError) as err:
            print(f"{path}: {err}", file=sys.stderr)
            failed = True
            continue
        if args.write and outcome.changed and outcome.new_text is not None:
            path.write_text(outcome.new_text)
        state = f"{outcome.changed} rewritten" if args.write else ("ok" if not outcome.diffs else "DIFFERS")
        print(f"{path}: {outcome.examples} examples, {state} ({outcome.seconds:.1f} s)", flush=True)
        for diff in outcome.diffs:
            print(diff)
        failed |= bool(outcome.diffs)
        timings += outcome.timings
    for seconds, what in sorted(timings, reverse=True)[: args.times]:
        print(f"{seconds:7.2f} s  {what[:110]}")
    if failed and args.check:
        print("outputs differ from the page: run `python tools/docs.py --write` and review the diff", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
