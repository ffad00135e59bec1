"""Every command that will compile kernels says so once, on stderr, when it starts compiling; none says so when cached.

Nothing here compiles: ``is_cached`` is replaced (uncached: ``False``; cached: ``True``), each
command's ``run`` by a stub, and the hook that waits for numba's first compile by one that fires
at once, so most tests check the decision only (issue 31, item 3). The last ones check the wait
itself: a bad input is one line (the error), and the hook fires on a real compile only.
"""

from __future__ import annotations

import argparse
import importlib

import pytest

import wizstats.engine.startup as startup
from wizstats.cli import main

NOTICE = "wizstats: compiling the simulator for this machine"

COMMANDS = {
    "arena": ["arena", "expert", "heuristic"],
    "ask": ["ask", "non-trump-13"],
    "bid": ["bid", "W", "R12", "--trump", "R5"],
    "game": ["game"],
    "one_colour": ["one-colour"],
    "simulate": ["simulate", "--hand-size", "5"],
    "strength": ["strength", "R13", "--trump", "red"],
    "sweep": ["sweep", "--hand-size", "5"],
    "thresholds": ["thresholds"],
}
"""Each command that calls a kernel, with arguments it accepts."""

SILENT = {
    "ask": ["ask", "--list"],
    "thresholds": ["thresholds", "--players", "4", "--bids", "1"],
    "winner": ["winner", "J", "W", "--trump", "red"],
    "score": ["score", "sheet.csv"],
}
"""Commands (or forms of them) that call no kernel: never the notice."""


@pytest.fixture
def stubbed(monkeypatch: pytest.MonkeyPatch) -> list[argparse.Namespace]:
    """Each command's ``run`` records its arguments instead of computing; the notice may be printed again."""
    ran: list[argparse.Namespace] = []
    for name in {*COMMANDS, *SILENT}:
        module = importlib.import_module(f"wizstats.cli.{name}")
        monkeypatch.setattr(module, "run", lambda args: ran.append(args) or 0)
    monkeypatch.setattr(startup, "_announced", False)
    monkeypatch.setattr("wizstats._kernels.jit.on_first_compile", lambda say: say())
    return ran


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_notice_once_on_stderr_when_not_cached(
    name: str, stubbed: list[argparse.Namespace], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(startup, "is_cached", lambda kernel: False)
    assert main(COMMANDS[name]) == 0
    assert main(COMMANDS[name]) == 0  # a second command in the same process: already said
    out, err = capsys.readouterr()
    assert len(stubbed) == 2 and NOTICE not in out
    assert [line for line in err.splitlines() if NOTICE in line] == [err.strip()]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_no_notice_when_cached(
    name: str, stubbed: list[argparse.Namespace], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(startup, "is_cached", lambda kernel: True)
    assert main(COMMANDS[name]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("name", sorted(SILENT))
def test_no_notice_without_kernels(
    name: str, stubbed: list[argparse.Namespace], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(startup, "is_cached", lambda kernel: False)
    assert main(SILENT[name]) == 0
    assert capsys.readouterr().err == ""


def test_special_cards_name_their_own_kernel(
    stubbed: list[argparse.Namespace], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    monkeypatch.setattr(startup, "is_cached", lambda kernel: asked.append(kernel.__name__) or True)
    assert main(["simulate", "--hand-size", "5", "--special", "dragon"]) == 0
    assert asked == ["simulate_special_counts"]


def test_serve_says_so_before_it_listens(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    web = pytest.importorskip("wizstats.web")
    serve = importlib.import_module("wizstats.cli.serve")
    monkeypatch.setattr(startup, "_announced", False)
    monkeypatch.setattr(startup, "is_cached", lambda kernel: False)
    monkeypatch.setattr(serve, "_check_free", lambda host, port: None)
    monkeypatch.setattr(web, "create_app", lambda *args, **kwargs: object())
    monkeypatch.setattr(web, "serve", lambda app, host, port: None)
    assert main(["serve", "--port", "9999"]) == 0
    out, err = capsys.readouterr()
    assert NOTICE in err and NOTICE not in out and len(err.splitlines()) == 1


def test_bad_input_is_one_line_even_when_not_cached(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The notice waits for a compile; a command refusing its input compiles nothing, so only the error shows."""
    waiting: list[object] = []
    monkeypatch.setattr(startup, "_announced", False)
    monkeypatch.setattr(startup, "is_cached", lambda kernel: False)
    monkeypatch.setattr("wizstats._kernels.jit.on_first_compile", waiting.append)
    assert main(["bid", "ZZ", "--trump", "R5"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and NOTICE not in err[0] and "ZZ" in err[0]
    assert len(waiting) == 1  # the notice was armed, and would have shown had a kernel compiled


def test_the_hook_fires_once_on_a_real_compile() -> None:
    """numba's compile event: the first fresh function fires the hook; calls and a second compile do not again."""
    import numba

    from wizstats._kernels.jit import on_first_compile

    fired: list[int] = []
    on_first_compile(lambda: fired.append(1))
    assert fired == []
    f = numba.njit(lambda x: x + 1)
    g = numba.njit(lambda x: x + 2)
    assert (f(1), f(2), g(1)) == (2, 3, 3)
    assert fired == [1]
