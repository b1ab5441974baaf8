"""Batch simulation: many seeded games between bots, on one process or many, with a summary.

Each game's seed is derived from the run's seed and the game's index by a stable hash
(:func:`game_seed`), and every game is played by a fresh set of agents seeded from the game's
seed, so a game depends on nothing but ``(seed, index)``: the same run on one process or on
eight gives the same games, gathered in index order, hence the same stored logs and the same
summary. Games are stored in the records database (:mod:`mahjongkit.records`) or as JSON lines.

The package is cut by concern: the plan and one game (:mod:`~mahjongkit.sim.plan`), a pool of
processes (:mod:`~mahjongkit.sim.pool`), Ray (:mod:`~mahjongkit.sim.ray`), where the games go
(:mod:`~mahjongkit.sim.sinks`), the summary (:mod:`~mahjongkit.sim.stats`) and a whole run
(:mod:`~mahjongkit.sim.runner`); who sits at the table is the bots' own
(:mod:`mahjongkit.bots.seating`). Every name is importable from here.

>>> plan = Plan("sichuan", None, seed=1, games=2, bots=("random",), max_rounds=1)
>>> summary = Summary(plan)
>>> for played in run(plan, jobs=1):
...     summary.add(played)
>>> summary.to_json()["games"]
2
"""

from __future__ import annotations

from mahjongkit.bots.seating import (
    BOTS,
    Hosting,
    SimulationError,
    game_seed,
    make_agents,
    parse_bots,
)
from mahjongkit.sim.plan import Counters, Plan, Played, play_game
from mahjongkit.sim.pool import MAX_BATCH, chunks, run
from mahjongkit.sim.ray import RAY_CONNECT_SECONDS, check_ray, ray_cluster, run_ray
from mahjongkit.sim.runner import simulate
from mahjongkit.sim.sinks import JsonLinesSink, RecordsSink, Storage, stored_lines
from mahjongkit.sim.stats import Z_95, Moments, Summary

__all__ = [
    "BOTS",
    "MAX_BATCH",
    "RAY_CONNECT_SECONDS",
    "Z_95",
    "Counters",
    "Hosting",
    "JsonLinesSink",
    "Moments",
    "Plan",
    "Played",
    "RecordsSink",
    "SimulationError",
    "Storage",
    "Summary",
    "check_ray",
    "chunks",
    "game_seed",
    "make_agents",
    "parse_bots",
    "play_game",
    "ray_cluster",
    "run",
    "run_ray",
    "simulate",
    "stored_lines",
]
