"""Throughput of ``mahjongkit simulate`` on one process and on every core, beside riichienv.

    .venv/bin/python bench/throughput.py [--games 40] [--rounds 200] [--blocks 2] [--repeat 1]
        [--json] [--only riichi_game,sichuan_game] [--no-bots]

For each family, ``simulate`` is run as a user runs it (its own process, the games stored in a
fresh records database, random players) on ``--jobs 1`` and on ``--jobs N`` (N: every core), and
the figures it reports are kept: games/s and rounds/s over the run (pool start-up, the games,
the parent's storage: everything but the interpreter's start). Measured:

- single rounds (``--max-rounds 1``) of every family;
- whole games: Riichi east-south (tenhou preset), Sichuan's blood battle, and Hong Kong cut at
  16 rounds (random players seldom win there, so an uncut game runs for thousands of rounds);
- riichienv (Rust core, when installed), its single round and its east-south game played by its
  own RandomAgent, on one process and on N (a process pool over the seeds, timed with its
  start-up).

The scaling factor is the rate on N processes over the rate on one (the target is 1.8 on two
cores). Then the cost of every bot ``simulate`` knows: Riichi east-south games with that bot in
every seat, one process, no storage: the time per decision spent choosing (the bot alone) and
the time of a whole game against the random players'.

The processor milliseconds the parent spends per game (receiving results, progress, the summary;
the games are stored by the processes that play them) do not depend on the machine's load: they
are the figure to quote beside a scaling measured on a shared machine. The machine's load
average is printed before and after: on a shared machine other work takes cores from the
N-process figures first. The configurations are measured in alternating blocks
(``--blocks``) so that a change of load falls on all alike; each block's 1-process and
N-process runs are taken back to back, and the median over the blocks (``--repeat`` plays them
again) of their ratio is the figure to trust on a machine whose speed drifts between runs.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

CORES = os.cpu_count() or 1

FAMILIES: tuple[tuple[str, str, list[str]], ...] = (
    ("riichi_round", "riichi", ["--rules", "tenhou", "--max-rounds", "1"]),
    ("riichi_game", "riichi", ["--rules", "tenhou"]),
    ("hongkong_round", "hongkong", ["--max-rounds", "1"]),
    ("hongkong_game16", "hongkong", ["--max-rounds", "16"]),
    ("sichuan_round", "sichuan", ["--max-rounds", "1"]),
    ("sichuan_game", "sichuan", []),
)
"""Name, family and the flags of each configuration."""


WRAPPER = """
import contextlib, io, json, resource, sys
from mahjongkit.cli import main
def cpu(who):
    used = resource.getrusage(who)
    return used.ru_utime + used.ru_stime
began = cpu(resource.RUSAGE_SELF)
out = io.StringIO()
with contextlib.redirect_stdout(out):
    code = main(sys.argv[1:])
