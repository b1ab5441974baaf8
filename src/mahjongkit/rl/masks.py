"""The index of each legal action, the loop of :meth:`ActionCodec.table` compiled (it runs at
every decision an environment offers).

Only :mod:`mahjongkit.rl.spaces` calls it, with the codec's own tables: nothing here checks
its arguments or decides which index an action has beyond what those tables say.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mahjongkit.table.actions import Action

__all__ = ["legal_indices", "mask_bytes"]


def legal_indices(
    legal: Sequence[Action],
    drawn: int | None,
    slot_groups: dict[str, int],
    fixed: dict[str, int],
    slot_of: list[int],
    index_of: Callable[[Action], int],
) -> dict[int, Action]:
    """Each index the legal actions have, with the engine action it stands for: the first in
    the engine's order, except that a discard slot stands for the drawn tile when the drawn
    tile is in it. ``slot_groups``: the first index of the groups chosen by the tile's slot
    (``slot_of``); ``fixed``: the one index of a type (-1: ask ``index_of``)."""
    chosen: dict[int, Action] = {}
    for action in legal:
        kind = action.type
        tile = action.tile
        group = slot_groups.get(kind, -1)
        if group >= 0 and tile is not None:
            slot = slot_of[tile]
            if slot >= 0:
                index = group + slot
                if index not in chosen or tile == drawn:
                    chosen[index] = action
                continue
        index = fixed.get(kind, -1)
        if index < 0:
            index = index_of(action)
        if index not in chosen:
            chosen[index] = action
    return chosen


def mask_bytes(chosen: dict[int, Action], size: int) -> bytearray:
    """The mask of ``size`` indices as bytes: 1 at each index of ``chosen``, else 0 (NumPy
    reads it as an ``int8`` array without copying)."""
    mask = bytearray(size)
    for index in chosen:
        mask[index] = 1
    return mask
