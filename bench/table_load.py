"""Load on the web table: many concurrent tables on loopback, each a full hand through /ws/play.

    PYTHONPATH=src .venv/bin/python bench/table_load.py [--tables 5,20,40] [--rounds 1]
        [--seed 0] [--think SECONDS] [--workers N] [--rooms N --people P] [--json]

The site runs under uvicorn on 127.0.0.1 in a child process of its own (as a real server would:
the clients' work is not counted in the server's time); each table is one WebSocket client (the
``websockets`` package) in this process that starts a game (Riichi, Hong Kong and Sichuan in
turn, bots of the efficient kind) with ``max_rounds`` hands and plays random legal actions
until ``game_over``. ``--tables`` takes one count or a list (``5,20,40``): each count is a run
of its own on a fresh server, one after the other.

``--rooms N --people P`` plays N rooms instead (``docs/protocol.md``): in each, one client
creates the room, P - 1 others join it, the creator starts it, and every person plays random
legal actions (bots in the other seats); the time of an action is from its sending to the state
that answers it, as at a table.

``--think`` makes each client play like a person: before every action it waits a random time
between half and one and a half times SECONDS (and the tables start spread over SECONDS), so
that the server sees the actions of many people at their pace rather than every table at once
as fast as the machine allows. Without it (0, the default) every client answers at once: the
server is then saturated and the time per action grows with the number of tables whatever the
server does. ``--workers`` is the server's worker processes for the tables' games (0: threads
of the server's own process; default: the server's default).

Nothing may be lost: every ``act`` must be answered by a ``state`` (never an ``error``), every
table must see its ``game_over``, and every game must be finished in the records database. It
prints the time per action as the client sees it (send to answer, bots' moves included): p50,
p90, p99 and the largest, per family and overall, and for a list of counts the ratio of the p99
of the last count to that of the first. Meanwhile one more connection, playing no game, pings
the server every 50 ms: the time of its answers (``ping``) shows whether the tables' thinking
holds up the messages of the others. Figures are reported, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FAMILIES = ("riichi", "hongkong", "sichuan")


@dataclass
class TableRun:
    """What one client saw."""

    variant: str
    game: int = 0
    actions: int = 0
    times: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    over: bool = False


@dataclass
class LoadReport:
    """Every table's run, the records' view of them, the wall time, and the times of the pings
    of a connection that plays no game meanwhile."""

    runs: list[TableRun]
    finished_in_records: int
    seconds: float
    pings: list[float] = field(default_factory=list)
    games: int = 0
    """Games played: one a table, one a room (whose people are runs of their own)."""

    @property
    def lost(self) -> list[str]:
        """Anything not answered, not ended or not recorded."""
        problems = [
            f"table {i} ({r.variant}): {e}" for i, r in enumerate(self.runs) for e in r.errors
        ]
        problems += [
            f"table {i} ({r.variant}): no game_over" for i, r in enumerate(self.runs) if not r.over
        ]
        games = self.games or len(self.runs)
        if self.finished_in_records != games:
            problems.append(f"{self.finished_in_records} of {games} games finished in the records")
        return problems

    def summary(self) -> dict[str, Any]:
        """Counts and per-action percentiles (milliseconds), per family and overall."""
        out: dict[str, Any] = {
            "tables": self.games or len(self.runs),
            "people": len(self.runs),
            "rooms": bool(self.games),
            "actions": sum(r.actions for r in self.runs),
            "seconds": round(self.seconds, 2),
            "lost": self.lost,
        }
        groups = {
            name: [t for r in self.runs if r.variant == name for t in r.times] for name in FAMILIES
        }
        groups["all"] = [t for r in self.runs for t in r.times]
        groups["ping"] = self.pings
        for name, times in groups.items():
            if times:
                out[name] = _percentiles(times)
        return out


def _percentiles(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)

    def at(q: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)

    return {
        "n": len(ordered),
        "p50_ms": at(0.50),
        "p90_ms": at(0.90),
        "p99_ms": at(0.99),
        "max_ms": round(1000 * ordered[-1], 2),
        "mean_ms": round(1000 * statistics.fmean(ordered), 2),
    }


async def _pause(rng: random.Random, think: float) -> None:
    if think > 0:
        await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))


async def _plays(ws: Any, run: TableRun, rng: random.Random, think: float) -> TableRun:
    """Answer each state that asks something with a random legal action until game_over; the
    time of each action is from its sending to the state that answers it."""
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "error":
            run.errors.append(f"{message['code']}: {message['message']}")
            return run
        if message["type"] == "game_over":
            run.over = True
            run.game = message["game"]
            return run
        while message["type"] == "state" and message["legal"]:
            run.game = message["game"]
            choice = rng.randrange(len(message["legal"]))
            await _pause(rng, think)
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "id": choice, "seq": message["seq"]}))
            message = json.loads(await ws.recv())
            run.times.append(time.perf_counter() - sent)
            run.actions += 1
            if message["type"] != "state":
                run.errors.append(f"an act was answered by {message['type']}")
                return run


async def _table(url: str, index: int, rounds: int, seed: int, think: float) -> TableRun:
    import websockets

    variant = FAMILIES[index % len(FAMILIES)]
    run = TableRun(variant)
    rng = random.Random(seed * 1000 + index)
    start = {
        "type": "start",
        "variant": variant,
        "seat": index % 4,
        "bots": "efficient",
        "seed": seed * 1000 + index,
        "max_rounds": rounds,
        "lang": "en",
    }
    if think > 0:
        await asyncio.sleep(rng.uniform(0, think))  # people do not all sit down at once
    async with websockets.connect(url, max_size=2**24) as ws:
        await ws.send(json.dumps(start))
        return await _plays(ws, run, rng, think)


async def _room(
    url: str, index: int, people: int, rounds: int, seed: int, think: float
) -> list[TableRun]:
    """One room: its creator, ``people - 1`` friends joining it, the game started by the
    creator; each person plays random legal actions (bots fill the other seats)."""
    import websockets

    variant = FAMILIES[index % len(FAMILIES)]
    rng = random.Random(seed * 1000 + index)
    if think > 0:
        await asyncio.sleep(rng.uniform(0, think))
    async with contextlib.AsyncExitStack() as stack:
        sockets = [
            await stack.enter_async_context(websockets.connect(url, max_size=2**24))
            for _ in range(people)
        ]
        create = {
            "type": "create_room",
            "variant": variant,
            "people": people,
            "bots": "efficient",
            "seed": seed * 1000 + index,
            "max_rounds": rounds,
            "name": f"room{index}-0",
        }
        await sockets[0].send(json.dumps(create))
        room = json.loads(await sockets[0].recv())
        if room["type"] != "room":
            return [TableRun(variant, errors=[f"create_room answered by {room}"])]
        for number, ws in enumerate(sockets[1:], 1):
            await ws.send(json.dumps({"type": "join", "room": room["room"],
                                      "name": f"room{index}-{number}"}))  # fmt: skip
            joined = json.loads(await ws.recv())
            if joined["type"] != "room":
                return [TableRun(variant, errors=[f"join answered by {joined}"])]
        await sockets[0].send(json.dumps({"type": "start_room"}))
        runs = [TableRun(variant) for _ in sockets]
        await asyncio.gather(
            *(
                _plays(ws, run, random.Random(rng.random()), think)
                for ws, run in zip(sockets, runs, strict=True)
            )
        )
        return runs


async def _pinger(url: str, done: asyncio.Event, every: float = 0.05) -> list[float]:
    """Ping every ``every`` seconds until ``done``: the time of each answer. A connection that
    plays nothing should be answered at once whatever the tables' bots are doing."""
    import websockets

    times: list[float] = []
    async with websockets.connect(url) as ws:
        while not done.is_set():
            sent = time.perf_counter()
            await ws.send('{"type": "ping"}')
            await ws.recv()
            times.append(time.perf_counter() - sent)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(done.wait(), every)
    return times


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


