"""Load on the web table: many concurrent tables on loopback, each a full hand through /ws/play.

    PYTHONPATH=src .venv/bin/python bench/table_load.py [--tables 20] [--rounds 1] [--seed 0]
        [--json]

The site runs under uvicorn on 127.0.0.1 in this process (its own thread); each table is one
WebSocket client (the ``websockets`` package) that starts a game (Riichi, Hong Kong and Sichuan
in turn, bots of the efficient kind) with ``max_rounds`` hands and plays random legal actions
until ``game_over``. Nothing may be lost: every ``act`` must be answered by a ``state`` (never an
``error``), every table must see its ``game_over``, and every game must be finished in the
records database. It prints the time per action as the client sees it (send to answer, bots'
moves included): p50, p90, p99 and the largest, per family and overall. Figures are reported,
never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
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
    """Every table's run, the records' view of them, and the wall time."""

    runs: list[TableRun]
    finished_in_records: int
    seconds: float

    @property
    def lost(self) -> list[str]:
        """Anything not answered, not ended or not recorded."""
        problems = [
            f"table {i} ({r.variant}): {e}" for i, r in enumerate(self.runs) for e in r.errors
        ]
        problems += [
            f"table {i} ({r.variant}): no game_over" for i, r in enumerate(self.runs) if not r.over
        ]
        if self.finished_in_records != len(self.runs):
            problems.append(
                f"{self.finished_in_records} of {len(self.runs)} games finished in the records"
            )
        return problems

    def summary(self) -> dict[str, Any]:
        """Counts and per-action percentiles (milliseconds), per family and overall."""
        out: dict[str, Any] = {
            "tables": len(self.runs),
            "actions": sum(r.actions for r in self.runs),
            "seconds": round(self.seconds, 2),
            "lost": self.lost,
        }
        groups = {
            name: [t for r in self.runs if r.variant == name for t in r.times] for name in FAMILIES
        }
        groups["all"] = [t for r in self.runs for t in r.times]
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


async def _table(url: str, index: int, rounds: int, seed: int) -> TableRun:
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
    async with websockets.connect(url, max_size=2**24) as ws:
        await ws.send(json.dumps(start))
        message = json.loads(await ws.recv())
        while True:
            if message["type"] == "error":
                run.errors.append(f"{message['code']}: {message['message']}")
                return run
            if message["type"] == "game_over":
                run.over = True
                run.game = message["game"]
                return run
            if message["type"] == "state":
                run.game = message["game"]
                if message["legal"]:
                    choice = rng.randrange(len(message["legal"]))
                    sent = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "id": choice, "seq": message["seq"]}))
                    message = json.loads(await ws.recv())
                    run.times.append(time.perf_counter() - sent)
                    run.actions += 1
                    if message["type"] != "state":
                        run.errors.append(f"an act was answered by {message['type']}")
                        return run
                    continue
            message = json.loads(await ws.recv())


def run_load(tables: int = 20, rounds: int = 1, seed: int = 0) -> LoadReport:
    """Serve the site on loopback and play ``tables`` games at once; stop the server after."""
    from mahjongkit.records import Records
    from mahjongkit.web import create_app
    from mahjongkit.web.local import serving
    from mahjongkit.web.table import Limits

    with tempfile.TemporaryDirectory(prefix="mahjongkit-load-") as folder:
        path = Path(folder) / "records.sqlite3"
        app = create_app(records_path=path, table_limits=Limits(live_games=256))
        with serving(app, ws="websockets-sansio") as address:
            url = address.replace("http://", "ws://") + "/ws/play"

            async def everything() -> list[TableRun]:
                return list(
                    await asyncio.gather(*(_table(url, i, rounds, seed) for i in range(tables)))
                )

            began = time.perf_counter()
            runs = asyncio.run(everything())
            seconds = time.perf_counter() - began
        with Records(path, create=False) as records:
            ids = {r.game for r in runs}
            finished = sum(1 for g in records.list_games("finished") if g.id in ids)
    return LoadReport(runs, finished, seconds)


def main(argv: list[str] | None = None) -> int:
    """Run the load and print its figures; exit 1 if anything was lost."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args(argv)
    report = run_load(options.tables, options.rounds, options.seed)
    summary = report.summary()
    if options.json:
        print(json.dumps(summary, indent=2))
    else:
        print(
            f"{summary['tables']} tables, {summary['actions']} actions in {summary['seconds']} s; "
            f"lost: {len(summary['lost'])}"
        )
        for name in (*FAMILIES, "all"):
            if name in summary:
                p = summary[name]
                print(
                    f"  {name:9} n={p['n']:5}  p50 {p['p50_ms']:7.2f} ms  p90 {p['p90_ms']:7.2f} ms"
                    f"  p99 {p['p99_ms']:7.2f} ms  max {p['max_ms']:7.2f} ms"
                )
        for problem in summary["lost"]:
            print("  LOST:", problem)
    return 1 if summary["lost"] else 0


if __name__ == "__main__":
    sys.exit(main())
