"""A hand's text, put together suit by suit, is its tiles sorted and written in mpsz."""

from __future__ import annotations

import random

from mahjongkit.hand import Hand
from mahjongkit.melds import Meld
from mahjongkit.tiles import RED_FIVE_IDS, Tile, format_hand


def test_hand_text_is_the_sorted_tiles_red_fives_included() -> None:
    rng = random.Random(8)
    ids = list(range(136))
    with_red = 0
    for _ in range(3000):
        chosen = rng.sample(ids, rng.randint(1, 14))
        tiles = tuple(Tile.from_id(t, red_fives=True) for t in chosen)
        assert str(Hand(tiles)) == format_hand(tiles), chosen
        with_red += any(t in RED_FIVE_IDS for t in chosen)
    assert with_red > 300


def test_hand_text_examples() -> None:
    assert str(Hand.parse("3m1z2m0m1m")) == "1230m1z"
    assert str(Hand.parse("505m")) == "550m"
    assert str(Hand.parse("77z11s", [Meld.parse("pung:999p")])) == "11s77z pung:999p"
