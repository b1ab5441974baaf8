"""The loop the Sichuan flow runs at every turn, as a function of a compiled module
(:data:`mahjongkit.native.COMPILED`): the flow class stays Python (tests and other tables
subclass it), and calls this with plain values.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["void_first"]

_SUITED = 27
"""Kinds below this are suited (Sichuan's set has no honours)."""


def void_first(hand: Sequence[int], missing_suit: int, must_void: bool) -> list[int]:
    """The tiles of ``hand`` that may be discarded (§3): those of the missing suit while the
    hand holds one and ``must_void`` (the strict rule, or the hand's first discard), else
    every suited tile; in hand order.

    >>> void_first([0, 40, 1, 80], 0, True), void_first([0, 40, 80], 0, False)
    ([0, 1], [0, 40, 80])
    >>> void_first([40, 80], 0, True)
    [40, 80]
    """
    if must_void:
        void = [t for t in hand if t >> 2 < _SUITED and (t >> 2) // 9 == missing_suit]
        if void:
            return void
    return [t for t in hand if t >> 2 < _SUITED]
