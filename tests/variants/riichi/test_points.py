"""Points: limits, dealer and non-dealer, ron and self-draw, counters, deposits, liability (R-48),
nagashi mangan (R-33), three players; and the options that change them."""

from __future__ import annotations

import dataclasses

import pytest

from mahjongkit.variants.riichi import (
    MANGAN,
    basic_points,
    nagashi_mangan_payments,
    payments_for,
    total_points,
)
from tests.helpers.riichi import EMA, EMA16, TENHOU, scored, yaku


@pytest.mark.parametrize(
    ("han", "fu", "basic", "limit"),
    [
        (1, 30, 240, None),
        (3, 60, 1920, None),
        (3, 70, 2000, "mangan"),
        (4, 30, 1920, None),
        (4, 40, 2000, "mangan"),
        (5, 20, 2000, "mangan"),
        (6, 30, 3000, "haneman"),
        (7, 30, 3000, "haneman"),
        (8, 30, 4000, "baiman"),
        (10, 30, 4000, "baiman"),
        (11, 30, 6000, "sanbaiman"),
        (12, 30, 6000, "sanbaiman"),
        (13, 30, 8000, "counted_yakuman"),
        (26, 30, 8000, "counted_yakuman"),
    ],
)
def test_basic_points_and_limits(han: int, fu: int, basic: int, limit: str | None) -> None:
    """Scoring basics: fu x 2^(2+han), mangan from 5 han (4 han 40 fu, 3 han 70 fu) up."""
    assert basic_points(han, fu, 0, TENHOU) == (basic, limit)


def test_r03_counted_yakuman_per_preset() -> None:
    """R-03 / RULES-riichi.md: ema2012 and tenhou one yakuman, ema2016 sanbaiman."""
    assert basic_points(15, 40, 0, EMA) == (8000, "counted_yakuman")
    assert basic_points(15, 40, 0, EMA16) == (6000, "sanbaiman")
    multiple = dataclasses.replace(TENHOU, counted_yakuman="multiple")
    assert basic_points(26, 40, 0, multiple) == (16000, "double_yakuman")
    assert basic_points(25, 40, 0, multiple) == (8000, "counted_yakuman")


def test_kiriage_mangan_is_an_option() -> None:
    kiriage = dataclasses.replace(TENHOU, kiriage_mangan=True)
    assert basic_points(4, 30, 0, TENHOU) == (1920, None)
    assert basic_points(4, 30, 0, kiriage) == (MANGAN, "mangan")
    assert basic_points(3, 60, 0, kiriage) == (MANGAN, "mangan")
    assert basic_points(3, 50, 0, kiriage) == (1600, None)


def test_yakuman_multiples() -> None:
    assert basic_points(0, 0, 1, TENHOU) == (8000, "yakuman")
    assert basic_points(0, 0, 3, TENHOU) == (24000, "triple_yakuman")
    assert basic_points(0, 0, 5, TENHOU) == (40000, "yakuman_x5")


@pytest.mark.parametrize(
    ("basic", "dealer", "tsumo", "points"),
    [
        (240, False, False, 1000),  # 1 han 30 fu
        (240, True, False, 1500),
        (240, False, True, 1100),  # 300 / 500
        (240, True, True, 1500),  # 500 all
        (960, False, False, 3900),
        (960, True, False, 5800),
        (960, False, True, 4000),  # 1000 / 2000
        (2000, False, True, 8000),
        (8000, True, False, 48000),
    ],
)
def test_ron_and_self_draw_totals(basic: int, dealer: bool, tsumo: bool, points: int) -> None:
    """Ron 4x (dealer 6x); self-draw 1x from each non-dealer and 2x from the dealer, each
    rounded up to 100."""
    assert total_points(basic, dealer, tsumo) == points


def test_self_draw_split_counters_and_deposits() -> None:
    paid = payments_for(480, 2, True, None, EMA, honba=2, deposits=1)
    assert paid.points == 2000
    assert dict(paid.deltas) == {0: -1200, 1: -700, 3: -700, 2: 3600}
    assert [(line.payer, line.amount, line.reason) for line in paid.lines] == [
        (0, 1000, "tsumo"),
        (1, 500, "tsumo"),
        (3, 500, "tsumo"),
        (0, 200, "counters"),
        (1, 200, "counters"),
        (3, 200, "counters"),
    ]


