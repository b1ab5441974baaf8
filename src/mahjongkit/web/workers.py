"""Where the web table's games are played: worker processes that each hold their games, or
threads of the server's own process.

The server's event loop only reads and writes messages; every step of a game (the person's
action, the bots' answers, the record's writes, the state message) runs in a worker, so one
table's thinking never holds up another table's messages. A game stays in the worker it was
placed in (its slot) for as long as it is played: nothing but a request and the finished
messages cross the process boundary (a game, its bots and its records connection are never
shipped). With ``processes=0`` the work runs in threads of this process instead: they share the
interpreter's lock with the event loop, and under load its messages wait behind the bots
(``bench/table_load.py`` measures both).

A worker process is started with ``spawn`` (a server's threads make ``fork`` unsafe), imports
the families once as it starts, and dies with the server.
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any, TypeVar

__all__ = ["WorkerLost", "Workers", "default_processes", "shared_workers"]

T = TypeVar("T")


def default_processes() -> int:
    """One worker process per core, and at least two: a table busy thinking leaves another
    worker free."""
    return max(2, os.cpu_count() or 1)


class WorkerLost(Exception):
    """The worker process holding a game ended (killed, out of memory): its games are only in
    the records now."""


class Workers:
    """A fixed set of slots, each a worker process (or, with ``processes=0``, any thread of a
    shared pool), where games are placed and then always played."""

    def __init__(self, processes: int, preload: tuple[str, ...] = ()) -> None:
        if type(processes) is not int or processes < 0:
            raise ValueError(f"processes is 0 or more, not {processes!r:.20}")
        self.processes = processes
        self.preload = preload
        """Modules a worker process imports as it starts (those whose functions it runs)."""
        self._lock = threading.Lock()
        self._executors: list[Executor | None] = [None] * max(processes, 1)
        self.placed = [0] * len(self._executors)
        """Games held in each slot (for placing the next one in the least busy)."""

    def place(self, slot: int | None = None) -> int:
        """The slot of a game held from now on: ``slot`` when given (a game held there again),
        else the one holding the fewest."""
        with self._lock:
            if slot is None:
                slot = min(range(len(self.placed)), key=self.placed.__getitem__)
            self.placed[slot] += 1
            return slot

    def leave(self, slot: int) -> None:
        """A game of ``slot`` is no longer held."""
        with self._lock:
            self.placed[slot] = max(0, self.placed[slot] - 1)

    def _executor(self, slot: int) -> Executor:
        with self._lock:
            executor = self._executors[slot]
            if executor is None:
                if self.processes == 0:
                    # Threads: a game's steps wait for the disk, so more than the cores.
                    executor = ThreadPoolExecutor(32, thread_name_prefix="mahjongkit-table")
                else:
                    import multiprocessing

                    executor = ProcessPoolExecutor(
                        1,
                        multiprocessing.get_context("spawn"),
                        initializer=_start_worker,
                        initargs=(self.preload,),
                    )
                self._executors[slot] = executor
            return executor

    async def ready(self) -> None:
        """Start every worker now, and wait until each has imported the families."""
        for slot in range(len(self._executors)):
            await self.run(slot, _ready)

    async def run(self, slot: int, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in the worker of ``slot``; its exceptions are raised here (a
        function run by a process and its arguments are sent by name and value: pickled)."""
        executor = self._executor(slot)
        try:
            with _interrupts_held():  # a worker may be started by this submit
                future = executor.submit(function, *args)
            return await asyncio.wrap_future(future)
        except BrokenProcessPool:
            with self._lock:
                if self._executors[slot] is executor:
                    self._executors[slot] = None
                    self.placed[slot] = 0
            executor.shutdown(wait=False)
            raise WorkerLost(f"worker {slot} ended") from None

    def close(self) -> None:
        """Stop every worker (the games they hold are in the records)."""
        with self._lock:
            executors, self._executors = self._executors, [None] * len(self._executors)
        for executor in executors:
            if executor is not None:
                executor.shutdown(wait=True, cancel_futures=True)


_SHARED: dict[int, Workers] = {}
_SHARED_LOCK = threading.Lock()


def shared_workers(processes: int, preload: tuple[str, ...] = ()) -> Workers:
    """The process's one set of ``processes`` workers, shared by every application made in it
    (each worker process keeps the games of every records file apart); ``preload`` as for
    :class:`Workers`."""
    with _SHARED_LOCK:
        workers = _SHARED.get(processes)
        if workers is None:
            workers = _SHARED[processes] = Workers(processes, preload)
        return workers


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """SIGINT held back from this thread while it starts worker processes.

    Ctrl-C reaches every process of the terminal's group, workers too. A worker started now
    inherits the held mask and keeps it until its initializer ignores SIGINT for good, so an
    interrupt landing while it is still importing cannot kill it and fail the server's start-up;
    the server itself still gets the interrupt (another thread or, released, this one).
    """
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not POSIX
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _start_worker(preload: tuple[str, ...]) -> None:  # pragma: no cover - in the worker
    # Ctrl-C is the server's to handle: a worker is stopped by its pool. Ignored first, then
    # released: an interrupt held back since the worker started is dropped, never delivered.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    # The worker ends with the server even if the server is killed outright. (Not by a parent
    # death signal: that follows the thread that started the worker, which may end first.)
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()
    from importlib import import_module

    from mahjongkit import shapes
    from mahjongkit.variants import VARIANT_NAMES, find_variant

    for module in preload:
        import_module(module)

    # Every family's parts and the shipped shape tables, once, before the first game.
    for name in VARIANT_NAMES:
        find_variant(name).import_parts()
    shapes.read_shipped_table_now()


def _watch_parent(parent: int) -> None:  # pragma: no cover - runs in the worker process
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def _ready() -> bool:  # pragma: no cover - runs in the worker process
    return True
