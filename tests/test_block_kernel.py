"""The batch kernels' blocks on threads (``wizstats._kernels.jit.BlockKernel``): every block played once, whatever
the threads; a kernel's error reaches the caller after every window has ended; the ``blocks`` parameter is required.

The engine's own kernels give the same numbers on 1 and 2 threads (tests/test_simulate.py and the determinism
tests of each engine); these check the mechanism on a kernel that only marks the blocks it was given.
"""

from __future__ import annotations

import numpy as np
import pytest

from wizstats._kernels.jit import BlockKernel, pjit
from wizstats.engine import threads_limited


@pjit
def mark_blocks(tag, blocks, out, seen):
    """``out[b] += tag`` for each block of this call's window; ``seen[b]`` the window's total (``n_blocks``)."""
    n_blocks, block_first, block_stop = blocks
    for b in range(block_first, block_stop):
        out[b] += tag
        seen[b] = n_blocks


@pjit
def fail_at(bad, blocks, out):
    """Marks its blocks, and raises at block ``bad`` (after marking the blocks before it in its window)."""
    n_blocks, block_first, block_stop = blocks
    for b in range(block_first, block_stop):
        if b == bad:
            raise ValueError("a block failed")
        out[b] = 1


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("n_blocks", [0, 1, 2, 3, 7, 8])
def test_every_block_is_played_once_with_its_window_of_the_whole(threads: int, n_blocks: int) -> None:
    out = np.zeros(max(n_blocks, 1), np.int64)
    seen = np.full(max(n_blocks, 1), -1, np.int64)
    with threads_limited(threads):
        mark_blocks(5, n_blocks, out, seen)
    assert out[:n_blocks].tolist() == [5] * n_blocks
    assert seen[:n_blocks].tolist() == [n_blocks] * n_blocks


def test_an_error_in_a_window_reaches_the_caller_after_the_others_have_ended() -> None:
    out = np.zeros(8, np.int64)
    with threads_limited(2), pytest.raises(ValueError, match="a block failed"):
        fail_at(6, 8, out)  # the second window (blocks 4..7) fails at 6, on a pool thread
    assert out[:6].tolist() == [1] * 6  # the first window, in the calling thread, ran to its end
    out[:] = 0
    with threads_limited(2), pytest.raises(ValueError, match="a block failed"):
        fail_at(1, 8, out)  # the calling thread's window fails; the other still ends before the call returns
    assert out[4:].tolist() == [1] * 4


def test_the_kernel_is_reached_through_the_block_kernel() -> None:
    mark_blocks(1, 1, np.zeros(1, np.int64), np.zeros(1, np.int64))
    assert isinstance(mark_blocks, BlockKernel)
    assert mark_blocks.__name__ == "mark_blocks" and "window" in (mark_blocks.__doc__ or "")
    assert mark_blocks.signatures  # the compiled kernel's attributes show through


def test_a_block_kernel_must_take_blocks() -> None:
    def no_blocks(n_blocks, out):  # noqa: ANN001, ANN202
        pass

    with pytest.raises(TypeError, match="parameter named 'blocks'"):
        pjit(no_blocks)
