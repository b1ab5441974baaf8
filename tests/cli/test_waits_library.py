"""``mahjongkit.variants.analysis``: waits with reasons, as the command line, the web calculator
and the terminal game read them."""

from __future__ import annotations

import pytest

from mahjongkit.errors import InvalidHandError, NotationError
from mahjongkit.hand import Hand
from mahjongkit.options import override
from mahjongkit.tiles import Tile
from mahjongkit.variants import find_variant
from mahjongkit.variants.analysis import (
    analyse_hand,
    check_tiles,
    default_seat,
    previous_seat,
    score_waits,
    seats_in_hand,
)

RIICHI = find_variant("riichi")


def kind(text: str) -> int:
    return Tile.parse(text).kind


def test_previous_seat_skips_seats_not_in_the_hand():
    assert previous_seat(0, (0, 1, 2, 3)) == 3
    assert previous_seat(0, (0, 1, 2)) == 2
    assert previous_seat(2, (0, 2)) == 0
    assert previous_seat(1, (1, 3)) == 3
    with pytest.raises(NotationError, match="nobody can discard to it"):
        previous_seat(1, (1,))


def test_seats_in_hand_read_the_table_size_and_who_still_plays():
    three = override(RIICHI.rules(), ["players=3", "uma=15000,0,-15000"])
    assert seats_in_hand(three) == (0, 1, 2)
    assert seats_in_hand(RIICHI.rules()) == (0, 1, 2, 3)
    assert seats_in_hand(find_variant("hongkong").rules()) == (0, 1, 2, 3)
    assert seats_in_hand(find_variant("sichuan").rules(), {0, 2}) == (0, 2)


def test_default_seat_is_the_first_no_meld_came_from():
    hand = Hand.parse("23m456p11z", ["pung:777z@E", "chi:789s@S"])
    assert default_seat(hand, (0, 1, 2, 3)) == 2
    everyone = Hand.parse("1z", ["pung:111m@E", "pung:222m@S", "pung:333m@W", "pung:444m@N"])
    with pytest.raises(InvalidHandError, match="every seat"):
        default_seat(everyone, (0, 1, 2, 3))


def test_a_yakuman_wait_is_counted_in_yakuman_without_fu():
    hand = Hand.parse("19m19p19s1234567z")
    found = analyse_hand(hand, "riichi")
    assert found.ready and len(found.waits) == 13
    (value,) = score_waits(hand, [kind("1m")], RIICHI, seat=0)
    assert value.tile == "1m"
    assert (value.ron.value, value.ron.unit, value.ron.fu) == (1, "yakuman", None)
    assert value.ron.yakuman == 1 and value.ron.score.value == 13  # the scorer's own han
    assert value.ron.points == value.tsumo.points == 48000


def test_an_ordinary_wait_keeps_its_han_and_fu_and_a_no_yaku_wait_its_reason():
    hand = Hand.parse("234m456p678s3355z")
    west, white = score_waits(hand, [kind("3z"), kind("5z")], RIICHI, seat=0)
    assert not west.ron.valid and west.ron.reason == "no_yaku" and "no yaku" in west.ron.message
    assert west.tsumo.valid and (west.tsumo.value, west.tsumo.unit) == (1, "han")
    assert (white.ron.value, white.ron.fu, white.ron.points) == (1, 40, 2000)
    assert white.ron.reason is None and white.ron.message is None


def test_the_ron_comes_from_the_previous_seat_at_the_table():
    """A discard from North to East exists only at a four-seat table."""
    three = override(RIICHI.rules(), ["players=3", "uma=15000,0,-15000"])
    hand = Hand.parse("123m456p789s2266z")
    (value,) = score_waits(hand, [kind("6z")], RIICHI, three, seat=0)
    payments = value.ron.score.payments
    assert value.ron.valid and payments[2] < 0 and payments.get(1, 0) == 0
    with pytest.raises(NotationError, match="not at a table of 3"):
        score_waits(hand, [kind("6z")], RIICHI, three, seat=3)


def test_h11_a_hong_kong_wait_below_the_minimum_says_so():
    hong_kong = find_variant("hongkong")
    hand = Hand.parse("23s11p456p789s", ["chow:789m"])
    found = analyse_hand(hand, "hongkong")
    values = score_waits(hand, found.waits, hong_kong, seat=0)
    assert [v.tile for v in values] == ["1s", "4s"]
    assert {v.ron.reason for v in values} == {"below_minimum_fan"}


def test_sichuan_honours_are_refused_and_a_third_suit_is_a_reason():
    with pytest.raises(InvalidHandError, match="1z is an honour tile"):
        check_tiles("sichuan", Hand.parse("123m456p789s1122z"))
    check_tiles("riichi", Hand.parse("123m456p789s1122z"))  # Riichi plays honours
    hand = Hand.parse("123m456p789s1122s")
    found = analyse_hand(hand, "sichuan")
    values = score_waits(hand, found.waits, find_variant("sichuan"), seat=0)
    assert {v.ron.reason for v in values} == {"not_complete"}
    assert all("three suits" in (v.ron.message or "") for v in values)


def test_a_hand_that_is_not_ready_has_no_waits():
    found = analyse_hand(Hand.parse("1358m2469p147s257z"), "riichi")
    assert not found.ready and found.shanten == 6 and found.waits == ()
    fourteen = analyse_hand(Hand.parse("123m456p789s11223z"), "riichi")
    assert fourteen.ready and fourteen.discards[0].discard == kind("3z")
    assert fourteen.discards[0].waits == (kind("1z"), kind("2z"))


def test_a_wait_whose_four_copies_the_hand_holds_is_no_wait():
    """A single 1m beside a pung of 1m: the shape waits on 1m, but no fifth 1m exists."""
    found = analyse_hand(Hand.parse("1m234p567s789s", ["pung:111m@W"]), "riichi")
    assert found.shanten == 0 and found.waits == () and not found.ready
    open_wait = analyse_hand(Hand.parse("1m234p567s789s", ["pung:222m@W"]), "riichi")
    assert open_wait.waits == (kind("1m"),) and open_wait.ready
