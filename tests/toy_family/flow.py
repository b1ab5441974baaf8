"""The toy family at the table: two suits, one round of four hands."""

from __future__ import annotations

from mahjongkit.scoring import Score, Win
from mahjongkit.shapes import HandShape
from mahjongkit.table.flow import Flow
from mahjongkit.table.view import TableView
from mahjongkit.table.wall import tile_set
from tests.toy_family.rules import ToyRules

TOY_SHAPE = HandShape(seven_pairs=False, thirteen_orphans=False, honors=False)
"""Four sets and a pair of characters and dots: no special hand."""


def hand_shape(rules: ToyRules, missing_suit: int | None = None) -> HandShape:
    """The one shape of a complete hand."""
    return TOY_SHAPE


class ToyFlow(Flow[ToyRules]):
    """The hooks of a toy table: what its rules change from the defaults."""

    variant = "toy"
    shape_by_seat = False

    def tiles(self) -> list[int]:
        """The characters and the dots, four of each: 72 tiles."""
        return tile_set(kinds=18)

    def shape(self, view: TableView, seat: int) -> HandShape:
        """See :func:`hand_shape`."""
        return TOY_SHAPE

    def score(self, win: Win) -> Score:
        """The toy scorer."""
        from tests.toy_family.scorer import score

        return score(win, self.rules)

    def next_round(self, view: TableView) -> tuple[int, int, int, int] | None:
        """Four hands, each seat dealing once; then the game ends."""
        number = view.round.hand_number + 1
        if number >= self.players:
            return None
        return 0, number, number, 0
