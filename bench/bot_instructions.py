"""Each bot's cost per decision in CPU instructions (a figure the machine's load does not move).

    .venv/bin/python bench/bot_instructions.py [--games 2,6] [--rounds 4]
        [--variants riichi,hongkong,sichuan] [--bots random,efficient,defensive] [--src PATH]

The same games as ``bench/strength.py --cost`` (every seat played by one bot, the game seeds of
seed 1), run under Valgrind's ``callgrind`` tool for two game counts; the difference of the
instructions over the difference of the decisions is the cost of a whole decision (observation,
bot, engine), with the interpreter's start-up and imports cancelled out. The ratio to the random
player is what a simulation loses by seating the bot. ``--src`` measures another checkout's
sources (to compare with an earlier commit). The hash seed is fixed so that runs lay out their
dicts alike. Needs ``valgrind`` (Debian package ``valgrind``).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from pathlib import Path

_WORKLOAD = """
import sys
sys.path.insert(0, {bench!r})
from strength import cost
variant, bot, games, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
cost(variant, "random", 1, rounds, 99)  # the engine's first-game costs, for every bot alike
found = cost(variant, bot, games, rounds, 1) if games else {{"decisions": 0}}
print("decisions", found["decisions"])
"""


def measure(variant: str, bot: str, games: int, rounds: int, src: Path) -> tuple[int, int]:
    """(instructions, decisions) of a process playing ``games`` games of ``bot``."""
    bench = Path(__file__).resolve().parent
    sys.path.insert(0, str(bench))
    from selfplay_instructions import callgrind

    code = _WORKLOAD.format(bench=str(bench))
    counted, printed = callgrind(code, [variant, bot, str(games), str(rounds)], src)
    decisions = re.search(r"decisions (\d+)", printed)
    if decisions is None:
        raise RuntimeError(f"the workload printed no decision count: {printed[-500:]}")
    return counted, int(decisions.group(1))


def main() -> None:
    """Print instructions per decision per family and bot, and the ratio to random."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="2,6", help="the two game counts")
    parser.add_argument("--rounds", type=int, default=4, help="rounds per game")
    parser.add_argument("--variants", default="riichi,hongkong,sichuan")
    parser.add_argument("--bots", default="random,efficient,defensive")
    parser.add_argument("--src", default=str(Path(__file__).resolve().parent.parent / "src"))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind): no figure")
        return
    low, high = (int(n) for n in args.games.split(","))
    if not 0 <= low < high:
        parser.error("--games takes two counts, the first smaller")
    bots = list(dict.fromkeys(["random", *(b for b in args.bots.split(",") if b)]))
    out: dict[str, dict[str, dict[str, float]]] = {}
    for variant in (v for v in args.variants.split(",") if v):
        rows: dict[str, dict[str, float]] = {}
        for bot in bots:
            i1, d1 = measure(variant, bot, low, args.rounds, Path(args.src))
            i2, d2 = measure(variant, bot, high, args.rounds, Path(args.src))
            rows[bot] = {"decisions": d2 - d1, "instructions": (i2 - i1) / max(1, d2 - d1)}
        base = rows["random"]["instructions"]
        for row in rows.values():
            row["ratio_to_random"] = round(row["instructions"] / base, 2)
        out[variant] = rows
        if not args.json:
            print(f"\n{variant} (games {low} -> {high}, {args.rounds} rounds)")
            print(f"  {'bot':<10} {'decisions':>9} {'instr/decision':>15} {'x random':>9}")
            for bot, row in rows.items():
                print(
                    f"  {bot:<10} {int(row['decisions']):>9} {row['instructions']:>15,.0f}"
                    f" {row['ratio_to_random']:>9.2f}"
                )
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
