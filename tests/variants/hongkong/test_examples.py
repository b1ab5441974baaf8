"""Every worked example of ``data/hongkong/examples.jsonl``: fan, payments, and the other side of
each disputed value (issue 4, item 9; H-09…H-16)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from mahjongkit.hand import Hand
from mahjongkit.melds import Meld, MeldKind, parse_seat
from mahjongkit.options import override
from mahjongkit.scoring import Win
from mahjongkit.tiles import Tile, parse_tiles
from mahjongkit.variants.hongkong import HongKongRules, score
from tests.helpers.paths import DATA

EXAMPLES_FILE = DATA / "hongkong" / "examples.jsonl"
EXAMPLES = [json.loads(line) for line in EXAMPLES_FILE.read_text().splitlines() if line.strip()]
BY_ID = {example["id"]: example for example in EXAMPLES}

MELD_KINDS = {
    "chow": MeldKind.CHOW,
    "pung": MeldKind.PUNG,
    "exposed_kong": MeldKind.KONG,
    "added_kong": MeldKind.ADDED_KONG,
    "concealed_kong": MeldKind.CONCEALED_KONG,
}
# The examples name patterns "<Chinese> <English>"; the Chinese name identifies the row.
PATTERN_IDS = {
    "混一色": "mixed_one_suit",
    "清一色": "pure_one_suit",
    "自摸": "self_draw",
    "平糊": "common_hand",
    "門前清": "concealed_hand",
    "無花": "no_flowers",
    "小三元": "small_three_dragons",
    "大三元": "big_three_dragons",
    "大四喜": "big_four_winds",
    "小四喜": "small_four_winds",
    "槓上開花": "kong_replacement",
    "槓上槓": "double_kong_replacement",
    "海底撈月": "last_tile",
    "對對糊": "all_pungs",
    "一台花": "flower_set",
    "九子連環": "nine_gates",
    "十八羅漢": "all_kongs",
    "三元牌": "dragon_pung",
}
# The options the examples name, in this library's words.
RULE_NAMES = {
    "min_fan": "min_fan",
    "limit": "limit",
    "bonus_tiles_count_toward_minimum": "bonus_counts_toward_minimum",
}


def bonus_tiles(text: str) -> tuple[Tile, ...]:
    """``F1 S2`` -> flowers 1f and seasons 2g."""
    letters = {"F": "f", "S": "g"}
    return tuple(Tile.parse(word[1] + letters[word[0]]) for word in text.split())


def win_of(example: dict) -> Win:
    melds = tuple(
        Meld(
            MELD_KINDS[meld["type"]],
            tuple(parse_tiles(meld["tiles"])),
            parse_seat(meld["from"]) if meld.get("from") else None,
        )
        for meld in example["melds"]
    )
    how = example["how_won"]
    self_draw = how in (
        "self_draw",
        "kong_replacement",
        "double_kong_replacement",
        "last_tile_draw",
    )
    tile = Tile.parse(example["winning_tile"])
    return Win(
        hand=Hand((*parse_tiles(example["concealed"]), tile), melds),
        win_tile=tile,
        self_draw=self_draw,
        seat=parse_seat(example["winner"]),
        from_seat=None if self_draw else parse_seat(example["discarder"]),
        round_wind=parse_seat(example["round_wind"]),
        after_kong=how in ("kong_replacement", "double_kong_replacement"),
        second_kong=how == "double_kong_replacement",
        robbing_kong=how == "robbing_kong",
        last_tile=how.startswith("last_tile"),
        flowers=bonus_tiles(example["bonus_tiles"]),
    )


def rules_of(example: dict, *changes: str) -> HongKongRules:
    named = [
        f"{RULE_NAMES[key]}={value}" for key, value in example["rules"].items() if key in RULE_NAMES
    ]
    return override(HongKongRules.old_style(), [*named, *changes])


def expected_patterns(example: dict) -> Counter[tuple[str, int]]:
    """(id, fan) of each expected pattern, repeated patterns (two dragon pungs) summed."""
    totals: Counter[str] = Counter()
    for pattern in example["patterns"]:
        chinese, *rest = pattern["name"].split()
        if chinese == "正花":
            pattern_id = "seat_season" if rest[0].startswith("S") else "seat_flower"
        else:
            pattern_id = PATTERN_IDS[chinese]
        totals[pattern_id] += pattern["fan"]
    return Counter({(pattern_id, fan) for pattern_id, fan in totals.items()})


def seat_payments(result) -> dict[str, int]:
    return {letter: result.payments.get(seat, 0) for seat, letter in enumerate("ESWN")}


def test_every_example_is_here():
    assert len(EXAMPLES) >= 16
    assert all(example["variant"] == "hongkong" for example in EXAMPLES)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_h10_h11_h12_h15_h16_rules_hongkong_6_example_fan_and_payments(example):
    """Each example under the options it names: patterns with their fan, the fan toward the
    minimum, legality (H-11), the cap (H-12), the base amount (H-16) and the payments (H-10,
    H-15, §6)."""
    result = score(win_of(example), rules_of(example))
    found = Counter({(p.id, p.value) for p in result.patterns})
    assert found == expected_patterns(example)
    assert result.raw_value == example["raw_fan"]
    assert result.extra["fan_toward_minimum"] == example["fan_toward_minimum"]
    assert result.valid is example["legal_win"]
    if example["legal_win"]:
        assert result.value == example["expected_total_fan"]
        assert result.extra["base_amount"] == example["base_amount"]
        assert seat_payments(result) == example["payments"]
        assert result.points == max(example["payments"].values())
    else:
        assert result.error is not None and result.error.code == "below_minimum_fan"
        assert all(amount == 0 for amount in example["payments"].values())


# --- the other side of each disputed example --------------------------------------------------


def test_h11_rules_hongkong_3_hk19_flowers_counted_toward_the_minimum():
    """H-11 / §3: with bonus_counts_toward_minimum the four fan (2 + two 正花) are a win."""
    example = BY_ID["hk19"]
    result = score(win_of(example), rules_of(example, "bonus_counts_toward_minimum=true"))
    assert result.valid and result.value == 4
    assert seat_payments(result) == {"E": -32, "S": 32, "W": 0, "N": 0}


def test_rules_hongkong_4_1_hk07_dragon_pungs_on_top_of_small_three_dragons():
    """§4.1: tables that add the two dragon pungs to 小三元 reach 12 fan (base 256)."""
    example = BY_ID["hk07"]
    rules = rules_of(example, "small_three_dragons_includes_dragon_pungs=false")
    result = score(win_of(example), rules)
    assert result.value == 12
    assert dict(Counter({p.id: p.value for p in result.patterns}))["dragon_pung"] == 2
    assert seat_payments(result) == {"E": -512, "S": 512, "W": 0, "N": 0}


@pytest.mark.parametrize(
    ("changes", "fan", "paid"),
    [
        (("small_four_winds_limit=true",), 13, 768),  # table B: a limit hand
        (("small_four_winds_fan=10",), 13, 768),  # at99play: 10 + 5 = 15, capped at 13
        (("small_four_winds_fan=10", "limit=16"), 15, 2 * 768),  # the same without the cap
    ],
)
def test_rules_hongkong_4_1_hk11_small_four_winds_alternatives(changes, fan, paid):
    """§4.1 小四喜: 6 (default, see the parametrised example), 10 or a limit hand."""
    example = BY_ID["hk11"]
    result = score(win_of(example), rules_of(example, *changes))
    assert result.value == fan
    assert seat_payments(result)["E"] == -paid


def test_rules_hongkong_4_2_hk26_loose_nine_gates_is_a_limit_hand():
    """§4.2: reading nine gates on the 14 tiles (PyPI hk-mahjong) makes hk26 a limit hand."""
    example = BY_ID["hk26"]
    result = score(win_of(example), rules_of(example, "nine_gates_strict=false"))
    assert result.pattern_ids() == ["nine_gates"]
    assert seat_payments(result)["E"] == -768


def test_h15_rules_hongkong_6_hk25_without_twelve_tile_liability_everyone_pays():
    """§6 off: the self-draw is paid by all three (H-15)."""
    example = BY_ID["hk25"]
    result = score(win_of(example), rules_of(example, "twelve_tiles_liability=false"))
    assert seat_payments(result) == {"E": -16, "S": 48, "W": -16, "N": -16}


def test_h14_hk14_double_kong_replacement_worth_eight():
    """H-14 says 9; another implementation gives 8 (option double_kong_replacement_fan)."""
    example = BY_ID["hk14"]
    result = score(win_of(example), rules_of(example, "double_kong_replacement_fan=8"))
    assert result.value == 10
    assert seat_payments(result) == {"E": -128, "S": 384, "W": -128, "N": -128}


def test_h11_rules_hongkong_4_1_hk04_without_concealed_hand_on_self_draw_is_below_minimum():
    """§4.1 門前清 only on a discard win (Y): hk04 keeps two fan, below the minimum (H-11)."""
    example = BY_ID["hk04"]
    result = score(win_of(example), rules_of(example, "concealed_hand_on_self_draw=false"))
    assert result.error is not None and result.error.code == "below_minimum_fan"
    assert sorted(result.pattern_ids()) == ["common_hand", "self_draw"]


def test_rules_hongkong_4_1_hk08_big_three_dragons_as_a_limit_hand():
    """§4.1 大三元 is a limit hand in HP: 13 fan, E pays 768."""
    example = BY_ID["hk08"]
    result = score(win_of(example), rules_of(example, "big_three_dragons_limit=true"))
    assert result.pattern_ids() == ["big_three_dragons"]
    assert result.value == 13 and seat_payments(result)["E"] == -768


def test_rules_hongkong_4_1_hk16_last_tile_worth_two():
    """§4.1 海底撈月 is 2 fan in ZHW's list: hk16 goes to 6 fan, base 32."""
    example = BY_ID["hk16"]
    result = score(win_of(example), rules_of(example, "last_tile_fan=2"))
    assert result.value == 6
    assert seat_payments(result) == {"E": -32, "S": 96, "W": -32, "N": -32}


