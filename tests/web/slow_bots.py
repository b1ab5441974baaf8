"""One table whose bots take their time: the game seeded :data:`SLOW_SEED` computes for a second
and a half (the processor held, as real thinking holds it) before its bots play.

Imported by a worker process of the table (``Workers(preload=...)``), it slows that worker's
tables at once; the server's own process uses :func:`slow_play_bots` through a monkeypatch.
"""

from __future__ import annotations

import multiprocessing
import time

from mahjongkit.web.table import Seating

SLOW_SEED = 3
THINKING_SECONDS = 1.5

_play_bots = Seating.play_bots


def slow_play_bots(self: Seating) -> None:
    """:meth:`Seating.play_bots`, after a busy second and a half for the slow table."""
    if self.game.seed == SLOW_SEED:
        until = time.perf_counter() + THINKING_SECONDS
        while time.perf_counter() < until:
            pass
    _play_bots(self)


if multiprocessing.parent_process() is not None:  # a worker process of the table
    Seating.play_bots = slow_play_bots  # type: ignore[method-assign]
