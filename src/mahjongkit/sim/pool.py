"""The games of a plan on one process or a pool of them, in index order whatever their number:
each process keeps the games it plays as the run's :class:`~mahjongkit.sim.sinks.Storage` says."""

from __future__ import annotations

import os
from collections.abc import Collection, Generator, Sequence
from typing import TYPE_CHECKING

from mahjongkit.bots.seating import SimulationError
from mahjongkit.sim.plan import Counters, Plan, Played, _play
from mahjongkit.sim.sinks import Storage, _json_line, _store
from mahjongkit.valueclass import replace

if TYPE_CHECKING:
    from mahjongkit.records import Records


__all__ = ["MAX_BATCH", "chunks", "run"]


class _Keeper:
    """Plays games of a plan and keeps them as its :class:`Storage` says (in a worker process,
    or in the one process of ``--jobs 1``), with one records connection for all its games."""

    def __init__(
        self,
        plan: Plan,
        storage: Storage,
        records: Records | None = None,
        counters: Counters | None = None,
    ) -> None:
        self.plan = plan
        self.storage = storage
        self.records = records
        self.counters = counters
        if records is None and storage.records is not None:
            from mahjongkit.records import Records

            # Its own connection: SQLite connections are not shared across a fork. A commit
            # waits for no disk; the write lock is waited for (the records' busy timeout).
            self.records = Records(storage.records, create=False, durable=False)

    def __call__(self, index: int) -> Played:
        game, played = _play(self.plan, index, self.counters)
        if self.records is not None and self.storage.records is not None:
            number = _store(self.records, self.plan, self.storage, played, game)
            return replace(played, lines=(), record=number)
        if self.storage.json_lines:
            return replace(played, lines=(), line=_json_line(self.plan, played))
        if self.storage.packed and index not in self.storage.unfinished:
            from mahjongkit.records import pack_log

            return replace(played, lines=(), packed=pack_log(played.lines))
        return played


_KEEPER: _Keeper | None = None
"""A worker process's keeper (set by :func:`_start_worker`)."""


def _start_worker(plan: Plan, storage: Storage, counters: Counters | None = None) -> None:
    """A pool worker's set-up: the plan, the storage and the shared counters once, not with
    every game."""
    global _KEEPER
    import signal

    # Ctrl-C is for the parent, which ends the pool: a worker never dies half way through a
    # commit with a traceback of its own (its game is dropped whole when it is terminated).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _KEEPER = _Keeper(plan, storage, counters=counters)
    if _KEEPER.records is not None:
        from multiprocessing.util import Finalize

        # Closed when the worker leaves a pool that was closed (not when it is terminated).
        Finalize(_KEEPER, _KEEPER.records.close, exitpriority=1)


def _play_chunk(indices: Sequence[int]) -> list[Played]:
    """A worker's task: the games ``indices``, one after another."""
    assert _KEEPER is not None, "a worker is set up by _start_worker"
    return [_KEEPER(index) for index in indices]


MAX_BATCH = 8
"""The most games one task plays (a message to a pool worker, a Ray task): enough to make a
task's overhead (a Ray task's is about a millisecond) small beside its games (a single round
takes several), few enough that the first results come at once, the work spreads evenly and an
interruption loses little (see :func:`chunks`)."""


def chunks(indices: Sequence[int], jobs: int) -> list[list[int]]:
    """``indices`` cut into the tasks of a pool of ``jobs`` processes, in order: each a
    quarter of an even share of the games still to hand out (at most :data:`MAX_BATCH`, at
    least one), so that early tasks save round trips and the last ones are single games: no
    process sits idle at the end while another plays out a long task.

    >>> [len(chunk) for chunk in chunks(range(40), 2)]
    [5, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    """
    if type(jobs) is not int or jobs < 1:
        raise SimulationError(f"tasks are cut for at least 1 process, not {jobs!r:.20}")
    out: list[list[int]] = []
    start = 0
    while start < len(indices):
        size = max(1, min(MAX_BATCH, (len(indices) - start) // (4 * jobs)))
        out.append(list(indices[start : start + size]))
        start += size
    return out


def _prepare(variant: str) -> None:
    """Import the family's parts and read the shipped shape tables now: a run plays far more
    hands than it takes to be worth reading them, and done before the workers fork, the
    modules and tables are one copy that every worker shares (each would otherwise import
    its own, work out its first suits, then read its own tables)."""
    from mahjongkit import shapes
    from mahjongkit.variants import find_variant

    find_variant(variant).import_parts()  # the family's own tables too
    shapes.read_shipped_table_now()


def run(
    plan: Plan,
    jobs: int | None = None,
    skip: Collection[int] = (),
    storage: Storage | None = None,
    records: Records | None = None,
    counters: Counters | None = None,
) -> Generator[Played, None, None]:
    """The games of ``plan`` but those of ``skip``, in index order, played on ``jobs`` processes
    (default: every core). The order and every game are the same whatever ``jobs`` is.

    ``storage``: each game is kept by the process that plays it (see :class:`Storage`), so
    that this one only gathers small results; ``records``: this process's open connection to
    the storage's database, used when the games are played here (``jobs`` 1); ``counters``:
    counted round by round by whichever process plays each game.
    """
    if jobs is None:
        jobs = os.cpu_count() or 1
    if type(jobs) is not int or jobs < 1:
        raise SimulationError(f"--jobs is the number of processes, at least 1, not {jobs!r:.20}")
    storage = storage or Storage()
    indices = [i for i in range(plan.games) if i not in skip]
    jobs = min(jobs, len(indices))
    if indices:
        _prepare(plan.variant)
    if jobs <= 1:
        keeper = _Keeper(plan, storage, records, counters)
        try:
            for index in indices:
                yield keeper(index)
        finally:
            if records is None and keeper.records is not None:
                keeper.records.close()
        return
    import gc
    import multiprocessing

    # What a game needs is imported once, here, and inherited by the forked workers.
    import mahjongkit.bots.mjai_host  # noqa: F401

    context = multiprocessing.get_context()
    # The objects the workers inherit are left out of their garbage collections: a collection
    # writes to every object it visits, which would copy each inherited page into each worker.
    gc.collect()
    gc.freeze()
    try:
        with context.Pool(jobs, _start_worker, (plan, storage, counters)) as pool:
            # imap keeps the order of the tasks, hence of the games.
            for played in pool.imap(_play_chunk, chunks(indices, jobs)):
                yield from played
            # Every game is in: let the workers close their connections and leave.
            pool.close()
            pool.join()
    finally:
        gc.unfreeze()