class _Server:
    """This script run as the site's server in a child process (``--serve-on PORT``)."""

    def __init__(self, records: Path, workers: int | None) -> None:
        self.port = _free_port()
        command = [
            sys.executable,
            __file__,
            "--serve-on",
            str(self.port),
            "--records",
            str(records),
        ]
        if workers is not None:
            command += ["--workers", str(workers)]
        source = str(Path(__file__).resolve().parents[1] / "src")
        path = os.pathsep.join(p for p in (source, os.environ.get("PYTHONPATH")) if p)
        self.child = subprocess.Popen(command, env={**os.environ, "PYTHONPATH": path})
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                if self.child.poll() is not None or time.monotonic() > deadline:
                    self.child.kill()
                    raise RuntimeError("the site did not start") from None
                time.sleep(0.1)

    def stop(self) -> None:
        self.child.terminate()
        try:
            self.child.wait(30)
        except subprocess.TimeoutExpired:
            self.child.kill()
            self.child.wait()


def _serve(port: int, records: Path, workers: int | None) -> None:
    import uvicorn

    from mahjongkit.web import create_app
    from mahjongkit.web.table import Limits

    # The clients of the load answer as fast as the server does: no rate limit for them.
    bounds: dict[str, Any] = {"live_games": 256, "rooms": 256, "messages_per_second": 1e6}
    if workers is not None:
        bounds["workers"] = workers
    limits = Limits(**bounds, message_burst=1_000_000)
    app = create_app(records_path=records, table_limits=limits)
    # uvicorn stops on SIGTERM, then raises it again once stopped: answered by this handler,
    # the process ends normally (its worker processes are shut down, not left to notice).
    signal.signal(signal.SIGTERM, lambda *_: None)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws="websockets-sansio")


