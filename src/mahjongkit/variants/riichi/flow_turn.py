"""The loops the Riichi flow runs at every turn, as module functions of a compiled module
(:data:`mahjongkit.native.COMPILED`): the flow class itself stays Python, since tests and
other tables subclass it, and a compiled method would take only its own class's instances.

Each function reads plain values (tiles, counts) that the flow passes in, and answers what the
flow's hook of the same purpose answered before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mahjongkit.shapes import RIICHI, HandShape
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.tiles import is_terminal_or_honor

__all__ = ["discards_but", "nine_terminal_kinds", "riichi_discards"]


ReadyOfCounts = Callable[[list[int], int, HandShape], tuple[int, frozenset[int]]]
"""The table's shanten-and-waits of a hand by its counts (``TableView.ready_of_counts``)."""


def riichi_discards(
    seat: int, hand: Sequence[int], counts: list[int], melds: int, ready_of_counts: ReadyOfCounts
) -> list[Action]:
    """A riichi with each tile of ``hand`` whose discard leaves a ready hand, in tile order
    (``counts``: the hand's kind counts, given back as they came; ``ready_of_counts``: the
    table's, which keeps what it found).

    >>> from mahjongkit.shapes import waits
    >>> from mahjongkit.tiles import counts_of_ids
    >>> def ready(counts, melds, shape):
    ...     return 0, frozenset(waits(counts, melds, shape))
    >>> hand = [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 37, 40, 44, 132]  # 123456789m 1pp 2p 3p, Chun
    >>> [a.tile for a in riichi_discards(0, hand, counts_of_ids(hand), 0, ready)]
    [36, 37, 132]
    """
    found: list[Action] = []
    ready_after: dict[int, bool] = {}
    for tile in sorted(set(hand)):
        kind = tile >> 2
        ready = ready_after.get(kind)
        if ready is None:
            counts[kind] -= 1
            ready = bool(ready_of_counts(counts, melds, RIICHI)[1])
            counts[kind] += 1
            ready_after[kind] = ready
        if ready:
            found.append(Action(A.RIICHI, seat, tile))
    return found


def discards_but(hand: Sequence[int], kinds: list[int]) -> list[int]:
    """The tiles of ``hand`` not of one of ``kinds`` (swap-calling), in hand order."""
    if not kinds:
        return list(hand)
    return [t for t in hand if t >> 2 not in kinds]


def nine_terminal_kinds(hand: Sequence[int]) -> int:
    """How many different terminal and honour kinds ``hand`` holds."""
    seen = 0
    found = 0
    for tile in hand:
        kind = tile >> 2
        if is_terminal_or_honor(kind) and not seen >> kind & 1:
            seen |= 1 << kind
            found += 1
    return found
