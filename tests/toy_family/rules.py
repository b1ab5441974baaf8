"""The toy family's options: four players, a stake."""

from __future__ import annotations

from mahjongkit.options import option
from mahjongkit.valueclass import dataclass


@dataclass(frozen=True, slots=True)
class ToyRules:
    """The rules of one toy table."""

    players: int = option(4, choices=(4,), unit="players")
    """Players at the table."""
    stake: int = option(3, low=1, high=100, unit="points")
    """What the discarder of a winning tile pays, or each other seat on a self-draw."""

    @classmethod
    def plain(cls) -> ToyRules:
        """The only preset: a stake of three."""
        return cls()
