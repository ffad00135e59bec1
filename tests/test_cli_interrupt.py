"""Ctrl-C is one line and exit status 130, also when the code it interrupts turns it into another error.

numba does that when Ctrl-C comes while it compiles (``RuntimeError: no compiled object yet``); the
command line must still say "interrupted", not print a traceback. (tests/fuzz/test_interrupt.py
interrupts real runs; this reproduces the compile case without a compile.)
"""

from __future__ import annotations

import os
import signal
import time
import types

import pytest

from wizstats import cli


def _run_that_is_interrupted(turn_into: type[BaseException] | None):  # type: ignore[no-untyped-def]
    def run(args: object) -> int:
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)  # the handler interrupts this at once
            raise AssertionError("SIGINT did not interrupt")
        except KeyboardInterrupt:
            if turn_into is None:
                raise
            raise turn_into("no compiled object yet for <Library 'set_trump'>") from None

    return run


@pytest.mark.parametrize("turn_into", [None, RuntimeError, ValueError])
def test_an_interrupt_is_one_line_and_130(
    turn_into: type[BaseException] | None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = types.SimpleNamespace(run=_run_that_is_interrupted(turn_into))
    monkeypatch.setattr(cli, "build_parser", lambda: types.SimpleNamespace(parse_args=lambda argv: args))
    before = signal.getsignal(signal.SIGINT)
    assert cli.main(["simulate"]) == 130
    assert capsys.readouterr().err.strip().splitlines() == ["wizstats: interrupted"]
    assert signal.getsignal(signal.SIGINT) is before  # the handler is put back


def test_an_error_without_an_interrupt_is_still_an_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def run(args: object) -> int:
        raise RuntimeError("a bug")

    args = types.SimpleNamespace(run=run)
    monkeypatch.setattr(cli, "build_parser", lambda: types.SimpleNamespace(parse_args=lambda argv: args))
    with pytest.raises(RuntimeError, match="a bug"):
        cli.main(["simulate"])
    args.run = lambda a: (_ for _ in ()).throw(ValueError("bad value"))
    assert cli.main(["simulate"]) == 2
    assert "wizstats: error: bad value" in capsys.readouterr().err
