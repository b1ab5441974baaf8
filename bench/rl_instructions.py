"""RL environment cost in CPU instructions per decision (a figure the machine's load does not move).

    .venv/bin/python bench/rl_instructions.py [--families riichi,hongkong,sichuan]
        [--seeds 100,102,110] [--encoder v1] [--src PATH]

Plays ``bench/rl_steps.py``'s AEC loop (single rounds, random legal indices) under Valgrind's
``callgrind`` tool twice per family, over seeds ``first..low`` and ``first..high``, and reports
the difference in instructions over the difference in decisions: the interpreter's start-up,
the imports and the first games' warm-up cancel out. ``--src`` measures another checkout's
sources (with their compiled modules, if built and not stale). The hash seed is fixed so that
both runs lay out their dicts alike. Needs ``valgrind`` (Debian package ``valgrind``).
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from selfplay_instructions import callgrind

_WORKLOAD = """
import sys
sys.path.insert(0, {bench!r})
from rl_steps import ours
seconds, decisions = ours(sys.argv[1], range(int(sys.argv[2]), int(sys.argv[3])), sys.argv[4])
print(decisions)
"""


def measured(family: str, first: int, last: int, encoder: str, src: Path) -> tuple[int, int]:
    """Instructions retired and decisions made by a process playing seeds ``first..last``."""
    bench = str(Path(__file__).resolve().parent)
    code = _WORKLOAD.format(bench=bench)
    count, printed = callgrind(code, [family, str(first), str(last), encoder], src)
    return count, int(printed.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--families", default="riichi,hongkong,sichuan")
    parser.add_argument("--seeds", default="100,102,110", help="first, low and high seed ends")
    parser.add_argument("--encoder", default="v1")
    parser.add_argument("--src", default=str(Path(__file__).resolve().parent.parent / "src"))
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind): no figure")
        return
    first, low, high = (int(n) for n in args.seeds.split(","))
    if not first < low < high:
        parser.error("--seeds needs first < low < high")
    for family in args.families.split(","):
        few = measured(family, first, low, args.encoder, Path(args.src))
        many = measured(family, first, high, args.encoder, Path(args.src))
        decisions = many[1] - few[1]
        per = (many[0] - few[0]) / decisions
        print(
            f"mahjongkit {family} AEC env ({args.encoder}): {per:,.0f} instructions per decision "
            f"({decisions} decisions)",
            flush=True,
        )


if __name__ == "__main__":
    main()
