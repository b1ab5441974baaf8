"""Riichi self-play cost in CPU instructions per round (a figure the machine's load does not move).

    .venv/bin/python bench/selfplay_instructions.py [--rounds 20,60] [--src PATH]

Runs ``bench/selfplay.py``'s single rounds (random legal players, tenhou preset) under
Valgrind's ``callgrind`` tool twice, for the two round counts given, and reports the difference
per round: the interpreter's start-up and imports cancel out. ``--src`` measures another
checkout's sources (to compare with an earlier commit). The hash seed is fixed so that both runs
lay out their dicts alike. Needs ``valgrind`` (Debian package ``valgrind``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

_WORKLOAD = """
import sys
sys.path.insert(0, {bench!r})
from selfplay import default_rules, play_round
rules = default_rules("riichi")
for seed in range(int(sys.argv[1])):
    play_round("riichi", rules, seed)
"""


def callgrind(code: str, args: list[str], src: Path) -> tuple[int, str]:
    """Instructions retired by ``python -c code args...`` with ``src`` on the path, and what
    it printed."""
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            code,
            *args,
        ],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output: {done.stderr[-500:]}")
    return int(found.group(1)), done.stdout


def instructions(rounds: int, src: Path) -> int:
    """Instructions retired by a process playing ``rounds`` rounds."""
    bench = str(Path(__file__).resolve().parent)
    return callgrind(_WORKLOAD.format(bench=bench), [str(rounds)], src)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", default="20,60", help="the two round counts")
    parser.add_argument("--src", default=str(Path(__file__).resolve().parent.parent / "src"))
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind): no figure")
        return
    low, high = sorted(int(n) for n in args.rounds.split(","))
    if low == high:
        parser.error("--rounds needs two different counts")
    per_round = (instructions(high, Path(args.src)) - instructions(low, Path(args.src))) / (
        high - low
    )
    print(f"mahjongkit Riichi self-play: {per_round:,.0f} instructions per round")


if __name__ == "__main__":
    main()
