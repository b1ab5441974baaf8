"""Hand shapes: shanten, waits, ukeire, decompositions (issue 2, item 5 and 8)."""

import gzip

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.shapes import (
    HONG_KONG,
    RIICHI,
    decompositions,
    is_complete,
    regular_shanten,
    seven_pairs,
    seven_pairs_shanten,
    shanten,
    sichuan,
    thirteen_orphans_shanten,
    ukeire,
    waits,
)
from mahjongkit.tiles import counts_of, format_kinds, parse_kinds
from tests.helpers.paths import BENCH
from tests.helpers.reference import brute_force_shanten, is_complete_by_search


def counts(text):
    return counts_of(parse_kinds(text))


def hands(size, kinds=range(34)):
    """Random hands of ``size`` tiles drawn without replacement from a wall of ``kinds``."""
    wall = [k for k in kinds for _ in range(4)]
    ids = st.lists(st.sampled_from(range(len(wall))), min_size=size, max_size=size, unique=True)
    return ids.map(lambda chosen: counts_of(wall[i] for i in chosen))


@settings(max_examples=60, deadline=None)
@given(hands(13))
def test_regular_shanten_equals_brute_force_on_random_hands(hand):
    assert regular_shanten(hand) == brute_force_shanten(hand)


@settings(max_examples=60, deadline=None)
@given(hands(13, kinds=range(0, 18)))
def test_regular_shanten_equals_brute_force_on_two_suit_hands(hand):
    # Two suits make dense hands, where four-copy limits and overlapping shapes matter.
    assert regular_shanten(hand) == brute_force_shanten(hand)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 3).flatmap(
        lambda melds: st.tuples(st.just(melds), hands(13 - 3 * melds, range(9)))
    )
)
def test_shanten_with_melds_equals_brute_force(case):
    melds, hand = case
    assert regular_shanten(hand, melds) == brute_force_shanten(hand, melds)


@settings(max_examples=200, deadline=None)
@given(hands(14, kinds=range(0, 27)))
def test_complete_iff_a_decomposition_exists(hand):
    complete = regular_shanten(hand) == -1
    assert complete == is_complete_by_search(hand)
    assert complete == bool(decompositions(hand))


@settings(max_examples=100, deadline=None)
@given(hands(13, kinds=range(0, 18)))
def test_waits_are_exactly_the_completing_tiles(hand):
    found = waits(hand)
    for kind in range(34):
        if hand[kind] == 4:
            assert kind not in found
            continue
        hand[kind] += 1
        assert (kind in found) == (is_complete_by_search(hand) or seven_pairs(hand) is not None)
        hand[kind] -= 1
    assert bool(found) == (shanten(hand) == 0 and any(hand[k] < 4 for k in found))


def test_every_hand_of_the_fixed_workload_matches_the_reference_figures():
    with gzip.open(BENCH / "shanten_hands.mpsz.txt.gz", "rt") as lines:
        hands_text = [line.strip() for line in lines]
    with gzip.open(BENCH / "shanten_ref.txt.gz", "rt") as lines:
        expected = [int(line) for line in lines]
    assert len(hands_text) == len(expected) == 100_000
    mismatches = [
        (text, want, got)
        for text, want in zip(hands_text, expected, strict=True)
        if (got := shanten(counts(text))) != want
    ]
    assert mismatches == []


@pytest.mark.parametrize(
    ("hand", "regular", "pairs", "orphans"),
    [
        ("123m456p789s1122z", 0, 4, 8),
        ("1133557799m11p2s", 3, 0, 9),
        ("19m19p19s1234567z", 8, 6, 0),
        ("19m19p19s123456z1m", 7, 5, 0),
        ("1111m222333444z", 1, 5, 8),
    ],
)
def test_known_shanten_by_shape(hand, regular, pairs, orphans):
    c = counts(hand)
    assert regular_shanten(c) == regular
    assert seven_pairs_shanten(c) == pairs
    assert thirteen_orphans_shanten(c) == orphans


def test_four_of_a_kind_is_not_two_pairs_in_riichi():
    hand = counts("1111223344556m")
    assert seven_pairs_shanten(hand) == 2
    assert seven_pairs_shanten(hand, allow_quads=True) == 0


def test_dragon_seven_pairs_is_complete_in_sichuan_only():
    hand = counts("11112233445566m")
    assert seven_pairs(hand, allow_quads=True) == [0, 0, 1, 2, 3, 4, 5]
    assert seven_pairs(hand) is None
    assert is_complete(hand, shape=sichuan())


def test_missing_suit_makes_a_hand_incomplete():
    hand = counts("123456789m11p789s")
    assert is_complete(hand, shape=sichuan())
    assert not is_complete(hand, shape=sichuan(missing_suit=0))
    assert shanten(counts("123456789m11p78s"), shape=sichuan(missing_suit=2)) == 2


def test_hong_kong_has_no_seven_pairs_but_has_thirteen_orphans():
    assert not is_complete(counts("1133557799m1122p"), shape=HONG_KONG)
    assert is_complete(counts("1133557799m1122p"), shape=RIICHI)
    assert is_complete(counts("19m19p19s12345677z"), shape=HONG_KONG)


def test_waits_of_nine_gates_and_the_fifth_tile_rule():
    assert format_kinds(waits(counts("1112345678999m"))) == "123456789m"
    # 1111m held: 1m is not a wait, and this hand is not ready at all in shape terms.
    assert waits(counts("1111m234p567p789s")) == []
    assert shanten(counts("1111m234p567p789s")) == 1


def test_ukeire_counts_unseen_copies():
    hand = counts("123m456p789s1122z")
    assert ukeire(hand).tiles == 4
    seen = counts("1z")
    assert ukeire(hand, visible=seen).tiles == 3
    hand = counts("1234m56p789s11z23z")
    before = brute_force_shanten(hand)
    improving = []
    for kind in range(34):
        hand[kind] += 1
        if brute_force_shanten(hand) < before:
            improving.append(kind)
        hand[kind] -= 1
    assert ukeire(hand).kinds == improving
    assert parse_kinds("4p")[0] in improving
    assert parse_kinds("9s")[0] not in improving


def test_decompositions_list_every_reading():
    found = decompositions(counts("111222333m789p11s"))
    assert len(found) == 2
    assert all(d.pair == parse_kinds("1s")[0] for d in found)
    assert decompositions(counts("1133557799m1122p")) == []
