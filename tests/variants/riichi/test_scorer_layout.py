"""The Riichi scorer's modules: the search's positional tuples, typed errors."""

from __future__ import annotations

import dataclasses

import pytest

from mahjongkit.errors import InvalidHandError
from mahjongkit.hand import Hand
from mahjongkit.scoring import Win
from mahjongkit.tiles import Tile
from mahjongkit.variants.riichi import (
    RiichiRules,
    compiled,
    payments_for,
    score,
    search,
)


def test_the_search_tables_keep_the_order_the_search_reads_them_in() -> None:
    # The search (readings.py, compiled) reads Compiled.hot by position, in this order.
    assert compiled.SearchTables._fields == (
        "red_fives",
        "dora_of",
        "ura_dora",
        "seat_tables",
        "situations",
        "threshold",
        "candidates_table",
        "points_table",
        "players",
        "pattern_table",
        "settlement_table",
        "ids_table",
        "points_direct",
    )


def test_hot_tuple_is_the_search_tables_as_a_plain_tuple() -> None:
    table = compiled.compile_rules(RiichiRules.tenhou())
    assert type(table.hot) is tuple
    assert table.tables is not None
    assert table.hot == tuple(table.tables)
    assert table.tables.red_fives is True
    assert table.tables.candidates_table is table.candidates


def test_reading_indices_name_the_fields_the_search_puts_there() -> None:
    hand = Hand.parse("234m456p678s44555z")
    win = Win(hand, Tile.parse("5z"), self_draw=True, seat=1, dora_indicators=(Tile.parse("3z"),))
    raw = search.best_reading(win, compiled.compile_rules(RiichiRules.ema2012()), None)
    assert raw is not None
    reading = search.named(raw, hand)
    for name in ("mask", "basic", "yakuman", "han", "fu", "limit", "parts"):
        index = getattr(search, "R_" + name.upper())
        assert reading._fields[index] == name
    assert (raw[search.R_HAN], raw[search.R_FU], raw[search.R_BASIC]) == (4, 30, 1920)
    assert raw[: search.R_PATTERN_KEY_END] == reading[:5]
    assert reading._fields[search.R_PATTERN_KEY_END - 1] == "concealed"
    assert score(win, RiichiRules.ema2012()).points == 7900


def test_payments_for_a_discard_win_without_a_discarder_is_a_typed_error() -> None:
    with pytest.raises(InvalidHandError, match="from_seat is None for winner 2") as caught:
        payments_for(960, 2, False, None, RiichiRules.ema2012())
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("winner", "from_seat", "message"),
    [
        (4, 1, "winner seat 4 does not exist with 4 players"),
        (-1, 1, "winner seat -1 does not exist"),
        (1, 1, "discarder seat 1 cannot pay winner 1"),
        (1, 4, "discarder seat 4 cannot pay winner 1"),
    ],
)
def test_payments_for_seats_that_cannot_pay_are_typed_errors(
    winner: int, from_seat: int, message: str
) -> None:
    with pytest.raises(InvalidHandError, match=message):
        payments_for(960, winner, False, from_seat, RiichiRules.ema2012())


def test_payments_for_three_players_has_no_fourth_seat() -> None:
    three = dataclasses.replace(RiichiRules.tenhou(), players=3, uma=(15000, 0, -15000))
    with pytest.raises(InvalidHandError, match=r"discarder seat 3 .* among 0\.\.2"):
        payments_for(960, 1, False, 3, three)
    assert payments_for(960, 1, False, 2, three).deltas == {2: -3900, 1: 3900}


def test_points_below_a_yakuman_are_kept_by_han_and_fu_as_the_memo_keeps_them() -> None:
    # R-02 (yaku cumulative: 4 han here), R-08: the list the search reads by
    # han * DIRECT_FU + fu holds what the points memo holds under han << 16 | fu << 8, never
    # another cell's value.
    rules = RiichiRules.ema2012()
    table = compiled.compile_rules(rules)
    win = Win(
        Hand.parse("234m456p678s44555z"),
        Tile.parse("5z"),
        self_draw=True,
        seat=1,
        dora_indicators=(Tile.parse("3z"),),
    )
    result = score(win, rules)
    assert (result.value, result.fu, result.points) == (4, 30, 7900)
    assert table.points_direct[4 * compiled.DIRECT_FU + 30] is table.points[4 << 16 | 30 << 8]
    kept = 0
    for index, found in enumerate(table.points_direct):
        if found is not None:
            han, fu = divmod(index, compiled.DIRECT_FU)
            assert found == table.basic(han << 16 | fu << 8), (han, fu)
            kept += 1
    assert kept >= 1
    assert len(table.points_direct) == compiled.DIRECT_HAN * compiled.DIRECT_FU


def test_a_search_kept_for_the_next_win_starts_afresh_and_lets_its_win_go() -> None:
    # R-02, R-05 (riichi is a yaku; without it this hand has none): each win gets its own
    # best reading, whatever the win scored before it.
    from mahjongkit.variants.riichi import readings, scorer

    rules = RiichiRules.ema2012()
    big = Win(
        Hand.parse("234m456p678s44555z"),
        Tile.parse("5z"),
        self_draw=True,
        seat=1,
        dora_indicators=(Tile.parse("3z"),),
    )
    small = Win(Hand.parse("123m456p789s22444z"), Tile.parse("1m"), seat=2, riichi=True)
    open_hand = Win(Hand.parse("123m456p789s22444z"), Tile.parse("1m"), seat=2)
    for first, second, points in ((big, small, 1300), (small, big, 7900), (big, open_hand, 0)):
        score(first, rules)
        assert scorer.points(second, rules) == points
        assert (score(second, rules).points if points else 0) == points
    assert not score(open_hand, rules).valid
    spare = readings._SPARE.search
    assert spare is not None
    assert spare.win is None and spare.compiled is None and spare.tried is None
