"""A missing suit's opening (Sichuan): the three tiles given away and the suit declared, the
weakest suit's.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjongkit.game.observation import Observation
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.tiles import NUM_KINDS, counts_of_ids

__all__ = ["Opening"]


class Opening:
    """The exchange and the declaration of the missing suit (see the module text)."""

    @staticmethod
    def suit_strength(hand: Sequence[int], suit: int) -> float:
        """How much a suit of the hand is worth keeping: its tiles, pairs and neighbours."""
        counts = counts_of_ids(t for t in hand if t < 4 * NUM_KINDS)
        part = counts[suit * 9 : suit * 9 + 9]
        strength = float(sum(part))
        for number, held in enumerate(part):
            if held >= 2:
                strength += 0.8
            if held and number + 1 < 9 and part[number + 1]:
                strength += 0.5
            if held and number + 2 < 9 and part[number + 2]:
                strength += 0.25
        return strength

    def _declare(self, observation: Observation, legal: Sequence[Action]) -> Action:
        hand = observation.hand
        options = [a for a in legal if a.type == A.DECLARE_MISSING and a.suit is not None]
        if not options:
            return legal[0]
        return min(options, key=lambda a: (self.suit_strength(hand, a.suit or 0), a.suit or 0))

    def _exchange(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Give three tiles of the weakest suit: its loosest tiles (least connected)."""
        hand = observation.hand
        options = [a for a in legal if a.type == A.EXCHANGE and a.consumed]
        if not options:
            return legal[0]
        counts = counts_of_ids(t for t in hand if t < 4 * NUM_KINDS)

        def loose(tile: int) -> float:
            kind = tile // 4
            base = kind - kind % 9
            near = sum(
                counts[k] for k in range(max(base, kind - 2), min(base + 9, kind + 3)) if k != kind
            )
            return (counts[kind] - 1) * 2.0 + near

        def key(action: Action) -> tuple[float, float, tuple[int, ...]]:
            suit = action.consumed[0] // 36
            return (
                self.suit_strength(hand, suit),
                sum(loose(t) for t in action.consumed),
                action.consumed,
            )

        return min(options, key=key)
