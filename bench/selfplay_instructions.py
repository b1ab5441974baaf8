"""Self-play cost in CPU instructions per round (a figure the machine's load does not move).

    .venv/bin/python bench/selfplay_instructions.py [--variant NAME] [--rounds 20,60] [--src PATH]

Runs ``bench/selfplay.py``'s single rounds of one family (``--variant``, Riichi by default;
random legal players; Riichi's tenhou preset, another family's default rules) under Valgrind's
``callgrind`` tool twice, for the two round counts given, and reports the difference per
round: the interpreter's start-up and imports cancel out. ``--src`` measures another
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

from mahjongkit.variants import variant_names

_WORKLOAD = """
import sys
sys.path.insert(0, {bench!r})
from selfplay import default_rules, play_round
variant = sys.argv[2]
rules = default_rules(variant)
for seed in range(int(sys.argv[1])):
    play_round(variant, rules, seed)
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


def instructions(rounds: int, src: Path, variant: str = "riichi") -> int:
    """Instructions retired by a process playing ``rounds`` rounds of ``variant``."""
    bench = str(Path(__file__).resolve().parent)
    return callgrind(_WORKLOAD.format(bench=bench), [str(rounds), variant], src)[0]


def round_counts(text: str) -> tuple[int, int]:
    """The two different round counts of ``--rounds`` ("20,60"), smaller first.

    Raises ValueError, in words, for anything else.
    """
    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError(f"--rounds takes two counts separated by a comma, not {text!r}")
    try:
        low, high = sorted(int(part) for part in parts)
    except ValueError:
        raise ValueError(f"--rounds takes two whole numbers, not {text!r}") from None
    if low < 1:
        raise ValueError(f"--rounds counts must be at least 1, not {text!r}")
    if low == high:
        raise ValueError("--rounds needs two different counts")
    return low, high


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--variant",
        default="riichi",
        help=f"the family whose rounds are played: {', '.join(variant_names())}",
    )
    parser.add_argument("--rounds", default="20,60", help="the two round counts")
    parser.add_argument("--src", default=str(Path(__file__).resolve().parent.parent / "src"))
    args = parser.parse_args()
    if args.variant not in variant_names():
        parser.error(
            f"--variant {args.variant!r} is not a family: expected one of "
            f"{', '.join(variant_names())}"
        )
    try:
        low, high = round_counts(args.rounds)
    except ValueError as error:
        parser.error(str(error))
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind): no figure")
        return
    src = Path(args.src)
    per_round = (instructions(high, src, args.variant) - instructions(low, src, args.variant)) / (
        high - low
    )
    print(f"mahjongkit {args.variant} self-play: {per_round:,.0f} instructions per round")


if __name__ == "__main__":
    main()