found = json.loads(out.getvalue())
found["cpu_parent"] = cpu(resource.RUSAGE_SELF) - began
found["cpu_workers"] = cpu(resource.RUSAGE_CHILDREN)
print(json.dumps(found))
"""
"""Runs the command line and adds the processor time of the parent (start-up left out) and of
its worker processes: what the run cost, whatever share of the machine it was given."""


class Tally:
    """Games, rounds, seconds and processor seconds summed over blocks."""

    def __init__(self) -> None:
        self.games = 0
        self.rounds = 0
        self.seconds = 0.0
        self.parent = 0.0
        self.workers = 0.0
        self.runs = 0
        self.rates: list[float] = []
        """Games per second of every run, in order (a block's runs pair up across tallies)."""

    def add(
        self, games: int, rounds: int, seconds: float, parent: float = 0.0, workers: float = 0.0
    ) -> None:
        """One block's work."""
        self.games += games
        self.rounds += rounds
        self.seconds += seconds
        self.parent += parent
        self.workers += workers
        self.runs += 1
        self.rates.append(games / seconds if seconds else 0.0)

    def figure(self) -> dict[str, float] | None:
        """Games and rounds per second; processor milliseconds per game, parent and workers."""
        if not self.seconds:
            return None
        return {
            "games_per_second": self.games / self.seconds,
            "rounds_per_second": self.rounds / self.seconds,
            "rounds_per_game": self.rounds / self.games,
            "parent_cpu_ms_per_game": self.parent / self.games * 1e3,
            "workers_cpu_ms_per_game": self.workers / self.games * 1e3,
        }


def ours(variant: str, flags: list[str], games: int, seed: int, jobs: int, tally: Tally) -> None:
    """One ``simulate`` run in its own process; its own timing of the run is kept."""
    with tempfile.TemporaryDirectory() as folder:
        command = [
            sys.executable,
            "-c",
            WRAPPER,
            "simulate",
            "--variant",
            variant,
            *flags,
            "--games",
            str(games),
            "--seed",
            str(seed),
            "--jobs",
            str(jobs),
            "--db",
            str(Path(folder) / "games.sqlite3"),
            "--json",
        ]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
    found = json.loads(done.stdout)
    tally.add(
        found["games"],
        found["rounds"],
        found["elapsed_seconds"],
        found["cpu_parent"],
        found["cpu_workers"],
    )


def _riichienv_games(task: tuple[list[int], int | None]) -> int:
    """riichienv games (single rounds when ``game_mode`` is None) on seeds; their rounds."""
    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent

    seeds, game_mode = task
    agent = RandomAgent()
    rounds = 0
    for seed in seeds:
        options = {} if game_mode is None else {"game_mode": game_mode}
        env = RiichiEnv(seed=seed, **options)
        observations = env.reset()
        while not env.done():
            observations = env.step(
                {player: agent.act(obs) for player, obs in observations.items()}
            )
        rounds += _riichienv_rounds(env, game_mode)
    return rounds


def _riichienv_rounds(env: Any, game_mode: int | None) -> int:
    """The rounds an east-south game of riichienv played (one for a single round); its log's
    round starts when the environment keeps one, else counted as one."""
    if game_mode is None:
        return 1
    log = getattr(env, "mjai_log", None)
    if isinstance(log, list):
        starts = sum(
            1 for event in log if isinstance(event, dict) and event.get("type") == "start_kyoku"
        )
        if starts:
            return starts
    return 1


def theirs(seeds: range, game_mode: int | None, jobs: int, tally: Tally) -> None:
    """riichienv on ``jobs`` processes, the pool's start-up timed with the games."""
    start = time.perf_counter()
    if jobs == 1:
        rounds = _riichienv_games((list(seeds), game_mode))
    else:
        chunks = [list(seeds)[at::jobs] for at in range(jobs)]
        with multiprocessing.get_context().Pool(jobs) as pool:
            rounds = sum(pool.map(_riichienv_games, [(chunk, game_mode) for chunk in chunks]))
    tally.add(len(seeds), rounds, time.perf_counter() - start)


def bot_cost(bot: str, games: int) -> dict[str, float]:
    """Riichi east-south games with ``bot`` in every seat (``bench/strength.py``'s measure):
    microseconds per decision choosing and all told, and seconds per game."""
    from strength import cost

    found = cost("riichi", bot, games, None, 1)
    found["seconds_per_game"] = found["decision_us"] * found["decisions"] / games / 1e6
    return found


def _blocks(total: int, blocks: int, at: int = 0) -> list[range]:
    size = max(1, total // blocks)
    return [range(s, min(at + total, s + size)) for s in range(at, at + total, size)]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="whole games per figure")
    parser.add_argument("--rounds", type=int, default=200, help="single rounds per figure")
    parser.add_argument("--blocks", type=int, default=2, help="alternations of the runs")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="play the blocks this many times (more pairs for the median pair's scaling)",
    )
    parser.add_argument("--bot-games", type=int, default=6, help="games per bot's cost")
    parser.add_argument("--jobs", type=int, default=CORES, help="the many-process figure's N")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--only", help="the configurations to measure, comma-separated (default: all)"
    )
    parser.add_argument("--no-bots", action="store_true", help="skip the bots' cost")
    args = parser.parse_args()
    names = [name for name, _, _ in FAMILIES]
    chosen = names if args.only is None else [n.strip() for n in args.only.split(",")]
    unknown = sorted(set(chosen) - set(names))
    if unknown:
        parser.error(f"--only {','.join(unknown)}: expected some of {','.join(names)}")
    if min(args.games, args.rounds, args.blocks, args.repeat, args.jobs) < 1:
        parser.error("--games, --rounds, --blocks, --repeat and --jobs are at least 1")
    load_before = os.getloadavg()
    from selfplay import riichienv_installed  # a script beside this one

    peer = riichienv_installed()
    jobs = (1, args.jobs)
    figures: dict[str, Any] = {}
    for name, variant, flags in FAMILIES:
        if name not in chosen:
            continue
        total = args.rounds if name.endswith("_round") else args.games
        tallies = {j: Tally() for j in jobs}
        small = {j: Tally() for j in jobs}
        peer_tallies = {j: Tally() for j in jobs}
        for j in jobs:
            ours(variant, flags, j, 99, j, small[j])  # one game a process: the start-up's cost
        for _ in range(args.repeat):
            for block, seeds in enumerate(_blocks(total, args.blocks)):
                for j in jobs:
                    ours(variant, flags, len(seeds), 100 + block, j, tallies[j])
                if peer and name in ("riichi_round", "riichi_game"):
                    for j in jobs:
                        theirs(seeds, None if name == "riichi_round" else 2, j, peer_tallies[j])
        figures[name] = _scaled(tallies) | {"at_scale": _at_scale(tallies, small)}
        if peer_tallies[1].games:
            figures[name.replace("riichi", "riichienv")] = _scaled(peer_tallies)
    from mahjongkit.sim import BOTS

    costs = {} if args.no_bots else {bot: bot_cost(bot, args.bot_games) for bot in BOTS}
    for cost in costs.values():
        cost["game_time_vs_random"] = cost["seconds_per_game"] / costs["random"]["seconds_per_game"]
    found = {
        "cores": CORES,
        "jobs": args.jobs,
        "load_average_before": load_before[0],
        "load_average_after": os.getloadavg()[0],
        "throughput": figures,
        "bots": costs,
    }
    if args.json:
        print(json.dumps(found, indent=2))
        return
    _print(found)


