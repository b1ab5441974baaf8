"""One `mahjongkit score` call in a fresh process, against the `mahjong` library's one-liner.

    .venv/bin/python bench/first_call.py [--pairs 30] [--importtime 5]

A is the ``mahjongkit`` console command (this checkout's ``src`` first on the path) scoring the
README's example; B is ``python -c`` importing the `mahjong` library's ``HandCalculator`` and
scoring the same hand (234m456p678s33555z, won by self-draw on 5z, seat South, East round, dora
indicator 3s) and printing its han, fu, cost and yaku. Each pair runs A then B or B then A, the
order turning from pair to pair, so that both see the same load on a shared machine; the
figures are medians of wall times, and their ratio.

Both run from bytecode, as installed packages do: the `mahjong` library's is compiled at its
installation, and this checkout's is written by the warm-up run (``PYTHONDONTWRITEBYTECODE`` is
lifted for the children; without it, every start would compile mahjongkit's sources anew).

With ``--instructions``, A, B and a bare ``python -c pass`` also run under Valgrind's
``callgrind`` (Debian package ``valgrind``): the CPU instructions each retires, a figure the
machine's load does not move, and the ratio of A's to B's beyond the bare interpreter's.

Then ``python -X importtime`` of the same command, run ``--importtime`` times (the smallest time
of each module kept): the mahjongkit modules it imports, by cumulative time, and their total.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
ARGS = ["score", "234m456p678s33555z", "--win", "5z", "--tsumo", "--seat", "S", "--dora", "3s"]
THEIRS = """\
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.tile import TilesConverter as T
from mahjong.constants import EAST, SOUTH
r = HandCalculator.estimate_hand_value(
    T.string_to_136_array(man='234', pin='456', sou='678', honors='33555'),
    T.string_to_136_array(honors='5')[0],
    dora_indicators=T.string_to_136_array(sou='3'),
    config=HandConfig(is_tsumo=True, player_wind=SOUTH, round_wind=EAST),
)
print(r.han, r.fu, r.cost, r.yaku)
"""
"""The `mahjong` one-liner (as lines): the same hand, the same question, its answer printed."""
CONSOLE = "import sys; from mahjongkit.cli import main; sys.exit(main())"
"""What the ``mahjongkit`` console script runs (used when the script is not installed)."""


def _environment(src: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(src), env.get("PYTHONPATH")]))
    return env


def ours_command() -> list[str]:
    """The console command, or the same entry point through ``-c`` when it is not installed."""
    script = Path(sys.executable).with_name("mahjongkit")
    if script.is_file():
        return [sys.executable, str(script), *ARGS]
    return [sys.executable, "-c", CONSOLE, *ARGS]


def theirs_command() -> list[str]:
    return [sys.executable, "-c", THEIRS]


def wall(command: list[str], env: dict[str, str]) -> tuple[float, str]:
    """Seconds from spawn to exit, and what the command printed (checked before timing)."""
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{command[:3]} failed ({done.returncode}): {done.stderr.strip()}")
    return elapsed, done.stdout


def instructions(command: list[str], env: dict[str, str]) -> int:
    """Instructions retired by one run of ``command`` (callgrind; hash seed fixed)."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        env={**env, "PYTHONHASHSEED": "0"},
        capture_output=True,
        text=True,
        check=False,
    )
    found = re.search(r"refs:\s*([\d,]+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"callgrind failed on {command[:3]}: {done.stderr.strip()[-300:]}")
    return int(found.group(1).replace(",", ""))


def import_times(
    command: list[str], env: dict[str, str], runs: int
) -> dict[str, tuple[int, int, bool]]:
    """Self and cumulative microseconds of each module the command imports (smallest of runs),
    and whether it is a top-level import (not imported by another module)."""
    best: dict[str, tuple[int, int, bool]] = {}
    for _ in range(runs):
        done = subprocess.run(
            [command[0], "-X", "importtime", *command[1:]],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        for line in done.stderr.splitlines():
            if not line.startswith("import time:") or "|" not in line:
                continue
            fields = line[len("import time:") :].split("|")
            if not fields[0].strip().isdigit():
                continue  # the header line
            self_us, cumulative_us = int(fields[0]), int(fields[1])
            name = fields[2].strip()
            top = len(fields[2]) - len(fields[2].lstrip()) <= 1
            old = best.get(name)
            if old is None or cumulative_us < old[1]:
                best[name] = (self_us, cumulative_us, top)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--pairs", type=int, default=30, help="paired runs of A and B")
    parser.add_argument("--importtime", type=int, default=5, help="runs of -X importtime")
    parser.add_argument(
        "--instructions", action="store_true", help="also count instructions under callgrind"
    )
    parser.add_argument("--top", type=int, default=15, help="mahjongkit modules listed")
    parser.add_argument(
        "--src", type=Path, default=SRC, help="the mahjongkit sources to run (another checkout's)"
    )
    args = parser.parse_args()
    env = _environment(args.src)
    ours, theirs = ours_command(), theirs_command()
    _, printed = wall(ours, env)  # also warms the file cache and the bytecode of both
    _, their_printed = wall(theirs, env)
    print("A:", " ".join(["mahjongkit", *ARGS]))
    print("   " + printed.strip().splitlines()[-3])
    print("B: python -c <mahjong HandCalculator one-liner, same hand>")
    print("   " + their_printed.strip())
    a_times: list[float] = []
    b_times: list[float] = []
    for number in range(args.pairs):
        order = [(ours, a_times), (theirs, b_times)]
        if number % 2:
            order.reverse()
        for command, times in order:
            times.append(wall(command, env)[0])
    a, b = statistics.median(a_times), statistics.median(b_times)
    print(f"pairs: {args.pairs}")
    print(f"A mahjongkit score    median {a * 1000:7.1f} ms  (min {min(a_times) * 1000:.1f})")
    print(f"B mahjong one-liner   median {b * 1000:7.1f} ms  (min {min(b_times) * 1000:.1f})")
    print(f"ratio A / B: {a / b:.2f} (at or below 1.00: the first call is as fast as theirs)")
    per_pair = sorted(x / y for x, y in zip(a_times, b_times, strict=True))
    print(f"A / B pair by pair: median {statistics.median(per_pair):.2f}, "
          f"{per_pair[0]:.2f} to {per_pair[-1]:.2f}")  # fmt: skip
    if args.instructions:
        if shutil.which("valgrind") is None:
            raise SystemExit("--instructions needs valgrind (Debian: apt-get install valgrind)")
        bare = instructions([sys.executable, "-c", "pass"], env)
        a_count, b_count = instructions(ours, env), instructions(theirs, env)
        print(f"\ninstructions (callgrind): A {a_count:,}  B {b_count:,}  bare python {bare:,}")
        print(
            f"ratio A / B: {a_count / b_count:.2f}; beyond the bare interpreter: "
            f"{(a_count - bare) / (b_count - bare):.2f}"
        )
    if args.importtime <= 0:
        return
    found = import_times(ours, env, args.importtime)
    ours_modules = {n: t[:2] for n, t in found.items() if n.startswith("mahjongkit")}
    top_level = sum(cum for _, cum, top in found.values() if top)
    print(
        f"\nimports of A (-X importtime, smallest of {args.importtime} runs): "
        f"{len(ours_modules)} mahjongkit modules, {sum(s for s, _ in ours_modules.values())} us "
        f"of their own; all top-level imports {top_level} us"
    )
    print(f"{'module':45} {'self us':>8} {'cumul. us':>10}")
    ranked = sorted(ours_modules.items(), key=lambda item: -item[1][1])
    for name, (self_us, cumulative_us) in ranked[: args.top]:
        print(f"{name:45} {self_us:8} {cumulative_us:10}")
    heavy = sorted(
        ((n, t) for n, t in found.items() if not n.startswith("mahjongkit")),
        key=lambda item: -item[1][0],
    )[:8]
    print("largest other imports (self us): " + ", ".join(f"{n} {t[0]}" for n, t in heavy))


if __name__ == "__main__":
    main()
