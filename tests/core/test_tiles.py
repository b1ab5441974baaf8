"""Tiles and their notations (issue 2: tiles, mpsz, mjai, tenhou.net/6, Unicode)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjongkit.errors import InvalidHandError, NotationError
from mahjongkit.tiles import (
    NUM_ALL_KINDS,
    Tile,
    counts_of,
    dora_after,
    format_tiles,
    from_mjai,
    from_tenhou6,
    from_unicode,
    kind_of_id,
    parse_kinds,
    parse_tiles,
    to_mjai,
    to_tenhou6,
    to_unicode,
)

plain_tiles = st.integers(0, NUM_ALL_KINDS - 1).map(Tile)
red_fives = st.sampled_from([4, 13, 22]).map(lambda k: Tile(k, red=True))
any_tile = st.one_of(plain_tiles, red_fives)


def test_kinds_follow_mpsz_order():
    assert parse_kinds("1m9m1p9p1s9s1z7z1f4f1g4g") == [0, 8, 9, 17, 18, 26, 27, 33, 34, 37, 38, 41]


def test_red_five_is_a_five_with_a_flag():
    (tile,) = parse_tiles("0p")
    assert tile == Tile(13, red=True)
    assert tile.kind == parse_tiles("5p")[0].kind
    assert str(tile) == "0p"


def test_spaces_between_groups_are_allowed():
    assert format_tiles(parse_tiles(" 123m  456p\t789s 1122z ")) == "123m456p789s1122z"


@given(st.lists(any_tile, max_size=20))
def test_mpsz_round_trip(tiles):
    assert parse_tiles(format_tiles(tiles)) == tiles


@given(any_tile)
def test_repr_builds_the_value(tile):
    assert eval(repr(tile), {"Tile": Tile}) == tile


@given(any_tile)
def test_mjai_round_trip(tile):
    assert from_mjai(to_mjai(tile)) == tile


def test_mjai_strings():
    assert [to_mjai(t) for t in parse_tiles("10m5z6z7z1z")] == ["1m", "5mr", "P", "F", "C", "E"]


@given(any_tile.filter(lambda t: t.kind < 34))
def test_tenhou6_round_trip(tile):
    assert from_tenhou6(to_tenhou6(tile)) == tile


def test_tenhou6_codes():
    assert [to_tenhou6(t) for t in parse_tiles("19m1p9s1z7z0m0p0s")] == [
        11,
        19,
        21,
        39,
        41,
        47,
        51,
        52,
        53,
    ]


@given(plain_tiles)
def test_unicode_round_trip(tile):
    assert from_unicode(to_unicode(tile)) == [tile]


def test_unicode_block_orders_differ_from_mpsz():
    # The block lists dragons red, green, white and suits characters, bamboo, circles.
    assert to_unicode(Tile.parse("5z")) == "\U0001f006"
    assert to_unicode(Tile.parse("6z")) == "\U0001f005"
    assert to_unicode(Tile.parse("7z")) == "\U0001f004\ufe0e"
    assert to_unicode(Tile.parse("1s")) == "\U0001f010"
    assert to_unicode(Tile.parse("1p")) == "\U0001f019"
    assert to_unicode(Tile.parse("3f")) == "\U0001f025"  # chrysanthemum
    assert to_unicode(Tile.parse("4f")) == "\U0001f024"  # bamboo


def test_physical_ids():
    assert kind_of_id(0) == 0
    assert kind_of_id(135) == 33
    assert kind_of_id(136) == 34
    assert kind_of_id(143) == 41
    assert Tile.from_id(16) == Tile(4, red=True)
    assert Tile.from_id(16, red_fives=False) == Tile(4)
    assert Tile.from_id(17) == Tile(4)


def test_dora_cycles_within_suit_winds_and_dragons():
    assert [dora_after(k) for k in parse_kinds("9m9p9s4z7z3z")] == parse_kinds("1m1p1s1z5z4z")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("123x", "unknown character 'x'"),
        ("123", "no suit letter"),
        ("m", "has no digits"),
        ("0z", "only m, p and s have a red five"),
        ("8z", "tiles 1-7 only"),
        ("5f", "tiles 1-4 only"),
        ("12 m", "no suit letter"),
        ("１m", "unknown character"),
    ],
)
def test_mpsz_garbage_is_a_notation_error(text, fragment):
    with pytest.raises(NotationError, match=fragment):
        parse_tiles(text)


@pytest.mark.parametrize("text", ["", "0m", "5", "5x", "10m", "E ", "5zr", "r"])
def test_mjai_garbage(text):
    with pytest.raises(NotationError, match="not an mjai tile"):
        from_mjai(text)


@pytest.mark.parametrize("code", [0, 10, 20, 48, 50, 54, 99, -11, "11", True])
def test_tenhou6_garbage(code):
    with pytest.raises(NotationError):
        from_tenhou6(code)


def test_unicode_garbage_names_the_character():
    with pytest.raises(NotationError, match=r"U\+0041"):
        from_unicode("\U0001f000A")


def test_tenhou6_has_no_bonus_tiles():
    with pytest.raises(NotationError, match="bonus"):
        to_tenhou6(Tile.parse("1f"))


def test_bad_values_are_refused():
    with pytest.raises(NotationError, match="only a five"):
        Tile(3, red=True)
    with pytest.raises(NotationError, match="out of range"):
        Tile(42)
    with pytest.raises(NotationError, match="out of range"):
        kind_of_id(144)
    with pytest.raises(NotationError, match="exactly one tile"):
        Tile.parse("12m")


def test_fifth_copy_is_named():
    with pytest.raises(InvalidHandError, match="fifth 7z"):
        counts_of(parse_kinds("77777z"))


def test_a_hand_keeps_its_counts_packed_whole_and_by_suit() -> None:
    """The scorers key their tables by these: each kind's count at 3 bits per kind, the same cut
    by suit, and the kinds of the red fives."""
    from mahjongkit.hand import Hand
    from mahjongkit.melds import MELD_KIND_INDEX, Meld, MeldKind

    hand = Hand.parse("1119m055p7s22z", ["pung:777z@W"])
    assert [hand.packed >> 3 * kind & 7 for kind in range(34)] == hand.counts
    assert hand.suit_keys == (
        3 | 1 << 24,  # 111m, 9m
        3 << 12,  # 0p (a red five) and 55p: three fives
        1 << 18,  # 7s
        2 << 3,  # 22z (the melded 777z is not concealed)
    )
    assert hand.red_kinds == 1 << 13
    assert Hand.parse("123m").red_kinds == 0
    assert hand.red_count == 1 and hand.size == 13
    # A red five in a meld counts as held (dora), not as concealed.
    melded_red = Hand.parse("0m11z", ["chow:406p@N", "pung:0s55s@W"])
    assert (melded_red.red_count, melded_red.red_kinds, melded_red.size) == (3, 1 << 4, 9)
    # Every tile held, melds included: the three 7z of the pung count, and a kong counts four.
    held = {kind: count for kind, count in enumerate(hand.held_counts) if count}
    assert held == {0: 3, 8: 1, 13: 3, 24: 1, 28: 2, 33: 3}
    kong = Hand.parse("19m19p19s12345z", ["kong:5555m@S"])
    assert kong.held_counts[4] == 4 and sum(kong.held_counts) == 15
    meld = Meld.parse("chow:345s@N")
    assert meld.code == MELD_KIND_INDEX[MeldKind.CHOW] * 64 + 20
    assert meld.code != Meld.parse("pung:333s@N").code
