"""Shanten throughput on the fixed workload, side by side with the `mahjong` library and riichienv.

    .venv/bin/python bench/shanten.py [--repeats 5] [--limit N]

The engines get the same 100,000 hands, parsing excluded: 34-entry count lists for mahjongkit
and ``mahjong``, lists of Tenhou tile ids for riichienv's ``calculate_shanten`` (the input it
takes, made beforehand), and are timed in this one process. The first pass of mahjongkit also
builds its per-suit tables; it is shown separately, then the median of the repeats. Results are
checked against the reference figures.

Where NumPy is installed, :func:`mahjongkit.shanten_batch.shanten_batch` is timed too, on the
hands as one (N, 34) array made beforehand (its input, as the tile lists are riichienv's; the
time to make the array from the lists is shown apart), and its ratio to riichienv printed.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import time
from pathlib import Path

from mahjongkit.shapes import shanten
from mahjongkit.tiles import counts_of, parse_kinds

SHARED = Path(__file__).resolve().parents[2] / "shared" / "bench"


def load(limit: int | None) -> tuple[list[list[int]], list[int]]:
    with gzip.open(SHARED / "shanten_hands.mpsz.txt.gz", "rt") as lines:
        hands = [counts_of(parse_kinds(line.strip())) for line in lines]
    with gzip.open(SHARED / "shanten_ref.txt.gz", "rt") as lines:
        expected = [int(line) for line in lines]
    return hands[:limit], expected[:limit]


def timed(function, hands) -> tuple[float, list[int]]:
    start = time.perf_counter()
    results = [function(hand) for hand in hands]
    return time.perf_counter() - start, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args()
    hands, expected = load(args.limit)
    n = len(hands)

    first, results = timed(shanten, hands)
    agree = sum(a == b for a, b in zip(results, expected, strict=True))
    ours = [timed(shanten, hands)[0] for _ in range(args.repeats)]
    ours_rate = n / statistics.median(ours)
    print(f"hands: {n}")
    print(f"mahjongkit  first pass (builds tables): {n / first:12,.0f} hands/s")
    print(
        f"mahjongkit  median of {args.repeats}:{' ' * 19}{ours_rate:12,.0f} hands/s"
        f"   agreement with reference {agree}/{n}"
    )
    theirs_rate = riichienv(hands, expected, args.repeats, ours_rate)
    batch(hands, expected, args.repeats, theirs_rate)
    try:
        from mahjong.shanten import Shanten
    except ImportError:
        print("mahjong (PyPI) is not installed: no side-by-side figure")
        return
    calculator = Shanten()
    theirs = []
    for _ in range(args.repeats):
        elapsed, their_results = timed(calculator.calculate_shanten, hands)
        theirs.append(elapsed)
    their_agree = sum(a == b for a, b in zip(their_results, expected, strict=True))
    their_rate = n / statistics.median(theirs)
    print(
        f"mahjong 2.x median of {args.repeats}:{' ' * 19}{their_rate:12,.0f} hands/s"
        f"   agreement with reference {their_agree}/{n}"
    )
    print(
        f"ratio (median): {ours_rate / their_rate:.1f}x   "
        f"ratio (our first pass): {n / first / their_rate:.1f}x"
    )


def batch(
    hands: list[list[int]], expected: list[int], repeats: int, theirs_rate: float | None
) -> None:
    """The batch API's first pass (reads its tables) and median rate, and its ratio to
    riichienv's."""
    try:
        import numpy as np

        from mahjongkit.shanten_batch import shanten_batch
    except ImportError:
        print("NumPy is not installed: no figure for the batch API")
        return
    start = time.perf_counter()
    array = np.array(hands, np.uint8)
    made = time.perf_counter() - start
    start = time.perf_counter()
    results = shanten_batch(array).tolist()
    first = time.perf_counter() - start
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        shanten_batch(array)
        seconds.append(time.perf_counter() - start)
    agree = sum(a == b for a, b in zip(results, expected, strict=True))
    n = len(hands)
    rate = n / statistics.median(seconds)
    print(f"batch (NumPy array) first pass (reads tables): {n / first:12,.0f} hands/s")
    print(
        f"batch (NumPy array) median of {repeats}:{' ' * 11}{rate:12,.0f} hands/s"
        f"   agreement with reference {agree}/{n}"
        f"   (making the array from the lists: {n / made:,.0f} hands/s)"
    )
    if theirs_rate is not None:
        print(f"ratio of the batch API to riichienv (median): {rate / theirs_rate:.2f}x")


def riichienv(
    hands: list[list[int]], expected: list[int], repeats: int, ours_rate: float
) -> float | None:
    """riichienv's median rate over the same hands as tile ids (None: not installed), and our
    ratio to it."""
    try:
        from riichienv import calculate_shanten
    except ImportError:
        print("riichienv is not installed: no figure beside it")
        return None
    tiles = [[4 * k + n for k, held in enumerate(hand) for n in range(held)] for hand in hands]
    seconds = []
    for _ in range(repeats):
        elapsed, results = timed(calculate_shanten, tiles)
        seconds.append(elapsed)
    agree = sum(a == b for a, b in zip(results, expected, strict=True))
    rate = len(hands) / statistics.median(seconds)
    print(
        f"riichienv   median of {repeats}:{' ' * 19}{rate:12,.0f} hands/s"
        f"   agreement with reference {agree}/{len(hands)}"
    )
    print(f"ratio to riichienv (median): {ours_rate / rate:.2f}x")
    return rate


if __name__ == "__main__":
    main()
