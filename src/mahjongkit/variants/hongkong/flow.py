"""Hong Kong old style at the table: bonus tiles, the minimum, head bump, four wind rounds.

Scores are kept in base units of the payment table (3 fan = 8); nobody starts with points.
"""

from __future__ import annotations

from collections.abc import Iterator

from mahjongkit.scoring import Score, Win
from mahjongkit.shapes import HONG_KONG, HandShape
from mahjongkit.table.events import DealReplacement, Event, Flower
from mahjongkit.table.flow import Flow
from mahjongkit.table.view import TableView
from mahjongkit.table.wall import tile_set
from mahjongkit.tiles import NUM_PHYSICAL, to_mjai
from mahjongkit.variants.hongkong.rules import HongKongRules
from mahjongkit.variants.hongkong.scorer import score as hong_kong_score


def hand_shape(rules: HongKongRules, missing_suit: int | None = None) -> HandShape:
    """Regular hands and thirteen orphans; seven pairs where the rules allow it."""
    return _WITH_SEVEN_PAIRS if rules.seven_pairs else HONG_KONG


_WITH_SEVEN_PAIRS = HandShape(seven_pairs=True)


class HongKongFlow(Flow[HongKongRules]):
    """The hooks of a Hong Kong table."""

    variant = "hongkong"
    shape_by_seat = False  # the shape follows the rules alone
    max_kongs = 4

    def __init__(self, rules: HongKongRules) -> None:
        super().__init__(rules)
        self.bonus_tiles = rules.flowers

    def tiles(self) -> list[int]:
        """144 tiles with the bonus tiles, 136 without."""
        return tile_set(bonus=self.bonus_tiles)

    def shape(self, view: TableView, seat: int) -> HandShape:
        """See :func:`hand_shape`."""
        return hand_shape(self.rules)

    def score(self, win: Win) -> Score:
        """The Hong Kong scorer (it refuses hands below the minimum, H-11)."""
        return hong_kong_score(win, self.rules)

    def after_deal(self, view: TableView) -> Iterator[Event]:
        """Bonus tiles in the deal are set aside and replaced, dealer first (H-02)."""
        if not self.bonus_tiles:
            return
        rnd = view.round
        for step in range(self.players):
            seat = (rnd.dealer + step) % self.players
            while True:
                bonus = [t for t in rnd.seats[seat].hand if t >= NUM_PHYSICAL]
                if not bonus:
                    break
                for tile in bonus:
                    flower: Flower = {
                        "type": "mjk:flower",
                        "actor": seat,
                        "pai": to_mjai(self.tile(tile)),
                        "mjk_id": tile,
                    }
                    yield flower
                    replacement: DealReplacement = {
                        "type": "mjk:deal_replacement",
                        "actor": seat,
                        "mjk_id": view.replacement_tile(),
                    }
                    yield replacement

    def bonus_win_possible(self, view: TableView, seat: int, tile: int) -> bool:
        """The seventh or eighth bonus tile may win by itself (花糊, 八仙過海) by the rules."""
        return self.rules.bonus_tile_win and len(view.round.seats[seat].flowers) + 1 >= 7

    def may_rob_concealed(self, view: TableView, seat: int, tile: int) -> bool:
        """Only Thirteen Orphans, and only where the rules let it rob a concealed kong."""
        return self.rules.thirteen_orphans_rob_concealed_kong and (
            self.completes_thirteen_orphans(view, seat, tile)
        )

    def ron_winners(self, view: TableView, claimants: list[int], discarder: int) -> list[int]:
        """Head bump: the nearest claimant in turn order, unless multiple winners are allowed."""
        if self.rules.multiple_winners:
            return claimants
        return claimants[:1]

    def next_round(self, view: TableView) -> tuple[int, int, int, int] | None:
        """The dealer repeats per the rules; four prevailing winds, each dealt by every seat."""
        rnd = view.round
        result = rnd.result or {}
        won = result.get("kind") == "win"
        keeps = (
            won and rnd.dealer in result.get("winners", []) and self.rules.dealer_repeats_on_win
        ) or (not won and self.rules.dealer_repeats_on_draw)
        if keeps:
            return rnd.round_wind, rnd.hand_number, rnd.dealer, rnd.honba + 1
        index = rnd.round_wind * self.players + rnd.hand_number + 1
        if index >= 4 * self.players:
            return None
        wind, number = divmod(index, self.players)
        return wind, number, number, 0
