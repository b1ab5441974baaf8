"""mahjongkit's mjai bots beside the ``mjai`` package's rule-based bot, under libriichi.

    PYTHONPATH=src .venv/bin/python bench/referee.py [--games 24] [--seed 1]
        [--bots defensive,efficient]

libriichi (Mortal's referee, the one mjai.app runs, shipped in the PyPI ``mjai`` package)
plays East-South games and checks every answer. Each game seats two of our bots (``--bots``,
taken in turn) and two of ``mjai.bot.rulebase.RulebaseBot``; odd games swap the pairs' seats.
Printed: the games refereed, every action libriichi rejected (it plays on after one, so they are
counted from its own reports), how many of its logs the engine replays to the same end
(``read_mjai`` checks every event, the payments included), and per bot its average placement
and points with a 95% interval.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.helpers.libriichi import RULEBASE, referee_game

from mahjongkit.errors import MahjongError
from mahjongkit.formats.mjai import read_mjai


def lineup(game: int, ours: list[str]) -> list[str]:
    """Seats of one game: two of our bots and two rule-based ones, swapped on odd games."""
    mine = [ours[(2 * game) % len(ours)], ours[(2 * game + 1) % len(ours)]]
    if game % 2:
        return [RULEBASE, mine[0], RULEBASE, mine[1]]
    return [mine[0], RULEBASE, mine[1], RULEBASE]


def placements(scores: list[int]) -> list[int]:
    """1 for the highest score; ties go to the earlier seat (as Tenhou and libriichi rank)."""
    order = sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))
    rank = [0] * len(scores)
    for place, seat in enumerate(order, start=1):
        rank[seat] = place
    return rank


def interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{mean:8.2f} ± {half:.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="defensive,efficient")
    args = parser.parse_args(argv)
    ours = [b for b in args.bots.split(",") if b]
    rejects: list[str] = []
    replayed = 0
    places: dict[str, list[float]] = defaultdict(list)
    points: dict[str, list[float]] = defaultdict(list)
    for game in range(args.games):
        seed = args.seed + game
        refereed = referee_game(seed, lineup(game, ours))
        rejects += [f"seed {seed}: {line}" for line in refereed.rejects]
        try:
            engine = read_mjai(refereed.log)
        except MahjongError as error:
            print(f"seed {seed}: the engine reads the log otherwise: {error}")
            continue
        replayed += engine.over
        for seat, place in enumerate(placements(engine.scores)):
            places[refereed.bots[seat]].append(place)
            points[refereed.bots[seat]].append(engine.scores[seat])
    last = args.seed + args.games - 1
    print(f"games refereed by libriichi: {args.games}, seeds {args.seed}..{last}")
    print(f"actions rejected: {len(rejects)}")
    for line in rejects:
        print(f"  {line}")
    print(f"logs the engine replays to the same end: {replayed} of {args.games}")
    print(f"{'bot':<12} {'seats':>5}  {'placement':>16}  {'final points':>20}")
    for bot in sorted(places):
        print(f"{bot:<12} {len(places[bot]):>5}  {interval(places[bot])}  {interval(points[bot])}")
    return 1 if rejects else 0


if __name__ == "__main__":
    raise SystemExit(main())
