"""The rules object: every row of RULES-riichi.md is an option, presets give the table's values,
options are overridable by name, and nonsense values are refused with a clear message."""

from __future__ import annotations

import dataclasses

import pytest

from mahjongkit.errors import NotationError
from mahjongkit.options import override
from mahjongkit.variants import find_variant
from mahjongkit.variants.riichi import VARIANT, RiichiRules

EMA = RiichiRules.ema2012()
EMA16 = RiichiRules.ema2016()
TENHOU = RiichiRules.tenhou()


def test_presets_are_registered_and_ema2012_is_the_default() -> None:
    variant = find_variant("riichi")
    assert variant is VARIANT
    assert list(variant.presets) == ["ema2012", "ema2016", "tenhou", "tenhou3"]
    assert variant.rules() == EMA
    assert variant.rules("tenhou") == TENHOU
    with pytest.raises(NotationError, match="ema2012, ema2016, tenhou"):
        variant.rules("mleague")


EMA_UMA = (15000, 5000, -5000, -15000)
PAO = ("daisangen", "daisuushii")

# Each row of RULES-riichi.md as (option, ema2012, ema2016, tenhou).
TABLE_ROWS = [
    ("red_fives", True, False, True),
    ("open_tanyao", False, True, True),
    ("swap_calling", True, False, False),
    ("two_han_minimum_counters", 5, None, None),
    ("counted_yakuman", "yakuman", "sanbaiman", "yakuman"),
    ("double_yakuman", ("daisuushii",), (), ()),
    ("yakuman_stacking", False, False, True),
    ("renhou", "yakuman", "mangan", "none"),
    ("nagashi_mangan", True, False, True),
    (
        "abortive_draws",
        ("nine_terminals", "four_winds", "four_riichi", "four_kongs"),
        (),
        ("nine_terminals", "four_winds", "four_riichi", "four_kongs", "triple_ron"),
    ),
    ("max_ron_winners", None, None, 2),
    ("multiple_ron_bonus", "each_winner", "each_winner", "first_winner"),
    ("kiriage_mangan", False, False, False),
    ("temporary_furiten_ends", "draw_or_any_call", "draw_or_own_claim", "own_discard"),
    ("kan_dora_timing", "immediate", "immediate", "after_discard_if_open"),
    ("thirteen_orphans_rob_concealed_kong", True, True, False),
    ("starting_points", 30000, 30000, 25000),
    ("return_points", 30000, 30000, 30000),
    ("uma", EMA_UMA, EMA_UMA, (20000, 10000, -10000, -20000)),
    ("bust", False, False, True),
    ("extension", False, False, True),
    ("agari_yame", False, False, True),
    ("tenpai_yame", False, False, True),  # Tenhou since June 2010
    ("honba_value", 300, 300, 300),
    ("honba_per_payer", 100, 100, 100),
    ("liability_yakuman", PAO, PAO, PAO),
    ("liability_ron", "split", "split", "split"),
    ("leftover_deposits", "winner", "winner", "first_place"),
    ("double_wind_pair_fu", 4, 4, 4),
    ("open_pinfu_fu", True, True, True),
    ("players", 4, 4, 4),
]  # fmt: skip


@pytest.mark.parametrize(("option", "ema2012", "ema2016", "tenhou"), TABLE_ROWS)
def test_every_rules_row_is_an_option_with_the_preset_values(
    option: str, ema2012: object, ema2016: object, tenhou: object
) -> None:
    assert (getattr(EMA, option), getattr(EMA16, option), getattr(TENHOU, option)) == (
        ema2012,
        ema2016,
        tenhou,
    )


def test_oka_follows_the_start_and_return_points() -> None:
    assert EMA.oka == 0 and TENHOU.oka == 20000


def test_options_are_overridden_by_name_from_text() -> None:
    rules = override(EMA, ["open_tanyao=yes", "double_yakuman=", "renhou=none", "players=3",
                           "uma=15000,0,-15000"])  # fmt: skip
    assert rules.open_tanyao and rules.double_yakuman == () and rules.renhou == "none"
    assert rules.players == 3 and rules.uma == (15000, 0, -15000)
    with pytest.raises(NotationError, match="renhou"):
        override(EMA, ["renhou=sometimes"])
    with pytest.raises(NotationError, match="unknown option"):
        override(EMA, ["kuitan=yes"])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": 5}, "the players option is a whole number from 3 to 4, not 5"),
        ({"players": 3}, "uma has 4 entries for 3 players"),
        ({"double_wind_pair_fu": 3}, "the double_wind_pair_fu option is one of 2, 4, not 3"),
        ({"max_ron_winners": 4}, "the max_ron_winners option is a whole number from 1 to 3"),
        (
            {"max_ron_winners": 3, "players": 3, "uma": (1, 0, -1)},
            r"max_ron_winners option is from 1 to 2 with 3 players, not 3",
        ),
        ({"honba_value": 10**5000}, "from 0 to 10000, not a number of 10 digits or more"),
        ({"uma": (15000, 5000, -5000, 10**7)}, "each entry of the uma option is a whole number"),
        ({"abortive_draws": ("four_winds", "five_winds")}, "each entry of the abortive_draws"),
    ],
)
def test_impossible_option_values_are_refused(change: dict[str, object], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        dataclasses.replace(EMA, **change)  # type: ignore[arg-type]


def test_rules_are_hashable_values() -> None:
    assert hash(RiichiRules.tenhou()) == hash(TENHOU)
    assert RiichiRules.tenhou() == TENHOU != EMA