def _scaled(tallies: dict[int, Tally]) -> dict[str, Any]:
    """The rates on 1 and N processes, their ratio, and the ratio idle cores would give: the
    processor time of a game on one process over the longer of the parent's time per game and
    the whole time spread over the N processes (the parent stores every game alone)."""
    jobs = sorted(tallies)
    one, many = (tallies[j].figure() for j in jobs)
    assert one is not None and many is not None
    pairs = sorted(
        b / a for a, b in zip(tallies[jobs[0]].rates, tallies[jobs[1]].rates, strict=True) if a
    )
    found = {
        "one": one,
        "many": many,
        "scaling": many["games_per_second"] / one["games_per_second"],
        # On a machine whose speed drifts from run to run, the ratio within each block's
        # pair of runs (taken back to back) is the steadier figure.
        "scaling_median_pair": statistics.median(pairs) if pairs else None,
        "scaling_pairs": pairs,
    }
    alone = one["parent_cpu_ms_per_game"] + one["workers_cpu_ms_per_game"]
    spread = many["parent_cpu_ms_per_game"] + many["workers_cpu_ms_per_game"]
    if alone and spread:
        found["scaling_on_idle_cores"] = alone / max(
            spread / jobs[1], many["parent_cpu_ms_per_game"]
        )
    return found


