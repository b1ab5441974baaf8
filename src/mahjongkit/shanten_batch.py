"""Shanten of many hands at once, from a NumPy array of 34-entry counts (needs NumPy).

The same numbers as :func:`mahjongkit.shapes.shanten`, row by row, worked out by array look-ups
in the shipped per-suit table (:mod:`mahjongkit.shape_table`): each suit's base-5 key picks its
replacement vector's number, the honours' key picks theirs, three look-ups in the table of
pairs combine the four, and the wanted entry of the whole hand's vector is the regular
shanten. Seven pairs and thirteen orphans are counts over the rows. A row the table does not
cover (a suit of more than 14 tiles) is handed to the scalar function.

The core library never imports this module: it is the one place NumPy is asked for
(``pip install mahjongkit[batch]``).

>>> import numpy as np
>>> from mahjongkit.tiles import counts_of, parse_kinds
>>> texts = ("123m456p789s1122z", "19m19p19s1234567z")
>>> hands = np.array([counts_of(parse_kinds(text)) for text in texts])
>>> shanten_batch(hands).tolist()
[0, 0]
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from mahjongkit.shapes import (
    RIICHI,
    SHAPE_TABLE_NONE,
    HandShape,
    batch_tables,
    shanten,
)
from mahjongkit.tiles import COPIES, NUM_KINDS, TERMINALS_AND_HONORS

__all__ = ["shanten_batch"]

_SIZE = 10  # a vector's entries: sets * 2 + pairs


class _Tables:
    """The shipped table as arrays, read once per process."""

    def __init__(self) -> None:
        loaded = batch_tables()
        self.ready = loaded is not None
        if loaded is None:
            return
        count = loaded.size
        self.vectors = np.frombuffer(loaded.vectors, np.uint8).reshape(count, _SIZE)
        self.suits = np.frombuffer(loaded.suits, np.uint8)
        self.honours = np.frombuffer(loaded.honours, np.uint8)
        self.pairs = np.frombuffer(loaded.pairs, np.uint8)
        self.count = count


_loaded: list[_Tables] = []
_SUIT_POWERS = np.array([5**i for i in range(9)], np.int32)
_HONOUR_POWERS = np.array([5**i for i in range(7)], np.int32)
_ORPHANS = np.array(TERMINALS_AND_HONORS, np.intp)


def _tables() -> _Tables:
    if not _loaded:
        _loaded.append(_Tables())
    return _loaded[0]


def _checked_counts(counts: Any) -> npt.NDArray[np.uint8]:
    """``counts`` as an (N, 34) array of uint8, or a ValueError saying what is wrong."""
    array = np.asarray(counts)
    if array.ndim != 2 or array.shape[1] != NUM_KINDS:
        raise ValueError(f"counts must be an array of shape (N, {NUM_KINDS}), got {array.shape}")
    if array.dtype.kind not in "iu":
        raise ValueError(f"counts must be integers (0-{COPIES}), got dtype {array.dtype}")
    if array.size and (int(array.min()) < 0 or int(array.max()) > COPIES):
        row = int(np.argwhere((array < 0) | (array > COPIES))[0][0])
        raise ValueError(
            f"counts must be 0-{COPIES} copies of a kind; row {row} holds {array[row].tolist()}"
        )
    return array.astype(np.uint8, copy=False)


def _checked_melds(melds: Any, rows: int) -> int | npt.NDArray[np.intp]:
    """``melds`` as one int 0-4 or an array of N of them, or a ValueError."""
    if isinstance(melds, (int, np.integer)) and not isinstance(melds, bool):
        if not 0 <= int(melds) <= 4:
            raise ValueError(f"melds must be 0-4, got {int(melds)}")
        return int(melds)
    array = np.asarray(melds)
    if array.shape != (rows,) or array.dtype.kind not in "iu":
        raise ValueError(
            f"melds must be an int 0-4 or {rows} of them, got {array.dtype} of shape {array.shape}"
        )
    if rows and (int(array.min()) < 0 or int(array.max()) > 4):
        raise ValueError(f"melds must be 0-4, got {sorted(set(array.tolist()))}")
    return array.astype(np.intp)


def shanten_batch(
    counts: Any, melds: Any = 0, shape: HandShape = RIICHI
) -> npt.NDArray[np.int8]:
    """The shanten of each row of ``counts`` (an (N, 34) integer array of 0-4), as
    :func:`~mahjongkit.shapes.shanten` gives it with the same ``melds`` (one int, or one per
    row) and ``shape``: an (N,) int8 array, −1 for a complete hand.

    Bad input (another shape, a non-integer dtype, a count outside 0-4, melds outside 0-4)
    raises a ValueError naming it.
    """
    if not isinstance(shape, HandShape):
        raise ValueError(f"shape must be a HandShape, got {type(shape).__name__}")
    hands = _checked_counts(counts)
    rows = hands.shape[0]
    meld_counts = _checked_melds(melds, rows)
    tables = _tables()
    if not tables.ready or rows == 0:  # no shipped table: the scalar function, row by row
        return _scalar(hands, meld_counts, shape, np.arange(rows))
    if shape.missing_suit is not None:
        # Its tiles can only be thrown away: the scalar function ignores them the same way.
        hands = hands.copy()
        hands[:, shape.missing_suit * 9 : shape.missing_suit * 9 + 9] = 0
    keys = hands[:, :27].reshape(rows, 3, 9) @ _SUIT_POWERS
    suits = tables.suits[keys]
    honours = tables.honours[hands[:, 27:] @ _HONOUR_POWERS]
    uncovered = (suits == SHAPE_TABLE_NONE).any(axis=1) | (honours == SHAPE_TABLE_NONE)
    if uncovered.any():
        # Those rows' numbers are unused (the scalar function answers for them): any valid one.
        suits = np.where(suits == SHAPE_TABLE_NONE, 0, suits)
        honours = np.where(honours == SHAPE_TABLE_NONE, 0, honours)
    count = tables.count
    pairs = tables.pairs
    first = pairs[suits[:, 0].astype(np.intp) * count + suits[:, 1]]
    second = pairs[suits[:, 2].astype(np.intp) * count + honours]
    whole = pairs[first.astype(np.intp) * count + second]
    target = (4 - np.asarray(meld_counts)) * 2 + 1
    best: npt.NDArray[np.int8] = tables.vectors[whole, target].astype(np.int8) - 1
    closed = meld_counts == 0
    if np.any(closed):
        special = _special_shanten(hands, shape)
        if special is not None:
            best = np.where(closed & (special < best), special, best).astype(np.int8)
    if uncovered.any():
        where = np.flatnonzero(uncovered)
        best[where] = _scalar(hands, meld_counts, shape, where)
    return best


def _special_shanten(
    hands: npt.NDArray[np.uint8], shape: HandShape
) -> npt.NDArray[np.int8] | None:
    """The smaller of the seven pairs and thirteen orphans shanten the shape accepts, per row
    (None: it accepts neither)."""
    found: npt.NDArray[np.int8] | None = None
    if shape.seven_pairs:
        if shape.seven_pairs_quads:
            # Four of a kind are two pairs: each missing pair takes a draw onto a lone tile,
            # two where no lone tile is left.
            units = (hands >> 1).sum(axis=1, dtype=np.int16)
            odd = (hands & 1).sum(axis=1, dtype=np.int16)
            missing = np.maximum(7 - units, 0)
            pairs = missing - 1 + np.maximum(missing - odd, 0)
        else:
            kinds = (hands > 0).sum(axis=1, dtype=np.int16)
            doubled = (hands >= 2).sum(axis=1, dtype=np.int16)
            pairs = 6 - doubled + np.maximum(7 - kinds, 0)
        found = pairs.astype(np.int8)
    if shape.thirteen_orphans:
        orphans = hands[:, _ORPHANS]
        held = (orphans > 0).sum(axis=1, dtype=np.int16)
        paired = (orphans >= 2).any(axis=1)
        value = (13 - held - paired).astype(np.int8)
        found = value if found is None else np.minimum(found, value)
    return found


def _scalar(
    hands: npt.NDArray[np.uint8],
    melds: int | npt.NDArray[np.intp],
    shape: HandShape,
    where: npt.NDArray[np.intp],
) -> npt.NDArray[np.int8]:
    """The scalar function's answer for the rows ``where``."""
    out = np.empty(len(where), np.int8)
    for slot, row in enumerate(where.tolist()):
        meld = melds if isinstance(melds, int) else int(melds[row])
        out[slot] = shanten(hands[row].tolist(), meld, shape)
    return out