# --- regressions ----------------------------------------------------------------------------------


def test_rules_hongkong_4_1_seven_bonus_tiles_win_only_on_the_bonus_tile():
    """§4.1 花糊: the win by bonus tiles is made on the seventh bonus tile, not on a discard that
    leaves the hand incomplete."""
    import subprocess
    import sys

    def run(*argv):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "mahjongkit",
                "score",
                *argv,
                "--variant",
                "hongkong",
                "--seat",
                "S",
                "--json",
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        return json.loads(done.stdout)

    flowers = "1f,2f,3f,4f,1g,2g,3g"
    garbage = run("1357m2468p1357s11z", "--win", "1z", "--from", "E", "--flowers", flowers)
    assert garbage["valid"] is False and garbage["error"]["code"] == "not_complete"
    bonus = run("1357m2468p1357s1z", "--win", "4g", "--tsumo", "--flowers", "1f,2f,3f,4f,1g,2g,4g")
    assert bonus["valid"] is True
    assert [p["id"] for p in bonus["patterns"]] == ["seven_bonus_tiles"]


def test_h13_a_robbed_tile_cannot_have_copies_in_the_robbers_hand():
    """H-13: three of the tile are in the robbed pung, the fourth is robbed."""
    from mahjongkit.hand import Hand
    from mahjongkit.scoring import Win
    from mahjongkit.tiles import Tile
    from mahjongkit.variants.hongkong import score
    from mahjongkit.variants.hongkong.rules import HongKongRules

    win = Win(
        Hand.parse("123m456p789s234s44s"), Tile.parse("4s"), seat=1, from_seat=2, robbing_kong=True
    )
    result = score(win, HongKongRules.old_style())
    assert result.error is not None and result.error.code == "invalid_hand"
    assert "H-13" in result.error.message
