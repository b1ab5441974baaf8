"""Hong Kong old style at the table: bonus tiles, the minimum, head bump, four wind rounds.

Scores are kept in base units of the payment table (3 fan = 8); nobody starts with points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjongkit.game.flow import Flow
from mahjongkit.game.wall import tile_set
from mahjongkit.scoring import Score, Win
from mahjongkit.shapes import HONG_KONG, HandShape
from mahjongkit.tiles import NUM_PHYSICAL

if TYPE_CHECKING:
    from mahjongkit.game.engine import Game


class HongKongFlow(Flow):
    """The hooks of a Hong Kong table."""

    variant = "hongkong"
    max_kongs = 4

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self.bonus_tiles = bool(getattr(rules, "flowers", True))

    @property
    def players(self) -> int:
        """Hong Kong is played by four (H-01)."""
        seats: int = getattr(self.rules, "seats", 4)
        return seats

    def tiles(self) -> list[int]:
        """144 tiles with the bonus tiles, 136 without."""
        return tile_set(bonus=self.bonus_tiles)

    def shape(self, game: Game, seat: int) -> HandShape:
        """Regular hands and thirteen orphans; seven pairs where the rules allow it."""
        if getattr(self.rules, "seven_pairs", False):
            return HandShape(seven_pairs=True)
        return HONG_KONG

    def score(self, win: Win) -> Score:
        """The Hong Kong scorer (it refuses hands below the minimum, H-11)."""
        from mahjongkit.variants.hongkong import score

        result: Score = score(win, self.rules)
        return result

    def after_deal(self, game: Game, out: list[dict[str, Any]]) -> None:
        """Bonus tiles in the deal are set aside and replaced, dealer first (H-02)."""
        if not self.bonus_tiles:
            return
        rnd = game.round
        for step in range(self.players):
            seat = (rnd.dealer + step) % self.players
            while True:
                bonus = [t for t in rnd.seats[seat].hand if t >= NUM_PHYSICAL]
                if not bonus:
                    break
                for tile in bonus:
                    game.emit(
                        out,
                        {
                            "type": "mjk:flower",
                            "actor": seat,
                            "pai": game._mjai(tile),
                            "mjk_id": tile,
                        },
                    )
                    replacement = game.replacement_tile()
                    game.emit(
                        out, {"type": "mjk:deal_replacement", "actor": seat, "mjk_id": replacement}
                    )

    def bonus_win_possible(self, game: Game, seat: int, tile: int) -> bool:
        """The seventh or eighth bonus tile may win by itself (花糊, 八仙過海) by the rules."""
        return bool(getattr(self.rules, "bonus_tile_win", True)) and (
            len(game.round.seats[seat].flowers) + 1 >= 7
        )

    def may_rob_concealed(self, game: Game, seat: int, tile: int) -> bool:
        """Only Thirteen Orphans, and only where the rules let it rob a concealed kong."""
        return bool(
            getattr(self.rules, "rob_concealed_kong_with_thirteen_orphans", False)
        ) and self.completes_thirteen_orphans(game, seat, tile)

    def ron_winners(self, game: Game, claimants: list[int], discarder: int) -> list[int] | None:
        """Head bump: the nearest claimant in turn order, unless multiple winners are allowed."""
        if getattr(self.rules, "multiple_winners", False):
            return claimants
        return claimants[:1]

    def next_round(self, game: Game) -> tuple[int, int, int, int] | None:
        """The dealer repeats per the rules; four prevailing winds, each dealt by every seat."""
        rnd = game.round
        result = rnd.result or {}
        won = result.get("kind") == "win"
        keeps = (
            won
            and rnd.dealer in result.get("winners", [])
            and getattr(self.rules, "dealer_repeats_on_win", True)
        ) or (not won and getattr(self.rules, "dealer_repeats_on_draw", True))
        if keeps:
            return rnd.round_wind, rnd.hand_number, rnd.dealer, rnd.honba + 1
        index = rnd.round_wind * self.players + rnd.hand_number + 1
        if index >= 4 * self.players:
            return None
        wind, number = divmod(index, self.players)
        return wind, number, number, 0


FLOW = HongKongFlow
