"""Observations: what a seat may not see of the others."""


from mahjongkit.table.wall import tile_set
from tests.helpers.table_scenarios import JUNK, table


def test_observations_hide_who_can_rob_or_claim_and_deal_replacements():
    hands = ["1f2g147m258p369s12z", *JUNK[1:]]
    game = table("hongkong", hands, draws="5z", tiles=tile_set(bonus=True))
    for seat in (1, 2, 3):
        view = game.observation(seat).to_json()
        for event in view["events"]:
            if event["type"] in ("mjk:deal_replacement", "tsumo") and event["actor"] == 0:
                assert event.get("mjk_id", "?") == "?"
            assert "mjk_robbable" not in event
