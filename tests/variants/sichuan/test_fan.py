"""Sichuan fan table: S-01 … S-15, each row, the composites of §7.1, best reading (§7.3)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mahjongkit.errors import NotationError
from mahjongkit.hand import Hand
from mahjongkit.options import override
from mahjongkit.scoring import Score
from mahjongkit.tiles import Tile, format_kind
from mahjongkit.variants.sichuan import SichuanRules, score
from mahjongkit.variants.sichuan.fan import (
    NO_SITUATION,
    ROWS,
    TABLE,
    HowWon,
    best_fan,
    evaluate,
    readings,
    rules_page,
)
from tests.helpers.paths import SPEC
from tests.helpers.sichuan import make_win
from tests.helpers.wins import win_from_cli

RULES = SichuanRules.blood_battle()
E, S, W, N = range(4)


def scored(concealed: str, *melds: str, rules: SichuanRules = RULES, **kwargs: object) -> Score:
    result = score(make_win(concealed, melds=melds, **kwargs), rules)  # type: ignore[arg-type]
    assert result.valid, result.error
    return result


def fans(result: Score) -> dict[str, int]:
    return {hit.id: hit.value for hit in result.patterns}


def with_options(*assignments: str) -> SichuanRules:
    return override(RULES, assignments)


# --- S-01, S-02, S-03, S-13: addition, doubling, cap ------------------------------------------


def test_s01_s13_patterns_add_up_pure_suit_all_pungs_root():
    """S-01 / S-13: pure suit 2 + all pungs 1 + root 1 = 4 fan."""
    result = scored("333m555m777m99m", "concealed-kong:1111m")
    assert fans(result) == {"all_pungs": 1, "pure_suit": 2, "root": 1}
    assert result.value == 4 and result.raw_value == 4


@pytest.mark.parametrize(
    ("hand", "melds", "fan", "value"),
    [
        ("123m456m234p678p99p", (), 0, 1),
        ("111m444m222p777p99p", (), 1, 2),
        ("123m456m789m234m55m", (), 2, 4),
        ("222m555m888m222p88p", (), 3, 8),
    ],
)
def test_s02_each_fan_doubles_the_base(hand, melds, fan, value):
    """S-02: 0 fan pays 1 base, 1 fan 2, 2 fan 4, 3 fan 8; a base of 5 multiplies it."""
    result = scored(hand, *melds)
    assert (result.value, result.extra["hand_value"]) == (fan, value)
    assert scored(hand, *melds, rules=with_options("base=5")).extra["hand_value"] == 5 * value


@pytest.mark.parametrize(("cap", "value"), [(3, 8), (4, 16), (5, 32), (6, 32)])
def test_s03_rules_sichuan_7_1_fan_above_the_cap_count_as_the_cap(cap, value):
    """S-03 and §7.1: pure dragon seven pairs is 5 fan before the cap (清龍七對)."""
    result = scored("1111m22m44m66m88m99m", rules=with_options(f"fan_cap={cap}"))
    assert result.raw_value == 5
    assert result.value == min(5, cap) and result.cap == cap
    assert result.extra["hand_value"] == value


def test_s03_default_cap_is_four():
    assert RULES.fan_cap == 4 and RULES.cap_value == 16


# --- S-04 … S-12, one row each ----------------------------------------------------------------


def test_s04_simple_hand_is_zero_fan_and_only_alone():
    assert fans(scored("123m456m234p678p99p")) == {"simple": 0}
    # A root alone is a pattern: no simple hand beside it.
    assert fans(scored("111m123m456p789p22p")) == {"root": 1}


def test_s04_simple_hand_stays_beside_bonus_fan():
    result = scored("123m456m234p678p99p", tsumo=True, last_tile=True)
    assert fans(result) == {"simple": 0, "last_tile_draw": 1}


def test_s05_all_pungs_counts_kongs_as_pungs():
    assert fans(scored("111m444m222p777p99p")) == {"all_pungs": 1}
    assert fans(scored("444m222p777p99p", "kong:1111m@W")) == {"all_pungs": 1, "root": 1}
    assert "all_pungs" not in fans(scored("123m444m222p777p99p"))


def test_s06_pure_suit_counts_melds_too():
    assert fans(scored("123m456m789m234m55m")) == {"pure_suit": 2}
    assert "pure_suit" not in fans(scored("123m456m789m234p55m"))
    assert fans(scored("123p456p55p", "pung:777p@W", "pung:999p@N")) == {"pure_suit": 2}


def test_s07_terminals_everywhere_needs_every_set_and_the_pair():
    assert fans(scored("123m789m111p789p99p")) == {"terminals_everywhere": 2}
    assert fans(scored("123m789m111p789p55p")) == {"simple": 0}  # the pair has no 1 or 9
    assert fans(scored("123m678m111p789p99p")) == {"simple": 0}  # 678m has none


def test_s08_seven_pairs():
    assert fans(scored("11m44m66m99m22p55p88p")) == {"seven_pairs": 2}


def test_s09_dragon_seven_pairs_absorbs_its_root():
    result = scored("1111m44m66m99m22p55p")
    assert fans(result) == {"dragon_seven_pairs": 3}
    assert ("seven_pairs", "dragon_seven_pairs") in result.replaced


def test_s09_a_second_four_adds_a_root():
    """S-09 / example sc10: 龍七對 3 + 根 1 = 4."""
    result = scored("1111m4444m66m99m22p")
    assert fans(result) == {"dragon_seven_pairs": 3, "root": 1}
    assert result.value == 4


def test_s10_two_five_eight_adds_to_all_pungs():
    assert fans(scored("222m555m888m222p88p")) == {"all_pungs": 1, "two_five_eight": 2}
    # A 9 pair breaks it; a 2-5-8 chow hand is no 將對.
    assert fans(scored("222m555m888m222p99p")) == {"all_pungs": 1}
    assert "two_five_eight" not in fans(scored("234m555m888m222p88p"))


def test_s11_golden_hook_four_called_sets_single_wait():
    melds = ("pung:222m@W", "pung:555m@N", "pung:888m@E", "pung:555p@W")
    result = scored("88p", *melds, tsumo=True)
    assert fans(result) == {"all_pungs": 1, "two_five_eight": 2, "golden_hook": 1}


def test_s11_concealed_all_pungs_won_on_the_pair_is_not_golden_hook():
    """Example sc05: the Chinese 金鉤釣 needs four called sets."""
    assert fans(scored("111m444m222p777p99p")) == {"all_pungs": 1}
    # Three called pungs and a concealed one, won on the pair: all pungs only.
    result = scored("444m99p", "pung:111m@W", "pung:222p@E", "pung:777p@N", win="9p")
    assert fans(result) == {"all_pungs": 1}


def test_s11_rules_sichuan_7_1_golden_hook_with_four_kongs_eighteen_arhats():
    """§7.1 十八羅漢: all pungs 1 + golden hook 1 + 4 roots = 6; 清十八羅漢 8."""
    melds = ("kong:1111m@W", "kong:3333m@W", "added-kong:5555p@N", "kong:7777p@E")
    result = scored("99p", *melds, rules=with_options("fan_cap=8"))
    assert fans(result) == {"all_pungs": 1, "golden_hook": 1, "root": 4}
    assert result.raw_value == 6
    pure = ("kong:1111m@W", "kong:3333m@W", "added-kong:5555m@N", "kong:7777m@E")
    assert scored("99m", *pure, rules=with_options("fan_cap=8")).raw_value == 8


def test_s11_a_concealed_kong_is_not_a_called_set():
    """S-11: golden hook needs four called (exposed) sets; a concealed kong is not called."""
    melds = ("kong:1111m@W", "concealed-kong:3333m", "added-kong:5555p@N", "kong:7777p@E")
    assert "golden_hook" not in fans(scored("99p", *melds, rules=with_options("fan_cap=8")))


def test_s12_root_four_in_hand_kong_or_pung_plus_chow():
    assert fans(scored("111m123m456p789p22p")) == {"root": 1}
    assert fans(scored("234m456p789p22p", "concealed-kong:1111m")) == {"root": 1}
    # An exposed pung of 1m and the fourth 1m in a concealed chow.
    assert fans(scored("123m456p789p22p", "pung:111m@W")) == {"root": 1}
    result = scored("111m123m444p456p88p")
    assert fans(result) == {"root": 2} and result.patterns[0].count == 2


# --- S-14 bonus fan and S-15 limit hands ------------------------------------------------------

PLAIN = "123m456m234p678p99p"


@pytest.mark.parametrize(
    ("kwargs", "row"),
    [
        ({"kong_discard": True}, "kong_discard"),
        ({"robbing_kong": True}, "robbing_kong"),
        ({"tsumo": True, "last_tile": True}, "last_tile_draw"),
        ({"last_tile": True}, "last_discard"),
    ],
)
def test_s14_bonus_fan_for_the_way_of_winning(kwargs, row):
    result = scored(PLAIN, **kwargs)
    assert fans(result) == {"simple": 0, row: 1}
    assert result.extra["hand_value"] == 2


def test_s14_win_on_a_kong_replacement_needs_a_kong():
    """S-14 槓上開花: +1 fan; without a kong in the hand it is no such win."""
    result = scored("123m456m678p99p", "concealed-kong:2222p", tsumo=True, after_kong=True)
    assert fans(result) == {"root": 1, "kong_flower": 1}
    assert result.extra["hand_value"] == 4
    refused = score(make_win(PLAIN, tsumo=True, after_kong=True), RULES)
    assert refused.error is not None and "needs a kong" in refused.error.message


def test_s14_bonus_fan_accumulate_with_patterns():
    result = scored(
        "456m789m567m11m", "concealed-kong:3333m", tsumo=True, after_kong=True, last_tile=True
    )
    assert fans(result) == {"pure_suit": 2, "root": 1, "kong_flower": 1, "last_tile_draw": 1}


def test_s14_self_draw_fan_only_under_the_house_rule():
    assert "self_draw_fan" not in fans(scored(PLAIN, tsumo=True))
    jiafan = with_options("self_draw_bonus=jiafan")
    assert fans(scored(PLAIN, tsumo=True, rules=jiafan)) == {"simple": 0, "self_draw_fan": 1}
    assert "self_draw_fan" not in fans(scored(PLAIN, rules=jiafan))  # a discard win


def test_s14_self_draw_fan_is_under_the_cap():
    jiafan = with_options("self_draw_bonus=jiafan")
    result = scored("11m22m44m55m77m88m99m", tsumo=True, rules=jiafan)
    assert result.raw_value == 5 and result.value == 4 and result.extra["hand_value"] == 16


@pytest.mark.parametrize(("seat", "limit"), [(E, "heavenly"), (S, "earthly"), (N, "earthly")])
def test_s15_heavenly_and_earthly_hands_are_worth_the_cap(seat, limit):
    result = scored(PLAIN, seat=seat, tsumo=True, first_turn=True)
    assert result.pattern_ids() == [limit]
    assert result.value == RULES.fan_cap and result.limit == limit
    assert result.extra["hand_value"] == 16
    assert ("simple", limit) in result.replaced
    capped = scored(PLAIN, seat=seat, tsumo=True, first_turn=True, rules=with_options("fan_cap=3"))
    assert capped.value == 3 and capped.extra["hand_value"] == 8


def test_s15_needs_a_self_draw_without_calls():
    assert scored(PLAIN, seat=S, first_turn=True).limit is None  # on a discard
    called = scored(
        "123m456m99p", "pung:222p@W", "pung:777p@E", seat=S, tsumo=True, first_turn=True
    )
    assert called.limit is None


def test_s15_switched_off_scores_the_hand_normally():
    result = scored(PLAIN, seat=E, tsumo=True, first_turn=True, rules=with_options("tian_di_hu=no"))
    assert result.limit is None and fans(result) == {"simple": 0}


# --- §7.2 extras ----------------------------------------------------------------------------------


def test_rules_sichuan_7_2_extras_are_off_by_default_and_add_one_fan_each_when_on():
    hand = "234m456m234p678p55p"
    assert fans(scored(hand)) == {"simple": 0}
    extras = with_options("men_qing_zhong_zhang=yes")
    assert fans(scored(hand, rules=extras)) == {"men_qing": 1, "zhong_zhang": 1}
    called = scored("234m456m55p", "pung:666p@W", "pung:333p@N", rules=extras)
    assert fans(called) == {"zhong_zhang": 1}  # called pungs: not a concealed hand
    assert fans(scored("123m456m234p678p55p", rules=extras)) == {"men_qing": 1}


def test_rules_sichuan_7_2_yao_jiu_jiang_dui_switch_removes_both_patterns():
    off = with_options("yao_jiu_jiang_dui=no")
    assert fans(scored("123m789m111p789p99p", rules=off)) == {"simple": 0}
    assert fans(scored("222m555m888m222p88p", rules=off)) == {"all_pungs": 1}


# --- §7.1 composites ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "hand", "melds", "raw"),
    [
        ("清對", "111m333m555m777m99m", (), 3),
        ("清七對", "11m22m44m55m77m88m99m", (), 4),
        ("清龍七對", "1111m22m44m66m88m99m", (), 5),
        ("清么九", "123123123m78999m", (), 4),
        ("將金鉤釣", "88p", ("pung:222m@W", "pung:555m@N", "pung:888m@E", "pung:555p@W"), 4),
        ("清金鉤釣", "99m", ("pung:111m@W", "pung:333m@N", "pung:555m@E", "pung:777m@W"), 4),
    ],
)
def test_rules_sichuan_7_1_composites(name, hand, melds, raw):
    result = scored(hand, *melds, rules=with_options("fan_cap=9"))
    assert result.raw_value == raw, name


# --- §7.3: every reading scored, the best kept ---------------------------------------------------


def test_rules_sichuan_7_3_best_reading_pungs_over_chows():
    # 111222333m is three pungs or three chows: the pungs give all pungs.
    result = scored("111m222m333m99p", "pung:777p@W")
    assert fans(result) == {"all_pungs": 1}
    assert result.extra["reading"].startswith("777p")


def test_rules_sichuan_7_3_best_reading_terminals_over_pungs():
    # 123123123m: as chows every set holds a 1 (清么九 4) beats 111 222 333 (清一色 2).
    result = scored("123123123m78999m")
    assert fans(result) == {"pure_suit": 2, "terminals_everywhere": 2}


def test_rules_sichuan_7_3_best_reading_seven_pairs_over_chows():
    result = scored("11223344556677m")
    assert fans(result) == {"pure_suit": 2, "seven_pairs": 2}
    contexts = readings(Hand.parse("11223344556677m"), 6, NO_SITUATION, RULES)
    assert {context.standard for context in contexts} == {True, False}  # both were read


# --- the table itself ---------------------------------------------------------------------------


def test_table_rows_have_unique_ids_all_four_languages_and_a_rule():
    assert len(ROWS) == len(TABLE)
    for row in TABLE:
        assert set(row.names) >= {"zh", "en", "fr", "es"}, row.id
        assert all(row.names[lang].strip() for lang in ("zh", "en", "fr", "es"))
        assert row.rule.startswith(("S-", "RULES-sichuan")), row.id
        for other in (*row.replaces, *row.implies):
            assert other in ROWS, (row.id, other)
        if row.option is not None:
            assert isinstance(getattr(RULES, row.option), bool), row.id


def test_french_and_spanish_names_are_those_of_the_source_documents():
    french = next(SPEC.glob("seeds/000_*.txt")).read_text(encoding="utf-8")
    spanish = next(SPEC.glob("seeds/001_*.txt")).read_text(encoding="utf-8")
    requirements = (SPEC / "REQUIREMENTS.md").read_text(encoding="utf-8")
    for row in TABLE:
        if not row.rule.startswith("S-"):
            continue
        assert f"{row.names['fr']} ({row.names['zh']})" in french, row.id
        assert f"{row.names['es']} ({row.names['zh']})" in spanish, row.id
        assert row.names["zh"] in requirements, row.id


@pytest.mark.parametrize("row", [r for r in TABLE if r.example], ids=lambda r: r.id)
def test_every_example_shows_its_row_and_what_it_implies(row):
    options = [f"{row.option}=yes"] if row.option else []
    result = win_from_cli(row.example, "sichuan", *options).score()
    assert row.id in result.pattern_ids()
    for implied in row.implies:
        assert implied in result.pattern_ids()


def test_situational_rows_are_exactly_the_bonus_and_limit_rows():
    for row in TABLE:
        assert row.situational == (row.group in ("bonus", "limit")), row.id


# --- garbage in ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("concealed", "melds", "kwargs", "code", "words"),
    [
        ("123m456m234p678p3s9p", (), {"win": "9p"}, "not_complete", "three suits"),
        ("123m456m234p678p99p", (), {"missing_suit": 1}, "not_complete", "2p of the missing suit"),
        ("123m456m234p678p11z", (), {}, "invalid_hand", "1z"),
        ("456m234p678p99p", ("chow:123m",), {}, "invalid_hand", "no chow"),
        ("123m456m234p678p9p", (), {}, "invalid_hand", "13 tiles"),
        ("123m456m234p679p99p", (), {"win": "9p"}, "not_complete", "neither"),
        ("123m456m234p678p99p", (), {"win": "1s"}, "invalid_hand", "1s"),
        ("123m456m234p678p99p", (), {"flowers": (Tile.parse("1f"),)}, "invalid_hand", "flowers"),
        ("123m456m234p678p99p", (), {"in_game": frozenset({0, 2, 3})}, "invalid_hand", "left"),
        ("123m456m234p678p99p", (), {"in_game": frozenset({1, 2, 3})}, "invalid_hand", "E"),
        ("123m456m234p678p99p", (), {"discarder": S}, "invalid_hand", "winner"),
        ("123m456m234p678p99p", (), {"discarder": None}, "invalid_hand", "discard"),
        ("123m456m234p678p99p", (), {"tsumo": True, "kong_discard": True}, "invalid_hand", "kong"),
        ("123m456m234p678p99p", (), {"tsumo": True, "robbing_kong": True}, "invalid_hand", "rob"),
        ("123m456m234p678p99p", (), {"after_kong": True}, "invalid_hand", "self-draw"),
        ("123m456m234p678p99p", (), {"missing_suit": 7}, "invalid_hand", "7"),
    ],
)
def test_unusable_wins_are_refused_with_a_reason(concealed, melds, kwargs, code, words):
    result = score(make_win(concealed, melds=melds, **kwargs), RULES)
    assert result.error is not None, result
    assert result.error.code == code
    assert words in result.error.message
    assert result.payments == {} and result.lines == ()


# --- properties -----------------------------------------------------------------------------------


def _sets(suits: tuple[int, ...]) -> st.SearchStrategy[list[int]]:
    chows = [k for s in suits for k in range(s * 9, s * 9 + 7)]
    one_set = st.one_of(
        st.sampled_from(chows).map(lambda k: [k, k + 1, k + 2]),
        st.sampled_from([k for s in suits for k in range(s * 9, s * 9 + 9)]).map(lambda k: [k] * 3),
    )
    return st.lists(one_set, min_size=4, max_size=4).map(
        lambda sets: [k for one in sets for k in one]
    )


@st.composite
def winning_hands(draw: st.DrawFn) -> list[int]:
    suits = draw(st.sampled_from([(0,), (1,), (2,), (0, 1), (0, 2), (1, 2)]))
    tiles = draw(_sets(suits))
    pair = draw(st.sampled_from([k for s in suits for k in range(s * 9, s * 9 + 9)]))
    tiles += [pair, pair]
    assume(all(tiles.count(k) <= 4 for k in tiles))
    return tiles


@settings(max_examples=150, deadline=None)
@given(winning_hands(), st.booleans(), st.integers(min_value=0, max_value=6))
def test_s02_s03_rules_sichuan_6_property_value_is_capped_and_money_sums_to_zero(tiles, tsumo, cap):
    """S-02, S-03, §6: value = base × 2^min(fan, cap); payments are zero-sum; simple iff alone."""
    rules = with_options(f"fan_cap={cap}")
    text = "".join(format_kind(k) for k in tiles)
    result = score(make_win(text, win=format_kind(tiles[-1]), tsumo=tsumo), rules)
    assert result.valid, result.error
    assert result.value == min(result.raw_value, cap)
    assert result.extra["hand_value"] == 2**result.value
    assert sum(result.payments.values()) == 0
    assert result.points == result.extra["hand_value"] * (3 if tsumo else 1)
    hand_rows = [i for i in result.pattern_ids() if ROWS[i].group in ("hand", "root")]
    assert ("simple" in hand_rows) == (hand_rows == ["simple"])
    # The kept reading is the best of all readings.
    hand = Hand.parse(text)
    best = best_fan(hand, tiles[-1], rules)
    assert best is not None
    how = HowWon(self_draw=tsumo, paid_as_self_draw=tsumo)
    for context in readings(hand, tiles[-1], how, rules):
        assert evaluate(context).fan <= result.value


@pytest.mark.parametrize("lang", ["zh", "en", "fr", "es"])
def test_rules_page_is_generated_from_the_table(lang):
    page = rules_page(lang=lang)
    assert len(page.splitlines()) == 2 + len(TABLE)
    for row in TABLE:
        assert row.names[lang] in page and row.rule in page
    switched = rules_page(with_options("tian_di_hu=no"), lang)
    assert ROWS["heavenly"].names[lang] not in switched
    assert ROWS["men_qing"].names[lang] not in switched  # off in the preset


def test_rules_page_refuses_an_unknown_language():
    with pytest.raises(NotationError, match="ja"):
        rules_page(lang="ja")