def run_load(
    tables: int = 20,
    rounds: int = 1,
    seed: int = 0,
    think: float = 0.0,
    workers: int | None = None,
    rooms: int = 0,
    people: int = 4,
) -> LoadReport:
    """Serve the site on loopback and play ``tables`` games at once, or with ``rooms`` that
    many rooms of ``people`` people each; stop the server after."""
    from mahjongkit.records import Records

    with tempfile.TemporaryDirectory(prefix="mahjongkit-load-") as folder:
        path = Path(folder) / "records.sqlite3"
        server = _Server(path, workers)
        try:
            url = f"ws://127.0.0.1:{server.port}/ws/play"

            async def everything() -> tuple[list[TableRun], list[float]]:
                done = asyncio.Event()
                pinging = asyncio.create_task(_pinger(url, done))
                if rooms:
                    parties = await asyncio.gather(
                        *(_room(url, i, people, rounds, seed, think) for i in range(rooms))
                    )
                    runs = [run for party in parties for run in party]
                else:
                    runs = list(
                        await asyncio.gather(
                            *(_table(url, i, rounds, seed, think) for i in range(tables))
                        )
                    )
                done.set()
                return runs, await pinging

            began = time.perf_counter()
            runs, pings = asyncio.run(everything())
            seconds = time.perf_counter() - began
        finally:
            server.stop()
        with Records(path, create=False) as records:
            ids = {r.game for r in runs}
            finished = sum(1 for g in records.list_games("finished") if g.id in ids)
    return LoadReport(runs, finished, seconds, pings, games=len({r.game for r in runs}))


def _counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"a count or a list of counts, not {text!r}") from None
    if not counts or any(c < 1 for c in counts):
        raise argparse.ArgumentTypeError(f"counts of tables are 1 or more, not {text!r}")
    return counts


def _print(summary: dict[str, Any]) -> None:
    where = (
        f"{summary['tables']} rooms of {summary['people'] // summary['tables']} people"
        if summary["rooms"]
        else f"{summary['tables']} tables"
    )
    print(f"{where}, {summary['actions']} actions in {summary['seconds']} s; "
          f"lost: {len(summary['lost'])}")  # fmt: skip
    for name in (*FAMILIES, "all", "ping"):
        if name in summary:
            p = summary[name]
            print(
                f"  {name:9} n={p['n']:5}  p50 {p['p50_ms']:7.2f} ms  p90 {p['p90_ms']:7.2f} ms"
                f"  p99 {p['p99_ms']:7.2f} ms  max {p['max_ms']:7.2f} ms"
            )
    for problem in summary["lost"]:
        print("  LOST:", problem)


def main(argv: list[str] | None = None) -> int:
    """Run the load and print its figures; exit 1 if anything was lost."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=_counts, default=[20])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--think", type=float, default=0.0)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--rooms", type=int, default=0)
    parser.add_argument("--people", type=int, default=4)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--serve-on", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--records", type=Path, help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.serve_on is not None:
        _serve(options.serve_on, options.records, options.workers)
        return 0
    summaries = []
    counts = [options.rooms] if options.rooms else options.tables
    for count in counts:
        report = run_load(
            count,
            options.rounds,
            options.seed,
            options.think,
            options.workers,
            rooms=count if options.rooms else 0,
            people=options.people,
        )
        summary = report.summary()
        summary["think_s"] = options.think
        summaries.append(summary)
        if not options.json:
            _print(summary)
    out: dict[str, Any] = {"runs": summaries}
    if len(summaries) > 1 and "all" in summaries[0] and "all" in summaries[-1]:
        first, last = summaries[0], summaries[-1]
        ratio = last["all"]["p99_ms"] / first["all"]["p99_ms"]
        out["p99_ratio"] = round(ratio, 2)
        if not options.json:
            print(f"p99 at {last['tables']} tables / p99 at {first['tables']}: {ratio:.2f}")
    if options.json:
        print(json.dumps(out if len(summaries) > 1 else summaries[0], indent=2))
    return 1 if any(s["lost"] for s in summaries) else 0


if __name__ == "__main__":
    sys.exit(main())
