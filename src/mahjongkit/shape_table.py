"""The replacement vector of every suit, shipped with the package.

Shanten reads each suit of a hand through a memo (:mod:`mahjongkit.shapes`). Working out the
vector of a suit never seen before walks its suffixes, about a hundred microseconds, and a
process meets thousands of suits: self-play and the first pass over a workload paid mostly for
that. Every suit of at most 14 tiles (405,350 of them) has one of only 126 vectors, so the
vectors and, for each suit, which one it has ship as ``shape_table.bin``; a new suit is then a
lookup.

Suits are then combined: the hand's vector is the min-plus combination of its suits' and its
honours', and a few hundred vectors (180) are all those combinations can reach. Their pairwise
combinations (some 32,000) ship too, so a long run never works one out while it plays.

The file holds a magic word and format, how many vectors are the suits' and how many there are
in all, the vectors (10 bytes each: the suits' in the order of first appearance over the suits
in counting order, then the honours' and the combinations' in the order the build meets them),
and, compressed: one byte per base-5 suit key (``c0 + 5*c1 + ... + 5**8*c8``), the vector's
number or 255 for more than 14 tiles; then one byte per pair of vectors ``(a, b)``, at
``a * count + b``: the number of their combination.

Rebuild it after changing how a suit's vector is worked out::

    python -m mahjongkit.shape_table

:func:`mahjongkit.shapes.read_shape_table` reads it; ``tests/core/test_shape_table.py``
checks a spread of suits against the computed vectors.
"""

from __future__ import annotations

import functools
import zlib
from itertools import product
from typing import Any

from mahjongkit import shapes
from mahjongkit.shapes import (
    SHAPE_TABLE_FORMAT,
    SHAPE_TABLE_MAGIC,
    SHAPE_TABLE_NONE,
    SHAPE_TABLE_PATH,
)

KINDS = 9
MAX_TILES = 14
NONE = SHAPE_TABLE_NONE


def key_of(counts: bytes | tuple[int, ...]) -> int:
    """A suit's base-5 key."""
    key = 0
    for count in reversed(counts):
        key = key * 5 + count
    return key


def build() -> bytes:
    """The file's bytes, worked out from :mod:`mahjongkit.shapes` (about half a minute)."""
    # The suffix memo is bounded for everyday use; the build meets two million suffixes, so it
    # runs with an unbounded one in its place (the recursion calls the module's name).
    bounded = shapes._suffix_vector
    shapes._suffix_vector = functools.cache(bounded.__wrapped__)
    try:
        return _build(shapes)
    finally:
        shapes._suffix_vector = bounded


def _build(shapes: Any) -> bytes:
    vectors: list[tuple[int, ...]] = []
    number: dict[tuple[int, ...], int] = {}
    index = bytearray([NONE]) * (5**KINDS)
    for reversed_counts in product(range(5), repeat=KINDS):
        counts = reversed_counts[::-1]  # counting order: c0 varies fastest
        if sum(counts) > MAX_TILES:
            continue
        vector = shapes.suit_vector(counts)
        found = number.get(vector)
        if found is None:
            found = number[vector] = len(vectors)
            vectors.append(vector)
        index[key_of(counts)] = found
    suits = len(vectors)

    def add(vector: tuple[int, ...]) -> None:
        if vector not in number:
            number[vector] = len(vectors)
            vectors.append(vector)

    for vector in shapes.honour_vectors():
        add(vector)
    size = 0
    while size < len(vectors):  # until combining adds no vector
        size = len(vectors)
        for first, second in product(vectors[:size], repeat=2):
            add(shapes.combined_vector(first, second))
    assert len(vectors) < NONE
    pairs = bytes(
        number[shapes.combined_vector(first, second)] for first in vectors for second in vectors
    )
    header = SHAPE_TABLE_MAGIC + bytes([SHAPE_TABLE_FORMAT, suits, len(vectors)])
    body = b"".join(bytes(vector) for vector in vectors)
    return header + body + zlib.compress(bytes(index) + pairs, 9)


def main() -> None:
    """Write the table next to this module."""
    data = build()
    with open(SHAPE_TABLE_PATH, "wb") as file:
        file.write(data)
    print(f"{SHAPE_TABLE_PATH}: {len(data):,} bytes")


if __name__ == "__main__":
    main()
