"""The named tuples :mod:`mahjongkit.shapes` answers with, and its set types.

Declared apart from the shape code, which is compiled with mypyc where a compiler is at hand
(:mod:`mahjongkit.native`): here they stay the light named tuples of
:mod:`mahjongkit.lite_typing`, so that a one-shot command never imports :mod:`typing`.
:mod:`mahjongkit.shapes` exports every name; import them from there.
"""

from __future__ import annotations

from mahjongkit.lite_typing import NamedTuple
from mahjongkit.tiles import format_kind

CHOW = 0
PUNG = 1


class ShapeTable(NamedTuple):
    """The shipped table (see :mod:`mahjongkit.shape_table`)."""

    vectors: list[tuple[int, ...]]
    """Every vector a hand's part can have: the suits' first (``suits`` of them), then the
    honours' and those of their combinations."""
    suits: int
    numbers: bytes
    """One byte per base-5 suit key: its vector's number, or :data:`SHAPE_TABLE_NONE`."""
    pairs: bytes
    """``pairs[a * n + b]``: the number of vectors ``a`` and ``b`` combined (``n`` vectors)."""


class BatchTables(NamedTuple):
    """The shipped table laid out for array look-ups (:func:`mahjongkit.shapes.batch_tables`),
    every vector numbered as in the file."""

    vectors: bytes
    """``vectors[v * 10 + t]``: entry ``t`` (sets * 2 + pairs) of vector ``v``."""
    size: int
    """How many vectors are numbered."""
    suits: bytes
    """One byte per base-5 suit key (``c0 + 5*c1 + ... + 5**8*c8``): its vector's number, or
    :data:`~mahjongkit.shapes.SHAPE_TABLE_NONE` for more than 14 tiles."""
    honours: bytes
    """One byte per base-5 key of the seven honour counts: its vector's number, or
    :data:`~mahjongkit.shapes.SHAPE_TABLE_NONE` where that vector has none."""
    pairs: bytes
    """``pairs[a * size + b]``: the number of vectors ``a`` and ``b`` combined."""


class Ukeire(NamedTuple):
    """The kinds that lower the shanten of a hand, and how many of them remain unseen."""

    kinds: list[int]
    tiles: int


class Meldset(NamedTuple):
    """One set of a decomposition: ``CHOW`` from ``kind`` upwards, or ``PUNG`` of ``kind``."""

    type: int
    kind: int

    def kinds(self) -> tuple[int, int, int]:
        """The three kinds of the set."""
        k = self.kind
        return (k, k + 1, k + 2) if self.type == CHOW else (k, k, k)

    def __str__(self) -> str:
        return "".join(format_kind(k)[0] for k in self.kinds()) + format_kind(self.kind)[1]


class Decomposition(NamedTuple):
    """A complete concealed part: its sets and its pair (``pair`` is −1 if there is none)."""

    sets: tuple[Meldset, ...]
    pair: int