def _at_scale(tallies: dict[int, Tally], small: dict[int, Tally]) -> dict[str, Any]:
    """What a long run costs: processor time split into a start-up (interpreter excepted: the
    imports, the database, the pool and each worker's first game warming its caches) and a
    cost per game, from the runs of the blocks and a run of one game a process; and the
    scaling idle cores would give once the start-up no longer counts."""
    found: dict[str, Any] = {}
    for j, big in tallies.items():
        tiny = small[j]
        games = big.games - big.runs * tiny.games
        per_parent = max(0.0, (big.parent - big.runs * tiny.parent) / games)
        per_workers = max(0.0, (big.workers - big.runs * tiny.workers) / games)
        found[str(j)] = {
            "start_up_cpu_seconds": tiny.parent
            + tiny.workers
            - tiny.games * (per_parent + per_workers),
            "parent_cpu_ms_per_game": per_parent * 1e3,
            "workers_cpu_ms_per_game": per_workers * 1e3,
        }
    one, many = (found[str(j)] for j in sorted(tallies))
    n = max(tallies)
    alone = one["parent_cpu_ms_per_game"] + one["workers_cpu_ms_per_game"]
    spread = many["parent_cpu_ms_per_game"] + many["workers_cpu_ms_per_game"]
    if alone and spread:
        found["scaling_on_idle_cores"] = alone / max(spread / n, many["parent_cpu_ms_per_game"])
    return found


def _print(found: dict[str, Any]) -> None:
    before, after = found["load_average_before"], found["load_average_after"]
    print(
        f"{found['cores']} cores, N = {found['jobs']}; load average {before:.2f} before, "
        f"{after:.2f} after"
    )
    print(
        f"{'':20} {'games/s 1':>10} {'games/s N':>10} {'rounds/s 1':>11} {'rounds/s N':>11}"
        f" {'scaling':>8} {'median pair':>12}  cpu ms/game 1 -> N (parent+workers)"
        "  idle-core scaling"
    )
    for name, figure in found["throughput"].items():
        one, many = figure["one"], figure["many"]
        line = (
            f"{name:20} {one['games_per_second']:10.2f} {many['games_per_second']:10.2f} "
            f"{one['rounds_per_second']:11.1f} {many['rounds_per_second']:11.1f} "
            f"{figure['scaling']:7.2f}x {figure['scaling_median_pair']:11.2f}x"
        )
        if "scaling_on_idle_cores" in figure:
            line += (
                f"  {one['parent_cpu_ms_per_game']:6.1f}+{one['workers_cpu_ms_per_game']:<6.1f} ->"
                f" {many['parent_cpu_ms_per_game']:6.1f}+{many['workers_cpu_ms_per_game']:<6.1f}"
                f"    {figure['scaling_on_idle_cores']:12.2f}x"
            )
        print(line)
    print(
        f"{'at scale':20} {'start-up cpu s 1 -> N':>22}  "
        f"{'cpu ms/game 1 -> N (parent+workers)':>36}  idle-core scaling"
    )
    for name, figure in found["throughput"].items():
        scale = figure.get("at_scale")
        if not scale:
            continue
        one, many = scale["1"], scale[str(found["jobs"])]
        print(
            f"{name:20} {one['start_up_cpu_seconds']:9.2f} -> {many['start_up_cpu_seconds']:<9.2f}"
            f"  {one['parent_cpu_ms_per_game']:8.1f}+{one['workers_cpu_ms_per_game']:<6.1f} ->"
            f" {many['parent_cpu_ms_per_game']:6.1f}+{many['workers_cpu_ms_per_game']:<6.1f}"
            f"        {scale.get('scaling_on_idle_cores', 0):6.2f}x"
        )
    for ours_name, peer_name in (
        ("riichi_round", "riichienv_round"),
        ("riichi_game", "riichienv_game"),
    ):
        if peer_name in found["throughput"]:
            a, b = found["throughput"][ours_name], found["throughput"][peer_name]
            on_one = a["one"]["games_per_second"] / b["one"]["games_per_second"]
            on_many = a["many"]["games_per_second"] / b["many"]["games_per_second"]
            print(f"{ours_name} / {peer_name}: {on_one:.3f}x on 1, {on_many:.3f}x on N")
    if not found["bots"]:
        return
    print(
        f"{'bot (Riichi east-south)':28} {'us choosing':>12} {'us/decision':>12} {'s/game':>8} "
        f"{'vs random':>10}"
    )
    for bot, cost in found["bots"].items():
        print(
            f"{bot:28} {cost['bot_us']:12.1f} {cost['decision_us']:12.1f} "
            f"{cost['seconds_per_game']:8.3f} "
            f"{cost['game_time_vs_random']:9.2f}x"
        )


if __name__ == "__main__":
    main()
