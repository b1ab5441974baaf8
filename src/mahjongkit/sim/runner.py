"""A whole run: the games of a plan played, handed to a sink and counted in the summary."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from mahjongkit.sim.plan import Counters, Plan, Played
from mahjongkit.sim.pool import run
from mahjongkit.sim.ray import run_ray
from mahjongkit.sim.sinks import RecordsSink, Storage
from mahjongkit.sim.stats import Summary
from mahjongkit.valueclass import replace

__all__ = ["simulate"]


def simulate(
    plan: Plan,
    jobs: int | None,
    sink: Callable[[Played], None] | None = None,
    progress: Callable[[Played], None] | None = None,
    done: dict[int, Played] | None = None,
    on_ray: bool = False,
    counters: Counters | None = None,
) -> Summary:
    """Run ``plan``: each game handed to ``sink`` (storage) then ``progress``, in index order;
    the summary of the games played (a run interrupted keeps every game already handed on).
    ``counters`` are counted round by round as the games are played (not on Ray, whose tasks
    may run on other machines).

    A sink with a ``prepare()`` method (:class:`RecordsSink`, :class:`JsonLinesSink`) has the
    processes that play the games store them or make their lines (see :class:`Storage`).

    ``done``: games already stored by an interrupted run, counted and not played again.
    ``on_ray``: the games are Ray tasks (inside :func:`ray_cluster`), ``jobs`` of them at once.
    """
    summary = Summary(plan)
    done = done or {}
    for index in sorted(done):
        summary.add(done[index])
    prepare = getattr(sink, "prepare", None)
    storage: Storage | None = prepare() if prepare is not None else None
    if on_ray:
        # A Ray task may run on another machine than the database: it sends each game's line
        # or packed log, which this process writes.
        if storage is not None and storage.records is not None:
            storage = replace(storage, records=None, packed=True)
        games = run_ray(plan, jobs or 1, skip=done, storage=storage)
    else:
        records = sink.records if isinstance(sink, RecordsSink) else None
        games = run(plan, jobs, skip=done, storage=storage, records=records, counters=counters)
    # Closed on the way out of an interruption, not when its traceback is let go: the processes
    # or the Ray tasks stop before the caller moves on (and before its Ray connection closes).
    with contextlib.closing(games):
        for played in games:
            if sink is not None:
                sink(played)
            summary.add(played)
            if progress is not None:
                progress(played)
    return summary