def test_ron_counters_from_the_discarder() -> None:
    paid = payments_for(480, 2, False, 1, EMA, honba=3)
    assert dict(paid.deltas) == {1: -2900, 2: 2900}
    assert paid.points == 2000


def test_payments_sum_to_zero_less_the_deposits() -> None:
    for tsumo in (True, False):
        for winner in range(4):
            paid = payments_for(1920, winner, tsumo, (winner + 1) % 4, EMA, honba=1, deposits=2)
            assert sum(paid.deltas.values()) == 2 * EMA.riichi_deposit


def test_r48_liability_self_draw_the_liable_player_pays_all() -> None:
    paid = payments_for(8000, 1, True, None, EMA, honba=1, liable_seat=3, liable_basic=8000)
    assert dict(paid.deltas) == {3: -32300, 1: 32300}


def test_r48_liability_on_a_discard_is_split_with_the_discarder() -> None:
    paid = payments_for(8000, 1, False, 2, EMA, honba=1, liable_seat=3, liable_basic=8000)
    assert dict(paid.deltas) == {2: -16000, 3: -16300, 1: 32300}
    discarder = dataclasses.replace(EMA, liability_counters="discarder")
    paid = payments_for(8000, 1, False, 2, discarder, honba=1, liable_seat=3, liable_basic=8000)
    assert dict(paid.deltas) == {2: -16300, 3: -16000, 1: 32300}
    alone = dataclasses.replace(EMA, liability_ron="discarder")
    paid = payments_for(8000, 1, False, 2, alone, liable_seat=3, liable_basic=8000)
    assert dict(paid.deltas) == {2: -32000, 1: 32000}


def test_r48_liability_only_covers_the_liable_yakuman() -> None:
    """All Honours and Big Three Dragons stacked (tenhou): the liable seat pays one of them."""
    paid = payments_for(16000, 1, True, None, TENHOU, liable_seat=3, liable_basic=8000)
    assert dict(paid.deltas) == {0: -16000, 2: -8000, 3: -40000, 1: 64000}


def test_r48_liability_through_the_scorer() -> None:
    win_melds = ("pung:555z@N", "pung:666z@S", "pung:777z@N")
    result = scored("234m55m", "5m", melds=win_melds, discarder="S", liable_seat=0)
    assert dict(result.payments) == {1: -16000, 0: -16000, 2: 32000}
    assert {line.reason for line in result.lines} == {"ron", "liability"}
    drawn = scored("234m55m", "5m", melds=win_melds, tsumo=True, liable_seat=0)
    assert dict(drawn.payments) == {0: -32000, 2: 32000}
    # A liable seat on a hand without a liability yakuman changes nothing.
    plain = scored("234m55m", "5m", melds=("pung:555z@N", "chi:678p@S", "pung:777z@N"),
                   discarder="S", liable_seat=0)  # fmt: skip
    assert set(plain.payments) == {1, 2}


def test_r33_nagashi_mangan_is_paid_as_a_self_drawn_mangan() -> None:
    assert dict(nagashi_mangan_payments(2, EMA).deltas) == {0: -4000, 1: -2000, 3: -2000, 2: 8000}
    dealer = nagashi_mangan_payments(0, EMA, honba=1, deposits=2)
    assert dict(dealer.deltas) == {1: -4100, 2: -4100, 3: -4100, 0: 14300}
    assert {line.reason for line in dealer.lines} == {"nagashi_mangan", "counters"}


