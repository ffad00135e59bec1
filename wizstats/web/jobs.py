"""Bounded pools that keep computations off the event loop.

A :class:`JobPool` runs functions in worker processes (simulations: they hold the CPU for
seconds) or threads (cheap work), and holds at most ``workers + queue`` jobs at once: one more
raises :class:`Busy` at once, which the app answers with 503. A request whose client goes away
while its job still waits is taken out of the queue.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

__all__ = ["Busy", "Gone", "JobPool"]


class Busy(Exception):
    """Every worker is busy and the queue is full: try again in a moment."""


class Gone(Exception):
    """The client went away before its job ran; the job was dropped."""


def _worker_start() -> None:
    """Import what the jobs need once per worker process, and end the worker if the server dies.

    A worker ignores Ctrl-C (the terminal sends it to every process of the group): the server
    decides when its workers stop (:meth:`JobPool.stop`).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from . import commands  # noqa: F401

    parent = os.getppid()

    def watch() -> None:  # a killed server cannot stop its workers: they notice and stop themselves
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="wizstats-web-watch").start()


class JobPool:
    """At most ``workers`` jobs running and ``queue`` waiting, in processes or threads."""

    def __init__(self, workers: int, queue: int, *, processes: bool) -> None:
        if workers < 1 or queue < 0:
            raise ValueError(f"a pool needs workers >= 1 and queue >= 0, got {workers} and {queue}")
        self.workers, self.capacity, self.processes = workers, workers + queue, processes
        self.in_flight = 0
        self.stopping = False
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self.stopping:
            raise Busy("the server is stopping")
        if self._executor is None:
            if self.processes:
                self._executor = ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_start
                )
            else:
                self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="wizstats-web")
        return self._executor

    async def run(
        self, fn: Callable[..., Any], *args: Any, disconnected: Callable[[], Awaitable[bool]] | None = None
    ) -> Any:
        """``fn(*args)`` in the pool; :class:`Busy` if full, :class:`Gone` if the client left while it waited."""
        if self.in_flight >= self.capacity:
            raise Busy(f"the server is busy ({self.in_flight} requests computing or waiting); try again shortly")
        self.in_flight += 1
        executor = None
        try:
            executor = self._pool()
            job = executor.submit(fn, *args)
            future = asyncio.wrap_future(job)
            if disconnected is None:
                return await future
            while True:
                done, _ = await asyncio.wait({future}, timeout=0.25)
                if done:
                    return future.result()
                if await disconnected():
                    job.cancel()  # dropped if it still waits (at once); a running job finishes unseen
                    raise Gone("the client went away")
        except BrokenProcessPool:
            if self.stopping:
                raise Busy("the server is stopping") from None
            if self._executor is executor:  # a worker died (killed, out of memory): start afresh next time
                self.close(reopen=True)
            raise Busy("a worker process stopped; try again") from None
        finally:
            self.in_flight -= 1

    def stop(self) -> None:
        """Refuse new jobs and kill the worker processes now (safe in a signal handler: it only sends signals).

        The jobs they ran end with :class:`Busy` ("the server is stopping"), so their requests are
        answered at once instead of holding the server's shutdown; :meth:`close` cleans up.
        """
        self.stopping = True
        for process in self._processes():
            process.terminate()

    def close(self, *, reopen: bool = False) -> None:
        """Stop the workers and release what the pool holds: waiting jobs dropped, running simulations killed.

        The executor is shut down and waited for, so its queues and their semaphores are released
        here, not left to the interpreter's exit (which a signal may cut short: "leaked semaphore
        objects"). ``reopen``: the pool may start afresh afterwards (a worker had died).
        """
        self.stopping = not reopen
        executor, processes = self._executor, self._processes()
        self._executor = None
        if executor is None:
            return
        for process in processes:  # else shutting down would wait for a running simulation
            process.terminate()
        executor.shutdown(wait=self.processes, cancel_futures=True)  # threads hold no semaphores: not waited for

    def _processes(self) -> list[Any]:
        """The worker processes of a process pool (none for threads or before the first job)."""
        return list((getattr(self._executor, "_processes", None) or {}).values())
