"""Riichi scoring cost in CPU instructions per hand, side by side with the `mahjong` library.

    .venv/bin/python bench/score_instructions.py [--hands 2000]
    .venv/bin/python bench/score_instructions.py --first-pass [--hands 20000]

Wall-clock rates on a shared machine move by tens of percent from one run to the next; the
number of instructions the CPU retires does not. This script runs ``bench/score.py``'s workload
(the first ``--hands`` hands, both engines given their prepared inputs, mahjongkit's per-suit
tables filled by a first pass) under Valgrind's ``cachegrind`` tool, once with zero repeats and
once with two, and reports the difference per hand: the cost of the scoring calls alone, the
interpreter's start-up and the set-up cancelled out. Results are kept in a list, as in
``bench/score.py``, so the garbage collector's work is counted too: the collections each
engine's own allocations cause (the set-up's debt is collected before the passes, as there).
The hash seed is fixed so that both runs lay out their dicts alike. Needs ``valgrind`` (Debian
package ``valgrind``).

``--first-pass`` counts the first pass instead, in a fresh process: no filling pass, one pass
counted (the difference between one pass and none), so that each engine pays every table it
builds on first use, as ``bench/score.py --fresh`` times it.
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
import gc
import sys
sys.path.insert(0, {bench!r})
from score import load, ours, ours_value, their_engine, theirs_input, to_win
engine, hands, repeats, fill = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
records, _ = load(hands)
if engine == "theirs":
    function, inputs = their_engine(), [theirs_input(record) for record in records]
else:
    function = ours if engine == "score" else ours_value
    inputs = [to_win(record) for record in records]
if fill == "fill":
    results = [function(item) for item in inputs]  # fills the tables; not counted
gc.collect()  # the set-up's collection debt (as in bench/score.py): in both runs, so cancelled
for _ in range(repeats):
    results = [function(item) for item in inputs]
"""


def instructions(engine: str, hands: int, repeats: int, fill: bool = True) -> int:
    """Instructions retired by the workload of ``engine`` with ``repeats`` timed passes (after
    a filling pass unless ``fill`` is false)."""
    script = _WORKLOAD.format(bench=str(Path(__file__).resolve().parent))
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        "-c",
        script,
        engine,
        str(hands),
        str(repeats),
        "fill" if fill else "fresh",
    ]
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    run = subprocess.run(command, capture_output=True, text=True, env=environment, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{run.stderr}")
    return int(found.group(1).replace(",", ""))


def per_hand(engine: str, hands: int) -> float:
    return (instructions(engine, hands, 2) - instructions(engine, hands, 0)) / (2 * hands)


def first_pass(engine: str, hands: int) -> float:
    """Instructions per hand of the first pass in a fresh process (tables built included)."""
    once = instructions(engine, hands, 1, fill=False)
    return (once - instructions(engine, hands, 0, fill=False)) / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=None, help="2000 (--first-pass: 20000)")
    parser.add_argument("--first-pass", action="store_true", help="count fresh first passes")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind): no instruction count")
        return
    if args.first_pass:
        hands = args.hands or 20_000
        theirs, ours = first_pass("theirs", hands), first_pass("score", hands)
        print(f"hands: {hands} (the first pass of a fresh process counted)")
        print(
            f"mahjongkit score()    {ours:10,.0f} instructions/hand   mahjong HandCalculator "
            f"{theirs:10,.0f}   ratio {theirs / ours:.2f}x"
        )
        return
    args.hands = args.hands or 2000
    theirs = per_hand("theirs", args.hands)
    print(f"hands: {args.hands} (two passes counted)")
    for engine, label in (("score", "score()"), ("value", "hand_value()")):
        cost = per_hand(engine, args.hands)
        print(
            f"mahjongkit {label:13s} {cost:10,.0f} instructions/hand"
            f"   mahjong HandCalculator {theirs:10,.0f}   ratio {theirs / cost:.1f}x"
        )


if __name__ == "__main__":
    main()
