"""The Hong Kong fan table (issue 4, items 2-5): every row, the declared replacements, the
minimum (H-11), the limit (H-12), the ways of winning (H-09, H-13, H-14), bonus tiles, and each
disputed option on both sides."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from mahjongkit.variants.hongkong import FAN_TABLE, FAN_TABLE_BY_ID, HongKongRules
from tests.helpers.wins import cli_arguments, win_from_cli

LANGS = ("en", "fr", "es", "zh")
RULE_FIELDS = {f.name: f for f in dataclasses.fields(HongKongRules)}
RULE_TYPES = typing.get_type_hints(HongKongRules)


def run(example: str, *options: str):
    """Score a hand in the tests' compact words (see ``cli_arguments``) under table A plus
    ``options``."""
    return win_from_cli(cli_arguments(example), "hongkong", *options).score()


def fan_of(result) -> dict[str, int]:
    return {p.id: p.value for p in result.patterns}


# --- the table as data ----------------------------------------------------------------------------


def test_ids_are_unique_and_named_in_every_language():
    ids = [row.id for row in FAN_TABLE]
    assert len(ids) == len(set(ids))
    for row in FAN_TABLE:
        assert all(row.names.get(lang) for lang in LANGS), row.id
    # Names differ per language where the languages differ (no copy-paste of English).
    assert len({row.names["fr"] for row in FAN_TABLE}) == len(FAN_TABLE)
    assert len({row.names["en"] for row in FAN_TABLE}) == len(FAN_TABLE)


def test_options_named_by_rows_exist_with_the_right_type():
    for row in FAN_TABLE:
        if isinstance(row.fan, str):
            assert RULE_TYPES[row.fan] is int, row.id
        if isinstance(row.limit, str):
            assert RULE_TYPES[row.limit] is bool, row.id
        for option in (row.enabled_by, row.replaces_when):
            if option is not None:
                assert RULE_TYPES[option] is bool, row.id


def test_rules_hongkong_4_3_replacements_name_real_rows_and_are_complete():
    """§4.3: a row lists everything it includes, transitively, and never itself."""
    for row in FAN_TABLE:
        assert row.id not in row.replaces
        for dropped in row.replaces:
            assert dropped in FAN_TABLE_BY_ID, (row.id, dropped)
            for further in FAN_TABLE_BY_ID[dropped].replaces:
                assert further in row.replaces, (row.id, dropped, further)


@pytest.mark.parametrize(
    ("row_id", "included"),
    [
        ("pure_one_suit", "mixed_one_suit"),
        ("big_three_dragons", "dragon_pung"),
        ("big_three_dragons", "small_three_dragons"),
        ("small_three_dragons", "dragon_pung"),
        ("small_four_winds", "seat_wind"),
        ("big_four_winds", "round_wind"),
        ("all_honours", "all_pungs"),
        ("all_terminals", "mixed_terminals"),
        ("kong_replacement", "self_draw"),
        ("double_kong_replacement", "kong_replacement"),
        ("flower_set", "seat_flower"),
        ("season_set", "seat_season"),
    ],
)
def test_rules_hongkong_4_3_declared_replacements(row_id, included):
    assert included in FAN_TABLE_BY_ID[row_id].replaces


@pytest.mark.parametrize("row", FAN_TABLE, ids=[row.id for row in FAN_TABLE])
def test_rules_hongkong_4_every_row_scores_its_example(row):
    """Each row of §4 (its source is in the row): its example hand scores it, worth the row's
    value, and the whole hand is worth the stated total."""
    example = win_from_cli(row.example, "hongkong")
    result = example.score()
    assert result.valid, result.error
    assert row.id in result.pattern_ids()
    rules = example.rules
    hit = next(p for p in result.patterns if p.id == row.id)
    assert hit.value == row.value(rules) * hit.count
    assert result.value == row.example_fan
    assert sum(p.value for p in result.patterns) == result.raw_value
    assert row.source


# --- ways of winning ----------------------------------------------------------------------------

COMMON = "123m456p789s234s55m win=4s seat=S flowers=1f"
"""平糊 + 門前清 (2 fan) with no bonus fan: the smallest complete hands below."""


def test_h09_self_draw_adds_one_fan():
    discard = run(COMMON + " from=E")
    drawn = run(COMMON + " tsumo")
    assert drawn.raw_value == discard.raw_value + 1
    assert set(drawn.pattern_ids()) - set(discard.pattern_ids()) == {"self_draw"}


def test_h13_robbing_the_kong_adds_one_fan():
    plain = run(COMMON + " from=W", "min_fan=0")
    robbed = run(COMMON + " from=W robbing_kong", "min_fan=0")
    assert robbed.raw_value == plain.raw_value + 1
    assert fan_of(robbed)["robbing_kong"] == 1


def test_h14_kong_replacement_is_two_fan_including_the_self_draw():
    result = run("123m456p789p5m5m concealed-kong:1111s win=5m tsumo after_kong seat=S flowers=1f")
    assert fan_of(result) == {"kong_replacement": 2, "concealed_hand": 1}
    assert ("self_draw", "kong_replacement") in result.replaced


def test_h14_second_consecutive_replacement_is_nine_fan():
    hand = "123m789p5m5m concealed-kong:1111s concealed-kong:2222s win=5m tsumo seat=S flowers=1f"
    result = run(hand + " second_kong")
    assert fan_of(result) == {"double_kong_replacement": 9, "concealed_hand": 1}
    assert {d for d, _ in result.replaced} == {"self_draw", "kong_replacement"}
    assert run(hand + " after_kong").value == 3


def test_rules_hongkong_4_1_last_tile_on_a_discard_counts_too():
    """§4.1 海底撈月: the last wall tile or the discard after it (CS)."""
    result = run(COMMON + " from=E last_tile")
    assert fan_of(result)["last_tile"] == 1 and result.value == 3


@pytest.mark.parametrize(
    ("example", "options", "expected"),
    [
        ("tsumo seat=E", (), "heavenly_hand"),
        ("from=E seat=S", (), "earthly_hand"),
        ("from=W seat=N", (), None),  # not on the dealer's discard
        ("tsumo seat=S", (), None),  # own first draw: not earthly by default
        ("tsumo seat=S", ("earthly_hand=own_first_draw",), "earthly_hand"),
        ("from=E seat=S", ("earthly_hand=own_first_draw",), None),
        ("tsumo seat=W", ("earthly_hand=either",), "earthly_hand"),
        ("from=E seat=W", ("earthly_hand=either",), "earthly_hand"),
        ("tsumo seat=S", ("human_hand=true",), "human_hand"),
    ],
)
def test_rules_hongkong_4_2_heavenly_earthly_and_human_hands(example, options, expected):
    """§4.2: first-turn wins are limit hands, per the options earthly_hand and human_hand."""
    result = run("123m456p789s234s55m win=4s first_turn flowers=1f " + example, *options)
    limit_hands = {"heavenly_hand", "earthly_hand", "human_hand"}
    found = limit_hands & set(result.pattern_ids())
    assert found == ({expected} if expected else set())
    if expected:
        assert result.value == 13 and result.limit == "limit_hand"


# --- minimum and limit ---------------------------------------------------------------------------


def test_h11_below_the_minimum_is_not_a_win():
    result = run(COMMON + " from=E")
    assert not result.valid
    assert result.error.code == "below_minimum_fan"
    assert result.extra["fan_toward_minimum"] == 2
    # The patterns found stay in the result and in its explanation, so users see why; the
    # reason itself does not repeat them (in English inside another language's page).
    assert result.pattern_ids() == ["common_hand", "concealed_hand"]
    assert "Common hand" in result.explain() and "3-fan minimum" in result.error.message
    assert "Common hand" not in result.explain("fr")
    assert "Concealed hand" in result.explain("en")


def test_h11_minimum_is_an_option():
    assert run(COMMON + " from=E", "min_fan=2").valid
    assert not run(COMMON + " from=E", "min_fan=3").valid


def test_h11_mixed_one_suit_alone_reaches_the_minimum():
    result = run("123s789s234s22z pung:555s@E win=4s from=E seat=S flowers=3f")
    assert result.valid and result.pattern_ids() == ["mixed_one_suit"] and result.value == 3


def test_h11_chicken_hand_is_a_win_only_without_a_minimum():
    hand = "123m456p22z777p chow:789s@E win=7p from=E seat=S flowers=1f"
    assert run(hand, "min_fan=0").pattern_ids() == ["chicken_hand"]
    assert run(hand).error.code == "below_minimum_fan"


@pytest.mark.parametrize(("limit", "fan", "paid"), [(13, 11, 384), (10, 10, 256), (8, 8, 128)])
def test_h12_the_limit_caps_the_total(limit, fan, paid):
    """Pure one suit + all pungs + no flowers = 11 fan (hk17), capped at the limit."""
    result = run(
        "555p777p9p9p pung:111p@W pung:333p@N win=9p from=E seat=S", f"limit={limit}", "min_fan=3"
    )
    assert result.raw_value == 11 and result.value == fan
    assert result.payments[0] == -paid
    assert (result.limit == "limit") is (fan == limit)


def test_rules_hongkong_3_a_limit_hand_adds_nothing_else():
    """§3: a limit hand scores the limit alone; what else was found is listed as replaced."""
    result = run("111z222z333z444z5m5m win=5m tsumo seat=E")
    assert result.pattern_ids() == ["big_four_winds"]
    assert result.value == result.raw_value == 13
    assert {"self_draw", "concealed_hand", "mixed_one_suit"} <= {d for d, _ in result.replaced}


def test_rules_hongkong_4_3_the_best_reading_is_kept():
    """§4.3: 111222333m can be three pungs or three chows; as pungs with the discard completing
    only the pair, it is all concealed pungs (8) + concealed hand + no flowers."""
    result = run("111222333m444p5p5p win=5p from=E seat=S")
    assert fan_of(result) == {"all_concealed_pungs": 8, "concealed_hand": 1, "no_flowers": 1}


# --- hand patterns and their disputed values ---------------------------------------------------


def test_concealed_pungs_need_the_discard_to_complete_only_the_pair():
    pair_wait = run("222m444m666p888s99s win=9s from=E seat=S")
    pung_wait = run("222m444m666p888s99s win=8s from=E seat=S")
    assert "all_concealed_pungs" in pair_wait.pattern_ids()
    assert "all_concealed_pungs" not in pung_wait.pattern_ids()
    assert fan_of(pung_wait)["all_pungs"] == 3


@pytest.mark.parametrize(
    ("option", "example", "row_id", "default_fan"),
    [
        (
            "small_four_winds_limit",
            "111z222z333z44z123m win=3m from=E seat=S",
            "small_four_winds",
            6,
        ),
        (
            "all_concealed_pungs_limit",
            "222m444m666p888s99s win=9s from=E seat=S",
            "all_concealed_pungs",
            8,
        ),
        (
            "big_three_dragons_limit",
            "777z234m9p9p pung:555z@W pung:666z@N win=9p from=E seat=S",
            "big_three_dragons",
            8,
        ),
        (
            "all_honours_limit",
            "111z333z44z pung:666z@W pung:777z@N win=4z from=E seat=S",
            "all_honours",
            10,
        ),
        (
            "eight_bonus_tiles_limit",
            "123m456p789s234s55m win=4s from=E seat=S flowers=1234f1234g",
            "eight_bonus_tiles",
            8,
        ),
        (
            "all_terminals_limit",
            "111m999m111p11s pung:999s@W win=1s from=E seat=S",
            "all_terminals",
            13,
        ),
    ],
)
def test_rules_hongkong_4_1_8_disputed_limit_hands_both_sides(option, example, row_id, default_fan):
    """§4.1, §8: each disputed pattern is worth fan by default and a limit hand by option."""
    table_a = run(example, "limit=20")
    assert fan_of(table_a)[row_id] == default_fan
    limit = run(example, f"{option}=true", "limit=20")
    assert limit.pattern_ids() == [row_id] and limit.value == 20
    assert limit.limit == "limit_hand" and table_a.limit is None


@pytest.mark.parametrize(
    ("option", "example", "row_id"),
    [
        ("small_four_winds_fan", "111z222z333z44z123m win=3m from=E seat=S", "small_four_winds"),
        ("seven_bonus_tiles_fan", COMMON.replace("1f", "1234f123g") + " from=E",
         "seven_bonus_tiles"),
        ("small_three_dragons_fan", "555z666z77z123m456m win=6m from=E seat=S",
         "small_three_dragons"),
        ("kong_replacement_fan",
         "123m456p789p5m5m concealed-kong:1111s win=5m tsumo after_kong seat=S",
         "kong_replacement"),
    ],
)  # fmt: skip
def test_fan_values_are_options(option, example, row_id):
    assert fan_of(run(example, f"{option}=4"))[row_id] == 4
    assert fan_of(run(example, f"{option}=7"))[row_id] == 7


def test_rules_hongkong_2_seven_pairs_both_sides():
    """§2: not an old-style hand (not_complete, naming the option); 4 fan when allowed."""
    hand = "1133m5577p2299s11z win=1z from=E seat=S"
    off = run(hand)
    assert off.error.code == "not_complete" and "seven_pairs" in off.error.message
    on = run(hand, "seven_pairs=true")
    assert fan_of(on) == {"seven_pairs": 4, "no_flowers": 1}


def test_seven_pairs_of_one_suit_with_honours():
    result = run("1133557799m1122z win=2z from=E seat=S", "seven_pairs=true")
    assert fan_of(result) == {"seven_pairs": 4, "mixed_one_suit": 3, "no_flowers": 1}


def test_rules_hongkong_4_1_common_hand_pair_both_sides():
    """§4.1 平糊: table A takes any non-scoring pair (here West for South in the East round),
    table B a suited pair only; a scoring pair (the round wind) never."""
    west_pair = "123m456p789s234s33z win=4s tsumo seat=S flowers=1f"
    assert "common_hand" in run(west_pair).pattern_ids()
    assert "common_hand" not in run(west_pair, "common_hand_suited_pair=true").pattern_ids()
    east_pair = west_pair.replace("33z", "11z")
    assert "common_hand" not in run(east_pair, "min_fan=0").pattern_ids()


def test_rules_hongkong_4_1_concealed_hand_with_a_self_draw_both_sides():
    """§4.1 門前清: stacks with 自摸 in table A; only on a discard win in table B."""
    assert "concealed_hand" in run(COMMON + " tsumo").pattern_ids()
    only_draw = run(COMMON + " tsumo", "concealed_hand_on_self_draw=false", "min_fan=0")
    assert "concealed_hand" not in only_draw.pattern_ids()
    assert "concealed_hand" in run(COMMON + " from=E", "concealed_hand_on_self_draw=false",
                                   "min_fan=0").pattern_ids()  # fmt: skip


def test_claimed_sets_lose_the_concealed_hand_but_a_concealed_kong_keeps_it():
    claimed = run("123m456p789s55m pung:777p@N win=5m from=E seat=S", "min_fan=0")
    assert "concealed_hand" not in claimed.pattern_ids()
    kong = run("123m456p789s55m concealed-kong:7777p win=5m from=E seat=S", "min_fan=0")
    assert "concealed_hand" in kong.pattern_ids()


def test_small_three_dragons_and_its_dragon_pungs_both_sides():
    hand = "555z666z77z123m456m win=6m from=E seat=S"
    assert "dragon_pung" not in run(hand).pattern_ids()
    apart = run(hand, "small_three_dragons_includes_dragon_pungs=false")
    assert fan_of(apart)["dragon_pung"] == 2 and apart.value == 12


def test_dragon_pungs_count_one_each():
    result = run("123m456m666z777z9p9p win=9p from=E seat=S flowers=1f")
    hit = next(p for p in result.patterns if p.id == "dragon_pung")
    assert (hit.count, hit.value) == (2, 2)


def test_seat_and_round_wind_both_score_for_east_in_the_east_round():
    result = run("123m456p789s22z111z win=1z tsumo seat=E flowers=1f", "min_fan=0")
    assert fan_of(result)["seat_wind"] == 1 and fan_of(result)["round_wind"] == 1
    south = run("123m456p789s22z111z win=1z tsumo seat=S round=S flowers=2f", "min_fan=0")
    assert "round_wind" not in south.pattern_ids() and "seat_wind" not in south.pattern_ids()


def test_rules_hongkong_4_1_mixed_terminals_with_all_pungs_is_four():
    """§4.1 混么九 1 + 對對糊 3 = 4 (CS 花么九 includes the all pungs)."""
    result = run("111m999p999s22z pung:111s@W win=2z from=E seat=N flowers=1f")
    assert fan_of(result) == {"all_pungs": 3, "mixed_terminals": 1}


def test_all_honours_includes_all_pungs():
    result = run("111z333z44z pung:666z@W pung:777z@N win=4z from=E seat=S", "limit=30")
    assert "all_pungs" not in result.pattern_ids()
    assert ("all_pungs", "all_honours") in result.replaced


def test_rules_hongkong_4_2_nine_gates_strict_and_loose():
    """§4.2: the strict reading wants the nine-sided wait; hk26 covers the loose side."""
    assert run("11123455678999m win=5m from=E seat=S").pattern_ids() == ["nine_gates"]
    assert run("11123456789999m win=9m from=E seat=S").pattern_ids() == ["nine_gates"]
    # Eleven tiles of nine gates with a claimed set is not nine gates.
    claimed = run("11145678999m pung:222m@N win=4m from=E seat=S")
    assert "nine_gates" not in claimed.pattern_ids()


def test_thirteen_orphans_any_pair():
    result = run("119m19p19s1234567z win=1m tsumo seat=W")
    assert result.pattern_ids() == ["thirteen_orphans"]
    assert result.extra["shape"] == "thirteen_orphans"


# --- bonus tiles ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", range(4))
def test_rules_hongkong_1_own_flower_and_season_by_seat(seat):
    """§1: East owns 1f and 1g, South 2f and 2g, West 3f 3g, North 4f 4g."""
    letter = "ESWN"[seat]
    own = f"{seat + 1}f{seat + 1}g"
    other = f"{(seat + 1) % 4 + 1}f{(seat + 2) % 4 + 1}g"
    mine = run(f"123m456p789s234s55m win=4s tsumo seat={letter} flowers={own}")
    assert fan_of(mine)["seat_flower"] == 1 and fan_of(mine)["seat_season"] == 1
    theirs = run(f"123m456p789s234s55m win=4s tsumo seat={letter} flowers={other}")
    assert not {"seat_flower", "seat_season", "no_flowers"} & set(theirs.pattern_ids())


def test_rules_hongkong_3_bonus_fan_do_not_count_toward_the_minimum_by_default():
    """§3 (EW): two hand fan + no flowers is 3 fan but below the minimum."""
    result = run(COMMON.replace(" flowers=1f", "") + " from=E")
    assert result.raw_value == 3 and result.extra["fan_toward_minimum"] == 2
    assert not result.valid
    assert run(COMMON.replace(" flowers=1f", "") + " from=E",
               "bonus_counts_toward_minimum=true").valid  # fmt: skip


def test_complete_sets_replace_their_own_tile():
    both = run("123m456p789s234s55m win=4s tsumo seat=S flowers=1234f2g")
    assert fan_of(both) == {
        "common_hand": 1,
        "concealed_hand": 1,
        "self_draw": 1,
        "seat_season": 1,
        "flower_set": 2,
    }
    assert ("seat_flower", "flower_set") in both.replaced


def test_seven_bonus_tiles_replace_the_other_flower_fan():
    result = run("123m456p789s234s55m win=4s tsumo seat=S flowers=1234f234g")
    assert fan_of(result)["seven_bonus_tiles"] == 3
    assert not {"flower_set", "seat_flower", "seat_season"} & set(result.pattern_ids())


def test_rules_hongkong_4_1_a_flower_win_needs_no_complete_hand():
    """§4.1 花糊 / 八仙過海: seven or eight bonus tiles win at once (option bonus_tile_win)."""
    incomplete = "1234579m1357p135s win=4g tsumo seat=S flowers=1234f1234g"
    result = run(incomplete)
    assert result.valid and result.pattern_ids() == ["eight_bonus_tiles"]
    assert result.extra["shape"] == "bonus_tiles"
    seven = run(incomplete.replace("1234g", "124g").replace("win=4g", "win=2g"))
    assert seven.pattern_ids() == ["seven_bonus_tiles"] and seven.value == 3
    assert run(incomplete, "bonus_tile_win=false").error.code == "invalid_hand"
    complete_word = "123m456p789s234s55m win=4s tsumo seat=S flowers=1234f123g"
    assert run(complete_word, "bonus_tile_win=false").valid


def test_no_flower_fan_at_a_table_without_flowers():
    result = run("123s789s234s22z pung:555s@E win=4s tsumo seat=S", "flowers=false")
    assert result.pattern_ids() == ["mixed_one_suit", "self_draw"]
    listed = run("123s789s234s22z pung:555s@E win=4s tsumo seat=S flowers=2f", "flowers=false")
    assert listed.error.code == "invalid_hand" and "2f" in listed.error.message


# --- explanation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "fragments"),
    [
        ("en", ("Win on a kong replacement: 2 fan", "Self-draw not counted", "Base amount: 16")),
        ("fr", ("Victoire après un kong : 2 fan", "contient déjà Auto-pioche", "Montant de base")),
        ("es", ("Victoria tras un kong: 2 fan", "ya incluye Robo propio", "Importe base: 16")),
        ("zh", ("槓上開花", "自摸不另計：已計入槓上開花", "底數：16", "合計：4 番")),
    ],
)
def test_explanation_in_each_language(lang, fragments):
    result = run("123m456p789p5m5m concealed-kong:1111s win=5m tsumo after_kong seat=S flowers=2f")
    text = result.explain(lang)
    for fragment in fragments:
        assert fragment in text, (fragment, text)
    assert result.to_json(lang)["payments"] == {"E": -16, "S": 48, "W": -16, "N": -16}


# --- documentation from the table ----------------------------------------------------------------


def test_the_rules_pages_come_from_the_table():
    from mahjongkit.variants.hongkong.fan import describe_table

    default = {row["id"]: row for row in describe_table(HongKongRules(), "fr")}
    assert list(default) == [row.id for row in FAN_TABLE]
    assert default["pure_one_suit"]["replaces"] == ["Couleur mixte"]
    assert default["small_four_winds"]["fan"] == 6 and not default["small_four_winds"]["limit"]
    assert not default["seven_pairs"]["enabled"]
    table_b = {row["id"]: row for row in describe_table(HongKongRules.old_style_table_b())}
    assert table_b["small_four_winds"]["fan"] == 13 and table_b["small_four_winds"]["limit"]
    no_flowers = describe_table(HongKongRules(flowers=False))
    assert not any(row["enabled"] for row in no_flowers if row["bonus"])
