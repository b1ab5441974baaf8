"""Hong Kong options, presets, garbage input and the command line (issue 4, items 1 and 8)."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import replace

import pytest

from mahjongkit.cli import main
from mahjongkit.errors import NotationError
from mahjongkit.hand import Hand
from mahjongkit.options import override
from mahjongkit.scoring import Win
from mahjongkit.tiles import Tile
from mahjongkit.variants import find_variant
from mahjongkit.variants.hongkong import HongKongRules, score
from tests.helpers.wins import cli_arguments, win_from_cli

# --- options and presets -----------------------------------------------------------------------


def test_rules_hongkong_8_old_style_is_table_a():
    rules = find_variant("hongkong").rules()
    assert rules == HongKongRules.old_style()
    assert (rules.min_fan, rules.limit, rules.payment_system, rules.base_table) == (
        3,
        13,
        "full",
        "half_spicy",
    )
    assert not rules.bonus_counts_toward_minimum and not rules.seven_pairs
    assert not rules.multiple_winners
    assert rules.dealer_repeats_on_win and rules.dealer_repeats_on_draw
    assert (rules.small_four_winds_fan, rules.all_concealed_pungs_fan) == (6, 8)
    assert (rules.all_honours_fan, rules.big_three_dragons_fan, rules.eight_bonus_tiles_fan) == (
        10,
        8,
        8,
    )
    assert rules.small_three_dragons_includes_dragon_pungs and rules.twelve_tiles_liability
    assert rules.nine_gates_strict and rules.rob_kong_payment == "discarder"


def test_presets_and_languages():
    variant = find_variant("hongkong")
    assert next(iter(variant.presets)) == "old_style"
    assert variant.rules("table_b").small_four_winds_limit
    assert variant.rules("half_liability").payment_system == "half"
    assert not variant.rules("no_flowers").flowers
    assert variant.languages[0] == "en" and set(variant.languages) == {"en", "zh", "fr", "es"}
    with pytest.raises(NotationError, match="unknown rules preset"):
        variant.rules("modern")


def test_table_flow_options_are_named_for_the_engine():
    """The engine reads these by name (multiple winners, dealer repeats, robbing, flowers)."""
    names = {field.name for field in dataclasses.fields(HongKongRules)}
    assert {
        "players",
        "flowers",
        "min_fan",
        "multiple_winners",
        "dealer_repeats_on_win",
        "dealer_repeats_on_draw",
        "thirteen_orphans_rob_concealed_kong",
        "bonus_tile_win",
        "seven_pairs",
    } <= names
    assert override(HongKongRules(), ["multiple_winners=true"]).multiple_winners
    assert not override(HongKongRules(), ["dealer_repeats_on_draw=no"]).dealer_repeats_on_draw


@pytest.mark.parametrize(
    ("assignment", "fragment"),
    [
        ("min_fan=14", "is above the limit option"),
        ("limit=0", "the limit option is a whole number from 1 to 100, not 0"),
        ("limit=101", "the limit option is a whole number from 1 to 100, not 101"),
        ("min_fan=-1", "the min_fan option is a whole number from 0 to 100, not -1"),
        ("last_tile_fan=-2", "the last_tile_fan option is a whole number from 0 to 100, not -2"),
        ("all_honours_fan=100000", "from 0 to 100, not 100000"),
        ("players=3", "the players option can only be 4 at this table, not 3"),
        ("payment_system=quarter", "one of full, half"),
        ("base_table=spicy", "half_spicy"),
        ("earthly_hand=sometimes", "dealer_discard"),
        ("small_four_winds_limit=maybe", "true or false"),
        ("limit=thirteen", "integer"),
        ("no_such_option=1", "unknown option"),
    ],
)
def test_bad_options_are_clear_errors(assignment, fragment):
    with pytest.raises(NotationError, match=fragment):
        override(HongKongRules(), [assignment])


# --- garbage into score() ----------------------------------------------------------------------

GOOD = "123s789s234s22z pung:555s@E win=4s from=E seat=S flowers=3f"


def good_win() -> Win:
    return win_from_cli(cli_arguments(GOOD), "hongkong").win


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"seat": 4}, "not a seat"),
        ({"round_wind": -1}, "not a seat"),
        ({"win_tile": Tile.parse("9m")}, "9m is not among the concealed tiles"),
        ({"win_tile": Tile.parse("1f")}, "bonus tile"),
        ({"flowers": (Tile.parse("1m"),)}, "1m is not a bonus tile"),
        ({"flowers": (Tile.parse("1f"), Tile.parse("1f"))}, "1f is listed twice"),
        ({"from_seat": None}, "needs the discarder"),
        ({"from_seat": 1}, "another player's seat"),
        ({"from_seat": 7}, "another player's seat"),
        ({"self_draw": True}, "no discarder"),
        ({"after_kong": True}, "self-draw (H-14)"),
        ({"self_draw": True, "from_seat": None, "after_kong": True}, "1 declared kong"),
        ({"robbing_kong": True, "self_draw": True, "from_seat": None}, "H-13"),
        ({"first_turn": True}, "before any call"),
        ({"liable_seat": 1}, "liable seat"),
        ({"hand": Hand.parse("123s789s234s2z", ["pung:555s@E"])}, "14 tiles"),
        ({"hand": Hand.parse("123s789s234s22z", ["pung:555s@S"])}, "winner's own seat"),
        ({"hand": Hand.parse("789s234s22z", ["pung:555s@E", "chow:123s@W"])}, "H-04"),
    ],
)
def test_impossible_wins_are_invalid_hand_with_a_reason(change, fragment):
    result = score(replace(good_win(), **change), HongKongRules())
    assert not result.valid
    assert result.error.code == "invalid_hand"
    assert fragment in result.error.message
    assert result.to_json()["payments"] == {}
    # The reason in words of the page, the code only in the JSON.
    explained = result.explain("zh")
    assert "手牌不合法" in explained and "invalid_hand" not in explained


def test_h14_a_second_kong_win_needs_two_kongs():
    words = "123m456p789p5m5m concealed-kong:1111s win=5m tsumo second_kong seat=S"
    win = win_from_cli(cli_arguments(words), "hongkong").win
    result = score(win, HongKongRules())
    assert result.error.code == "invalid_hand" and "2 declared kong(s)" in result.error.message


def test_incomplete_tiles_are_not_complete():
    win = win_from_cli(cli_arguments("123m456p789s234s59m win=9m from=E seat=S"), "hongkong").win
    result = score(win, HongKongRules())
    assert result.error.code == "not_complete"
    assert "12359m456p234789s" in result.error.message
    assert "seven pairs" not in result.error.message


def test_wrong_argument_types_raise_clear_type_errors():
    with pytest.raises(TypeError, match="HongKongRules"):
        score(good_win(), object())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a Win"):
        score("123m", HongKongRules())  # type: ignore[arg-type]


def test_the_example_syntax_rejects_garbage():
    with pytest.raises(NotationError):
        win_from_cli("123x --win 4s", "hongkong")
    with pytest.raises(NotationError):
        win_from_cli("123m456p789s234s55m --win 4s --seat Q", "hongkong")


# --- the command line ----------------------------------------------------------------------------


def run(capsys, *argv):
    code = main(["score", *argv, "--variant", "hongkong"])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_json_of_a_self_draw_on_a_kong_replacement(capsys):
    code, out, err = run(
        capsys,
        "123m456p789p55m",
        "--meld",
        "concealed-kong:1111s",
        "--win",
        "5m",
        "--tsumo",
        "--after-kong",
        "--seat",
        "S",
        "--flowers",
        "2f",
        "--json",
    )
    result = json.loads(out)
    assert (code, err) == (0, "")
    assert result["fan"] == 4 and result["raw_fan"] == 4 and result["cap"] == 13
    assert "han" not in result and "fu" not in result
    assert [p["id"] for p in result["patterns"]] == [
        "kong_replacement",
        "concealed_hand",
        "seat_flower",
    ]
    assert result["payments"] == {"E": -16, "S": 48, "W": -16, "N": -16}
    assert result["replaced"] == [{"id": "self_draw", "by": "kong_replacement"}]
    assert result["base_amount"] == 16 and result["fan_toward_minimum"] == 3


def test_h11_cli_below_minimum_exits_1_and_names_the_patterns(capsys):
    code, out, _ = run(
        capsys, "123m456p789s234s55m", "--win", "4s", "--from", "E", "--seat", "S", "--json"
    )
    result = json.loads(out)
    assert code == 1
    assert result["error"]["code"] == "below_minimum_fan"
    assert [p["id"] for p in result["patterns"]] == ["common_hand", "concealed_hand", "no_flowers"]
    assert result["payments"] == {}


def test_cli_options_second_kong_and_chinese(capsys):
    code, out, _ = run(
        capsys,
        "123m789p55m",
        "--meld",
        "concealed-kong:1111s",
        "--meld",
        "concealed-kong:2222s",
        "--win",
        "5m",
        "--tsumo",
        "--second-kong",
        "--seat",
        "S",
        "--option",
        "double_kong_replacement_fan=8",
        "--lang",
        "zh",
    )
    assert code == 0
    assert "槓上槓：8 番" in out and "合計：10 番" in out and "分數：384" in out
    assert "北 → 南：128（自摸）" in out


def test_cli_robbing_and_first_turn(capsys):
    code, out, _ = run(
        capsys, "123s789s234s22z", "--meld", "pung:555s@E", "--win", "4s", "--from", "W",
        "--robbing-kong", "--seat", "S", "--flowers", "3f", "--json",
    )  # fmt: skip
    assert code == 0 and json.loads(out)["payments"] == {"E": 0, "S": 32, "W": -32, "N": 0}
    code, out, _ = run(
        capsys, "123m456p789s234s55m", "--win", "4s", "--tsumo", "--first-turn", "--json"
    )
    result = json.loads(out)
    assert code == 0 and result["limit_id"] == "limit_hand"
    assert result["payments"] == {"E": 1152, "S": -384, "W": -384, "N": -384}


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (("--option", "small_four_winds=6"), "unknown option"),
        (("--option", "limit=ten"), "integer"),
        (("--lang", "ja"), "hongkong speaks"),
        (("--flowers", "9f"), "9f"),
        (("--rules", "modern"), "unknown rules preset"),
    ],
)
def test_cli_bad_input_exits_2(capsys, argv, fragment):
    code, out, err = run(capsys, "123m456p789s234s55m", "--win", "4s", "--tsumo", *argv)
    assert code == 2 and out == ""
    assert fragment in err and "Traceback" not in err


def test_cli_flowers_at_a_table_without_flowers(capsys):
    code, out, err = run(
        capsys, "123m456p789s234s55m", "--win", "4s", "--tsumo", "--flowers", "1f,2g",
        "--rules", "no_flowers",
    )  # fmt: skip
    assert code == 2 and out == "" and "flowers=false" in err


# --- every fan-valued option, on both sides -------------------------------------------------------


def _fan_options():
    from mahjongkit.variants.hongkong.fan import describe_table

    return [
        (row["option"], row["id"], row["example"])
        for row in describe_table(HongKongRules.old_style())
        if row["option"]
    ]


@pytest.mark.parametrize(("option", "row_id", "example"), _fan_options())
def test_rules_hongkong_8_each_fan_option_changes_its_pattern_on_both_sides(
    option, row_id, example
):
    """§8: each disputed value is an option; the pattern's example is scored under the default
    and under another value, and the pattern's fan follows the option both ways."""

    built = win_from_cli(example, "hongkong", "min_fan=0")
    win, base = built.win, built.rules
    default = getattr(base, option)
    other = default - 1 if default > 1 else default + 1
    values = {}
    for value in (default, other):
        result = score(win, replace(base, **{option: value}))
        assert result.valid, result.error
        hits = {p.id: p.value for p in result.patterns}
        values[value] = hits[row_id]
    assert values == {default: default, other: other}