def test_three_players_self_draw_has_two_payers() -> None:
    three = dataclasses.replace(TENHOU, players=3, uma=(15000, 0, -15000))
    paid = payments_for(2000, 1, True, None, three)
    assert dict(paid.deltas) == {0: -4000, 2: -2000, 1: 6000}
    assert total_points(2000, False, True, players=3) == 6000
    result = scored("123m456p789s22444z", "3m", three, seat="S", tsumo=True, riichi=True)
    assert set(result.payments) == {0, 1, 2}
    assert 3 not in result.payments
    fourth = scored("123m456p789s22444z", "3m", three, seat="N", tsumo=True, riichi=True)
    assert fourth.error is not None and "3 players" in fourth.error.message
    # Without 2m-8m, the dora after a 1m indicator is the 9m.
    nines = ("111999m456p22444z", "6p")
    assert "dora" not in yaku(scored(*nines, TENHOU, riichi=True, dora="1m"))
    assert yaku(scored(*nines, three, riichi=True, dora="1m"))["dora"] == 3


def test_three_players_north_tiles_set_aside_are_shown_as_such() -> None:
    """Kita: each North tile set aside is a han on its own line (North set aside, not a plain
    dora), and counts as a held North for the indicators: one more dora for an indicator
    showing North (West), dora or ura (Tenhou's three-player rules: its records agree, see
    test_riichi_conformance). Only three players set North aside, and only four exist."""
    three = dataclasses.replace(TENHOU, players=3, uma=(15000, 0, -15000))
    hand = ("123m456p789s22666z", "3m")
    plain = scored(*hand, three, seat="S", tsumo=True, riichi=True, nukidora=2)
    assert yaku(plain)["nukidora"] == 2 and "dora" not in yaku(plain)
    assert "ura_dora" not in yaku(plain)
    assert "North tile set aside (kita) ×2: 2 han" in plain.explain()
    assert "Dora" not in plain.explain()
    assert "Nord mis de côté (kita) ×2 : 2 han" in plain.explain("fr")
    assert "抜きドラ ×2: 2 翻" in plain.explain("ja")
    west = scored(*hand, three, seat="S", tsumo=True, riichi=True, nukidora=2, dora="3z", ura="3z")
    assert (yaku(west)["nukidora"], yaku(west)["dora"], yaku(west)["ura_dora"]) == (2, 2, 2)
    assert west.value == 9 == sum(yaku(west).values())  # riichi, tsumo, hatsu: 3 of yaku
    assert west.extra["nukidora"] == 2 and west.to_json()["nukidora"] == 2
    lines = [p["id"] for p in west.to_json()["patterns"]]
    assert lines[-1] == "nukidora" and lines.count("nukidora") == 1
    assert "nukidora" not in scored(*hand, three, seat="S", tsumo=True, riichi=True).extra
    no_riichi = scored(*hand, three, seat="S", tsumo=True, nukidora=1, dora="3z", ura="3z")
    assert yaku(no_riichi) == {"menzen_tsumo": 1, "hatsu": 1, "dora": 1, "nukidora": 1}
    for rules, nukidora, fragment in (
        (TENHOU, 1, "only three-player"),
        (three, -1, "0 or more"),
        (three, "two", "a whole number"),
    ):
        refused = scored(*hand, rules, seat="S", tsumo=True, riichi=True, nukidora=nukidora)
        assert refused.error is not None and refused.error.code == "invalid_hand"
        assert fragment in refused.error.message
    held = scored("123m456p789s22444z", "3m", three, seat="S", tsumo=True, nukidora=2)
    assert held.error is not None and "2 North tile(s) set aside and 3 held" in held.error.message


def test_the_points_field_excludes_counters_and_deposits() -> None:
    result = scored("123m456p789s22444z", "3m", riichi=True, honba=2, deposits=3)
    assert result.points == 1300  # 1 han 40 fu
    assert dict(result.payments) == {1: -1900, 2: 4900}


def test_ema2012_needs_two_han_of_yaku_from_five_counters() -> None:
    one_han = ("123m456p789s22444z", "3m")
    result = scored(*one_han, riichi=True, honba=5, dora="1m")
    assert result.error is not None and result.error.code == "below_minimum_han"
    assert "5 counters" in result.error.message
    assert scored(*one_han, riichi=True, honba=4).valid
    assert scored(*one_han, EMA16, riichi=True, honba=5).valid
    assert scored(*one_han, riichi=True, ippatsu=True, honba=5).valid
