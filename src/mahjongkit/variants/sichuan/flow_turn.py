"""What the Sichuan flow answers at every turn, compiled (:data:`mahjongkit.native.COMPILED`):
the flow class stays Python (tests and other tables subclass it). :class:`SichuanTurn` is the
family's turn hooks (:mod:`mahjongkit.table.turn`): the flow's ``allowed_discards`` calls it,
and the engine asks it directly while the flow keeps that hook.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mahjongkit.lite_typing import mypyc_attr
from mahjongkit.table.state import RoundState
from mahjongkit.table.turn import TurnHooks
from mahjongkit.table.view import TableView

__all__ = ["SichuanTurn", "void_first"]

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


# Made from Python (its flow): mypyc runs a serializable class's __init__ from a Python call only
# when it allows interpreted subclasses.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class SichuanTurn(TurnHooks):
    """Sichuan's turn: while the hand holds its missing suit, that suit goes first (§3)."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        """``void_discard_rule=strict``: every discard, not only the hand's first, is of the
        missing suit while one is held."""

    def discard_tiles(self, view: TableView, rnd: RoundState, seat: int) -> list[int]:
        """While holding the missing suit, discard it first (§3)."""
        state = rnd.seats[seat]
        own: Any = state.extra
        missing: int | None = own.missing_suit
        if missing is None:
            return sorted(state.hand)
        # legal_discards' answer, read off the tiles in one pass.
        return sorted(void_first(state.hand, missing, self.strict or not state.discards))
